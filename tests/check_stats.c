/* check_stats.c — statistics of self-play runs (stats.h): sums that merge,
 * intervals computed by hand, the stats file written and read back, its
 * errors, the table and the chart. */
#include <math.h>
#include <unistd.h>
#include "testutil.h"
#include "game.h"
#include "stats.h"

static const struct move PASS = { .kind = MOVE_PASS };

/* file_of: a temporary file holding s (rewound, for reading). */
static FILE *
file_of(const char *s)
{
	FILE *fp = tmpfile();

	ck_assert_ptr_nonnull(fp);
	fputs(s, fp);
	rewind(fp);
	return fp;
}

static void
ck_acc_eq(const struct stats_acc *a, const struct stats_acc *b)
{
	ck_assert_uint_eq(a->n, b->n);
	ck_assert_int_eq(a->sum, b->sum);
	ck_assert_uint_eq(a->sumsq, b->sumsq);
}

static void
ck_stats_eq(const struct stats *a, const struct stats *b)
{
	ck_assert_str_eq(a->rules, b->rules);
	ck_assert_int_eq(a->players, b->players);
	ck_assert_uint_eq(a->games, b->games);
	for (int i = 0; i < STATS_N; i++)
		ck_acc_eq(&a->st[i], &b->st[i]);
	for (int t = 0; t < RULES_MAX_TILES; t++)
		ck_acc_eq(&a->res[t], &b->res[t]);
}

/* 3 -1 4 1 5 9 2 6: n 8, sum 29, sum of squares 9+1+16+1+25+81+4+36 = 173,
 * whether added in one pass or in two halves merged. */
START_TEST(acc_merge_is_one_pass)
{
	static const int v[] = { 3, -1, 4, 1, 5, 9, 2, 6 };
	struct stats_acc all = { 0, 0, 0 }, a = { 0, 0, 0 }, b = { 0, 0, 0 };

	for (int i = 0; i < 8; i++) {
		stats_acc_add(&all, v[i]);
		stats_acc_add(i < 3 ? &a : &b, v[i]);
	}
	ck_assert_uint_eq(all.n, 8);
	ck_assert_int_eq(all.sum, 29);
	ck_assert_uint_eq(all.sumsq, 173);
	stats_acc_merge(&a, &b);
	ck_acc_eq(&a, &all);
}
END_TEST

/* bagsim-stats(5)'s example: 30 and 32 turns, mean 31, sample variance 2,
 * half-width 1.959964 * sqrt(2 / 2).  One value: no interval.  Scale 2
 * halves both (first_player_wins). */
START_TEST(mean_ci_by_hand)
{
	struct stats_acc a = { 2, 62, 1924 }, one = { 1, 7, 49 };
	struct stats_acc wins = { 4, 5, 9 };   /* 2 + 2 + 1 + 0 */
	double m, h;

	stats_acc_ci(&a, 1, &m, &h);
	ck_assert_double_eq_tol(m, 31, 1e-12);
	ck_assert_double_eq_tol(h, 1.959964, 1e-9);
	stats_acc_ci(&one, 1, &m, &h);
	ck_assert_double_eq_tol(m, 7, 1e-12);
	ck_assert_double_eq(h, 0);
	/* mean 1.25, variance (9 - 5 * 1.25) / 3 = 0.916667 */
	stats_acc_ci(&wins, 2, &m, &h);
	ck_assert_double_eq_tol(m, 0.625, 1e-12);
	ck_assert_double_eq_tol(h, 1.959964 * sqrt(0.9166667 / 4) / 2, 1e-6);
}
END_TEST

/* Wilson by hand, z = 1.959964, z^2 = 3.841459: 30 of 100 has
 * d = 1.0384146, centre (0.3 + 0.0192073) / d = 0.307399, half
 * z / d * sqrt(0.0021 + 0.0000960365) = 0.088450: 0.218949 to 0.395849.
 * 0 of 100: centre 0.018497, half 0.018497: 0 to 0.036994. */
