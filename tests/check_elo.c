/* check_elo.c — Elo by Netskrafl's rules: FAQ figures, beginners and
 * established players, the three lists, times, results lines, state. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "elo.h"

/* A table and a helper that plays a game between two named players. */
static long
player(struct elo_table *t, const char *name, int robot)
{
	struct err e;
	long i = elo_add(t, name, strlen(name), robot, &e);

	ck_assert_msg(i >= 0, "elo_add %s: %s", name, e.msg);
	return i;
}

static struct elo_outcome
play(struct elo_table *t, const char *a, const char *b, int sa, int sb,
	int manual)
{
	struct elo_outcome o;
	long ia = elo_find(t, a, strlen(a)), ib = elo_find(t, b, strlen(b));

	ck_assert(ia >= 0 && ib >= 0);
	elo_game(t, (size_t)ia, (size_t)ib, sa, sb, manual, &o);
	return o;
}

static int
rating(struct elo_table *t, const char *name, int list)
{
	long i = elo_find(t, name, strlen(name));

	ck_assert(i >= 0);
	return elo_rec(t, list, (size_t)i)->rating;
}

static struct elo_table *
table(void)
{
	struct err e;
	struct elo_table *t = elo_create(&e);

	ck_assert_ptr_nonnull(t);
	return t;
}

/* --- The FAQ figures (SPEC §3) --- */

START_TEST(faq_expected)
{
	/* 50/100/200/400 points apart: 57/64/76/91 %. */
	ck_assert_int_eq((int)lround(elo_expected(1250, 1200) * 100), 57);
	ck_assert_int_eq((int)lround(elo_expected(1300, 1200) * 100), 64);
	ck_assert_int_eq((int)lround(elo_expected(1400, 1200) * 100), 76);
	ck_assert_int_eq((int)lround(elo_expected(1600, 1200) * 100), 91);
	/* A 1200 against B 1600: L(A) = 9.09 %. */
	ck_assert_int_eq((int)lround(elo_expected(1200, 1600) * 10000), 909);
	/* Only the difference matters, and the two expectations sum to 1. */
	ck_assert(fabs(elo_expected(1100, 1500) - elo_expected(1200, 1600)) < 1e-12);
	ck_assert(fabs(elo_expected(1234, 987) + elo_expected(987, 1234) - 1) < 1e-12);
	ck_assert(elo_expected(1200, 1200) == 0.5);
}
END_TEST

START_TEST(faq_1100_vs_1500)
{
	int adj[2];

	/* The favourite wins: +2 / -2. */
	elo_pair(1500, 1100, ELO_WIN, 1, 1, adj);
	ck_assert_int_eq(adj[0], 2);
	ck_assert_int_eq(adj[1], -2);
	/* The upset: -18 / +18, and the gap becomes 364. */
	elo_pair(1500, 1100, ELO_LOSS, 1, 1, adj);
	ck_assert_int_eq(adj[0], -18);
	ck_assert_int_eq(adj[1], 18);
	ck_assert_int_eq((1500 + adj[0]) - (1100 + adj[1]), 364);
	/* A draw: the favourite loses 8.18 -> 8. */
	elo_pair(1500, 1100, ELO_DRAW, 1, 1, adj);
	ck_assert_int_eq(adj[0], -8);
	ck_assert_int_eq(adj[1], 8);
}
END_TEST

START_TEST(faq_through_table)
{
	struct elo_table *t = table();
	struct elo_outcome o;
	long a = player(t, "fav", 0), b = player(t, "dog", 0);

	/* Established players at 1500 and 1100 (as from a state file). */
	*elo_rec(t, ELO_ALL, (size_t)a) = (struct elo_rec){ 1500, 20, 10, 10, 0 };
	*elo_rec(t, ELO_ALL, (size_t)b) = (struct elo_rec){ 1100, 20, 10, 10, 0 };
	o = play(t, "dog", "fav", 400, 350, 0);
	ck_assert_int_eq(o.before[ELO_ALL][0], 1100);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 18);
	ck_assert_int_eq(o.adj[ELO_ALL][1], -18);
	ck_assert_int_eq(rating(t, "fav", ELO_ALL) - rating(t, "dog", ELO_ALL), 364);
	elo_destroy(t);
}
END_TEST

/* --- Rounding --- */

START_TEST(round_half_even)
{
	ck_assert_int_eq(elo_round(0.5), 0);
	ck_assert_int_eq(elo_round(1.5), 2);
	ck_assert_int_eq(elo_round(2.5), 2);
	ck_assert_int_eq(elo_round(3.5), 4);
	ck_assert_int_eq(elo_round(-0.5), 0);
	ck_assert_int_eq(elo_round(-1.5), -2);
	ck_assert_int_eq(elo_round(-2.5), -2);
	ck_assert_int_eq(elo_round(2.4999999999999996), 2);
	ck_assert_int_eq(elo_round(2.5000000000000004), 3);
	ck_assert_int_eq(elo_round(-2.5000000000000004), -3);
	ck_assert_int_eq(elo_round(7.0), 7);
	/* Constructed expectations that make exact halves (binary fractions):
	 * (1 - 0.578125) * 32 = 13.5 -> 14, (1 - 0.546875) * 32 = 14.5 -> 14,
	 * (0.5 - 0.421875) * 32 = 2.5 -> 2, (0 - 0.421875) * 32 = -13.5 -> -14,
	 * (1 - 0.875) * 20 = 2.5 -> 2, (0 - 0.125) * 20 = -2.5 -> -2. */
	ck_assert_int_eq(elo_delta(0.578125, ELO_WIN, 32), 14);
	ck_assert_int_eq(elo_delta(0.546875, ELO_WIN, 32), 14);
	ck_assert_int_eq(elo_delta(0.421875, ELO_DRAW, 32), 2);
	ck_assert_int_eq(elo_delta(0.421875, ELO_LOSS, 32), -14);
	ck_assert_int_eq(elo_delta(0.875, ELO_WIN, 20), 2);
	ck_assert_int_eq(elo_delta(0.125, ELO_LOSS, 20), -2);
	/* Rounding half away from zero would say 3 and -3 here. */
	ck_assert_int_eq(elo_delta(0.875, ELO_WIN, 20) + 1, 3);
}
END_TEST

