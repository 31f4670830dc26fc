/* check_game.c — the game state machine: ends, settling per variant,
 * challenges, resignation, residence counting, GCG record.  Endgames are
 * constructed by hand and their final scores computed by hand from the tile
 * values of SPEC §1.1. */
#include "testutil.h"
#include "game.h"
#include "rules.h"

static struct rules
R(const char *name)
{
	const struct rules *r = rules_builtin(name);

	ck_assert_msg(r != NULL, "no ruleset %s", name);
	return *r;
}

static void
rack_of(const struct rules *r, const char *s, uint8_t rack[RULES_MAX_TILES])
{
	struct err e;

	ck_assert_int_ge(rules_rack_parse(r, s, strlen(s), rack, &e), 0);
}

/* mkplay: a tile play of word s (lowercase = blank) from row, col (0-based)
 * in direction dir, scored score by hand. */
static struct move
mkplay(const struct rules *r, int row, int col, int dir, const char *s,
    int score)
{
	struct move m;
	size_t i = 0, len = strlen(s);

	memset(&m, 0, sizeof m);
	m.kind = MOVE_PLACE;
	m.dir = (uint8_t)dir;
	m.row = (uint8_t)row;
	m.col = (uint8_t)col;
	while (i < len) {
		uint8_t t;
		int lower, k = rules_decode_letter(r, s + i, len - i, &t, &lower);

		ck_assert_int_gt(k, 0);
		m.tiles[m.len++] = lower ? (uint8_t)(t | TILE_BLANK) : t;
		m.ntiles++;
		i += (size_t)k;
	}
	m.score = score;
	return m;
}

static struct move
mkexch(const struct rules *r, const char *s)
{
	struct move m;
	uint8_t rack[RULES_MAX_TILES];

	memset(&m, 0, sizeof m);
	m.kind = MOVE_EXCHANGE;
	m.tiles_known = 1;
	rack_of(r, s, rack);
	for (int t = 0; t < RULES_MAX_TILES; t++)
		for (int k = 0; k < rack[t]; k++)
			m.tiles[m.len++] = t == 0 ? TILE_BLANK : (uint8_t)t;
	m.ntiles = m.len;
	return m;
}

static const struct move PASS = { .kind = MOVE_PASS };

/* setup2: two players, empty board, racks a and b, scores sa and sb, bag
 * holding the tiles of string bag. */
static struct game *
setup(const struct rules *r, int np, const char *const *racks,
    const int *scores, const char *bag, int to_move)
{
	struct err e;
	struct game *g = game_create(r, np, &e);
	uint8_t rk[RULES_MAX_PLAYERS][RULES_MAX_TILES], bc[RULES_MAX_TILES];

	ck_assert_msg(g != NULL, "%s", e.msg);
	for (int i = 0; i < np; i++)
		rack_of(r, racks[i], rk[i]);
	rack_of(r, bag, bc);
	ck_assert_int_eq(game_setup(g, 1, NULL, (const uint8_t (*)[RULES_MAX_TILES])rk,
	    scores, bc, to_move, 0, &e), 0);
	return g;
}

#define PLAY(g, m) do { struct err e_; struct move m_ = (m); \
	ck_assert_msg(game_play((g), &m_, &e_) == 0, "%s", e_.msg); } while (0)

START_TEST(double_out_en)
{
	/* en: CAT goes out; the opponent holds Q and Z (10 + 10).  Double:
	 * the finisher gains 2 x 20 and the opponent keeps 120. */
	struct rules r = R("en");
	const char *racks[] = { "CAT", "QZ" };
	int sc[] = { 100, 120 };
	struct game *g = setup(&r, 2, racks, sc, "", 0);
	const struct game_event *ev;
	int n;

	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "CAT", 10));
	ck_assert_int_eq(game_over(g), GAME_END_OUT);
	ck_assert_int_eq(game_score(g, 0), 150);
	ck_assert_int_eq(game_score(g, 1), 120);
	ck_assert_int_eq(game_winner(g), 0);
	ev = game_events(g, &n);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(ev[1].kind, GEV_END_GAIN);
	ck_assert_int_eq(ev[1].points, 40);
	ck_assert_int_eq(ev[1].total, 150);
	game_destroy(g);
}
END_TEST

