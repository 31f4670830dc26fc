/*
 * tool_analyse.c — movegen's --analyse of one game (tool_analyse.h).
 */
#include <stdio.h>
#include <string.h>
#include "analyse.h"
#include "endgame.h"
#include "report.h"
#include "tool.h"
#include "tool_analyse.h"

/* One game: whether a JSON turn was written yet. */
struct game_run {
	struct tool_analyse *ta;
	struct engine *en;
	const struct gcg_game *game;
	const char *file;
	int json_first;
	struct report *report;      /* --html, else NULL */
};

/* A turn written, or why it could not be analysed. */
static int
print_turn(const struct analyse_turn *t, void *arg)
{
	struct game_run *gr = arg;
	struct tool_show *show = gr->ta->show;
	struct err e;

	if (t->status == ANALYSE_FAILED) {
		tool_warnfl(gr->file, t->err.line, "%s", t->err.msg);
		return 0;
	}
	if (t->wrong_score)
		tool_warnfl(gr->file, t->at->ev->line, "%s scores %+d, not %+d "
		    "as written (analysed as it scores; the game goes on with "
		    "the score written)", t->played_text, t->real_score, t->score);
	analyse_write_turn(stdout, gr->game, t, gr->ta->json, gr->json_first);
	gr->json_first = 0;
	if (gr->report != NULL && report_add(gr->report, t, &e) < 0)
		tool_die("%s", e.msg);
	if (show->text || show->svg != NULL) {
		static struct position pos;     /* 3.5 KB, not on the stack */
		struct picture pic;
		char caption[3 * ANALYSE_TEXT_MAX + 64];

		report_turn_picture(&pic, &pos, gr->game, t, gr->en->leaves !=
		    NULL, caption, sizeof caption);
		return tool_show_picture(show, &pic, t->turn) < 0;
	}
	return 0;
}

/* The solver of the engine last analysed with (one engine at a time:
 * remade when the ruleset changes).  2^18 entries, 36 MB: an analysis
 * solves many small endgames, not one hard one. */
#define ANALYSE_TT_LOG2 18
static struct endgame *eg_solver;
static const struct engine *eg_engine;

static struct endgame *
solver_for(struct engine *en)
{
	struct err e;

	if (eg_solver != NULL && eg_engine == en)
		return eg_solver;
	endgame_destroy(eg_solver);
	eg_solver = NULL;
	if ((eg_solver = endgame_create(&en->rules, en->gen, ANALYSE_TT_LOG2,
	    &e)) == NULL)
		tool_die("%s", e.msg);
	eg_engine = en;
	return eg_solver;
}

int
tool_analyse_game(struct tool_analyse *ta, struct engine *en,
	const char *lexname, const char *leavesname, const struct gcg_game *g,
	const char *file)
{
	static struct analyse a;        /* the equity workspace: not on the
	                                   stack */
	struct game_run gr = { ta, en, g, file, 1, NULL };
	struct err e;
	int ret = TOOL_OK, i;

	memset(&a, 0, sizeof a);
	a.rules = &en->rules;
	a.lex = en->lex;
	a.gen = en->gen;
	a.leaves = ta->sim != NULL && ta->by_score ? NULL : en->leaves;
	a.top = ta->top;
	a.replay_flags = ta->strict ? GCG_STRICT : 0;
	a.lexicon_name = lexname;
	a.leaves_name = leavesname;
	if (ta->endgame_seconds > 0) {
		a.endgame = solver_for(en);
		a.endgame_seconds = ta->endgame_seconds;
	}
	if (ta->sim != NULL)
		tool_sim_analyse(ta->sim, en, &a, ta->seed, file);
	if (ta->show->html != NULL && (gr.report = report_create(g, file,
	    &a, &e)) == NULL)
		tool_die("%s", e.msg);
	analyse_write_head(stdout, &a, file, ta->json);
	switch (analyse_game(&a, g, print_turn, &gr, &e)) {
	case -2:
		tool_die("%s", e.msg);
	case -1:
		tool_warnfl(file, e.line, "%s", e.msg);
		ret = TOOL_ERR;
		break;
	case 1:         /* a picture could not be written: said */
		ret = TOOL_ERR;
	}
	if (a.failed > 0)
		ret = TOOL_ERR;
	for (i = 0; i < a.result.slips && i < GCG_SLIPS_KEPT; i++)
		tool_warnfl(file, a.result.slip[i].line, "%s (a slip in the "
		    "record; --strict refuses it)", a.result.slip[i].msg);
	if (a.wrong_scores > 0 && ret == TOOL_OK)
		ret = TOOL_NO;
	analyse_write_tail(stdout, &a, g, ta->json);
	/* A page only of a game that replayed: no page on failure. */
	ta->pages++;
	if (gr.report != NULL && ret != TOOL_ERR && tool_show_report(ta->show,
	    gr.report, g->totals, ta->pages) < 0)
		ret = TOOL_ERR;
	report_destroy(gr.report);
	return ret;
}