/* --- Beginners and established players --- */

START_TEST(beginner_boundary)
{
	struct elo_table *t = table();
	struct elo_outcome o;
	int k;

	player(t, "a", 0);
	player(t, "b", 0);
	/* Draws between equal ratings change nothing but the counts. */
	for (k = 0; k < 9; k++) {
		o = play(t, "a", "b", 300, 300, 0);
		ck_assert_int_eq(o.adj[ELO_ALL][0], 0);
	}
	/* Game 10: the count is 10, not above 10: still K = 32. */
	o = play(t, "a", "b", 400, 300, 0);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 16);
	ck_assert_int_eq(o.adj[ELO_ALL][1], -16);
	ck_assert_int_eq(o.adj[ELO_HUMAN][0], 16);
	ck_assert_int_eq(rating(t, "a", ELO_ALL), 1216);

	/* Again with 10 draws first: game 11 counts 11 > 10, K = 20. */
	elo_destroy(t);
	t = table();
	player(t, "a", 0);
	player(t, "b", 0);
	for (k = 0; k < 10; k++)
		play(t, "a", "b", 300, 300, 0);
	o = play(t, "a", "b", 400, 300, 0);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 10);
	ck_assert_int_eq(o.adj[ELO_ALL][1], -10);
	ck_assert_uint_eq(elo_rec(t, ELO_ALL, 0)->games, 11);
	ck_assert_uint_eq(elo_rec(t, ELO_ALL, 0)->draws, 10);
	ck_assert_uint_eq(elo_rec(t, ELO_ALL, 0)->wins, 1);
	ck_assert_uint_eq(elo_rec(t, ELO_ALL, 1)->losses, 1);
	elo_destroy(t);
}
END_TEST

START_TEST(established_vs_beginner)
{
	struct elo_table *t = table();
	struct elo_outcome o;
	int k;

	player(t, "old", 0);
	player(t, "mate", 0);
	player(t, "new", 0);
	for (k = 0; k < 11; k++)
		play(t, "old", "mate", 300, 300, 0);
	/* old is established (12 games now), new a beginner: only new moves. */
	o = play(t, "new", "old", 350, 300, 0);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 16);
	ck_assert_int_eq(o.adj[ELO_ALL][1], 0);
	ck_assert_int_eq(rating(t, "old", ELO_ALL), 1200);
	ck_assert_int_eq(rating(t, "new", ELO_ALL), 1216);
	/* The established player's games and losses still count. */
	ck_assert_uint_eq(elo_rec(t, ELO_ALL, 0)->games, 12);
	ck_assert_uint_eq(elo_rec(t, ELO_ALL, 0)->losses, 1);
	/* And the other way round: the beginner loses, the other is unchanged. */
	o = play(t, "old", "new", 350, 300, 0);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 0);
	ck_assert(o.adj[ELO_ALL][1] < 0);
	elo_destroy(t);
}
END_TEST

START_TEST(both_beginners_and_draws)
{
	struct elo_table *t = table();
	struct elo_outcome o;
	int adj[2];

	player(t, "x", 0);
	player(t, "y", 0);
	o = play(t, "x", "y", 280, 350, 0);
	ck_assert_int_eq(o.adj[ELO_ALL][0], -16);
	ck_assert_int_eq(o.adj[ELO_ALL][1], 16);
	/* A draw between beginners at 1184 and 1216: +1.47 -> +1, -1. */
	o = play(t, "x", "y", 300, 300, 0);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 1);
	ck_assert_int_eq(o.adj[ELO_ALL][1], -1);
	ck_assert_uint_eq(elo_rec(t, ELO_ALL, 0)->draws, 1);
	/* Mixed K: beginner (32) against established (20) is covered by the
	 * established rule; two beginners of unequal rating, a draw: */
	elo_pair(1000, 1400, ELO_DRAW, 0, 0, adj);
	ck_assert_int_eq(adj[0], 13);      /* (0.5 - 0.0909) * 32 = 13.09 */
	ck_assert_int_eq(adj[1], -13);
	elo_destroy(t);
}
END_TEST

