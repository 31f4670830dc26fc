#!/bin/sh
# movegen on a three-word lexicon, outputs checked by hand: the opening rack
# AB with AB, BA, ABA plays four across moves (each crosses H8, a double
# word: (1 + 3) x 2 = 8), three exchanges and the pass; --count, --json,
# --top, --robot, exchanges only with a full enough bag, errors.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
printf 'ab\nba\naba\n' > w.txt
"$BIN/lexcompile" -q -r en -o t.lex w.txt
E='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15'
tab=$(printf '\t')

echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex > out
printf '8G AB\t8\t\n8G BA\t8\t\n8H AB\t8\t\n8H BA\t8\t\n-\t0\tAB\n-A\t0\tB\n-AB\t0\t\n-B\t0\tA\n\n' > want
cmp want out

# -r instead of ld; two positions; --top
printf '%s AB/ 0/0 0\n%s AB/ 0/0 0\n' "$E" "$E" | movegen -r en -l t.lex -n 1 > out
printf '8G AB\t8\t\n\n8G AB\t8\t\n\n' > want
cmp want out

echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex --count > out
[ "$(cat out)" = "4${tab}3${tab}1${tab}8" ]

echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex --json -n 2 > out
want='{"cgp":"'"$E"' AB/ 0/0 0 ld en;","placements":4,"exchanges":3,"passes":1,"moves":[{"move":"8G AB","score":8,"leave":""},{"move":"8G BA","score":8,"leave":""}]}'
[ "$(cat out)" = "$want" ]

# An exchange threshold above the bag (etl): no exchanges.
echo "$E AB/ 0/0 0 ld en; etl 99;" | movegen -l t.lex --count > out
[ "$(cat out)" = "4${tab}0${tab}1${tab}5" ]

# Robots: fullsterkur takes the first of the ties it meets, score 8.
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex --robot fullsterkur > out
[ "$(cut -f2 out)" = 8 ]
# No placement: exchange the whole rack, else pass.
echo "$E QZ/ 0/0 0 ld en;" | movegen -l t.lex --robot fullsterkur > out
[ "$(cat out)" = "-QZ${tab}0${tab}" ]
echo "$E QZ/ 0/0 0 ld en; etl 99;" | movegen -l t.lex --robot midlungur > out
[ "$(cat out)" = "-${tab}0${tab}QZ" ]
# Same seed, same choice.
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex -R midlungur -s 5 > a
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex -R midlungur -s 5 > b
cmp a b

# Errors: a bad line is reported with its line number, the rest answered.
printf '%s AB/ 0/0 0 ld en;\ngarbage\n' "$E" | movegen -l t.lex --count > out 2> err && exit 1
[ "$(cat out)" = "4${tab}3${tab}1${tab}8" ]
grep -q '^movegen: <stdin>:2: ' err
echo "$E AB/ 0/0 0" | movegen -l t.lex > out 2> err && exit 1
grep -q 'no ruleset' err
echo "$E AB/ 0/0 0 ld en;" | movegen -l nonexistent.lex > out 2> err && exit 1
grep -q 'nonexistent.lex' err
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex > /dev/full 2> err && exit 1
movegen -R strong 2> err && exit 1
grep -q 'unknown robot' err
# --sort equity without --leaves takes the ruleset's shipped table
# (en.klv2), as -a and -R equity do: keeping A (-0.921) before keeping B.
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex --sort equity > out
[ "$(sed -n 6p out | cut -f1,4)" = "-B${tab}-0.921" ]
[ "$(sed -n 7p out | cut -f1,4)" = "-A${tab}-2.855" ]
movegen --help | grep -q '^usage: movegen'
exit 0
