#!/bin/sh
# movegen -a's verdicts on records of the shapes that went wrong (issue
# 43), each a small record of our own in tests/data: an opening down the
# board, a withdrawn phony, a phony that stood, a tie, a score that does
# not add up, a Norwegian end settled the English way, a game that does
# not replay; and what the analysis names (lexicon, leave table) and
# lists (the top moves).
set -eu
[ -f "$ORDVERK_LEXDIR/en.lex" ] || { echo "no default en lexicon"; exit 77; }
M=$BIN/movegen
D=$DATA/gcg
tab=$(printf '\t')

# An opening down the board is its mirror across (8G OUTDUEL, which the
# generator lists): 68 points, a tie with the best, so rank 1 and the
# best move is the move played, named so in the text, the table and the
# board (no dashed shadow of another move on it).
"$M" -a --top 3 --html v.html "$D/en-vertical.gcg" > out
grep -q "^1${tab}Peter${tab}DELOTUU${tab}H7 OUTDUEL${tab}68${tab}68.000${tab}1${tab}342${tab}H7 OUTDUEL${tab}68${tab}68.000${tab}0.000${tab}mirrored$" out
grep -q '<td>H7 OUTDUEL</td><td class="n">68</td><td class="n rank">1 of 342</td><td>H7 OUTDUEL</td>' v.html
awk '/<section class="turn" id="t1"/ { on = 1 } on && /<\/section>/ { exit }
	on' v.html > t1
grep -q 'OUTDUEL down from H7' t1          # the #note at its turn
! grep -q 'stroke-dasharray="4 3"' t1 || { echo "a ghost on a tie"; exit 1; }

# A withdrawn phony (en-public.gcg, turn 6: bob's 8K TE, then "--"): a
# turn of 0 points worth nothing, marked withdrawn; what it lost is the
# best move's whole value.
"$M" -a "$D/en-public.gcg" > out
line=$(grep "^6${tab}bob${tab}" out)
[ "$(echo "$line" | cut -f4,5,6,7,13)" = "8K TE${tab}0${tab}0.000${tab}-${tab}withdrawn" ]
[ "$(echo "$line" | cut -f11)" = "$(echo "$line" | cut -f12)" ]
[ "$(echo "$line" | cut -f12)" != 0.000 ]
# Phonies are judged by a lexicon and values by a table: both named.
grep -q "^# lexicon en.lex${tab}values equity (score and leave), leaves en.klv2$" out
"$M" -a --sort score "$D/en-public.gcg" | grep -q "^# lexicon en.lex${tab}values score$"
"$M" -a --json "$D/en-public.gcg" > j
grep -q '^{"file":"[^"]*en-public.gcg","lexicon":"en.lex","values":"equity","leaves":"en.klv2",' j
grep -q '"turn":6,"player":"bob","rack":"DEETTTX","move":"8K TE","score":0,"bag":[0-9]*,"withdrawn":true,"value":0.000,"rank":null,' j
# The top moves: 5 by default, --top N, best first.
[ "$(awk -F '\t' '$1 == 1 { on = 1; next } on && $1 == "#" { n++ }
	on && $1 != "#" { exit } END { print n }' out)" = 5 ]
"$M" -a --top 2 "$D/en-public.gcg" > out2
[ "$(grep -c "^#${tab}[0-9]" out2)" = "$(( 2 * $(grep -c '^[0-9]' out2) - \
    $(grep -c "${tab}unknown rack${tab}" out2) * 2 ))" ]
grep -A1 "^1${tab}alice" out2 | tail -1 | grep -q "^#${tab}1${tab}8G PLANCH${tab}34${tab}O${tab}31.180$"

# A phony that stood, worth more than any legal move: ranked phony, the
# best move's value is its own (an exchange's 4.977), not the phony's
# 168, in the text and the page's best-equity column.
"$M" -a --html p.html "$D/en-phony.gcg" > out
grep -q "^1${tab}Peter${tab}JKQVWXZ${tab}8D QZXJKVW${tab}168${tab}168.000${tab}-1${tab}128${tab}-JKQVWX${tab}0${tab}4.977${tab}0.000${tab}phony$" out
grep -q '<td class="n rank">phony</td><td>-JKQVWX</td><td class="n">5.0</td>' p.html

# A score that does not add up: every turn analysed, the bad line marked
# in the text, on standard error and on the page, exit 1.
set +e
"$M" -a --html w.html "$D/wrongscore-en.gcg" > out 2> err; rc=$?
set -e
[ $rc = 1 ]
grep -q "^movegen: $D/wrongscore-en.gcg:7: 14B RETAINS scores +77, not +79 as written" err
grep -q "^2${tab}Emely${tab}AEINRST${tab}14B RETAINS${tab}79${tab}77.000${tab}1${tab}.*${tab}wrong score: 14B RETAINS scores +77, not +79$" out
grep -q "^3${tab}Peter${tab}ABEFLOY${tab}13B OFAY${tab}39${tab}37.501${tab}3${tab}" out
grep -q '<p class="warn">Line 7: 14B RETAINS scores +77, not +79' w.html
xmllint --noout w.html
# A game that does not replay (a wrong total): exit 2 and no page.
sed 's/13B OFAY +39 107/13B OFAY +39 108/' "$D/wrongscore-en.gcg" > bad.gcg
set +e
"$M" -a --html bad.html bad.gcg > out 2> err; rc=$?
set -e
[ $rc = 2 ] && [ ! -e bad.html ] && grep -q 'bad.gcg:9: cumulative total' err

# A Norwegian end written the double way (Ordspill settles by transfer):
# a slip, warned naming the ruleset's rule (scoremove and movegen);
# refused under --strict, without a page.
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
"$BIN/lexcompile" -q -r no -o no.lex "$LIST_no"
G=$D/no-double.gcg
"$BIN/scoremove" -G -N "$G" > out 2> err
grep -q 'no-double.gcg:51: the end is settled double, but no settles by transfer' err
set +e
"$BIN/scoremove" -G -N --strict "$G" > out 2> err; rc=$?
set -e
[ $rc = 1 ] && grep -q 'settled double, but no settles by transfer' out
"$M" -a -l no.lex --sort score "$G" > out 2> err
grep -q '^movegen: .*no-double.gcg:51: the end is settled double, but no settles by transfer' err
set +e
"$M" -a -l no.lex --sort score --strict --html nd.html "$G" > out 2> err; rc=$?
set -e
[ $rc = 2 ] && [ ! -e nd.html ]
# The transfer game itself is no slip.
"$M" -a -l no.lex --sort score "$D/no-transfer.gcg" > out 2> err
[ ! -s err ]
exit 0