START_TEST(floor_at_zero)
{
	struct elo_table *t = table();
	struct elo_outcome o;
	int adj[2];
	long a;

	elo_pair(10, 10, ELO_LOSS, 1, 1, adj);
	ck_assert_int_eq(adj[0], -10);     /* -10 by the rules, floored */
	ck_assert_int_eq(adj[1], 10);
	elo_pair(0, 0, ELO_LOSS, 0, 0, adj);
	ck_assert_int_eq(adj[0], 0);
	ck_assert_int_eq(adj[1], 16);
	a = player(t, "low", 0);
	player(t, "hi", 0);
	elo_rec(t, ELO_ALL, (size_t)a)->rating = 7;
	elo_rec(t, ELO_ALL, (size_t)a + 1)->rating = 20;
	/* 7 against 20, a loss: -15.4 -> -15 by the rules, floored to -7. */
	o = play(t, "low", "hi", 100, 400, 0);
	ck_assert_int_eq(o.adj[ELO_ALL][0], -7);
	ck_assert_int_eq(rating(t, "low", ELO_ALL), 0);
	o = play(t, "low", "hi", 100, 400, 0);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 0);
	ck_assert_int_eq(rating(t, "low", ELO_ALL), 0);
	elo_destroy(t);
}
END_TEST

START_TEST(zero_zero_ignored)
{
	struct elo_table *t = table();
	struct elo_outcome o;
	long a, b;
	int k;

	a = player(t, "a", 0);
	b = player(t, "b", 0);
	ck_assert_int_eq(elo_game(t, (size_t)a, (size_t)b, 0, 0, 1, &o), 0);
	ck_assert_int_eq(o.counted[ELO_ALL], 0);
	ck_assert_uint_eq(elo_rec(t, ELO_ALL, 0)->games, 0);
	ck_assert_uint_eq(elo_rec(t, ELO_MANUAL, 0)->games, 0);
	/* 0-0 games do not count toward being established: after 10 real
	 * draws and any number of 0-0 games, game 10 still has K = 32. */
	for (k = 0; k < 9; k++) {
		play(t, "a", "b", 300, 300, 0);
		play(t, "a", "b", 0, 0, 0);
	}
	o = play(t, "a", "b", 301, 300, 0);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 16);
	/* A 0-10 game is not 0-0: it counts. */
	ck_assert_int_eq(elo_game(t, (size_t)a, (size_t)b, 0, 10, 0, &o), 1);
	elo_destroy(t);
}
END_TEST

START_TEST(robots_only_in_all)
{
	struct elo_table *t = table();
	struct elo_outcome o;
	struct err e;
	uint32_t idx[8];
	long n;
	int k;

	player(t, "robot-15", 1);
	player(t, "hum", 0);
	player(t, "pal", 0);
	/* A beginner against a robot: the robot is established, unchanged. */
	o = play(t, "hum", "robot-15", 400, 300, 0);
	ck_assert_int_eq(o.counted[ELO_ALL], 1);
	ck_assert_int_eq(o.counted[ELO_HUMAN], 0);
	ck_assert_int_eq(o.counted[ELO_MANUAL], 0);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 16);
	ck_assert_int_eq(o.adj[ELO_ALL][1], 0);
	/* A manual flag on a robot game changes nothing: not human. */
	o = play(t, "hum", "robot-15", 300, 400, 1);
	ck_assert_int_eq(o.counted[ELO_MANUAL], 0);
	for (k = 0; k < 9; k++)
		play(t, "hum", "robot-15", 300, 300, 0);
	/* hum now has 12 games: established in the all list, the robot moves. */
	o = play(t, "hum", "robot-15", 300, 400, 0);
	ck_assert(o.adj[ELO_ALL][1] > 0);
	ck_assert(o.adj[ELO_ALL][0] < 0);
	/* Against pal, a new human: the all list keeps hum's rating (hum is
	 * established there), the human list does not (1 human game). */
	o = play(t, "hum", "pal", 400, 300, 1);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 0);
	ck_assert(o.adj[ELO_ALL][1] < 0);
	ck_assert_int_eq(o.before[ELO_HUMAN][0], 1200);
	ck_assert_int_eq(o.adj[ELO_HUMAN][0], 16);
	ck_assert_int_eq(o.adj[ELO_HUMAN][1], -16);
	ck_assert_int_eq(o.counted[ELO_MANUAL], 1);
	ck_assert_int_eq(o.adj[ELO_MANUAL][0], 16);
	/* Rankings: the robot only in the all list. */
	n = elo_ranking(t, ELO_ALL, idx, &e);
	ck_assert_int_eq(n, 3);
	n = elo_ranking(t, ELO_HUMAN, idx, &e);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(elo_name(t, idx[0]), "hum");
	ck_assert_str_eq(elo_name(t, idx[1]), "pal");
	n = elo_ranking(t, ELO_MANUAL, idx, &e);
	ck_assert_int_eq(n, 2);
	/* A robot cannot turn human. */
	ck_assert_int_lt(elo_add(t, "robot-15", 8, 0, &e), 0);
	ck_assert_ptr_nonnull(strstr(e.msg, "robot"));
	elo_destroy(t);
}
END_TEST

