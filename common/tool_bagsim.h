/*
 * tool_bagsim.h — bagsim's command line: each command's options (the
 * letters and long names of ordverk(7)), their help and their values.
 * Support for tools/bagsim.c only, kept apart to keep that main thin.
 */
#ifndef ORDVERK_TOOL_BAGSIM_H
#define ORDVERK_TOOL_BAGSIM_H

#include <stdint.h>
#include "selfplay.h"

/* The commands, a bit each (BAGSIM_MAIN: bagsim --help, --version). */
enum { BAGSIM_DRAW = 1, BAGSIM_PLAY = 2, BAGSIM_MERGE = 4, BAGSIM_LEAVES = 8,
	BAGSIM_LMERGE = 16, BAGSIM_MAIN = 32 };

/* The options of a command, the caller setting the defaults.  The files
 * and seats are play's for selfplay_open (robots 0, Fullsterkur, by
 * default); leaves takes the lexicon and the table. */
struct bagsim_opts {
	struct selfplay_files f;
	const char *rules, *out, *plot, *gcgdir, *acc;
	const char *winpct;         /* --winpct: a file, "none", or NULL */
	long count, tiles, games, min_games, players, rounds, shard_k, shard_n,
	    checkpoint;
	uint64_t seed;
	int quiet, stats, time;
};

/* tool_bagsim_opts: getopt_long over argv into o (the caller setting the
 * defaults), with the options of command cmd; --help, --version and a bad
 * option or value end the run. */
void tool_bagsim_opts(int argc, char **argv, unsigned cmd,
	struct bagsim_opts *o);

/* tool_bagsim_main: bagsim's own options (argv[1] starts with '-'):
 * --help or --version, else the usage; does not return. */
void tool_bagsim_main(char **argv) __attribute__((noreturn));

/* tool_bagsim_usage: the synopsis of the command being parsed (all of
 * them before one is) to standard error; exits 2. */
void tool_bagsim_usage(void) __attribute__((noreturn));

#endif
