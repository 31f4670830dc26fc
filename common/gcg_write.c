/*
 * gcg_write.c — GCG games (SPEC §2.3): the writer: one event as a GCG line,
 * a whole game with its pragmas, and racks as GCG shows them (also for the
 * replay's messages).  See gcg.h.
 *
 * The rest of the GCG module: gcg_game.c (the in-memory game and shared
 * helpers), gcg_read.c (reader), gcg_replay.c (replay and verdicts).
 */
#include <errno.h>
#include <string.h>
#include "gcg_impl.h"

/* ----------------------------------------------------------------- writer */

/* gcg_rack_text: writes a rack as GCG shows it: blanks first as '?', then
 * letters by code point (the order Quackle and Macondo use, and the
 * conformance files).  Returns the length or -1 if it does not fit. */
int
gcg_rack_text(const struct rules *r, const uint8_t *rack, char *out, size_t cap)
{
	int order[RULES_MAX_TILES];
	int i, j, t, n = 0;
	size_t len = 0;

	for (t = 1; t <= r->nletters; t++) {
		/* insertion sort by code point: at most 63 letters */
		for (j = n; j > 0 && r->upper[order[j - 1]] > r->upper[t]; j--)
			order[j] = order[j - 1];
		order[j] = t;
		n++;
	}
	if (cap == 0)
		return -1;
	for (i = 0; i < rack[0]; i++) {
		if (len + 2 > cap)
			goto toolong;
		out[len++] = '?';
	}
	for (i = 0; i < n; i++) {
		size_t k;

		t = order[i];
		k = strlen(r->utf8[t]);
		for (j = 0; j < rack[t]; j++) {
			if (len + k + 1 > cap)
				goto toolong;
			memcpy(out + len, r->utf8[t], k);
			len += k;
		}
	}
	out[len] = '\0';
	return (int)len;
toolong:
	out[0] = '\0';
	return -1;
}

int
gcg_format_event(const struct gcg_game *g, const struct gcg_event *ev,
	char *out, size_t cap)
{
	const struct rules *r = &g->rules;
	char rack[RULES_MAX_TILES * 8], other[RULES_MAX_TILES * 8];
	const char *nick;
	const char *sp;
	int n;

	n = ev->player == GCG_BY_TURN ? ev->shared_first : ev->player;
	if (n < 0 || n >= RULES_MAX_PLAYERS)
		return -1;
	nick = g->players[n].nick;
	rack[0] = other[0] = '\0';
	if (ev->nrack > 0 && gcg_rack_text(r, ev->rack, rack, sizeof rack) < 0)
		return -1;
	if (ev->kind == GCG_END_POINTS || ev->kind == GCG_RACK_PENALTY)
		if (gcg_rack_text(r, ev->other, other, sizeof other) < 0)
			return -1;
	sp = rack[0] ? " " : "";
	switch (ev->kind) {
	case GCG_PLAY:
	case GCG_PASS:
	case GCG_EXCHANGE:
		n = snprintf(out, cap, ">%s: %s%s%s %+d %d", nick, rack, sp,
		    ev->kind == GCG_PASS ? "-" : ev->text, ev->score, ev->total);
		break;
	case GCG_WITHDRAWN:
		if (ev->score_zero_marked)
			n = snprintf(out, cap, ">%s: %s%s-- +0 %d", nick, rack,
			    sp, ev->total);
		else
			n = snprintf(out, cap, ">%s: %s%s-- -%d %d", nick, rack,
			    sp, ev->score < 0 ? -ev->score : ev->score,
			    ev->total);
		break;
	case GCG_CHALLENGE:
		n = snprintf(out, cap, ">%s: %s%s(challenge) %+d %d", nick, rack,
		    sp, ev->score, ev->total);
		break;
	case GCG_END_POINTS:
		n = snprintf(out, cap, ">%s: (%s) %+d %d", nick, other,
		    ev->score, ev->total);
		break;
	case GCG_RACK_PENALTY:
		n = snprintf(out, cap, ">%s: %s%s(%s) -%d %d", nick, rack, sp,
		    other, ev->score < 0 ? -ev->score : ev->score, ev->total);
		break;
	case GCG_TIME_PENALTY:
		n = snprintf(out, cap, ">%s: %s%s(time) -%d %d", nick, rack, sp,
		    ev->score < 0 ? -ev->score : ev->score, ev->total);
		break;
	default:
		return -1;
	}
	if (n < 0 || (size_t)n >= cap)
		return -1;
	return n;
}

static int
has_pragma(const struct gcg_game *g, const char *name)
{
	int i;

	for (i = 0; i < g->npragmas; i++)
		if (strcmp(g->pragmas[i].name, name) == 0)
			return 1;
	return 0;
}

static int
write_pragmas_after(FILE *fp, const struct gcg_game *g, int after)
{
	int i;

	for (i = 0; i < g->npragmas; i++) {
		const struct gcg_pragma *p = &g->pragmas[i];

		if (p->after != after ||
		    strcmp(p->name, "character-encoding") == 0)
			continue;
		if (fprintf(fp, "#%s%s%s\n", p->name, p->value[0] ? " " : "",
		    p->value) < 0)
			return -1;
	}
	return 0;
}

int
gcg_write(FILE *fp, const struct gcg_game *g, struct err *e)
{
	char line[2048];
	int i;

	if (fputs("#character-encoding UTF-8\n", fp) == EOF)
		goto ioerr;
	if (!has_pragma(g, "player1"))
		for (i = 0; i < g->nplayers; i++)
			if (fprintf(fp, "#player%d %s %s\n", i + 1,
			    g->players[i].nick, g->players[i].name) < 0)
				goto ioerr;
	if (g->have_rules && !has_pragma(g, "tile-distribution"))
		if (fprintf(fp, "#tile-distribution %s\n", g->rules.name) < 0)
			goto ioerr;
	if (g->lexicon[0] && !has_pragma(g, "lexicon"))
		if (fprintf(fp, "#lexicon %s\n", g->lexicon) < 0)
			goto ioerr;
	if (write_pragmas_after(fp, g, -1) < 0)
		goto ioerr;
	for (i = 0; i < g->nevents; i++) {
		if (gcg_format_event(g, &g->events[i], line, sizeof line) < 0) {
			err_set(e, g->events[i].line, "event %d cannot be written",
			    i + 1);
			return -1;
		}
		if (fprintf(fp, "%s\n", line) < 0 ||
		    write_pragmas_after(fp, g, i) < 0)
			goto ioerr;
	}
	return 0;
ioerr:
	err_set(e, 0, "write error: %s", strerror(errno));
	return -1;
}
