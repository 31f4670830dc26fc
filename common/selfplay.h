/*
 * selfplay.h — robot self-play games (bagsim play): the seats, the games
 * by number and seed, and each game's line and record.
 *
 * A struct selfplay seats 2 to 4 robots (robot.h) at one game (game.h);
 * the seats take turns, so they share one move generator.  Game k of base
 * seed s is game_start(rng_stream_seed(s, k)), and the robots' own choices
 * (the random ones of Miðlungur, Hálfdrættingur and Amlóði) use the
 * game's second stream, rng_stream_seed(that seed, 1): game k is the same
 * whichever games are played before it, so shards of a run (k % N == K -
 * 1) together play exactly the games of one run.
 *
 * The struct selfplay owns its robots and its game; the ruleset is
 * copied; the lexicons and leave tables are borrowed and must outlive it.
 * Creating it costs what robot_create does (laying the lexicon out for the
 * search: tenths of a second and up to a hundred MB for the default
 * lexicons); a game then allocates nothing.  selfplay_destroy(NULL) is
 * fine.
 */
#ifndef ORDVERK_SELFPLAY_H
#define ORDVERK_SELFPLAY_H

#include <stdint.h>
#include <stdio.h>
#include "err.h"
#include "game.h"
#include "klv.h"
#include "lex.h"
#include "robot.h"
#include "rules.h"
#include "stats.h"

#define SELFPLAY_MAX_TURNS 10000   /* a game that takes more does not end */

struct selfplay_seat {
	enum robot_strategy strategy;
	const struct klv *leaves;    /* equity's table; NULL: leaves worth 0 */
	const struct winpct *winpct; /* sim's win table; NULL: the stand-in */
	int sim_candidates;          /* sim's budget (robot_opts; 0: default) */
	long sim_iterations;
	double endgame_seconds;      /* the solver's time a turn (0: none) */
	uint64_t endgame_nodes;      /* its node limit a turn (0: default) */
};

struct selfplay;

/* selfplay_create: nplayers seats (as many as seats[] holds) for ruleset
 * r with lexicon lex; vocab (may be NULL) is the vocabulary of the robots
 * that have one.  Returns NULL with e set (memory, or nplayers outside the
 * ruleset's range). */
struct selfplay *selfplay_create(const struct rules *r, const struct lex *lex,
	const struct lex *vocab, int nplayers, const struct selfplay_seat *seats,
	struct err *e);
void selfplay_destroy(struct selfplay *sp);

/* What selfplay_open loads: files by path. */
struct selfplay_files {
	const char *lexicon;          /* the lexicon */
	const char *vocab;            /* the robots' vocabulary, or NULL */
	const char *leaves;           /* every equity seat's table, or NULL */
	const char *default_leaves;   /* without leaves: the table of equity
	                                 seats without their own (NULL: none) */
	const char *seat_leaves[RULES_MAX_PLAYERS];  /* a seat's own, or NULL */
	enum robot_strategy strategy[RULES_MAX_PLAYERS];
	int players;
	const char *winpct;           /* sim seats' win table, or NULL: */
	const char *default_winpct;   /* this one (NULL: the stand-in curve) */
	int sim_candidates;           /* sim seats' budget (0: robot.h's) */
	long sim_iterations;
	double endgame_seconds;       /* endgame and sim seats' solver time a
	                                 turn (0: none) */
	uint64_t endgame_nodes;       /* and node limit (0: robot.h's) */
};

/* selfplay_open: loads the files of f (lex_load, klv_load, and
 * winpct_load when a seat is sim) for ruleset r
 * and seats f->players robots as selfplay_create does; the struct
 * selfplay owns what it loaded.  A lexicon made for another ruleset than
 * r (or its lexicon_hint) is refused, as is a number of players outside
 * r's range.  Returns NULL with e set, the message naming the file. */
struct selfplay *selfplay_open(const struct rules *r,
	const struct selfplay_files *f, struct err *e);

/* selfplay_name: seat i's name: the strategy's (robot_strategy_name), with
 * "-" and the seat number (from 1) when another seat plays the same one
 * ("fullsterkur-1"). */
const char *selfplay_name(const struct selfplay *sp, int i);

/* selfplay_game: plays game k of base seed seed to its end.  Returns 0,
 * or -1 with e set ("game K (seed S): ..." for a robot's or the game's
 * error, or a game of over SELFPLAY_MAX_TURNS turns). */
int selfplay_game(struct selfplay *sp, uint64_t seed, long k, struct err *e);

/* selfplay_last: the game last played (for game.h's accessors and
 * stats_game); selfplay_seed: its own seed. */
const struct game *selfplay_last(const struct selfplay *sp);
uint64_t selfplay_seed(const struct selfplay *sp);

/* selfplay_header: the header line of the game lines of bagsim(1) play
 * for nplayers players.  selfplay_line: the line of the game last played
 * (number k, its seed, the first two seats' names, scores, winner (1, 2,
 * 0 for a draw), turns, bingos, how it ended, then name, score and bingos
 * of seats 3 and 4).  Both return -1 if fp shows a write error. */
int selfplay_header(FILE *fp, int nplayers);
int selfplay_line(const struct selfplay *sp, long k, FILE *fp);

/* A run of games (bagsim play): shard shard_k of shard_n of games games
 * of base seed seed, and the statistics of the games played so far.
 * Shard K of N plays the games k with k % N == K - 1: interleaved slices
 * take equally long, and game k depends only on the base seed and k, so
 * the shards together are the one big run. */
struct selfplay_run {
	uint64_t seed;
	long games, shard_k, shard_n;
	long total;                 /* games the shard plays in all */
	long k;                     /* the game last played; -1 before */
	long played;
	struct stats_sets stats;    /* one set: the run's (stats_sets_one) */
};

/* selfplay_run_start: run before its first game, its statistics those
 * of sp's ruleset and seats, with their origin (stats_origin: the
 * lexicon's and vocabulary's checksums, the seats' robots and equity
 * seats' tables, seed, games and shard).  selfplay_run_next: plays the run's next
 * game (selfplay_game; its number in run->k) and adds it to run->stats.
 * Returns 1, 0 when the run has played all its games, or -1 with e
 * set. */
void selfplay_run_start(struct selfplay_run *run, const struct selfplay *sp,
	uint64_t seed, long games, long shard_k, long shard_n);
int selfplay_run_next(struct selfplay *sp, struct selfplay_run *run,
	struct err *e);

/* selfplay_shard_parse: a shard "K/N" (1 <= K <= N, decimal) into *k and
 * *n.  Returns 0, or -1 with e set ("bad shard S: want K/N", or "... with
 * 1 <= K <= N").  selfplay_shard_games: how many games shard K of N of a
 * run of games games plays (those k < games with k % N == K - 1). */
int selfplay_shard_parse(const char *s, long *k, long *n, struct err *e);
long selfplay_shard_games(long games, long k, long n);

/* selfplay_gcg: the game last played as GCG (game_write_gcg): the seats'
 * names as nicknames, their strategies as names, the lexicon's file name
 * without ".lex" (selfplay_open; else none) and note note.  Returns 0, or
 * -1 with e set. */
int selfplay_gcg(const struct selfplay *sp, FILE *fp, const char *note,
	struct err *e);

#endif
