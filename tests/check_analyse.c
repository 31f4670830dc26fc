/* check_analyse.c — game analysis (analyse.h): a small game worked out by
 * hand, the conformance game against the brute-force move lists of
 * ../shared, and two games of tests/data with the default lexicon. */
#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "analyse.h"
#include "gcg.h"
#include "gen.h"
#include "klv.h"
#include "lex.h"
#include "rules.h"

/* Every turn analyse_game passed on, copied (its pointer into the replay
 * is not kept). */
#define MAX_TURNS 64
struct seen {
	int n;
	struct analyse_turn t[MAX_TURNS];
};

static int
keep_turn(const struct analyse_turn *t, void *arg)
{
	struct seen *s = arg;

	ck_assert_int_lt(s->n, MAX_TURNS);
	s->t[s->n] = *t;
	s->t[s->n].at = NULL;
	s->n++;
	return 0;
}

/* Analyses game g with lexicon lex and leave table k (may be NULL); the
 * turns go to *s, the sums stay in *a. */
static void
analyse_all(struct analyse *a, const struct gcg_game *g, const struct lex *lex,
	const struct klv *k, struct seen *s)
{
	struct gen *gen;
	struct err e;
	int rc;

	gen = gen_create(&g->rules, lex, &e);
	ck_assert_msg(gen != NULL, "%s", e.msg);
	memset(a, 0, sizeof *a);
	memset(s, 0, sizeof *s);
	a->rules = &g->rules;
	a->lex = lex;
	a->gen = gen;
	a->leaves = k;
	a->top = 2;
	rc = analyse_game(a, g, keep_turn, s, &e);
	ck_assert_msg(rc == 0, "line %ld: %s", e.line, e.msg);
	gen_destroy(gen);
}

static struct gcg_game *
read_game(const char *path)
{
	FILE *fp = fopen(path, "r");
	struct gcg_reader *rd;
	struct gcg_game *g = NULL;
	struct err e;

	ck_assert_msg(fp != NULL, "%s: cannot open", path);
	rd = gcg_reader_open(fp, path, NULL, &e);
	ck_assert_ptr_nonnull(rd);
	ck_assert_msg(gcg_read(rd, &g, &e) == 1, "%s:%ld: %s", path, e.line,
	    e.msg);
	gcg_reader_close(rd);
	fclose(fp);
	return g;
}

/* --------------------------------------------------- a game by hand */

/* The lexicon CAB, AB, BA.  Turn 1: ABCDEFG on the empty board.  Across
 * through the star (8H, double word): CAB at 8F, 8G, 8H, each (3 + 1 + 3)
 * x 2 = 14; AB and BA at 8G and 8H, (1 + 3) x 2 = 8; 7 placements, and
 * the 2^7 - 1 = 127 exchanges of seven distinct tiles and the pass: 135
 * moves.  One plays 8G AB for 8: three moves score more, so rank 4; the
 * best by score is the first CAB in notation order, 8F CAB, 14; lost 6.
 * Turn 2: two shows only the C it plays (8F C.., 3 + 1 + 3 = 7, no
 * premium under the new tile): an unknown rack.  Turn 3: one holds
 * CDEFGHI, which makes no word with the board's A and B (every word
 * needs an A or a B from the rack), and passes: 127 exchanges and the
 * pass, all 0; the pass is first in notation order ("-" before "-C"), so
 * it is rank 1 and best, lost 0. */
static const char hand_gcg[] =
    "#character-encoding UTF-8\n"
    "#player1 one One\n"
    "#player2 two Two\n"
    "#tile-distribution en\n"
    ">one: ABCDEFG 8G AB +8 8\n"
    ">two: C 8F C.. +7 7\n"
    ">one: CDEFGHI - +0 8\n";

static struct lex *
hand_lex(const struct rules *r)
{
	static const char *const words[] = { "CAB", "AB", "BA", NULL };

	return test_lex_from_words(r, words);
}

/* turn3_best: the best of turn 3's exchanges and pass, all worth 0: the
 * pass played ties with the best, and a tie is named the move played,
 * by score and by equity alike (not the first in notation order, nor
 * equity_cmp's exchange of the most tiles, which a board would then show
 * beside a table that says "best"). */
