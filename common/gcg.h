/*
 * gcg.h — games in John Chew's GCG format (SPEC §2.3): reading, writing,
 * and replaying a game to check every score, total and the settling.
 *
 * A game is a struct gcg_game: its pragmas (players, ruleset, lexicon and
 * the rest, kept in order), and its events, each with the input line it came
 * from.  The reader is syntactic plus what needs no board: nicks are mapped
 * to players, racks and moves are decoded with the game's ruleset
 * (`#tile-distribution`, else the caller's default), numbers are read.
 * gcg_replay() then rebuilds every position and checks the game against
 * the rules (and the lexicon when given).  gcg_read_light reads only what a
 * rating needs (players, final totals, robots), with no ruleset.
 *
 * Ownership: a struct gcg_game owns its events and pragmas; the caller owns
 * the game and frees it with gcg_game_destroy() (NULL is fine).  A reader
 * borrows its FILE, which the caller closes.  Nothing here prints.
 *
 * Errors: functions that can fail return -1 (or NULL) and fill a struct err
 * whose line is the 1-based line of the stream the problem is on.
 *
 * Liberal reading (files in the wild): CR LF, a UTF-8 BOM, Latin-1 when
 * declared and in undeclared non-UTF-8 lines, lowercase coordinates, text
 * after the cumulative total, "-- +0" for a withdrawn play (the deduction
 * is then the play's score), exchanges given as a count, players named by
 * their events when there are no #player pragmas, the ruleset inferred as
 * English from #lexicon NWL/TWL/CSW, #note text continued on lines that
 * start with neither '#' nor '>', two players with one nick (their events
 * go by turn), racks that show only some of the player's tiles (an
 * annotator's record of the opponent: the tiles played, the rest
 * unknown).  Refused: UTF-16 and encodings other than UTF-8 and
 * ISO-8859-1, NUL and control bytes, lines over GCG_LINE_MAX, unknown
 * events, malformed numbers and racks (also in #rack1..#rack4).
 *
 * Where the code is: gcg_game.c (the in-memory game: create, pragmas,
 * players, events, moves, settling), gcg_read.c (gcg_reader_*, gcg_read,
 * gcg_parse_mem, gcg_read_light), gcg_replay.c (gcg_replay, gcg_replay_ex:
 * positions, checks, verdicts, settling), gcg_write.c (gcg_format_event,
 * gcg_write); gcg_impl.h declares what they share among themselves.
 */
#ifndef ORDVERK_GCG_H
#define ORDVERK_GCG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "board.h"
#include "err.h"
#include "lex.h"
#include "move.h"
#include "rules.h"

#define GCG_NICK_MAX  64
#define GCG_NAME_MAX  128
#define GCG_TEXT_MAX  96     /* a move as written: "8D KV.NNE" */
#define GCG_LINE_MAX  65536  /* longer lines are an error (skipped) */
#define GCG_MAX_EVENTS 100000 /* events (and pragmas) in one game */
#define GCG_BY_TURN   (-2)   /* gcg_event.player of a nick two players
                                share: gcg_replay tells whose by turn */

enum gcg_kind {
	GCG_PLAY,            /* >N: RACK 8D WORD +S T        a tile placement */
	GCG_PASS,            /* >N: RACK - +0 T */
	GCG_EXCHANGE,        /* >N: RACK -ABC +0 T  or  -3 */
	GCG_WITHDRAWN,       /* >N: RACK -- -S T     the player's last play removed */
	GCG_CHALLENGE,       /* >N: RACK (challenge) +B T   bonus for a valid play */
	GCG_END_POINTS,      /* >N: (RACK) +P T      finisher gains others' racks */
	GCG_RACK_PENALTY,    /* >N: RACK (RACK) -P T own rack at the end */
	GCG_TIME_PENALTY     /* >N: RACK (time) -P T */
};

/* One event line.  rack is the rack shown before the event (count array,
 * index 0 = blanks); nrack = its number of tiles, -1 when no rack was
 * written.  other is the rack in parentheses of GCG_END_POINTS (every
 * other player's tiles together) and GCG_RACK_PENALTY.  move is the play, exchange or pass as read without a
 * board (a through-letter written as a letter reads as placed; replay
 * re-reads text against the board); text is the move as written
 * ("8D KV.NNE", "-ABC", "-").  score is the signed points of the event,
 * total the cumulative total written after it. */
