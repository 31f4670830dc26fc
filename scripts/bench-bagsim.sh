#!/bin/sh
# bench-bagsim.sh BINDIR — complete Fullsterkur-vs-Fullsterkur games per
# second on one core, per variant (SPEC §5 target: over 2,000 games/s).
# Lexicons: the default ones (ORDVERK_LEXDIR or ./lexicons), else built with
# BINDIR/lexcompile from ../shared's full word lists.  The number of games
# is what takes about SECS seconds (default 10) in all, or GAMES=N a run.
# Rates are per CPU second of play as bagsim --time reports it (from the
# first game to the last, user + system), so neither other work on the
# machine nor the lexicon's loading counts.  Each is the fastest of RUNS
# runs (default 3) of the same games, taken in rounds over the variants so
# that a busy minute on a shared machine (other guests' use of the cache
# and memory only ever slows a run, by up to two fifths on the development
# machine) does not fall on every run of one variant.
set -u
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${ORDVERK_SHARED:-$top/../shared}
LEXDIR=${ORDVERK_LEXDIR:-$top/lexicons}
GAMES=${GAMES:-}
SECS=${SECS:-10}
RUNS=${RUNS:-3}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
one=""
command -v taskset >/dev/null 2>&1 && one="taskset -c 0"
VARIANTS="no da is is-old en"

# play V LEX GAMES OUT: one run; OUT gets bagsim --time's line, which reads
# "bagsim: G games, T turns in S CPU s (...) after L CPU s loading".
play() {
	$one "$BIN/bagsim" play -q -T -r "$1" -l "$2" -s 1 -S -g "$3" \
	    2>"$4" >/dev/null && grep -q ' CPU s loading$' "$4"
}

echo "== bagsim (target: > 2,000 complete Fullsterkur games/s, one core)"
for v in $VARIANTS; do
	base=$v
	[ $v = is-old ] && base=is
	lex=$LEXDIR/$base.lex
	if [ ! -r "$lex" ]; then
		case $base in
		no) list=$SHARED/wordlists/no-bokmaal.txt.gz ;;
		da) list=$SHARED/wordlists/da.txt.gz ;;
		is) list=$SHARED/wordlists/is.txt.gz ;;
		en) list=$SHARED/wordlists/en-enable.txt.gz ;;
		esac
		lex=$W/$base.lex
		if [ ! -r "$lex" ]; then
			[ -x "$BIN/lexcompile" ] && [ -r "$list" ] || {
				echo "bagsim $v: no lexicon (skipped)"; continue; }
			extra=""
			[ $base = is ] && extra="--two-letter $SHARED/wordlists/is-twoletter.txt"
			"$BIN/lexcompile" -q -r $base -o "$lex" $extra "$list" 2>/dev/null || {
				echo "bagsim $v: lexcompile failed (skipped)"; continue; }
		fi
	fi
	games=$GAMES
	if [ -z "$games" ]; then
		# 300 games take a tenth of a second or more.
		play $v "$lex" 300 "$W/cal" || { echo "bagsim $v: failed"; continue; }
		games=$(awk -v s="$SECS" -v r="$RUNS" '{
			t = $7; if (t < 0.01) t = 0.01
			g = int(300 * s / r / t); if (g < 300) g = 300
			if (g > 100000) g = 100000; print g }' "$W/cal")
	fi
	echo "$v $lex $games" >> "$W/todo"
done
[ -r "$W/todo" ] || exit 0
for r in $(seq "$RUNS"); do
	while read -r v lex games; do
		if play $v "$lex" "$games" "$W/run"; then
			cat "$W/run" >> "$W/runs.$v"
		else
			echo "bagsim $v: run $r failed" >> "$W/failed"
		fi
	done < "$W/todo"
done
[ -r "$W/failed" ] && cat "$W/failed"
while read -r v lex games; do
	[ -r "$W/runs.$v" ] || continue
	awk -v v="$v" -v lex="$(basename "$lex")" '{
		g = $2; turns = $4; t = $7; l = $15
		if (t < 0.001) t = 0.001
		if (NR == 1 || t < best) best = t
		if (NR == 1 || t > worst) worst = t
		if (NR == 1 || l < load) load = l
	} END {
		printf "bagsim %-6s (%s): %d games in %.2f CPU s (+ %.2f s loading) = %.0f games/s, %.0f turns/s (%.1f turns a game; best of %d runs, slowest %.0f games/s)\n",
		    v, lex, g, best, load, g / best, turns / best, turns / g, NR, g / worst }' "$W/runs.$v"
done < "$W/todo"
