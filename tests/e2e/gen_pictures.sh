#!/bin/sh
# movegen's pictures as a user makes them: the best move of a position on
# a terminal board and in SVG, and a game's analysis as one HTML page per
# game -- well-formed (xmllint), its boards rendered (rsvg-convert), its
# table and summary holding the analysis' own figures.
set -eu
command -v xmllint >/dev/null && command -v rsvg-convert >/dev/null || {
	echo "xmllint or rsvg-convert missing: make setup installs them"; exit 1; }
[ -f "$ORDVERK_LEXDIR/en.lex" ] || { echo "no default en lexicon"; exit 77; }
M=$BIN/movegen
G=$DATA/gcg/en-public.gcg
EMPTY='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABEILPT/ 0/0 0'

# A position: the list, then its best move on the board.
echo "$EMPTY" | "$M" -r en -n 1 --show --color=never > out
head -1 out | grep -q '^8D PATIBLE	78'
grep -q '^ 8 .*\[P₃\] \[A₁\] \[T₁\] \[I₁\] \[B₃\] \[L₁\] \[E₁\]' out
tail -1 out | grep -q '^best: 8D PATIBLE, 78 points$'
echo "$EMPTY" | "$M" -r en -n 1 --svg best.svg > out
head -1 out | grep -q '^8D PATIBLE	78'
xmllint --noout best.svg
rsvg-convert -o best.png best.svg

# A game: one page, as many boards as the analysis has turns.
"$M" -a --sort score --html 'game-%d.html' "$G" > analysis
[ -f game-1.html ] && [ ! -e game-2.html ]
xmllint --noout game-1.html
turns=$(grep -vc '^#\|^$' analysis)
[ "$(grep -c '<section class="turn"' game-1.html)" = "$turns" ]
# Turn 1 (check_analyse works it out by hand): 8F LOCH 18, rank 71 of 447,
# 8G PLANCH 34 best, 16 lost; the final score as scoremove replays it.
grep -q '<a class="to" href="#t1">1</a>.*<td>8F LOCH</td><td class="n">18</td><td class="n rank">71 of 447</td><td>8G PLANCH</td><td class="n">34</td><td class="n lost">16</td>' game-1.html
final=$("$BIN/scoremove" -G -v "$G" | tail -1 | cut -f3)
grep -q "<h1>alice ${final%-*} – bob ${final#*-}</h1>" game-1.html
grep -q 'moves valued by score' game-1.html
# Self-contained: one inline script, nothing to fetch (the only address
# is SVG's namespace name).  (A test of its own: "! cmd" never fails
# under set -e.)
[ "$(grep -c '<script' game-1.html)" = 1 ]
if grep -v 'xmlns="http://www.w3.org/2000/svg"' game-1.html |
    grep -qi '<script [^>]*src\|https\?://[a-z]\|<link '; then
	echo "the page refers outside itself"; exit 1
fi
# Its first board, cut out, renders.
awk '/<section class="turn" id="t1"[ >]/ { on = 1 } on && /<svg / { p = 1 }
	p { print } p && /<\/svg>/ { exit }' game-1.html > t1.svg
xmllint --noout t1.svg
rsvg-convert -o t1.png t1.svg
[ -s t1.png ]
ls | grep -q tmp && { echo "temporary file left"; exit 1; }

# The analysis in the terminal: a board after each turn's line, turn 1's
# caption by hand (as above).
"$M" -a --sort score --show --color=never "$G" > shown
[ "$(grep -c '^    A    B    C' shown)" = "$turns" ]
grep -q '^alice, turn 1: played 8F LOCH, 18 points; best 8G PLANCH, worth 34; lost 16$' shown
# PLANCH's P, L and A fall on squares LOCH fills: "{ }" there, with a
# legend, so the best move is not hidden under the played one.
grep -q '^ 8 .*\[L₁\] {O₁} {C₃} {H₄} (N₁) (C₃) (H₄)' shown
grep -q '^{ } a square both moves use' shown

# Two games in one stream need a number in the name; refusals are usage
# errors.
{ cat "$G"; echo '#end'; cat "$G"; } > two.gcg
"$M" -a --html 'two-%d.html' two.gcg > /dev/null
[ -f two-1.html ] && [ -f two-2.html ]
set +e
"$M" -a --html one.html two.gcg > /dev/null 2> err; rc=$?
set -e
[ $rc = 2 ] && grep -q 'more than one picture' err
# A picture a turn and a page a game: each name is checked for itself
# (an SVG name with a number beside a page name without one), and an SVG
# name without a number is refused before anything is written.
"$M" -a --sort score --svg 'turn-%02d.svg' --html page.html "$G" > /dev/null
[ -f page.html ] && [ -f turn-01.svg ] && [ -f "turn-$turns.svg" ]
set +e
"$M" -a --sort score --svg unnumbered.svg "$G" > /dev/null 2> err; rc=$?
set -e
[ $rc = 2 ] && grep -q 'one file each needs %d' err && [ ! -e unnumbered.svg ]
for args in "--html x.html -r en" "-a --svg - $G" \
    "-r en --svg -" "-r en --show --color=maybe" "-a --html x%s.html $G"; do
	set +e
	echo "$EMPTY" | "$M" $args > /dev/null 2> err; rc=$?
	set -e
	[ $rc = 2 ] || { echo "movegen $args: exit $rc"; exit 1; }
done