START_TEST(transfer_out_no)
{
	/* no: the opponent holds C and W (10 + 10): transfer moves 20. */
	struct rules r = R("no");
	const char *racks[] = { "KATT", "CW" };
	int sc[] = { 100, 120 };
	struct game *g = setup(&r, 2, racks, sc, "", 0);
	const struct game_event *ev;
	int n;

	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "KATT", 12));
	ck_assert_int_eq(game_over(g), GAME_END_OUT);
	ck_assert_int_eq(game_score(g, 0), 132);
	ck_assert_int_eq(game_score(g, 1), 100);
	ev = game_events(g, &n);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(ev[1].kind, GEV_END_GAIN);
	ck_assert_int_eq(ev[1].player, 0);
	ck_assert_int_eq(ev[1].points, 20);
	ck_assert_int_eq(ev[2].kind, GEV_END_PENALTY);
	ck_assert_int_eq(ev[2].player, 1);
	ck_assert_int_eq(ev[2].points, -20);
	ck_assert_int_eq(ev[2].total, 100);
	ck_assert_int_eq(game_winner(g), 0);
	game_destroy(g);
}
END_TEST

START_TEST(transfer_out_da_three_players)
{
	/* da, 3 players: player 1 goes out; player 2 holds Z S (10 + 2) and
	 * player 0 holds C X (8 + 8).  Transfer: +28 to the finisher. */
	struct rules r = R("da");
	const char *racks[] = { "CX", "HUS", "ZS" };
	int sc[] = { 50, 60, 70 };
	struct game *g = setup(&r, 3, racks, sc, "", 1);

	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "HUS", 9));
	ck_assert_int_eq(game_over(g), GAME_END_OUT);
	ck_assert_int_eq(game_score(g, 1), 60 + 9 + 28);
	ck_assert_int_eq(game_score(g, 0), 50 - 16);
	ck_assert_int_eq(game_score(g, 2), 70 - 12);
	ck_assert_int_eq(game_winner(g), 1);
	game_destroy(g);
}
END_TEST

START_TEST(passes_end_no)
{
	/* no ends on 6 passes in a row (3 each); an exchange breaks the run.
	 * Then each player loses their own rack: A+E = 2, C = 10. */
	struct rules r = R("no");
	const char *racks[] = { "AE", "C" };
	int sc[] = { 200, 210 };
	struct game *g = setup(&r, 2, racks, sc, "", 0);
	int i;

	for (i = 0; i < 5; i++)
		PLAY(g, PASS);
	ck_assert_int_eq(game_over(g), GAME_ON);
	ck_assert_int_eq(game_position(g)->zeros, 5);
	PLAY(g, PASS);
	ck_assert_int_eq(game_over(g), GAME_END_PASSES);
	ck_assert_int_eq(game_score(g, 0), 198);
	ck_assert_int_eq(game_score(g, 1), 200);
	ck_assert_int_eq(game_winner(g), 1);
	ck_assert_int_eq(game_turns(g), 6);
	game_destroy(g);

	/* With a bag: pass x5, exchange: the count restarts under "passes". */
	{
		const char *rk[] = { "AEIKLNR", "BDEGORS" };
		g = setup(&r, 2, rk, sc, "AAAAAAAEEEEE", 0);
		for (i = 0; i < 5; i++)
			PLAY(g, PASS);
		PLAY(g, mkexch(&r, "B"));
		ck_assert_int_eq(game_over(g), GAME_ON);
		ck_assert_int_eq(game_position(g)->zeros, 0);
		game_destroy(g);
	}
}
END_TEST

START_TEST(scoreless_end_is_exchanges_count)
{
	/* is: exchanges count toward the six.  Settled by own rack values. */
	struct rules r = R("is");
	const char *rk[] = { "AAAAAAE", "AAAAAAÞ" };
	int sc[] = { 0, 0 };
	struct game *g = setup(&r, 2, rk, sc, "EEEEEEEEEEEEE", 0);
	int i, before = game_bag_count(g);

	for (i = 0; i < 3; i++) {
		/* E for E from a bag of E only: the rack stays the same. */
		PLAY(g, mkexch(&r, "E"));
		ck_assert_int_eq(game_bag_count(g), before);
		PLAY(g, PASS);
	}
	ck_assert_int_eq(game_over(g), GAME_END_PASSES);
	/* Player 0 AAAAAAE = 6 + 3 (E is 3 in "is"); player 1 AAAAAAÞ =
	 * 6 + 7. */
	ck_assert_int_eq(game_score(g, 1), -13);
	ck_assert_int_eq(game_score(g, 0), -9);
	ck_assert_int_eq(game_winner(g), 0);
	game_destroy(g);
}
END_TEST

