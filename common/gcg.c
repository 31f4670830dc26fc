/*
 * gcg.c — GCG games (SPEC §2.3): reader, writer and replay.  See gcg.h.
 *
 * Format facts from John Chew's GCG description as Quackle and Macondo read
 * it: pragmas "#name value", events ">NICK: ...", one event a line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "gcg.h"

enum { ENC_UNDECLARED, ENC_UTF8, ENC_LATIN1 };

struct gcg_reader {
	FILE *fp;
	char *name;
	struct rules defrules;
	int have_def;
	long lineno;
	char *buf;              /* raw line */
	size_t cap;
	char *conv;             /* line converted from Latin-1 */
	size_t convcap;
	int done;               /* end of stream (or unreadable) reached */
	int ioerr;
	int light_skip;         /* gcg_read_light: in a bad game, up to #end */
};

/* ---------------------------------------------------------------- helpers */

static int
is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
	    c == '\v';
}

static int
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int
is_alpha_ascii(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static int
lower_ascii(int c)
{
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

/* Case-insensitive ASCII comparison of a and b. */
static int
eq_nocase(const char *a, const char *b)
{
	while (*a && *b) {
		if (lower_ascii((unsigned char)*a) != lower_ascii((unsigned char)*b))
			return 0;
		a++, b++;
	}
	return *a == *b;
}

static int
copy_str(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);

	if (n >= cap)
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

/* valid_utf8: 1 if s[0..n) is valid UTF-8. */
static int
valid_utf8(const char *s, size_t n)
{
	size_t i = 0;
	uint32_t cp;

	while (i < n) {
		int k;

		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		k = utf8_decode(s + i, n - i, &cp);
		if (k <= 0)
			return 0;
		i += (size_t)k;
	}
	return 1;
}

/* Sum of tile values of a rack count array. */
static int
rack_value(const struct rules *r, const uint8_t *rack)
{
	int t, v = 0;

	for (t = 0; t <= r->nletters; t++)
		v += rack[t] * r->values[t];
	return v;
}

static int
rack_count(const struct rules *r, const uint8_t *rack)
{
	int t, n = 0;

	for (t = 0; t <= r->nletters; t++)
		n += rack[t];
	return n;
}

/* 1 if every tile of a is in b. */
static int
rack_subset(const struct rules *r, const uint8_t *a, const uint8_t *b)
{
	int t;

	for (t = 0; t <= r->nletters; t++)
		if (a[t] > b[t])
			return 0;
	return 1;
}

static int
rack_equal(const struct rules *r, const uint8_t *a, const uint8_t *b)
{
	return rack_subset(r, a, b) && rack_subset(r, b, a);
}

/* gcg_rack_text: writes a rack as GCG shows it: blanks first as '?', then
 * letters by code point (the order Quackle and Macondo use, and the
 * conformance files).  Returns the length or -1 if it does not fit. */
static int
rack_text(const struct rules *r, const uint8_t *rack, char *out, size_t cap)
{
	int order[RULES_MAX_TILES];
	int i, j, t, n = 0;
	size_t len = 0;

	for (t = 1; t <= r->nletters; t++) {
		/* insertion sort by code point: at most 63 letters */
		for (j = n; j > 0 && r->upper[order[j - 1]] > r->upper[t]; j--)
			order[j] = order[j - 1];
		order[j] = t;
		n++;
	}
	if (cap == 0)
		return -1;
	for (i = 0; i < rack[0]; i++) {
		if (len + 2 > cap)
			goto toolong;
		out[len++] = '?';
	}
	for (i = 0; i < n; i++) {
		size_t k;

		t = order[i];
		k = strlen(r->utf8[t]);
		for (j = 0; j < rack[t]; j++) {
			if (len + k + 1 > cap)
				goto toolong;
			memcpy(out + len, r->utf8[t], k);
			len += k;
		}
	}
	out[len] = '\0';
	return (int)len;
toolong:
	out[0] = '\0';
	return -1;
}

/* Names a letter (tile index, 0 = blank) for messages. */
static const char *
letter_name(const struct rules *r, int t)
{
	return t == 0 ? "?" : r->utf8[t];
}

/* ------------------------------------------------------------ game basics */

struct gcg_game *
gcg_game_create(const struct rules *r, struct err *e)
{
	struct gcg_game *g = calloc(1, sizeof *g);

	if (g == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	if (r != NULL) {
		g->rules = *r;
		g->have_rules = 1;
	}
	return g;
}

void
gcg_game_destroy(struct gcg_game *g)
{
	int i;

	if (g == NULL)
		return;
	for (i = 0; i < g->npragmas; i++) {
		free(g->pragmas[i].name);
		free(g->pragmas[i].value);
	}
	free(g->pragmas);
	free(g->events);
	free(g);
}

static int
add_pragma_at(struct gcg_game *g, long line, const char *name,
	const char *value, struct err *e)
{
	struct gcg_pragma *p;

	if (g->npragmas >= GCG_MAX_EVENTS) {
		err_set(e, line, "more than %d pragmas in one game",
		    GCG_MAX_EVENTS);
		return -1;
	}
	if (g->npragmas == g->cap_pragmas) {
		int ncap = g->cap_pragmas ? 2 * g->cap_pragmas : 8;

		p = realloc(g->pragmas, (size_t)ncap * sizeof *p);
		if (p == NULL)
			goto oom;
		g->pragmas = p;
		g->cap_pragmas = ncap;
	}
	p = &g->pragmas[g->npragmas];
	p->line = line;
	p->after = g->nevents - 1;
	p->name = strdup(name);
	p->value = strdup(value);
	if (p->name == NULL || p->value == NULL) {
		free(p->name);
		free(p->value);
		goto oom;
	}
	g->npragmas++;
	return 0;
oom:
	err_set(e, line, "out of memory");
	return -1;
}

int
gcg_game_add_pragma(struct gcg_game *g, const char *name, const char *value,
	struct err *e)
{
	return add_pragma_at(g, 0, name, value, e);
}

int
gcg_game_set_player(struct gcg_game *g, int i, const char *nick,
	const char *name, struct err *e)
{
	const char *s;

	if (i < 0 || i >= RULES_MAX_PLAYERS) {
		err_set(e, 0, "player %d out of range", i + 1);
		return -1;
	}
	for (s = nick; *s; s++)
		if (is_space((unsigned char)*s) || *s == ':') {
			err_set(e, 0, "nick '%s' has a space or ':'", nick);
			return -1;
		}
	if (*nick == '\0' || copy_str(g->players[i].nick, GCG_NICK_MAX, nick) ||
	    copy_str(g->players[i].name, GCG_NAME_MAX, name ? name : nick)) {
		err_set(e, 0, "nick or name empty or too long");
		return -1;
	}
	if (g->nplayers < i + 1)
		g->nplayers = i + 1;
	return 0;
}

static void
update_summary(struct gcg_game *g, const struct gcg_event *ev)
{
	if (ev->player >= 0 && ev->player < RULES_MAX_PLAYERS)
		g->totals[ev->player] = ev->total;
	if (ev->kind == GCG_END_POINTS || ev->kind == GCG_RACK_PENALTY)
		g->has_end = 1;
}

static struct gcg_event *
new_event(struct gcg_game *g, struct err *e, long line)
{
	struct gcg_event *ev;

	if (g->nevents >= GCG_MAX_EVENTS) {
		err_set(e, line, "more than %d events in one game", GCG_MAX_EVENTS);
		return NULL;
	}
	if (g->nevents == g->cap_events) {
		int ncap = g->cap_events ? 2 * g->cap_events : 32;

		ev = realloc(g->events, (size_t)ncap * sizeof *ev);
		if (ev == NULL) {
			err_set(e, line, "out of memory");
			return NULL;
		}
		g->events = ev;
		g->cap_events = ncap;
	}
	ev = &g->events[g->nevents];
	memset(ev, 0, sizeof *ev);
	ev->line = line;
	ev->nrack = -1;
	return ev;
}

int
gcg_game_add_event(struct gcg_game *g, const struct gcg_event *src,
	struct err *e)
{
	struct gcg_event *ev;

	if (src->player < 0 || src->player >= RULES_MAX_PLAYERS) {
		err_set(e, 0, "event for player %d out of range", src->player + 1);
		return -1;
	}
	if ((ev = new_event(g, e, src->line)) == NULL)
		return -1;
	*ev = *src;
	if (ev->text[0] == '\0' && (ev->kind == GCG_PLAY ||
	    ev->kind == GCG_PASS || ev->kind == GCG_EXCHANGE)) {
		if (!g->have_rules) {
			err_set(e, 0, "game has no ruleset");
			return -1;
		}
		if (ev->kind == GCG_PASS)
			strcpy(ev->text, "-");
		else if (move_format(&g->rules, &ev->move, ev->text,
		    sizeof ev->text) < 0) {
			err_set(e, 0, "move does not fit a GCG line");
			return -1;
		}
	}
	if (g->nplayers < ev->player + 1)
		g->nplayers = ev->player + 1;
	g->nevents++;
	update_summary(g, ev);
	return 0;
}

int
gcg_game_add_move(struct gcg_game *g, int player,
	const uint8_t rack[RULES_MAX_TILES], const struct move *m, struct err *e)
{
	struct gcg_event ev;

	if (player < 0 || player >= RULES_MAX_PLAYERS) {
		err_set(e, 0, "player %d out of range", player + 1);
		return -1;
	}
	memset(&ev, 0, sizeof ev);
	ev.player = player;
	ev.kind = m->kind == MOVE_PLACE ? GCG_PLAY :
	    m->kind == MOVE_EXCHANGE ? GCG_EXCHANGE : GCG_PASS;
	ev.move = *m;
	ev.score = m->kind == MOVE_PLACE ? m->score : 0;
	ev.total = g->totals[player] + ev.score;
	ev.nrack = -1;
	ev.nother = -1;
	if (rack != NULL && g->have_rules) {
		memcpy(ev.rack, rack, RULES_MAX_TILES);
		ev.nrack = rack_count(&g->rules, rack);
	}
	return gcg_game_add_event(g, &ev, e);
}

int
gcg_game_settle(struct gcg_game *g, const uint8_t racks[][RULES_MAX_TILES],
	int finisher, struct err *e)
{
	const struct rules *r = &g->rules;
	struct gcg_event ev;
	uint8_t others[RULES_MAX_TILES];
	int i, t, v;

	if (!g->have_rules) {
		err_set(e, 0, "game has no ruleset");
		return -1;
	}
	if (finisher >= g->nplayers) {
		err_set(e, 0, "finisher %d out of range", finisher + 1);
		return -1;
	}
	if (finisher >= 0) {
		memset(others, 0, sizeof others);
		for (i = 0; i < g->nplayers; i++)
			if (i != finisher)
				for (t = 0; t <= r->nletters; t++)
					others[t] = (uint8_t)(others[t] + racks[i][t]);
		v = rack_value(r, others);
		memset(&ev, 0, sizeof ev);
		ev.player = finisher;
		ev.kind = GCG_END_POINTS;
		ev.nrack = -1;
		memcpy(ev.other, others, sizeof others);
		ev.nother = rack_count(r, others);
		ev.score = r->settle == SETTLE_DOUBLE ? 2 * v : v;
		ev.total = g->totals[finisher] + ev.score;
		if (gcg_game_add_event(g, &ev, e) < 0)
			return -1;
		if (r->settle == SETTLE_DOUBLE)
			return 0;
	}
	for (i = 0; i < g->nplayers; i++) {
		if (i == finisher || rack_count(r, racks[i]) == 0)
			continue;
		memset(&ev, 0, sizeof ev);
		ev.player = i;
		ev.kind = GCG_RACK_PENALTY;
		memcpy(ev.rack, racks[i], RULES_MAX_TILES);
		memcpy(ev.other, racks[i], RULES_MAX_TILES);
		ev.nrack = ev.nother = rack_count(r, racks[i]);
		ev.score = -rack_value(r, racks[i]);
		ev.total = g->totals[i] + ev.score;
		if (gcg_game_add_event(g, &ev, e) < 0)
			return -1;
	}
	return 0;
}

/* ----------------------------------------------------------------- writer */

int
gcg_format_event(const struct gcg_game *g, const struct gcg_event *ev,
	char *out, size_t cap)
{
	const struct rules *r = &g->rules;
	char rack[RULES_MAX_TILES * 8], other[RULES_MAX_TILES * 8];
	const char *nick;
	const char *sp;
	int n;

	n = ev->player == GCG_BY_TURN ? ev->shared_first : ev->player;
	if (n < 0 || n >= RULES_MAX_PLAYERS)
		return -1;
	nick = g->players[n].nick;
	rack[0] = other[0] = '\0';
	if (ev->nrack > 0 && rack_text(r, ev->rack, rack, sizeof rack) < 0)
		return -1;
	if (ev->kind == GCG_END_POINTS || ev->kind == GCG_RACK_PENALTY)
		if (rack_text(r, ev->other, other, sizeof other) < 0)
			return -1;
	sp = rack[0] ? " " : "";
	switch (ev->kind) {
	case GCG_PLAY:
	case GCG_PASS:
	case GCG_EXCHANGE:
		n = snprintf(out, cap, ">%s: %s%s%s %+d %d", nick, rack, sp,
		    ev->kind == GCG_PASS ? "-" : ev->text, ev->score, ev->total);
		break;
	case GCG_WITHDRAWN:
		if (ev->score_zero_marked)
			n = snprintf(out, cap, ">%s: %s%s-- +0 %d", nick, rack,
			    sp, ev->total);
		else
			n = snprintf(out, cap, ">%s: %s%s-- -%d %d", nick, rack,
			    sp, ev->score < 0 ? -ev->score : ev->score,
			    ev->total);
		break;
	case GCG_CHALLENGE:
		n = snprintf(out, cap, ">%s: %s%s(challenge) %+d %d", nick, rack,
		    sp, ev->score, ev->total);
		break;
	case GCG_END_POINTS:
		n = snprintf(out, cap, ">%s: (%s) %+d %d", nick, other,
		    ev->score, ev->total);
		break;
	case GCG_RACK_PENALTY:
		n = snprintf(out, cap, ">%s: %s%s(%s) -%d %d", nick, rack, sp,
		    other, ev->score < 0 ? -ev->score : ev->score, ev->total);
		break;
	case GCG_TIME_PENALTY:
		n = snprintf(out, cap, ">%s: %s%s(time) -%d %d", nick, rack, sp,
		    ev->score < 0 ? -ev->score : ev->score, ev->total);
		break;
	default:
		return -1;
	}
	if (n < 0 || (size_t)n >= cap)
		return -1;
	return n;
}

static int
has_pragma(const struct gcg_game *g, const char *name)
{
	int i;

	for (i = 0; i < g->npragmas; i++)
		if (strcmp(g->pragmas[i].name, name) == 0)
			return 1;
	return 0;
}

static int
write_pragmas_after(FILE *fp, const struct gcg_game *g, int after)
{
	int i;

	for (i = 0; i < g->npragmas; i++) {
		const struct gcg_pragma *p = &g->pragmas[i];

		if (p->after != after ||
		    strcmp(p->name, "character-encoding") == 0)
			continue;
		if (fprintf(fp, "#%s%s%s\n", p->name, p->value[0] ? " " : "",
		    p->value) < 0)
			return -1;
	}
	return 0;
}

int
gcg_write(FILE *fp, const struct gcg_game *g, struct err *e)
{
	char line[2048];
	int i;

	if (fputs("#character-encoding UTF-8\n", fp) == EOF)
		goto ioerr;
	if (!has_pragma(g, "player1"))
		for (i = 0; i < g->nplayers; i++)
			if (fprintf(fp, "#player%d %s %s\n", i + 1,
			    g->players[i].nick, g->players[i].name) < 0)
				goto ioerr;
	if (g->have_rules && !has_pragma(g, "tile-distribution"))
		if (fprintf(fp, "#tile-distribution %s\n", g->rules.name) < 0)
			goto ioerr;
	if (g->lexicon[0] && !has_pragma(g, "lexicon"))
		if (fprintf(fp, "#lexicon %s\n", g->lexicon) < 0)
			goto ioerr;
	if (write_pragmas_after(fp, g, -1) < 0)
		goto ioerr;
	for (i = 0; i < g->nevents; i++) {
		if (gcg_format_event(g, &g->events[i], line, sizeof line) < 0) {
			err_set(e, g->events[i].line, "event %d cannot be written",
			    i + 1);
			return -1;
		}
		if (fprintf(fp, "%s\n", line) < 0 ||
		    write_pragmas_after(fp, g, i) < 0)
			goto ioerr;
	}
	return 0;
ioerr:
	err_set(e, 0, "write error: %s", strerror(errno));
	return -1;
}

/* ----------------------------------------------------------------- reader */

struct gcg_reader *
gcg_reader_open(FILE *fp, const char *name, const struct rules *default_rules,
	struct err *e)
{
	struct gcg_reader *rd = calloc(1, sizeof *rd);

	if (rd == NULL || (rd->name = strdup(name ? name : "")) == NULL) {
		free(rd);
		err_set(e, 0, "out of memory");
		return NULL;
	}
	rd->fp = fp;
	if (default_rules != NULL) {
		rd->defrules = *default_rules;
		rd->have_def = 1;
	}
	return rd;
}

void
gcg_reader_close(struct gcg_reader *rd)
{
	if (rd == NULL)
		return;
	free(rd->name);
	free(rd->buf);
	free(rd->conv);
	free(rd);
}

int
gcg_reader_io_error(const struct gcg_reader *rd)
{
	return rd->ioerr;
}

/* The first line of a file: 0 with a UTF-8 byte order mark taken off
 * *s and *len, or -1 if it begins as UTF-16 text (either byte order).
 * Both readers ask; each says so in its own words. */
static int
first_line(char **s, size_t *len)
{
	const unsigned char *u = (const unsigned char *)*s;

	if (*len >= 2 && ((u[0] == 0xff && u[1] == 0xfe) ||
	    (u[0] == 0xfe && u[1] == 0xff)))
		return -1;
	if (*len >= 3 && u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf) {
		*s += 3;
		*len -= 3;
	}
	return 0;
}

/* read_line: the next line into rd->buf without its '\n' (a trailing '\r'
 * is removed too).  Returns its length, -1 at end of file, -2 on a read
 * error, -3 for a line over GCG_LINE_MAX (the rest of it is skipped). */
static long
read_line(struct gcg_reader *rd)
{
	size_t len = 0;
	int c, toolong = 0, any = 0;

	for (;;) {
		c = getc_unlocked(rd->fp);
		if (c == EOF)
			break;
		any = 1;
		if (c == '\n')
			break;
		if (toolong)
			continue;
		/* GCG_LINE_MAX bytes at most, a CR before the '\n' counted. */
		if (len >= GCG_LINE_MAX) {
			toolong = 1;
			continue;
		}
		if (len + 2 > rd->cap) {
			size_t ncap = rd->cap ? 2 * rd->cap : 256;
			char *nb;

			nb = realloc(rd->buf, ncap);
			if (nb == NULL) {
				errno = ENOMEM;
				return -2;
			}
			rd->buf = nb;
			rd->cap = ncap;
		}
		rd->buf[len++] = (char)c;
	}
	if (ferror(rd->fp))
		return -2;
	if (!any)
		return -1;
	rd->lineno++;
	if (toolong)
		return -3;
	if (len > 0 && rd->buf[len - 1] == '\r')
		len--;
	if (rd->buf == NULL) {
		rd->buf = malloc(1);
		if (rd->buf == NULL) {
			errno = ENOMEM;
			return -2;
		}
		rd->cap = 1;
	}
	rd->buf[len] = '\0';
	return (long)len;
}

/* latin1_encode: s[0..n) from ISO-8859-1 as UTF-8 into dst (room for
 * 2 * n + 1 bytes), NUL-terminated; returns the length. */
static size_t
latin1_encode(char *dst, const char *s, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x80) {
			dst[k++] = (char)c;
		} else {
			dst[k++] = (char)(0xc0 | (c >> 6));
			dst[k++] = (char)(0x80 | (c & 0x3f));
		}
	}
	dst[k] = '\0';
	return k;
}

/* latin1_to_utf8: converts s[0..n) from ISO-8859-1 into rd->conv. */
static char *
latin1_to_utf8(struct gcg_reader *rd, const char *s, size_t n)
{
	if (2 * n + 1 > rd->convcap) {
		char *nb = realloc(rd->conv, 2 * n + 1);

		if (nb == NULL)
			return NULL;
		rd->conv = nb;
		rd->convcap = 2 * n + 1;
	}
	latin1_encode(rd->conv, s, n);
	return rd->conv;
}

/* Tokenizer over one line: splits at white space, in place. */
#define MAX_TOK 12
static int
tokenize(char *s, char **tok, int max)
{
	int n = 0;

	for (;;) {
		while (is_space((unsigned char)*s))
			s++;
		if (*s == '\0' || n == max)
			return n;
		tok[n++] = s;
		while (*s && !is_space((unsigned char)*s))
			s++;
		if (*s == '\0')
			return n;
		*s++ = '\0';
	}
}

/* parse_num: an integer with optional sign; need_sign = 1 requires '+' or
 * '-'.  Returns 0 or -1. */
static int
parse_num(const char *s, int need_sign, int *out)
{
	int neg = 0;
	long v = 0;
	int nd = 0;

	if (*s == '+' || *s == '-') {
		neg = *s == '-';
		s++;
	} else if (need_sign) {
		return -1;
	}
	for (; is_digit((unsigned char)*s); s++) {
		if (++nd > 7)
			return -1;
		v = v * 10 + (*s - '0');
	}
	if (nd == 0 || *s != '\0')
		return -1;
	*out = (int)(neg ? -v : v);
	return 0;
}

/* is_coord: "8D", "8d", "D8", "d8", "10K" ... */
static int
is_coord(const char *s)
{
	size_t n = strlen(s), i = 0;

	if (n < 2 || n > 4)
		return 0;
	if (is_digit((unsigned char)s[0])) {
		while (i < n && is_digit((unsigned char)s[i]))
			i++;
		return i <= 2 && i == n - 1 && is_alpha_ascii((unsigned char)s[i]);
	}
	if (!is_alpha_ascii((unsigned char)s[0]))
		return 0;
	for (i = 1; i < n; i++)
		if (!is_digit((unsigned char)s[i]))
			return 0;
	return n <= 3;
}

/* Ruleset names as other programs write #tile-distribution. */
static const char *
alias_rules(const char *v)
{
	static const struct { const char *from, *to; } al[] = {
		{ "english", "en" }, { "norwegian", "no" }, { "danish", "da" },
		{ "icelandic", "is" }, { "english_super", NULL },
	};
	size_t i;

	for (i = 0; i < sizeof al / sizeof al[0]; i++)
		if (eq_nocase(v, al[i].from))
			return al[i].to;
	return v;
}

struct parse_state {
	struct gcg_reader *rd;
	struct gcg_game *g;
	int enc;
	int nplayer_pragmas;
	int last_was_note;
};

static int
parse_rack(const struct rules *r, const char *s, uint8_t *rack, long line,
	struct err *e)
{
	struct err e2;
	int n;

	if (strlen(s) > (size_t)RULES_MAX_RACK * 8) {
		err_set(e, line, "rack '%.20s...' too long", s);
		return -1;
	}
	memset(rack, 0, RULES_MAX_TILES);
	err_clear(&e2);
	n = rules_rack_parse(r, s, strlen(s), rack, &e2);
	if (n < 0) {
		err_set(e, line, "bad rack '%s': %s", s, e2.msg);
		return -1;
	}
	if (n > r->rack_size) {
		err_set(e, line, "rack '%s' has %d tiles (at most %d)", s, n,
		    r->rack_size);
		return -1;
	}
	return n;
}

/* parse_others: the rack of an end-of-game line "(RACK) +P", which holds
 * every other player's tiles: up to (players - 1) racks, more than
 * rules_rack_parse takes. */
static int
parse_others(const struct rules *r, const char *s, uint8_t *rack, long line,
	struct err *e)
{
	size_t len = strlen(s), i = 0;
	int n = 0;

	memset(rack, 0, RULES_MAX_TILES);
	while (i < len) {
		uint8_t t = 0;
		int lower, k;

		if (s[i] == '?') {
			k = 1;
		} else {
			k = rules_decode_letter(r, s + i, len - i, &t, &lower);
			if (k <= 0) {
				err_set(e, line, "bad rack '%s': not a letter at "
				    "'%.8s'", s, s + i);
				return -1;
			}
		}
		if (++n > (RULES_MAX_PLAYERS - 1) * r->rack_size) {
			err_set(e, line, "rack '%.40s' too long", s);
			return -1;
		}
		rack[t]++;
		i += (size_t)k;
	}
	return n;
}

static int
parse_pragma(struct parse_state *ps, char *s, long line, struct err *e)
{
	struct gcg_game *g = ps->g;
	char *name = s + 1, *value;
	size_t n;

	ps->last_was_note = 0;
	value = name;
	while (*value && !is_space((unsigned char)*value))
		value++;
	if (*value)
		*value++ = '\0';
	while (is_space((unsigned char)*value))
		value++;
	n = strlen(value);
	while (n > 0 && is_space((unsigned char)value[n - 1]))
		value[--n] = '\0';
	if (*name == '\0') {
		err_set(e, line, "empty pragma name after '#'");
		return -1;
	}
	if (strcmp(name, "character-encoding") == 0) {
		if (eq_nocase(value, "UTF-8") || eq_nocase(value, "UTF8"))
			ps->enc = ENC_UTF8;
		else if (eq_nocase(value, "ISO-8859-1") ||
		    eq_nocase(value, "ISO8859-1") || eq_nocase(value, "latin1") ||
		    eq_nocase(value, "latin-1"))
			ps->enc = ENC_LATIN1;
		else if (strncmp(value, "UTF-16", 6) == 0 ||
		    strncmp(value, "utf-16", 6) == 0) {
			err_set(e, line, "UTF-16 is not supported: convert the "
			    "file to UTF-8");
			return -1;
		} else {
			err_set(e, line, "unknown character encoding '%s' (UTF-8 "
			    "or ISO-8859-1)", value);
			return -1;
		}
	} else if (strncmp(name, "player", 6) == 0 && name[6] >= '1' &&
	    name[6] <= '4' && name[7] == '\0') {
		int i = name[6] - '1', j;
		char nick[GCG_NICK_MAX + 1];
		const char *full = value;
		struct err e2;

		while (*full && !is_space((unsigned char)*full))
			full++;
		n = (size_t)(full - value);
		while (is_space((unsigned char)*full))
			full++;
		if (n > 0 && value[n - 1] == ':')
			n--;
		if (n == 0 || n >= GCG_NICK_MAX) {
			err_set(e, line, "#%s: nick missing or too long", name);
			return -1;
		}
		memcpy(nick, value, n);
		nick[n] = '\0';
		/* Two players with one nick (NoName and NoName): their events
		 * go by turn (gcg_replay). */
		for (j = 0; j < g->nplayers; j++)
			if (j != i && strcmp(g->players[j].nick, nick) == 0)
				g->shared_nicks = 1;
		if (g->nevents > 0) {
			err_set(e, line, "#%s after the first event", name);
			return -1;
		}
		if (gcg_game_set_player(g, i, nick, *full ? full : nick, &e2) < 0) {
			err_set(e, line, "#%s: %s", name, e2.msg);
			return -1;
		}
		ps->nplayer_pragmas++;
	} else if (strcmp(name, "tile-distribution") == 0) {
		struct err e2;
		const char *rn = alias_rules(value);

		if (g->nevents > 0) {
			err_set(e, line, "#tile-distribution after the first event");
			return -1;
		}
		err_clear(&e2);
		if (rn == NULL || rules_get(&g->rules, rn, &e2) < 0) {
			err_set(e, line, "unknown tile distribution '%s'%s%s",
			    value, e2.msg[0] ? ": " : "", e2.msg);
			return -1;
		}
		g->have_rules = 1;
	} else if (strcmp(name, "lexicon") == 0) {
		if (copy_str(g->lexicon, sizeof g->lexicon, value) < 0) {
			err_set(e, line, "lexicon name too long");
			return -1;
		}
	} else if (strcmp(name, "title") == 0) {
		if (copy_str(g->title, sizeof g->title, value) < 0)
			g->title[0] = '\0';
	} else if (strcmp(name, "id") == 0) {
		if (copy_str(g->id, sizeof g->id, value) < 0)
			g->id[0] = '\0';
	} else if (strcmp(name, "note") == 0 || strcmp(name, "description") == 0) {
		ps->last_was_note = 1;
	} else if (strncmp(name, "rack", 4) == 0 && name[4] >= '1' &&
	    name[4] <= '4' && name[5] == '\0' && g->have_rules) {
		uint8_t rack[RULES_MAX_TILES];

		/* Checked against the board where it stands (gcg_replay). */
		if (parse_rack(&g->rules, value, rack, line, e) < 0)
			return -1;
	}
	return add_pragma_at(g, line, name, value, e);
}

/* Lexicon names that say the game is English. */
static int
english_lexicon(const char *lex)
{
	static const char *const pre[] = { "NWL", "TWL", "CSW", "SOWPODS",
	    "ENABLE", "OWL", "CSW", NULL };
	int i;

	for (i = 0; pre[i]; i++)
		if (strncmp(lex, pre[i], strlen(pre[i])) == 0)
			return 1;
	return 0;
}

static int
find_player(struct parse_state *ps, const char *nick, long line, struct err *e)
{
	struct gcg_game *g = ps->g;
	int i;

	for (i = 0; i < g->nplayers; i++)
		if (strcmp(g->players[i].nick, nick) == 0) {
			int j;

			for (j = i + 1; j < g->nplayers; j++)
				if (strcmp(g->players[j].nick, nick) == 0)
					return GCG_BY_TURN;
			return i;
		}
	if (ps->nplayer_pragmas > 0 || g->nplayers >= RULES_MAX_PLAYERS) {
		err_set(e, line, "unknown player '%s' (not in the #player "
		    "pragmas)", nick);
		return -1;
	}
	/* No #player pragmas: players are named by their first events. */
	if (gcg_game_set_player(g, g->nplayers, nick, nick, e) < 0) {
		e->line = line;
		return -1;
	}
	return g->nplayers - 1;
}

static int
parse_event(struct parse_state *ps, char *s, long line, struct err *e)
{
	struct gcg_game *g = ps->g;
	const struct rules *r;
	struct gcg_event *ev;
	char *tok[MAX_TOK], *colon, *nick = s + 1;
	char text[GCG_TEXT_MAX];
	int nt, k = 0, player;
	struct err e2;

	ps->last_was_note = 0;
	colon = strchr(nick, ':');
	if (colon == NULL || colon == nick) {
		err_set(e, line, "event without '>NICK:'");
		return -1;
	}
	*colon = '\0';
	for (char *c = nick; *c; c++)
		if (is_space((unsigned char)*c)) {
			err_set(e, line, "nick '%s' contains a space", nick);
			return -1;
		}
	if (!g->have_rules) {
		if (ps->rd->have_def) {
			g->rules = ps->rd->defrules;
			g->have_rules = 1;
		} else if (english_lexicon(g->lexicon) &&
		    rules_get(&g->rules, "en", &e2) == 0) {
			g->have_rules = 1;
		} else {
			err_set(e, line, "no ruleset: the game has no "
			    "#tile-distribution and none was given");
			return -1;
		}
	}
	r = &g->rules;
	if ((player = find_player(ps, nick, line, e)) < 0 &&
	    player != GCG_BY_TURN)
		return -1;
	nt = tokenize(colon + 1, tok, MAX_TOK);
	if ((ev = new_event(g, e, line)) == NULL)
		return -1;
	ev->player = player;
	if (player == GCG_BY_TURN)
		for (k = g->nplayers - 1; k >= 0; k--)
			if (strcmp(g->players[k].nick, nick) == 0)
				ev->shared_first = k;
	k = 0;
	ev->nother = -1;
	if (nt == 0)
		goto truncated;

	/* >NICK: (RACK) +POINTS TOTAL */
	if (tok[0][0] == '(' && strcmp(tok[0], "(challenge)") != 0 &&
	    strcmp(tok[0], "(time)") != 0) {
		size_t n = strlen(tok[0]);

		if (n < 2 || tok[0][n - 1] != ')') {
			err_set(e, line, "bad end-of-game rack '%s'", tok[0]);
			return -1;
		}
		tok[0][n - 1] = '\0';
		ev->kind = GCG_END_POINTS;
		if ((ev->nother = parse_others(r, tok[0] + 1, ev->other, line,
		    e)) < 0)
			return -1;
		k = 1;
		goto score;
	}
	/* The rack is there unless the first token is a move or a keyword. */
	if (!(is_coord(tok[0]) || tok[0][0] == '-' || tok[0][0] == '(')) {
		if ((ev->nrack = parse_rack(r, tok[0], ev->rack, line, e)) < 0)
			return -1;
		k = 1;
	}
	if (k >= nt)
		goto truncated;
	if (strcmp(tok[k], "(challenge)") == 0) {
		ev->kind = GCG_CHALLENGE;
		k++;
	} else if (strcmp(tok[k], "(time)") == 0) {
		ev->kind = GCG_TIME_PENALTY;
		k++;
	} else if (tok[k][0] == '(') {
		size_t n = strlen(tok[k]);

		if (n < 2 || tok[k][n - 1] != ')') {
			err_set(e, line, "bad rack '%s'", tok[k]);
			return -1;
		}
		tok[k][n - 1] = '\0';
		ev->kind = GCG_RACK_PENALTY;
		if ((ev->nother = parse_rack(r, tok[k] + 1, ev->other, line,
		    e)) < 0)
			return -1;
		k++;
	} else if (strcmp(tok[k], "--") == 0) {
		ev->kind = GCG_WITHDRAWN;
		k++;
	} else if (strcmp(tok[k], "-") == 0) {
		ev->kind = GCG_PASS;
		ev->move.kind = MOVE_PASS;
		strcpy(ev->text, "-");
		k++;
	} else if (tok[k][0] == '-') {
		ev->kind = GCG_EXCHANGE;
		if (copy_str(ev->text, sizeof ev->text, tok[k]) < 0) {
			err_set(e, line, "exchange '%.20s...' too long", tok[k]);
			return -1;
		}
		err_clear(&e2);
		if (move_parse(r, NULL, ev->text, strlen(ev->text), 0,
		    &ev->move, &e2) < 0) {
			err_set(e, line, "bad exchange '%s': %s", ev->text, e2.msg);
			return -1;
		}
		k++;
	} else if (is_coord(tok[k])) {
		char *c;
		int n;

		if (k + 1 >= nt)
			goto truncated;
		for (c = tok[k]; *c; c++)       /* liberal: "8d" = "8D" */
			if (*c >= 'a' && *c <= 'z')
				*c = (char)(*c - 'a' + 'A');
		{
			size_t a = strlen(tok[k]), b = strlen(tok[k + 1]);

			if (a + b + 2 > sizeof text) {
				err_set(e, line, "play '%.20s...' too long",
				    tok[k + 1]);
				return -1;
			}
			memcpy(text, tok[k], a);
			text[a] = ' ';
			memcpy(text + a + 1, tok[k + 1], b + 1);
			n = (int)(a + b + 1);
		}
		ev->kind = GCG_PLAY;
		memcpy(ev->text, text, (size_t)n + 1);
		err_clear(&e2);
		if (move_parse(r, NULL, ev->text, (size_t)n, 0, &ev->move,
		    &e2) < 0) {
			err_set(e, line, "bad play '%s': %s", ev->text, e2.msg);
			return -1;
		}
		k += 2;
	} else {
		err_set(e, line, "unknown event '%s' (expected a play, '-', "
		    "'-TILES', '--', '(challenge)', '(time)' or '(RACK)')",
		    tok[k]);
		return -1;
	}
score:
	if (k + 1 >= nt)
		goto truncated;
	if (parse_num(tok[k], 1, &ev->score) < 0) {
		err_set(e, line, "bad score '%s' (expected +N or -N)", tok[k]);
		return -1;
	}
	if (parse_num(tok[k + 1], 0, &ev->total) < 0) {
		err_set(e, line, "bad cumulative total '%s'", tok[k + 1]);
		return -1;
	}
	/* Anything after the total (old Quackle cross words) is ignored. */
	switch (ev->kind) {
	case GCG_PASS:
	case GCG_EXCHANGE:
		if (ev->score != 0) {
			err_set(e, line, "%s scores %+d (must be +0)",
			    ev->kind == GCG_PASS ? "pass" : "exchange", ev->score);
			return -1;
		}
		break;
	case GCG_WITHDRAWN:
		if (ev->score == 0 && tok[k][0] == '+')
			ev->score_zero_marked = 1;
		else if (ev->score > 0) {
			err_set(e, line, "withdrawn play scores %+d (must be "
			    "negative)", ev->score);
			return -1;
		}
		break;
	case GCG_RACK_PENALTY:
	case GCG_TIME_PENALTY:
		if (ev->score > 0) {
			err_set(e, line, "penalty %+d must be negative", ev->score);
			return -1;
		}
		break;
	case GCG_END_POINTS:
	case GCG_CHALLENGE:
		if (ev->score < 0) {
			err_set(e, line, "bonus %+d must be positive", ev->score);
			return -1;
		}
		break;
	default:
		break;
	}
	g->nevents++;
	update_summary(g, ev);
	return 0;
truncated:
	err_set(e, line, "truncated event (expected '>NICK: RACK MOVE +SCORE "
	    "TOTAL')");
	return -1;
}

/* 1 if s[0..n) holds a control character other than tab (binary data). */
static int
has_control(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return 1;
	}
	return 0;
}

