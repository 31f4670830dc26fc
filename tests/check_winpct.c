/* check_winpct.c — win chances learned from self-play (winpct.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "game.h"
#include "winpct.h"

/* text: t written in MAGPIE's layout (magpie) or ordverk's, as a
 * malloc'ed string. */
static char *
text(const struct winpct *t, int magpie)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct err e;

	ck_assert_ptr_nonnull(fp);
	ck_assert_msg((magpie ? winpct_write_magpie(t, fp, &e) :
	    winpct_write(t, fp, &e)) == 0, "%s", e.msg);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

/* parse: s read back (winpct_read for ruleset r); NULL with e set when
 * refused. */
static struct winpct *
parse(const char *s, const struct rules *r, struct err *e)
{
	FILE *fp = fmemopen((void *)s, strlen(s), "r");
	struct winpct *t;

	ck_assert_ptr_nonnull(fp);
	t = winpct_read(fp, r, e);
	fclose(fp);
	return t;
}

/* A ruleset of 20 tiles (A to T, one each): bag sizes 0 .. 6, rows of
 * tiles unseen 1 .. 13. */
static struct rules
small_rules(void)
{
	struct rules r = *rules_builtin("en");

	memset(r.counts, 0, sizeof r.counts);
	for (int i = 1; i <= 20; i++)
		r.counts[i] = 1;
	r.ntiles = 20;
	return r;
}

/* Two games worked by hand.  Game 1 (player 0 wins by 15, out):
 *   turn  player  lead  bag mine theirs  final(mover)  swing
 *   1     0        0    6   7    7        15            15
 *   2     1      -10    3   7    7       -15            -5
 *   3     0        2    0   7    7        15            13
 *   4     1      -22    0   7    2       -15             7
 * Game 2 (a draw ended by passes): one turn, player 0, lead 0, bag 6,
 * racks 7 and 7: swing 0.  Row 13 (6 + 7 unseen) holds swings 15 and 0:
 * at lead s, wins x 2 + ties = 2 #(d > -s) + #(d = -s): lead 0 -> 2 + 1
 * = 3, lead -15 -> 1 (the tie of game 1), lead -16 -> 0, lead 1 -> 4. */
static const struct winpct_turn game1[] = {
	{ 0, 0, 6, 7, 7 }, { 1, -10, 3, 7, 7 }, { 0, 2, 0, 7, 7 },
	{ 1, -22, 0, 7, 2 },
};
static const struct winpct_turn game2[] = { { 0, 0, 6, 7, 7 } };

static const char by_hand_text[] =
	"#ordverk-winpct 1\n"
	"rules en\n"
	"robot equity\n"
	"lexicon test.lex 0000abcd\n"
	"leaves - 00000000\n"
	"run 3 2\n"
	"games 2\n"
	"ends out 1 passes 1 other 0\n"
	"positions 5\n"
	"swing-max 1000\n"
	"# bag mine theirs positions swing:count ... (swing: final spread of "
	"the player to move less their lead)\n"
	"0 7 2 1 7:1\n"
	"0 7 7 1 13:1\n"
	"3 7 7 1 -5:1\n"
	"6 7 7 2 0:1 15:1\n"
	"end\n";

static struct winpct *
by_hand_table(const struct rules *r)
{
	struct err e;
	struct winpct *t = winpct_create(r, "test.lex", 0xabcd, "-", 0, &e);

	ck_assert_msg(t != NULL, "%s", e.msg);
	ck_assert_msg(winpct_add_game(t, game1, 4, 15, GAME_END_OUT, &e) == 0,
	    "%s", e.msg);
	ck_assert_msg(winpct_add_game(t, game2, 1, 0, GAME_END_PASSES, &e) == 0,
	    "%s", e.msg);
	ck_assert_int_eq(winpct_add_run(t, 3, 2, 1, 1, &e), 0);
	ck_assert_int_eq(winpct_finish(t, &e), 0);
	return t;
}

