/* check_robot.c — Netskrafl's custom robots (SPEC §4) on positions whose
 * candidate lists are known by hand. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "board.h"
#include "gen.h"
#include "lex.h"
#include "move.h"
#include "rng.h"
#include "robot.h"
#include "rules.h"

/* An empty English board with rack rack; scores me and other. */
static void
empty_board(const struct rules *r, const char *rack, int me, int other,
	struct position *p)
{
	char cgp[128];
	struct err e;

	snprintf(cgp, sizeof cgp,
	    "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 %s/ %d/%d 0", rack,
	    me, other);
	if (cgp_parse(r, cgp, strlen(cgp), p, &e) != 0)
		ck_abort_msg("cgp_parse %s: %s", cgp, e.msg);
}

/* The robot's candidates' scores, best first, into sc[]; returns how
 * many, *cut the robot's cut. */
static long
collect(struct robot *rb, const struct position *p, int *sc, long *cut)
{
	const long *cand;
	long n, i;
	struct err e;

	ck_assert_int_eq(robot_collect(rb, p, &cand, &n, cut, &e), 0);
	for (i = 0; i < n; i++)
		sc[i] = robot_gen_move(rb, cand[i])->score;
	return n;
}

static struct robot *
make_robot(const struct rules *r, const struct lex *lex,
	enum robot_strategy s, const struct lex *vocab)
{
	struct robot_opts ro = { .strategy = s, .vocab = vocab };
	struct err e;
	struct robot *rb = robot_create(r, lex, &ro, &e);

	ck_assert_msg(rb != NULL, "%s", e.msg);
	return rb;
}

/* ZAX scores (10 + 1 + 8) x 2 = 38 at each of its three places on the
 * empty board, ZA (10 + 1) x 2 = 22 at two.  The first ZAX is collected;
 * while it is the only one, the other two (same score) are skipped
 * (Netskrafl's quirk); both ZA come: 38, 22, 22. */
START_TEST(quirk_skips_equal_second)
{
	static const char *const words[] = { "ZA", "ZAX", NULL };
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, words);
	static struct position p;
	int sc[64];
	long n, cut;
	enum robot_strategy s[3] = { ROBOT_MIDLUNGUR, ROBOT_HALFDRAETTINGUR,
	    ROBOT_AMLODI };
	int k;

	empty_board(r, "ZAX", 0, 0, &p);
	for (k = 0; k < 3; k++) {
		struct robot *rb = make_robot(r, lex, s[k], NULL);

		n = collect(rb, &p, sc, &cut);
		ck_assert_int_eq(n, 3);
		ck_assert_int_eq(sc[0], 38);
		ck_assert_int_eq(sc[1], 22);
		ck_assert_int_eq(sc[2], 22);
		/* floor(3 x 0.3) = 0: nothing dropped. */
		ck_assert_int_eq(cut, 0);
		robot_destroy(rb);
	}
	lex_destroy(lex);
}
END_TEST

/* A vocabulary without AXE: AXE (1 + 8 + 1) x 2 = 20 is not playable,
 * ZA is (two letters, though not in the vocabulary either). */
START_TEST(vocabulary_and_two_letters)
{
	static const char *const words[] = { "ZA", "ZAX", "AXE", NULL };
	static const char *const voc[] = { "ZAX", NULL };
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, words);
	struct lex *vocab = test_lex_from_words(r, voc);
	struct robot *with = make_robot(r, lex, ROBOT_MIDLUNGUR, vocab);
	struct robot *without = make_robot(r, lex, ROBOT_MIDLUNGUR, NULL);
	static struct position p;
	int sc[64];
	long n, cut;

	empty_board(r, "ZAXE", 0, 0, &p);
	n = collect(with, &p, sc, &cut);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(sc[0], 38);
	ck_assert_int_eq(sc[1], 22);
	ck_assert_int_eq(sc[2], 22);
	/* Without a vocabulary the whole lexicon: the three AXE too. */
	n = collect(without, &p, sc, &cut);
	ck_assert_int_eq(n, 6);
	ck_assert_int_eq(sc[3], 20);
	ck_assert_int_eq(sc[5], 20);
	robot_destroy(with);
	robot_destroy(without);
	lex_destroy(lex);
	lex_destroy(vocab);
}
END_TEST

