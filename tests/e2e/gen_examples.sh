#!/bin/sh
# The EXAMPLES of man/movegen.1 run as written: each "$ command" of a
# literal block (with its continuation lines, indented) is run in a
# directory holding what the examples name: game.gcg and round3.gcg (an
# English game of tests/data), positions.cgp, leaves.klv and sowpods.lex
# (the default English table and lexicon, which is SOWPODS), position.cgp
# (a mid-game position; simulations run at 40 iterations, and an example
# after a ".\\" not run" comment is not run); when output
# lines follow it they must match exactly, else it must print something.
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
[ -f "$ORDVERK_LEXDIR/en.lex" ] || { echo "no default en lexicon"; exit 77; }
command -v jq >/dev/null || { echo "no jq"; exit 77; }
cp "$DATA/gcg/en-public.gcg" game.gcg
cp "$DATA/gcg/en-public.gcg" round3.gcg
ln -s "$ORDVERK_LEXDIR/en.lex" sowpods.lex
cp "$ORDVERK_LEXDIR/en.klv2" leaves.klv
printf '%s\n' '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABEILPT/ 0/0 0 ld en;' \
    '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ?DIJNNR/ 0/0 0 ld en;' > positions.cgp
"$BIN/movegen" -P 1 -r en | sed -n 12p > position.cgp
PATH=$BIN:$PATH
export PATH
awk '
	/^\.Sh EXAMPLES/ { on = 1; next }
	/^\.Sh / { on = 0 }
	!on { next }
	/^\.Bd -literal/ { lit = 1; next }
	/^\.Ed/ { lit = 0; next }
	/^\.\\" not run/ { skip = 1; next }
	lit && /^\$ / && skip { skip = 0; dropped = 1; next }
	lit && dropped && /^    / { next }
	lit && /^\$ / { dropped = 0; n++; f = "ex." n; print substr($0, 3) > (f ".cmd");
		printf "" > (f ".want"); cont = 1; next }
	lit && n && cont && /^    / { print >> (f ".cmd"); next }
	lit && n && !dropped { cont = 0; print >> (f ".want") }
' "$TOP/man/movegen.1"
n=0
for cmd in ex.*.cmd; do
	n=$((n + 1))
	base=${cmd%.cmd}
	# Simulations run at 40 iterations.
	sed -E 's/\\e/\\/g; s/--iterations [0-9]+/--iterations 40/g
	    /--iterations/!s/--sim( |$)/--sim --iterations 40\1/' "$cmd" > "$base.sh"
	sh "$base.sh" > "$base.got" ||
	    [ $? = 1 ] || { echo "example $(cat "$base.sh"): failed"; exit 1; }
	if [ -s "$base.want" ]; then
		cmp -s "$base.want" "$base.got" ||
		    { echo "example $(cat "$base.sh"):"; diff "$base.want" "$base.got"; exit 1; }
	else
		# (One that writes its files instead may print nothing.)
		grep -q '> *[a-z]' "$base.sh" || [ -s "$base.got" ] ||
		    { echo "example $(cat "$base.sh"): no output"; exit 1; }
	fi
done
[ $n -ge 10 ] || { echo "only $n examples found"; exit 1; }
# The pages they wrote.
xmllint --noout analysis.html
[ -f round3-01.html ]
# The five turns that lost most: five lines, losses not increasing.
[ "$(wc -l < ex.8.got)" = 5 ]
cut -f5 ex.8.got | sort -rn -c
exit 0
