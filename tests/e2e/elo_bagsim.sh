#!/bin/sh
# elocalc reads what bagsim writes: the game lines (--bagsim) and the GCG
# files (--gcg, players named as robots by --robots) rate the same games
# the same way.
set -eu
[ -x "$BIN/lexcompile" ] && [ -x "$BIN/bagsim" ] || { echo "no lexcompile or bagsim"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
"$BIN/lexcompile" -r en -o en.lex "$LIST_en" 2>/dev/null
"$BIN/bagsim" play -r en -l en.lex -g 12 -s 5 -d games > games.tsv
"$BIN/elocalc" --bagsim games.tsv > from-lines
printf 'fullsterkur-1\nfullsterkur-2\n' > robots
"$BIN/elocalc" --gcg --robots robots games/*.gcg > from-gcg
cmp -s from-lines from-gcg || { diff from-lines from-gcg; fail "lines and GCG differ"; }
[ "$(wc -l < from-lines)" -eq 2 ] || fail "want two robots in the table"
# Both are robots: established from the first game, K = 20.
"$BIN/elocalc" --bagsim -A games.tsv > audit
awk -F '\t' '$7 != "+0" && ($7 > 20 || $7 < -20) { exit 1 }' audit || fail "K above 20"
# Nothing in the human list.
[ -z "$("$BIN/elocalc" --bagsim -L human games.tsv)" ] || fail "robots in the human list"
echo ok
