#!/bin/sh
# The sim robot (bagsim(1), movegen(1) -R sim): a simulation while the bag
# has tiles, the endgame solver once it is empty.  On the known answer of
# sim.sh static equity plays 10I OUZO; the simulation puts 2I OU and J9
# .IAOUR about 2 % of wins above it (within half a percent of each
# other): the sim robot plays one of those.  It does not read the other
# rack (the same move with the rack given), and self-play games with it
# end, are valid records, and are the same again with the seed.
set -eu
[ -f "$ORDVERK_LEXDIR/en.lex" ] || { echo "no en.lex"; exit 77; }
[ -f "$ORDVERK_LEXDIR/en.winpct" ] || { echo "no en.winpct"; exit 77; }
K='1CAGANER3QUAT/2SILEX4A3/3V2CEPHEId2/3E2E4D3/3NA1L1HAM4/4V1SLOW5/4A10/3YITIE7/4L1FRIG5/4EM9/4SOTS7/5KAE7/5OWN7/5RET7/5ORE7 AIOORUZ/ 253/236 0 ld en;'
KR='1CAGANER3QUAT/2SILEX4A3/3V2CEPHEId2/3E2E4D3/3NA1L1HAM4/4V1SLOW5/4A10/3YITIE7/4L1FRIG5/4EM9/4SOTS7/5KAE7/5OWN7/5RET7/5ORE7 AIOORUZ/BDEGINT 253/236 0 ld en;'
[ "$(echo "$K" | "$BIN/movegen" --robot equity | cut -f1)" = "10I OUZO" ]
echo "$K" | "$BIN/movegen" --robot sim --seed 1 | cut -f1 > s1
grep -qx -e '2I OU' -e 'J9 .IAOUR' s1
echo "$KR" | "$BIN/movegen" --robot sim --seed 1 | cut -f1 | cmp - s1
# Games: small budget, no time cap met (games 1 and 6 of seed 7 end in
# short endgames).
play() { "$BIN/bagsim" play --rules en --games 10 --seed 7 --shard 2/5 \
    --quiet --candidates 4 --iterations 16 "$@"; }
play --p1 sim --p2 equity --gcg-dir a > a.tsv
play --p1 sim --p2 equity > b.tsv
play --p1 equity --p2 equity > q.tsv
cmp a.tsv b.tsv
[ "$(grep -vc '^#' a.tsv)" = 2 ]
awk -F'\t' '!/^#/ && ($3 != "sim" || $4 != "equity") { exit 1 }' a.tsv
! cmp -s a.tsv q.tsv
"$BIN/scoremove" --gcg a/*.gcg > /dev/null
# Its options: a missing win table is named; a bad budget is a usage error.
rc=0
play --p1 sim --p2 equity --winpct nosuch.winpct > /dev/null 2> err || rc=$?
[ "$rc" = 2 ] && grep -q 'nosuch.winpct' err
rc=0
play --p1 sim --iterations 0 > /dev/null 2> err || rc=$?
[ "$rc" = 2 ] && grep -q 'bad --iterations' err
# --winpct none: the stand-in curve values the horizon (other games).
play --p1 sim --p2 equity --winpct none > n.tsv
[ "$(grep -vc '^#' n.tsv)" = 2 ]
# The statistics name a sim seat's budget, so shards of runs with other
# budgets are not merged.
play --p1 sim --p2 equity -o s1.stats > /dev/null
"$BIN/bagsim" play --rules en --games 10 --seed 7 --shard 3/5 --quiet \
    --candidates 5 --iterations 16 --p1 sim --p2 equity -o s2.stats > /dev/null
grep -q '^robots	sim:[0-9a-f]*:4x16 equity:' s1.stats
rc=0
"$BIN/bagsim" merge s1.stats s2.stats > /dev/null 2> err || rc=$?
[ "$rc" = 2 ] && grep -q 'different robots' err
