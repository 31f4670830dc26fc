/*
 * equity.c — a move's score plus the value of what it keeps (equity.h).
 *
 * A keep is indexed in the mixed radix of the rack: digit i counts
 * tile[i], step[i] apart, so the keep after a move is the whole rack's
 * index less the steps of the tiles it uses.
 */
#include <limits.h>
#include <string.h>
#include "equity.h"
#include "gen.h"
#include "gen_best.h"
#include "klv.h"

/* The value of keeping leave (counts, index 0 = blanks), by the table or
 * function, or by the rule of the empty bag (equity.h). */
static int32_t
equity_leave_value(const struct equity *eq, const uint8_t leave[RULES_MAX_TILES])
{
	int t, n = 0, v = 0;

	if (eq->endgame) {
		for (t = 0; t < RULES_MAX_TILES; t++) {
			n += leave[t];
			if (t > 0)
				v += leave[t] * eq->r->values[t];
		}
		return n == 0 ? 2000 * eq->unseen_value : -2000 * v;
	}
	if (eq->fn != NULL)
		return eq->fn(eq->arg, leave);
	return eq->klv != NULL ? klv_leave_value(eq->klv, leave) : 0;
}

/* keep[] for every index, by the bag's rule, the table or the function. */
static void
equity_fill(struct equity *eq)
{
	uint8_t digit[RULES_MAX_RACK] = { 0 }, leave[RULES_MAX_TILES];
	int idx, i, n = 0, v = 0;

	if (!eq->endgame && eq->fn == NULL) {
		klv_rack_values(eq->klv, eq->tile, eq->count, eq->nd, eq->step,
		    eq->keep);
		return;
	}
	memset(leave, 0, sizeof leave);
	for (idx = 0; idx <= eq->full; idx++) {
		/* The empty bag's rule, as equity_leave_value, on the sums. */
		if (eq->endgame)
			eq->keep[idx] = n == 0 ? 2000 * eq->unseen_value : -2000 * v;
		else
			eq->keep[idx] = equity_leave_value(eq, leave);
		/* The next index: digits carry over at count + 1. */
		for (i = 0; i < eq->nd; i++) {
			int tv = eq->tile[i] ? eq->r->values[eq->tile[i]] : 0;

			if (digit[i] < eq->count[i]) {
				digit[i]++;
				leave[eq->tile[i]]++;
				n++;
				v += tv;
				break;
			}
			n -= digit[i];
			v -= digit[i] * tv;
			digit[i] = 0;
			leave[eq->tile[i]] = 0;
		}
	}
}

/* The tiles of the exchange of every tile but those kept at index idx,
 * as a move lists them (letters in order, blanks last), into out;
 * returns how many. */
static int
equity_exchange_at(const struct equity *eq, int idx, uint8_t *out)
{
	uint8_t usedc[RULES_MAX_RACK];
	int i, c, n = 0;

	for (i = 0; i < eq->nd; i++)
		usedc[i] = (uint8_t)(eq->count[i] - idx / eq->step[i] %
		    (eq->count[i] + 1));
	for (i = 0; i < eq->nd; i++)
		if (eq->tile[i] != 0)
			for (c = 0; c < usedc[i]; c++)
				out[n++] = eq->tile[i];
	for (i = 0; i < eq->nd; i++)
		if (eq->tile[i] == 0)
			for (c = 0; c < usedc[i]; c++)
				out[n++] = TILE_BLANK;
	return n;
}

/* best_used[], the best exchange and the pass from keep[].  The best
 * exchange keeps the most; of those, it gives up the most tiles; of
 * those, its tiles come first (memcmp), which only ties need. */
