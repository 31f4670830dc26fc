/*
 * endgame_ref.c — a deliberately simple reference for the endgame solver
 * (common/endgame.c), read by tests/check_endgame.c, which includes it.
 *
 * Plain minimax over every legal move: each tile play gen_all lists and
 * the pass, each played on a copy of the position (move_apply), no
 * pruning, no table, no move ordering, no iterative deepening.  The end of
 * the game is written out here from SPEC §1, not taken from game.c or the
 * solver: a player who empties the rack ends it and settles (`transfer`:
 * gains the opponent's rack value, which the opponent loses; `double`:
 * gains twice it); else end_turns_per_player x 2 counting turns in a row
 * end it (`passes`: passes count; `scoreless`: turns scoring 0 count;
 * `noplay`: turns placing no tile count) and each player loses their own
 * rack's value.  Exponential: meant for racks of a few tiles.
 */
#include <stdlib.h>
#include <string.h>
#include "board.h"
#include "gen.h"
#include "move.h"
#include "rules.h"

struct ref_ctx {
	const struct rules *r;
	struct gen *g;
	long nodes;
	long limit;             /* gives up past this many nodes (0: never) */
	int over;               /* gave up: the values are not to be used */
};

static int
ref_rack_value(const struct rules *r, const uint8_t rack[RULES_MAX_TILES])
{
	int v = 0;

	for (int t = 0; t <= r->nletters; t++)
		v += rack[t] * r->values[t];
	return v;
}

static int
ref_rack_count(const uint8_t rack[RULES_MAX_TILES])
{
	int n = 0;

	for (int t = 0; t < RULES_MAX_TILES; t++)
		n += rack[t];
	return n;
}

/* ref_moves: every move of the player to move (tile plays, then the pass)
 * in a new array; *n gets their number. */
static struct move *
ref_moves(struct ref_ctx *c, const struct position *p, long *n)
{
	long k = gen_all(c->g, p, 0, GEN_PLACEMENTS, NULL);
	struct move *ms;

	if (k < 0)
		abort();
	ms = malloc(sizeof *ms * (size_t)(k + 1));
	if (ms == NULL)
		abort();
	memcpy(ms, gen_moves(c->g), sizeof *ms * (size_t)k);
	memset(&ms[k], 0, sizeof ms[k]);
	ms[k].kind = MOVE_PASS;
	*n = k + 1;
	return ms;
}

static int ref_value(struct ref_ctx *c, const struct position *p);

/* ref_move_value: the value for the player to move of playing m. */
static int
ref_move_value(struct ref_ctx *c, const struct position *p,
	const struct move *m)
{
	const struct rules *r = c->r;
	struct position q = *p;
	int me = p->to_move, counts, mine, theirs;

	if (m->kind == MOVE_PLACE)
		move_apply(&q, me, m);
	switch (r->end_kind) {
	case END_PASSES:
		counts = m->kind == MOVE_PASS;
		break;
	case END_SCORELESS:
		counts = m->score == 0;
		break;
	default:
		counts = m->kind != MOVE_PLACE;
		break;
	}
	q.zeros = counts ? p->zeros + 1 : 0;
	mine = ref_rack_value(r, q.racks[me]);
	theirs = ref_rack_value(r, q.racks[!me]);
	if (ref_rack_count(q.racks[me]) == 0)
		return m->score + (r->settle == SETTLE_DOUBLE ? 2 * theirs :
		    theirs + theirs);
	if (r->end_turns_per_player > 0 &&
	    q.zeros >= 2 * r->end_turns_per_player)
		return m->score - mine + theirs;
	q.to_move = !me;
	return m->score - ref_value(c, &q);
}

static int
ref_value(struct ref_ctx *c, const struct position *p)
{
	long n, i;
	struct move *ms = ref_moves(c, p, &n);
	int best = -1000000000, v;

	if (++c->nodes > c->limit && c->limit > 0)
		c->over = 1;
	for (i = 0; i < n && !c->over; i++) {
		v = ref_move_value(c, p, &ms[i]);
		if (v > best)
			best = v;
	}
	free(ms);
	return best;
}
