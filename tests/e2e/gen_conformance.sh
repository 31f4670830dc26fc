#!/bin/sh
# movegen against the conformance set ($CONF: ../shared's, else the
# project's own): for every reference position the
# placements (exchanges and pass dropped, leave column cut) are the
# reference list byte for byte, in the same order; Fullsterkur's score is
# the top score; --game/--turn gives the same list as the CGP line; the
# greedy reference games analyse as best move every turn.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
C=$CONF
for v in no da is en; do
	case $v in
	no) list=$LIST_no ;; da) list=$LIST_da ;; is) list=$LIST_is ;; en) list=$LIST_en ;;
	esac
	"$BIN/lexcompile" -q -r $v -o $v.lex "$list"
	awk 'NR == 1 || prev == "" { if ($0 != "") print } { prev = $0 }' \
	    "$C/$v-moves.txt" > pos
	# Reference: CGP line, moves, blank; ours without the CGP line.
	awk 'NR == 1 || prev == "" { prev = $0; next } { print; prev = $0 }' \
	    "$C/$v-moves.txt" > want
	movegen -l $v.lex < pos | awk -F '\t' '$0 == "" || $1 !~ /^-/ {
	    if ($0 == "") print; else print $1 "\t" $2 }' > got
	cmp want got || { echo "$v: lists differ"; diff want got | head; exit 1; }

	# Fullsterkur scores the top of each list.
	movegen -l $v.lex -R fullsterkur < pos | cut -f2 > full
	movegen -l $v.lex -n 1 < pos | awk -F '\t' 'NF > 1 && $1 !~ /^-/ { print $2 }
	    NF > 1 && $1 ~ /^-/ { print 0 }' > top
	cmp full top || { echo "$v: fullsterkur is not the top score"; exit 1; }

	# Turn 3 of the game is the third reference position.
	movegen -l $v.lex -G "$C/$v-game.gcg" -t 3 > g3
	sed -n 3p pos | movegen -l $v.lex > p3
	cmp g3 p3

	# Greedy games: every move is the best by score, nothing given away
	# (--sort score: not by the ruleset's leave table).
	movegen -l $v.lex -a --sort score "$C/$v-game.gcg" > an
	awk -F '\t' '$1 !~ /^#/ && NF > 1 && ($7 != 1 || $12 != "0.000") { bad++ }
	    END { exit bad > 0 }' an || { echo "$v: analysis"; cat an; exit 1; }
	[ "$(grep -c '^# .*	best ' an)" = 2 ]
	movegen -l $v.lex -a --sort score -j "$C/$v-game.gcg" | grep -q '"players":\[{"player":"anna"'
done
exit 0
