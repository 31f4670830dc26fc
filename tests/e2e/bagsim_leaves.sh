#!/bin/sh
# bagsim leaves: one process, and two shards merged, make the same table
# byte for byte (credits are integer sums); the table is KLV2 that the
# equity robot plays with; a table of leaves worth 0 plays as Fullsterkur
# while the bag has tiles; bad input is refused.
set -eu
bagsim leaves -q -r en -g 60 -s 5 -o one.klv2
bagsim leaves -q -r en -g 60 -s 5 -x 1/2 -a a1
bagsim leaves -q -r en -g 60 -s 5 -x 2/2 -a a2
bagsim leaves merge -r en -o two.klv2 a2 a1 2> err
cmp one.klv2 two.klv2
grep -q '^bagsim: 60 games, ' err
# The same with GNU parallel, as bagsim(1) shows.
if command -v parallel >/dev/null 2>&1; then
	seq 1 3 | parallel bagsim leaves -q -r en -g 60 -s 5 -x {}/3 -a p{}
	bagsim leaves merge -r en -o par.klv2 p1 p2 p3 2> err
	cmp one.klv2 par.klv2
fi
# Two rounds from the first table equal one round from it.
bagsim leaves -q -r en -g 40 -s 1 -R 2 -o r2.klv2
bagsim leaves -q -r en -g 40 -s 1 -o r1.klv2
bagsim leaves -q -r en -g 40 -s 2 -k r1.klv2 -o r1b.klv2
cmp r2.klv2 r1b.klv2
# The table plays: each seat its own, and movegen reads it.
bagsim play -q -r en -g 4 -1 equity -2 equity --leaves1 one.klv2 --leaves2 r2.klv2 --stats > out
grep -q '^margin_p1	4	' out
echo '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0 ld en;' |
    movegen -k one.klv2 -n 1 > out
[ "$(cut -f4 out | grep -c "^[0-9-]")" = 1 ]
# A table beside the default lexicon (NAME.klv2) is found: the equity
# robot and the analysis use it, a plain listing stays by score.
mkdir lx
cp "$ORDVERK_LEXDIR/en.lex" lx/
cp one.klv2 lx/en.klv2
E='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15'
echo "$E AEINRST/ 0/0 0 ld en;" | ORDVERK_LEXDIR=$PWD/lx movegen -R equity > out
[ "$(awk -F'\t' '{ print NF }' out)" = 4 ]
# ... the one in $ORDVERK_LEXDIR, not the build tree's shipped en.klv2.
echo "$E AEINRST/ 0/0 0 ld en;" | movegen -k one.klv2 -R equity > want
cmp want out
echo "$E AEINRST/ 0/0 0 ld en;" | ORDVERK_LEXDIR=$PWD/lx movegen -n 1 > out
[ "$(awk -F'\t' 'NF { print NF }' out)" = 3 ]

# SIGINT: the games so far are learned from and the table written.
bagsim leaves -r en -g 1000000 -o int.klv2 2> err &
pid=$!
sleep 3
kill -INT $pid
rc=0; wait $pid || rc=$?
[ $rc = 0 ]
[ -s int.klv2 ]
grep -q '(interrupted)' err
bagsim play -q -r en -g 1 -1 equity -k int.klv2 > /dev/null

# Refused: no output named; -a with rounds; a shard without -a; a
# foreign or broken accumulator (its line named).
rc=0; bagsim leaves -r en -g 2 2> err || rc=$?; [ $rc = 2 ]
rc=0; bagsim leaves -r en -g 2 -R 2 -a x 2> err || rc=$?; [ $rc = 2 ]
rc=0; bagsim leaves -r en -g 2 -x 1/2 -o x.klv2 2> err || rc=$?; [ $rc = 2 ]
rc=0; bagsim leaves merge -r no -o x.klv2 a1 2> err || rc=$?; [ $rc = 2 ]
grep -q 'a1:2: ' err
sed '7s/.*/7 x 1/' a1 > bad
rc=0; bagsim leaves merge -r en -o x.klv2 bad 2> err || rc=$?; [ $rc = 2 ]
grep -q 'bad:7: bad line' err
[ ! -e x.klv2 ]
exit 0
