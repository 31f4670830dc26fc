/*
 * engine.h — a ruleset's move machinery in one handle: the ruleset, its
 * lexicon (and a robot's vocabulary), a leave table, a move generator, a
 * robot and the equity workspace of a turn; and self-play with the robot.
 *
 * A tool that meets rulesets as it reads (a CGP line's ld, a GCG file's
 * #tile-distribution) opens one engine per ruleset and keeps it for the
 * run; what goes into it is decided by the tool (which files, which
 * defaults), what it holds is made here in one place, in the order that
 * makes an error name the first file that is wrong: lexicon, its
 * alphabet, vocabulary, leave table, then the generator and the robot.
 *
 * Ownership: struct engine is the caller's (about 12 KB, most of it the
 * ruleset and the equity workspace); it owns the lexicons, the generator,
 * the robot and a leave table it loaded, all freed by engine_close.  A
 * leave table passed in opts is borrowed and must outlive the engine.
 * The generator and robot keep pointers to en->rules: do not move or copy
 * an open engine.
 *
 * Cost: engine_open loads the lexicon (milliseconds for a small list,
 * about a second for the largest default ones) and builds the generator's
 * search structures (about 1.5 times the lexicon's memory).
 */
#ifndef ORDVERK_ENGINE_H
#define ORDVERK_ENGINE_H

#include <stdint.h>
#include <stdio.h>
#include "board.h"
#include "equity.h"
#include "err.h"
#include "gen.h"
#include "klv.h"
#include "lex.h"
#include "rng.h"
#include "robot.h"
#include "rules.h"

struct engine_opts {
	const char *lexicon;         /* the lexicon file (required) */
	const char *vocab;           /* the custom robots' vocabulary lexicon,
	                                or NULL */
	const struct klv *leaves;    /* a leave table to borrow, or NULL */
	const char *leaves_path;     /* when leaves is NULL: a table to load,
	                                or NULL (none) */
	int robot;                   /* enum robot_strategy, or -1: none */
	const char *winpct_path;     /* the sim robot's win table to load, or
	                                NULL (the stand-in curve) */
};

struct engine {
	struct rules rules;
	struct lex *lex;
	struct lex *vocab;           /* NULL if none was given */
	const struct klv *leaves;    /* NULL: moves are valued by score */
	struct klv *own_leaves;      /* the table loaded from leaves_path */
	struct gen *gen;
	struct robot *robot;         /* NULL without opts->robot */
	struct winpct *winpct;       /* the sim robot's, from winpct_path */
	struct equity eq;            /* the turn's equity (engine_prepare) */
};

/* engine_open: fills en for ruleset r (copied) with what opts names.
 * Returns 0; -1 with e set when a file cannot be loaded (the message
 * names it) or the lexicon is of another alphabet ("PATH: lexicon for
 * ruleset da, not no"); -2 with e set when memory ran out.  On failure
 * en holds nothing to free (engine_close is harmless). */
int engine_open(struct engine *en, const struct rules *r,
	const struct engine_opts *opts, struct err *e);

/* engine_close: frees what en owns and zeroes it. */
void engine_close(struct engine *en);

/* engine_prepare: a turn in position p: the tiles in the bag into *bag
 * (position_bag_count) and, with a leave table, en->eq prepared for p's
 * player to move, *eq pointing at it; without a table *eq = NULL (moves
 * are worth their score).  Returns 0, or -1 with e set when p holds more
 * of a tile than the ruleset has (position_check_tiles' message, else
 * "position holds more tiles than the bag") or its unseen tiles cannot be
 * counted (equity_prepare). */
int engine_prepare(struct engine *en, const struct position *p, int *bag,
	const struct equity **eq, struct err *e);

/* engine_selfplay: plays games k = 0 .. games - 1 of en's robot against
 * itself (two players; Fullsterkur, made then and kept, when en has no
 * robot), game k dealt from rng_stream_seed(seed, k); rng drives the
 * robots' random choices.  Before each turn fn(p, bag, arg) is called
 * with the position (the player to move: p->to_move) and the tiles in the
 * bag; a nonzero return stops and is returned.  Returns 0, or -1 with e
 * set (memory; a robot's or the game's error, "self-play: ..."). */
int engine_selfplay(struct engine *en, long games, uint64_t seed,
	struct rng *rng,
	int (*fn)(const struct position *p, int bag, void *arg), void *arg,
	struct err *e);

/* engine_selfplay_cgp: engine_selfplay writing each position to fp as a
 * CGP line, the mover's rack first, the ruleset's bingo and zero rule left
 * implicit (movegen --selfplay: benchmarks and test data).  Returns 0, or
 * -1 with e set ("position too long for CGP" among the rest). */
int engine_selfplay_cgp(struct engine *en, long games, uint64_t seed,
	struct rng *rng, FILE *fp, struct err *e);

#endif
