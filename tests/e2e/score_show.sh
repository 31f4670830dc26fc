#!/bin/sh
# scoremove's pictures as a user makes them: --svg to a file, to standard
# output and one file a turn of a game, each well-formed (xmllint) and
# rendered (rsvg-convert); the refusals of names and options.
set -eu
command -v xmllint >/dev/null && command -v rsvg-convert >/dev/null || {
	echo "xmllint or rsvg-convert missing: make setup installs them"; exit 1; }
S=$BIN/scoremove
CGP='15/15/15/15/15/15/15/7ÞÆTT4/15/15/15/15/15/15/15 ÁÐÖ?EIR/ 12/0 0 ld is;'

"$S" -N --svg move.svg "$CGP" 'I7 Ð.i' > out
printf 'I7 Ð.i\t8\tÐÆi=8\n' | cmp - out
xmllint --noout move.svg
rsvg-convert -o move.png move.svg
[ -s move.png ]
grep -q 'Ð' move.svg
ls | grep -q tmp && { echo "temporary file left"; exit 1; }

# To standard output: the SVG alone; an invalid move still draws the
# position, says why on stderr and exits 1.
"$S" -N --svg - "$CGP" 'I7 Ð.i' > alone.svg
xmllint --noout alone.svg
cmp alone.svg move.svg
set +e
"$S" -N --svg - "$CGP" 'A1 ÐÐ' > bad.svg 2> bad.err
rc=$?
set -e
[ $rc = 1 ]
xmllint --noout bad.svg
grep -q 'invalid' bad.err

# A game: one file a turn, numbered by event.
"$S" -G -N --svg 'turn-%02d.svg' "$DATA/gcg/is-double.gcg" > out
grep -q 'ok$' out
n=$(ls turn-*.svg | wc -l)
[ "$n" -ge 20 ] || { echo "only $n turn pictures"; exit 1; }
[ -f turn-01.svg ]
for f in turn-*.svg; do xmllint --noout "$f"; done
rsvg-convert -o last.png "$(ls turn-*.svg | tail -1)"
grep -q 'gudrun' turn-01.svg

# Refusals: usage errors (exit 2), nothing written.
for args in "-G -N --svg one.svg $DATA/gcg/is-double.gcg" \
    "-G -N --svg - $DATA/gcg/is-double.gcg" \
    "-N --svg x%s.svg" "-N -S --svg -" "-N --color=maybe -S"; do
	set +e
	"$S" $args "$CGP" 'I7 Ð.i' > /dev/null 2> err
	rc=$?
	set -e
	[ $rc = 2 ] || { echo "scoremove $args: exit $rc"; exit 1; }
	grep -q 'scoremove: ' err
done
[ ! -e one.svg ]
set +e
"$S" -N --svg no/such/dir/x.svg "$CGP" 'I7 Ð.i' > /dev/null 2> err
rc=$?
set -e
[ $rc = 2 ] && grep -q 'no/such/dir/x.svg' err
