/* check_lexquery.c — queries of a lexicon (lexquery.h): lookups with a
 * cursor, anagrams with blanks, patterns and differences, on small English
 * lexicons built here and checked by hand. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "testutil.h"
#include "lex.h"
#include "lexquery.h"
#include "rules.h"

static const char *const EN_WORDS[] = {
	"AA", "CAT", "CATS", "DOG", "ECLAIR", "NAIVE", "QI", "RETAINS",
	"RETINAS", "STAINER", "XI", "ZA", "ZAX", NULL
};

/* What a search gave: its words written out (blanks in lowercase), one
 * a line, signs first for differences; stop_after > 0 stops it. */
struct got {
	const struct rules *r;
	char text[8192];
	int n, stop_after;
};

static void
got_add(struct got *g, int sign, const uint8_t *w, int n)
{
	char word[RULES_MAX_WORD * 8 + 1];
	size_t len = strlen(g->text);

	ck_assert_int_gt(rules_word_to_utf8(g->r, w, n, word, sizeof word), 0);
	if (sign != 0)
		snprintf(g->text + len, sizeof g->text - len, "%c%s\n", sign, word);
	else
		snprintf(g->text + len, sizeof g->text - len, "%s\n", word);
	g->n++;
}

static int
collect(const uint8_t *w, int n, void *arg)
{
	struct got *g = arg;

	got_add(g, 0, w, n);
	return g->stop_after > 0 && g->n >= g->stop_after;
}

static int
collect_sign(int sign, const uint8_t *w, int n, void *arg)
{
	struct got *g = arg;

	got_add(g, sign, w, n);
	return g->stop_after > 0 && g->n >= g->stop_after;
}

static void
tiles(const struct rules *r, const char *s, uint8_t *t, int *n)
{
	ck_assert_int_eq(rules_normalise_word(r, s, strlen(s), t, n, NULL),
		NORM_OK);
}

/* ---- cursor ----------------------------------------------------------- */

START_TEST(cursor_sorted_and_unsorted)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, EN_WORDS);
	/* In order, with shared prefixes, prefixes of words, words below
	 * words and words past the end of a path; then out of order. */
	static const struct { const char *w; int in; } seq[] = {
		{ "AA", 1 }, { "CA", 0 }, { "CAT", 1 }, { "CATS", 1 },
		{ "CATSS", 0 }, { "CAX", 0 }, { "DOG", 1 }, { "DOGS", 0 },
		{ "RETAIN", 0 }, { "RETAINS", 1 }, { "RETINAS", 1 }, { "XI", 1 },
		{ "ZA", 1 }, { "ZAX", 1 }, { "ZAXX", 0 },
		{ "CAT", 1 }, { "AA", 1 }, { "ZA", 1 }, { "RETINAS", 1 },
		{ "QI", 1 }, { "QIS", 0 }, { "NAIVE", 1 },
	};
	struct lexq_cursor c;
	size_t i;

	lexq_cursor_init(&c, lex);
	for (i = 0; i < sizeof seq / sizeof seq[0]; i++) {
		uint8_t t[RULES_MAX_WORD];
		int n = 0;

		tiles(r, seq[i].w, t, &n);
		ck_assert_msg(lexq_cursor_find(&c, t, n) == seq[i].in, "%s",
			seq[i].w);
		ck_assert_int_eq(lex_contains(lex, t, n), seq[i].in);
	}
	/* An empty word, a prefix of one letter (Q of QI) and a blank-marked
	 * tile are not found. */
	{
		uint8_t t[2] = { 17, 0 };

		ck_assert_int_eq(lexq_cursor_find(&c, t, 1), 0);
		t[0] = 3;
		t[1] = 1 | TILE_BLANK;

		ck_assert_int_eq(lexq_cursor_find(&c, t, 0), 0);
		ck_assert_int_eq(lexq_cursor_find(&c, t, 2), 0);
		t[0] = 1 | TILE_BLANK;
		ck_assert_int_eq(lexq_cursor_find(&c, t, 1), 0);
	}
	lex_destroy(lex);
}
END_TEST

