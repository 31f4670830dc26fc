#!/bin/sh
# lex_query.sh — wordcheck's queries on a small hand-made English lexicon:
# filters, exit statuses, anagrams with blanks, patterns, default lexicon.
set -u
fail() { echo "FAIL: $*"; exit 1; }
# The hand-made lists hold deliberate rejects (ABC-BOK, al dente: 13 % of
# no.txt); --max-reject has its own test (lex_reject.sh).
L="$BIN/lexcompile --max-reject 100" W=$BIN/wordcheck
$L -q -r en -o en.lex "$DATA/lex/en.txt" || fail compile
# en.lex: AA CAT CATS DOG ECLAIR NAIVE QI RETAINS RETINAS STAINER XI ZA ZAX
expect() {   # expect NAME STATUS: compares got with the here-document
	cat > want
	[ "$rc" = "$2" ] || fail "$1: exit $rc, want $2"
	cmp -s want got || { diff want got; fail "$1: output"; }
}

$W -l en.lex cat cow Qi > got; rc=$?
expect args 1 <<'E'
CAT	ok
COW	no
QI	ok
E
$W -l en.lex cat dog > got; rc=$?
expect all-ok 0 <<'E'
CAT	ok
DOG	ok
E
printf 'cat\ncow\n\n  dog \r\nzzz\n' | $W -l en.lex --valid > got; rc=$?
expect valid 1 <<'E'
CAT
DOG
E
printf 'cat\ncow\ndog\nzzz\nx-y\n' | $W -l en.lex --invalid > got; rc=$?
expect invalid 1 <<'E'
COW
ZZZ
x-y
E
printf 'cat\ncow\n' | $W -q -l en.lex > got; rc=$?
expect quiet 1 < /dev/null
printf "don't\n" | $W -v -l en.lex > got 2> err; rc=$?
expect verbose 1 <<'E'
don't	no
E
grep -qx "wordcheck: <stdin>:1: don't: character that is not a letter (U+0027)" err || fail "verbose: $(cat err)"

# Anagrams: longest first, then alphabetical; blanks in lower case.
$W -l en.lex -a RETAINS > got; rc=$?
expect anagram 0 <<'E'
RETAINS
RETINAS
STAINER
E
$W -l en.lex -a 'zax?' > got; rc=$?
expect anagram-blank 0 <<'E'
ZAX
Aa
Xi
ZA
E
$W -l en.lex -a '??' > got; rc=$?
expect anagram-two-blanks 0 <<'E'
aa
qi
xi
za
E
$W -l en.lex -a QQ > got; rc=$?
expect anagram-none 1 < /dev/null
$W -l en.lex -a 'Q1' > got 2> err; rc=$?
[ $rc = 2 ] || fail "bad rack exit $rc"

# Patterns: ? (or .) one letter, * any run.
$W -l en.lex -p 'RET*' > got; rc=$?
expect pattern-prefix 0 <<'E'
RETAINS
RETINAS
E
$W -l en.lex -p '?a' > got; rc=$?
expect pattern-one 0 <<'E'
AA
ZA
E
$W -l en.lex -p '*s' > got; rc=$?
expect pattern-suffix 0 <<'E'
CATS
RETAINS
RETINAS
E
$W -l en.lex -p 'c.t*' > got; rc=$?
expect pattern-mixed 0 <<'E'
CAT
CATS
E
$W -l en.lex -p '*a*i*' > got; rc=$?
expect pattern-inner 0 <<'E'
ECLAIR
NAIVE
RETAINS
STAINER
E
$W -l en.lex -p '**' | wc -l | tr -d ' ' > got; rc=0
expect pattern-all 0 <<'E'
13
E
$W -l en.lex -p 'q?z' > got; rc=$?
expect pattern-none 1 < /dev/null
$W -l en.lex -p 'c-t' > got 2> err; rc=$?
[ $rc = 2 ] || fail "bad pattern exit $rc"
grep -q "pattern 'c-t': not a letter at byte 2" err || fail "bad pattern: $(cat err)"

# -r alone finds the default lexicon in $ORDVERK_LEXDIR.
mkdir lexdir && cp en.lex lexdir/en.lex
echo zax | ORDVERK_LEXDIR=$PWD/lexdir $W -r en > got; rc=$?
expect default-lexicon 0 <<'E'
ZAX	ok
E
echo ok