/* skip_game: after an error, reads up to the next "#end" line or EOF. */
static void
skip_game(struct gcg_reader *rd)
{
	long n;

	for (;;) {
		n = read_line(rd);
		if (n == -1 || n == -2) {
			if (n == -2)
				rd->ioerr = 1;
			rd->done = 1;
			return;
		}
		if (n >= 4 && strncmp(rd->buf, "#end", 4) == 0) {
			long i;

			for (i = 4; i < n && is_space((unsigned char)rd->buf[i]);
			    i++)
				;
			if (i == n)
				return;
		}
	}
}

int
gcg_read(struct gcg_reader *rd, struct gcg_game **out, struct err *e)
{
	struct parse_state ps;
	long n;

	*out = NULL;
	if (rd->done)
		return 0;
	memset(&ps, 0, sizeof ps);
	ps.rd = rd;
	for (;;) {
		char *s;
		size_t len;

		n = read_line(rd);
		if (n == -1) {
			rd->done = 1;
			if (ps.g != NULL && (ps.g->nevents > 0 ||
			    ps.g->npragmas > 0))
				goto done;
			gcg_game_destroy(ps.g);
			return 0;
		}
		if (n == -2) {
			err_set(e, rd->lineno + 1, "read error: %s",
			    strerror(errno));
			rd->ioerr = 1;
			rd->done = 1;
			goto fail_noskip;
		}
		if (n == -3) {
			err_set(e, rd->lineno, "line longer than %d bytes",
			    GCG_LINE_MAX);
			goto fail;
		}
		s = rd->buf;
		len = (size_t)n;
		if (rd->lineno == 1 && first_line(&s, &len) != 0) {
			err_set(e, 1, "UTF-16 text is not supported: "
			    "convert the file to UTF-8");
			rd->ioerr = 1;
			rd->done = 1;
			goto fail_noskip;
		}
		if (memchr(s, '\0', len) != NULL) {
			if (rd->lineno == 1) {
				err_set(e, 1, "NUL bytes: UTF-16 or binary data, "
				    "not GCG text");
				rd->ioerr = 1;
				rd->done = 1;
				goto fail_noskip;
			}
			err_set(e, rd->lineno, "NUL byte in line (binary data?)");
			goto fail;
		}
		if (has_control(s, len)) {
			err_set(e, rd->lineno, "control character in line "
			    "(binary data?)");
			goto fail;
		}
		while (len > 0 && is_space((unsigned char)*s))
			s++, len--;
		while (len > 0 && is_space((unsigned char)s[len - 1]))
			s[--len] = '\0';
		if (len == 4 && memcmp(s, "#end", 4) == 0) {
			if (ps.g != NULL && (ps.g->nevents > 0 ||
			    ps.g->npragmas > 0))
				goto done;
			continue;
		}
		if (len == 0)
			continue;
		if (ps.enc == ENC_LATIN1 || !valid_utf8(s, len)) {
			/* Latin-1 when declared, and, liberally, when the
			 * undeclared text is not UTF-8 (old files' names). */
			if (ps.enc == ENC_UTF8) {
				err_set(e, rd->lineno, "invalid UTF-8 (the file "
				    "declares UTF-8)");
				goto fail;
			}
			s = latin1_to_utf8(rd, s, len);
			if (s == NULL) {
				err_set(e, rd->lineno, "out of memory");
				goto fail;
			}
			len = strlen(s);
		}
		if (ps.g == NULL) {
			ps.g = gcg_game_create(NULL, e);
			if (ps.g == NULL)
				goto fail;
			ps.g->first_line = rd->lineno;
		}
		if (s[0] == '#') {
			if (parse_pragma(&ps, s, rd->lineno, e) < 0)
				goto fail;
		} else if (s[0] == '>') {
			if (parse_event(&ps, s, rd->lineno, e) < 0)
				goto fail;
		} else if (ps.last_was_note && ps.g->npragmas > 0) {
			/* a note continued on the next lines */
			struct gcg_pragma *p = &ps.g->pragmas[ps.g->npragmas - 1];
			size_t a = strlen(p->value);
			char *nv;

			if (a + len > GCG_LINE_MAX * 16) {
				err_set(e, rd->lineno, "note longer than %d bytes",
				    GCG_LINE_MAX * 16);
				goto fail;
			}
			nv = realloc(p->value, a + len + 2);
			if (nv == NULL) {
				err_set(e, rd->lineno, "out of memory");
				goto fail;
			}
			nv[a] = '\n';
			memcpy(nv + a + 1, s, len + 1);
			p->value = nv;
		} else {
			err_set(e, rd->lineno, "not a GCG line (a pragma starts "
			    "with '#', an event with '>')");
			goto fail;
		}
	}
done:
	*out = ps.g;
	return 1;
fail:
	skip_game(rd);
fail_noskip:
	gcg_game_destroy(ps.g);
	return -1;
}