/* ZA 22, XA 18, KA 12 and AE 4, two places each: collected ZA, XA, XA,
 * KA, KA, AE, AE (the second ZA skipped): p = 7.  The cut, by score:
 * Amlóði floor(7 x 0.3) = 2 when strictly ahead, floor(7 x 0.2) = 1 when
 * level or behind; Hálfdrættingur 2 and floor(0.7) = 0; Miðlungur 0.  With
 * ZA alone, p = 1: nothing is cut. */
START_TEST(cut_by_standing)
{
	static const char *const words[] = { "ZA", "XA", "KA", "AE", NULL };
	static const char *const one[] = { "ZA", NULL };
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, words);
	struct lex *lex1 = test_lex_from_words(r, one);
	static const struct {
		enum robot_strategy s;
		int ahead, level, behind;
	} want[] = {
		{ ROBOT_MIDLUNGUR, 0, 0, 0 },
		{ ROBOT_HALFDRAETTINGUR, 2, 0, 0 },
		{ ROBOT_AMLODI, 2, 1, 1 },
	};
	static struct position p;
	int sc[64], k;
	long n, cut;

	for (k = 0; k < 3; k++) {
		struct robot *rb = make_robot(r, lex, want[k].s, NULL);
		struct robot *r1 = make_robot(r, lex1, want[k].s, NULL);

		empty_board(r, "ZXKAE", 10, 9, &p);
		n = collect(rb, &p, sc, &cut);
		ck_assert_int_eq(n, 7);
		ck_assert_int_eq(sc[0], 22);
		ck_assert_int_eq(sc[1], 18);
		ck_assert_int_eq(sc[3], 12);
		ck_assert_int_eq(sc[6], 4);
		ck_assert_int_eq(cut, want[k].ahead);
		empty_board(r, "ZXKAE", 10, 10, &p);
		collect(rb, &p, sc, &cut);
		ck_assert_int_eq(cut, want[k].level);
		empty_board(r, "ZXKAE", 0, 10, &p);
		collect(rb, &p, sc, &cut);
		ck_assert_int_eq(cut, want[k].behind);
		/* p = 1, ahead: at most p - 1 = 0 dropped. */
		empty_board(r, "ZXKAE", 10, 0, &p);
		ck_assert_int_eq(collect(r1, &p, sc, &cut), 1);
		ck_assert_int_eq(cut, 0);
		robot_destroy(rb);
		robot_destroy(r1);
	}
	lex_destroy(lex);
	lex_destroy(lex1);
}
END_TEST

/* More playable moves than pick_from: Miðlungur and Hálfdrættingur stop
 * at 20, Amlóði at 30.  Every two-letter word of the rack's letters
 * (7 x 6 = 42, two places each). */
START_TEST(stops_at_pick_from)
{
	const char *letters = "ZXKAEIO";
	char words[43][3];
	const char *list[43];
	const struct rules *r = rules_builtin("en");
	struct lex *lex;
	static struct position p;
	int sc[128], i, j, nw = 0;
	long cut;

	for (i = 0; i < 7; i++)
		for (j = 0; j < 7; j++)
			if (i != j) {
				words[nw][0] = letters[i];
				words[nw][1] = letters[j];
				words[nw][2] = '\0';
				list[nw] = words[nw];
				nw++;
			}
	list[nw] = NULL;
	lex = test_lex_from_words(r, list);
	empty_board(r, "ZXKAEIO", 0, 0, &p);
	{
		struct robot *m = make_robot(r, lex, ROBOT_MIDLUNGUR, NULL);
		struct robot *h = make_robot(r, lex, ROBOT_HALFDRAETTINGUR, NULL);
		struct robot *a = make_robot(r, lex, ROBOT_AMLODI, NULL);

		ck_assert_int_eq(collect(m, &p, sc, &cut), 20);
		ck_assert_int_eq(collect(h, &p, sc, &cut), 20);
		ck_assert_int_eq(cut, 2);            /* floor(20 x 0.1), level */
		ck_assert_int_eq(collect(a, &p, sc, &cut), 30);
		ck_assert_int_eq(cut, 6);            /* floor(30 x 0.2) */
		/* Best first: ZX (10 + 8) x 2 = 36, then XZ's 36 skipped (the
		 * quirk), ... never rising. */
		ck_assert_int_eq(sc[0], 36);
		for (i = 1; i < 30; i++)
			ck_assert_int_le(sc[i], sc[i - 1]);
		robot_destroy(m);
		robot_destroy(h);
		robot_destroy(a);
	}
	lex_destroy(lex);
}
END_TEST

