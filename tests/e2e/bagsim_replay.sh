#!/bin/sh
# bagsim: every game it writes replays cleanly through scoremove --game,
# for every variant, settling events included.
set -eu
[ -n "$SHARED" ] || { echo "no ../shared"; exit 77; }
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
[ -x "$BIN/scoremove" ] || { echo "no scoremove"; exit 77; }
S=$SHARED/wordlists/small
for v in no da is en; do
	case $v in
	no) list=$S/no-bokmaal-2to4.txt ;;
	da) list=$SHARED/conformance/da-2to4-lower.txt ;;
	is) list=$S/is-2to4.txt ;;
	en) list=$S/en-enable-2to4.txt ;;
	esac
	"$BIN/lexcompile" -r $v -o $v.lex "$list" 2>/dev/null
	"$BIN/bagsim" play -r $v -l $v.lex -g 3 -s 5 -d $v > $v.tsv
	"$BIN/scoremove" -g -r $v -l $v.lex $v/*.gcg > $v.check
	[ "$(grep -c '	ok$' $v.check)" -eq 3 ]
	grep -q "^#tile-distribution $v\$" $v/game-000000.gcg
	grep -q "^#note bagsim seed 5 game 0\$" $v/game-000000.gcg
done
# Ordkamp with three players: transfer settling from two holders.
"$BIN/bagsim" play -r da -l da.lex -P 3 --p3 midlungur -g 2 -s 5 -d da3 > da3.tsv
awk -F'\t' '!/^#/ && NF != 14 { exit 1 }' da3.tsv
"$BIN/scoremove" -g -r da -l da.lex da3/*.gcg > da3.check
[ "$(grep -c '	ok$' da3.check)" -eq 2 ]
grep -q '^#player3 midlungur midlungur$' da3/game-000000.gcg
echo ok
