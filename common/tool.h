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
#include <string.h>
#include <time.h>
#include "err.h"
#include "rules.h"

struct lex;

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

/* Buffered output for filters that write millions of short pieces: one
 * large buffer over a stream, filled by memcpy (tool_out_put is inline),
 * cheaper than a stdio call a piece.  A write error is remembered and the
 * rest of the output dropped; tool_out_close reports it.
 * tool_out_init: a buffer of cap bytes over fp, named name in messages
 *   (exits 2 when memory runs out).
 * tool_out_put: appends s[0..n); a piece larger than cap is written
 *   straight through after what is buffered.
 * tool_out_close: writes what is buffered and frees the buffer; on a write
 *   error, now or before, prints "NAME: write error: strerror" and returns
 *   TOOL_ERR, else returns tool_fshut(fp, name, ret). */
struct tool_out {
	FILE *fp;
	const char *name;
	char *b;
	size_t n, cap;
	int bad;
	int err;        /* errno of the failed write */
};
void tool_out_init(struct tool_out *o, FILE *fp, const char *name, size_t cap);
void tool_out_spill(struct tool_out *o, const char *s, size_t n);
int tool_out_close(struct tool_out *o, int ret);

static inline void
tool_out_put(struct tool_out *o, const char *s, size_t n)
{
	if (n > o->cap - o->n) {
		tool_out_spill(o, s, n);
		return;
	}
	memcpy(o->b + o->n, s, n);
	o->n += n;
}

/* tool_read_all: the whole of path ("-" = standard input, "<stdin>" in
 * messages) in a malloc'ed buffer, its size in *len.  An input that fills
 * max bytes (64 KiB times a power of 2) is refused: "PATH: larger than MAX
 * bytes: not WHAT".  Returns NULL with a message printed when the input
 * cannot be read or is refused; exits 2 when memory runs out. */
unsigned char *tool_read_all(const char *path, size_t max, const char *what,
	size_t *len);

/* tool_load_lexicon: a lexicon (r may be NULL for ordverk files), its
 * file size in *bytes (may be NULL).  A regular file is read by lex_load,
 * or by lex_load_dawg unless full (only the DAWG: all that looking words
 * up needs, a fraction of the file); a pipe or "-" (standard input) is read
 * whole first (tool_read_all, up to 1 GiB).  Returns NULL with a message
 * printed when it cannot be read or is not a lexicon. */
struct lex *tool_load_lexicon(const char *path, const struct rules *r,
	int full, size_t *bytes);

/* tool_each_line: calls fn(line, len, name, lineno, arg) for each line of
 * path ("-": standard input, named "<stdin>") that is not empty and does
 * not begin with '#'; a line over TOOL_LINE_MAX or a read error is
 * reported ("name:lineno: line too long") and makes the result TOOL_ERR.
 * fn returns a TOOL_ status; the result is the worst of them, TOOL_ERR if
 * path cannot be opened (message printed). */
int tool_each_line(const char *path, int (*fn)(char *line, size_t len,
	const char *name, long lineno, void *arg), void *arg);

/* Lexicons loaded so far in a run, by ruleset name ("" = a -l file): a
 * tool checking positions or games of several rulesets loads each once.
 * Zero it before use; tool_lexicons_free frees what it loaded. */
#define TOOL_LEXICONS_MAX 8
struct tool_lexicons {
	int n;
	char name[TOOL_LEXICONS_MAX][RULES_NAME_MAX + 140];
	struct lex *lex[TOOL_LEXICONS_MAX];
	char *path[TOOL_LEXICONS_MAX];  /* the file each was loaded from */
};

/* tool_lexicon_get: the lexicon for ruleset r: the file path (-l) when not
 * NULL, else r's default lexicon (tool_default_lexicon), refused when its
 * alphabet is not r's (rules_same_alphabet).  Returns NULL, the message
 * printed once, when none can be loaded; NULL again for that ruleset. */
struct lex *tool_lexicon_get(struct tool_lexicons *c, const char *path,
	const struct rules *r);

/* tool_lexicon_named: as tool_lexicon_get, for a game record that names
 * its lexicon (GCG "#lexicon NAME", named not "" and path NULL): NAME.lex
 * or NAME.kwg where the default lexicons are (tool_find_file); when there
 * is neither, r's default, after a note naming what was looked for (once
 * for each NAME; file names the record). */
struct lex *tool_lexicon_named(struct tool_lexicons *c, const char *path,
	const struct rules *r, const char *named, const char *file);

/* tool_lexicon_path: the file lex was loaded from by c, or "". */
const char *tool_lexicon_path(const struct tool_lexicons *c,
	const struct lex *lex);
void tool_lexicons_free(struct tool_lexicons *c);

/* tool_version: prints "prog (ordverk) VERSION" to stdout, exits 0.
 * tool_usage: prints synopsis (the man page's SYNOPSIS) to stderr and
 * exits 2; tool_help: to stdout, and exits 0 (2 on a write error). */
