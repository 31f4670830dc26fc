/* check_leaves.c — leave values learned from self-play (leaves.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "testutil.h"
#include "klv.h"
#include "leaves.h"
#include "rules.h"

/* The bag A x2, B, ? with leaves of one or two tiles: ?, ?A, ?B, A, AA,
 * AB, B (numbers 0..6, check_klv). */
static struct klv *
tiny_table(struct rules *r)
{
	struct err e;
	struct klv *k;

	*r = *rules_builtin("en");
	memset(r->counts, 0, sizeof r->counts);
	r->counts[0] = 1;
	r->counts[1] = 2;
	r->counts[2] = 1;
	k = klv_build(r, 2, &e);
	ck_assert_msg(k != NULL, "%s", e.msg);
	return k;
}

/* Estimates by hand.  Credits: A 10 times, 8 points each on average
 * (sum 80,000); B 30 times at 2 (60,000); ? once at 30 (30,000); the
 * rest none.  Mean of all credits: 170,000 / 41 = 4,146.34 (rounded in
 * the value).  With 30 pseudo-samples of the prior:
 *   A  = (80,000 - 10 mu + 30 x 0) / 40 = 963.41 -> 963
 *   B  = (60,000 - 30 mu) / 60 = -1,073.17 -> -1,073
 *   ?  = (30,000 - mu) / 31 = 833.99 -> 834
 *   AA, never seen = its prior: A + A = 1,926
 *   AB = ((A + B) + (B + A)) / 2 = -110
 *   ?A = (834 + 963) = 1,797;  ?B = 834 - 1,073 = -239. */
/* A table started from another: the tiny bag's leaves of one to four
 * tiles (of ?, A, A, B: 2 x 3 x 2 - 1 = 11), the seven of one or two
 * tiles with tiny_table's values, the four larger ones 0. */
START_TEST(table_from_start)
{
	struct rules r;
	struct klv *start = tiny_table(&r), *t;
	struct err e;
	uint32_t i, big = 0;

	for (i = 0; i < klv_count(start); i++)
		klv_values(start)[i] = 1000 * (int32_t)i - 2500;
	r.rack_size = 5;
	t = leaves_table(&r, start, &e);
	ck_assert_msg(t != NULL, "%s", e.msg);
	ck_assert_uint_eq(klv_count(t), 11);
	for (i = 0; i < klv_count(t); i++) {
		uint8_t leave[RULES_MAX_TILES];
		long j;

		ck_assert_int_eq(klv_leave_of(t, i, leave), 1);
		j = klv_index(start, leave);
		if (j < 0)
			big++;
		ck_assert_int_eq(klv_values(t)[i], j < 0 ? 0 :
		    1000 * (int32_t)j - 2500);
	}
	ck_assert_uint_eq(big, 4);
	klv_destroy(t);
	klv_destroy(start);
}
END_TEST

/* A table loaded from a file has the values of table_from_start; no file
 * gives all 0; a missing or broken file is named once in the message. */
START_TEST(table_load)
{
	struct rules r;
	struct klv *start = tiny_table(&r), *t, *u;
	struct err e;
	char path[] = "/tmp/check_leaves_XXXXXX";
	int fd = mkstemp(path);
	FILE *fp = fdopen(fd, "w");
	char want[sizeof path + 64];

	ck_assert_ptr_nonnull(fp);
	for (uint32_t i = 0; i < klv_count(start); i++)
		klv_values(start)[i] = 1000 * (int32_t)i - 2500;
	ck_assert_int_eq(klv_write(start, &r, fp, &e), 0);
	ck_assert_int_eq(fclose(fp), 0);
	r.rack_size = 5;
	t = leaves_table_load(&r, path, &e);
	ck_assert_msg(t != NULL, "%s", e.msg);
	u = leaves_table(&r, start, &e);
	ck_assert_uint_eq(klv_count(t), 11);
	ck_assert_mem_eq(klv_values(t), klv_values(u), 11 * sizeof(int32_t));
	klv_destroy(t);
	klv_destroy(u);
	t = leaves_table_load(&r, NULL, &e);
	ck_assert_uint_eq(klv_count(t), 11);
	for (uint32_t i = 0; i < 11; i++)
		ck_assert_int_eq(klv_values(t)[i], 0);
	klv_destroy(t);
	/* Three bytes: too short for a KLV file. */
	fp = fopen(path, "w");
	fputs("KLV", fp);
	fclose(fp);
	ck_assert_ptr_null(leaves_table_load(&r, path, &e));
	snprintf(want, sizeof want, "%s: KLV: file too short (3 bytes)", path);
	ck_assert_str_eq(e.msg, want);
	unlink(path);
	ck_assert_ptr_null(leaves_table_load(&r, path, &e));
	snprintf(want, sizeof want, "%s: cannot open", path);
	ck_assert_str_eq(e.msg, want);
	klv_destroy(start);
}
END_TEST