START_TEST(wilson_by_hand)
{
	double lo, hi;

	stats_wilson(0.3, 100, &lo, &hi);
	ck_assert_double_eq_tol(lo, 0.218949, 1e-5);
	ck_assert_double_eq_tol(hi, 0.395849, 1e-5);
	stats_wilson(0, 100, &lo, &hi);
	ck_assert_double_eq(lo, 0);
	ck_assert_double_eq_tol(hi, 0.036994, 1e-5);
	stats_wilson(1, 100, &lo, &hi);
	ck_assert_double_eq_tol(lo, 1 - 0.036994, 1e-5);
	ck_assert_double_eq(hi, 1);
}
END_TEST

/* A game of six passes (Norwegian ends on them): each player loses the
 * value of the rack; no tile played, so no residence. */
static void
play_passes(struct game *g, uint64_t seed)
{
	struct err e;

	ck_assert_int_eq(game_start(g, seed, &e), 0);
	while (game_over(g) == GAME_ON)
		ck_assert_int_eq(game_play(g, &PASS, &e), 0);
}

START_TEST(game_sums_and_merge)
{
	const struct rules *r = rules_builtin("no");
	struct game *g;
	struct stats all, a, b;
	struct err e;
	int s[2][2], w[2];

	ck_assert_ptr_nonnull(r);
	g = game_create(r, 2, &e);
	ck_assert_ptr_nonnull(g);
	stats_init(&all, "no", 2);
	stats_init(&a, "no", 2);
	stats_init(&b, "no", 2);
	for (int k = 0; k < 2; k++) {
		play_passes(g, 100 + k);
		s[k][0] = game_score(g, 0);
		s[k][1] = game_score(g, 1);
		w[k] = game_winner(g);
		ck_assert_int_lt(s[k][0], 0);   /* a rack's value lost */
		stats_game(&all, g);
		stats_game(k == 0 ? &a : &b, g);
	}
	ck_assert_uint_eq(all.games, 2);
	ck_assert_int_eq(all.st[STATS_SCORE1].sum, s[0][0] + s[1][0]);
	ck_assert_int_eq(all.st[STATS_SCORE2].sum, s[0][1] + s[1][1]);
	ck_assert_uint_eq(all.st[STATS_SCORE].n, 4);
	ck_assert_int_eq(all.st[STATS_MARGIN].sum,
	    s[0][0] - s[0][1] + s[1][0] - s[1][1]);
	ck_assert_int_eq(all.st[STATS_TURNS].sum, 12);
	ck_assert_uint_eq(all.st[STATS_TURNS].sumsq, 72);
	ck_assert_int_eq(all.st[STATS_BINGOS].sum, 0);
	ck_assert_int_eq(all.st[STATS_PASSES].sum, 2);
	ck_assert_int_eq(all.st[STATS_FIRST].sum,
	    (w[0] == 0 ? 2 : w[0] == -1) + (w[1] == 0 ? 2 : w[1] == -1));
	for (int t = 0; t < RULES_MAX_TILES; t++)
		ck_assert_uint_eq(all.res[t].n, 0);
	ck_assert_int_eq(stats_merge(&a, &b, &e), 0);
	ck_stats_eq(&a, &all);
	/* Another ruleset or number of players is refused, s unchanged. */
	stats_init(&b, "da", 2);
	ck_assert_int_eq(stats_merge(&a, &b, &e), -1);
	ck_assert_str_eq(e.msg, "ruleset da, not no");
	stats_init(&b, "no", 3);
	ck_assert_int_eq(stats_merge(&a, &b, &e), -1);
	ck_assert_str_eq(e.msg, "3 players, not 2");
	ck_stats_eq(&a, &all);
	game_destroy(g);
}
END_TEST

/* Hand-made statistics of ruleset en. */
static void
hand_stats(struct stats *s)
{
	stats_init(s, "en", 2);
	s->games = 2;
	stats_acc_add(&s->st[STATS_TURNS], 30);
	stats_acc_add(&s->st[STATS_TURNS], 32);
	stats_acc_add(&s->st[STATS_MARGIN], -12);
	stats_acc_add(&s->st[STATS_MARGIN], 40);
	stats_acc_add(&s->res[1], 1);
	stats_acc_add(&s->res[1], 2);
	stats_acc_add(&s->res[1], 2);
	stats_acc_add(&s->res[0], 4);
}

