#!/bin/sh
# learn-leaves.sh BINDIR RULESET GAMES ROUNDS OUT.klv2 [LEXICON] — leave
# values for RULESET from self-play, on every core: each round's GAMES
# games are split into one shard a core (bagsim leaves -x K/N -a), the
# shards' credits merged into the next table (bagsim leaves merge), and
# that table played with in the next round.  Round r plays seed SEED + r
# - 1 (SEED default 1: the same games as one process's bagsim leaves -R
# ROUNDS -s 1), starting from START (a KLV table) or leaves worth 0.  How
# the shipped tables were made: wordlists/README.md.
set -eu
BIN=$1 R=$2 GAMES=$3 ROUNDS=$4 OUT=$5
LEX=${6:-}
N=$(nproc 2>/dev/null || echo 1)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
lexopt=""
[ -n "$LEX" ] && lexopt="-l $LEX"
cur=${START:-}
SEED=${SEED:-1}
r=1
while [ $r -le "$ROUNDS" ]; do
	start=""
	[ -n "$cur" ] && start="-k $cur"
	k=1
	while [ $k -le "$N" ]; do
		# shellcheck disable=SC2086
		"$BIN/bagsim" leaves -q -r "$R" $lexopt $start -g "$GAMES" \
		    -s $((SEED + r - 1)) -x "$k/$N" -a "$W/acc.$k" &
		k=$((k + 1))
	done
	wait
	# shellcheck disable=SC2086
	"$BIN/bagsim" leaves merge -r "$R" $start -o "$W/round$r.klv2" "$W"/acc.*
	cur=$W/round$r.klv2
	r=$((r + 1))
done
cp "$cur" "$OUT.tmp" && mv "$OUT.tmp" "$OUT"
