#!/bin/sh
# demo.sh BINDIR — the main job on the default lexicons: check and anagram
# words in each variant, then, for each Nordic variant, play a robot game,
# replay and verify it, analyse it (also as a page for the browser, kept in
# build/demo), see a position's best move on the board, and rate a batch of
# robot games.
set -eu
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
export ORDVERK_LEXDIR="${ORDVERK_LEXDIR:-$top/lexicons}"
export PATH="$BIN:$PATH"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
# The analysis pages are kept, to open in a browser afterwards.
PAGES=${DEMO_PAGES:-$top/build/demo}
mkdir -p "$PAGES"

say() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }
run() { say "$*"; sh -c "$*"; }

run "printf 'kvinne\nidé\nxyzzy\n' | wordcheck -r no || true"
run "printf 'hygge\nrødgrød\n' | wordcheck -r da"
run "printf 'hestur\nað\nzz\n' | wordcheck -r is || true"
run "wordcheck -r en QUIXOTIC XYZZY || true"
run "wordcheck -r no --anagram 'AEIKNRS' | head -5"
run "wordcheck -r is --anagram 'ÁEGLRS?' | head -5"
run "wordcheck -r da --pattern 'K*DE' | head -5"

for v in no da is; do
	printf '\n\033[1m== %s: play a robot game, verify it, analyse it, rate a batch ==\033[0m\n' "$v"
	run "bagsim play -r $v --games 1 --seed 2026 --p1 fullsterkur --p2 midlungur --gcg-dir $W/$v"
	g=$W/$v/game-000000.gcg
	run "head -12 $g"
	run "scoremove -r $v --gcg $g"
	run "scoremove -r $v --gcg --positions $g | sed -n 10p | movegen -r $v --top 5"
	run "movegen -r $v --analyse --html $PAGES/$v-game.html $g | tail -3"
	run "scoremove -r $v --gcg --positions $g | sed -n 10p | movegen -r $v -n 1 --show | tail -19"
	run "bagsim play -r $v --games 40 --seed 7 --p1 midlungur --p2 amlodi | elocalc --bagsim --ranking all"
done
printf '\n\033[1mThe analyses as pages for a browser: %s/{no,da,is}-game.html\033[0m\n' "$PAGES"
