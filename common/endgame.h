/*
 * endgame.h — the endgame solved exactly: with the bag empty and both racks
 * known, a two-player game is finite and its value can be proved.
 *
 * Value: the final spread change for the player to move from this position
 * on (points scored by the mover less those of the opponent, the end-of-game
 * settling included as game_settle_points says: `transfer` or `double`;
 * the scoreless-turn end as game_turn_counts says, r->end_turns_per_player
 * x 2 such turns in a row, counted on from the position's own count).
 * Challenges do not come in: every move generated is valid.  Exchanges are
 * impossible with the bag empty; a pass is always a move.
 *
 * How (ordverk-internals(7), ENDGAME, has the long form):
 *   - Negamax alpha-beta with principal-variation (null-window) searches.
 *     Moves come from the generator (gen_all) of the position kept in the
 *     solver, played and taken back in place (the generator redoes only
 *     what a changed square touches).
 *   - Move lists kept down the line: a player's moves at a node are the
 *     moves of the player's last list further up that no tile placed
 *     since has touched (its footprint: its line one beyond each end and
 *     each placed tile's perpendicular run; where that is unchanged the
 *     move is legal with the same score if the rack still holds its
 *     tiles), and gen_near's moves near the squares such a touch can be
 *     (the tiles placed since and the squares just beyond their runs),
 *     walked only from the anchors within rack-size empty squares of
 *     them.  The old list is filtered by a bit set of each move's tiles.
 *   - Iterative deepening over plies is used only to order moves: a
 *     shallow search (one ply by default) whose horizon leaves are guessed
 *     (the racks' values) orders the first moves and leaves best moves in
 *     the table; the value then comes from a search with no ply limit, so
 *     it is proved.
 *   - A transposition table keyed by the whole state (the tiles placed
 *     since the root and where, the first player's rack, hence the other's,
 *     the scoreless-turn count and whose turn), verified in full on a hit;
 *     a Zobrist hash picks the bucket.  Entries hold a lower and an upper
 *     bound of the node's value relative to the score at that node, valid
 *     to the end of the game: a result that depended on a horizon leaf is
 *     never stored as a bound (only its best move, for ordering).
 *   - Ordering: the table's move (tried before the moves are generated:
 *     a cutoff saves the generation), then, still before generating, the
 *     moves that went out and cut off at other nodes of the same ply
 *     (killers, kept with the board around them: where that is unchanged
 *     and the rack holds the tiles, the move is legal with the same
 *     score; going out is valued without a search, so a killer costs no
 *     node, and one that reaches beta saves the generation; one that
 *     does not waits for its turn), then moves that go out (terminal,
 *     valued at once), a pass right after a pass, then score plus 3 a tile
 *     played (measured: fewer nodes than score alone, or than favouring
 *     tiles kept).
 *   - A pass that is the only move does not count as a ply.
 *   - Cuts from the game's end, each keeping the value exact (the other
 *     player can always pass, which bounds what a pass is worth):
 *     after the other's forced pass (it cannot play on this board, and the
 *     board stays so while both pass) a pass is valued as the game ended
 *     on passes, not searched; with one tile left a node is worth at most
 *     its best going out or that ending, and fails low at once below
 *     alpha; the pass, once every tile play has failed low, is worth no
 *     more than they or that ending (the other may pass back), and is not
 *     searched where that ending does not beat alpha; a play that leaves
 *     one tile is worth at most its score and that tile's best going out
 *     afterwards (this node's list where the tiles played do not reach,
 *     words scored as if they were words where they do) or that ending;
 *     refuters, the other's killers of the next ply that go out and are
 *     legal here, bound each move placing no tile on their footprint (the
 *     other can still go out with it).  A move so bounded at or below
 *     alpha fails low unplayed.
 *   - Ties between first moves of equal value go to the first in
 *     move_order (canonical), and the principal variation is, at each ply,
 *     the first move in move_order that keeps the value: so the answer does
 *     not depend on search order, table size or sharding.
 *
 * A struct endgame is a workspace (its transposition table is most of its
 * memory: 2^tt_log2 entries of 144 bytes) for one ruleset and generator,
 * both borrowed; one per thread.
 */
#ifndef ORDVERK_ENDGAME_H
#define ORDVERK_ENDGAME_H

#include <stdint.h>
#include "board.h"
#include "err.h"
#include "gen.h"
#include "move.h"
#include "rules.h"

#define ENDGAME_INF     1000000    /* no bound: lo <= -ENDGAME_INF, hi >= ENDGAME_INF */
#define ENDGAME_MAX_PV  128
#define ENDGAME_MAX_TOP 64

struct endgame_opts {
	int plies;              /* ply cap, 0: none */
	double seconds;         /* time limit, 0: none */
	int top;                /* the K best first moves (1..ENDGAME_MAX_TOP; 0 = 1) */
	int first_win;          /* only win / draw / loss (null window at 0) */
	const struct move *only;/* value this first move only (NULL: all) */
	int shard_k, shard_n;   /* first moves with canonical index % n == k - 1
	                           (n = 0: all) */
	int tt_log2;            /* table of 2^tt_log2 entries (0: 20) */
	int id_plies;           /* ordering iterations (0: default 1, -1: none) */
	uint64_t max_nodes;     /* a node limit, 0: none; met, it stops as a
	                           time limit does, but at the same point on
	                           every machine */
};

/* One first move's result. */
struct endgame_line {
	struct move move;
	int index;              /* its place among all first moves in move_order */
	int lo, hi;             /* proved: lo <= value <= hi; lo == hi exact;
	                           the first line: the position's value */
	int npv;                /* principal variation, move first (npv >= 1;
	                           1 unless the value is exact and neither a
	                           ply cap nor a time limit stopped the search) */
	struct move pv[ENDGAME_MAX_PV];
};

struct endgame_result {
	int nlines;             /* best first, ties by index */
	struct endgame_line lines[ENDGAME_MAX_TOP];
	int lo, hi;             /* the position's value, proved interval */
	int nroot;              /* first moves considered (after shard / only) */
	int nroot_all;          /* all first moves */
	uint64_t nodes;         /* searched, deterministic for given opts */
	uint64_t generated;     /* nodes whose moves were generated */
	double ms;
	int stopped;            /* the time limit stopped it */
};

struct endgame;

/* endgame_create: a solver for ruleset r with generator g (g made for r and
 * the lexicon; both borrowed, must outlive it), table of 2^tt_log2 entries
 * (0: 2^20, 144 MB).  NULL with e set when memory runs out. */
struct endgame *endgame_create(const struct rules *r, struct gen *g,
	int tt_log2, struct err *e);
void endgame_destroy(struct endgame *s);

/* endgame_solve: solves position p (two players, both racks known, bag
 * empty: the caller fills a missing rack with the unseen tiles) under o
 * (NULL: defaults) into *res.  Returns 0, or -1 with e set: not two
 * players ("the endgame solver is for two players: ..."), the bag not
 * empty, o->only not a legal move, out of memory. */
int endgame_solve(struct endgame *s, const struct position *p,
	const struct endgame_opts *o, struct endgame_result *res, struct err *e);

#endif
