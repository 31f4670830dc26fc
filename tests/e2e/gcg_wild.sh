#!/bin/sh
# Game records from the wild (scoremove(1), movegen(1)): an annotated game
# whose opponent's racks show only the tiles played, a slip in a complete
# rack (warned; refused with --strict), and the analysis of such a game.
set -eu
G=$DATA/gcg/en-partial.gcg

# Partial racks: the game checks out, every score right, settled double.
scoremove -G -N -v "$G" | tail -1 > out
printf '%s\tok\t548-317\tended, settled double\n' "$G" > want
cmp want out

# movegen -a analyses doug's turns and marks josh's.
movegen -a -r en "$G" > out
[ "$(grep -c 'unknown rack' out)" = "$(grep -c '^>josh: [^(]' "$G")" ]
grep -q "^1	doug	[A-Z?]*	8D WORMED	32	[-0-9.]*	1	" out

# A slip: doug kept NSST but his next rack is written IONSSTZ, so the one
# after (NNSSTTU) lacks the O he kept then.  Warned, the game is ok (exit
# 0); with --strict refused (exit 1).
sed 's/>doug: INNSSTZ/>doug: IONSSTZ/' "$G" > slip.gcg
line=$(grep -n '>doug: NNSSTTU' slip.gcg | cut -d: -f1)
scoremove -G -N slip.gcg > out 2> err
[ "$(cat out)" = "slip.gcg	ok" ]
grep -q "^scoremove: slip.gcg:$line: rack NNSSTTU does not hold the tiles NOSS kept on line $((line - 2)) (a slip" err
rc=0; scoremove -G -N --strict slip.gcg > out 2> err || rc=$?
[ $rc = 1 ]
grep -q "slip.gcg	$line: rack NNSSTTU does not hold the tiles NOSS" out

# Three Z on a partial rack: more than the bag holds, refused.
sed 's/>josh: CANOE 7C/>josh: CANOEZZZ 7C/' "$G" > zzz.gcg
rc=0; scoremove -G -N zzz.gcg > out 2> err || rc=$?
[ $rc != 0 ]
exit 0
