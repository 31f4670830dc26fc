/*
 * sim.h — Monte Carlo simulation of a position's candidate moves: each is
 * played, the opponent's rack and the bag are drawn, both sides play on
 * with the equity robot for a few plies, and the outcome is valued by the
 * chance of winning at the horizon and by spread.
 *
 * Candidates (arms).  The top N moves by static equity (sim_add_top) and
 * any moves the caller names (sim_add), in the order added; the same play
 * may be added twice.  Two arms are the same play when they put the same
 * tiles on the same squares (or exchange the same tiles, or both pass):
 * sim_same_play, whatever the notation (a one-tile play across or down).
 *
 * One iteration k (sim_iterate).  Its generator is seeded with
 * rng_stream_seed(seed, k), from the run's seed and k only: the opponent's
 * rack is drawn from the tiles the mover cannot see (or is the position's
 * second rack when it is known), the rest is the bag, shuffled.  Every
 * active arm is then rolled out from the same rack, the same bag order and
 * the same generator state (common random numbers): the arm is played, it
 * draws from the top of the bag, and the robot plays `plies` - 1 more
 * turns (an exchange draws first, then puts its tiles back at random
 * places with the rollout's generator).  So iteration k gives every arm
 * what it would give in any other run with that seed, whichever arms are
 * still active and however the run is split (--shard): sums merge exactly.
 * A rollout depends only on the position after the arm's move, so two arms
 * of the same play get identical samples.
 *
 * The horizon.  After `plies` turns, with tiles still in the bag, the
 * mover's lead is the difference of the scores plus the difference of the
 * values of what each side kept on its last turn (the leave table; what
 * MAGPIE and Macondo call the leftover), in points; the valuer turns it
 * into the chance of winning of the player to move there, with that
 * player's unseen tiles (bag plus the other rack).  When the game ends in
 * the rollout the result is exact (1, 1/2 or 0).  When the bag is empty at
 * a turn (before or after the horizon) the rollout does not stop at the
 * horizon: the endgame hook, if given, gives the exact rest of the game;
 * without it the robot plays on to the end of the game (about as many
 * turns again as there are tiles on the racks).
 *
 * Samples are integers so that sums are exact and merge by adding: the
 * win chance in units of 1/SIM_WIN_UNIT, the spread (the points the mover
 * gained over the opponent in the rollout, the arm's score included, plus
 * the leaves' difference at the horizon) in hundredths of a point.
 *
 * The stopping rule (sim_settle) is described in movegen(1) and there.
 *
 * Ownership: struct sim owns its workspaces (about 30 KB, one allocation
 * at sim_create); the ruleset, the generator and the leave table are
 * borrowed.  No allocation after sim_create but the arms' array (grown by
 * sim_add) and, on the first sim_iterate after arms were added, the
 * pairs' sums of the stopping rule (n x n of them); a rollout allocates
 * nothing (the robot's search reuses its generator's workspaces).  One
 * struct sim per thread.
 */
#ifndef ORDVERK_SIM_H
#define ORDVERK_SIM_H

#include <stdint.h>
#include "board.h"
#include "err.h"
#include "gen.h"
#include "klv.h"
#include "move.h"
#include "rules.h"

#define SIM_WIN_UNIT 100000        /* a win sample: 0 .. SIM_WIN_UNIT */
#define SIM_SPREAD_UNIT 100        /* a spread sample: hundredths of a point */
#define SIM_MAX_ITERATIONS 100000000L  /* sums of squares stay in 64 bits */
#define SIM_MAX_PLIES 50
#define SIM_TEXT_MAX 96

/* The valuer: the chance (0 to 1) that the player to move, leading by
 * lead points (negative: behind) with unseen tiles unseen (the bag and
 * the other rack), wins the game (a draw counts one half).  The lead
 * wires the win table here (bagsim winpct, winpct.h); without one
 * (sim_opts.valuer NULL) sim_standin_win is used. */
struct sim_valuer {
	double (*win)(void *ctx, int lead, int unseen);
	void *ctx;
};

/* sim_standin_win: a stand-in for a win table, NOT learned from games: a
 * logistic curve 1 / (1 + exp(-lead / s)) with s = 4 + 0.4 x unseen
 * points, so that a lead is worth less the more tiles are to come (a
 * lead of s points wins about 73 %; s is 41 with a full bag, 16 with 30
 * tiles unseen, 7 with 7).  Symmetric: it gives the player to move no
 * edge for being on move.  ctx is ignored. */
double sim_standin_win(void *ctx, int lead, int unseen);

/* The endgame hook: with the bag empty and both racks known, the rest of
 * the game from position p (player p->to_move to move) valued exactly:
 * *swing = that player's points from now to the end minus the other's
 * (the end's settling included).  Returns 0; 1 to decline (the robot
 * plays the turn, and the hook is asked again at the next); or -1 with e
 * set.  movegen's is the endgame solver (endgame.h, tool_sim.c); NULL:
 * the robot plays on. */
struct sim_endgame {
	int (*solve)(void *ctx, const struct position *p, int *swing,
		struct err *e);
	void *ctx;
};

struct sim_opts {
	int plies;                          /* 1 .. SIM_MAX_PLIES */
	uint64_t seed;
	const struct sim_valuer *valuer;    /* NULL: sim_standin_win */
	const struct sim_endgame *endgame;  /* NULL: play to the end */
};

/* n samples, their sum and sum of squares: exact, added when merged. */
struct sim_stat {
	int64_t n;
	int64_t sum;
	uint64_t sumsq;
};

