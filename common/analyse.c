/*
 * analyse.c — game analysis: each turn against the legal moves (analyse.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "analyse.h"
#include "json.h"

/* What the replay callback carries: the analysis, the caller's callback,
 * and why the replay was stopped from inside (memory). */
struct replay_arg {
	struct analyse *a;
	analyse_fn *fn;
	void *arg;
	struct err nomem;
	int out_of_memory;
};

int
analyse_is_turn(const struct gcg_event *ev)
{
	return ev->kind == GCG_PLAY || ev->kind == GCG_PASS ||
	    ev->kind == GCG_EXCHANGE;
}

/* Moves compared as written: the same kind and, for a play, the same
 * start, direction and tiles. */
static int
same_written(const struct move *a, const struct move *b)
{
	if (a->kind != b->kind)
		return 0;
	if (a->kind == MOVE_PASS)
		return 1;
	if (a->kind == MOVE_EXCHANGE) {
		uint8_t x[RULES_MAX_TILES] = {0}, y[RULES_MAX_TILES] = {0};
		int k;

		if (!a->tiles_known || !b->tiles_known)
			return a->len == b->len;
		for (k = 0; k < a->len; k++)
			x[TILE_IS_BLANK(a->tiles[k]) ? 0 : TILE_LETTER(a->tiles[k])]++;
		for (k = 0; k < b->len; k++)
			y[TILE_IS_BLANK(b->tiles[k]) ? 0 : TILE_LETTER(b->tiles[k])]++;
		return memcmp(x, y, sizeof x) == 0;
	}
	if (a->len == 1 && b->len == 1 && a->ntiles == 1) {
		/* A one-tile play may be written either way. */
		return a->row == b->row && a->col == b->col && a->tiles[0] == b->tiles[0];
	}
	return a->dir == b->dir && a->row == b->row && a->col == b->col &&
	    a->len == b->len && memcmp(a->tiles, b->tiles, a->len) == 0;
}

/* Plays are compared by the tiles they place, square by square, so that
 * a one-tile play written down the board matches the across twin the
 * generator emits, and through-letters do not count. */
int
analyse_same_move(const struct move *m, const struct move *p)
{
	int k, i, nm = 0, np = 0;
	int rm[RULES_MAX_DIM], cm[RULES_MAX_DIM], rp[RULES_MAX_DIM], cp[RULES_MAX_DIM];
	uint8_t tm[RULES_MAX_DIM], tp[RULES_MAX_DIM];

	if (m->kind != MOVE_PLACE || p->kind != MOVE_PLACE)
		return same_written(m, p);
	for (k = 0; k < m->len; k++)
		if (m->tiles[k]) {
			rm[nm] = m->row + (m->dir ? k : 0);
			cm[nm] = m->col + (m->dir ? 0 : k);
			tm[nm++] = m->tiles[k];
		}
	for (k = 0; k < p->len; k++)
		if (p->tiles[k]) {
			rp[np] = p->row + (p->dir ? k : 0);
			cp[np] = p->col + (p->dir ? 0 : k);
			tp[np++] = p->tiles[k];
		}
	if (nm != np)
		return 0;
	if (nm == 1)
		return rm[0] == rp[0] && cm[0] == cp[0] && tm[0] == tp[0];
	for (i = 0; i < nm; i++)
		if (rm[i] != rp[i] || cm[i] != cp[i] || tm[i] != tp[i])
			return 0;
	return m->dir == p->dir;
}

/* Move m's value in the turn: its equity with a leave table (a->eq
 * prepared for the turn), else its score, in millipoints. */
static int64_t
value_of(const struct analyse *a, const struct move *m)
{
	if (a->leaves != NULL)
		return equity_of(&a->eq, m);
	return (int64_t)m->score * 1000;
}

/* Ranks the move played among the n legal moves of the turn and finds
 * the best, filling rank, has_best, best, best_text and the values of at.
 * Invariant of the loop: besti is the best of moves[0..i) (by score, the
 * first in notation order; with a table, fixed before the loop by
 * equity_first) and rank - 1 counts the moves of moves[0..i) worth more
 * than the move played. */
