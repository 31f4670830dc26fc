#!/bin/sh
# bench-bagsim.sh BINDIR — complete Fullsterkur-vs-Fullsterkur games per
# second on one core, per variant (SPEC §5 target: over 2,000 games/s).
# Lexicons: the default ones (ORDVERK_LEXDIR or ./lexicons), else built with
# BINDIR/lexcompile from ../shared's full word lists.  The number of games
# is what takes about SECS seconds (default 10) in all, or GAMES=N a run.
# Rates are per CPU second (user + system), so a busy machine does not lower
# them; the time spent loading the lexicon (a run of 0 games) is taken off.
# Each is the fastest of RUNS runs (default 3) of the same games: other
# work on a shared machine (other guests' use of the cache and memory) only
# ever slows a run, by up to two fifths on the development machine.
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

# cpu OUT CMD...: runs CMD with standard output to OUT, prints its CPU
# seconds (user + system).
cpu() {
	out=$1; shift
	/usr/bin/time -f "%U %S" -o "$W/time" "$@" > "$out" 2>/dev/null || return 1
	awk '{ print $1 + $2 }' "$W/time"
}

echo "== bagsim (target: > 2,000 complete Fullsterkur games/s, one core)"
for v in no da is is-old en; do
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
	run="$one $BIN/bagsim play -q -r $v -l $lex -s 1 -S"
	# The fastest of RUNS loadings and of RUNS runs of the same games:
	# on a shared machine a run is only ever slowed down by others.
	loads=""
	for r in $(seq "$RUNS"); do
		l=$(cpu /dev/null $run -g 0) || { loads=""; break; }
		loads="$loads $l"
	done
	[ -n "$loads" ] || { echo "bagsim $v: failed"; continue; }
	load=$(echo "$loads" | awk '{ m = $1; for (i = 2; i <= NF; i++) if ($i < m) m = $i; print m }')
	games=$GAMES
	if [ -z "$games" ]; then
		# 200 games take a tenth of a second or more: with fewer,
		# the loading time's own noise swamps theirs.
		t=$(cpu /dev/null $run -g 200) || { echo "bagsim $v: failed"; continue; }
		games=$(echo "$t $load $RUNS" | awk -v s="$SECS" '{
			t = $1 - $2; if (t < 0.05) t = 0.05
			g = int(200 * s / $3 / t); if (g < 200) g = 200; if (g > 100000) g = 100000; print g }')
	fi
	times=""
	for r in $(seq "$RUNS"); do
		t=$(cpu "$W/stats" $run -g "$games") || { times=""; break; }
		times="$times $t"
	done
	[ -n "$times" ] || { echo "bagsim $v: failed"; continue; }
	turns=$(awk -F'\t' '$1 == "turns" { print $3 }' "$W/stats")
	echo "$games $load $turns $times" | awk -v v="$v" -v lex="$(basename "$lex")" '{
		best = $4; worst = $4
		for (i = 5; i <= NF; i++) { if ($i < best) best = $i; if ($i > worst) worst = $i }
		t = best - $2; if (t < 0.001) t = 0.001
		tw = worst - $2; if (tw < 0.001) tw = 0.001
		printf "bagsim %-6s (%s): %d games in %.2f CPU s (+ %.2f s loading) = %.0f games/s, %.0f turns/s (%.1f turns a game; best of %d runs, slowest %.0f games/s)\n",
		    v, lex, $1, t, $2, $1 / t, $1 * $3 / t, $3, NF - 3, $1 / tw }'
done
