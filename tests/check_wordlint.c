/* check_wordlint.c — what lexcompile tells a list's maintainer
 * (wordlint.h): mojibake, capitalised entries, the reject share; and the
 * words wordsel_select_noting names (duplicates, absent removals). */
#include <stdint.h>
#include <string.h>
#include "testutil.h"
#include "rules.h"
#include "wordlint.h"
#include "wordsel.h"

#define M(s) wordlint_mojibake(s, strlen(s))
#define C(s) wordlint_capitalised(s, strlen(s))

START_TEST(mojibake)
{
	/* "bær" as UTF-8 read as Latin-1 then written as UTF-8: b Ã ¦ r. */
	ck_assert_int_eq(M("b\xc3\x83\xc2\xa6r"), 1);
	ck_assert_int_eq(M("\xc3\x83\xc2\xb8l"), 1);            /* Ã¸l: øl */
	ck_assert_int_eq(M("bl\xc3\x83\xc2\xa5"), 1);           /* blÃ¥: blå */
	ck_assert_int_eq(M("\xc3\x83\xc2\x86RE"), 1);           /* Ã + U+0086: ÆRE */
	ck_assert_int_eq(M("\xc3\xa2\xc2\x80\xc2\x99"), 1);     /* â€™ (3 bytes) */
	/* Real words: none. */
	ck_assert_int_eq(M("b\xc3\xa6r"), 0);                   /* bær */
	ck_assert_int_eq(M("\xc3\x9e" "AKKA"), 0);                 /* ÞAKKA */
	ck_assert_int_eq(M("\xc3\x83"), 0);                     /* Ã alone */
	ck_assert_int_eq(M("\xc3\x83x"), 0);
	ck_assert_int_eq(M(""), 0);
	/* Ã followed by a letter, not a U+0080..U+00BF character. */
	ck_assert_int_eq(M("\xc3\x83\xc3\xa6"), 0);
}
END_TEST

START_TEST(capitalised)
{
	ck_assert_int_eq(C("Oslo"), 1);
	ck_assert_int_eq(C("\xc3\x85lesund"), 1);               /* Ålesund */
	ck_assert_int_eq(C("M\xc3\xbcller"), 1);                /* Müller */
	ck_assert_int_eq(C("OSLO"), 0);                         /* all caps */
	ck_assert_int_eq(C("oslo"), 0);
	ck_assert_int_eq(C("A"), 0);
	ck_assert_int_eq(C("\xc3\x86\xc3\x98"), 0);             /* ÆØ */
	ck_assert_int_eq(C("\xc3\x97x"), 0);                    /* × is no letter */
	ck_assert_int_eq(C(""), 0);
}
END_TEST

