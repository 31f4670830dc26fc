#!/bin/sh
# robot-match.sh BINDIR RULESET A B GAMES [BAGSIM-OPTIONS...] — robot A
# against robot B with seats swapped: GAMES/2 games with A first and the
# same GAMES/2 seeds with B first (bagsim play -s 2026, the two seatings
# run at once), then A's share of the results (a draw a half) with its
# 95 % interval (normal, from the games' own variance) and A's mean
# margin a game with its interval.  For the README's strength rows, e.g.
#	sh scripts/robot-match.sh bin en sim equity 2000 --endgame-time 0.5
# robot-match.sh --summary A B FIRST SECOND summarises two game files
# already played (FIRST with A in seat 1, SECOND with A in seat 2).
set -eu
summary() {
	awk -F'\t' -v a="$1" -v b="$2" '
	/^#/ { next }
	{
		if ($3 == a && $4 == b) { m = $5 - $6; w = $7 == 1 ? 1 : $7 == 0 ? 0.5 : 0 }
		else if ($3 == b && $4 == a) { m = $6 - $5; w = $7 == 2 ? 1 : $7 == 0 ? 0.5 : 0 }
		else next
		n++; sw += w; sww += w * w; sm += m; smm += m * m
		if (w == 1) won++; else if (w == 0.5) drawn++
	}
	END {
		if (n < 2) { print "fewer than 2 games"; exit 1 }
		p = sw / n; vp = (sww / n - p * p) * n / (n - 1)
		mm = sm / n; vm = (smm / n - mm * mm) * n / (n - 1)
		hp = 1.96 * sqrt(vp / n); hm = 1.96 * sqrt(vm / n)
		printf "%s against %s: %d games, %d won, %d drawn, %d lost; ", a, b, n, won, drawn, n - won - drawn
		printf "share %.1f %% (95 %%: %.1f-%.1f); margin %+.1f (%+.1f to %+.1f)\n", 100 * p, 100 * (p - hp), 100 * (p + hp), mm, mm - hm, mm + hm
	}' "$3" "$4"
}
if [ "$1" = --summary ]; then
	summary "$2" "$3" "$4" "$5"
	exit
fi
BIN=$1 R=$2 A=$3 B=$4 GAMES=$5
shift 5
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
half=$((GAMES / 2))
"$BIN/bagsim" play -q -r "$R" -g "$half" -s 2026 -1 "$A" -2 "$B" "$@" > "$W/first" &
"$BIN/bagsim" play -q -r "$R" -g "$half" -s 2026 -1 "$B" -2 "$A" "$@" > "$W/second"
wait $!
summary "$A" "$B" "$W/first" "$W/second"
