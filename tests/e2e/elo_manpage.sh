#!/bin/sh
# Every "$ elocalc ..." example in man/elocalc.1 whose output the page shows
# runs here, in a copy of tests/data/elo, and must print exactly that
# output, so the manual cannot drift from the program.  (The bagsim pipe
# and the GCG glob have no output shown; elo_bagsim.sh and the gcg CLI case
# run those.)
set -eu
TOP=$(cd "$DATA/../.." && pwd)
cp "$DATA"/elo/* .
# Split the EXAMPLES section into cases: NAME.cmd and NAME.want.
awk -v dir="$PWD" '
/^\.Sh EXAMPLES/ { on = 1; next }
/^\.Sh / { on = 0 }
!on { next }
/^\.Bd/ { inblock = 1; next }
/^\.Ed/ { inblock = 0; cur = 0; next }
inblock && /^\$ / && !/^\$ elocalc/ { cur = 0; next }
inblock && /^\$ elocalc/ {
	n++
	cmd = sprintf("%s/ex%d.cmd", dir, n)
	want = sprintf("%s/ex%d.want", dir, n)
	sub(/^\$ /, "")
	print > cmd
	close(cmd)
	printf "" > want
	cur = 1
	next
}
inblock && cur { print >> want }
' "$TOP/man/elocalc.1"
ran=0
for c in ex*.cmd; do
	w=${c%.cmd}.want
	[ -s "$w" ] || continue
	line=$(cat "$c")
	eval "\"$BIN/\"$line" > got 2> err || { cat err; echo "FAIL: $line: exit $?"; exit 1; }
	cmp -s "$w" got || { echo "FAIL: $line"; diff "$w" got; exit 1; }
	ran=$((ran + 1))
done
[ $ran -ge 5 ] || { echo "FAIL: only $ran examples found"; exit 1; }
echo "ok: $ran examples"
