#!/bin/sh
# The EXAMPLES of man/scoremove.1 run as written: each "$ command" line of a
# literal block is run (in a directory holding game.gcg, a Norwegian game,
# and no.lex); when output lines follow it, they must match exactly.
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
[ -n "$SHARED" ] || { echo "no ../shared"; exit 77; }
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
"$BIN/lexcompile" -q -r no -o no.lex "$SHARED/wordlists/small/no-bokmaal-2to4.txt"
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
