#!/bin/sh
# bagsim merge: statistics of two rulesets (the new and the old Icelandic
# bag, the same seeds) are merged each on its own and drawn side by side;
# the chart is well-formed SVG (xmllint) and renders (rsvg-convert); a
# third ruleset is refused.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
for t in xmllint rsvg-convert; do
	command -v $t >/dev/null 2>&1 || { echo "no $t (scripts/setup.sh)"; exit 77; }
done
"$BIN/lexcompile" -r is -o is.lex --two-letter "$TWOLETTER" \
	"$LIST_is" 2>/dev/null
for rs in is is-old; do
	for k in 1 2; do
		"$BIN/bagsim" play -r $rs -l is.lex -g 6 -s 3 -x $k/2 -q --stats \
		    -o $rs-$k.stats > /dev/null
	done
	"$BIN/bagsim" merge $rs-1.stats $rs-2.stats > $rs.table
done
# Interleaved on the command line, grouped by ruleset in the order first
# seen: each set's rows are its own merge's, after a rules column.
"$BIN/bagsim" merge --plot bags.svg is-old-1.stats is-1.stats is-old-2.stats \
    is-2.stats > both.table
[ "$(head -1 both.table)" = "$(printf 'rules\tstat\tn\tmean\tci95_low\tci95_high')" ]
for rs in is-old is; do
	awk -F'\t' -v rs=$rs 'NR > 1 && $1 == rs' both.table | cut -f2- > $rs.rows
	tail -n +2 $rs.table | cmp - $rs.rows
done
[ "$(sed -n 2p both.table | cut -f1)" = is-old ]
[ "$(grep -c '	turns	6	' both.table)" = 2 ]
# The chart: well-formed, self-contained, both bags in the legend, the
# letters of the Icelandic alphabet, a pair of bars for each of its 33.
xmllint --noout bags.svg
! grep -q 'href' bags.svg
grep -q '>is-old (6 games)</text>' bags.svg
grep -q '>is (6 games)</text>' bags.svg
for l in Þ Ð Æ Ö Á '?'; do
	grep -q ">$l</text>" bags.svg || { echo "no letter $l"; exit 1; }
done
[ "$(grep -c 'fill="#3b6ea8"/>' bags.svg)" = 34 ]   # 33 bars and the legend's
[ "$(grep -c 'fill="#e07b1f"/>' bags.svg)" = 34 ]
rsvg-convert bags.svg -o bags.png
[ "$(head -c 8 bags.png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
[ "$(wc -c < bags.png)" -gt 10000 ]
# One ruleset: the chart of one bag, as before.
"$BIN/bagsim" merge --plot one.svg is-1.stats is-2.stats > /dev/null
xmllint --noout one.svg
! grep -q '#e07b1f' one.svg
# A third ruleset is refused, naming the file and its rules line.
printf '#bagsim-stats 1\nrules\tda\ngames\t0\n' > da.stats
if "$BIN/bagsim" merge -p three.svg is-1.stats is-old-1.stats da.stats \
    > /dev/null 2> err; then
	echo "three rulesets accepted"; exit 1
else
	[ $? = 2 ]
fi
grep -q '^bagsim: da.stats:2: a third ruleset, da, after is and is-old' err
[ ! -e three.svg ]
echo ok
