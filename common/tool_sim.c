/* tool_sim.c — movegen --sim and --sim-merge; see tool_sim.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "move.h"
#include "rng.h"
#include "selfplay.h"
#include "tool.h"
#include "tool_sim.h"

void
tool_sim_option(struct tool_sim *ts, int ch, const char *arg,
	void (*usage)(void))
{
	struct err e;
	long v;
	char *end;

	switch (ch) {
	case TOOL_SIM_SIM:
		ts->on = 1;
		return;
	case TOOL_SIM_MERGE:
		ts->merge = 1;
		return;
	case TOOL_SIM_VERBOSE:
		ts->verbose = 1;
		break;
	case TOOL_SIM_WINPCT:
		ts->winpct = arg;
		break;
	case TOOL_SIM_CANDIDATES:
		if (tool_parse_long(arg, 0, 1000, &v) != 0) {
			tool_warn("bad --candidates: %s (0 to 1000)", arg);
			usage();
		}
		ts->candidates = v;
		ts->candidates_given = 1;
		break;
	case TOOL_SIM_MOVE:
		if (ts->nmoves == TOOL_SIM_MAX_MOVES) {
			tool_warn("more than %d --move options", TOOL_SIM_MAX_MOVES);
			usage();
		}
		ts->moves[ts->nmoves++] = arg;
		break;
	case TOOL_SIM_PLIES:
		if (tool_parse_long(arg, 1, SIM_MAX_PLIES, &v) != 0) {
			tool_warn("bad --plies: %s (1 to %d)", arg, SIM_MAX_PLIES);
			usage();
		}
		ts->plies = (int)v;
		break;
	case TOOL_SIM_ITER:
		if (tool_parse_long(arg, 1, SIM_MAX_ITERATIONS, &v) != 0) {
			tool_warn("bad --iterations: %s (1 to %ld)", arg,
			    SIM_MAX_ITERATIONS);
			usage();
		}
		ts->iterations = v;
		break;
	case TOOL_SIM_TIME:
		errno = 0;
		ts->seconds = strtod(arg, &end);
		if (errno != 0 || end == arg || *end != '\0' ||
		    !(ts->seconds > 0 && ts->seconds < 1e9)) {
			tool_warn("bad --time: %s (seconds, above 0)", arg);
			usage();
		}
		break;
	case TOOL_SIM_STOP:
		if (strcmp(arg, "95") == 0)
			ts->stop = 0.95;
		else if (strcmp(arg, "99") == 0)
			ts->stop = 0.99;
		else if (strcmp(arg, "none") == 0)
			ts->stop = 0;
		else {
			tool_warn("bad --stop: %s (95, 99 or none)", arg);
			usage();
		}
		ts->stop_given = 1;
		break;
	case TOOL_SIM_SHARD:
		if (selfplay_shard_parse(arg, &ts->shard_k, &ts->shard_n, &e) != 0) {
			tool_warn("bad --shard: %s", e.msg);
			usage();
		}
		break;
	default:
		usage();
	}
	ts->given = 1;
}

/* The defaults of the options not given: 20 candidates, 2 plies, at most
 * cap iterations, stopped at confidence stop. */
static void
defaults(struct tool_sim *ts, long cap, double stop)
{
	if (!ts->candidates_given)
		ts->candidates = 20;
	if (ts->plies == 0)
		ts->plies = 2;
	if (ts->iterations == 0)
		ts->iterations = cap;
	if (!ts->stop_given)
		ts->stop = stop;
}

/* The options together, the defaults filled in: 0, or -1 after a
 * message. */