START_TEST(counts_by_hand)
{
	struct rules r = small_rules();
	struct winpct *t = by_hand_table(&r);
	char *s = text(t, 0);

	ck_assert_str_eq(s, by_hand_text);
	ck_assert_int_eq(winpct_rows(t), 13);
	ck_assert_uint_eq(winpct_games(t), 2);
	ck_assert_uint_eq(winpct_positions(t), 5);
	ck_assert_uint_eq(winpct_row_positions(t, 13), 2);
	ck_assert_uint_eq(winpct_row_w2(t, 13, 0), 3);
	ck_assert_uint_eq(winpct_row_w2(t, 13, -15), 1);
	ck_assert_uint_eq(winpct_row_w2(t, 13, -16), 0);
	ck_assert_uint_eq(winpct_row_w2(t, 13, 1), 4);
	ck_assert_uint_eq(winpct_row_w2(t, 13, 900), 4);     /* clamped */
	/* Row 7 (bag 0, theirs 7): swing 13; row 2: swing 7; row 10: -5. */
	ck_assert_uint_eq(winpct_row_w2(t, 7, -13), 1);
	ck_assert_uint_eq(winpct_row_w2(t, 7, -12), 2);
	ck_assert_uint_eq(winpct_row_w2(t, 2, -7), 1);
	ck_assert_uint_eq(winpct_row_w2(t, 10, 5), 1);
	ck_assert_uint_eq(winpct_row_w2(t, 10, 6), 2);
	/* Smoothed: one tie added, (w + 1) / (2 n + 2). */
	ck_assert_double_eq(winpct_get(t, 0, 13), 4.0 / 6.0);
	ck_assert_double_eq(winpct_get(t, -16, 13), 1.0 / 6.0);
	ck_assert_double_eq(winpct_get(t, 5, 10), 2.0 / 4.0);
	/* Every row is thin (< WINPCT_MIN_ROW): each reads the nearest row
	 * with positions, the smaller on a tie: 11 reads 10, 12 reads 13,
	 * 1 reads 2, 8 reads 7 (7 and 10 are 1 and 2 away). */
	ck_assert_double_eq(winpct_get(t, 0, 11), winpct_get(t, 0, 10));
	ck_assert_double_eq(winpct_get(t, 0, 12), winpct_get(t, 0, 13));
	ck_assert_double_eq(winpct_get(t, 0, 1), winpct_get(t, 0, 2));
	ck_assert_double_eq(winpct_get(t, 3, 8), winpct_get(t, 3, 7));
	ck_assert_double_eq(winpct_get(t, 3, 99), winpct_get(t, 3, 13));
	/* Keys this thin read their row. */
	ck_assert_double_eq(winpct_get_racks(t, 0, 6, 7, 7), winpct_get(t, 0, 13));
	free(s);
	winpct_destroy(t);
}
END_TEST

/* A bad turn changes nothing; the table refuses overlapping runs. */
START_TEST(refuses_bad_turns_and_runs)
{
	struct rules r = small_rules();
	struct winpct *t = by_hand_table(&r);
	static const struct winpct_turn bad[] = {
		{ 0, 0, 6, 7, 7 }, { 1, 0, 7, 7, 7 },     /* bag 7 > 6 */
	};
	static const struct winpct_turn empty[] = { { 0, 0, 0, 0, 7 } };
	struct err e;
	char *s;

	ck_assert_int_eq(winpct_add_game(t, bad, 2, 0, GAME_END_OUT, &e), -1);
	ck_assert_int_eq(winpct_add_game(t, empty, 1, 0, GAME_END_OUT, &e), -1);
	ck_assert_int_eq(winpct_add_run(t, 3, 2, 1, 1, &e), -1);
	ck_assert_int_eq(winpct_add_run(t, 3, 10, 2, 4, &e), -1);
	ck_assert_int_eq(winpct_add_run(t, 4, 10, 2, 4, &e), 0);
	ck_assert_int_eq(winpct_add_run(t, 4, 10, 2, 4, &e), -1);
	ck_assert_int_eq(winpct_add_run(t, 4, 10, 1, 2, &e), -1);
	ck_assert_int_eq(winpct_add_run(t, 4, 12, 1, 4, &e), -1);
	ck_assert_int_eq(winpct_add_run(t, 4, 10, 1, 4, &e), 0);
	ck_assert_int_eq(winpct_add_run(t, 4, 10, 4, 4, &e), 0);
	s = text(t, 0);
	ck_assert_ptr_nonnull(strstr(s, "run 3 2\nrun 4 10 1/4\nrun 4 10 2/4\n"
	    "run 4 10 4/4\ngames 2\n"));
	ck_assert_ptr_nonnull(strstr(s, "positions 5\n"));
	free(s);
	/* The last shard completes the run. */
	ck_assert_int_eq(winpct_add_run(t, 4, 10, 3, 4, &e), 0);
	s = text(t, 0);
	ck_assert_ptr_nonnull(strstr(s, "run 3 2\nrun 4 10\ngames 2\n"));
	free(s);
	winpct_destroy(t);
}
END_TEST

