/* check_tool.c — the tools' support module: numbers, lines, errors. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "err.h"
#include "tool.h"

START_TEST(parse_long_ranges)
{
	long v = -1;

	ck_assert_int_eq(tool_parse_long("42", 0, 100, &v), 0);
	ck_assert_int_eq(v, 42);
	ck_assert_int_eq(tool_parse_long("101", 0, 100, &v), -1);
	ck_assert_int_eq(tool_parse_long("-1", 0, 100, &v), -1);
	ck_assert_int_eq(tool_parse_long("4x", 0, 100, &v), -1);
	ck_assert_int_eq(tool_parse_long("", 0, 100, &v), -1);
	ck_assert_int_eq(tool_parse_long("99999999999999999999999", 0, 100, &v), -1);
}
END_TEST

START_TEST(readline_crlf_and_last_line)
{
	const char text[] = "one\r\ntwo\n\nthree";
	FILE *fp = fmemopen((void *)text, sizeof text - 1, "r");
	struct tool_lines l;

	ck_assert_ptr_nonnull(fp);
	tool_lines_init(&l, fp, "mem");
	ck_assert_int_eq(tool_readline(&l), 3);
	ck_assert_str_eq(l.buf, "one");
	ck_assert_int_eq(tool_readline(&l), 3);
	ck_assert_str_eq(l.buf, "two");
	ck_assert_int_eq(tool_readline(&l), 0);
	ck_assert_int_eq(tool_readline(&l), 5);
	ck_assert_str_eq(l.buf, "three");
	ck_assert_int_eq(l.lineno, 4);
	ck_assert_int_eq(tool_readline(&l), -1);
	tool_lines_free(&l);
	fclose(fp);
}
END_TEST

START_TEST(readline_huge_line_skipped)
{
	size_t n = (size_t)TOOL_LINE_MAX + 100;
	char *text = malloc(n + 8);
	FILE *fp;
	struct tool_lines l;

	ck_assert_ptr_nonnull(text);
	memset(text, 'x', n);
	memcpy(text + n, "\nok\n", 4);
	fp = fmemopen(text, n + 4, "r");
	tool_lines_init(&l, fp, "mem");
	ck_assert_int_eq(tool_readline(&l), -3);
	ck_assert_int_eq(tool_readline(&l), 2);
	ck_assert_str_eq(l.buf, "ok");
	ck_assert_int_eq(l.lineno, 2);
	tool_lines_free(&l);
	fclose(fp);
	free(text);
}
END_TEST

START_TEST(err_truncates)
{
	struct err e;
	char big[600];

	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	err_set(&e, 7, "%s", big);
	ck_assert_int_eq(e.line, 7);
	ck_assert_uint_eq(strlen(e.msg), ERR_MSG_MAX - 1);
	err_set(NULL, 1, "ignored");
}
END_TEST

/* A loader's error passed on names its file once. */
START_TEST(err_names_file)
{
	struct err ie, e;

	err_set(&ie, 3, "bad node count 9");
	err_file(&e, "t.klv2", &ie);
	ck_assert_str_eq(e.msg, "t.klv2: bad node count 9");
	ck_assert_int_eq(e.line, 0);
	err_set(&ie, 0, "t.klv2: cannot open");
	err_file(&e, "t.klv2", &ie);
	ck_assert_str_eq(e.msg, "t.klv2: cannot open");
}
END_TEST

START_TEST(numbered_names)
{
	char out[32];

	ck_assert_int_eq(tool_numbered_name("turn-%03d.svg", 7, out, sizeof out), 1);
	ck_assert_str_eq(out, "turn-007.svg");
	ck_assert_int_eq(tool_numbered_name("t%d", 1234, out, sizeof out), 1);
	ck_assert_str_eq(out, "t1234");
	ck_assert_int_eq(tool_numbered_name("100%%-%d", 5, out, sizeof out), 1);
	ck_assert_str_eq(out, "100%-5");
	ck_assert_int_eq(tool_numbered_name("board.svg", 5, out, sizeof out), 0);
	ck_assert_str_eq(out, "board.svg");
	/* Anything but one number is refused: a user's %s must never reach
	 * printf. */
	ck_assert_int_eq(tool_numbered_name("a%s", 5, out, sizeof out), -1);
	ck_assert_int_eq(tool_numbered_name("%d-%d", 5, out, sizeof out), -1);
	ck_assert_int_eq(tool_numbered_name("x%", 5, out, sizeof out), -1);
	ck_assert_int_eq(tool_numbered_name("turn-%03d.svg", 7, out, 8), -1);
}
END_TEST

START_TEST(colour_choice)
{
	FILE *fp = tmpfile();

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(tool_colour(fp, "always"), 1);
	ck_assert_int_eq(tool_colour(fp, "never"), 0);
	ck_assert_int_eq(tool_colour(fp, "auto"), 0);   /* not a terminal */
	ck_assert_int_eq(tool_colour(fp, NULL), 0);
	ck_assert_int_eq(tool_colour(fp, "sometimes"), -1);
	fclose(fp);
}
END_TEST

