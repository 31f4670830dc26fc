/* wordlist.c — line reader for word lists (plain or gzip, UTF-8 or
 * ISO-8859-1).  See wordlist.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <zlib.h>
#include "wordlist.h"

#define WL_CHUNK (1u << 17)     /* bytes per gzread */

struct wordlist {
	gzFile gz;
	enum wordlist_encoding enc;
	unsigned char *buf;         /* WL_CHUNK bytes of raw input */
	size_t pos, end;
	int eof;                    /* gzread said end of input */
	int fatal;                  /* a WORDLIST_FATAL was returned */
	struct err fatal_err;
	long lineno;
	unsigned long long bytes;
	char line[WORDLIST_LINE_MAX + 1];        /* raw line */
	char conv[2 * WORDLIST_LINE_MAX + 1];    /* Latin-1 converted to UTF-8 */
};

int
wordlist_parse_encoding(const char *name, enum wordlist_encoding *enc)
{
	if (strcasecmp(name, "utf8") == 0 || strcasecmp(name, "utf-8") == 0) {
		*enc = WORDLIST_UTF8;
		return 0;
	}
	if (strcasecmp(name, "latin1") == 0 || strcasecmp(name, "latin-1") == 0 ||
	    strcasecmp(name, "iso-8859-1") == 0 || strcasecmp(name, "iso8859-1") == 0) {
		*enc = WORDLIST_LATIN1;
		return 0;
	}
	return -1;
}