START_TEST(manual_established_by_human_count)
{
	struct elo_table *t = table();
	struct elo_outcome o;
	int k;

	player(t, "a", 0);
	player(t, "b", 0);
	player(t, "c", 0);
	/* a: 11 normal human games; then a manual game against c (new). */
	for (k = 0; k < 11; k++)
		play(t, "a", "b", 300, 300, 0);
	o = play(t, "a", "c", 300, 400, 1);
	/* a is established by the human count in the manual list although it
	 * is a's first manual game: a's manual rating is unchanged. */
	ck_assert_int_eq(o.adj[ELO_MANUAL][0], 0);
	ck_assert_int_eq(o.adj[ELO_MANUAL][1], 16);
	ck_assert_uint_eq(elo_rec(t, ELO_MANUAL, 0)->games, 1);
	ck_assert_uint_eq(elo_rec(t, ELO_HUMAN, 0)->games, 12);
	elo_destroy(t);
}
END_TEST

START_TEST(ranking_ties_by_name)
{
	struct elo_table *t = table();
	struct err e;
	uint32_t idx[4];

	player(t, "zed", 0);
	player(t, "amy", 0);
	player(t, "bob", 0);
	player(t, "idle", 0);
	play(t, "zed", "amy", 300, 300, 0);   /* both stay 1200 */
	play(t, "bob", "amy", 300, 200, 0);   /* bob 1216, amy 1184 */
	ck_assert_int_eq(elo_ranking(t, ELO_ALL, idx, &e), 3);
	ck_assert_str_eq(elo_name(t, idx[0]), "bob");
	ck_assert_str_eq(elo_name(t, idx[1]), "zed");
	ck_assert_str_eq(elo_name(t, idx[2]), "amy");
	elo_destroy(t);
}
END_TEST

START_TEST(many_players_hash)
{
	struct elo_table *t = table();
	char name[32];
	int i;

	for (i = 0; i < 20000; i++) {
		snprintf(name, sizeof name, "p%d", i);
		ck_assert_int_eq(player(t, name, 0), i);
	}
	for (i = 0; i < 20000; i += 7) {
		snprintf(name, sizeof name, "p%d", i);
		ck_assert_int_eq(elo_find(t, name, strlen(name)), i);
		ck_assert_str_eq(elo_name(t, (size_t)i), name);
	}
	ck_assert_int_eq(elo_find(t, "p20000", 6), -1);
	ck_assert_uint_eq(elo_count(t), 20000);
	elo_destroy(t);
}
END_TEST

/* --- Names, times and results lines --- */

START_TEST(name_checks)
{
	struct err e;

	ck_assert_int_eq(elo_name_check("Þórður Æ", strlen("Þórður Æ"), &e), 0);
	ck_assert_int_eq(elo_name_check("robot-15", 8, &e), 0);
	ck_assert_int_eq(elo_name_check("\xf0\x9f\x98\x80", 4, &e), 0);
	ck_assert_int_eq(elo_name_check("", 0, &e), -1);
	ck_assert_int_eq(elo_name_check("a\xc3", 2, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "UTF-8"));
	ck_assert_int_eq(elo_name_check("\xc0\xaf", 2, &e), -1);      /* overlong */
	ck_assert_int_eq(elo_name_check("\xe0\x80\xaf", 3, &e), -1);  /* overlong */
	ck_assert_int_eq(elo_name_check("\xed\xa0\x80", 3, &e), -1);  /* surrogate */
	ck_assert_int_eq(elo_name_check("\xf4\x90\x80\x80", 4, &e), -1);
	ck_assert_int_eq(elo_name_check("\xc2\x85", 2, &e), -1);      /* C1 */
	ck_assert_int_eq(elo_name_check("a\x01", 2, &e), -1);
	ck_assert_int_eq(elo_name_check("\xff", 1, &e), -1);
	ck_assert_int_eq(elo_name_check(" a", 2, &e), -1);
	ck_assert_int_eq(elo_name_check("a ", 2, &e), -1);
	{
		char big[ELO_NAME_MAX + 2];
		memset(big, 'x', sizeof big);
		ck_assert_int_eq(elo_name_check(big, ELO_NAME_MAX, &e), 0);
		ck_assert_int_eq(elo_name_check(big, ELO_NAME_MAX + 1, &e), -1);
	}
}
END_TEST

static int64_t
tp(const char *s)
{
	struct err e;
	int64_t us = 0;

	ck_assert_msg(elo_time_parse(s, strlen(s), &us, &e) == 0, "%s: %s", s, e.msg);
	return us;
}

static int
tbad(const char *s)
{
	struct err e;
	int64_t us;

	return elo_time_parse(s, strlen(s), &us, &e) == -1;
}

