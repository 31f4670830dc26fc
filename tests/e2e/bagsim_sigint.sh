#!/bin/sh
# bagsim: SIGINT finishes the current game, prints the statistics so far,
# writes the stats file, and exits 1.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
"$BIN/lexcompile" -r en -o en.lex "$LIST_en" 2>/dev/null
"$BIN/bagsim" play -r en -l en.lex -g 100000000 --stats -o part.stats -p part.svg -d g > table 2> err &
pid=$!
# Interrupt once a game has been written (at most a minute on a busy
# machine), so that there are statistics to print.
i=0
while [ -z "$(ls g 2>/dev/null)" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
kill -INT $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 1 ]
grep -q 'interrupted after' err
n=$(awk -F'\t' '$1 == "turns" { print $2 }' table)
[ "$n" -ge 1 ]
grep -q "^games	$n\$" part.stats
"$BIN/bagsim" merge part.stats | cmp - table
# The chart: one bar per letter with tiles (26 letters and the blank).
grep -q '^<svg' part.svg
grep -q '^</svg>' part.svg
[ "$(grep -c 'fill="#4a7ab5"' part.svg)" -eq 27 ]
echo ok
