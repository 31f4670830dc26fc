/* check_endgame.c — the exact endgame solver against a plain minimax
 * reference (tests/ref/endgame_ref.c) on tiny random positions of a small
 * lexicon, for every end rule and both settling rules; its principal
 * variations replayed by the game module; ply caps giving sound bounds
 * (and, on a position found here, a wrong first move); sharding; values
 * worked out by hand. */
#include "testutil.h"
#include "endgame.h"
#include "game.h"
#include "gen.h"
#include "rules.h"
#include "rng.h"
#include "ref/endgame_ref.c"

static const char *const words[] = {
	"AB", "AD", "AE", "AN", "AS", "AT", "BA", "BE", "BI", "DA", "DE", "DO",
	"ED", "EN", "ES", "ET", "ID", "IN", "IS", "IT", "NA", "NE", "NO", "OB",
	"OD", "OE", "ON", "OS", "SO", "TA", "TE", "TI", "TO", "BAD", "BED",
	"BID", "BIN", "BIT", "DEN", "DOE", "DOT", "END", "NET", "NOT", "ODE",
	"SET", "SIT", "TEN", "TIN", "TOE", "DOES", "NOTE", "TONE", "DINE",
	"SIDE", "TIDE", "BEST", "NEST", "ONSET", "STONE", "NOTES", "BASTE",
	NULL
};

static struct lex *lex;
static struct rules base;

static void
setup(void)
{
	base = *rules_builtin("en");
	lex = test_lex_from_words(&base, words);
}

static void
teardown(void)
{
	lex_destroy(lex);
}

static uint8_t
letter(const struct rules *r, char c)
{
	for (int t = 1; t <= r->nletters; t++)
		if (r->utf8[t][0] == c && r->utf8[t][1] == '\0')
			return (uint8_t)t;
	ck_abort_msg("no letter %c", c);
	return 0;
}

static void
rack_from(const struct rules *r, const char *s, uint8_t rack[RULES_MAX_TILES])
{
	memset(rack, 0, RULES_MAX_TILES);
	for (; *s; s++)
		rack[*s == '?' ? 0 : letter(r, *s)]++;
}

/* The ruleset's bag made of exactly the position's tiles: the bag is empty. */
static void
fit_bag(struct rules *r, const struct position *p)
{
	memset(r->counts, 0, sizeof r->counts);
	for (int i = 0; i < r->rows * r->cols; i++) {
		uint8_t t = p->board.sq[i];

		if (t != 0)
			r->counts[TILE_IS_BLANK(t) ? 0 : TILE_LETTER(t)]++;
	}
	for (int pl = 0; pl < p->nplayers; pl++)
		for (int t = 0; t < RULES_MAX_TILES; t++)
			r->counts[t] = (uint8_t)(r->counts[t] + p->racks[pl][t]);
	r->ntiles = 0;
	for (int t = 0; t < RULES_MAX_TILES; t++)
		r->ntiles += r->counts[t];
}

/* A tiny random endgame: one or two plays of random racks on the board,
 * racks of 1..maxr tiles (Z is stuck: no word holds it; ? a blank). */
static void
random_position(struct rng *g, const struct rules *r, struct gen *gn,
	struct position *p, int maxr)
{
	static const char pool[] = "ABDEINOSTEEAO";
	static const char rpool[] = "ABDEINOSTZ?EA";
	int plays = 1 + (int)rng_below(g, 2);

	position_init(p, r);
	for (int k = 0; k < plays; k++) {
		char rk[8];
		long n;

		for (int i = 0; i < 5; i++)
			rk[i] = pool[rng_below(g, sizeof pool - 1)];
		rk[5] = '\0';
		rack_from(r, rk, p->racks[0]);
		n = gen_all(gn, p, 0, GEN_PLACEMENTS, NULL);
		if (n <= 0)
			continue;
		move_apply(p, 0, &gen_moves(gn)[rng_below(g, (uint64_t)n)]);
	}
	for (int pl = 0; pl < 2; pl++) {
		char rk[8];
		int n = 1 + (int)rng_below(g, (uint64_t)maxr);

		for (int i = 0; i < n; i++) {
			rk[i] = rpool[rng_below(g, sizeof rpool - 1)];
			if (rk[i] == '?' && rng_below(g, 3) != 0)
				rk[i] = 'E';
		}
		rk[n] = '\0';
		rack_from(r, rk, p->racks[pl]);
	}
	p->scores[0] = p->scores[1] = 0;
	p->to_move = 0;
}