/* Reading ordverk's layout gives the same table back, byte for byte. */
START_TEST(round_trip)
{
	struct rules r = small_rules();
	struct winpct *t;
	struct err e;
	char *s;

	t = parse(by_hand_text, &r, &e);
	ck_assert_msg(t != NULL, "%d: %s", (int)e.line, e.msg);
	s = text(t, 0);
	ck_assert_str_eq(s, by_hand_text);
	ck_assert_double_eq(winpct_get(t, 0, 13), 4.0 / 6.0);
	free(s);
	winpct_destroy(t);
	/* Another ruleset is refused, on line 2. */
	t = parse(by_hand_text, rules_builtin("no"), &e);
	ck_assert_ptr_null(t);
	ck_assert_int_eq(e.line, 2);
}
END_TEST

/* Every cut of the file short of its end is refused, as are damaged
 * lines, each with the line it is about. */
START_TEST(refuses_corrupt)
{
	static const struct { const char *from, *to; long line; } damage[] = {
		{ "#ordverk-winpct 1", "#ordverk-winpct 2", 1 },
		{ "robot equity", "robot fullsterkur", 3 },
		{ "0000abcd", "0000abcz", 4 },
		{ "run 3 2", "run 3 x", 6 },
		{ "games 2", "games 3", 7 },
		{ "ends out 1", "ends out 2", 8 },
		{ "positions 5", "positions 6", 16 },
		{ "swing-max 1000", "swing-max 500", 10 },
		{ "0 7 2 1 7:1", "0 7 2 2 7:1", 12 },
		{ "0 7 7 1 13:1", "0 7 7 1 13:1 14:1", 13 },
		{ "3 7 7 1 -5:1", "0 7 7 1 -5:1", 14 },
		{ "6 7 7 2 0:1 15:1", "6 7 7 2 15:1 0:1", 15 },
		{ "6 7 7 2 0:1 15:1", "6 7 8 2 0:1 15:1", 15 },
		{ "6 7 7 2 0:1 15:1", "6 7 7 2 0:1 1001:1", 15 },
		{ "6 7 7 2 0:1 15:1", "6 7 7 2 0:1 15:0 16:1", 15 },
		{ "end\n", "end\nmore\n", 17 },
	};
	struct rules r = small_rules();
	size_t n = strlen(by_hand_text);
	struct err e;

	for (size_t cut = 0; cut < n; cut++) {
		char *s = strndup(by_hand_text, cut);
		struct winpct *t = parse(s, &r, &e);

		ck_assert_msg(t == NULL, "a cut at byte %zu was read", cut);
		ck_assert_int_ge(e.line, 1);
		free(s);
	}
	for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++) {
		const char *at = strstr(by_hand_text, damage[i].from);
		char s[2048];
		struct winpct *t;

		ck_assert_ptr_nonnull(at);
		snprintf(s, sizeof s, "%.*s%s%s", (int)(at - by_hand_text),
		    by_hand_text, damage[i].to, at + strlen(damage[i].from));
		t = parse(s, &r, &e);
		ck_assert_msg(t == NULL, "damage %zu read", i);
		ck_assert_msg(e.line == damage[i].line, "damage %zu: line %ld, "
		    "want %ld: %s", i, e.line, damage[i].line, e.msg);
	}
	ck_assert_ptr_null(parse("", &r, &e));
	ck_assert_ptr_null(parse("hello\n", &r, &e));
	ck_assert_int_eq(e.line, 1);
}
END_TEST

/* MAGPIE's layout: a table written in it and read back writes the same
 * bytes and gives the same chances; MAGPIE's own shape is read as
 * MAGPIE's loader reads it (src/ent/win_pct.c: rows of tiles unseen,
 * the total, then wins x 2 + ties per lead from -L to L). */
