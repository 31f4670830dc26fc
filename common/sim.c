/* sim.c — Monte Carlo simulation of candidate moves; see sim.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bag.h"
#include "equity.h"
#include "rng.h"
#include "robot.h"
#include "sim.h"

/* A rollout's state: what a turn changes.  The position's opcodes and
 * names are not copied per rollout, only these. */
struct sim {
	const struct rules *r;
	struct gen *gen;
	const struct klv *leaves;
	struct sim_opts o;
	struct sim_valuer standin;
	int me, opp;                    /* the mover and the other player */
	int opp_known;                  /* the other rack is given */
	struct position base;
	int base_bag;                   /* tiles in the bag at the root */
	struct equity eq0;              /* the root turn's equity */
	/* The tiles the mover cannot see, in tile order (the other rack
	 * first taken out when it is known). */
	uint8_t pool[BAG_MAX];
	int npool;
	/* Iteration k: the other rack, the bag (drawn from the end) and the
	 * generator state every arm's rollout starts from. */
	uint8_t it_opp[RULES_MAX_TILES];
	uint8_t it_bag[BAG_MAX];
	int it_n;
	struct rng it_rng;
	/* The rollout's workspace. */
	struct position pos;
	uint8_t bag[BAG_MAX];
	int nbag;
	struct rng rng;
	struct equity eq;
	int32_t keep[2];                /* each player's last keep, millipoints */
	int over;
	/* The arms. */
	struct sim_arm *arms;
	int narms, cap;
	/* For the stopping rule: the iteration's samples (win, spread) by
	 * arm, and for arms i < j the differences x_i - x_j over the
	 * iterations both were sampled in, win at pair[2 (i npair + j)] and
	 * spread after it (common random numbers make them far less spread
	 * than the samples). */
	int64_t *last;
	struct sim_stat *pair;
	int npair;
};

double
sim_standin_win(void *ctx, int lead, int unseen)
{
	double s = 4.0 + 0.4 * (unseen > 0 ? unseen : 0);

	(void)ctx;
	return 1.0 / (1.0 + exp(-(double)lead / s));
}

struct sim *
sim_create(const struct rules *r, struct gen *g, const struct klv *leaves,
	struct err *e)
{
	struct sim *s = calloc(1, sizeof *s);

	if (s == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	s->r = r;
	s->gen = g;
	s->leaves = leaves;
	s->standin.win = sim_standin_win;
	return s;
}

void
sim_destroy(struct sim *s)
{
	if (s == NULL)
		return;
	free(s->arms);
	free(s->last);
	free(s->pair);
	free(s);
}

int
sim_setup(struct sim *s, const struct position *p, const struct sim_opts *o,
	struct err *e)
{
	uint8_t unseen[RULES_MAX_TILES];
	int t, k;

