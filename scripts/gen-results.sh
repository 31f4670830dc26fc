#!/bin/sh
# gen-results.sh [GAMES [SEED [PLAYERS]]] — a synthetic results file (SPEC
# §2.4) on stdout, for elocalc's benchmark and tests.  Deterministic: the
# same arguments give the same bytes with any POSIX awk, because the random
# numbers come from the Park–Miller generator (x = 16807 x mod 2^31 - 1),
# whose products stay below 2^53 and so are exact in awk's doubles.
#
# One game every 2 seconds from 2026-01-01T00:00:00Z; about 30 % of games
# are against a robot (robot-0, robot-8, robot-15, flag robot2), 10 % of
# human games are challenge-mode (manual); one game in 500 is 0-0 (a game
# resigned at once) and scores are otherwise 150-549, so draws happen.
# Defaults: 1000000 games, seed 1, 10000 players.
set -eu
games=${1:-1000000}
seed=${2:-1}
players=${3:-10000}
case "$games$seed$players" in
*[!0-9]*) echo "usage: gen-results.sh [GAMES [SEED [PLAYERS]]]" >&2; exit 2 ;;
esac
[ "$players" -ge 2 ] || { echo "gen-results.sh: PLAYERS must be at least 2" >&2; exit 2; }
exec awk -v games="$games" -v seed="$seed" -v players="$players" '
function rnd(n) {
	x = (x * 16807) % 2147483647
	return x % n
}
BEGIN {
	x = seed % 2147483646 + 1
	split("31 28 31 30 31 30 31 31 30 31 30 31", md, " ")
	robots[0] = "robot-0"; robots[1] = "robot-8"; robots[2] = "robot-15"
	y = 2026; m = 1; d = 1; sec = 0
	for (i = 0; i < games; i++) {
		p1 = rnd(players)
		kind = rnd(10)
		flags = ""
		if (kind < 3) {
			p2name = robots[rnd(3)]
			flags = "robot2"
		} else {
			p2 = rnd(players - 1)
			if (p2 >= p1)
				p2++
			p2name = sprintf("p%05d", p2)
			if (rnd(10) == 0)
				flags = "manual"
		}
		if (rnd(500) == 0) {
			s1 = 0; s2 = 0
		} else {
			s1 = 150 + rnd(400); s2 = 150 + rnd(400)
		}
		printf "%04d-%02d-%02dT%02d:%02d:%02dZ\tp%05d\t%s\t%d\t%d", y, m, d,
			int(sec / 3600), int(sec / 60) % 60, sec % 60, p1, p2name, s1, s2
		if (flags != "")
			printf "\t%s", flags
		printf "\n"
		sec += 2
		if (sec >= 86400) {
			sec -= 86400
			d++
			leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
			if (d > md[m] + (m == 2 && leap)) {
				d = 1; m++
				if (m > 12) { m = 1; y++ }
			}
		}
	}
}'
