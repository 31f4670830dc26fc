/*
 * analyse.c — game analysis: each turn against the legal moves (analyse.h).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyse.h"
#include "json.h"

/* What the replay callback carries: the analysis, the caller's callback,
 * and why the replay was stopped from inside (memory). */
struct replay_arg {
	struct analyse *a;
	const struct gcg_game *g;
	struct analyse_turn at;     /* the turn handed on (4 KB and more) */
	analyse_fn *fn;
	void *arg;
	struct err nomem;
	int out_of_memory;
	struct position egpos;      /* the endgame's position, racks filled */
	struct endgame_result egres;
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

/* mirror_of: the opening p written down the board as its mirror across
 * the diagonal, into *m; 0 when that is not the same move (a board not
 * empty, a layout not symmetric about its diagonal, p not a play down). */
static int
mirror_of(const struct rules *r, const struct position *pos,
	const struct move *p, struct move *m)
{
	int row, col;

	if (p->kind != MOVE_PLACE || p->dir != DIR_DOWN || r->rows != r->cols ||
	    r->start_row != r->start_col || board_count(&pos->board) != 0)
		return 0;
	for (row = 0; row < r->rows; row++)
		for (col = 0; col < row; col++)
			if (r->premium[row * r->cols + col] !=
			    r->premium[col * r->cols + row])
				return 0;
	*m = *p;
	m->dir = DIR_ACROSS;
	m->row = p->col;
	m->col = p->row;
	return 1;
}

/* leave_text: the tiles of rack (counts) that move m keeps, as text. */
static void
leave_text(const struct rules *r, const uint8_t *rack, const struct move *m,
	char *out, size_t cap)
{
	uint8_t left[RULES_MAX_TILES];
	int k;

	memcpy(left, rack, sizeof left);
	if (m->kind == MOVE_PLACE || (m->kind == MOVE_EXCHANGE &&
	    m->tiles_known))
		for (k = 0; k < m->len; k++) {
			int t = m->tiles[k], l;

			if (t == 0 && m->kind == MOVE_PLACE)
				continue;
			l = TILE_IS_BLANK(t) ? 0 : TILE_LETTER(t);
			if (left[l] > 0)
				left[l]--;
		}
	if (rules_rack_format(r, left, out, cap) < 0 && cap > 0)
		out[0] = '\0';
}

/* Is candidate (v, i, text) before candidate c?  By value, then the best
 * move first, then notation order. */
static int
cand_before(int64_t v, long i, const char *text, const struct analyse_candidate
	*c, long ci, long besti)
{
	if (v != c->value)
		return v > c->value;
	if (i == besti || ci == besti)
		return i == besti;
	return strcmp(text, c->text) < 0;
}

/* keep_top: offers move i to the turn's top moves (a->top of them, sorted,
 * their move indices in idx). */
static void
keep_top(const struct analyse *a, struct analyse_turn *at, long *idx,
	const struct move *m, long i, int64_t v, long besti)
{
	struct analyse_candidate *c = at->cand;
	char text[ANALYSE_TEXT_MAX];
	int k, n = at->ncand;

	if (n == a->top && v < c[n - 1].value)
		return;
	if (move_format(a->rules, m, text, sizeof text) < 0)
		snprintf(text, sizeof text, "?");
	for (k = n; k > 0 && cand_before(v, i, text, &c[k - 1], idx[k - 1],
	    besti); k--)
		;
	if (k == a->top)
		return;
	if (n == a->top)
		n--;
	memmove(&c[k + 1], &c[k], (size_t)(n - k) * sizeof *c);
	memmove(&idx[k + 1], &idx[k], (size_t)(n - k) * sizeof *idx);
	at->ncand = n + 1;
	c[k].move = *m;
	c[k].value = v;
	c[k].leave_value = v - (int64_t)m->score * 1000;
	snprintf(c[k].text, sizeof c[k].text, "%s", text);
	idx[k] = i;
}

/* Ranks the move played among the n legal moves of the turn and finds
 * the best, filling rank, has_best, best, best_text, the values and the
 * top moves of at.  Invariant of the loop: besti is the best of
 * moves[0..i) (by score, the first in notation order; with a table, fixed
 * before the loop by equity_first) and rank - 1 counts the moves of
 * moves[0..i) worth more than the move played. */
static void
rank_turn(struct analyse *a, struct analyse_turn *at, const struct move *moves,
	long n)
{
	long i, rank = 1, besti = -1, found = -1, idx[ANALYSE_TOP_MAX];
	int64_t beq = 0;
	struct move mirror;
	int k, has_mirror = !at->withdrawn && mirror_of(a->rules, at->at->pos,
	    &at->played, &mirror);

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
		if (!at->withdrawn && found < 0 &&
		    (analyse_same_move(&moves[i], &at->played) ||
		    (has_mirror && analyse_same_move(&moves[i], &mirror)))) {
			found = i;
			at->mirrored = !analyse_same_move(&moves[i], &at->played);
		} else if (v > at->played_value) {
			rank++;
		}
	}
	/* The top moves, once the best is known (it goes first of its
	 * equals). */
	for (i = 0; a->top > 0 && i < n; i++)
		keep_top(a, at, idx, &moves[i], i, value_of(a, &moves[i]), besti);
	at->rank = found >= 0 ? rank : -1;
	at->nmoves = n;
	at->has_best = besti >= 0;
	if (at->has_best && at->rank == 1) {
		/* A tie is the move played: the same name everywhere. */
		at->best = at->played;
		beq = at->played_value;
		for (k = 0; k < at->ncand && idx[k] != found; k++)
			;
		if (a->top > 0 && k == at->ncand) {
			if (at->ncand == a->top)
				k--;    /* past the top: it takes the last place */
			else
				at->ncand++;
		}
		if (a->top > 0) {
			memmove(&at->cand[1], &at->cand[0], (size_t)k *
			    sizeof *at->cand);
			at->cand[0].move = moves[found];
			at->cand[0].value = at->played_value;
			at->cand[0].leave_value = at->played_value -
			    (int64_t)moves[found].score * 1000;
			snprintf(at->cand[0].text, sizeof at->cand[0].text,
			    "%s", at->played_text);
		}
	} else if (at->has_best) {
		at->best = moves[besti];
	}
	for (k = 0; k < at->ncand; k++)
		leave_text(a->rules, at->at->pos->racks[at->player],
		    &at->cand[k].move, at->cand[k].leave,
		    sizeof at->cand[k].leave);
	if (!at->has_best || move_format(a->rules, &at->best, at->best_text,
	    sizeof at->best_text) < 0)
		snprintf(at->best_text, sizeof at->best_text, "-");
	if (at->has_best && at->rank == 1)
		snprintf(at->best_text, sizeof at->best_text, "%s",
		    at->played_text);
	at->best_value = beq;
	at->lost = beq > at->played_value ? beq - at->played_value : 0;
}

