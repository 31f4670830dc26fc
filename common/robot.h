/*
 * robot.h — the robot players of SPEC §4: pick one move for a position.
 *
 * Strategies:
 *   ROBOT_FULLSTERKUR  the highest-scoring placement, ties to fewer tiles
 *                      (gen_best); no placement: exchange all or pass.
 *   ROBOT_MIDLUNGUR    walk placements best score first, keep those whose
 *                      main word has two letters or is in the vocabulary
 *                      lexicon, up to 20; pick one uniformly (rng).
 *   ROBOT_AMLODI       as Miðlungur with its own (smaller) vocabulary; drop
 *                      the top 30 % of the kept list when ahead (20 % when
 *                      behind) and pick one of the next 30 at random.
 *   ROBOT_EQUITY       the move with the highest equity, score + leave
 *                      value (KLV leave table, klv.h; none: leaves worth
 *                      0), exchanges and the pass included, found without
 *                      listing every move (equity.h: equity_choose, which
 *                      also says how ties and the empty bag are handled).
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
	ROBOT_EQUITY
};

struct robot_opts {
	enum robot_strategy strategy;
	const struct lex *vocab;   /* midlungur/amlodi: smaller vocabulary, NULL = main lexicon */
	const struct klv *leaves;  /* equity: leave table, NULL = leaves worth 0 */
};

struct robot;

/* robot_parse_strategy: "fullsterkur" (also "Fullsterkur", "full"),
 * "midlungur"/"miðlungur", "amlodi"/"amlóði", "equity".  Returns 0 and sets
 * *out, or -1 if name is unknown. */
int robot_parse_strategy(const char *name, enum robot_strategy *out);

/* robot_strategy_name: "fullsterkur", "midlungur", "amlodi", "equity". */
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

/* robot_choose: the move the robot plays in position p (player p->to_move,
 * rack p->racks[p->to_move]); bag_count = tiles in the bag (exchange rule);
 * rng drives the random choices (may be NULL for fullsterkur and equity).
 * Fills *out (always a legal move: placement, exchange or pass) and returns
 * 0, or -1 with e set (out of memory). */
int robot_choose(struct robot *rb, const struct position *p, int bag_count,
	struct rng *rng, struct move *out, struct err *e);

#endif