/* The variant number v: end kind, settling, turns a player. */
static void
variant(struct rules *r, int v)
{
	r->end_kind = (enum rules_end)(v % 3);
	r->settle = (enum rules_settle)(v / 3 % 2);
	r->end_turns_per_player = 1 + v / 6 % 3;
}

/* Replays line l from p by the game module: every move accepted, the game
 * over after the last, and the spread changed by exactly the value. */
static void
replay(const struct rules *r, const struct position *p,
	const struct endgame_line *l)
{
	struct err e;
	struct game *g = game_create(r, 2, &e);
	uint8_t bag[RULES_MAX_TILES] = { 0 };
	int scores[2] = { 0, 0 }, me = p->to_move;

	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(game_setup(g, 1, &p->board,
	    (const uint8_t (*)[RULES_MAX_TILES])p->racks, scores, bag,
	    p->to_move, p->zeros, &e), 0);
	for (int i = 0; i < l->npv; i++) {
		ck_assert_int_eq(game_over(g), GAME_ON);
		ck_assert_msg(game_play(g, &l->pv[i], &e) == 0, "pv move %d: %s",
		    i, e.msg);
	}
	ck_assert_int_ne(game_over(g), GAME_ON);
	ck_assert_int_eq(game_score(g, me) - game_score(g, !me), l->lo);
	game_destroy(g);
}

static int
line_cmp_value(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return x > y ? -1 : x < y;
}

/* One position in one variant: the solver against the reference.
 * Returns 1, or 0 if the reference gave up (too big a tree). */
static int
check_one(struct endgame *s, struct ref_ctx *c, const struct rules *r,
	const struct position *p, struct rng *g)
{
	struct endgame_result res;
	struct endgame_opts o = { 0 };
	struct err e;
	long n, i;
	struct move *ms = ref_moves(c, p, &n);
	int *val = malloc(sizeof *val * (size_t)n), *sorted, best = -1000000;

	ck_assert_ptr_nonnull(val);
	for (i = 0; i < n; i++) {
		val[i] = ref_move_value(c, p, &ms[i]);
		if (val[i] > best)
			best = val[i];
	}
	if (c->over) {
		free(val);
		free(ms);
		return 0;
	}
	/* The value and the best line, replayed. */
	ck_assert_int_eq(endgame_solve(s, p, NULL, &res, &e), 0);
	if (res.lo != best) {
		char buf[2048];

		cgp_format(r, p, buf, sizeof buf);
		fprintf(stderr, "%s end %d settle %d etp %d zeros %d\n", buf,
		    r->end_kind, r->settle, r->end_turns_per_player, p->zeros);
		for (i = 0; i < n; i++) {
			move_format(r, &ms[i], buf, sizeof buf);
			fprintf(stderr, "  %s score %d value %d\n", buf,
			    ms[i].score, val[i]);
		}
		move_format(r, &res.lines[0].move, buf, sizeof buf);
		fprintf(stderr, "solver %s %d\n", buf, res.lo);
	}
	ck_assert_int_eq(res.lo, best);
	ck_assert_int_eq(res.hi, best);
	ck_assert_int_eq(res.nlines, 1);
	ck_assert_int_eq(res.lines[0].lo, best);
	replay(r, p, &res.lines[0]);
	/* Every first move's value, in order (--top). */
	o.top = n < ENDGAME_MAX_TOP ? (int)n : ENDGAME_MAX_TOP;
	ck_assert_int_eq(endgame_solve(s, p, &o, &res, &e), 0);
	ck_assert_int_eq(res.nlines, o.top);
	sorted = malloc(sizeof *sorted * (size_t)n);
	ck_assert_ptr_nonnull(sorted);
	memcpy(sorted, val, sizeof *val * (size_t)n);
	qsort(sorted, (size_t)n, sizeof *sorted, line_cmp_value);
	for (i = 0; i < res.nlines; i++) {
		ck_assert_int_eq(res.lines[i].lo, sorted[i]);
		ck_assert_int_eq(res.lines[i].hi, sorted[i]);
		replay(r, p, &res.lines[i]);
	}
	free(sorted);
	/* One move's value (--move). */
	i = (long)rng_below(g, (uint64_t)n);
	o.top = 0;
	o.only = &ms[i];
	ck_assert_int_eq(endgame_solve(s, p, &o, &res, &e), 0);
	ck_assert_int_eq(res.lines[0].lo, val[i]);
	ck_assert_int_eq(res.lines[0].hi, val[i]);
	o.only = NULL;
	/* Win, draw or loss (--first-win). */
	o.first_win = 1;
	ck_assert_int_eq(endgame_solve(s, p, &o, &res, &e), 0);
	ck_assert_int_le(res.lo, best);
	ck_assert_int_ge(res.hi, best);
	ck_assert(best > 0 ? res.lo > 0 : best < 0 ? res.hi < 0 :
	    res.lo == 0 && res.hi == 0);
	o.first_win = 0;
	/* Ply caps: the bounds hold. */
	for (int cap = 1; cap <= 3; cap++) {
		o.plies = cap;
		ck_assert_int_eq(endgame_solve(s, p, &o, &res, &e), 0);
		ck_assert_int_le(res.lo, best);
		ck_assert_int_ge(res.hi, best);
		for (i = 0; i < res.nlines; i++) {
			long j;

			for (j = 0; j < n; j++)
				if (move_order(&ms[j], &res.lines[i].move) == 0 &&
				    ms[j].kind == res.lines[i].move.kind)
					break;
			ck_assert_int_lt(j, n);
			ck_assert_int_le(res.lines[i].lo, val[j]);
			ck_assert_int_ge(res.lines[i].hi, val[j]);
		}
	}
	o.plies = 0;
	/* Three shards merge to the same answer. */
	{
		struct endgame_result whole, part;
		struct endgame_line bestl;
		int have = 0;

		ck_assert_int_eq(endgame_solve(s, p, NULL, &whole, &e), 0);
		for (int k = 1; k <= 3; k++) {
			o.shard_k = k;
			o.shard_n = 3;
			ck_assert_int_eq(endgame_solve(s, p, &o, &part, &e), 0);
			if (part.nlines == 0)
				continue;
			if (!have || part.lines[0].lo > bestl.lo ||
			    (part.lines[0].lo == bestl.lo &&
			    part.lines[0].index < bestl.index))
				bestl = part.lines[0];
			have = 1;
		}
		ck_assert(have);
		ck_assert_int_eq(bestl.lo, whole.lines[0].lo);
		ck_assert_int_eq(bestl.index, whole.lines[0].index);
		ck_assert_int_eq(bestl.npv, whole.lines[0].npv);
		for (i = 0; i < bestl.npv; i++)
			ck_assert_int_eq(memcmp(&bestl.pv[i],
			    &whole.lines[0].pv[i], sizeof bestl.pv[i]), 0);
	}
	free(val);
	free(ms);
	return 1;
}