START_TEST(file_round_trip)
{
	struct rules r = *rules_builtin("en"), r2;
	struct stats s, back, twice;
	struct stats_sets m;
	struct err e;
	FILE *fp = tmpfile();
	char first[1 << 16];     /* as test_text_of holds */

	ck_assert_ptr_nonnull(fp);
	hand_stats(&s);
	ck_assert_int_eq(stats_write(fp, &s, &r), 0);
	snprintf(first, sizeof first, "%s", test_text_of(fp));
	/* What bagsim-stats(5) says, line by line. */
	ck_assert_ptr_nonnull(strstr(first, "#bagsim-stats 1\nrules\ten\n"
	    "players\t2\ngames\t2\nstat\tscore_p1\t0\t0\t0\n"));
	ck_assert_ptr_nonnull(strstr(first, "\nstat\tmargin_p1\t2\t28\t1744\n"
	    "stat\tturns\t2\t62\t1924\n"));
	ck_assert_ptr_nonnull(strstr(first, "\nletter\t0\t?\t1\t4\t16\n"
	    "letter\t1\tA\t3\t5\t9\nletter\t2\tB\t0\t0\t0\n"));
	ck_assert_ptr_nonnull(strstr(first, "\nletter\t26\tZ\t0\t0\t0\n"));
	/* Read back (over other statistics): the same, and r is en. */
	rewind(fp);
	stats_init(&back, "da", 3);
	back.games = 7;
	memset(&r2, 0, sizeof r2);
	ck_assert_int_eq(stats_read(&back, &r2, fp, &e), 0);
	ck_assert_str_eq(r2.name, "en");
	ck_stats_eq(&back, &s);
	/* Read twice into one set = merged with itself; written again, the
	 * same bytes but the doubled sums. */
	stats_sets_init(&m);
	rewind(fp);
	ck_assert_int_eq(stats_sets_read(&m, fp, &e), 0);
	rewind(fp);
	ck_assert_int_eq(stats_sets_read(&m, fp, &e), 0);
	ck_assert_int_eq(m.n, 1);
	ck_assert_str_eq(m.r[0].name, "en");
	twice = s;
	ck_assert_int_eq(stats_merge(&twice, &s, &e), 0);
	ck_stats_eq(&m.set[0], &twice);
	ck_assert_uint_eq(m.set[0].st[STATS_TURNS].n, 4);
	ck_assert_int_eq(m.set[0].st[STATS_TURNS].sum, 124);
	ck_assert_uint_eq(m.set[0].games, 4);
	fclose(fp);
	fp = tmpfile();
	ck_assert_ptr_nonnull(fp);
	stats_write(fp, &s, &r);
	ck_assert_str_eq(test_text_of(fp), first);
	fclose(fp);
}
END_TEST

/* A file that is refused: the message and its line. */
static void
refused(const char *text, long line, const char *msg)
{
	struct rules r;
	struct stats s;
	struct err e;
	FILE *fp = file_of(text);

	ck_assert_int_eq(stats_read(&s, &r, fp, &e), -1);
	ck_assert_int_eq(e.line, line);
	ck_assert_msg(strstr(e.msg, msg) != NULL, "%s: want %s", e.msg, msg);
	fclose(fp);
}

