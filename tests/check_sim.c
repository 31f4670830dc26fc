/*
 * check_sim.c — the simulation (sim.h): common random numbers (any split
 * of the iterations adds up to the one run; a play given twice or in
 * another notation gets the same samples), the end of the game settled by
 * hand, the endgame hook, the stopping rule, the stand-in's figures.
 */
#include <math.h>
#include "testutil.h"
#include "klv.h"
#include "robot.h"
#include "sim.h"
#include "winpct.h"

/* An English mid-game position (equity self-play, seed 3, turn 8), the
 * other rack not given; and its last turn (bag empty, racks JN and B). */
static const char *const MID =
    "7E7/7N7/G6f7/O6I7/BANGTAIL7/I6A7/I1CANOED7/DA1WORMED6/1L1AXES8/1U13/"
    "1N13/1I13/1T13/1E13/15 EEIOPRU/ 95/261 0 ld en;";
static const char *const END =
    "OUGLIE1E7/1PI2HONOREEs2/G6f3C3/O4F1I3T3/BANGTAIL2WO3/I4V1A2AD3/"
    "I1CANOED2YEH2/DA1WORMED2RITZ/1L1AXES4MY2/1U3R2TUTSANS/1N2K10/PIQUES9/"
    "ET2V10/EE2I10/R2FLORA7 JN/B 532/317 0 ld en;";

struct fixture {
	const struct rules *r;
	struct lex *lex;
	struct klv *leaves;
	struct gen *gen;
};

static int
fixture_open(struct fixture *f, const char *who)
{
	char path[512];
	struct err e;

	f->r = rules_builtin("en");
	if ((f->lex = test_default_lex(f->r, "en", who)) == NULL)
		return 0;
	if (test_default_path("en.klv2", path, sizeof path, who) == NULL) {
		lex_destroy(f->lex);
		return 0;
	}
	f->leaves = klv_load(path, f->r, &e);
	ck_assert_msg(f->leaves != NULL, "%s", e.msg);
	f->gen = gen_create(f->r, f->lex, &e);
	ck_assert_ptr_nonnull(f->gen);
	return 1;
}

static void
fixture_close(struct fixture *f)
{
	gen_destroy(f->gen);
	klv_destroy(f->leaves);
	lex_destroy(f->lex);
}

static struct sim *
sim_of(struct fixture *f, const char *cgp, struct position *p, int plies,
	uint64_t seed, const struct sim_endgame *eg)
{
	struct sim_opts o = { plies, seed, NULL, eg };
	struct err e;
	struct sim *s = sim_create(f->r, f->gen, f->leaves, &e);

	ck_assert_ptr_nonnull(s);
	ck_assert_msg(cgp_parse(f->r, cgp, strlen(cgp), p, &e) == 0, "%s", e.msg);
	ck_assert_msg(sim_setup(s, p, &o, &e) == 0, "%s", e.msg);
	return s;
}

static void
add_move(struct fixture *f, struct sim *s, const struct position *p,
	const char *text)
{
	struct move m;
	struct err e;

	ck_assert_msg(move_parse(f->r, &p->board, text, strlen(text), 0, &m,
	    &e) == 0, "%s: %s", text, e.msg);
	ck_assert_msg(move_validate(f->r, f->lex, p, &m, NULL, &e) == 0,
	    "%s: %s", text, e.msg);
	ck_assert_int_eq(sim_add(s, &m, &e), 0);
}

static void
stat_eq(const struct sim_stat *a, const struct sim_stat *b)
{
	ck_assert_int_eq(a->n, b->n);
	ck_assert_int_eq(a->sum, b->sum);
	ck_assert_uint_eq(a->sumsq, b->sumsq);
}