static int
check(struct tool_sim *ts, int others)
{
	if (ts->given && !ts->on) {
		tool_warn("--candidates, --move, --plies, --iterations, --time, "
		    "--stop, --shard and --verbose go with --sim");
		return -1;
	}
	if (ts->on && ts->merge) {
		tool_warn("--sim and --sim-merge do not go together");
		return -1;
	}
	if (others) {
		tool_warn("--sim and --sim-merge print their own tables: no "
		    "--count, --robot, --game, --selfplay, --json or pictures "
		    "(--analyse --sim simulates a game's turns)");
		return -1;
	}
	defaults(ts, TOOL_SIM_ITERATIONS, ts->shard_n > 0 ? 0 : 0.95);
	if (ts->shard_n > 0 && (ts->stop > 0 || ts->seconds > 0)) {
		tool_warn("--shard runs every iteration of its share: no --time, "
		    "and --stop none");
		return -1;
	}
	return 0;
}

struct run {
	struct tool_sim *ts;
	struct tool_engines *engines;
	const char *rules_name;
	uint64_t seed;
};

static int
sim_line(char *line, size_t len, const char *name, long lineno, void *arg)
{
	struct run *r = arg;
	struct position p;
	struct engine *en;

	if ((en = tool_engine_cgp(r->engines, r->rules_name, line, len, &p,
	    name, lineno)) == NULL)
		return TOOL_ERR;
	return tool_sim_position(r->ts, en, &p, line, len, r->seed, name,
	    lineno);
}

int
tool_sim_run(struct tool_sim *ts, struct tool_engines *engines,
	const char *rules_name, uint64_t seed, int n, char *const path[],
	int others)
{
	struct run r = { ts, engines, rules_name, seed };
	int ret = TOOL_OK;

	if (check(ts, others) != 0)
		return TOOL_ERR;
	if (ts->merge)
		return tool_sim_merge(n, path);
	if (n == 0)
		ret = tool_each_line("-", sim_line, &r);
	for (int i = 0; i < n; i++)
		if (tool_each_line(path[i], sim_line, &r) != TOOL_OK)
			ret = TOOL_ERR;
	tool_sim_free(ts);
	return ret;
}

void
tool_sim_free(struct tool_sim *ts)
{
	for (int i = 0; i < ts->nwired; i++) {
		winpct_destroy(ts->wired[i].table);
		endgame_destroy(ts->wired[i].solver);
		free(ts->wired[i].res);
	}
	ts->nwired = 0;
	sim_destroy(ts->an.s);
	free(ts->an.arms);
	free(ts->an.order);
	memset(&ts->an, 0, sizeof ts->an);
}

/* --- The table --- */

static void
write_table(FILE *fp, const struct sim_arm *arms, int n, int *order)
{
	sim_order(arms, n, order);
	fputs("#move\tscore\tequity\twin%\twin_se\tspread\tspread_se\t"
	    "iterations\n", fp);
	for (int i = 0; i < n; i++) {
		const struct sim_arm *a = &arms[order[i]];

		fprintf(fp, "%s\t%d\t%.1f\t%.2f\t%.2f\t%.2f\t%.2f\t%" PRId64 "\n",
		    a->text, a->score, (double)a->equity / 1000,
		    sim_win_pct(&a->win, 0), sim_win_pct(&a->win, 1),
		    sim_spread_pts(&a->spread, 0), sim_spread_pts(&a->spread, 1),
		    a->win.n);
	}
	putc('\n', fp);
}

static void
write_shard(FILE *fp, const struct tool_sim *ts, const char *cgp, size_t len,
	uint64_t seed, const struct sim_arm *arms, int n)
{
	fprintf(fp, "#ordverk-sim 1\nposition\t%.*s\nseed\t%" PRIu64 "\n"
	    "plies\t%d\niterations\t%ld\nshard\t%ld/%ld\n", (int)len, cgp, seed,
	    ts->plies, ts->iterations, ts->shard_k, ts->shard_n);
	for (int i = 0; i < n; i++) {
		const struct sim_arm *a = &arms[i];

		fprintf(fp, "arm\t%s\t%d\t%" PRId64 "\t%" PRId64 "\t%" PRId64 "\t%"
		    PRIu64 "\t%" PRId64 "\t%" PRIu64 "\n", a->text, a->score,
		    a->equity, a->win.n, a->win.sum, a->win.sumsq, a->spread.sum,
		    a->spread.sumsq);
	}
	fputs("end\n", fp);
}

