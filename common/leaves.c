/*
 * leaves.c — leave values learned from self-play (leaves.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "gen.h"
#include "leaves.h"
#include "move.h"
#include "rng.h"
#include "robot.h"
#include "selfplay.h"

/* Bounds on what a credits file may hold, so that sums cannot overflow
 * (a file bagsim writes stays far inside), and on a value: a million
 * points, as klv_load accepts. */
#define LEAVES_MAX_CREDITS ((uint64_t)1 << 31)
#define LEAVES_MAX_SUM     ((int64_t)1 << 52)
#define LEAVES_LIMIT       1e9

struct klv *
leaves_table(const struct rules *r, const struct klv *start, struct err *e)
{
	struct klv *t = klv_build(r, r->rack_size - 1, e);
	uint32_t i, n;

	if (t == NULL || start == NULL)
		return t;
	n = klv_count(t);
	for (i = 0; i < n; i++) {
		uint8_t leave[RULES_MAX_TILES];

		klv_leave_of(t, i, leave);
		klv_values(t)[i] = klv_leave_value(start, leave);
	}
	return t;
}

struct klv *
leaves_table_load(const struct rules *r, const char *start, struct err *e)
{
	struct klv *k = NULL, *t;
	struct err ie;

	if (start != NULL && (k = klv_load(start, r, &ie)) == NULL) {
		err_file(e, start, &ie);
		return NULL;
	}
	t = leaves_table(r, k, e);
	klv_destroy(k);
	return t;
}

struct leaves_acc *
leaves_acc_create(uint32_t n, struct err *e)
{
	struct leaves_acc *a = calloc(1, sizeof *a);

	if (a == NULL || (a->sum = calloc(n ? n : 1, sizeof *a->sum)) == NULL ||
	    (a->count = calloc(n ? n : 1, sizeof *a->count)) == NULL) {
		leaves_acc_destroy(a);
		err_set(e, 0, "out of memory");
		return NULL;
	}
	a->n = n;
	return a;
}

void
leaves_acc_destroy(struct leaves_acc *a)
{
	if (a == NULL)
		return;
	free(a->sum);
	free(a->count);
	free(a);
}

double
leaves_acc_mean(const struct leaves_acc *a)
{
	return a->samples ? (double)a->total / 1000.0 / (double)a->samples : 0.0;
}

/* The table's number and value of what move m keeps from rack. */
static long
leaves_kept(const struct klv *t, const uint8_t *rack, const struct move *m,
	int32_t *value)
{
	uint8_t leave[RULES_MAX_TILES];
	long i;

	gen_leave(rack, m, leave);
	i = klv_index(t, leave);
	*value = i >= 0 ? klv_values((struct klv *)t)[i] : 0;
	return i;
}

int
leaves_play(struct leaves_acc *a, const struct rules *r,
	const struct lex *lex, struct klv *t, uint64_t seed, long games,
	long shard_k, long shard_n, volatile sig_atomic_t *stop,
	void (*progress)(long played, void *arg), void *arg, struct err *e)
{
	struct robot_opts ro = { .strategy = ROBOT_EQUITY, .leaves = t };
	struct robot *rb = robot_create(r, lex, &ro, e);
	struct game *g;
	long k;
	int rc = 0;

	if (rb == NULL)
		return -1;
	if ((g = game_create(r, 2, e)) == NULL) {
		robot_destroy(rb);
		return -1;
	}
	for (k = shard_k - 1; k < games && rc == 0 && !(stop && *stop);
	    k += shard_n) {
		long pending[2] = { -1, -1 };
		int scoreless = 0, turns = 0;

		if (game_start(g, rng_stream_seed(seed, (uint64_t)k), e) < 0) {
			rc = -1;
			break;
		}
		while (game_over(g) == GAME_ON) {
			const struct position *p = game_position(g);
			int pl = p->to_move, bag = game_bag_count(g);
			struct move m;
			int32_t kept = 0;
			long idx;

			if (robot_choose(rb, p, bag, NULL, &m, e) < 0) {
				rc = -1;
				break;
			}
			robot_stall(&scoreless, &m);
			idx = leaves_kept(t, p->racks[pl], &m, &kept);
			/* The mover's last leave gets this turn's worth: its
			 * score and, while the bag has tiles, what it keeps. */
			if (pending[pl] >= 0) {
				int64_t c = (m.kind == MOVE_PLACE ?
				    (int64_t)m.score * 1000 : 0) +
				    (bag > 0 ? kept : 0);

				a->sum[pending[pl]] += c;
				a->count[pending[pl]]++;
				a->total += c;
				a->samples++;
			}
			/* Credited only where the next turn is an ordinary one:
			 * the bag refills the rack (near the end, what a leave
			 * is worth is another question). */
			pending[pl] = bag >= r->rack_size ? idx : -1;
			if (game_play(g, &m, e) < 0 || ++turns > 10000) {
				if (turns > 10000)
					err_set(e, 0, "game %ld does not end", k);
				rc = -1;
				break;
			}
		}
		if (rc == 0) {
			a->games++;
			if (progress != NULL)
				progress(a->games, arg);
		}
	}
	game_destroy(g);
	robot_destroy(rb);
	return rc;
}

