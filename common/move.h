/*
 * move.h — moves: notation (SPEC §2.2), validation and scoring (SPEC §1.2).
 *
 * A tile play is a start square, a direction and the word's tiles from the
 * first square to the last: tiles[i] is a letter, letter|TILE_BLANK for a
 * blank, or 0 where the square already holds a tile (played through).
 * An exchange lists the exchanged tiles (TILE_BLANK for a blank) or only
 * their number; a pass has no tiles.  struct move is plain data.
 */
#ifndef ORDVERK_MOVE_H
#define ORDVERK_MOVE_H

#include <stdint.h>
#include "board.h"
#include "err.h"
#include "lex.h"
#include "rules.h"

enum move_kind { MOVE_PLACE, MOVE_EXCHANGE, MOVE_PASS };
enum { DIR_ACROSS = 0, DIR_DOWN = 1 };

struct move {
	uint8_t kind;        /* enum move_kind */
	uint8_t dir;         /* DIR_ACROSS or DIR_DOWN */
	uint8_t row, col;    /* first square, 0-based */
	uint8_t len;         /* squares spanned (place) or tiles exchanged */
	uint8_t ntiles;      /* tiles taken from the rack */
	uint8_t tiles_known; /* exchange: 0 if given only as a count (-3) */
	uint8_t tiles[RULES_MAX_DIM];
	int score;
};

/* move_parse: parses SPEC §2.2 notation ("8D KV.NNE", "D8 KV(I)NNE",
 * "-ABC", "-3", "-").  Coordinates in either case ("8d"); a number first is
 * a row (across), a letter first a column (down); row_letter = 1 reads
 * Netskrafl's "H8" = row H, across (and "8H" = column 8, down) instead.
 * In the word, '.' and letters in parentheses are tiles already on the
 * board (tiles[i] = 0), lowercase letters are blanks, '?' is not allowed.
 * With a board (b may be NULL), a letter on an occupied square is a
 * through-letter too, and every through-letter must match the board
 * ("square G8 holds I, not N", "square H7 is empty, but the move plays
 * through it"); without one, a letter is a letter placed.  Exchanges take
 * tiles ('?' = blank, stored as TILE_BLANK) or a count (tiles_known = 0),
 * at most rack_size.  Leading and trailing white space is ignored; "--"
 * (a GCG withdrawn play) is refused.  Returns 0 or -1 with e set. */
int move_parse(const struct rules *r, const struct board *b, const char *s,
	size_t len, int row_letter, struct move *m, struct err *e);

/* move_format: writes m in canonical GCG notation ("8D KV.NNE", "-ABC?",
 * "-3", "-"): uppercase coordinates, '.' for tiles played through, blanks
 * lowercase, letters of several characters in brackets.  Returns the length
 * (NUL written) or -1 (out = "") if cap is too small or m holds a tile that
 * is not a letter of r. */
int move_format(const struct rules *r, const struct move *m, char *out,
	size_t cap);

/* move_notation_rows: rewrites notation s (move_format's, cap bytes) in
 * Netskrafl's coordinates, the row a letter and the column a number, as
 * move_parse reads them with row_letter: "8D KV.NNE" (across) becomes
 * "H4 KV.NNE", "D8 KV.NNE" (down) "4H KV.NNE"; an exchange or a pass is
 * left as it is.  Returns 0, or -1 (s unchanged) if it does not fit or s
 * does not start with a coordinate of at most 26 rows. */
int move_notation_rows(char *s, size_t cap);

/* A word formed by a play, for breakdowns. */
struct move_word {
	uint8_t row, col, dir, len;
	uint8_t tiles[RULES_MAX_DIM];   /* letters, |TILE_BLANK for blanks */
	int score;
};
struct move_detail {
	int nwords;                     /* main word first, then cross words */
	struct move_word words[RULES_MAX_DIM + 1];
	int bingo;                      /* bonus added, 0 if none */
	int score;                      /* total */
};

/* move_detail_format: the words of a play and their scores, main word
 * first, as "KVINNE=24,EN=8", and ",+50" for a bingo bonus, into out (cap
 * bytes); a word that does not fit the alphabet is "?".  Returns the
 * length, or -1 (out cut short, NUL-terminated) if cap is too small. */
int move_detail_format(const struct rules *r, const struct move_detail *d,
	char *out, size_t cap);

/* move_validate: checks move m for the player to move in p (p->to_move's
 * rack) and, if lex is not NULL, every word against the lexicon; scores a
 * legal tile play into m->score and *d (d may be NULL).  It normalises m: a
 * letter given on a square that holds the same letter becomes 0 (played
 * through) and ntiles is recounted.  Checks, in this order, each with its
 * own message in e:
 *   "off the board"; "invalid tile at H8";
 *   "gap at I8: the word is not contiguous" (a 0 on an empty square);
 *   "square F8 holds V, not A" (a letter on a square holding another);
 *   "no tile placed";
 *   "the word goes on through H8: write the whole word" (a tile touches
 *   the word's first or last square along its line);
 *   "first play must cover the start square H8" (empty board);
 *   "not connected to the tiles on the board";
 *   "rack lacks ØØ?" (only when the rack is known; blanks as '?');
 *   "the play forms no word of two letters or more";
 *   "KVINNX is not a word" (main word first, then cross words).
 * A struct move is one line by construction, so "not in one line" cannot
 * arise here; move_parse rejects notation that is not a line.
 * A one-tile play that makes words both ways is one move; its main word
 * is the across word (and move_canonical writes it across), as the
 * conformance lists, Quackle and Macondo do.
 * Exchanges: the tiles must be on the rack (or, given as a count, the rack
 * must hold that many), and the bag (position_bag_count) must hold at least
 * the threshold: p->exchange_min (CGP etl) if set, else r->exchange_min,
 * and at least one tile ("exchange needs at least 7 tiles in the bag; it
 * holds 6").  A pass is always legal.  Returns 0 if legal, else -1. */
int move_validate(const struct rules *r, const struct lex *lex,
	const struct position *p, struct move *m, struct move_detail *d,
	struct err *e);

/* move_score: scores a tile play already known to be well placed (no
 * checks; 0 for exchanges and passes) by SPEC §1.2: letter premiums, then
 * word premiums multiplied together, only under tiles placed now; blanks 0;
 * main word plus every cross word; r->bingo_bonus when r->rack_size tiles
 * are placed.  Fills *d (may be NULL): main word first, then the cross
 * words in move order, each with its score.  Returns the score. */
int move_score(const struct rules *r, const struct board *b,
	const struct move *m, struct move_detail *d);

/* move_apply: plays m for player: a tile play puts its tiles on the board,
 * takes them from the player's rack (a blank from index 0) and adds
 * m->score to the player's score; an exchange with known tiles takes them
 * from the rack (drawing is the caller's: bag.h); a pass changes nothing.
 * No checks (validate first); does not change to_move or zeros. */
void move_apply(struct position *p, int player, const struct move *m);

/* move_canonical: rewrites a one-tile play into the form the conformance
 * data and GCG files use: across, from the first letter of the across word,
 * when the tile has a neighbour across; else down, from the first letter of
 * the down word.  Other moves are left as they are. */
void move_canonical(const struct board *b, struct move *m);

/* move_order: a total order of tile plays (and of exchanges by their
 * tiles) for breaking ties: by direction, row, column, length, then the
 * tiles' bytes.  < 0, 0 or > 0 as a goes before, is, or goes after b. */
int move_order(const struct move *a, const struct move *b);

#endif