/* A finished write is renamed over its path; a failed one leaves
 * neither the path nor a temporary beside it. */
START_TEST(atomic_finish)
{
	char dir[] = "/tmp/check_tool_XXXXXX", path[64], buf[16] = "";
	struct tool_atomic a;
	struct err e;
	FILE *fp;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/out", dir);
	fp = tool_atomic_open(&a, path);
	ck_assert_ptr_nonnull(fp);
	fputs("done\n", fp);
	ck_assert_int_eq(tool_atomic_finish(&a, 0, NULL), 0);
	fp = fopen(path, "r");
	ck_assert_ptr_nonnull(fgets(buf, sizeof buf, fp));
	fclose(fp);
	ck_assert_str_eq(buf, "done\n");
	ck_assert_int_eq(unlink(path), 0);
	fp = tool_atomic_open(&a, path);
	ck_assert_ptr_nonnull(fp);
	fputs("half", fp);
	err_set(&e, 0, "the writer failed");
	ck_assert_int_eq(tool_atomic_finish(&a, -1, &e), -1);
	ck_assert_int_eq(access(path, F_OK), -1);
	ck_assert_int_eq(rmdir(dir), 0);    /* empty: no temporary left */
}
END_TEST

/* SIGINT sets the flag and no longer ends the process; the clocks run
 * forward. */
START_TEST(sigint_and_clocks)
{
	volatile sig_atomic_t *flag = tool_catch_sigint();
	double t0 = tool_seconds(CLOCK_MONOTONIC);
	double c0 = tool_seconds(CLOCK_PROCESS_CPUTIME_ID);
	volatile unsigned long spin = 0;

	ck_assert_int_eq(*flag, 0);
	ck_assert_int_eq(raise(SIGINT), 0);
	ck_assert_int_eq(*flag, 1);
	*flag = 0;
	ck_assert(t0 > 0);
	while (tool_seconds(CLOCK_PROCESS_CPUTIME_ID) <= c0)
		spin++;
	ck_assert(tool_seconds(CLOCK_MONOTONIC) >= t0);
	signal(SIGINT, SIG_DFL);
}
END_TEST

/* A command's options: its entries in order, its option string, and
 * getopt_long over them (an abbreviation, a long option alone, another
 * command's option refused). */
START_TEST(command_options)
{
	enum { ONE = 1, TWO = 2 };
	static const struct tool_option opts[] = {
		{ { "count", required_argument, NULL, 'n' }, ONE },
		{ { "help", no_argument, NULL, 'h' }, ONE | TWO },
		{ { "out", required_argument, NULL, 'o' }, TWO },
		{ { "seed", required_argument, NULL, 's' }, ONE | TWO },
		{ { "seat1", required_argument, NULL, 1001 }, ONE },
	};
	struct option lo[6];
	char optstring[11], a0[] = "x", a1[] = "--co", a2[] = "5",
	    a3[] = "--seat1=f", a4[] = "-hs9", a5[] = "--out", a6[] = "o";
	char *argv[] = { a0, a1, a2, a3, a4, a5, a6, NULL };
	int got[8], n = 0, c;

	tool_options(opts, 5, ONE, lo, optstring);
	ck_assert_str_eq(optstring, "n:hs:");
	ck_assert_str_eq(lo[0].name, "count");
	ck_assert_str_eq(lo[2].name, "seed");
	ck_assert_int_eq(lo[3].val, 1001);
	ck_assert_ptr_null(lo[4].name);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(7, argv, optstring, lo, NULL)) != -1 && n < 8)
		got[n++] = c;
	ck_assert_int_eq(n, 5);
	ck_assert_int_eq(got[0], 'n');
	ck_assert_int_eq(got[1], 1001);
	ck_assert_int_eq(got[2], 'h');
	ck_assert_int_eq(got[3], 's');
	ck_assert_int_eq(got[4], '?');     /* --out is TWO's */
	tool_options(opts, 5, TWO, lo, optstring);
	ck_assert_str_eq(optstring, "ho:s:");
	ck_assert_str_eq(lo[1].name, "out");
	ck_assert_ptr_null(lo[3].name);
	opterr = 1;
	optind = 1;
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("tool");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parse_long_ranges);
	tcase_add_test(tc, readline_crlf_and_last_line);
	tcase_add_test(tc, readline_huge_line_skipped);
	tcase_add_test(tc, err_truncates);
	tcase_add_test(tc, err_names_file);
	tcase_add_test(tc, numbered_names);
	tcase_add_test(tc, colour_choice);
	tcase_add_test(tc, atomic_finish);
	tcase_add_test(tc, sigint_and_clocks);
	tcase_add_test(tc, command_options);
	suite_add_tcase(s, tc);
	return test_run(s);
}