START_TEST(magpie_round_trip)
{
	struct rules r = small_rules();
	struct winpct *t = by_hand_table(&r), *m, *m2;
	char *s = text(t, 1), *s2, *hand;
	const char *line13;
	struct err e;

	/* 13 rows, the last one row 13: "2 0 ... 0 1 2 ... 3 4 ... 4 ". */
	line13 = strrchr(s, '\n') + 1;
	ck_assert_int_eq(strncmp(line13, "2 0 0 ", 6), 0);
	ck_assert_int_eq(s[strlen(s) - 1], ' ');
	m = parse(s, &r, &e);
	ck_assert_msg(m != NULL, "%ld: %s", e.line, e.msg);
	ck_assert_int_eq(winpct_magpie(m), 1);
	s2 = text(m, 1);
	ck_assert_str_eq(s, s2);
	for (int u = 1; u <= 13; u++)
		for (int lead = -30; lead <= 30; lead++) {
			ck_assert_double_eq(winpct_get(m, lead, u),
			    winpct_get(t, lead, u));
			ck_assert_uint_eq(winpct_row_w2(m, u, lead),
			    winpct_row_w2(t, u, lead));
		}
	/* A MAGPIE table has no histograms: not written in ordverk's layout,
	 * not merged, given no games. */
	{
		FILE *fp = tmpfile();

		ck_assert_int_eq(winpct_write(m, fp, &e), -1);
		fclose(fp);
	}
	ck_assert_int_eq(winpct_merge(t, m, &e), -1);
	ck_assert_int_eq(winpct_add_game(m, game2, 1, 0, 1, &e), -1);
	/* A small one by hand, leads -1 .. 1, with a final newline: row 2 is
	 * empty and reads row 1 as MAGPIE's loader does. */
	hand = "4 1 4 8 \n0 0 0 0 \n2 0 2 4 \n";
	m2 = parse(hand, NULL, &e);
	ck_assert_msg(m2 != NULL, "%ld: %s", e.line, e.msg);
	ck_assert_int_eq(winpct_rows(m2), 3);
	ck_assert_double_eq(winpct_get(m2, 0, 1), 5.0 / 10.0);
	ck_assert_double_eq(winpct_get(m2, -1, 1), 2.0 / 10.0);
	ck_assert_double_eq(winpct_get(m2, -7, 1), 2.0 / 10.0);
	ck_assert_double_eq(winpct_get(m2, 0, 3), 3.0 / 6.0);
	ck_assert_double_eq(winpct_get(m2, 1, 2), winpct_get(m2, 1, 1));
	winpct_destroy(m2);
	/* Damaged: an even number of counts, counts falling, a count past
	 * twice the total, a row of another width, an empty row, too many
	 * or too few rows for the ruleset, a row of no positions with
	 * counts. */
	ck_assert_ptr_null(parse("4 1 4 \n", NULL, &e));
	ck_assert_int_eq(e.line, 1);
	ck_assert_ptr_null(parse("4 1 4 8 \n2 2 1 0 ", NULL, &e));
	ck_assert_int_eq(e.line, 2);
	ck_assert_ptr_null(parse("4 1 4 9 ", NULL, &e));
	ck_assert_int_eq(e.line, 1);
	ck_assert_ptr_null(parse("4 1 4 8 \n2 0 2 4 4 ", NULL, &e));
	ck_assert_int_eq(e.line, 2);
	ck_assert_ptr_null(parse("4 1 4 8 \n\n2 0 2 4 ", NULL, &e));
	ck_assert_int_eq(e.line, 2);
	ck_assert_ptr_null(parse("0 1 1 1 ", NULL, &e));
	ck_assert_ptr_null(parse("4 1 4 8 \n2 x 2 4 ", NULL, &e));
	ck_assert_int_eq(e.line, 2);
	/* Cut short: row 13 of 13 missing, or a row cut inside. */
	*strrchr(s, '\n') = '\0';
	ck_assert_ptr_null(parse(s, &r, &e));
	ck_assert_int_eq(e.line, 12);
	s[strlen(s) - 4] = '\0';
	ck_assert_ptr_null(parse(s, &r, &e));
	ck_assert_int_eq(e.line, 12);
	free(s);
	free(s2);
	winpct_destroy(m);
	winpct_destroy(t);
}
END_TEST