static void
check_hand_turns(const struct analyse *a, const struct seen *s,
	const char *turn3_best)
{
	const struct analyse_turn *t = s->t;

	ck_assert_int_eq(s->n, 3);
	ck_assert_int_eq(a->turns, 3);
	ck_assert_int_eq(a->failed, 0);

	ck_assert_int_eq(t[0].turn, 1);
	ck_assert_int_eq(t[0].player, 0);
	ck_assert_int_eq(t[0].status, ANALYSE_DONE);
	ck_assert_str_eq(t[0].played_text, "8G AB");
	ck_assert_int_eq(t[0].score, 8);
	ck_assert_int_eq(t[0].rank, 4);
	ck_assert_int_eq(t[0].nmoves, 135);
	ck_assert_int_eq(t[0].has_best, 1);
	ck_assert_str_eq(t[0].best_text, "8F CAB");
	ck_assert_int_eq(t[0].best.score, 14);
	ck_assert_int_eq(t[0].played_value, 8000);
	ck_assert_int_eq(t[0].best_value, 14000);
	ck_assert_int_eq(t[0].lost, 6000);

	ck_assert_int_eq(t[1].turn, 2);
	ck_assert_int_eq(t[1].player, 1);
	ck_assert_int_eq(t[1].status, ANALYSE_UNKNOWN_RACK);
	ck_assert_str_eq(t[1].played_text, "8F C..");
	ck_assert_int_eq(t[1].score, 7);
	ck_assert_int_eq(t[1].rank, 0);
	ck_assert_int_eq(t[1].has_best, 0);

	ck_assert_int_eq(t[2].status, ANALYSE_DONE);
	ck_assert_str_eq(t[2].played_text, "-");
	ck_assert_int_eq(t[2].rank, 1);
	ck_assert_int_eq(t[2].nmoves, 128);
	ck_assert_str_eq(t[2].best_text, turn3_best);
	ck_assert_int_eq(t[2].lost, 0);

	/* Sums: one analysed twice (one best), two never. */
	ck_assert_int_eq(a->players[0].moves, 2);
	ck_assert_int_eq(a->players[0].best, 1);
	ck_assert_int_eq(a->players[0].lost, 6000);
	ck_assert_int_eq(a->players[1].moves, 0);
	ck_assert_int_eq(a->players[1].lost, 0);
}

START_TEST(hand_game_by_score)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = hand_lex(r);
	struct gcg_game *g;
	struct analyse a;
	struct seen s;
	struct err e;

	g = gcg_parse_mem(hand_gcg, sizeof hand_gcg - 1, NULL, &e);
	ck_assert_msg(g != NULL, "%ld: %s", e.line, e.msg);
	analyse_all(&a, g, lex, NULL, &s);
	check_hand_turns(&a, &s, "-");
	gcg_game_destroy(g);
	lex_destroy(lex);
}
END_TEST

/* With a leave table of zeros and tiles in the bag a move's equity is its
 * score; the best is the equity robot's, the first by equity_cmp: among
 * the three CABs of 14 (tile plays, the same score and tile count) the
 * smallest column, 8F; among turn 3's exchanges and pass, all 0, the
 * exchange of all seven.  Ranks and losses as by score. */
START_TEST(hand_game_with_zero_leaves)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = hand_lex(r);
	struct klv *k;
	struct gcg_game *g;
	struct analyse a;
	struct seen s;
	struct err e;

	k = klv_build(r, 2, &e);
	ck_assert_msg(k != NULL, "%s", e.msg);
	g = gcg_parse_mem(hand_gcg, sizeof hand_gcg - 1, NULL, &e);
	ck_assert_ptr_nonnull(g);
	analyse_all(&a, g, lex, k, &s);
	check_hand_turns(&a, &s, "-");
	gcg_game_destroy(g);
	klv_destroy(k);
	lex_destroy(lex);
}
END_TEST

/* A table of the leaves of one or two tiles, all 0 but a lone G, worth
 * 10 points.  Turn 1 (ABCDEFG): the CABs keep DEFG and 8G AB keeps CDEFG,
 * neither in the table (0), so they are worth 14.000 and 8.000; the
 * exchange of ABCDEF keeps the G and is worth 10.000, above the play:
 * rank 5, the best still 8F CAB, 6.000 lost.  Turn 3 (CDEFGHI, no
 * word): the exchange of CDEFHI keeps the G, 10.000, the best; the pass
 * (0) ranks second and loses 10.000. */
