#!/bin/sh
# bench-bagsim.sh BINDIR — complete games per second on one core, per
# variant: Fullsterkur against itself (greedy; SPEC §5 target: over 2,000
# games/s), then the equity robot against itself (target: over 2,000 on
# SOWPODS with MAGPIE's CSW21 leaves, ../shared/peer-data/CSW21.klv2, and
# at least half the greedy rate in every variant; the Nordic variants play
# with the tables ordverk ships, found beside their default lexicons).
# Lexicons: the default ones (ORDVERK_LEXDIR or ./lexicons), else built with
# BINDIR/lexcompile from ../shared's full word lists.  The number of games
# is what takes about SECS seconds (default 10) in all, or GAMES=N a run.
# Rates are per CPU second of play as bagsim --timing reports it (from the
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

KLV=$SHARED/peer-data/CSW21.klv2

# robots V KIND: bagsim's robot options for a run of kind greedy or equity.
robots() {
	[ "$2" = greedy ] && return
	printf '%s' "-1 equity -2 equity"
	[ "$1" = en ] && [ -r "$KLV" ] && printf ' -k %s' "$KLV"
}

# play V KIND LEX GAMES OUT: one run; OUT gets bagsim --timing's line, which
# reads "bagsim: G games, T turns in S CPU s (...) after L CPU s loading".
play() {
	# shellcheck disable=SC2046
	$one "$BIN/bagsim" play -q --timing -r "$1" $(robots "$1" "$2") -l "$3" \
	    -s 1 --stats -g "$4" 2>"$5" >/dev/null && grep -q ' CPU s loading$' "$5"
}

echo "== bagsim (target: > 2,000 complete games/s, one core, greedy and"
echo "   equity (CSW21.klv2 for en); equity at least half of greedy)"
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
	for kind in greedy equity; do
		games=$GAMES
		if [ -z "$games" ]; then
			# 300 games take a tenth of a second or more.
			play $v $kind "$lex" 300 "$W/cal" || {
				echo "bagsim $v $kind: failed"; continue; }
			games=$(awk -v s="$SECS" -v r="$RUNS" '{
				t = $7; if (t < 0.01) t = 0.01
				g = int(300 * s / r / t); if (g < 300) g = 300
				if (g > 100000) g = 100000; print g }' "$W/cal")
		fi
		echo "$v $kind $lex $games" >> "$W/todo"
	done
done
[ -r "$W/todo" ] || exit 0
for r in $(seq "$RUNS"); do
	while read -r v kind lex games; do
		if play $v $kind "$lex" "$games" "$W/run"; then
			cat "$W/run" >> "$W/runs.$v.$kind"
		else
			echo "bagsim $v $kind: run $r failed" >> "$W/failed"
		fi
	done < "$W/todo"
done
[ -r "$W/failed" ] && cat "$W/failed"
while read -r v kind lex games; do
	[ -r "$W/runs.$v.$kind" ] || continue
	awk -v v="$v" -v kind="$kind" -v lex="$(basename "$lex")" '{
		g = $2; turns = $4; t = $7; l = $15
		if (t < 0.001) t = 0.001
		if (NR == 1 || t < best) best = t
		if (NR == 1 || t > worst) worst = t
		if (NR == 1 || l < load) load = l
	} END {
		printf "bagsim %-6s %-6s (%s): %d games in %.2f CPU s (+ %.2f s loading) = %.0f games/s, %.0f turns/s (%.1f turns a game; best of %d runs, slowest %.0f games/s)\n",
		    v, kind, lex, g, best, load, g / best, turns / best, turns / g, NR, g / worst
		printf "%.0f\n", g / best > "/dev/stderr" }' "$W/runs.$v.$kind" 2>"$W/rate.$v.$kind"
done < "$W/todo"
# Equity against greedy, per variant.
for v in $VARIANTS; do
	[ -r "$W/rate.$v.greedy" ] && [ -r "$W/rate.$v.equity" ] || continue
	awk -v v="$v" 'NR == FNR { g = $1; next } { printf "bagsim %-6s equity/greedy %.2f\n", v, $1 / g }' \
	    "$W/rate.$v.greedy" "$W/rate.$v.equity"
done
