/* selfplay.c — robot self-play games; see selfplay.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "selfplay.h"
#include "winpct.h"

struct selfplay {
	struct rules r;
	int n;                                  /* seats */
	struct game *g;
	uint64_t seed;                          /* of the game last played */
	enum robot_strategy strat[RULES_MAX_PLAYERS];
	struct robot *rb[RULES_MAX_PLAYERS];    /* rb[0] lends its generator */
	char name[RULES_MAX_PLAYERS][48];
	/* What selfplay_open loaded, and the lexicon's name for GCG. */
	struct lex *lex, *vocab;
	struct klv *leaves, *seat_leaves[RULES_MAX_PLAYERS];
	struct winpct *winpct;
	char lexname[64];
	/* What the statistics files say the run was (stats_origin). */
	uint32_t lexsum, vocabsum;
	char robots[STATS_ROBOTS_MAX];
};

/* klv_crc: a CRC-32 of a leave table's values, which name it in the
 * robots of a statistics file (two tables of the same values play the
 * same).  klv_values only reads here. */
static uint32_t
klv_crc(const struct klv *k)
{
	const int32_t *v = klv_values((struct klv *)(uintptr_t)k);
	uLong crc = crc32(0L, Z_NULL, 0);
	uint32_t n = klv_count(k);

	for (uint32_t i = 0; i < n; i++) {
		unsigned char b[4] = { (unsigned char)((uint32_t)v[i] & 0xff),
		    (unsigned char)((uint32_t)v[i] >> 8 & 0xff),
		    (unsigned char)((uint32_t)v[i] >> 16 & 0xff),
		    (unsigned char)((uint32_t)v[i] >> 24) };

		crc = crc32(crc, b, 4);
	}
	return (uint32_t)crc;
}

struct selfplay *
selfplay_create(const struct rules *r, const struct lex *lex,
    const struct lex *vocab, int nplayers, const struct selfplay_seat *seats,
    struct err *e)
{
	struct selfplay *sp;
	size_t len;
	int eq;

	if (nplayers < 1 || nplayers > RULES_MAX_PLAYERS) {
		err_set(e, 0, "%d players: 1 to %d", nplayers, RULES_MAX_PLAYERS);
		return NULL;
	}
	if ((sp = calloc(1, sizeof *sp)) == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	sp->r = *r;
	sp->n = nplayers;
	for (int i = 0; i < nplayers; i++) {
		struct robot_opts o = { seats[i].strategy, vocab, seats[i].leaves,
		    seats[i].winpct, seats[i].sim_candidates,
		    seats[i].sim_iterations };
		int same = 0;

		sp->strat[i] = seats[i].strategy;
		sp->rb[i] = i == 0 ? robot_create(&sp->r, lex, &o, e) :
		    robot_create_sharing(sp->rb[0], &o, e);
		if (sp->rb[i] == NULL) {
			selfplay_destroy(sp);
			return NULL;
		}
		robot_set_endgame_time(sp->rb[i], seats[i].endgame_seconds);
		robot_set_endgame_nodes(sp->rb[i], seats[i].endgame_nodes);
		for (int j = 0; j < nplayers; j++)
			same += j != i && seats[j].strategy == seats[i].strategy;
		snprintf(sp->name[i], sizeof sp->name[i], same ? "%s-%d" : "%s",
		    robot_strategy_name(seats[i].strategy), i + 1);
		/* "equity:CRC" for an equity seat with a leave table (the
		 * others do not use one). */
		eq = robot_takes_leaves(seats[i].strategy) &&
		    seats[i].leaves != NULL;
		len = strlen(sp->robots);
		snprintf(sp->robots + len, sizeof sp->robots - len,
		    eq ? "%s%s:%08" PRIx32 : "%s%s", i > 0 ? " " : "",
		    robot_strategy_name(seats[i].strategy),
		    eq ? klv_crc(seats[i].leaves) : 0);
		/* A sim seat's budget plays otherwise: ":CANDIDATESxITERATIONS". */
		if (seats[i].strategy == ROBOT_SIM) {
			len = strlen(sp->robots);
			snprintf(sp->robots + len, sizeof sp->robots - len,
			    ":%dx%ld", seats[i].sim_candidates > 0 ?
			    seats[i].sim_candidates : ROBOT_SIM_CANDIDATES,
			    seats[i].sim_iterations > 0 ?
			    seats[i].sim_iterations : ROBOT_SIM_ITERATIONS);
		}
	}
	sp->lexsum = lex_checksum(lex);
	sp->vocabsum = vocab != NULL ? lex_checksum(vocab) : 0;
	if ((sp->g = game_create(&sp->r, nplayers, e)) == NULL) {
		selfplay_destroy(sp);
		return NULL;
	}
	return sp;
}

void
selfplay_destroy(struct selfplay *sp)
{
	if (sp == NULL)
		return;
	game_destroy(sp->g);
	/* Seat 0's robot lends its move generator: it goes last. */
	for (int i = sp->n - 1; i >= 0; i--)
		robot_destroy(sp->rb[i]);
	klv_destroy(sp->leaves);
	for (int i = 0; i < RULES_MAX_PLAYERS; i++)
		klv_destroy(sp->seat_leaves[i]);
	winpct_destroy(sp->winpct);
	lex_destroy(sp->vocab);
	lex_destroy(sp->lex);
	free(sp);
}

/* The files of f, in the order their errors are reported: the lexicon,
 * the vocabulary, the tables, then the seats. */
struct selfplay *
selfplay_open(const struct rules *r, const struct selfplay_files *f,
    struct err *e)
{
	struct selfplay_seat seats[RULES_MAX_PLAYERS];
	struct lex *lex, *vocab = NULL;
	struct klv *leaves = NULL, *own[RULES_MAX_PLAYERS] = { NULL };
	struct winpct *wp = NULL;
	const char *wpath = f->winpct != NULL ? f->winpct : f->default_winpct;
	struct selfplay *sp = NULL;
	const char *ln, *lp = f->leaves;
	struct err ie;
	int eq = 0;

