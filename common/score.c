/*
 * score.c — validating and scoring moves (SPEC §1.2).
 *
 * Scoring: a word's score is the sum of its letters' values, each placed
 * letter times its square's letter multiplier, then times the product of the
 * word multipliers under the placed tiles (premiums under tiles already on
 * the board count for nothing).  Blanks are worth 0 wherever they stand.
 * The play scores its main word plus every cross word (a word of two or more
 * letters formed at right angles through a placed tile), plus the bingo
 * bonus when rack_size tiles are placed.
 */
#include <stdio.h>
#include <string.h>
#include "move.h"

/* The move's tiles laid over the board: what each square holds after the
 * play (sq) and which squares were placed now (placed). */
struct view {
	const struct board *b;
	const struct move *m;
	int dr, dc;             /* step along the move */
};

/* Tile at (row, col) after the play, 0 if empty; *fresh = placed now. */
static uint8_t
view_at(const struct view *v, int row, int col, int *fresh)
{
	const struct move *m = v->m;
	int i;

	*fresh = 0;
	if (row < 0 || col < 0 || row >= v->b->rows || col >= v->b->cols)
		return 0;
	if (v->dr != 0 ? col == m->col : row == m->row) {
		i = v->dr != 0 ? row - m->row : col - m->col;
		if (i >= 0 && i < m->len && m->tiles[i] != 0) {
			*fresh = 1;
			return m->tiles[i];
		}
	}
	return v->b->sq[row * v->b->cols + col];
}

/* Scores the word through (row, col) in direction (dr, dc) into w; returns
 * its length (a length < 2 is no word, and w->score is then 0). */
static int
score_word(const struct rules *r, const struct view *v, int row, int col,
	int dr, int dc, struct move_word *w)
{
	int fresh, sum = 0, mult = 1, n = 0;

	while (view_at(v, row - dr, col - dc, &fresh) != 0) {
		row -= dr;
		col -= dc;
	}
	w->row = (uint8_t)row;
	w->col = (uint8_t)col;
	w->dir = dr != 0 ? DIR_DOWN : DIR_ACROSS;
	for (;;) {
		uint8_t x = view_at(v, row, col, &fresh);
		int val;

		if (x == 0)
			break;
		if (n < RULES_MAX_DIM)
			w->tiles[n] = x;
		n++;
		val = TILE_IS_BLANK(x) ? 0 : r->values[TILE_LETTER(x)];
		if (fresh) {
			int prem = r->premium[row * r->cols + col];

			val *= rules_letter_mult(prem);
			mult *= rules_word_mult(prem);
		}
		sum += val;
		row += dr;
		col += dc;
	}
	w->len = (uint8_t)(n < RULES_MAX_DIM ? n : RULES_MAX_DIM);
	w->score = n >= 2 ? sum * mult : 0;
	return n;
}

/* Scores the play, words into d (not NULL).  Returns the total. */
static int
score_play(const struct rules *r, const struct board *b, const struct move *m,
	struct move_detail *d)
{
	struct view v;
	struct move_word w;
	struct move clamped;
	int i, total = 0, main_len, cross_dr, cross_dc, placed = 0;

	/* No checks, but never loop for ever or read past tiles[]. */
	memset(d, 0, sizeof *d);
	if (m->dir > DIR_DOWN)
		return 0;
	if (m->len > RULES_MAX_DIM) {
		clamped = *m;
		clamped.len = RULES_MAX_DIM;
		m = &clamped;
	}

	v.b = b;
	v.m = m;
	v.dr = m->dir == DIR_DOWN;
	v.dc = m->dir == DIR_ACROSS;
	cross_dr = v.dc;
	cross_dc = v.dr;

	/* Main word first: the word along the move through its first placed
	 * tile. */
	for (i = 0; i < m->len && m->tiles[i] == 0; i++)
		;
	if (i == m->len)
		return 0;
	main_len = score_word(r, &v, m->row + v.dr * i, m->col + v.dc * i,
		v.dr, v.dc, &d->words[0]);
	if (main_len >= 2) {
		total += d->words[0].score;
		d->nwords = 1;
	}
	for (i = 0; i < m->len; i++) {
		if (m->tiles[i] == 0)
			continue;
		placed++;       /* counted here: m->ntiles is not trusted */
		if (score_word(r, &v, m->row + v.dr * i, m->col + v.dc * i,
		    cross_dr, cross_dc, &w) < 2)
			continue;
		if (d->nwords < RULES_MAX_DIM + 1)
			d->words[d->nwords++] = w;
		total += w.score;
	}
	/* A one-tile play that makes words both ways is written across
	 * (move_canonical), so its main word is the across one (move.h). */
	if (placed == 1 && d->nwords == 2) {
		struct move_word *a = &d->words[0], *c = &d->words[1];

		if (c->dir == DIR_ACROSS) {
			w = *a;
			*a = *c;
			*c = w;
		}
	}
	if (placed == r->rack_size && r->rack_size > 0) {
		d->bingo = r->bingo_bonus;
		total += r->bingo_bonus;
	}
	d->score = total;
	return total;
}

