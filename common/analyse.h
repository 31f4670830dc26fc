/*
 * analyse.h — game analysis: every turn of a GCG game set against the
 * legal moves of its position.
 *
 * analyse_game replays a game (gcg_replay) and, before each play,
 * exchange and pass, lists every legal move of the position (gen_all)
 * and tells the caller, in a struct analyse_turn, how the move played
 * ranks among them, which move was best and what the choice cost.  Moves
 * are valued by score, or with a leave table by equity (equity.h: score
 * plus the value of the tiles kept, in millipoints).  The analysis
 * prints nothing: it hands each turn to a callback as data, which a report
 * writer formats as it likes; analyse_write_* give the text and JSON
 * formats of movegen(1) to a caller's FILE.
 *
 * Per turn (all values in millipoints, 1000 = one point):
 *   rank   1 plus the number of legal moves worth strictly more than the
 *          move played (the played play scored as written); -1 when the
 *          move played is not among the legal moves (a phony).
 *   best   by score: the highest score, ties to the first in notation
 *          order (strcmp of move_format), as a sorted move list shows
 *          them; with a leave table: the equity robot's move, the first
 *          by equity_cmp (equity_first).
 *   lost   the best move's value less the played move's, never below 0
 *          (a phony may score more than any legal move; its best value
 *          is the best legal move's, not raised to the phony's).
 * When the move played is worth as much as the best (rank 1), it is named
 * the best move: a tie is the move played.  An opening written down the
 * board on a layout symmetric about its diagonal is the same move as its
 * mirror across, which is the one the generator lists: it is ranked as
 * that (mirrored 1).  A play withdrawn after a challenge (the next event
 * is GCG_WITHDRAWN) is a turn of 0 points worth nothing (played_value 0,
 * withdrawn 1, rank -1): what it lost is the best move's value.  A play
 * whose written score is not what it scores (wrong_score 1) is ranked by
 * the score it makes; the replay goes on with the score as written
 * (GCG_WRITTEN_SCORES), counted in a->wrong_scores.
 * With a->top > 0 the turn also carries its top moves (cand, at most
 * ANALYSE_TOP_MAX), best first: by value, ties in notation order.
 * A turn whose rack is not written, or written only in part (an
 * annotator's record of the opponent: gcg_turn.rack_complete 0), is
 * passed on as ANALYSE_UNKNOWN_RACK, not analysed and not summed.
 *
 * Ownership: struct analyse is plain data the caller owns (about 6 KB,
 * most of it the equity workspace); the ruleset, lexicon, move generator
 * and leave table it names are borrowed and must outlive the call.  One
 * analysis at a time per struct analyse and per struct gen.
 *
 * Endgames: with a->endgame set, a turn of two players played with the bag
 * empty (and ranked among the legal moves: not a phony, not withdrawn) is
 * also valued by the exact solver (endgame.h), the opponent's rack being
 * the tiles unseen: the position's value (the best first move's) and the
 * move played's, each a solve of at most a->endgame_seconds (0: no limit),
 * and their difference, the exact loss (eg_*, in points, as the solver
 * counts: the final spread change).  A solve stopped by the time limit
 * gives proved bounds instead (eg_exact 0): the loss lies in
 * [eg_lost_lo, eg_lost_hi].
 *
 * Simulation: with a->simulate set, each turn analysed with tiles in the
 * bag is also handed to the caller's simulator (analyse_sim_fn), after
 * the ranking, and its result goes with the turn (t->sim) to the callback
 * and the writers.  The simulator borrows a->gen between turns; analyse.c
 * knows nothing of how it simulates (movegen's: tool_sim.h).
 *
 * Cost: one gen_all per analysed turn (every legal move listed, then one
 * pass over them; with a leave table an equity_prepare and a second pass),
 * so about what `movegen` spends on one position, times the turns.
 */
#ifndef ORDVERK_ANALYSE_H
#define ORDVERK_ANALYSE_H

#include <stdint.h>
#include <stdio.h>
#include "board.h"
#include "endgame.h"
#include "equity.h"
#include "err.h"
#include "gcg.h"
#include "gen.h"
#include "klv.h"
#include "lex.h"
#include "move.h"
#include "rules.h"
#include "sim.h"