START_TEST(same_play)
{
	const struct rules *r = rules_builtin("en");
	struct position p;
	struct move a, b;
	struct err e;

	ck_assert_int_eq(cgp_parse(r, MID, strlen(MID), &p, &e), 0);
	/* A P at B4 makes OP across and PA down: one play, written three
	 * ways. */
	ck_assert_int_eq(move_parse(r, &p.board, "4A .P", 5, 0, &a, &e), 0);
	ck_assert_int_eq(move_parse(r, &p.board, "B4 P.", 5, 0, &b, &e), 0);
	ck_assert_int_eq(sim_same_play(&a, &b), 1);
	ck_assert_int_eq(move_parse(r, &p.board, "4A OP", 5, 0, &b, &e), 0);
	ck_assert_int_eq(sim_same_play(&a, &b), 1);
	ck_assert_int_eq(move_parse(r, &p.board, "4A .O", 5, 0, &b, &e), 0);
	ck_assert_int_eq(sim_same_play(&a, &b), 0);
	ck_assert_int_eq(move_parse(r, &p.board, "-EIO", 4, 0, &a, &e), 0);
	ck_assert_int_eq(move_parse(r, &p.board, "-OIE", 4, 0, &b, &e), 0);
	ck_assert_int_eq(sim_same_play(&a, &b), 1);
	ck_assert_int_eq(move_parse(r, &p.board, "-OI", 3, 0, &b, &e), 0);
	ck_assert_int_eq(sim_same_play(&a, &b), 0);
	ck_assert_int_eq(move_parse(r, &p.board, "-", 1, 0, &b, &e), 0);
	ck_assert_int_eq(sim_same_play(&a, &b), 0);
	ck_assert_int_eq(sim_same_play(&b, &b), 1);
}
END_TEST

START_TEST(standin_and_quantile)
{
	/* s = 4 + 0.4 x 30 = 16: lead 0 is even, lead 16 is 1/(1+e^-1). */
	ck_assert_double_eq_tol(sim_standin_win(NULL, 0, 30), 0.5, 1e-12);
	ck_assert_double_eq_tol(sim_standin_win(NULL, 16, 30), 0.7310585786,
	    1e-9);
	ck_assert_double_eq_tol(sim_standin_win(NULL, -16, 30), 0.2689414214,
	    1e-9);
	ck_assert_double_eq_tol(sim_normal_quantile(0.975), 1.959963985, 1e-8);
	ck_assert_double_eq_tol(sim_normal_quantile(0.5), 0, 1e-12);
	ck_assert_double_eq_tol(sim_normal_quantile(1 - 0.05 / 19),
	    2.790471, 1e-5);
}
END_TEST

/* Iterations 0..n-1 in one run; the same in two runs (even and odd k,
 * the odd ones backwards): the sums add up exactly, arm by arm. */
START_TEST(split_adds_up)
{
	struct fixture f;
	struct position p;
	struct sim *all, *even, *odd;
	struct err e;
	int n = 24, i;

	if (!fixture_open(&f, "sim split"))
		return;
	all = sim_of(&f, MID, &p, 2, 99, NULL);
	even = sim_of(&f, MID, &p, 2, 99, NULL);
	ck_assert_int_eq(sim_add_top(all, 6, &e), 0);
	ck_assert_int_eq(sim_exact(all), 0);
	ck_assert_int_eq(sim_add_top(even, 6, &e), 0);
	for (i = 0; i < n; i++)
		ck_assert_int_eq(sim_iterate(all, (uint64_t)i, &e), 0);
	for (i = 0; i < n; i += 2)
		ck_assert_int_eq(sim_iterate(even, (uint64_t)i, &e), 0);
	odd = sim_of(&f, MID, &p, 2, 99, NULL);
	ck_assert_int_eq(sim_add_top(odd, 6, &e), 0);
	for (i = n - 1; i > 0; i -= 2)
		ck_assert_int_eq(sim_iterate(odd, (uint64_t)i, &e), 0);
	ck_assert_int_eq(sim_narms(all), 6);
	for (i = 0; i < 6; i++) {
		struct sim_arm *a = &sim_arms(all)[i], *x = &sim_arms(even)[i];
		struct sim_arm *y = &sim_arms(odd)[i];

		ck_assert_str_eq(a->text, x->text);
		ck_assert_int_eq(a->win.n, n);
		ck_assert_int_eq(x->win.n + y->win.n, n);
		ck_assert_int_eq(x->win.sum + y->win.sum, a->win.sum);
		ck_assert_uint_eq(x->win.sumsq + y->win.sumsq, a->win.sumsq);
		ck_assert_int_eq(x->spread.sum + y->spread.sum, a->spread.sum);
		ck_assert_uint_eq(x->spread.sumsq + y->spread.sumsq,
		    a->spread.sumsq);
		/* The racks are drawn: the samples vary. */
		ck_assert_msg(a->spread.sumsq * (uint64_t)n !=
		    (uint64_t)(a->spread.sum * a->spread.sum), "no variance");
	}
	/* Another seed draws other racks. */
	sim_destroy(even);
	even = sim_of(&f, MID, &p, 2, 100, NULL);
	ck_assert_int_eq(sim_add_top(even, 6, &e), 0);
	for (i = 0; i < n; i++)
		ck_assert_int_eq(sim_iterate(even, (uint64_t)i, &e), 0);
	ck_assert_int_ne(sim_arms(even)[0].spread.sum,
	    sim_arms(all)[0].spread.sum);
	sim_destroy(all);
	sim_destroy(even);
	sim_destroy(odd);
	fixture_close(&f);
}
END_TEST

