#!/bin/sh
# The endgame robot: the equity robot's move while the bag has tiles, the
# endgame solver's once it is empty.  On the position of
# tests/data/endgame/en-analyse.gcg before turn 21 (ABENTU against II, the
# bag empty) the equity robot plays 14E ABET (30, keeps NU), the solver 14F
# BEN (27), which is worth 2 more at the end (35 against 33, movegen
# --endgame; analyse_endgame.sh checks the values): the robot picks BEN.
# Self-play games with it end and are the same game again with the seed;
# game 1 of seed 7 is the equity robots' game but for that turn, so seat 1
# ends 2 points better: 443 to 403, not 441 to 403.
set -eu
[ -f "$ORDVERK_LEXDIR/en.lex" ] || { echo "no en.lex"; exit 77; }
P='7LINESMEN/7I7/4C2EYEsHOT1/3HOUFF3AXE1/4D2L2TOOT1/4D2Y7/4E10/3WRANG6R/C1JO4B5E/A1OUTRIVALS2QI/PAWNEE2R1K2uR/T2D4MIAOUED/I3LAPIS1G2A1/V12N1/E9GROSZ ABENTU/II 400/395 0 ld en;'
echo "$P" | "$BIN/movegen" --robot endgame | cut -f1 > eg.txt
echo "$P" | "$BIN/movegen" --robot equity | cut -f1 > eq.txt
[ "$(cat eg.txt)" = "14F BEN" ]
[ "$(cat eq.txt)" = "14E ABET" ]
# With tiles in the bag it is the equity robot (the first position of
# the game: both racks of seven, most tiles unseen).
Q='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST 0/0 0 ld en;'
[ "$(echo "$Q" | "$BIN/movegen" --robot endgame)" = "$(echo "$Q" | "$BIN/movegen" --robot equity)" ]
# Games 1 and 6 of seed 7 (short endgames: no turn meets the time cap).
play() { "$BIN/bagsim" play --rules en --games 10 --seed 7 --shard 2/5 --quiet "$@"; }
play --p1 endgame --p2 equity --gcg-dir a > a.tsv
play --p1 endgame --p2 equity --gcg-dir b > b.tsv
play --p1 equity --p2 equity > q.tsv
cmp a.tsv b.tsv
for f in a/*.gcg; do cmp "$f" "b/${f#a/}"; done
[ "$(grep -vc '^#' a.tsv)" = 2 ]
awk -F'\t' '!/^#/ && $11 != "out" { exit 1 }' a.tsv
grep -q '^1	5034285472447030919	endgame	equity	443	403	1	23	' a.tsv
grep -q '^1	5034285472447030919	equity-1	equity-2	441	403	1	23	' q.tsv
grep -q '14F BEN' a/game-000001.gcg
# Every game replays (scores add up).
"$BIN/scoremove" --gcg --rules en a/*.gcg > /dev/null
# The name is known; an unknown one says which there are.
rc=0; "$BIN/bagsim" play --rules en --p1 endgamer 2> err || rc=$?
[ "$rc" = 2 ] && grep -q 'equity, endgame, sim)' err
# The node limit: with one node a turn no first move is proved, so the
# endgame robot plays the equity robot's move and its games are the
# equity robots' games (but for the names).
play --p1 endgame --p2 equity --endgame-nodes 1 > one.tsv
cut -f5- one.tsv | cmp - "$(cut -f5- q.tsv > q5; echo q5)"
! cut -f5- a.tsv | cmp -s - q5
