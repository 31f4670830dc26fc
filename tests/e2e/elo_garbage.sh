#!/bin/sh
# elocalc on hostile input: a huge line, binary garbage, UTF-16 GCG, a
# full disk.  Each is reported by file:line, the run goes on where it can,
# and nothing crashes (the sanitizer build turns a crash into a failure).
set -eu
E="$BIN/elocalc"
fail() { echo "FAIL: $*"; exit 1; }
T=$(printf '\t')

# A 70000-byte line between two good ones.
{
	printf '2026-12-01T10:00:00Z\tanna\tbo\t400\t300\n'
	awk 'BEGIN { s = "x"; while (length(s) < 70000) s = s s; print s }'
	printf '2026-12-01T11:00:00Z\tanna\tcy\t400\t300\n'
} > huge.tsv
set +e
"$E" huge.tsv > out 2> err
rc=$?
set -e
[ $rc = 1 ] || fail "huge line: exit $rc"
grep -q '^elocalc: huge.tsv:2: line longer than 65536 bytes$' err || { cat err; fail "huge line message"; }
grep -q "^1${T}anna${T}1231${T}2${T}2${T}0${T}0\$" out || { cat out; fail "games around the huge line"; }

# Binary garbage: every byte value, many times, with and without line ends.
awk 'BEGIN { for (k = 0; k < 50; k++) for (i = 1; i < 256; i++) printf "%c", i }' > garbage.bin
printf 'a\000b\tc\n' >> garbage.bin
for mode in "" -b -G; do
	set +e
	"$E" $mode garbage.bin > out 2> err
	rc=$?
	set -e
	[ $rc = 1 ] || [ $rc = 2 ] || fail "garbage ($mode): exit $rc"
	grep -q '^elocalc: garbage.bin' err || fail "garbage ($mode): no message"
done

# Floods of bad lines: the first 100 are shown, then a count.
awk 'BEGIN { for (i = 0; i < 250; i++) print "junk" }' > junk.tsv
set +e
"$E" junk.tsv > out 2> err
rc=$?
set -e
[ $rc = 1 ] || fail "junk: exit $rc"
[ "$(wc -l < err)" -eq 102 ] || { wc -l err; fail "junk: messages not capped"; }
grep -q '^elocalc: junk.tsv:101: more bad lines' err || fail "junk: no notice"
grep -q '^elocalc: junk.tsv: 250 bad lines in all$' err || fail "junk: no count"

# A name that is not UTF-8.
printf '2026-12-01T10:00:00Z\tann\351\tbo\t400\t300\n' > latin1.tsv
set +e
"$E" latin1.tsv > out 2> err
rc=$?
set -e
[ $rc = 1 ] || fail "latin-1 name: exit $rc"
grep -q 'latin1.tsv:1: player 1: invalid UTF-8' err || { cat err; fail "latin-1 message"; }

# UTF-16 GCG: refused as unreadable (exit 2).
printf '\377\376#\000p\000\n\000' > utf16.gcg
set +e
"$E" -G utf16.gcg > out 2> err
rc=$?
set -e
[ $rc = 2 ] || fail "utf-16: exit $rc"
grep -q 'UTF-16' err || fail "utf-16 message"

# ISO-8859-1 GCG nicks come out as UTF-8.
printf '#character-encoding ISO-8859-1\n#player1 bj\370rn Bj\370rn\n#player2 ole Ole\n>bj\370rn: ABC 8H CAB +14 14\n' > latin1.gcg
"$E" -G latin1.gcg > out
grep -q "^1${T}bjørn${T}1216" out || { cat out; fail "latin-1 gcg"; }

# A full disk: exit 2.
if [ -w /dev/full ]; then
	set +e
	"$E" "$DATA/elo/results.tsv" > /dev/full 2> err
	rc=$?
	set -e
	[ $rc = 2 ] || fail "/dev/full: exit $rc"
fi
echo ok