START_TEST(estimate_by_hand)
{
	struct rules r;
	struct klv *k = tiny_table(&r);
	struct leaves_acc *a;
	struct err e;
	int32_t *v;

	a = leaves_acc_create(klv_count(k), &e);
	ck_assert_ptr_nonnull(a);
	ck_assert_double_eq(leaves_acc_mean(a), 0);   /* no credits yet */
	a->count[3] = 10;
	a->sum[3] = 80000;
	a->count[6] = 30;
	a->sum[6] = 60000;
	a->count[0] = 1;
	a->sum[0] = 30000;
	a->samples = 41;
	a->total = 170000;
	/* The mean credit in points: 170,000 / 41 / 1,000 = 4.146. */
	ck_assert_double_eq_tol(leaves_acc_mean(a), 4.146341, 1e-6);
	ck_assert_int_eq(leaves_estimate(a, k, &e), 3);
	v = klv_values(k);
	ck_assert_int_eq(v[3], 963);
	ck_assert_int_eq(v[6], -1073);
	ck_assert_int_eq(v[0], 834);
	ck_assert_int_eq(v[4], 1926);
	ck_assert_int_eq(v[5], -110);
	ck_assert_int_eq(v[1], 1797);
	ck_assert_int_eq(v[2], -239);
	leaves_acc_destroy(a);
	klv_destroy(k);
}
END_TEST

/* Credits written and read back add up exactly, in any order; a file of
 * another ruleset or table size, or a bad line, is refused with its
 * line. */
START_TEST(acc_round_trip)
{
	struct rules r;
	struct klv *k = tiny_table(&r);
	struct leaves_acc *a, *b;
	struct err e;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	a = leaves_acc_create(klv_count(k), &e);
	b = leaves_acc_create(klv_count(k), &e);
	a->count[2] = 5;
	a->sum[2] = -12345;
	a->count[6] = 1;
	a->sum[6] = 7;
	a->samples = 6;
	a->total = -12338;
	a->games = 3;
	fp = open_memstream(&buf, &len);
	ck_assert_int_eq(leaves_acc_write(a, "en", fp, &e), 0);
	fclose(fp);
	for (int twice = 0; twice < 2; twice++) {
		fp = fmemopen(buf, len, "r");
		ck_assert_int_eq(leaves_acc_read(b, "en", fp, &e), 0);
		fclose(fp);
	}
	ck_assert_int_eq(b->count[2], 10);
	ck_assert_int_eq(b->sum[2], -24690);
	ck_assert_int_eq(b->sum[6], 14);
	ck_assert_int_eq(b->games, 6);
	ck_assert_int_eq(b->total, -24676);
	fp = fmemopen(buf, len, "r");
	ck_assert_int_eq(leaves_acc_read(b, "no", fp, &e), -1);
	ck_assert_int_eq(e.line, 2);
	fclose(fp);
	{
		char bad[] = "#ordverk-leaves 1\nrules en\nleaves 7\ngames 1\n"
		    "samples 1\ntotal 1\n3 1 1\n9 1 1\n";

		fp = fmemopen(bad, strlen(bad), "r");
		ck_assert_int_eq(leaves_acc_read(b, "en", fp, &e), -1);
		ck_assert_int_eq(e.line, 8);
		fclose(fp);
	}
	/* By path: added as read; a missing file has strerror's message. */
	{
		char path[] = "/tmp/check_leaves_XXXXXX";
		int fd = mkstemp(path);

		fp = fdopen(fd, "w");
		ck_assert_ptr_nonnull(fp);
		fwrite(buf, 1, len, fp);
		fclose(fp);
		ck_assert_int_eq(leaves_acc_load(b, "en", path, &e), 0);
		/* 6 games read twice, 1 from the bad file's header before
		 * its bad line, 3 now. */
		ck_assert_int_eq(b->count[2], 15);
		ck_assert_int_eq(b->games, 10);
		ck_assert_int_eq(leaves_acc_load(b, "da", path, &e), -1);
		ck_assert_int_eq(e.line, 2);
		unlink(path);
		ck_assert_int_eq(leaves_acc_load(b, "en", path, &e), -1);
		ck_assert_int_eq(e.line, 0);
		ck_assert_str_eq(e.msg, "No such file or directory");
	}
	free(buf);
	leaves_acc_destroy(a);
	leaves_acc_destroy(b);
	klv_destroy(k);
}
END_TEST