START_TEST(hand_game_with_a_leave_value)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = hand_lex(r);
	uint8_t leave[RULES_MAX_TILES] = { 0 };
	struct klv *k;
	struct gcg_game *g;
	struct analyse a;
	struct seen s;
	struct err e;
	long i;

	k = klv_build(r, 2, &e);
	ck_assert_msg(k != NULL, "%s", e.msg);
	leave[7] = 1;                       /* G: letter 7 of a..z */
	i = klv_index(k, leave);
	ck_assert_int_ge(i, 0);
	klv_values(k)[i] = 10000;
	g = gcg_parse_mem(hand_gcg, sizeof hand_gcg - 1, NULL, &e);
	ck_assert_ptr_nonnull(g);
	analyse_all(&a, g, lex, k, &s);
	ck_assert_int_eq(s.t[0].rank, 5);
	ck_assert_str_eq(s.t[0].best_text, "8F CAB");
	ck_assert_int_eq(s.t[0].best_value, 14000);
	ck_assert_int_eq(s.t[0].lost, 6000);
	/* Turn 3 (CDEFGHI, no word): exchanging CDEFHI keeps the G, 10.000;
	 * the pass keeps all seven (not in the table, 0): lost 10.000. */
	ck_assert_str_eq(s.t[2].best_text, "-CDEFHI");
	ck_assert_int_eq(s.t[2].rank, 2);
	ck_assert_int_eq(s.t[2].lost, 10000);
	gcg_game_destroy(g);
	klv_destroy(k);
	lex_destroy(lex);
}
END_TEST

/* The position before a turn, and a turn the game does not have. */
START_TEST(position_at_a_turn)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = hand_lex(r);
	struct gcg_game *g;
	struct position p;
	struct err e;
	long line = 0;

	g = gcg_parse_mem(hand_gcg, sizeof hand_gcg - 1, NULL, &e);
	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(analyse_position_at(g, lex, 2, &p, &line, &e), 1);
	ck_assert_int_eq(line, 6);
	ck_assert_int_eq(p.to_move, 1);
	ck_assert_int_eq(p.scores[0], 8);
	ck_assert_int_eq(board_count(&p.board), 2);
	ck_assert_int_eq(board_at(&p.board, 7, 6), 1);          /* A at 8G */
	ck_assert_int_eq(board_at(&p.board, 7, 7), 2);          /* B at 8H */
	ck_assert_int_eq(analyse_position_at(g, lex, 4, &p, &line, &e), 0);
	gcg_game_destroy(g);
	lex_destroy(lex);
}
END_TEST

/* A score that does not add up (two's C.. makes 7, written +9): the turn
 * is marked and analysed as it scores, the game goes on as written (its
 * totals were added from the written score); a wrong total still stops
 * the game with its line, the turns before it passed on. */
START_TEST(wrong_score_marked)
{
	static const char bad[] =
	    "#character-encoding UTF-8\n"
	    "#player1 one One\n"
	    "#player2 two Two\n"
	    "#tile-distribution en\n"
	    ">one: ABCDEFG 8G AB +8 8\n"
	    ">two: C 8F C.. +9 9\n"
	    ">one: CDEFGHI - +0 8\n"
	    ">two: ? - +0 10\n";
	const struct rules *r = rules_builtin("en");
	struct lex *lex = hand_lex(r);
	struct gcg_game *g;
	struct gen *gen;
	struct analyse a;
	struct seen s;
	struct err e;

	g = gcg_parse_mem(bad, sizeof bad - 1, NULL, &e);
	ck_assert_ptr_nonnull(g);
	gen = gen_create(r, lex, &e);
	ck_assert_ptr_nonnull(gen);
	memset(&a, 0, sizeof a);
	memset(&s, 0, sizeof s);
	a.rules = r;
	a.lex = lex;
	a.gen = gen;
	ck_assert_int_eq(analyse_game(&a, g, keep_turn, &s, &e), -1);
	ck_assert_int_eq(e.line, 8);            /* 10 written, 9 by the scores */
	ck_assert_int_eq(s.n, 4);
	ck_assert_int_eq(a.wrong_scores, 1);
	ck_assert_int_eq(s.t[1].wrong_score, 1);
	ck_assert_int_eq(s.t[1].score, 9);
	ck_assert_int_eq(s.t[1].real_score, 7);
	ck_assert_int_eq(s.t[0].wrong_score, 0);
	/* Turn 3 is analysed as before (the pass, rank 1 of 128). */
	ck_assert_int_eq(s.t[2].status, ANALYSE_DONE);
	ck_assert_int_eq(s.t[2].rank, 1);
	ck_assert_int_eq(s.t[2].nmoves, 128);
	ck_assert_int_eq(a.players[0].moves, 2);
	gen_destroy(gen);
	gcg_game_destroy(g);
	lex_destroy(lex);
}
END_TEST

