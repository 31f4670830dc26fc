#!/bin/sh
# ab-gen.sh TREE RULESET [GAMES] [RUNS] — compares two versions of the
# move generator inside one bagsim, game by game, for changes too small
# for whole runs on a shared machine (they swing by 5-25 % from hour to
# hour; this set-up's A/A runs came out 1.001, runs 0.991-1.013).
#
# TREE is a copy of the project in which the two versions are chosen at
# run time by `extern int gen_exp;` (0: A, 1: B), e.g. in common/gen_best.c:
#	extern int gen_exp;
#	if (gen_exp) { ...B... } else { ...A... }
# The script copies TREE, times gen_best with rdtsc (x86-64) per version,
# makes bagsim play game k (common/selfplay.c) with version (k + run) % 2,
# so that each run swaps the halves of the games, and prints B's cycles a
# turn over A's:
# the geometric mean over RUNS runs (default 6) of GAMES games (default
# 2,000; seeds 0, 0, 1, 1, ...; an even RUNS gives both halves equally),
# blank turns apart, and each run's ratio.
# Lexicons: ORDVERK_LEXDIR or ./lexicons (as `make lexicons` builds).
set -eu
[ $# -ge 2 ] || { echo "usage: ab-gen.sh TREE RULESET [GAMES] [RUNS]" >&2; exit 2; }
TREE=$(cd "$1" && pwd)
V=$2
GAMES=${3:-2000}
RUNS=${4:-6}
top=$(cd "$(dirname "$0")/.." && pwd)
LEXDIR=${ORDVERK_LEXDIR:-$top/lexicons}
lex=$LEXDIR/$(echo "$V" | sed 's/-old$//').lex
[ -r "$lex" ] || { echo "ab-gen.sh: $lex: no lexicon" >&2; exit 2; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cp -r "$TREE/Makefile" "$TREE/common" "$TREE/tools" "$W/"
grep -q 'gen_exp' "$W"/common/*.c "$W"/common/*.h 2>/dev/null ||
	echo "ab-gen.sh: warning: nothing in common/ reads gen_exp (an A/A run)" >&2

# gen_best's cycles per version (and blank turns apart), printed at exit.
awk '
/^#include "gen_impl.h"$/ && !d { print; print "#include <stdio.h>";
	print "#include <x86intrin.h>";
	print "int gen_exp;";
	print "static unsigned long long ab_c[2][2], ab_t0; static long ab_n[2][2];";
	print "__attribute__((destructor)) static void ab_dump(void) {";
	print "\tfprintf(stderr, \"AB %.6f %.6f %.0f %.0f\\n\",";
	print "\t    ((double)(ab_c[1][0] + ab_c[1][1]) / (ab_n[1][0] + ab_n[1][1])) /";
	print "\t    ((double)(ab_c[0][0] + ab_c[0][1]) / (ab_n[0][0] + ab_n[0][1])),";
	print "\t    ((double)ab_c[1][1] / ab_n[1][1]) / ((double)ab_c[0][1] / ab_n[0][1]),";
	print "\t    (double)(ab_c[0][0] + ab_c[0][1]) / (ab_n[0][0] + ab_n[0][1]),";
	print "\t    (double)(ab_c[1][0] + ab_c[1][1]) / (ab_n[1][0] + ab_n[1][1]));";
	print "}"; d = 1; next }
/^\tg->best_mode = 1;$/ && !s { print "\tab_t0 = __rdtsc();"; print; s = 1; next }
/^\tg->best_mode = 0;$/ && s && !e { print;
	print "\tab_c[gen_exp][g->rack[0] > 0] += __rdtsc() - ab_t0;";
	print "\tab_n[gen_exp][g->rack[0] > 0]++;"; e = 1; next }
{ print }
END { if (!d || !s || !e) { print "ab-gen.sh: gen_best.c has changed: update the script" > "/dev/stderr"; exit 1 } }
' "$TREE/common/gen_best.c" > "$W/common/gen_best.c"
awk '
/^\tif \(game_start\(sp->g, gs, e\) < 0\)$/ && !d {
	print "\t{ extern int gen_exp; const char *ab = getenv(\"AB_RUN\");";
	print "\t  gen_exp = ab == NULL ? 0 : (int)((k + atoi(ab)) & 1); }"; d = 1 }
{ print }
END { if (!d) { print "ab-gen.sh: selfplay.c has changed: update the script" > "/dev/stderr"; exit 1 } }
' "$TREE/common/selfplay.c" > "$W/common/selfplay.c"
make -s -C "$W" B="$W/build" BIN="$W/bin" "$W/bin/bagsim" >/dev/null
one=""
command -v taskset >/dev/null 2>&1 && one="taskset -c 0"
r=0
while [ "$r" -lt "$RUNS" ]; do
	AB_RUN=$((r % 2)) $one "$W/bin/bagsim" play -q -r "$V" -l "$lex" \
	    -s $((r / 2)) --stats -g "$GAMES" 2>&1 >/dev/null | grep '^AB '
	r=$((r + 1))
done | awk -v v="$V" '
{ n++; s += log($2); sb += log($3); a += $4; b += $5; runs = runs sprintf(" %.3f", $2) }
END { printf "%s: B/A %.4f (blank turns %.4f) over %d runs of gen_best, A %.0f B %.0f cycles a turn; runs:%s\n",
	v, exp(s / n), exp(sb / n), n, a / n, b / n, runs }'