/* Learning where the answer is known: English tiles, a lexicon in which
 * no word has a Q, X, Z or J (so keeping one only blocks the rack) and
 * every word is short and common-lettered.  After two rounds from zero,
 * leaves of two to four tiles holding one of the four are worth less on
 * average than the others of their size (leaves of one tile are seldom
 * kept with so short words), and the mean credit is positive. */
START_TEST(learns_the_obvious)
{
	static const char *const words[] = {
		"AE", "AI", "AN", "AS", "AT", "EN", "ES", "ET", "IN", "IS",
		"IT", "NE", "ON", "OS", "TA", "TE", "TI", "TO", "ANT", "ATE",
		"EAT", "NET", "NIT", "NOT", "ONE", "SAT", "SET", "SIT", "TAN",
		"TEN", "TIN", "TON", "TOE", "SEAT", "SENT", "SNOT", "STONE",
		"TONES", "NOTES", "SATIN", "STAIN", "SAINT", "INSET", "TONS",
		"ANTS", "NEST", "NETS", "OATS", "EATS", "TEAS", "TOES", "DOE",
		"DOES", "RED", "REDS", "ROD", "RODS", "DOT", "DOTS", "RAT",
		"RATS", "TAR", "TARS", "STAR", "STARE", "RATE", "RATES", "LIT",
		"LOT", "LOTS", "SLOT", "TIL", "LENS", "LEAN", "LEANS", "LAST",
		"SALT", "SLAT", "ALE", "ALES", "SALE", "SEAL", "UN", "US", "UT",
		"NUT", "NUTS", "TUN", "SUN", "RUN", "RUNS", "GO", "GOT", "TOG",
		"BE", "BET", "BETS", "PE", "PET", "PETS", "CAT", "CATS", "ACT",
		"ME", "MET", "HE", "HEN", "HENS", "WE", "WET", "YE", "YET", "FE",
		"FEN", "KA", "VAN", NULL
	};
	struct rules r = *rules_builtin("en");
	struct lex *lex = test_lex_from_words(&r, words);
	struct klv *k = klv_build(&r, 6, NULL);
	struct leaves_acc *a;
	struct err e;
	int round;
	static const int bad[] = { 17, 24, 26, 10 };   /* Q X Z J */

	ck_assert_ptr_nonnull(k);
	for (round = 1; round <= 2; round++) {
		a = leaves_acc_create(klv_count(k), &e);
		ck_assert_ptr_nonnull(a);
		ck_assert_msg(leaves_play(a, &r, lex, k, (uint64_t)round, 400, 1, 1,
		    NULL, NULL, NULL, &e) == 0, "%s", e.msg);
		ck_assert_int_eq(a->games, 400);
		ck_assert_int_gt(a->total, 0);
		ck_assert_int_ge(leaves_estimate(a, k, &e), 100);
		if (round < 2)
			leaves_acc_destroy(a);
	}
	/* Leaves of two to four tiles seen twice or more in the last
	 * round: those holding one of the four are worth a tenth of a point
	 * less, on average, than those holding none (this lexicon scores
	 * little: 0.08 against 0.22 points). */
	{
		double with = 0, without = 0;
		long nw = 0, nwo = 0;
		uint32_t i;

		for (i = 0; i < klv_count(k); i++) {
			uint8_t l[RULES_MAX_TILES];
			int q, sz = 0, has = 0;

			klv_leave_of(k, i, l);
			for (q = 0; q < RULES_MAX_TILES; q++)
				sz += l[q];
			for (q = 0; q < 4; q++)
				has |= l[bad[q]] != 0;
			if (sz < 2 || sz > 4 || a->count[i] < 2)
				continue;
			if (has) {
				with += klv_values(k)[i];
				nw++;
			} else {
				without += klv_values(k)[i];
				nwo++;
			}
		}
		ck_assert_int_ge(nw, 10);
		ck_assert_int_ge(nwo, 10);
		ck_assert_msg(with / nw + 100 < without / nwo, "%.0f (%ld) vs "
		    "%.0f (%ld)", with / nw, nw, without / nwo, nwo);
	}
	leaves_acc_destroy(a);
	klv_destroy(k);
	lex_destroy(lex);
}
END_TEST
static void
count_games(long round, long played, long total, void *arg)
{
	long *calls = arg;

	ck_assert_int_eq(round, 2);
	ck_assert_int_eq(total, 10);
	ck_assert_int_eq(played, ++*calls);
}