START_TEST(times)
{
	char buf[40];

	ck_assert(tp("1970-01-01T00:00:00Z") == 0);
	ck_assert(tp("1970-01-02") == 86400LL * 1000000);
	/* 2026-12-02T21:05:00Z: 20789 days after 1970-01-01. */
	ck_assert(tp("2026-12-02T21:05:00Z") ==
		(20789LL * 86400 + 21 * 3600 + 5 * 60) * 1000000);
	ck_assert(tp("2026-12-02T22:05:00+01:00") == tp("2026-12-02T21:05:00Z"));
	ck_assert(tp("2026-12-02T16:05-0500") == tp("2026-12-02T21:05:00Z"));
	ck_assert(tp("2026-12-02 21:05:00") == tp("2026-12-02T21:05:00Z"));
	ck_assert(tp("2026-12-02T21:05:00.5Z") == tp("2026-12-02T21:05:00Z") + 500000);
	ck_assert(tp("2026-12-03") == tp("2026-12-02T24:00:00Z"));
	ck_assert(tp("2024-02-29T12:00:00Z") < tp("2024-03-01"));
	ck_assert(tp("1969-12-31T23:59:59Z") == -1000000);
	elo_time_format(tp("2026-12-02T21:05:00Z"), buf, sizeof buf);
	ck_assert_str_eq(buf, "2026-12-02T21:05:00Z");
	elo_time_format(tp("2000-02-29T23:59:59.25+00:00"), buf, sizeof buf);
	ck_assert_str_eq(buf, "2000-02-29T23:59:59.250000Z");
	elo_time_format(tp("1969-12-31T23:59:59.5Z"), buf, sizeof buf);
	ck_assert_str_eq(buf, "1969-12-31T23:59:59.500000Z");
	ck_assert(tbad("0000-01-01T00:00:00+01:00"));
	ck_assert(tbad("9999-12-31T23:59:59-01:00"));
	ck_assert(tp("9999-12-31T23:59:59Z") > tp("2026-12-03"));
	elo_time_format(tp("0000-01-01T00:00:00Z"), buf, sizeof buf);
	ck_assert_str_eq(buf, "0000-01-01T00:00:00Z");
	elo_time_format(tp("9999-12-31T23:59:59.999999Z"), buf, sizeof buf);
	ck_assert_str_eq(buf, "9999-12-31T23:59:59.999999Z");
	ck_assert(tbad("2026-02-29"));
	ck_assert(tbad("2026-13-01"));
	ck_assert(tbad("2026-04-31T00:00Z"));
	ck_assert(tbad("2026-12-02T25:00:00Z"));
	ck_assert(tbad("2026-12-02T24:00:01Z"));
	ck_assert(tbad("2026-12-02T21:60:00Z"));
	ck_assert(tbad("2026-12-02T21:05:00X"));
	ck_assert(tbad("2026-12-02T21:05:00Zjunk"));
	ck_assert(tbad("2026-12-02T21"));
	ck_assert(tbad("2026-12-2"));
	ck_assert(tbad("yesterday"));
	ck_assert(tbad(""));
	ck_assert(tbad("2026-12-02T21:05:00."));
}
END_TEST

START_TEST(results_lines)
{
	struct elo_result r;
	struct err e;
	const char *l;

#define PARSE(s) elo_parse_result((s), strlen(s), &r, &e)
	l = "2026-12-02T21:05:00Z\tanna\tbjørn\t412\t388";
	ck_assert_int_eq(PARSE(l), 1);
	ck_assert_int_eq(r.score[0], 412);
	ck_assert_int_eq(r.score[1], 388);
	ck_assert_uint_eq(r.len[1], strlen("bjørn"));
	ck_assert_int_eq(r.flags, 0);
	l = "2026-12-02T21:05:00Z\tanna\trobot-15\t412\t388\trobot2,manual";
	ck_assert_int_eq(PARSE(l), 1);
	ck_assert_int_eq(r.flags, ELO_FLAG_ROBOT2 | ELO_FLAG_MANUAL);
	l = "2026-12-02T21:05:00Z\tanna\tbo\t-5\t0\t";
	ck_assert_int_eq(PARSE(l), 1);
	ck_assert_int_eq(r.score[0], -5);
	ck_assert_int_eq(PARSE("# a comment"), 0);
	ck_assert_int_eq(PARSE(""), 0);
	ck_assert_int_eq(PARSE("2026-12-02T21:05:00Z\tanna\tbo\t412"), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "too few"));
	ck_assert_int_eq(PARSE("2026-12-02T21:05:00Z\ta\tb\t1\t2\tmanual\tx"), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "too many"));
	ck_assert_int_eq(PARSE("2026-12-32T21:05:00Z\ta\tb\t1\t2"), -1);
	ck_assert_int_eq(PARSE("2026-12-02T21:05:00Z\ta\ta\t1\t2"), -1);
	ck_assert_int_eq(PARSE("2026-12-02T21:05:00Z\ta\tb\t1x\t2"), -1);
	ck_assert_int_eq(PARSE("2026-12-02T21:05:00Z\ta\tb\t99999999999\t2"), -1);
	ck_assert_int_eq(PARSE("2026-12-02T21:05:00Z\ta\tb\t\t2"), -1);
	ck_assert_int_eq(PARSE("2026-12-02T21:05:00Z\ta\tb\t1\t2\trobot3"), -1);
	ck_assert_int_eq(PARSE("2026-12-02T21:05:00Z\ta\tb\t1\t2\tmanual,manual"), -1);
	ck_assert_int_eq(PARSE("2026-12-02T21:05:00Z\ta\tb\t1\t2\tmanual,"), -1);
	ck_assert_int_eq(PARSE("2026-12-02T21:05:00Z\ta\xff\tb\t1\t2"), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "player 1"));
	ck_assert_int_eq(elo_parse_result("2026-12-02T21:05:00Z\ta\0\tb\t1\t2", 31,
		&r, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "NUL"));
#undef PARSE
}
END_TEST

/* --- State files --- */

static char *
state_text(const struct elo_table *t, int64_t through)
{
	char *buf = NULL;
	size_t len = 0;
	struct err e;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(elo_state_write(t, through, fp, &e), 0);
	fclose(fp);
	return buf;
}

