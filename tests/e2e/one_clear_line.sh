#!/bin/sh
# Mistakes get one clear line (issue 41 point 6): a lexicon or vocabulary
# of another ruleset in one wording in every tool; -r against a record's
# own ruleset; a word not in the lexicon names the lexicon and the way
# out; the wrong kind of input is recognised on its first line, one hint,
# exit 2; a record's errors go to stderr once.
set -eu
[ -x "$BIN/lexcompile" ] || { echo "no lexcompile"; exit 77; }
G=$DATA/conformance/no-game.gcg    # its words are in the default no.lex
"$BIN/lexcompile" -q -r en -o en.lex "$LIST_en"
"$BIN/lexcompile" -q -r no -o no.lex "$LIST_no"
E='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15'

# One wording, naming the file: "FILE: lexicon for ruleset X, not Y".
want='no.lex: lexicon for ruleset no, not is'
for cmd in "wordcheck -r is -l no.lex KVINNE" "bagsim play -r is -l no.lex -g 1"; do
	set +e; $cmd > out 2> err; rc=$?; set -e
	[ $rc = 2 ] || { echo "$cmd: exit $rc"; exit 1; }
	grep -q "$want" err || { echo "$cmd: $(cat err)"; exit 1; }
done
echo "$E AB/ 0/0 0 ld is;" | movegen -l no.lex > out 2> err && exit 1
grep -q "$want" err
scoremove -r is -l no.lex "$E ABD/ 0/0 0" "8H AB" > out 2> err && exit 1
grep -q "$want" err
# Vocabularies too: an is game with a no vocabulary, an is position with
# an English one (it would play two-letter English words).
! bagsim play -r is --vocab no.lex -g 1 > out 2> err
grep -q "$want" err
echo "$E AB/ 0/0 0 ld is;" | movegen --vocab en.lex -R amlodi > out 2> err && exit 1
grep -q 'en.lex: lexicon for ruleset en, not is' err

# -r against the record's ruleset: the record wins, and a note says so.
scoremove -r en --gcg "$G" > out 2> err
grep -q "note: the record names ruleset no, which wins over -r en" err
[ "$(cut -f2 out)" = ok ]
scoremove -r no --gcg "$G" > out 2> err
[ ! -s err ]

# A word not in the lexicon: which lexicon, its size, the way out.
printf 'pÅk\n' > tiny.txt
"$BIN/lexcompile" -q -r no -o tiny.lex tiny.txt
set +e; scoremove -l tiny.lex --gcg "$G" > out 2> err; rc=$?; set -e
[ $rc = 1 ]
grep -q "is not a word in tiny.lex (1 words; -l FILE checks against another lexicon, -N replays unchecked)" out
[ ! -s err ]
scoremove -N --gcg "$G" > out
[ "$(cut -f2 out)" = ok ]

# The wrong kind of input: one hint on stderr, exit 2, nothing else.
set +e; movegen -r no "$G" > out 2> err; rc=$?; set -e
[ $rc = 2 ] && [ ! -s out ] && [ "$(wc -l < err)" = 1 ]
grep -q 'this is a GCG game record, not CGP positions: give --analyse' err
set +e; elocalc "$G" > out 2> err; rc=$?; set -e
[ $rc = 2 ] && [ "$(wc -l < err)" = 1 ]
grep -q 'this is a GCG game record: give --gcg' err
bagsim play -r en -l en.lex -g 3 -s 5 > games.tsv
set +e; elocalc games.tsv > out 2> err; rc=$?; set -e
[ $rc = 2 ] && [ "$(wc -l < err)" = 1 ]
grep -q 'games.tsv:1: this is the games table of bagsim play: give --bagsim' err
elocalc --bagsim games.tsv > out

# A malformed record: its error once, on stderr; nothing on stdout.
printf '#character-encoding UTF-8\n#player1 a A\n#player2 b B\n>a: ABC 8H ??? +5 5\n' > bad.gcg
set +e; scoremove -r en -l en.lex --gcg bad.gcg > out 2> err; rc=$?; set -e
[ $rc = 2 ]
[ ! -s out ]
[ "$(wc -l < err)" = 1 ]
grep -q '^scoremove: bad.gcg:4: ' err
exit 0
