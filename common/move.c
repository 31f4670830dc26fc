/*
 * move.c — move notation (SPEC §2.2) and applying a move to a position.
 * Validation and scoring are in score.c.
 */
#include <stdio.h>
#include <string.h>
#include "strbuf.h"
#include "move.h"

/* Room for a move's notation: a coordinate and up to 21 letters of up to
 * 7 bytes each (move_notation_rows). */
#define MOVE_ROWS_MAX 256

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Column or row letter: 'A'..'Z' or 'a'..'z' -> 0..25, else -1. */
static int
coord_letter(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a';
	return -1;
}

/* Shows one character of s for a message. */
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

/* Reads the tiles of an exchange ("ABC?", "-3" handled by the caller). */
static int
parse_exchange(const struct rules *r, const char *s, size_t len,
	struct move *m, struct err *e)
{
	size_t i = 0;
	long count = 0;
	char show[16];

	m->kind = MOVE_EXCHANGE;
	if (is_digit(s[0])) {
		for (i = 0; i < len; i++) {
			if (!is_digit(s[i])) {
				err_set(e, 0, "exchange '-%.*s': not a number of "
					"tiles", (int)(len < 20 ? len : 20), s);
				return -1;
			}
			count = count * 10 + (s[i] - '0');
			if (count > RULES_MAX_RACK)
				break;
		}
		if (count < 1 || count > RULES_MAX_RACK
		    || count > r->rack_size) {
			err_set(e, 0, "exchange of %.*s tiles: a rack holds 1 "
				"to %d", (int)(len < 20 ? len : 20), s,
				r->rack_size);
			return -1;
		}
		m->len = m->ntiles = (uint8_t)count;
		m->tiles_known = 0;
		return 0;
	}
	m->tiles_known = 1;
	while (i < len) {
		uint8_t tile;
		int lower, k;

		if (m->len >= r->rack_size || m->len >= RULES_MAX_DIM) {
			err_set(e, 0, "exchange of more than %d tiles",
				r->rack_size);
			return -1;
		}
		if (s[i] == '?') {
			m->tiles[m->len++] = TILE_BLANK;
			i++;
			continue;
		}
		k = rules_decode_letter(r, s + i, len - i, &tile, &lower);
		if (k <= 0) {
			show_char(s + i, len - i, show, sizeof show);
			err_set(e, 0, "exchange: '%s' is not a letter of the %s "
				"alphabet", show, r->name);
			return -1;
		}
		m->tiles[m->len++] = tile;
		i += (size_t)k;
	}
	m->ntiles = m->len;
	return 0;
}

/* Reads the coordinate c[0..n): sets row, col (0-based) and dir. */
static int
parse_coord(const struct rules *r, const char *c, size_t n, int row_letter,
	struct move *m, struct err *e)
{
	size_t i = 0;
	long num = 0;
	int letter, digits_first = is_digit(c[0]);

	if (digits_first) {
		while (i < n && is_digit(c[i]) && num <= RULES_MAX_DIM)
			num = num * 10 + (c[i++] - '0');
		if (i + 1 != n || (letter = coord_letter(c[i])) < 0)
			goto bad;
	} else {
		if ((letter = coord_letter(c[0])) < 0 || n < 2)
			goto bad;
		for (i = 1; i < n; i++) {
			if (!is_digit(c[i]) || num > RULES_MAX_DIM)
				goto bad;
			num = num * 10 + (c[i] - '0');
		}
	}
	if (num < 1)
		goto bad;
	if (!row_letter) {
		/* GCG: number first = row number, across; letter first =
		 * column letter, down. */
		m->dir = digits_first ? DIR_ACROSS : DIR_DOWN;
		m->row = (uint8_t)(num - 1 <= 255 ? num - 1 : 255);
		m->col = (uint8_t)letter;
	} else {
		/* Netskrafl: letter first = row letter, across; number first
		 * = column number, down. */
		m->dir = digits_first ? DIR_DOWN : DIR_ACROSS;
		m->row = (uint8_t)letter;
		m->col = (uint8_t)(num - 1 <= 255 ? num - 1 : 255);
	}
	if (m->row >= r->rows || m->col >= r->cols) {
		err_set(e, 0, "'%.*s' is off the board", (int)n, c);
		return -1;
	}
	return 0;
bad:
	err_set(e, 0, "'%.*s' is not a coordinate (8D across, D8 down)",
		(int)(n < 20 ? n : 20), c);
	return -1;
}