static int
state_load(struct elo_table *t, const char *text, int64_t *through,
	struct err *e)
{
	FILE *fp = fmemopen((void *)text, strlen(text), "r");
	int r;

	ck_assert_ptr_nonnull(fp);
	r = elo_state_read(t, through, fp, e);
	fclose(fp);
	return r;
}

/* A deterministic stream of games among 12 players, 3 of them robots. */
static void
games(struct elo_table *t, int from, int to)
{
	static const char *const names[] = { "anna", "bjørn", "cecilie", "dag",
		"eva", "finn", "gro", "hans", "iben", "robot-0", "robot-8", "robot-15" };
	int g;

	for (g = from; g < to; g++) {
		int a = (g * 7) % 12, b = (g * 5 + 3) % 12;
		long ia, ib;
		if (a == b)
			b = (b + 1) % 12;
		ia = player(t, names[a], a >= 9);
		ib = player(t, names[b], b >= 9);
		elo_game(t, (size_t)ia, (size_t)ib, 200 + (g * 37) % 300,
			200 + (g * 53) % 300, g % 3 == 0, NULL);
	}
}

/* bagsim play's game lines: robots, no time; the game number as strtol
 * reads it, every message of a bad line. */
START_TEST(bagsim_lines)
{
	struct elo_result r;
	struct err e;
	static const char *const good[] = {
		"0\t1\tfullsterkur\tmidlungur\t420\t380",
		" 5\tx\tfullsterkur\tmidlungur\t420\t380\textra\tcolumns",
		"+5\t1\tfullsterkur\tmidlungur\t420\t380",
		"-0\t1\tfullsterkur\tmidlungur\t420\t380",
		"9223372036854775807\t1\tfullsterkur\tmidlungur\t420\t380",
	};
	static const struct { const char *line, *msg; } bad[] = {
		{ "0\t1\tfullsterkur\tmidlungur\t420", "too few fields, want at "
		  "least 6 separated by tabs: GAME SEED PLAYER1 PLAYER2 SCORE1 "
		  "SCORE2" },
		{ "-1\t1\ta\tb\t1\t0", "bad game number or seed" },
		{ "5 \t1\ta\tb\t1\t0", "bad game number or seed" },
		{ "\t1\ta\tb\t1\t0", "bad game number or seed" },
		{ "0x5\t1\ta\tb\t1\t0", "bad game number or seed" },
		{ "9223372036854775808\t1\ta\tb\t1\t0", "bad game number or seed" },
		{ "1\t\ta\tb\t1\t0", "bad game number or seed" },
		{ "1\t2\ta\t\t1\t0", "player 2: empty player name" },
		{ "1\t2\ta\tb\t+1\t1000001", "score 2 is not an integer within "
		  "±1000000" },
		{ "1\t2\ta\tb\tx\t1", "score 1 is not an integer within ±1000000" },
		{ "1\t2\ta\ta\t1\t0", "a player cannot play themself" },
	};
	size_t i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		ck_assert_int_eq(elo_parse_bagsim(good[i], strlen(good[i]), &r, &e), 1);
		ck_assert_int_eq(r.score[0], 420);
		ck_assert_int_eq(r.score[1], 380);
		ck_assert_uint_eq(r.len[0], 11);
		ck_assert(memcmp(r.name[1], "midlungur", 9) == 0);
		ck_assert_uint_eq(r.len[1], 9);
		ck_assert(r.time == ELO_TIME_NONE);
		ck_assert_int_eq(r.flags, ELO_FLAG_ROBOT1 | ELO_FLAG_ROBOT2);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(elo_parse_bagsim(bad[i].line, strlen(bad[i].line),
		    &r, &e), -1);
		ck_assert_str_eq(e.msg, bad[i].msg);
	}
	ck_assert_int_eq(elo_parse_bagsim("# game\tseed", 11, &r, &e), 0);
	ck_assert_int_eq(elo_parse_bagsim("", 0, &r, &e), 0);
	ck_assert_int_eq(elo_parse_bagsim("1\t2\ta\0\tb\t1\t0", 12, &r, &e), -1);
	ck_assert_str_eq(e.msg, "NUL byte in line (binary data?)");
}
END_TEST

/* The --games line: the FAQ's 1100 vs 1500 upset (+18/-18), then a draw
 * of 1482 vs 1118 (E = 0.8905, so -8/+8), with no time and with one. */