static void
equity_summarise(struct equity *eq)
{
	uint8_t kept[EQUITY_MAX_KEEPS];
	uint8_t tiles[RULES_MAX_DIM], other[RULES_MAX_DIM];
	int idx, i, c, q, best = -1, best_u, ties = 0, n;
	int32_t best_v;
	/* An exchange's rank: what it keeps, then how many it gives up
	 * (1 to RULES_MAX_DIM < 32), as one number. */
	int64_t best_rank = INT64_MIN;

	/* kept[idx]: tiles kept at idx, digit by digit as the index. */
	kept[0] = 0;
	for (i = 0; i < eq->nd; i++)
		for (c = 1; c <= eq->count[i]; c++)
			for (q = 0; q < eq->step[i]; q++)
				kept[c * eq->step[i] + q] = (uint8_t)(kept[q] + c);
	for (i = 0; i <= RULES_MAX_RACK; i++)
		eq->best_used[i] = INT32_MIN;
	for (idx = 0; idx <= eq->full; idx++) {
		int u = eq->ntiles - kept[idx];
		int32_t v = eq->keep[idx];
		int64_t rank = (int64_t)v * 32 + u;

		if (v > eq->best_used[u])
			eq->best_used[u] = v;
		if (u <= 0 || u > RULES_MAX_DIM)
			continue;
		if (rank > best_rank) {
			best = idx;
			best_rank = rank;
			ties = 0;
		} else {
			ties |= rank == best_rank;
		}
	}
	best_v = (int32_t)(best_rank >> 5);     /* rounds down: v */
	best_u = (int)(best_rank & 31);
	memset(&eq->exchange, 0, sizeof eq->exchange);
	eq->exchange_value = INT32_MIN;
	eq->pass_value = eq->keep[eq->full];
	if (!eq->exchange_ok || best < 0)
		return;
	n = equity_exchange_at(eq, best, tiles);
	for (idx = best + 1; ties && idx <= eq->full; idx++)
		if (eq->keep[idx] == best_v && eq->ntiles - kept[idx] == best_u &&
		    equity_exchange_at(eq, idx, other) == n &&
		    memcmp(other, tiles, (size_t)n) < 0)
			memcpy(tiles, other, (size_t)n);
	eq->exchange.kind = MOVE_EXCHANGE;
	eq->exchange.tiles_known = 1;
	eq->exchange.len = eq->exchange.ntiles = (uint8_t)n;
	memcpy(eq->exchange.tiles, tiles, (size_t)n);
	eq->exchange_value = best_v;
}

static int
equity_setup(struct equity *eq, const struct rules *r, const struct klv *k,
	equity_leave_fn *fn, void *arg, const struct position *p,
	int bag_count, struct err *e)
{
	const uint8_t *rack = p->racks[p->to_move];
	int min = p->exchange_min >= 0 ? p->exchange_min : r->exchange_min;
	int t, size = 1;

	eq->r = r;
	eq->klv = k;
	eq->fn = fn;
	eq->arg = arg;
	eq->bag_count = bag_count;
	eq->endgame = bag_count <= 0;
	eq->unseen_value = 0;
	eq->ok = 1;
	eq->nd = 0;
	eq->ntiles = 0;
	memset(eq->rack, 0, sizeof eq->rack);
	memset(eq->used, 0, sizeof eq->used);
	for (t = 0; t <= r->nletters && t < RULES_MAX_TILES; t++) {
		if (rack[t] == 0)
			continue;
		eq->rack[t] = rack[t];
		eq->ntiles += rack[t];
		if (eq->nd == RULES_MAX_RACK ||
		    size * (rack[t] + 1) > EQUITY_MAX_KEEPS) {
			eq->ok = 0;
			continue;
		}
		eq->tile[eq->nd] = (uint8_t)t;
		eq->count[eq->nd] = rack[t];
		eq->step[eq->nd] = size;
		if (t > 0)
			eq->used[t] = (int16_t)size;
		else
			for (int b = 0; b < 128; b++)
				eq->used[TILE_BLANK | b] = (int16_t)size;
		size *= rack[t] + 1;
		eq->nd++;
	}
	eq->exchange_ok = bag_count >= min && eq->ntiles > 0;
	if (eq->endgame) {
		uint8_t unseen[RULES_MAX_TILES];

		if (board_unseen(r, p, p->to_move, unseen, e) != 0)
			return -1;
		for (t = 1; t <= r->nletters && t < RULES_MAX_TILES; t++)
			eq->unseen_value += unseen[t] * r->values[t];
	}
	if (!eq->ok) {
		eq->full = 0;
		eq->exchange_ok = 0;      /* equity_choose lists the moves */
		eq->pass_value = equity_leave_value(eq, eq->rack);
		return 0;
	}
	eq->full = size - 1;
	equity_fill(eq);
	equity_summarise(eq);
	return 0;
}

