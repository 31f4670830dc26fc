/*
 * board.h — the board and a position (board, racks, scores) as CGP holds it.
 *
 * Squares are one flat rows*cols array, row-major: sq[r * cols + c], with
 * 0 = empty, a letter tile, or letter|TILE_BLANK for a blank (rules.h).
 * Premiums come from the ruleset (rules.premium[], same indexing).
 * A struct position is plain data: copy it freely.  It points to nothing;
 * the ruleset is passed alongside to the functions that need it.
 */
#ifndef ORDVERK_BOARD_H
#define ORDVERK_BOARD_H

#include <stdint.h>
#include "err.h"
#include "rules.h"

struct board {
	int rows, cols;
	uint8_t sq[RULES_MAX_SQUARES];
	int ntiles;                     /* tiles on the board */
};

#define CGP_MAX_OPS 16
struct position {
	struct board board;
	int nplayers;                   /* number of racks/scores, >= 1 */
	int to_move;                    /* always 0 in CGP: first rack moves */
	uint8_t racks[RULES_MAX_PLAYERS][RULES_MAX_TILES];
	int rack_known[RULES_MAX_PLAYERS]; /* 0 if that rack was not given */
	int scores[RULES_MAX_PLAYERS];
	int zeros;                      /* consecutive scoreless turns so far */
	char rules_name[RULES_NAME_MAX];/* from "ld", "" if none */
	char lexicon[128];              /* from "lex", "" if none */
	int exchange_min;               /* from "etl", -1 if none */
	int challenge;                  /* from "cr", -1 if none, else enum rules_challenge */
	int bingo_bonus;                /* from "bb", -1 if none (caller applies it) */
	int max_zeros;                  /* from "mcnz", -1 if none (caller applies it) */
	int nops;                       /* every opcode, in order, kept for output */
	char ops[CGP_MAX_OPS][160];     /* "lex NWL20" ..., without the ';' */
};

/* board_init: an empty board with r's dimensions. */
void board_init(struct board *b, const struct rules *r);

static inline uint8_t board_at(const struct board *b, int row, int col)
{ return b->sq[row * b->cols + col]; }

/* board_count: the number of occupied squares (recounted, whatever
 * b->ntiles says). */
int board_count(const struct board *b);

/* position_init: an empty position for r: empty board, two players, both
 * racks empty and known, scores 0, rules_name = r->name, no other opcodes
 * (exchange_min, challenge, bingo_bonus, max_zeros -1). */
void position_init(struct position *p, const struct rules *r);

/* board_unseen: the tiles not on the board and not on rack `player`'s rack
 * (what that player cannot see: the bag and the other racks), as a count
 * array (index 0 = blanks).  Returns -1 with e set if the board and the rack
 * hold more of some tile than the ruleset has. */
int board_unseen(const struct rules *r, const struct position *p, int player,
	uint8_t unseen[RULES_MAX_TILES], struct err *e);

/* position_check_tiles: -1 with e set ("too many Ø: the board and the racks
 * hold 3, the no bag has 2") if the board and the known racks together hold
 * more of some tile than the ruleset has, or a square or rack holds a tile
 * that is not a letter of r; else 0. */
int position_check_tiles(const struct rules *r, const struct position *p,
	struct err *e);

/* position_bag_count: the number of tiles in the bag = the tiles unseen by
 * the player to move (board_unseen) minus the other players' racks.  A rack
 * that is not known (rack_known 0) is taken to be full: rack_size tiles, or
 * every tile left when fewer remain.  Returns -1 if the position holds more
 * of some tile than r has (see position_check_tiles for the reason). */
int position_bag_count(const struct rules *r, const struct position *p);

/* cgp_parse: parses one CGP line (SPEC §2.1) into *p.  If the line names a
 * ruleset with "ld" and rulesp is not NULL, *rulesp is left for the caller to
 * resolve from p->rules_name; parsing needs a ruleset for letters, so r is
 * the ruleset to read letters with (the caller resolves ld first with
 * cgp_peek_rules when it has none).  Returns 0 or -1 with e set. */
int cgp_parse(const struct rules *r, const char *line, size_t len,
	struct position *p, struct err *e);

/* cgp_peek_rules: copies the argument of the "ld" opcode of a CGP line into
 * name (cap bytes); returns 1 if found, 0 if not. */
int cgp_peek_rules(const char *line, size_t len, char *name, size_t cap);

/* cgp_format: writes p as a CGP line (no newline) into out; returns the
 * length or -1 if cap is too small.  Canonical input round-trips exactly. */
int cgp_format(const struct rules *r, const struct position *p, char *out,
	size_t cap);

#endif