	s->narms = 0;
	free(s->pair);
	s->pair = NULL;
	s->npair = 0;
	if (o->plies < 1 || o->plies > SIM_MAX_PLIES) {
		err_set(e, 0, "plies %d: 1 to %d", o->plies, SIM_MAX_PLIES);
		return -1;
	}
	if (p->nplayers != 2) {
		err_set(e, 0, "simulation is for two players, not %d",
		    p->nplayers);
		return -1;
	}
	s->o = *o;
	if (s->o.valuer == NULL)
		s->o.valuer = &s->standin;
	s->me = p->to_move;
	s->opp = 1 - s->me;
	if (!p->rack_known[s->me]) {
		err_set(e, 0, "the rack of the player to move is not given");
		return -1;
	}
	if ((s->base_bag = position_bag_count(s->r, p)) < 0 ||
	    board_unseen(s->r, p, s->me, unseen, e) != 0) {
		if (position_check_tiles(s->r, p, e) == 0)
			err_set(e, 0, "position holds more tiles than the bag");
		return -1;
	}
	s->opp_known = p->rack_known[s->opp];
	if (s->opp_known)
		for (t = 0; t < RULES_MAX_TILES; t++)
			unseen[t] = (uint8_t)(unseen[t] - p->racks[s->opp][t]);
	s->npool = 0;
	for (t = 0; t < RULES_MAX_TILES; t++)
		for (k = 0; k < unseen[t]; k++) {
			if (s->npool == BAG_MAX) {
				err_set(e, 0, "more than %d tiles unseen", BAG_MAX);
				return -1;
			}
			s->pool[s->npool++] = (uint8_t)t;
		}
	s->base = *p;
	s->base.rack_known[s->opp] = 1;
	s->pos = s->base;
	return equity_prepare(&s->eq0, s->r, s->leaves, p, s->base_bag, e);
}

int
sim_narms(const struct sim *s)
{
	return s->narms;
}

struct sim_arm *
sim_arms(struct sim *s)
{
	return s->arms;
}

int
sim_same_play(const struct move *a, const struct move *b)
{
	uint8_t ca[RULES_MAX_TILES] = { 0 }, cb[RULES_MAX_TILES] = { 0 };
	int i, ra, rb, na = 0, nb = 0;
	int sa[RULES_MAX_DIM], sb[RULES_MAX_DIM];
	uint8_t ta[RULES_MAX_DIM], tb[RULES_MAX_DIM];

	if (a->kind != b->kind)
		return 0;
	if (a->kind == MOVE_PASS)
		return 1;
	if (a->kind == MOVE_EXCHANGE) {
		if (!a->tiles_known || !b->tiles_known)
			return a->tiles_known == b->tiles_known && a->len == b->len;
		for (i = 0; i < a->len && i < RULES_MAX_DIM; i++)
			ca[a->tiles[i] == TILE_BLANK ? 0 : TILE_LETTER(a->tiles[i])]++;
		for (i = 0; i < b->len && i < RULES_MAX_DIM; i++)
			cb[b->tiles[i] == TILE_BLANK ? 0 : TILE_LETTER(b->tiles[i])]++;
		return memcmp(ca, cb, sizeof ca) == 0;
	}
	/* Placements: the squares and tiles placed, in square order (both
	 * lists come out sorted: a play runs forward along its line). */
	for (i = 0; i < a->len && i < RULES_MAX_DIM; i++)
		if (a->tiles[i] != 0) {
			ra = a->row + (a->dir == DIR_DOWN ? i : 0);
			sa[na] = ra * RULES_MAX_DIM + a->col +
			    (a->dir == DIR_DOWN ? 0 : i);
			ta[na++] = a->tiles[i];
		}
	for (i = 0; i < b->len && i < RULES_MAX_DIM; i++)
		if (b->tiles[i] != 0) {
			rb = b->row + (b->dir == DIR_DOWN ? i : 0);
			sb[nb] = rb * RULES_MAX_DIM + b->col +
			    (b->dir == DIR_DOWN ? 0 : i);
			tb[nb++] = b->tiles[i];
		}
	if (na != nb)
		return 0;
	for (i = 0; i < na; i++)
		if (sa[i] != sb[i] || ta[i] != tb[i])
			return 0;
	return 1;
}

int
sim_add(struct sim *s, const struct move *m, struct err *e)
{
	struct sim_arm *a;

	if (s->narms == s->cap) {
		int ncap = s->cap ? 2 * s->cap : 32;
		struct sim_arm *na = realloc(s->arms, (size_t)ncap * sizeof *na);

		if (na == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
		s->arms = na;
		s->cap = ncap;
		free(s->last);
		if ((s->last = malloc(2 * (size_t)ncap * sizeof *s->last)) == NULL) {
			err_set(e, 0, "out of memory");
			s->cap = 0;
			s->narms = 0;
			return -1;
		}
	}
	a = &s->arms[s->narms++];
	memset(a, 0, sizeof *a);
	a->move = *m;
	a->score = m->kind == MOVE_PLACE ? m->score : 0;
	a->move.score = a->score;
	a->equity = equity_of(&s->eq0, &a->move);
	a->active = 1;
	if (move_format(s->r, &a->move, a->text, sizeof a->text) < 0)
		strcpy(a->text, "?");
	return 0;
}

int
sim_add_top(struct sim *s, int n, struct err *e)
{
	const struct move *mv;
	long nm, i, j, *top;
	int64_t *val;
	int k = 0;

	if (n <= 0)
		return 0;
	if ((nm = gen_all(s->gen, &s->base, s->base_bag, GEN_ALL, e)) < 0)
		return -1;
	mv = gen_moves(s->gen);
	top = malloc((size_t)n * sizeof *top);
	val = malloc((size_t)n * sizeof *val);
	if (top == NULL || val == NULL) {
		free(top);
		free(val);
		err_set(e, 0, "out of memory");
		return -1;
	}
	/* Insertion into the best n by equity_cmp. */
	for (i = 0; i < nm; i++) {
		int64_t v = equity_of(&s->eq0, &mv[i]);

		if (k == n && equity_cmp(v, &mv[i], val[k - 1], &mv[top[k - 1]]) >= 0)
			continue;
		j = k < n ? k++ : k - 1;
		while (j > 0 && equity_cmp(v, &mv[i], val[j - 1], &mv[top[j - 1]]) < 0) {
			top[j] = top[j - 1];
			val[j] = val[j - 1];
			j--;
		}
		top[j] = i;
		val[j] = v;
	}
	/* The moves are the generator's list: sim_add copies them (and does
	 * not generate, so the list stays). */
	for (i = 0; i < k; i++)
		if (sim_add(s, &mv[top[i]], e) != 0) {
			free(top);
			free(val);
			return -1;
		}
	free(top);
	free(val);
	return 0;
}

/* --- One rollout --- */

static int
rack_value(const struct rules *r, const uint8_t rack[RULES_MAX_TILES])
{
	int v = rack[0] * r->values[0];

	for (int t = 1; t <= r->nletters && t < RULES_MAX_TILES; t++)
		v += rack[t] * r->values[t];
	return v;
}

static int
rack_count(const struct rules *r, const uint8_t rack[RULES_MAX_TILES])
{
	int n = rack[0];

	for (int t = 1; t <= r->nletters && t < RULES_MAX_TILES; t++)
		n += rack[t];
	return n;
}

static void
draw(struct sim *s, uint8_t rack[RULES_MAX_TILES])
{
	int have = rack_count(s->r, rack);

	while (have < s->r->rack_size && s->nbag > 0) {
		rack[s->bag[--s->nbag]]++;
		have++;
	}
}

/* The game's end after a turn by pl (SPEC §1, as game.c settles it). */
static void
end_check(struct sim *s, int pl)
{
	struct position *p = &s->pos;
	int other = 1 - pl, v;

	if (s->nbag == 0 && rack_count(s->r, p->racks[pl]) == 0) {
		v = rack_value(s->r, p->racks[other]);
		if (s->r->settle == SETTLE_DOUBLE) {
			p->scores[pl] += 2 * v;
		} else {
			p->scores[pl] += v;
			p->scores[other] -= v;
		}
		s->over = 1;
	} else if (s->r->end_turns_per_player > 0 &&
	    p->zeros >= 2 * s->r->end_turns_per_player) {
		p->scores[0] -= rack_value(s->r, p->racks[0]);
		p->scores[1] -= rack_value(s->r, p->racks[1]);
		s->over = 1;
	}
}

static void
count_turn(struct sim *s, int is_pass, int scoreless, int tile_play)
{
	enum rules_end k = s->r->end_kind;
	int counts = k == END_PASSES ? is_pass : k == END_NOPLAY ? !tile_play :
	    scoreless;

	s->pos.zeros = counts ? s->pos.zeros + 1 : 0;
}

/* play: the player to move plays m (legal), draws, and the turn passes. */
static void
play(struct sim *s, const struct move *m)
{
	struct position *p = &s->pos;
	int pl = p->to_move, i, t, n;
	uint8_t *rack = p->racks[pl];

	if (m->kind == MOVE_PLACE) {
		int dr = m->dir == DIR_DOWN, dc = !dr;
		struct board *b = &p->board;

		for (i = 0; i < m->len; i++) {
			if (m->tiles[i] == 0)
				continue;
			b->sq[(m->row + dr * i) * b->cols + m->col + dc * i] =
			    m->tiles[i];
			b->ntiles++;
			rack[TILE_IS_BLANK(m->tiles[i]) ? 0 :
			    TILE_LETTER(m->tiles[i])]--;
		}
		p->scores[pl] += m->score;
		count_turn(s, 0, m->score == 0, 1);
		draw(s, rack);
	} else if (m->kind == MOVE_EXCHANGE) {
		uint8_t give[RULES_MAX_DIM];

		n = m->len < RULES_MAX_DIM ? m->len : RULES_MAX_DIM;
		for (i = 0; i < n; i++) {
			give[i] = m->tiles[i] == TILE_BLANK ? 0 :
			    TILE_LETTER(m->tiles[i]);
			rack[give[i]]--;
		}
		/* Draw first, so that a tile given is never drawn back. */
		draw(s, rack);
		for (i = 0; i < n && s->nbag < BAG_MAX; i++) {
			int j;

			s->bag[s->nbag++] = give[i];
			j = (int)rng_below(&s->rng, (uint64_t)s->nbag);
			t = s->bag[j];
			s->bag[j] = s->bag[s->nbag - 1];
			s->bag[s->nbag - 1] = (uint8_t)t;
		}
		count_turn(s, 0, 1, 0);
	} else {
		count_turn(s, 1, 1, 0);
	}
	p->to_move = 1 - pl;
	end_check(s, pl);
}

/* The rollout of arm a from iteration's state; its samples into *win and
 * *spread (units of sim.h).  Returns 0, or -1 with e set. */
static int
rollout(struct sim *s, const struct sim_arm *a, int64_t *win,
	int64_t *spread, struct err *e)
{
	struct position *p = &s->pos;
	const struct position *b0 = &s->base;
	int ply, turns = 0, me = s->me, opp = s->opp;
	int64_t lead_mp, change_mp;
	double w;

	/* Back to the root: the board, the racks, the scores. */
	memcpy(p->board.sq, b0->board.sq,
	    (size_t)b0->board.rows * (size_t)b0->board.cols);
	p->board.ntiles = b0->board.ntiles;
	memcpy(p->racks[me], b0->racks[me], RULES_MAX_TILES);
	memcpy(p->racks[opp], s->it_opp, RULES_MAX_TILES);
	p->scores[0] = b0->scores[0];
	p->scores[1] = b0->scores[1];
	p->zeros = b0->zeros;
	p->to_move = me;
	memcpy(s->bag, s->it_bag, (size_t)s->it_n);
	s->nbag = s->it_n;
	s->rng = s->it_rng;
	s->over = 0;
	s->keep[me] = equity_keep_of(&s->eq0, &a->move);
	s->keep[opp] = 0;

	play(s, &a->move);
	for (ply = 1; !s->over; ply++) {
		struct move m;
		int64_t value;

		if (s->nbag == 0 && s->o.endgame != NULL &&
		    s->o.endgame->solve != NULL) {
			int swing;

			int rc = s->o.endgame->solve(s->o.endgame->ctx, p, &swing,
			    e);

			if (rc < 0)
				return -1;
			if (rc == 0) {
				p->scores[p->to_move] += swing;
				s->over = 1;
				break;
			}
			/* Declined: the robot plays on. */
		}
		/* The horizon, unless the bag is empty (then play on). */
		if (ply >= s->o.plies && s->nbag > 0)
			break;
		if (++turns > 1000) {
			err_set(e, 0, "a rollout does not end");
			return -1;
		}
		if (equity_prepare(&s->eq, s->r, s->leaves, p, s->nbag, e) != 0 ||
		    equity_choose(s->gen, p, &s->eq, &m, &value, e) != 0)
			return -1;
		/* Only passes end no and da games: robots that cannot play
		 * would exchange for ever (robot_stall). */
		if (m.kind == MOVE_EXCHANGE && p->zeros >= ROBOT_STALL) {
			m.kind = MOVE_PASS;
			m.len = 0;
			value = s->eq.pass_value;
		}
		s->keep[p->to_move] = (int32_t)(value -
		    (m.kind == MOVE_PLACE ? (int64_t)m.score * 1000 : 0));
		play(s, &m);
	}
	change_mp = ((int64_t)(p->scores[me] - p->scores[opp]) -
	    (b0->scores[me] - b0->scores[opp])) * 1000;
	if (s->over) {
		int d = p->scores[me] - p->scores[opp];

		*win = d > 0 ? SIM_WIN_UNIT : d == 0 ? SIM_WIN_UNIT / 2 : 0;
	} else {
		int mover = p->to_move, unseen, lead;

		change_mp += s->keep[me] - s->keep[opp];
		lead_mp = (int64_t)(b0->scores[me] - b0->scores[opp]) * 1000 +
		    change_mp;
		if (mover != me)
			lead_mp = -lead_mp;
		lead = (int)(lead_mp >= 0 ? (lead_mp + 500) / 1000 :
		    -((-lead_mp + 500) / 1000));
		unseen = s->nbag + rack_count(s->r, p->racks[1 - mover]);
		w = s->o.valuer->win(s->o.valuer->ctx, lead, unseen);
		if (!(w >= 0))          /* NaN too */
			w = 0;
		if (w > 1)
			w = 1;
		if (mover != me)
			w = 1 - w;
		*win = (int64_t)floor(w * SIM_WIN_UNIT + 0.5);
	}
	*spread = change_mp >= 0 ? (change_mp + 5) / 10 : -((-change_mp + 5) / 10);
	return 0;
}

static void
stat_add(struct sim_stat *st, int64_t x)
{
	st->n++;
	st->sum += x;
	st->sumsq += (uint64_t)(x < 0 ? -x : x) * (uint64_t)(x < 0 ? -x : x);
}

int
sim_exact(const struct sim *s)
{
	return s->opp_known ? s->npool == 0 : s->npool <= s->r->rack_size;
}

int
sim_iterate(struct sim *s, uint64_t k, struct err *e)
{
	int i, j, t, n;

	rng_seed(&s->it_rng, rng_stream_seed(s->o.seed, k));
	memcpy(s->it_bag, s->pool, (size_t)s->npool);
	n = s->npool;
	/* Shuffle (Fisher-Yates); the other rack, when not given, is the
	 * first rack_size tiles, the bag the rest. */
	for (i = n - 1; i > 0; i--) {
		j = (int)rng_below(&s->it_rng, (uint64_t)i + 1);
		t = s->it_bag[i];
		s->it_bag[i] = s->it_bag[j];
		s->it_bag[j] = (uint8_t)t;
	}
	if (s->opp_known) {
		memcpy(s->it_opp, s->base.racks[s->opp], RULES_MAX_TILES);
		s->it_n = n;
	} else {
		int take = n < s->r->rack_size ? n : s->r->rack_size;

		memset(s->it_opp, 0, sizeof s->it_opp);
		for (i = 0; i < take; i++)
			s->it_opp[s->it_bag[n - 1 - i]]++;
		s->it_n = n - take;
	}
	if (s->npair != s->narms) {
		free(s->pair);
		s->npair = 0;
		if ((s->pair = calloc(2 * (size_t)s->narms * (size_t)s->narms,
		    sizeof *s->pair)) == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
		s->npair = s->narms;
	}
	for (i = 0; i < s->narms; i++) {
		struct sim_arm *a = &s->arms[i];
		int64_t w, sp;

		if (!a->active)
			continue;
		if (rollout(s, a, &w, &sp, e) != 0)
			return -1;
		stat_add(&a->win, w);
		stat_add(&a->spread, sp);
		s->last[2 * i] = w;
		s->last[2 * i + 1] = sp;
	}
	for (i = 0; i < s->narms; i++)
		for (j = i + 1; s->arms[i].active && j < s->narms; j++)
			if (s->arms[j].active) {
				struct sim_stat *pr = &s->pair[2 * (i * s->npair + j)];

				stat_add(pr, s->last[2 * i] - s->last[2 * j]);
				stat_add(pr + 1, s->last[2 * i + 1] -
				    s->last[2 * j + 1]);
			}
	return 0;
}

double
sim_mean(const struct sim_stat *st)
{
	return st->n > 0 ? (double)st->sum / (double)st->n : 0;
}

double
sim_win_pct(const struct sim_stat *st, int se)
{
	return 100 * (se ? sim_se(st) : sim_mean(st)) / SIM_WIN_UNIT;
}

double
sim_spread_pts(const struct sim_stat *st, int se)
{
	return (se ? sim_se(st) : sim_mean(st)) / SIM_SPREAD_UNIT;
}

static double
wall_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int
sim_run(struct sim *s, long first, long step, long cap, double conf,
	double seconds, long *done, const char **why, struct err *e)
{
	double t0 = seconds > 0 ? wall_seconds() : 0;
	long k;

	*done = 0;
	*why = "the cap";
	for (k = first; k < cap; k += step) {
		if (sim_iterate(s, (uint64_t)k, e) != 0)
			return -1;
		++*done;
		if (conf > 0 && sim_exact(s)) {
			*why = "nothing left to chance";
			break;
		}
		if (conf > 0 && *done >= SIM_MIN_SAMPLES &&
		    *done % SIM_CHECK_EVERY == 0 && sim_settle(s, conf)) {
			*why = "confidence";
			break;
		}
		if (seconds > 0 && wall_seconds() - t0 >= seconds) {
			*why = "time";
			break;
		}
	}
	return 0;
}

double
sim_se(const struct sim_stat *st)
{
	double n = (double)st->n, m, var;

	if (st->n < 2)
		return 0;
	m = (double)st->sum / n;
	var = ((double)st->sumsq - n * m * m) / (n - 1);
	return var > 0 ? sqrt(var / n) : 0;
}

/* The order of sim_order: iterations, mean win, mean spread, then index.  The means
 * are compared exactly, by cross-multiplying the integer sums. */
static int
mean_cmp(const struct sim_stat *a, const struct sim_stat *b)
{
	long double x, y;

	if (a->n == 0 || b->n == 0)
		return a->n == b->n ? 0 : a->n == 0 ? 1 : -1;
	x = (long double)a->sum * (long double)b->n;
	y = (long double)b->sum * (long double)a->n;
	return x > y ? -1 : x < y ? 1 : 0;
}

/* An arm's group: 0 if its mean win is within SIM_TOLERANCE of 1, 2 if
 * of 0, else 1.  Within groups 0 and 2 the win is settled and spread
 * decides (as MAGPIE's win% cutoff does). */
static int
group(const struct sim_arm *a)
{
	double w = sim_mean(&a->win) / SIM_WIN_UNIT;

	return a->win.n > 0 && w >= 1 - SIM_TOLERANCE ? 0 :
	    a->win.n > 0 && w <= SIM_TOLERANCE ? 2 : 1;
}

static int
arm_cmp(const struct sim_arm *arms, int i, int j)
{
	int gi = group(&arms[i]), gj = group(&arms[j]), c = 0;

	/* The arms sampled longest first: the stopping rule's survivors
	 * (sampled to the end) before the arms it dropped, the latest
	 * dropped first.  A dropped arm's mean comes from fewer deals than
	 * the leader's has now, and was judged worse on the deals both saw
	 * (with --stop none every arm has every iteration: no effect). */
	if (arms[i].win.n != arms[j].win.n)
		return arms[i].win.n > arms[j].win.n ? -1 : 1;
	if (gi != gj)
		return gi < gj ? -1 : 1;
	if (gi == 1)
		c = mean_cmp(&arms[i].win, &arms[j].win);
	if (c == 0)
		c = mean_cmp(&arms[i].spread, &arms[j].spread);
	if (c == 0 && gi != 1)
		c = mean_cmp(&arms[i].win, &arms[j].win);
	return c != 0 ? c : i < j ? -1 : i > j;
}

void
sim_order(const struct sim_arm *arms, int n, int *order)
{
	int i, j, t;

	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && arm_cmp(arms, order[j], order[j - 1]) < 0; j--) {
			t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
}

double
sim_normal_quantile(double p)
{
	double lo = -40, hi = 40, mid;

	/* Bisection on the normal distribution function, 0.5 erfc(-z/sqrt 2):
	 * called once a check, so exactness beats speed. */
	for (int i = 0; i < 200; i++) {
		mid = (lo + hi) / 2;
		if (0.5 * erfc(-mid / sqrt(2.0)) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* The difference leader - arm i of statistic st (0 win, 1 spread) in
 * the sample's units and its standard error: paired over the common
 * iterations when there are two or more, else from the two means. */
static void
difference(const struct sim *s, int lead, int i, int st, double *d,
	double *se)
{
	const struct sim_stat *pr = NULL, *x, *y;

	if (s->npair == s->narms)
		pr = &s->pair[2 * (i < lead ? i * s->npair + lead :
		    lead * s->npair + i) + st];
	if (pr != NULL && pr->n >= 2) {
		*d = i < lead ? -sim_mean(pr) : sim_mean(pr);
		*se = sim_se(pr);
		return;
	}
	x = st ? &s->arms[lead].spread : &s->arms[lead].win;
	y = st ? &s->arms[i].spread : &s->arms[i].win;
	*d = sim_mean(x) - sim_mean(y);
	*se = sqrt(sim_se(x) * sim_se(x) + sim_se(y) * sim_se(y));
}

int
sim_settle(struct sim *s, double conf)
{
	int i, lead = -1, k = 0, open = 0;
	double z;

	for (i = 0; i < s->narms; i++)
		if (s->arms[i].active) {
			k++;
			if (lead < 0 || arm_cmp(s->arms, i, lead) < 0)
				lead = i;
		}
	if (k <= 1)
		return 1;
	z = sim_normal_quantile(1 - (1 - conf) / (k - 1));
	for (i = 0; i < s->narms; i++) {
		struct sim_arm *a = &s->arms[i];
		int st;
		double d, se, tol;

		if (!a->active || i == lead || sim_same_play(&a->move,
		    &s->arms[lead].move))
			continue;
		/* Both near a sure win or a sure loss: spread decides. */
		st = group(a) == group(&s->arms[lead]) && group(a) != 1;
		difference(s, lead, i, st, &d, &se);
		tol = st ? SIM_SPREAD_TOLERANCE * SIM_SPREAD_UNIT :
		    SIM_TOLERANCE * SIM_WIN_UNIT;
		if (d > z * se)
			a->active = 0;
		else if (!(d + z * se < tol && d - z * se > -tol))
			open++;
	}
	return open == 0;
}