#define ANALYSE_TEXT_MAX 96     /* a move in notation, as GCG_TEXT_MAX */
#define ANALYSE_TOP_MAX 20      /* candidates kept a turn */
#define ANALYSE_CGP_MAX 1024    /* a position as a CGP line */
#define ANALYSE_RACK_MAX (RULES_MAX_RACK * 4 + 8) /* a rack as text */

/* One of a turn's top moves. */
struct analyse_candidate {
	struct move move;
	char text[ANALYSE_TEXT_MAX];     /* move_format */
	char leave[ANALYSE_RACK_MAX];    /* the tiles kept, "" none */
	int64_t value;                   /* equity (or score), millipoints */
	int64_t leave_value;             /* value less the score */
};

enum analyse_status {
	ANALYSE_DONE,            /* the turn was analysed: rank, best, lost */
	ANALYSE_UNKNOWN_RACK,    /* the rack is not known: only what was played */
	ANALYSE_FAILED           /* the turn could not be valued: err says why */
};

struct analyse_turn;

/* A turn's simulation (movegen -a --sim; the simulator is the caller's,
 * see struct analyse): its candidates as struct sim_arm (sim.h: the
 * static values and the sums of the win and spread samples), best first
 * by sim_order. */
struct analyse_sim {
	uint64_t seed;              /* the turn's seed: its iteration k drew
	                               from rng_stream_seed(seed, k) */
	long iterations;            /* iterations run */
	const char *stopped;        /* what stopped them (tool_sim_loop) */
	char cgp[ANALYSE_CGP_MAX];  /* the position simulated, the mover's
	                               rack only ("" if it does not fit) */
	int narms;
	struct sim_arm *arms;       /* narms, best first */
	int played;                 /* the move played's index in arms; -1
	                               when it could not be simulated (a
	                               phony, a withdrawn play, an exchange
	                               of tiles not written) */
};

/* The simulator: values turn t (ANALYSE_DONE, the bag not empty; its
 * position t->at->pos, the move played t->played) and points *out at
 * its result, which stays valid until the next call.  Returns 0 (*out
 * NULL: the turn was not simulated, e.g. more than two players), or -1
 * with e set (the analysis stops: analyse_game returns -2). */
typedef int analyse_sim_fn(void *ctx, const struct analyse_turn *t,
	const struct analyse_sim **out, struct err *e);

/* One turn as analyse_game hands it to its callback. */
struct analyse_turn {
	long turn;               /* plays, exchanges and passes so far, from 1 */
	int player;              /* index into the game's players */
	int status;              /* enum analyse_status */
	struct err err;          /* ANALYSE_FAILED: the message, err.line the
	                            event's line */
	/* The replay's view before the move: at->pos (board, racks, the
	 * running scores), at->bag, at->ev (the event as written).  Valid
	 * during the callback only. */
	const struct gcg_turn *at;
	struct move played;      /* as re-read against the board; a play's
	                            score is the one written */
	char played_text[ANALYSE_TEXT_MAX]; /* move_format, else as written */
	int score;               /* the points written for the turn (0 for
	                            a withdrawn play) */
	char rack[ANALYSE_RACK_MAX]; /* the mover's rack, "" if not known */
	int bag;                 /* tiles in the bag before the move */
	int withdrawn;           /* the play was taken back (see above) */
	int wrong_score;         /* the written score is not the play's */
	int real_score;          /* what the play scores */
	int mirrored;            /* ranked as its mirror across (see above) */
	/* ANALYSE_DONE only (else rank 0, nmoves 0, no best): */
	long rank;               /* see above; -1 a phony */
	long nmoves;             /* legal moves of the position */
	int has_best;            /* 0 only if there was no legal move */
	struct move best;
	char best_text[ANALYSE_TEXT_MAX]; /* move_format, "-" if none */
	int64_t played_value;    /* equity (or score) of the move played */
	int64_t best_value;      /* of the best move, raised to played_value
	                            when that is more */
	int64_t lost;            /* best_value - played_value */
	/* Endgame (see above): eg 1 when the solver valued the turn. */
	int eg;
	int eg_exact;            /* every bound below is tight */
	char eg_best_text[ANALYSE_TEXT_MAX]; /* its best first move */
	int eg_best_lo, eg_best_hi;     /* the position's value, points */
	int eg_played_lo, eg_played_hi; /* the move played's */
	int eg_lost_lo, eg_lost_hi;     /* what the move played lost */
	char eg_cgp[ANALYSE_CGP_MAX];   /* the position solved, both racks,
	                                   as CGP ("" if it does not fit) */
	int ncand;               /* top moves, with a->top */
	struct analyse_candidate cand[ANALYSE_TOP_MAX];
	/* With a->simulate, a turn analysed with tiles in the bag: its
	 * simulation (borrowed from the simulator, valid during the
	 * callback); else NULL. */
	const struct analyse_sim *sim;
};

