/* check_selfplay.c — robot self-play games (selfplay.h): seat names, games
 * that depend only on their seed and number, the game line, the record,
 * and the files selfplay_open refuses.  Plays on the default lexicons. */
#include <inttypes.h>
#include "testutil.h"
#include "selfplay.h"
#include "stats.h"

static int
fields(const char *line)
{
	int n = 1;

	for (; *line && *line != '\n'; line++)
		n += *line == '\t';
	return n;
}

START_TEST(names_and_games)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_default_lex(r, "en", "names_and_games");
	struct selfplay_seat same[2] = { { .strategy = ROBOT_FULLSTERKUR },
	    { .strategy = ROBOT_FULLSTERKUR } };
	struct selfplay_seat other[2] = { { .strategy = ROBOT_FULLSTERKUR },
	    { .strategy = ROBOT_AMLODI } };
	struct selfplay *a, *b;
	struct err e;
	char first[1 << 16];     /* as test_text_of holds */
	int s0, s1, turns;
	FILE *fp;

	if (lex == NULL)
		return;
	a = selfplay_create(r, lex, NULL, 2, same, &e);
	ck_assert_msg(a != NULL, "%s", e.msg);
	b = selfplay_create(r, lex, NULL, 2, other, &e);
	ck_assert_msg(b != NULL, "%s", e.msg);
	ck_assert_str_eq(selfplay_name(a, 0), "fullsterkur-1");
	ck_assert_str_eq(selfplay_name(a, 1), "fullsterkur-2");
	ck_assert_str_eq(selfplay_name(b, 0), "fullsterkur");
	ck_assert_str_eq(selfplay_name(b, 1), "amlodi");
	ck_assert_str_eq(selfplay_name(b, 2), "");
	/* Game 3 of seed 9, first alone, then after games 0 to 2: the same
	 * game, and its seed is stream 3 of 9. */
	ck_assert_int_eq(selfplay_game(b, 9, 3, &e), 0);
	ck_assert_int_ne(game_over(selfplay_last(b)), GAME_ON);
	ck_assert_uint_eq(selfplay_seed(b), rng_stream_seed(9, 3));
	s0 = game_score(selfplay_last(b), 0);
	s1 = game_score(selfplay_last(b), 1);
	turns = game_turns(selfplay_last(b));
	fp = tmpfile();
	ck_assert_ptr_nonnull(fp);
	selfplay_line(b, 3, fp);
	snprintf(first, sizeof first, "%s", test_text_of(fp));
	fclose(fp);
	for (long k = 0; k <= 3; k++)
		ck_assert_int_eq(selfplay_game(b, 9, k, &e), 0);
	ck_assert_int_eq(game_score(selfplay_last(b), 0), s0);
	ck_assert_int_eq(game_score(selfplay_last(b), 1), s1);
	ck_assert_int_eq(game_turns(selfplay_last(b)), turns);
	/* The line: game, seed, names, scores, winner, turns, bingos, end. */
	fp = tmpfile();
	ck_assert_ptr_nonnull(fp);
	selfplay_header(fp, 2);
	selfplay_line(b, 3, fp);
	{
		const char *t = test_text_of(fp), *line = strchr(t, '\n') + 1;
		char want[128];

		ck_assert_ptr_eq(strstr(t, "#game\tseed\tplayer1\tplayer2\tscore1"),
		    t);
		ck_assert_int_eq(fields(t), 11);
		ck_assert_str_eq(line, first);
		ck_assert_int_eq(fields(line), 11);
		snprintf(want, sizeof want, "3\t%" PRIu64 "\tfullsterkur\tamlodi\t"
		    "%d\t%d\t%d\t%d\t", rng_stream_seed(9, 3), s0, s1,
		    s0 > s1 ? 1 : s0 < s1 ? 2 : 0, turns);
		ck_assert_msg(strncmp(line, want, strlen(want)) == 0, "%s", line);
	}
	fclose(fp);
	/* The record: nicknames, strategies, the note; no lexicon name
	 * without selfplay_open. */
	fp = tmpfile();
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(selfplay_gcg(b, fp, "a note", &e), 0);
	{
		const char *t = test_text_of(fp);

		ck_assert_ptr_nonnull(strstr(t, "#player1 fullsterkur fullsterkur"));
		ck_assert_ptr_nonnull(strstr(t, "#player2 amlodi amlodi"));
		ck_assert_ptr_nonnull(strstr(t, "#note a note"));
		ck_assert_ptr_null(strstr(t, "#lexicon"));
	}
	fclose(fp);
	selfplay_destroy(a);
	selfplay_destroy(b);
	selfplay_destroy(NULL);
	lex_destroy(lex);
}
END_TEST

