/* check_wordlist.c — the word-list reader: encodings, line ends, gzip,
 * refusals with line numbers. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "testutil.h"
#include "err.h"
#include "wordlist.h"

static char tmpdir[64];

static void
setup(void)
{
	strcpy(tmpdir, "/tmp/check_wordlistXXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void
teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", tmpdir);
}

/* put: writes n bytes to tmpdir/name (gzip-compressed if gz) and returns the
 * path in a static buffer. */
static const char *
put(const char *name, const void *data, size_t n, int gz)
{
	static char path[128];

	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	if (gz) {
		gzFile g = gzopen(path, "wb9");
		ck_assert_ptr_nonnull(g);
		ck_assert_int_eq(gzwrite(g, data, (unsigned)n), (int)n);
		ck_assert_int_eq(gzclose(g), Z_OK);
	} else {
		FILE *fp = fopen(path, "wb");
		ck_assert_ptr_nonnull(fp);
		ck_assert_uint_eq(fwrite(data, 1, n, fp), n);
		ck_assert_int_eq(fclose(fp), 0);
	}
	return path;
}

/* slurp: reads every entry of path into out, joined by '|'; bad lines
 * appear as "!LINE"; returns the final status (EOF or FATAL). */
static enum wordlist_status
slurp(const char *path, enum wordlist_encoding enc, char *out, size_t cap,
	struct err *fe)
{
	struct err e;
	struct wordlist *wl = wordlist_open(path, enc, &e);
	enum wordlist_status st;
	const char *w;
	size_t len, o = 0;

	ck_assert_msg(wl != NULL, "open %s: %s", path, e.msg);
	out[0] = '\0';
	while ((st = wordlist_next(wl, &w, &len, &e)) != WORDLIST_EOF &&
	    st != WORDLIST_FATAL) {
		char item[64];

		if (st == WORDLIST_ENTRY) {
			ck_assert_uint_eq(strlen(w), len);
			snprintf(item, sizeof item, "%s%s", o ? "|" : "", w);
		} else {
			ck_assert_int_eq(e.line, wordlist_line(wl));
			snprintf(item, sizeof item, "%s!%ld", o ? "|" : "", e.line);
		}
		ck_assert_uint_lt(o + strlen(item), cap);
		strcpy(out + o, item);
		o += strlen(item);
	}
	if (st == WORDLIST_FATAL && fe != NULL)
		*fe = e;
	if (wordlist_close(wl, &e) != 0 && st == WORDLIST_EOF) {
		if (fe != NULL)
			*fe = e;
		st = WORDLIST_FATAL;
	}
	return st;
}

/* count_entries: entries read until EOF or FATAL (bad lines not counted);
 * returns the final status, close errors included. */
static enum wordlist_status
count_entries(const char *path, size_t *n, struct err *fe)
{
	struct err e;
	struct wordlist *wl = wordlist_open(path, WORDLIST_UTF8, &e);
	enum wordlist_status st;
	const char *w;
	size_t len;

	ck_assert_ptr_nonnull(wl);
	*n = 0;
	while ((st = wordlist_next(wl, &w, &len, &e)) != WORDLIST_EOF &&
	    st != WORDLIST_FATAL)
		*n += st == WORDLIST_ENTRY;
	if (st == WORDLIST_FATAL && fe != NULL)
		*fe = e;
	if (wordlist_close(wl, &e) != 0 && st == WORDLIST_EOF) {
		if (fe != NULL)
			*fe = e;
		st = WORDLIST_FATAL;
	}
	return st;
}

START_TEST(plain_crlf_bom_blank_trim)
{
	const char text[] = "\xef\xbb\xbf" "kvinne\r\n\r\n  hest \t\nbil\n\n\nidé";
	char out[256];

	ck_assert_int_eq(slurp(put("a.txt", text, sizeof text - 1, 0),
		WORDLIST_UTF8, out, sizeof out, NULL), WORDLIST_EOF);
	ck_assert_str_eq(out, "kvinne|hest|bil|idé");
}
END_TEST

