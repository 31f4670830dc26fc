#!/bin/sh
# bagsim: every game it writes replays cleanly through scoremove --gcg,
# for every variant, settling events included.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
[ -x "$BIN/scoremove" ] || { echo "no scoremove"; exit 77; }
for v in no da is en; do
	case $v in
	no) list=$LIST_no ;; da) list=$LIST_da ;; is) list=$LIST_is ;; en) list=$LIST_en ;;
	esac
	"$BIN/lexcompile" -r $v -o $v.lex "$list" 2>/dev/null
	"$BIN/bagsim" play -r $v -l $v.lex -g 3 -s 5 -d $v > $v.tsv
	"$BIN/scoremove" -G -r $v -l $v.lex $v/*.gcg > $v.check
	[ "$(grep -c '	ok$' $v.check)" -eq 3 ]
	grep -q "^#tile-distribution $v\$" $v/game-000000.gcg
	grep -q "^#note bagsim seed 5 game 0\$" $v/game-000000.gcg
done
# Ordkamp with three players: transfer settling from two holders.
"$BIN/bagsim" play -r da -l da.lex -P 3 --p3 midlungur -g 2 -s 5 -d da3 > da3.tsv
awk -F'\t' '!/^#/ && NF != 14 { exit 1 }' da3.tsv
"$BIN/scoremove" -G -r da -l da.lex da3/*.gcg > da3.check
[ "$(grep -c '	ok$' da3.check)" -eq 2 ]
grep -q '^#player3 midlungur midlungur$' da3/game-000000.gcg
echo ok