START_TEST(malformed_refused)
{
	refused("#bagsim-stats 1\nrules\ten\ngames\t2\n"
	    "stat\tturns\t2\tx\t1924\n", 4, "malformed line");
	refused("games\t2\n", 1, "not a bagsim stats file");
	refused("#bagsim-stats 1\nrules\ten\n", 0, "incomplete stats file");
	refused("", 0, "incomplete stats file");
	/* A letter that is not its tile's; a stat before the rules line;
	 * an unknown stat; a negative count; seven fields; an unknown
	 * ruleset; too many players; two players lines that disagree. */
	refused("#bagsim-stats 1\nrules\ten\ngames\t2\nletter\t1\tB\t3\t5\t9\n",
	    4, "malformed line");
	refused("#bagsim-stats 1\ngames\t2\nstat\tturns\t2\t62\t1924\n",
	    3, "malformed line");
	refused("#bagsim-stats 1\nrules\ten\n# note\n\nstat\twins\t2\t1\t1\n",
	    5, "malformed line");
	refused("#bagsim-stats 1\nrules\ten\nstat\tturns\t-2\t62\t1924\n",
	    3, "malformed line");
	refused("#bagsim-stats 1\nrules\ten\nletter\t1\tA\t3\t5\t9\t1\n",
	    3, "malformed line");
	refused("#bagsim-stats 1\nrules\tnope\n", 2, "nope");
	refused("#bagsim-stats 1\nplayers\t5\n", 2, "malformed line");
	refused("#bagsim-stats 1\nrules\ten\nplayers\t2\nplayers\t3\n", 4,
	    "3 players, but the first file has 2");
	/* A stat given twice whose sums overflow 64 bits (UBSan stopped the
	 * run before): refused at the second line. */
	refused("#bagsim-stats 1\nrules\ten\ngames\t2\n"
	    "stat\tturns\t2\t9000000000000000000\t1\n"
	    "stat\tturns\t2\t9000000000000000000\t1\n", 5, "malformed line");
}
END_TEST

/* The origin of a run's file: written after the games line, read back;
 * an older file has none; origins of the same run's shards merge, the
 * same shard twice or another run's do not. */
START_TEST(origin_round_trip_and_clash)
{
	struct rules r = *rules_builtin("en"), r2;
	struct stats s, back;
	struct stats_origin a, b;
	struct err e;
	char why[600];
	FILE *fp = tmpfile();
	const char *t;

	ck_assert_ptr_nonnull(fp);
	hand_stats(&s);
	s.origin = (struct stats_origin){ 1, 0x1234abcd, 0, "fullsterkur "
	    "equity:00ff00ff", 2026, 9, 2, 3 };
	ck_assert_int_eq(stats_write(fp, &s, &r), 0);
	t = test_text_of(fp);
	ck_assert_ptr_nonnull(strstr(t, "\ngames\t2\nlexicon\t1234abcd\n"
	    "robots\tfullsterkur equity:00ff00ff\nseed\t2026\nrun_games\t9\n"
	    "shard\t2/3\nstat\t"));
	ck_assert_ptr_null(strstr(t, "vocab"));
	rewind(fp);
	ck_assert_int_eq(stats_read(&back, &r2, fp, &e), 0);
	ck_assert_mem_eq(&back.origin, &s.origin, sizeof s.origin);
	fclose(fp);
	/* Shard 2 of 3 of 9 games plays games 1, 4, 7. */
	ck_assert_int_eq(stats_origin_shard_games(&s.origin), 3);
	/* An older file: no origin. */
	fp = file_of("#bagsim-stats 1\nrules\ten\ngames\t2\n");
	ck_assert_int_eq(stats_read(&back, &r2, fp, &e), 0);
	ck_assert_int_eq(back.origin.known, 0);
	fclose(fp);
	/* Origin records go together, each once, with good values. */
	refused("#bagsim-stats 1\nrules\ten\ngames\t2\nseed\t1\n", 0,
	    "incomplete origin");
	refused("#bagsim-stats 1\nrules\ten\ngames\t2\nlexicon\t1234abc\n",
	    4, "malformed line");
	refused("#bagsim-stats 1\nrules\ten\nshard\t3/2\n", 3,
	    "malformed line");
	refused("#bagsim-stats 1\nrules\ten\nseed\t1\nseed\t1\n", 4,
	    "malformed line");
	refused("#bagsim-stats 1\nrules\ten\nseed\t-1\n", 3, "malformed line");

	a = s.origin;
	b = a;
	b.shard_k = 3;
	ck_assert_int_eq(stats_origin_clash(&a, &b, why, sizeof why), 0);
	b.shard_k = 2;
	ck_assert_int_eq(stats_origin_clash(&a, &b, why, sizeof why), 1);
	ck_assert_str_eq(why, "the same shard 2/3 of one run twice");
	b.seed = 7;
	b.shard_k = 1;
	ck_assert_int_eq(stats_origin_clash(&a, &b, why, sizeof why), 1);
	ck_assert_str_eq(why, "different seeds (2026 and 7)");
	b = a;
	b.lexicon = 1;
	ck_assert_int_eq(stats_origin_clash(&a, &b, why, sizeof why), 1);
	ck_assert_str_eq(why, "different lexicons (checksums 1234abcd and "
	    "00000001)");
	b = a;
	strcpy(b.robots, "fullsterkur fullsterkur");
	ck_assert_int_eq(stats_origin_clash(&a, &b, why, sizeof why), 1);
	ck_assert_str_eq(why, "different robots (fullsterkur equity:00ff00ff "
	    "and fullsterkur fullsterkur)");
	b = a;
	b.shard_n = 4;
	b.shard_k = 1;
	ck_assert_int_eq(stats_origin_clash(&a, &b, why, sizeof why), 1);
	ck_assert_str_eq(why, "the run split differently (shards 2/3 and 1/4)");
	b = a;
	b.games = 10;
	ck_assert_int_eq(stats_origin_clash(&a, &b, why, sizeof why), 1);
	/* An unknown origin clashes with nothing. */
	b = a;
	b.known = 0;
	ck_assert_int_eq(stats_origin_clash(&a, &b, why, sizeof why), 0);
	/* stats_origin_find looks in the same set only. */
	{
		struct stats_origin seen[2] = { a, a };
		int sets[2] = { 1, 0 };

		seen[1].shard_k = 1;
		ck_assert_int_eq(stats_origin_find(seen, sets, 2, &a, 0, why,
		    sizeof why), -1);
		ck_assert_int_eq(stats_origin_find(seen, sets, 2, &a, 1, why,
		    sizeof why), 0);
	}
}
END_TEST