/* Wall seconds (for --time) or the process's CPU seconds (for the rate
 * --verbose gives: machines shared with other jobs). */
static double
now(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int
tool_sim_loop(const struct tool_sim *ts, struct sim *s, long *done,
	const char **why, struct err *e)
{
	return sim_run(s, ts->shard_n > 0 ? ts->shard_k - 1 : 0,
	    ts->shard_n > 0 ? ts->shard_n : 1, ts->iterations, ts->stop,
	    ts->seconds, done, why, e);
}

/* --- The win table and the endgame solver, per ruleset --- */

/* The endgame hook (sim.h): a rollout whose bag is empty is solved
 * exactly once both racks together hold at most max_tiles tiles (every
 * time when the root's bag is empty); before, it declines (1) and the
 * robot plays on.  No time limit: the value is the same on every
 * machine, so shards still add up exactly. */
static int
hook_solve(void *ctx, const struct position *p, int *swing, struct err *e)
{
	struct tool_sim_wired *w = ctx;
	struct endgame_opts o;
	struct position q = *p;
	int n = 0, t;

	if (p->nplayers != 2)
		return 1;       /* the solver is for two */
	for (t = 0; t <= w->en->rules.nletters; t++)
		n += p->racks[0][t] + p->racks[1][t];
	if (!w->all && n > w->max_tiles)
		return 1;
	q.rack_known[0] = q.rack_known[1] = 1;
	memset(&o, 0, sizeof o);
	o.tt_log2 = TOOL_SIM_TT_LOG2;
	/* A rollout's endgame that is not solved within the node limit (a
	 * stuck Q) is played on by the robot: a node limit, not a time
	 * limit, so that every machine and shard declines the same ones. */
	if (!w->all)
		o.max_nodes = TOOL_SIM_ENDGAME_NODES;
	if (endgame_solve(w->solver, &q, &o, w->res, e) != 0)
		return -1;
	if (w->res->stopped || w->res->lo != w->res->hi)
		return 1;
	*swing = w->res->lo;
	return 0;
}

/* wire: engine en's win table and solver, made the first time. */
static struct tool_sim_wired *
wire(struct tool_sim *ts, const struct engine *en, const char *file,
	long line)
{
	struct tool_sim_wired *w;
	struct err e;
	char *path = NULL;
	int i;

	for (i = 0; i < ts->nwired; i++)
		if (ts->wired[i].en == en)
			return &ts->wired[i];
	if (ts->nwired == TOOL_ENGINES_MAX)
		tool_die("more than %d rulesets in one run", TOOL_ENGINES_MAX);
	w = &ts->wired[ts->nwired];
	memset(w, 0, sizeof *w);
	w->en = en;
	w->max_tiles = TOOL_SIM_ENDGAME_TILES;
	if (ts->winpct == NULL)
		path = tool_default_winpct(&en->rules);
	else if (strcmp(ts->winpct, "none") != 0 &&
	    (path = strdup(ts->winpct)) == NULL)
		tool_die("out of memory");
	if (path != NULL && (w->table = winpct_load(path, &en->rules, &e)) ==
	    NULL)
		tool_die("%s:%ld: %s", path, e.line, e.msg);
	if (path != NULL) {
		const char *base = strrchr(path, '/');

		snprintf(w->table_name, sizeof w->table_name, "%s",
		    base != NULL ? base + 1 : path);
	} else {
		snprintf(w->table_name, sizeof w->table_name, "none");
	}
	if (w->table == NULL && ts->winpct == NULL)
		tool_warnfl(file, line, "note: no win table for ruleset %s: the "
		    "stand-in curve values the horizon (movegen(1), SIMULATION)",
		    en->rules.name);
	free(path);
	w->valuer.win = w->table != NULL ? winpct_win : sim_standin_win;
	w->valuer.ctx = w->table;
	if ((w->solver = endgame_create(&en->rules, en->gen, TOOL_SIM_TT_LOG2,
	    &e)) == NULL)
		tool_die("%s", e.msg);
	if ((w->res = malloc(sizeof *w->res)) == NULL)
		tool_die("out of memory");
	w->hook.solve = hook_solve;
	w->hook.ctx = w;
	ts->nwired++;
	return w;
}

/* add_solved: the k best first moves of endgame p (the other rack filled
 * in as the simulation has it) as s's candidates.  0, or -1 with e set. */
static int
add_solved(struct tool_sim_wired *w, struct sim *s, const struct position *p,
	int k, struct err *e)
{
	struct endgame_opts o;
	struct position q = *p;
	int i, rc;

	if (k < 1)
		return 0;
	if (!q.rack_known[1 - p->to_move]) {
		/* The tiles the player to move cannot see, the bag being
		 * empty: as movegen --endgame takes them. */
		if (board_unseen(&w->en->rules, p, p->to_move,
		    q.racks[1 - p->to_move], e) != 0)
			return -1;
		q.rack_known[1 - p->to_move] = 1;
	}
	q.rack_known[p->to_move] = 1;
	memset(&o, 0, sizeof o);
	o.top = k < ENDGAME_MAX_TOP ? k : ENDGAME_MAX_TOP;
	o.tt_log2 = TOOL_SIM_TT_LOG2;
	rc = endgame_solve(w->solver, &q, &o, w->res, e);
	for (i = 0; rc == 0 && i < w->res->nlines; i++)
		rc = sim_add(s, &w->res->lines[i].move, e);
	return rc;
}

int
tool_sim_position(struct tool_sim *ts, struct engine *en,
	const struct position *p, const char *cgp, size_t len, uint64_t seed,
	const char *file, long line)
{
	struct tool_sim_wired *w = wire(ts, en, file, line);
	struct sim_opts so = { ts->plies, seed, &w->valuer,
	    w->solver != NULL ? &w->hook : NULL };
	struct sim *s;
	struct err e;
	long done = 0;
	const char *why = "the cap";
	double t0 = now(CLOCK_MONOTONIC), t;
	double c0 = now(CLOCK_PROCESS_CPUTIME_ID);
	int ret = TOOL_ERR, *order = NULL;

	/* Trailing white space is no part of the position. */
	while (len > 0 && (cgp[len - 1] == '\n' || cgp[len - 1] == '\r' ||
	    cgp[len - 1] == ' ' || cgp[len - 1] == '\t'))
		len--;
	if ((s = sim_create(&en->rules, en->gen, en->leaves, &e)) == NULL)
		tool_die("%s", e.msg);
	if (sim_setup(s, p, &so, &e) != 0) {
		tool_warnfl(file, line, "%s", e.msg);
		goto out;
	}
	/* The bag empty at the root, the other rack known: the solver's best
	 * first moves are the candidates, and each one's endgame is solved
	 * exactly (one iteration holds all there is). */
	w->all = sim_exact(s) && position_bag_count(&en->rules, p) == 0 &&
	    p->nplayers == 2;
	if (w->all ? add_solved(w, s, p, (int)ts->candidates, &e) :
	    sim_add_top(s, (int)ts->candidates, &e)) {
		tool_warnfl(file, line, "%s", e.msg);
		goto out;
	}
	for (int i = 0; i < ts->nmoves; i++) {
		struct move m;

		if (move_parse(&en->rules, &p->board, ts->moves[i],
		    strlen(ts->moves[i]), 0, &m, &e) != 0 ||
		    move_validate(&en->rules, en->lex, p, &m, NULL, &e) != 0) {
			tool_warnfl(file, line, "--move %s: %s", ts->moves[i], e.msg);
			goto out;
		}
		if (sim_add(s, &m, &e) != 0)
			tool_die("%s", e.msg);
	}
	if ((order = malloc((size_t)(sim_narms(s) + 1) * sizeof *order)) == NULL)
		tool_die("out of memory");
	if (tool_sim_loop(ts, s, &done, &why, &e) != 0) {
		tool_warnfl(file, line, "%s", e.msg);
		goto out;
	}
	if (ts->shard_n > 0)
		write_shard(stdout, ts, cgp, len, seed, sim_arms(s), sim_narms(s));
	else
		write_table(stdout, sim_arms(s), sim_narms(s), order);
	if (ts->verbose) {
		long rollouts = 0;

		for (int i = 0; i < sim_narms(s); i++)
			rollouts += (long)sim_arms(s)[i].win.n;
		t = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
		tool_warnfl(file, line, "%ld iterations, %ld rollouts, stopped by "
		    "%s, %.2f s wall, %.3f s CPU, %.0f rollouts a CPU second", done,
		    rollouts, why, now(CLOCK_MONOTONIC) - t0, t, t > 0 ?
		    (double)rollouts / t : 0);
	}
	ret = TOOL_OK;
out:
	free(order);
	sim_destroy(s);
	return ret;
}

/* --- movegen -a --sim --- */

int
tool_sim_analyse_check(struct tool_sim *ts)
{
	if (ts->given && !ts->on) {
		tool_warn("--candidates, --plies, --iterations, --time, --stop, "
		    "--winpct and --verbose go with --sim");
		return -1;
	}
	if (ts->merge || ts->shard_n > 0 || ts->nmoves > 0) {
		tool_warn("--analyse --sim simulates each turn's candidates and the "
		    "move played: no --sim-merge, --shard or --move");
		return -1;
	}
	defaults(ts, TOOL_SIM_ANALYSE_ITERATIONS, 0.95);
	return 0;
}

/* The arm of s that is move m, or -1. */
static int
arm_of(struct sim *s, const struct move *m)
{
	for (int i = 0; i < sim_narms(s); i++)
		if (sim_same_play(&sim_arms(s)[i].move, m))
			return i;
	return -1;
}

/* The simulator of analyse.h: turn t's candidates and the move played,
 * simulated as tool_sim_analyse says. */
static int
simulate_turn(void *ctx, const struct analyse_turn *t,
	const struct analyse_sim **out, struct err *e)
{
	struct tool_sim *ts = ctx;
	struct tool_sim_turns *an = &ts->an;
	const struct engine *en = an->en;
	struct position *pp = &an->pos;
	struct sim_opts so;
	struct move m;
	struct err me;
	double t0 = now(CLOCK_MONOTONIC);
	int played = -1, n, opp = 1 - t->player, i;

	*out = NULL;
	*pp = *t->at->pos;
	if (pp->nplayers != 2)
		return 0;               /* the simulation is for two */
	/* The mover's view: the other rack is not known then. */
	pp->to_move = t->player;
	pp->rack_known[opp] = 0;
	memset(pp->racks[opp], 0, sizeof pp->racks[opp]);
	memset(&so, 0, sizeof so);
	so.plies = ts->plies;
	so.seed = rng_stream_seed(an->seed, (uint64_t)t->turn) & INT64_MAX;
	so.valuer = &an->w->valuer;
	so.endgame = &an->w->hook;
	an->w->all = 0;
	if (sim_setup(an->s, pp, &so, e) != 0 ||
	    sim_add_top(an->s, (int)ts->candidates, e) != 0)
		return -1;
	if (!t->withdrawn && t->rank >= 1) {
		m = t->played;
		if (t->mirrored) {      /* the generator's twin across */
			m.dir = DIR_ACROSS;
			m.row = t->played.col;
			m.col = t->played.row;
		}
		if (move_validate(&en->rules, en->lex, pp, &m, NULL, &me) == 0 &&
		    (played = arm_of(an->s, &m)) < 0) {
			if (sim_add(an->s, &m, e) != 0)
				return -1;
			played = sim_narms(an->s) - 1;
		}
	}
	if ((n = sim_narms(an->s)) == 0)
		return 0;
	if (tool_sim_loop(ts, an->s, &an->res.iterations, &an->res.stopped,
	    e) != 0)
		return -1;
	if (n > an->cap) {
		free(an->arms);
		free(an->order);
		an->cap = n;
		if ((an->arms = malloc((size_t)n * sizeof *an->arms)) == NULL ||
		    (an->order = malloc((size_t)n * sizeof *an->order)) == NULL)
			tool_die("out of memory");
	}
	sim_order(sim_arms(an->s), n, an->order);
	an->res.played = -1;
	for (i = 0; i < n; i++) {
		an->arms[i] = sim_arms(an->s)[an->order[i]];
		if (an->order[i] == played)
			an->res.played = i;
	}
	an->res.arms = an->arms;
	an->res.narms = n;
	an->res.seed = so.seed;
	if (cgp_format(&en->rules, pp, an->res.cgp, sizeof an->res.cgp) < 0)
		an->res.cgp[0] = '\0';
	if (ts->verbose)
		tool_warnfl(an->file, t->at->ev->line, "turn %ld: %ld iterations, "
		    "stopped by %s, %.2f s wall", t->turn, an->res.iterations,
		    an->res.stopped, now(CLOCK_MONOTONIC) - t0);
	*out = &an->res;
	return 0;
}

void
tool_sim_analyse(struct tool_sim *ts, struct engine *en, struct analyse *a,
	uint64_t seed, const char *file)
{
	struct tool_sim_turns *an = &ts->an;
	struct err e;

	if (an->en != en) {
		sim_destroy(an->s);
		an->w = wire(ts, en, file, 0);
		if ((an->s = sim_create(&en->rules, en->gen, en->leaves, &e)) ==
		    NULL)
			tool_die("%s", e.msg);
		an->en = en;
	}
	an->seed = seed;
	an->file = file;
	a->simulate = simulate_turn;
	a->sim_ctx = ts;
	a->sim_head.plies = ts->plies;
	a->sim_head.iterations = ts->iterations;
	a->sim_head.seconds = ts->seconds;
	a->sim_head.stop = ts->stop;
	a->sim_head.seed = seed;
	a->sim_head.winpct = an->w->table_name;
}

/* --- Merging shard files --- */

struct block {
	char *position;
	uint64_t seed;
	long plies, iterations, shard_n;
	unsigned char *seen;        /* shard K given, K = 1 .. shard_n */
	struct sim_arm *arms;
	int narms, cap;
};

struct merge {
	struct block *b;
	int n, cap;
};

static void
merge_free(struct merge *m)
{
	for (int i = 0; i < m->n; i++) {
		free(m->b[i].position);
		free(m->b[i].seen);
		free(m->b[i].arms);
	}
	free(m->b);
}

static void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n);

	if (q == NULL)
		tool_die("out of memory");
	return q;
}