/* Keys with WINPCT_MIN_KEY positions are looked up on their own: with
 * the bag empty and 6 tiles unseen, 2 tiles of mine against 6 lose what
 * 6 against 6 win; a thin key reads the row of both. */
START_TEST(racks_apart)
{
	struct rules r = small_rules();
	struct err e;
	struct winpct *t = winpct_create(&r, "x", 0, "-", 0, &e);
	struct winpct_turn few = { 0, 0, 0, 2, 6 }, many = { 0, 0, 0, 6, 6 };
	struct winpct_turn thin = { 0, 0, 0, 3, 6 };

	ck_assert_ptr_nonnull(t);
	for (int i = 0; i < WINPCT_MIN_KEY; i++) {
		ck_assert_int_eq(winpct_add_game(t, &few, 1, -20, 1, &e), 0);
		ck_assert_int_eq(winpct_add_game(t, &many, 1, 20, 1, &e), 0);
	}
	ck_assert_int_eq(winpct_add_game(t, &thin, 1, 0, 1, &e), 0);
	ck_assert_int_eq(winpct_finish(t, &e), 0);
	ck_assert_double_eq(winpct_get_racks(t, 10, 0, 2, 6),
	    1.0 / (2.0 * WINPCT_MIN_KEY + 2));
	ck_assert_double_eq(winpct_get_racks(t, 10, 0, 6, 6),
	    (2.0 * WINPCT_MIN_KEY + 1) / (2.0 * WINPCT_MIN_KEY + 2));
	/* Row 6: 1000 losses, 1000 wins and, at lead 10, a win. */
	ck_assert_double_eq(winpct_get(t, 10, 6),
	    (2.0 * WINPCT_MIN_KEY + 2 + 1) / (2.0 * (2 * WINPCT_MIN_KEY + 1) + 2));
	ck_assert_double_eq(winpct_get_racks(t, 10, 0, 3, 6), winpct_get(t, 10, 6));
	ck_assert_double_eq(winpct_get_racks(t, 25, 0, 2, 6),
	    (2.0 * WINPCT_MIN_KEY + 1) / (2.0 * WINPCT_MIN_KEY + 2));
	ck_assert_double_eq(winpct_get_racks(t, 20, 0, 2, 6), 0.5);
	winpct_destroy(t);
}
END_TEST

static const char *const words[] = {
	"AE", "AI", "AN", "AS", "AT", "EN", "ES", "ET", "IN", "IS",
	"IT", "ON", "TO", "ANT", "EAT", "NET", "NOT", "ONE", "SAT", "SET",
	"TEN", "TIN", "SEAT", "STONE", "NOTES", "SATIN", "RED", "RAT",
	"LOT", "SUN", "BET", "CAT", "MET", "HEN", "WET", "YET", "DO", "GO",
	"OX", "QI", "ZA", "JO", "KA", "FE", "PE", "UP", "VAN", NULL
};

static void
count_played(long played, void *arg)
{
	long *calls = arg;

	ck_assert_int_eq(played, ++*calls);
}

/* Learning where the answer is known: tiles worth nothing and no bingo
 * bonus, so that every game is drawn 0 to 0 and every swing is 0.  Every
 * row then says exactly: lead 0 ties (wins x 2 + ties = n, a chance of
 * one half), any lead ahead wins (2 n), any behind loses (0); the row of
 * the first turn (bag 86 and 7 of theirs: 93 unseen) has a position a
 * game, and one more for each exchange or pass before the first play. */