struct gcg_event {
	long line;
	int player;                     /* index into game->players, or
	                                   GCG_BY_TURN */
	int kind;                       /* enum gcg_kind */
	int nrack;
	uint8_t rack[RULES_MAX_TILES];
	int nother;
	uint8_t other[RULES_MAX_TILES];
	struct move move;
	char text[GCG_TEXT_MAX];
	int score;
	int total;
	int score_zero_marked;          /* "-- +0": deduction left to replay */
	int shared_first;               /* player is GCG_BY_TURN: the first
	                                   player with the nick written */
};

/* A pragma kept for writing back: "#name value", after event `after`
 * (-1 = before the first event). */
struct gcg_pragma {
	long line;
	int after;
	char *name;                     /* "player1", "note", ... owned */
	char *value;                    /* rest of the line, owned */
};

struct gcg_player {
	char nick[GCG_NICK_MAX];
	char name[GCG_NAME_MAX];        /* UTF-8 (Latin-1 input converted) */
};

struct gcg_game {
	long first_line;                /* line of the stream the game starts on */
	struct rules rules;             /* from #tile-distribution or the default */
	int have_rules;
	char lexicon[128];              /* #lexicon, "" if none */
	char title[GCG_NAME_MAX];       /* #title, "" if none */
	char id[GCG_NAME_MAX];          /* #id, "" if none */
	int nplayers;
	struct gcg_player players[RULES_MAX_PLAYERS];
	int nevents, cap_events;
	struct gcg_event *events;
	int npragmas, cap_pragmas;
	struct gcg_pragma *pragmas;
	/* Filled by the reader from the events, no replay needed: */
	int totals[RULES_MAX_PLAYERS];  /* last cumulative total per player */
	int has_end;                    /* an end-of-game rack event is present */
	int shared_nicks;               /* two players have one nick */
};

/* --- Reading --- */

struct gcg_reader;

/* gcg_reader_open: a reader of the games in fp (named name in messages).
 * A stream holds one game, or several separated by lines "#end".
 * default_rules (may be NULL, copied) is used for a game without
 * `#tile-distribution`.  Returns NULL with e set on allocation failure. */
struct gcg_reader *gcg_reader_open(FILE *fp, const char *name,
	const struct rules *default_rules, struct err *e);

/* gcg_read: reads the next game into *out (a new game the caller destroys).
 * Returns 1 with a game, 0 at the end of the stream, -1 with e set (e->line
 * = the line) when the game is malformed or unreadable: *out is NULL and the
 * reader has skipped to the next "#end", so calling again reads the next
 * game.  After a read error of the stream itself (errno), gcg_read returns
 * -1 and then 0. */
int gcg_read(struct gcg_reader *rd, struct gcg_game **out, struct err *e);

/* gcg_reader_io_error: 1 if the stream had a read error or is not text
 * (UTF-16), which a tool reports as an unreadable input (exit 2). */
int gcg_reader_io_error(const struct gcg_reader *rd);

void gcg_reader_close(struct gcg_reader *rd);

/* gcg_parse_mem: reads exactly one game from buf[0..len) (for tests and
 * fuzzing).  Returns the game or NULL with e set. */
struct gcg_game *gcg_parse_mem(const char *buf, size_t len,
	const struct rules *default_rules, struct err *e);

/* --- Light reading: players and final totals only --- */

/* What a rating needs of a game, read without a ruleset and without
 * decoding racks or moves (elocalc(1) -G).  The light reader looks at
 * these lines only: "#character-encoding" (UTF-8, or ISO-8859-1 whose
 * names are converted to UTF-8), "#playerN NICK Full Name" (N 1 or 2; 3
 * and 4 are refused: not a two-player game), "#note robot [NICK ...]",
 * events ">NICK: ... TOTAL" (the last number of the line is the player's
 * cumulative total) and "#end" exactly, which ends a game.  Every other
 * line is passed over, so a game need not replay to be read.  Limits: a
 * nick or full name of at most GCG_LIGHT_NAME_MAX bytes as written, totals
 * within +-GCG_LIGHT_TOTAL_MAX, lines of at most GCG_LINE_MAX bytes. */
#define GCG_LIGHT_NAME_MAX  255
#define GCG_LIGHT_TOTAL_MAX 1000000