/* Writes lo..hi (or lo when equal) for the writers. */
static void
eg_interval(FILE *fp, int lo, int hi)
{
	if (lo == hi)
		fprintf(fp, "%d", lo);
	else if (lo <= -ENDGAME_INF && hi >= ENDGAME_INF)
		fputs("?", fp);
	else if (lo <= -ENDGAME_INF)
		fprintf(fp, "..%d", hi);
	else if (hi >= ENDGAME_INF)
		fprintf(fp, "%d..", lo);
	else
		fprintf(fp, "%d..%d", lo, hi);
}

/* [LO,HI] in JSON, null for no bound. */
static void
eg_json(FILE *fp, int lo, int hi)
{
	putc('[', fp);
	if (lo <= -ENDGAME_INF)
		fputs("null", fp);
	else
		fprintf(fp, "%d", lo);
	putc(',', fp);
	if (hi >= ENDGAME_INF)
		fputs("null", fp);
	else
		fprintf(fp, "%d", hi);
	putc(']', fp);
}

/* endgame_turn: the turn at (bag empty, ranked) valued by the solver:
 * the position's value, the move played's, and the loss.  Leaves at->eg
 * 0 when the position is not an endgame the solver takes (not two
 * players, a rack not known); -1 when memory ran out (ra->nomem set). */