START_TEST(learns_draws)
{
	struct rules r = *rules_builtin("en");
	struct lex *lex;
	struct winpct *t;
	struct err e;
	long calls = 0;
	uint64_t sum = 0;

	memset(r.values, 0, sizeof r.values);
	r.bingo_bonus = 0;
	lex = test_lex_from_words(&r, words);
	t = winpct_create(&r, "words", lex_checksum(lex), "-", 0, &e);
	ck_assert_ptr_nonnull(t);
	ck_assert_msg(winpct_learn(t, &r, lex, NULL, 11, 12, 1, 1, NULL,
	    count_played, &calls, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(calls, 12);
	ck_assert_uint_eq(winpct_games(t), 12);
	ck_assert_int_eq(winpct_rows(t), 93);
	ck_assert_uint_ge(winpct_row_positions(t, 93), 12);
	for (int u = 1; u <= 93; u++) {
		uint64_t n = winpct_row_positions(t, u);

		sum += n;
		if (n == 0)
			continue;
		ck_assert_uint_eq(winpct_row_w2(t, u, 0), n);
		ck_assert_uint_eq(winpct_row_w2(t, u, 1), 2 * n);
		ck_assert_uint_eq(winpct_row_w2(t, u, -1), 0);
		ck_assert_double_eq(winpct_get(t, 0, u), 0.5);
	}
	ck_assert_uint_eq(sum, winpct_positions(t));
	ck_assert_uint_ge(sum, 2 * 12);
	winpct_destroy(t);
	lex_destroy(lex);
}
END_TEST

/* Shards merged in any order are the one run, byte for byte; the same
 * seed makes the same table; a shard merged twice is refused. */
START_TEST(shards_merge_exactly)
{
	struct rules r = *rules_builtin("en");
	struct lex *lex = test_lex_from_words(&r, words);
	uint32_t sum = lex_checksum(lex);
	struct winpct *one, *again, *sh[3];
	char *a, *b, *c;
	struct err e;

	one = winpct_create(&r, "words", sum, "-", 0, &e);
	again = winpct_create(&r, "words", sum, "-", 0, &e);
	ck_assert_int_eq(winpct_learn(one, &r, lex, NULL, 7, 20, 1, 1, NULL,
	    NULL, NULL, &e), 0);
	ck_assert_int_eq(winpct_learn(again, &r, lex, NULL, 7, 20, 1, 1, NULL,
	    NULL, NULL, &e), 0);
	for (int k = 0; k < 3; k++) {
		sh[k] = winpct_create(&r, "words", sum, "-", 0, &e);
		ck_assert_int_eq(winpct_learn(sh[k], &r, lex, NULL, 7, 20, k + 1,
		    3, NULL, NULL, NULL, &e), 0);
	}
	a = text(one, 0);
	b = text(again, 0);
	ck_assert_str_eq(a, b);
	free(b);
	ck_assert_ptr_nonnull(strstr(a, "\nrun 7 20\ngames 20\n"));
	ck_assert_int_eq(winpct_merge(sh[2], sh[0], &e), 0);
	b = text(sh[2], 0);
	ck_assert_ptr_nonnull(strstr(b, "\nrun 7 20 1/3\nrun 7 20 3/3\n"
	    "games 13\n"));
	free(b);
	ck_assert_int_eq(winpct_merge(sh[2], sh[0], &e), -1);
	ck_assert_int_eq(winpct_merge(sh[2], sh[1], &e), 0);
	b = text(sh[2], 0);
	ck_assert_str_eq(a, b);
	c = text(sh[2], 1);
	free(b);
	b = text(one, 1);
	ck_assert_str_eq(b, c);
	/* Another lexicon or leave table is another population. */
	{
		struct winpct *x = winpct_create(&r, "words", sum + 1, "-", 0, &e);

		ck_assert_int_eq(winpct_merge(one, x, &e), -1);
		winpct_destroy(x);
		x = winpct_create(&r, "words", sum, "en.klv2", 1, &e);
		ck_assert_int_eq(winpct_merge(one, x, &e), -1);
		winpct_destroy(x);
	}
	free(a);
	free(b);
	free(c);
	for (int k = 0; k < 3; k++)
		winpct_destroy(sh[k]);
	winpct_destroy(one);
	winpct_destroy(again);
	lex_destroy(lex);
}
END_TEST

static Suite *
winpct_suite(void)
{
	Suite *s = suite_create("winpct");
	TCase *tc = tcase_create("tables");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, counts_by_hand);
	tcase_add_test(tc, refuses_bad_turns_and_runs);
	tcase_add_test(tc, round_trip);
	tcase_add_test(tc, refuses_corrupt);
	tcase_add_test(tc, magpie_round_trip);
	tcase_add_test(tc, racks_apart);
	tcase_add_test(tc, learns_draws);
	tcase_add_test(tc, shards_merge_exactly);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(winpct_suite());
}
