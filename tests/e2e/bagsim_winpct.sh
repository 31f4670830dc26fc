#!/bin/sh
# bagsim winpct: the same seed makes the same table; shards merged in any
# order are one process's table byte for byte; MAGPIE's layout goes
# through unchanged and gives the same chances; damaged or cut tables
# are refused with file:line.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
"$BIN/lexcompile" -r en -o en.lex "$LIST_en" 2>/dev/null
run="$BIN/bagsim winpct --rules en --lexicon en.lex --games 24 --seed 9 --quiet"
$run --output one.w
$run --output again.w
cmp one.w again.w
for k in 1 2 3; do $run --shard $k/3 --output s$k.w; done
grep -qx 'run 9 24 2/3' s2.w || fail "shard header: $(sed -n 6p s2.w)"
"$BIN/bagsim" winpct merge --output merged.w s3.w s1.w s2.w
cmp one.w merged.w
grep -qx 'run 9 24' merged.w || fail "merged run line"
grep -qx 'games 24' merged.w || fail "merged games"
# The counts add up: positions = the keys' positions; games = ends.
awk '/^positions /{p = $2} /^[0-9]/{s += $4} END {exit !(p == s && p > 24)}' one.w ||
	fail "positions"
awk '/^ends /{exit !($3 + $5 + $7 == 24)}' one.w || fail "ends"
# A shard twice is the same games counted twice.
! "$BIN/bagsim" winpct merge --output twice.w s1.w s2.w s1.w 2>err
grep -q '^bagsim: s1.w: run of seed 9 counted twice' err || fail "twice: $(cat err)"
[ ! -e twice.w ] || fail "twice.w written"
# MAGPIE's layout: 93 rows (tiles unseen 1 .. 100 - 7), a total and
# 1,001 counts each, no final newline; read and written back unchanged,
# and the same chances as ordverk's layout.
"$BIN/bagsim" winpct merge --magpie --output one.csv one.w
[ "$(awk 'END {print NR}' one.csv)" = 93 ] || fail "rows"
awk '{ if (NF != 1002) exit 1 }' one.csv || fail "columns"
[ "$(tail -c 1 one.csv)" = " " ] || fail "final byte"
"$BIN/bagsim" winpct merge --magpie --output two.csv one.csv
cmp one.csv two.csv
"$BIN/bagsim" winpct show --leads -40,0,7,40 one.w > a.show
"$BIN/bagsim" winpct show --leads -40,0,7,40 one.csv > b.show
cmp a.show b.show
head -1 a.show | grep -q "^#unseen	positions	-40	+0	+7	+40$" || fail "show header"
# Row 93, every game's first turn: a chance between 0 and 1 at lead 0.
awk -F'\t' '$1 == 93 { exit !($2 >= 24 && $4 > 0 && $4 < 1) }' a.show || fail "row 93"
! "$BIN/bagsim" winpct merge --output x.w one.csv 2>err
grep -q "no histograms" err || fail "magpie to ordverk: $(cat err)"
# Damaged and cut tables: refused, file:line, nothing written.
sed 's/^games 24$/games 25/' one.w > bad.w
! "$BIN/bagsim" winpct show bad.w > /dev/null 2>err
grep -q '^bagsim: bad.w:7: games 25, but the runs have 24' err || fail "bad: $(cat err)"
head -c 700 one.w > cut.w
! "$BIN/bagsim" winpct merge --output cut2.w one.w cut.w 2>err
grep -q '^bagsim: cut.w:[0-9][0-9]*: ' err || fail "cut: $(cat err)"
[ ! -e cut2.w ] || fail "cut2.w written"
head -c 5000 one.csv > cut.csv
! "$BIN/bagsim" winpct show --rules en cut.csv > /dev/null 2>err
grep -q '^bagsim: cut.csv:[0-9][0-9]*: ' err || fail "cut csv: $(cat err)"
! "$BIN/bagsim" winpct show --rules no one.w > /dev/null 2>err
grep -q '^bagsim: one.w:2: a table for ruleset en, not no' err || fail "rules: $(cat err)"
# The EXAMPLES of bagsim(1), with fewer games: eight Danish shards
# merged are the one run; show prints a row per count of tiles unseen
# (102 - 7 for the Danish bag) with the leads asked for.
for k in 1 2 3 4 5 6 7 8; do
	"$BIN/bagsim" winpct --rules da --games 16 --seed 1 --shard $k/8 \
	    --quiet --output da-$k.winpct
done
"$BIN/bagsim" winpct merge --output da.winpct da-*.winpct
"$BIN/bagsim" winpct --rules da --games 16 --seed 1 --quiet --output da1.winpct
cmp da.winpct da1.winpct
"$BIN/bagsim" winpct show --leads 0,30 da.winpct > da.show
[ "$(grep -vc '^#' da.show)" = 95 ] || fail "da rows"
head -1 da.show | grep -q "^#unseen	positions	+0	+30$" || fail "da header"
# The ruleset's own table, when the build has put it beside the lexicon.
if [ -e "$ORDVERK_LEXDIR/en.winpct" ]; then
	"$BIN/bagsim" winpct merge --magpie --output en.csv "$ORDVERK_LEXDIR/en.winpct"
	"$BIN/bagsim" winpct show --rules en --leads 0 > ours.tsv
	"$BIN/bagsim" winpct show --rules en --leads 0 en.csv | cmp - ours.tsv
fi
! "$BIN/bagsim" winpct show nosuch.w 2>err || fail "nosuch.w read"
grep -qx 'bagsim: nosuch.w: No such file or directory' err || fail "nosuch: $(cat err)"
# Usage.
"$BIN/bagsim" winpct --help | grep -q 'bagsim winpct merge' || fail "help"
! "$BIN/bagsim" winpct --rules en --games 2 2>/dev/null || fail "no --output"
! "$BIN/bagsim" winpct --rules en --games 0 --output z.w 2>/dev/null || fail "0 games"
! "$BIN/bagsim" winpct merge --seed 3 --output z.w one.w 2>err || fail "merge --seed"
grep -q "^bagsim: unknown option '--seed'$" err || fail "merge --seed: $(cat err)"
! "$BIN/bagsim" winpct show --leads 0,x one.w 2>/dev/null || fail "bad lead"
[ ! -e z.w ] || fail "z.w written"
echo ok
