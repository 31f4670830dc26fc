/*
 * robot.c — the robot players of SPEC §4 (robot.h).
 *
 * Miðlungur and Amlóði follow Netskrafl's description: candidates are the
 * placements, best score first, whose main word is two letters long or in
 * the robot's vocabulary.  Equity is score + leave, in millipoints.
 */
#include <stdlib.h>
#include <string.h>
#include "equity.h"
#include "gen.h"
#include "robot.h"

#define ROBOT_MIDLUNGUR_KEEP 20
#define ROBOT_AMLODI_PICK    30

struct robot {
	const struct rules *r;
	const struct lex *lex;
	struct robot_opts opts;
	struct gen *gen;
	int owns_gen;               /* 0: borrowed from another robot */
	long *order;                /* indices into the move list */
	long ocap;
	struct equity eq;           /* equity: the turn's keeps */
};

static const char *const robot_names[] = {
	"fullsterkur", "midlungur", "amlodi", "equity"
};

int
robot_parse_strategy(const char *name, enum robot_strategy *out)
{
	static const struct { const char *n; enum robot_strategy s; } tab[] = {
		{ "fullsterkur", ROBOT_FULLSTERKUR }, { "Fullsterkur", ROBOT_FULLSTERKUR },
		{ "full", ROBOT_FULLSTERKUR },
		{ "midlungur", ROBOT_MIDLUNGUR }, { "Midlungur", ROBOT_MIDLUNGUR },
		{ "mi\xc3\xb0lungur", ROBOT_MIDLUNGUR }, { "Mi\xc3\xb0lungur", ROBOT_MIDLUNGUR },
		{ "amlodi", ROBOT_AMLODI }, { "Amlodi", ROBOT_AMLODI },
		{ "aml\xc3\xb3\xc3\xb0i", ROBOT_AMLODI }, { "Aml\xc3\xb3\xc3\xb0i", ROBOT_AMLODI },
		{ "equity", ROBOT_EQUITY },
	};
	size_t i;

	for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strcmp(name, tab[i].n) == 0) {
			*out = tab[i].s;
			return 0;
		}
	return -1;
}

const char *
robot_strategy_name(enum robot_strategy s)
{
	if ((unsigned)s >= sizeof robot_names / sizeof robot_names[0])
		return "?";
	return robot_names[s];
}

/* A robot around gen (its own when owns_gen); a Fullsterkur robot has the
 * generator build gen_best's filter now, so it costs at start-up. */
static struct robot *
robot_new(const struct rules *r, const struct lex *lex,
	const struct robot_opts *opts, struct gen *gen, int owns_gen,
	struct err *e)
{
	struct robot *rb = calloc(1, sizeof *rb);

	if (rb == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	rb->r = r;
	rb->lex = lex;
	if (opts != NULL)
		rb->opts = *opts;
	rb->gen = gen;
	rb->owns_gen = owns_gen;
	if ((rb->opts.strategy == ROBOT_FULLSTERKUR ||
	    rb->opts.strategy == ROBOT_EQUITY) &&
	    gen_best_ready(gen, e) != 0) {
		free(rb);
		return NULL;
	}
	return rb;
}

struct robot *
robot_create(const struct rules *r, const struct lex *lex,
	const struct robot_opts *opts, struct err *e)
{
	struct gen *gen = gen_create(r, lex, e);
	struct robot *rb;

	if (gen == NULL)
		return NULL;
	if ((rb = robot_new(r, lex, opts, gen, 1, e)) == NULL)
		gen_destroy(gen);
	return rb;
}

struct robot *
robot_create_sharing(struct robot *other, const struct robot_opts *opts,
	struct err *e)
{
	return robot_new(other->r, other->lex, opts, other->gen, 0, e);
}

void
robot_destroy(struct robot *rb)
{
	if (rb == NULL)
		return;
	if (rb->owns_gen)
		gen_destroy(rb->gen);
	free(rb->order);
	free(rb);
}

/* No move qualifies: exchange the whole rack if the bag allows, else pass. */
static void
robot_fallback(const struct robot *rb, const struct position *p,
	int bag_count, struct move *out)
{
	const uint8_t *rack = p->racks[p->to_move];
	int min = p->exchange_min >= 0 ? p->exchange_min : rb->r->exchange_min;
	int t, c, n = 0;

	memset(out, 0, sizeof *out);
	out->tiles_known = 1;
	out->kind = MOVE_PASS;
	if (bag_count < min)
		return;
	for (t = 1; t < RULES_MAX_TILES; t++)
		for (c = 0; c < rack[t] && n < RULES_MAX_DIM; c++)
			out->tiles[n++] = (uint8_t)t;
	for (c = 0; c < rack[0] && n < RULES_MAX_DIM; c++)
		out->tiles[n++] = TILE_BLANK;
	if (n == 0)
		return;
	out->kind = MOVE_EXCHANGE;
	out->len = out->ntiles = (uint8_t)n;
}

/* The main word's letters: the move's tiles with played-through squares
 * filled from the board. */
static int
robot_main_word(const struct position *p, const struct move *m, uint8_t *w)
{
	int k;

	for (k = 0; k < m->len; k++) {
		int row = m->row + (m->dir == DIR_DOWN ? k : 0);
		int col = m->col + (m->dir == DIR_ACROSS ? k : 0);
		uint8_t t = m->tiles[k] ? m->tiles[k] : board_at(&p->board, row, col);

		w[k] = TILE_LETTER(t);
	}
	return m->len;
}

/* Stable merge sort of move indices: score descending, fewer tiles first.
 * idx has room for 2n entries (the second half is scratch).  C11 qsort has
 * no context argument, and a static would make robots thread-unsafe. */
static void
robot_sort(long *idx, long n, const struct move *moves)
{
	long width, i;
	long *tmp = idx + n;

	for (width = 1; width < n; width *= 2) {
		for (i = 0; i < n; i += 2 * width) {
			long lo = i, mid = i + width < n ? i + width : n;
			long hi = i + 2 * width < n ? i + 2 * width : n;
			long a = lo, b = mid, k = lo;

			while (a < mid && b < hi) {
				const struct move *x = &moves[idx[a]], *y = &moves[idx[b]];
				int c;

				if (x->score != y->score)
					c = x->score > y->score ? -1 : 1;
				else if (x->ntiles != y->ntiles)
					c = x->ntiles < y->ntiles ? -1 : 1;
				else
					c = 0;
				if (c <= 0)
					tmp[k++] = idx[a++];
				else
					tmp[k++] = idx[b++];
			}
			while (a < mid)
				tmp[k++] = idx[a++];
			while (b < hi)
				tmp[k++] = idx[b++];
		}
		memcpy(idx, tmp, (size_t)n * sizeof *idx);
	}
}

int
robot_choose(struct robot *rb, const struct position *p, int bag_count,
	struct rng *rng, struct move *out, struct err *e)
{
	const struct move *moves;
	long n, i, nkeep = 0;
	enum robot_strategy s = rb->opts.strategy;