/* Merging statistics whose sums would overflow is refused, the first
 * left as it was. */
START_TEST(merge_overflow_refused)
{
	struct stats a, b, keep;
	struct err e;

	stats_init(&a, "no", 2);
	stats_init(&b, "no", 2);
	a.games = b.games = 1;
	a.st[STATS_SCORE].n = b.st[STATS_SCORE].n = 1;
	a.st[STATS_SCORE].sum = INT64_MAX - 5;
	b.st[STATS_SCORE].sum = 6;
	keep = a;
	ck_assert_int_eq(stats_merge(&a, &b, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "overflow"));
	ck_stats_eq(&a, &keep);
	b.st[STATS_SCORE].sum = 5;
	ck_assert_int_eq(stats_merge(&a, &b, &e), 0);
	ck_assert_int_eq(a.st[STATS_SCORE].sum, INT64_MAX);
	ck_assert_uint_eq(a.games, 2);
}
END_TEST

/* sets_read: reads text into m; returns what stats_sets_read does. */
static int
sets_read(struct stats_sets *m, const char *text, struct err *e)
{
	FILE *fp = file_of(text);
	int rc = stats_sets_read(m, fp, e);

	fclose(fp);
	return rc;
}

/* Files of two rulesets make two sets, each merged on its own, in the
 * order first read; a third ruleset, or other players, is refused at its
 * line and leaves the sets as they were. */
