#!/bin/sh
# learn-winpct.sh BINDIR RULESET GAMES OUT [SHARDS] — a win table for
# RULESET from GAMES games of equity self-play (bagsim winpct), split
# into SHARDS shards (default: one a core) run side by side and merged
# (bagsim winpct merge).  The games are those of base seed SEED (default
# 1), so any number of shards makes the same file, byte for byte, as one
# process.  The lexicon and leave table are the ruleset's defaults
# (LEXICON=FILE and LEAVES=FILE override).  How the shipped tables were
# made: wordlists/README.md.
set -eu
BIN=$1 R=$2 GAMES=$3 OUT=$4
N=${5:-$(nproc 2>/dev/null || echo 1)}
SEED=${SEED:-1}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
set --
[ -n "${LEXICON:-}" ] && set -- "$@" --lexicon "$LEXICON"
[ -n "${LEAVES:-}" ] && set -- "$@" --leaves "$LEAVES"
pids=""
k=1
while [ $k -le "$N" ]; do
	"$BIN/bagsim" winpct --quiet --rules "$R" "$@" --games "$GAMES" \
	    --seed "$SEED" --shard "$k/$N" --output "$W/shard.$k" &
	pids="$pids $!"
	k=$((k + 1))
done
for p in $pids; do
	wait "$p"
done
"$BIN/bagsim" winpct merge --rules "$R" --output "$OUT" "$W"/shard.*