START_TEST(game_line_format)
{
	struct elo_table *t = elo_create(NULL);
	struct elo_outcome o;
	char buf[ELO_GAME_LINE_MAX + 1];
	long a, b;
	int64_t tm;
	size_t n;

	ck_assert_ptr_nonnull(t);
	a = elo_add(t, "anna", 4, 0, NULL);
	b = elo_add(t, "bjørn", strlen("bjørn"), 0, NULL);
	ck_assert(a >= 0 && b >= 0);
	elo_rec(t, ELO_ALL, (size_t)a)->rating = 1100;
	elo_rec(t, ELO_ALL, (size_t)b)->rating = 1500;
	elo_rec(t, ELO_ALL, (size_t)a)->games = 20;
	elo_rec(t, ELO_ALL, (size_t)b)->games = 20;
	ck_assert_int_eq(elo_game(t, (size_t)a, (size_t)b, 412, -3, 0, &o), 1);
	n = elo_format_game(t, (size_t)a, (size_t)b, ELO_TIME_NONE, 412, -3, &o,
	    ELO_ALL, buf);
	buf[n] = '\0';
	ck_assert_str_eq(buf, "-\tanna\tbjørn\t412\t-3\t1100\t+18\t1500\t-18\n");
	ck_assert_int_eq(elo_time_parse("2026-12-02T21:05:00Z", 20, &tm, NULL), 0);
	ck_assert_int_eq(elo_game(t, (size_t)b, (size_t)a, 300, 300, 0, &o), 1);
	n = elo_format_game(t, (size_t)b, (size_t)a, tm, 300, 300, &o, ELO_ALL,
	    buf);
	buf[n] = '\0';
	ck_assert_str_eq(buf, "2026-12-02T21:05:00Z\tbjørn\tanna\t300\t300\t1482"
	    "\t-8\t1118\t+8\n");
	elo_destroy(t);
}
END_TEST

/* elo_rate: the window of --state and --at, finishing order, 0-0, robots
 * named by a list, a robot flag contradicted; elo_window_through. */
START_TEST(rate_window)
{
	struct elo_table *t = elo_create(NULL), *robots = elo_create(NULL);
	struct elo_window w = { ELO_TIME_NONE, ELO_TIME_NONE, ELO_TIME_NONE };
	struct elo_result r;
	struct elo_outcome o;
	struct err e;
	size_t i[2];
	int64_t d1, d2, d3;

	ck_assert(t != NULL && robots != NULL);
	ck_assert_int_eq(elo_add(robots, "robot-15", 8, 1, NULL), 0);
	ck_assert_int_eq(elo_time_parse("2026-12-01", 10, &d1, NULL), 0);
	ck_assert_int_eq(elo_time_parse("2026-12-02", 10, &d2, NULL), 0);
	ck_assert_int_eq(elo_time_parse("2026-12-03", 10, &d3, NULL), 0);
	w.through = d1;                 /* a state rated up to day 1 */
	w.at = d2;                      /* this run: up to day 2 */
	ck_assert(elo_window_through(&w) == d2);

#define GAME(tm, a, b, sa, sb, fl) (r.time = (tm), r.name[0] = (a), \
	r.len[0] = strlen(a), r.name[1] = (b), r.len[1] = strlen(b), \
	r.score[0] = (sa), r.score[1] = (sb), r.flags = (fl), \
	elo_rate(t, robots, &w, &r, i, &o, &e))
	ck_assert_int_eq(GAME(d1, "anna", "bo", 400, 300, 0), 0); /* by the state */
	ck_assert_uint_eq(elo_count(t), 0);
	ck_assert_int_eq(GAME(d1 + 1, "anna", "bo", 0, 0, 0), 0);  /* 0-0 */
	ck_assert_uint_eq(elo_count(t), 0);
	ck_assert_int_eq(GAME(d1 + 2, "anna", "bo", 400, 300, 0), 1);
	ck_assert_uint_eq(i[0], 0);
	ck_assert_uint_eq(i[1], 1);
	ck_assert_int_eq(o.adj[ELO_ALL][0], 16);
	ck_assert_int_eq(GAME(d1, "anna", "bo", 400, 300, 0), -1);
	ck_assert_str_eq(e.msg, "time earlier than the game before (input "
	    "must be in finishing order)");
	ck_assert_int_eq(GAME(d3, "anna", "bo", 400, 300, 0), 0); /* after at */
	ck_assert(w.last == d3);
	ck_assert(elo_window_through(&w) == d2);
	w.at = ELO_TIME_NONE;
	ck_assert(elo_window_through(&w) == d3);
	/* No time: always rated; robots by the list or by the flag. */
	ck_assert_int_eq(GAME(ELO_TIME_NONE, "anna", "robot-15", 1, 2, 0), 1);
	ck_assert_int_eq(elo_is_robot(t, i[1]), 1);
	ck_assert_int_eq(o.counted[ELO_HUMAN], 0);
	ck_assert_int_eq(GAME(ELO_TIME_NONE, "bo", "anna", 1, 2,
	    ELO_FLAG_ROBOT1), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "bo"));
	ck_assert(w.last == d3);
#undef GAME
	w.last = ELO_TIME_NONE;
	ck_assert(elo_window_through(&w) == d1);
	elo_destroy(t);
	elo_destroy(robots);
}
END_TEST

START_TEST(state_round_trip_and_split)
{
	struct elo_table *one = table(), *half = table(), *back;
	struct err e;
	int64_t through = 0;
	char *s1, *s2, *s3;

	games(one, 0, 500);
	s1 = state_text(one, tp("2026-12-03"));
	ck_assert(strncmp(s1, "# elocalc state 1\nthrough\t2026-12-03T00:00:00Z\n", 46) == 0);
	/* Read back and write again: the same text. */
	back = table();
	ck_assert_int_eq(state_load(back, s1, &through, &e), 0);
	ck_assert(through == tp("2026-12-03"));
	s2 = state_text(back, through);
	ck_assert_str_eq(s1, s2);
	elo_destroy(back);
	/* Two runs split at game 200 through a state file = one run. */
	games(half, 0, 200);
	s3 = state_text(half, ELO_TIME_NONE);
	elo_destroy(half);
	half = table();
	ck_assert_int_eq(state_load(half, s3, &through, &e), 0);
	ck_assert(through == ELO_TIME_NONE);
	games(half, 200, 500);
	free(s2);
	s2 = state_text(half, tp("2026-12-03"));
	ck_assert_str_eq(s1, s2);
	free(s1);
	free(s2);
	free(s3);
	elo_destroy(one);
	elo_destroy(half);
}
END_TEST