int
move_parse(const struct rules *r, const struct board *b, const char *s,
	size_t len, int row_letter, struct move *m, struct err *e)
{
	size_t i, cend, w;
	int paren = 0, rows = b != NULL ? b->rows : r->rows;
	int cols = b != NULL ? b->cols : r->cols;
	char show[16];

	memset(m, 0, sizeof *m);
	while (len > 0 && is_space(s[len - 1]))
		len--;
	while (len > 0 && is_space(s[0])) {
		s++;
		len--;
	}
	if (len == 0) {
		err_set(e, 0, "empty move");
		return -1;
	}
	if (s[0] == '-') {
		if (len == 1) {
			m->kind = MOVE_PASS;
			return 0;
		}
		if (s[1] == '-') {
			err_set(e, 0, "'%.*s' is not a move (a withdrawn play is "
				"a GCG event)", (int)(len < 20 ? len : 20), s);
			return -1;
		}
		return parse_exchange(r, s + 1, len - 1, m, e);
	}
	for (cend = 0; cend < len && !is_space(s[cend]); cend++)
		;
	if (parse_coord(r, s, cend, row_letter, m, e) < 0)
		return -1;
	for (w = cend; w < len && is_space(s[w]); w++)
		;
	if (w == len) {
		err_set(e, 0, "move '%.*s' has no word", (int)cend, s);
		return -1;
	}
	m->kind = MOVE_PLACE;
	for (i = w; i < len;) {
		int row = m->row + (m->dir == DIR_DOWN ? m->len : 0);
		int col = m->col + (m->dir == DIR_ACROSS ? m->len : 0);
		uint8_t on = 0, tile = 0;
		int lower = 0, k, through;

		if (s[i] == '(' && !paren) {
			paren = 1;
			i++;
			continue;
		}
		if (s[i] == ')' && paren) {
			paren = 0;
			i++;
			continue;
		}
		if (row >= rows || col >= cols || m->len >= RULES_MAX_DIM) {
			err_set(e, 0, "'%.*s' runs off the board",
				(int)(len < 40 ? len : 40), s);
			return -1;
		}
		if (b != NULL)
			on = b->sq[row * b->cols + col];
		if (s[i] == '.') {
			k = 1;
			through = 1;
		} else if (s[i] == '?') {
			err_set(e, 0, "'?' in a word: write a blank as the lowercase "
				"letter it stands for");
			return -1;
		} else {
			k = rules_decode_letter(r, s + i, len - i, &tile, &lower);
			if (k <= 0) {
				show_char(s + i, len - i, show, sizeof show);
				err_set(e, 0, "'%s' is not a letter of the %s "
					"alphabet", show, r->name);
				return -1;
			}
			/* A letter on an occupied square, or in parentheses,
			 * is a letter played through. */
			through = paren || on != 0;
		}
		if (through && b != NULL) {
			if (on == 0) {
				err_set(e, 0, "square %c%d is empty, but the move "
					"plays through it", 'A' + col, row + 1);
				return -1;
			}
			if (tile != 0 && TILE_LETTER(on) != tile) {
				err_set(e, 0, "square %c%d holds %s, not %s",
					'A' + col, row + 1, r->utf8[TILE_LETTER(on)],
					r->utf8[tile]);
				return -1;
			}
		}
		if (through) {
			m->tiles[m->len++] = 0;
		} else {
			m->tiles[m->len++] = lower ? (uint8_t)(tile | TILE_BLANK)
				: tile;
			m->ntiles++;
		}
		i += (size_t)k;
		if (i < len && is_space(s[i])) {
			size_t j = i;

			while (j < len && is_space(s[j]))
				j++;
			if (j < len) {
				err_set(e, 0, "move '%.*s' has text after the word",
					(int)(len < 40 ? len : 40), s);
				return -1;
			}
			break;
		}
	}
	if (paren) {
		err_set(e, 0, "move '%.*s' has an unclosed '('",
			(int)(len < 40 ? len : 40), s);
		return -1;
	}
	if (m->len == 0) {
		err_set(e, 0, "move '%.*s' has no word", (int)(len < 40 ? len : 40),
			s);
		return -1;
	}
	return 0;
}