static int
endgame_turn(struct replay_arg *ra, struct analyse_turn *at,
	const struct move *moves, long n)
{
	struct analyse *a = ra->a;
	struct position *p = &ra->egpos;
	struct endgame_result *res = &ra->egres;
	struct endgame_opts o;
	uint8_t unseen[RULES_MAX_TILES];
	struct err e = { 0 };
	struct move played;
	int opp, blo, bhi;
	long i;

	/* The move played as the generator lists it (the solver knows its
	 * first moves so). */
	for (i = 0; i < n && !analyse_same_move(&moves[i], &at->played); i++)
		;
	if (i == n)
		return 0;
	played = moves[i];
	*p = *at->at->pos;
	if (p->nplayers != 2 || p->to_move != at->player ||
	    !p->rack_known[at->player])
		return 0;
	opp = !at->player;
	if (board_unseen(a->rules, p, at->player, unseen, &e) != 0)
		return 0;
	memcpy(p->racks[opp], unseen, sizeof unseen);
	p->rack_known[opp] = 1;
	memset(&o, 0, sizeof o);
	o.seconds = a->endgame_seconds;
	if (endgame_solve(a->endgame, p, &o, res, &e) != 0 || res->nlines < 1)
		goto failed;
	blo = res->lo;
	bhi = res->hi;
	if (move_format(a->rules, &res->lines[0].move, at->eg_best_text,
	    sizeof at->eg_best_text) < 0)
		snprintf(at->eg_best_text, sizeof at->eg_best_text, "?");
	if (blo == bhi && analyse_same_move(&res->lines[0].move, &played)) {
		at->eg_played_lo = blo;
		at->eg_played_hi = bhi;
	} else {
		o.only = &played;
		if (endgame_solve(a->endgame, p, &o, res, &e) != 0 ||
		    res->nlines < 1)
			goto failed;
		at->eg_played_lo = res->lines[0].lo;
		at->eg_played_hi = res->lines[0].hi;
	}
	at->eg = 1;
	if (cgp_format(a->rules, p, at->eg_cgp, sizeof at->eg_cgp) < 0)
		at->eg_cgp[0] = '\0';
	at->eg_best_lo = blo;
	at->eg_best_hi = bhi;
	/* The position's value is the best move's: never below the move
	 * played's. */
	if (at->eg_best_lo < at->eg_played_lo)
		at->eg_best_lo = at->eg_played_lo;
	at->eg_exact = at->eg_best_lo == at->eg_best_hi &&
	    at->eg_played_lo == at->eg_played_hi;
	at->eg_lost_lo = at->eg_best_lo - at->eg_played_hi;
	if (at->eg_lost_lo < 0 || at->eg_played_hi >= ENDGAME_INF ||
	    at->eg_best_lo <= -ENDGAME_INF)
		at->eg_lost_lo = 0;
	at->eg_lost_hi = at->eg_best_hi >= ENDGAME_INF ||
	    at->eg_played_lo <= -ENDGAME_INF ? ENDGAME_INF :
	    at->eg_best_hi - at->eg_played_lo;
	if (at->eg_exact && at->eg_lost_hi == 0)
		snprintf(at->eg_best_text, sizeof at->eg_best_text, "%s",
		    at->played_text);
	a->endgame_turns++;
	return 0;
failed:
	if (strstr(e.msg, "memory") != NULL) {
		ra->nomem = e;
		return -1;
	}
	return 0;
}

