#!/bin/sh
# lex_variants.sh — per-variant folding, rejection and the Icelandic
# two-letter rule, end to end: hand-written lists -> lexcompile -> wordcheck.
set -u
fail() { echo "FAIL: $*"; exit 1; }
# The hand-made lists hold deliberate rejects (ABC-BOK, al dente: 13 % of
# no.txt); --max-reject has its own test (lex_reject.sh).
L="$BIN/lexcompile --max-reject 100" W=$BIN/wordcheck
for v in no da is en; do
	two=""
	[ $v = is ] && two="--two-letter $DATA/lex/is-two.txt"
	$L -q -r $v $two -o $v.lex "$DATA/lex/$v.txt" || fail "compile $v"
done

# Norwegian: Æ Ø Å are letters, IDÉ/ALLÉ fold, ABC-BOK and A4-FORMAT are
# not words; alphabet order ends ... Z Æ Ø Å Ä Ö Ü.
$W -l no.lex --list > got || fail "list no"
cmp -s got "$DATA/lex/no.expect" || { diff "$DATA/lex/no.expect" got; fail "no list"; }
printf 'kvinne\nIDÉ\nidé\nallé\nhest\nHESTENE\nabc-bok\nær\nBlåbær\nÜBER\nØl\n' |
	$W -l no.lex > got
rc=$?
[ $rc = 1 ] || fail "no: exit $rc, want 1"
cat > want <<'E'
KVINNE	ok
IDE	ok
IDE	ok
ALLE	ok
HEST	ok
HESTENE	no
abc-bok	no
ÆR	no
BLÅBÆR	ok
ÜBER	ok
ØL	ok
E
cmp -s want got || { diff want got; fail "no words"; }

# Danish: Q and W are letters (no tiles), Ü folds to U, É to E.
printf 'ALLÉ\nmüller\nquiz\nword\næble\nÅL\ne-mail\n' | $W -l da.lex > got
cat > want <<'E'
ALLE	ok
MULLER	ok
QUIZ	ok
WORD	ok
ÆBLE	ok
ÅL	ok
e-mail	no
E
cmp -s want got || { diff want got; fail "da words"; }

# Icelandic: É is a letter (never folded); two-letter words only from the
# two-letter list, so ÉL and ÍS of the main list are dropped.
printf 'ég\nél\nís\nþú\náð\néta\neta\ncafé\nÞÝSKUR\n' | $W -l is.lex > got
cat > want <<'E'
ÉG	ok
ÉL	no
ÍS	no
ÞÚ	ok
ÁÐ	ok
ÉTA	ok
ETA	no
café	no
ÞÝSKUR	ok
E
cmp -s want got || { diff want got; fail "is words"; }
$W -l is.lex --list > got
cat > want <<'E'
ÁA
ÁÐ
BORÐAÐIRÐU
EX
ÉG
ÉTA
HESTI
HESTINUM
HESTUR
OG
ÞÚ
ÞÝSKUR
E
cmp -s want got || { diff want got; fail "is list"; }
# A two-letter file's other lines are reported, not kept.
printf 'ég\nabc\nhest\n' > two.txt
$L --lint -r is --two-letter two.txt "$DATA/lex/is.txt" > got
cat > want <<'E'
lexcompile: /DATA/lex/is.txt:15: café: letter outside the alphabet (U+0063)
lexcompile: two.txt:2: abc: letter outside the alphabet (U+0063)
lexcompile: two.txt:3: hest: not a two-letter word
lexcompile: ÉG: 2 times in the lists
lexcompile: 19 words in, 7 kept, 3 rejected, 0 folded, 1 duplicates, 8 two-letter dropped
E
sed "s|$DATA|/DATA|" got > got2
cmp -s want got2 || { diff want got2; fail "is two-letter lint"; }
# Without --two-letter the ruleset's rule is pointed out.
$L -r is -o is2.lex "$DATA/lex/is.txt" 2> err || fail "is without two"
grep -q 'two-letter words from a separate list' err || fail "no two-letter warning"

# English: accents fold, apostrophes reject, 2..15 letters.
printf 'NAÏVE\néclair\ndon'"'"'t\ncats\nA\n' | $W -l en.lex > got
cat > want <<'E'
NAIVE	ok
ECLAIR	ok
don't	no
CATS	ok
A	no
E
cmp -s want got || { diff want got; fail "en words"; }
# Same lexicon for a ruleset with the same alphabet; a clear error otherwise.
echo kvinne | $W -l no.lex -r no-nsf > got || fail "no-nsf with no.lex"
$W -l en.lex -r no cat 2> err
[ $? = 2 ] || fail "en.lex with -r no should fail"
grep -q "en.lex: lexicon for ruleset en, not no" err || fail "wrong ruleset message: $(cat err)"
echo ok
