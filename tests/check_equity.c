/* check_equity.c — equity: keep tables, the fast search against brute force. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "board.h"
#include "equity.h"
#include "game.h"
#include "gen.h"
#include "gen_best.h"
#include "klv.h"
#include "lex.h"
#include "move.h"
#include "robot.h"
#include "rules.h"

/* --- Fixtures --- */

/* A leave's value from a hash of its tiles: no pattern a bound could
 * lean on.  *arg is the spread in points; a spread of up to 10 points
 * in whole points makes ties with the score common. */
struct hashed {
	uint64_t salt;
	int whole;       /* whole points (ties), else millipoints */
	int spread;
};

static int32_t
hashed_leave(void *arg, const uint8_t leave[RULES_MAX_TILES])
{
	const struct hashed *h = arg;
	uint64_t x = h->salt;
	int t;

	for (t = 0; t < RULES_MAX_TILES; t++) {
		x ^= (uint64_t)leave[t] * (uint64_t)(t + 1) * 0x9e3779b97f4a7c15u;
		x = (x ^ (x >> 29)) * 0xbf58476d1ce4e5b9u;
	}
	x ^= x >> 31;
	if (h->whole)
		return (int32_t)((int)(x % (uint64_t)(2 * h->spread + 1)) -
		    h->spread) * 1000;
	return (int32_t)((int64_t)(x % (uint64_t)(2000 * h->spread + 1)) -
	    1000 * h->spread);
}


static void
assert_same_move(const struct rules *r, const struct move *a,
	const struct move *b, const char *what, long at)
{
	char x[128], y[128];

	if (move_format(r, a, x, sizeof x) < 0)
		strcpy(x, "?");
	if (move_format(r, b, y, sizeof y) < 0)
		strcpy(y, "?");
	ck_assert_msg(a->kind == b->kind && (a->kind == MOVE_PASS ||
	    (a->len == b->len && memcmp(a->tiles, b->tiles, a->len) == 0 &&
	    (a->kind != MOVE_PLACE || (a->dir == b->dir && a->row == b->row &&
	    a->col == b->col && a->score == b->score)))),
	    "%s, position %ld: fast %s, brute force %s", what, at, x, y);
}

/* The blanks on board b. */
static int
board_blanks(const struct board *b)
{
	int i, n = 0;

	for (i = 0; i < b->rows * b->cols; i++)
		n += TILE_IS_BLANK(b->sq[i]);
	return n;
}

/* --- Keep tables --- */

/* klv_rack_values gives every sub-multiset of a rack the value
 * klv_leave_value gives it: racks drawn at random from the English bag
 * (blanks included), against MAGPIE's CSW21 table (else the project's
 * English table). */
START_TEST(rack_values_match_lookup)
{
	char path[512];
	const struct rules *r = rules_builtin("en");
	struct klv *k;
	struct err e;
	uint64_t x = 12345;
	int n, checked = 0, nonzero = 0, own;

	k = klv_load(test_en_leaves_path(path, sizeof path, &own), NULL, &e);
	ck_assert_msg(k != NULL, "%s", e.msg);
	for (n = 0; n < 300; n++) {
		uint8_t rack[RULES_MAX_TILES] = { 0 }, tile[8], count[8];
		int step[8], nd = 0, t, i, size = 1, idx;
		int32_t out[EQUITY_MAX_KEEPS];

		for (i = 0; i < 7; i++) {
			x = x * 6364136223846793005u + 1442695040888963407u;
			t = (int)((x >> 33) % 27);
			if (rack[t] < r->counts[t])
				rack[t]++;
		}
		for (t = 0; t < 27; t++)
			if (rack[t]) {
				tile[nd] = (uint8_t)t;
				count[nd] = rack[t];
				step[nd] = size;
				size *= rack[t] + 1;
				nd++;
			}
		klv_rack_values(k, tile, count, nd, step, out);
		for (idx = 0; idx < size; idx++) {
			uint8_t leave[RULES_MAX_TILES] = { 0 };
			int rest = idx;

			for (i = nd - 1; i >= 0; i--) {
				leave[tile[i]] = (uint8_t)(rest / step[i]);
				rest %= step[i];
			}
			ck_assert_int_eq(out[idx], klv_leave_value(k, leave));
			nonzero += out[idx] != 0;
			checked++;
		}
	}
	ck_assert_int_gt(checked, 10000);
	ck_assert_int_gt(nonzero, checked / 2);
	/* One value checked by hand against the table: the blank alone is
	 * its best single tile (over 20 points: 24.3 in the project's). */
	{
		uint8_t leave[RULES_MAX_TILES] = { 0 };

		leave[0] = 1;
		ck_assert_int_gt(klv_leave_value(k, leave), 20000);
	}
	klv_destroy(k);
}
END_TEST

