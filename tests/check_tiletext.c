/* check_tiletext.c — written words to tiles and back by table
 * (tiletext.h), by hand and against rules_normalise_word and
 * rules_word_to_utf8 for every built-in ruleset. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "testutil.h"
#include "rules.h"
#include "tiletext.h"

static int
read_str(const struct tiletext *tt, const char *s, uint8_t *t)
{
	return tiletext_read(tt, s, strlen(s), t);
}

START_TEST(read_by_hand)
{
	struct tiletext tt;
	uint8_t t[RULES_MAX_WORD];

	tiletext_init(&tt, rules_builtin("en"));
	ck_assert_int_eq(read_str(&tt, "Cat", t), 3);
	ck_assert_int_eq(t[0], 3);
	ck_assert_int_eq(t[1], 1);
	ck_assert_int_eq(t[2], 20);
	ck_assert_int_eq(read_str(&tt, "ZZZZZZZZZZZZZZZ", t), 15);
	/* Too short, too long, not letters, a letter to fold: not here. */
	ck_assert_int_eq(read_str(&tt, "A", t), -1);
	ck_assert_int_eq(read_str(&tt, "", t), -1);
	ck_assert_int_eq(read_str(&tt, "ZZZZZZZZZZZZZZZZ", t), -1);
	ck_assert_int_eq(read_str(&tt, "DON'T", t), -1);
	ck_assert_int_eq(read_str(&tt, "CAT ", t), -1);
	ck_assert_int_eq(read_str(&tt, "CAF\xc3\x89", t), -1);     /* CAFÉ */
	ck_assert_int_eq(read_str(&tt, "CAF\xc3", t), -1);         /* cut */
	ck_assert_int_eq(read_str(&tt, "CA\xc0\x81T", t), -1);     /* overlong */
	ck_assert_int_eq(tiletext_read(&tt, "CA\0T", 4, t), -1);

	tiletext_init(&tt, rules_builtin("is"));
	/* ÞÚ in either case; a decomposed ú (u + U+0301) is the normaliser's. */
	ck_assert_int_eq(read_str(&tt, "\xc3\xbe\xc3\x9a", t), 2);
	ck_assert_int_eq(t[0], 30);
	ck_assert_int_eq(t[1], 25);
	ck_assert_int_eq(read_str(&tt, "\xc3\x9eu\xcc\x81", t), -1);
	ck_assert_int_eq(read_str(&tt, "CAT", t), -1);   /* C is not Icelandic */

	tiletext_init(&tt, rules_builtin("no"));
	/* IDÉ folds to IDE in Norwegian: the normaliser's job. */
	ck_assert_int_eq(read_str(&tt, "ID\xc3\x89", t), -1);
	ck_assert_int_eq(read_str(&tt, "\xc3\x86RE", t), 3);  /* ÆRE */
	ck_assert_int_eq(t[0], 27);
}
END_TEST

START_TEST(write_by_hand)
{
	struct tiletext tt;
	char out[TILETEXT_WORD_MAX];
	uint8_t w[4] = { 30, 2 | TILE_BLANK, 1, 32 };

	tiletext_init(&tt, rules_builtin("is"));
	/* Þ, á from a blank, A, Ö */
	ck_assert_uint_eq(tiletext_write(&tt, w, 4, out), 7);
	ck_assert_int_eq(memcmp(out, "\xc3\x9e\xc3\xa1" "A\xc3\x96", 7), 0);
	ck_assert_uint_eq(tiletext_write(&tt, w, 0, out), 0);
}
END_TEST

/* Every letter of every built-in ruleset in both cases, alone and in
 * words: the tables agree with the general functions. */
START_TEST(agrees_with_rules)
{
	const char *const *name;

	for (name = rules_builtin_names(); *name != NULL; name++) {
		const struct rules *r = rules_builtin(*name);
		struct tiletext tt;
		int t, u;

		tiletext_init(&tt, r);
		for (t = 1; t <= r->nletters; t++)
			for (u = 1; u <= r->nletters; u++) {
				uint8_t w[3] = { (uint8_t)t, (uint8_t)u, (uint8_t)t };
				uint8_t got[RULES_MAX_WORD], want[RULES_MAX_WORD];
				char upper[64], lower[64], text[TILETEXT_WORD_MAX];
				uint8_t bl[3] = { (uint8_t)(t | TILE_BLANK),
					(uint8_t)u, (uint8_t)(t | TILE_BLANK) };
				int n, nw, len;

				len = rules_word_to_utf8(r, w, 3, upper, sizeof upper);
				ck_assert_int_gt(len, 0);
				ck_assert_uint_eq(tiletext_write(&tt, w, 3, text),
					(size_t)len);
				ck_assert_int_eq(memcmp(text, upper, (size_t)len), 0);
				len = rules_word_to_utf8(r, bl, 3, lower, sizeof lower);
				ck_assert_int_gt(len, 0);
				ck_assert_uint_eq(tiletext_write(&tt, bl, 3, text),
					(size_t)len);
				ck_assert_int_eq(memcmp(text, lower, (size_t)len), 0);
				/* Read back both cases: the normaliser's tiles. */
				n = read_str(&tt, upper, got);
				ck_assert_int_eq(rules_normalise_word(r, upper,
					strlen(upper), want, &nw, NULL), NORM_OK);
				ck_assert_int_eq(n, 3);
				ck_assert_int_eq(memcmp(got, want, 3), 0);
				ck_assert_int_eq(memcmp(got, w, 3), 0);
				n = read_str(&tt, lower, got);
				ck_assert_int_eq(n, 3);
				ck_assert_int_eq(memcmp(got, w, 3), 0);
			}
	}
}
END_TEST

static Suite *
tiletext_suite(void)
{
	Suite *s = suite_create("tiletext");
	TCase *tc = tcase_create("tables");

	tcase_add_test(tc, read_by_hand);
	tcase_add_test(tc, write_by_hand);
	tcase_add_test(tc, agrees_with_rules);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(tiletext_suite());
}
