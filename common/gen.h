/*
 * gen.h — move generation: a workspace for a ruleset and lexicon, and
 * every legal move of a position by walking a GADDAG (Gordon 1994).
 * The best move alone, found without the list, is gen_best.h's.
 *
 * A struct gen is a reusable workspace for one ruleset and lexicon: cross-
 * sets, anchors and the move list live in it, so generation allocates
 * nothing once the workspace has grown.  It keeps the last board and redoes
 * only what a changed square touches, and keeps cross-sets by the letters
 * of their lines of tiles (8,192 of them, 128 KB), so positions of one game
 * in turn cost least.  One gen per thread; the ruleset and lexicon it was
 * created with must outlive it and are only read.
 *
 * Moves are generated for player p->to_move with rack p->racks[p->to_move]
 * and scored by the same rules as move_score() (move.h).
 */
#ifndef ORDVERK_GEN_H
#define ORDVERK_GEN_H

#include <stdint.h>
#include "board.h"
#include "err.h"
#include "lex.h"
#include "move.h"
#include "rules.h"

enum {
	GEN_PLACEMENTS = 1,  /* tile placements */
	GEN_EXCHANGES  = 2,  /* every distinct exchange, when the bag allows */
	GEN_PASS       = 4,  /* the pass */
	GEN_ALL        = 7
};

struct gen;

/* gen_create: a workspace for ruleset r and lexicon lex (both borrowed).
 * It lays the lexicon out again for the search (movegraph.h), in about
 * 1.5 times the lexicon's memory: 6.8 MB and 0.04 s for SOWPODS, 43 MB
 * and 0.3 s for 2.77 M Icelandic forms; the workspace itself is about
 * 0.55 MB.  Returns NULL with e set on allocation failure (or a lexicon
 * of over 64 M words laid out). */
struct gen *gen_create(const struct rules *r, const struct lex *lex,
	struct err *e);
void gen_destroy(struct gen *g);

/* gen_all: generates every legal move of the kinds in flags for position p;
 * bag_count is the number of tiles in the bag (for the exchange rule:
 * exchanges when bag_count >= p->exchange_min, or the ruleset's threshold
 * when that is -1).  Each distinct placement comes once: a one-tile play
 * that forms words both ways is generated across only, and on an empty
 * board only across plays are generated (the start square is the only
 * anchor), as Quackle, Macondo and MAGPIE count.  Exchanges list their
 * tiles in tile order, blanks (TILE_BLANK) last.  The score of each
 * placement uses r->bingo_bonus (copy the ruleset to apply a CGP "bb").
 * Returns the number of moves, or -1 with e set (out of memory; e may be
 * NULL).  The moves stay valid until the next call on g: gen_moves()
 * returns them, unsorted. */
long gen_all(struct gen *g, const struct position *p, int bag_count, int flags,
	struct err *e);
const struct move *gen_moves(const struct gen *g);

/* gen_near: the tile plays of gen_all(g, p, 0, GEN_PLACEMENTS, e) near a
 * hot square (gen_move_near), in gen_all's order.  hot[0][i] has bit j set
 * for square (i, j) as seen by plays across row i, hot[1][j] bit i for
 * plays down column j.  A one-tile play that forms words both ways comes
 * only across.  The endgame solver's: a move that the tiles placed since a
 * player's last list can have made legal, or changed, is near one of the
 * squares they touch; the rest of that list stands (endgame.c,
 * list_again).  Only the anchors within rack-size empty squares of a hot
 * square are walked. */
long gen_near(struct gen *g, const struct position *p,
	const uint32_t hot[2][RULES_MAX_DIM], struct err *e);

/* gen_move_near: whether tile play m's word, or a square just beyond
 * either end of it, is hot in m's direction (see gen_near). */
static inline int
gen_move_near(const struct move *m, const uint32_t hot[2][RULES_MAX_DIM])
{
	int d = m->dir == DIR_DOWN, at = d ? m->row : m->col;
	uint32_t h = hot[d][d ? m->col : m->row];
	int lo = at > 0 ? at - 1 : 0, hi = at + m->len;

	return h != 0 && (h >> lo & (((uint32_t)2 << (hi - lo)) - 1)) != 0;
}

/* gen_leave: the rack left after move m is played from rack (count
 * arrays, index 0 = blanks): placed letters and blanks, or exchanged tiles,
 * are taken out.  Tiles the rack lacks are ignored. */
void gen_leave(const uint8_t rack[RULES_MAX_TILES], const struct move *m,
	uint8_t leave[RULES_MAX_TILES]);

#endif
