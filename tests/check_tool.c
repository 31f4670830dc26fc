/* check_tool.c — the tools' support module: numbers, lines, errors. */
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
	suite_add_tcase(s, tc);
	return test_run(s);
}
