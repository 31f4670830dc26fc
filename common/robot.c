/*
 * robot.c — the robot players of SPEC §4 (robot.h).
 *
 * Miðlungur, Hálfdrættingur and Amlóði as Netskrafl plays them (SPEC §4,
 * from mideind/Netskrafl src/autoplayers.py and skraflplayer.py): the
 * placements best score first, the playable ones (main word of two
 * letters or in the vocabulary) collected up to pick_from, the top cut
 * dropped by an adaptive robot, one of the rest at random.  Equity is
 * score + leave, in millipoints (equity.h).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "equity.h"
#include "endgame.h"
#include "gen.h"
#include "gen_best.h"
#include "robot.h"
#include "sim.h"
#include "winpct.h"

/* SPEC §4's table: how many playable moves each custom robot collects,
 * and what share of them an adaptive one drops, in percent, when it is
 * winning (strictly ahead) and otherwise. */
static const struct robot_custom {
	enum robot_strategy s;
	int pick_from, adaptive, win_pct, lose_pct;
} robot_customs[] = {
	{ ROBOT_MIDLUNGUR, 20, 0, 0, 0 },
	{ ROBOT_HALFDRAETTINGUR, 20, 1, 30, 10 },
	{ ROBOT_AMLODI, 30, 1, 30, 20 },
};

struct robot {
	const struct rules *r;
	const struct lex *lex;
	struct robot_opts opts;
	struct gen *gen;
	int owns_gen;               /* 0: borrowed from another robot */
	long *order;                /* indices into the move list */
	long ocap;
	struct equity eq;           /* equity: the turn's keeps */
	struct endgame *eg;         /* endgame: made at the first empty bag */
	double eg_seconds;          /* endgame: the time cap a turn, 0: none */
	uint64_t eg_nodes;          /* endgame: the node limit a turn */
	struct position *egpos;     /* endgame: the position, racks filled */
	struct endgame_result *egres;
	struct sim *sim;            /* sim: made at its first turn */
	struct position *simpos;    /* sim: the position as the mover sees it */
	int *simorder;              /* sim: sim_order's room */
	struct sim_valuer valuer;   /* sim: the win table or the stand-in */
};

static const char *const robot_names[] = {
	"fullsterkur", "midlungur", "amlodi", "equity", "halfdraettingur",
	"endgame", "sim"
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
		{ "endgame", ROBOT_ENDGAME },
		{ "sim", ROBOT_SIM },
		{ "halfdraettingur", ROBOT_HALFDRAETTINGUR },
		{ "Halfdraettingur", ROBOT_HALFDRAETTINGUR },
		{ "h\xc3\xa1lfdr\xc3\xa6ttingur", ROBOT_HALFDRAETTINGUR },
		{ "H\xc3\xa1lfdr\xc3\xa6ttingur", ROBOT_HALFDRAETTINGUR },
	};
	size_t i;

	for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strcmp(name, tab[i].n) == 0) {
			*out = tab[i].s;
			return 0;
		}
	return -1;
}