/* The callback stops the game with its value. */
static int
stop_at_second(const struct analyse_turn *t, void *arg)
{
	(void)arg;
	return t->turn == 2 ? 7 : 0;
}

START_TEST(callback_stops)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = hand_lex(r);
	struct gcg_game *g;
	struct gen *gen;
	struct analyse a;
	struct err e;

	g = gcg_parse_mem(hand_gcg, sizeof hand_gcg - 1, NULL, &e);
	ck_assert_ptr_nonnull(g);
	gen = gen_create(r, lex, &e);
	ck_assert_ptr_nonnull(gen);
	memset(&a, 0, sizeof a);
	a.rules = r;
	a.lex = lex;
	a.gen = gen;
	ck_assert_int_eq(analyse_game(&a, g, stop_at_second, NULL, &e), 7);
	ck_assert_int_eq(a.turns, 2);
	gen_destroy(gen);
	gcg_game_destroy(g);
	lex_destroy(lex);
}
END_TEST

/* Matching the move played: a one-tile play either way, plays by the
 * squares they fill, exchanges as multisets or by count. */
START_TEST(same_move)
{
	struct move a, b;

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	/* H8 across "Q" and H8 down "Q": one tile, the same square. */
	a.kind = b.kind = MOVE_PLACE;
	a.row = b.row = 7;
	a.col = b.col = 7;
	a.len = b.len = 1;
	a.ntiles = b.ntiles = 1;
	a.tiles[0] = b.tiles[0] = 17;
	b.dir = DIR_DOWN;
	ck_assert_int_eq(analyse_same_move(&a, &b), 1);
	b.tiles[0] = 18;
	ck_assert_int_eq(analyse_same_move(&a, &b), 0);
	/* "8G AB" and "8F .AB" (F already on the board): the same tiles on
	 * the same squares. */
	a.dir = b.dir = DIR_ACROSS;
	a.col = 6;
	a.len = 2;
	a.ntiles = 2;
	a.tiles[0] = 1;
	a.tiles[1] = 2;
	b.col = 5;
	b.len = 3;
	b.ntiles = 2;
	b.tiles[0] = 0;
	b.tiles[1] = 1;
	b.tiles[2] = 2;
	ck_assert_int_eq(analyse_same_move(&a, &b), 1);
	b.dir = DIR_DOWN;
	ck_assert_int_eq(analyse_same_move(&a, &b), 0);
	/* Exchanges: AB and BA alike; AB and AC not; a count matches a
	 * count of tiles. */
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	a.kind = b.kind = MOVE_EXCHANGE;
	a.len = b.len = 2;
	a.tiles_known = b.tiles_known = 1;
	a.tiles[0] = 1;
	a.tiles[1] = 2;
	b.tiles[0] = 2;
	b.tiles[1] = 1;
	ck_assert_int_eq(analyse_same_move(&a, &b), 1);
	b.tiles[0] = 3;
	ck_assert_int_eq(analyse_same_move(&a, &b), 0);
	b.tiles_known = 0;
	ck_assert_int_eq(analyse_same_move(&a, &b), 1);
	b.len = 3;
	ck_assert_int_eq(analyse_same_move(&a, &b), 0);
	/* A pass is a pass, and not an exchange. */
	a.kind = b.kind = MOVE_PASS;
	ck_assert_int_eq(analyse_same_move(&a, &b), 1);
	b.kind = MOVE_EXCHANGE;
	ck_assert_int_eq(analyse_same_move(&a, &b), 0);
}
END_TEST

