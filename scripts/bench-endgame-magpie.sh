#!/bin/sh
# bench-endgame-magpie.sh BINDIR [CGPFILE] — ordverk's exact endgame solver
# side by side with MAGPIE's full-depth endgame search, one thread, on the
# same positions (default tests/data/endgame/bench-en.cgp; en-7v7.cgp has
# 17 seven-against-seven ones from movegen -P 60 -r en -s 23).  MAGPIE=DIR
# names a MAGPIE checkout built outside the tree with `make magpie
# BUILD=release` (never committed), its data/lexica holding MAGPIE_LEX
# (default CSW21: the same words as ordverk's en.lex); without it the
# script says so and stops.  Prints per position: racks, our value, status,
# nodes, ms (as movegen prints them) and the process's user CPU seconds
# (lexicon loading included), MAGPIE's value, depth, status and ms (as it
# prints them; "timeout" after MAGPIE_TIMEOUT seconds, default 120),
# whether the values agree, and the time ratio MAGPIE ms / ordverk ms.
set -u
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
pos=${2:-$top/tests/data/endgame/bench-en.cgp}
MAGPIE=${MAGPIE:-}
MAGPIE_LEX=${MAGPIE_LEX:-CSW21}
MAGPIE_TIMEOUT=${MAGPIE_TIMEOUT:-120}
export ORDVERK_LEXDIR="${ORDVERK_LEXDIR:-$top/lexicons}"
if [ -z "$MAGPIE" ] || [ ! -x "$MAGPIE/bin/magpie" ]; then
	echo "endgame-magpie: skipped (set MAGPIE=DIR to a built MAGPIE)"
	exit 0
fi
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
one=""
command -v taskset >/dev/null 2>&1 && one="taskset -c 0"
printf '%-16s %5s %-6s %9s %8s %6s | %5s %5s %-9s %8s | %-5s %6s\n' \
	racks value status nodes ms cpu-s mvalue depth mstatus ms agree ratio
grep -v '^#' "$pos" | grep -v '^$' | while IFS= read -r line; do
	echo "$line" > "$W/one.cgp"
	/usr/bin/time -f "%U %S" -o "$W/our.time" $one "$BIN/movegen" --endgame -r en \
	    "$W/one.cgp" > "$W/our.out" || exit 1
	grep -v '^#' "$W/our.out" > "$W/our"
	IFS='	' read -r _ value status _ nodes ms _ < "$W/our"
	racks=$(echo "$line" | awk '{ print $2 }')
	cgp=$(echo "$line" | sed 's/ ld .*//; s/;$//')
	printf 'cgp %s\nendgame -eplies 25\n' "$cgp" |
	    (cd "$MAGPIE" && timeout "$MAGPIE_TIMEOUT" $one ./bin/magpie set -mode sync \
	    -lex "$MAGPIE_LEX" -threads 1 -savesettings false -wmp false) > "$W/m" 2>&1
	read -r ou os < "$W/our.time"
	# "Endgame (depth: D, time: T s, status: S)", then a header "Play   V  S ..."
	# and the best line; V's column is where the header has it.
	awk -v ocpu="$ou" -v racks="$racks" -v value="$value" -v status="$status" -v nodes="$nodes" -v ms="$ms" '
		/^Endgame \(depth:/ { d = $3; sub(",", "", d); t = $5; sub("s,", "", t); st = $7; sub("\\)", "", st) }
		/^Play +V / { c = index($0, " V ") + 1; getline; split(substr($0, c), a, " "); mv = a[1] }
		END {
			if (d == "") { d = "-"; st = "timeout"; t = 0; mv = "-" }
			printf "%-16s %5s %-6s %9d %8d %6.2f | %5s %5s %-9s %8d | %-5s %6.1f\n", racks, value, status, nodes, ms, ocpu,
			    mv, d, st, t * 1000, (mv == value ? "yes" : st == "timeout" ? "-" : "NO"), (ms > 0 && t > 0 ? t * 1000 / ms : 0) }' "$W/m"
done