int
robot_takes_leaves(enum robot_strategy s)
{
	return s == ROBOT_EQUITY || s == ROBOT_ENDGAME || s == ROBOT_SIM;
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
	rb->eg_nodes = ROBOT_ENDGAME_NODES;
	if ((rb->opts.strategy == ROBOT_FULLSTERKUR ||
	    robot_takes_leaves(rb->opts.strategy)) &&
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
	endgame_destroy(rb->eg);
	free(rb->egpos);
	free(rb->egres);
	sim_destroy(rb->sim);
	free(rb->simpos);
	free(rb->simorder);
	if (rb->owns_gen)
		gen_destroy(rb->gen);
	free(rb->order);
	free(rb);
}

void
robot_set_endgame_time(struct robot *rb, double seconds)
{
	if (seconds > 0)
		rb->eg_seconds = seconds;
}

void
robot_set_endgame_nodes(struct robot *rb, uint64_t nodes)
{
	if (nodes > 0)
		rb->eg_nodes = nodes;
}

/* endgame_move: the solver's move for p (bag empty) into *out; 1 when
 * it has one, 0 when the position is not for the solver (not two
 * players) or no first move was proved in time, -1 with e set (out of
 * memory). */
static int
endgame_move(struct robot *rb, const struct position *p, struct move *out,
	struct err *e)
{
	struct endgame_opts o;
	uint8_t unseen[RULES_MAX_TILES];
	struct err ie;
	int opp = !p->to_move;

	if (p->nplayers != 2 || !p->rack_known[p->to_move])
		return 0;
	if (rb->eg == NULL) {
		if (rb->egpos == NULL && (rb->egpos = malloc(sizeof *rb->egpos))
		    == NULL)
			goto nomem;
		if (rb->egres == NULL && (rb->egres = malloc(sizeof *rb->egres))
		    == NULL)
			goto nomem;
		if ((rb->eg = endgame_create(rb->r, rb->gen,
		    ROBOT_ENDGAME_TT_LOG2, e)) == NULL)
			return -1;
	}
	*rb->egpos = *p;
	if (board_unseen(rb->r, p, p->to_move, unseen, &ie) != 0)
		return 0;
	memcpy(rb->egpos->racks[opp], unseen, sizeof unseen);
	rb->egpos->rack_known[opp] = 1;
	memset(&o, 0, sizeof o);
	o.seconds = rb->eg_seconds;
	o.max_nodes = rb->eg_nodes;
	if (endgame_solve(rb->eg, rb->egpos, &o, rb->egres, &ie) != 0) {
		if (strstr(ie.msg, "memory") != NULL) {
			*e = ie;
			return -1;
		}
		return 0;
	}
	if (rb->egres->nlines < 1 || rb->egres->lines[0].lo <= -ENDGAME_INF)
		return 0;
	*out = rb->egres->lines[0].move;
	return 1;
nomem:
	err_set(e, 0, "out of memory");
	return -1;
}

/* sim_move: the simulation's move for p (tiles in the bag) into *out; 1
 * when it has one, 0 when the position is not for it (not two players),
 * -1 with e set (out of memory, a robot's error). */
static int
sim_move(struct robot *rb, const struct position *p, struct rng *rng,
	struct move *out, struct err *e)
{
	struct sim_opts so;
	struct sim_arm *arms;
	const char *why;
	int opp = !p->to_move, n, cand = rb->opts.sim_candidates;
	long done, iters = rb->opts.sim_iterations;

	if (p->nplayers != 2 || !p->rack_known[p->to_move])
		return 0;
	if (cand <= 0)
		cand = ROBOT_SIM_CANDIDATES;
	if (iters <= 0)
		iters = ROBOT_SIM_ITERATIONS;
	if (rb->sim == NULL) {
		if ((rb->simpos = malloc(sizeof *rb->simpos)) == NULL ||
		    (rb->simorder = malloc((size_t)cand * sizeof *rb->simorder))
		    == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
		if ((rb->sim = sim_create(rb->r, rb->gen, rb->opts.leaves, e)) ==
		    NULL)
			return -1;
		rb->valuer.win = rb->opts.winpct != NULL ? winpct_win :
		    sim_standin_win;
		rb->valuer.ctx = (void *)(uintptr_t)rb->opts.winpct;
	}
	/* What the mover sees: not the other rack. */
	*rb->simpos = *p;
	memset(rb->simpos->racks[opp], 0, sizeof rb->simpos->racks[opp]);
	rb->simpos->rack_known[opp] = 0;
	memset(&so, 0, sizeof so);
	so.plies = ROBOT_SIM_PLIES;
	so.seed = rng != NULL ? rng_next(rng) : 0;
	so.valuer = &rb->valuer;
	if (sim_setup(rb->sim, rb->simpos, &so, e) != 0 ||
	    sim_add_top(rb->sim, cand, e) != 0)
		return -1;
	n = sim_narms(rb->sim);
	arms = sim_arms(rb->sim);
	if (n == 0)
		return 0;
	/* One candidate needs no rollout; else the budget, or less when
	 * the leader is separated (movegen --sim --stop 95). */
	if (n > 1 && sim_run(rb->sim, 0, 1, iters, 0.95, 0, &done, &why, e)
	    != 0)
		return -1;
	sim_order(arms, n, rb->simorder);
	*out = arms[rb->simorder[0]].move;
	return 1;
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
robot_collect(struct robot *rb, const struct position *p, const long **cand,
	long *ncand, long *cut, struct err *e)
{
	const struct robot_custom *rc = NULL;
	const struct move *moves;
	long n, i, nplay = 0, got = 0;
	size_t k;

	*cand = NULL;
	*ncand = *cut = 0;
	for (k = 0; k < sizeof robot_customs / sizeof robot_customs[0]; k++)
		if (robot_customs[k].s == rb->opts.strategy)
			rc = &robot_customs[k];
	if (rc == NULL) {
		err_set(e, 0, "robot %s does not collect candidates",
		    robot_strategy_name(rb->opts.strategy));
		return -1;
	}
	n = gen_all(rb->gen, p, 0, GEN_PLACEMENTS, e);
	if (n < 0)
		return -1;
	moves = gen_moves(rb->gen);
	if (rb->ocap < 2 * n) {
		long *o = realloc(rb->order, (size_t)(2 * n) * sizeof *o);

		if (o == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
		rb->order = o;
		rb->ocap = 2 * n;
	}
	/* The playable moves, then best first (stable: equal ones stay in
	 * generation order, which is deterministic); the unplayable ones
	 * would only be passed over on the walk. */
	for (i = 0; i < n; i++) {
		uint8_t w[RULES_MAX_DIM];
		int len = robot_main_word(p, &moves[i], w);
		const struct lex *v = rb->opts.vocab;

		if (len == 2 || v == NULL || lex_contains(v, w, len))
			rb->order[nplay++] = i;
	}
	robot_sort(rb->order, nplay, moves);
	/* The walk: up to pick_from, and while exactly one is collected a
	 * move of its score is skipped (Netskrafl's quirk, SPEC §4). */
	for (i = 0; i < nplay && got < rc->pick_from; i++) {
		if (got == 1 && moves[rb->order[i]].score == moves[rb->order[0]].score)
			continue;
		rb->order[got++] = rb->order[i];
	}
	if (rc->adaptive && got > 0) {
		int me = p->scores[p->to_move], other = INT_MIN, q;
		int pct;

		for (q = 0; q < p->nplayers; q++)
			if (q != p->to_move && p->scores[q] > other)
				other = p->scores[q];
		pct = other == INT_MIN || me > other ? rc->win_pct : rc->lose_pct;
		*cut = got * pct / 100;
		if (*cut > got - 1)
			*cut = got - 1;
	}
	*cand = rb->order;
	*ncand = got;
	return 0;
}

const struct move *
robot_gen_move(const struct robot *rb, long i)
{
	return &gen_moves(rb->gen)[i];
}

int
robot_choose(struct robot *rb, const struct position *p, int bag_count,
	struct rng *rng, struct move *out, struct err *e)
{
	enum robot_strategy s = rb->opts.strategy;
	const long *cand;
	long ncand, cut, pick;

	if (s == ROBOT_FULLSTERKUR) {
		if (!gen_best(rb->gen, p, out))
			robot_fallback(rb, p, bag_count, out);
		return 0;
	}
	if ((s == ROBOT_ENDGAME || s == ROBOT_SIM) && bag_count == 0) {
		int rc = endgame_move(rb, p, out, e);

		if (rc != 0)
			return rc < 0 ? -1 : 0;
	}
	if (s == ROBOT_SIM && bag_count > 0) {
		int rc = sim_move(rb, p, rng, out, e);

		if (rc != 0)
			return rc < 0 ? -1 : 0;
	}
	if (robot_takes_leaves(s)) {
		if (equity_prepare(&rb->eq, rb->r, rb->opts.leaves, p, bag_count,
		    e) != 0)
			return -1;
		return equity_choose(rb->gen, p, &rb->eq, out, NULL, e);
	}

	if (robot_collect(rb, p, &cand, &ncand, &cut, e) != 0)
		return -1;
	if (ncand == 0) {
		robot_fallback(rb, p, bag_count, out);
		return 0;
	}
	pick = cut;
	if (rng != NULL && ncand - cut > 1)
		pick += (long)rng_below(rng, (uint64_t)(ncand - cut));
	*out = gen_moves(rb->gen)[cand[pick]];
	return 0;
}

void
robot_stall(int *scoreless, struct move *m)
{
	if (m->kind == MOVE_EXCHANGE && *scoreless >= ROBOT_STALL) {
		m->kind = MOVE_PASS;
		m->len = m->ntiles = 0;
	}
	*scoreless = m->kind == MOVE_PLACE && m->score > 0 ? 0 :
	    *scoreless + 1;
}