/* The writers: movegen(1)'s lines and JSON for the hand game. */
START_TEST(writers)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = hand_lex(r);
	struct gcg_game *g;
	struct analyse a;
	struct seen s;
	struct err e;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int i;

	g = gcg_parse_mem(hand_gcg, sizeof hand_gcg - 1, NULL, &e);
	ck_assert_ptr_nonnull(g);
	analyse_all(&a, g, lex, NULL, &s);
	fp = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(fp);
	analyse_write_head(fp, &a, "h.gcg", 0);
	for (i = 0; i < s.n; i++)
		analyse_write_turn(fp, g, &s.t[i], 0, i == 0);
	analyse_write_tail(fp, &a, g, 0);
	fclose(fp);
	/* Turn 1's top two: the CABs in notation order, keeping DEFG; turn
	 * 3's: the pass (the move played, a tie with the best), then the
	 * first exchange in notation order, -C. */
	ck_assert_str_eq(buf,
	    "# h.gcg\n"
	    "# lexicon -\tvalues score\n"
	    "#TURN\tPLAYER\tRACK\tMOVE\tSCORE\tVALUE\tRANK\tOF\tBEST\t"
	    "BEST_SCORE\tBEST_VALUE\tLOST\tNOTE\n"
	    "1\tone\tABCDEFG\t8G AB\t8\t8.000\t4\t135\t8F CAB\t14\t14.000\t"
	    "6.000\t-\n"
	    "#\t1\t8F CAB\t14\tDEFG\t14.000\n"
	    "#\t2\t8G CAB\t14\tDEFG\t14.000\n"
	    "2\ttwo\t-\t8F C..\t7\t-\t-\t-\tunknown rack\t-\t-\t-\t-\n"
	    "3\tone\tCDEFGHI\t-\t0\t0.000\t1\t128\t-\t0\t0.000\t0.000\t-\n"
	    "#\t1\t-\t0\tCDEFGHI\t0.000\n"
	    "#\t2\t-C\t0\tDEFGHI\t0.000\n"
	    "# one\tmoves 2\tbest 1\tlost 6.000\n"
	    "# two\tmoves 0\tbest 0\tlost 0.000\n"
	    "\n");
	free(buf);
	buf = NULL;
	fp = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(fp);
	a.lexicon_name = "hand.lex";
	analyse_write_head(fp, &a, "h\"1.gcg", 1);
	for (i = 0; i < 2; i++)
		analyse_write_turn(fp, g, &s.t[i], 1, i == 0);
	analyse_write_tail(fp, &a, g, 1);
	fclose(fp);
	ck_assert_str_eq(buf,
	    "{\"file\":\"h\\\"1.gcg\",\"lexicon\":\"hand.lex\","
	    "\"values\":\"score\",\"leaves\":null,\"moves\":["
	    "{\"turn\":1,\"player\":\"one\",\"rack\":\"ABCDEFG\","
	    "\"move\":\"8G AB\",\"score\":8,\"bag\":86,\"value\":8.000,"
	    "\"rank\":4,\"of\":135,\"best\":\"8F CAB\",\"best_score\":14,"
	    "\"best_value\":14.000,\"lost\":6.000,\"candidates\":["
	    "{\"move\":\"8F CAB\",\"score\":14,\"leave\":\"DEFG\","
	    "\"value\":14.000},"
	    "{\"move\":\"8G CAB\",\"score\":14,\"leave\":\"DEFG\","
	    "\"value\":14.000}]},"
	    "{\"turn\":2,\"player\":\"two\",\"rack\":null,"
	    "\"move\":\"8F C..\",\"score\":7,\"bag\":84,"
	    "\"rank\":null,\"best\":null,\"unknown_rack\":true}"
	    "],\"players\":["
	    "{\"player\":\"one\",\"moves\":2,\"best\":1,\"lost\":6.000},"
	    "{\"player\":\"two\",\"moves\":0,\"best\":0,\"lost\":0.000}]}\n");
	free(buf);
	gcg_game_destroy(g);
	lex_destroy(lex);
}
END_TEST

/* The simulator hook (movegen -a --sim): called for each turn analysed
 * with tiles in the bag (turns 1 and 3 of the hand game; turn 2's rack is
 * not known), its result handed on with the turn and written.  Two arms
 * with sums set by hand, 4 samples each: A wins 1, 1, 1, 0 (mean 75 %,
 * variance (3 - 4 x 0.75^2) / 3 = 0.25, standard error sqrt(0.25 / 4) =
 * 25 %) with spreads 10, 10, -10, 0 (mean 2.5, variance (300 - 4 x 2.5^2)
 * / 3 = 91.67, error 4.79); B, the move played, wins 1, 1, 0, 0 (50 %,
 * variance 1/3, error sqrt(1/12) = 28.87 %), spreads all 0.  Cost of the
 * move played: 75 - 50 = 25 %. */
static struct sim_arm fake_arms[2];
static struct analyse_sim fake_sim;
static long fake_calls[8];
static int fake_ncalls;

static int
fake_simulate(void *ctx, const struct analyse_turn *t,
	const struct analyse_sim **out, struct err *e)
{
	(void)ctx;
	(void)e;
	ck_assert_int_lt(fake_ncalls, 8);
	fake_calls[fake_ncalls++] = t->turn;
	*out = &fake_sim;
	return 0;
}