struct gcg_game *
gcg_parse_mem(const char *buf, size_t len, const struct rules *default_rules,
	struct err *e)
{
	FILE *fp;
	struct gcg_reader *rd;
	struct gcg_game *g = NULL;
	int rc;

	if (len == 0) {
		err_set(e, 0, "empty input");
		return NULL;
	}
	fp = fmemopen((void *)buf, len, "r");
	if (fp == NULL) {
		err_set(e, 0, "fmemopen: %s", strerror(errno));
		return NULL;
	}
	rd = gcg_reader_open(fp, "<memory>", default_rules, e);
	if (rd != NULL) {
		rc = gcg_read(rd, &g, e);
		if (rc == 0)
			err_set(e, 0, "no game in input");
		gcg_reader_close(rd);
	}
	fclose(fp);
	return g;
}

/* ------------------------------------------------------------ light reader */

/* The state of one game being read light; the players' fields are filled
 * as their lines come (see gcg.h). */
struct light {
	struct gcg_light *out;
	int declared;           /* bit i: #player(i + 1) was read */
	int robot_all;          /* "#note robot" alone */
	int latin1;             /* "#character-encoding ISO-8859-1" */
};

/* light_name: copies s[0..n) (at most GCG_LIGHT_NAME_MAX bytes) into dst
 * as UTF-8; returns the length. */
