#!/bin/sh
# lex_examples.sh — every EXAMPLES command of lexcompile(1) and wordcheck(1)
# runs (on small stand-in files) and succeeds, so the manuals cannot drift
# from the options.
set -u
fail() { echo "FAIL: $*"; exit 1; }
TOP=$(cd "$DATA/../.." && pwd)
PATH=$BIN:$PATH; export PATH
ORDVERK_LEXDIR=$PWD; export ORDVERK_LEXDIR

# Stand-ins for the files the examples name.
# Without the test list's deliberate rejects (ABC-BOK, al dente: 13 %,
# past --max-reject), as a real list would be.
grep -v '[- ]' "$DATA/lex/no.txt" > list.txt
cp list.txt nsf.txt
printf 'b\346r\n\370l\nb\345t\nid\351\n' > bokmaal.txt       # ISO-8859-1
cp "$DATA/lex/is-two.txt" is-twoletter.txt
gzip -c "$DATA/lex/is.txt" > is.txt.gz
printf 'ordspill\n' > added.txt
printf 'zoo\n' > removed.txt
grep -v "'" "$DATA/lex/en.txt" > sowpods.txt
printf 'cat\ncow\nretains\n' > candidates.txt
lexcompile -q -r no -o old.lex list.txt || fail "old.lex"
lexcompile -q -r no -o nsf2022.lex list.txt || fail "nsf2022.lex"
lexcompile -q -r no -a added.txt -o nsf2023.lex list.txt || fail "nsf2023.lex"
lexcompile -q -r en -o en.lex sowpods.txt || fail "en.lex"
lexcompile -q -r en -o CSW21.kwg sowpods.txt || fail "CSW21.kwg"

n=0
for page in lexcompile wordcheck; do
	# .Dl lines of the EXAMPLES section, in order.
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh /s/^\.Dl //p' "$TOP/man/$page.1" |
		sed 's|/usr/share/dict/bokmaal|bokmaal.txt|' > cmds.$page
	[ -s cmds.$page ] || fail "$page.1: no examples found"
	while IFS= read -r cmd; do
		n=$((n + 1))
		sh -c "$cmd" > out.$n 2> err.$n < /dev/null; rc=$?
		[ $rc = 0 ] || [ $rc = 1 ] || { cat err.$n; fail "$page.1: '$cmd': exit $rc"; }
	done < cmds.$page
done
[ $n -ge 12 ] || fail "only $n examples"
echo "$n examples ran"