/* Three Danish players: the line has three more fields. */
START_TEST(three_players)
{
	const struct rules *r = rules_builtin("da");
	struct lex *lex = test_default_lex(r, "da", "three_players");
	struct selfplay_seat seats[3] = { { .strategy = ROBOT_FULLSTERKUR },
	    { .strategy = ROBOT_FULLSTERKUR }, { .strategy = ROBOT_MIDLUNGUR } };
	struct selfplay *sp;
	struct stats st;
	struct err e;
	FILE *fp;

	if (lex == NULL)
		return;
	sp = selfplay_create(r, lex, NULL, 3, seats, &e);
	ck_assert_msg(sp != NULL, "%s", e.msg);
	ck_assert_str_eq(selfplay_name(sp, 2), "midlungur");
	ck_assert_int_eq(selfplay_game(sp, 1, 0, &e), 0);
	stats_init(&st, "da", 3);
	stats_game(&st, selfplay_last(sp));
	ck_assert_uint_eq(st.st[STATS_SCORE].n, 3);
	fp = tmpfile();
	ck_assert_ptr_nonnull(fp);
	selfplay_header(fp, 3);
	ck_assert_int_eq(fields(test_text_of(fp)), 14);
	rewind(fp);
	selfplay_line(sp, 0, fp);
	ck_assert_int_eq(fields(test_text_of(fp)), 14);
	ck_assert_ptr_nonnull(strstr(test_text_of(fp), "\tmidlungur\t"));
	fclose(fp);
	selfplay_destroy(sp);
	lex_destroy(lex);
}
END_TEST

/* selfplay_open: the files it refuses, by name; the lexicon's name in
 * the record. */
START_TEST(open_files)
{
	const struct rules *r = rules_builtin("en");
	char lexpath[512];
	const char *p = test_default_path("en.lex", lexpath, sizeof lexpath,
	    "open_files");
	struct selfplay_files f;
	struct selfplay *sp;
	struct err e;
	char enlex[512];
	FILE *fp;

	if (p == NULL)
		return;
	snprintf(enlex, sizeof enlex, "%s", p);
	memset(&f, 0, sizeof f);
	f.lexicon = "/nonexistent/x.lex";
	f.players = 2;
	ck_assert_ptr_null(selfplay_open(r, &f, &e));
	ck_assert_ptr_eq(strstr(e.msg, "/nonexistent/x.lex"), e.msg);
	f.lexicon = enlex;
	f.players = 3;
	ck_assert_ptr_null(selfplay_open(r, &f, &e));
	ck_assert_str_eq(e.msg, "ruleset en is for 2 to 2 players, not 3");
	f.players = 2;
	f.strategy[1] = ROBOT_EQUITY;
	f.seat_leaves[1] = "/nonexistent/seat.klv2";
	ck_assert_ptr_null(selfplay_open(r, &f, &e));
	ck_assert_ptr_eq(strstr(e.msg, "/nonexistent/seat.klv2"), e.msg);
	/* The default table is for equity seats without their own: here
	 * none, so a missing default is not loaded. */
	f.default_leaves = "/nonexistent/default.klv2";
	f.seat_leaves[1] = NULL;
	f.strategy[1] = ROBOT_FULLSTERKUR;
	sp = selfplay_open(r, &f, &e);
	ck_assert_msg(sp != NULL, "%s", e.msg);
	ck_assert_int_eq(selfplay_game(sp, 5, 0, &e), 0);
	fp = tmpfile();
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(selfplay_gcg(sp, fp, NULL, &e), 0);
	ck_assert_ptr_nonnull(strstr(test_text_of(fp), "#lexicon en\n"));
	fclose(fp);
	selfplay_destroy(sp);
	f.strategy[1] = ROBOT_EQUITY;
	ck_assert_ptr_null(selfplay_open(r, &f, &e));
	ck_assert_ptr_eq(strstr(e.msg, "/nonexistent/default.klv2"), e.msg);
}
END_TEST

/* A run of 7 games of seed 4 in shards 1/3, 2/3 and 3/3: games 0, 3, 6;
 * 1, 4; 2, 5, each the game selfplay_game plays alone, and the shards'
 * statistics merged are those of the one run. */
