/*
 * tool_sim.h — movegen --sim and --sim-merge: the tool side of sim.h
 * (options, the run of iterations with its stopping rule, the table, the
 * shard sums and their merge).  Support for movegen's main only, like
 * tool.h: it prints its messages.  movegen(1) describes the options, the
 * table, the stopping rule and the shard format.
 *
 * The shard format ("#ordverk-sim 1"), one block per CGP line:
 *   #ordverk-sim 1
 *   position<TAB>CGP LINE AS READ
 *   seed<TAB>S
 *   plies<TAB>P
 *   iterations<TAB>N          (of the whole run)
 *   shard<TAB>K/N
 *   arm<TAB>MOVE<TAB>SCORE<TAB>EQUITY<TAB>N<TAB>WIN_SUM<TAB>WIN_SUMSQ<TAB>
 *      SPREAD_SUM<TAB>SPREAD_SUMSQ       (one line an arm, EQUITY in
 *                                        millipoints, samples in sim.h's
 *                                        units)
 *   end
 */
#ifndef ORDVERK_TOOL_SIM_H
#define ORDVERK_TOOL_SIM_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include "analyse.h"
#include "board.h"
#include "engine.h"
#include "sim.h"
#include "tool_engine.h"
#include "endgame.h"
#include "winpct.h"

#define TOOL_SIM_MAX_MOVES 64
#define TOOL_SIM_ITERATIONS 5000     /* the default cap */
#define TOOL_SIM_ANALYSE_ITERATIONS 1000 /* -a --sim's default cap a turn */
#define TOOL_SIM_ENDGAME_TILES 6     /* a rollout's endgame is solved once
                                        both racks hold this many tiles */
#define TOOL_SIM_TT_LOG2 16          /* the solver's table: 2^16 entries */
#define TOOL_SIM_ENDGAME_NODES 20000 /* ... within this many nodes, else
                                        the robot plays on */

enum {
	TOOL_SIM_SIM = 0x5100, TOOL_SIM_MERGE, TOOL_SIM_CANDIDATES,
	TOOL_SIM_MOVE, TOOL_SIM_PLIES, TOOL_SIM_ITER, TOOL_SIM_TIME,
	TOOL_SIM_STOP, TOOL_SIM_SHARD, TOOL_SIM_VERBOSE, TOOL_SIM_WINPCT
};

/* The long options of --sim, for a getopt_long table. */
#define TOOL_SIM_LONGOPTS \
	{ "sim", no_argument, NULL, TOOL_SIM_SIM }, \
	{ "sim-merge", no_argument, NULL, TOOL_SIM_MERGE }, \
	{ "candidates", required_argument, NULL, TOOL_SIM_CANDIDATES }, \
	{ "move", required_argument, NULL, TOOL_SIM_MOVE }, \
	{ "plies", required_argument, NULL, TOOL_SIM_PLIES }, \
	{ "iterations", required_argument, NULL, TOOL_SIM_ITER }, \
	{ "time", required_argument, NULL, TOOL_SIM_TIME }, \
	{ "stop", required_argument, NULL, TOOL_SIM_STOP }, \
	{ "shard", required_argument, NULL, TOOL_SIM_SHARD }, \
	{ "verbose", no_argument, NULL, TOOL_SIM_VERBOSE }, \
	{ "winpct", required_argument, NULL, TOOL_SIM_WINPCT }

#define TOOL_SIM_SYNOPSIS \
"       movegen --sim [--candidates N] [--move MOVE]... [--plies N]\n" \
"               [--iterations N] [-T SECONDS] [--stop 95|99|none]\n" \
"               [-x K/N] [-s N] [-v] [options] [FILE ...]\n" \
"       movegen --sim-merge FILE ...\n"

/* Zeroed (static) before the options: every field not given takes its
 * default in tool_sim_run. */