static int
replay_turn(const struct gcg_turn *t, void *varg)
{
	struct replay_arg *ra = varg;
	struct analyse *a = ra->a;
	const struct gcg_event *ev = t->ev;
	struct analyse_turn *at = &ra->at;
	long n;

	if (!analyse_is_turn(ev))
		return 0;
	memset(at, 0, sizeof *at);
	at->turn = ++a->turns;
	at->player = ev->player;
	at->at = t;
	at->played = t->move != NULL ? *t->move : ev->move;
	at->score = ev->score;
	at->real_score = ev->score;
	at->bag = t->bag;
	if (ev->kind == GCG_PLAY && t->move != NULL &&
	    t->move->score != ev->score) {
		/* Ranked by what it scores; the replay goes on as written. */
		at->wrong_score = 1;
		at->real_score = t->move->score;
		a->wrong_scores++;
	}
	if (ev->kind == GCG_PLAY && t->index + 1 < ra->g->nevents &&
	    ra->g->events[t->index + 1].kind == GCG_WITHDRAWN) {
		at->withdrawn = 1;
		at->score = 0;
	}
	if (t->rack_complete && t->pos->rack_known[ev->player] &&
	    rules_rack_format(a->rules,
	    t->pos->racks[ev->player], at->rack, sizeof at->rack) < 0)
		at->rack[0] = '\0';
	if (ev->nrack < 0 || !t->rack_complete) {
		at->status = ANALYSE_UNKNOWN_RACK;
	} else if (a->leaves != NULL && equity_prepare(&a->eq, a->rules,
	    a->leaves, t->pos, t->bag, &at->err) != 0) {
		at->status = ANALYSE_FAILED;
		at->err.line = ev->line;
		a->failed++;
	} else {
		at->status = ANALYSE_DONE;
	}
	if (move_format(a->rules, &at->played, at->played_text,
	    sizeof at->played_text) < 0)
		snprintf(at->played_text, sizeof at->played_text, "%s", ev->text);
	if (at->status == ANALYSE_DONE) {
		n = gen_all(a->gen, t->pos, t->bag, GEN_ALL, &ra->nomem);
		if (n < 0) {
			ra->out_of_memory = 1;
			return 1;
		}
		at->played_value = at->withdrawn ? 0 : value_of(a, &at->played);
		rank_turn(a, at, gen_moves(a->gen), n);
		if (a->endgame != NULL && at->bag == 0 && at->rank >= 1 &&
		    endgame_turn(ra, at, gen_moves(a->gen), n) < 0) {
			ra->out_of_memory = 1;
			return 1;
		}
		if (a->simulate != NULL && at->bag > 0) {
			if (a->simulate(a->sim_ctx, at, &at->sim, &ra->nomem) != 0) {
				ra->nomem.line = ev->line;
				ra->out_of_memory = 1;
				return 1;
			}
			a->sim_turns += at->sim != NULL;
		}
		a->players[at->player].moves++;
		if (at->rank == 1)
			a->players[at->player].best++;
		a->players[at->player].lost += at->lost;
	}
	return ra->fn != NULL ? ra->fn(at, ra->arg) : 0;
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
	struct replay_arg *ra;
	int rc;

	a->turns = 0;
	a->failed = 0;
	a->wrong_scores = 0;
	a->endgame_turns = 0;
	a->sim_turns = 0;
	if (a->top > ANALYSE_TOP_MAX)
		a->top = ANALYSE_TOP_MAX;
	memset(a->players, 0, sizeof a->players);
	if ((ra = calloc(1, sizeof *ra)) == NULL) {
		err_set(e, 0, "out of memory");
		return -2;
	}
	ra->a = a;
	ra->g = g;
	ra->fn = fn;
	ra->arg = arg;
	rc = gcg_replay_ex(g, a->lex, a->replay_flags | GCG_WRITTEN_SCORES,
	    replay_turn, ra, &a->result, e);
	if (ra->out_of_memory) {
		if (e != NULL)
			*e = ra->nomem;
		rc = -2;
	}
	free(ra);
	return rc;
}