/* A round's progress as leaves_play reports it: with the round and its
 * total for struct leaves_learn's. */
struct round_progress {
	const struct leaves_learn *l;
	long round, total;
};

static void
round_progress(long played, void *arg)
{
	const struct round_progress *rp = arg;

	rp->l->progress(rp->round, played, rp->total, rp->l->arg);
}

struct leaves_acc *
leaves_round(const struct leaves_learn *l, long i, int estimate, long *seen,
	struct err *e)
{
	struct leaves_acc *a = leaves_acc_create(klv_count(l->t), e);
	struct round_progress rp = { l, i, selfplay_shard_games(l->games,
	    l->shard_k, l->shard_n) };

	*seen = 0;
	if (a == NULL)
		return NULL;
	if (leaves_play(a, l->r, l->lex, l->t, l->seed + (uint64_t)i - 1,
	    l->games, l->shard_k, l->shard_n, l->stop, l->progress != NULL ?
	    round_progress : NULL, &rp, e) < 0 ||
	    (estimate && (*seen = leaves_estimate(a, l->t, e)) < 0)) {
		leaves_acc_destroy(a);
		return NULL;
	}
	return a;
}

long
leaves_estimate(const struct leaves_acc *a, struct klv *t, struct err *e)
{
	uint32_t n = klv_count(t), i;
	int32_t *v = klv_values(t);
	uint8_t *size = malloc(n ? n : 1);
	double mu = a->samples ? (double)a->total / (double)a->samples : 0;
	int sz, maxsz = 0;
	long seen = 0;

	if (size == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		uint8_t leave[RULES_MAX_TILES];
		int q, s = 0;

		klv_leave_of(t, i, leave);
		for (q = 0; q < RULES_MAX_TILES; q++)
			s += leave[q];
		size[i] = (uint8_t)s;
		if (s > maxsz)
			maxsz = s;
	}
	/* By size, so that a leave's sub-leaves have their new values. */
	for (sz = 1; sz <= maxsz; sz++)
		for (i = 0; i < n && i < a->n; i++) {
			uint8_t leave[RULES_MAX_TILES];
			double prior = 0, est;
			int q, parts = 0;

			if (size[i] != sz)
				continue;
			klv_leave_of(t, i, leave);
			if (sz > 1)
				for (q = 0; q < RULES_MAX_TILES; q++) {
					uint8_t one[RULES_MAX_TILES] = { 0 };
					long rest, alone;

					if (leave[q] == 0)
						continue;
					one[q] = 1;
					leave[q]--;
					rest = klv_index(t, leave);
					leave[q]++;
					alone = klv_index(t, one);
					prior += (double)(rest >= 0 ? v[rest] : 0) +
					    (alone >= 0 ? v[alone] : 0);
					parts++;
				}
			if (parts > 0)
				prior /= parts;
			est = ((a->count[i] ? (double)a->sum[i] - mu * a->count[i] :
			    0) + LEAVES_PRIOR * prior) / (a->count[i] + LEAVES_PRIOR);
			/* Within what a leave file may hold (klv.h: a million
			 * points), however wild the credits. */
			if (!(est > -LEAVES_LIMIT))
				est = -LEAVES_LIMIT;
			if (est > LEAVES_LIMIT)
				est = LEAVES_LIMIT;
			v[i] = (int32_t)lround(est);
			seen += a->count[i] > 0;
		}
	free(size);
	return seen;
}