/* What each player's analysed turns add up to. */
struct analyse_player {
	long moves;              /* turns analysed (ANALYSE_DONE) */
	long best;               /* of them, those of rank 1 */
	int64_t lost;            /* sum of lost, millipoints */
};

/* The callback: return 0 to go on, a positive value to stop the replay
 * (analyse_game returns it). */
typedef int analyse_fn(const struct analyse_turn *t, void *arg);

/* An analysis.  The caller sets the first four fields (borrowed) and calls
 * analyse_game, which fills the rest. */
struct analyse {
	const struct rules *rules;   /* for notation and equity */
	const struct lex *lex;       /* the replay checks words against it
	                                (NULL: not checked) */
	struct gen *gen;             /* a generator for rules and lex */
	const struct klv *leaves;    /* NULL: moves valued by score */
	int top;                     /* top moves kept a turn, 0..
	                                ANALYSE_TOP_MAX */
	int replay_flags;            /* gcg_replay_ex's (GCG_STRICT), to
	                                which GCG_WRITTEN_SCORES is added */
	struct endgame *endgame;     /* NULL: no exact endgame values; else
	                                a solver made for rules and gen */
	double endgame_seconds;      /* a solve's time limit, 0: none */
	const char *lexicon_name;    /* for the writers, or NULL */
	const char *leaves_name;     /* for the writers, or NULL */
	analyse_sim_fn *simulate;    /* NULL: no simulation; else called for
	                                each turn analysed with tiles in the
	                                bag (a turn played with the bag empty
	                                has the solver's exact values) */
	void *sim_ctx;
	struct analyse_sim_head {    /* for the writers' head, with simulate */
		int plies;
		long iterations;     /* the cap a turn */
		double seconds;      /* a turn's time, 0: none */
		double stop;         /* 0.95, 0.99; 0: none */
		uint64_t seed;
		const char *winpct;  /* the win table's name, "none" */
	} sim_head;
	/* Filled by analyse_game: */
	long turns;                  /* plays, exchanges and passes seen */
	long failed;                 /* turns passed on as ANALYSE_FAILED */
	long wrong_scores;           /* plays whose written score is wrong */
	long endgame_turns;          /* turns the solver valued */
	long sim_turns;              /* turns simulated */
	struct gcg_result result;    /* the replay's (slips, settling) */
	struct analyse_player players[RULES_MAX_PLAYERS];
	struct equity eq;            /* workspace: the turn's equity */
};

/* analyse_game: replays game g (gcg_replay_ex with a->lex and
 * a->replay_flags | GCG_WRITTEN_SCORES) and calls fn (may
 * be NULL) with each play, exchange and pass, in order, analysed as above;
 * the players' sums and the counts of a are reset first and filled as the
 * game goes.  Returns 0 when the whole game was replayed, fn's positive
 * value when fn stopped it, -1 with e set (e->line = the line) at the
 * first discrepancy of the game (a wrong score, an illegal play: see
 * gcg_replay; the turns before it have been passed on), or -2 with e set
 * when memory ran out or the simulator failed.  A turn that could not be valued (its position
 * holds more of a tile than the bag: equity_prepare) does not stop the
 * game: it is passed on as ANALYSE_FAILED and counted in a->failed. */
int analyse_game(struct analyse *a, const struct gcg_game *g, analyse_fn *fn,
	void *arg, struct err *e);

/* analyse_position_at: replays g (words checked against lex, may be NULL)
 * up to its turn `turn` (from 1, as analyse_game counts) and copies the
 * position before it into *p (the turn's player to move) and the line of
 * its event into *line.  Returns 1; 0 when the game has fewer turns; -1
 * with e set at a discrepancy before the turn (see gcg_replay). */
