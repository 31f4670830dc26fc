/*
 * robot.h — the robot players of SPEC §4: pick one move for a position.
 *
 * Strategies:
 *   ROBOT_FULLSTERKUR  the highest-scoring placement, ties to fewer tiles
 *                      (gen_best); no placement: exchange all or pass.
 *   ROBOT_MIDLUNGUR, ROBOT_HALFDRAETTINGUR, ROBOT_AMLODI (Netskrafl's
 *                      levels 8, 15 and 20, SPEC §4): walk the placements
 *                      best score first (ties to fewer tiles, then
 *                      generation order) and collect the playable ones
 *                      (main word of two letters or in the vocabulary
 *                      lexicon; none given: the whole lexicon), skipping,
 *                      while exactly one is collected, a move of its
 *                      score; stop at pick_from (20, 20, 30).  The
 *                      adaptive two drop the top floor(p x ratio) of the
 *                      p collected (at most p - 1): ratio 0.3 when
 *                      strictly ahead, else 0.1 (Hálfdrættingur) or 0.2
 *                      (Amlóði).  Pick one of the rest uniformly (rng).
 *   ROBOT_EQUITY       the move with the highest equity, score + leave
 *                      value (KLV leave table, klv.h; none: leaves worth
 *                      0), exchanges and the pass included, found without
 *                      listing every move (equity.h: equity_choose, which
 *                      also says how ties and the empty bag are handled).
 *   ROBOT_ENDGAME      the equity robot's move while the bag has tiles;
 *                      with the bag empty and two players, the endgame
 *                      solver's (endgame.h: both racks are known then,
 *                      the opponent's being the tiles unseen), within a
 *                      node limit a turn (ROBOT_ENDGAME_NODES, or
 *                      robot_set_endgame_nodes) and, if one is set, a
 *                      time cap (robot_set_endgame_time): when a limit
 *                      stops the search, the best first move proved so
 *                      far (the first moves whose search finished), and
 *                      when no first move finished, the equity robot's.
 *                      The node limit stops every machine at the same
 *                      point, so its games are the same everywhere; a
 *                      time cap keeps that only while no turn meets it.
 *                      The solver (its table 2^ROBOT_ENDGAME_TT_LOG2
 *                      entries of 144 bytes) is made at the first empty
 *                      bag and kept.
 *   ROBOT_SIM          a simulation (sim.h) while the bag has tiles: the
 *                      top sim_candidates moves by equity (default
 *                      ROBOT_SIM_CANDIDATES), ROBOT_SIM_PLIES plies ahead,
 *                      at most sim_iterations iterations (default
 *                      ROBOT_SIM_ITERATIONS), stopped early when the
 *                      leader is separated at 95 % (sim_settle); the
 *                      horizon valued by the win table winpct (NULL: the
 *                      stand-in curve); the opponent's rack is NOT read
 *                      (drawn from the tiles unseen, as a player sees
 *                      them); the rollouts play a bag-empty end out with
 *                      the equity robot.  Its seed is the next number of
 *                      the game's rng (none: 0), so its games are
 *                      reproducible.  With the bag empty: the endgame
 *                      robot's move.  Fewer than two players or more:
 *                      the equity robot's.
 * When no move qualifies: exchange the whole rack if the bag allows (bag >=
 * the ruleset's exchange_min), else pass.
 *
 * A struct robot owns a struct gen; the ruleset, the lexicon, the vocabulary
 * lexicon and the leave table are borrowed and must outlive it.  One robot
 * per thread.  robot_destroy(NULL) is fine.
 */
#ifndef ORDVERK_ROBOT_H
#define ORDVERK_ROBOT_H

#include "board.h"
#include "err.h"
#include "lex.h"
#include "move.h"
#include "rng.h"
#include "rules.h"

struct klv;

enum robot_strategy {
	ROBOT_FULLSTERKUR = 0,
	ROBOT_MIDLUNGUR,
	ROBOT_AMLODI,
	ROBOT_EQUITY,
	ROBOT_HALFDRAETTINGUR,
	ROBOT_ENDGAME,
	ROBOT_SIM
};