/* The simulation's settings, in the head (movegen -a --sim). */
static void
sim_head(FILE *fp, const struct analyse_sim_head *h, int json)
{
	const char *stop = h->stop >= 0.985 ? "99" : h->stop > 0 ? "95" :
	    "none";

	if (json) {
		fprintf(fp, ",\"sim\":{\"plies\":%d,\"iterations\":%ld,"
		    "\"time\":", h->plies, h->iterations);
		if (h->seconds > 0)
			fprintf(fp, "%g", h->seconds);
		else
			fputs("null", fp);
		fprintf(fp, ",\"stop\":\"%s\",\"seed\":%" PRIu64 ",\"winpct\":",
		    stop, h->seed);
		json_write_str(fp, h->winpct != NULL ? h->winpct : "none");
		putc('}', fp);
		return;
	}
	fprintf(fp, "# simulation\tplies %d\titerations %ld\ttime ", h->plies,
	    h->iterations);
	if (h->seconds > 0)
		fprintf(fp, "%g", h->seconds);
	else
		putc('-', fp);
	fprintf(fp, "\tstop %s\tseed %" PRIu64 "\twinpct %s\n", stop, h->seed,
	    h->winpct != NULL ? h->winpct : "none");
}

/* A turn's simulation: its candidates best first, then the verdict (text
 * or JSON). */
static void
sim_turn(FILE *fp, const struct analyse_sim *sm, int json)
{
	const struct sim_arm *b = &sm->arms[0], *p = sm->played >= 0 ?
	    &sm->arms[sm->played] : NULL;
	int k;

	if (!json) {
		for (k = 0; k < sm->narms; k++) {
			const struct sim_arm *c = &sm->arms[k];

			fprintf(fp, "#\tsim\t%d\t%s\t%d\t", k + 1, c->text, c->score);
			json_write_millis(fp, c->equity);
			fprintf(fp, "\t%.2f\t%.2f\t%.2f\t%.2f\t%" PRId64 "\t%s\n",
			    sim_win_pct(&c->win, 0), sim_win_pct(&c->win, 1),
			    sim_spread_pts(&c->spread, 0), sim_spread_pts(&c->spread, 1),
			    c->win.n, k == sm->played ? "played" : "-");
		}
		fprintf(fp, "#\tsim-verdict\t%s\t%.2f\t%.2f\t", b->text,
		    sim_win_pct(&b->win, 0), sim_win_pct(&b->win, 1));
		if (p != NULL)
			fprintf(fp, "%.2f\t%.2f\t%.2f", sim_win_pct(&p->win, 0),
			    sim_win_pct(&p->win, 1), sim_win_pct(&b->win, 0) -
			    sim_win_pct(&p->win, 0));
		else
			fputs("-\t-\t-", fp);
		fprintf(fp, "\t%ld\t%s\t%" PRIu64 "\n", sm->iterations,
		    sm->stopped, sm->seed);
		return;
	}
	fprintf(fp, ",\"sim\":{\"seed\":%" PRIu64 ",\"cgp\":", sm->seed);
	json_write_str(fp, sm->cgp);
	fprintf(fp, ",\"iterations\":%ld,\"stopped\":", sm->iterations);
	json_write_str(fp, sm->stopped);
	fputs(",\"best\":", fp);
	json_write_str(fp, b->text);
	fprintf(fp, ",\"best_win\":%.2f,\"best_win_se\":%.2f", sim_win_pct(&b->win,
	    0), sim_win_pct(&b->win, 1));
	if (p != NULL)
		fprintf(fp, ",\"played_win\":%.2f,\"played_win_se\":%.2f,"
		    "\"lost_win\":%.2f", sim_win_pct(&p->win, 0), sim_win_pct(&p->win, 1),
		    sim_win_pct(&b->win, 0) - sim_win_pct(&p->win, 0));
	else
		fputs(",\"played_win\":null,\"played_win_se\":null,"
		    "\"lost_win\":null", fp);
	fputs(",\"candidates\":[", fp);
	for (k = 0; k < sm->narms; k++) {
		const struct sim_arm *c = &sm->arms[k];

		fprintf(fp, "%s{\"move\":", k ? "," : "");
		json_write_str(fp, c->text);
		fprintf(fp, ",\"score\":%d,\"equity\":", c->score);
		json_write_millis(fp, c->equity);
		fprintf(fp, ",\"win\":%.2f,\"win_se\":%.2f,\"spread\":%.2f,"
		    "\"spread_se\":%.2f,\"iterations\":%" PRId64 ",\"played\":%s}",
		    sim_win_pct(&c->win, 0), sim_win_pct(&c->win, 1),
		    sim_spread_pts(&c->spread, 0), sim_spread_pts(&c->spread, 1),
		    c->win.n, k == sm->played ? "true" : "false");
	}
	fputs("]}", fp);
}

