#!/bin/sh
# Every tool refuses a damaged lexicon (a byte flipped in the GADDAG, a
# part wordcheck does not read), naming the file once; and a lexicon built
# for another alphabet, while one of the same alphabet is fine.
set -eu
printf 'cat\ncats\ndog\nact\n' > w.txt
lexcompile -q -r en -o t.lex w.txt
cp t.lex bad.lex
size=$(wc -c < t.lex)
# The last node is the GADDAG's (it follows the DAWG).
printf '\125' | dd of=bad.lex bs=1 seek=$((size - 2)) conv=notrunc 2>/dev/null
cmp -s t.lex bad.lex && exit 1
E='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15'

expect_refusal() {    # TOOL ARGS...: exit 2, one "bad.lex: corrupt lexicon"
	tool=$1
	rc=0; "$@" < in > out 2> err || rc=$?
	[ $rc = 2 ] || { echo "$tool: exit $rc"; exit 1; }
	grep -q "^$tool: bad.lex: corrupt lexicon: body checksum mismatch" err || {
		echo "$tool:"; cat err; exit 1; }
	[ "$(grep -o 'bad\.lex' err | wc -l)" = 1 ] || { cat err; exit 1; }
}
echo cat > in
echo cat | wordcheck -l t.lex > out
expect_refusal wordcheck -l bad.lex
echo "$E CAT/ 0/0 0 ld en;" > in
expect_refusal movegen -l bad.lex
echo "$E CAT/ 0/0 0 ld en;	8G CAT" > in
expect_refusal scoremove -l bad.lex
: > in
expect_refusal bagsim play -r en -l bad.lex -g 1

# Another alphabet: an English lexicon for Norwegian is refused by
# movegen as by wordcheck; no-nsf with a Norwegian one is fine.
printf 'katt\nkatter\n' > n.txt
lexcompile -q -r no -o n.lex n.txt
rc=0; echo "$E KATT/ 0/0 0 ld no;" | movegen -l t.lex > out 2> err || rc=$?
[ $rc = 2 ]
grep -q 'lexicon for ruleset en, not no' err
echo "$E KATT/ 0/0 0 ld no-nsf;" | movegen -l n.lex -n 1 > out
grep -q 'KATT' out
exit 0