int
move_score(const struct rules *r, const struct board *b,
	const struct move *m, struct move_detail *d)
{
	struct move_detail tmp;

	if (m->kind != MOVE_PLACE)
		return 0;
	return score_play(r, b, m, d != NULL ? d : &tmp);
}

/* Writes tiles of a word (as letters, uppercase) for a message. */
static void
word_text(const struct rules *r, const uint8_t *tiles, int n, char *out,
	size_t cap)
{
	uint8_t plain[RULES_MAX_DIM];
	int i;

	for (i = 0; i < n && i < RULES_MAX_DIM; i++)
		plain[i] = TILE_LETTER(tiles[i]);
	if (rules_word_to_utf8(r, plain, i, out, cap) < 0)
		snprintf(out, cap, "(word)");
}

/* Lists the tiles of need[] missing from rack[] as text ("ØØ?"). */
static int
rack_lacks(const struct rules *r, const uint8_t *rack,
	const int need[RULES_MAX_TILES], char *out, size_t cap)
{
	size_t n = 0;
	int t, k, missing = 0;

	out[0] = '\0';
	for (t = 1; t <= r->nletters + 1; t++) {
		int tt = t <= r->nletters ? t : 0;   /* blanks last */
		const char *u = tt == 0 ? "?" : r->utf8[tt];
		size_t ul = strlen(u);

		for (k = rack[tt]; k < need[tt]; k++) {
			missing = 1;
			if (n + ul + 1 < cap) {
				memcpy(out + n, u, ul);
				n += ul;
				out[n] = '\0';
			}
		}
	}
	return missing;
}

static void
square_name(int row, int col, char *out, size_t cap)
{
	snprintf(out, cap, "%c%d", 'A' + col, row + 1);
}

static int
validate_exchange(const struct rules *r, const struct position *p,
	const struct move *m, struct err *e)
{
	int need[RULES_MAX_TILES] = {0};
	int i, bag, min, have = 0;
	const uint8_t *rack = p->racks[p->to_move];
	char lacks[64];

	if (m->len == 0) {
		err_set(e, 0, "exchange of no tiles");
		return -1;
	}
	min = p->exchange_min >= 0 ? p->exchange_min : r->exchange_min;
	bag = position_bag_count(r, p);
	if (bag < 0) {
		if (position_check_tiles(r, p, e) == 0)
			err_set(e, 0, "the racks hold more tiles than are unseen");
		return -1;
	}
	if (bag < min || bag == 0 || bag < m->len) {
		err_set(e, 0, "exchange needs at least %d tiles in the bag; it "
			"holds %d", min > m->len ? min : m->len, bag);
		return -1;
	}
	if (!p->rack_known[p->to_move])
		return 0;
	for (i = 0; i <= r->nletters; i++)
		have += rack[i];
	if (!m->tiles_known) {
		if (m->len > have) {
			err_set(e, 0, "exchange of %d tiles from a rack of %d",
				m->len, have);
			return -1;
		}
		return 0;
	}
	for (i = 0; i < m->len; i++) {
		int t = m->tiles[i] == TILE_BLANK ? 0 : TILE_LETTER(m->tiles[i]);

		if (t > r->nletters || (t == 0 && m->tiles[i] != TILE_BLANK)) {
			err_set(e, 0, "exchange holds an invalid tile");
			return -1;
		}
		need[t]++;
	}
	if (rack_lacks(r, rack, need, lacks, sizeof lacks)) {
		err_set(e, 0, "rack lacks %s", lacks);
		return -1;
	}
	return 0;
}

int
move_validate(const struct rules *r, const struct lex *lex,
	const struct position *p, struct move *m, struct move_detail *d,
	struct err *e)
{
	const struct board *b = &p->board;
	struct move_detail tmp;
	int need[RULES_MAX_TILES] = {0};
	int i, dr, dc, row, col, connected = 0, covers_start = 0, empty;
	char sq[16], lacks[64], word[RULES_MAX_DIM * 8 + 1];

