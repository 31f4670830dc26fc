/*
 * err.h — how the core library reports failure.
 *
 * The core never prints and never exits.  A function that can fail takes a
 * caller-supplied struct err, fills it on failure and returns -1 (or NULL).
 * The caller owns the struct; it holds no pointers, so it needs no cleanup.
 * `line` is the 1-based input line the message is about, or 0 when it is
 * about no particular line.  Tools print it as "tool: file:line: msg".
 */
#ifndef ORDVERK_ERR_H
#define ORDVERK_ERR_H

#define ERR_MSG_MAX 256

struct err {
	long line;              /* 0 = not about a line */
	char msg[ERR_MSG_MAX];  /* NUL-terminated, truncated if longer */
};

/* err_set: fills e (if e is not NULL) with line and a printf-style message. */
void err_set(struct err *e, long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* err_file: fills e (line 0) with ie's message about file path, naming
 * the file unless the message does ("path: msg"), for a loader's error
 * passed on by a function that loads several files. */
void err_file(struct err *e, const char *path, const struct err *ie);

/* err_clear: empties e (msg "", line 0). */
void err_clear(struct err *e);

#endif
