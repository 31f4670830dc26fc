/*
 * tool_opt.h — a tool's options from one table: getopt_long's long options
 * and option string, the lines of --help, and a clear message for a
 * mistyped option.  Support for the mains only, like tool.h.
 *
 * The letters and long names follow the toolkit's option table, in
 * ordverk(7): an option several tools take has the same letter and long
 * name in each, and that letter means nothing else in any tool
 * (tests/e2e/options_table.sh holds every tool to the table).
 *
 * A tool with commands (bagsim play, draw, ...) marks each option with
 * the commands that take it (a bit each); a tool without takes cmds 1.
 * An entry without help text is an old name kept working, not listed.
 */
#ifndef ORDVERK_TOOL_OPT_H
#define ORDVERK_TOOL_OPT_H

#include <getopt.h>
#include <stdio.h>

/* val of an option without a letter: TOOL_OPT_LONG + k. */
#define TOOL_OPT_LONG 256
#define TOOL_OPT_MAX 64

struct tool_opt {
	int val;            /* the letter, or TOOL_OPT_LONG + k: long only */
	const char *name;   /* the long name */
	const char *arg;    /* the argument's name in --help; NULL: none */
	const char *help;   /* its line in --help; NULL: a hidden old name */
	unsigned cmds;      /* the commands that take it */
};

struct tool_getopt {
	const char *synopsis;       /* the usage lines ("usage: ...\n") */
	const char *trailer;        /* printed after the options, or NULL */
	const struct tool_opt *opts;
	size_t n;
	unsigned cmd;
	struct option lo[TOOL_OPT_MAX + 1];
	char optstring[2 * TOOL_OPT_MAX + 2];
};

/* tool_getopt_init: the options of opts[0..n) (at most TOOL_OPT_MAX) that
 * command bit cmd takes; resets getopt to argv[1]. */
void tool_getopt_init(struct tool_getopt *g, const struct tool_opt *opts,
	size_t n, unsigned cmd, const char *synopsis, const char *trailer);

/* tool_getopt: getopt_long over argv: the next option's val (optarg set),
 * or -1 after the last.  'h' prints the help to standard output and exits
 * 0; 'V' prints the version and exits 0.  An unknown, ambiguous or
 * incomplete option prints one line saying so ("tool: unknown option
 * '--topp'"; an argument such as '-ÐÞ' whole, with the hint that '--' goes
 * before a move or word starting with '-') and the synopsis to standard
 * error, and exits 2. */
int tool_getopt(struct tool_getopt *g, int argc, char **argv);

/* tool_getopt_help: the synopsis, then a line an option:
 * "  -x, --long ARG  what it does" (or "      --long ARG ..." without a
 * letter), then the trailer. */
void tool_getopt_help(const struct tool_getopt *g, FILE *fp);

/* tool_getopt_usage: the synopsis to standard error; exits 2. */
void tool_getopt_usage(const struct tool_getopt *g)
	__attribute__((noreturn));

#endif
