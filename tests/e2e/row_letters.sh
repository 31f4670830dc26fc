#!/bin/sh
# Row-first coordinates (issue 41 point 8): with scoremove -c
# (--row-letter) and movegen --row-letter, moves are read and written as
# Netskrafl writes them, row letter first (H7 = row H, column 7, across;
# 8G = column 8, row G, down), and boards are labelled rows A.., columns
# 1.. (text, JSON, --show, --svg).
set -eu
E='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15'
tab=$(printf '\t')
# PLEB across from row 8 column G (standard 8G) is 16: (3+1+1+3) x 2.
scoremove -N -c "$E PLEB/ 0/0 0 ld en;" "H7 PLEB" > out
[ "$(cat out)" = "H7 PLEB${tab}16${tab}PLEB=16" ]
scoremove -N "$E PLEB/ 0/0 0 ld en;" "8G PLEB" > out
[ "$(cat out)" = "8G PLEB${tab}16${tab}PLEB=16" ]
# Down from row G column 8 (standard H7): "8G" with -c.
scoremove -N -c "$E PLEB/ 0/0 0 ld en;" "8G PLEB" > out
[ "$(cut -f1,2 out)" = "8G PLEB${tab}16" ]
scoremove -N "$E PLEB/ 0/0 0 ld en;" "H7 PLEB" > out
[ "$(cut -f1,2 out)" = "H7 PLEB${tab}16" ]
# Boards: the header numbers the columns, the rows are letters.
scoremove -N -c --show --color never "$E PLEB/ 0/0 0 ld en;" "H7 PLEB" > out
sed -n 2p out | grep -q '^    1    2    3 .* 15$'
sed -n 3p out | grep -q '^ A  3W'
grep -q '^ H  .*\[P' out
scoremove -N --show --color never "$E PLEB/ 0/0 0 ld en;" "8G PLEB" > out
sed -n 2p out | grep -q '^    A    B    C .* O$'
sed -n 3p out | grep -q '^ 1  3W'
scoremove -N -c --svg - "$E PLEB/ 0/0 0 ld en;" "H7 PLEB" > out.svg
grep -q 'text-anchor="end" fill="#555555">H</text>' out.svg
grep -q 'text-anchor="middle" fill="#555555">15</text>' out.svg
! grep -q 'text-anchor="middle" fill="#555555">O</text>' out.svg
# movegen: every notation row-first, text and JSON, and its boards.
printf 'ab\nba\n' > w.txt
"$BIN/lexcompile" -q -r en -o t.lex w.txt
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex --row-letter > out
printf 'H7 AB\t8\t\nH7 BA\t8\t\nH8 AB\t8\t\nH8 BA\t8\t\n-\t0\tAB\n-A\t0\tB\n-AB\t0\t\n-B\t0\tA\n\n' > want
cmp want out
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex --row-letter --json --top 1 > out
grep -q '"moves":\[{"move":"H7 AB","score":8,"leave":""}\]' out
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex --row-letter --top 1 --show --color never > out
grep -q '^ H .*\[A' out
grep -q 'best: H7 AB, 8 points' out
echo "$E AB/ 0/0 0 ld en;" | movegen -l t.lex --row-letter --robot fullsterkur > out
[ "$(cut -f1 out)" = "H7 AB" ]
exit 0