START_TEST(simulator_hook)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = hand_lex(r);
	struct gcg_game *g;
	struct gen *gen;
	struct analyse a;
	struct seen s;
	struct err e;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	const int64_t U = SIM_WIN_UNIT, P = SIM_SPREAD_UNIT;

	memset(fake_arms, 0, sizeof fake_arms);
	snprintf(fake_arms[0].text, sizeof fake_arms[0].text, "A");
	fake_arms[0].score = 14;
	fake_arms[0].equity = 14000;
	fake_arms[0].win = (struct sim_stat){ 4, 3 * U, (uint64_t)(3 * U * U) };
	fake_arms[0].spread = (struct sim_stat){ 4, 10 * P,
	    (uint64_t)(300 * P * P) };
	snprintf(fake_arms[1].text, sizeof fake_arms[1].text, "B");
	fake_arms[1].score = 8;
	fake_arms[1].equity = 8000;
	fake_arms[1].win = (struct sim_stat){ 4, 2 * U, (uint64_t)(2 * U * U) };
	fake_arms[1].spread = (struct sim_stat){ 4, 0, 0 };
	memset(&fake_sim, 0, sizeof fake_sim);
	fake_sim.seed = 42;
	fake_sim.iterations = 4;
	fake_sim.stopped = "the cap";
	fake_sim.narms = 2;
	fake_sim.arms = fake_arms;
	fake_sim.played = 1;
	fake_ncalls = 0;

	g = gcg_parse_mem(hand_gcg, sizeof hand_gcg - 1, NULL, &e);
	ck_assert_ptr_nonnull(g);
	gen = gen_create(r, lex, &e);
	ck_assert_ptr_nonnull(gen);
	memset(&a, 0, sizeof a);
	memset(&s, 0, sizeof s);
	a.rules = r;
	a.lex = lex;
	a.gen = gen;
	a.simulate = fake_simulate;
	a.sim_head = (struct analyse_sim_head){ 2, 4, 0, 0, 42, NULL };
	ck_assert_int_eq(analyse_game(&a, g, keep_turn, &s, &e), 0);
	ck_assert_int_eq(fake_ncalls, 2);
	ck_assert_int_eq(fake_calls[0], 1);
	ck_assert_int_eq(fake_calls[1], 3);
	ck_assert_int_eq(a.sim_turns, 2);
	ck_assert_ptr_eq(s.t[0].sim, &fake_sim);
	ck_assert_ptr_null(s.t[1].sim);
	fp = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(fp);
	analyse_write_head(fp, &a, "h.gcg", 0);
	analyse_write_turn(fp, g, &s.t[0], 0, 1);
	fclose(fp);
	ck_assert_str_eq(buf,
	    "# h.gcg\n"
	    "# lexicon -\tvalues score\n"
	    "# simulation\tplies 2\titerations 4\ttime -\tstop none\tseed 42\t"
	    "winpct none\n"
	    "#TURN\tPLAYER\tRACK\tMOVE\tSCORE\tVALUE\tRANK\tOF\tBEST\t"
	    "BEST_SCORE\tBEST_VALUE\tLOST\tNOTE\n"
	    "1\tone\tABCDEFG\t8G AB\t8\t8.000\t4\t135\t8F CAB\t14\t14.000\t"
	    "6.000\t-\n"
	    "#\tsim\t1\tA\t14\t14.000\t75.00\t25.00\t2.50\t4.79\t4\t-\n"
	    "#\tsim\t2\tB\t8\t8.000\t50.00\t28.87\t0.00\t0.00\t4\tplayed\n"
	    "#\tsim-verdict\tA\t75.00\t25.00\t50.00\t28.87\t25.00\t4\tthe cap\t"
	    "42\n");
	free(buf);
	buf = NULL;
	fp = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(fp);
	analyse_write_head(fp, &a, "h.gcg", 1);
	analyse_write_turn(fp, g, &s.t[0], 1, 1);
	fclose(fp);
	ck_assert_ptr_nonnull(strstr(buf, ",\"sim\":{\"plies\":2,"
	    "\"iterations\":4,\"time\":null,\"stop\":\"none\",\"seed\":42,"
	    "\"winpct\":\"none\"},\"moves\":["));
	ck_assert_ptr_nonnull(strstr(buf, "\"lost\":6.000,\"candidates\":[],"
	    "\"sim\":{\"seed\":42,\"cgp\":\"\",\"iterations\":4,"
	    "\"stopped\":\"the cap\",\"best\":\"A\",\"best_win\":75.00,"
	    "\"best_win_se\":25.00,\"played_win\":50.00,\"played_win_se\":28.87,"
	    "\"lost_win\":25.00,\"candidates\":[{\"move\":\"A\",\"score\":14,"
	    "\"equity\":14.000,\"win\":75.00,\"win_se\":25.00,\"spread\":2.50,"
	    "\"spread_se\":4.79,\"iterations\":4,\"played\":false},"
	    "{\"move\":\"B\",\"score\":8,\"equity\":8.000,\"win\":50.00,"
	    "\"win_se\":28.87,\"spread\":0.00,\"spread_se\":0.00,"
	    "\"iterations\":4,\"played\":true}]}}"));
	free(buf);
	gen_destroy(gen);
	gcg_game_destroy(g);
	lex_destroy(lex);
}
END_TEST