#define ROBOT_ENDGAME_NODES 1000000  /* about a second of one core */
#define ROBOT_ENDGAME_TT_LOG2 18
#define ROBOT_SIM_CANDIDATES 10
#define ROBOT_SIM_ITERATIONS 128
#define ROBOT_SIM_PLIES 2

struct winpct;

struct robot_opts {
	enum robot_strategy strategy;
	const struct lex *vocab;   /* midlungur/amlodi: smaller vocabulary, NULL = main lexicon */
	const struct klv *leaves;  /* equity: leave table, NULL = leaves worth 0 */
	const struct winpct *winpct; /* sim: win table, NULL = stand-in */
	int sim_candidates;        /* sim: 0 = ROBOT_SIM_CANDIDATES */
	long sim_iterations;       /* sim: 0 = ROBOT_SIM_ITERATIONS */
};

struct robot;

/* robot_parse_strategy: "fullsterkur" (also "Fullsterkur", "full"),
 * "midlungur"/"miðlungur", "halfdraettingur"/"hálfdrættingur",
 * "amlodi"/"amlóði", "equity", "endgame", "sim" (the Icelandic names
 * capitalised too).
 * Returns 0 and sets *out, or -1 if name is unknown. */
int robot_parse_strategy(const char *name, enum robot_strategy *out);

/* robot_takes_leaves: 1 if robots of strategy s value moves by a leave
 * table (equity, endgame, sim), else 0. */
int robot_takes_leaves(enum robot_strategy s);

/* robot_strategy_name: "fullsterkur", "midlungur", "amlodi", "equity",
 * "halfdraettingur", "endgame", "sim". */
const char *robot_strategy_name(enum robot_strategy s);

/* robot_create: a robot for ruleset r and lexicon lex (borrowed).  opts is
 * copied.  Returns NULL with e set on allocation failure. */
struct robot *robot_create(const struct rules *r, const struct lex *lex,
	const struct robot_opts *opts, struct err *e);

/* robot_create_sharing: a robot for other's ruleset and lexicon that uses
 * other's move generator (gen.h), whose search structures take about 1.5
 * times the lexicon's memory.  Robots that take turns in one game may
 * share; other must be destroyed last. */
struct robot *robot_create_sharing(struct robot *other,
	const struct robot_opts *opts, struct err *e);
void robot_destroy(struct robot *rb);

/* robot_set_endgame_time: the endgame and sim robots' time cap a turn, in
 * seconds (> 0; by default none).  robot_set_endgame_nodes: their node
 * limit a turn (> 0; the default ROBOT_ENDGAME_NODES). */
void robot_set_endgame_time(struct robot *rb, double seconds);
void robot_set_endgame_nodes(struct robot *rb, uint64_t nodes);

/* robot_choose: the move the robot plays in position p (player p->to_move,
 * rack p->racks[p->to_move]); bag_count = tiles in the bag (exchange rule);
 * rng drives the random choices (may be NULL for fullsterkur and equity).
 * Fills *out (always a legal move: placement, exchange or pass) and returns
 * 0, or -1 with e set (out of memory).  The endgame robot's solver uses
 * the robot's generator: robots sharing one take turns, as in a game. */
int robot_choose(struct robot *rb, const struct position *p, int bag_count,
	struct rng *rng, struct move *out, struct err *e);

/* robot_collect: a custom robot's candidates for position p: *ncand move
 * indices into gen_moves() of the robot's generator (gen.h), valid until
 * its next call, in the order collected, and *cut, how many of the top
 * the robot drops; robot_choose picks one of (*cand)[*cut .. *ncand)
 * uniformly.  Returns 0, or -1 with e set (out of memory, or a robot that
 * does not collect: fullsterkur, equity). */
int robot_collect(struct robot *rb, const struct position *p,
	const long **cand, long *ncand, long *cut, struct err *e);

/* robot_gen_move: move i of the robot's generator's last list (the
 * indices robot_collect gives). */
const struct move *robot_gen_move(const struct robot *rb, long i);

/* robot_stall: self-play's guard for rulesets where only passes end a
 * game (no, da): robots that find no play would exchange for ever, so
 * after ROBOT_STALL scoreless turns in a row an exchange m becomes a
 * pass.  *scoreless counts those turns; call it with each move chosen,
 * before it is played. */
#define ROBOT_STALL 12
void robot_stall(int *scoreless, struct move *m);

#endif