/* Amlóði ahead with p = 7 drops 2 and picks one of ranks 3 to 7
 * uniformly: 5,000 picks from a fixed seed, chi-squared with 4 degrees
 * of freedom under 18.47 (p = 0.001), and no pick above the cut. */
START_TEST(picks_uniform)
{
	static const char *const words[] = { "ZA", "XA", "KA", "AE", NULL };
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, words);
	struct robot *rb = make_robot(r, lex, ROBOT_AMLODI, NULL);
	static struct position p;
	struct move cands[8], m;
	struct rng rng;
	struct err e;
	const long *cand;
	long n, cut, count[8] = { 0 }, i, k;
	double chi = 0, expect;

	empty_board(r, "ZXKAE", 10, 9, &p);
	ck_assert_int_eq(robot_collect(rb, &p, &cand, &n, &cut, &e), 0);
	ck_assert_int_eq(n, 7);
	ck_assert_int_eq(cut, 2);
	for (i = 0; i < n; i++)
		cands[i] = *robot_gen_move(rb, cand[i]);
	rng_seed(&rng, 2026);
	for (k = 0; k < 5000; k++) {
		ck_assert_int_eq(robot_choose(rb, &p, 50, &rng, &m, &e), 0);
		for (i = 0; i < n; i++)
			if (m.row == cands[i].row && m.col == cands[i].col &&
			    m.dir == cands[i].dir && m.len == cands[i].len &&
			    memcmp(m.tiles, cands[i].tiles, m.len) == 0)
				break;
		ck_assert_int_lt(i, n);
		count[i]++;
	}
	ck_assert_int_eq(count[0] + count[1], 0);
	expect = 5000.0 / 5;
	for (i = 2; i < 7; i++)
		chi += (count[i] - expect) * (count[i] - expect) / expect;
	ck_assert_msg(chi < 18.47, "chi-squared %.2f", chi);
	robot_destroy(rb);
	lex_destroy(lex);
}
END_TEST

START_TEST(names)
{
	enum robot_strategy s;

	ck_assert_int_eq(robot_parse_strategy("halfdraettingur", &s), 0);
	ck_assert_int_eq(s, ROBOT_HALFDRAETTINGUR);
	ck_assert_int_eq(robot_parse_strategy("h\xc3\xa1lfdr\xc3\xa6ttingur", &s), 0);
	ck_assert_int_eq(s, ROBOT_HALFDRAETTINGUR);
	ck_assert_int_eq(robot_parse_strategy("H\xc3\xa1lfdr\xc3\xa6ttingur", &s), 0);
	ck_assert_int_eq(s, ROBOT_HALFDRAETTINGUR);
	ck_assert_str_eq(robot_strategy_name(ROBOT_HALFDRAETTINGUR),
	    "halfdraettingur");
	ck_assert_int_eq(robot_parse_strategy("endgame", &s), 0);
	ck_assert_int_eq(s, ROBOT_ENDGAME);
	ck_assert_str_eq(robot_strategy_name(ROBOT_ENDGAME), "endgame");
	ck_assert_int_eq(robot_parse_strategy("endgamer", &s), -1);
}
END_TEST

static Suite *
robot_suite(void)
{
	Suite *s = suite_create("robot");
	TCase *tc = tcase_create("custom");

	tcase_add_test(tc, quirk_skips_equal_second);
	tcase_add_test(tc, vocabulary_and_two_letters);
	tcase_add_test(tc, cut_by_standing);
	tcase_add_test(tc, stops_at_pick_from);
	tcase_add_test(tc, picks_uniform);
	tcase_add_test(tc, names);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(robot_suite());
}