/* A play given twice, and in its other notation, gets the same samples;
 * the stopping rule does not wait for them to separate. */
START_TEST(duplicates_identical)
{
	struct fixture f;
	struct position p;
	struct sim *s;
	struct err e;
	struct sim_arm *a;
	int i;

	if (!fixture_open(&f, "sim duplicates"))
		return;
	s = sim_of(&f, MID, &p, 2, 5, NULL);
	add_move(&f, s, &p, "4A .P");
	add_move(&f, s, &p, "B4 P.");
	add_move(&f, s, &p, "4A OP");
	add_move(&f, s, &p, "A12 PUER");
	for (i = 0; i < 40; i++)
		ck_assert_int_eq(sim_iterate(s, (uint64_t)i, &e), 0);
	a = sim_arms(s);
	for (i = 1; i < 3; i++) {
		stat_eq(&a[0].win, &a[i].win);
		stat_eq(&a[0].spread, &a[i].spread);
	}
	ck_assert_int_ne(a[0].spread.sum, a[3].spread.sum);
	/* Only the copies: settled at once. */
	a[3].active = 0;
	ck_assert_int_eq(sim_settle(s, 0.99), 1);
	ck_assert_int_eq(a[0].active + a[1].active + a[2].active, 3);
	sim_destroy(s);
	fixture_close(&f);
}
END_TEST

/* Sorting and dropping: a pass is far worse than the best play of a
 * full rack: dropped at the first check. */
START_TEST(settle_drops_the_pass)
{
	struct fixture f;
	struct position p;
	struct sim *s;
	struct err e;
	int i, order[3];

	if (!fixture_open(&f, "sim settle"))
		return;
	/* Even scores, so that the win chances are not all near 0. */
	{
		char line[512];

		snprintf(line, sizeof line, "%.*s 200/200 0 ld en;",
		    (int)(strstr(MID, " 95/261") - MID), MID);
		s = sim_of(&f, line, &p, 2, 11, NULL);
	}
	add_move(&f, s, &p, "-");
	add_move(&f, s, &p, "A12 PUER");
	add_move(&f, s, &p, "-");
	for (i = 0; i < SIM_MIN_SAMPLES; i++)
		ck_assert_int_eq(sim_iterate(s, (uint64_t)i, &e), 0);
	sim_order(sim_arms(s), 3, order);
	ck_assert_int_eq(order[0], 1);
	ck_assert_int_eq(order[1], 0);     /* equal: in the order added */
	ck_assert_int_eq(order[2], 2);
	ck_assert_int_eq(sim_settle(s, 0.95), 1);
	ck_assert_int_eq(sim_arms(s)[0].active, 0);
	ck_assert_int_eq(sim_arms(s)[1].active, 1);
	ck_assert_int_eq(sim_arms(s)[2].active, 0);
	/* Dropped arms are not sampled. */
	ck_assert_int_eq(sim_iterate(s, SIM_MIN_SAMPLES, &e), 0);
	ck_assert_int_eq(sim_arms(s)[0].win.n, SIM_MIN_SAMPLES);
	ck_assert_int_eq(sim_arms(s)[1].win.n, SIM_MIN_SAMPLES + 1);
	sim_destroy(s);
	fixture_close(&f);
}
END_TEST

/* The last turn, by hand.  Mover 532, other 317, racks JN and B (3
 * points), bag empty.  10A J.N (10) goes out: +3, and the other loses 3
 * (English settles by transfer): spread 16, a sure win.  The pass: the
 * other plays B somewhere and the mover plays on, the game played out. */