START_TEST(cursor_every_word_of_a_list)
{
	/* Every word of a list of 2 to 4 letters over A-D, asked in order and
	 * then backwards, against lex_contains. */
	const struct rules *r = rules_builtin("en");
	static const char *const words[] = {
		"AB", "ABBA", "ABC", "AD", "BAD", "BADA", "CAB", "CAD", "DAB",
		"DABB", "DD", "DDD", NULL
	};
	struct lex *lex = test_lex_from_words(r, words);
	struct lexq_cursor c;
	int pass, k, found = 0;

	lexq_cursor_init(&c, lex);
	for (pass = 0; pass < 2; pass++)
		for (k = 0; k < 4 * 4 + 4 * 4 * 4 + 4 * 4 * 4 * 4; k++) {
			int idx = pass ? 4 * 4 + 4 * 4 * 4 + 4 * 4 * 4 * 4 - 1 - k : k;
			uint8_t t[4];
			int n = idx < 16 ? 2 : idx < 80 ? 3 : 4, m, j;

			m = idx - (n == 2 ? 0 : n == 3 ? 16 : 80);
			for (j = n - 1; j >= 0; j--) {
				t[j] = (uint8_t)(1 + m % 4);
				m /= 4;
			}
			ck_assert_int_eq(lexq_cursor_find(&c, t, n),
				lex_contains(lex, t, n));
			found += lexq_cursor_find(&c, t, n);
		}
	ck_assert_int_eq(found, 2 * 12);
	lex_destroy(lex);
}
END_TEST

START_TEST(cursor_empty_lexicon)
{
	const struct rules *r = rules_builtin("en");
	static const char *const none[] = { NULL };
	struct lex *lex = test_lex_from_words(r, none);
	struct lexq_cursor c;
	uint8_t t[2] = { 1, 1 };

	lexq_cursor_init(&c, lex);
	ck_assert_int_eq(lexq_cursor_find(&c, t, 2), 0);
	lex_destroy(lex);
}
END_TEST

/* ---- anagrams ----------------------------------------------------------- */

static void
anagrams(const struct lex *lex, const char *rack, const char *want,
	long nwant, int stop_after)
{
	const struct rules *r = rules_builtin("en");
	uint8_t counts[RULES_MAX_TILES];
	struct got g;
	struct err e;

	memset(&g, 0, sizeof g);
	g.r = r;
	g.stop_after = stop_after;
	ck_assert_int_ge(rules_rack_parse(r, rack, strlen(rack), counts, &e), 0);
	ck_assert_int_eq(lexq_anagrams(lex, counts, collect, &g, &e), nwant);
	ck_assert_str_eq(g.text, want);
}

START_TEST(anagram_plain_and_blanks)
{
	struct lex *lex = test_lex_from_words(rules_builtin("en"), EN_WORDS);

	/* Longest first, then alphabetical. */
	anagrams(lex, "RETAINS", "RETAINS\nRETINAS\nSTAINER\n", 3, 0);
	anagrams(lex, "TACS", "CATS\nCAT\n", 2, 0);
	/* Tiles of the rack before a blank: ZAX from the rack, AA with one
	 * blank A (the rack's A first), XI and ZA; the blank is lowercase. */
	anagrams(lex, "ZAX?", "ZAX\nAa\nXi\nZA\n", 4, 0);
	/* Two blanks: every two-letter word, all of blanks. */
	anagrams(lex, "??", "aa\nqi\nxi\nza\n", 4, 0);
	/* A blank and a rack that holds nothing else of the word. */
	anagrams(lex, "DO?", "DOg\n", 1, 0);
	anagrams(lex, "CAT?", "CATs\nCAT\nAa\nzA\n", 4, 0);
	/* Nothing, and one-letter racks make no word. */
	anagrams(lex, "QQ", "", 0, 0);
	anagrams(lex, "", "", 0, 0);
	anagrams(lex, "A", "", 0, 0);
	/* The callback stops the search. */
	anagrams(lex, "??", "aa\nqi\n", 2, 2);
	lex_destroy(lex);
}
END_TEST

START_TEST(anagram_empty_lexicon)
{
	static const char *const none[] = { NULL };
	struct lex *lex = test_lex_from_words(rules_builtin("en"), none);

	anagrams(lex, "???????", "", 0, 0);
	lex_destroy(lex);
}
END_TEST

/* ---- patterns ---------------------------------------------------------- */

static void
pattern(const struct lex *lex, const char *pat, const char *want, long nwant)
{
	const struct rules *r = rules_builtin("en");
	struct lexq_pattern p;
	struct got g;
	struct err e;

	memset(&g, 0, sizeof g);
	g.r = r;
	ck_assert_msg(lexq_pattern_parse(&p, r, pat, strlen(pat), &e) == 0,
		"%s: %s", pat, e.msg);
	ck_assert_int_eq(lexq_pattern_words(lex, &p, collect, &g), nwant);
	ck_assert_str_eq(g.text, want);
}

