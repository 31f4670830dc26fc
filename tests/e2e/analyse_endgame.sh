#!/bin/sh
# movegen -a values the turns played with the bag empty by the endgame
# solver.  The game (tests/data/endgame/en-analyse.gcg, equity robot
# self-play: bagsim play -r en -1 equity -2 equity -s 7, game 1) ends with
# four such turns; each line's values are checked against movegen
# --endgame and --endgame --move on the position the JSON gives.  By hand,
# turn 20: 13E LAPIS (21) lets BEN (27) in, I. (8), then .ATU (14, VATU)
# goes out with I (1) left: 21 + 8 - 27 - 14 - 2 = -14; 13C PSI is worth
# 21 (movegen --endgame): lost 35.
set -eu
G=$DATA/endgame/en-analyse.gcg
[ -f "$ORDVERK_LEXDIR/en.lex" ] || { echo "no en.lex"; exit 77; }
mg="$BIN/movegen -r en"
$mg -a --endgame-time 600 "$G" > a.txt
$mg -a --json --endgame-time 600 "$G" > a.json
# The four turns of the empty bag, every one exact; before them, none.
[ "$(grep -c '^#	endgame	' a.txt)" = 4 ]
grep -qx '#	endgame	13C PSI	21	-14	35	exact' a.txt
grep -q '"move":"13E LAPIS",.*"endgame":{"best":"13C PSI","status":"exact","best_value":\[21,21\],"played_value":\[-14,-14\],"lost":\[35,35\],"cgp":"' a.json
# Each: MOVE BEST BEST_VALUE PLAYED_VALUE LOST STATUS, with its CGP.
awk -F'\t' '/^[0-9]/ { mv = $4 } /^#\tendgame\t/ { print mv "\t" $3 "\t" $4 "\t" $5 "\t" $6 "\t" $7 }' a.txt > eg.tsv
grep -o '"cgp":"[^"]*"' a.json | sed 's/^"cgp":"//; s/"$//' > eg.cgp
[ "$(wc -l < eg.cgp)" = 4 ]
n=0
while IFS='	' read -r mv best bv pv lost st; do
	n=$((n + 1))
	sed -n "${n}p" eg.cgp > pos.cgp
	[ "$st" = exact ]
	[ "$lost" = $((bv - pv)) ]
	$mg --endgame pos.cgp | sed -n 2p | cut -f1-3 > solve.tsv
	# The best move named is the solver's, or the move played when it
	# is worth as much.
	v=$(cut -f2 solve.tsv)
	[ "$v" = "$bv" ]
	[ "$(cut -f3 solve.tsv)" = exact ]
	[ "$best" = "$(cut -f1 solve.tsv)" ] || { [ "$best" = "$mv" ] && [ "$lost" = 0 ]; }
	$mg --endgame --move "$mv" pos.cgp | sed -n 2p | cut -f1-3 > played.tsv
	[ "$(cut -f2 played.tsv)" = "$pv" ]
	[ "$(cut -f3 played.tsv)" = exact ]
done < eg.tsv
[ "$n" = 4 ]
# A tiny budget: values that hold (an interval around the exact one).
$mg -a --endgame-time 0.001 "$G" > t.txt
awk -F'\t' '/^#\tendgame\t/ { print $4 "\t" $5 "\t" $6 }' t.txt > tiny.tsv
[ "$(wc -l < tiny.tsv)" = 4 ]
cut -f3-5 eg.tsv | paste - tiny.tsv | awk -F'\t' '
function holds(x, s,   a) {
	if (s == "?") return 1
	if (s !~ /\.\./) return x == s + 0
	split(s, a, /\.\./)
	return (a[1] == "" || x >= a[1] + 0) && (a[2] == "" || x <= a[2] + 0)
}
{ for (i = 1; i <= 3; i++) if (!holds($i, $(i + 3))) exit 1 }'
# 0: not solved; the option goes with -a; a bad value is a usage error.
$mg -a --endgame-time 0 "$G" > off.txt
! grep -q 'endgame' off.txt
grep -v '^#	endgame	' a.txt | cmp - off.txt
rc=0; $mg --endgame-time 3 < /dev/null 2> err || rc=$?
[ "$rc" = 2 ] && grep -q -- '--endgame-time goes with --analyse' err
rc=0; $mg -a --endgame-time soon "$G" > /dev/null 2> err || rc=$?
[ "$rc" = 2 ] && grep -q 'bad --endgame-time: soon' err
# The page says it.
$mg -a --endgame-time 600 --html page.html "$G" > /dev/null
grep -q 'Endgame, solved exactly: best line from <b>13C PSI</b>, worth 21' page.html
grep -q '<span class="eg"[^>]*>endgame 35 exact</span>' page.html