/* equity_prepare by hand: a rack of A, A, B and a blank with the
 * hashed values; every keep, the best by size, the pass, the best
 * exchange and the empty-bag rule. */
START_TEST(keep_table_by_hand)
{
	const struct rules *r = rules_builtin("en");
	static struct position p;
	static struct equity eq;
	struct hashed h = { 7, 0, 30 };
	struct err e;
	uint8_t leave[RULES_MAX_TILES];
	int a, b, bl, best1 = INT_MIN;
	struct move m;

	position_init(&p, r);
	p.racks[0][0] = 1;
	p.racks[0][1] = 2;
	p.racks[0][2] = 1;
	ck_assert_int_eq(equity_prepare_fn(&eq, r, hashed_leave, &h, &p, 50, &e), 0);
	ck_assert_int_eq(eq.ok, 1);
	ck_assert_int_eq(eq.full, 2 * 3 * 2 - 1);
	ck_assert_int_eq(eq.ntiles, 4);
	for (bl = 0; bl <= 1; bl++)
		for (a = 0; a <= 2; a++)
			for (b = 0; b <= 1; b++) {
				memset(leave, 0, sizeof leave);
				leave[0] = (uint8_t)bl;
				leave[1] = (uint8_t)a;
				leave[2] = (uint8_t)b;
				ck_assert_int_eq(eq.keep[bl + 2 * a + 6 * b],
				    hashed_leave(&h, leave));
				if (bl + a + b == 3 && hashed_leave(&h, leave) > best1)
					best1 = hashed_leave(&h, leave);
			}
	ck_assert_int_eq(eq.best_used[1], best1);
	memcpy(leave, p.racks[0], sizeof leave);
	ck_assert_int_eq(eq.pass_value, hashed_leave(&h, leave));
	ck_assert_int_eq(eq.exchange_ok, 1);
	m = eq.exchange;
	ck_assert_int_eq(m.kind, MOVE_EXCHANGE);
	ck_assert_int_eq(equity_keep_of(&eq, &m), eq.exchange_value);
	/* A play of B and the blank keeps AA. */
	memset(&m, 0, sizeof m);
	m.kind = MOVE_PLACE;
	m.len = m.ntiles = 2;
	m.tiles[0] = 2;
	m.tiles[1] = 3 | TILE_BLANK;
	m.score = 4;
	memset(leave, 0, sizeof leave);
	leave[1] = 2;
	ck_assert_int_eq(equity_of(&eq, &m), 4000 + hashed_leave(&h, leave));
	/* Bag empty: AAB? holds A A B (1 + 1 + 3 = 5); 100 tiles less
	 * those four leave 187 - 5 = 182 points unseen. */
	ck_assert_int_eq(equity_prepare_fn(&eq, r, hashed_leave, &h, &p, 0, &e), 0);
	ck_assert_int_eq(eq.exchange_ok, 0);
	ck_assert_int_eq(eq.pass_value, -2 * 5 * 1000);
	ck_assert_int_eq(eq.keep[0], 2 * 182 * 1000);
	ck_assert_int_eq(equity_of(&eq, &m), 4000 - 2 * 2 * 1000);
}
END_TEST

/* Keeping one tile, any, is worth 5 points; keeping none or more,
 * -100. */
static int32_t
one_tile_leave(void *arg, const uint8_t leave[RULES_MAX_TILES])
{
	int t, n = 0;

	(void)arg;
	for (t = 0; t < RULES_MAX_TILES; t++)
		n += leave[t];
	return n == 1 ? 5000 : -100000;
}

