/*
 * wordlist.h — reading word lists: one entry a line, plain or gzip, UTF-8 or
 * ISO-8859-1, from a file or from standard input.
 *
 * What a reader accepts: LF or CR LF line ends, a last line without a line
 * end, a UTF-8 byte order mark at the start, blank lines (skipped), spaces
 * and tabs around an entry (trimmed).  gzip input is recognised by its magic
 * number (zlib reads plain files transparently), so "list.txt.gz" and
 * "list.txt" are read the same way.
 *
 * What it refuses, with the file line in the struct err:
 *   - UTF-16 (a byte order mark FF FE / FE FF, or any NUL byte): the whole
 *     file is refused (WORDLIST_FATAL), since every line would be garbage;
 *   - invalid UTF-8 in a line (WORDLIST_BAD: that line is skipped and the
 *     caller may go on reading);
 *   - a line longer than WORDLIST_LINE_MAX bytes (WORDLIST_BAD; the rest of
 *     the line is skipped, so memory stays bounded);
 *   - a read error or a truncated gzip stream (WORDLIST_FATAL).
 * With WORDLIST_LATIN1 every byte is an ISO-8859-1 character and entries are
 * converted to UTF-8 (no UTF-8 check is then needed).
 *
 * The reader owns its buffers; an entry returned by wordlist_next stays
 * valid until the next call.  The module keeps no global state.
 */
#ifndef ORDVERK_WORDLIST_H
#define ORDVERK_WORDLIST_H

#include <stddef.h>
#include "err.h"

#define WORDLIST_LINE_MAX 4096  /* bytes in one line, before conversion */

enum wordlist_encoding {
	WORDLIST_UTF8 = 0,
	WORDLIST_LATIN1
};

enum wordlist_status {
	WORDLIST_EOF = 0,     /* no more entries */
	WORDLIST_ENTRY = 1,   /* *word and *len hold an entry */
	WORDLIST_BAD = -1,    /* a bad line (e->line): skipped, reading may go on */
	WORDLIST_FATAL = -2   /* the input cannot be read further (e set) */
};

struct wordlist;

/* wordlist_parse_encoding: "utf8"/"utf-8" or "latin1"/"iso-8859-1" (any
 * case) into *enc.  Returns 0, or -1 for an unknown name. */
int wordlist_parse_encoding(const char *name, enum wordlist_encoding *enc);

/* wordlist_open: opens path for reading ("-" or NULL = standard input, which
 * is not closed by wordlist_close).  Returns the reader, or NULL with e set
 * (the message includes strerror for a system error). */
struct wordlist *wordlist_open(const char *path, enum wordlist_encoding enc,
	struct err *e);

/* wordlist_next: reads the next non-blank entry.  On WORDLIST_ENTRY *word
 * points to the trimmed UTF-8 entry (NUL-terminated) and *len is its length
 * in bytes.  On WORDLIST_BAD or WORDLIST_FATAL e is set, e->line being the
 * line concerned (0 if none).  After WORDLIST_FATAL or WORDLIST_EOF further
 * calls return the same again. */
enum wordlist_status wordlist_next(struct wordlist *wl, const char **word,
	size_t *len, struct err *e);

/* wordlist_line: the number of the line last read (1-based). */
long wordlist_line(const struct wordlist *wl);

/* wordlist_bytes: bytes of (uncompressed) input consumed so far. */
unsigned long long wordlist_bytes(const struct wordlist *wl);

/* wordlist_close: frees the reader (NULL is fine).  Returns 0, or -1 with e
 * set if closing reports an error: gzclose's result tells a truncated or
 * corrupt gzip stream that was not noticed before. */
int wordlist_close(struct wordlist *wl, struct err *e);

/* A scanner: the fast reader of plain UTF-8 lists from a file descriptor
 * (wordcheck's standard input).  It reads blocks of WORDLIST_SCAN_BLOCK
 * bytes and hands out each entry in place, with no copy, trimmed and
 * NUL-terminated, as the reader above does: CR LF, a last line without a
 * line end, a UTF-8 byte order mark on line 1, blank lines, spaces and
 * tabs around an entry.  It refuses a UTF-16 byte order mark on line 1
 * (WORDLIST_FATAL, e->line 1) but leaves NUL bytes and invalid UTF-8 to
 * the caller, who can test only the entries that need it.  Memory stays
 * bounded, but line length is checked only where a block ends: a line
 * with more than WORDLIST_LINE_MAX bytes still waiting for its line end
 * there is a bad line (WORDLIST_BAD, e->line; its bytes are dropped, and
 * if it is a last line without line end it is dropped without a word),
 * while a longer line inside a block is handed out whole.  No gzip, no
 * Latin-1.  A read error is WORDLIST_FATAL with e->msg strerror's text
 * and e->line 0.  Messages do not name the input.  The scanner owns its
 * buffer; an entry stays valid until the next call, and the caller may
 * change its bytes. */
struct wordlist_scan {
	int fd;
	char *buf;              /* WORDLIST_SCAN_BLOCK + WORDLIST_LINE_MAX + 2:
	                           room for a block after a line's start */
	size_t have, pos;       /* bytes in buf; the next line starts at pos */
	long line;              /* the number of the line last returned */
	int skipping;           /* the bytes of an over-long line were dropped */
	int eof, done;
};

#define WORDLIST_SCAN_BLOCK ((size_t)1 << 20)

/* wordlist_scan_init: a scanner of fd (not closed by it).  Returns 0, or
 * -1 with e set when memory runs out.  wordlist_scan_free frees the
 * buffer (a scanner that failed to start is fine too). */
int wordlist_scan_init(struct wordlist_scan *sc, int fd, struct err *e);
void wordlist_scan_free(struct wordlist_scan *sc);

/* wordlist_scan_next: the next entry in *word (len bytes), or a status as
 * wordlist_next's.  After WORDLIST_EOF or WORDLIST_FATAL it returns
 * WORDLIST_EOF. */
enum wordlist_status wordlist_scan_next(struct wordlist_scan *sc, char **word,
	size_t *len, struct err *e);

/* wordlist_utf8_valid: 1 if s[0..len) is valid UTF-8 (no overlong forms, no
 * surrogates, nothing above U+10FFFF), else 0; *bad (may be NULL) gets the
 * offset of the first bad byte. */
int wordlist_utf8_valid(const char *s, size_t len, size_t *bad);

#endif