static void
rank_turn(struct analyse *a, struct analyse_turn *at, const struct move *moves,
	long n)
{
	long i, rank = 1, besti = -1;
	int64_t beq = 0;
	int played_found = 0;

	if (a->leaves != NULL)
		besti = equity_first(&a->eq, moves, n, INT64_MIN, &beq);
	for (i = 0; i < n; i++) {
		int64_t v = value_of(a, &moves[i]);

		if (a->leaves == NULL && (besti < 0 || v > beq)) {
			besti = i;
			beq = v;
		} else if (a->leaves == NULL && v == beq) {
			/* Ties: notation order, as the move list prints them. */
			char x[ANALYSE_TEXT_MAX], y[ANALYSE_TEXT_MAX];

			if (move_format(a->rules, &moves[i], x, sizeof x) >= 0 &&
			    move_format(a->rules, &moves[besti], y, sizeof y) >= 0 &&
			    strcmp(x, y) < 0)
				besti = i;
		}
		if (analyse_same_move(&moves[i], &at->played))
			played_found = 1;
		else if (v > at->played_value)
			rank++;
	}
	at->rank = played_found ? rank : -1;
	at->nmoves = n;
	at->has_best = besti >= 0;
	if (at->has_best)
		at->best = moves[besti];
	if (!at->has_best || move_format(a->rules, &at->best, at->best_text,
	    sizeof at->best_text) < 0)
		snprintf(at->best_text, sizeof at->best_text, "-");
	if (at->has_best && beq < at->played_value)
		beq = at->played_value;
	at->best_value = beq;
	at->lost = beq - at->played_value;
}

static int
replay_turn(const struct gcg_turn *t, void *varg)
{
	struct replay_arg *ra = varg;
	struct analyse *a = ra->a;
	const struct gcg_event *ev = t->ev;
	struct analyse_turn at;
	long n;

	if (!analyse_is_turn(ev))
		return 0;
	memset(&at, 0, sizeof at);
	at.turn = ++a->turns;
	at.player = ev->player;
	at.at = t;
	at.played = t->move != NULL ? *t->move : ev->move;
	at.score = ev->score;
	if (ev->nrack < 0 || !t->rack_complete) {
		at.status = ANALYSE_UNKNOWN_RACK;
	} else if (a->leaves != NULL && equity_prepare(&a->eq, a->rules,
	    a->leaves, t->pos, t->bag, &at.err) != 0) {
		at.status = ANALYSE_FAILED;
		at.err.line = ev->line;
		a->failed++;
	} else {
		at.status = ANALYSE_DONE;
	}
	/* The play as written: its score is the one the record gives. */
	if (at.status == ANALYSE_DONE && at.played.kind == MOVE_PLACE &&
	    ev->kind == GCG_PLAY)
		at.played.score = ev->score;
	if (move_format(a->rules, &at.played, at.played_text,
	    sizeof at.played_text) < 0)
		snprintf(at.played_text, sizeof at.played_text, "%s", ev->text);
	if (at.status == ANALYSE_DONE) {
		n = gen_all(a->gen, t->pos, t->bag, GEN_ALL, &ra->nomem);
		if (n < 0) {
			ra->out_of_memory = 1;
			return 1;
		}
		at.played_value = value_of(a, &at.played);
		rank_turn(a, &at, gen_moves(a->gen), n);
		a->players[at.player].moves++;
		if (at.rank == 1)
			a->players[at.player].best++;
		a->players[at.player].lost += at.lost;
	}
	return ra->fn != NULL ? ra->fn(&at, ra->arg) : 0;
}

/* analyse_position_at's replay: where to stop and what to copy. */
struct position_at {
	long turn, seen;
	struct position *p;
	long *line;
};

static int
stop_at(const struct gcg_turn *t, void *varg)
{
	struct position_at *pa = varg;

	if (!analyse_is_turn(t->ev) || ++pa->seen != pa->turn)
		return 0;
	*pa->p = *t->pos;
	*pa->line = t->ev->line;
	return 1;
}