struct gcg_light_player {
	char nick[2 * GCG_LIGHT_NAME_MAX + 1];  /* UTF-8 (Latin-1 converted) */
	size_t nick_len;
	char name[2 * GCG_LIGHT_NAME_MAX + 1];  /* full name, "" if none */
	size_t name_len;
	int total;                      /* last cumulative total, 0 if none */
	int robot;                      /* named by "#note robot" */
};

struct gcg_light {
	long first_line;                /* where the game starts: the line after
	                                   the "#end" before it and any empty
	                                   lines that follow that */
	int nevents;
	struct gcg_light_player player[2];
};

/* gcg_read_light: reads the next game of rd (opened by gcg_reader_open;
 * its default ruleset is not used) into *out.  check_name (may be NULL)
 * is called on every nick (full = 0) and every non-empty full name
 * (full = 1) as its #player line is read, with arg, so that a caller can
 * refuse names it cannot use on the line they are on; it returns 0, or
 * -1 with e set.  Returns 1 with a game, 0 at the end of the stream, -1
 * with e set (e->line = the line) for a game that is not rated: the
 * first problem of the game (a malformed line above, a name check_name
 * refused, an event by a nick that is no #player, a #player pragma after
 * the game's first event, or, on the game's first line, a game without
 * both #player1 and #player2); the next call goes on after that game's
 * "#end".  Empty games (nothing but blank lines and other pragmas between
 * two "#end") are passed over.  Unreadable input ends the stream: a read
 * error (e->line 0), UTF-16 on line 1 or a NUL byte return -1 with
 * gcg_reader_io_error(rd) set, then 0. */
int gcg_read_light(struct gcg_reader *rd, struct gcg_light *out,
	int (*check_name)(void *arg, int full, const char *name, size_t len,
	struct err *e), void *arg, struct err *e);

/* --- Building and writing --- */

/* gcg_game_create: an empty game with ruleset r (copied; may be NULL). */
struct gcg_game *gcg_game_create(const struct rules *r, struct err *e);
void gcg_game_destroy(struct gcg_game *g);

/* gcg_game_set_player: sets player i's nick (no spaces) and full name;
 * nplayers grows to i + 1.  Returns 0 or -1 with e set. */
int gcg_game_set_player(struct gcg_game *g, int i, const char *nick,
	const char *name, struct err *e);

/* gcg_game_add_pragma: appends "#name value" after the current last event.
 * Returns 0 or -1 with e set (allocation failure). */
int gcg_game_add_pragma(struct gcg_game *g, const char *name,
	const char *value, struct err *e);

/* gcg_game_add_event: appends a copy of *ev (text is filled from move by
 * move_format when empty, for plays, exchanges and passes); updates totals
 * and has_end.  Returns 0 or -1 with e set. */
int gcg_game_add_event(struct gcg_game *g, const struct gcg_event *ev,
	struct err *e);

/* gcg_game_add_move: appends a play, exchange or pass by player with the
 * rack it was made from (count array; NULL = not written), scored m->score;
 * the total is the player's running total plus the score. */
int gcg_game_add_move(struct gcg_game *g, int player,
	const uint8_t rack[RULES_MAX_TILES], const struct move *m, struct err *e);

/* gcg_game_settle: appends the settling events of SPEC §2.3 for the game's
 * ruleset.  racks[i] are the players' racks at the end; finisher is the
 * player who went out, or -1 when the game ended on scoreless turns.
 * Returns 0 or -1 with e set. */
int gcg_game_settle(struct gcg_game *g, const uint8_t racks[][RULES_MAX_TILES],
	int finisher, struct err *e);

/* gcg_format_event: writes event ev of game g as one GCG line (no newline)
 * into out; returns the length, or -1 if cap is too small. */
int gcg_format_event(const struct gcg_game *g, const struct gcg_event *ev,
	char *out, size_t cap);

/* gcg_write: writes g as a GCG file (UTF-8, "#character-encoding UTF-8"
 * first, players, tile-distribution, other pragmas in place, events).
 * Returns 0 or -1 with e set on a write error. */
int gcg_write(FILE *fp, const struct gcg_game *g, struct err *e);

/* --- Replay --- */

