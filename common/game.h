/*
 * game.h — the state machine of one game: turns, racks, bag, scores, the
 * end of the game and the settling of racks (SPEC §1), challenges, and the
 * game's record as GCG (SPEC §2.3).
 *
 * A struct game is an opaque handle for N players (rules.min_players ..
 * rules.max_players).  game_create copies the ruleset; the game owns its
 * bag, its generator (rng.h, seeded by game_start) and its event log.  One
 * handle plays any number of games in turn (game_start resets it) without
 * allocating again once its log has grown.  game_destroy(NULL) is fine.
 *
 * The game does not know the lexicon: a tile play given to game_play must
 * already be legal and scored (move_validate, gen or a robot); game_play
 * checks only that the squares are free and the rack holds the tiles, and
 * adds m->score.  Word judgement for challenges comes from the caller too.
 *
 * Turn counting: a player's turn is every game_play by that player (play,
 * exchange, pass) and a turn lost to a failed challenge under `double`.
 * Residence statistics: each tile drawn records the drawing player's turn
 * count; when it is played, turns_played_on - turns_at_draw (>= 1: a tile
 * dealt at the start and played on the first turn stayed 1 turn) is added to
 * the per-letter sums.  Equal letters leave the rack oldest first.  Tiles
 * exchanged away or left at the end are not counted.
 */
#ifndef ORDVERK_GAME_H
#define ORDVERK_GAME_H

#include <stdint.h>
#include <stdio.h>
#include "bag.h"
#include "board.h"
#include "err.h"
#include "move.h"
#include "rng.h"
#include "rules.h"

enum game_end {
	GAME_ON = 0,        /* not over */
	GAME_END_OUT,       /* a player emptied the rack with the bag empty */
	GAME_END_PASSES,    /* end_turns_per_player x players passes/scoreless turns */
	GAME_END_RESIGN,    /* a player resigned (game_resign) */
	GAME_END_TIMEOUT    /* forced resignation after inactivity (game_timeout) */
};

enum game_event_kind {
	GEV_MOVE,           /* >NICK: RACK MOVE +SCORE TOTAL (play, exchange, pass) */
	GEV_WITHDRAWN,      /* >NICK: RACK -- -SCORE TOTAL (phony taken back) */
	GEV_BONUS,          /* >NICK: RACK (challenge) +BONUS TOTAL */
	GEV_END_GAIN,       /* >NICK: (RACK) +POINTS TOTAL; rack = the others' tiles */
	GEV_END_PENALTY,    /* >NICK: RACK (RACK) -POINTS TOTAL */
	GEV_TIME            /* >NICK: RACK (time) -POINTS TOTAL */
};

/* One line of the game record.  rack is the rack shown on the line (the
 * player's rack before a move; the other players' tiles for GEV_END_GAIN);
 * points is the signed change of the player's score, total the score after. */
struct game_event {
	uint8_t kind;                   /* enum game_event_kind */
	uint8_t player;
	int points;
	int total;
	uint8_t rack[RULES_MAX_TILES];
	struct move move;               /* GEV_MOVE and GEV_WITHDRAWN */
};

/* Per-letter residence sums of one game (index 0 = blank). */
struct game_residence {
	uint32_t n[RULES_MAX_TILES];      /* tiles played */
	uint64_t sum[RULES_MAX_TILES];    /* sum of turns on the rack */
	uint64_t sumsq[RULES_MAX_TILES];  /* sum of squares */
};

struct game;

/* game_create: a game for ruleset r (copied) and nplayers players.  Returns
 * NULL with e set if nplayers is outside the ruleset's range, the ruleset's
 * tiles do not fit a bag, or memory runs out.  The game is not started. */
struct game *game_create(const struct rules *r, int nplayers, struct err *e);
void game_destroy(struct game *g);

/* game_start: a new game seeded by seed: empty board, full bag, racks dealt
 * in player order (player 0 moves first).  Returns 0 or -1 with e set. */
int game_start(struct game *g, uint64_t seed, struct err *e);

/* game_setup: a constructed position (for endgames and tests): board b,
 * racks, scores, the bag holding exactly bagc (a count array), player
 * to_move to move, zeros consecutive scoreless turns so far.  Tile totals
 * are not checked against the ruleset.  Returns 0 or -1 with e set. */
int game_setup(struct game *g, uint64_t seed, const struct board *b,
	const uint8_t racks[][RULES_MAX_TILES], const int *scores,
	const uint8_t bagc[RULES_MAX_TILES], int to_move, int zeros,
	struct err *e);