START_TEST(pattern_matches)
{
	struct lex *lex = test_lex_from_words(rules_builtin("en"), EN_WORDS);

	pattern(lex, "RET*", "RETAINS\nRETINAS\n", 2);
	pattern(lex, "?A", "AA\nZA\n", 2);
	pattern(lex, ".a", "AA\nZA\n", 2);           /* either case */
	pattern(lex, "*S", "CATS\nRETAINS\nRETINAS\n", 3);
	pattern(lex, "*I*", "ECLAIR\nNAIVE\nQI\nRETAINS\nRETINAS\nSTAINER\nXI\n", 7);
	/* A star may stand for nothing; stars in a row are one. */
	pattern(lex, "CAT*", "CAT\nCATS\n", 2);
	pattern(lex, "C**T***", "CAT\nCATS\n", 2);
	pattern(lex, "*A*A*", "AA\n", 1);
	pattern(lex, "???", "CAT\nDOG\nZAX\n", 3);
	pattern(lex, "ZAX", "ZAX\n", 1);
	pattern(lex, "ZAX?", "", 0);
	pattern(lex, "", "", 0);
	/* Each word once though several paths match. */
	pattern(lex, "*A*", "AA\nCAT\nCATS\nECLAIR\nNAIVE\nRETAINS\nRETINAS\n"
		"STAINER\nZA\nZAX\n", 10);
	lex_destroy(lex);
}
END_TEST

START_TEST(pattern_parse)
{
	const struct rules *en = rules_builtin("en"), *is = rules_builtin("is");
	struct lexq_pattern p;
	struct err e;
	char longpat[LEXQ_PATTERN_MAX + 2];

	ck_assert_int_eq(lexq_pattern_parse(&p, en, "A?.**B*", 7, &e), 0);
	ck_assert_int_eq(p.m, 6);
	ck_assert_int_eq(p.el[0], 1);
	ck_assert_int_eq(p.el[1], LEXQ_ANY);
	ck_assert_int_eq(p.el[2], LEXQ_ANY);
	ck_assert_int_eq(p.el[3], LEXQ_STAR);
	ck_assert_int_eq(p.el[4], 2);
	ck_assert_int_eq(p.el[5], LEXQ_STAR);
	/* Icelandic: Á is letter 2, Þ 30; a decomposed á is composed. */
	ck_assert_int_eq(lexq_pattern_parse(&p, is, "\xc3\x81?\xc3\xbe", 5, &e), 0);
	ck_assert_int_eq(p.m, 3);
	ck_assert_int_eq(p.el[0], 2);
	ck_assert_int_eq(p.el[2], 30);
	ck_assert_int_eq(lexq_pattern_parse(&p, is, "a\xcc\x81", 3, &e), 0);
	ck_assert_int_eq(p.m, 1);
	ck_assert_int_eq(p.el[0], 2);

	ck_assert_int_eq(lexq_pattern_parse(&p, en, "A1", 2, &e), -1);
	ck_assert_str_eq(e.msg, "not a letter at byte 2 (letters of en, ? . and * only)");
	ck_assert_int_eq(lexq_pattern_parse(&p, en, "AB\xff", 3, &e), -1);
	ck_assert_str_eq(e.msg, "invalid UTF-8 at byte 3 (letters of en, ? . and * only)");
	ck_assert_int_eq(lexq_pattern_parse(&p, en, "\xc3\xa9", 2, &e), -1);
	ck_assert_str_eq(e.msg, "not a letter at byte 1 (letters of en, ? . and * only)");
	memset(longpat, '?', sizeof longpat);
	ck_assert_int_eq(lexq_pattern_parse(&p, en, longpat, LEXQ_PATTERN_MAX, &e), 0);
	ck_assert_int_eq(p.m, LEXQ_PATTERN_MAX);
	ck_assert_int_eq(lexq_pattern_parse(&p, en, longpat, LEXQ_PATTERN_MAX + 1,
		&e), -1);
	ck_assert_str_eq(e.msg, "longer than 63 elements");
}
END_TEST

/* ---- differences --------------------------------------------------------- */

static void
diff(const struct lex *a, const struct lex *b, const char *want, long nwant,
	int stop_after)
{
	struct got g;

	memset(&g, 0, sizeof g);
	g.r = rules_builtin("en");
	g.stop_after = stop_after;
	ck_assert_int_eq(lexq_diff(a, b, collect_sign, &g), nwant);
	ck_assert_str_eq(g.text, want);
}

