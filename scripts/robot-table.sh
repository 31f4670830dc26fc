#!/bin/sh
# robot-table.sh BINDIR RULESET LEXICON VOCAB [GAMES] — each robot against
# each, as a Markdown table for the README: a cell is the first player's
# (row's) win share against the second (column's), draws as half, with its
# 95 % interval (Wilson's, bagsim-stats(5)), and its mean margin; the
# diagonal is a robot against itself.  GAMES games a cell (default 2,000),
# seeds 1 on, the same for every cell, so the cells differ only by robot.
# Example (Netskrafl's Amlóði vocabulary for all three custom robots):
#	lexcompile -r is -o is-common.lex ../shared/wordlists/is-common.txt.gz
#	sh scripts/robot-table.sh bin is lexicons/is.lex is-common.lex
set -eu
BIN=$1 R=$2 LEX=$3 VOCAB=$4 GAMES=${5:-2000}
ROBOTS="fullsterkur midlungur halfdraettingur amlodi"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

printf '| first \\ second |'
for b in $ROBOTS; do printf ' %s |' "$b"; done
printf '\n|---|'
for b in $ROBOTS; do printf -- '---|'; done
printf '\n'
for a in $ROBOTS; do
	printf '| %s |' "$a"
	for b in $ROBOTS; do
		"$BIN/bagsim" play -q -r "$R" -l "$LEX" -w "$VOCAB" -g "$GAMES" -s 1 \
		    -1 "$a" -2 "$b" --stats > "$W/stats"
		awk '$1 == "first_player_wins" { w = $3; lo = $4; hi = $5 }
		    $1 == "margin_p1" { m = $3 }
		    END { printf " %.3f (%.3f-%.3f), %+.0f |", w, lo, hi, m }' "$W/stats"
	done
	printf '\n'
done