START_TEST(noplay_end_is_zero_point_play_resets)
{
	/* Netskrafl's counter (is, is-old; src/skraflmechanics.py): passes
	 * and exchanges count, any tile play resets it, one scoring 0 too.
	 * Five passes, then a play of two blanks scoring 0: the count is 0
	 * again, and six more turns without a play end the game.  Under en
	 * the same 0-point play is the sixth scoreless turn: the end. */
	static const char *const names[] = { "is", "is-old", "en" };
	int v;

	for (v = 0; v < 3; v++) {
		struct rules r = R(names[v]);
		const char *rk[] = { "A??", "AA??" };
		int sc[] = { 0, 0 };
		struct game *g = setup(&r, 2, rk, sc, "", 1);
		int i;

		for (i = 0; i < 5; i++)
			PLAY(g, PASS);
		ck_assert_int_eq(game_position(g)->zeros, 5);
		PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "ab", 0));
		if (v == 2) {
			ck_assert_int_eq(game_over(g), GAME_END_PASSES);
			game_destroy(g);
			continue;
		}
		ck_assert_int_eq(game_over(g), GAME_ON);
		ck_assert_int_eq(game_position(g)->zeros, 0);
		for (i = 0; i < 5; i++)
			PLAY(g, PASS);
		ck_assert_int_eq(game_over(g), GAME_ON);
		PLAY(g, PASS);
		ck_assert_int_eq(game_over(g), GAME_END_PASSES);
		game_destroy(g);
	}
}
END_TEST

START_TEST(scoreless_end_en_zero_point_play)
{
	/* en counts scoreless turns of every kind: a play of two blanks
	 * scoring 0 starts the run, five passes end it.  The double rule then
	 * makes each holder lose their own rack: Q = 10, K = 5.  Under "no"
	 * (passes only) the same 0-point play does not count. */
	struct rules r = R("en");
	const char *rk[] = { "Q??", "K" };
	int sc[] = { 10, 20 };
	struct game *g = setup(&r, 2, rk, sc, "", 0);
	int i;

	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "ab", 0));
	ck_assert_int_eq(game_position(g)->zeros, 1);
	for (i = 0; i < 4; i++)
		PLAY(g, PASS);
	ck_assert_int_eq(game_over(g), GAME_ON);
	PLAY(g, PASS);
	ck_assert_int_eq(game_over(g), GAME_END_PASSES);
	ck_assert_int_eq(game_score(g, 0), 0);
	ck_assert_int_eq(game_score(g, 1), 15);
	game_destroy(g);

	r = R("no");
	g = setup(&r, 2, rk, sc, "", 0);
	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "ab", 0));
	ck_assert_int_eq(game_position(g)->zeros, 0);
	for (i = 0; i < 5; i++)
		PLAY(g, PASS);
	ck_assert_int_eq(game_over(g), GAME_ON);
	PLAY(g, PASS);
	ck_assert_int_eq(game_over(g), GAME_END_PASSES);
	game_destroy(g);
}
END_TEST

