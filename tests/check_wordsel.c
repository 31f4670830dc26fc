/* check_wordsel.c — the words a lexicon gets from its sources (wordsel.h):
 * duplicates, the two-letter rule, additions and removals, by hand. */
#include <stdint.h>
#include <string.h>
#include "testutil.h"
#include "rules.h"
#include "wordsel.h"

static void
add(struct wordsel *ws, const char *word, enum wordsel_src src)
{
	const struct rules *r = rules_builtin("en");
	uint8_t t[RULES_MAX_WORD];
	struct err e;
	int n;

	ck_assert_int_eq(rules_normalise_word(r, word, strlen(word), t, &n, NULL),
		NORM_OK);
	ck_assert_int_eq(wordsel_add(ws, t, n, src, &e), 0);
}

/* words: the packed words written out, one a line. */
static void
words(struct wordsel *ws, char *out, size_t cap, size_t nwant)
{
	const struct rules *r = rules_builtin("en");
	const uint8_t *w, *lens;
	size_t n, k, o = 0;
	struct err e;

	ck_assert_int_eq(wordsel_words(ws, &w, &lens, &n, &e), 0);
	ck_assert_uint_eq(n, nwant);
	out[0] = '\0';
	for (k = 0; k < n; k++) {
		char word[RULES_MAX_WORD * 8 + 1];

		ck_assert_int_gt(rules_word_to_utf8(r, w, lens[k], word,
			sizeof word), 0);
		ck_assert_uint_lt(o + strlen(word) + 1, cap);
		strcpy(out + o, word);
		o += strlen(word);
		out[o++] = '\n';
		out[o] = '\0';
		w += lens[k];
	}
}

START_TEST(lists_duplicates_and_order)
{
	struct wordsel *ws = wordsel_create(NULL);
	struct wordsel_counts c;
	char out[256];

	ck_assert_ptr_nonnull(ws);
	/* Unsorted, repeated within and across sources; a prefix of a word
	 * sorts before it. */
	add(ws, "dogs", WORDSEL_LIST);
	add(ws, "cat", WORDSEL_LIST);
	add(ws, "dog", WORDSEL_LIST);
	add(ws, "cat", WORDSEL_LIST);
	add(ws, "qi", WORDSEL_LIST);
	add(ws, "cat", WORDSEL_ADD);
	add(ws, "zax", WORDSEL_ADD);
	ck_assert_uint_eq(wordsel_select(ws, 0, &c), 5);
	ck_assert_uint_eq(c.kept, 5);
	ck_assert_uint_eq(c.duplicates, 2);      /* CAT came three times */
	ck_assert_uint_eq(c.two_dropped, 0);
	ck_assert_uint_eq(c.removed, 0);
	ck_assert_uint_eq(c.remove_absent, 0);
	words(ws, out, sizeof out, 5);
	ck_assert_str_eq(out, "CAT\nDOG\nDOGS\nQI\nZAX\n");
	wordsel_destroy(ws);
	wordsel_destroy(NULL);
}
END_TEST