struct tool_sim {
	int on;                     /* --sim */
	int merge;                  /* --sim-merge */
	int given;                  /* an option of --sim given */
	long candidates;            /* top N by static equity (default 20) */
	int candidates_given;
	int plies;                  /* 0: 2 */
	long iterations;            /* the cap; 0: TOOL_SIM_ITERATIONS */
	double seconds;             /* --time; 0: none */
	double stop;                /* 0.95, 0.99; 0: none */
	int stop_given;             /* else 0.95 (none with --shard) */
	long shard_k, shard_n;      /* shard_n 0: not a shard */
	int verbose;
	const char *moves[TOOL_SIM_MAX_MOVES];
	int nmoves;
	const char *winpct;         /* --winpct FILE, "none": the stand-in;
	                               NULL: the ruleset's own table */
	/* Per engine met (tool_engines), made at its first position: its win
	 * table (NULL: the stand-in curve) and endgame solver, and the
	 * valuer and endgame hook that take them (sim.h). */
	int nwired;
	struct tool_sim_wired {
		const struct engine *en;
		struct winpct *table;
		struct endgame *solver;
		struct endgame_result *res; /* the solver's answer (256 KB):
		                               one for every solve, not one
		                               allocated a rollout */
		struct sim_valuer valuer;
		struct sim_endgame hook;
		int max_tiles;          /* the hook solves when both racks hold
		                           at most this many tiles, */
		int all;                /* or always (the bag empty at the root) */
		char table_name[128];   /* the win table's file name, "none" */
	} wired[TOOL_ENGINES_MAX];
	/* movegen -a --sim (tool_sim_analyse): the simulator of the engine
	 * analysed with, remade when it changes, and a turn's result. */
	struct tool_sim_turns {
		const struct engine *en;
		struct tool_sim_wired *w;
		struct sim *s;
		uint64_t seed;          /* the run's --seed */
		const char *file;       /* the game's, for --verbose */
		struct sim_arm *arms;   /* res.arms: the arms best first */
		int *order;
		int cap;
		struct position pos;    /* the turn's, the other rack unknown */
		struct analyse_sim res;
	} an;
};

/* tool_sim_option: takes option ch (TOOL_SIM_*) with argument arg;
 * anything else, or a bad argument (after a message), calls usage. */
void tool_sim_option(struct tool_sim *ts, int ch, const char *arg,
	void (*usage)(void));

/* tool_sim_run: movegen --sim over the CGP files path[0..n) (none:
 * standard input), each line's engine from engines (its ruleset from its
 * ld, else rules_name), seed the run's seed; or --sim-merge of the shard
 * files.  others: an option given that does not go with --sim (listing,
 * robot, pictures, JSON): refused.  (movegen -a --sim goes through
 * tool_sim_analyse_check and tool_sim_analyse instead.)  Returns a TOOL_ status
 * (messages printed). */
int tool_sim_run(struct tool_sim *ts, struct tool_engines *engines,
	const char *rules_name, uint64_t seed, int n, char *const path[],
	int others);

/* tool_sim_position: simulates position p of CGP line cgp (file:line)
 * with engine en and prints its table (or its shard sums) to stdout.
 * Returns TOOL_OK or TOOL_ERR (message printed). */
int tool_sim_position(struct tool_sim *ts, struct engine *en,
	const struct position *p, const char *cgp, size_t len, uint64_t seed,
	const char *file, long line);

/* tool_sim_loop: the iterations of s (set up, its arms added) as ts
 * says: k = 0, 1, ... (a shard's K - 1, K - 1 + N, ...) below the cap,
 * stopped early by the stopping rule (ts->stop), by nothing being left to
 * chance (with a stopping rule) or by ts->seconds of wall time.  *done:
 * the iterations run; *why: what stopped them ("the cap", "confidence",
 * "time", "nothing left to chance").  movegen --sim and -a --sim both run
 * it.  Returns 0, or -1 with e set (sim_iterate's error). */
int tool_sim_loop(const struct tool_sim *ts, struct sim *s, long *done,
	const char **why, struct err *e);

/* tool_sim_analyse_check: the options of --sim checked for movegen -a
 * (no --sim-merge, --shard or --move; every option given needs --sim)
 * and their defaults filled in: 20 candidates, 2 plies, at most
 * TOOL_SIM_ANALYSE_ITERATIONS iterations a turn, --stop 95.  Returns 0,
 * or -1 after a message. */
int tool_sim_analyse_check(struct tool_sim *ts);

/* tool_sim_analyse: makes analysis a (of a game read from file, with
 * engine en) simulate each turn analysed with tiles in the bag
 * (a->simulate, a->sim_ctx, a->sim_head).  The turn numbered t (from 1)
 * is simulated as `movegen --sim --seed S --candidates N --move PLAYED`
 * simulates its position, with S = rng_stream_seed(seed, t) less its top
 * bit (a --seed): iteration k draws from rng_stream_seed(S, k).  The
 * candidates are the top N by equity and the move played, added unless
 * it is one of them (the mover's rack only: the other is not known). */
void tool_sim_analyse(struct tool_sim *ts, struct engine *en,
	struct analyse *a, uint64_t seed, const char *file);

/* tool_sim_free: frees what ts made (the win tables, the solvers, the
 * analysis's simulator); ts may be used again. */
void tool_sim_free(struct tool_sim *ts);

/* tool_sim_merge: adds the shard files path[0..n) and prints the tables.
 * Returns TOOL_OK or TOOL_ERR. */
int tool_sim_merge(int n, char *const path[]);

#endif