START_TEST(every_variant_settles)
{
	/* Player 0 holds E, player 1 A and a blank (1 + 0 points in every
	 * variant); scores 100 and 50.  Going out with E for 2 points:
	 * transfer 103/49, double 104/50.  Six passes instead: each loses
	 * their own rack, E being 3 points in "is" and 1 elsewhere. */
	static const struct {
		const char *name;
		int out0, out1, pass0, pass1;
	} v[] = {
		{ "no", 103, 49, 99, 49 },
		{ "no-nsf", 104, 50, 99, 49 },
		{ "da", 103, 49, 99, 49 },
		{ "is", 104, 50, 97, 49 },
		{ "is-old", 104, 50, 99, 49 },
		{ "en", 104, 50, 99, 49 },
	};
	const char *rk[] = { "E", "A?" };
	int sc[] = { 100, 50 };

	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		struct rules r = R(v[i].name);
		struct game *g = setup(&r, 2, rk, sc, "", 0);

		PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "E", 2));
		ck_assert_int_eq(game_over(g), GAME_END_OUT);
		ck_assert_msg(game_score(g, 0) == v[i].out0 &&
		    game_score(g, 1) == v[i].out1, "%s: out %d/%d",
		    v[i].name, game_score(g, 0), game_score(g, 1));
		game_destroy(g);

		g = setup(&r, 2, rk, sc, "", 0);
		for (int k = 0; k < 6; k++) {
			ck_assert_int_eq(game_over(g), GAME_ON);
			PLAY(g, PASS);
		}
		ck_assert_int_eq(game_over(g), GAME_END_PASSES);
		ck_assert_msg(game_score(g, 0) == v[i].pass0 &&
		    game_score(g, 1) == v[i].pass1, "%s: passes %d/%d",
		    v[i].name, game_score(g, 0), game_score(g, 1));
		game_destroy(g);
	}
}
END_TEST

START_TEST(exchange_refused_below_threshold)
{
	struct rules r = R("en");
	const char *rk[] = { "ABCDEFG", "HIJKLMN" };
	int sc[] = { 0, 0 };
	struct game *g = setup(&r, 2, rk, sc, "OOOOOO", 0);
	struct move m = mkexch(&r, "A");
	struct err e;
	int n;

	ck_assert_int_eq(game_play(g, &m, &e), -1);
	ck_assert_int_eq(game_to_move(g), 0);
	game_events(g, &n);
	ck_assert_int_eq(n, 0);
	game_destroy(g);
	g = setup(&r, 2, rk, sc, "OOOOOOO", 0);
	ck_assert_int_eq(game_play(g, &m, &e), 0);
	ck_assert_int_eq(game_to_move(g), 1);
	ck_assert_int_eq(game_position(g)->racks[0][1], 0);  /* A gone */
	game_destroy(g);
}
END_TEST

START_TEST(challenge_10pt_keeps_turn)
{
	/* is in challenge mode: a valid play challenged earns 10 and the
	 * challenger keeps the turn; a phony is withdrawn. */
	struct rules r = R("is");
	const char *rk[] = { "AÐNRSTU", "EEEIIII" };
	int sc[] = { 0, 0 };
	struct game *g;
	struct err e;
	const struct game_event *ev;
	int n;

	r.challenge = CHALLENGE_10PT;
	g = setup(&r, 2, rk, sc, "AAAAAAAAAA", 0);
	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "AÐ", 8));
	ck_assert_int_eq(game_challenge(g, 0, &e), 0);
	ck_assert_int_eq(game_score(g, 0), 18);
	ck_assert_int_eq(game_to_move(g), 1);
	ev = game_events(g, &n);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(ev[1].kind, GEV_BONUS);
	ck_assert_int_eq(ev[1].points, 10);
	/* A second challenge of the same play is refused. */
	ck_assert_int_eq(game_challenge(g, 0, &e), -1);
	game_destroy(g);

	g = setup(&r, 2, rk, sc, "AAAAAAAAAA", 0);
	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "NUS", 9));
	ck_assert_int_eq(game_bag_count(g), 7);
	ck_assert_int_eq(game_challenge(g, 1, &e), 0);
	ck_assert_int_eq(game_score(g, 0), 0);
	ck_assert_int_eq(game_bag_count(g), 10);
	ck_assert_int_eq(game_position(g)->board.ntiles, 0);
	ck_assert_int_eq(board_at(&game_position(g)->board, 7, 7), 0);
	{
		uint8_t want[RULES_MAX_TILES];
		rack_of(&r, "AÐNRSTU", want);
		ck_assert_mem_eq(game_position(g)->racks[0], want, sizeof want);
	}
	ck_assert_int_eq(game_to_move(g), 1);
	/* Netskrafl's counter: the play reset it, withdrawn or not. */
	ck_assert_int_eq(game_position(g)->zeros, 0);
	ev = game_events(g, &n);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(ev[1].kind, GEV_WITHDRAWN);
	ck_assert_int_eq(ev[1].points, -9);
	ck_assert_int_eq(ev[1].total, 0);
	game_destroy(g);

	/* Without challenge mode, is refuses challenges. */
	r = R("is");
	g = setup(&r, 2, rk, sc, "AAAAAAAAAA", 0);
	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "AÐ", 8));
	ck_assert_int_eq(game_challenge(g, 0, &e), -1);
	game_destroy(g);
}
END_TEST