int
leaves_acc_write(const struct leaves_acc *a, const char *rules_name,
	FILE *fp, struct err *e)
{
	uint32_t i;

	fprintf(fp, "#ordverk-leaves 1\nrules %s\nleaves %" PRIu32 "\n"
	    "games %ld\nsamples %" PRIu64 "\ntotal %" PRId64 "\n", rules_name,
	    a->n, a->games, a->samples, a->total);
	for (i = 0; i < a->n; i++)
		if (a->count[i] != 0)
			fprintf(fp, "%" PRIu32 " %" PRIu32 " %" PRId64 "\n", i,
			    a->count[i], a->sum[i]);
	if (ferror(fp)) {
		err_set(e, 0, "write error");
		return -1;
	}
	return 0;
}

int
leaves_acc_read(struct leaves_acc *a, const char *rules_name, FILE *fp,
	struct err *e)
{
	char line[256], name[64];
	long ln = 0, games;
	uint64_t samples;
	int64_t total;
	uint32_t n;

	/* The header: six lines, in order. */
	if (fgets(line, sizeof line, fp) == NULL ||
	    strcmp(line, "#ordverk-leaves 1\n") != 0) {
		err_set(e, 1, "not a leave accumulator (#ordverk-leaves 1)");
		return -1;
	}
	ln = 1;
	if (fgets(line, sizeof line, fp) == NULL ||
	    sscanf(line, "rules %63s", name) != 1 || strcmp(name, rules_name) != 0) {
		err_set(e, 2, "for ruleset %s, not %s", line[0] ? name : "?",
		    rules_name);
		return -1;
	}
	if (fgets(line, sizeof line, fp) == NULL ||
	    sscanf(line, "leaves %" SCNu32, &n) != 1 || n != a->n) {
		err_set(e, 3, "a table of another size (not %" PRIu32 " leaves)",
		    a->n);
		return -1;
	}
	if (fgets(line, sizeof line, fp) == NULL ||
	    sscanf(line, "games %ld", &games) != 1 || games < 0 ||
	    fgets(line, sizeof line, fp) == NULL ||
	    sscanf(line, "samples %" SCNu64, &samples) != 1 ||
	    fgets(line, sizeof line, fp) == NULL ||
	    sscanf(line, "total %" SCNd64, &total) != 1) {
		err_set(e, 4, "bad totals");
		return -1;
	}
	ln = 6;
	if (samples > LEAVES_MAX_CREDITS || total > LEAVES_MAX_SUM ||
	    total < -LEAVES_MAX_SUM) {
		err_set(e, 6, "totals out of range");
		return -1;
	}
	a->games += games;
	a->samples += samples;
	a->total += total;
	while (fgets(line, sizeof line, fp) != NULL) {
		uint32_t i, c;
		int64_t s;
		char extra;

		ln++;
		/* A credit is at most a few hundred points: sums beyond a
		 * thousand points a credit, or counts past 2^31, are not a
		 * file bagsim wrote, and summed they could overflow. */
		if (sscanf(line, "%" SCNu32 " %" SCNu32 " %" SCNd64 " %c", &i, &c,
		    &s, &extra) != 3 || i >= a->n || c > LEAVES_MAX_CREDITS ||
		    s > (int64_t)c * 1000000 || s < -(int64_t)c * 1000000 ||
		    a->count[i] + (uint64_t)c > LEAVES_MAX_CREDITS) {
			err_set(e, ln, "bad line (want: index count sum)");
			return -1;
		}
		a->sum[i] += s;
		a->count[i] += c;
	}
	if (ferror(fp)) {
		err_set(e, ln, "read error");
		return -1;
	}
	return 0;
}

int
leaves_acc_load(struct leaves_acc *a, const char *rules_name,
	const char *path, struct err *e)
{
	FILE *fp = fopen(path, "r");
	int rc;

	if (fp == NULL) {
		err_set(e, 0, "%s", strerror(errno));
		return -1;
	}
	rc = leaves_acc_read(a, rules_name, fp, e);
	fclose(fp);
	return rc;
}