int analyse_position_at(const struct gcg_game *g, const struct lex *lex,
	long turn, struct position *p, long *line, struct err *e);

/* analyse_is_turn: 1 if ev is a play, exchange or pass (what analyse_game
 * counts as a turn), else 0 (challenges, withdrawals, end-of-game lines). */
int analyse_is_turn(const struct gcg_event *ev);

/* analyse_same_move: 1 if generated move m is move played p: the same
 * tiles on the same squares (a one-tile play matches whichever direction
 * it was written in; a play is compared by the squares it fills, so
 * through-letters need not be marked alike), the same exchange (by the
 * tiles, as a multiset; by the count when either gives only a count), or
 * both passes; else 0. */
int analyse_same_move(const struct move *m, const struct move *p);

/* The writers of movegen(1)'s formats, text (json 0) or JSON (json 1);
 * a write error shows in ferror(fp).  A game is
 *   text:  "# FILE", "# lexicon LEX<TAB>values equity, leaves KLV" (or
 *          "values score"), a header line "#TURN<TAB>PLAYER<TAB>RACK<TAB>
 *          MOVE<TAB>SCORE<TAB>VALUE<TAB>RANK<TAB>OF<TAB>BEST<TAB>
 *          BEST_SCORE<TAB>BEST_VALUE<TAB>LOST<TAB>NOTE", a line a turn
 *          followed by its top moves as "#<TAB>N<TAB>MOVE<TAB>SCORE<TAB>
 *          LEAVE<TAB>VALUE", "# NICK<TAB>moves N<TAB>best N<TAB>lost P" a
 *          player and an empty line;
 *   JSON:  one line {"file":FILE,"lexicon":LEX,"values":"equity"|"score",
 *          "leaves":KLV|null,"moves":[turns],"players":[players]}.
 * analyse_write_head: the start of the game read from file, analysed by a.
 * analyse_write_turn: turn t of game g (not written when ANALYSE_FAILED);
 *   first: t is the first turn written (JSON: no comma before it).
 *   A turn the solver valued is followed (after its top moves) by
 *   "#<TAB>endgame<TAB>BEST<TAB>BEST_VALUE<TAB>PLAYED_VALUE<TAB>LOST<TAB>
 *   STATUS", values in points ("LO..HI" where not exact), STATUS "exact"
 *   or "bound"; JSON: "endgame":{"best":M,"status":S,"best_value":[LO,HI],
 *   "played_value":[LO,HI],"lost":[LO,HI],"cgp":CGP} (LO == HI when exact;
 *   null for no bound; CGP the position solved, both racks written, for
 *   movegen --endgame).
 *   VALUE, BEST_VALUE and LOST are in points with three decimals; NOTE is
 *   "-", "phony", "withdrawn", "mirrored" or "wrong score: scores S"; an
 *   unknown rack is written with "-" for the numbers and "unknown rack"
 *   for the best move (JSON: "rank":null,"best":null,"unknown_rack":true).
 *   A simulated turn (t->sim) ends with its candidates best first,
 *   "#<TAB>sim<TAB>N<TAB>MOVE<TAB>SCORE<TAB>EQUITY<TAB>WIN<TAB>WIN_SE<TAB>
 *   SPREAD<TAB>SPREAD_SE<TAB>ITERATIONS<TAB>played|-", and its verdict,
 *   "#<TAB>sim-verdict<TAB>BEST<TAB>BEST_WIN<TAB>BEST_SE<TAB>PLAYED_WIN<TAB>
 *   PLAYED_SE<TAB>LOST<TAB>ITERATIONS<TAB>STOPPED<TAB>SEED" (win chances
 *   in per cent, two decimals; "-" where the move played was not
 *   simulated); JSON "sim":{...} as movegen(1) gives it; with a->simulate
 *   the head has a line "# simulation<TAB>plies P<TAB>..." (JSON "sim").
 * analyse_write_tail: the players' sums of a and the end of the game. */
void analyse_write_head(FILE *fp, const struct analyse *a, const char *file,
	int json);
void analyse_write_turn(FILE *fp, const struct gcg_game *g,
	const struct analyse_turn *t, int json, int first);
void analyse_write_tail(FILE *fp, const struct analyse *a,
	const struct gcg_game *g, int json);

#endif