	if (s == ROBOT_FULLSTERKUR) {
		if (!gen_best(rb->gen, p, out))
			robot_fallback(rb, p, bag_count, out);
		return 0;
	}
	if (s == ROBOT_EQUITY) {
		if (equity_prepare(&rb->eq, rb->r, rb->opts.leaves, p, bag_count,
		    e) != 0)
			return -1;
		return equity_choose(rb->gen, p, &rb->eq, out, NULL, e);
	}

	/* Miðlungur and Amlóði. */
	n = gen_all(rb->gen, p, bag_count, GEN_PLACEMENTS, e);
	if (n < 0)
		return -1;
	moves = gen_moves(rb->gen);
	if (n == 0) {
		robot_fallback(rb, p, bag_count, out);
		return 0;
	}
	if (rb->ocap < 2 * n) {
		long *o = realloc(rb->order, (size_t)(2 * n) * sizeof *o);

		if (o == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
		rb->order = o;
		rb->ocap = 2 * n;
	}
	/* Keep the qualifying moves, then sort them best first (stable, so
	 * equal moves stay in generation order, which is deterministic). */
	for (i = 0; i < n; i++) {
		uint8_t w[RULES_MAX_DIM];
		int len = robot_main_word(p, &moves[i], w);
		const struct lex *v = rb->opts.vocab;

		if (len == 2 || v == NULL || lex_contains(v, w, len))
			rb->order[nkeep++] = i;
	}
	robot_sort(rb->order, nkeep, moves);
	if (nkeep == 0) {
		robot_fallback(rb, p, bag_count, out);
		return 0;
	}
	if (s == ROBOT_MIDLUNGUR) {
		long k = nkeep < ROBOT_MIDLUNGUR_KEEP ? nkeep : ROBOT_MIDLUNGUR_KEEP;
		long pick = rng != NULL ? (long)rng_below(rng, (uint64_t)k) : 0;

		*out = moves[rb->order[pick]];
		return 0;
	}
	{
		int me = p->scores[p->to_move], other = 0, q;
		long skip, k, pick;

		for (q = 0; q < p->nplayers; q++)
			if (q != p->to_move && p->scores[q] > other)
				other = p->scores[q];
		/* Ahead: drop the top 30 %; behind or level: the top 20 %. */
		skip = me > other ? nkeep * 30 / 100 : nkeep * 20 / 100;
		k = nkeep - skip < ROBOT_AMLODI_PICK ? nkeep - skip : ROBOT_AMLODI_PICK;
		if (k <= 0) {
			skip = nkeep - 1;
			k = 1;
		}
		pick = rng != NULL ? (long)rng_below(rng, (uint64_t)k) : 0;
		*out = moves[rb->order[skip + pick]];
	}
	return 0;
}
