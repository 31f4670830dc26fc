#!/bin/sh
# A game record names its lexicon (issue 41 point 9): "#lexicon NAME"
# finds NAME.lex, else NAME.kwg, where the default lexicons are, when no
# -l is given (scoremove --gcg, movegen --analyse); a name not found
# falls back to the ruleset's default with a one-line note naming it.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
lexdir=$WORK/lexicons
mkdir -p "$lexdir"
# The record: two plays, PÅ (16) then ÅS down through its Å (5).
cat > g.gcg <<'GCG'
#character-encoding UTF-8
#player1 anna Anna
#player2 bjorn Bjørn
#tile-distribution no
#lexicon NSFTINY
>anna: PÅSTEIN 8G PÅ +16 16
>bjorn: AEIKLRS H8 .S +5 5
GCG
printf 'på\nås\n' > both.txt
printf 'på\n' > one.txt
"$BIN/lexcompile" -q -r no -o "$lexdir/no.lex" both.txt
# NSFTINY.lex lacks ÅS: the replay fails in it, and says so.
"$BIN/lexcompile" -q -r no -o "$lexdir/NSFTINY.lex" one.txt
set +e
ORDVERK_LEXDIR=$lexdir scoremove --gcg g.gcg > out 2> err; rc=$?
set -e
[ $rc = 1 ]
grep -q "ÅS is not a word in $lexdir/NSFTINY.lex (1 words" out
[ ! -s err ]
# -l wins over the record.
ORDVERK_LEXDIR=$lexdir scoremove -l "$lexdir/no.lex" --gcg g.gcg > out
[ "$(cut -f2 out)" = ok ]
# A KWG of that name (in the peers' numbering) when there is no .lex.
rm "$lexdir/NSFTINY.lex"
"$BIN/lexcompile" -q -r no --format kwg -o "$lexdir/NSFTINY.kwg" one.txt
set +e
ORDVERK_LEXDIR=$lexdir scoremove --gcg g.gcg > out 2> err; rc=$?
set -e
[ $rc = 1 ]
grep -q "ÅS is not a word in $lexdir/NSFTINY.kwg (1 words" out
# Neither: the ruleset's default, after one note.
rm "$lexdir/NSFTINY.kwg"
ORDVERK_LEXDIR=$lexdir scoremove --gcg g.gcg > out 2> err
[ "$(cut -f2 out)" = ok ]
[ "$(wc -l < err)" = 1 ]
grep -q "g.gcg: note: #lexicon NSFTINY: no NSFTINY.lex or NSFTINY.kwg in the lexicon directory; using ruleset no's default lexicon" err
# movegen --analyse: the same lookup.
"$BIN/lexcompile" -q -r no -o "$lexdir/NSFTINY.lex" one.txt
ORDVERK_LEXDIR=$lexdir movegen --analyse --sort score g.gcg > out 2> err || true
grep -q "ÅS" err
rm "$lexdir/NSFTINY.lex"
ORDVERK_LEXDIR=$lexdir movegen --analyse --sort score g.gcg > out 2> err
grep -q "note: #lexicon NSFTINY: no NSFTINY.lex or NSFTINY.kwg" err
[ "$(grep -c note err)" = 1 ]
exit 0
