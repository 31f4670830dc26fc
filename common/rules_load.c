/*
 * rules_load.c — ruleset files and layout files, the plain-text grammars of
 * ordverk-rules(5).
 *
 * A ruleset file is read line by line: one setting a line, a keyword and its
 * arguments separated by blanks; '#' at the start of a line is a comment.
 * Errors carry the 1-based line in e->line; messages do not repeat the path
 * (the caller prints it).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules.h"

#define MAX_TOKENS 8

/* A whole file in memory, split into lines (CR LF and a UTF-8 BOM accepted). */
struct text {
	char *buf;
	char **line;
	long n;
};

static void
text_free(struct text *t)
{
	free(t->buf);
	free(t->line);
	t->buf = NULL;
	t->line = NULL;
	t->n = 0;
}

/* text_read: reads path into *t.  Ruleset and layout files are small: more
 * than 1 MiB is refused rather than read. */
static int
text_read(struct text *t, const char *path, struct err *e)
{
	FILE *fp;
	size_t len = 0, cap = 4096, i;
	long n;
	char *p;

	t->buf = NULL;
	t->line = NULL;
	t->n = 0;
	if ((fp = fopen(path, "r")) == NULL) {
		err_set(e, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	if ((t->buf = malloc(cap)) == NULL)
		goto nomem;
	for (;;) {
		size_t got;

		if (len + 1 >= cap) {
			char *nb;

			if (cap >= (size_t)1 << 20) {
				err_set(e, 0, "file too large (over 1 MiB)");
				goto fail;
			}
			cap *= 2;
			if ((nb = realloc(t->buf, cap)) == NULL)
				goto nomem;
			t->buf = nb;
		}
		got = fread(t->buf + len, 1, cap - len - 1, fp);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(fp)) {
		err_set(e, 0, "read error: %s", strerror(errno));
		goto fail;
	}
	fclose(fp);
	fp = NULL;
	t->buf[len] = '\0';
	if (memchr(t->buf, '\0', len) != NULL) {
		err_set(e, 0, "not a text file (NUL byte; UTF-16?)");
		goto fail;
	}
	for (n = 1, i = 0; i < len; i++)
		if (t->buf[i] == '\n')
			n++;
	if ((t->line = malloc((size_t)n * sizeof *t->line)) == NULL)
		goto nomem;
	p = t->buf;
	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	/* Lines end at '\n'; a last line without one still counts. */
	while (*p != '\0') {
		char *nl = strchr(p, '\n');

		if (nl != NULL)
			*nl = '\0';
		if (*p != '\0' && p[strlen(p) - 1] == '\r')
			p[strlen(p) - 1] = '\0';
		t->line[t->n++] = p;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return 0;
nomem:
	err_set(e, 0, "out of memory");
fail:
	if (fp != NULL)
		fclose(fp);
	text_free(t);
	return -1;
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* tokenize: splits s in place into at most max blank-separated tokens;
 * returns the count, or max + 1 if there were more. */
static int
tokenize(char *s, char **tok, int max)
{
	int n = 0;

	for (;;) {
		while (is_blank(*s))
			s++;
		if (*s == '\0')
			return n;
		if (n == max)
			return max + 1;
		tok[n++] = s;
		while (*s != '\0' && !is_blank(*s))
			s++;
		if (*s != '\0')
			*s++ = '\0';
	}
}

/* skip_line: blank lines and comments. */
static int
skip_line(const char *s)
{
	while (is_blank(*s))
		s++;
	return *s == '\0' || *s == '#';
}

/* number: a decimal integer in [min, max] (no sign, no junk), or -1. */
static int
number(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* ---- boards ---- */

static int
premium_of(char c)
{
	switch (c) {
	case '.': return SQ_PLAIN;
	case '\'': return SQ_DL;
	case '"': return SQ_TL;
	case '-': return SQ_DW;
	case '=': return SQ_TW;
	case '^': return SQ_QL;
	case '~': return SQ_QW;
	default: return -1;
	}
}

/* parse_coord: "H8" or "8H" (column letter, row number, either order,
 * letter in either case) into 0-based row and column. */
static int
parse_coord(const char *s, int *row, int *col)
{
	const char *d;
	char c;
	long v;
	char num[8];
	size_t n;

	if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')) {
		c = *s;
		d = s + 1;
		n = strlen(d);
		if (n == 0 || n >= sizeof num)
			return -1;
		memcpy(num, d, n + 1);
	} else {
		n = strlen(s);
		if (n < 2 || n >= sizeof num)
			return -1;
		c = s[n - 1];
		memcpy(num, s, n - 1);
		num[n - 1] = '\0';
	}
	if (c >= 'a' && c <= 'z')
		c = (char)(c - 'a' + 'A');
	if (c < 'A' || c > 'Z' || number(num, 1, RULES_MAX_DIM, &v) < 0)
		return -1;
	*row = (int)v - 1;
	*col = c - 'A';
	return 0;
}

/* parse_board: lines l[first..] of t hold board rows up to a "start COORD"
 * line (blank lines and comments between are skipped).  Fills the board of
 * r and returns the index of the start line, or -1 with e set (e->line =
 * file line). */
static long
parse_board(struct rules *r, struct text *t, long first, struct err *e)
{
	uint8_t prem[RULES_MAX_SQUARES];
	int rows = 0, cols = 0, srow, scol;
	long i;

	for (i = first; i < t->n; i++) {
		char *s = t->line[i], *tok[MAX_TOKENS];
		int j, n;

		if (skip_line(s))
			continue;
		while (is_blank(*s))
			s++;
		if (strncmp(s, "start", 5) == 0 && (s[5] == '\0' || is_blank(s[5]))) {
			n = tokenize(s, tok, MAX_TOKENS);
			if (rows == 0) {
				err_set(e, i + 1, "start before any board row");
				return -1;
			}
			if (n != 2 || parse_coord(tok[1], &srow, &scol) < 0) {
				err_set(e, i + 1, "expected 'start COORD' such as 'start H8'");
				return -1;
			}
			if (srow >= rows || scol >= cols) {
				err_set(e, i + 1, "start square %s is off the %dx%d board",
					tok[1], rows, cols);
				return -1;
			}
			memset(r->premium, 0, sizeof r->premium);
			memcpy(r->premium, prem, (size_t)(rows * cols));   /* stride cols */
			r->rows = rows;
			r->cols = cols;
			r->start_row = srow;
			r->start_col = scol;
			return i;
		}
		n = (int)strlen(s);
		while (n > 0 && is_blank(s[n - 1]))
			n--;
		if (rows == RULES_MAX_DIM) {
			err_set(e, i + 1, "more than %d board rows", RULES_MAX_DIM);
			return -1;
		}
		if (n > RULES_MAX_DIM) {
			err_set(e, i + 1, "board row longer than %d squares", RULES_MAX_DIM);
			return -1;
		}
		if (rows > 0 && n != cols) {
			err_set(e, i + 1, "board row of %d squares, the first had %d", n, cols);
			return -1;
		}
		cols = n;
		for (j = 0; j < n; j++) {
			int p = premium_of(s[j]);

			if (p < 0) {
				err_set(e, i + 1, "board square '%c' is none of = - \" ' . ^ ~", s[j]);
				return -1;
			}
			prem[rows * cols + j] = (uint8_t)p;     /* cols is fixed by row 1 */
		}
		rows++;
	}
	err_set(e, t->n, "board without a 'start COORD' line");
	return -1;
}

static void
set_layout_name(struct rules *r, const char *path)
{
	const char *b = strrchr(path, '/');

	snprintf(r->layout, sizeof r->layout, "%s", b != NULL ? b + 1 : path);
}

/* layout_file: loads the layout file at path into r. */
static int
layout_file(struct rules *r, const char *path, struct err *e)
{
	struct text t;
	struct rules tmp = *r;
	long i;

	if (text_read(&t, path, e) < 0)
		return -1;
	if ((i = parse_board(&tmp, &t, 0, e)) < 0) {
		text_free(&t);
		return -1;
	}
	for (i++; i < t.n; i++) {
		if (!skip_line(t.line[i])) {
			err_set(e, i + 1, "text after the start line");
			text_free(&t);
			return -1;
		}
	}
	text_free(&t);
	set_layout_name(&tmp, path);
	*r = tmp;
	return 0;
}

int
rules_layout(struct rules *r, const char *name, struct err *e)
{
	if (name == NULL || *name == '\0') {
		err_set(e, 0, "empty layout name");
		return -1;
	}
	if (rules_layout_builtin(r, name) == 0)
		return 0;
	if (strchr(name, '/') == NULL && strchr(name, '.') == NULL) {
		/* A bare word is a misspelt built-in more often than a file. */
		FILE *fp = fopen(name, "r");

		if (fp == NULL) {
			err_set(e, 0, "no layout '%s' (built in: standard, explo; or a file)",
				name);
			return -1;
		}
		fclose(fp);
	}
	return layout_file(r, name, e);
}

/* ---- ruleset files ---- */

/* Defaults for a file without `base`: the common rules of SPEC §1. */
static void
defaults(struct rules *r)
{
	memset(r, 0, sizeof *r);
	rules_layout_builtin(r, "standard");
	r->rack_size = 7;
	r->bingo_bonus = 50;
	r->exchange_min = 7;
	r->end_kind = END_SCORELESS;
	r->end_turns_per_player = 3;
	r->settle = SETTLE_DOUBLE;
	r->challenge = CHALLENGE_NONE;
	r->min_players = 2;
	r->max_players = 2;
	r->min_word = 2;
	r->max_word = 15;
	r->fold_accents = 1;
}

/* text_letter: the tile whose letter (either case) is text s, or 0. */
static int
text_letter(const struct rules *r, const char *s)
{
	uint8_t t;
	int n = rules_decode_letter(r, s, strlen(s), &t, NULL);

	if (n > 0 && (size_t)n == strlen(s))
		return t;
	for (t = 1; t <= r->nletters; t++)
		if (r->upper[t] == 0 && (strcmp(s, r->utf8[t]) == 0 ||
		    strcmp(s, r->utf8_lower[t]) == 0))
			return t;
	return 0;
}

/* one_cp: stores the code point s is after NFC composition; -1 if s is
 * not exactly one. */
static int
one_cp(const char *s, uint32_t *cp)
{
	size_t len = strlen(s), i;
	uint32_t c, m, k;
	int n;

	n = utf8_decode(s, len, &c);
	if (n < 0)
		return -1;
	for (i = (size_t)n; i < len; i += (size_t)n) {
		n = utf8_decode(s + i, len - i, &m);
		if (n < 0 || !utf8_is_combining(m) || (k = utf8_compose(c, m)) == 0)
			return -1;
		c = k;
	}
	*cp = c;
	return 0;
}

/* letter_text_bad: why a letter's text is valid UTF-8 of at most 7 bytes with no
 * character that means something else in racks, moves, CGP or GCG. */
static const char *
letter_text_bad(const char *s)
{
	size_t len = strlen(s), i;
	uint32_t cp;
	int n;

	if (len == 0 || len >= 8)
		return "a letter is 1 to 7 bytes of UTF-8";
	for (i = 0; i < len; i += (size_t)n) {
		n = utf8_decode(s + i, len - i, &cp);
		if (n < 0)
			return "invalid UTF-8";
		if (cp < 0x80 && !((cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z')))
			return "a letter cannot hold ASCII digits or punctuation";
	}
	return NULL;
}

/* case_map: maps each code point of s with f into out (cap 8); -1 if longer. */
static int
case_map(const char *s, uint32_t (*f)(uint32_t), char out[8])
{
	size_t len = strlen(s), i, o = 0;
	uint32_t cp;
	int n;
	char b[4];

	for (i = 0; i < len; i += (size_t)n) {
		int k;

		n = utf8_decode(s + i, len - i, &cp);
		if (n < 0)
			return -1;
		k = utf8_encode(f(cp), b);
		if (o + (size_t)k >= 8)
			return -1;
		memcpy(out + o, b, (size_t)k);
		o += (size_t)k;
	}
	out[o] = '\0';
	return 0;
}

/* add_letter: "letter UPPER [LOWER] COUNT VALUE". */
static int
add_letter(struct rules *r, char **tok, int ntok, long line, struct err *e)
{
	const char *up = tok[1], *lo = ntok == 5 ? tok[2] : NULL, *why;
	long count, value;
	int t, u;
	uint32_t ucp, lcp;

	if (ntok != 4 && ntok != 5) {
		err_set(e, line, "expected 'letter UPPER [LOWER] COUNT VALUE'");
		return -1;
	}
	if (number(tok[ntok - 2], 0, 255, &count) < 0 ||
	    number(tok[ntok - 1], 0, 255, &value) < 0) {
		err_set(e, line, "letter %s: count and value are numbers 0..255", up);
		return -1;
	}
	if (r->nletters == RULES_MAX_LETTERS) {
		err_set(e, line, "more than %d letters", RULES_MAX_LETTERS);
		return -1;
	}
	if ((why = letter_text_bad(up)) != NULL ||
	    (lo != NULL && (why = letter_text_bad(lo)) != NULL)) {
		err_set(e, line, "letter %s: %s", up, why);
		return -1;
	}
	t = r->nletters + 1;
	if (one_cp(up, &ucp) == 0) {
		/* One code point: written in either case, stored as upper/lower. */
		ucp = utf8_latin_upper(ucp);
		if (lo != NULL) {
			if (one_cp(lo, &lcp) < 0) {
				err_set(e, line, "letter %s: lowercase %s is not one character",
					up, lo);
				return -1;
			}
		} else {
			lcp = utf8_latin_lower(ucp);
		}
		if (lcp == ucp) {
			err_set(e, line, "letter %s: no lowercase form known; write "
				"'letter %s LOWER %ld %ld'", up, up, count, value);
			return -1;
		}
		if (rules_letter_from_cp(r, ucp, NULL) != 0 ||
		    rules_letter_from_cp(r, lcp, NULL) != 0) {
			err_set(e, line, "letter %s given twice", up);
			return -1;
		}
		r->upper[t] = ucp;
		r->lower[t] = lcp;
		r->utf8[t][utf8_encode(ucp, r->utf8[t])] = '\0';
		r->utf8_lower[t][utf8_encode(lcp, r->utf8_lower[t])] = '\0';
	} else {
		/* Several characters ("CH"): written in brackets in racks and moves. */
		if (case_map(up, utf8_latin_upper, r->utf8[t]) < 0 ||
		    (lo != NULL ? snprintf(r->utf8_lower[t], 8, "%s", lo) >= 8 :
		     case_map(up, utf8_latin_lower, r->utf8_lower[t]) < 0)) {
			err_set(e, line, "letter %s: longer than 7 bytes", up);
			return -1;
		}
		if (strcmp(r->utf8[t], r->utf8_lower[t]) == 0) {
			err_set(e, line, "letter %s: no lowercase form known; write "
				"'letter %s LOWER %ld %ld'", up, up, count, value);
			return -1;
		}
		for (u = 1; u < t; u++)
			if (strcmp(r->utf8[u], r->utf8[t]) == 0 ||
			    strcmp(r->utf8_lower[u], r->utf8_lower[t]) == 0) {
				err_set(e, line, "letter %s given twice", up);
				return -1;
			}
		r->upper[t] = 0;
		r->lower[t] = 0;
	}
	r->counts[t] = (uint8_t)count;
	r->values[t] = (uint8_t)value;
	r->nletters = t;
	return 0;
}

static int
yes_no(const char *s, int *out)
{
	if (strcmp(s, "yes") == 0)
		*out = 1;
	else if (strcmp(s, "no") == 0)
		*out = 0;
	else
		return -1;
	return 0;
}

static int
name_ok(const char *s)
{
	size_t n = strlen(s), i;

	if (n == 0 || n >= RULES_NAME_MAX)
		return 0;
	for (i = 0; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.'))
			return 0;
	}
	return 1;
}

/* rest_of_line: the text after the keyword, trimmed. */
static const char *
rest_of_line(char *s)
{
	char *end;

	while (is_blank(*s))
		s++;
	while (*s != '\0' && !is_blank(*s))
		s++;
	while (is_blank(*s))
		s++;
	end = s + strlen(s);
	while (end > s && is_blank(end[-1]))
		*--end = '\0';
	return s;
}

/* rel_path: name relative to the directory of base (unless absolute). */
static int
rel_path(char *out, size_t cap, const char *base, const char *name)
{
	const char *slash = strrchr(base, '/');
	int n;

	if (name[0] == '/' || slash == NULL)
		n = snprintf(out, cap, "%s", name);
	else
		n = snprintf(out, cap, "%.*s/%s", (int)(slash - base), base, name);
	return n < 0 || (size_t)n >= cap ? -1 : 0;
}

/* kwg_order: the alphabet as KWG and KLV2 files number it, written as
 * one word of letters ("ABC...YÜZÆÄØÖÅ"), into r->kwg_tile. */
static int
kwg_order(struct rules *r, const char *s, long line, struct err *e)
{
	uint8_t tile[RULES_MAX_TILES];
	size_t len = strlen(s), off = 0;
	int n = 0, t;

	memset(tile, 0, sizeof tile);
	while (off < len) {
		uint8_t lt;
		int lower, used = rules_decode_letter(r, s + off, len - off, &lt,
		    &lower);

		if (used <= 0 || lower) {
			err_set(e, line, "kwg-order: '%.*s' is not an uppercase "
			    "letter of the alphabet", used > 0 ? used : 1, s + off);
			return -1;
		}
		if (tile[lt] != 0) {
			err_set(e, line, "kwg-order: %s twice", r->utf8[lt]);
			return -1;
		}
		tile[lt] = (uint8_t)++n;
		off += (size_t)used;
	}
	for (t = 1; t <= r->nletters; t++)
		if (tile[t] == 0) {
			err_set(e, line, "kwg-order: %s is missing (every letter "
			    "of the alphabet once)", r->utf8[t]);
			return -1;
		}
	memcpy(r->kwg_tile, tile, sizeof tile);
	return 0;
}

static int
load_lines(struct rules *r, struct text *t, const char *path, struct err *e)
{
	int letters_seen = 0, settings = 0, have_name = 0, have_lex = 0;
	int inline_board = 0;
	long i;

	for (i = 0; i < t->n; i++) {
		char *tok[MAX_TOKENS], *s = t->line[i];
		char game[sizeof r->game];
		long line = i + 1, a, b;
		int n, v;
		size_t glen;
		const char *k;

		if (skip_line(s))
			continue;
		glen = strlen(rest_of_line(s));
		snprintf(game, sizeof game, "%s", rest_of_line(s));
		n = tokenize(s, tok, MAX_TOKENS);
		k = tok[0];
		settings++;
		if (strcmp(k, "base") == 0) {
			const struct rules *base;

			if (settings != 1) {
				err_set(e, line, "'base' must be the first setting");
				return -1;
			}
			if (n != 2 || (base = rules_builtin(tok[1])) == NULL) {
				err_set(e, line, "expected 'base NAME', NAME one of no, no-nsf, "
					"da, is, is-old, en");
				return -1;
			}
			*r = *base;
		} else if (strcmp(k, "name") == 0) {
			if (n != 2 || !name_ok(tok[1])) {
				err_set(e, line, "expected 'name NAME' (up to %d of A-Z a-z "
					"0-9 - _ .)", RULES_NAME_MAX - 1);
				return -1;
			}
			snprintf(r->name, sizeof r->name, "%s", tok[1]);
			have_name = 1;
		} else if (strcmp(k, "game") == 0) {
			if (glen >= sizeof r->game || glen == 0) {
				err_set(e, line, "expected 'game TEXT' of at most %d bytes",
					(int)sizeof r->game - 1);
				return -1;
			}
			snprintf(r->game, sizeof r->game, "%s", game);
		} else if (strcmp(k, "lexicon") == 0) {
			if (n != 2 || !name_ok(tok[1])) {
				err_set(e, line, "expected 'lexicon NAME'");
				return -1;
			}
			snprintf(r->lexicon_hint, sizeof r->lexicon_hint, "%s", tok[1]);
			have_lex = 1;
		} else if (strcmp(k, "letter") == 0) {
			if (!letters_seen) {
				/* The file's own alphabet replaces the base's. */
				memset(r->upper, 0, sizeof r->upper);
				memset(r->lower, 0, sizeof r->lower);
				memset(r->utf8, 0, sizeof r->utf8);
				memset(r->utf8_lower, 0, sizeof r->utf8_lower);
				memset(r->counts + 1, 0, sizeof r->counts - 1);
				memset(r->values + 1, 0, sizeof r->values - 1);
				r->nletters = 0;
				r->nfold = 0;
				memset(r->kwg_tile, 0, sizeof r->kwg_tile);
				r->finished = 0;    /* scan the alphabet while it grows */
				letters_seen = 1;
			}
			if (n > 5 || add_letter(r, tok, n, line, e) < 0) {
				if (n > 5)
					err_set(e, line, "expected 'letter UPPER [LOWER] COUNT VALUE'");
				return -1;
			}
		} else if (strcmp(k, "blank") == 0) {
			if (n != 3 || number(tok[1], 0, 255, &a) < 0 ||
			    number(tok[2], 0, 255, &b) < 0) {
				err_set(e, line, "expected 'blank COUNT VALUE'");
				return -1;
			}
			r->counts[0] = (uint8_t)a;
			r->values[0] = (uint8_t)b;
		} else if (strcmp(k, "tile") == 0) {
			int tl;

			if (n != 4 || number(tok[2], 0, 255, &a) < 0 ||
			    number(tok[3], 0, 255, &b) < 0) {
				err_set(e, line, "expected 'tile LETTER COUNT VALUE'");
				return -1;
			}
			if ((tl = text_letter(r, tok[1])) == 0) {
				err_set(e, line, "tile %s: not a letter of the alphabet", tok[1]);
				return -1;
			}
			r->counts[tl] = (uint8_t)a;
			r->values[tl] = (uint8_t)b;
		} else if (strcmp(k, "fold") == 0) {
			uint32_t from;
			int to;

			if (n != 3) {
				err_set(e, line, "expected 'fold FROM LETTER'");
				return -1;
			}
			if (one_cp(tok[1], &from) < 0 || rules_letter_from_cp(r, from, NULL) != 0) {
				err_set(e, line, "fold %s: FROM is one character outside the "
					"alphabet", tok[1]);
				return -1;
			}
			if ((to = text_letter(r, tok[2])) == 0) {
				err_set(e, line, "fold %s: %s is not a letter of the alphabet",
					tok[1], tok[2]);
				return -1;
			}
			if (r->nfold == RULES_MAX_FOLD) {
				err_set(e, line, "more than %d fold lines", RULES_MAX_FOLD);
				return -1;
			}
			r->fold[r->nfold].from = utf8_latin_upper(from);
			r->fold[r->nfold].to = (uint8_t)to;
			r->nfold++;
		} else if (strcmp(k, "kwg-order") == 0) {
			if (n != 2 || kwg_order(r, tok[1], line, e) < 0) {
				if (n != 2)
					err_set(e, line, "expected 'kwg-order LETTERS' (every "
					    "letter once, as one word)");
				return -1;
			}
		} else if (strcmp(k, "fold-accents") == 0) {
			if (n != 2 || yes_no(tok[1], &r->fold_accents) < 0) {
				err_set(e, line, "expected 'fold-accents yes' or 'fold-accents no'");
				return -1;
			}
		} else if (strcmp(k, "two-letter-list") == 0) {
			if (n != 2 || yes_no(tok[1], &r->two_letter_list) < 0) {
				err_set(e, line, "expected 'two-letter-list yes' or "
					"'two-letter-list no'");
				return -1;
			}
		} else if (strcmp(k, "layout") == 0) {
			char lp[4096];

			if (n != 2) {
				err_set(e, line, "expected 'layout standard', 'layout explo' or "
					"'layout FILE'");
				return -1;
			}
			if (rules_layout_builtin(r, tok[1]) < 0) {
				struct err le;

				if (rel_path(lp, sizeof lp, path, tok[1]) < 0) {
					err_set(e, line, "layout path too long");
					return -1;
				}
				if (layout_file(r, lp, &le) < 0) {
					if (le.line > 0)
						err_set(e, line, "layout %s:%ld: %s", lp, le.line, le.msg);
					else
						err_set(e, line, "layout %s: %s", lp, le.msg);
					return -1;
				}
			}
		} else if (strcmp(k, "board") == 0) {
			if (n != 1) {
				err_set(e, line, "expected 'board' alone, then the rows, then "
					"'start COORD'");
				return -1;
			}
			if ((i = parse_board(r, t, i + 1, e)) < 0)
				return -1;
			inline_board = 1;
		} else if (strcmp(k, "rack") == 0) {
			if (n != 2 || number(tok[1], 1, RULES_MAX_RACK, &a) < 0) {
				err_set(e, line, "expected 'rack N', N = 1..%d", RULES_MAX_RACK);
				return -1;
			}
			r->rack_size = (int)a;
		} else if (strcmp(k, "bingo") == 0) {
			if (n != 2 || number(tok[1], 0, 10000, &a) < 0) {
				err_set(e, line, "expected 'bingo POINTS'");
				return -1;
			}
			r->bingo_bonus = (int)a;
		} else if (strcmp(k, "exchange") == 0) {
			if (n != 2 || number(tok[1], 0, 1000, &a) < 0) {
				err_set(e, line, "expected 'exchange N' (tiles the bag must hold)");
				return -1;
			}
			r->exchange_min = (int)a;
		} else if (strcmp(k, "end") == 0) {
			if (n != 3 || (strcmp(tok[1], "passes") != 0 &&
			    strcmp(tok[1], "scoreless") != 0 &&
			    strcmp(tok[1], "noplay") != 0) ||
			    number(tok[2], 1, 100, &a) < 0) {
				err_set(e, line, "expected 'end passes N', 'end "
				    "scoreless N' or 'end noplay N'");
				return -1;
			}
			r->end_kind = tok[1][0] == 'p' ? END_PASSES :
			    tok[1][0] == 's' ? END_SCORELESS : END_NOPLAY;
			r->end_turns_per_player = (int)a;
		} else if (strcmp(k, "settle") == 0) {
			if (n != 2 || (strcmp(tok[1], "transfer") != 0 &&
			    strcmp(tok[1], "double") != 0)) {
				err_set(e, line, "expected 'settle transfer' or 'settle double'");
				return -1;
			}
			r->settle = tok[1][0] == 't' ? SETTLE_TRANSFER : SETTLE_DOUBLE;
		} else if (strcmp(k, "challenge") == 0) {
			static const char *const names[] = {
				"none", "single", "double", "5pt", "10pt"
			};

			for (v = 0; n == 2 && v < 5; v++)
				if (strcmp(tok[1], names[v]) == 0)
					break;
			if (n != 2 || v == 5) {
				err_set(e, line, "expected 'challenge none|single|double|5pt|10pt'");
				return -1;
			}
			r->challenge = (enum rules_challenge)v;
		} else if (strcmp(k, "players") == 0) {
			if ((n != 2 && n != 3) || number(tok[1], 1, RULES_MAX_PLAYERS, &a) < 0 ||
			    number(tok[n - 1], a, RULES_MAX_PLAYERS, &b) < 0) {
				err_set(e, line, "expected 'players MIN [MAX]', 1 <= MIN <= MAX <= %d",
					RULES_MAX_PLAYERS);
				return -1;
			}
			r->min_players = (int)a;
			r->max_players = (int)b;
		} else if (strcmp(k, "words") == 0) {
			if (n != 3 || number(tok[1], 2, RULES_MAX_WORD, &a) < 0 ||
			    number(tok[2], a, RULES_MAX_WORD, &b) < 0) {
				err_set(e, line, "expected 'words MIN MAX', 2 <= MIN <= MAX <= %d",
					RULES_MAX_WORD);
				return -1;
			}
			r->min_word = (int)a;
			r->max_word = (int)b;
		} else {
			err_set(e, line, "unknown setting '%s'", k);
			return -1;
		}
	}
	if (!have_name) {
		/* The file's name without directory and ".rules". */
		const char *b0 = strrchr(path, '/');
		char nm[RULES_NAME_MAX];
		size_t len;

		b0 = b0 != NULL ? b0 + 1 : path;
		len = strlen(b0);
		if (len > 6 && strcmp(b0 + len - 6, ".rules") == 0)
			len -= 6;
		if (len >= sizeof nm)
			len = sizeof nm - 1;
		memcpy(nm, b0, len);
		nm[len] = '\0';
		if (!name_ok(nm)) {
			err_set(e, 0, "no 'name' line, and the file name is no name");
			return -1;
		}
		memcpy(r->name, nm, len + 1);
	}
	/* A base's lexicon still fits unless the file made its own alphabet. */
	if (!have_lex && (letters_seen || r->lexicon_hint[0] == '\0'))
		snprintf(r->lexicon_hint, sizeof r->lexicon_hint, "%s", r->name);
	if (r->game[0] == '\0')
		snprintf(r->game, sizeof r->game, "%s", r->name);
	if (inline_board)           /* a board of the ruleset's own */
		snprintf(r->layout, sizeof r->layout, "%s", r->name);
	return 0;
}

int
rules_load(struct rules *out, const char *path, struct err *e)
{
	struct rules *r;
	struct text t;
	int tl, total = 0;

	if (text_read(&t, path, e) < 0)
		return -1;
	/* struct rules is large (several KiB): build it on the heap, copy once. */
	if ((r = malloc(sizeof *r)) == NULL) {
		text_free(&t);
		err_set(e, 0, "out of memory");
		return -1;
	}
	defaults(r);
	if (load_lines(r, &t, path, e) < 0)
		goto fail;
	if (r->nletters == 0) {
		err_set(e, 0, "no letters: a ruleset needs 'base NAME' or 'letter' lines");
		goto fail;
	}
	for (tl = 0; tl <= r->nletters; tl++)
		total += r->counts[tl];
	if (total < r->rack_size) {
		err_set(e, 0, "%d tiles cannot fill a rack of %d", total, r->rack_size);
		goto fail;
	}
	r->ntiles = total;
	rules_finish(r);
	text_free(&t);
	*out = *r;
	free(r);
	return 0;
fail:
	text_free(&t);
	free(r);
	return -1;
}

/* ---- writing a ruleset file ---- */

struct sbuf {
	char *p;
	size_t cap, len;
	int full;
};

static void
sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->full)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= b->cap - b->len) {
		b->full = 1;
		return;
	}
	b->len += (size_t)n;
}

/* same_builtin_board: r's board is the built-in layout name, start included. */
static int
same_builtin_board(const struct rules *r, const char *name)
{
	struct rules tmp;

	memset(&tmp, 0, sizeof tmp);
	if (rules_layout_builtin(&tmp, name) < 0)
		return 0;
	return r->rows == tmp.rows && r->cols == tmp.cols &&
		r->start_row == tmp.start_row && r->start_col == tmp.start_col &&
		memcmp(r->premium, tmp.premium, sizeof tmp.premium) == 0;
}

int
rules_format(const struct rules *r, char *out, size_t cap)
{
	static const char sqch[] = ".'\"-=^~";
	static const char *const chal[] = { "none", "single", "double", "5pt", "10pt" };
	struct sbuf b;
	int t, i, j;

	if (cap == 0)
		return -1;
	b.p = out;
	b.cap = cap;
	b.len = 0;
	b.full = 0;
	out[0] = '\0';
	if (r->nletters < 1 || r->nletters > RULES_MAX_LETTERS || r->rows < 1 ||
	    r->rows > RULES_MAX_DIM || r->cols < 1 || r->cols > RULES_MAX_DIM ||
	    (unsigned)r->challenge > CHALLENGE_10PT)
		return -1;
	sb_printf(&b, "# ordverk ruleset, see ordverk-rules(5)\n");
	sb_printf(&b, "name      %s\n", r->name);
	if (r->game[0] != '\0')
		sb_printf(&b, "game      %s\n", r->game);
	if (r->lexicon_hint[0] != '\0')
		sb_printf(&b, "lexicon   %s\n", r->lexicon_hint);
	for (t = 1; t <= r->nletters; t++) {
		char lo[8];
		int plain;

		/* LOWER is written only when the reader would not derive it. */
		if (r->upper[t] != 0)
			plain = utf8_latin_lower(r->upper[t]) == r->lower[t];
		else
			plain = case_map(r->utf8[t], utf8_latin_lower, lo) == 0 &&
				strcmp(lo, r->utf8_lower[t]) == 0;
		if (plain) {
			/* Pad to 4 characters, counting code points, not bytes. */
			int w = utf8_count(r->utf8[t]);

			sb_printf(&b, "letter %s%*s %3d %3d\n", r->utf8[t], w < 4 ? 4 - w : 0,
				"", r->counts[t], r->values[t]);
		} else {
			sb_printf(&b, "letter %s %s %d %d\n", r->utf8[t], r->utf8_lower[t],
				r->counts[t], r->values[t]);
		}
	}
	sb_printf(&b, "blank     %d %d\n", r->counts[0], r->values[0]);
	{
		uint8_t to_file[RULES_MAX_TILES], from_file[RULES_MAX_TILES];

		if (rules_kwg_map(r, to_file, from_file)) {
			sb_printf(&b, "kwg-order ");
			for (t = 1; t <= r->nletters; t++) {
				const char *u = r->utf8[from_file[t]];

				sb_printf(&b, utf8_count(u) > 1 ? "[%s]" : "%s", u);
			}
			sb_printf(&b, "\n");
		}
	}
	sb_printf(&b, "fold-accents %s\n", r->fold_accents ? "yes" : "no");
	for (i = 0; i < r->nfold && i < RULES_MAX_FOLD; i++) {
		char from[5];

		if (r->fold[i].to < 1 || r->fold[i].to > r->nletters)
			return -1;
		from[utf8_encode(r->fold[i].from, from)] = '\0';
		sb_printf(&b, "fold      %s %s\n", from, r->utf8[r->fold[i].to]);
	}
	if (same_builtin_board(r, "standard"))
		sb_printf(&b, "layout    standard\n");
	else if (same_builtin_board(r, "explo"))
		sb_printf(&b, "layout    explo\n");
	else {
		sb_printf(&b, "board\n");
		for (i = 0; i < r->rows; i++) {
			char row[RULES_MAX_DIM + 1];

			for (j = 0; j < r->cols; j++) {
				uint8_t p = r->premium[i * r->cols + j];

				if (p > SQ_QW)
					return -1;
				row[j] = sqch[p];
			}
			row[r->cols] = '\0';
			sb_printf(&b, "%s\n", row);
		}
		sb_printf(&b, "start %c%d\n", 'A' + r->start_col, r->start_row + 1);
	}
	sb_printf(&b, "rack      %d\n", r->rack_size);
	sb_printf(&b, "bingo     %d\n", r->bingo_bonus);
	sb_printf(&b, "exchange  %d\n", r->exchange_min);
	sb_printf(&b, "end       %s %d\n", r->end_kind == END_PASSES ? "passes" :
	    r->end_kind == END_NOPLAY ? "noplay" : "scoreless",
		r->end_turns_per_player);
	sb_printf(&b, "settle    %s\n", r->settle == SETTLE_TRANSFER ? "transfer" : "double");
	sb_printf(&b, "challenge %s\n", chal[r->challenge]);
	sb_printf(&b, "players   %d %d\n", r->min_players, r->max_players);
	sb_printf(&b, "words     %d %d\n", r->min_word, r->max_word);
	sb_printf(&b, "two-letter-list %s\n", r->two_letter_list ? "yes" : "no");
	if (b.full) {
		out[0] = '\0';
		return -1;
	}
	return (int)b.len;
}
