#!/bin/sh
# demo.sh BINDIR — the main job on the default lexicons: check and anagram
# words in each variant, then, for each Nordic variant, play a robot game,
# replay and verify it, analyse it, and rate a batch of robot games.
set -eu
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
export ORDVERK_LEXDIR="${ORDVERK_LEXDIR:-$top/lexicons}"
export PATH="$BIN:$PATH"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

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
	run "bagsim play -r $v --games 1 --seed 2026 --p1 fullsterkur --p2 midlungur --gcg $W/$v"
	g=$W/$v/game-000000.gcg
	run "head -12 $g"
	run "scoremove -r $v --game $g"
	run "scoremove -r $v --game --positions $g | sed -n 10p | movegen -r $v --top 5"
	run "movegen -r $v --analyse $g | tail -3"
	run "bagsim play -r $v --games 40 --seed 7 --p1 midlungur --p2 amlodi | elocalc --bagsim --list all"
done