static size_t
light_name(const struct light *L, char *dst, const char *s, size_t n)
{
	if (L->latin1)
		return latin1_encode(dst, s, n);
	memcpy(dst, s, n);
	dst[n] = '\0';
	return n;
}

/* light_player_of: the player whose nick is s[0..n) as written, or -1. */
static int
light_player_of(const struct light *L, const char *s, size_t n)
{
	char tmp[2 * GCG_LIGHT_NAME_MAX + 1];
	size_t k;
	int p;

	if (n > GCG_LIGHT_NAME_MAX)
		return -1;
	k = light_name(L, tmp, s, n);
	for (p = 0; p < 2; p++)
		if ((L->declared >> p & 1) && L->out->player[p].nick_len == k &&
		    memcmp(L->out->player[p].nick, tmp, k) == 0)
			return p;
	return -1;
}

/* light_total: the cumulative total s, an integer within
 * +-GCG_LIGHT_TOTAL_MAX ('-' allowed, '+' not: "+16" is a score). */
static int
light_total(const char *s, int *out)
{
	long v = 0;
	int neg = *s == '-';

	if (neg)
		s++;
	if (*s == '\0')
		return -1;
	for (; *s != '\0'; s++) {
		if (!is_digit((unsigned char)*s))
			return -1;
		v = v * 10 + (*s - '0');
		if (v > GCG_LIGHT_TOTAL_MAX)
			return -1;
	}
	*out = (int)(neg ? -v : v);
	return 0;
}

