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
	int to_move;                    /* 0 from cgp_parse (first rack moves) */
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
 * array (index 0 = blanks).  With player < 0, or a rack not known, only the
 * board is taken off.  Returns -1 with e set if the board and the rack hold
 * more of some tile than the ruleset has, or a square holds a tile that is
 * not a letter of r. */
int board_unseen(const struct rules *r, const struct position *p, int player,
	uint8_t unseen[RULES_MAX_TILES], struct err *e);

/* position_check_tiles: -1 with e set ("too many Ø: the board and the racks
 * hold 3, the no bag has 2") if the board and the known racks together hold
 * more of some tile than the ruleset has, or a square or rack holds a tile
 * that is not a letter of r; else 0. */
int position_check_tiles(const struct rules *r, const struct position *p,
	struct err *e);

/* position_bag_count: the number of tiles in the bag = the tiles unseen by
 * the player to move (board_unseen) minus the other players' racks, that
 * is, the ruleset's tiles less the board and every rack.  A rack
 * that is not known (rack_known 0) is taken to be full: rack_size tiles, or
 * every tile left when fewer remain.  Returns -1 if the position holds more
 * of some tile than r has (see position_check_tiles for the reason). */
int position_bag_count(const struct rules *r, const struct position *p);

/* cgp_parse: parses one CGP line (SPEC §2.1)
 *   BOARD RACKS SCORES ZEROS [OPCODE ARGS; ...]
 * into *p, reading letters with ruleset r (resolve "ld" first with
 * cgp_peek_rules when the caller has no ruleset; the line's ld is stored in
 * p->rules_name but not checked against r).  Fields are separated by white
 * space; a trailing CR or LF is ignored.
 *   BOARD: r->rows rows separated by '/', top first; an uppercase letter is
 *     a tile, a lowercase one a blank standing for it, a decimal number that
 *     many empty squares; letters of several characters in brackets
 *     ("[CH]"), decomposed accents composed (NFC).
 *   RACKS: one per player, '/' between, the player to move first; '?' is a
 *     blank, letters in either case.  An empty rack is a rack not given
 *     (rack_known 0), as the CGP README says; a rack given is taken as the
 *     whole rack (a partly known rack makes position_bag_count too high).
 *     nplayers = number of racks (1..RULES_MAX_PLAYERS).
 *   SCORES: one per rack ("357/-12").  ZEROS: consecutive scoreless turns.
 *   Opcodes: each "name args" ended by ';'.  ld, lex, etl, cr (none, single,
 *     double, 5pt, 10pt; Macondo's void, five_point, ten_point), bb, mcnz
 *     fill the fields above; bdn, var and unknown opcodes are only kept.
 *     Every opcode is kept in ops[] in order (at most CGP_MAX_OPS, each
 *     under 160 bytes).
 * The board and the known racks together may not hold more of a tile than
 * r has (position_check_tiles).  Errors name the field: "CGP board row 3
 * is 14 squares wide, the board has 15", "CGP rack 1: 'Q' is not a letter
 * of the is alphabet", "too many Ø: ...", "CGP line has no scores field".
 * e->line is 0: the caller knows the line number.  Returns 0 or -1. */
int cgp_parse(const struct rules *r, const char *line, size_t len,
	struct position *p, struct err *e);

/* cgp_peek_rules: copies the argument of the "ld" opcode of a CGP line into
 * name (cap bytes, NUL-terminated); returns 1 if found, 0 if not (or if it
 * does not fit). */
int cgp_peek_rules(const char *line, size_t len, char *name, size_t cap);

/* cgp_format: writes p as a canonical CGP line (no newline) into out:
 * empty squares as runs, blanks lowercase, racks with blanks first and then
 * letters in UTF-8 byte order (as the conformance data writes them), a rack
 * not known as empty, racks and scores from player to_move on (CGP lists
 * the player to move first), single spaces, opcodes as "name args;" in their order.
 * The ld, lex, etl, cr, bb and mcnz opcodes are written from p's fields (so
 * changes show; an unset field drops its opcode), and fields set with no
 * opcode in ops[] are appended in that order.  A line in canonical form
 * round-trips byte for byte.  Returns the length (NUL written), or -1 (out
 * = "") if cap is too small or the board holds a tile that is not a letter
 * of r. */
int cgp_format(const struct rules *r, const struct position *p, char *out,
	size_t cap);

#endif
