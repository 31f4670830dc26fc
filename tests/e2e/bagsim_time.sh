#!/bin/sh
# bagsim play --timing: one line on standard error with the games, turns and
# CPU seconds of play; standard output is what it is without --timing.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
"$BIN/lexcompile" -r en -o en.lex "$LIST_en" 2>/dev/null
"$BIN/bagsim" play -q -r en -l en.lex -g 5 -s 42 > plain.tsv
"$BIN/bagsim" play -q --timing -r en -l en.lex -g 5 -s 42 > timed.tsv 2> err
cmp plain.tsv timed.tsv
[ "$(wc -l < err)" -eq 1 ]
# "bagsim: 5 games, T turns in S CPU s (R games/s, Q turns/s) after L CPU s loading"
turns=$(awk -F'\t' '!/^#/ { t += $8 } END { print t }' plain.tsv)
awk -v turns="$turns" '$1 == "bagsim:" && $2 == 5 && $3 == "games," &&
    $4 == turns && $5 == "turns" && $7 >= 0 && $8 == "CPU" &&
    $NF == "loading" && $(NF - 3) >= 0 { ok = 1 } END { exit !ok }' err
# With --stats the time goes to standard error just the same.
"$BIN/bagsim" play -q --timing --stats -r en -l en.lex -g 5 -s 42 > stats 2> err
grep -q '^turns	5	' stats
grep -q '^bagsim: 5 games, ' err
echo ok
