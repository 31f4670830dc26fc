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
# The same shard twice is refused, naming both files; so are shards of
# another run (another seed) and of the run split otherwise.
cp s2.stats again.stats
! "$BIN/bagsim" merge s1.stats s2.stats s3.stats again.stats > /dev/null 2> err
grep -qx 'bagsim: s2.stats and again.stats: the same shard 2/3 of one run twice: not merged' err
$run --seed 7 --shard 1/3 --stats-out other.stats > /dev/null
! "$BIN/bagsim" merge s2.stats s3.stats other.stats > /dev/null 2> err
grep -qx 'bagsim: s2.stats and other.stats: different seeds (2026 and 7): not merged' err
! "$BIN/bagsim" merge s1.stats all.stats > /dev/null 2> err
grep -qx 'bagsim: s1.stats and all.stats: the run split differently (shards 1/3 and 1/1): not merged' err
# Files of an older bagsim (no origin lines) merge unchecked, with a note:
# the same file twice doubles n and keeps the means.
grep -v '^lexicon\|^robots\|^seed\|^run_games\|^shard' all.stats > old.stats
"$BIN/bagsim" merge old.stats old.stats > twice.table 2> err
grep -qx 'bagsim: note: old.stats: no origin (a file of an older bagsim): merged unchecked' err
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
