#!/bin/sh
# bench-bagsim.sh BINDIR — complete Fullsterkur-vs-Fullsterkur games per
# second on one core, per variant (SPEC §5 target: over 2,000 games/s).
# Lexicons: the default ones (ORDVERK_LEXDIR or ./lexicons), else built with
# BINDIR/lexcompile from ../shared's full word lists.  The number of games
# is what takes about SECS seconds (default 10), or GAMES=N.
set -u
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${ORDVERK_SHARED:-$top/../shared}
LEXDIR=${ORDVERK_LEXDIR:-$top/lexicons}
GAMES=${GAMES:-}
SECS=${SECS:-10}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
one=""
command -v taskset >/dev/null 2>&1 && one="taskset -c 0"

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
	# Loading the lexicon is not play: time it alone and take it off.
	start=$(date +%s.%N)
	$one "$BIN/bagsim" play -q -r $v -l "$lex" -g 0 -S > /dev/null || {
		echo "bagsim $v: failed"; continue; }
	end=$(date +%s.%N)
	load=$(echo "$start $end" | awk '{ print $2 - $1 }')
	games=$GAMES
	if [ -z "$games" ]; then
		# About SECS seconds of play: a first 20 games give the rate.
		start=$(date +%s.%N)
		$one "$BIN/bagsim" play -q -r $v -l "$lex" -g 20 -s 1 -S > /dev/null || {
			echo "bagsim $v: failed"; continue; }
		end=$(date +%s.%N)
		games=$(echo "$start $end" | awk -v s="$SECS" -v load="$load" '{
			t = $2 - $1 - load; if (t < 0.001) t = 0.001
			g = int(20 * s / t); if (g < 20) g = 20; if (g > 100000) g = 100000; print g }')
	fi
	start=$(date +%s.%N)
	$one "$BIN/bagsim" play -q -r $v -l "$lex" -g "$games" -s 1 -S > "$W/stats" || {
		echo "bagsim $v: failed"; continue; }
	end=$(date +%s.%N)
	turns=$(awk -F'\t' '$1 == "turns" { print $3 }' "$W/stats")
	echo "$games $start $end $turns" | awk -v v="$v" -v lex="$(basename "$lex")" -v load="$load" '{
		t = $3 - $2 - load; if (t < 0.001) t = 0.001
		printf "bagsim %-6s (%s): %d games in %.2f s (+ %.2f s loading) = %.0f games/s, %.0f turns/s (%.1f turns a game)\n",
		    v, lex, $1, t, load, $1 / t, $1 * $4 / t, $4 }'
done