/* ---------------- the conformance game (../shared's, else the project's) */

/* The conformance game (greedy self-play) with the small list it was made
 * with, against the brute-force lists of en-moves.txt, one block a turn
 * (a CGP line, a line a placement, a blank line):
 * the placements best score first, ties in notation order.  So the best
 * placement is the block's first line; the rank is 1 plus the lines that
 * score more than the play; the list has the block's placements plus
 * exchanges and the pass; and turn 1 (ABEILPT, seven distinct tiles) has
 * 127 exchanges and the pass beside its placements.  The project's game
 * (without ../shared): 33 placements, then six passes with the bag empty
 * and no placement (the pass is the one move, and the best; no block in
 * the moves file), and turn 1's ABGIILR has 2 x 2 x 2 x 2 x 2 x 3 - 1 = 95
 * exchanges (I twice) and the pass. */
START_TEST(conformance_game)
{
	const struct rules *r = rules_builtin("en");
	char gpath[512], mpath[512], wpath[512];
	struct lex *lex;
	struct gcg_game *g;
	struct analyse a;
	struct seen s;
	FILE *fp;
	char *line = NULL;
	size_t cap = 0;
	int i, own;

	test_conformance_path("conformance/en-game.gcg", gpath, sizeof gpath,
	    &own);
	test_conformance_path("conformance/en-moves.txt", mpath, sizeof mpath,
	    NULL);
	test_conformance_path("wordlists/small/en-enable-2to4.txt", wpath,
	    sizeof wpath, NULL);
	lex = test_lex_from_file(r, wpath, 1);
	g = read_game(gpath);
	analyse_all(&a, g, lex, NULL, &s);
	ck_assert_int_eq(s.n, own ? 39 : 38);
	fp = fopen(mpath, "r");
	ck_assert_ptr_nonnull(fp);
	for (i = 0; i < s.n; i++) {
		const struct analyse_turn *t = &s.t[i];
		char best[128] = "";
		long placements = 0, better = 0;
		int best_score = -1;
		ssize_t n;

		if (t->played.kind == MOVE_PASS) {
			ck_assert_int_eq(own, 1);
			ck_assert_int_eq(t->status, ANALYSE_DONE);
			ck_assert_int_eq(t->nmoves, 1);
			ck_assert_int_eq(t->rank, 1);
			continue;
		}
		/* The block: its CGP line, then a move a line to a blank. */
		while ((n = getline(&line, &cap, fp)) == 1)
			;
		ck_assert_int_gt(n, 1);
		while ((n = getline(&line, &cap, fp)) > 1) {
			char *tab = strchr(line, '\t');
			int score;

			ck_assert_ptr_nonnull(tab);
			*tab = '\0';
			score = atoi(tab + 1);
			if (placements++ == 0) {
				snprintf(best, sizeof best, "%s", line);
				best_score = score;
			}
			if (score > t->score)
				better++;
		}
		ck_assert_int_eq(t->status, ANALYSE_DONE);
		ck_assert_int_eq(t->rank, 1 + better);
		ck_assert_int_gt(t->nmoves, placements);
		/* A tie with the best is named the move played. */
		if (placements > 0 && t->rank == 1)
			ck_assert_str_eq(t->best_text, t->played_text);
		else if (placements > 0)
			ck_assert_str_eq(t->best_text, best);
		if (placements > 0) {
			ck_assert_int_eq(t->best.score, best_score);
			ck_assert_int_eq(t->lost, 1000L * (best_score - t->score));
		}
		if (i == 0)
			ck_assert_int_eq(t->nmoves, placements + (own ? 96 : 128));
	}
	/* Greedy self-play: every turn the best. */
	ck_assert_int_eq(a.players[0].best, a.players[0].moves);
	ck_assert_int_eq(a.players[1].lost, 0);
	free(line);
	fclose(fp);
	gcg_game_destroy(g);
	lex_destroy(lex);
}
END_TEST

/* ------------------------------- games of tests/data, default lexicon */