/* The value after "NAME<TAB>" on line s, or NULL. */
static const char *
field(const char *s, const char *name)
{
	size_t n = strlen(name);

	return strncmp(s, name, n) == 0 && s[n] == '\t' ? s + n + 1 : NULL;
}

static int
num(const char *s, long min, long max, long *v)
{
	return tool_parse_long(s, min, max, v);
}

/* An arm line's fields after "arm<TAB>" into a (text and sums); the
 * numbers checked: n >= 0, win sums within what n samples can hold. */
static int
parse_arm(char *s, struct sim_arm *a)
{
	char *f[8], *end;
	int i;
	int64_t v[7];

	for (i = 0; i < 8; i++) {
		f[i] = s;
		s = strchr(s, '\t');
		if ((s == NULL) != (i == 7))
			return -1;
		if (s != NULL)
			*s++ = '\0';
	}
	if (strlen(f[0]) == 0 || strlen(f[0]) >= SIM_TEXT_MAX)
		return -1;
	for (i = 1; i < 8; i++) {
		errno = 0;
		if (i == 5 || i == 7)
			v[i - 1] = (int64_t)strtoull(f[i], &end, 10);
		else
			v[i - 1] = (int64_t)strtoll(f[i], &end, 10);
		if (errno != 0 || end == f[i] || *end != '\0' ||
		    ((i == 5 || i == 7) && f[i][0] == '-'))
			return -1;
	}
	memset(a, 0, sizeof *a);
	strcpy(a->text, f[0]);
	a->score = (int)v[0];
	a->equity = v[1];
	a->win.n = a->spread.n = v[2];
	a->win.sum = v[3];
	a->win.sumsq = (uint64_t)v[4];
	a->spread.sum = v[5];
	a->spread.sumsq = (uint64_t)v[6];
	if (v[0] < 0 || v[0] > 100000 || v[2] < 0 ||
	    v[2] > SIM_MAX_ITERATIONS || v[3] < 0 ||
	    v[3] > v[2] * SIM_WIN_UNIT)
		return -1;
	return 0;
}