START_TEST(endgame_by_hand)
{
	struct fixture f;
	struct position p;
	struct sim *s;
	struct err e;
	struct sim_arm *a;

	if (!fixture_open(&f, "sim endgame"))
		return;
	s = sim_of(&f, END, &p, 2, 1, NULL);
	add_move(&f, s, &p, "10A J.N");
	ck_assert_int_eq(sim_exact(s), 1);
	ck_assert_int_eq(sim_iterate(s, 0, &e), 0);
	ck_assert_int_eq(sim_iterate(s, 1, &e), 0);
	a = sim_arms(s);
	ck_assert_int_eq(a[0].score, 10);
	ck_assert_int_eq(a[0].win.sum, 2 * SIM_WIN_UNIT);
	ck_assert_int_eq(a[0].spread.sum, 2 * 16 * SIM_SPREAD_UNIT);
	sim_destroy(s);
	fixture_close(&f);
}
END_TEST

/* The endgame hook takes over with the bag empty: here it says the
 * player to move wins the rest by 300, so after a pass (the other then
 * to move, and out of reach) the mover loses every time. */
static int
calls;

static int
hook(void *ctx, const struct position *p, int *swing, struct err *e)
{
	(void)ctx;
	(void)e;
	ck_assert_int_eq(p->to_move, 1);
	calls++;
	*swing = 300;
	return 0;
}

START_TEST(endgame_hook)
{
	struct fixture f;
	struct position p;
	struct sim *s;
	struct err e;
	struct sim_endgame eg = { hook, NULL };
	struct sim_arm *a;

	if (!fixture_open(&f, "sim hook"))
		return;
	s = sim_of(&f, END, &p, 2, 1, &eg);
	add_move(&f, s, &p, "-");
	add_move(&f, s, &p, "10A J.N");
	calls = 0;
	ck_assert_int_eq(sim_iterate(s, 0, &e), 0);
	ck_assert_int_eq(calls, 1);         /* going out needs no hook */
	a = sim_arms(s);
	ck_assert_int_eq(a[0].win.sum, 0);
	/* 532 - 317 = 215: -300 makes it -85, a change of -300. */
	ck_assert_int_eq(a[0].spread.sum, -300 * SIM_SPREAD_UNIT);
	ck_assert_int_eq(a[1].win.sum, SIM_WIN_UNIT);
	sim_destroy(s);
	fixture_close(&f);
}
END_TEST

/* A hook that declines (1) every time: the robot plays the rollout to its
 * end, as without a hook, and the hook is asked at each of its turns. */
static int
declines;

static int
decline(void *ctx, const struct position *p, int *swing, struct err *e)
{
	(void)ctx;
	(void)p;
	(void)swing;
	(void)e;
	declines++;
	return 1;
}

START_TEST(endgame_hook_declines)
{
	struct fixture f;
	struct position p, p2;
	struct sim *s, *plain;
	struct err e;
	struct sim_endgame eg = { decline, NULL };

	if (!fixture_open(&f, "sim hook declines"))
		return;
	s = sim_of(&f, END, &p, 2, 1, &eg);
	plain = sim_of(&f, END, &p2, 2, 1, NULL);
	add_move(&f, s, &p, "-");
	add_move(&f, plain, &p2, "-");
	declines = 0;
	ck_assert_int_eq(sim_iterate(s, 0, &e), 0);
	ck_assert_int_eq(sim_iterate(plain, 0, &e), 0);
	ck_assert_int_ge(declines, 1);
	ck_assert_int_eq(sim_arms(s)[0].spread.sum, sim_arms(plain)[0].spread.sum);
	ck_assert_int_eq(sim_arms(s)[0].win.sum, sim_arms(plain)[0].win.sum);
	sim_destroy(s);
	sim_destroy(plain);
	fixture_close(&f);
}
END_TEST

