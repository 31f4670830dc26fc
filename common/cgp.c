/*
 * cgp.c — CGP positions (SPEC §2.1, woogles-io/open-protocols cgp/README.md):
 * BOARD RACKS SCORES ZEROS [OPCODE ARGS; ...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "strbuf.h"
#include "board.h"

/* A field of the line: s[0..len). */
struct span {
	const char *s;
	size_t len;
};

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Next whitespace-separated field from *pos; 0 if none. */
static int
next_field(const char *line, size_t len, size_t *pos, struct span *f)
{
	size_t i = *pos;

	while (i < len && is_space(line[i]))
		i++;
	if (i >= len)
		return 0;
	f->s = line + i;
	while (i < len && !is_space(line[i]))
		i++;
	f->len = (size_t)(line + i - f->s);
	*pos = i;
	return 1;
}

/* Shows up to one character of s for a message ("X", "\xff"). */
static void
show_char(const char *s, size_t len, char *out, size_t cap)
{
	uint32_t cp;
	int n = utf8_decode(s, len, &cp);

	/* Invisible characters (controls, BOM, spaces) by their code. */
	if (n > 0 && cp > 0x20 && cp != 0x7f && !(cp >= 0x80 && cp < 0xa0)
	    && cp != 0xa0 && cp != 0xfeff && !(cp >= 0x2000 && cp <= 0x200f))
		snprintf(out, cap, "%.*s", n, s);
	else if (n > 0)
		snprintf(out, cap, "U+%04X", (unsigned)cp);
	else
		snprintf(out, cap, "\\x%02x", (unsigned char)s[0]);
}