/* The best exchange among ties: rack A A B ? keeps one tile at best, and
 * keeping A, B or the blank ties (5 points, three tiles out); the tie
 * goes to the exchange whose tiles come first (blanks listed last), A A
 * B, which keeps the blank. */
START_TEST(exchange_tie_by_hand)
{
	const struct rules *r = rules_builtin("en");
	static struct position p;
	static struct equity eq;
	struct err e;

	position_init(&p, r);
	p.racks[0][0] = 1;
	p.racks[0][1] = 2;
	p.racks[0][2] = 1;
	ck_assert_int_eq(equity_prepare_fn(&eq, r, one_tile_leave, NULL, &p, 50,
	    &e), 0);
	ck_assert_int_eq(eq.exchange_value, 5000);
	ck_assert_int_eq(eq.exchange.kind, MOVE_EXCHANGE);
	ck_assert_int_eq(eq.exchange.len, 3);
	ck_assert_int_eq(eq.exchange.tiles[0], 1);
	ck_assert_int_eq(eq.exchange.tiles[1], 1);
	ck_assert_int_eq(eq.exchange.tiles[2], 2);
	ck_assert_int_eq(eq.best_used[3], 5000);
	ck_assert_int_eq(eq.best_used[4], -100000);
	ck_assert_int_eq(eq.pass_value, -100000);
	/* Without the blank (A A B): keeping B exchanges A A, before A B. */
	p.racks[0][0] = 0;
	ck_assert_int_eq(equity_prepare_fn(&eq, r, one_tile_leave, NULL, &p, 50,
	    &e), 0);
	ck_assert_int_eq(eq.exchange.len, 2);
	ck_assert_int_eq(eq.exchange.tiles[0], 1);
	ck_assert_int_eq(eq.exchange.tiles[1], 1);
}
END_TEST

/* --- Fast search against brute force --- */

struct agree_count {
	long positions, plays, exchanges, passes, endgame, greedy;
};

/* One turn prepared with values from h, or if it is NULL from table k
 * (NULL: zeros), bag bag: equity_choose and equity_choose_all pick the same move, of the
 * same equity. */
static void
agree_one(struct gen *g, const struct rules *r, const struct position *p,
	int bag, struct hashed *h, const struct klv *k, struct agree_count *c,
	const char *what)
{
	static struct equity eq;
	struct move fast, slow;
	int64_t vf, vs;
	struct err e;

	if (h != NULL)
		ck_assert_msg(equity_prepare_fn(&eq, r, hashed_leave, h, p, bag,
		    &e) == 0, "%s: %s", what, e.msg);
	else
		ck_assert_msg(equity_prepare(&eq, r, k, p, bag, &e) == 0,
		    "%s: %s", what, e.msg);
	ck_assert_int_eq(equity_choose(g, p, &eq, &fast, &vf, &e), 0);
	ck_assert_int_eq(equity_choose_all(g, p, &eq, &slow, &vs, &e), 0);
	assert_same_move(r, &fast, &slow, what, c->positions);
	ck_assert_int_eq(vf, vs);
	/* Leaves worth 0 and tiles in the bag: Fullsterkur's tile play. */
	if (h == NULL && k == NULL && bag > 0) {
		struct move greedy;

		if (gen_best(g, p, &greedy))
			assert_same_move(r, &fast, &greedy, "zeros as greedy",
			    c->positions);
		else
			ck_assert_int_ne(fast.kind, MOVE_PLACE);
		c->greedy++;
	}
	c->positions++;
	c->plays += fast.kind == MOVE_PLACE;
	c->exchanges += fast.kind == MOVE_EXCHANGE;
	c->passes += fast.kind == MOVE_PASS;
	c->endgame += bag == 0;
}

/* Self-play of the equity robot (hashed values) on variant v's default
 * lexicon, games games from seed; at each position the fast search and
 * brute force agree with the hashed values in points and in millipoints
 * (and spread so wide that exchanges and passes win), with a table of
 * zeros, with the bag taken as empty, with an English leave table when
 * en_leaves is set (test_en_leaves_path), and every few positions with
 * one or two of the rack's tiles made blanks. */