/* light_player: "#playerN NICK Full Name" (the caller matched "#playerN ").
 * Fields are split at spaces only, as written. */
static int
light_player(struct light *L, char *line, long lineno,
	int (*check_name)(void *, int, const char *, size_t, struct err *),
	void *arg, struct err *e)
{
	struct gcg_light_player *pl;
	int i = line[7] - '1';
	char *p = line + 9;
	size_t k;

	if (i >= 2) {
		err_set(e, lineno, "more than two players: not rated");
		return -1;
	}
	/* Players come first: a #player line after events is most likely
	 * the next game of files joined without "#end". */
	if (L->out->nevents > 0) {
		err_set(e, lineno, "#player%d after the first event", i + 1);
		return -1;
	}
	pl = &L->out->player[i];
	while (*p == ' ')
		p++;
	k = strcspn(p, " ");
	if (k == 0 || k > GCG_LIGHT_NAME_MAX) {
		err_set(e, lineno, "bad player nick");
		return -1;
	}
	pl->nick_len = light_name(L, pl->nick, p, k);
	if (check_name != NULL && check_name(arg, 0, pl->nick, pl->nick_len, e) != 0)
		goto refused;
	p += k;
	while (*p == ' ')
		p++;
	k = strlen(p);
	while (k > 0 && p[k - 1] == ' ')
		k--;
	if (k > GCG_LIGHT_NAME_MAX) {
		err_set(e, lineno, "full name too long");
		return -1;
	}
	pl->name_len = light_name(L, pl->name, p, k);
	if (k > 0 && check_name != NULL &&
	    check_name(arg, 1, pl->name, pl->name_len, e) != 0)
		goto refused;
	L->declared |= 1 << i;
	return 0;
refused:
	e->line = lineno;
	return -1;
}

/* light_robots: "#note robot" alone makes both players robots; followed
 * by nicks, those players. */
static int
light_robots(struct light *L, const char *p, long lineno, struct err *e)
{
	while (*p == ' ')
		p++;
	if (*p == '\0')
		L->robot_all = 1;
	while (*p != '\0') {
		size_t k = strcspn(p, " ");
		int i = light_player_of(L, p, k);

		if (i < 0) {
			err_set(e, lineno, "#note robot names a nick that is not "
			    "a player (declare #player1 and #player2 first)");
			return -1;
		}
		L->out->player[i].robot = 1;
		p += k;
		while (*p == ' ')
			p++;
	}
	return 0;
}

/* light_event: ">NICK: ... TOTAL"; only the nick and the total are read. */
static int
light_event(struct light *L, char *line, size_t len, long lineno,
	struct err *e)
{
	char *colon = strchr(line, ':'), *last;
	int i, total;

	if (colon == NULL) {
		err_set(e, lineno, "event without ':'");
		return -1;
	}
	i = light_player_of(L, line + 1, (size_t)(colon - line - 1));
	if (i < 0) {
		err_set(e, lineno, "event by a nick that is not #player1 or "
		    "#player2");
		return -1;
	}
	while (len > 0 && line[len - 1] == ' ')
		line[--len] = '\0';
	last = strrchr(line, ' ');
	if (last == NULL || last < colon || last[1] == '+' ||
	    light_total(last + 1, &total) != 0) {
		err_set(e, lineno, "event without a cumulative total at its end");
		return -1;
	}
	L->out->player[i].total = total;
	L->out->nevents++;
	return 0;
}

/* light_line: one line of a game, neither "#end" nor too long. */
static int
light_line(struct light *L, char *line, size_t len, long lineno,
	int (*check_name)(void *, int, const char *, size_t, struct err *),
	void *arg, struct err *e)
{
	if (strncmp(line, "#character-encoding", 19) == 0) {
		const char *p = line + 19;

		while (*p == ' ')
			p++;
		L->latin1 = strcmp(p, "ISO-8859-1") == 0 ||
		    strcmp(p, "iso-8859-1") == 0 || strcmp(p, "latin1") == 0;
		if (!L->latin1 && strcmp(p, "UTF-8") != 0 &&
		    strcmp(p, "utf-8") != 0) {
			err_set(e, lineno, "unknown character encoding (want "
			    "UTF-8 or ISO-8859-1)");
			return -1;
		}
	} else if (strncmp(line, "#player", 7) == 0 && line[7] >= '1' &&
	    line[7] <= '4' && line[8] == ' ') {
		return light_player(L, line, lineno, check_name, arg, e);
	} else if (strncmp(line, "#note robot", 11) == 0 &&
	    (line[11] == '\0' || line[11] == ' ')) {
		return light_robots(L, line + 11, lineno, e);
	} else if (line[0] == '>') {
		return light_event(L, line, len, lineno, e);
	}
	return 0;       /* other pragmas, notes and text: not needed */
}

/* light_start: an empty game starting on line first. */
static void
light_start(struct light *L, struct gcg_light *out, long first)
{
	memset(out, 0, sizeof *out);
	memset(L, 0, sizeof *L);
	L->out = out;
	out->first_line = first;
}

int
gcg_read_light(struct gcg_reader *rd, struct gcg_light *out,
	int (*check_name)(void *arg, int full, const char *name, size_t len,
	struct err *e), void *arg, struct err *e)
{
	struct light L;
	long n;

	light_start(&L, out, rd->lineno + 1);
	if (rd->done)
		return 0;
	for (;;) {
		char *s;
		size_t len;
		int toolong;

		n = read_line(rd);
		if (n == -1) {
			rd->done = 1;
			break;
		}
		if (n == -2) {
			err_set(e, 0, "read error: %s", strerror(errno));
			goto unreadable;
		}
		toolong = n == -3;
		s = rd->buf;
		len = toolong ? 0 : (size_t)n;
		if (rd->lineno == 1 && !toolong && first_line(&s, &len) != 0) {
			err_set(e, 1, "UTF-16 is not supported: convert "
			    "the file to UTF-8");
			goto unreadable;
		}
		if (toolong) {
			if (rd->light_skip)
				continue;
			err_set(e, rd->lineno, "line too long");
			goto bad;
		}
		if (memchr(s, '\0', len) != NULL) {
			err_set(e, rd->lineno, "NUL byte in line (binary data, "
			    "or UTF-16?)");
			goto unreadable;
		}
		if (strcmp(s, "#end") == 0) {
			if (rd->light_skip || (L.declared == 0 && out->nevents == 0)) {
				/* the end of a bad game, or of nothing */
				rd->light_skip = 0;
				light_start(&L, out, rd->lineno + 1);
				continue;
			}
			break;
		}
		if (rd->light_skip)
			continue;
		if (L.declared == 0 && out->nevents == 0 && len == 0)
			out->first_line = rd->lineno + 1;
		if (light_line(&L, s, len, rd->lineno, check_name, arg, e) != 0)
			goto bad;
	}
	/* The end of a game: at "#end" or at the end of the stream. */
	if (rd->light_skip) {
		rd->light_skip = 0;
		return 0;
	}
	if (L.declared == 0 && out->nevents == 0)
		return 0;
	if (L.declared != 3) {
		err_set(e, out->first_line, "game without #player1 and #player2");
		return -1;
	}
	if (L.robot_all)
		out->player[0].robot = out->player[1].robot = 1;
	return 1;
bad:
	rd->light_skip = 1;
	return -1;
unreadable:
	rd->ioerr = 1;
	rd->done = 1;
	return -1;
}

/* ----------------------------------------------------------------- replay */

