/*
 * board.c — the board and the tile accounting of a position (board.h).
 */
#include <stdio.h>
#include <string.h>
#include "board.h"

void
board_init(struct board *b, const struct rules *r)
{
	memset(b, 0, sizeof *b);
	b->rows = r->rows;
	b->cols = r->cols;
}

int
board_count(const struct board *b)
{
	int i, n = 0, nsq = b->rows * b->cols;

	for (i = 0; i < nsq; i++)
		n += b->sq[i] != 0;
	return n;
}

void
position_init(struct position *p, const struct rules *r)
{
	int i;

	memset(p, 0, sizeof *p);
	board_init(&p->board, r);
	p->nplayers = 2;
	for (i = 0; i < RULES_MAX_PLAYERS; i++)
		p->rack_known[i] = 1;
	snprintf(p->rules_name, sizeof p->rules_name, "%s", r->name);
	p->exchange_min = -1;
	p->challenge = -1;
	p->bingo_bonus = -1;
	p->max_zeros = -1;
}

/* Name of tile t (0 = blank) for messages. */
static const char *
tile_name(const struct rules *r, int t)
{
	if (t == 0)
		return "?";
	if (t <= r->nletters)
		return r->utf8[t];
	return "(bad tile)";
}

/* Adds the board's tiles to used[]; -1 if a square holds no valid tile. */
static int
board_used(const struct rules *r, const struct board *b,
	int used[RULES_MAX_TILES], struct err *e)
{
	int i, nsq = b->rows * b->cols;

	for (i = 0; i < nsq; i++) {
		uint8_t t = b->sq[i];
		int l;

		if (t == 0)
			continue;
		l = TILE_LETTER(t);
		if (l < 1 || l > r->nletters || (t & 0x40) != 0) {
			err_set(e, 0, "square %c%d holds an invalid tile %d",
				'A' + i % b->cols, i / b->cols + 1, t);
			return -1;
		}
		used[TILE_IS_BLANK(t) ? 0 : l]++;
	}
	return 0;
}

int
board_unseen(const struct rules *r, const struct position *p, int player,
	uint8_t unseen[RULES_MAX_TILES], struct err *e)
{
	int used[RULES_MAX_TILES] = {0};
	int t;

	if (board_used(r, &p->board, used, e) < 0)
		return -1;
	if (player >= 0 && player < p->nplayers && p->rack_known[player])
		for (t = 0; t <= r->nletters; t++)
			used[t] += p->racks[player][t];
	for (t = 0; t <= r->nletters; t++) {
		if (used[t] > r->counts[t]) {
			err_set(e, 0, "too many %s: the board and the rack hold "
				"%d, the %s bag has %d", tile_name(r, t), used[t],
				r->name, r->counts[t]);
			return -1;
		}
		unseen[t] = (uint8_t)(r->counts[t] - used[t]);
	}
	for (; t < RULES_MAX_TILES; t++)
		unseen[t] = 0;
	return 0;
}

int
position_check_tiles(const struct rules *r, const struct position *p,
	struct err *e)
{
	int used[RULES_MAX_TILES] = {0};
	int t, i;

	if (board_used(r, &p->board, used, e) < 0)
		return -1;
	for (i = 0; i < p->nplayers && i < RULES_MAX_PLAYERS; i++) {
		if (!p->rack_known[i])
			continue;
		for (t = 0; t < RULES_MAX_TILES; t++) {
			if (t > r->nletters && p->racks[i][t] != 0) {
				err_set(e, 0, "rack %d holds an invalid tile %d",
					i + 1, t);
				return -1;
			}
			used[t] += p->racks[i][t];
		}
	}
	for (t = 0; t <= r->nletters; t++)
		if (used[t] > r->counts[t]) {
			err_set(e, 0, "too many %s: the board and the racks hold "
				"%d, the %s bag has %d", tile_name(r, t), used[t],
				r->name, r->counts[t]);
			return -1;
		}
	return 0;
}

int
position_bag_count(const struct rules *r, const struct position *p)
{
	uint8_t unseen[RULES_MAX_TILES];
	int t, i, n = 0;

	/* Unseen by nobody's rack: the bag and every rack together. */
	if (board_unseen(r, p, -1, unseen, NULL) < 0
	    || position_check_tiles(r, p, NULL) < 0)
		return -1;
	for (t = 0; t <= r->nletters; t++)
		n += unseen[t];
	for (i = 0; i < p->nplayers && i < RULES_MAX_PLAYERS; i++)
		if (p->rack_known[i])
			for (t = 0; t <= r->nletters; t++)
				n -= p->racks[i][t];
	/* An unknown rack is full, unless the bag ran dry. */
	for (i = 0; i < p->nplayers && i < RULES_MAX_PLAYERS; i++)
		if (!p->rack_known[i])
			n -= r->rack_size < n ? r->rack_size : n;
	return n;
}
