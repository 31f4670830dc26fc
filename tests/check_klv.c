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

	csw = klv_load(test_en_leaves_path(path, sizeof path, &own), NULL, &e);
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
	ck_assert_int_eq(klv_write(ours, NULL, fp, &e), 0);
	ck_assert_int_eq(fclose(fp), 0);
	a = slurp(path, &la);
	b = slurp(out, &lb);
	offa = 8 + 4 * (size_t)test_get32(a);
	offb = 8 + 4 * (size_t)test_get32(b);
	ck_assert_uint_eq(la - offa, 4 * (size_t)n);
	ck_assert_uint_eq(lb - offb, 4 * (size_t)n);
	ck_assert_int_eq(memcmp(a + offa, b + offb, 4 * (size_t)n), 0);
	back = klv_load(out, NULL, &e);
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

	csw = klv_load(test_en_leaves_path(p1, sizeof p1, &own), NULL, &e);
	if (!own) {
		/* ../shared holds both peers' tables. */
		ck_assert_ptr_nonnull(test_shared_path("peer-data/TWL06.klv2",
		    p2, sizeof p2, "check_klv"));
		twl = klv_load(p2, NULL, &e);
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

/* An independent reading of a KLV2 file's bytes, for the tests below:
 * the leaves under a run (every path, no sharing), and the value of a
 * leave of one or two tiles, as MAGPIE numbers leaves (klv.h): the
 * leaves under the sibling arcs passed over, one for each prefix. */
static uint32_t
raw_words(const unsigned char *b, uint32_t run)
{
	uint32_t n = 0, a;

	if (run == 0)
		return 0;
	for (a = run;; a++) {
		uint32_t node = test_get32(b + 4 + 4 * (size_t)a);

		n += (node >> 23 & 1) + raw_words(b, node & 0x3fffffu);
		if (node >> 22 & 1)
			return n;
	}
}

/* The value (millipoints) of the leave of file tiles t1 (and t2 > t1 if
 * t2 > 0), or INT32_MIN if the file has no such leave. */
static int32_t
raw_value(const unsigned char *b, int t1, int t2)
{
	uint32_t nnodes = test_get32(b), idx = 0, run, a, bits;
	int want = t1, depth;
	float f;

	run = test_get32(b + 4) & 0x3fffffu;
	for (depth = 0; depth < 2; depth++) {
		for (a = run;; a++) {
			uint32_t node = test_get32(b + 4 + 4 * (size_t)a);

			if ((int)(node >> 24) == want)
				break;
			idx += (node >> 23 & 1) + raw_words(b, node & 0x3fffffu);
			if (node >> 22 & 1)
				return INT32_MIN;
		}
		if (depth == 1 || t2 == 0)
			break;
		idx += test_get32(b + 4 + 4 * (size_t)a) >> 23 & 1;
		run = test_get32(b + 4 + 4 * (size_t)a) & 0x3fffffu;
		want = t2;
	}
	bits = test_get32(b + 8 + 4 * (size_t)nnodes + 4 * (size_t)idx);
	memcpy(&f, &bits, sizeof f);
	return (int32_t)(f * 1000.0f + (f < 0 ? -0.5f : 0.5f));
}

/* The tiles of a file's root run (the leaves' first tiles), as a bit set. */
static uint64_t
raw_root_tiles(const unsigned char *b)
{
	uint32_t a = test_get32(b + 4) & 0x3fffffu;
	uint64_t set = 0;

	for (;; a++) {
		uint32_t node = test_get32(b + 4 + 4 * (size_t)a);

		set |= (uint64_t)1 << (node >> 24 & 63);
		if (node >> 22 & 1)
			return set;
	}
}

static uint64_t
tiles_of(const int *file_numbers, int n)
{
	uint64_t set = 1;                  /* the blank */
	int i;

	for (i = 0; i < n; i++)
		set |= (uint64_t)1 << file_numbers[i];
	return set;
}

/* Woogles' NSF25.klv2 (made by Macondo) numbers Norwegian tiles
 * A-Y, Ü, Z, Æ, Ä, Ø, Ö, Å (1..32).  The file says so itself: its leaves
 * begin with the letters that have tiles in the NSF bag, A-P, R-W, Y
 * (1-16, 18-23, 25) and 28, 30, 32 (Æ Ø Å): in our order 28 and 30
 * would be Ø and Ä, and Ä has no tiles.  Read for no-nsf, each leave has
 * the value the file gives its letters; read for en or da it is refused
 * (their alphabets end before tile 30). */
START_TEST(nsf25_in_macondo_numbering)
{
	static const int have[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
	    14, 15, 16, 18, 19, 20, 21, 22, 23, 25, 28, 30, 32 };
	const struct rules *r = rules_builtin("no-nsf");
	char path[512];
	unsigned char *b;
	size_t len;
	struct klv *k, *raw;
	struct err e;
	uint8_t leave[RULES_MAX_TILES];
	int32_t v;

	if (test_shared_path("peer-data/NSF25.klv2", path, sizeof path,
	    "check_klv nsf25") == NULL)
		return;
	b = slurp(path, &len);
	ck_assert_uint_eq(raw_root_tiles(b), tiles_of(have,
	    (int)(sizeof have / sizeof have[0])));
	k = klv_load(path, r, &e);
	ck_assert_msg(k != NULL, "%s", e.msg);
	/* Ø (ours 28) is the file's 30, Æ (27) its 28, Å (29) its 32. */
	memset(leave, 0, sizeof leave);
	leave[28] = 1;
	v = raw_value(b, 30, 0);
	ck_assert_int_ne(v, INT32_MIN);
	ck_assert_int_eq(klv_leave_value(k, leave), v);
	memset(leave, 0, sizeof leave);
	leave[27] = 1;
	ck_assert_int_eq(klv_leave_value(k, leave), raw_value(b, 28, 0));
	memset(leave, 0, sizeof leave);
	leave[29] = 1;
	ck_assert_int_eq(klv_leave_value(k, leave), raw_value(b, 32, 0));
	/* ÆØ is the file's 28 then 30; ØØ its 30, 30; W and the blank keep
	 * their numbers. */
	memset(leave, 0, sizeof leave);
	leave[27] = leave[28] = 1;
	ck_assert_int_eq(klv_leave_value(k, leave), raw_value(b, 28, 30));
	memset(leave, 0, sizeof leave);
	leave[28] = 2;
	ck_assert_int_eq(klv_leave_value(k, leave), raw_value(b, 30, 30));
	memset(leave, 0, sizeof leave);
	leave[23] = 1;
	ck_assert_int_eq(klv_leave_value(k, leave), raw_value(b, 23, 0));
	memset(leave, 0, sizeof leave);
	leave[0] = 1;
	ck_assert_int_eq(klv_leave_value(k, leave), raw_value(b, 0, 0));
	/* Ä (ours 30) has no tiles: no leave holds it.  Read with its
	 * numbers as they stand, it would be worth Ø's value. */
	memset(leave, 0, sizeof leave);
	leave[30] = 1;
	ck_assert_int_eq(klv_index(k, leave), -1);
	raw = klv_load(path, NULL, &e);
	ck_assert_ptr_nonnull(raw);
	ck_assert_int_eq(klv_leave_value(raw, leave), v);
	ck_assert_uint_eq(klv_count(raw), klv_count(k));
	klv_destroy(raw);
	klv_destroy(k);
	/* Another alphabet is refused, naming what is wrong. */
	ck_assert_ptr_null(klv_load(path, rules_builtin("da"), &e));
	ck_assert_str_eq(e.msg, "leave table has tile 30; ruleset da has 29 "
	    "letters: a table for another ruleset");
	ck_assert_ptr_null(klv_load(path, rules_builtin("en"), &e));
	free(b);
}
END_TEST

/* A Norwegian table we write is numbered as Macondo's: its leaves start
 * with the file numbers of the letters the bag has (Æ Ø Å as 28 30 32),
 * a leave's value sits where MAGPIE's reading of those numbers finds it,
 * and read back for no every leave has its value again. */
START_TEST(norwegian_written_in_macondo_numbering)
{
	static const int have[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
	    14, 15, 16, 18, 19, 20, 21, 22, 23, 25, 28, 30, 32 };
	const struct rules *r = rules_builtin("no");
	char out[] = "/tmp/check_klv_no_XXXXXX";
	struct klv *k, *back;
	struct err e;
	unsigned char *b;
	size_t len;
	uint8_t leave[RULES_MAX_TILES];
	uint32_t i;
	int fd = mkstemp(out);
	FILE *fp = fdopen(fd, "wb");

	ck_assert_ptr_nonnull(fp);
	k = klv_build(r, 2, &e);
	ck_assert_msg(k != NULL, "%s", e.msg);
	/* Each leave's value from its letters: 1000 * (first + 64 * second). */
	for (i = 0; i < klv_count(k); i++) {
		int t, c, v = 0, mul = 1;

		ck_assert_int_eq(klv_leave_of(k, i, leave), 1);
		for (t = 0; t < RULES_MAX_TILES; t++)
			for (c = 0; c < leave[t]; c++, mul *= 64)
				v += mul * (t + 1);
		klv_values(k)[i] = 1000 * v;
	}
	ck_assert_int_eq(klv_write(k, r, fp, &e), 0);
	ck_assert_int_eq(fclose(fp), 0);
	b = slurp(out, &len);
	ck_assert_uint_eq(raw_root_tiles(b), tiles_of(have,
	    (int)(sizeof have / sizeof have[0])));
	/* Å (ours 29) as the file's 32; ÆØ (27, 28) as 28 then 30; Ø? as
	 * the blank (0) then 30. */
	ck_assert_int_eq(raw_value(b, 32, 0), 1000 * 30);
	ck_assert_int_eq(raw_value(b, 28, 30), 1000 * (28 + 64 * 29));
	ck_assert_int_eq(raw_value(b, 0, 30), 1000 * (1 + 64 * 29));
	ck_assert_int_eq(raw_value(b, 29, 0), INT32_MIN);   /* Ä: no tiles */
	back = klv_load(out, r, &e);
	ck_assert_msg(back != NULL, "%s", e.msg);
	ck_assert_uint_eq(klv_count(back), klv_count(k));
	ck_assert_mem_eq(klv_values(back), klv_values(k),
	    klv_count(k) * sizeof(int32_t));
	klv_destroy(back);
	klv_destroy(k);
	free(b);
	unlink(out);
}
END_TEST

/* The shipped Norwegian table, rewritten in Macondo's numbering, has the
 * values it was learned with (read before the rewrite, in our numbering):
 * blank 22.098, Ø -2.862, Å -3.692, ÆØÅ -15.105, ØØ -11.577, W -14.319. */
START_TEST(shipped_norwegian_values)
{
	static const struct { const char *leave; int32_t value; } want[] = {
		{ "?", 22098 }, { "Ø", -2862 }, { "Å", -3692 }, { "Æ", -5273 },
		{ "ÆØÅ", -15105 }, { "ØØ", -11577 }, { "W", -14319 },
		{ "EE?", 31944 }, { "C", 1317 },
	};
	const struct rules *r = rules_builtin("no");
	char path[512];
	struct klv *k;
	struct err e;
	size_t i;

	if (test_default_path("no.klv2", path, sizeof path,
	    "check_klv shipped_norwegian_values") == NULL)
		return;
	k = klv_load(path, r, &e);
	ck_assert_msg(k != NULL, "%s", e.msg);
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		uint8_t leave[RULES_MAX_TILES];

		ck_assert_int_ge(rules_rack_parse(r, want[i].leave,
		    strlen(want[i].leave), leave, &e), 1);
		ck_assert_msg(klv_leave_value(k, leave) == want[i].value,
		    "%s: %d, not %d", want[i].leave, klv_leave_value(k, leave),
		    want[i].value);
	}
	klv_destroy(k);
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
	tcase_add_test(tc, nsf25_in_macondo_numbering);
	tcase_add_test(tc, norwegian_written_in_macondo_numbering);
	tcase_add_test(tc, shipped_norwegian_values);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(klv_suite());
}