struct sim_arm {
	struct move move;
	char text[SIM_TEXT_MAX];    /* notation (move_format) */
	int score;
	int64_t equity;             /* static equity, millipoints */
	int active;                 /* still sampled (sim_settle drops) */
	struct sim_stat win, spread;
};

struct sim;

/* sim_create: a simulator for ruleset r (borrowed: it must stay where it
 * is) moving with generator g (borrowed; the caller may use it between
 * calls) and leave table leaves (borrowed; NULL: leaves worth 0).
 * Returns NULL with e set when memory ran out. */
struct sim *sim_create(const struct rules *r, struct gen *g,
	const struct klv *leaves, struct err *e);
void sim_destroy(struct sim *s);

/* sim_setup: a new simulation of position p (copied; two players, the
 * mover's rack known), with no arms.  Returns 0, or -1 with e set (more
 * players, a rack not known, more tiles than the bag, plies out of
 * range). */
int sim_setup(struct sim *s, const struct position *p,
	const struct sim_opts *o, struct err *e);

/* sim_add: adds move m (legal in p and scored: move_validate) as an arm.
 * sim_add_top: adds the top n moves by static equity (equity_cmp order,
 * exchanges and the pass included).  Both return 0, or -1 with e set. */
int sim_add(struct sim *s, const struct move *m, struct err *e);
int sim_add_top(struct sim *s, int n, struct err *e);

/* The arms, in the order added. */
int sim_narms(const struct sim *s);
struct sim_arm *sim_arms(struct sim *s);

/* sim_same_play: 1 if a and b are the same play (the same tiles on the
 * same squares; the same exchanged tiles; both passes). */
int sim_same_play(const struct move *a, const struct move *b);

/* sim_exact: 1 if nothing is left to chance: the bag is empty and the
 * other rack is known (given, or every tile unseen), so that every
 * iteration gives every arm the same samples; else 0. */
int sim_exact(const struct sim *s);

/* sim_iterate: iteration k for every active arm, its samples added.
 * Returns 0, or -1 with e set (a robot's error or the endgame hook's). */
int sim_iterate(struct sim *s, uint64_t k, struct err *e);

/* sim_mean, sim_se: a statistic's mean and the standard error of the
 * mean (0 below two samples), in the sample's units. */
double sim_mean(const struct sim_stat *st);
double sim_se(const struct sim_stat *st);

/* sim_win_pct: a win statistic's mean (se 0) or its standard error (se 1)
 * in percent; sim_spread_pts: a spread statistic's in points. */
double sim_win_pct(const struct sim_stat *st, int se);
double sim_spread_pts(const struct sim_stat *st, int se);

/* sim_order: the arms' indices best first into order[0..n): the arms
 * sampled most first (the stopping rule's survivors before the arms it
 * dropped, the latest dropped first), then by mean win, then mean spread,
 * then the order added; but arms whose mean win is
 * within SIM_TOLERANCE of a sure win (or a sure loss) rank above (below)
 * the rest and among themselves by spread (MAGPIE's win% cutoff does the
 * same: there the win chances no longer tell moves apart).  Only the sums are read, so a
 * merge of shards orders as the one run does. */
void sim_order(const struct sim_arm *arms, int n, int *order);

/* The stopping rule, checked by the caller every SIM_CHECK_EVERY
 * iterations once every arm has SIM_MIN_SAMPLES samples.  sim_settle
 * looks at the active arms with confidence conf (0.95, 0.99): the leader
 * is the first by sim_order; with K active arms, z is the normal quantile
 * of 1 - (1 - conf) / (K - 1) (Bonferroni over the K - 1 comparisons with
 * the leader; Macondo's rule, montecarlo/stopping_condition.go, is of this
 * kind).  An arm is dropped (no longer sampled) when the leader's mean win
 * exceeds its own by more than z standard errors of the difference.  The
 * difference is taken iteration by iteration, over the iterations both
 * arms were sampled in (paired: with common random numbers two arms see
 * the same racks, so the difference varies far less than either).  An
 * arm that is the same play as the leader, or whose difference from the
 * leader lies, at that confidence, within SIM_TOLERANCE of a win (both
 * ends of the interval), no longer needs separating but is kept.  When
 * the leader and the arm are both near a sure win or a sure loss (the
 * groups of sim_order) the test is on spread, with SIM_SPREAD_TOLERANCE
 * points for the tolerance.  Returns
 * 1 when no active arm needs separating from the leader (stop), else 0. */
#define SIM_CHECK_EVERY 64
#define SIM_MIN_SAMPLES 128
#define SIM_TOLERANCE 0.005
#define SIM_SPREAD_TOLERANCE 0.5
int sim_settle(struct sim *s, double conf);

/* sim_run: the iterations k = first, first + step, ... below cap of s
 * (set up, its arms added), stopped early, when conf > 0, by nothing
 * being left to chance (sim_exact) or by the stopping rule at confidence
 * conf (sim_settle, every SIM_CHECK_EVERY iterations once SIM_MIN_SAMPLES
 * have run), and, when seconds > 0, after that much wall time.  *done:
 * the iterations run; *why: what stopped them ("the cap", "confidence",
 * "time", "nothing left to chance").  movegen --sim, -a --sim and the sim
 * robot run it.  Returns 0, or -1 with e set (sim_iterate's error). */
int sim_run(struct sim *s, long first, long step, long cap, double conf,
	double seconds, long *done, const char **why, struct err *e);

/* sim_normal_quantile: z with P(Z <= z) = p for 0 < p < 1. */
double sim_normal_quantile(double p);

#endif