START_TEST(line_numbers_count_blank_lines)
{
	const char text[] = "a\n\nb\xff" "c\nd\n";
	struct err e;
	struct wordlist *wl = wordlist_open(put("b.txt", text, sizeof text - 1, 0),
		WORDLIST_UTF8, &e);
	const char *w;
	size_t len;

	ck_assert_ptr_nonnull(wl);
	ck_assert_int_eq(wordlist_next(wl, &w, &len, &e), WORDLIST_ENTRY);
	ck_assert_int_eq(wordlist_line(wl), 1);
	ck_assert_int_eq(wordlist_next(wl, &w, &len, &e), WORDLIST_BAD);
	ck_assert_int_eq(e.line, 3);
	ck_assert_ptr_nonnull(strstr(e.msg, "invalid UTF-8"));
	ck_assert_ptr_nonnull(strstr(e.msg, "0xFF"));
	ck_assert_int_eq(wordlist_next(wl, &w, &len, &e), WORDLIST_ENTRY);
	ck_assert_str_eq(w, "d");
	ck_assert_int_eq(wordlist_line(wl), 4);
	ck_assert_int_eq(wordlist_next(wl, &w, &len, &e), WORDLIST_EOF);
	ck_assert_int_eq(wordlist_next(wl, &w, &len, &e), WORDLIST_EOF);
	ck_assert_int_eq(wordlist_close(wl, &e), 0);
}
END_TEST

START_TEST(invalid_utf8_forms)
{
	/* overlong '/', a surrogate, a lone continuation, a truncated
	 * sequence at the end of the line, and one valid 4-byte letter. */
	const char text[] = "\xc0\xaf\n\xed\xa0\x80\n\x80x\nab\xc3\n\xf0\x9f\x98\x80\n";
	char out[256];

	ck_assert_int_eq(slurp(put("c.txt", text, sizeof text - 1, 0),
		WORDLIST_UTF8, out, sizeof out, NULL), WORDLIST_EOF);
	ck_assert_str_eq(out, "!1|!2|!3|!4|\xf0\x9f\x98\x80");
	ck_assert_int_eq(wordlist_utf8_valid("\xf4\x90\x80\x80", 4, NULL), 0);
	ck_assert_int_eq(wordlist_utf8_valid("\xc3\xa6\xc3\xb8", 4, NULL), 1);
}
END_TEST

START_TEST(gzip_same_as_plain)
{
	const char text[] = "ærlig\nøl\r\nål";
	char a[128], b[128];

	ck_assert_int_eq(slurp(put("d.txt", text, sizeof text - 1, 0),
		WORDLIST_UTF8, a, sizeof a, NULL), WORDLIST_EOF);
	ck_assert_int_eq(slurp(put("d.txt.gz", text, sizeof text - 1, 1),
		WORDLIST_UTF8, b, sizeof b, NULL), WORDLIST_EOF);
	ck_assert_str_eq(a, "ærlig|øl|ål");
	ck_assert_str_eq(a, b);
}
END_TEST

START_TEST(gzip_truncated_is_fatal)
{
	/* Enough incompressible-ish text that the cut lands inside the
	 * deflate stream, not only in the trailer. */
	size_t n = 200000, i, glen;
	char *text = malloc(n), *gzdata, path[128];
	FILE *fp;
	struct err e;
	struct wordlist *wl;
	enum wordlist_status st;
	const char *w;
	size_t len;
	unsigned x = 12345;

	ck_assert_ptr_nonnull(text);
	for (i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		text[i] = (i % 9 == 8) ? '\n' : (char)('a' + (x >> 16) % 26);
	}
	snprintf(path, sizeof path, "%s", put("e.txt.gz", text, n, 1));
	fp = fopen(path, "rb");
	ck_assert_ptr_nonnull(fp);
	gzdata = malloc(n);
	glen = fread(gzdata, 1, n, fp);
	fclose(fp);
	ck_assert_uint_gt(glen, 1000);
	put("e.txt.gz", gzdata, glen / 2, 0);
	wl = wordlist_open(path, WORDLIST_UTF8, &e);
	ck_assert_ptr_nonnull(wl);
	while ((st = wordlist_next(wl, &w, &len, &e)) == WORDLIST_ENTRY)
		;
	ck_assert_int_eq(st, WORDLIST_FATAL);
	ck_assert_ptr_nonnull(strstr(e.msg, "truncated"));
	ck_assert_int_gt(e.line, 1000);
	ck_assert_int_eq(wordlist_next(wl, &w, &len, &e), WORDLIST_FATAL);
	(void)wordlist_close(wl, &e);

	/* Cut 4 bytes of the 8-byte trailer: all data is there, the stream
	 * is not complete. */
	put("e.txt.gz", gzdata, glen - 4, 0);
	ck_assert_int_eq(count_entries(path, &len, &e), WORDLIST_FATAL);
	ck_assert_ptr_nonnull(strstr(e.msg, "truncated"));
	free(gzdata);
	free(text);
}
END_TEST