START_TEST(challenge_double_costs_turn_and_undoes_end)
{
	struct rules r = R("en");
	const char *rk[] = { "CAT", "QZ" };
	int sc[] = { 100, 120 };
	struct game *g;
	struct err e;
	const struct game_event *ev;
	int n;

	ck_assert_int_eq(r.challenge, CHALLENGE_DOUBLE);
	/* A wrong challenge: the challenger's turn is lost (a pass). */
	{
		const char *rk2[] = { "CATEEEE", "QZ" };
		g = setup(&r, 2, rk2, sc, "AAAAAAAA", 0);
		PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "CAT", 10));
		ck_assert_int_eq(game_challenge(g, 0, &e), 0);
		ck_assert_int_eq(game_to_move(g), 0);
		ck_assert_int_eq(game_score(g, 0), 110);
		ev = game_events(g, &n);
		ck_assert_int_eq(n, 2);
		ck_assert_int_eq(ev[1].player, 1);
		ck_assert_int_eq(ev[1].move.kind, MOVE_PASS);
		game_destroy(g);
	}
	/* A phony that went out: the end and its settling are undone. */
	g = setup(&r, 2, rk, sc, "", 0);
	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "CAT", 10));
	ck_assert_int_eq(game_over(g), GAME_END_OUT);
	ck_assert_int_eq(game_challenge(g, 1, &e), 0);
	ck_assert_int_eq(game_over(g), GAME_ON);
	ck_assert_int_eq(game_score(g, 0), 100);
	ck_assert_int_eq(game_score(g, 1), 120);
	ck_assert_int_eq(game_to_move(g), 1);
	/* The same play challenged and valid: the game ends as before. */
	game_destroy(g);
	g = setup(&r, 2, rk, sc, "", 0);
	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "CAT", 10));
	ck_assert_int_eq(game_challenge(g, 0, &e), 0);
	ck_assert_int_eq(game_over(g), GAME_END_OUT);
	ck_assert_int_eq(game_score(g, 0), 150);
	game_events(g, &n);
	ck_assert_int_eq(n, 2);
	game_destroy(g);
}
END_TEST

START_TEST(challenge_5pt_bonus_before_settling)
{
	/* 5pt (CSW): the valid play that went out gets +5, then double
	 * settling: 100 + 10 + 5 + 2 x 20 = 155. */
	struct rules r = R("en");
	const char *rk[] = { "CAT", "QZ" };
	int sc[] = { 100, 120 };
	struct game *g;
	struct err e;
	const struct game_event *ev;
	int n;

	/* single: a wrong challenge costs nothing; the challenger moves. */
	r.challenge = CHALLENGE_SINGLE;
	{
		const char *rk2[] = { "CATEEEE", "QZ" };
		g = setup(&r, 2, rk2, sc, "AAAAAAAA", 0);
		PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "CAT", 10));
		ck_assert_int_eq(game_challenge(g, 0, &e), 0);
		ck_assert_int_eq(game_to_move(g), 1);
		ck_assert_int_eq(game_score(g, 0), 110);
		game_events(g, &n);
		ck_assert_int_eq(n, 1);
		game_destroy(g);
	}
	r.challenge = CHALLENGE_5PT;
	g = setup(&r, 2, rk, sc, "", 0);
	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "CAT", 10));
	ck_assert_int_eq(game_challenge(g, 0, &e), 0);
	ck_assert_int_eq(game_over(g), GAME_END_OUT);
	ck_assert_int_eq(game_score(g, 0), 155);
	ev = game_events(g, &n);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(ev[1].kind, GEV_BONUS);
	ck_assert_int_eq(ev[2].kind, GEV_END_GAIN);
	game_destroy(g);
}
END_TEST

