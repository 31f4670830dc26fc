/*
 * check_report.c — a game's analysis as an HTML page (report.h).
 *
 * en-public.gcg analysed on the default English lexicon (check_analyse
 * works its first turn out by hand: 8F LOCH 18, rank 71 of 447, 8G PLANCH
 * 34 best, 16 lost); the page must carry those figures, one board a turn,
 * the players' sums, and be well-formed XML (xmllint, installed by make
 * setup).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "testutil.h"
#include "analyse.h"
#include "gcg.h"
#include "gen.h"
#include "report.h"

struct run {
	struct report *rp;
	long turns;
};

static int
add_turn(const struct analyse_turn *t, void *arg)
{
	struct run *r = arg;
	struct err e;

	ck_assert_int_eq(report_add(r->rp, t, &e), 0);
	r->turns++;
	return 0;
}

static long
count(const char *s, const char *what)
{
	long n = 0;

	while ((s = strstr(s, what)) != NULL) {
		n++;
		s += strlen(what);
	}
	return n;
}

START_TEST(public_game_page)
{
	const struct rules *r = rules_builtin("en");
	const char *path = "tests/data/gcg/en-public.gcg";
	struct lex *lex = test_default_lex(r, "en", "check_report");
	struct gcg_reader *rd;
	struct gcg_game *g;
	struct gen *gen;
	struct analyse a;
	struct run run = { NULL, 0 };
	struct err e;
	char *page = NULL, tmp[] = "/tmp/check_reportXXXXXX", cmd[128];
	size_t len = 0;
	FILE *fp, *in;
	int fd;

	if (lex == NULL)
		return;
	if ((in = fopen(path, "r")) == NULL) {
		fprintf(stderr, "SKIP %s: run from the top directory\n", path);
		lex_destroy(lex);
		return;
	}
	rd = gcg_reader_open(in, path, NULL, &e);
	ck_assert_ptr_nonnull(rd);
	ck_assert_int_eq(gcg_read(rd, &g, &e), 1);
	gen = gen_create(&g->rules, lex, &e);
	ck_assert_ptr_nonnull(gen);
	memset(&a, 0, sizeof a);
	a.rules = &g->rules;
	a.lex = lex;
	a.gen = gen;
	run.rp = report_create(g, "en-public.gcg", &a, &e);
	ck_assert_ptr_nonnull(run.rp);
	ck_assert_int_eq(analyse_game(&a, g, add_turn, &run, &e), 0);

	fp = open_memstream(&page, &len);
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(report_write(run.rp, g->totals, fp, &e), 0);
	fclose(fp);
	/* One board a turn, each linked from its row and its bar. */
	ck_assert_int_eq(count(page, "<section class=\"turn\""), run.turns);
	ck_assert_int_eq(count(page, "<tr class="), run.turns);
	ck_assert_int_ge(run.turns, 40);
	/* Turn 1's row, by hand; the title and the sums. */
	ck_assert_ptr_nonnull(strstr(page, "<td>8F LOCH</td><td class=\"n\">18"
	    "</td><td class=\"n rank\">71 of 447</td><td>8G PLANCH</td>"
	    "<td class=\"n\">34</td><td class=\"n lost\">16</td>"));
	ck_assert_ptr_nonnull(strstr(page, "<h1>alice 268 \xe2\x80\x93 bob 279"
	    "</h1>"));
	ck_assert_ptr_nonnull(strstr(page, "moves valued by score"));
	{
		char want[160];

		snprintf(want, sizeof want, "</td><td class=\"n\">268</td><td "
		    "class=\"n\">%ld</td><td class=\"n\">%ld</td><td class=\"n\">"
		    "%lld</td>", a.players[0].moves, a.players[0].best,
		    (long long)(a.players[0].lost / 1000));
		ck_assert_msg(strstr(page, want) != NULL, "%s", want);
	}
	/* Turn 6, bob's phony 8K TE, withdrawn after the challenge: a turn
	 * of 0 points, marked so, not a phony that stood. */
	ck_assert_ptr_nonnull(strstr(page, "<td>8K TE</td><td class=\"n\">0"
	    "</td><td class=\"n rank\">withdrawn</td>"));
	/* The charts' legends stand in the margin above the plot (its top
	 * at y 34), where no bar reaches: every legend swatch ends above it,
	 * every bar starts at or below it. */
	{
		const char *q = page;
		int swatches = 0, bars = 0;
		double y;

		while ((q = strstr(q, "width=\"13\" height=\"13\"")) != NULL) {
			ck_assert_ptr_nonnull(strstr(q - 24, "y=\"9\" width"));
			swatches++;
			q++;
		}
		for (q = page; (q = strstr(q, "<a href=\"#t")) != NULL; q++) {
			q = strchr(q, '>');
			if (strncmp(q, "><rect x=\"", 10) != 0)
				continue;               /* not a bar */
			ck_assert_int_eq(sscanf(strstr(q, "y=\""), "y=\"%lf", &y),
			    1);
			ck_assert_msg(y >= 34.0, "a bar from y %.1f", y);
			bars++;
		}
		ck_assert_int_eq(swatches, 4);          /* two charts, two nicks */
		ck_assert_int_ge(bars, 40);
	}
	/* Self-contained: one inline script, nothing fetched. */
	ck_assert_int_eq(count(page, "<script"), 1);
	ck_assert_ptr_nonnull(strstr(page, "<script>//<![CDATA["));
	ck_assert_ptr_null(strstr(page, " src="));
	ck_assert_ptr_null(strstr(page, "href=\"http"));
	/* The lexicon a phony is judged by, a phone's viewport. */
	ck_assert_ptr_nonnull(strstr(page, "lexicon -"));
	ck_assert_ptr_nonnull(strstr(page, "name=\"viewport\""));
	/* Well-formed, by a real parser. */
	fd = mkstemp(tmp);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, page, len), (ssize_t)len);
	close(fd);
	snprintf(cmd, sizeof cmd, "xmllint --noout %s", tmp);
	ck_assert_msg(system(cmd) == 0, "%s: not well-formed (or xmllint "
	    "missing: make setup installs libxml2-utils)", tmp);
	unlink(tmp);

	free(page);
	report_destroy(run.rp);
	gen_destroy(gen);
	gcg_game_destroy(g);
	gcg_reader_close(rd);
	fclose(in);
	lex_destroy(lex);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, public_game_page);
	suite_add_tcase(s, tc);
	return test_run(s);
}