int
move_format(const struct rules *r, const struct move *m, char *out,
	size_t cap)
{
	struct strbuf o = { out, cap, 0, 0 };
	char buf[32];
	int i, n, t;

	if (cap == 0)
		return -1;
	out[0] = '\0';
	switch (m->kind) {
	case MOVE_PASS:
		strbuf_put(&o, "-", 1);
		break;
	case MOVE_EXCHANGE:
		strbuf_put(&o, "-", 1);
		if (!m->tiles_known) {
			n = snprintf(buf, sizeof buf, "%d", m->len);
			strbuf_put(&o, buf, (size_t)n);
			break;
		}
		for (i = 0; i < m->len && i < RULES_MAX_DIM; i++) {
			t = TILE_LETTER(m->tiles[i]);
			if (m->tiles[i] == TILE_BLANK || t == 0)
				strbuf_put(&o, "?", 1);
			else if (t <= r->nletters)
				strbuf_put_letter(&o, r->utf8[t]);
			else
				return -1;
		}
		break;
	case MOVE_PLACE:
		if (m->dir == DIR_ACROSS)
			n = snprintf(buf, sizeof buf, "%d%c ", m->row + 1,
				'A' + m->col);
		else
			n = snprintf(buf, sizeof buf, "%c%d ", 'A' + m->col,
				m->row + 1);
		strbuf_put(&o, buf, (size_t)n);
		for (i = 0; i < m->len && i < RULES_MAX_DIM; i++) {
			uint8_t x = m->tiles[i];

			t = TILE_LETTER(x);
			if (x == 0)
				strbuf_put(&o, ".", 1);
			else if (t < 1 || t > r->nletters)
				return -1;
			else
				strbuf_put_letter(&o, TILE_IS_BLANK(x) ? r->utf8_lower[t]
					: r->utf8[t]);
		}
		break;
	default:
		return -1;
	}
	if (o.over) {
		out[0] = '\0';
		return -1;
	}
	return (int)o.n;
}

void
move_apply(struct position *p, int player, const struct move *m)
{
	uint8_t *rack = p->racks[player];
	int i;

	if (m->kind == MOVE_EXCHANGE && m->tiles_known) {
		for (i = 0; i < m->len && i < RULES_MAX_DIM; i++) {
			int t = m->tiles[i] == TILE_BLANK ? 0
				: TILE_LETTER(m->tiles[i]);

			if (rack[t] > 0)
				rack[t]--;
		}
		return;
	}
	if (m->kind != MOVE_PLACE)
		return;
	for (i = 0; i < m->len && i < RULES_MAX_DIM; i++) {
		int row = m->row + (m->dir == DIR_DOWN ? i : 0);
		int col = m->col + (m->dir == DIR_ACROSS ? i : 0);
		uint8_t x = m->tiles[i];
		int t;

		if (x == 0 || row >= p->board.rows || col >= p->board.cols)
			continue;
		p->board.sq[row * p->board.cols + col] = x;
		p->board.ntiles++;
		t = TILE_IS_BLANK(x) ? 0 : TILE_LETTER(x);
		if (rack[t] > 0)
			rack[t]--;
	}
	p->scores[player] += m->score;
}