void
analyse_write_head(FILE *fp, const struct analyse *a, const char *file,
	int json)
{
	const char *lexname = a->lexicon_name != NULL ? a->lexicon_name : "-";

	if (json) {
		fputs("{\"file\":", fp);
		json_write_str(fp, file);
		fputs(",\"lexicon\":", fp);
		json_write_str(fp, lexname);
		fprintf(fp, ",\"values\":\"%s\",\"leaves\":",
		    a->leaves != NULL ? "equity" : "score");
		if (a->leaves != NULL)
			json_write_str(fp, a->leaves_name != NULL ?
			    a->leaves_name : "-");
		else
			fputs("null", fp);
		if (a->simulate != NULL)
			sim_head(fp, &a->sim_head, 1);
		fputs(",\"moves\":[", fp);
		return;
	}
	fprintf(fp, "# %s\n# lexicon %s\tvalues ", file, lexname);
	if (a->leaves != NULL)
		fprintf(fp, "equity (score and leave), leaves %s\n",
		    a->leaves_name != NULL ? a->leaves_name : "-");
	else
		fputs("score\n", fp);
	if (a->simulate != NULL)
		sim_head(fp, &a->sim_head, 0);
	fputs("#TURN\tPLAYER\tRACK\tMOVE\tSCORE\tVALUE\tRANK\tOF\tBEST\t"
	    "BEST_SCORE\tBEST_VALUE\tLOST\tNOTE\n", fp);
}

/* The turn's note: what makes its verdict other than a plain rank. */
static void
note_text(const struct analyse_turn *t, char *out, size_t cap)
{
	if (t->wrong_score)
		snprintf(out, cap, "wrong score: %s scores %+d, not %+d",
		    t->played_text, t->real_score, t->score);
	else if (t->withdrawn)
		snprintf(out, cap, "withdrawn");
	else if (t->status == ANALYSE_DONE && t->rank < 0)
		snprintf(out, cap, "phony");
	else if (t->mirrored)
		snprintf(out, cap, "mirrored");
	else
		snprintf(out, cap, "-");
}

