/* check_movelist.c — a position's move list as sorted rows and its
 * writers (movelist.h), and the JSON pieces they use (json.h). */
#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "board.h"
#include "equity.h"
#include "gen.h"
#include "json.h"
#include "klv.h"
#include "lex.h"
#include "movelist.h"
#include "rules.h"

/* The lexicon CAB, AB, BA and the empty board, ABCDEFG to move, the other
 * rack unknown.  By hand: CAB at 8F, 8G, 8H through the star, (3 + 1 + 3)
 * x 2 = 14, keeping DEFG; AB and BA at 8G and 8H, (1 + 3) x 2 = 8; the
 * 127 exchanges of seven distinct tiles and the pass, 0.  135 moves. */
struct fixture {
	const struct rules *r;
	struct lex *lex;
	struct gen *gen;
	struct position p;
	const struct move *moves;
	long n;
};

static void
fixture_open(struct fixture *f)
{
	static const char *const words[] = { "CAB", "AB", "BA", NULL };
	struct err e;

	f->r = rules_builtin("en");
	f->lex = test_lex_from_words(f->r, words);
	f->gen = gen_create(f->r, f->lex, &e);
	ck_assert_ptr_nonnull(f->gen);
	position_init(&f->p, f->r);
	ck_assert_int_eq(rules_rack_parse(f->r, "ABCDEFG", 7, f->p.racks[0], &e),
	    7);
	f->p.rack_known[1] = 0;
	f->n = gen_all(f->gen, &f->p, 86, GEN_ALL, &e);
	ck_assert_int_eq(f->n, 135);
	f->moves = gen_moves(f->gen);
}

static void
fixture_close(struct fixture *f)
{
	gen_destroy(f->gen);
	lex_destroy(f->lex);
}

/* By score: the three CABs in notation order, then AB and BA, then the
 * zero-point moves in notation order, the pass ("-") first. */
START_TEST(sorted_by_score)
{
	static const char *const first[] = { "8F CAB", "8G CAB", "8H CAB",
	    "8G AB", "8G BA", "8H AB", "8H BA", "-" };
	struct fixture f;
	struct movelist ml;
	struct err e;
	long i;

	fixture_open(&f);
	movelist_init(&ml);
	ck_assert_int_eq(movelist_build(&ml, f.r, &f.p, f.moves, f.n, NULL, 0,
	    &e), 0);
	ck_assert_int_eq(ml.n, 135);
	ck_assert_int_eq(ml.placements, 7);
	ck_assert_int_eq(ml.exchanges, 127);
	ck_assert_int_eq(ml.passes, 1);
	for (i = 0; i < 8; i++)
		ck_assert_str_eq(ml.rows[i].text, first[i]);
	ck_assert_int_eq(ml.rows[0].score, 14);
	ck_assert_int_eq(ml.rows[0].equity, 14000);
	ck_assert_str_eq(ml.rows[0].leave, "DEFG");
	ck_assert_str_eq(ml.rows[3].leave, "CDEFG");
	ck_assert_str_eq(ml.rows[7].leave, "ABCDEFG");
	ck_assert_str_eq(ml.rows[8].text, "-A");
	ck_assert_str_eq(ml.rows[134].text, "-G");
	/* Best first throughout: score down, then notation up. */
	for (i = 1; i < ml.n; i++)
		ck_assert(ml.rows[i - 1].score > ml.rows[i].score ||
		    (ml.rows[i - 1].score == ml.rows[i].score &&
		    strcmp(ml.rows[i - 1].text, ml.rows[i].text) < 0));
	/* Every move once, by its index. */
	{
		char *seen = calloc((size_t)f.n, 1);

		ck_assert_ptr_nonnull(seen);
		for (i = 0; i < ml.n; i++) {
			ck_assert_int_eq(seen[ml.rows[i].idx], 0);
			seen[ml.rows[i].idx] = 1;
			ck_assert_int_eq(ml.rows[i].score,
			    f.moves[ml.rows[i].idx].score);
		}
		free(seen);
	}
	movelist_free(&ml);
	ck_assert_ptr_null(ml.rows);
	fixture_close(&f);
}
END_TEST

/* By equity, with a table of the leaves of one or two tiles, all 0 but a
 * lone G (10 points): the CABs (14.000, keeping DEFG: not in the table),
 * then the exchange of ABCDEF that keeps the G (10.000), then AB and BA
 * (8.000). */