START_TEST(resign_and_timeout)
{
	struct rules r = R("is");
	const char *rk[] = { "AAAAAAA", "EEEEEEE" };
	int sc[] = { 300, 100 };
	struct game *g = setup(&r, 2, rk, sc, "IIIIIII", 0);
	struct err e;
	struct move m;

	ck_assert_int_eq(game_resign(g, 0, &e), 0);
	ck_assert_int_eq(game_over(g), GAME_END_RESIGN);
	ck_assert_int_eq(game_winner(g), 1);      /* despite 300-100 */
	ck_assert_int_eq(game_score(g, 0), 300);
	m = PASS;
	ck_assert_int_eq(game_play(g, &m, &e), -1);
	game_destroy(g);

	g = setup(&r, 2, rk, sc, "IIIIIII", 0);
	ck_assert_int_eq(game_timeout(g, 0, &e), 0);
	ck_assert_int_eq(game_over(g), GAME_END_TIMEOUT);
	ck_assert_int_eq(game_score(g, 0), 0);
	ck_assert_int_eq(game_score(g, 1), 100);
	ck_assert_int_eq(game_winner(g), 1);
	ck_assert_str_eq(game_end_name(game_over(g)), "timeout");
	game_destroy(g);
}
END_TEST

START_TEST(residence_counts_turns)
{
	/* Tiles dealt at the start and played on the player's first turn
	 * stayed 1 turn; after a pass, 2 turns. */
	struct rules r = R("en");
	const char *rk[] = { "CATXXXX", "DOGYYYY" };
	int sc[] = { 0, 0 };
	struct game *g = setup(&r, 2, rk, sc, "EEEEEEEEEE", 0);
	const struct game_residence *res;
	uint8_t c[RULES_MAX_TILES], d[RULES_MAX_TILES];
	int tc = 0, td = 0;

	rack_of(&r, "C", c);
	rack_of(&r, "D", d);
	for (int t = 1; t < RULES_MAX_TILES; t++) {
		if (c[t]) tc = t;
		if (d[t]) td = t;
	}
	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "CAT", 10));
	PLAY(g, PASS);
	PLAY(g, PASS);
	PLAY(g, mkplay(&r, 8, 7, DIR_ACROSS, "DOG", 10));
	res = game_residence(g);
	ck_assert_uint_eq(res->n[tc], 1);
	ck_assert_uint_eq(res->sum[tc], 1);
	ck_assert_uint_eq(res->n[td], 1);
	ck_assert_uint_eq(res->sum[td], 2);
	ck_assert_uint_eq(res->sumsq[td], 4);
	game_destroy(g);
}
END_TEST

START_TEST(start_deals_reproducibly)
{
	struct rules r = R("da");
	struct err e;
	struct game *a = game_create(&r, 4, &e), *b = game_create(&r, 4, &e);

	ck_assert_ptr_nonnull(a);
	ck_assert_int_eq(game_start(a, 77, &e), 0);
	ck_assert_int_eq(game_start(b, 77, &e), 0);
	ck_assert_int_eq(game_bag_count(a), 102 - 28);
	ck_assert_mem_eq(game_position(a)->racks, game_position(b)->racks,
	    sizeof game_position(a)->racks);
	ck_assert_int_eq(game_start(b, 78, &e), 0);
	ck_assert(memcmp(game_position(a)->racks, game_position(b)->racks,
	    sizeof game_position(a)->racks) != 0);
	game_destroy(a);
	game_destroy(b);
	/* 5 players are too many for da; 3 too many for is. */
	ck_assert_ptr_null(game_create(&r, 5, &e));
	r = R("is");
	ck_assert_ptr_null(game_create(&r, 3, &e));
}
END_TEST

