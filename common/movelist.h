/*
 * movelist.h — the legal moves of a position as rows ready to print:
 * notation, score, what the rack keeps and equity, best first.
 *
 * A row holds what `movegen` shows of a move: its notation (move_format),
 * its score, the leave (the tiles of the rack it keeps, rules_rack_format)
 * and its equity in millipoints (equity_of with the turn's equity, else the
 * score times 1000).  movelist_build makes the rows of a list of moves
 * (gen_all's) and sorts them best first: by equity or by score, ties in
 * notation order (strcmp), so that the order does not depend on the order
 * the moves were generated in.
 *
 * Ownership: struct movelist owns its rows (one allocation, grown as
 * needed and reused from call to call); the moves, the position and the
 * equity are only read during the call.  Zero it (or movelist_init)
 * before first use, movelist_free at the end.
 *
 * The writers give movegen(1)'s formats, text or JSON, to a caller's
 * FILE (a write error shows in ferror(fp)).
 *
 * Cost: per move one move_format and one rack format, then an
 * O(n log n) sort; about 170 bytes a row.
 */
#ifndef ORDVERK_MOVELIST_H
#define ORDVERK_MOVELIST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "board.h"
#include "equity.h"
#include "err.h"
#include "move.h"
#include "rules.h"

#define MOVELIST_TEXT_MAX 96
#define MOVELIST_LEAVE_MAX 64

struct movelist_row {
	long idx;                           /* index into the moves given */
	int score;
	int64_t equity;                     /* millipoints */
	char text[MOVELIST_TEXT_MAX];       /* notation; "?" if it does not fit */
	char leave[MOVELIST_LEAVE_MAX];     /* tiles kept; "" if they do not fit */
};

struct movelist {
	struct movelist_row *rows;          /* n rows, best first */
	long n;
	size_t cap;
	long placements, exchanges, passes; /* the moves by kind */
};

/* movelist_init: an empty list (the same as zeroing it). */
void movelist_init(struct movelist *ml);

/* movelist_free: frees the rows; ml is empty again.  NULL is fine. */
void movelist_free(struct movelist *ml);

/* movelist_row: the row of move m (index idx) played from the rack of p's
 * player to move; eq is the turn's equity, prepared for p (equity_prepare),
 * or NULL to take the score as the equity. */
void movelist_row(struct movelist_row *rw, const struct rules *r,
	const struct position *p, const struct move *m, long idx,
	const struct equity *eq);

/* movelist_row_letters: when on, the notation of rows[0..n) in
 * Netskrafl's coordinates, row letter first (move_notation_rows). */
void movelist_row_letters(struct movelist_row *rows, long n, int on);

/* movelist_count: ml->n and the counts by kind of moves[0..n); no rows. */
void movelist_count(struct movelist *ml, const struct move *moves, long n);

/* movelist_build: movelist_count, then the rows of moves[0..n) (as
 * movelist_row, idx = the index in moves) sorted best first: by equity
 * when by_equity, else by score; ties in notation order.  Returns 0, or -1
 * with e set when memory ran out (the list is then empty). */
int movelist_build(struct movelist *ml, const struct rules *r,
	const struct position *p, const struct move *moves, long n,
	const struct equity *eq, int by_equity, struct err *e);

/* The writers' flags. */
enum {
	MOVELIST_JSON = 1,       /* JSON, else tab-separated text */
	MOVELIST_EQUITY = 2      /* with the equity column (a leave table) */
};

/* movelist_write_row: rw as "MOVE<TAB>SCORE<TAB>LEAVE[<TAB>EQUITY]" and a
 * newline, or as the JSON object {"move":..,"score":..,"leave":..
 * [,"equity":..]}, after a comma unless first. */
void movelist_write_row(FILE *fp, const struct movelist_row *rw, int flags,
	int first);

/* movelist_write_choice: a robot's move: rw as movelist_write_row writes
 * it; in JSON {"robot":ROBOT,"choice":ROW} on a line of its own, ROW the
 * row's object. */
void movelist_write_choice(FILE *fp, const struct movelist_row *rw,
	const char *robot, int flags);

/* movelist_write: the first top rows of ml (top <= 0: all) and an empty
 * line; in JSON one line {"cgp":CGP,"placements":N,"exchanges":N,
 * "passes":N,"moves":[rows]}, without "cgp" when cgp is NULL. */
void movelist_write(FILE *fp, const struct movelist *ml, long top,
	const char *cgp, int flags);

/* movelist_write_counts: "PLACEMENTS<TAB>EXCHANGES<TAB>PASSES<TAB>TOTAL",
 * or in JSON {"cgp":CGP,"placements":N,"exchanges":N,"passes":N,
 * "total":N}, and a newline. */
void movelist_write_counts(FILE *fp, const struct movelist *ml,
	const char *cgp, int flags);

#endif