START_TEST(utf16_refused)
{
	const char le[] = "\xff\xfek\0v\0i\0\n\0";
	const char nobom[] = "k\0v\0\n\0i\0\n\0";
	const char latenul[] = "one\ntwo\nt\0hree\n";
	char out[128];
	struct err e;

	ck_assert_int_eq(slurp(put("f.txt", le, sizeof le - 1, 0),
		WORDLIST_UTF8, out, sizeof out, &e), WORDLIST_FATAL);
	ck_assert_int_eq(e.line, 1);
	ck_assert_ptr_nonnull(strstr(e.msg, "UTF-16"));
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(slurp(put("g.txt", nobom, sizeof nobom - 1, 0),
		WORDLIST_UTF8, out, sizeof out, &e), WORDLIST_FATAL);
	ck_assert_int_eq(e.line, 1);
	ck_assert_int_eq(slurp(put("h.txt", latenul, sizeof latenul - 1, 0),
		WORDLIST_LATIN1, out, sizeof out, &e), WORDLIST_FATAL);
	ck_assert_int_eq(e.line, 3);
	ck_assert_str_eq(out, "one|two");
}
END_TEST

START_TEST(latin1_converted)
{
	/* bokmål as Debian's /usr/share/dict/bokmaal has it: æ=E6 ø=F8 å=E5 */
	const char text[] = "b\xe6r\n\xf8l\nb\xe5t\nid\xe9\n";
	char out[128];

	ck_assert_int_eq(slurp(put("i.txt", text, sizeof text - 1, 0),
		WORDLIST_LATIN1, out, sizeof out, NULL), WORDLIST_EOF);
	ck_assert_str_eq(out, "bær|øl|båt|idé");
	/* The same bytes read as UTF-8 are four bad lines. */
	ck_assert_int_eq(slurp(put("i.txt", text, sizeof text - 1, 0),
		WORDLIST_UTF8, out, sizeof out, NULL), WORDLIST_EOF);
	ck_assert_str_eq(out, "!1|!2|!3|!4");
}
END_TEST

START_TEST(long_line_capped)
{
	size_t n = 3 * WORDLIST_LINE_MAX;
	char *text = malloc(n + 16), out[64];
	size_t got;

	ck_assert_ptr_nonnull(text);
	memcpy(text, "ok\n", 3);
	memset(text + 3, 'x', n);
	memcpy(text + 3 + n, "\nfine", 5);
	ck_assert_int_eq(slurp(put("j.txt", text, n + 8, 0),
		WORDLIST_UTF8, out, sizeof out, NULL), WORDLIST_EOF);
	ck_assert_str_eq(out, "ok|!2|fine");
	/* Exactly the cap is fine; one more byte is not. */
	memset(text, 'y', WORDLIST_LINE_MAX + 1);
	text[WORDLIST_LINE_MAX] = '\n';
	ck_assert_int_eq(count_entries(put("k.txt", text, WORDLIST_LINE_MAX + 1, 0),
		&got, NULL), WORDLIST_EOF);
	ck_assert_uint_eq(got, 1);
	text[WORDLIST_LINE_MAX] = 'y';
	text[WORDLIST_LINE_MAX + 1] = '\n';
	ck_assert_int_eq(count_entries(put("k.txt", text, WORDLIST_LINE_MAX + 2, 0),
		&got, NULL), WORDLIST_EOF);
	ck_assert_uint_eq(got, 0);
	free(text);
}
END_TEST