int
equity_prepare(struct equity *eq, const struct rules *r, const struct klv *k,
	const struct position *p, int bag_count, struct err *e)
{
	return equity_setup(eq, r, k, NULL, NULL, p, bag_count, e);
}

int
equity_prepare_fn(struct equity *eq, const struct rules *r,
	equity_leave_fn *fn, void *arg, const struct position *p,
	int bag_count, struct err *e)
{
	return equity_setup(eq, r, NULL, fn, arg, p, bag_count, e);
}

int
equity_used_index(const struct equity *eq, const struct move *m)
{
	uint8_t leave[RULES_MAX_TILES];
	int i, idx = 0;

	gen_leave(eq->rack, m, leave);
	for (i = 0; i < eq->nd; i++)
		idx += leave[eq->tile[i]] * eq->step[i];
	return idx;
}

int32_t
equity_keep_of(const struct equity *eq, const struct move *m)
{
	uint8_t leave[RULES_MAX_TILES];

	if (eq->ok)
		return eq->keep[equity_used_index(eq, m)];
	gen_leave(eq->rack, m, leave);
	return equity_leave_value(eq, leave);
}

int64_t
equity_of(const struct equity *eq, const struct move *m)
{
	int64_t v = equity_keep_of(eq, m);

	return m->kind == MOVE_PLACE ? v + (int64_t)m->score * 1000 : v;
}

int
equity_cmp(int64_t ea, const struct move *a, int64_t eb, const struct move *b)
{
	if (ea != eb)
		return ea > eb ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	switch (a->kind) {
	case MOVE_PLACE:
		if (a->score != b->score)
			return a->score > b->score ? -1 : 1;
		if (a->ntiles != b->ntiles)
			return a->ntiles < b->ntiles ? -1 : 1;
		return move_order(a, b);
	case MOVE_EXCHANGE:
		if (a->len != b->len)
			return a->len > b->len ? -1 : 1;
		return memcmp(a->tiles, b->tiles, a->len);
	default:
		return 0;
	}
}

long
equity_first(const struct equity *eq, const struct move *m, long n,
	int64_t floor, int64_t *value)
{
	long i, besti = -1;
	int64_t bv = 0;

	for (i = 0; i < n; i++) {
		int64_t v = equity_of(eq, &m[i]);

		if (v >= floor && (besti < 0 ||
		    equity_cmp(v, &m[i], bv, &m[besti]) < 0)) {
			besti = i;
			bv = v;
		}
	}
	if (besti >= 0)
		*value = bv;
	return besti;
}

/* The better of the exchange and the pass. */
static void
equity_no_play(const struct equity *eq, struct move *out, int64_t *value)
{
	memset(out, 0, sizeof *out);
	out->kind = MOVE_PASS;
	out->tiles_known = 1;
	*value = eq->pass_value;
	if (eq->exchange_ok && eq->exchange_value >= eq->pass_value) {
		*out = eq->exchange;
		*value = eq->exchange_value;
	}
}

int
equity_choose(struct gen *g, const struct position *p,
	const struct equity *eq, struct move *out, int64_t *value,
	struct err *e)
{
	struct move best;
	int64_t v, bv;
	int have;

	if (!eq->ok)
		return equity_choose_all(g, p, eq, out, value, e);
	equity_no_play(eq, out, &v);
	have = gen_best_equity(g, p, eq, v, &best, &bv, e);
	if (have < 0)
		return -1;
	if (have) {
		*out = best;
		v = bv;
	}
	if (value != NULL)
		*value = v;
	return 0;
}

int
equity_choose_all(struct gen *g, const struct position *p,
	const struct equity *eq, struct move *out, int64_t *value,
	struct err *e)
{
	long n, besti;
	int64_t bv;

	n = gen_all(g, p, eq->bag_count, GEN_ALL, e);
	if (n < 0)
		return -1;
	/* gen_all always lists the pass, so there is a first. */
	besti = equity_first(eq, gen_moves(g), n, INT64_MIN, &bv);
	*out = gen_moves(g)[besti];
	if (value != NULL)
		*value = bv;
	return 0;
}
