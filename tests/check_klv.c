/* check_klv.c — leave tables: building, numbering, writing and reading
 * back, against MAGPIE's files. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "klv.h"
#include "rules.h"

static unsigned char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *buf;
	long n;

	ck_assert_ptr_nonnull(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = malloc((size_t)n);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	*len = (size_t)n;
	return buf;
}

/* A small bag, counted by hand: tiles A x2, B x1 and a blank, leaves of
 * one to two tiles: ?, ?A, ?B, A, AA, AB, B: seven, numbered in that
 * (DAWG) order; the leave of each number is its own. */
START_TEST(build_small_by_hand)
{
	struct rules r = *rules_builtin("en");
	struct klv *k;
	struct err e;
	uint8_t leave[RULES_MAX_TILES];
	static const char *const want[] = { "?", "?A", "?B", "A", "AA", "AB", "B" };
	uint32_t i;

	memset(r.counts, 0, sizeof r.counts);
	r.counts[0] = 1;
	r.counts[1] = 2;
	r.counts[2] = 1;
	k = klv_build(&r, 2, &e);
	ck_assert_msg(k != NULL, "%s", e.msg);
	ck_assert_uint_eq(klv_count(k), 7);
	for (i = 0; i < 7; i++) {
		uint8_t w[RULES_MAX_TILES] = { 0 };
		const char *c;

		for (c = want[i]; *c; c++)
			w[*c == '?' ? 0 : *c - 'A' + 1]++;
		ck_assert_int_eq(klv_index(k, w), (long)i);
		ck_assert_int_eq(klv_leave_of(k, i, leave), 1);
		ck_assert_mem_eq(leave, w, sizeof w);
	}
	memset(leave, 0, sizeof leave);
	leave[2] = 2;                      /* BB: the bag has one B */
	ck_assert_int_eq(klv_index(k, leave), -1);
	klv_destroy(k);
}
END_TEST

/* The English bag's leaves of one to six tiles, built here, are numbered
 * as MAGPIE's CSW21.klv2 numbers them: the same count, every leave's
 * number the same, and written with CSW21's values the file's value
 * array is CSW21's byte for byte.  Read back, every value is the same.
 * (Without ../shared, the same against the project's en.klv2, which
 * bagsim leaves wrote: a round trip of our own numbering and writer.) */
START_TEST(csw21_numbering_and_bytes)
{
	char path[512], out[] = "/tmp/check_klv_XXXXXX";
	const struct rules *r = rules_builtin("en");
	struct klv *csw, *ours, *back;
	struct err e;
	unsigned char *a, *b;
	size_t la, lb, offa, offb;
	uint32_t i, n;
	int32_t *v;
	FILE *fp;
	int fd, own;

	csw = klv_load(test_en_leaves_path(path, sizeof path, &own), &e);
	ck_assert_msg(csw != NULL, "%s", e.msg);
	ours = klv_build(r, 6, &e);
	ck_assert_msg(ours != NULL, "%s", e.msg);
	n = klv_count(ours);
	ck_assert_uint_eq(n, klv_count(csw));
	ck_assert_uint_eq(n, 914624);
	v = klv_values(ours);
	for (i = 0; i < n; i++) {
		uint8_t leave[RULES_MAX_TILES];

		ck_assert_int_eq(klv_leave_of(ours, i, leave), 1);
		ck_assert_int_eq(klv_index(csw, leave), (long)i);
		v[i] = klv_leave_value(csw, leave);
	}
	fd = mkstemp(out);
	ck_assert_int_ge(fd, 0);
	fp = fdopen(fd, "wb");
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(klv_write(ours, fp, &e), 0);
	ck_assert_int_eq(fclose(fp), 0);
	a = slurp(path, &la);
	b = slurp(out, &lb);
	offa = 8 + 4 * (size_t)test_get32(a);
	offb = 8 + 4 * (size_t)test_get32(b);
	ck_assert_uint_eq(la - offa, 4 * (size_t)n);
	ck_assert_uint_eq(lb - offb, 4 * (size_t)n);
	ck_assert_int_eq(memcmp(a + offa, b + offb, 4 * (size_t)n), 0);
	back = klv_load(out, &e);
	ck_assert_msg(back != NULL, "%s", e.msg);
	for (i = 0; i < n; i += 7) {
		uint8_t leave[RULES_MAX_TILES];

		klv_leave_of(ours, i, leave);
		ck_assert_int_eq(klv_leave_value(back, leave), v[i]);
	}
	unlink(out);
	free(a);
	free(b);
	klv_destroy(back);
	klv_destroy(ours);
	klv_destroy(csw);
}
END_TEST

/* A few values read from MAGPIE's tables, as MAGPIE's reader numbers
 * them (the blank the best single tile, Q the worst; a leave not in the
 * table worth 0), and TWL06's table differs from CSW21's.  Without
 * ../shared: the project's English table, and a table of zeros for the
 * other. */
START_TEST(magpie_values)
{
	char p1[512], p2[512];
	struct klv *csw, *twl;
	struct err e;
	uint8_t leave[RULES_MAX_TILES] = { 0 };
	int32_t best = INT32_MIN, worst = INT32_MAX;
	int t, bt = -1, wt = -1, own;

	csw = klv_load(test_en_leaves_path(p1, sizeof p1, &own), &e);
	if (!own) {
		/* ../shared holds both peers' tables. */
		ck_assert_ptr_nonnull(test_shared_path("peer-data/TWL06.klv2",
		    p2, sizeof p2, "check_klv"));
		twl = klv_load(p2, &e);
	} else
		twl = klv_build(rules_builtin("en"), 6, &e);
	ck_assert_ptr_nonnull(csw);
	ck_assert_ptr_nonnull(twl);
	for (t = 0; t <= 26; t++) {
		int32_t v;

		memset(leave, 0, sizeof leave);
		leave[t] = 1;
		v = klv_leave_value(csw, leave);
		if (v > best) {
			best = v;
			bt = t;
		}
		if (v < worst) {
			worst = v;
			wt = t;
		}
	}
	ck_assert_int_eq(bt, 0);
	ck_assert_int_eq(wt, 17);          /* Q */
	memset(leave, 0, sizeof leave);
	leave[17] = 2;                     /* QQ: the bag has one Q */
	ck_assert_int_eq(klv_leave_value(csw, leave), 0);
	memset(leave, 0, sizeof leave);
	leave[19] = 1;                     /* S */
	ck_assert_int_ne(klv_leave_value(csw, leave), klv_leave_value(twl, leave));
	ck_assert_int_gt(klv_leave_value(csw, leave), 5000);
	klv_destroy(csw);
	klv_destroy(twl);
}
END_TEST

static Suite *
klv_suite(void)
{
	Suite *s = suite_create("klv");
	TCase *tc = tcase_create("tables");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, build_small_by_hand);
	tcase_add_test(tc, csw21_numbering_and_bytes);
	tcase_add_test(tc, magpie_values);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(klv_suite());
}
