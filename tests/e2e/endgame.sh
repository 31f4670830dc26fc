#!/bin/sh
# movegen --endgame: small English endgames from self-play (both racks of
# 2-4 tiles, the bag empty) with the default lexicon.  The values are
# proved (every line exact); shards merged give the single run's answer;
# --top, --move and --first-win agree with it; a ply cap of one gives
# bounds that hold; the refusals say why.
set -eu
POS=$DATA/endgame/en-small.cgp
[ -f "$ORDVERK_LEXDIR/en.lex" ] || { echo "no en.lex"; exit 77; }
mg="$BIN/movegen --endgame -r en"
$mg "$POS" > all.tsv
head -1 all.tsv | grep -qx '#MOVE	VALUE	STATUS	PV	NODES	MS	POS'
n=$(grep -vc '^#' all.tsv)
[ "$n" = "$(grep -c . "$POS")" ]
# Every line exact, seven columns, the PV starting with the move.
awk -F'\t' '!/^#/ { if (NF != 7 || $3 != "exact" || index($4, $1) != 1) exit 1 }' all.tsv
# Shards, merged: the same moves, values, statuses and lines.
for k in 1 2 3; do $mg --shard $k/3 "$POS" > s$k.tsv; done
"$BIN/movegen" --endgame-merge s1.tsv s2.tsv s3.tsv > merged.tsv
cut -f1-4,7 all.tsv > a.cut
cut -f1-4,7 merged.tsv > m.cut
cmp a.cut m.cut
# A shard missing is an error.
if "$BIN/movegen" --endgame-merge s1.tsv s3.tsv > /dev/null 2> miss.err; then exit 1; fi
grep -q 'shard 2/3 missing' miss.err
# --top 3: the best first, as the single answer.
$mg --top 3 "$POS" > top.tsv
awk -F'\t' '!/^#/ && !seen[$7]++' top.tsv | cut -f1-4,7 > t.cut
grep -v '^#' a.cut | cmp - t.cut
# Values go down within a position.
awk -F'\t' '!/^#/ { if ($7 == p && $2 > v) exit 1; p = $7; v = $2 }' top.tsv
# --move: the best move's value, position by position.
i=0
while IFS= read -r line; do
	i=$((i + 1))
	best=$(awk -F'\t' -v p=$i '!/^#/ && $7 == p { print $1 "\t" $2 }' all.tsv)
	move=${best%%	*}
	val=${best#*	}
	got=$(printf '%s\n' "$line" | $mg --move "$move" | awk -F'\t' '!/^#/ { print $2 "\t" $3 }')
	[ "$got" = "$val	exact" ] || { echo "--move $move: $got, want $val"; exit 1; }
	# scoremove finds the move legal.
	sm=$("$BIN/scoremove" -r en "$line" "$move")
	case $sm in *invalid*) echo "$sm"; exit 1 ;; esac
done < "$POS"
# --first-win: the sign of the value.
$mg --first-win "$POS" > fw.tsv
head -1 fw.tsv | grep -q 'RESULT$'
paste all.tsv fw.tsv | awk -F'\t' '!/^#/ {
	w = $2 > 0 ? "win" : $2 < 0 ? "loss" : "draw"; if ($15 != w) exit 1 }'
# One ply: bounds only, and the value inside them.
$mg --plies 1 "$POS" > p1.tsv
grep -q '	bound' p1.tsv
paste all.tsv p1.tsv | awk -F'\t' '!/^#/ {
	s = $10; v = $2
	if (s ~ /^bound >= /) { if (v < substr(s, 10) + 0) exit 1 }
	else if (s ~ /^bound <= /) { if (v > substr(s, 10) + 0) exit 1 }
	else if (s ~ /^bound [-0-9]+\.\./) { split(substr(s, 7), b, "\\.\\.");
		if (v < b[1] + 0 || v > b[2] + 0) exit 1 }
	else if (s == "exact") { if ($9 != v) exit 1 } }'
# Refusals: the bag not empty, three players.
head -1 "$POS" | sed 's| [A-Z]*/[A-Z]* | A/E |' > notend.cgp
if $mg notend.cgp > /dev/null 2> notend.err; then exit 1; fi
grep -q 'bag is not empty' notend.err
awk '{ $2 = $2 "/L"; $3 = $3 "/0"; print }' notend.cgp > three.cgp
if $mg three.cgp > /dev/null 2> three.err; then exit 1; fi
grep -q 'two players' three.err
# The best moves and values, as proved before the refuters and the stuck
# player's pass were added (a bound that cuts too much shows here).
grep -v '^#' all.tsv | cut -f1,2 | cmp - "$DATA/endgame/en-small.values"
# The node counts are deterministic: a change of the search tree shows
# here (update en-small.nodes with the reason in the commit).
grep -v '^#' all.tsv | cut -f5 | cmp - "$DATA/endgame/en-small.nodes"
