#!/bin/sh
# scripts/gen-results.sh is deterministic, and elocalc over its output
# counts every game that is not 0-0 twice (once per player) in the all list,
# and every human-vs-human game twice in the human list.
set -eu
TOP=$(cd "$DATA/../.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
sh "$TOP/scripts/gen-results.sh" 20000 7 300 > a.tsv
sh "$TOP/scripts/gen-results.sh" 20000 7 300 > b.tsv
cmp -s a.tsv b.tsv || fail "not deterministic"
sh "$TOP/scripts/gen-results.sh" 20000 8 300 > c.tsv
cmp -s a.tsv c.tsv && fail "the seed changes nothing"
[ "$(wc -l < a.tsv)" -eq 20000 ] || fail "line count"
rated=$(awk -F '\t' '!($4 == 0 && $5 == 0)' a.tsv | wc -l)
human=$(awk -F '\t' '!($4 == 0 && $5 == 0) && $6 != "robot2"' a.tsv | wc -l)
"$BIN/elocalc" a.tsv > all.out
"$BIN/elocalc" -L human a.tsv > human.out
sum=$(awk -F '\t' '{ s += $4 } END { print s }' all.out)
[ "$sum" -eq $((2 * rated)) ] || fail "all list counts $sum games, want $((2 * rated))"
sum=$(awk -F '\t' '{ s += $4 } END { print s }' human.out)
[ "$sum" -eq $((2 * human)) ] || fail "human list counts $sum games, want $((2 * human))"
# wins + losses + draws = games on every line; ranks in rating order.
awk -F '\t' '$5 + $6 + $7 != $4 { exit 1 } NR > 1 && $3 > prev { exit 1 } { prev = $3 }' all.out ||
	fail "table inconsistent"
grep -q '	robot-15	' all.out || fail "robots missing from the all list"
grep -q 'robot' human.out && fail "robots in the human list"
echo ok
