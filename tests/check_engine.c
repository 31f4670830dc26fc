/* check_engine.c — a ruleset's lexicon, leaves, generator and robot in one
 * handle (engine.h): what opens, what is refused with which message, the
 * bag and equity of a turn, and self-play. */
#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "testutil.h"
#include "board.h"
#include "engine.h"
#include "klv.h"
#include "lex.h"
#include "rules.h"

/* A lexicon of ruleset v's alphabet with words, written to a temporary
 * file whose name goes to path. */
static void
lex_file(const char *v, const char *const *words, char *path, size_t cap)
{
	const struct rules *r = rules_builtin(v);
	struct lex *lex = test_lex_from_words(r, words);
	struct err e;
	FILE *fp;
	int fd;

	snprintf(path, cap, "/tmp/check_engine_XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	fp = fdopen(fd, "w");
	ck_assert_ptr_nonnull(fp);
	ck_assert_msg(lex_write(lex, fp, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(fclose(fp), 0);
	lex_destroy(lex);
}

static const char *const en_words[] = { "CAB", "AB", "BA", "AD", "BAD",
    "CAD", "DAB", "FAD", "FAB", "BE", "BED", "FED", "FEED", "DEAF", NULL };

START_TEST(open_and_close)
{
	struct engine en;
	struct engine_opts eo = { NULL, NULL, NULL, NULL, -1, NULL };
	char path[64];
	struct err e;

	lex_file("en", en_words, path, sizeof path);
	eo.lexicon = path;
	ck_assert_int_eq(engine_open(&en, rules_builtin("en"), &eo, &e), 0);
	ck_assert_str_eq(en.rules.name, "en");
	ck_assert_ptr_nonnull(en.lex);
	ck_assert_ptr_nonnull(en.gen);
	ck_assert_ptr_null(en.robot);
	ck_assert_ptr_null(en.leaves);
	engine_close(&en);
	ck_assert_ptr_null(en.lex);
	engine_close(&en);                  /* twice is harmless */
	eo.robot = ROBOT_EQUITY;
	ck_assert_int_eq(engine_open(&en, rules_builtin("en"), &eo, &e), 0);
	ck_assert_ptr_nonnull(en.robot);
	engine_close(&en);
	unlink(path);
}
END_TEST

/* Each file that cannot be used is named; a lexicon of another alphabet
 * is refused: da's, even of words whose tiles en has too (lex_load itself
 * refuses tiles past the ruleset's letters). */
START_TEST(refusals)
{
	static const char *const da_words[] = { "AB", "BA", NULL };
	struct engine en;
	struct engine_opts eo = { NULL, NULL, NULL, NULL, -1, NULL };
	char path[64], nopath[64], want[160];
	struct err e;

	lex_file("en", en_words, path, sizeof path);
	lex_file("da", da_words, nopath, sizeof nopath);
	eo.lexicon = "/nonexistent/x.lex";
	ck_assert_int_eq(engine_open(&en, rules_builtin("en"), &eo, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "/nonexistent/x.lex"));
	ck_assert_ptr_null(en.lex);
	eo.lexicon = nopath;
	ck_assert_int_eq(engine_open(&en, rules_builtin("en"), &eo, &e), -1);
	snprintf(want, sizeof want, "%s: lexicon for ruleset da, not en", nopath);
	ck_assert_str_eq(e.msg, want);
	eo.lexicon = path;
	eo.vocab = "/nonexistent/v.lex";
	ck_assert_int_eq(engine_open(&en, rules_builtin("en"), &eo, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "/nonexistent/v.lex"));
	eo.vocab = NULL;
	eo.leaves_path = "/nonexistent/l.klv2";
	ck_assert_int_eq(engine_open(&en, rules_builtin("en"), &eo, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "/nonexistent/l.klv2"));
	unlink(path);
	unlink(nopath);
}
END_TEST

/* The bag of a turn: 100 tiles less ABCDEFG and an unknown (full) rack,
 * 86; the equity only with a table.  A rack of two Z (en has one) is
 * refused with position_check_tiles' message. */
START_TEST(prepare_a_turn)
{
	const struct rules *r = rules_builtin("en");
	struct engine en;
	struct engine_opts eo = { NULL, NULL, NULL, NULL, -1, NULL };
	const struct equity *eq;
	struct position p;
	struct klv *k;
	struct err e;
	char path[64];
	int bag;

	lex_file("en", en_words, path, sizeof path);
	eo.lexicon = path;
	ck_assert_int_eq(engine_open(&en, r, &eo, &e), 0);
	position_init(&p, r);
	ck_assert_int_eq(rules_rack_parse(r, "ABCDEFG", 7, p.racks[0], &e), 7);
	p.rack_known[1] = 0;
	ck_assert_int_eq(engine_prepare(&en, &p, &bag, &eq, &e), 0);
	ck_assert_int_eq(bag, 86);
	ck_assert_ptr_null(eq);
	engine_close(&en);
	k = klv_build(r, 2, &e);
	ck_assert_ptr_nonnull(k);
	eo.leaves = k;
	ck_assert_int_eq(engine_open(&en, r, &eo, &e), 0);
	ck_assert_ptr_eq(en.leaves, k);
	ck_assert_int_eq(engine_prepare(&en, &p, &bag, &eq, &e), 0);
	ck_assert_ptr_eq(eq, &en.eq);
	ck_assert_int_eq(eq->bag_count, 86);
	ck_assert_int_eq(rules_rack_parse(r, "ZZ", 2, p.racks[0], &e), 2);
	ck_assert_int_eq(engine_prepare(&en, &p, &bag, &eq, &e), -1);
	ck_assert_msg(strncmp(e.msg, "too many Z", 10) == 0, "%s", e.msg);
	engine_close(&en);
	klv_destroy(k);
	unlink(path);
}
END_TEST

/* Self-play: Fullsterkur is made when the engine has no robot; the same
 * seed gives the same positions; fn's nonzero return stops. */
struct trace {
	char *text;
	size_t len;
	FILE *fp;
	int turns, stop_at;
};

static int
note(const struct position *p, int bag, void *arg)
{
	struct trace *t = arg;

	fprintf(t->fp, "%d %d %d %d/%d\n", p->to_move, bag, p->board.ntiles,
	    p->scores[0], p->scores[1]);
	return ++t->turns == t->stop_at ? 5 : 0;
}

static void
play(struct engine *en, uint64_t seed, int stop_at, struct trace *t)
{
	struct rng rng;
	struct err e;
	int rc;

	memset(t, 0, sizeof *t);
	t->stop_at = stop_at;
	t->fp = open_memstream(&t->text, &t->len);
	ck_assert_ptr_nonnull(t->fp);
	rng_seed(&rng, 1);
	rc = engine_selfplay(en, 2, seed, &rng, note, t, &e);
	fclose(t->fp);
	ck_assert_int_eq(rc, stop_at ? 5 : 0);
}

START_TEST(selfplay)
{
	struct engine en;
	struct engine_opts eo = { NULL, NULL, NULL, NULL, -1, NULL };
	struct trace a, b;
	char path[64];
	struct err e;

	lex_file("en", en_words, path, sizeof path);
	eo.lexicon = path;
	ck_assert_int_eq(engine_open(&en, rules_builtin("en"), &eo, &e), 0);
	play(&en, 7, 0, &a);
	ck_assert_ptr_nonnull(en.robot);
	play(&en, 7, 0, &b);
	ck_assert_int_gt(a.turns, 2);
	ck_assert_str_eq(a.text, b.text);
	/* The first turn of a game: player 0, the bag less two racks. */
	ck_assert_msg(strncmp(a.text, "0 86 0 0/0\n", 11) == 0, "%s", a.text);
	free(b.text);
	play(&en, 7, 2, &b);
	ck_assert_int_eq(b.turns, 2);
	ck_assert_int_eq(strncmp(a.text, b.text, strlen(b.text)), 0);
	free(a.text);
	free(b.text);
	engine_close(&en);
	unlink(path);
}
END_TEST

static Suite *
engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("engine");

	tcase_add_test(tc, open_and_close);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, prepare_a_turn);
	tcase_add_test(tc, selfplay);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(engine_suite());
}