void
analyse_write_turn(FILE *fp, const struct gcg_game *g,
	const struct analyse_turn *t, int json, int first)
{
	const char *nick = g->players[t->player].nick;
	int best_score = t->has_best ? t->best.score : 0, k;
	char note[ANALYSE_TEXT_MAX + 64];

	if (t->status == ANALYSE_FAILED)
		return;
	note_text(t, note, sizeof note);
	if (!json) {
		fprintf(fp, "%ld\t%s\t%s\t%s\t%d\t", t->turn, nick,
		    t->rack[0] ? t->rack : "-", t->played_text, t->score);
		if (t->status == ANALYSE_UNKNOWN_RACK) {
			fprintf(fp, "-\t-\t-\tunknown rack\t-\t-\t-\t%s\n", note);
			return;
		}
		json_write_millis(fp, t->played_value);
		if (t->withdrawn)
			fprintf(fp, "\t-\t%ld\t%s\t%d\t", t->nmoves, t->best_text,
			    best_score);
		else
			fprintf(fp, "\t%ld\t%ld\t%s\t%d\t", t->rank, t->nmoves,
			    t->best_text, best_score);
		json_write_millis(fp, t->best_value);
		putc('\t', fp);
		json_write_millis(fp, t->lost);
		fprintf(fp, "\t%s\n", note);
		for (k = 0; k < t->ncand; k++) {
			fprintf(fp, "#\t%d\t%s\t%d\t%s\t", k + 1, t->cand[k].text,
			    t->cand[k].move.score, t->cand[k].leave[0] ?
			    t->cand[k].leave : "-");
			json_write_millis(fp, t->cand[k].value);
			putc('\n', fp);
		}
		if (t->eg) {
			fprintf(fp, "#\tendgame\t%s\t", t->eg_best_text);
			eg_interval(fp, t->eg_best_lo, t->eg_best_hi);
			putc('\t', fp);
			eg_interval(fp, t->eg_played_lo, t->eg_played_hi);
			putc('\t', fp);
			eg_interval(fp, t->eg_lost_lo, t->eg_lost_hi);
			fprintf(fp, "\t%s\n", t->eg_exact ? "exact" : "bound");
		}
		if (t->sim != NULL)
			sim_turn(fp, t->sim, 0);
		return;
	}
	fprintf(fp, "%s{\"turn\":%ld,\"player\":", first ? "" : ",", t->turn);
	json_write_str(fp, nick);
	fputs(",\"rack\":", fp);
	if (t->rack[0])
		json_write_str(fp, t->rack);
	else
		fputs("null", fp);
	fputs(",\"move\":", fp);
	json_write_str(fp, t->played_text);
	fprintf(fp, ",\"score\":%d,\"bag\":%d", t->score, t->bag);
	if (t->withdrawn)
		fputs(",\"withdrawn\":true", fp);
	if (t->wrong_score)
		fprintf(fp, ",\"wrong_score\":%d", t->real_score);
	if (t->mirrored)
		fputs(",\"mirrored\":true", fp);
	if (t->status == ANALYSE_UNKNOWN_RACK) {
		fputs(",\"rank\":null,\"best\":null,\"unknown_rack\":true}", fp);
		return;
	}
	fputs(",\"value\":", fp);
	json_write_millis(fp, t->played_value);
	if (t->withdrawn)
		fprintf(fp, ",\"rank\":null,\"of\":%ld,\"best\":", t->nmoves);
	else
		fprintf(fp, ",\"rank\":%ld,\"of\":%ld,\"best\":", t->rank,
		    t->nmoves);
	json_write_str(fp, t->best_text);
	fprintf(fp, ",\"best_score\":%d,\"best_value\":", best_score);
	json_write_millis(fp, t->best_value);
	fputs(",\"lost\":", fp);
	json_write_millis(fp, t->lost);
	fputs(",\"candidates\":[", fp);
	for (k = 0; k < t->ncand; k++) {
		fprintf(fp, "%s{\"move\":", k ? "," : "");
		json_write_str(fp, t->cand[k].text);
		fprintf(fp, ",\"score\":%d,\"leave\":", t->cand[k].move.score);
		json_write_str(fp, t->cand[k].leave);
		fputs(",\"value\":", fp);
		json_write_millis(fp, t->cand[k].value);
		putc('}', fp);
	}
	putc(']', fp);
	if (t->eg) {
		fputs(",\"endgame\":{\"best\":", fp);
		json_write_str(fp, t->eg_best_text);
		fprintf(fp, ",\"status\":\"%s\",\"best_value\":", t->eg_exact ?
		    "exact" : "bound");
		eg_json(fp, t->eg_best_lo, t->eg_best_hi);
		fputs(",\"played_value\":", fp);
		eg_json(fp, t->eg_played_lo, t->eg_played_hi);
		fputs(",\"lost\":", fp);
		eg_json(fp, t->eg_lost_lo, t->eg_lost_hi);
		fputs(",\"cgp\":", fp);
		json_write_str(fp, t->eg_cgp);
		putc('}', fp);
	}
	if (t->sim != NULL)
		sim_turn(fp, t->sim, 1);
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
