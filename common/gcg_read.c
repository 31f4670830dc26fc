/*
 * gcg_read.c — GCG games (SPEC §2.3): the reader: lines (encodings, BOM,
 * limits), tokens, pragmas and events into a struct gcg_game, and the light
 * reader (players, final totals, robots) for ratings.  See gcg.h.
 *
 * Format facts from John Chew's GCG description as Quackle and Macondo read
 * it: pragmas "#name value", events ">NICK: ...", one event a line.
 *
 * The rest of the GCG module: gcg_game.c (the in-memory game and shared
 * helpers), gcg_replay.c (replay and verdicts), gcg_write.c (writer).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "gcg_impl.h"

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
		while (gcg_is_space((unsigned char)*s))
			s++;
		if (*s == '\0' || n == max)
			return n;
		tok[n++] = s;
		while (*s && !gcg_is_space((unsigned char)*s))
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

int
gcg_parse_rack(const struct rules *r, const char *s, uint8_t *rack, long line,
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
	while (*value && !gcg_is_space((unsigned char)*value))
		value++;
	if (*value)
		*value++ = '\0';
	while (gcg_is_space((unsigned char)*value))
		value++;
	n = strlen(value);
	while (n > 0 && gcg_is_space((unsigned char)value[n - 1]))
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

		while (*full && !gcg_is_space((unsigned char)*full))
			full++;
		n = (size_t)(full - value);
		while (gcg_is_space((unsigned char)*full))
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
		if (gcg_copy_str(g->lexicon, sizeof g->lexicon, value) < 0) {
			err_set(e, line, "lexicon name too long");
			return -1;
		}
	} else if (strcmp(name, "title") == 0) {
		if (gcg_copy_str(g->title, sizeof g->title, value) < 0)
			g->title[0] = '\0';
	} else if (strcmp(name, "id") == 0) {
		if (gcg_copy_str(g->id, sizeof g->id, value) < 0)
			g->id[0] = '\0';
	} else if (strcmp(name, "note") == 0 || strcmp(name, "description") == 0) {
		ps->last_was_note = 1;
	} else if (strncmp(name, "rack", 4) == 0 && name[4] >= '1' &&
	    name[4] <= '4' && name[5] == '\0' && g->have_rules) {
		uint8_t rack[RULES_MAX_TILES];

		/* Checked against the board where it stands (gcg_replay). */
		if (gcg_parse_rack(&g->rules, value, rack, line, e) < 0)
			return -1;
	}
	return gcg_add_pragma_at(g, line, name, value, e);
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
		if (gcg_is_space((unsigned char)*c)) {
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
	if ((ev = gcg_new_event(g, e, line)) == NULL)
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
		if ((ev->nrack = gcg_parse_rack(r, tok[0], ev->rack, line, e)) < 0)
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
		if ((ev->nother = gcg_parse_rack(r, tok[k] + 1, ev->other, line,
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
		if (gcg_copy_str(ev->text, sizeof ev->text, tok[k]) < 0) {
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
	gcg_update_summary(g, ev);
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

			for (i = 4; i < n && gcg_is_space((unsigned char)rd->buf[i]);
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
		while (len > 0 && gcg_is_space((unsigned char)*s))
			s++, len--;
		while (len > 0 && gcg_is_space((unsigned char)s[len - 1]))
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
