/* check_tool.c — the tools' support module: numbers, lines, errors,
 * buffered output, whole files and lexicons. */
/* check_tool.c — the tools' support module: numbers, lines, errors. */
/* posix_openpt and its kin are X/Open */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include "testutil.h"
#include "err.h"
#include "lex.h"
#include "rules.h"
#include "tool.h"
#include "tool_opt.h"

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

/* fd_of: a temporary file holding text[0..n), opened for reading. */
static int
fd_of(const char *text, size_t n)
{
	char path[] = "/tmp/check_tool.XXXXXX";
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(write(fd, text, n), (ssize_t)n);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	return fd;
}

START_TEST(fdline_crlf_and_limits)
{
	/* max 5: "12345" fits, "1234\r" is 5 with its CR, "123456" is over,
	 * "1234\r\r" too. */
	const char text[] = "one\r\n\n12345\n1234\r\n123456\n1234\r\r\nlast";
	int fd = fd_of(text, sizeof text - 1);
	struct tool_fdlines r;
	char *line;
	FILE *dir;

	tool_fdlines_init(&r, fd, "mem", 5);
	ck_assert_int_eq(tool_fdline(&r, &line), 3);
	ck_assert_str_eq(line, "one");
	ck_assert_int_eq(tool_fdline(&r, &line), 0);
	ck_assert_str_eq(line, "");
	ck_assert_int_eq(tool_fdline(&r, &line), 5);
	ck_assert_str_eq(line, "12345");
	ck_assert_int_eq(tool_fdline(&r, &line), 4);
	ck_assert_str_eq(line, "1234");
	ck_assert_int_eq(tool_fdline(&r, &line), -3);
	ck_assert_int_eq(r.lineno, 5);
	ck_assert_int_eq(tool_fdline(&r, &line), -3);
	ck_assert_int_eq(tool_fdline(&r, &line), 4);
	ck_assert_str_eq(line, "last");
	ck_assert_int_eq(r.lineno, 7);
	ck_assert_int_eq(tool_fdline(&r, &line), -1);
	tool_fdlines_free(&r);
	close(fd);
	dir = fopen("/tmp", "r");               /* a directory: EISDIR */
	ck_assert_ptr_nonnull(dir);
	tool_fdlines_init(&r, fileno(dir), "dir", 5);
	ck_assert_int_eq(tool_fdline(&r, &line), -2);
	tool_fdlines_free(&r);
	fclose(dir);
}
END_TEST

/* Lines longer than a read (1 MiB): skipped across reads, in the middle
 * and at the end without a line end. */
START_TEST(fdline_long_lines_across_reads)
{
	size_t big = 3u << 20, n = 0;
	char *text = malloc(2 * big + 16);
	struct tool_fdlines r;
	char *line;
	int fd;

	ck_assert_ptr_nonnull(text);
	memcpy(text, "a\n", 2);
	n = 2;
	memset(text + n, 'x', big);
	n += big;
	memcpy(text + n, "\nok\n", 4);
	n += 4;
	memset(text + n, 'y', big);
	n += big;
	fd = fd_of(text, n);
	tool_fdlines_init(&r, fd, "mem", 65536);
	ck_assert_int_eq(tool_fdline(&r, &line), 1);
	ck_assert_int_eq(tool_fdline(&r, &line), -3);
	ck_assert_int_eq(tool_fdline(&r, &line), 2);
	ck_assert_str_eq(line, "ok");
	ck_assert_int_eq(r.lineno, 3);
	ck_assert_int_eq(tool_fdline(&r, &line), -3);
	ck_assert_int_eq(r.lineno, 4);
	ck_assert_int_eq(tool_fdline(&r, &line), -1);
	tool_fdlines_free(&r);
	close(fd);
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

/* On a terminal (a pseudo-terminal here), auto colours unless NO_COLOR
 * is set and not empty or TERM is dumb; always and never win over both. */
START_TEST(colour_on_a_terminal)
{
	int master = posix_openpt(O_RDWR | O_NOCTTY), slave;
	FILE *fp;

	if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0 ||
	    (slave = open(ptsname(master), O_RDWR | O_NOCTTY)) < 0) {
		fprintf(stderr, "SKIP colour_on_a_terminal: no pseudo-terminal\n");
		if (master >= 0)
			close(master);
		return;
	}
	fp = fdopen(slave, "w");
	ck_assert_ptr_nonnull(fp);
	unsetenv("NO_COLOR");
	setenv("TERM", "xterm-256color", 1);
	ck_assert_int_eq(tool_colour(fp, "auto"), 1);
	setenv("NO_COLOR", "", 1);
	ck_assert_int_eq(tool_colour(fp, NULL), 1);
	setenv("NO_COLOR", "1", 1);
	ck_assert_int_eq(tool_colour(fp, "auto"), 0);
	ck_assert_int_eq(tool_colour(fp, "always"), 1);
	unsetenv("NO_COLOR");
	setenv("TERM", "dumb", 1);
	ck_assert_int_eq(tool_colour(fp, "auto"), 0);
	ck_assert_int_eq(tool_colour(fp, "always"), 1);
	unsetenv("TERM");
	ck_assert_int_eq(tool_colour(fp, "auto"), 1);
	fclose(fp);
	close(master);
}
END_TEST

