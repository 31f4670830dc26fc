#!/bin/sh
# bench-gcg.sh BINDIR — GCG replay rate of scoremove --gcg: moves verified
# per second (every score, total, rack and word checked) over many games in
# one stream.  Games: 1000 English self-play games from bagsim, repeated 5
# times (or, without bagsim, the conformance games repeated), checked with
# the default English lexicon or one compiled from ../shared.
set -u
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${ORDVERK_SHARED:-$top/../shared}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
one=""
command -v taskset >/dev/null 2>&1 && one="taskset -c 0"

[ -x "$BIN/scoremove" ] || { echo "bench-gcg: no $BIN/scoremove"; exit 0; }
lex=""
if [ -r "$top/lexicons/en.lex" ]; then
	lex=$top/lexicons/en.lex
elif [ -x "$BIN/lexcompile" ] && [ -r "$SHARED/wordlists/en-enable.txt.gz" ]; then
	"$BIN/lexcompile" -q -r en -o "$W/en.lex" "$SHARED/wordlists/en-enable.txt.gz" && lex=$W/en.lex
fi

if [ -n "$lex" ] && [ -x "$BIN/bagsim" ]; then
	"$BIN/bagsim" play -q -r en -l "$lex" -g 1000 -s 1 -d "$W/games" >/dev/null 2>&1
	for f in "$W"/games/*.gcg; do cat "$f"; echo '#end'; done > "$W/one.gcg"
	for i in 1 2 3 4 5; do cat "$W/one.gcg"; done > "$W/all.gcg"
	what="bagsim English games, lexicon $(basename "$lex")"
	opt="-l $lex"
elif [ -d "$SHARED/conformance" ]; then
	for f in "$SHARED"/conformance/*-game.gcg; do cat "$f"; echo '#end'; done > "$W/one.gcg"
	i=0; while [ $i -lt 1000 ]; do cat "$W/one.gcg"; i=$((i + 1)); done > "$W/all.gcg"
	what="conformance games (no, da, is, en) repeated, no lexicon"
	opt="-n"
else
	echo "bench-gcg: no games to replay (no bagsim and no ../shared)"; exit 0
fi

games=$(grep -c '^#end' "$W/all.gcg")
# turn events: plays, exchanges, passes, withdrawals (not the settling lines)
moves=$(grep '^>' "$W/all.gcg" | grep -vc '(')
/usr/bin/time -f "%e %U" -o "$W/time" $one "$BIN/scoremove" -G $opt < "$W/all.gcg" > "$W/out" 2>"$W/err"
rc=$?
read -r wall user < "$W/time"
bad=$(grep -vc '	ok$' "$W/out")
echo "== GCG replay (scoremove --gcg): $what"
echo "   $games games, $moves moves, $bad not ok, exit $rc"
awk -v m="$moves" -v w="$wall" -v u="$user" 'BEGIN {
	printf "   %.2f s wall, %.2f s CPU: %.0f moves/s wall, %.0f moves/s CPU\n",
	    w, u, (w > 0 ? m / w : 0), (u > 0 ? m / u : 0) }'
