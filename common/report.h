/*
 * report.h — one analysed game as a self-contained HTML page.
 *
 * A report collects the turns analyse_game hands out (analyse.h) and
 * writes them as one HTML file that opens in a browser straight from the
 * file system, offline: inline CSS and SVG and a small inline script (in
 * CDATA, so the page is also well-formed XML), no font or image fetched.
 * The page holds, in order:
 *   - the players, the final score, the lexicon and leave table the
 *     verdicts come from, each line whose score does not add up, and what
 *     each player's analysed turns add up to (moves, best moves found,
 *     points or equity lost);
 *   - one board you step through (buttons, arrow keys, a click on a move
 *     in the list beside it, which gives each move's score and the
 *     player's running total): each turn's board before the move
 *     (picture.h), the move played drawn on it and, when the best move was
 *     another, the best move's tiles as outlined shadows; the turn's
 *     #note lines, the tiles the mover cannot see and the bag's count, and
 *     its top moves.  Without the script every board shows in turn; at a
 *     phone's width the list goes under the board;
 *   - the biggest mistakes, most lost first;
 *   - two charts: both players' running scores turn by turn, and what
 *     each turn lost (a bar in the player's colour; a turn whose rack is
 *     not known is marked "?"), the legend above the plot;
 *   - the move table: turn, player, rack, the move played and its score,
 *     its rank among the legal moves (or "phony", "withdrawn"), the best
 *     move and what it was worth, the loss; each row links to its board.
 * With a simulation (analyse.h, a->simulate) the page says how each turn
 * was simulated, gives beside each board the candidates with their win
 * chances (the move played in bold) and what the move played cost in
 * win chance, and that cost under the move table's loss.
 * Values are in points when moves were valued by score, in points with
 * one decimal when by equity (score plus leave).
 *
 * Cost: a copy of each turn's position and top moves (about 4 KB a turn)
 * until the page is written; the page itself is about 25 KB a turn, most
 * of it the boards.  The game's ruleset and names are copied: the gcg_game may go
 * before the report is written.
 */
#ifndef ORDVERK_REPORT_H
#define ORDVERK_REPORT_H

#include <stddef.h>
#include <stdio.h>
#include "analyse.h"
#include "err.h"
#include "gcg.h"
#include "picture.h"

struct report;

/* report_create: an empty report of game g, read from file (a name for
 * the page's title), analysed by a (before analyse_game: by equity when
 * a->leaves, the names of its lexicon and leave table).  Returns NULL
 * with e set when memory runs out. */
struct report *report_create(const struct gcg_game *g, const char *file,
	const struct analyse *a, struct err *e);
void report_destroy(struct report *rp);

/* report_add: adds turn t (any status).  Returns 0, or -1 with e set when
 * memory runs out. */
int report_add(struct report *rp, const struct analyse_turn *t,
	struct err *e);

/* report_write: the page, to fp.  final: the game's final scores (the
 * replay's, with the end-of-game racks settled), one a player.  Returns 0,
 * or -1 with e set on a write error. */
int report_write(const struct report *rp, const int *final, FILE *fp,
	struct err *e);

/* report_turn_picture: turn t of game g as the page draws it, for the
 * terminal or a file (picture_text, picture_svg): the board before the
 * move (pos: the caller's copy of t's position, its mover set), the move
 * played outlined, the best move, when another, as shadows, the players
 * by their nicks (borrowed from g), and the caption, written into caption
 * (cap bytes): "NICK, turn N: played MOVE, S points; best MOVE, worth V;
 * lost L" (or ": the best move", or "(rack not known)"); V and L in
 * equity with one decimal when by_equity, else in points. */
void report_turn_picture(struct picture *pic, struct position *pos,
	const struct gcg_game *g, const struct analyse_turn *t, int by_equity,
	char *caption, size_t cap);

#endif