START_TEST(two_letter_list_and_removals)
{
	struct wordsel *ws = wordsel_create(NULL);
	struct wordsel_counts c;
	char out[256];

	ck_assert_ptr_nonnull(ws);
	/* With a two-letter list, the lists' two-letter words go (QI, ZA);
	 * those of the two-letter list and of additions stay (AA, XI). */
	add(ws, "qi", WORDSEL_LIST);
	add(ws, "za", WORDSEL_LIST);
	add(ws, "xi", WORDSEL_LIST);
	add(ws, "cat", WORDSEL_LIST);
	add(ws, "dog", WORDSEL_LIST);
	add(ws, "cow", WORDSEL_LIST);
	add(ws, "aa", WORDSEL_TWO);
	add(ws, "xi", WORDSEL_TWO);
	add(ws, "xi", WORDSEL_ADD);
	add(ws, "emu", WORDSEL_ADD);
	/* Removals: a listed word, an added word, one dropped by the
	 * two-letter rule (neither removed nor absent) and one never there. */
	add(ws, "dog", WORDSEL_REMOVE);
	add(ws, "emu", WORDSEL_REMOVE);
	add(ws, "za", WORDSEL_REMOVE);
	add(ws, "gnu", WORDSEL_REMOVE);
	add(ws, "gnu", WORDSEL_REMOVE);
	ck_assert_uint_eq(wordsel_select(ws, 1, &c), 4);
	ck_assert_uint_eq(c.kept, 4);
	ck_assert_uint_eq(c.duplicates, 2);      /* XI from three sources */
	ck_assert_uint_eq(c.two_dropped, 2);     /* QI, ZA */
	ck_assert_uint_eq(c.removed, 2);         /* DOG, EMU */
	ck_assert_uint_eq(c.remove_absent, 1);   /* GNU, once */
	words(ws, out, sizeof out, 4);
	ck_assert_str_eq(out, "AA\nCAT\nCOW\nXI\n");
	wordsel_destroy(ws);

	/* Without the two-letter rule the lists' two-letter words stay. */
	ws = wordsel_create(NULL);
	ck_assert_ptr_nonnull(ws);
	add(ws, "qi", WORDSEL_LIST);
	add(ws, "aa", WORDSEL_TWO);
	ck_assert_uint_eq(wordsel_select(ws, 0, &c), 2);
	ck_assert_uint_eq(c.two_dropped, 0);
	words(ws, out, sizeof out, 2);
	ck_assert_str_eq(out, "AA\nQI\n");
	wordsel_destroy(ws);
}
END_TEST

START_TEST(empty_and_many)
{
	struct wordsel *ws = wordsel_create(NULL);
	struct wordsel_counts c;
	const uint8_t *w, *lens;
	size_t n, k;
	struct err e;
	int i;

	ck_assert_ptr_nonnull(ws);
	ck_assert_uint_eq(wordsel_select(ws, 0, &c), 0);
	ck_assert_uint_eq(c.kept, 0);
	ck_assert_int_eq(wordsel_words(ws, &w, &lens, &n, &e), 0);
	ck_assert_uint_eq(n, 0);
	wordsel_destroy(ws);

	/* More entries than the first allocation (65,536): every word of
	 * 2..4 letters over A-P, given twice in reverse order, once from a
	 * list and once added. */
	ws = wordsel_create(NULL);
	ck_assert_ptr_nonnull(ws);
	for (i = 16 * 16 + 16 * 16 * 16 + 16 * 16 * 16 * 16 - 1; i >= 0; i--) {
		uint8_t t[4];
		int len = i < 256 ? 2 : i < 256 + 4096 ? 3 : 4;
		int m = i - (len == 2 ? 0 : len == 3 ? 256 : 256 + 4096), j;

		for (j = len - 1; j >= 0; j--) {
			t[j] = (uint8_t)(1 + m % 16);
			m /= 16;
		}
		ck_assert_int_eq(wordsel_add(ws, t, len, WORDSEL_LIST, &e), 0);
		ck_assert_int_eq(wordsel_add(ws, t, len, WORDSEL_ADD, &e), 0);
	}
	ck_assert_uint_eq(wordsel_select(ws, 0, &c), 69888);
	ck_assert_uint_eq(c.duplicates, 69888);
	ck_assert_int_eq(wordsel_words(ws, &w, &lens, &n, &e), 0);
	ck_assert_uint_eq(n, 69888);
	/* Lexicon order: AA, AAA, AAAA, AAAB, ... PPPP. */
	ck_assert_int_eq(lens[0], 2);
	ck_assert_int_eq(lens[1], 3);
	ck_assert_int_eq(lens[2], 4);
	ck_assert_int_eq(memcmp(w, "\1\1\1\1\1\1\1\1\1\1\1\1\2", 13), 0);
	for (k = 0; k < n - 1; k++)
		w += lens[k];
	ck_assert_int_eq(lens[n - 1], 4);
	ck_assert_int_eq(memcmp(w, "\20\20\20\20", 4), 0);
	wordsel_destroy(ws);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("wordsel");
	TCase *tc = tcase_create("select");

	tcase_add_test(tc, lists_duplicates_and_order);
	tcase_add_test(tc, two_letter_list_and_removals);
	tcase_add_test(tc, empty_and_many);
	suite_add_tcase(s, tc);
	return test_run(s);
}
