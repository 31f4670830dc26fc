#!/bin/sh
# bagsim: the same seed gives the same games byte for byte (game lines and
# GCG files); another seed gives other games; draw k does not depend on -n.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
"$BIN/lexcompile" -r en -o en.lex "$LIST_en" 2>/dev/null
"$BIN/bagsim" play -r en -l en.lex -g 4 -s 42 -d a > a.tsv
"$BIN/bagsim" play -r en -l en.lex -g 4 -s 42 -d b > b.tsv
cmp a.tsv b.tsv
for f in a/*.gcg; do cmp "$f" "b/${f#a/}"; done
[ "$(ls a | wc -l)" -eq 4 ]
[ "$(grep -vc '^#' a.tsv)" -eq 4 ]
"$BIN/bagsim" play -r en -l en.lex -g 4 -s 43 > c.tsv
! cmp -s a.tsv c.tsv
# Game 2 alone (shard 3/4) is game 2 of the run.
"$BIN/bagsim" play -r en -l en.lex -g 4 -s 42 -x 3/4 | grep -v '^#' > g2.tsv
grep '^2	' a.tsv | cmp - g2.tsv
# Every game line: 11 columns, scores are the GCG's final totals.
awk -F'\t' '!/^#/ && NF != 11 { exit 1 }' a.tsv
s1=$(grep '^0	' a.tsv | cut -f5)
last1=$(grep '^>fullsterkur-1:' a/game-000000.gcg | tail -1 | awk '{ print $NF }')
[ "$s1" = "$last1" ]
# draw: the first racks of a longer run are the racks of a shorter one.
"$BIN/bagsim" draw -r is --racks 50 -s 9 | head -20 > d50
"$BIN/bagsim" draw -r is --racks 20 -s 9 | cmp - d50
# A lexicon of another ruleset is refused.
! "$BIN/bagsim" play -r no -l en.lex 2> err
grep -q 'lexicon for ruleset en, not no' err
echo ok
