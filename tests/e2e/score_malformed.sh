#!/bin/sh
# scoremove --gcg on malformed input: a clear "file:line: message" and
# exit 2, never a crash (this runs under the sanitizers in make check),
# and the files after a bad one are still checked.
set -eu
tab=$(printf '\t')
good=$DATA/gcg/en-double.gcg

expect2() {  # expect2 FILE LINE TEXT
	rc=0; scoremove -G -N "$1" "$good" > out 2> err || rc=$?
	[ $rc = 2 ] || { echo "$1: exit $rc, want 2"; cat out err; exit 1; }
	grep -q "^scoremove: $1:$2: .*$3" err || { echo "$1:"; cat err; exit 1; }
	grep -q "^$good${tab}ok\$" out || { echo "$1: next file not checked"; exit 1; }
}

# a 300 KB line
{ echo '#player1 a A'; printf '#note '; head -c 307200 /dev/zero | tr '\0' x; echo; } > long.gcg
expect2 long.gcg 2 'line longer than'
# binary garbage: NUL bytes and control characters
printf '#player1 a A\n\001\002\003\004\377\376garbage\n' > ctrl.gcg
expect2 ctrl.gcg 2 'control character'
head -c 3000 /dev/urandom > rand.gcg
rc=0; scoremove -G -N rand.gcg > out 2> err || rc=$?
[ $rc = 2 ] || [ $rc = 1 ] || { echo "random: exit $rc"; cat err; exit 1; }
# UTF-16, with and without a byte order mark
printf '\377\376#\000p\000\n\000' > bom16.gcg
expect2 bom16.gcg 1 'UTF-16'
printf '#\000p\000l\000\n\000' > raw16.gcg
expect2 raw16.gcg 1 'UTF-16'
# truncated lines, unknown events, bad numbers
printf '#tile-distribution en\n>a: ABEILPT 8H PLEB\n' > trunc.gcg
expect2 trunc.gcg 2 'truncated event'
printf '#tile-distribution en\n>a: ABEILPT %%%% +3 3\n' > unknown.gcg
expect2 unknown.gcg 2 'unknown event'
printf '#tile-distribution en\n>a: ABEILPT 8H PLEB +16 1x6\n' > total.gcg
expect2 total.gcg 2 'bad cumulative total'
printf '>a: ABEILPT 8H PLEB +16 16\n' > norules.gcg
expect2 norules.gcg 1 'no ruleset'
printf '#tile-distribution en\nplain text\n' > text.gcg
expect2 text.gcg 2 'not a GCG line'
# endless games are cut off
awk 'BEGIN { print "#tile-distribution no"
	for (i = 0; i < 100001; i++) print ">a: ABEILRT - +0 0" }' > many.gcg
expect2 many.gcg 100002 'more than 100000 events'
# a line of 65,536 bytes (a CR before the newline counted) is read, one
# byte more is refused, both by the full reader and elocalc's light one
longline() {  # longline BYTES CR: a game with a #note line that long
	{ sed -n 1,5p "$good"
	  awk -v n="$1" -v cr="$2" 'BEGIN { s = "#note "
		while (length(s) < n - cr) s = s "x"
		printf "%s%s\n", s, cr ? "\r" : "" }'
	  sed -n '6,$p' "$good"; } > long.gcg
}
for cr in 0 1; do
	longline 65536 $cr
	scoremove -G -N long.gcg > /dev/null
	elocalc -G long.gcg > /dev/null
	longline 65537 $cr
	expect2 long.gcg 6 'line longer than 65536 bytes'
	rc=0; elocalc -G long.gcg > /dev/null 2> err || rc=$?
	grep -q '^elocalc: long.gcg:6: line too long' err
done
# a total off by one is a wrong game (exit 1), not a malformed one
printf '#tile-distribution en\n>a: ABEILPT 8H PLEB +16 17\n' > off.gcg
rc=0; scoremove -G -N off.gcg > out || rc=$?
[ $rc = 1 ] && grep -q "^off.gcg${tab}2: cumulative total 17 written, 16" out
# an empty file holds no game: an input error (a truncated download must
# not pass as "nothing wrong")
: > empty.gcg
rc=0; scoremove -G -N empty.gcg > out 2> err || rc=$?
[ $rc = 2 ] && grep -q '^scoremove: empty.gcg: no game in the input$' err && [ ! -s out ]
# a write error is reported
if [ -w /dev/full ]; then
	rc=0; scoremove -G -N "$good" > /dev/full 2> err || rc=$?
	[ $rc = 2 ]
fi
echo ok