static void
agree_variant(const char *v, uint64_t seed, int games, int en_leaves)
{
	const struct rules *r = rules_builtin(v);
	struct lex *lex = test_default_lex(r, v, "equity agrees");
	struct hashed whole = { seed, 1, 8 }, fine = { seed + 1, 0, 25 };
	struct hashed wide = { seed + 2, 1, 80 };
	struct agree_count c = { 0, 0, 0, 0, 0, 0 };
	struct gen *g;
	struct game *gm;
	struct err e;
	struct klv *k = NULL;
	char kpath[512];
	int n, turn = 0;

	if (lex == NULL)
		return;
	if (en_leaves) {
		int own;

		k = klv_load(test_en_leaves_path(kpath, sizeof kpath, &own), NULL, &e);
		ck_assert_msg(k != NULL, "%s", e.msg);
	}
	g = gen_create(r, lex, &e);
	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(gen_best_ready(g, &e), 0);
	gm = game_create(r, 2, &e);
	ck_assert_ptr_nonnull(gm);
	for (n = 0; n < games; n++) {
		ck_assert_int_eq(game_start(gm, seed + (uint64_t)n, &e), 0);
		while (game_over(gm) == 0) {
			static struct position p;
			static struct equity eq;
			struct move play;
			int bag = game_bag_count(gm), t, made;

			p = *game_position(gm);
			agree_one(g, r, &p, bag, &whole, NULL, &c, "whole points");
			agree_one(g, r, &p, bag, &fine, NULL, &c, "millipoints");
			agree_one(g, r, &p, bag, NULL, NULL, &c, "zeros");
			agree_one(g, r, &p, bag, &wide, NULL, &c, "wide");
			if (k != NULL)
				agree_one(g, r, &p, bag, NULL, k, &c, "leave table");
			agree_one(g, r, &p, 0, &fine, NULL, &c, "empty bag");
			if (turn % 3 == 0)
				for (made = 0; made < 1 + (turn % 6 == 0); ) {
					uint8_t *rack = p.racks[p.to_move];

					for (t = RULES_MAX_TILES - 1; t > 0 && rack[t] == 0; t--)
						;
					if (t == 0 || rack[0] + board_blanks(&p.board) >=
					    r->counts[0])
						break;
					rack[t]--;
					rack[0]++;
					made++;
					agree_one(g, r, &p, bag, &fine, NULL, &c, "blanks");
				}
			/* The game goes on with the fast search's move. */
			ck_assert_int_eq(equity_prepare_fn(&eq, r, hashed_leave,
			    &fine, game_position(gm), bag, &e), 0);
			ck_assert_int_eq(equity_choose(g, game_position(gm), &eq,
			    &play, NULL, &e), 0);
			ck_assert_msg(game_play(gm, &play, &e) == 0, "%s", e.msg);
			turn++;
		}
	}
	fprintf(stderr, "equity %s: %ld positions agree (%ld plays, %ld "
	    "exchanges, %ld passes; %ld with the bag empty)\n", v, c.positions,
	    c.plays, c.exchanges, c.passes, c.endgame);
	/* Thousands of positions, and every kind of move among them. */
	ck_assert_int_gt(c.positions, 1000);
	ck_assert_int_gt(c.greedy, 150);
	ck_assert_int_gt(c.exchanges, 0);
	ck_assert_int_gt(c.exchanges + c.passes, 5);
	klv_destroy(k);
	game_destroy(gm);
	gen_destroy(g);
	lex_destroy(lex);
}

START_TEST(agrees_no) { agree_variant("no", 100, 12, 0); } END_TEST
START_TEST(agrees_da) { agree_variant("da", 200, 12, 0); } END_TEST
START_TEST(agrees_is) { agree_variant("is", 300, 12, 0); } END_TEST
START_TEST(agrees_en) { agree_variant("en", 400, 12, 1); } END_TEST

static Suite *
equity_suite(void)
{
	Suite *s = suite_create("equity");
	TCase *tc;

	tc = tcase_create("tables");
	tcase_add_test(tc, rack_values_match_lookup);
	tcase_add_test(tc, keep_table_by_hand);
	tcase_add_test(tc, exchange_tie_by_hand);
	suite_add_tcase(s, tc);
	tc = tcase_create("search");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, agrees_no);
	tcase_add_test(tc, agrees_da);
	tcase_add_test(tc, agrees_is);
	tcase_add_test(tc, agrees_en);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(equity_suite());
}
