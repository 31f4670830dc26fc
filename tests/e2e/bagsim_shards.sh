#!/bin/sh
# bagsim: shards played in parallel (GNU parallel) and merged give exactly
# the statistics and the game lines of one run.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
"$BIN/lexcompile" -r no -o no.lex "$LIST_no" 2>/dev/null
run="$BIN/bagsim play -r no -l no.lex -g 9 -s 2026"
$run -o all.stats -p all.svg > all.tsv
$run --stats > all.table
if command -v parallel >/dev/null 2>&1; then
	parallel --will-cite "$run -x {}/3 -o s{}.stats > s{}.tsv" ::: 1 2 3
else
	echo "GNU parallel not installed: shards run one after the other"
	for k in 1 2 3; do $run -x $k/3 -o s$k.stats > s$k.tsv; done
fi
"$BIN/bagsim" merge -p merged.svg s1.stats s2.stats s3.stats > merged.table
cmp all.table merged.table
cmp all.svg merged.svg
"$BIN/bagsim" merge all.stats | cmp - all.table
grep -hv '^#' s1.tsv s2.tsv s3.tsv | sort -n > shards.tsv
grep -v '^#' all.tsv | cmp - shards.tsv
# The table counts what the game lines say.
[ "$(awk -F'\t' '$1 == "turns" { print $2 }' all.table)" = 9 ]
t=$(grep -v '^#' all.tsv | awk -F'\t' '{ s += $8 } END { print s / 9 }')
m=$(awk -F'\t' '$1 == "turns" { print $3 + 0 }' all.table)
awk -v a="$t" -v b="$m" 'BEGIN { d = a - b; exit !(d < 0.0001 && d > -0.0001) }'
# Merging the same file twice doubles n and keeps the means.
"$BIN/bagsim" merge all.stats all.stats > twice.table
[ "$(awk -F'\t' '$1 == "turns" { print $2 }' twice.table)" = 18 ]
[ "$(awk -F'\t' '$1 == "turns" { print $3 }' twice.table)" = \
  "$(awk -F'\t' '$1 == "turns" { print $3 }' all.table)" ]
# Files of another ruleset are merged on their own, beside (bagsim merge
# compares two rulesets); a third is refused.
sed 's/^rules	no$/rules	no-nsf/' all.stats > nsf.stats
"$BIN/bagsim" merge s1.stats nsf.stats s2.stats s3.stats > two.table
[ "$(awk -F'\t' '$1 == "no" && $2 == "turns" { print $3 }' two.table)" = 9 ]
[ "$(awk -F'\t' '$1 == "no-nsf" && $2 == "turns" { print $3 }' two.table)" = 9 ]
awk -F'\t' 'NR > 1 && $1 == "no"' two.table | cut -f2- > no.rows
tail -n +2 all.table | cmp - no.rows
printf '#bagsim-stats 1\nrules\ten\ngames\t0\n' > en.stats
! "$BIN/bagsim" merge all.stats nsf.stats en.stats > /dev/null 2>err
grep -q 'en.stats:2: a third ruleset, en' err
echo ok