START_TEST(agrees_with_reference)
{
	struct rng g;
	int checked = 0, v, seen[18] = { 0 };

	rng_seed(&g, 42);
	for (int k = 0; checked < 90; k++) {
		struct rules r = base;
		struct position p;
		struct gen *gn;
		struct endgame *s;
		struct ref_ctx c;
		struct err e;

		ck_assert_int_lt(k, 200);
		v = k % 18;
		variant(&r, v);
		gn = gen_create(&r, lex, &e);
		ck_assert_ptr_nonnull(gn);
		random_position(&g, &r, gn, &p, 3);
		fit_bag(&r, &p);
		p.zeros = (int)rng_below(&g, (uint64_t)(2 *
		    r.end_turns_per_player));
		s = endgame_create(&r, gn, 12, &e);
		ck_assert_ptr_nonnull(s);
		c.r = &r;
		c.g = gn;
		c.nodes = 0;
		c.limit = 20000;
		c.over = 0;
		if (check_one(s, &c, &r, &p, &g)) {
			checked++;
			seen[v]++;
		}
		endgame_destroy(s);
		gen_destroy(gn);
	}
	/* Every end rule, settling rule and count of turns came up. */
	for (v = 0; v < 18; v++)
		ck_assert_int_gt(seen[v], 0);
}
END_TEST

/* A ply cap that stops short: the status is a bound, the bound holds, and
 * on some position the capped search's first move is not the best (a
 * stuck tile or a pass that wins shows only deeper).  Searched among
 * random positions with a fixed seed. */
