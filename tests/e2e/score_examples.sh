#!/bin/sh
# The EXAMPLES of man/scoremove.1 run as written: each "$ command" line of a
# literal block is run (in a directory holding game.gcg, a Norwegian game,
# and no.lex); when output lines follow it, they must match exactly.
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
# On the project's list, with the words tests/data's game plays that it lacks.
add=""
[ "$OWN" = 1 ] && add="-a $CONF/no-gcg-words.txt"
# shellcheck disable=SC2086
"$BIN/lexcompile" -q -r no $add -o no.lex "$LIST_no"
cp "$DATA/gcg/no-transfer.gcg" game.gcg

# Split the EXAMPLES section into ex.N.cmd and ex.N.want files.
awk '
	/^\.Sh EXAMPLES/ { on = 1; next }
	/^\.Sh / { on = 0 }
	!on { next }
	/^\.Bd -literal/ { lit = 1; next }
	/^\.Ed/ { lit = 0; next }
	lit && /^\$ / { n++; f = "ex." n; print substr($0, 3) > (f ".cmd");
		printf "" > (f ".want"); next }
	lit && n { print >> (f ".want") }
' "$TOP/man/scoremove.1"
n=0
for cmd in ex.*.cmd; do
	n=$((n + 1))
	base=${cmd%.cmd}
	# mdoc escapes: \e is a backslash
	sed 's/\\e/\\/g' "$cmd" > "$base.sh"
	sh "$base.sh" > "$base.got"
	if [ -s "$base.want" ]; then
		cmp -s "$base.want" "$base.got" ||
		    { echo "example $(cat "$base.sh"):"; diff "$base.want" "$base.got"; exit 1; }
	else
		[ -s "$base.got" ] || { echo "example $(cat "$base.sh"): no output"; exit 1; }
	fi
done
[ $n -ge 4 ] || { echo "only $n examples found"; exit 1; }
echo ok