	if ((lex = lex_load(f->lexicon, r, &ie)) == NULL) {
		err_file(e, f->lexicon, &ie);
		return NULL;
	}
	/* lex_load refused a lexicon (or below, a vocabulary) of another
	 * alphabet, in the one wording of every tool. */
	if (f->vocab != NULL && (vocab = lex_load(f->vocab, r, &ie)) == NULL) {
		err_file(e, f->vocab, &ie);
		goto fail;
	}
	for (int i = 0; i < f->players && i < RULES_MAX_PLAYERS; i++)
		eq |= robot_takes_leaves(f->strategy[i]) &&
		    f->seat_leaves[i] == NULL;
	if (lp == NULL && eq)
		lp = f->default_leaves;
	if (lp != NULL && (leaves = klv_load(lp, r, &ie)) == NULL) {
		err_file(e, lp, &ie);
		goto fail;
	}
	if (f->players < r->min_players || f->players > r->max_players) {
		err_set(e, 0, "ruleset %s is for %d to %d players, not %d", r->name,
		    r->min_players, r->max_players, f->players);
		goto fail;
	}
	for (int i = 0; i < f->players && wpath != NULL; i++)
		if (f->strategy[i] == ROBOT_SIM && wp == NULL &&
		    (wp = winpct_load(wpath, r, &ie)) == NULL) {
			err_file(e, wpath, &ie);
			goto fail;
		}
	for (int i = 0; i < f->players; i++) {
		const char *p = f->seat_leaves[i];

		if (p != NULL && (own[i] = klv_load(p, r, &ie)) == NULL) {
			err_file(e, p, &ie);
			goto fail;
		}
		seats[i].strategy = f->strategy[i];
		seats[i].leaves = own[i] != NULL ? own[i] : leaves;
		seats[i].winpct = wp;
		seats[i].sim_candidates = f->sim_candidates;
		seats[i].sim_iterations = f->sim_iterations;
		seats[i].endgame_seconds = f->endgame_seconds;
		seats[i].endgame_nodes = f->endgame_nodes;
	}
	if ((sp = selfplay_create(r, lex, vocab, f->players, seats, e)) == NULL)
		goto fail;
	sp->lex = lex;
	sp->vocab = vocab;
	sp->leaves = leaves;
	sp->winpct = wp;
	memcpy(sp->seat_leaves, own, sizeof own);
	/* The lexicon's name for GCG: its file name without ".lex". */
	ln = strrchr(f->lexicon, '/');
	ln = ln != NULL ? ln + 1 : f->lexicon;
	snprintf(sp->lexname, sizeof sp->lexname, "%.*s", (int)(strlen(ln) > 4 &&
	    strcmp(ln + strlen(ln) - 4, ".lex") == 0 ? strlen(ln) - 4 :
	    strlen(ln)), ln);
	return sp;
fail:
	winpct_destroy(wp);
	for (int i = 0; i < RULES_MAX_PLAYERS; i++)
		klv_destroy(own[i]);
	klv_destroy(leaves);
	lex_destroy(vocab);
	lex_destroy(lex);
	return NULL;
}

const char *
selfplay_name(const struct selfplay *sp, int i)
{
	return i >= 0 && i < sp->n ? sp->name[i] : "";
}

int
selfplay_game(struct selfplay *sp, uint64_t seed, long k, struct err *e)
{
	uint64_t gs = rng_stream_seed(seed, (uint64_t)k);
	struct rng rr;
	struct err ie;
	int turns = 0, scoreless = 0;

	sp->seed = gs;
	if (game_start(sp->g, gs, e) < 0)
		return -1;
	rng_seed(&rr, rng_stream_seed(gs, 1));
	while (game_over(sp->g) == GAME_ON) {
		const struct position *p = game_position(sp->g);
		struct move m;

		if (robot_choose(sp->rb[p->to_move], p, game_bag_count(sp->g),
		    &rr, &m, &ie) < 0)
			goto fail;
		robot_stall(&scoreless, &m);
		if (game_play(sp->g, &m, &ie) < 0)
			goto fail;
		if (++turns > SELFPLAY_MAX_TURNS) {
			err_set(e, 0, "game %ld (seed %" PRIu64 "): does not end",
			    k, gs);
			return -1;
		}
	}
	return 0;
fail:
	err_set(e, 0, "game %ld (seed %" PRIu64 "): %s", k, gs, ie.msg);
	return -1;
}

const struct game *
selfplay_last(const struct selfplay *sp)
{
	return sp->g;
}

uint64_t
selfplay_seed(const struct selfplay *sp)
{
	return sp->seed;
}

int
selfplay_header(FILE *fp, int nplayers)
{
	fprintf(fp, "#game\tseed\tplayer1\tplayer2\tscore1\tscore2\twinner\t"
	    "turns\tbingos1\tbingos2\tend");
	for (int i = 2; i < nplayers; i++)
		fprintf(fp, "\tplayer%d\tscore%d\tbingos%d", i + 1, i + 1, i + 1);
	putc('\n', fp);
	return ferror(fp) ? -1 : 0;
}

int
selfplay_line(const struct selfplay *sp, long k, FILE *fp)
{
	const struct game *g = sp->g;
	int w = game_winner(g);

	fprintf(fp, "%ld\t%" PRIu64 "\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s",
	    k, sp->seed, sp->name[0], sp->name[1], game_score(g, 0),
	    game_score(g, 1), w < 0 ? 0 : w + 1, game_turns(g),
	    game_bingos(g, 0), game_bingos(g, 1), game_end_name(game_over(g)));
	for (int i = 2; i < sp->n; i++)
		fprintf(fp, "\t%s\t%d\t%d", sp->name[i], game_score(g, i),
		    game_bingos(g, i));
	putc('\n', fp);
	return ferror(fp) ? -1 : 0;
}

int
selfplay_gcg(const struct selfplay *sp, FILE *fp, const char *note,
    struct err *e)
{
	const char *nicks[RULES_MAX_PLAYERS], *names[RULES_MAX_PLAYERS];

