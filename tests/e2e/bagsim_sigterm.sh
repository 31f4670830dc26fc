#!/bin/sh
# bagsim: SIGTERM (GNU parallel, timeout, batch schedulers) and SIGHUP stop
# a run as SIGINT does: the statistics so far are written and the exit is
# 1.  With --checkpoint N the statistics file is rewritten every N games,
# so a run killed outright (SIGKILL) leaves a valid file of a multiple of
# N games.  bagsim leaves keeps its table on SIGTERM too.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
"$BIN/lexcompile" --quiet --rules en --output en.lex "$LIST_en"
play="$BIN/bagsim play --rules en --lexicon en.lex --games 100000000 --quiet"

# wait_for FILE: until FILE exists (at most a minute on a busy machine).
wait_for() {
	i=0
	while [ ! -e "$1" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
	[ -e "$1" ]
}

for sig in TERM HUP; do
	rm -rf g
	$play --gcg g --stats-out $sig.stats > games.tsv 2> err &
	pid=$!
	wait_for g/game-000000.gcg
	kill -$sig $pid
	rc=0
	wait $pid || rc=$?
	[ $rc -eq 1 ] || { echo "SIG$sig: exit $rc"; exit 1; }
	grep -q 'interrupted after' err
	# The file holds every game played: as many as the game lines.
	n=$(grep -vc '^#' games.tsv)
	[ "$n" -ge 1 ]
	grep -qx "games	$n" $sig.stats
	"$BIN/bagsim" merge $sig.stats > table 2> merge.err
	grep -q "^turns	$n	" table
	grep -q "note: $sig.stats: $n of the 100000000 games of shard 1/1 (a stopped run)" merge.err
done

# --checkpoint 3, then SIGKILL: a valid file of 3, 6, ... games.
$play --checkpoint 3 --stats-out ck.stats > /dev/null 2>&1 &
pid=$!
wait_for ck.stats
sleep 0.3
kill -KILL $pid
wait $pid || true
n=$(awk -F'\t' '$1 == "games" { print $2 }' ck.stats)
[ "$n" -ge 3 ] && [ $((n % 3)) -eq 0 ] || { echo "checkpoint games: $n"; exit 1; }
"$BIN/bagsim" merge ck.stats > table 2> /dev/null
grep -q "^turns	$n	" table
# --checkpoint needs the file, and a number of games.
! $play --checkpoint 3 > /dev/null 2> err
grep -q -- '--checkpoint writes the statistics file' err
! $play --checkpoint 0 --stats-out x.stats > /dev/null 2>&1
[ ! -e x.stats ]

# bagsim leaves: SIGTERM ends the round and writes the table.
"$BIN/bagsim" leaves --rules en --lexicon en.lex --games 100000000 --quiet \
	--out t.klv2 2> err &
pid=$!
sleep 2
kill -TERM $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 0 ]
[ -s t.klv2 ]
echo ok
