#!/bin/sh
# rules_files.sh — ruleset files (ordverk-rules(5)) through the tools: the
# first EXAMPLES file of the manual compiles a lexicon, checks words and
# scores on its explo board; a bad file is an error naming file:line.
set -u
fail() { echo "FAIL: $*"; exit 1; }
TOP=$(cd "$DATA/../.." && pwd)
PATH=$BIN:$PATH; export PATH

# The manual's first example file (Ordspill on the explo board, 8-tile racks).
sed -n '/^\.Sh EXAMPLES/,/^\.Sh /p' "$TOP/man/ordverk-rules.5" |
	awk '/^\.Bd -literal/ { n++; next } /^\.Ed/ { if (n == 1) exit } n == 1' |
	sed 's/\\&//g' > ordspill-explo.rules
grep -q '^layout  *explo' ordspill-explo.rules || fail "example not extracted"

# Folding (idé -> IDE), rejection (abc-bok), Ü a letter of its own in no.
printf 'kvinne\nid\303\251\nall\303\251\nabc-bok\nm\303\274sli\n' > words.txt
# (one reject of five: past the default --max-reject)
lexcompile --max-reject 100 -r ./ordspill-explo.rules -o x.lex words.txt 2>err.txt ||
	fail "lexcompile with a ruleset file"
grep -q 'words.txt:4: abc-bok' err.txt || fail "abc-bok not reported: $(cat err.txt)"
printf 'KVINNE\nID\303\211\nALLE\nMUSLI\nM\303\234SLI\n' |
	wordcheck -r ./ordspill-explo.rules -l x.lex > out.txt
[ $? = 1 ] || fail "wordcheck: want exit 1 (MUSLI is no word)"
printf 'KVINNE\tok\nIDE\tok\nALLE\tok\nMUSLI\tno\nM\303\234SLI\tok\n' > want.txt
cmp -s want.txt out.txt || { diff want.txt out.txt; fail "wordcheck output"; }

# The explo board: the first play covers D4 (double word).  KVINNE from D4
# across: K3 on DW, V5 I2 N1, N1 on DL (2), E1 = 14, doubled = 28.
E=15/15/15/15/15/15/15/15/15/15/15/15/15/15/15
out=$(scoremove -N -r ./ordspill-explo.rules "$E KVINNE/ 0/0 0" "4D KVINNE") ||
	fail "scoremove on explo"
[ "$out" = "$(printf '4D KVINNE\t28\tKVINNE=28')" ] || fail "explo score: $out"
scoremove -N -r ./ordspill-explo.rules "$E KVINNE/ 0/0 0" "8D KVINNE" >/dev/null &&
	fail "8D accepted as a first play on explo"
# The same play on the standard board from H8: 16 doubled = 32.
out=$(scoremove -N -r no "$E KVINNE/ 0/0 0" "8D KVINNE") || fail "scoremove on standard"
[ "$out" = "$(printf '8D KVINNE\t32\tKVINNE=32')" ] || fail "standard score: $out"

# A broken file: exit 2, file:line in the message, no output file.
printf 'base no\nrack 99\n' > bad.rules
lexcompile -r ./bad.rules -o y.lex words.txt 2>err.txt && fail "bad.rules accepted"
grep -q 'bad.rules:2: ' err.txt || fail "no file:line: $(cat err.txt)"
[ ! -e y.lex ] || fail "y.lex written"
wordcheck -r ./missing.rules KVINNE 2>err.txt
[ $? = 2 ] || fail "missing ruleset file: want exit 2"
grep -q 'missing.rules' err.txt || fail "missing.rules not named"
echo "ok"
