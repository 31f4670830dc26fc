#!/bin/sh
# lex_errors.sh — bad input of every kind is a clear one-line error with
# exit status 2, never a crash, and leaves no file behind.
set -u
fail() { echo "FAIL: $*"; exit 1; }
L=$BIN/lexcompile W=$BIN/wordcheck
# nothing: no file other than the inputs may exist afterwards
nothing() { [ -z "$(ls -a | grep -e '\.lex' -e tmp)" ] || { ls -a; fail "$1: file left behind"; }; }

# UTF-16 (with and without byte order mark).
printf '\377\376k\000a\000t\000\n\000' > u16.txt
$L -r en -o out.lex u16.txt 2> err; rc=$?
[ $rc = 2 ] || fail "utf16: exit $rc"
grep -qx 'lexcompile: u16.txt:1: UTF-16 text (byte order mark); convert it to UTF-8' err || fail "utf16 message: $(cat err)"
nothing utf16
printf 'k\000a\000t\000\n\000' > u16b.txt
$L -r en -o out.lex u16b.txt 2> err; [ $? = 2 ] || fail "utf16 no bom"
grep -q 'u16b.txt:1: NUL byte' err || fail "utf16 no bom message: $(cat err)"
nothing utf16b

# Invalid UTF-8 names its line; all bad lines are reported; nothing written.
printf 'cat\ndog\nb\303\n\nfo\377o\ncow\n' > bad.txt
$L -r en -o out.lex bad.txt 2> err; [ $? = 2 ] || fail "bad utf8 exit"
cat > want <<'E'
lexcompile: bad.txt:3: invalid UTF-8 (byte 0xC3 at byte 2 of the line): a Latin-1 list? give -e latin1
lexcompile: bad.txt:5: invalid UTF-8 (byte 0xFF at byte 3 of the line): a Latin-1 list? give -e latin1
lexcompile: 2 input errors: nothing written
E
cmp -s want err || { diff want err; fail "bad utf8 messages"; }
nothing badutf8
# An existing output is left as it was.
echo old > out.lex
$L -r en -o out.lex bad.txt 2> err; [ $? = 2 ] || fail "bad utf8 exit (existing)"
[ "$(cat out.lex)" = old ] || fail "output replaced on error"
rm out.lex

# Missing file; output directory that does not exist.
$L -r en -o out.lex missing.txt 2> err; [ $? = 2 ] || fail "missing exit"
grep -qx 'lexcompile: missing.txt: cannot open: No such file or directory' err || fail "missing: $(cat err)"
printf 'cat\n' > ok.txt
$L -q -r en -o nodir/out.lex ok.txt 2> err; [ $? = 2 ] || fail "nodir exit"
[ $(wc -l < err) = 1 ] || fail "nodir: $(cat err)"
nothing nodir

# Truncated gzip: the data cut in the middle, and only the trailer cut.
i=0; while [ $i -lt 3000 ]; do echo "word$i"; i=$((i + 1)); done | tr 0-9 a-j > many.txt
gzip -c many.txt > full.gz
n=$(wc -c < full.gz)
head -c $((n / 2)) full.gz > half.gz
head -c $((n - 4)) full.gz > trailer.gz
for f in half.gz trailer.gz; do
	$L -q -r en -o out.lex $f 2> err; rc=$?
	[ $rc = 2 ] || fail "$f: exit $rc"
	grep -q "$f.*truncated gzip data" err || fail "$f message: $(cat err)"
	nothing $f
	rm $f
done
$L -q -r en -o out.lex full.gz || fail "full.gz"
rm full.gz

# Corrupt lexicons: truncated at every tenth, one flipped bit in the header
# and in the body.  Reading the whole file (--info) is an error of one line
# and exit 2 every time.  Looking words up reads only the header and the
# DAWG: there a flip is an error too, or, when it lies in the GADDAG that a
# lookup does not use, the answers are those of the intact lexicon.
$W -l out.lex wordbcd catx > intact.out; [ $? = 1 ] || fail "intact lookup"
corrupt() {
	$W -l bad.lex -r en --info > /dev/null 2> err; rc=$?
	[ $rc = 2 ] || fail "$1: --info exit $rc"
	[ $(wc -l < err) = 1 ] || { cat err; fail "$1: not one line"; }
	$W -l bad.lex -r en wordbcd catx > got 2> err; rc=$?
	if [ $rc = 2 ]; then
		[ $(wc -l < err) = 1 ] || { cat err; fail "$1: lookup: not one line"; }
	else
		cmp -s got intact.out || fail "$1: lookup exit $rc, wrong answers"
	fi
}
size=$(wc -c < out.lex)
k=0
while [ $k -lt 10 ]; do
	head -c $((size * k / 10)) out.lex > bad.lex
	corrupt "truncated at $k/10"
	k=$((k + 1))
done
flip() {   # flip bit 0 of byte $1 of out.lex into bad.lex
	cp out.lex bad.lex
	b=$(od -An -tu1 -j $1 -N1 out.lex | tr -d ' ')
	printf "\\$(printf %o $((b ^ 1)))" | dd of=bad.lex bs=1 seek=$1 conv=notrunc 2>/dev/null
	cmp -s out.lex bad.lex && fail "flip $1 did nothing"
}
for off in 0 5 9 17 $((size / 2)) $((size - 1)); do
	flip $off
	corrupt "bit flipped at byte $off"
done
head -c 1000 /dev/urandom > bad.lex
corrupt "random bytes"
rm bad.lex

# Write errors: a full disk is exit 2 with a message, for both tools.
$W -l out.lex cat dog > /dev/full 2> err; [ $? = 2 ] || fail "wordcheck /dev/full"
grep -q 'write error' err || fail "wordcheck /dev/full message"
$W -l out.lex -L > /dev/full 2> err; [ $? = 2 ] || fail "wordcheck -L /dev/full"
$L -q -r en ok.txt > /dev/full 2> err; [ $? = 2 ] || fail "lexcompile /dev/full"
grep -q 'write error' err || fail "lexcompile /dev/full message"
# An overlong line and a blank-only input.
head -c 10000 /dev/zero | tr '\0' a > long.txt; echo >> long.txt; echo cat >> long.txt
$L -q -r en -o x.lex long.txt 2> err; [ $? = 2 ] || fail "long line"
grep -q 'long.txt:1: line longer than' err || fail "long line message"
printf '\n  \n\r\n' > blank.txt
$L -r en -o x.lex blank.txt 2> err; [ $? = 2 ] || fail "blank exit"
grep -qx 'lexcompile: no words kept: nothing written' err || fail "blank message"
# wordcheck: bad input lines are errors (exit 2) but the rest is checked.
printf 'cat\nc\303t\ndog\n' | $W -l out.lex > got 2> err; [ $? = 2 ] || fail "wordcheck bad utf8"
grep -qx 'wordcheck: <stdin>:2: invalid UTF-8 (byte 0xC3 at byte 2)' err || fail "wordcheck bad utf8 message: $(cat err)"
# No default lexicon: a ruleset file naming a lexicon that exists nowhere.
printf 'base en\nname nolex\nlexicon ordverk-test-nolex\n' > nolex.rules
ORDVERK_LEXDIR=$PWD/none $W -r ./nolex.rules cat 2> err; rc=$?
[ $rc = 2 ] || fail "no default lexicon: exit $rc"
grep -q "no default lexicon 'ordverk-test-nolex.lex'" err || fail "no default lexicon: $(cat err)"
echo ok