/* en-public.gcg, turn 1: alice plays 8F LOCH, (1 + 1 + 3 + 4) x 2 = 18
 * (the star doubles); 8G PLANCH was there, 3 + 1 + 1 + 1 + 3 + 2 x 4 (the
 * H on 8L's double letter) = 17, x 2 = 34: 16 points lost.  70 legal
 * moves score more than 18 (rank 71 of 447, as movegen -g en-public.gcg
 * -t 1 lists them).  Turn 6: bob's 8K TE is not in the list (a phony
 * the game lets stand): rank -1. */
START_TEST(public_game)
{
	const struct rules *r = rules_builtin("en");
	const char *path = "tests/data/gcg/en-public.gcg";
	struct lex *lex = test_default_lex(r, "en", "check_analyse");
	struct gcg_game *g;
	struct analyse a;
	struct seen s;

	if (lex == NULL)
		return;
	if (access(path, R_OK) != 0) {
		fprintf(stderr, "SKIP %s: run from the top directory\n", path);
		lex_destroy(lex);
		return;
	}
	g = read_game(path);
	analyse_all(&a, g, lex, NULL, &s);
	ck_assert_str_eq(s.t[0].played_text, "8F LOCH");
	ck_assert_int_eq(s.t[0].score, 18);
	ck_assert_int_eq(s.t[0].rank, 71);
	ck_assert_int_eq(s.t[0].nmoves, 447);
	ck_assert_str_eq(s.t[0].best_text, "8G PLANCH");
	ck_assert_int_eq(s.t[0].best.score, 34);
	ck_assert_int_eq(s.t[0].lost, 16000);
	ck_assert_str_eq(s.t[5].played_text, "8K TE");
	ck_assert_int_eq(s.t[5].rank, -1);
	gcg_game_destroy(g);
	lex_destroy(lex);
}
END_TEST

/* en-partial.gcg: josh's racks show only the tiles he plays, so his
 * turns (every second, from 2) are unknown racks, not summed; doug's
 * first, 8D WORMED for 32, is the best of the 590 moves of DELMORW. */
START_TEST(partial_racks)
{
	const struct rules *r = rules_builtin("en");
	const char *path = "tests/data/gcg/en-partial.gcg";
	struct lex *lex = test_default_lex(r, "en", "check_analyse");
	struct gcg_game *g;
	struct analyse a;
	struct seen s;
	int i;

	if (lex == NULL)
		return;
	if (access(path, R_OK) != 0) {
		fprintf(stderr, "SKIP %s: run from the top directory\n", path);
		lex_destroy(lex);
		return;
	}
	g = read_game(path);
	analyse_all(&a, g, lex, NULL, &s);
	ck_assert_int_eq(s.n, 21);
	for (i = 0; i < s.n; i++)
		ck_assert_int_eq(s.t[i].status, i % 2 ? ANALYSE_UNKNOWN_RACK :
		    ANALYSE_DONE);
	ck_assert_str_eq(s.t[1].played_text, "7C CANOE");
	ck_assert_int_eq(s.t[1].score, 25);
	ck_assert_int_eq(s.t[0].rank, 1);
	ck_assert_int_eq(s.t[0].nmoves, 590);
	ck_assert_str_eq(s.t[0].best_text, "8D WORMED");
	ck_assert_int_eq(s.t[0].lost, 0);
	ck_assert_int_eq(a.players[0].moves, 11);
	ck_assert_int_eq(a.players[1].moves, 0);
	gcg_game_destroy(g);
	lex_destroy(lex);
}
END_TEST

static Suite *
analyse_suite(void)
{
	Suite *s = suite_create("analyse");
	TCase *tc = tcase_create("hand");
	TCase *tc2 = tcase_create("games");

	tcase_add_test(tc, hand_game_by_score);
	tcase_add_test(tc, hand_game_with_zero_leaves);
	tcase_add_test(tc, hand_game_with_a_leave_value);
	tcase_add_test(tc, position_at_a_turn);
	tcase_add_test(tc, wrong_score_marked);
	tcase_add_test(tc, callback_stops);
	tcase_add_test(tc, same_move);
	tcase_add_test(tc, writers);
	tcase_add_test(tc, simulator_hook);
	suite_add_tcase(s, tc);
	tcase_set_timeout(tc2, 120);
	tcase_add_test(tc2, conformance_game);
	tcase_add_test(tc2, public_game);
	tcase_add_test(tc2, partial_racks);
	suite_add_tcase(s, tc2);
	return s;
}

int
main(void)
{
	return test_run(analyse_suite());
}