START_TEST(sets_by_ruleset)
{
	static const char en[] = "#bagsim-stats 1\nrules\ten\nplayers\t2\n"
	    "games\t2\nstat\tturns\t2\t62\t1924\n";
	static const char da[] = "#bagsim-stats 1\nrules\tda\ngames\t3\n"
	    "stat\tturns\t3\t90\t2702\nletter\t1\tA\t1\t2\t4\n";
	struct stats_sets m, before;
	struct err e;

	stats_sets_init(&m);
	ck_assert_int_eq(m.n, 0);
	ck_assert_int_eq(sets_read(&m, da, &e), 0);
	ck_assert_int_eq(sets_read(&m, en, &e), 0);
	ck_assert_int_eq(sets_read(&m, da, &e), 0);
	ck_assert_int_eq(m.n, 2);
	ck_assert_str_eq(m.set[0].rules, "da");
	ck_assert_str_eq(m.r[0].name, "da");
	ck_assert_str_eq(m.set[1].rules, "en");
	ck_assert_uint_eq(m.set[0].games, 6);
	ck_assert_uint_eq(m.set[0].st[STATS_TURNS].n, 6);
	ck_assert_int_eq(m.set[0].st[STATS_TURNS].sum, 180);
	ck_assert_uint_eq(m.set[0].res[1].sumsq, 8);
	ck_assert_uint_eq(m.set[1].games, 2);
	ck_assert_int_eq(m.set[1].st[STATS_TURNS].sum, 62);
	before = m;
	ck_assert_int_eq(sets_read(&m, "#bagsim-stats 1\n# a third\nrules\tno\n"
	    "games\t1\n", &e), -1);
	ck_assert_int_eq(e.line, 3);
	ck_assert_str_eq(e.msg, "a third ruleset, no, after da and en: at most "
	    "two are compared");
	ck_assert_int_eq(sets_read(&m, "#bagsim-stats 1\nrules\ten\ngames\t1\n"
	    "players\t3\n", &e), -1);
	ck_assert_int_eq(e.line, 4);
	ck_assert_str_eq(e.msg, "3 players, but the first file has 2");
	ck_assert_int_eq(m.n, 2);
	ck_assert_uint_eq(m.set[1].games, before.set[1].games);
	ck_stats_eq(&m.set[0], &before.set[0]);
	/* Without a players line a file has its set's players. */
	m.set[1].players = 3;
	ck_assert_int_eq(sets_read(&m, "#bagsim-stats 1\nrules\ten\ngames\t1\n",
	    &e), 0);
	ck_assert_uint_eq(m.set[1].games, 3);
}
END_TEST

/* Files by path: read as stats_sets_read, a missing one refused with
 * strerror's message; one run's set is empty, of its ruleset. */
START_TEST(sets_load_and_one)
{
	static const char en[] = "#bagsim-stats 1\nrules\ten\nplayers\t2\n"
	    "games\t2\nstat\tturns\t2\t62\t1924\n";
	char path[] = "/tmp/check_stats_XXXXXX";
	int fd = mkstemp(path);
	FILE *fp = fdopen(fd, "w");
	struct stats_sets m;
	struct err e;

	ck_assert_ptr_nonnull(fp);
	fputs(en, fp);
	fclose(fp);
	stats_sets_init(&m);
	ck_assert_int_eq(stats_sets_load(&m, path, &e), 0);
	ck_assert_int_eq(stats_sets_load(&m, path, &e), 0);
	ck_assert_int_eq(m.n, 1);
	ck_assert_uint_eq(m.set[0].games, 4);
	ck_assert_int_eq(m.set[0].st[STATS_TURNS].sum, 124);
	fp = fopen(path, "w");
	fputs("#bagsim-stats 1\nrules\ten\ngames\tx\n", fp);
	fclose(fp);
	ck_assert_int_eq(stats_sets_load(&m, path, &e), -1);
	ck_assert_int_eq(e.line, 3);
	unlink(path);
	ck_assert_int_eq(stats_sets_load(&m, path, &e), -1);
	ck_assert_int_eq(e.line, 0);
	ck_assert_str_eq(e.msg, "No such file or directory");
	ck_assert_uint_eq(m.set[0].games, 4);
	stats_sets_one(&m, rules_builtin("is-old"), 3);
	ck_assert_int_eq(m.n, 1);
	ck_assert_str_eq(m.r[0].name, "is-old");
	ck_assert_str_eq(m.set[0].rules, "is-old");
	ck_assert_int_eq(m.set[0].players, 3);
	ck_assert_uint_eq(m.set[0].games, 0);
	ck_assert_uint_eq(m.set[0].st[STATS_TURNS].n, 0);
}
END_TEST

