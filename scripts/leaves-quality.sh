#!/bin/sh
# leaves-quality.sh BINDIR RULESET TABLE GAMES [OTHER] — how much a leave
# table is worth: the equity robot with TABLE against Fullsterkur (or,
# with OTHER, against the equity robot with table OTHER), GAMES games with
# each seat first, the same seeds.  Prints one Markdown row: the mean
# margin a game of TABLE's side over both seatings, its 95 % interval
# (from the two runs' standard errors), and each seating's margin.
# Lexicon: the ruleset's default (ORDVERK_LEXDIR).
set -eu
BIN=$1 R=$2 T=$3 G=$4 O=${5:-}
if [ -n "$O" ]; then
	a=$("$BIN/bagsim" play -q -r "$R" -g "$G" -s 101 -1 equity -2 equity \
	    --leaves1 "$T" --leaves2 "$O" --stats | grep '^margin_p1')
	b=$("$BIN/bagsim" play -q -r "$R" -g "$G" -s 101 -1 equity -2 equity \
	    --leaves1 "$O" --leaves2 "$T" --stats | grep '^margin_p1')
	who="$(basename "$T") vs $(basename "$O")"
else
	a=$("$BIN/bagsim" play -q -r "$R" -g "$G" -s 101 -1 equity -2 fullsterkur \
	    --leaves1 "$T" --stats | grep '^margin_p1')
	b=$("$BIN/bagsim" play -q -r "$R" -g "$G" -s 101 -1 fullsterkur -2 equity \
	    --leaves2 "$T" --stats | grep '^margin_p1')
	who="$(basename "$T") vs fullsterkur"
fi
echo "$a
$b" | awk -v r="$R" -v who="$who" -v g="$G" '
	{ m[NR] = $3; se[NR] = ($5 - $4) / (2 * 1.96) }
	END {
		d = (m[1] - m[2]) / 2; s = sqrt(se[1] ^ 2 + se[2] ^ 2) / 2
		printf "| %s | %s | %d + %d | %+.1f (%+.1f to %+.1f) | %+.1f first, %+.1f second |\n",
		    r, who, g, g, d, d - 1.96 * s, d + 1.96 * s, m[1], -m[2]
	}'