struct replay {
	const struct gcg_game *g;
	const struct rules *r;
	const struct gcg_event *ev;        /* g's events, or evcopy */
	struct gcg_event *evcopy;          /* with shared nicks resolved */
	int flags;                         /* gcg_replay_ex's */
	struct gcg_result *res;            /* may be NULL */
	int settle_kind;                   /* as the end lines add up, -1 */
	int lost_turn;                     /* the pass of a failed challenge
	                                      of the last play was seen */
	int prag;                          /* next pragma to check */
	int undo_complete;
	struct position pos;
	int held[RULES_MAX_PLAYERS];       /* tiles each player holds */
	int bag;
	uint8_t leave[RULES_MAX_PLAYERS][RULES_MAX_TILES];
	int leave_known[RULES_MAX_PLAYERS];
	int exact[RULES_MAX_PLAYERS];      /* leave[] is the whole rack now */
	long leave_line[RULES_MAX_PLAYERS];
	int turn;                          /* who moves next, -1 = not known */
	int ended;                         /* 0, or 1 once the game is over */
	int finisher;                      /* went out, -1 = scoreless end */
	int zeros;
	/* the last tile play, for a withdrawal */
	int last_turn_event;               /* index of the last turn event */
	int last_play_ok;
	struct board undo_board;
	int undo_held, undo_bag, undo_zeros, undo_ended, undo_score;
	int undo_leave_known;
	uint8_t undo_rack[RULES_MAX_TILES];
	int undo_play_score;
	/* settling */
	int end_points_done;
	int penalty_done[RULES_MAX_PLAYERS];
	int settle_events;
	uint8_t bcount[RULES_MAX_TILES];   /* tiles on the board (blanks at 0) */
	int (*next)[RULES_MAX_PLAYERS];    /* next[i][o]: o's first turn after
	                                    * event i, -1 if none (for fn) */
	uint8_t undo_bcount[RULES_MAX_TILES];
};

/* unseen = distribution - board - rack; -1 with e set if negative. */
static int
compute_unseen(struct replay *rp, const uint8_t *rack, uint8_t *unseen,
	long line, struct err *e)
{
	const struct rules *r = rp->r;
	const uint8_t *bc = rp->bcount;
	int t;

	memset(unseen, 0, RULES_MAX_TILES);
	for (t = 0; t <= r->nletters; t++) {
		int u = r->counts[t] - bc[t] - (rack ? rack[t] : 0);

		if (u < 0) {
			err_set(e, line, "%s %s: more than the bag's %d",
			    rack && rack[t] ? "rack and board hold" :
			    "board holds", letter_name(r, t), r->counts[t]);
			return -1;
		}
		unseen[t] = (uint8_t)u;
	}
	return 0;
}

static const char *
nick_of(const struct replay *rp, int p)
{
	return rp->g->players[p].nick;
}

static int
check_total(struct replay *rp, const struct gcg_event *ev, struct err *e)
{
	int want = rp->pos.scores[ev->player];

	if (ev->total != want) {
		err_set(e, ev->line, "cumulative total %d written, %d by the "
		    "scores", ev->total, want);
		return -1;
	}
	return 0;
}

static int
call_fn(struct replay *rp, int i, const uint8_t *unseen, const struct move *m,
	const struct move_detail *d, int complete,
	int (*fn)(const struct gcg_turn *, void *), void *arg)
{
	struct gcg_turn t;
	int o, p = rp->ev[i].player;

	if (fn == NULL)
		return 0;
	for (o = 0; o < rp->g->nplayers; o++) {
		const struct gcg_event *nx = NULL;

		if (o == p)
			continue;
		/* o's rack does not change before o's next turn: it is the rack
		 * shown there.  Failing that, with two players and the bag
		 * empty, it is what p cannot see. */
		if (rp->next != NULL && rp->next[i][o] >= 0)
			nx = &rp->ev[rp->next[i][o]];
		if (nx != NULL && nx->nrack >= 0 && nx->nrack == rp->held[o]) {
			memcpy(rp->pos.racks[o], nx->rack, RULES_MAX_TILES);
			rp->pos.rack_known[o] = 1;
		} else if (rp->g->nplayers == 2 && rp->bag == 0) {
			memcpy(rp->pos.racks[o], unseen, RULES_MAX_TILES);
			rp->pos.rack_known[o] = 1;
		} else {
			memset(rp->pos.racks[o], 0, RULES_MAX_TILES);
			rp->pos.rack_known[o] = 0;
		}
	}
	t.index = i;
	t.ev = &rp->ev[i];
	t.pos = &rp->pos;
	t.unseen = unseen;
	t.bag = rp->bag;
	t.move = m;
	t.detail = d;
	t.rack_complete = complete;
	return fn(&t, arg);
}

/* A transcription slip at line: an error under GCG_STRICT, else counted
 * (and the first few kept) in the result. */
static int
replay_slip(struct replay *rp, long line, const char *msg, struct err *e)
{
	struct gcg_result *res = rp->res;

	if (rp->flags & GCG_STRICT) {
		err_set(e, line, "%s", msg);
		return -1;
	}
	if (res != NULL) {
		if (res->slips < GCG_SLIPS_KEPT) {
			res->slip[res->slips].line = line;
			snprintf(res->slip[res->slips].msg,
			    sizeof res->slip[0].msg, "%s", msg);
		}
		res->slips++;
	}
	return 0;
}

/* A turn event (play, exchange, pass): common checks of turn and rack.
 * A rack of fewer tiles than the player holds is what is known of it (an
 * annotator writes only the tiles the opponent played): only a complete
 * rack can disagree with the tiles kept before, and that is a slip. */
static int
turn_checks(struct replay *rp, const struct gcg_event *ev, uint8_t *rack,
	struct err *e)
{
	const struct rules *r = rp->r;
	int p = ev->player;
	char a[RULES_MAX_TILES * 8], b[RULES_MAX_TILES * 8];

	if (rp->ended) {
		err_set(e, ev->line, "move after the game ended");
		return -1;
	}
	if (rp->turn >= 0 && p != rp->turn) {
		err_set(e, ev->line, "play off turn: it is %s's turn, not %s's",
		    nick_of(rp, rp->turn), nick_of(rp, p));
		return -1;
	}
	if (ev->nrack < 0)
		return 0;
	if (ev->nrack > rp->held[p]) {
		err_set(e, ev->line, "rack of %d tiles, but %s holds %d",
		    ev->nrack, nick_of(rp, p), rp->held[p]);
		return -1;
	}
	if (ev->nrack == rp->held[p] && rp->leave_known[p] &&
	    !rack_subset(r, rp->leave[p], rack)) {
		char msg[sizeof rp->res->slip[0].msg];

		rack_text(r, rack, a, sizeof a);
		rack_text(r, rp->leave[p], b, sizeof b);
		snprintf(msg, sizeof msg, "rack %.40s does not hold the tiles "
		    "%.40s kept on line %ld", a, b, rp->leave_line[p]);
		return replay_slip(rp, ev->line, msg, e);
	}
	return 0;
}

static void
next_turn(struct replay *rp, int p)
{
	rp->turn = (p + 1) % rp->g->nplayers;
}

static void
count_zero(struct replay *rp, int scoreless, int is_pass, int tile_play)
{
	const struct rules *r = rp->r;
	int counts = r->end_kind == END_PASSES ? is_pass :
	    r->end_kind == END_NOPLAY ? !tile_play : scoreless;

	rp->zeros = counts ? rp->zeros + 1 : 0;
	if (rp->zeros >= rp->g->nplayers * r->end_turns_per_player) {
		rp->ended = 1;
		rp->finisher = -1;
	}
}

static int
replay_play(struct replay *rp, int i, const struct lex *lex,
	int (*fn)(const struct gcg_turn *, void *), void *arg,
	struct gcg_result *res, struct err *e)
{
	const struct rules *r = rp->r;
	const struct gcg_event *ev = &rp->ev[i];
	int p = ev->player, t, k;
	uint8_t rack[RULES_MAX_TILES], unseen[RULES_MAX_TILES];
	struct move m;
	struct move_detail d;
	struct err e2;
	int phony = 0, rc, complete = ev->nrack == rp->held[p];

	memcpy(rack, ev->rack, sizeof rack);
	if (turn_checks(rp, ev, rack, e) < 0)
		return -1;
	err_clear(&e2);
	if (move_parse(r, &rp->pos.board, ev->text, strlen(ev->text), 0, &m,
	    &e2) < 0) {
		err_set(e, ev->line, "%s: %s", ev->text, e2.msg);
		return -1;
	}
	m.ntiles = 0;
	for (k = 0; k < m.len; k++)
		if (m.tiles[k] != 0)
			m.ntiles++;
	if (ev->nrack < 0) {
		/* No rack written: assume the tiles played (and say nothing
		 * about the rest). */
		memset(rack, 0, sizeof rack);
		for (k = 0; k < m.len; k++) {
			t = m.tiles[k];
			if (t == 0)
				continue;
			rack[TILE_IS_BLANK(t) ? 0 : TILE_LETTER(t)]++;
		}
	}
	if (compute_unseen(rp, rack, unseen, ev->line, e) < 0)
		return -1;
	memcpy(rp->pos.racks[p], rack, sizeof rack);
	rp->pos.rack_known[p] = 1;
	rp->pos.to_move = p;
	rp->pos.zeros = rp->zeros;
	err_clear(&e2);
	if (move_validate(r, lex, &rp->pos, &m, &d, &e2) < 0) {
		struct err e3;

		if (lex == NULL || move_validate(r, NULL, &rp->pos, &m, &d,
		    &e3) < 0) {
			err_set(e, ev->line, "%s: %s", ev->text, e2.msg);
			return -1;
		}
		/* Placement and score are fine, a word is not. */
		if (r->challenge == CHALLENGE_NONE) {
			err_set(e, ev->line, "%s: %s", ev->text, e2.msg);
			return -1;
		}
		phony = 1;
	}
	if ((rc = call_fn(rp, i, unseen, &m, &d, complete, fn, arg)) != 0)
		return rc;
	if (m.score != ev->score) {
		if (!(rp->flags & GCG_WRITTEN_SCORES)) {
			err_set(e, ev->line, "%s scores %+d, not %+d as written",
			    ev->text, m.score, ev->score);
			return -1;
		}
		/* Go on with the score as written, which the totals after
		 * it were added from (the callback has seen both). */
		if (res != NULL)
			res->wrong_scores++;
		m.score = ev->score;
	}
	/* Remember enough to take the play back (withdrawn phony). */
	rp->undo_board = rp->pos.board;
	memcpy(rp->undo_bcount, rp->bcount, sizeof rp->bcount);
	rp->undo_held = rp->held[p];
	rp->undo_bag = rp->bag;
	rp->undo_zeros = rp->zeros;
	rp->undo_ended = rp->ended;
	rp->undo_leave_known = rp->leave_known[p];
	memcpy(rp->undo_rack, rack, sizeof rack);
	rp->undo_play_score = m.score;
	rp->undo_complete = complete;
	rp->last_play_ok = 1;
	rp->last_turn_event = i;