static long
bad_state(const char *text, const char *want)
{
	struct elo_table *t = table();
	struct err e;
	int64_t th;

	ck_assert_int_eq(state_load(t, text, &th, &e), -1);
	ck_assert_msg(strstr(e.msg, want) != NULL, "'%s' lacks '%s'", e.msg, want);
	elo_destroy(t);
	return e.line;
}

START_TEST(state_errors)
{
	const char *h = "# elocalc state 1\n";
	char buf[512];

	bad_state("", "empty");
	ck_assert_int_eq(bad_state("hello\n", "not an elocalc state"), 1);
	snprintf(buf, sizeof buf, "%sthrough\tnever\n", h);
	ck_assert_int_eq(bad_state(buf, "bad time"), 2);
	snprintf(buf, sizeof buf, "%sthrough\t-\nthrough\t-\n", h);
	ck_assert_int_eq(bad_state(buf, "twice"), 3);
	snprintf(buf, sizeof buf, "%splayer\ta\thuman\t1200\t1\t1\t0\t0\n", h);
	bad_state(buf, "fields");
	snprintf(buf, sizeof buf, "%splayer\ta\talien\t1200\t1\t1\t0\t0\t1200\t1\t1\t0\t0"
		"\t1200\t0\t0\t0\t0\n", h);
	bad_state(buf, "kind");
	snprintf(buf, sizeof buf, "%splayer\ta\thuman\t1200\t2\t1\t0\t0\t1200\t1\t1\t0\t0"
		"\t1200\t0\t0\t0\t0\n", h);
	bad_state(buf, "wins + losses");
	snprintf(buf, sizeof buf, "%splayer\ta\thuman\t-5\t1\t1\t0\t0\t1200\t1\t1\t0\t0"
		"\t1200\t0\t0\t0\t0\n", h);
	bad_state(buf, "rating");
	snprintf(buf, sizeof buf, "%splayer\ta\thuman\t1200\t1\t1\t0\t0\t1200\t1\t1\t0\t0"
		"\t1200\t2\t2\t0\t0\n", h);
	bad_state(buf, "manual <= human");
	snprintf(buf, sizeof buf, "%splayer\tr\trobot\t1200\t1\t1\t0\t0\t1200\t1\t1\t0\t0"
		"\t1200\t0\t0\t0\t0\n", h);
	bad_state(buf, "robot");
	snprintf(buf, sizeof buf, "%splayer\ta\thuman\t1200\t1\t1\t0\t0\t1200\t0\t0\t0\t0"
		"\t1200\t0\t0\t0\t0\nplayer\ta\thuman\t1200\t1\t1\t0\t0\t1200\t0\t0\t0\t0"
		"\t1200\t0\t0\t0\t0\n", h);
	ck_assert_int_eq(bad_state(buf, "twice"), 3);
	snprintf(buf, sizeof buf, "%swhat\n", h);
	bad_state(buf, "unknown line");
}
END_TEST

START_TEST(list_names)
{
	ck_assert_int_eq(elo_list_parse("all"), ELO_ALL);
	ck_assert_int_eq(elo_list_parse("human"), ELO_HUMAN);
	ck_assert_int_eq(elo_list_parse("manual"), ELO_MANUAL);
	ck_assert_int_eq(elo_list_parse("robots"), -1);
	ck_assert_str_eq(elo_list_name(ELO_MANUAL), "manual");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("elo");
	TCase *faq = tcase_create("faq");
	TCase *rules = tcase_create("rules");
	TCase *io = tcase_create("io");

	tcase_add_test(faq, faq_expected);
	tcase_add_test(faq, faq_1100_vs_1500);
	tcase_add_test(faq, faq_through_table);
	tcase_add_test(faq, round_half_even);
	tcase_add_test(rules, beginner_boundary);
	tcase_add_test(rules, established_vs_beginner);
	tcase_add_test(rules, both_beginners_and_draws);
	tcase_add_test(rules, floor_at_zero);
	tcase_add_test(rules, zero_zero_ignored);
	tcase_add_test(rules, robots_only_in_all);
	tcase_add_test(rules, manual_established_by_human_count);
	tcase_add_test(rules, ranking_ties_by_name);
	tcase_add_test(rules, many_players_hash);
	tcase_add_test(io, name_checks);
	tcase_add_test(io, times);
	tcase_add_test(io, results_lines);
	tcase_add_test(io, bagsim_lines);
	tcase_add_test(io, game_line_format);
	tcase_add_test(rules, rate_window);
	tcase_add_test(io, state_round_trip_and_split);
	tcase_add_test(io, state_errors);
	tcase_add_test(io, list_names);
	suite_add_tcase(s, faq);
	suite_add_tcase(s, rules);
	suite_add_tcase(s, io);
	return test_run(s);
}
