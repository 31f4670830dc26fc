#!/bin/sh
# bench-sim.sh BINDIR — movegen --sim speed on one core: rollouts (one
# candidate played and the game played on for the plies; what MAGPIE
# counts as an iteration) a CPU second, round robin, no stopping rule.
#
# Positions: the mid-game positions (16 tiles or more in the bag) of
# GAMES (default 4) equity self-play games on the default English lexicon
# (SOWPODS) from seed 1, the other rack taken out, so that it is drawn.
# Each is simulated with CANDIDATES (10) candidates, PLIES (2) plies and
# ITERATIONS (100) iterations.  CPU seconds are movegen --verbose's, from
# the start of each position's simulation; the first position is run once
# more before the others, and not counted, so that the search tables
# built on first use are not either.
set -u
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
GAMES=${GAMES:-4}
CANDIDATES=${CANDIDATES:-10}
PLIES=${PLIES:-2}
ITERATIONS=${ITERATIONS:-100}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export ORDVERK_LEXDIR="${ORDVERK_LEXDIR:-$top/lexicons}"
one=""
command -v taskset >/dev/null 2>&1 && one="taskset -c 0"

echo "== movegen --sim (target: twice MAGPIE's sim iterations a second, one thread)"
if [ ! -r "$ORDVERK_LEXDIR/en.lex" ]; then
	echo "sim: skipped (no default English lexicon)"
	exit 0
fi
"$BIN/movegen" -r en --robot equity --selfplay "$GAMES" --seed 1 |
    awk '{ n = 0; b = $1; gsub(/[^A-Za-z]/, "", b); sub(/\/[A-Z?]* /, "/ ", $0)
	if (length(b) + 14 <= 100 - 16) print }' > "$W/pos"
npos=$(grep -c . "$W/pos")
{ head -1 "$W/pos"; cat "$W/pos"; } > "$W/in"
$one "$BIN/movegen" --sim --candidates "$CANDIDATES" --plies "$PLIES" \
    --iterations "$ITERATIONS" --stop none --verbose "$W/in" > "$W/out" 2> "$W/err" ||
    { echo "sim: failed"; cat "$W/err"; exit 1; }
awk -v npos="$npos" -v c="$CANDIDATES" -v p="$PLIES" -v it="$ITERATIONS" '
	/rollouts a CPU second/ { if (++n == 1) next
		for (i = 1; i <= NF; i++) { if ($(i + 1) == "rollouts,") r += $i
			if ($(i + 1) == "s" && $(i + 2) == "CPU,") t += $i } }
	END { printf "sim: %d positions x %d candidates x %d iterations, %d plies: %d rollouts in %.2f s CPU = %.0f rollouts/s\n",
	    npos, c, it, p, r, t, (t > 0 ? r / t : 0) }' "$W/err"
