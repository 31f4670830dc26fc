#!/bin/sh
# scoremove against the conformance set ($CONF: ../shared's, else the
# project's own): the four reference games replay
# cleanly with their word lists; mutated copies fail on the changed line;
# --positions gives every reference position byte for byte; the filter
# form scores every listed placement as listed.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
C=$CONF
tab=$(printf '\t')
for v in no da is en; do
	case $v in
	no) list=$LIST_no ;; da) list=$LIST_da ;; is) list=$LIST_is ;; en) list=$LIST_en ;;
	esac
	"$BIN/lexcompile" -q -r $v -o $v.lex "$list"

	# the reference game: ok, with and without the lexicon
	scoremove -G -l $v.lex "$C/$v-game.gcg" > out
	[ "$(cat out)" = "$C/$v-game.gcg${tab}ok" ] || { cat out; exit 1; }
	scoremove -G -N "$C/$v-game.gcg" > out
	grep -q "${tab}ok\$" out

	# every position of the reference move lists appears in --positions
	scoremove -G -l $v.lex -p "$C/$v-game.gcg" > pos
	awk 'NR == 1 || prev == "" { print } { prev = $0 }' "$C/$v-moves.txt" |
	    grep -v '^$' > ref
	if grep -vxFf pos ref > missing; then
		echo "$v: positions missing from --positions:"; head -3 missing; exit 1
	fi

	# filter form: every listed placement scores as listed
	awk -F '\t' 'NF == 1 && $0 != "" { cgp = $0; next }
	    NF == 2 { print cgp "\t" $1 }' "$C/$v-moves.txt" > in
	awk -F '\t' 'NF == 2 { print $2 }' "$C/$v-moves.txt" > want
	scoremove -l $v.lex < in > got
	cut -f2 got > gotscores
	cmp want gotscores || { echo "$v: filter scores differ"; exit 1; }

	# the hand-checked game of tests/data (made with ../shared's lists:
	# on the project's, with the words they play that it lacks)
	glex=$v.lex
	if [ "$OWN" = 1 ] && [ -r "$CONF/$v-gcg-words.txt" ]; then
		glex=$v-gcg.lex
		"$BIN/lexcompile" -q -r $v -a "$CONF/$v-gcg-words.txt" -o $glex "$list"
	fi
	for g in "$DATA"/gcg/$v-*.gcg; do
		scoremove -G -l $glex "$g" > out
		[ "$(cat out)" = "$g${tab}ok" ] || { cat out; exit 1; }
	done
done

# mutated copies: the first discrepancy, on the changed line
mut() {  # mut VARIANT OLD-LINE NEW-LINE EXPECTED-TEXT
	n=$(grep -nxF -- "$2" "$C/$1-game.gcg" | cut -d: -f1)
	[ -n "$n" ] || { echo "'$2' not in $1-game.gcg"; exit 1; }
	NEW=$3 awk -v n="$n" 'NR == n { print ENVIRON["NEW"]; next } { print }' \
	    "$C/$1-game.gcg" > m.gcg
	rc=0; scoremove -G -l $1.lex m.gcg > out || rc=$?
	[ $rc = 1 ] || { echo "mutation '$3': exit $rc"; cat out; exit 1; }
	grep -qF "m.gcg${tab}$n: " out && grep -qF -- "$4" out ||
	    { echo "mutation '$3' (line $n):"; cat out; exit 1; }
}
if [ "$OWN" = 0 ]; then
	mut no '>bjorn: ABDFKOR 9G BAO +28 28' '>bjorn: ABDFKOR 9G BAO +29 29' 'scores +28, not +29'
	mut no '>bjorn: ABDFKOR 9G BAO +28 28' '>bjorn: ABDFKOR 9G BAO +28 27' 'cumulative total 27'
	mut no '>anna: ABEILRT 8H BLIR +18 18' '>anna: ACEILRT 8H BLIR +18 18' 'rack lacks B'
	mut no '>anna: ABEILRT 8H BLIR +18 18' '>anna: ABEILRT 8H BLRI +18 18' 'BLRI is not a word'
	mut no '>bjorn: ABDFKOR 9G BAO +28 28' '>anna: ABDFKOR 9G BAO +28 46' 'play off turn'
	mut no '>anna: DFRT (DFRT) -5 457' '>anna: DFRT (DFRT) -4 458' 'the rack gives -5'
	mut da '>anna: AE (AE) -2 454' '>anna: AE - +0 456' 'after the game ended'
	mut en '>bjorn: (L) +2 353' '>bjorn: (L) +3 354' 'the racks give +2 (double settling) or +1'
	mut is '>anna: (D) +10 400' '>anna: (D) +6 396' 'the racks give +10 (double settling) or +5'
	mut en '>anna: LLT 6M ..T +6 291' '>anna: LLT -L +0 285' 'exchange with 0 tiles in the bag'
else	# the same on the project's games
	mut no '>bjorn: AELRTVV 7C VAVR +22 22' '>bjorn: AELRTVV 7C VAVR +23 23' 'scores +22, not +23'
	mut no '>bjorn: AELRTVV 7C VAVR +22 22' '>bjorn: AELRTVV 7C VAVR +22 21' 'cumulative total 21'
	mut no '>anna: FIKLPTÅ 8F PÅK +22 22' '>anna: FIKLPTA 8F PÅK +22 22' 'rack lacks Å'
	mut no '>anna: FIKLPTÅ 8F PÅK +22 22' '>anna: FIKLPTÅ 8F PKÅ +22 22' 'PKÅ is not a word'
	mut no '>bjorn: AELRTVV 7C VAVR +22 22' '>anna: AELRTVV 7C VAVR +22 44' 'play off turn'
	mut no '>anna: J (J) -4 390' '>anna: J (J) -3 391' 'the rack gives -4'
	mut da '>anna: N (N) -1 441' '>anna: N - +0 442' 'after the game ended'
	mut en '>anna: CQ (CQ) -13 328' '>anna: CQ (CQ) -12 329' 'the rack gives -13'
	mut is '>anna: (II) +4 352' '>anna: (II) +3 351' 'the racks give +4 (double settling) or +2'
	mut en '>anna: CNQ 2D .N +2 341' '>anna: CNQ -N +0 339' 'exchange with 0 tiles in the bag'
fi

# a lexicon of another alphabet is refused (exit 2), one of the same is fine
rc=0; scoremove -G -l en.lex "$C/no-game.gcg" > out 2> err || rc=$?
[ $rc = 2 ] && grep -q 'lexicon for ruleset en, not no' err
sed 's/^#tile-distribution no$/#tile-distribution no-nsf/' "$C/no-game.gcg" > nsf.gcg
rc=0; scoremove -G -l no.lex nsf.gcg > out || rc=$?
[ $rc = 1 ] && grep -q 'scores' out   # NSF tile values differ: BLIR is not 18, PÅK not 22
echo ok