	for (int i = 0; i < sp->n; i++) {
		nicks[i] = sp->name[i];
		names[i] = robot_strategy_name(sp->strat[i]);
	}
	return game_write_gcg(sp->g, fp, nicks, names,
	    sp->lexname[0] != '\0' ? sp->lexname : NULL, note, e);
}

void
selfplay_run_start(struct selfplay_run *run, const struct selfplay *sp,
	uint64_t seed, long games, long shard_k, long shard_n)
{
	run->seed = seed;
	run->games = games;
	run->shard_k = shard_k;
	run->shard_n = shard_n;
	run->total = selfplay_shard_games(games, shard_k, shard_n);
	run->k = -1;
	run->played = 0;
	stats_sets_one(&run->stats, &sp->r, sp->n);
	run->stats.set[0].origin = (struct stats_origin){ 1, sp->lexsum,
	    sp->vocabsum, "", seed, games, shard_k, shard_n };
	memcpy(run->stats.set[0].origin.robots, sp->robots, sizeof sp->robots);
}

int
selfplay_run_next(struct selfplay *sp, struct selfplay_run *run,
	struct err *e)
{
	long k = run->k < 0 ? run->shard_k - 1 : run->k + run->shard_n;

	if (k >= run->games)
		return 0;
	if (selfplay_game(sp, run->seed, k, e) < 0)
		return -1;
	run->k = k;
	run->played++;
	stats_game(&run->stats.set[0], sp->g);
	return 1;
}

int
selfplay_shard_parse(const char *s, long *k, long *n, struct err *e)
{
	const char *slash = strchr(s, '/');
	char *end;
	long kk, nn;

	if (slash == NULL) {
		err_set(e, 0, "bad shard %s: want K/N", s);
		return -1;
	}
	errno = 0;
	nn = strtol(slash + 1, &end, 10);
	if (errno == 0 && *end == '\0' && nn >= 1) {
		kk = strtol(s, &end, 10);
		if (errno == 0 && end == slash && kk >= 1 && kk <= nn) {
			*k = kk;
			*n = nn;
			return 0;
		}
	}
	err_set(e, 0, "bad shard %s: want K/N with 1 <= K <= N", s);
	return -1;
}

long
selfplay_shard_games(long games, long k, long n)
{
	return games > k - 1 ? (games - k + n) / n : 0;
}