/* The sim robot (robot.h) on the known answer of tests/e2e/sim.sh:
 * static equity plays 10I OUZO (22 points, equity 20.4); the simulation
 * puts OUZO about 2 % of wins below 2I OU (15, 16.8; MAGPIE's own
 * simulation agrees, 66.4 against 64.4 %) and J9 .IAOUR (11, 15.9),
 * which are within half a percent of each other.  The sim robot at its
 * default budget (10 candidates, at most 128 iterations) plays one of
 * those two from every seed tried; it does not read the other rack (the
 * same move when the rack is given), and the same seed gives the same
 * move. */
static const char *const KNOWN =
    "1CAGANER3QUAT/2SILEX4A3/3V2CEPHEId2/3E2E4D3/3NA1L1HAM4/4V1SLOW5/4A10/"
    "3YITIE7/4L1FRIG5/4EM9/4SOTS7/5KAE7/5OWN7/5RET7/5ORE7 AIOORUZ/ 253/236 "
    "0 ld en;";

static void
robot_move_text(struct fixture *f, struct robot *rb, const struct position *p,
	uint64_t seed, char *text, size_t cap)
{
	struct rng g;
	struct move m;
	struct err e;

	rng_seed(&g, seed);
	ck_assert_msg(robot_choose(rb, p, 20, &g, &m, &e) == 0, "%s", e.msg);
	ck_assert_int_gt(move_format(f->r, &m, text, cap), 0);
}

START_TEST(sim_robot_known)
{
	struct fixture f;
	struct position p, q;
	struct winpct *wp;
	struct robot *sim, *eq;
	struct robot_opts o;
	struct err e;
	char path[512], a[96], b[96];
	uint64_t seed;

	if (!fixture_open(&f, "sim_robot_known"))
		return;
	ck_assert_ptr_nonnull(test_default_path("en.winpct", path, sizeof path,
	    "sim_robot_known"));
	wp = winpct_load(path, f.r, &e);
	ck_assert_msg(wp != NULL, "%s", e.msg);
	ck_assert_int_eq(cgp_parse(f.r, KNOWN, strlen(KNOWN), &p, &e), 0);
	memset(&o, 0, sizeof o);
	o.strategy = ROBOT_EQUITY;
	o.leaves = f.leaves;
	eq = robot_create(f.r, f.lex, &o, &e);
	ck_assert_ptr_nonnull(eq);
	o.strategy = ROBOT_SIM;
	o.winpct = wp;
	sim = robot_create_sharing(eq, &o, &e);
	ck_assert_ptr_nonnull(sim);
	robot_move_text(&f, eq, &p, 1, a, sizeof a);
	ck_assert_str_eq(a, "10I OUZO");
	for (seed = 1; seed <= 4; seed++) {
		robot_move_text(&f, sim, &p, seed, a, sizeof a);
		ck_assert_msg(strcmp(a, "2I OU") == 0 ||
		    strcmp(a, "J9 .IAOUR") == 0, "seed %d: %s", (int)seed, a);
	}
	/* The other rack given (some of the unseen tiles): not read. */
	q = p;
	ck_assert_int_eq(board_unseen(f.r, &p, 0, q.racks[1], &e), 0);
	for (int t = 0; t < RULES_MAX_TILES; t++)
		if (q.racks[1][t] > 1)
			q.racks[1][t] = 1;
	q.rack_known[1] = 1;
	robot_move_text(&f, sim, &p, 7, a, sizeof a);
	robot_move_text(&f, sim, &q, 7, b, sizeof b);
	ck_assert_str_eq(a, b);
	robot_move_text(&f, sim, &p, 7, b, sizeof b);
	ck_assert_str_eq(a, b);
	robot_destroy(sim);
	robot_destroy(eq);
	winpct_destroy(wp);
	fixture_close(&f);
}
END_TEST

static Suite *
sim_suite(void)
{
	Suite *s = suite_create("sim");
	TCase *tc;

	tc = tcase_create("pure");
	tcase_add_test(tc, same_play);
	tcase_add_test(tc, standin_and_quantile);
	suite_add_tcase(s, tc);
	tc = tcase_create("runs");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, split_adds_up);
	tcase_add_test(tc, duplicates_identical);
	tcase_add_test(tc, settle_drops_the_pass);
	tcase_add_test(tc, endgame_by_hand);
	tcase_add_test(tc, endgame_hook);
	tcase_add_test(tc, endgame_hook_declines);
	tcase_add_test(tc, sim_robot_known);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(sim_suite());
}