	move_apply(&rp->pos, p, &m);
	for (k = 0; k < m.len; k++) {
		t = m.tiles[k];
		if (t != 0)
			rp->bcount[TILE_IS_BLANK(t) ? 0 : TILE_LETTER(t)]++;
	}
	if (check_total(rp, ev, e) < 0)
		return -1;
	memcpy(rp->leave[p], rp->pos.racks[p], RULES_MAX_TILES);
	rp->leave_known[p] = ev->nrack >= 0;
	rp->leave_line[p] = ev->line;
	k = m.ntiles < rp->bag ? m.ntiles : rp->bag;
	rp->exact[p] = complete && k == 0;
	rp->held[p] += k - m.ntiles;
	rp->bag -= k;
	if (res) {
		res->moves++;
		res->phonies += phony;
	}
	count_zero(rp, m.score == 0, 0, 1);
	if (rp->held[p] == 0 && rp->bag == 0) {
		rp->ended = 1;
		rp->finisher = p;
	}
	next_turn(rp, p);
	return 0;
}

static int
replay_nonplay(struct replay *rp, int i,
	int (*fn)(const struct gcg_turn *, void *), void *arg,
	struct gcg_result *res, struct err *e)
{
	const struct rules *r = rp->r;
	const struct gcg_event *ev = &rp->ev[i];
	int p = ev->player, t, rc, complete = ev->nrack == rp->held[p];
	uint8_t rack[RULES_MAX_TILES], unseen[RULES_MAX_TILES];

	memcpy(rack, ev->rack, sizeof rack);
	/* After the play that went out, under a challenge rule, the other
	 * player may challenge it and lose the turn: written as a pass,
	 * before the end lines. */
	if (rp->ended && ev->kind == GCG_PASS && r->challenge != CHALLENGE_NONE &&
	    rp->finisher >= 0 && p != rp->finisher && !rp->lost_turn &&
	    rp->settle_events == 0 && rp->last_turn_event >= 0 &&
	    rp->ev[rp->last_turn_event].player == rp->finisher &&
	    rp->ev[rp->last_turn_event].kind == GCG_PLAY) {
		if (ev->nrack > rp->held[p]) {
			err_set(e, ev->line, "rack of %d tiles, but %s holds %d",
			    ev->nrack, nick_of(rp, p), rp->held[p]);
			return -1;
		}
		if (complete) {
			memcpy(rp->leave[p], rack, sizeof rack);
			rp->leave_known[p] = rp->exact[p] = 1;
			rp->leave_line[p] = ev->line;
		}
		rp->lost_turn = 1;
		if (res)
			res->moves++;
		return check_total(rp, ev, e);
	}
	if (turn_checks(rp, ev, rack, e) < 0)
		return -1;
	if (compute_unseen(rp, ev->nrack >= 0 ? rack : NULL, unseen, ev->line,
	    e) < 0)
		return -1;
	if (ev->nrack >= 0) {
		memcpy(rp->pos.racks[p], rack, sizeof rack);
		rp->pos.rack_known[p] = 1;
	}
	rp->pos.to_move = p;
	rp->pos.zeros = rp->zeros;
	if ((rc = call_fn(rp, i, unseen, NULL, NULL, complete, fn, arg)) != 0)
		return rc;
	if (ev->kind == GCG_EXCHANGE) {
		const struct move *m = &ev->move;
		int min = r->exchange_min;

		if (rp->bag < min) {
			err_set(e, ev->line, "exchange with %d tiles in the bag "
			    "(needs %d)", rp->bag, min);
			return -1;
		}
		if (m->len > rp->held[p] || m->len == 0) {
			err_set(e, ev->line, "exchange of %d tiles from a rack "
			    "of %d", m->len, rp->held[p]);
			return -1;
		}
		if (m->tiles_known && ev->nrack >= 0) {
			uint8_t x[RULES_MAX_TILES];
			int k;

			memset(x, 0, sizeof x);
			for (k = 0; k < m->len; k++) {
				t = m->tiles[k];
				x[TILE_IS_BLANK(t) ? 0 : TILE_LETTER(t)]++;
			}
			for (t = 0; t <= r->nletters; t++) {
				if (x[t] > rack[t]) {
					err_set(e, ev->line, "exchange: rack "
					    "lacks %s", letter_name(r, t));
					return -1;
				}
				rp->leave[p][t] = (uint8_t)(rack[t] - x[t]);
			}
			rp->leave_known[p] = 1;
			rp->leave_line[p] = ev->line;
		} else {
			rp->leave_known[p] = 0;
		}
		rp->exact[p] = 0;
		count_zero(rp, 1, 0, 0);
	} else {
		memcpy(rp->leave[p], rack, sizeof rack);
		rp->leave_known[p] = ev->nrack >= 0;
		rp->exact[p] = complete;
		rp->leave_line[p] = ev->line;
		count_zero(rp, 1, 1, 0);
	}
	if (check_total(rp, ev, e) < 0)
		return -1;
	rp->last_play_ok = 0;
	rp->last_turn_event = i;
	if (res)
		res->moves++;
	next_turn(rp, p);
	return 0;
}

static int
replay_withdrawn(struct replay *rp, int i, struct err *e)
{
	const struct gcg_event *ev = &rp->ev[i], *pe;
	const struct rules *r = rp->r;
	int p = ev->player, want;

	if (!rp->last_play_ok || rp->ev[rp->last_turn_event].player != p) {
		err_set(e, ev->line, "withdrawn play, but %s's last turn was "
		    "not a tile play", nick_of(rp, p));
		return -1;
	}
	/* The tiles come back: the rack shown is the play's (or what is
	 * known of one of the two). */
	pe = &rp->ev[rp->last_turn_event];
	if (ev->nrack >= 0 && pe->nrack >= 0 && !(ev->nrack <= pe->nrack ?
	    rack_subset(r, ev->rack, pe->rack) :
	    rack_subset(r, pe->rack, ev->rack))) {
		char a[RULES_MAX_TILES * 8], b[RULES_MAX_TILES * 8];

		rack_text(r, ev->rack, a, sizeof a);
		rack_text(r, pe->rack, b, sizeof b);
		err_set(e, ev->line, "withdrawn play: rack %s, but the play on "
		    "line %ld was made from %s", a, pe->line, b);
		return -1;
	}
	rp->pos.board = rp->undo_board;
	memcpy(rp->bcount, rp->undo_bcount, sizeof rp->bcount);
	rp->held[p] = rp->undo_held;
	rp->bag = rp->undo_bag;
	memcpy(rp->pos.racks[p], rp->undo_rack, RULES_MAX_TILES);
	memcpy(rp->leave[p], rp->undo_rack, RULES_MAX_TILES);
	rp->leave_known[p] = rp->ev[rp->last_turn_event].nrack >= 0;
	rp->exact[p] = rp->undo_complete;
	rp->leave_line[p] = ev->line;
	rp->ended = rp->undo_ended;
	want = -rp->undo_play_score;
	if (!ev->score_zero_marked && ev->score != want) {
		err_set(e, ev->line, "withdrawn play: %d written, the play "
		    "scored %+d", ev->score, rp->undo_play_score);
		return -1;
	}
	rp->pos.scores[p] += want;
	rp->zeros = rp->undo_zeros;
	rp->last_play_ok = 0;
	count_zero(rp, 1, 0, 1);
	return check_total(rp, ev, e);
}

/* The end written by the other settling rule than the ruleset's: English
 * records written by transfer are old files (the margin is the same), so
 * accepted; for another ruleset, whose records never do, a slip naming the
 * ruleset's rule. */
static int
settle_other(struct replay *rp, long line, int kind, struct err *e)
{
	const struct rules *r = rp->r;
	char msg[sizeof rp->res->slip[0].msg];

	if (kind == (int)r->settle || strcmp(r->name, "en") == 0)
		return 0;
	snprintf(msg, sizeof msg, "the end is settled %s, but %s settles %s",
	    kind == SETTLE_DOUBLE ? "double" : "by transfer", r->name,
	    r->settle == SETTLE_DOUBLE ? "double (the finisher gains twice "
	    "the racks left)" : "by transfer (the finisher gains the racks "
	    "left, each other player loses own)");
	return replay_slip(rp, line, msg, e);
}

/* End of game: the tiles still held by everyone but the finisher. */
static int
replay_settle(struct replay *rp, int i, struct err *e)
{
	const struct rules *r = rp->r;
	const struct gcg_event *ev = &rp->ev[i];
	int p = ev->player, v;
	uint8_t unseen[RULES_MAX_TILES];
	char a[RULES_MAX_TILES * 8], b[RULES_MAX_TILES * 8];

	if (!rp->ended) {
		err_set(e, ev->line, "end-of-game rack points before the game "
		    "ended");
		return -1;
	}
	/* With the bag empty, what the board does not hold is on the racks. */
	if (compute_unseen(rp, NULL, unseen, ev->line, e) < 0)
		return -1;
	v = rack_value(r, ev->other);
	if (ev->kind == GCG_END_POINTS) {
		if (rp->finisher < 0) {
			err_set(e, ev->line, "end-of-game points, but the game "
			    "ended on scoreless turns (each player loses own "
			    "rack)");
			return -1;
		}
		if (p != rp->finisher) {
			err_set(e, ev->line, "end-of-game points for %s, but %s "
			    "went out", nick_of(rp, p), nick_of(rp, rp->finisher));
			return -1;
		}
		if (rp->end_points_done) {
			err_set(e, ev->line, "end-of-game points twice");
			return -1;
		}
		if (!rack_equal(r, ev->other, unseen)) {
			rack_text(r, ev->other, a, sizeof a);
			rack_text(r, unseen, b, sizeof b);
			err_set(e, ev->line, "end-of-game rack (%s), but the "
			    "others hold %s", a, b);
			return -1;
		}
		/* Either settling rule (older English files transfer where
		 * the ruleset doubles: the margin is the same), not a mix. */
		if (ev->score != 2 * v && ev->score != v) {
			err_set(e, ev->line, "end-of-game points %+d written, the "
			    "racks give %+d (double settling) or %+d (transfer)",
			    ev->score, 2 * v, v);
			return -1;
		}
		if (v != 0) {
			int kind = ev->score == 2 * v ? SETTLE_DOUBLE :
			    SETTLE_TRANSFER;

			if (rp->settle_kind >= 0 && rp->settle_kind != kind) {
				err_set(e, ev->line, "end-of-game points %+d are "
				    "double settling, but a rack penalty before "
				    "was transfer", ev->score);
				return -1;
			}
			if (rp->settle_kind < 0 && settle_other(rp, ev->line, kind,
			    e) < 0)
				return -1;
			rp->settle_kind = kind;
		}
		rp->end_points_done = 1;
	} else {
		if (rp->finisher >= 0 && rp->settle_kind == SETTLE_DOUBLE) {
			err_set(e, ev->line, "rack penalty, but the end-of-game "
			    "points were settled double (the finisher scores the "
			    "racks twice, nobody loses them)");
			return -1;
		}
		if (rp->finisher >= 0 && rp->settle_kind < 0 && settle_other(rp,
		    ev->line, SETTLE_TRANSFER, e) < 0)
			return -1;
		if (rp->finisher >= 0)
			rp->settle_kind = SETTLE_TRANSFER;
		if (p == rp->finisher) {
			err_set(e, ev->line, "rack penalty for %s, who went out",
			    nick_of(rp, p));
			return -1;
		}
		if (rp->penalty_done[p]) {
			err_set(e, ev->line, "rack penalty for %s twice",
			    nick_of(rp, p));
			return -1;
		}
		if (ev->nrack >= 0 && !rack_equal(r, ev->rack, ev->other)) {
			err_set(e, ev->line, "rack and the rack in parentheses "
			    "differ");
			return -1;
		}
		if ((rp->g->nplayers == 2 && rp->finisher >= 0 &&
		    !rack_equal(r, ev->other, unseen)) ||
		    (rp->exact[p] && !rack_equal(r, ev->other,
		    rp->leave[p]))) {
			rack_text(r, ev->other, a, sizeof a);
			rack_text(r, rp->exact[p] ? rp->leave[p] : unseen,
			    b, sizeof b);
			err_set(e, ev->line, "rack (%s), but %s holds %s", a,
			    nick_of(rp, p), b);
			return -1;
		}
		if (ev->score != -v) {
			err_set(e, ev->line, "rack penalty %+d written, the rack "
			    "gives %+d", ev->score, -v);
			return -1;
		}
		rp->penalty_done[p] = 1;
	}
	rp->settle_events++;
	rp->pos.scores[p] += ev->score;
	return check_total(rp, ev, e);
}