/* Adds from's sums to to's: -1 (to unchanged) past SIM_MAX_ITERATIONS
 * or past 64 bits (a file made up, not a shard). */
static int
add_sums(struct sim_stat *to, const struct sim_stat *from)
{
	int64_t sum;
	uint64_t sumsq;

	if (to->n > SIM_MAX_ITERATIONS - from->n ||
	    __builtin_add_overflow(to->sum, from->sum, &sum) ||
	    __builtin_add_overflow(to->sumsq, from->sumsq, &sumsq))
		return -1;
	to->n += from->n;
	to->sum = sum;
	to->sumsq = sumsq;
	return 0;
}

/* The block of position pos of run cur (seed, plies, iterations,
 * shards) in m: the one that has it, or a new one.  *fresh is set when
 * it is new (its arms are then the shard's).  NULL after a message when
 * shard k of it is there already. */
static struct block *
find_block(struct merge *m, const char *pos, const struct block *cur, long k,
	int *fresh, const char *path, long line)
{
	struct block *b;

	for (int i = 0; i < m->n; i++) {
		b = &m->b[i];
		if (strcmp(b->position, pos) != 0 || b->seed != cur->seed ||
		    b->plies != cur->plies || b->iterations != cur->iterations ||
		    b->shard_n != cur->shard_n)
			continue;
		if (b->seen[k]) {
			tool_warnfl(path, line, "shard %ld/%ld given twice", k,
			    cur->shard_n);
			return NULL;
		}
		b->seen[k] = 1;
		*fresh = 0;
		return b;
	}
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 8;
		m->b = xrealloc(m->b, (size_t)m->cap * sizeof *m->b);
	}
	b = &m->b[m->n++];
	*b = *cur;
	b->arms = NULL;
	b->narms = b->cap = 0;
	if ((b->position = strdup(pos)) == NULL ||
	    (b->seen = calloc((size_t)cur->shard_n + 1, 1)) == NULL)
		tool_die("out of memory");
	b->seen[k] = 1;
	*fresh = 1;
	return b;
}