int
analyse_position_at(const struct gcg_game *g, const struct lex *lex,
	long turn, struct position *p, long *line, struct err *e)
{
	struct position_at pa = { turn, 0, p, line };
	int rc = gcg_replay(g, lex, stop_at, &pa, NULL, e);

	return rc < 0 ? -1 : rc == 1;
}

int
analyse_game(struct analyse *a, const struct gcg_game *g, analyse_fn *fn,
	void *arg, struct err *e)
{
	struct replay_arg ra;
	int rc;

	a->turns = 0;
	a->failed = 0;
	memset(a->players, 0, sizeof a->players);
	memset(&ra, 0, sizeof ra);
	ra.a = a;
	ra.fn = fn;
	ra.arg = arg;
	rc = gcg_replay(g, a->lex, replay_turn, &ra, NULL, e);
	if (ra.out_of_memory) {
		if (e != NULL)
			*e = ra.nomem;
		return -2;
	}
	return rc;
}

void
analyse_write_head(FILE *fp, const char *file, int json)
{
	if (json) {
		fputs("{\"file\":", fp);
		json_write_str(fp, file);
		fputs(",\"moves\":[", fp);
	} else {
		fprintf(fp, "# %s\n#TURN\tPLAYER\tMOVE\tSCORE\tRANK\tOF\tBEST\t"
		    "BEST_SCORE\tLOST\n", file);
	}
}

void
analyse_write_turn(FILE *fp, const struct gcg_game *g,
	const struct analyse_turn *t, int json, int first)
{
	const char *nick = g->players[t->player].nick;
	int best_score = t->has_best ? t->best.score : 0;

	if (t->status == ANALYSE_FAILED)
		return;
	if (!json) {
		fprintf(fp, "%ld\t%s\t%s\t%d\t", t->turn, nick, t->played_text,
		    t->score);
		if (t->status == ANALYSE_UNKNOWN_RACK) {
			fputs("-\t-\tunknown rack\t-\t-\n", fp);
			return;
		}
		fprintf(fp, "%ld\t%ld\t%s\t%d\t", t->rank, t->nmoves,
		    t->best_text, best_score);
		json_write_millis(fp, t->lost);
		putc('\n', fp);
		return;
	}
	fprintf(fp, "%s{\"turn\":%ld,\"player\":", first ? "" : ",", t->turn);
	json_write_str(fp, nick);
	fputs(",\"move\":", fp);
	json_write_str(fp, t->played_text);
	if (t->status == ANALYSE_UNKNOWN_RACK) {
		fprintf(fp, ",\"score\":%d,\"rank\":null,\"best\":null,"
		    "\"unknown_rack\":true}", t->score);
		return;
	}
	fprintf(fp, ",\"score\":%d,\"rank\":%ld,\"of\":%ld,\"best\":", t->score,
	    t->rank, t->nmoves);
	json_write_str(fp, t->best_text);
	fprintf(fp, ",\"best_score\":%d,\"lost\":", best_score);
	json_write_millis(fp, t->lost);
	putc('}', fp);
}

void
analyse_write_tail(FILE *fp, const struct analyse *a,
	const struct gcg_game *g, int json)
{
	int q;

	if (json)
		fputs("],\"players\":[", fp);
	for (q = 0; q < g->nplayers; q++) {
		const struct analyse_player *s = &a->players[q];

		if (json) {
			fprintf(fp, "%s{\"player\":", q ? "," : "");
			json_write_str(fp, g->players[q].nick);
			fprintf(fp, ",\"moves\":%ld,\"best\":%ld,\"lost\":",
			    s->moves, s->best);
		} else {
			fprintf(fp, "# %s\tmoves %ld\tbest %ld\tlost ",
			    g->players[q].nick, s->moves, s->best);
		}
		json_write_millis(fp, s->lost);
		fputs(json ? "}" : "\n", fp);
	}
	fputs(json ? "]}\n" : "\n", fp);
}