void
move_canonical(const struct board *b, struct move *m)
{
	int i, row, col, r0, c0, n, dr, dc, dir;
	uint8_t tile = 0;

	if (m->kind != MOVE_PLACE || m->ntiles != 1)
		return;
	for (i = 0; i < m->len && m->tiles[i] == 0; i++)
		;
	if (i == m->len)
		return;
	tile = m->tiles[i];
	row = m->row + (m->dir == DIR_DOWN ? i : 0);
	col = m->col + (m->dir == DIR_ACROSS ? i : 0);
	if (row >= b->rows || col >= b->cols)
		return;
	/* Across when the tile has a neighbour across, else down. */
	for (dir = DIR_ACROSS; dir <= DIR_DOWN; dir++) {
		dr = dir == DIR_DOWN;
		dc = dir == DIR_ACROSS;
		r0 = row;
		c0 = col;
		while (r0 - dr >= 0 && c0 - dc >= 0
		    && b->sq[(r0 - dr) * b->cols + c0 - dc] != 0) {
			r0 -= dr;
			c0 -= dc;
		}
		n = 0;
		while (r0 + dr * n < b->rows && c0 + dc * n < b->cols
		    && n < RULES_MAX_DIM && (b->sq[(r0 + dr * n) * b->cols + c0
		    + dc * n] != 0 || (r0 + dr * n == row && c0 + dc * n == col)))
			n++;
		if (n < 2)
			continue;
		m->dir = (uint8_t)dir;
		m->row = (uint8_t)r0;
		m->col = (uint8_t)c0;
		m->len = (uint8_t)n;
		for (i = 0; i < n; i++)
			m->tiles[i] = (r0 + dr * i == row && c0 + dc * i == col)
				? tile : 0;
		return;
	}
}

int
move_order(const struct move *a, const struct move *b)
{
	if (a->dir != b->dir)
		return a->dir < b->dir ? -1 : 1;
	if (a->row != b->row)
		return a->row < b->row ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	return memcmp(a->tiles, b->tiles, a->len);
}

int
move_detail_format(const struct rules *r, const struct move_detail *d,
	char *out, size_t cap)
{
	size_t len = 0;
	int i, n;
	char w[RULES_MAX_DIM * 12];

	if (cap == 0)
		return -1;
	out[0] = '\0';
	for (i = 0; i <= d->nwords; i++) {
		if (i < d->nwords) {
			if (rules_word_to_utf8(r, d->words[i].tiles,
			    d->words[i].len, w, sizeof w) < 0)
				snprintf(w, sizeof w, "?");
			n = snprintf(out + len, cap - len, "%s%s=%d", i ? "," : "",
			    w, d->words[i].score);
		} else if (d->bingo) {
			n = snprintf(out + len, cap - len, "%s+%d", len ? "," : "",
			    d->bingo);
		} else {
			break;
		}
		if (n < 0 || (size_t)n >= cap - len)
			return -1;
		len += (size_t)n;
	}
	return (int)len;
}

int
move_notation_rows(char *s, size_t cap)
{
	char out[MOVE_ROWS_MAX];
	const char *p = s;
	int number = 0, letter, n;

	if (*p == '-' || *p == '\0')
		return 0;               /* an exchange or a pass */
	if (*p >= '0' && *p <= '9') {
		/* across: row number, column letter -> row letter, column
		 * number */
		while (*p >= '0' && *p <= '9' && number < 100)
			number = number * 10 + (*p++ - '0');
		if (*p < 'A' || *p > 'Z' || number < 1 || number > 26)
			return -1;
		letter = *p++ - 'A';
		n = snprintf(out, sizeof out, "%c%d%s", 'A' + number - 1,
		    letter + 1, p);
	} else if (*p >= 'A' && *p <= 'Z') {
		/* down: column letter, row number -> column number, row
		 * letter */
		letter = *p++ - 'A';
		while (*p >= '0' && *p <= '9' && number < 100)
			number = number * 10 + (*p++ - '0');
		if (number < 1 || number > 26)
			return -1;
		n = snprintf(out, sizeof out, "%d%c%s", letter + 1,
		    'A' + number - 1, p);
	} else {
		return -1;
	}
	if (n < 0 || (size_t)n >= sizeof out || (size_t)n >= cap)
		return -1;
	memcpy(s, out, (size_t)n + 1);
	return 0;
}