START_TEST(runs_and_shards)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_default_lex(r, "en", "runs_and_shards");
	struct selfplay_seat seats[2] = { { .strategy = ROBOT_FULLSTERKUR },
	    { .strategy = ROBOT_AMLODI } };
	static const long want[3][3] = { { 0, 3, 6 }, { 1, 4, -1 },
	    { 2, 5, -1 } };
	struct selfplay *sp, *alone;
	struct selfplay_run one, part;
	struct stats merged;
	struct err e;

	if (lex == NULL)
		return;
	sp = selfplay_create(r, lex, NULL, 2, seats, &e);
	alone = selfplay_create(r, lex, NULL, 2, seats, &e);
	ck_assert_ptr_nonnull(sp);
	ck_assert_ptr_nonnull(alone);
	selfplay_run_start(&one, sp, 4, 7, 1, 1);
	ck_assert_int_eq(one.total, 7);
	ck_assert_int_eq(one.stats.n, 1);
	ck_assert_str_eq(one.stats.set[0].rules, "en");
	while (selfplay_run_next(sp, &one, &e) == 1)
		;
	ck_assert_int_eq(one.played, 7);
	ck_assert_int_eq(one.k, 6);
	ck_assert_uint_eq(one.stats.set[0].games, 7);
	stats_init(&merged, "en", 2);
	for (int sh = 0; sh < 3; sh++) {
		int i = 0;

		selfplay_run_start(&part, sp, 4, 7, sh + 1, 3);
		while (selfplay_run_next(sp, &part, &e) == 1) {
			ck_assert_int_eq(part.k, want[sh][i]);
			ck_assert_int_eq(selfplay_game(alone, 4, part.k, &e), 0);
			ck_assert_int_eq(game_score(selfplay_last(sp), 0),
			    game_score(selfplay_last(alone), 0));
			ck_assert_int_eq(game_turns(selfplay_last(sp)),
			    game_turns(selfplay_last(alone)));
			i++;
		}
		ck_assert_int_eq(part.played, sh == 0 ? 3 : 2);
		ck_assert_int_eq(part.total, part.played);
		/* Each shard's origin: the run and its place in it. */
		ck_assert_int_eq(part.stats.set[0].origin.shard_k, sh + 1);
		ck_assert_int_eq(part.stats.set[0].origin.shard_n, 3);
		ck_assert_int_eq(stats_origin_shard_games(&part.stats.set[0].origin),
		    part.played);
		ck_assert_int_eq(stats_merge(&merged, &part.stats.set[0], &e), 0);
	}
	/* The run's origin (stats_merge keeps the first's: merged has none). */
	ck_assert_int_eq(one.stats.set[0].origin.known, 1);
	ck_assert_uint_eq(one.stats.set[0].origin.lexicon, lex_checksum(lex));
	ck_assert_uint_eq(one.stats.set[0].origin.vocab, 0);
	ck_assert_uint_eq(one.stats.set[0].origin.seed, 4);
	ck_assert_int_eq(one.stats.set[0].origin.games, 7);
	ck_assert_int_eq(one.stats.set[0].origin.shard_k, 1);
	ck_assert_int_eq(one.stats.set[0].origin.shard_n, 1);
	ck_assert_str_eq(one.stats.set[0].origin.robots, "fullsterkur amlodi");
	ck_assert_int_eq(merged.origin.known, 0);
	merged.origin = one.stats.set[0].origin;
	ck_assert_mem_eq(&merged, &one.stats.set[0], sizeof merged);
	selfplay_destroy(sp);
	selfplay_destroy(alone);
	lex_destroy(lex);
}
END_TEST

/* Shards by hand: 3/8 of 20 games plays 2, 10 and 18. */
START_TEST(shards)
{
	static const char *const bad[] = {
		"3", "0/2", "3/2", "1/0", "/2", "2/", "1/2/3", "a/2", "1 /2",
		"-1/2", "1/99999999999999999999", NULL
	};
	struct err e;
	long k = 0, n = 0;

	ck_assert_int_eq(selfplay_shard_parse("3/8", &k, &n, &e), 0);
	ck_assert_int_eq(k, 3);
	ck_assert_int_eq(n, 8);
	ck_assert_int_eq(selfplay_shard_games(20, 3, 8), 3);
	ck_assert_int_eq(selfplay_shard_games(18, 3, 8), 2);
	ck_assert_int_eq(selfplay_shard_games(19, 3, 8), 3);
	ck_assert_int_eq(selfplay_shard_games(2, 3, 8), 0);
	ck_assert_int_eq(selfplay_shard_games(0, 1, 1), 0);
	ck_assert_int_eq(selfplay_shard_games(5, 1, 1), 5);
	ck_assert_int_eq(selfplay_shard_parse("1/1", &k, &n, &e), 0);
	ck_assert_int_eq(k * n, 1);
	for (int i = 0; bad[i] != NULL; i++)
		ck_assert_msg(selfplay_shard_parse(bad[i], &k, &n, &e) == -1,
		    "%s", bad[i]);
	ck_assert_str_eq(e.msg, "bad shard 1/99999999999999999999: want K/N "
	    "with 1 <= K <= N");
	selfplay_shard_parse("3", &k, &n, &e);
	ck_assert_str_eq(e.msg, "bad shard 3: want K/N");
	ck_assert_int_eq(k * n, 1);
}
END_TEST

static Suite *
selfplay_suite(void)
{
	Suite *s = suite_create("selfplay");
	TCase *tc = tcase_create("games");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, names_and_games);
	tcase_add_test(tc, three_players);
	tcase_add_test(tc, open_files);
	tcase_add_test(tc, shards);
	tcase_add_test(tc, runs_and_shards);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(selfplay_suite());
}
