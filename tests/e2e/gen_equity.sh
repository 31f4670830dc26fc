#!/bin/sh
# movegen with a leave table (KLV2, ordverk-klv(5)) written byte by byte:
# leaves ? = 1.5, ?A = -2, A = 3, AB = 0.25, B = -0.5.  Rack AB on an empty
# board with the words AB, BA, ABA: placements keep nothing (8 points,
# equity 8.000); exchanging B keeps A (3.000); the pass keeps AB (0.250);
# exchanging AB keeps nothing (0.000); exchanging A keeps B (-0.500).
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
printf 'ab\nba\naba\n' > w.txt
"$BIN/lexcompile" -q -r en -o t.lex w.txt
u32() {
	printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $(($1 & 255)) $(($1 >> 8 & 255)) \
	    $(($1 >> 16 & 255)) $(($1 >> 24 & 255)))"
}
{
	u32 7
	for n in 2 0 $((0x00800005)) $((0x01800006)) $((0x02C00000)) \
	    $((0x01C00000)) $((0x02C00000)); do u32 $n; done
	u32 5
	for f in $((0x3FC00000)) $((0xC0000000)) $((0x40400000)) \
	    $((0x3E800000)) $((0xBF000000)); do u32 $f; done
} > t.klv
[ "$(wc -c < t.klv)" = 56 ]
E='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15'

echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex -k t.klv > out
printf '%s\n' '8G AB	8		8.000' '8G BA	8		8.000' '8H AB	8		8.000' \
    '8H BA	8		8.000' '-B	0	A	3.000' '-	0	AB	0.250' '-AB	0		0.000' \
    '-A	0	B	-0.500' '' > want
cmp want out

# By score the exchanges and the pass tie at 0, in notation order.
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex -k t.klv --sort score | cut -f1 | sed -n 5,8p > out
printf '%s\n' '-' '-A' '-AB' '-B' > want
cmp want out

# The equity robot: a placement (8 beats every exchange).
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex -k t.klv -R equity | cut -f2 > out
[ "$(cat out)" = 8 ]

# Analysis with the table: the first player, holding ABCDEFG, exchanged A
# (keeping BCDEFG, not in the table: 0.000) where the best was a tile
# play (8 points keeping CDEFG, 8.000: the robot's, ties to the first by
# place and tiles, 8G AB): 8.000 lost; better were the four plays and
# the exchanges keeping A (3.000) and AB (0.250): rank 7 of 4 plays,
# 127 exchanges and the pass.
printf '%s\n' '#character-encoding UTF-8' '#player1 p1 One' '#player2 p2 Two' \
    '#tile-distribution en' '>p1: ABCDEFG -A +0 0' > g.gcg
# The rack, the values (equity, the played move's and the best's) and the
# files they come from are written.
movegen -a -r en -l t.lex -k t.klv g.gcg > an
grep -v '^#' an | sed -n 1p > out
printf '1\tp1\tABCDEFG\t-A\t0\t0.000\t7\t132\t8G AB\t8\t8.000\t8.000\t-\n' > want
cmp want out
grep -q '^# lexicon t.lex	values equity (score and leave), leaves t.klv$' an

# A truncated table is an error naming the file.
head -c 50 t.klv > bad.klv
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex -k bad.klv > out 2> err && exit 1
grep -q 'bad.klv' err
exit 0
