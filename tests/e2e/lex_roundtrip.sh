#!/bin/sh
# lex_roundtrip.sh — list -> lexicon -> --list gives the normalised, sorted
# list back: through files, through pipes, and through KWG (ordverk -> KWG
# -> ordverk); --diff and --info on the results; the small lists of the
# conformance set.
set -u
fail() { echo "FAIL: $*"; exit 1; }
# The hand-made lists hold deliberate rejects (ABC-BOK, al dente: 13 % of
# no.txt); --max-reject has its own test (lex_reject.sh).
L="$BIN/lexcompile --max-reject 100" W=$BIN/wordcheck

$L -q -r no -o no.lex "$DATA/lex/no.txt" || fail "compile"
$W -l no.lex --list > got && cmp -s got "$DATA/lex/no.expect" || fail "file list"
# Through a pipe, both as "-" and as /dev/stdin.
$L -q -r no "$DATA/lex/no.txt" | $W -l - --list > got || fail "pipe -"
cmp -s got "$DATA/lex/no.expect" || fail "pipe - list"
$L -q -r no < "$DATA/lex/no.txt" | $W -l /dev/stdin --list > got || fail "pipe /dev/stdin"
cmp -s got "$DATA/lex/no.expect" || fail "/dev/stdin list"
# The same list gzip-compressed gives the very same file.
gzip -c "$DATA/lex/no.txt" > no.txt.gz
$L -q -r no -o nogz.lex no.txt.gz || fail "compile gz"
cmp -s no.lex nogz.lex || fail "gzip list gives a different lexicon"

# KWG: -o NAME.kwg picks the format; a KWG needs -r to be read.
$L -q -r no -o no.kwg "$DATA/lex/no.txt" || fail "kwg"
$W -l no.kwg -r no --info | grep -qx 'format	kwg' || fail "kwg format"
$W -l no.kwg --list > /dev/null 2>&1 && fail "kwg without -r accepted"
$W -l no.kwg -r no --list > got || fail "kwg list"
cmp -s got "$DATA/lex/no.expect" || fail "kwg list differs"
# ordverk -> KWG -> ordverk: the KWG's list compiles to the same words.
$L -q -r no -o back.lex got || fail "recompile"
$W -l no.lex --diff back.lex > diff.out; rc=$?
[ $rc = 0 ] && [ ! -s diff.out ] || fail "diff after KWG round trip: exit $rc"
cmp -s no.lex back.lex || fail "KWG round trip changed the file"
$L -q -r no -f kwg -o same.kwg got && cmp -s no.kwg same.kwg || fail "kwg not reproducible"

# --add / --remove and --diff.
printf 'kvinne\nzoo\nfinnes\n' > rm.txt
printf 'ordspill\nøl\n' > add.txt
$L -r no -o edit.lex -a add.txt -d rm.txt "$DATA/lex/no.txt" 2> err || fail "add/remove"
grep -q ', 2 removed (1 not present)$' err || fail "remove counts: $(cat err)"
$W -l no.lex -d edit.lex > got; rc=$?
[ $rc = 1 ] || fail "diff exit $rc, want 1"
printf -- '-KVINNE\n+ORDSPILL\n-ZOO\n' > want
cmp -s want got || { diff want got; fail "diff lines"; }
$W -l edit.lex -d no.lex | sed -n 1p | grep -qx '+KVINNE' || fail "reverse diff"

# --info.
$W -l no.lex --info > info || fail "info"
grep -qx 'ruleset	no' info && grep -qx 'words	17' info &&
	grep -qx "bytes	$(wc -c < no.lex | tr -d ' ')" info &&
	grep -q '^checksum	[0-9a-f]\{8\}$' info || { cat info; fail "info fields"; }

# The small lists (../shared's, else the project's): every word is found,
# and --list is the set of normalised entries.  ../shared's Danish one is
# the lower-case a-zæøå selection.
for f in en:$LIST_en no:$LIST_no is:$LIST_is da:$LIST_da; do
	v=${f%%:*} list=${f#*:}
	[ -r "$list" ] || fail "$list missing"
	$L -q -r $v -o $v-s.lex "$list" || fail "compile $list"
	$W -q -l $v-s.lex < "$list" || fail "$list: not every word found"
	$W -l $v-s.lex < "$list" | cut -f1 | LC_ALL=C sort -u > want
	$W -l $v-s.lex --list | LC_ALL=C sort > got
	cmp -s want got || fail "$list: --list is not the normalised list"
	[ $(wc -l < got) = $(wc -l < "$list") ] || fail "$list: word count"
	# KWG of the same, read back with -r.
	$L -q -r $v -f kwg -o $v-s.kwg "$list" || fail "kwg $list"
	$W -l $v-s.kwg -r $v --list | LC_ALL=C sort | cmp -s - got || fail "$list: kwg list"
done
# English is plain ASCII: the normalised list is the upper-cased one.
tr a-z A-Z < "$LIST_en" | LC_ALL=C sort > want
$W -l en-s.lex --list | LC_ALL=C sort | cmp -s - want || fail "en upper-case list"
echo ok