/* Parses an integer in s[0..len) within [min, max]; -1 if not one. */
static int
parse_int(const char *s, size_t len, long min, long max, long *out)
{
	size_t i = 0;
	int neg = 0;
	long v = 0;

	if (len > 0 && s[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (i >= len)
		return -1;
	for (; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > 1000000000L)
			return -1;
	}
	if (neg)
		v = -v;
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int
parse_board(const struct rules *r, struct span f, struct board *b,
	struct err *e)
{
	size_t i = 0;
	int row = 0, col = 0;

	board_init(b, r);
	while (i < f.len) {
		const char *s = f.s + i;
		size_t left = f.len - i;
		uint8_t tile;
		int lower, n;
		char show[16];

		if (*s == '/') {
			if (col != r->cols) {
				err_set(e, 0, "CGP board row %d is %d squares wide, "
					"the board has %d", row + 1, col, r->cols);
				return -1;
			}
			if (++row >= r->rows) {
				err_set(e, 0, "CGP board has more than %d rows",
					r->rows);
				return -1;
			}
			col = 0;
			i++;
			continue;
		}
		if (*s >= '0' && *s <= '9') {
			long run = 0;

			while (i < f.len && f.s[i] >= '0' && f.s[i] <= '9') {
				run = run * 10 + (f.s[i] - '0');
				if (run > RULES_MAX_DIM)
					break;
				i++;
			}
			if (run == 0 || col + run > r->cols) {
				err_set(e, 0, "CGP board row %d is wider than %d "
					"squares", row + 1, r->cols);
				return -1;
			}
			col += (int)run;
			continue;
		}
		n = rules_decode_letter(r, s, left, &tile, &lower);
		if (n < 0) {
			err_set(e, 0, "CGP board row %d: invalid UTF-8", row + 1);
			return -1;
		}
		if (n == 0) {
			show_char(s, left, show, sizeof show);
			err_set(e, 0, "CGP board row %d: '%s' is not a letter of "
				"the %s alphabet", row + 1, show, r->name);
			return -1;
		}
		if (col >= r->cols) {
			err_set(e, 0, "CGP board row %d is wider than %d squares",
				row + 1, r->cols);
			return -1;
		}
		b->sq[row * r->cols + col] = lower ? (uint8_t)(tile | TILE_BLANK)
			: tile;
		b->ntiles++;
		col++;
		i += (size_t)n;
	}
	if (col != r->cols) {
		err_set(e, 0, "CGP board row %d is %d squares wide, the board "
			"has %d", row + 1, col, r->cols);
		return -1;
	}
	if (row != r->rows - 1) {
		err_set(e, 0, "CGP board has %d rows, the board has %d", row + 1,
			r->rows);
		return -1;
	}
	return 0;
}

/* One rack of the racks field: '?' blank, letters in either case. */
static int
parse_rack(const struct rules *r, const char *s, size_t len, int who,
	uint8_t rack[RULES_MAX_TILES], struct err *e)
{
	size_t i = 0;
	int n = 0;

	memset(rack, 0, RULES_MAX_TILES);
	while (i < len) {
		uint8_t tile;
		int lower, k;
		char show[16];

		if (s[i] == '?') {
			rack[0]++;
			i++;
		} else {
			k = rules_decode_letter(r, s + i, len - i, &tile, &lower);
			if (k <= 0) {
				show_char(s + i, len - i, show, sizeof show);
				err_set(e, 0, "CGP rack %d: '%s' is not a letter of "
					"the %s alphabet", who, show, r->name);
				return -1;
			}
			rack[tile]++;
			i += (size_t)k;
		}
		if (++n > r->rack_size || n > RULES_MAX_RACK) {
			err_set(e, 0, "CGP rack %d holds more than %d tiles", who,
				r->rack_size);
			return -1;
		}
	}
	return n;
}

static int
parse_racks(const struct rules *r, struct span f, struct position *p,
	struct err *e)
{
	size_t i = 0, start = 0;
	int k = 0;

	for (i = 0; i <= f.len; i++) {
		if (i < f.len && f.s[i] != '/')
			continue;
		if (k >= RULES_MAX_PLAYERS) {
			err_set(e, 0, "CGP has more than %d racks",
				RULES_MAX_PLAYERS);
			return -1;
		}
		if (parse_rack(r, f.s + start, i - start, k + 1, p->racks[k],
		    e) < 0)
			return -1;
		/* An empty rack is a rack not given (CGP README: "if no tiles
		 * are known, leave that player's rack blank"). */
		p->rack_known[k] = i > start;
		k++;
		start = i + 1;
	}
	p->nplayers = k;
	return 0;
}

static int
parse_scores(struct span f, struct position *p, struct err *e)
{
	size_t i, start = 0;
	int k = 0;
	long v;

	for (i = 0; i <= f.len; i++) {
		if (i < f.len && f.s[i] != '/')
			continue;
		if (k >= RULES_MAX_PLAYERS) {
			err_set(e, 0, "CGP has more than %d scores",
				RULES_MAX_PLAYERS);
			return -1;
		}
		if (parse_int(f.s + start, i - start, -100000, 100000, &v) < 0) {
			err_set(e, 0, "CGP score %d '%.*s' is not a number", k + 1,
				(int)(i - start < 20 ? i - start : 20), f.s + start);
			return -1;
		}
		p->scores[k++] = (int)v;
		start = i + 1;
	}
	if (k != p->nplayers) {
		err_set(e, 0, "CGP has %d racks but %d scores", p->nplayers, k);
		return -1;
	}
	return 0;
}

static const struct {
	const char *name;
	enum rules_challenge c;
} challenge_names[] = {
	{ "none", CHALLENGE_NONE }, { "void", CHALLENGE_NONE },
	{ "single", CHALLENGE_SINGLE }, { "double", CHALLENGE_DOUBLE },
	{ "5pt", CHALLENGE_5PT }, { "five_point", CHALLENGE_5PT },
	{ "10pt", CHALLENGE_10PT }, { "ten_point", CHALLENGE_10PT },
};

static const char *
challenge_name(int c)
{
	size_t i;

	for (i = 0; i < sizeof challenge_names / sizeof challenge_names[0]; i++)
		if ((int)challenge_names[i].c == c)
			return challenge_names[i].name;
	return NULL;
}

/* Opcode name of op text ("ld no" -> "ld"), as a length. */
static size_t
op_name_len(const char *op)
{
	size_t n = 0;

	while (op[n] != '\0' && !is_space(op[n]))
		n++;
	return n;
}

static int
op_is(const char *op, size_t n, const char *name)
{
	return strlen(name) == n && memcmp(op, name, n) == 0;
}

/* Reads the known opcode op (NUL-terminated, trimmed) into p. */
static int
apply_op(struct position *p, const char *op, struct err *e)
{
	size_t n = op_name_len(op);
	const char *arg = op + n;
	size_t alen;
	long v;
	size_t i;

	while (is_space(*arg))
		arg++;
	alen = strlen(arg);
	if (!op_is(op, n, "ld") && !op_is(op, n, "lex") && !op_is(op, n, "etl")
	    && !op_is(op, n, "cr") && !op_is(op, n, "bb")
	    && !op_is(op, n, "mcnz") && !op_is(op, n, "bdn")
	    && !op_is(op, n, "var"))
		return 0;       /* unknown: kept in ops[] only */
	if (alen == 0) {
		err_set(e, 0, "CGP opcode %.*s needs an argument", (int)n, op);
		return -1;
	}
	if (op_is(op, n, "ld")) {
		if (alen >= sizeof p->rules_name) {
			err_set(e, 0, "CGP ruleset name too long");
			return -1;
		}
		memcpy(p->rules_name, arg, alen + 1);
	} else if (op_is(op, n, "lex")) {
		if (alen >= sizeof p->lexicon) {
			err_set(e, 0, "CGP lexicon name too long");
			return -1;
		}
		memcpy(p->lexicon, arg, alen + 1);
	} else if (op_is(op, n, "etl") || op_is(op, n, "bb")
	    || op_is(op, n, "mcnz")) {
		if (parse_int(arg, alen, 0, 1000, &v) < 0) {
			err_set(e, 0, "CGP opcode %.*s: '%.20s' is not a number "
				"from 0 to 1000", (int)n, op, arg);
			return -1;
		}
		if (op_is(op, n, "etl"))
			p->exchange_min = (int)v;
		else if (op_is(op, n, "bb"))
			p->bingo_bonus = (int)v;
		else
			p->max_zeros = (int)v;
	} else if (op_is(op, n, "cr")) {
		for (i = 0; i < sizeof challenge_names / sizeof challenge_names[0];
		    i++)
			if (strcmp(arg, challenge_names[i].name) == 0)
				break;
		if (i == sizeof challenge_names / sizeof challenge_names[0]) {
			err_set(e, 0, "CGP opcode cr: unknown challenge rule "
				"'%.20s' (none, single, double, 5pt, 10pt)", arg);
			return -1;
		}
		p->challenge = (int)challenge_names[i].c;
	}
	return 0;
}

static int
parse_ops(const char *s, size_t len, struct position *p, struct err *e)
{
	size_t i = 0;

	while (i < len) {
		size_t start, end;

		while (i < len && (is_space(s[i]) || s[i] == ';'))
			i++;
		if (i >= len)
			break;
		start = i;
		while (i < len && s[i] != ';')
			i++;
		end = i;
		while (end > start && is_space(s[end - 1]))
			end--;
		if (memchr(s + start, '\0', end - start) != NULL) {
			err_set(e, 0, "CGP opcodes hold a NUL byte");
			return -1;
		}
		if (p->nops >= CGP_MAX_OPS) {
			err_set(e, 0, "CGP has more than %d opcodes", CGP_MAX_OPS);
			return -1;
		}
		if (end - start >= sizeof p->ops[0]) {
			err_set(e, 0, "CGP opcode '%.20s...' is too long", s + start);
			return -1;
		}
		memcpy(p->ops[p->nops], s + start, end - start);
		p->ops[p->nops][end - start] = '\0';
		if (apply_op(p, p->ops[p->nops], e) < 0)
			return -1;
		p->nops++;
	}
	return 0;
}

int
cgp_parse(const struct rules *r, const char *line, size_t len,
	struct position *p, struct err *e)
{
	struct span f[4];
	static const char *const names[4] = {
		"board", "racks", "scores", "consecutive zeros"
	};
	size_t pos = 0;
	long v;
	int k;

	position_init(p, r);
	p->rules_name[0] = '\0';
	for (k = 0; k < 4; k++)
		if (!next_field(line, len, &pos, &f[k])) {
			err_set(e, 0, k == 0 ? "empty CGP line" :
				"CGP line has no %s field", names[k]);
			return -1;
		}
	if (parse_board(r, f[0], &p->board, e) < 0
	    || parse_racks(r, f[1], p, e) < 0
	    || parse_scores(f[2], p, e) < 0)
		return -1;
	if (parse_int(f[3].s, f[3].len, 0, 10000, &v) < 0) {
		err_set(e, 0, "CGP consecutive zeros '%.*s' is not a number",
			(int)(f[3].len < 20 ? f[3].len : 20), f[3].s);
		return -1;
	}
	p->zeros = (int)v;
	if (parse_ops(line + pos, len - pos, p, e) < 0)
		return -1;
	return position_check_tiles(r, p, e);
}

int
cgp_peek_rules(const char *line, size_t len, char *name, size_t cap)
{
	struct span f;
	size_t pos = 0, i;
	int k;

	for (k = 0; k < 4; k++)
		if (!next_field(line, len, &pos, &f))
			return 0;
	i = pos;
	while (i < len) {
		size_t start, end, a;

		while (i < len && (is_space(line[i]) || line[i] == ';'))
			i++;
		start = i;
		while (i < len && line[i] != ';')
			i++;
		end = i;
		while (end > start && is_space(line[end - 1]))
			end--;
		if (end - start > 3 && memcmp(line + start, "ld", 2) == 0
		    && is_space(line[start + 2])) {
			a = start + 2;
			while (a < end && is_space(line[a]))
				a++;
			if (cap == 0 || end - a >= cap)
				return 0;
			memcpy(name, line + a, end - a);
			name[end - a] = '\0';
			return 1;
		}
	}
	return 0;
}

static int
cmp_utf8(const struct rules *r, int a, int b)
{
	return strcmp(r->utf8[a], r->utf8[b]);
}

int
cgp_format(const struct rules *r, const struct position *p, char *out,
	size_t cap)
{
	struct strbuf o = { out, cap, 0, 0 };
	int order[RULES_MAX_TILES];
	int row, col, i, t, k, n, first;
	int seen_ld = 0, seen_lex = 0, seen_etl = 0, seen_cr = 0, seen_bb = 0,
		seen_mcnz = 0;

	if (cap == 0)
		return -1;
	out[0] = '\0';
	for (row = 0; row < p->board.rows; row++) {
		int run = 0;

		if (row > 0)
			strbuf_put(&o, "/", 1);
		for (col = 0; col < p->board.cols; col++) {
			uint8_t s = board_at(&p->board, row, col);

			if (s == 0) {
				run++;
				continue;
			}
			if (run > 0)
				strbuf_putint(&o, run);
			run = 0;
			t = TILE_LETTER(s);
			if (t < 1 || t > r->nletters)
				return -1;
			strbuf_put_letter(&o, TILE_IS_BLANK(s) ? r->utf8_lower[t]
				: r->utf8[t]);
		}
		if (run > 0)
			strbuf_putint(&o, run);
	}

	/* CGP lists the player to move first. */
	first = p->to_move > 0 && p->to_move < p->nplayers ? p->to_move : 0;
	strbuf_put(&o, " ", 1);
	for (i = 0; i < p->nplayers; i++) {
		int pl = (first + i) % p->nplayers;

		if (i > 0)
			strbuf_put(&o, "/", 1);
		if (!p->rack_known[pl])
			continue;
		for (k = 0; k < p->racks[pl][0]; k++)
			strbuf_put(&o, "?", 1);
		/* Then the letters in UTF-8 byte order, as the conformance
		 * data (and a plain sort of the text) writes them: only the
		 * letters on the rack are sorted. */
		n = 0;
		for (t = 1; t <= r->nletters; t++) {
			if (p->racks[pl][t] == 0)
				continue;
			for (k = n; k > 0 && cmp_utf8(r, order[k - 1], t) > 0; k--)
				order[k] = order[k - 1];
			order[k] = t;
			n++;
		}
		for (k = 0; k < n; k++)
			for (t = 0; t < p->racks[pl][order[k]]; t++)
				strbuf_put_letter(&o, r->utf8[order[k]]);
	}
	strbuf_put(&o, " ", 1);
	for (i = 0; i < p->nplayers; i++) {
		if (i > 0)
			strbuf_put(&o, "/", 1);
		strbuf_putint(&o, p->scores[(first + i) % p->nplayers]);
	}
	strbuf_put(&o, " ", 1);
	strbuf_putint(&o, p->zeros);

	/* Opcodes in their order; those held in fields are written from the
	 * field, so a caller's change shows, and fields set without an opcode
	 * are added at the end. */
	for (i = 0; i < p->nops; i++) {
		const char *op = p->ops[i];
		size_t nl = op_name_len(op);

		if (op_is(op, nl, "ld")) {
			seen_ld = 1;
			if (p->rules_name[0] == '\0')
				continue;
			strbuf_puts(&o, " ld ");
			strbuf_puts(&o, p->rules_name);
		} else if (op_is(op, nl, "lex")) {
			seen_lex = 1;
			if (p->lexicon[0] == '\0')
				continue;
			strbuf_puts(&o, " lex ");
			strbuf_puts(&o, p->lexicon);
		} else if (op_is(op, nl, "etl")) {
			seen_etl = 1;
			if (p->exchange_min < 0)
				continue;
			strbuf_puts(&o, " etl ");
			strbuf_putint(&o, p->exchange_min);
		} else if (op_is(op, nl, "cr")) {
			seen_cr = 1;
			if (challenge_name(p->challenge) == NULL)
				continue;
			strbuf_puts(&o, " cr ");
			strbuf_puts(&o, challenge_name(p->challenge));
		} else if (op_is(op, nl, "bb")) {
			seen_bb = 1;
			if (p->bingo_bonus < 0)
				continue;
			strbuf_puts(&o, " bb ");
			strbuf_putint(&o, p->bingo_bonus);
		} else if (op_is(op, nl, "mcnz")) {
			seen_mcnz = 1;
			if (p->max_zeros < 0)
				continue;
			strbuf_puts(&o, " mcnz ");
			strbuf_putint(&o, p->max_zeros);
		} else {
			strbuf_puts(&o, " ");
			strbuf_puts(&o, op);
		}
		strbuf_puts(&o, ";");
	}
	if (!seen_lex && p->lexicon[0] != '\0') {
		strbuf_puts(&o, " lex ");
		strbuf_puts(&o, p->lexicon);
		strbuf_puts(&o, ";");
	}
	if (!seen_ld && p->rules_name[0] != '\0') {
		strbuf_puts(&o, " ld ");
		strbuf_puts(&o, p->rules_name);
		strbuf_puts(&o, ";");
	}
	if (!seen_etl && p->exchange_min >= 0) {
		strbuf_puts(&o, " etl ");
		strbuf_putint(&o, p->exchange_min);
		strbuf_puts(&o, ";");
	}
	if (!seen_cr && challenge_name(p->challenge) != NULL) {
		strbuf_puts(&o, " cr ");
		strbuf_puts(&o, challenge_name(p->challenge));
		strbuf_puts(&o, ";");
	}
	if (!seen_bb && p->bingo_bonus >= 0) {
		strbuf_puts(&o, " bb ");
		strbuf_putint(&o, p->bingo_bonus);
		strbuf_puts(&o, ";");
	}
	if (!seen_mcnz && p->max_zeros >= 0) {
		strbuf_puts(&o, " mcnz ");
		strbuf_putint(&o, p->max_zeros);
		strbuf_puts(&o, ";");
	}
	if (o.over) {
		out[0] = '\0';
		return -1;
	}
	return (int)o.n;
}