	if (d == NULL)
		d = &tmp;
	memset(d, 0, sizeof *d);
	m->score = 0;
	if (m->kind == MOVE_PASS)
		return 0;
	if (m->kind == MOVE_EXCHANGE)
		return validate_exchange(r, p, m, e);
	if (m->kind != MOVE_PLACE) {
		err_set(e, 0, "not a move");
		return -1;
	}
	if (b->rows != r->rows || b->cols != r->cols) {
		err_set(e, 0, "the board is %dx%d, the ruleset's is %dx%d",
			b->rows, b->cols, r->rows, r->cols);
		return -1;
	}
	dr = m->dir == DIR_DOWN;
	dc = m->dir == DIR_ACROSS;
	if (m->dir > DIR_DOWN || m->len == 0 || m->len > RULES_MAX_DIM
	    || m->row >= b->rows || m->col >= b->cols
	    || m->row + dr * (m->len - 1) >= b->rows
	    || m->col + dc * (m->len - 1) >= b->cols) {
		err_set(e, 0, "off the board");
		return -1;
	}
	empty = board_count(b) == 0;

	/* Squares the move spans: through-letters must be there, placed
	 * tiles must go on empty squares (a letter written over the same
	 * letter on the board is taken as played through). */
	m->ntiles = 0;
	for (i = 0; i < m->len; i++) {
		uint8_t x = m->tiles[i], on;

		row = m->row + dr * i;
		col = m->col + dc * i;
		on = b->sq[row * b->cols + col];
		square_name(row, col, sq, sizeof sq);
		if (x != 0 && (TILE_LETTER(x) < 1 || TILE_LETTER(x) > r->nletters
		    || (x & 0x40) != 0)) {
			err_set(e, 0, "invalid tile at %s", sq);
			return -1;
		}
		if (x == 0 && on == 0) {
			err_set(e, 0, "gap at %s: the word is not contiguous", sq);
			return -1;
		}
		if (x != 0 && on != 0) {
			if (TILE_LETTER(x) != TILE_LETTER(on)) {
				err_set(e, 0, "square %s holds %s, not %s", sq,
					r->utf8[TILE_LETTER(on)],
					r->utf8[TILE_LETTER(x)]);
				return -1;
			}
			m->tiles[i] = 0;
			x = 0;
		}
		if (x == 0) {
			connected = 1;
			continue;
		}
		m->ntiles++;
		need[TILE_IS_BLANK(x) ? 0 : TILE_LETTER(x)]++;
		if (row == r->start_row && col == r->start_col)
			covers_start = 1;
		/* A neighbour across the move's line connects it. */
		if ((dr != 0 && ((col > 0 && b->sq[row * b->cols + col - 1])
		    || (col + 1 < b->cols && b->sq[row * b->cols + col + 1])))
		    || (dc != 0 && ((row > 0 && b->sq[(row - 1) * b->cols + col])
		    || (row + 1 < b->rows && b->sq[(row + 1) * b->cols + col]))))
			connected = 1;
	}
	if (m->ntiles == 0) {
		err_set(e, 0, "no tile placed");
		return -1;
	}
	/* The word is written whole: no tile right before or after it. */
	row = m->row - dr;
	col = m->col - dc;
	if (row >= 0 && col >= 0 && b->sq[row * b->cols + col] != 0) {
		square_name(row, col, sq, sizeof sq);
		err_set(e, 0, "the word goes on through %s: write the whole "
			"word", sq);
		return -1;
	}
	row = m->row + dr * m->len;
	col = m->col + dc * m->len;
	if (row < b->rows && col < b->cols && b->sq[row * b->cols + col] != 0) {
		square_name(row, col, sq, sizeof sq);
		err_set(e, 0, "the word goes on through %s: write the whole "
			"word", sq);
		return -1;
	}
	if (empty) {
		if (!covers_start) {
			square_name(r->start_row, r->start_col, sq, sizeof sq);
			err_set(e, 0, "first play must cover the start square %s",
				sq);
			return -1;
		}
	} else if (!connected) {
		err_set(e, 0, "not connected to the tiles on the board");
		return -1;
	}
	if (p->rack_known[p->to_move]
	    && rack_lacks(r, p->racks[p->to_move], need, lacks, sizeof lacks)) {
		err_set(e, 0, "rack lacks %s", lacks);
		return -1;
	}
	m->score = score_play(r, b, m, d);
	if (d->nwords == 0) {
		err_set(e, 0, "the play forms no word of two letters or more");
		return -1;
	}
	if (lex != NULL)
		for (i = 0; i < d->nwords; i++) {
			const struct move_word *w = &d->words[i];
			uint8_t plain[RULES_MAX_DIM];
			int k;

			for (k = 0; k < w->len; k++)
				plain[k] = TILE_LETTER(w->tiles[k]);
			if (!lex_contains(lex, plain, w->len)) {
				word_text(r, w->tiles, w->len, word, sizeof word);
				err_set(e, 0, "%s is not a word", word);
				return -1;
			}
		}
	return 0;
}