START_TEST(out_buffer_pieces_and_errors)
{
	char name[] = "/tmp/check_toolXXXXXX", got[64];
	int fd = mkstemp(name);
	FILE *fp = fd < 0 ? NULL : fdopen(fd, "w+");
	struct tool_out o;
	size_t n;

	/* A buffer of 8: pieces that fit, one that spills it, one larger
	 * than the buffer written straight through, then a last one. */
	ck_assert_ptr_nonnull(fp);
	tool_out_init(&o, fp, name, 8);
	tool_out_put(&o, "abc", 3);
	tool_out_put(&o, "defgh", 5);
	ck_assert_uint_eq(o.n, 8);
	tool_out_put(&o, "i", 1);
	ck_assert_uint_eq(o.n, 1);
	tool_out_put(&o, "0123456789", 10);
	ck_assert_uint_eq(o.n, 0);
	tool_out_put(&o, "xy", 2);
	ck_assert_int_eq(fflush(fp), 0);
	rewind(fp);
	n = fread(got, 1, sizeof got, fp);
	ck_assert_uint_eq(n, 19);
	ck_assert_int_eq(memcmp(got, "abcdefghi0123456789", 19), 0);
	/* Closing writes the rest and passes ret on (and closes fp). */
	ck_assert_int_eq(tool_out_close(&o, TOOL_NO), TOOL_NO);
	fp = fopen(name, "r");
	ck_assert_ptr_nonnull(fp);
	n = fread(got, 1, sizeof got, fp);
	ck_assert_uint_eq(n, 21);
	ck_assert_int_eq(memcmp(got + 19, "xy", 2), 0);
	fclose(fp);
	unlink(name);
	/* A full device: the error is remembered and reported at the end. */
	fp = fopen("/dev/full", "w");
	if (fp != NULL) {
		setvbuf(fp, NULL, _IONBF, 0);
		tool_out_init(&o, fp, "/dev/full", 4);
		tool_out_put(&o, "0123456789", 10);
		ck_assert_int_eq(o.bad, 1);
		tool_out_put(&o, "ab", 2);
		ck_assert_int_eq(tool_out_close(&o, TOOL_OK), TOOL_ERR);
	}
}
END_TEST

START_TEST(read_all_and_load_lexicon)
{
	static const char *const words[] = { "CAT", "CATS", "DOG", NULL };
	const struct rules *r = rules_builtin("en");
	char name[] = "/tmp/check_toolXXXXXX";
	int fd = mkstemp(name);
	FILE *fp = fd < 0 ? NULL : fdopen(fd, "w");
	struct lex *built = test_lex_from_words(r, words), *lex;
	unsigned char *buf;
	size_t len = 0, bytes = 0;
	struct err e;
	long size;

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(lex_write(built, fp, &e), 0);
	size = ftell(fp);
	ck_assert_int_eq(fclose(fp), 0);
	/* The file whole; refused when it fills max; missing and
	 * directories refused. */
	buf = tool_read_all(name, 1 << 16, "a lexicon", &len);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(len, (size_t)size);
	ck_assert_int_eq(memcmp(buf, "\x89OVLEX\r\n", 8), 0);    /* magic */
	free(buf);
	ck_assert_ptr_null(tool_read_all("/nonexistent/x", 1 << 16, "x", &len));
	ck_assert_ptr_null(tool_read_all("/tmp", 1 << 16, "x", &len));
	{
		char big[] = "/tmp/check_toolXXXXXX";
		int bfd = mkstemp(big);
		static char zeros[1 << 16];

		ck_assert_int_ge(bfd, 0);
		ck_assert_int_eq(write(bfd, zeros, sizeof zeros - 1),
			(ssize_t)sizeof zeros - 1);
		buf = tool_read_all(big, 1 << 16, "x", &len);
		ck_assert_ptr_nonnull(buf);
		ck_assert_uint_eq(len, sizeof zeros - 1);
		free(buf);
		ck_assert_int_eq(write(bfd, zeros, 1), 1);
		ck_assert_ptr_null(tool_read_all(big, 1 << 16, "x", &len));
		close(bfd);
		unlink(big);
	}
	/* Only the DAWG, or the whole lexicon. */
	lex = tool_load_lexicon(name, NULL, 0, &bytes);
	ck_assert_ptr_nonnull(lex);
	ck_assert_uint_eq(bytes, (size_t)size);
	ck_assert_uint_eq(lex_word_count(lex), 3);
	ck_assert_uint_eq(lex_gaddag_root(lex), 0);
	ck_assert_uint_eq(lex_checksum(lex), lex_checksum(built));
	lex_destroy(lex);
	lex = tool_load_lexicon(name, r, 1, NULL);
	ck_assert_ptr_nonnull(lex);
	ck_assert_uint_ne(lex_gaddag_root(lex), 0);
	ck_assert_uint_eq(lex_node_count(lex), lex_node_count(built));
	lex_destroy(lex);
	ck_assert_ptr_null(tool_load_lexicon("/nonexistent/x", NULL, 0, NULL));
	ck_assert_ptr_null(tool_load_lexicon("/tmp", NULL, 0, NULL));
	ck_assert_int_eq(truncate(name, size - 4), 0);
	ck_assert_ptr_null(tool_load_lexicon(name, NULL, 0, NULL));
	unlink(name);
	lex_destroy(built);
}
END_TEST

