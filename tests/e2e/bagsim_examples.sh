#!/bin/sh
# bagsim: the EXAMPLES of bagsim(1), with fewer games, and what they should
# show.
set -eu
# Both blanks on a fresh Icelandic rack: C(98,5)/C(100,7) = 42/9900, so
# 424.2 of 100000 racks (sd 20.6); allow five sd.
n=$("$BIN/bagsim" draw -r is --racks 100000 | grep -c '^??')
[ "$n" -ge 321 ] && [ "$n" -le 527 ] || { echo "both blanks $n times"; exit 1; }
# Rack frequencies: the counts add up to the racks dealt.
"$BIN/bagsim" draw -r is --racks 1000 -s 4 | sort | uniq -c | sort -rn > freq
[ "$(awk '{ s += $1 } END { print s }' freq)" = 1000 ]
# Whole bags: every tile once (the en bag has 100).
"$BIN/bagsim" draw -r en -t 100 -s 5 | awk '{ exit length($0) != 100 }'
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
"$BIN/lexcompile" -r is -o is.lex --two-letter "$TWOLETTER" \
	"$LIST_is" 2>/dev/null
# The new and the old Icelandic bag with the same seeds, letter by letter.
"$BIN/bagsim" play -r is -l is.lex --games 4 --seed 1 --stats | sort > new.tsv
"$BIN/bagsim" play -r is-old -l is.lex --games 4 --seed 1 --stats | sort > old.tsv
join -t "$(printf '\t')" new.tsv old.tsv | grep residence | cut -f1,3,7 > cmp
# 32 letters and the blank, in both bags.
[ "$(wc -l < cmp)" -eq 33 ]
! cmp -s new.tsv old.tsv
# Every tile played stayed at least one turn; shares lie in [0, 1].
awk -F'\t' '$1 ~ /^residence_/ && $2 > 0 && $3 < 1 { exit 1 }
	$1 ~ /^(first_player_wins|end_passes)$/ && ($3 < 0 || $3 > 1) { exit 1 }' new.tsv old.tsv
if [ -x "$BIN/elocalc" ]; then
	"$BIN/bagsim" play -r is -l is.lex -g 6 --p1 fullsterkur --p2 midlungur |
	    "$BIN/elocalc" --bagsim > elo
	grep -q fullsterkur elo
	grep -q midlungur elo
fi
echo ok