struct wordlist *
wordlist_open(const char *path, enum wordlist_encoding enc, struct err *e)
{
	struct wordlist *wl;
	int fd;

	wl = calloc(1, sizeof *wl);
	if (wl == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	wl->buf = malloc(WL_CHUNK);
	if (wl->buf == NULL) {
		free(wl);
		err_set(e, 0, "out of memory");
		return NULL;
	}
	wl->enc = enc;
	errno = 0;
	if (path == NULL || strcmp(path, "-") == 0) {
		/* A duplicate, so that gzclose leaves standard input open. */
		fd = dup(0);
		wl->gz = fd < 0 ? NULL : gzdopen(fd, "rb");
		if (wl->gz == NULL && fd >= 0)
			close(fd);
	} else {
		wl->gz = gzopen(path, "rb");
	}
	if (wl->gz == NULL) {
		err_set(e, 0, "cannot open: %s",
			errno ? strerror(errno) : "out of memory");
		free(wl->buf);
		free(wl);
		return NULL;
	}
	(void)gzbuffer(wl->gz, WL_CHUNK);
	return wl;
}

/* fail: records a fatal error, so that later calls repeat it. */
static enum wordlist_status
fail(struct wordlist *wl, struct err *e, long line, const char *msg)
{
	wl->fatal = 1;
	err_set(&wl->fatal_err, line, "%s", msg);
	if (e != NULL)
		*e = wl->fatal_err;
	return WORDLIST_FATAL;
}

/* refill: reads the next chunk.  0 = data, 1 = end of input, -1 = error
 * (message in *why). */
static int
refill(struct wordlist *wl, const char **why)
{
	int n, errnum;
	const char *msg;

	if (wl->eof)
		return 1;
	errno = 0;
	n = gzread(wl->gz, wl->buf, WL_CHUNK);
	if (n > 0) {
		wl->pos = 0;
		wl->end = (size_t)n;
		wl->bytes += (unsigned long long)n;
		return 0;
	}
	msg = gzerror(wl->gz, &errnum);
	if (n < 0 || (errnum != Z_OK && errnum != Z_STREAM_END)) {
		if (errnum == Z_ERRNO)
			*why = errno ? strerror(errno) : "read error";
		else if (errnum == Z_BUF_ERROR)
			*why = "truncated gzip data (unexpected end of file)";
		else
			*why = msg != NULL && *msg ? msg : "corrupt gzip data";
		return -1;
	}
	wl->eof = 1;
	return 1;
}

int
wordlist_utf8_valid(const char *str, size_t len, size_t *bad)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	while (i < len) {
		unsigned c = s[i];
		size_t need, k;
		unsigned long cp, min;

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			need = 1; cp = c & 0x1f; min = 0x80;
		} else if (c >= 0xe0 && c <= 0xef) {
			need = 2; cp = c & 0x0f; min = 0x800;
		} else if (c >= 0xf0 && c <= 0xf4) {
			need = 3; cp = c & 0x07; min = 0x10000;
		} else {
			goto invalid;
		}
		if (len - i <= need)
			goto invalid;
		for (k = 1; k <= need; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				goto invalid;
			cp = (cp << 6) | (s[i + k] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			goto invalid;
		i += need + 1;
	}
	return 1;
invalid:
	if (bad != NULL)
		*bad = i;
	return 0;
}

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

enum wordlist_status
wordlist_next(struct wordlist *wl, const char **word, size_t *len, struct err *e)
{
	for (;;) {
		size_t n = 0, a, b, bad;
		int overlong = 0, got_any = 0, r;
		const char *why = NULL;
		char *s;

		if (wl->fatal) {
			if (e != NULL)
				*e = wl->fatal_err;
			return WORDLIST_FATAL;
		}
		/* Collect one raw line into wl->line; bytes past the cap are
		 * dropped (the line is then refused). */
		for (;;) {
			unsigned char *p, *nl;
			size_t avail, take;

			if (wl->pos == wl->end) {
				r = refill(wl, &why);
				if (r < 0)
					return fail(wl, e, wl->lineno + 1, why);
				if (r > 0)
					break;
			}
			p = wl->buf + wl->pos;
			avail = wl->end - wl->pos;
			nl = memchr(p, '\n', avail);
			take = nl ? (size_t)(nl - p) : avail;
			got_any = 1;
			if (!overlong) {
				if (n + take > WORDLIST_LINE_MAX) {
					overlong = 1;
				} else {
					memcpy(wl->line + n, p, take);
					n += take;
				}
			}
			wl->pos += take + (nl != NULL);
			if (nl != NULL)
				break;
		}
		if (!got_any) {
			if (e != NULL)
				err_clear(e);
			return WORDLIST_EOF;
		}
		wl->lineno++;
		if (overlong) {
			err_set(e, wl->lineno, "line longer than %d bytes",
				WORDLIST_LINE_MAX);
			return WORDLIST_BAD;
		}
		s = wl->line;
		if (wl->lineno == 1 && n >= 2 &&
		    (((unsigned char)s[0] == 0xff && (unsigned char)s[1] == 0xfe) ||
		     ((unsigned char)s[0] == 0xfe && (unsigned char)s[1] == 0xff)))
			return fail(wl, e, 1,
				"UTF-16 text (byte order mark); convert it to UTF-8");
		if (memchr(s, '\0', n) != NULL)
			return fail(wl, e, wl->lineno,
				"NUL byte: UTF-16 or binary data, not a UTF-8 word list");
		if (wl->lineno == 1 && wl->enc == WORDLIST_UTF8 && n >= 3 &&
		    memcmp(s, "\xef\xbb\xbf", 3) == 0) {
			s += 3;
			n -= 3;
		}
		a = 0;
		b = n;
		while (a < b && is_space(s[a]))
			a++;
		while (b > a && is_space(s[b - 1]))
			b--;
		if (a == b)
			continue;       /* blank line */
		s += a;
		n = b - a;
		s[n] = '\0';
		if (wl->enc == WORDLIST_LATIN1) {
			size_t i, o = 0;

			for (i = 0; i < n; i++) {
				unsigned char c = (unsigned char)s[i];

				if (c < 0x80) {
					wl->conv[o++] = (char)c;
				} else {
					wl->conv[o++] = (char)(0xc0 | (c >> 6));
					wl->conv[o++] = (char)(0x80 | (c & 0x3f));
				}
			}
			wl->conv[o] = '\0';
			*word = wl->conv;
			*len = o;
			return WORDLIST_ENTRY;
		}
		if (!wordlist_utf8_valid(s, n, &bad)) {
			err_set(e, wl->lineno,
				"invalid UTF-8 (byte 0x%02X at byte %zu of the line)",
				(unsigned char)s[bad], a + bad + 1);
			return WORDLIST_BAD;
		}
		*word = s;
		*len = n;
		return WORDLIST_ENTRY;
	}
}

long
wordlist_line(const struct wordlist *wl)
{
	return wl->lineno;
}

unsigned long long
wordlist_bytes(const struct wordlist *wl)
{
	return wl->bytes;
}

int
wordlist_close(struct wordlist *wl, struct err *e)
{
	int r;

	if (wl == NULL)
		return 0;
	r = gzclose_r(wl->gz);
	free(wl->buf);
	free(wl);
	if (r == Z_OK)
		return 0;
	if (r == Z_BUF_ERROR)
		err_set(e, 0, "truncated gzip data (unexpected end of file)");
	else if (r == Z_ERRNO)
		err_set(e, 0, "close error: %s", strerror(errno));
	else
		err_set(e, 0, "corrupt gzip data");
	return -1;
}

/* --- The scanner --- */

int
wordlist_scan_init(struct wordlist_scan *sc, int fd, struct err *e)
{
	memset(sc, 0, sizeof *sc);
	sc->fd = fd;
	sc->buf = malloc(WORDLIST_SCAN_BLOCK + WORDLIST_LINE_MAX + 2);
	if (sc->buf == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	return 0;
}

void
wordlist_scan_free(struct wordlist_scan *sc)
{
	free(sc->buf);
	sc->buf = NULL;
}

/* scan_trim: the entry of raw line s[0..*n), trimmed and NUL-terminated in
 * place; NULL for a blank line or (with e set) a UTF-16 byte order mark. */
static char *
scan_trim(char *s, size_t *n, long line, struct err *e, int *fatal)
{
	size_t len = *n;

	while (len > 0 && (s[len - 1] == '\r' || s[len - 1] == ' ' ||
	    s[len - 1] == '\t'))
		len--;
	while (len > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	if (line == 1 && len >= 2 &&
	    (((unsigned char)s[0] == 0xff && (unsigned char)s[1] == 0xfe) ||
	     ((unsigned char)s[0] == 0xfe && (unsigned char)s[1] == 0xff))) {
		err_set(e, line, "UTF-16 text (byte order mark); convert it to UTF-8");
		*fatal = 1;
		return NULL;
	}
	if (line == 1 && len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		s += 3;
		len -= 3;
	}
	if (len == 0)
		return NULL;
	s[len] = '\0';
	*n = len;
	return s;
}

enum wordlist_status
wordlist_scan_next(struct wordlist_scan *sc, char **word, size_t *len,
	struct err *e)
{
	/* Whole lines wait in buf[pos..have); the bytes after the last line
	 * end, if any, are the start of a line still being read. */
	while (!sc->done) {
		char *nl = sc->pos < sc->have ?
		    memchr(sc->buf + sc->pos, '\n', sc->have - sc->pos) : NULL;
		ssize_t r;

		if (nl != NULL) {
			char *s = sc->buf + sc->pos;
			size_t n = (size_t)(nl - s);
			int fatal = 0;

			sc->pos += n + 1;
			sc->line++;
			if (sc->skipping) {
				sc->skipping = 0;
				err_set(e, sc->line, "line longer than %d bytes",
					WORDLIST_LINE_MAX);
				return WORDLIST_BAD;
			}
			if ((s = scan_trim(s, &n, sc->line, e, &fatal)) != NULL) {
				*word = s;
				*len = n;
				return WORDLIST_ENTRY;
			}
			if (fatal) {
				sc->done = 1;
				return WORDLIST_FATAL;
			}
			continue;
		}
		if (sc->eof)
			break;
		memmove(sc->buf, sc->buf + sc->pos, sc->have - sc->pos);
		sc->have -= sc->pos;
		sc->pos = 0;
		if (sc->have > WORDLIST_LINE_MAX) {
			/* No line end within the cap: drop the line's bytes. */
			sc->skipping = 1;
			sc->have = 0;
		}
		r = read(sc->fd, sc->buf + sc->have, WORDLIST_SCAN_BLOCK - sc->have);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err_set(e, 0, "%s", strerror(errno));
			sc->done = 1;
			return WORDLIST_FATAL;
		}
		if (r == 0) {
			sc->eof = 1;
			if (sc->have == 0)
				break;
			sc->buf[sc->have++] = '\n';    /* a last line without line end */
		} else {
			sc->have += (size_t)r;
		}
	}
	sc->done = 1;
	return WORDLIST_EOF;
}
