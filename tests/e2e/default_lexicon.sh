#!/bin/sh
# default_lexicon.sh — every tool given only -r finds the ruleset's default
# lexicon in $ORDVERK_LEXDIR, and no-nsf and is-old find the lexicons of no
# and is that they share (their lexicon_hint).
set -eu
mkdir -p lexdir
lexcompile -q --max-reject 100 -r no -o lexdir/no.lex "$DATA/lex/no.txt"
lexcompile -q -r is -t "$DATA/lex/is-two.txt" -o lexdir/is.lex "$DATA/lex/is.txt"
export ORDVERK_LEXDIR="$PWD/lexdir"
empty=15/15/15/15/15/15/15/15/15/15/15/15/15/15/15

for r in no no-nsf; do
	[ "$(echo KVINNE | wordcheck -r $r)" = "$(printf 'KVINNE\tok')" ]
	scoremove -r $r "$empty EIKNNVR/ 0/0 0" "8D KVINNE" | grep -q "^8D KVINNE	"
	printf '%s EIKNNVR/ 0/0 0 ld %s;\n' "$empty" $r | movegen -r $r -n 1 | grep -q KVINNE
	bagsim play -q -r $r -g 1 -s 1 > /dev/null
done
for r in is is-old; do
	[ "$(echo HESTUR | wordcheck -r $r)" = "$(printf 'HESTUR\tok')" ]
	scoremove -r $r "$empty EHRSTUA/ 0/0 0" "8D HESTUR" | grep -q "^8D HESTUR	"
done
echo ok
