/*
 * tool_engine.c — the engines of the rulesets a tool meets (tool_engine.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tool.h"
#include "tool_engine.h"

struct engine *
tool_engine_get(struct tool_engines *t, const char *name, int bb,
	const char *file, long line)
{
	struct engine_opts eo = { t->lexicon, t->vocab, t->leaves, NULL,
	    t->robot, NULL };
	struct rules r;
	struct err e;
	char key[sizeof t->key[0]], *lexpath = NULL, *leavespath = NULL;
	char *winpctpath = NULL;
	const char *named = t->lexicon == NULL && t->named != NULL ?
	    t->named : "";
	int i, rc;

	snprintf(key, sizeof key, "%s/%d@%.127s", name, bb, named);
	for (i = 0; i < t->n; i++)
		if (strcmp(t->key[i], key) == 0)
			return &t->en[i];
	if (t->n == TOOL_ENGINES_MAX) {
		tool_warnfl(file, line, "too many rulesets in one run");
		return NULL;
	}
	if (rules_get(&r, name, &e) != 0) {
		tool_warnfl(file, line, "ruleset %s: %s", name, e.msg);
		return NULL;
	}
	if (bb >= 0)
		r.bingo_bonus = bb;
	if (eo.lexicon == NULL && named[0] != '\0' &&
	    (eo.lexicon = lexpath = tool_find_file(named, "lex")) == NULL &&
	    (eo.lexicon = lexpath = tool_find_file(named, "kwg")) == NULL)
		tool_warnfl(file, line, "note: #lexicon %s: no %s.lex or %s.kwg "
		    "in the lexicon directory; using ruleset %s's default "
		    "lexicon", named, named, named, r.name);
	if (eo.lexicon == NULL) {
		if ((eo.lexicon = lexpath = tool_default_lexicon(&r)) == NULL) {
			tool_warnfl(file, line, "no lexicon for ruleset %s: give -l",
			    r.name);
			return NULL;
		}
	}
	if (eo.leaves == NULL && t->leaves_path != NULL)
		eo.leaves_path = t->leaves_path;
	else if (eo.leaves == NULL && t->default_leaves)
		eo.leaves_path = leavespath = tool_default_leaves(&r);
	/* The sim robot values its horizon by the ruleset's win table. */
	if (t->robot == (int)ROBOT_SIM)
		eo.winpct_path = winpctpath = tool_default_winpct(&r);
	rc = engine_open(&t->en[t->n], &r, &eo, &e);
	if (rc == 0) {
		const char *lp = eo.lexicon, *kp = eo.leaves != NULL ?
		    t->leaves_path : eo.leaves_path;

		snprintf(t->names[t->n].lexicon, sizeof t->names[0].lexicon,
		    "%s", strrchr(lp, '/') ? strrchr(lp, '/') + 1 : lp);
		if (t->en[t->n].leaves == NULL || kp == NULL)
			kp = t->en[t->n].leaves == NULL ? "" : "-";
		snprintf(t->names[t->n].leaves, sizeof t->names[0].leaves,
		    "%s", strrchr(kp, '/') ? strrchr(kp, '/') + 1 : kp);
	}
	free(lexpath);
	free(leavespath);
	free(winpctpath);
	if (rc == -2)
		tool_die("%s", e.msg);
	if (rc != 0) {
		tool_warn("%s", e.msg);     /* it names the file */
		return NULL;
	}
	if (t->need_leaves && t->en[t->n].leaves == NULL) {
		tool_warnfl(file, line, "--sort equity: ruleset %s has no leave "
		    "table; give --leaves FILE", r.name);
		engine_close(&t->en[t->n]);
		return NULL;
	}
	snprintf(t->key[t->n], sizeof t->key[t->n], "%s", key);
	return &t->en[t->n++];
}

void
tool_engines_close(struct tool_engines *t)
{
	int i;

	for (i = 0; i < t->n; i++)
		engine_close(&t->en[i]);
	t->n = 0;
}

struct engine *
tool_engine_cgp(struct tool_engines *engines, const char *rules_name,
	const char *s, size_t len, struct position *p, const char *file,
	long line)
{
	char name[RULES_NAME_MAX];
	struct engine *en;
	struct err e;

	if (!cgp_peek_rules(s, len, name, sizeof name)) {
		if (rules_name == NULL) {
			tool_warnfl(file, line,
			    "no ruleset: the line has no ld and -r was not given");
			return NULL;
		}
		snprintf(name, sizeof name, "%s", rules_name);
	}
	if ((en = tool_engine_get(engines, name, -1, file, line)) == NULL)
		return NULL;
	if (cgp_parse(&en->rules, s, len, p, &e) != 0) {
		tool_warnfl(file, e.line ? e.line : line, "%s", e.msg);
		return NULL;
	}
	if (p->bingo_bonus >= 0 && p->bingo_bonus != en->rules.bingo_bonus &&
	    (en = tool_engine_get(engines, name, p->bingo_bonus, file,
	    line)) == NULL)
		return NULL;
	if (position_check_tiles(&en->rules, p, &e) != 0) {
		tool_warnfl(file, line, "%s", e.msg);
		return NULL;
	}
	return en;
}


void
tool_engines_game(struct tool_engines *t, const char *file,
	const struct rules *def, const struct gcg_game *game)
{
	tool_game_rules_note(file, def, &game->rules);
	t->named = game->lexicon;
}