/* One shard file into m: each block is added to the block of the same
 * position and run (or makes a new one), so that shards may come in any
 * order, in one file or many.  Returns 0, or -1 after a message. */
static int
merge_file(struct merge *m, const char *path)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	struct tool_lines ln;
	struct block cur, *b = NULL;
	int nb = 0, ai = 0, state = 0, ret = -1, fresh = 0;
	long len, k = 0;
	const char *val;
	char *s, *pos = NULL;

	if (fp == NULL) {
		tool_warn("%s:", path);
		return -1;
	}
	memset(&cur, 0, sizeof cur);
	tool_lines_init(&ln, fp, path);
	/* state 0: before "#ordverk-sim 1"; 1 .. 5: the header lines; 6:
	 * the arms. */
	while ((len = tool_readline(&ln)) >= 0) {
		s = ln.buf;
		if (state == 0) {
			if (strcmp(s, "#ordverk-sim 1") != 0)
				goto bad;
			state = 1;
			ai = 0;
			nb++;
		} else if (state == 1 && (val = field(s, "position")) != NULL) {
			free(pos);
			if ((pos = strdup(val)) == NULL)
				tool_die("out of memory");
			state = 2;
		} else if (state == 2 && (val = field(s, "seed")) != NULL) {
			if (rng_parse_seed(val, &cur.seed) != 0)
				goto bad;
			state = 3;
		} else if (state == 3 && (val = field(s, "plies")) != NULL) {
			if (num(val, 1, SIM_MAX_PLIES, &cur.plies) != 0)
				goto bad;
			state = 4;
		} else if (state == 4 && (val = field(s, "iterations")) != NULL) {
			if (num(val, 1, SIM_MAX_ITERATIONS, &cur.iterations) != 0)
				goto bad;
			state = 5;
		} else if (state == 5 && (val = field(s, "shard")) != NULL) {
			struct err e;

			if (selfplay_shard_parse(val, &k, &cur.shard_n, &e) != 0 ||
			    cur.shard_n > 1000000)
				goto bad;
			if ((b = find_block(m, pos, &cur, k, &fresh, path,
			    ln.lineno)) == NULL)
				goto out;
			state = 6;
		} else if (state == 6 && (val = field(s, "arm")) != NULL) {
			struct sim_arm a;

			if (parse_arm(s + 4, &a) != 0)
				goto bad;
			if (fresh) {
				if (b->narms == b->cap) {
					b->cap = b->cap ? 2 * b->cap : 32;
					b->arms = xrealloc(b->arms, (size_t)b->cap *
					    sizeof *b->arms);
				}
				b->arms[b->narms++] = a;
			} else if (ai >= b->narms ||
			    strcmp(b->arms[ai].text, a.text) != 0 ||
			    b->arms[ai].score != a.score ||
			    b->arms[ai].equity != a.equity) {
				tool_warnfl(path, ln.lineno, "another move than the "
				    "other shards' of this position");
				goto out;
			} else if (add_sums(&b->arms[ai].win, &a.win) != 0 ||
			    add_sums(&b->arms[ai].spread, &a.spread) != 0) {
				tool_warnfl(path, ln.lineno, "more than %ld iterations, "
				    "or sums past 64 bits", SIM_MAX_ITERATIONS);
				goto out;
			}
			ai++;
		} else if (state == 6 && strcmp(s, "end") == 0) {
			if (ai != b->narms) {
				tool_warnfl(path, ln.lineno, "fewer moves than the "
				    "other shards' of this position");
				goto out;
			}
			state = 0;
		} else {
			goto bad;
		}
	}
	if (len == -2 || len == -3) {
		tool_warnfl(path, ln.lineno, len == -2 ? "read error" :
		    "line too long");
		goto out;
	}
	if (state != 0 || nb == 0) {
		tool_warnfl(path, ln.lineno, nb == 0 ? "no positions" :
		    "file ends inside a position");
		goto out;
	}
	ret = 0;
	goto out;
bad:
	tool_warnfl(path, ln.lineno, "not a line of the #ordverk-sim 1 format");
out:
	free(pos);
	tool_lines_free(&ln);
	if (fp != stdin)
		fclose(fp);
	return ret;
}

int
tool_sim_merge(int n, char *const path[])
{
	struct merge m = { NULL, 0, 0 };
	int ret = TOOL_OK, *order = NULL;

	if (n == 0) {
		tool_warn("--sim-merge takes the shard files as operands");
		return TOOL_ERR;
	}
	for (int i = 0; i < n; i++)
		if (merge_file(&m, path[i]) != 0) {
			merge_free(&m);
			return TOOL_ERR;
		}
	for (int i = 0; i < m.n; i++) {
		struct block *b = &m.b[i];
		long missing = 0;

		for (long k = 1; k <= b->shard_n; k++)
			missing += !b->seen[k];
		if (missing > 0)
			tool_warn("position %d: %ld of %ld shards missing: the table "
			    "holds the others' iterations", i + 1, missing, b->shard_n);
		order = xrealloc(order, (size_t)(b->narms + 1) * sizeof *order);
		write_table(stdout, b->arms, b->narms, order);
	}
	free(order);
	merge_free(&m);
	return ret;
}