START_TEST(share)
{
	char msg[512];
	double pct;

	ck_assert_int_eq(wordlint_chars("bl\xc3\xa5" "b\xc3\xa6r", 8), 6);
	ck_assert_int_eq(wordlint_counts(NORM_NOT_LETTER), 1);
	ck_assert_int_eq(wordlint_counts(NORM_OUTSIDE), 1);
	ck_assert_int_eq(wordlint_counts(NORM_BAD_UTF8), 1);
	ck_assert_int_eq(wordlint_counts(NORM_TOO_LONG), 0);
	ck_assert_int_eq(wordlint_counts(NORM_TOO_SHORT), 0);
	ck_assert_int_eq(wordlint_parse_pct("5", &pct), 0);
	ck_assert(pct == 5.0);
	ck_assert_int_eq(wordlint_parse_pct("0.5", &pct), 0);
	ck_assert(pct == 0.5);
	ck_assert_int_eq(wordlint_parse_pct("100", &pct), 0);
	ck_assert_int_eq(wordlint_parse_pct("100.1", &pct), -1);
	ck_assert_int_eq(wordlint_parse_pct("-1", &pct), -1);
	ck_assert_int_eq(wordlint_parse_pct("nan", &pct), -1);
	ck_assert_int_eq(wordlint_parse_pct("", &pct), -1);
	ck_assert_int_eq(wordlint_parse_pct("5%", &pct), -1);
	/* 5 of 100 is not more than 5 %; 6 is. */
	ck_assert_int_eq(wordlint_share(msg, sizeof msg, 5, 100, 5, "en"), 0);
	ck_assert_int_eq(wordlint_share(msg, sizeof msg, 6, 100, 5, "en"), 1);
	ck_assert_ptr_nonnull(strstr(msg, "6 of 100 entries (6.0 %)"));
	ck_assert_ptr_nonnull(strstr(msg, "(-r en)"));
	ck_assert_int_eq(wordlint_share(msg, sizeof msg, 0, 0, 0, "en"), 0);
	ck_assert_int_eq(wordlint_share(msg, sizeof msg, 100, 100, 100, "en"), 0);
	wordlint_mojibake_hint(msg, sizeof msg, 1, 1);
	ck_assert_ptr_nonnull(strstr(msg, "1 entry looks like"));
	ck_assert_ptr_nonnull(strstr(msg, "give -e utf8"));
	wordlint_mojibake_hint(msg, sizeof msg, 2, 0);
	ck_assert_ptr_nonnull(strstr(msg, "2 entries look like"));
	ck_assert_ptr_nonnull(strstr(msg, "iconv"));
}
END_TEST

/* The notes of wordsel_select_noting, as "D:WORD:times" or "A:WORD:times". */
struct notes { char text[256]; };

static void
note(enum wordsel_note what, const uint8_t *tiles, int n, unsigned long times,
	void *arg)
{
	struct notes *ns = arg;
	char w[RULES_MAX_WORD * 8 + 1];
	size_t o = strlen(ns->text);

	ck_assert_int_gt(rules_word_to_utf8(rules_builtin("en"), tiles, n, w,
		sizeof w), 0);
	snprintf(ns->text + o, sizeof ns->text - o, "%c:%s:%lu ",
		what == WORDSEL_NOTE_DUPLICATE ? 'D' : 'A', w, times);
}

static void
add(struct wordsel *ws, const char *word, enum wordsel_src src)
{
	uint8_t t[RULES_MAX_WORD];
	struct err e;
	int n;

	ck_assert_int_eq(rules_normalise_word(rules_builtin("en"), word,
		strlen(word), t, &n, NULL), NORM_OK);
	ck_assert_int_eq(wordsel_add(ws, t, n, src, &e), 0);
}

START_TEST(select_notes)
{
	struct err e;
	struct wordsel *ws = wordsel_create(&e);
	struct wordsel_counts c;
	struct notes ns = { "" };

	add(ws, "cat", WORDSEL_LIST);
	add(ws, "dog", WORDSEL_LIST);
	add(ws, "cat", WORDSEL_LIST);
	add(ws, "cat", WORDSEL_ADD);
	add(ws, "dog", WORDSEL_REMOVE);
	add(ws, "zzz", WORDSEL_REMOVE);
	add(ws, "zzz", WORDSEL_REMOVE);
	add(ws, "aa", WORDSEL_REMOVE);
	ck_assert_uint_eq(wordsel_select_noting(ws, 0, &c, note, &ns), 1);
	ck_assert_str_eq(ns.text, "A:AA:1 D:CAT:3 A:ZZZ:2 ");
	ck_assert_uint_eq(c.duplicates, 2);
	ck_assert_uint_eq(c.removed, 1);
	ck_assert_uint_eq(c.remove_absent, 2);
	wordsel_destroy(ws);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("wordlint");
	TCase *tc = tcase_create("wordlint");

	tcase_add_test(tc, mojibake);
	tcase_add_test(tc, capitalised);
	tcase_add_test(tc, share);
	tcase_add_test(tc, select_notes);
	suite_add_tcase(s, tc);
	return test_run(s);
}