/* Reading the state.  game_position's player to_move is the one to play;
 * the pointer stays valid until the next call that changes g. */
const struct position *game_position(const struct game *g);
const struct rules *game_rules(const struct game *g);
int game_bag_count(const struct game *g);
int game_to_move(const struct game *g);
int game_nplayers(const struct game *g);
int game_score(const struct game *g, int player);
int game_turns(const struct game *g);           /* turns taken, all players */
int game_bingos(const struct game *g, int player);
uint64_t game_seed(const struct game *g);
const struct game_residence *game_residence(const struct game *g);
const struct game_event *game_events(const struct game *g, int *n);

/* game_over: an enum game_end, GAME_ON (0) while the game goes on. */
int game_over(const struct game *g);

/* game_end_name: "out", "passes", "resign", "timeout" ("" for GAME_ON). */
const char *game_end_name(int end);

/* game_winner: the winning player, -1 for a draw, -2 if not over.  A player
 * who resigned or timed out loses whatever the scores. */
int game_winner(const struct game *g);

/* game_play: the player to move plays m (placement, exchange, pass); tiles
 * are drawn to refill the rack, the turn passes on, and the end of the game
 * is checked and settled (SPEC §1).  An exchange is refused when the bag
 * holds fewer than exchange_min tiles; an exchange given only as a count
 * (tiles_known = 0) is refused.  Returns 0, or -1 with e set and g
 * unchanged. */
int game_play(struct game *g, const struct move *m, struct err *e);

/* game_challenge: the player to move challenges the tile play just made by
 * the previous player (even one that went out); phony = 1 if the caller
 * judged a word of it invalid.  Phony: the play is withdrawn (tiles back to
 * the rack, drawn tiles back to the bag, score lost, an end undone) and the
 * challenger moves.  Valid: `double` costs the challenger the turn (written
 * as a pass), `5pt`/`10pt` give the player 5/10 points and the challenger
 * keeps the turn, `single` has no penalty.  Returns 0, or -1 with e set if
 * the ruleset has no challenges (`none`) or the last turn was not a tile
 * play. */
int game_challenge(struct game *g, int phony, struct err *e);

/* game_resign: player resigns: the game ends, that player loses, scores stay.
 * game_timeout: Netskrafl's forced resignation after inactivity: the player
 * loses all points (a (time) event takes the score to 0) and the game. */
int game_resign(struct game *g, int player, struct err *e);
int game_timeout(struct game *g, int player, struct err *e);

/* game_write_gcg: writes the game as GCG (SPEC §2.3) to fp: encoding line,
 * #player1.. (nicks[i] and names[i]; no spaces in nicks), #lexicon (if not
 * NULL), #tile-distribution with the ruleset name, #note note (NULL:
 * "#note seed N" with the game's seed), then every event.  Returns 0, or -1 with e set on a
 * write error or a move that cannot be formatted. */
int game_write_gcg(const struct game *g, FILE *fp, const char *const *nicks,
	const char *const *names, const char *lexicon, const char *note,
	struct err *e);

/* game_turn_counts: 1 if a turn counts toward r's scoreless end
 * (r->end_kind: passes only; scoreless turns; turns without a tile play),
 * 0 if it resets the count.  is_pass: the turn was a pass; scoreless: it
 * scored nothing; tile_play: it placed tiles.  The game ends when
 * r->end_turns_per_player x players such turns come in a row. */
int game_turn_counts(const struct rules *r, int is_pass, int scoreless,
	int tile_play);

/* game_settle_points: the points each of nplayers players gains (< 0:
 * loses) when the game ends, racks[i] being player i's tiles left:
 * finisher went out (r->settle: `transfer` gives the finisher the others'
 * rack values, which they lose; `double` gives twice them, the others
 * keep their scores), or, finisher -1, it ended on scoreless turns (each
 * loses their own rack's value).  The game's settling events write these
 * points.  Returns 0. */
int game_settle_points(const struct rules *r, int nplayers,
	const uint8_t racks[][RULES_MAX_TILES], int finisher, int points[]);

/* game_format_rack: writes a rack count array as GCG shows racks (blanks
 * first as '?', then the letters in code point order, as the conformance
 * games of ../shared do) into out; returns the length, or -1 if cap is too
 * small. */
int game_format_rack(const struct rules *r, const uint8_t rack[RULES_MAX_TILES],
	char *out, size_t cap);

#endif