/* CR LF line ends and comments are read; the hand example's table. */
START_TEST(table_by_hand)
{
	struct rules r;
	struct stats s;
	struct err e;
	FILE *fp = file_of("#bagsim-stats 1\r\nrules\ten\r\n# note\n\n"
	    "games\t2\r\nstat\tturns\t2\t62\t1924\nletter\t1\tA\t3\t5\t9\n"
	    "stat\tfirst_player_wins\t2\t3\t5\n"), *out = tmpfile();
	const char *t;

	ck_assert_ptr_nonnull(out);
	stats_init(&s, NULL, 2);
	ck_assert_int_eq(stats_read(&s, &r, fp, &e), 0);
	ck_assert_int_eq(stats_table(out, &s, &r), 0);
	t = test_text_of(out);
	/* residence A: 1, 2, 2: mean 1.6667, variance 1/3, half
	 * 1.959964 * sqrt(1/9) = 0.6533.  first_player_wins: a win and a
	 * draw, share 0.75 of 2; Wilson: d = 1 + 3.841459 / 2 = 2.920730,
	 * centre (0.75 + 0.960365) / d = 0.585595, half 1.959964 / d *
	 * sqrt(0.09375 + 0.240091) = 0.387725: 0.1979 to 0.9733. */
	ck_assert_ptr_nonnull(strstr(t, "stat\tn\tmean\tci95_low\tci95_high\n"
	    "score_p1\t0\t-\t-\t-\n"));
	ck_assert_ptr_nonnull(strstr(t, "\nturns\t2\t31.0000\t29.0400\t32.9600\n"));
	ck_assert_ptr_nonnull(strstr(t,
	    "\nfirst_player_wins\t2\t0.7500\t0.1979\t0.9733\n"));
	ck_assert_ptr_nonnull(strstr(t, "\nresidence_?\t0\t-\t-\t-\n"
	    "residence_A\t3\t1.6667\t1.0133\t2.3200\nresidence_B\t0"));
	fclose(fp);
	fclose(out);
}
END_TEST

/* The chart: one bar and one label a letter with tiles (Icelandic: 32 and
 * the blank), letters in UTF-8, the title with the games. */
START_TEST(plot_letters)
{
	const struct rules *r = rules_builtin("is");
	struct stats s;
	FILE *fp = tmpfile();
	const char *t, *p;
	int bars = 0;

	ck_assert_ptr_nonnull(fp);
	stats_init(&s, "is", 2);
	s.games = 3;
	stats_acc_add(&s.res[1], 2);
	stats_acc_add(&s.res[1], 4);
	ck_assert_int_eq(stats_plot(fp, &s, r), 0);
	t = test_text_of(fp);
	ck_assert_ptr_eq(strstr(t, "<svg xmlns=\"http://www.w3.org/2000/svg\""), t);
	ck_assert_ptr_nonnull(strstr(t, ">is: mean turns on the rack per letter "
	    "(3 games, 95 % CI)</text>"));
	ck_assert_ptr_nonnull(strstr(t, ">\xc3\x9e</text>"));   /* Þ */
	ck_assert_ptr_nonnull(strstr(t, ">\xc3\x90</text>"));   /* Ð */
	ck_assert_ptr_nonnull(strstr(t, ">?</text>"));
	for (p = t; (p = strstr(p, "fill=\"#4a7ab5\"")) != NULL; p++)
		bars++;
	ck_assert_int_eq(bars, 33);
	ck_assert_str_eq(t + strlen(t) - 7, "</svg>\n");
	fclose(fp);
}
END_TEST