/* A round is leaves_play of its seed then leaves_estimate: round 2 of
 * seed 7, shard 2 of 3 of 30 games (10 games: 1, 4, ..., 28), against
 * the two calls by hand; without estimating, the table stays as it is. */
START_TEST(round_is_play_and_estimate)
{
	static const char *const words[] = {
		"AE", "AI", "AN", "AS", "AT", "EN", "ES", "ET", "IN", "IS",
		"IT", "ON", "TO", "ANT", "EAT", "NET", "NOT", "ONE", "SAT", "SET",
		"TEN", "TIN", "SEAT", "STONE", "NOTES", "SATIN", "RED", "RAT",
		"LOT", "SUN", "BET", "CAT", "MET", "HEN", "WET", "YET", NULL
	};
	struct rules r = *rules_builtin("en");
	struct lex *lex = test_lex_from_words(&r, words);
	struct klv *t1 = leaves_table(&r, NULL, NULL);
	struct klv *t2 = leaves_table(&r, NULL, NULL);
	struct leaves_learn l = { &r, lex, t1, 7, 30, 2, 3, NULL, count_games,
	    NULL };
	struct leaves_acc *a, *b;
	struct err e;
	long calls = 0, seen = -1, seen2;
	uint32_t n = klv_count(t1), nonzero = 0;

	ck_assert_ptr_nonnull(t1);
	ck_assert_ptr_nonnull(t2);
	l.arg = &calls;
	a = leaves_round(&l, 2, 1, &seen, &e);
	ck_assert_msg(a != NULL, "%s", e.msg);
	ck_assert_int_eq(a->games, 10);
	ck_assert_int_eq(calls, 10);
	b = leaves_acc_create(n, &e);
	ck_assert_int_eq(leaves_play(b, &r, lex, t2, 8, 30, 2, 3, NULL, NULL,
	    NULL, &e), 0);
	seen2 = leaves_estimate(b, t2, &e);
	ck_assert_int_gt(seen2, 0);
	ck_assert_int_eq(seen, seen2);
	ck_assert_uint_eq(a->samples, b->samples);
	ck_assert_int_eq(a->total, b->total);
	ck_assert_mem_eq(a->count, b->count, n * sizeof *a->count);
	ck_assert_mem_eq(klv_values(t1), klv_values(t2), n * sizeof(int32_t));
	for (uint32_t i = 0; i < n; i++)
		nonzero += klv_values(t1)[i] != 0;
	ck_assert_uint_gt(nonzero, 0);
	leaves_acc_destroy(a);
	leaves_acc_destroy(b);
	/* Credits only: a's are b's again, and the table is untouched. */
	memcpy(klv_values(t2), klv_values(t1), n * sizeof(int32_t));
	calls = 0;
	a = leaves_round(&l, 2, 0, &seen, &e);
	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(seen, 0);
	ck_assert_mem_eq(klv_values(t1), klv_values(t2), n * sizeof(int32_t));
	leaves_acc_destroy(a);
	klv_destroy(t1);
	klv_destroy(t2);
	lex_destroy(lex);
}
END_TEST

static Suite *
leaves_suite(void)
{
	Suite *s = suite_create("leaves");
	TCase *tc = tcase_create("learning");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, table_from_start);
	tcase_add_test(tc, table_load);
	tcase_add_test(tc, estimate_by_hand);
	tcase_add_test(tc, acc_round_trip);
	tcase_add_test(tc, round_is_play_and_estimate);
	tcase_add_test(tc, learns_the_obvious);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(leaves_suite());
}