/* What gcg_replay tells a callback before each turn (play, exchange,
 * pass): the position with the event's player to move (pos->to_move = that
 * player, pos->racks[p] the rack shown; another player's rack is the one
 * shown at that player's next turn, else, with two players and the bag
 * empty, the unseen tiles, else unknown: rack_known 0),
 * unseen = tiles that player cannot see (bag and other racks), bag = the
 * number of tiles in the bag, and, for a GCG_PLAY, the scored breakdown. */
struct gcg_turn {
	int index;                      /* event index */
	const struct gcg_event *ev;
	const struct position *pos;     /* before the event */
	const uint8_t *unseen;          /* RULES_MAX_TILES counts */
	int bag;
	const struct move *move;        /* as re-read against the board, or NULL */
	const struct move_detail *detail; /* GCG_PLAY only, else NULL */
	int rack_complete;              /* the rack shown is the whole rack
	                                   (else pos->racks[] holds what is
	                                   known: at least the tiles played) */
};

#define GCG_SLIPS_KEPT 8

struct gcg_result {
	int nplayers;
	int scores[RULES_MAX_PLAYERS];  /* final scores after replay */
	int ended;                      /* 1 if the game reached its end */
	int settled;                    /* 1 if the settling events are complete */
	long moves;                     /* plays, exchanges and passes checked */
	int phonies;                    /* plays left standing with a word not in
	                                 * the lexicon (allowed when the ruleset
	                                 * has a challenge rule) */
	int settle;                     /* how the end lines add up: SETTLE_DOUBLE
	                                 * or SETTLE_TRANSFER (either is accepted,
	                                 * whatever the ruleset says), -1 if the
	                                 * game did not end by going out */
	int slips;                      /* transcription slips passed over */
	int wrong_scores;               /* GCG_WRITTEN_SCORES: plays whose
	                                 * score is not the one written */
	struct {
		long line;
		char msg[160];
	} slip[GCG_SLIPS_KEPT];         /* the first of them */
};

/* gcg_replay_ex's flags. */
enum {
	GCG_STRICT = 1,   /* a slip is an error */
	GCG_WRITTEN_SCORES = 2 /* a play's score that is not the one written
	                          is counted in res->wrong_scores and the
	                          replay goes on with the score as written
	                          (the callback sees both: t->move->score and
	                          t->ev->score) */
};

/* gcg_replay: replays g with its ruleset and lex (NULL = scores and
 * placement only, words not checked).  Calls fn (may be NULL) before each
 * event; a nonzero return stops the replay (returned as is).  Returns 0
 * if the game is consistent, -1 with e set (e->line = the event's line) at
 * the first discrepancy: a wrong score or total, a rack that does not hold
 * the played tiles, more of a letter than the bag has, a play off turn, an
 * event after the game ended, wrong end-of-game points, an exchange when
 * the bag is too small, an illegal play.  res (may be NULL) is filled as
 * far as the replay got.  A game with no end is not an error
 * (res->ended = 0). */
int gcg_replay(const struct gcg_game *g, const struct lex *lex,
	int (*fn)(const struct gcg_turn *t, void *arg), void *arg,
	struct gcg_result *res, struct err *e);

/* gcg_replay_ex: gcg_replay with flags.  Records from the wild hold
 * slips: a complete rack (as many tiles as the player holds) that lacks
 * tiles the player kept at the last turn (a rack miscopied).  gcg_replay
 * counts them in res (the game is still consistent); with GCG_STRICT the
 * first is an error.  What is always checked, partial racks or not:
 * every score, total and placement, the words (with lex), that a rack
 * holds the tiles it plays or exchanges and no more of a tile than the
 * board leaves unseen (also #rack1..#rack4 where they stand), that a
 * withdrawn play's rack is the play's, and the end.  A pass by another
 * player after the play that went out is the turn lost to a failed
 * challenge of it, when the ruleset has a challenge rule; any other
 * turn after the end is an error.  The end lines may add up under either
 * settling rule (res->settle says which), not a mix; the rule the ruleset
 * does not use is a slip, except for English (en), whose old records
 * transfer where the ruleset doubles. */
int gcg_replay_ex(const struct gcg_game *g, const struct lex *lex, int flags,
	int (*fn)(const struct gcg_turn *t, void *arg), void *arg,
	struct gcg_result *res, struct err *e);

#endif