int
gcg_replay(const struct gcg_game *g, const struct lex *lex,
	int (*fn)(const struct gcg_turn *t, void *arg), void *arg,
	struct gcg_result *res, struct err *e)
{
	return gcg_replay_ex(g, lex, 0, fn, arg, res, e);
}

/* A shared nick's event (GCG_BY_TURN): whose it is, by turn and by what
 * each kind of event belongs to; -1 with e set when that player is not
 * one of the nick's. */
static int
replay_whose(struct replay *rp, struct gcg_event *ev, struct err *e)
{
	const struct gcg_game *g = rp->g;
	const char *nick = g->players[ev->shared_first].nick;
	int p = -1, q;

	switch (ev->kind) {
	case GCG_PLAY:
	case GCG_PASS:
	case GCG_EXCHANGE:
		p = rp->turn >= 0 ? rp->turn : ev->shared_first;
		break;
	case GCG_WITHDRAWN:
	case GCG_CHALLENGE:
		if (rp->last_turn_event >= 0)
			p = rp->ev[rp->last_turn_event].player;
		break;
	case GCG_END_POINTS:
		p = rp->finisher;
		break;
	case GCG_RACK_PENALTY:
		for (q = 0; q < g->nplayers && p < 0; q++)
			if (q != rp->finisher && !rp->penalty_done[q] &&
			    strcmp(g->players[q].nick, nick) == 0)
				p = q;
		break;
	default:
		break;
	}
	if (p < 0 || strcmp(g->players[p].nick, nick) != 0) {
		err_set(e, ev->line, "'%s' is two players' nick, and this %s is "
		    "neither's by turn", nick, ev->kind == GCG_TIME_PENALTY ?
		    "time penalty (whose cannot be told)" : "event");
		return -1;
	}
	ev->player = p;
	return 0;
}

/* #rack1..#rack4 standing after event after: what the player holds then
 * must be tiles the board leaves unseen. */
static int
replay_rack_pragmas(struct replay *rp, int after, struct err *e)
{
	const struct gcg_game *g = rp->g;

	for (; rp->prag < g->npragmas && g->pragmas[rp->prag].after <= after;
	    rp->prag++) {
		const struct gcg_pragma *pr = &g->pragmas[rp->prag];
		uint8_t rack[RULES_MAX_TILES], unseen[RULES_MAX_TILES];
		int q;

		if (strncmp(pr->name, "rack", 4) != 0 || pr->name[4] < '1' ||
		    pr->name[4] > '4' || pr->name[5] != '\0')
			continue;
		q = pr->name[4] - '1';
		if (q >= g->nplayers) {
			err_set(e, pr->line, "#%s, but the game has %d players",
			    pr->name, g->nplayers);
			return -1;
		}
		if (parse_rack(rp->r, pr->value, rack, pr->line, e) < 0)
			return -1;
		if (compute_unseen(rp, rack, unseen, pr->line, e) < 0)
			return -1;
	}
	return 0;
}

int
gcg_replay_ex(const struct gcg_game *g, const struct lex *lex, int flags,
	int (*fn)(const struct gcg_turn *t, void *arg), void *arg,
	struct gcg_result *res, struct err *e)
{
	struct replay *rp;
	const struct rules *r;
	int i, p, rc = 0;

	if (res != NULL)
		memset(res, 0, sizeof *res);
	if (!g->have_rules) {
		err_set(e, g->first_line, "game has no ruleset");
		return -1;
	}
	r = &g->rules;
	if (g->nplayers < 1 || g->nplayers > RULES_MAX_PLAYERS) {
		err_set(e, g->first_line, "game has %d players", g->nplayers);
		return -1;
	}
	if (r->rack_size * g->nplayers > r->ntiles) {
		err_set(e, g->first_line, "too few tiles for %d players",
		    g->nplayers);
		return -1;
	}
	rp = calloc(1, sizeof *rp);
	if (rp == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	rp->g = g;
	rp->r = r;
	rp->ev = g->events;
	rp->flags = flags;
	rp->res = res;
	rp->settle_kind = -1;
	if (g->shared_nicks && g->nevents > 0) {
		rp->evcopy = malloc((size_t)g->nevents * sizeof *rp->evcopy);
		if (rp->evcopy == NULL) {
			free(rp);
			err_set(e, 0, "out of memory");
			return -1;
		}
		memcpy(rp->evcopy, g->events, (size_t)g->nevents *
		    sizeof *rp->evcopy);
		rp->ev = rp->evcopy;
	}
	position_init(&rp->pos, r);
	rp->pos.nplayers = g->nplayers;
	for (p = 0; p < g->nplayers; p++)
		rp->pos.rack_known[p] = 0;
	for (p = 0; p < g->nplayers; p++)
		rp->held[p] = r->rack_size;
	rp->bag = r->ntiles - g->nplayers * r->rack_size;
	rp->turn = -1;
	rp->finisher = -1;
	rp->last_turn_event = -1;
	if (res != NULL)
		res->nplayers = g->nplayers;
	if (fn != NULL && g->nevents > 0) {
		/* One backward pass, so that a callback's position costs O(1)
		 * per player however long the game. */
		int cur[RULES_MAX_PLAYERS];

		rp->next = calloc((size_t)g->nevents, sizeof *rp->next);
		if (rp->next == NULL) {
			free(rp->evcopy);
			free(rp);
			err_set(e, 0, "out of memory");
			return -1;
		}
		for (p = 0; p < RULES_MAX_PLAYERS; p++)
			cur[p] = -1;
		for (i = g->nevents - 1; i >= 0; i--) {
			const struct gcg_event *x = &g->events[i];

			memcpy(rp->next[i], cur, sizeof cur);
			if (x->player >= 0 && x->player < RULES_MAX_PLAYERS &&
			    (x->kind == GCG_PLAY || x->kind == GCG_PASS ||
			    x->kind == GCG_EXCHANGE))
				cur[x->player] = i;
		}
	}

	rc = replay_rack_pragmas(rp, -1, e);
	for (i = 0; i < g->nevents && rc == 0; i++) {
		const struct gcg_event *ev = &rp->ev[i];

		if (ev->player == GCG_BY_TURN && rp->evcopy != NULL &&
		    replay_whose(rp, &rp->evcopy[i], e) < 0) {
			rc = -1;
			break;
		}
		if (ev->player < 0 || ev->player >= g->nplayers) {
			err_set(e, ev->line, "event for an unknown player");
			rc = -1;
			break;
		}
		switch (ev->kind) {
		case GCG_PLAY:
			rc = replay_play(rp, i, lex, fn, arg, res, e);
			break;
		case GCG_PASS:
		case GCG_EXCHANGE:
			rc = replay_nonplay(rp, i, fn, arg, res, e);
			break;
		case GCG_WITHDRAWN:
			rc = replay_withdrawn(rp, i, e);
			break;
		case GCG_CHALLENGE:
			if (rp->settle_events > 0) {
				err_set(e, ev->line, "challenge bonus after the "
				    "end-of-game rack points");
				rc = -1;
				break;
			}
			rp->pos.scores[ev->player] += ev->score;
			rc = check_total(rp, ev, e);
			break;
		case GCG_TIME_PENALTY:
			rp->pos.scores[ev->player] += ev->score;
			rc = check_total(rp, ev, e);
			break;
		case GCG_END_POINTS:
		case GCG_RACK_PENALTY:
			rc = replay_settle(rp, i, e);
			break;
		default:
			err_set(e, ev->line, "unknown event kind");
			rc = -1;
		}
		if (rc != 0)
			break;
		/* A settling event ends every chance of a withdrawal. */
		if (ev->kind == GCG_END_POINTS || ev->kind == GCG_RACK_PENALTY)
			rp->last_play_ok = 0;
		rc = replay_rack_pragmas(rp, i, e);
	}
	if (rc == 0 && rp->settle_events > 0) {
		int settle = rp->settle_kind >= 0 ? rp->settle_kind : (int)r->settle;

		/* Partly settled: every expected settling event must be there. */
		for (p = 0; p < g->nplayers && rc == 0; p++) {
			int holds = rp->finisher < 0 ? rp->held[p] > 0 :
			    (settle == (int)SETTLE_TRANSFER && p != rp->finisher);

			if (rp->finisher < 0 && rp->exact[p] &&
			    rack_value(r, rp->leave[p]) == 0)
				holds = 0;
			if (holds && !rp->penalty_done[p]) {
				err_set(e, g->events[g->nevents - 1].line,
				    "settling incomplete: no rack penalty for %s",
				    nick_of(rp, p));
				rc = -1;
			}
		}
		if (rc == 0 && rp->finisher >= 0 && !rp->end_points_done) {
			err_set(e, g->events[g->nevents - 1].line,
			    "settling incomplete: no end-of-game points for %s",
			    nick_of(rp, rp->finisher));
			rc = -1;
		}
	}
	if (res != NULL) {
		for (p = 0; p < g->nplayers; p++)
			res->scores[p] = rp->pos.scores[p];
		res->ended = rp->ended;
		res->settled = rc == 0 && rp->ended && rp->settle_events > 0;
		res->settle = -1;
		if (rp->finisher >= 0 && rp->settle_events > 0)
			res->settle = rp->settle_kind >= 0 ? rp->settle_kind :
			    (int)r->settle;
	}
	free(rp->next);
	free(rp->evcopy);
	free(rp);
	return rc;
}
