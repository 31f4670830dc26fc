/*
 * equity.h — what a move is worth to a robot: its score plus the value of
 * the tiles it keeps, in millipoints (MAGPIE's unit; 1000 = one point).
 *
 * One turn at a time.  equity_prepare works out, for the rack of the
 * player to move, the value of every sub-multiset the player may keep
 * (at most 2^7 for a 7-tile rack): from a leave table (klv.h) in one walk
 * of its DAWG, or from a function.  A move's equity is then its score
 * plus one read, by the tiles it uses (equity_used_index); gen_best.h's
 * gen_best_equity bounds spans with the best keep of each size, and
 * equity_choose finds the robot's move without listing every move.
 *
 * The bag.  While it holds tiles, a kept multiset is worth what the table
 * says, also when it holds fewer tiles than a move would draw (nothing is
 * adjusted for the draw that empties it).  When it is empty the table
 * means nothing, as nothing will join the leave: a move that plays out
 * the rack gains twice the value of the unseen tiles (then the others'
 * racks), and any other move loses twice the value of the tiles it keeps,
 * as if another player went out next.  Twice: the margin that going out
 * makes under either settling rule (the finisher gains the others' racks
 * and they lose them, or the finisher gains them twice).
 *
 * Ties, so that the choice does not depend on the order moves are found:
 * equal equity goes to a tile play before an exchange before the pass;
 * between tile plays, to the higher score, then the fewer tiles, then the
 * smaller (direction, row, column, tiles) as move_order has it; between
 * exchanges, to the one of more tiles, then the smaller tiles in rack
 * order (blanks last).  With a table of zeros and tiles in the bag the
 * equity robot so plays Fullsterkur's move whenever it has a tile play.
 *
 * struct equity is plain data (about 5 KB) with no pointers the caller
 * owns past equity_prepare, but the leave table or function it was made
 * from, which must outlive it.
 */
#ifndef ORDVERK_EQUITY_H
#define ORDVERK_EQUITY_H

#include <stdint.h>
#include "board.h"
#include "err.h"
#include "move.h"
#include "rules.h"

struct klv;
struct gen;

/* The largest keep table: a rack of up to 10 distinct tiles. */
#define EQUITY_MAX_KEEPS 1024

/* A leave's value in millipoints from something other than a KLV file
 * (tests, learning): leave is a count array, index 0 = blanks. */
typedef int32_t equity_leave_fn(void *arg, const uint8_t leave[RULES_MAX_TILES]);

struct equity {
	int ok;                  /* the rack fits keep[]: else values are
	                            looked up move by move */
	int endgame;             /* the bag is empty */
	int bag_count;
	int exchange_ok;         /* the bag allows an exchange */
	int ntiles;              /* tiles on the rack */
	int nd;                  /* distinct tiles on it */
	uint8_t tile[RULES_MAX_RACK], count[RULES_MAX_RACK];
	int step[RULES_MAX_RACK];
	/* Index step of a tile a move uses, by its byte in a move (t, a blank
	 * t|TILE_BLANK or TILE_BLANK); 0 for a square played through. */
	int16_t used[256];
	int full;                /* index of the whole rack */
	int32_t keep[EQUITY_MAX_KEEPS];   /* value of each keep, by index */
	/* Best keep value over the moves that use k tiles (k = 0: the pass);
	 * INT32_MIN where none uses k. */
	int32_t best_used[RULES_MAX_RACK + 1];
	/* The best exchange (when exchange_ok) and the pass. */
	struct move exchange;
	int32_t exchange_value, pass_value;
	/* For racks that do not fit: where values come from. */
	uint8_t rack[RULES_MAX_TILES];
	int32_t unseen_value;    /* sum of the unseen tiles' values */
	const struct klv *klv;
	equity_leave_fn *fn;
	void *arg;
	const struct rules *r;
};

/* equity_prepare: the turn of p's player to move (rack p->racks[p->to_move])
 * with bag_count tiles in the bag; values from leave table k (NULL: every
 * leave is worth 0).  equity_prepare_fn: from fn(arg, leave) instead.
 * The bag's exchange threshold is p->exchange_min if set, else r's.
 * Returns 0, or -1 with e set when the unseen tiles cannot be counted
 * (more of a tile on the board and rack than the bag has). */
int equity_prepare(struct equity *eq, const struct rules *r,
	const struct klv *k, const struct position *p, int bag_count,
	struct err *e);
int equity_prepare_fn(struct equity *eq, const struct rules *r,
	equity_leave_fn *fn, void *arg, const struct position *p,
	int bag_count, struct err *e);

/* equity_used_index: the keep index after m (a tile play or exchange of
 * tiles from the rack); equity_keep_of: the value of what m keeps;
 * equity_of: m's equity, m->score * 1000 plus that. */
int equity_used_index(const struct equity *eq, const struct move *m);
int32_t equity_keep_of(const struct equity *eq, const struct move *m);
int64_t equity_of(const struct equity *eq, const struct move *m);

/* equity_cmp: < 0 if move a (equity ea) goes before b (eb) by the order
 * above, > 0 if after, 0 if they are the same move. */
int equity_cmp(int64_t ea, const struct move *a, int64_t eb,
	const struct move *b);

/* equity_first: the index of the first of m[0..n) by equity_cmp among
 * those worth at least floor (INT64_MIN: all), its equity in *value; -1
 * (*value untouched) if there is none. */
long equity_first(const struct equity *eq, const struct move *m, long n,
	int64_t floor, int64_t *value);

/* equity_choose: the equity robot's move for the turn eq was prepared for
 * (position p): gen_best_equity's tile play, or the best exchange, or the
 * pass.  *value (may be NULL) gets its equity.  equity_choose_all does the
 * same by listing every move (gen_all) and taking the first by
 * equity_cmp: slower, for tests and racks that do not fit.  Both return
 * 0, or -1 with e set (out of memory). */
int equity_choose(struct gen *g, const struct position *p,
	const struct equity *eq, struct move *out, int64_t *value,
	struct err *e);
int equity_choose_all(struct gen *g, const struct position *p,
	const struct equity *eq, struct move *out, int64_t *value,
	struct err *e);

#endif