START_TEST(gcg_record)
{
	/* The settling lines exactly as SPEC §2.3 writes them. */
	struct rules r = R("no");
	const char *rk[] = { "KATT", "CW" };
	const char *nicks[] = { "anna", "bjorn" };
	const char *names[] = { "Anna", "Bjørn" };
	int sc[] = { 100, 120 };
	struct game *g = setup(&r, 2, rk, sc, "", 0);
	struct err e;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	PLAY(g, mkplay(&r, 7, 7, DIR_ACROSS, "KATT", 12));
	ck_assert_int_eq(game_write_gcg(g, fp, nicks, names, NULL, "test", &e), 0);
	fclose(fp);
	ck_assert_str_eq(buf,
	    "#character-encoding UTF-8\n"
	    "#player1 anna Anna\n"
	    "#player2 bjorn Bjørn\n"
	    "#tile-distribution no\n"
	    "#note test\n"
	    ">anna: AKTT 8H KATT +12 112\n"
	    ">anna: (CW) +20 132\n"
	    ">bjorn: CW (CW) -20 100\n");
	free(buf);
	game_destroy(g);
}
END_TEST

/* tail_matches: the last n lines of text equal the last n lines of the
 * file at path. */
static int
tail_matches(const char *path, const char *text, int n)
{
	FILE *fp = fopen(path, "r");
	char *buf, *a, *b;
	long len;
	int k;

	ck_assert_ptr_nonnull(fp);
	fseek(fp, 0, SEEK_END);
	len = ftell(fp);
	rewind(fp);
	buf = calloc(1, (size_t)len + 1);
	ck_assert_int_eq(fread(buf, 1, (size_t)len, fp), len);
	fclose(fp);
	/* Step back over n lines from the end of each. */
	for (a = buf + len, k = 0; a > buf && k <= n; )
		if (*--a == '\n' && ++k > n)
			a++;
	for (b = (char *)text + strlen(text), k = 0; b > text && k <= n; )
		if (*--b == '\n' && ++k > n)
			b++;
	k = strcmp(a, b);
	if (k != 0)
		fprintf(stderr, "want:\n%s\ngot:\n%s\n", a, b);
	free(buf);
	return k == 0;
}

/* Plays the end of a conformance game from its last position and compares
 * the GCG lines written with the file's.  moves: GCG notation, "-" = pass;
 * scores: the points of each move as the file has them. */
static void
conformance_end(const char *variant, const char *rk0, const char *rk1,
    int s0, int s1, int to_move, const char *board_tiles,
    const char *const *moves, const int *scores, int nmoves, int nlines)
{
	char rel[64], path[4096];
	struct rules r = R(variant);
	const char *racks[] = { rk0, rk1 };
	const char *nicks[] = { "anna", "bjorn" };
	const char *names[] = { "Anna", "Bjørn" };
	int sc[] = { s0, s1 };
	struct game *g;
	struct board b;
	struct err e;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	snprintf(rel, sizeof rel, "conformance/%s-game.gcg", variant);
	test_conformance_path(rel, path, sizeof path, NULL);
	g = setup(&r, 2, racks, sc, "", to_move);
	/* Tiles already on the board, "ROW COL LETTER ..." (0-based). */
	b = game_position(g)->board;
	for (const char *p = board_tiles; *p; ) {
		int row, col, k;
		uint8_t t;
		int lower;

		ck_assert_int_eq(sscanf(p, "%d %d %n", &row, &col, &k), 2);
		p += k;
		k = rules_decode_letter(&r, p, strlen(p), &t, &lower);
		ck_assert_int_gt(k, 0);
		b.sq[row * b.cols + col] = t;
		b.ntiles++;
		p += k;
		while (*p == ' ')
			p++;
	}
	{
		uint8_t rk[2][RULES_MAX_TILES], bagc[RULES_MAX_TILES] = { 0 };
		rack_of(&r, rk0, rk[0]);
		rack_of(&r, rk1, rk[1]);
		ck_assert_int_eq(game_setup(g, 1, &b,
		    (const uint8_t (*)[RULES_MAX_TILES])rk, sc, bagc, to_move,
		    0, &e), 0);
	}
	for (int i = 0; i < nmoves; i++) {
		struct move m;

		ck_assert_msg(move_parse(&r, &game_position(g)->board, moves[i],
		    strlen(moves[i]), 0, &m, &e) == 0, "%s: %s", moves[i], e.msg);
		m.score = scores[i];
		ck_assert_msg(game_play(g, &m, &e) == 0, "%s", e.msg);
	}
	ck_assert_int_ne(game_over(g), GAME_ON);
	fp = open_memstream(&buf, &len);
	ck_assert_int_eq(game_write_gcg(g, fp, nicks, names, NULL, NULL, &e), 0);
	fclose(fp);
	ck_assert_msg(tail_matches(path, buf, nlines), "%s: end differs", variant);
	free(buf);
	game_destroy(g);
}

