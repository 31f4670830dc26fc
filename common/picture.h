/*
 * picture.h — pictures of a position: an SVG drawing and a terminal board.
 *
 * Both forms come from one description (struct picture) and show the same
 * things: the layout's premium squares, the tiles on the board with letter
 * and value (a blank's letter lowercase or in another colour, value 0), the
 * row and column labels of our move notation (SPEC §2.2: rows 1.., columns
 * A..), every player's score and rack (the player to move marked), a caption,
 * and up to two moves drawn on the board: the first (PICTURE_PLAYED) with its
 * tiles placed and outlined (an exchange: its tiles outlined on the mover's
 * rack), the second (PICTURE_GHOST) as outlined shadows of its tiles, each
 * painted over its square's premium label; where both moves use a square
 * the played tile shows with the ghost's as a small dashed tile in its
 * corner (how an analysis shows "played" beside "best" on one board, neither
 * hiding the other).  Names are cut to end before the score, the title and
 * caption set smaller or cut to end before the right edge.  Any layout of
 * the ruleset (up to
 * RULES_MAX_DIM squares a side) and any alphabet: letters are drawn from
 * the ruleset's UTF-8 spelling.
 *
 * The SVG is self-contained (no scripts, fonts named by family only, no
 * external references) and well-formed XML; picture_svg writes a whole
 * document, or with PICTURE_INLINE an <svg> element for an HTML page.
 * The colours are the customary ones: triple word red, double word pink,
 * triple letter blue, double letter light blue (quadruple letter green,
 * quadruple word orange, from layout files only), plain squares pale green,
 * tiles wheat.
 *
 * The terminal form is UTF-8 text, 5 columns a square (80 columns for a
 * 15 x 15 board, 108 for 21 x 21): "K₅" a tile, "k₀" a blank,
 * "[K₅]" a tile of the played move, "(K₅)" one of the ghost move, "{K₅}" a
 * played tile on a square the ghost move uses too (a line under the board
 * says so), "[K₅]" on the rack an exchanged tile, "3W"
 * "2W" "3L" "2L" "4L" "4W" premiums, "★" the empty start square, "·"
 * other empty squares.  With PICTURE_COLOUR, ANSI 256-colour escapes paint
 * the premiums and tiles as the SVG does; the characters are the same, so
 * stripping the escapes (and the blanks that end a coloured line) gives
 * the plain form.  Letters of more than one
 * character (ruleset files) widen every square to fit.
 *
 * Nothing here allocates; the functions write to a caller's stream and
 * return -1 with e set on a write error or a tile that is not a letter of
 * the ruleset.
 */
#ifndef ORDVERK_PICTURE_H
#define ORDVERK_PICTURE_H

#include <stdio.h>
#include "board.h"
#include "err.h"
#include "move.h"
#include "rules.h"

enum {
	PICTURE_INLINE = 1,   /* SVG: an element for HTML, no XML declaration */
	PICTURE_COLOUR = 2,   /* terminal: ANSI colours */
	PICTURE_SHARED = 4,   /* SVG in a page: the squares and labels drawn
	                         once by picture_svg_board, each board a <use> */
	PICTURE_ROW_LETTERS = 8 /* labels as Netskrafl's coordinates: rows
	                         A.., columns 1.. (move_notation_rows) */
};

enum { PICTURE_PLAYED = 0, PICTURE_GHOST = 1 };

/* SVG geometry, for pages that point into a picture: square (col, row)
 * has its top left corner at (MARGIN + col * SQUARE, MARGIN + row *
 * SQUARE), plus 28 pixels down when the picture has a title. */
#define PICTURE_SQUARE 40
#define PICTURE_MARGIN 28

struct picture {
	const struct rules *r;
	const struct position *p;     /* the board before any move drawn */
	/* Moves drawn on the board: marks[PICTURE_PLAYED] and
	 * marks[PICTURE_GHOST], each NULL or a move; only tile placements
	 * are drawn (an exchange or pass belongs in the caption). */
	const struct move *marks[2];
	/* Players in p's order (p->racks[i]); NULL: "Player i+1". */
	const char *names[RULES_MAX_PLAYERS];
	int hide_racks;               /* 1: show no rack (a game's public view) */
	const char *title;            /* above the board, or NULL */
	const char *caption;          /* below the racks, or NULL */
};

/* picture_init: a picture of position p under ruleset r, nothing marked,
 * default names, no title or caption. */
void picture_init(struct picture *pic, const struct rules *r,
	const struct position *p);

/* picture_svg: writes pic as SVG to fp (flags: PICTURE_INLINE).  The
 * drawing is 44 + 40 * cols pixels wide at least, its height grows with the
 * number of players.  Returns 0, or -1 with e set. */
int picture_svg(FILE *fp, const struct picture *pic, int flags,
	struct err *e);

/* picture_svg_board: the squares and labels of r's board as an invisible
 * <svg> holding <g id="ov-board">, for a page whose boards (drawn with
 * PICTURE_INLINE | PICTURE_SHARED) all refer to it: a page of many boards
 * holds the board once.  Returns 0, or -1 with e set. */
int picture_svg_board(FILE *fp, const struct rules *r, struct err *e);

/* picture_text: writes pic as a terminal board to fp (flags:
 * PICTURE_COLOUR).  Returns 0, or -1 with e set. */
int picture_text(FILE *fp, const struct picture *pic, int flags,
	struct err *e);

/* picture_fit_text: s cut to at most max characters (UTF-8), the last an
 * ellipsis when it is cut, into out (cap bytes). */
void picture_fit_text(const char *s, int max, char *out, size_t cap);

/* picture_xml_text: writes s to fp with XML's five special characters
 * escaped and control characters other than tab and newline dropped (they
 * are not allowed in XML 1.0), for callers that write SVG or HTML around a
 * picture. */
void picture_xml_text(FILE *fp, const char *s);

#endif