void tool_version(void) __attribute__((noreturn));
void tool_usage(const char *synopsis) __attribute__((noreturn));
void tool_help(const char *synopsis) __attribute__((noreturn));

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

/* A faster line reader over a file descriptor, for inputs of millions of
 * short lines (elocalc's results): it reads 1 MiB at a time and hands out
 * each line in place.  tool_fdline stores the next line in *line
 * (NUL-terminated, its line end and a CR before it removed; valid until the
 * next call) and returns its length, -1 at end of file, -2 on a read error
 * (errno set) and -3 for a line over max bytes, a CR counted (the rest of
 * that line is skipped).  The buffer comes from tool_xmalloc. */
struct tool_fdlines {
	int fd;
	const char *name;  /* for messages */
	long lineno;       /* number of the line last returned */
	size_t max;
	char *buf;
	size_t cap, start, end;
	int eof;
};
void tool_fdlines_init(struct tool_fdlines *r, int fd, const char *name,
	size_t max);
long tool_fdline(struct tool_fdlines *r, char **line);
void tool_fdlines_free(struct tool_fdlines *r);

/* Atomic output: tool_atomic_open creates a temporary file beside path and
 * returns it (or NULL with errno, message printed); tool_atomic_commit
 * flushes, fsyncs, closes and renames it over path (0, or -1 with message
 * and the temporary removed); tool_atomic_abort closes and removes it.
 * A path that is not a regular file (/dev/stdout, a pipe) is written in
 * place, and a symbolic link's target is replaced, not the link. */
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

/* tool_catch_sigint: from now on SIGINT, SIGTERM and SIGHUP only set the
 * flag returned (for runs that end cleanly after the work in hand, and for
 * the library's stop flags).  tool_seconds: clock's time in seconds (CLOCK_MONOTONIC,
 * or CLOCK_PROCESS_CPUTIME_ID for this process's CPU time), 0 if it
 * cannot be read. */
volatile sig_atomic_t *tool_catch_sigint(void);
double tool_seconds(clockid_t clock);

/* tool_colour: whether to colour output to fp for a --color=WHEN argument:
 * "always" 1, "never" 0, "auto" (or NULL) 1 when fp is a terminal,
 * NO_COLOR is unset or empty (no-color.org) and TERM is not "dumb".  -1
 * for any other WHEN. */
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
 * (the build tree), then ../lexicons two levels up (build/san/bin), then
 * ../share/ordverk beside it (an installed PREFIX/bin: found wherever it was
 * installed to), then the build's PREFIX/share/ordverk (ORDVERK_LEXDIR at
 * compile time).  Returns a malloc'ed path or NULL if none exists. */
char *tool_default_lexicon(const struct rules *r);

/* tool_input_kind: what a file's first line (len bytes) says it is, so
 * that a tool given the wrong kind can say so in one line and stop:
 * TOOL_INPUT_GCG, a game record (a GCG pragma such as #character-encoding,
 * #player1, #lexicon, or an event line '>'); TOOL_INPUT_GAMES, the games
 * table of bagsim play ("#game<TAB>seed<TAB>..."); else TOOL_INPUT_OTHER. */
enum tool_input { TOOL_INPUT_OTHER, TOOL_INPUT_GCG, TOOL_INPUT_GAMES };
enum tool_input tool_input_kind(const char *line, size_t len);

/* tool_refuse_gcg: when line (len bytes, at name:lineno) is a game
 * record's (tool_input_kind), says so in one line, "this is a GCG game
 * record, HINT", and exits 2: a tool that reads lines of another kind
 * stops there rather than refuse every line. */
void tool_refuse_gcg(const char *line, size_t len, const char *name,
	long lineno, const char *hint);

/* tool_leaves_check: reads the leave table at path as a file (klv_load
 * without a ruleset) for a tool that loads it again for each ruleset it
 * meets: 0, or -1 after one message naming it. */
int tool_leaves_check(const char *path);

/* tool_ends_with: 1 if s ends with tail. */
int tool_ends_with(const char *s, const char *tail);

/* tool_game_rules_note: the ruleset a game record names wins over -r
 * (given; NULL: none), which is for records that name none: when they
 * differ, a note on stderr says so, naming file (a game). */
void tool_game_rules_note(const char *file, const struct rules *given,
	const struct rules *used);

/* tool_find_file: NAME.ext (a lexicon or table named in a game record,
 * "CSW21", "lex") in the same places, or NULL if none (or NAME holds a
 * '/' or starts with '.'). */
char *tool_find_file(const char *name, const char *ext);

/* tool_default_leaves: the ruleset's default leave table, NAME.klv2 beside
 * its default lexicon (the same names and places), or NULL if none. */
char *tool_default_leaves(const struct rules *r);

/* tool_default_winpct: the ruleset's default win table (winpct.h),
 * NAME.winpct beside its default lexicon, or NULL if none. */
char *tool_default_winpct(const struct rules *r);

#endif