/* Atomic output replaces a file through its symbolic link (the link
 * stays) and writes a device in place (as root, renaming over /dev/null
 * would have made it a file). */
START_TEST(atomic_link_and_device)
{
	char dir[] = "/tmp/check_toolXXXXXX", file[64], link[64], got[16];
	struct tool_atomic a;
	struct stat st;
	FILE *fp;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(file, sizeof file, "%s/real", dir);
	snprintf(link, sizeof link, "%s/link", dir);
	ck_assert_int_eq(symlink("real", link), 0);
	ck_assert_ptr_nonnull(fp = tool_atomic_open(&a, link));
	fputs("new", fp);
	ck_assert_int_eq(tool_atomic_commit(&a), 0);
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	fp = fopen(file, "r");
	ck_assert_ptr_nonnull(fp);
	ck_assert_ptr_nonnull(fgets(got, sizeof got, fp));
	ck_assert_str_eq(got, "new");
	fclose(fp);
	ck_assert_ptr_nonnull(fp = tool_atomic_open(&a, "/dev/null"));
	fputs("gone", fp);
	ck_assert_int_eq(tool_atomic_commit(&a), 0);
	ck_assert_int_eq(stat("/dev/null", &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	unlink(link);
	unlink(file);
	ck_assert_int_eq(rmdir(dir), 0);   /* no temporary left */
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
 * command's option refused); a hidden old name works but is not listed. */
enum { ONE = 1, TWO = 2 };
static const struct tool_opt cmd_opts[] = {
	{ 'n', "count", "N", "how many", ONE },
	{ 'h', "help", NULL, "this help", ONE | TWO },
	{ 'o', "out", "FILE", "the output", TWO },
	{ 's', "seed", "N", "the seed", ONE | TWO },
	{ TOOL_OPT_LONG, "seat1", "ROBOT", "seat 1's robot", ONE },
	{ 'n', "old-count", "N", NULL, ONE },
};

START_TEST(command_options)
{
	struct tool_getopt g;
	char a0[] = "x", a1[] = "--co", a2[] = "5", a3[] = "--seat1=f",
	    a4[] = "-s9", a5[] = "--old-count", a6[] = "3", a7[] = "--out",
	    a8[] = "o";
	char *argv[] = { a0, a1, a2, a3, a4, a5, a6, a7, a8, NULL };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int got[4], n = 0;

	tool_getopt_init(&g, cmd_opts, 6, ONE, "usage: x\n", NULL);
	ck_assert_str_eq(g.optstring, ":n:hs:");
	ck_assert_str_eq(g.lo[0].name, "count");
	ck_assert_str_eq(g.lo[2].name, "seed");
	ck_assert_int_eq(g.lo[3].val, TOOL_OPT_LONG);
	ck_assert_str_eq(g.lo[4].name, "old-count");
	ck_assert_ptr_null(g.lo[5].name);
	while (n < 4)
		got[n++] = tool_getopt(&g, 7, argv);
	ck_assert_int_eq(got[0], 'n');
	ck_assert_int_eq(got[1], TOOL_OPT_LONG);
	ck_assert_int_eq(got[2], 's');
	ck_assert_int_eq(got[3], 'n');
	ck_assert_str_eq(optarg, "3");
	ck_assert_int_eq(tool_getopt(&g, 7, argv), -1);
	/* The help: a line an option, the hidden name left out. */
	ck_assert_ptr_nonnull(fp = open_memstream(&buf, &len));
	tool_getopt_help(&g, fp);
	fclose(fp);
	ck_assert_str_eq(buf, "usage: x\n\n"
	    "  -n, --count N      how many\n"
	    "  -h, --help         this help\n"
	    "  -s, --seed N       the seed\n"
	    "      --seat1 ROBOT  seat 1's robot\n");
	free(buf);
	tool_getopt_init(&g, cmd_opts, 6, TWO, "usage: x\n", NULL);
	ck_assert_str_eq(g.optstring, ":ho:s:");
	ck_assert_str_eq(g.lo[1].name, "out");
	ck_assert_ptr_null(g.lo[3].name);
	opterr = 1;
	optind = 1;
}
END_TEST

/* Another command's option is a usage error: exit 2. */
START_TEST(command_options_refused)
{
	struct tool_getopt g;
	char a0[] = "x", a1[] = "--out", a2[] = "o";
	char *argv[] = { a0, a1, a2, NULL };

	tool_getopt_init(&g, cmd_opts, 6, ONE, "usage: x\n", NULL);
	tool_getopt(&g, 3, argv);
}
END_TEST

/* tool_each_line: empty and '#' lines skipped, the rest handed on with
 * their line numbers; a line too long reported and the worst status kept. */
struct seen_lines {
	int n;
	long lineno[4];
	char text[4][8];
};

static int
keep_line(char *line, size_t len, const char *name, long lineno, void *arg)
{
	struct seen_lines *s = arg;

	(void)name;
	if (s->n < 4) {
		s->lineno[s->n] = lineno;
		snprintf(s->text[s->n], sizeof s->text[0], "%.*s", (int)len, line);
		s->n++;
	}
	return strcmp(line, "no") == 0 ? TOOL_NO : TOOL_OK;
}

START_TEST(each_line)
{
	char name[] = "/tmp/check_toolXXXXXX";
	int fd = mkstemp(name);
	FILE *fp = fd < 0 ? NULL : fdopen(fd, "w");
	struct seen_lines s;
	size_t i;

	ck_assert_ptr_nonnull(fp);
	fputs("one\n\n# two\nno\r\n", fp);
	fclose(fp);
	memset(&s, 0, sizeof s);
	ck_assert_int_eq(tool_each_line(name, keep_line, &s), TOOL_NO);
	ck_assert_int_eq(s.n, 2);
	ck_assert_int_eq(s.lineno[0], 1);
	ck_assert_str_eq(s.text[0], "one");
	ck_assert_int_eq(s.lineno[1], 4);
	ck_assert_str_eq(s.text[1], "no");
	fp = fopen(name, "w");
	ck_assert_ptr_nonnull(fp);
	for (i = 0; i < (size_t)TOOL_LINE_MAX + 10; i++)
		putc('x', fp);
	fputs("\nlast\n", fp);
	fclose(fp);
	memset(&s, 0, sizeof s);
	ck_assert_int_eq(tool_each_line(name, keep_line, &s), TOOL_ERR);
	ck_assert_int_eq(s.n, 1);
	ck_assert_str_eq(s.text[0], "last");
	ck_assert_int_eq(s.lineno[0], 2);
	unlink(name);
	ck_assert_int_eq(tool_each_line("/nonexistent/x", keep_line, &s),
	    TOOL_ERR);
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
	tcase_add_test(tc, fdline_crlf_and_limits);
	tcase_add_test(tc, fdline_long_lines_across_reads);
	tcase_add_test(tc, err_truncates);
	tcase_add_test(tc, err_names_file);
	tcase_add_test(tc, numbered_names);
	tcase_add_test(tc, colour_choice);
	tcase_add_test(tc, colour_on_a_terminal);
	tcase_add_test(tc, atomic_finish);
	tcase_add_test(tc, sigint_and_clocks);
	tcase_add_test(tc, command_options);
	tcase_add_exit_test(tc, command_options_refused, 2);
	suite_add_tcase(s, tc);
	tc = tcase_create("io");
	tcase_add_test(tc, out_buffer_pieces_and_errors);
	tcase_add_test(tc, read_all_and_load_lexicon);
	tcase_add_test(tc, atomic_link_and_device);
	tcase_add_test(tc, each_line);
	suite_add_tcase(s, tc);
	return test_run(s);
}
