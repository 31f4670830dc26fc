#!/bin/sh
# bench-endgame.sh BINDIR — the exact endgame solver (movegen --endgame) on
# one core: English endgames from self-play (tests/data/endgame/bench-en.cgp:
# the first position of each game of `movegen -P 30 -r en -S 11` with the
# bag empty, 7 or 6 tiles against 5 to 7, those proved within 20 s here),
# with the default English lexicon.  Prints each position's racks, value,
# nodes and seconds, and the totals; the node counts are deterministic and
# are compared with tests/data/endgame/bench-en.nodes (a refactor that
# changes the search tree shows there: update the file with the reason).
set -u
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
pos=$top/tests/data/endgame/bench-en.cgp
gold=$top/tests/data/endgame/bench-en.nodes
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
one=""
command -v taskset >/dev/null 2>&1 && one="taskset -c ${BENCH_CPU:-0}"
export ORDVERK_LEXDIR="${ORDVERK_LEXDIR:-$top/lexicons}"

echo "== endgame (target: every 7-v-7 English endgame proved in under 10 s, one core)"
if [ ! -f "$ORDVERK_LEXDIR/en.lex" ]; then
	echo "endgame: skipped (no en.lex)"
	exit 0
fi
start=$(date +%s.%N)
$one "$BIN/movegen" --endgame -r en "$pos" > "$W/out" || exit 1
end=$(date +%s.%N)
awk '{ print $2 }' "$pos" > "$W/racks"
grep -v '^#' "$W/out" | cut -f2,3,5,6 | paste "$W/racks" - |
	awk -F'\t' '{ printf "  %-16s %5s %-8s %10d nodes %8.2f s\n", $1, $2, $3, $4, $5 / 1000 }'
grep -v '^#' "$W/out" | awk -F'\t' -v s="$start" -v e="$end" '
	{ n += $5; ms += $6; if ($3 == "exact") x++ }
	END { printf "endgame: %d positions, %d exact, %d nodes, %.2f s solving (%.2f s wall), %.0f nodes/s\n",
		NR, x, n, ms / 1000, e - s, n / (ms / 1000) }'
grep -v '^#' "$W/out" | cut -f5 > "$W/nodes"
if cmp -s "$W/nodes" "$gold"; then
	echo "endgame: node counts as in bench-en.nodes"
else
	echo "endgame: node counts differ from bench-en.nodes (the search tree changed):"
	paste "$gold" "$W/nodes" | awk '$1 != $2 { print "  line " NR ": " $1 " -> " $2 }'
fi