START_TEST(conformance_endings)
{
	/* The last lines of ../shared/conformance/{no,da,en,is}-game.gcg (else
	 * of the project's, tests/data/conformance), replayed from the
	 * position before them. */
	static const char *const passes[] = { "-", "-", "-", "-", "-", "-" };
	static const int zero[6] = { 0 };
	static const char *const en_end[] = { "F6 ..I" };
	static const int en_sc[] = { 3 };
	static const char *const is_end[] = { "E3 T.ÐA" };
	static const int is_sc[] = { 14 };
	static const char *const own_da_end[] = { "L14 A." };
	static const int own_da_sc[] = { 4 };
	static const char *const own_is_end[] = { "K5 .R" };
	static const int own_is_sc[] = { 2 };
	char path[4096];
	int own;

	test_conformance_path("conformance/no-game.gcg", path, sizeof path, &own);
	if (own) {
		/* no: anna holds J (4), bjorn F (2); six passes, each loses
		 * his own (transfer, nobody out). */
		conformance_end("no", "J", "F", 394, 441, 1, "", passes, zero,
		    6, 8);
		/* da: bjorn goes out with A on L14 over the G of L15 (1 + 3),
		 * anna holds N: transfer, +1 and -1. */
		conformance_end("da", "N", "A", 442, 373, 1, "14 11 G",
		    own_da_end, own_da_sc, 1, 3);
		/* en: six passes, bjorn first; anna loses CQ (3 + 10), bjorn
		 * LR (2): double, each his own. */
		conformance_end("en", "CQ", "LR", 341, 350, 1, "", passes, zero,
		    6, 8);
		/* is: anna goes out with R under the A of K5, bjorn holds II
		 * (1 + 1): double, +4. */
		conformance_end("is", "R", "II", 346, 406, 0, "4 10 A",
		    own_is_end, own_is_sc, 1, 2);
		return;
	}

	/* no: six passes, then each loses own rack (transfer, nobody out). */
	conformance_end("no", "DFRT", "FNRT", 462, 385, 0, "", passes, zero,
	    6, 8);
	/* da: the same, bjorn passing first. */
	conformance_end("da", "AE", "AAN", 456, 439, 1, "", passes, zero, 6, 8);
	/* en: bjorn goes out with ..I, anna holds L: double, +2. */
	conformance_end("en", "L", "I", 297, 348, 1, "5 5 T 6 5 E", en_end,
	    en_sc, 1, 2);
	/* is: anna goes out with T.ÐA, bjorn holds D (5): double, +10. */
	conformance_end("is", "ATÐ", "D", 376, 401, 0, "3 4 A", is_end, is_sc,
	    1, 2);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("game");
	TCase *end = tcase_create("end"), *ch = tcase_create("challenge"),
	    *misc = tcase_create("misc");

	tcase_add_test(end, double_out_en);
	tcase_add_test(end, transfer_out_no);
	tcase_add_test(end, transfer_out_da_three_players);
	tcase_add_test(end, passes_end_no);
	tcase_add_test(end, scoreless_end_is_exchanges_count);
	tcase_add_test(end, scoreless_end_en_zero_point_play);
	tcase_add_test(end, noplay_end_is_zero_point_play_resets);
	tcase_add_test(end, every_variant_settles);
	tcase_add_test(ch, challenge_10pt_keeps_turn);
	tcase_add_test(ch, challenge_double_costs_turn_and_undoes_end);
	tcase_add_test(ch, challenge_5pt_bonus_before_settling);
	tcase_add_test(misc, exchange_refused_below_threshold);
	tcase_add_test(misc, resign_and_timeout);
	tcase_add_test(misc, residence_counts_turns);
	tcase_add_test(misc, start_deals_reproducibly);
	tcase_add_test(misc, gcg_record);
	tcase_add_test(misc, conformance_endings);
	suite_add_tcase(s, end);
	suite_add_tcase(s, ch);
	suite_add_tcase(s, misc);
	return test_run(s);
}
