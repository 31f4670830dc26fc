/*
 * tool_analyse.h — movegen(1)'s --analyse of one game: the turns written
 * as text or JSON (analyse_write_*), a picture a turn and a page a game as
 * asked (tool_show.h), and what the replay found said on standard error.
 * Support for the mains only, like tool.h: it prints its messages.
 *
 * Exit status of a game (tool.h): TOOL_OK (slips of the record, see
 * gcg_replay_ex, are warned); TOOL_NO when a recorded score does not add
 * up (every turn is still analysed, the bad lines marked, the page
 * written); TOOL_ERR when the game does not replay (a slip under --strict
 * too: the turns before the discrepancy are written, no page), a turn
 * could not be valued, or a file could not be written.
 */
#ifndef ORDVERK_TOOL_ANALYSE_H
#define ORDVERK_TOOL_ANALYSE_H

#include "engine.h"
#include "gcg.h"
#include "tool_show.h"
#include "tool_sim.h"

struct tool_analyse {
	int json;                   /* --json */
	int top;                    /* --top: candidates a turn */
	int strict;                 /* --strict: a slip is an error */
	struct tool_show *show;     /* borrowed */
	long pages;                 /* games analysed so far, numbering pages */
	double endgame_seconds;     /* --endgame-time: a solve's limit for the
	                               turns played with the bag empty (0:
	                               those are not solved) */
	struct tool_sim *sim;       /* --sim (tool_sim_analyse_check'ed), or
	                               NULL */
	uint64_t seed;              /* --seed, for --sim */
	int by_score;               /* --sort score: with --sim (which loads
	                               the leave table for its robot) the
	                               verdicts stay by score */
};

/* tool_analyse_game: analyses game g (read from file) with engine en,
 * whose lexicon and leave table are called lexname and leavesname ("" for
 * none).  Returns TOOL_OK, TOOL_NO or TOOL_ERR as above; exits 2 when
 * memory runs out. */
int tool_analyse_game(struct tool_analyse *ta, struct engine *en,
	const char *lexname, const char *leavesname, const struct gcg_game *g,
	const char *file);

#endif