START_TEST(diff_two_lists)
{
	const struct rules *r = rules_builtin("en");
	static const char *const wa[] = {
		"AA", "CAT", "CATS", "DOG", "DOGS", "ZAX", NULL
	};
	static const char *const wb[] = {
		"AA", "AAS", "CAT", "COW", "DOG", "DOGE", "ZA", "ZAX", NULL
	};
	static const char *const none[] = { NULL };
	struct lex *a = test_lex_from_words(r, wa);
	struct lex *b = test_lex_from_words(r, wb);
	struct lex *empty = test_lex_from_words(r, none);

	/* A word only in a, a word only in b below a shared one (AAS, DOGE),
	 * a whole branch in one (COW), a word that is a prefix of the other's
	 * (ZA). */
	diff(a, b, "+AAS\n-CATS\n+COW\n+DOGE\n-DOGS\n+ZA\n", 6, 0);
	diff(b, a, "-AAS\n+CATS\n-COW\n-DOGE\n+DOGS\n-ZA\n", 6, 0);
	diff(a, a, "", 0, 0);
	diff(a, empty, "-AA\n-CAT\n-CATS\n-DOG\n-DOGS\n-ZAX\n", 6, 0);
	diff(empty, b, "+AA\n+AAS\n+CAT\n+COW\n+DOG\n+DOGE\n+ZA\n+ZAX\n", 8, 0);
	diff(empty, empty, "", 0, 0);
	diff(a, b, "+AAS\n-CATS\n", 2, 2);
	lex_destroy(a);
	lex_destroy(b);
	lex_destroy(empty);
}
END_TEST

START_TEST(diff_agrees_with_lookups)
{
	/* Against a brute force: every word of 2 to 3 letters over A-C is in
	 * a, b, both or neither; the diff lists exactly those in one only, in
	 * alphabet order (a word before its extensions). */
	const struct rules *r = rules_builtin("en");
	static const char *const wa[] = {
		"AB", "ABC", "BA", "BB", "BBB", "CA", "CAB", "CC", NULL
	};
	static const char *const wb[] = {
		"AA", "AB", "ACA", "BA", "BBA", "CAB", "CAC", "CCC", NULL
	};
	struct lex *a = test_lex_from_words(r, wa);
	struct lex *b = test_lex_from_words(r, wb);
	struct got g;
	char want[1024] = "";
	int n, k, nwant = 0;

	/* Words in alphabet order: k counts in base 4 with digit 0 for "no
	 * letter", so A < AA < AAA < AAB < ... */
	for (k = 0; k < 4 * 4 * 4; k++) {
		uint8_t t[3] = { (uint8_t)(k / 16), (uint8_t)(k / 4 % 4),
			(uint8_t)(k % 4) };
		char w[8];
		int ina, inb;

		if (t[0] == 0 || t[1] == 0 || (t[2] != 0 && t[1] == 0))
			continue;
		n = t[2] != 0 ? 3 : 2;
		ina = lex_contains(a, t, n);
		inb = lex_contains(b, t, n);
		if (ina == inb)
			continue;
		ck_assert_int_gt(rules_word_to_utf8(r, t, n, w, sizeof w), 0);
		strcat(want, ina ? "-" : "+");
		strcat(want, w);
		strcat(want, "\n");
		nwant++;
	}
	ck_assert_int_eq(nwant, 10);
	memset(&g, 0, sizeof g);
	g.r = r;
	ck_assert_int_eq(lexq_diff(a, b, collect_sign, &g), nwant);
	ck_assert_str_eq(g.text, want);
	ck_assert_str_eq(g.text, "+AA\n-ABC\n+ACA\n-BB\n+BBA\n-BBB\n-CA\n+CAC\n"
		"-CC\n+CCC\n");
	lex_destroy(a);
	lex_destroy(b);
}
END_TEST

static Suite *
lexquery_suite(void)
{
	Suite *s = suite_create("lexquery");
	TCase *tc = tcase_create("cursor");

	tcase_add_test(tc, cursor_sorted_and_unsorted);
	tcase_add_test(tc, cursor_every_word_of_a_list);
	tcase_add_test(tc, cursor_empty_lexicon);
	suite_add_tcase(s, tc);
	tc = tcase_create("anagram");
	tcase_add_test(tc, anagram_plain_and_blanks);
	tcase_add_test(tc, anagram_empty_lexicon);
	suite_add_tcase(s, tc);
	tc = tcase_create("pattern");
	tcase_add_test(tc, pattern_matches);
	tcase_add_test(tc, pattern_parse);
	suite_add_tcase(s, tc);
	tc = tcase_create("diff");
	tcase_add_test(tc, diff_two_lists);
	tcase_add_test(tc, diff_agrees_with_lookups);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(lexquery_suite());
}
