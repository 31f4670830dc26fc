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
# built on first use are not either.  Leaves: MAGPIE's CSW21.klv2
# (../shared/peer-data) when there, else the default English table.
#
# Side by side with MAGPIE (built outside the tree, never committed):
# MAGPIE=DIR names a MAGPIE checkout built with `make BUILD=release
# magpie`, its data/ holding the lexicon MAGPIE_LEX (default CSWSOW: the
# same SOWPODS list as .kwg and .wmp, made by its `convert text2kwg` and
# `convert text2wordmap`, a name starting with CSW so that it is English)
# and MAGPIE_LEX.klv2.  It simulates the same positions with `gsim`
# (-numplays CANDIDATES -plies PLIES -iterations CANDIDATES x ITERATIONS
# -sr rr -threshold none -sinfer false -threads 1); its rate is its CPU
# seconds less those of the same run with `gen` for `gsim`, and its
# iterations are rollouts as counted here.
set -u
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
GAMES=${GAMES:-4}
CANDIDATES=${CANDIDATES:-10}
PLIES=${PLIES:-2}
ITERATIONS=${ITERATIONS:-100}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
SHARED=${ORDVERK_SHARED:-$top/../shared}
MAGPIE=${MAGPIE:-}
MAGPIE_LEX=${MAGPIE_LEX:-CSWSOW}
export ORDVERK_LEXDIR="${ORDVERK_LEXDIR:-$top/lexicons}"
leaves=""
[ -r "$SHARED/peer-data/CSW21.klv2" ] && leaves="-k $SHARED/peer-data/CSW21.klv2"
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
    --iterations "$ITERATIONS" --stop none --verbose $leaves "$W/in" > "$W/out" 2> "$W/err" ||
    { echo "sim: failed"; cat "$W/err"; exit 1; }
awk -v npos="$npos" -v c="$CANDIDATES" -v p="$PLIES" -v it="$ITERATIONS" '
	/rollouts a CPU second/ { if (++n == 1) next
		for (i = 1; i <= NF; i++) { if ($(i + 1) == "rollouts,") r += $i
			if ($(i + 1) == "s" && $(i + 2) == "CPU,") t += $i } }
	END { printf "sim: %d positions x %d candidates x %d iterations, %d plies: %d rollouts in %.2f s CPU = %.0f rollouts/s\n",
	    npos, c, it, p, r, t, (t > 0 ? r / t : 0) }' "$W/err"
[ -n "$MAGPIE" ] || exit 0
if [ ! -x "$MAGPIE/bin/magpie" ]; then
	echo "MAGPIE: $MAGPIE/bin/magpie not found"
	exit 0
fi
set_line="set -lex $MAGPIE_LEX -leaves $MAGPIE_LEX -threads 1 -plies $PLIES -numplays $CANDIDATES -iterations $((CANDIDATES * ITERATIONS)) -minplayiterations $ITERATIONS -sr rr -threshold none -sinfer false -seed 1 -tlim 1000000 -mode sync"
for cmd in gsim gen; do
	{ echo "$set_line"
	  sed 's/ ld en;//' "$W/pos" | while read -r l; do echo "cgp $l"; echo $cmd; done
	} > "$W/$cmd.cmd"
	(cd "$MAGPIE" && /usr/bin/time -f "%U %S" -o "$W/$cmd.time" $one ./bin/magpie \
	    < "$W/$cmd.cmd" > "$W/$cmd.out" 2>&1)
done
iters=$(grep -o 'Iters: *[0-9]*' "$W/gsim.out" | awk '{ s += $2 } END { print s + 0 }')
read -r u1 s1 < "$W/gsim.time"
read -r u2 s2 < "$W/gen.time"
echo "$iters $u1 $s1 $u2 $s2" | awk '{ t = $2 + $3 - $4 - $5; if (t <= 0) t = 0.001
	printf "MAGPIE sim, the same positions: %d iterations in %.2f s CPU = %.0f iterations/s\n", $1, t, $1 / t }'
