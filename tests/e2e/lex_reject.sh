#!/bin/sh
# lex_reject.sh — lexcompile tells a list's maintainer what went wrong:
# a share of entries rejected for their characters past --max-reject
# (default 5 %) fails with nothing written; mojibake is recognised with the
# way out; --lint names duplicates, absent removals and capitalised
# entries; too long gives the length and the limit; invalid UTF-8 names
# -e latin1.  Hand-made lists, figures counted by hand.
set -u
fail() { echo "FAIL: $*"; exit 1; }
L=$BIN/lexcompile

# Ten Norwegian words, four with æ ø å (UTF-8).
printf 'hest\nbil\nbær\nøl\når\nkatt\nhund\nsol\nblåbær\nvei\n' > no.txt
$L -q -r no -o no.lex no.txt || fail "no.txt as no"
# As English: 3 of 10 (30 %) have letters outside the alphabet (æ, ø;
# å folds to A).
$L -q -r en -o en.lex no.txt 2> err; rc=$?
[ $rc = 1 ] || fail "-r en: exit $rc, want 1"
[ ! -e en.lex ] || fail "-r en: a lexicon was written"
grep -qx 'lexcompile: WARNING: 3 of 10 entries (30.0 %) rejected for their characters, more than --max-reject 5 %: is the ruleset (-r en) or the encoding (-e) wrong?  Nothing written (--max-reject 100 writes the lexicon anyway)' err ||
	fail "-r en message: $(cat err)"
$L -q -r en --max-reject 30 -o en.lex no.txt || fail "--max-reject 30 (not more than 30 %)"
rm -f en.lex
$L -q -r en --max-reject 29.9 -o en.lex no.txt 2> /dev/null && fail "--max-reject 29.9 passed"
$L -q -r en --max-reject 100 -o en.lex no.txt || fail "--max-reject 100"
[ -s en.lex ] || fail "--max-reject 100 wrote nothing"
# Without -q the summary follows the warning.
$L -r en -o en2.lex no.txt 2> err
grep -qx 'lexcompile: 10 words in, 7 kept, 3 rejected, 1 folded, 0 duplicates' err || fail "summary: $(cat err)"
for bad in -1 101 abc 5x ''; do
	$L -r en --max-reject "$bad" -o x.lex no.txt 2> /dev/null; rc=$?
	[ $rc = 2 ] || fail "--max-reject '$bad': exit $rc"
done

# Entries too long or too short for the board do not count: 3 of 4 here.
printf 'ærlighetskontroller\nx\nhest\nsannsynlighetsberegning\n' > long.txt
$L -r no -o long.lex long.txt 2> err || fail "length rejects counted"
grep -qx 'lexcompile: long.txt:1: ærlighetskontroller: too long: 19 letters, at most 15' err ||
	fail "too long: $(cat err)"
grep -qx 'lexcompile: long.txt:4: sannsynlighetsberegning: too long: 23 letters, at most 15' err ||
	fail "too long 23"

# Mojibake: the UTF-8 list read as Latin-1 (æ becomes Ã¦): 4 entries.
$L -q -r no -e latin1 -o moji.lex no.txt 2> err; rc=$?
[ $rc = 1 ] || fail "mojibake: exit $rc"
[ ! -e moji.lex ] || fail "mojibake: written"
grep -qx 'lexcompile: 4 entries look like UTF-8 read as Latin-1 (mojibake: "Ã¦" for "æ"): the list is UTF-8: give -e utf8' err ||
	fail "mojibake message: $(cat err)"
# A list that holds UTF-8 encoded twice, read as UTF-8: one entry.
printf 'hest\nbÃ¦r\nbil\n' > twice.txt
$L -q -r no --max-reject 100 -o twice.lex twice.txt 2> err || fail "twice: exit"
grep -qx 'lexcompile: 1 entry looks like UTF-8 read as Latin-1 (mojibake: "Ã¦" for "æ"): the list holds UTF-8 encoded twice: convert it with iconv -f UTF-8 -t ISO-8859-1 and give -e utf8' err ||
	fail "twice message: $(cat err)"
# A proper Latin-1 list has none.
printf 'b\346r\n\370l\n\345r\nhest\n' > latin1.txt
$L -r no -e latin1 -o l1.lex latin1.txt 2> err || fail "latin1 list"
! grep -q mojibake err || fail "latin1 list: mojibake reported"
# The Latin-1 list read as UTF-8: every bad line names -e latin1.
$L -q -r no -o l2.lex latin1.txt 2> err; rc=$?
[ $rc = 2 ] || fail "latin1 as utf8: exit $rc"
[ "$(grep -c 'invalid UTF-8 (byte 0x.. at byte . of the line): a Latin-1 list? give -e latin1$' err)" = 3 ] ||
	fail "invalid UTF-8 hint: $(cat err)"

# --lint names duplicates, removals of words in no list, capitalised entries.
printf 'hest\nOslo\nbil\nhest\nHEST\nNATO\nbil\n' > lint.txt
printf 'bil\nzzz\nqqq\n' > rm.txt
$L --lint -r no -d rm.txt lint.txt > out; rc=$?
[ $rc = 0 ] || fail "lint exit $rc"
cat > want <<'E'
lexcompile: lint.txt:2: Oslo: capitalised (a proper noun?)
lexcompile: BIL: 2 times in the lists
lexcompile: HEST: 3 times in the lists
lexcompile: QQQ: removed (-d) but in no list
lexcompile: ZZZ: removed (-d) but in no list
lexcompile: 7 words in, 3 kept, 0 rejected, 0 folded, 3 duplicates, 1 removed (2 not present)
E
cmp -s want out || { diff want out; fail "lint"; }
echo ok