START_TEST(cap_gives_bound_and_wrong_move)
{
	struct rng g;
	int wrong = 0, bounded = 0;

	rng_seed(&g, 7);
	for (int k = 0; k < 400 && wrong == 0; k++) {
		struct rules r = base;
		struct position p;
		struct gen *gn;
		struct endgame *s;
		struct endgame_result exact, capped, mv;
		struct endgame_opts o = { 0 };
		struct err e;

		variant(&r, k % 18);
		gn = gen_create(&r, lex, &e);
		ck_assert_ptr_nonnull(gn);
		random_position(&g, &r, gn, &p, 4);
		fit_bag(&r, &p);
		s = endgame_create(&r, gn, 14, &e);
		ck_assert_ptr_nonnull(s);
		ck_assert_int_eq(endgame_solve(s, &p, NULL, &exact, &e), 0);
		ck_assert_int_eq(exact.lo, exact.hi);
		o.plies = 2;
		ck_assert_int_eq(endgame_solve(s, &p, &o, &capped, &e), 0);
		ck_assert_int_le(capped.lo, exact.lo);
		ck_assert_int_ge(capped.hi, exact.lo);
		if (capped.lo < capped.hi) {
			bounded++;
			o.plies = 0;
			o.only = &capped.lines[0].move;
			ck_assert_int_eq(endgame_solve(s, &p, &o, &mv, &e), 0);
			ck_assert_int_eq(mv.lines[0].lo, mv.lines[0].hi);
			if (mv.lines[0].lo < exact.lo)
				wrong++;
		}
		endgame_destroy(s);
		gen_destroy(gn);
	}
	ck_assert_int_gt(bounded, 0);
	ck_assert_int_gt(wrong, 0);
}
END_TEST

/* Limits on an English endgame of the bench (bench-en.cgp's seventh,
 * 31,755 nodes to prove with the shipped lexicon): a time limit long
 * past when the first check comes (at node 1,024) stops it, and what it
 * says holds; a node limit stops it at the same point every time, with
 * bounds that hold; a limit the search does not reach changes nothing.
 * Its own position, so that a smaller search tree cannot leave the case
 * untested. */
START_TEST(limits_stop_and_hold)
{
	static const char cgp[] = "5AAS6V/1u3RUT6E/1T3FAE2YORKS/HENCE2DONOR2T/"
	    "UR2READIED4/LI5I1FEY3/L1QAT2E2LOBI1/O2GAJOS3WEND/3EVOE8/1C1NAW9/"
	    "GANTS10/1P13/1UM12/1LI12/2ZANdER7 BGIIIMO/HIPTUX 306/402 0 ld en;";
	const struct rules *r = rules_builtin("en");
	struct lex *en = test_default_lex(r, "en", "limits_stop_and_hold");
	struct position p;
	struct gen *gn;
	struct endgame *s;
	struct endgame_result exact, capped, again;
	struct endgame_opts ot = { 0 };
	struct err e;

	if (en == NULL)
		return;
	ck_assert_int_eq(cgp_parse(r, cgp, strlen(cgp), &p, &e), 0);
	gn = gen_create(r, en, &e);
	ck_assert_ptr_nonnull(gn);
	s = endgame_create(r, gn, 16, &e);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(endgame_solve(s, &p, NULL, &exact, &e), 0);
	ck_assert_int_eq(exact.lo, exact.hi);
	ck_assert_uint_gt(exact.nodes, 4096);

	ot.seconds = 1e-9;
	ck_assert_int_eq(endgame_solve(s, &p, &ot, &capped, &e), 0);
	ck_assert(capped.stopped);
	ck_assert_uint_lt(capped.nodes, exact.nodes);
	ck_assert_int_le(capped.lo, exact.lo);
	ck_assert_int_ge(capped.hi, exact.lo);
	ck_assert_int_le(capped.lines[0].lo, exact.lo);
	ck_assert_int_ge(capped.lines[0].hi, exact.lo);

	ot.seconds = 0;
	ot.max_nodes = exact.nodes / 2;
	ck_assert_int_eq(endgame_solve(s, &p, &ot, &capped, &e), 0);
	ck_assert(capped.stopped);
	ck_assert_int_le(capped.lo, exact.lo);
	ck_assert_int_ge(capped.hi, exact.lo);
	ck_assert_int_eq(endgame_solve(s, &p, &ot, &again, &e), 0);
	ck_assert_uint_eq(again.nodes, capped.nodes);
	ck_assert_int_eq(again.lo, capped.lo);
	ck_assert_int_eq(again.hi, capped.hi);

	ot.max_nodes = exact.nodes + 1;
	ck_assert_int_eq(endgame_solve(s, &p, &ot, &again, &e), 0);
	ck_assert(!again.stopped);
	ck_assert_int_eq(again.lo, exact.lo);
	ck_assert_int_eq(again.hi, exact.lo);
	ck_assert_uint_eq(again.nodes, exact.nodes);
	endgame_destroy(s);
	gen_destroy(gn);
	lex_destroy(en);
}
END_TEST

/* A position of its own small lexicon (AB, ABA, BA): AB on H8-I8, the
 * player to move holds A, the opponent Z (no word holds it: stuck). */