START_TEST(sorted_by_equity)
{
	uint8_t leave[RULES_MAX_TILES] = { 0 };
	struct fixture f;
	struct movelist ml = { 0 };
	struct equity eq;
	struct klv *k;
	struct err e;

	fixture_open(&f);
	k = klv_build(f.r, 2, &e);
	ck_assert_ptr_nonnull(k);
	leave[7] = 1;
	klv_values(k)[klv_index(k, leave)] = 10000;
	ck_assert_int_eq(equity_prepare(&eq, f.r, k, &f.p, 86, &e), 0);
	ck_assert_int_eq(movelist_build(&ml, f.r, &f.p, f.moves, f.n, &eq, 1,
	    &e), 0);
	ck_assert_str_eq(ml.rows[2].text, "8H CAB");
	ck_assert_str_eq(ml.rows[3].text, "-ABCDEF");
	ck_assert_str_eq(ml.rows[3].leave, "G");
	ck_assert_int_eq(ml.rows[3].equity, 10000);
	ck_assert_int_eq(ml.rows[3].score, 0);
	ck_assert_str_eq(ml.rows[4].text, "8G AB");
	ck_assert_int_eq(ml.rows[4].equity, 8000);
	/* By score with the same equities: the exchange falls back among
	 * the zeros, its equity still shown. */
	ck_assert_int_eq(movelist_build(&ml, f.r, &f.p, f.moves, f.n, &eq, 0,
	    &e), 0);
	ck_assert_str_eq(ml.rows[3].text, "8G AB");
	movelist_free(&ml);
	klv_destroy(k);
	fixture_close(&f);
}
END_TEST

static char *
written(FILE *fp, char **buf)
{
	fclose(fp);
	return *buf;
}

/* The writers, text and JSON. */
START_TEST(writers)
{
	struct fixture f;
	struct movelist ml = { 0 };
	struct movelist_row rw;
	struct err e;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	fixture_open(&f);
	ck_assert_int_eq(movelist_build(&ml, f.r, &f.p, f.moves, f.n, NULL, 0,
	    &e), 0);
	fp = open_memstream(&buf, &len);
	movelist_write(fp, &ml, 2, "CGP", 0);
	ck_assert_str_eq(written(fp, &buf),
	    "8F CAB\t14\tDEFG\n8G CAB\t14\tDEFG\n\n");
	free(buf);
	fp = open_memstream(&buf, &len);
	movelist_write(fp, &ml, 1, "a\"b", MOVELIST_JSON | MOVELIST_EQUITY);
	ck_assert_str_eq(written(fp, &buf),
	    "{\"cgp\":\"a\\\"b\",\"placements\":7,\"exchanges\":127,\"passes\":1,"
	    "\"moves\":[{\"move\":\"8F CAB\",\"score\":14,\"leave\":\"DEFG\","
	    "\"equity\":14.000}]}\n");
	free(buf);
	fp = open_memstream(&buf, &len);
	movelist_write_counts(fp, &ml, "CGP", 0);
	movelist_write_counts(fp, &ml, NULL, MOVELIST_JSON);
	ck_assert_str_eq(written(fp, &buf), "7\t127\t1\t135\n"
	    "{\"placements\":7,\"exchanges\":127,\"passes\":1,\"total\":135}\n");
	free(buf);
	movelist_row(&rw, f.r, &f.p, &f.moves[ml.rows[3].idx], 0, NULL);
	fp = open_memstream(&buf, &len);
	movelist_write_choice(fp, &rw, "fullsterkur", MOVELIST_EQUITY);
	movelist_write_choice(fp, &rw, "fullsterkur", MOVELIST_JSON);
	ck_assert_str_eq(written(fp, &buf), "8G AB\t8\tCDEFG\t8.000\n"
	    "{\"robot\":\"fullsterkur\",\"choice\":{\"move\":\"8G AB\",\"score\":8,"
	    "\"leave\":\"CDEFG\"}}\n");
	free(buf);
	movelist_free(&ml);
	fixture_close(&f);
}
END_TEST

/* JSON strings and millipoints. */
START_TEST(json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	json_write_str(fp, "Bjørn \"B\" \\ \t\x01");
	putc(' ', fp);
	json_write_millis(fp, 0);
	putc(' ', fp);
	json_write_millis(fp, -1250);
	putc(' ', fp);
	json_write_millis(fp, 16000);
	putc(' ', fp);
	json_write_millis(fp, -7);
	putc(' ', fp);
	json_write_millis(fp, INT64_MIN);
	ck_assert_str_eq(written(fp, &buf),
	    "\"Bjørn \\\"B\\\" \\\\ \\u0009\\u0001\" 0.000 -1.250 16.000 -0.007 "
	    "-9223372036854775.808");
	free(buf);
}
END_TEST

static Suite *
movelist_suite(void)
{
	Suite *s = suite_create("movelist");
	TCase *tc = tcase_create("rows");

	tcase_add_test(tc, sorted_by_score);
	tcase_add_test(tc, sorted_by_equity);
	tcase_add_test(tc, writers);
	tcase_add_test(tc, json);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(movelist_suite());
}