START_TEST(missing_file_and_encoding_names)
{
	struct err e;
	enum wordlist_encoding enc = WORDLIST_UTF8;
	char path[128];

	snprintf(path, sizeof path, "%s/nonexistent.txt", tmpdir);
	ck_assert_ptr_null(wordlist_open(path, WORDLIST_UTF8, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "No such file"));
	ck_assert_int_eq(wordlist_parse_encoding("LATIN1", &enc), 0);
	ck_assert_int_eq(enc, WORDLIST_LATIN1);
	ck_assert_int_eq(wordlist_parse_encoding("utf-8", &enc), 0);
	ck_assert_int_eq(enc, WORDLIST_UTF8);
	ck_assert_int_eq(wordlist_parse_encoding("utf16", &enc), -1);
	ck_assert_int_eq(wordlist_close(NULL, &e), 0);
}
END_TEST

START_TEST(directory_is_an_error)
{
	struct err e;
	struct wordlist *wl = wordlist_open(tmpdir, WORDLIST_UTF8, &e);
	const char *w;
	size_t len;

	/* gzopen may accept a directory; the first read must then fail. */
	if (wl != NULL) {
		ck_assert_int_eq(wordlist_next(wl, &w, &len, &e), WORDLIST_FATAL);
		ck_assert_ptr_nonnull(strstr(e.msg, "directory"));
		(void)wordlist_close(wl, &e);
	}
}
END_TEST

START_TEST(shared_list_line_count)
{
	char buf[512];
	const char *p = test_shared_path("wordlists/en-enable.txt.gz", buf,
		sizeof buf, "shared_list_line_count");
	struct err e;
	struct wordlist *wl;
	const char *w;
	size_t len, n = 0;
	enum wordlist_status st;

	if (p == NULL)
		return;
	wl = wordlist_open(p, WORDLIST_UTF8, &e);
	ck_assert_ptr_nonnull(wl);
	while ((st = wordlist_next(wl, &w, &len, &e)) == WORDLIST_ENTRY)
		n++;
	ck_assert_int_eq(st, WORDLIST_EOF);
	/* SOURCES.md: 172,823 words, one a line. */
	ck_assert_uint_eq(n, 172823);
	ck_assert_int_eq(wordlist_line(wl), 172823);
	ck_assert_int_eq(wordlist_close(wl, &e), 0);
}
END_TEST

START_TEST(stdin_read_and_left_open)
{
	const char text[] = "one\ntwo\n";
	char out[64];
	int fd = open(put("s.txt", text, sizeof text - 1, 0), O_RDONLY);

	/* Check runs each test in its own process: fd 0 is ours to replace. */
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(dup2(fd, 0), 0);
	close(fd);
	ck_assert_int_eq(slurp("-", WORDLIST_UTF8, out, sizeof out, NULL),
		WORDLIST_EOF);
	ck_assert_str_eq(out, "one|two");
	ck_assert_int_ne(fcntl(0, F_GETFD), -1);
}
END_TEST

static Suite *
wordlist_suite(void)
{
	Suite *s = suite_create("wordlist");
	TCase *tc = tcase_create("read");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, plain_crlf_bom_blank_trim);
	tcase_add_test(tc, line_numbers_count_blank_lines);
	tcase_add_test(tc, invalid_utf8_forms);
	tcase_add_test(tc, gzip_same_as_plain);
	tcase_add_test(tc, gzip_truncated_is_fatal);
	tcase_add_test(tc, utf16_refused);
	tcase_add_test(tc, latin1_converted);
	tcase_add_test(tc, long_line_capped);
	tcase_add_test(tc, missing_file_and_encoding_names);
	tcase_add_test(tc, directory_is_an_error);
	tcase_add_test(tc, shared_list_line_count);
	tcase_add_test(tc, stdin_read_and_left_open);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(wordlist_suite());
}