/* Two sets: one table under a rules column, one chart of both. */
START_TEST(two_sets_out)
{
	struct stats_sets m;
	struct err e;
	FILE *out = tmpfile();
	const char *t, *p, *z, *ae;
	int bars[2] = { 0, 0 }, want[2] = { 0, 0 };

	ck_assert_ptr_nonnull(out);
	stats_sets_init(&m);
	ck_assert_int_eq(sets_read(&m, "#bagsim-stats 1\nrules\ten\ngames\t2\n"
	    "letter\t26\tZ\t2\t6\t20\n", &e), 0);
	ck_assert_int_eq(sets_read(&m, "#bagsim-stats 1\nrules\tda\ngames\t6\n"
	    "stat\tturns\t6\t180\t5404\n", &e), 0);
	ck_assert_int_eq(stats_sets_table(out, &m), 0);
	t = test_text_of(out);
	/* da turns: mean 30, variance (5404 - 180 x 30) / 5 = 0.8, half
	 * 1.959964 x sqrt(0.8 / 6) = 0.7157.  en Z: 2 and 4, mean 3,
	 * variance 2, half 1.959964. */
	ck_assert_ptr_eq(strstr(t, "rules\tstat\tn\tmean\tci95_low\tci95_high\n"
	    "en\tscore_p1\t0\t-\t-\t-\n"), t);
	ck_assert_ptr_nonnull(strstr(t, "\nen\tresidence_Z\t2\t3.0000\t1.0400\t"
	    "4.9600\nda\tscore_p1\t0\t-"));
	ck_assert_ptr_nonnull(strstr(t, "\nda\tturns\t6\t30.0000\t29.2843\t"
	    "30.7157\n"));
	fclose(out);
	out = tmpfile();
	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(stats_sets_plot(out, &m), 0);
	t = test_text_of(out);
	ck_assert_ptr_eq(strstr(t, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg "), t);
	ck_assert_ptr_nonnull(strstr(t, ">en (2 games)</text>"));
	ck_assert_ptr_nonnull(strstr(t, ">da (6 games)</text>"));
	/* A bar a letter with tiles and a set, and the legend's swatch;
	 * da's own letters after en's Z. */
	for (int i = 0; i < 2; i++)
		for (int l = 0; l <= m.r[i].nletters; l++)
			want[i] += m.r[i].counts[l] > 0;
	for (p = t; (p = strstr(p, "fill=\"#3b6ea8\"/>")) != NULL; p++)
		bars[0]++;
	for (p = t; (p = strstr(p, "fill=\"#e07b1f\"/>")) != NULL; p++)
		bars[1]++;
	ck_assert_int_eq(want[0], 27);
	ck_assert_int_eq(bars[0], 27 + 1);
	ck_assert_int_eq(bars[1], want[1] + 1);
	z = strstr(t, ">Z</text>");
	ae = strstr(t, ">\xc3\x86</text>");   /* Æ */
	ck_assert_ptr_nonnull(z);
	ck_assert_ptr_nonnull(ae);
	ck_assert_msg(z < ae, "Æ before Z");
	ck_assert_str_eq(t + strlen(t) - 7, "</svg>\n");
	fclose(out);
}
END_TEST

static Suite *
stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *sums = tcase_create("sums"), *file = tcase_create("file");
	TCase *out = tcase_create("output");

	tcase_add_test(sums, acc_merge_is_one_pass);
	tcase_add_test(sums, mean_ci_by_hand);
	tcase_add_test(sums, wilson_by_hand);
	tcase_add_test(sums, game_sums_and_merge);
	tcase_add_test(sums, merge_overflow_refused);
	tcase_add_test(file, file_round_trip);
	tcase_add_test(file, malformed_refused);
	tcase_add_test(file, origin_round_trip_and_clash);
	tcase_add_test(file, sets_by_ruleset);
	tcase_add_test(file, sets_load_and_one);
	tcase_add_test(out, table_by_hand);
	tcase_add_test(out, plot_letters);
	tcase_add_test(out, two_sets_out);
	suite_add_tcase(s, sums);
	suite_add_tcase(s, file);
	suite_add_tcase(s, out);
	return s;
}

int
main(void)
{
	return test_run(stats_suite());
}
