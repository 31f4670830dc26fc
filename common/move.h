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
 * "-ABC", "-3", "-").  The board (may be NULL) fills in through-letters
 * written as letters and checks they match; without a board a letter is a
 * letter placed.  row_letter = 1 reads Netskrafl's "H8" = row H.
 * Returns 0 or -1 with e set. */
int move_parse(const struct rules *r, const struct board *b, const char *s,
	size_t len, int row_letter, struct move *m, struct err *e);

/* move_format: writes m in GCG notation ("8D KV.NNE", "-ABC", "-") into
 * out; returns the length or -1 if cap is too small. */
int move_format(const struct rules *r, const struct move *m, char *out,
	size_t cap);

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

/* move_validate: checks a tile play against position p (player to_move's
 * rack) and, if lex is not NULL, the lexicon; scores it into m->score and
 * *d (may be NULL).  Exchanges are checked against the rack and the bag
 * size (unseen tiles minus the other racks) with the exchange threshold.
 * Returns 0 if legal, else -1 with e holding the reason ("not connected",
 * "rack lacks Ø", "KVINNX is not a word"). */
int move_validate(const struct rules *r, const struct lex *lex,
	const struct position *p, struct move *m, struct move_detail *d,
	struct err *e);

/* move_score: scores a play already known to be well placed (no checks). */
int move_score(const struct rules *r, const struct board *b,
	const struct move *m, struct move_detail *d);

/* move_apply: puts m's tiles on the board, takes them from rack, adds the
 * score (no checks). */
void move_apply(struct position *p, int player, const struct move *m);

#endif
