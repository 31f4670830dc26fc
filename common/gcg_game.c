/*
 * gcg_game.c — GCG games (SPEC §2.3): the in-memory game (create, destroy,
 * pragmas, players, events, moves, the settling a program adds) and the
 * small helpers the other parts share (gcg_impl.h).  See gcg.h.
 *
 * The rest of the GCG module: gcg_read.c reads GCG text into games (and
 * the light reader for ratings), gcg_replay.c replays a game against the
 * rules and gives the verdicts, gcg_write.c writes games as GCG.
 */
#include <stdlib.h>
#include <string.h>
#include "gcg_impl.h"

/* ---------------------------------------------------------------- helpers */

int
gcg_is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
	    c == '\v';
}

int
gcg_copy_str(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);

	if (n >= cap)
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

/* Sum of tile values of a rack count array. */
int
gcg_rack_value(const struct rules *r, const uint8_t *rack)
{
	int t, v = 0;

	for (t = 0; t <= r->nletters; t++)
		v += rack[t] * r->values[t];
	return v;
}

static int
rack_count(const struct rules *r, const uint8_t *rack)
{
	int t, n = 0;

	for (t = 0; t <= r->nletters; t++)
		n += rack[t];
	return n;
}

/* ------------------------------------------------------------ game basics */

struct gcg_game *
gcg_game_create(const struct rules *r, struct err *e)
{
	struct gcg_game *g = calloc(1, sizeof *g);

	if (g == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	if (r != NULL) {
		g->rules = *r;
		g->have_rules = 1;
	}
	return g;
}

void
gcg_game_destroy(struct gcg_game *g)
{
	int i;

	if (g == NULL)
		return;
	for (i = 0; i < g->npragmas; i++) {
		free(g->pragmas[i].name);
		free(g->pragmas[i].value);
	}
	free(g->pragmas);
	free(g->events);
	free(g);
}

int
gcg_add_pragma_at(struct gcg_game *g, long line, const char *name,
	const char *value, struct err *e)
{
	struct gcg_pragma *p;

	if (g->npragmas >= GCG_MAX_EVENTS) {
		err_set(e, line, "more than %d pragmas in one game",
		    GCG_MAX_EVENTS);
		return -1;
	}
	if (g->npragmas == g->cap_pragmas) {
		int ncap = g->cap_pragmas ? 2 * g->cap_pragmas : 8;

		p = realloc(g->pragmas, (size_t)ncap * sizeof *p);
		if (p == NULL)
			goto oom;
		g->pragmas = p;
		g->cap_pragmas = ncap;
	}
	p = &g->pragmas[g->npragmas];
	p->line = line;
	p->after = g->nevents - 1;
	p->name = strdup(name);
	p->value = strdup(value);
	if (p->name == NULL || p->value == NULL) {
		free(p->name);
		free(p->value);
		goto oom;
	}
	g->npragmas++;
	return 0;
oom:
	err_set(e, line, "out of memory");
	return -1;
}

int
gcg_game_add_pragma(struct gcg_game *g, const char *name, const char *value,
	struct err *e)
{
	return gcg_add_pragma_at(g, 0, name, value, e);
}

int
gcg_game_set_player(struct gcg_game *g, int i, const char *nick,
	const char *name, struct err *e)
{
	const char *s;

	if (i < 0 || i >= RULES_MAX_PLAYERS) {
		err_set(e, 0, "player %d out of range", i + 1);
		return -1;
	}
	for (s = nick; *s; s++)
		if (gcg_is_space((unsigned char)*s) || *s == ':') {
			err_set(e, 0, "nick '%s' has a space or ':'", nick);
			return -1;
		}
	if (*nick == '\0' || gcg_copy_str(g->players[i].nick, GCG_NICK_MAX, nick) ||
	    gcg_copy_str(g->players[i].name, GCG_NAME_MAX, name ? name : nick)) {
		err_set(e, 0, "nick or name empty or too long");
		return -1;
	}
	if (g->nplayers < i + 1)
		g->nplayers = i + 1;
	return 0;
}

void
gcg_update_summary(struct gcg_game *g, const struct gcg_event *ev)
{
	if (ev->player >= 0 && ev->player < RULES_MAX_PLAYERS)
		g->totals[ev->player] = ev->total;
	if (ev->kind == GCG_END_POINTS || ev->kind == GCG_RACK_PENALTY)
		g->has_end = 1;
}

struct gcg_event *
gcg_new_event(struct gcg_game *g, struct err *e, long line)
{
	struct gcg_event *ev;

	if (g->nevents >= GCG_MAX_EVENTS) {
		err_set(e, line, "more than %d events in one game", GCG_MAX_EVENTS);
		return NULL;
	}
	if (g->nevents == g->cap_events) {
		int ncap = g->cap_events ? 2 * g->cap_events : 32;

		ev = realloc(g->events, (size_t)ncap * sizeof *ev);
		if (ev == NULL) {
			err_set(e, line, "out of memory");
			return NULL;
		}
		g->events = ev;
		g->cap_events = ncap;
	}
	ev = &g->events[g->nevents];
	memset(ev, 0, sizeof *ev);
	ev->line = line;
	ev->nrack = -1;
	return ev;
}

int
gcg_game_add_event(struct gcg_game *g, const struct gcg_event *src,
	struct err *e)
{
	struct gcg_event *ev;

	if (src->player < 0 || src->player >= RULES_MAX_PLAYERS) {
		err_set(e, 0, "event for player %d out of range", src->player + 1);
		return -1;
	}
	if ((ev = gcg_new_event(g, e, src->line)) == NULL)
		return -1;
	*ev = *src;
	if (ev->text[0] == '\0' && (ev->kind == GCG_PLAY ||
	    ev->kind == GCG_PASS || ev->kind == GCG_EXCHANGE)) {
		if (!g->have_rules) {
			err_set(e, 0, "game has no ruleset");
			return -1;
		}
		if (ev->kind == GCG_PASS)
			strcpy(ev->text, "-");
		else if (move_format(&g->rules, &ev->move, ev->text,
		    sizeof ev->text) < 0) {
			err_set(e, 0, "move does not fit a GCG line");
			return -1;
		}
	}
	if (g->nplayers < ev->player + 1)
		g->nplayers = ev->player + 1;
	g->nevents++;
	gcg_update_summary(g, ev);
	return 0;
}

int
gcg_game_add_move(struct gcg_game *g, int player,
	const uint8_t rack[RULES_MAX_TILES], const struct move *m, struct err *e)
{
	struct gcg_event ev;

	if (player < 0 || player >= RULES_MAX_PLAYERS) {
		err_set(e, 0, "player %d out of range", player + 1);
		return -1;
	}
	memset(&ev, 0, sizeof ev);
	ev.player = player;
	ev.kind = m->kind == MOVE_PLACE ? GCG_PLAY :
	    m->kind == MOVE_EXCHANGE ? GCG_EXCHANGE : GCG_PASS;
	ev.move = *m;
	ev.score = m->kind == MOVE_PLACE ? m->score : 0;
	ev.total = g->totals[player] + ev.score;
	ev.nrack = -1;
	ev.nother = -1;
	if (rack != NULL && g->have_rules) {
		memcpy(ev.rack, rack, RULES_MAX_TILES);
		ev.nrack = rack_count(&g->rules, rack);
	}
	return gcg_game_add_event(g, &ev, e);
}

int
gcg_game_settle(struct gcg_game *g, const uint8_t racks[][RULES_MAX_TILES],
	int finisher, struct err *e)
{
	const struct rules *r = &g->rules;
	struct gcg_event ev;
	uint8_t others[RULES_MAX_TILES];
	int i, t, v;

	if (!g->have_rules) {
		err_set(e, 0, "game has no ruleset");
		return -1;
	}
	if (finisher >= g->nplayers) {
		err_set(e, 0, "finisher %d out of range", finisher + 1);
		return -1;
	}
	if (finisher >= 0) {
		memset(others, 0, sizeof others);
		for (i = 0; i < g->nplayers; i++)
			if (i != finisher)
				for (t = 0; t <= r->nletters; t++)
					others[t] = (uint8_t)(others[t] + racks[i][t]);
		v = gcg_rack_value(r, others);
		memset(&ev, 0, sizeof ev);
		ev.player = finisher;
		ev.kind = GCG_END_POINTS;
		ev.nrack = -1;
		memcpy(ev.other, others, sizeof others);
		ev.nother = rack_count(r, others);
		ev.score = r->settle == SETTLE_DOUBLE ? 2 * v : v;
		ev.total = g->totals[finisher] + ev.score;
		if (gcg_game_add_event(g, &ev, e) < 0)
			return -1;
		if (r->settle == SETTLE_DOUBLE)
			return 0;
	}
	for (i = 0; i < g->nplayers; i++) {
		if (i == finisher || rack_count(r, racks[i]) == 0)
			continue;
		memset(&ev, 0, sizeof ev);
		ev.player = i;
		ev.kind = GCG_RACK_PENALTY;
		memcpy(ev.rack, racks[i], RULES_MAX_TILES);
		memcpy(ev.other, racks[i], RULES_MAX_TILES);
		ev.nrack = ev.nother = rack_count(r, racks[i]);
		ev.score = -gcg_rack_value(r, racks[i]);
		ev.total = g->totals[i] + ev.score;
		if (gcg_game_add_event(g, &ev, e) < 0)
			return -1;
	}
	return 0;
}