static void
hand_position(struct rules *r, struct position *p, const char *mine,
	const char *theirs)
{
	position_init(p, r);
	p->board.sq[7 * 15 + 7] = letter(r, 'A');
	p->board.sq[7 * 15 + 8] = letter(r, 'B');
	p->board.ntiles = 2;
	rack_from(r, mine, p->racks[0]);
	rack_from(r, theirs, p->racks[1]);
	fit_bag(r, p);
}

START_TEST(hand_checked)
{
	static const char *const small[] = { "AB", "ABA", "BA", NULL };
	struct rules r = base;
	struct lex *lx = test_lex_from_words(&r, small);
	struct position p;
	struct gen *gn;
	struct endgame *s;
	struct endgame_result res;
	struct err e;

	/* The squares the A can go: J8 plain (ABA across, 1 + 3 + 1 = 5),
	 * I7 and I9 double letter (AB and BA down, 2 + 3 = 5). */
	ck_assert_int_eq(r.premium[7 * 15 + 9], SQ_PLAIN);
	ck_assert_int_eq(r.premium[6 * 15 + 8], SQ_DL);
	ck_assert_int_eq(r.premium[8 * 15 + 8], SQ_DL);
	hand_position(&r, &p, "A", "Z");
	gn = gen_create(&r, lx, &e);
	s = endgame_create(&r, gn, 10, &e);
	ck_assert_ptr_nonnull(s);
	/* Going out for 5 and twice the Z's 10 (en settles double): 25. */
	ck_assert_int_eq(endgame_solve(s, &p, NULL, &res, &e), 0);
	ck_assert_int_eq(res.lo, 25);
	ck_assert_int_eq(res.hi, 25);
	ck_assert_int_eq(res.lines[0].npv, 1);
	ck_assert_int_eq(res.lines[0].move.score, 5);
	/* Transfer settles the same spread with two players: +10, -10. */
	r.settle = SETTLE_TRANSFER;
	ck_assert_int_eq(endgame_solve(s, &p, NULL, &res, &e), 0);
	ck_assert_int_eq(res.lo, 25);
	endgame_destroy(s);
	gen_destroy(gn);
	/* Both stuck (Z 10 against X 8): passes end it, each loses their
	 * own rack: -10 + 8 = -2, whatever the pass rule and the count so
	 * far; the line is the passes. */
	for (int v = 0; v < 18; v++) {
		r = base;
		variant(&r, v);
		hand_position(&r, &p, "Z", "X");
		p.zeros = v % (2 * r.end_turns_per_player);
		gn = gen_create(&r, lx, &e);
		s = endgame_create(&r, gn, 10, &e);
		ck_assert_ptr_nonnull(s);
		ck_assert_int_eq(endgame_solve(s, &p, NULL, &res, &e), 0);
		ck_assert_int_eq(res.lo, -2);
		ck_assert_int_eq(res.hi, -2);
		ck_assert_int_eq(res.lines[0].npv, 2 * r.end_turns_per_player -
		    p.zeros);
		endgame_destroy(s);
		gen_destroy(gn);
	}
	lex_destroy(lx);
}
END_TEST

START_TEST(refuses)
{
	struct rules r = base;
	struct position p;
	struct gen *gn = gen_create(&r, lex, NULL);
	struct endgame *s = endgame_create(&r, gn, 10, NULL);
	struct endgame_result res;
	struct err e;

	ck_assert_ptr_nonnull(s);
	/* The full English bag: not an endgame. */
	hand_position(&r, &p, "A", "Z");
	r = base;
	ck_assert_int_eq(endgame_solve(s, &p, NULL, &res, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "bag is not empty"));
	/* Three players. */
	p.nplayers = 3;
	p.rack_known[2] = 1;
	ck_assert_int_eq(endgame_solve(s, &p, NULL, &res, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "two players"));
	endgame_destroy(s);
	gen_destroy(gn);
}
END_TEST

Suite *endgame_suite(void);

Suite *
endgame_suite(void)
{
	Suite *s = suite_create("endgame");
	TCase *t = tcase_create("reference");

	tcase_add_unchecked_fixture(t, setup, teardown);
	tcase_add_test(t, agrees_with_reference);
	tcase_add_test(t, cap_gives_bound_and_wrong_move);
	tcase_add_test(t, limits_stop_and_hold);
	tcase_add_test(t, hand_checked);
	tcase_add_test(t, refuses);
	suite_add_tcase(s, t);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(endgame_suite());
	int nf;

	srunner_run_all(sr, CK_NORMAL);
	nf = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nf == 0 ? 0 : 1;
}
