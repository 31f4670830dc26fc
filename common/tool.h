/*
 * tool.h — support shared by the tools' main()s, and only by them.
 *
 * This is the one module of common/ that prints and exits, and the one with
 * process-wide state: the program name, set once by tool_init(), and the
 * flag that SIGINT sets (tool_catch_sigint).  Library modules never call
 * anything here.
 *
 * Diagnostics all have the form "prog: file:line: message" (file and line
 * left out when not known).  Exit codes: 0 success, 1 negative answer,
 * 2 usage or input error (TOOL_OK, TOOL_NO, TOOL_ERR).
 */
#ifndef ORDVERK_TOOL_H
#define ORDVERK_TOOL_H

#include <getopt.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>
#include "err.h"
#include "rules.h"

enum { TOOL_OK = 0, TOOL_NO = 1, TOOL_ERR = 2 };

/* tool_init: remembers the program name (basename of argv0). */
void tool_init(const char *argv0);
const char *tool_name(void);

/* Messages to stderr.  tool_warn prints "prog: msg"; tool_warnfl adds
 * "file:line: " (line 0 = no line); tool_warnerr prints an struct err about
 * file.  tool_die prints and exits 2.  A trailing ':' in fmt appends
 * ": strerror(errno)", as in sbase's eprintf. */
void tool_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void tool_warnfl(const char *file, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tool_warnerr(const char *file, const struct err *e);
void tool_die(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* Allocation that exits 2 with a message on failure. */
void *tool_xmalloc(size_t n);
void *tool_xcalloc(size_t n, size_t size);
void *tool_xrealloc(void *p, size_t n);
char *tool_xstrdup(const char *s);

/* tool_parse_long: strtol with end pointer and range check; returns 0 and
 * stores into *out, or -1 if s is not a whole number in [min, max]. */
int tool_parse_long(const char *s, long min, long max, long *out);

/* tool_fshut: flushes and checks stream fp (named name); on a write error
 * prints a message and returns TOOL_ERR, else returns ret unchanged.
 * Use as the last step: return tool_fshut(stdout, "<stdout>", ret). */
int tool_fshut(FILE *fp, const char *name, int ret);

/* tool_version: prints "prog (ordverk) VERSION" to stdout, exits 0.
 * tool_usage: prints synopsis (the man page's SYNOPSIS) to stderr and
 * exits 2; tool_help: to stdout, and exits 0 (2 on a write error). */
void tool_version(void) __attribute__((noreturn));
void tool_usage(const char *synopsis) __attribute__((noreturn));
void tool_help(const char *synopsis) __attribute__((noreturn));

/* The options of a tool with commands: each getopt_long entry with the
 * commands (bits of cmds) that take it.  tool_options: the entries of
 * opts[0..n) that command bit cmd takes, in order, into lo (room for n +
 * 1; ended by a zero entry) and their short twins (val < 256, with ':'
 * after those that take an argument) into optstring (room for 2n + 1). */
struct tool_option {
	struct option lo;
	unsigned cmds;
};
void tool_options(const struct tool_option *opts, size_t n, unsigned cmd,
	struct option *lo, char *optstring);

/* Line reader over a FILE: getline with a line counter, CR LF handling and a
 * length cap.  tool_readline returns the line length without its line end
 * (the buffer is NUL-terminated), -1 at end of file, -2 on a read error
 * (errno set) and -3 for a line over TOOL_LINE_MAX bytes (the rest of that
 * line is skipped so the next call continues with the next line). */
#define TOOL_LINE_MAX (1L << 20)
struct tool_lines {
	FILE *fp;
	const char *name;  /* for messages: file name or "<stdin>" */
	long lineno;       /* number of the line last returned */
	char *buf;
	size_t cap;
};
void tool_lines_init(struct tool_lines *l, FILE *fp, const char *name);
long tool_readline(struct tool_lines *l);
void tool_lines_free(struct tool_lines *l);

/* Atomic output: tool_atomic_open creates a temporary file beside path and
 * returns it (or NULL with errno, message printed); tool_atomic_commit
 * flushes, fsyncs, closes and renames it over path (0, or -1 with message
 * and the temporary removed); tool_atomic_abort closes and removes it. */
struct tool_atomic {
	FILE *fp;
	char *path;
	char *tmp;
};
FILE *tool_atomic_open(struct tool_atomic *a, const char *path);
int tool_atomic_commit(struct tool_atomic *a);
void tool_atomic_abort(struct tool_atomic *a);

/* tool_atomic_finish: after writing to a->fp, with rc what the writer
 * returned and e its error: commits a when rc >= 0 (tool_atomic_commit),
 * else prints e about the path and aborts a.  Returns 0, or -1 after a
 * message. */
int tool_atomic_finish(struct tool_atomic *a, int rc, const struct err *e);

/* tool_catch_sigint: from now on SIGINT only sets the flag returned (for
 * runs that end cleanly after the work in hand, and for the library's
 * stop flags).  tool_seconds: clock's time in seconds (CLOCK_MONOTONIC,
 * or CLOCK_PROCESS_CPUTIME_ID for this process's CPU time), 0 if it
 * cannot be read. */
volatile sig_atomic_t *tool_catch_sigint(void);
double tool_seconds(clockid_t clock);

/* tool_colour: whether to colour output to fp for a --color=WHEN argument:
 * "always" 1, "never" 0, "auto" (or NULL) 1 when fp is a terminal and
 * NO_COLOR is unset or empty (no-color.org).  -1 for any other WHEN. */
int tool_colour(FILE *fp, const char *when);

/* tool_numbered_name: the output name for picture number n from a name that
 * may hold one "%d" or "%0Wd" (W a digit: zero-padded to W), and "%%" for
 * '%': "turn-%03d.svg", 7 -> "turn-007.svg".  Returns 1 if the name has a
 * number, 0 if not (out = the name, "%%" undone), -1 if it has another '%'
 * or two numbers, or out (cap bytes) is too small. */
int tool_numbered_name(const char *name, long n, char *out, size_t cap);

/* tool_default_lexicon: the path of the default lexicon of ruleset r, named
 * by its lexicon_hint (else its name: no-nsf and is-old share the lexicons of
 * no and is), searched in $ORDVERK_LEXDIR, then ../lexicons beside the running binary
 * (the build tree), then ../lexicons two levels up (build/san/bin), then the
 * installed ORDVERK_LEXDIR.  Returns a malloc'ed path or NULL if none exists. */
char *tool_default_lexicon(const struct rules *r);

/* tool_default_leaves: the ruleset's default leave table, NAME.klv2 beside
 * its default lexicon (the same names and places), or NULL if none. */
char *tool_default_leaves(const struct rules *r);

#endif
