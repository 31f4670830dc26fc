/* stats.c — statistics of self-play runs; see stats.h. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lines.h"
#include "picture.h"
#include "stats.h"

/* Names in the file and the table; the scale divides the mean
 * (STATS_FIRST sums 2 per first-player win, 1 per draw); a share's
 * interval is Wilson's, which stays within 0..1. */
static const struct {
	const char *name;
	int scale, share;
} stats_info[STATS_N] = {
	{ "score_p1", 1, 0 }, { "score_p2", 1, 0 }, { "score", 1, 0 },
	{ "margin_p1", 1, 0 }, { "turns", 1, 0 }, { "bingos", 1, 0 },
	{ "first_player_wins", 2, 1 }, { "end_passes", 1, 1 },
};

void
stats_acc_add(struct stats_acc *a, int64_t v)
{
	a->n++;
	a->sum += v;
	a->sumsq += (uint64_t)(v * v);
}

void
stats_acc_merge(struct stats_acc *a, const struct stats_acc *b)
{
	a->n += b->n;
	a->sum += b->sum;
	a->sumsq += b->sumsq;
}

void
stats_acc_ci(const struct stats_acc *a, int scale, double *mean, double *half)
{
	double n = (double)a->n, m, var;

	*mean = *half = 0;
	if (a->n == 0)
		return;
	m = (double)a->sum / n;
	*mean = m / scale;
	if (a->n < 2)
		return;
	var = ((double)a->sumsq - (double)a->sum * m) / (n - 1);
	if (var < 0)
		var = 0;
	*half = STATS_Z95 * sqrt(var / n) / scale;
}

/* A draw counts as half a win, so for first_player_wins the interval
 * errs wide. */
void
stats_wilson(double p, double n, double *low, double *high)
{
	double z2 = STATS_Z95 * STATS_Z95, d = 1 + z2 / n;
	double centre = (p + z2 / (2 * n)) / d;
	double half = STATS_Z95 / d * sqrt(p * (1 - p) / n + z2 / (4 * n * n));

	*low = centre - half < 0 ? 0 : centre - half;
	*high = centre + half > 1 ? 1 : centre + half;
}

const char *
stats_name(int i)
{
	return i >= 0 && i < STATS_N ? stats_info[i].name : "";
}

void
stats_init(struct stats *s, const char *rules_name, long players)
{
	memset(s, 0, sizeof *s);
	if (rules_name != NULL)
		snprintf(s->rules, sizeof s->rules, "%s", rules_name);
	s->players = players;
}

void
stats_game(struct stats *s, const struct game *g)
{
	const struct game_residence *gr = game_residence(g);
	int s1 = game_score(g, 0), s2 = game_score(g, 1), w = game_winner(g);
	int bingos = 0;

	s->games++;
	stats_acc_add(&s->st[STATS_SCORE1], s1);
	stats_acc_add(&s->st[STATS_SCORE2], s2);
	for (int i = 0; i < game_nplayers(g); i++) {
		stats_acc_add(&s->st[STATS_SCORE], game_score(g, i));
		bingos += game_bingos(g, i);
	}
	stats_acc_add(&s->st[STATS_MARGIN], s1 - s2);
	stats_acc_add(&s->st[STATS_TURNS], game_turns(g));
	stats_acc_add(&s->st[STATS_BINGOS], bingos);
	stats_acc_add(&s->st[STATS_FIRST], w == 0 ? 2 : w == -1 ? 1 : 0);
	stats_acc_add(&s->st[STATS_PASSES], game_over(g) == GAME_END_PASSES);
	for (int t = 0; t < RULES_MAX_TILES; t++) {
		s->res[t].n += gr->n[t];
		s->res[t].sum += (int64_t)gr->sum[t];
		s->res[t].sumsq += gr->sumsq[t];
	}
}

/* acc_merge_checked: stats_acc_merge, or -1 (a unchanged) if a count or
 * sum would overflow: statistics read from files may hold anything. */
static int
acc_merge_checked(struct stats_acc *a, const struct stats_acc *b)
{
	struct stats_acc c;

	if (__builtin_add_overflow(a->n, b->n, &c.n) ||
	    __builtin_add_overflow(a->sum, b->sum, &c.sum) ||
	    __builtin_add_overflow(a->sumsq, b->sumsq, &c.sumsq))
		return -1;
	*a = c;
	return 0;
}

int
stats_merge(struct stats *s, const struct stats *o, struct err *e)
{
	if (strcmp(s->rules, o->rules) != 0) {
		err_set(e, 0, "ruleset %s, not %s", o->rules, s->rules);
		return -1;
	}
	if (s->players != o->players) {
		err_set(e, 0, "%ld players, not %ld", o->players, s->players);
		return -1;
	}
	/* Checked first, so that a refused merge leaves s as it was. */
	{
		struct stats_acc probe;
		uint64_t games;
		int bad = __builtin_add_overflow(s->games, o->games, &games);

		for (int i = 0; i < STATS_N && !bad; i++) {
			probe = s->st[i];
			bad = acc_merge_checked(&probe, &o->st[i]);
		}
		for (int t = 0; t < RULES_MAX_TILES && !bad; t++) {
			probe = s->res[t];
			bad = acc_merge_checked(&probe, &o->res[t]);
		}
		if (bad) {
			err_set(e, 0, "the sums would overflow: statistics too "
			    "large to merge");
			return -1;
		}
	}
	s->games += o->games;
	for (int i = 0; i < STATS_N; i++)
		stats_acc_merge(&s->st[i], &o->st[i]);
	for (int t = 0; t < RULES_MAX_TILES; t++)
		stats_acc_merge(&s->res[t], &o->res[t]);
	return 0;
}

int
stats_origin_clash(const struct stats_origin *a, const struct stats_origin *b,
	char *why, size_t cap)
{
	if (!a->known || !b->known)
		return 0;
	if (a->lexicon != b->lexicon)
		snprintf(why, cap, "different lexicons (checksums %08" PRIx32
		    " and %08" PRIx32 ")", a->lexicon, b->lexicon);
	else if (a->vocab != b->vocab)
		snprintf(why, cap, "different vocabularies (checksums %08" PRIx32
		    " and %08" PRIx32 ")", a->vocab, b->vocab);
	else if (strcmp(a->robots, b->robots) != 0)
		snprintf(why, cap, "different robots (%s and %s)", a->robots,
		    b->robots);
	else if (a->seed != b->seed)
		snprintf(why, cap, "different seeds (%" PRIu64 " and %" PRIu64
		    ")", a->seed, b->seed);
	else if (a->games != b->games)
		snprintf(why, cap, "runs of different games (%ld and %ld)",
		    a->games, b->games);
	else if (a->shard_n != b->shard_n)
		snprintf(why, cap, "the run split differently (shards %ld/%ld "
		    "and %ld/%ld)", a->shard_k, a->shard_n, b->shard_k,
		    b->shard_n);
	else if (a->shard_k == b->shard_k)
		snprintf(why, cap, "the same shard %ld/%ld of one run twice",
		    a->shard_k, a->shard_n);
	else
		return 0;
	return 1;
}

long
stats_origin_find(const struct stats_origin *seen, const int *sets, long n,
	const struct stats_origin *o, int set, char *why, size_t cap)
{
	for (long i = 0; i < n; i++)
		if (sets[i] == set && stats_origin_clash(&seen[i], o, why, cap))
			return i;
	return -1;
}

long
stats_origin_shard_games(const struct stats_origin *o)
{
	/* Shard K of N plays the games k < games with k % N == K - 1. */
	return o->games / o->shard_n + (o->shard_k - 1 < o->games % o->shard_n);
}

/* write_origin: the origin records of o (known). */
static void
write_origin(FILE *fp, const struct stats_origin *o)
{
	fprintf(fp, "lexicon\t%08" PRIx32 "\n", o->lexicon);
	if (o->vocab != 0)
		fprintf(fp, "vocab\t%08" PRIx32 "\n", o->vocab);
	fprintf(fp, "robots\t%s\n", o->robots);
	fprintf(fp, "seed\t%" PRIu64 "\n", o->seed);
	fprintf(fp, "run_games\t%ld\n", o->games);
	fprintf(fp, "shard\t%ld/%ld\n", o->shard_k, o->shard_n);
}

static const char *
letter_name(const struct rules *r, int t)
{
	return t == 0 ? "?" : r->utf8[t];
}

int
stats_write(FILE *fp, const struct stats *s, const struct rules *r)
{
	fprintf(fp, "#bagsim-stats 1\n");
	fprintf(fp, "rules\t%s\n", s->rules);
	fprintf(fp, "players\t%ld\n", s->players);
	fprintf(fp, "games\t%" PRIu64 "\n", s->games);
	if (s->origin.known)
		write_origin(fp, &s->origin);
	for (int i = 0; i < STATS_N; i++)
		fprintf(fp, "stat\t%s\t%" PRIu64 "\t%" PRId64 "\t%" PRIu64 "\n",
		    stats_info[i].name, s->st[i].n, s->st[i].sum, s->st[i].sumsq);
	for (int t = 0; t <= r->nletters; t++)
		fprintf(fp, "letter\t%d\t%s\t%" PRIu64 "\t%" PRId64 "\t%" PRIu64 "\n",
		    t, letter_name(r, t), s->res[t].n, s->res[t].sum,
		    s->res[t].sumsq);
	return ferror(fp) ? -1 : 0;
}

/* One line of a stats file. */
/* parse_acc: the three numbers n, sum, sumsq of a stat or letter line
 * (n and sumsq unsigned, sum signed).  Returns 0 or -1. */
static int
parse_acc(char **v, struct stats_acc *a)
{
	char *end;

	errno = 0;
	if (v[0][0] == '-' || v[2][0] == '-')
		return -1;
	a->n = strtoull(v[0], &end, 10);
	if (errno || *end || !*v[0])
		return -1;
	a->sum = strtoll(v[1], &end, 10);
	if (errno || *end || !*v[1])
		return -1;
	a->sumsq = strtoull(v[2], &end, 10);
	if (errno || *end || !*v[2])
		return -1;
	return 0;
}

/* parse_long: a decimal in [min, max] (strtol with end pointer). */
static int
parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* parse_crc: 8 hexadecimal digits. */
static int
parse_crc(const char *s, uint32_t *out)
{
	char *end;
	unsigned long v;

	if (strlen(s) != 8 || s[0] == '-' || s[0] == '+')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 16);
	if (errno != 0 || *end != '\0' || v > UINT32_MAX)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

/* The origin records (bagsim-stats(5)): the bit each sets in *ok of
 * stats_line; all but vocab must come together. */
enum { OK_RULES = 1, OK_GAMES = 2, OK_LEXICON = 4, OK_ROBOTS = 8, OK_SEED = 16,
	OK_RUNGAMES = 32, OK_SHARD = 64, OK_VOCAB = 128,
	OK_ORIGIN = OK_LEXICON | OK_ROBOTS | OK_SEED | OK_RUNGAMES | OK_SHARD };

/* origin_line: an origin record f[0] f[1] into o, setting its bit in *ok.
 * Returns 0, 1 when f[0] names no origin record, or -1 for a bad value or a
 * record given twice. */
static int
origin_line(struct stats_origin *o, char **f, int *ok)
{
	static const char *const names[] = { "lexicon", "robots", "seed",
	    "run_games", "shard", "vocab" };
	static const int bits[] = { OK_LEXICON, OK_ROBOTS, OK_SEED, OK_RUNGAMES,
	    OK_SHARD, OK_VOCAB };
	char *end;
	int i;

	for (i = 0; i < 6 && strcmp(f[0], names[i]) != 0; i++)
		;
	if (i == 6)
		return 1;
	if (*ok & bits[i])
		return -1;
	*ok |= bits[i];
	switch (bits[i]) {
	case OK_LEXICON: return parse_crc(f[1], &o->lexicon);
	case OK_VOCAB: return parse_crc(f[1], &o->vocab);
	case OK_ROBOTS:
		if (strlen(f[1]) >= sizeof o->robots || f[1][0] == '\0')
			return -1;
		strcpy(o->robots, f[1]);
		return 0;
	case OK_SEED:
		errno = 0;
		o->seed = strtoull(f[1], &end, 10);
		return errno || *end || f[1][0] < '0' || f[1][0] > '9' ? -1 : 0;
	case OK_RUNGAMES:
		return parse_long(f[1], 0, LONG_MAX, &o->games);
	default:
		if ((end = strchr(f[1], '/')) == NULL)
			return -1;
		*end++ = '\0';
		if (parse_long(f[1], 1, LONG_MAX, &o->shard_k) < 0 ||
		    parse_long(end, o->shard_k, LONG_MAX, &o->shard_n) < 0)
			return -1;
		return 0;
	}
}

/* Where in its file a stats file said what (0: it did not). */
struct stats_where {
	long rules, players;
};

/* stats_line: one record (not the first line, not empty, not a comment)
 * into s.  *ok gathers 1 for a rules line, 2 for a games line.  Returns
 * 0, or -1 with e set. */
static int
stats_line(struct stats *s, struct rules *r, char *p, long lineno,
    struct stats_where *w, int *ok, struct err *e)
{
	char *f[7];
	int nf = 0, rc;

	/* Up to 7 fields: a seventh holds the rest, and no record has 7. */
	while (nf < 7) {
		f[nf++] = p;
		if ((p = strchr(p, '\t')) == NULL)
			break;
		*p++ = '\0';
	}
	if (strcmp(f[0], "rules") == 0 && nf == 2) {
		struct err re;

		if (rules_get(r, f[1], &re) < 0) {
			err_set(e, lineno, "%s", re.msg);
			return -1;
		}
		snprintf(s->rules, sizeof s->rules, "%s", f[1]);
		w->rules = lineno;
		*ok |= 1;
	} else if (strcmp(f[0], "players") == 0 && nf == 2) {
		long np;

		if (parse_long(f[1], 1, RULES_MAX_PLAYERS, &np) < 0)
			goto bad;
		if (w->players != 0 && np != s->players) {
			err_set(e, lineno, "%ld players, but the first file has "
			    "%ld", np, s->players);
			return -1;
		}
		s->players = np;
		w->players = lineno;
	} else if (strcmp(f[0], "games") == 0 && nf == 2) {
		char *end;
		uint64_t v;

		errno = 0;
		v = strtoull(f[1], &end, 10);
		if (errno || *end || f[1][0] == '-' || f[1][0] == '\0')
			goto bad;
		s->games += v;
		*ok |= 2;
	} else if (nf == 2 && (rc = origin_line(&s->origin, f, ok)) <= 0) {
		if (rc < 0)
			goto bad;
	} else if ((strcmp(f[0], "stat") == 0 && nf == 5) ||
	    (strcmp(f[0], "letter") == 0 && nf == 6)) {
		struct stats_acc a, *to = NULL;

		if (!(*ok & 1) || parse_acc(f + nf - 3, &a) < 0)
			goto bad;
		if (f[0][0] == 's') {
			for (int i = 0; i < STATS_N; i++)
				if (strcmp(f[1], stats_info[i].name) == 0)
					to = &s->st[i];
		} else {
			long t;

			if (parse_long(f[1], 0, r->nletters, &t) < 0 ||
			    strcmp(f[2], letter_name(r, (int)t)) != 0)
				goto bad;
			to = &s->res[t];
		}
		if (to == NULL || acc_merge_checked(to, &a) < 0)
			goto bad;
	} else
		goto bad;
	return 0;
bad:
	err_set(e, lineno, "malformed line");
	return -1;
}

/* read_one: stats_read, telling where the rules and players lines were. */
static int
read_one(struct stats *s, struct rules *r, FILE *fp, struct stats_where *w,
    struct err *e)
{
	struct { char *buf; size_t cap; long lineno; } l = { NULL, 0, 0 };
	int ok = 0, rc = 0;
	long n;

	stats_init(s, NULL, 2);
	w->rules = w->players = 0;
	while (rc == 0 && (n = lines_read(fp, &l.buf, &l.cap,
	    &l.lineno, (size_t)STATS_LINE_MAX)) != -1) {
		if (n < 0) {
			err_set(e, l.lineno, n == -2 ? "read error" :
			    "line too long");
			rc = -1;
		} else if (l.lineno == 1) {
			if (strcmp(l.buf, "#bagsim-stats 1") != 0) {
				err_set(e, 1, "not a bagsim stats file (want "
				    "\"#bagsim-stats 1\")");
				rc = -1;
			}
		} else if (n != 0 && l.buf[0] != '#')
			rc = stats_line(s, r, l.buf, l.lineno, w, &ok, e);
	}
	free(l.buf);
	if (rc == 0 && (ok & 3) != 3) {
		err_set(e, 0, "incomplete stats file (no rules or games line)");
		rc = -1;
	} else if (rc == 0 && (ok & (OK_ORIGIN | OK_VOCAB)) != 0 &&
	    (ok & OK_ORIGIN) != OK_ORIGIN) {
		err_set(e, 0, "incomplete origin (lexicon, robots, seed, "
		    "run_games and shard go together)");
		rc = -1;
	}
	s->origin.known = rc == 0 && (ok & OK_ORIGIN) == OK_ORIGIN;
	return rc;
}

int
stats_read(struct stats *s, struct rules *r, FILE *fp, struct err *e)
{
	struct stats_where w;

	return read_one(s, r, fp, &w, e);
}

_Static_assert(STATS_MAX_SETS == 2, "stats_sets_read names two sets");

void
stats_sets_init(struct stats_sets *m)
{
	memset(m, 0, sizeof *m);
}

void
stats_sets_one(struct stats_sets *m, const struct rules *r, long players)
{
	stats_sets_init(m);
	m->n = 1;
	m->r[0] = *r;
	stats_init(&m->set[0], r->name, players);
}

int
stats_sets_load(struct stats_sets *m, const char *path, struct err *e)
{
	FILE *fp = fopen(path, "r");
	int rc;

	if (fp == NULL) {
		err_set(e, 0, "%s", strerror(errno));
		return -1;
	}
	rc = stats_sets_read(m, fp, e);
	fclose(fp);
	return rc;
}

int
stats_sets_read(struct stats_sets *m, FILE *fp, struct err *e)
{
	struct stats f;
	struct rules r;
	struct stats_where w;
	int i;

	if (read_one(&f, &r, fp, &w, e) < 0)
		return -1;
	for (i = 0; i < m->n && strcmp(m->set[i].rules, f.rules) != 0; i++)
		;
	m->last_set = i;
	m->last = f.origin;
	m->last_games = f.games;
	if (i == STATS_MAX_SETS) {
		err_set(e, w.rules, "a third ruleset, %s, after %s and %s: at "
		    "most two are compared", f.rules, m->set[0].rules,
		    m->set[1].rules);
		return -1;
	}
	if (i == m->n) {
		m->set[i] = f;
		m->r[i] = r;
		m->n++;
		return 0;
	}
	if (w.players == 0)
		f.players = m->set[i].players;
	else if (f.players != m->set[i].players) {
		err_set(e, w.players, "%ld players, but the first file has %ld",
		    f.players, m->set[i].players);
		return -1;
	}
	return stats_merge(&m->set[i], &f, e);
}

/* A chart's turns axis: its top (the highest bar, at least 1) rounded up
 * to a whole number of steps, and the step between labelled lines: 1 up
 * to 20 turns, else a tenth of the top, so that a stats file's absurd
 * figures still draw a dozen lines, not billions. */
static double
axis_step(double *top)
{
	double step;

	*top = *top <= 0 ? 1 : ceil(*top);
	step = *top > 20 ? ceil(*top / 10) : 1;
	*top = ceil(*top / step) * step;
	return step;
}

/* table_line: one row of the table, after prefix (a column of its own
 * when not NULL). */
static void
table_line(FILE *fp, const char *prefix, const char *name,
    const struct stats_acc *a, int scale, int share)
{
	double m, h, lo, hi;

	stats_acc_ci(a, scale, &m, &h);
	lo = m - h;
	hi = m + h;
	if (share && a->n >= 2)
		stats_wilson(m, (double)a->n, &lo, &hi);
	if (prefix != NULL)
		fprintf(fp, "%s\t", prefix);
	if (a->n == 0)
		fprintf(fp, "%s\t0\t-\t-\t-\n", name);
	else if (a->n < 2)
		fprintf(fp, "%s\t%" PRIu64 "\t%.4f\t-\t-\n", name, a->n, m);
	else
		fprintf(fp, "%s\t%" PRIu64 "\t%.4f\t%.4f\t%.4f\n", name, a->n,
		    m, lo, hi);
}

static void
table_rows(FILE *fp, const char *prefix, const struct stats *s,
    const struct rules *r)
{
	char name[64];

	for (int i = 0; i < STATS_N; i++)
		table_line(fp, prefix, stats_info[i].name, &s->st[i],
		    stats_info[i].scale, stats_info[i].share);
	for (int t = 0; t <= r->nletters; t++) {
		if (r->counts[t] == 0)
			continue;
		snprintf(name, sizeof name, "residence_%s", letter_name(r, t));
		table_line(fp, prefix, name, &s->res[t], 1, 0);
	}
}

int
stats_table(FILE *fp, const struct stats *s, const struct rules *r)
{
	fprintf(fp, "stat\tn\tmean\tci95_low\tci95_high\n");
	table_rows(fp, NULL, s, r);
	return ferror(fp) ? -1 : 0;
}

int
stats_sets_table(FILE *fp, const struct stats_sets *m)
{
	if (m->n == 1)
		return stats_table(fp, &m->set[0], &m->r[0]);
	fprintf(fp, "rules\tstat\tn\tmean\tci95_low\tci95_high\n");
	for (int i = 0; i < m->n; i++)
		table_rows(fp, m->set[i].rules, &m->set[i], &m->r[i]);
	return ferror(fp) ? -1 : 0;
}

int
stats_plot(FILE *fp, const struct stats *s, const struct rules *r)
{
	double mean[RULES_MAX_TILES], half[RULES_MAX_TILES], top = 0, step;
	int n = 0, t, i, W, H = 320, L = 50, B = 40, T = 30, bw = 22;

	for (t = 0; t <= r->nletters; t++) {
		if (r->counts[t] == 0)
			continue;
		stats_acc_ci(&s->res[t], 1, &mean[t], &half[t]);
		if (mean[t] + half[t] > top)
			top = mean[t] + half[t];
		n++;
	}
	step = axis_step(&top);
	W = L + n * bw + 20;
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">\n", W, H);
	fprintf(fp, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(fp, "<text x=\"%d\" y=\"18\">", L);
	picture_xml_text(fp, r->name);
	fprintf(fp, ": mean turns on the rack per letter (%" PRIu64 " games, "
	    "95 %% CI)</text>\n", s->games);
	/* y axis with whole-turn ticks */
	for (double v = 0; v <= top; v += step) {
		double y = H - B - (H - B - T) * v / top;
		fprintf(fp, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" "
		    "stroke=\"#ddd\"/><text x=\"%d\" y=\"%.1f\" "
		    "text-anchor=\"end\">%.0f</text>\n", L, W - 10, y, y, L - 4,
		    y + 4, v);
	}
	i = 0;
	for (t = 0; t <= r->nletters; t++) {
		double x, y, y0, y1;

		if (r->counts[t] == 0)
			continue;
		x = L + i * bw + 3;
		y = H - B - (H - B - T) * mean[t] / top;
		y0 = H - B - (H - B - T) * (mean[t] - half[t]) / top;
		y1 = H - B - (H - B - T) * (mean[t] + half[t]) / top;
		fprintf(fp, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" "
		    "height=\"%.1f\" fill=\"#4a7ab5\"/>\n", x, y, bw - 6,
		    H - B - y);
		fprintf(fp, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"black\"/>\n", x + (bw - 6) / 2.0,
		    x + (bw - 6) / 2.0, y0, y1);
		fprintf(fp, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
		    x + (bw - 6) / 2.0, H - B + 14);
		picture_xml_text(fp, letter_name(r, t));
		fputs("</text>\n", fp);
		i++;
	}
	fprintf(fp, "</svg>\n");
	return ferror(fp) ? -1 : 0;
}

/* plot_pair: stats_sets_plot's chart of two sets.  Layout, in pixels: a
 * title and a legend line a set above the plot, the turns on the left, a
 * pair of bars a letter (BW wide, the first set's left), the letters
 * below. */
#define PAIR_L 60       /* left margin: the turns and their label */
#define PAIR_R 16
#define PAIR_T 76       /* top margin: title and legend */
#define PAIR_B 44       /* bottom margin: the letters */
#define PAIR_H 400
#define PAIR_GW 32      /* a letter's group */
#define PAIR_BW 12      /* a bar */
static int
plot_pair(FILE *fp, const struct stats_sets *m)
{
	static const char *const fill[2] = { "#3b6ea8", "#e07b1f" };
	struct { const char *name; int t[2]; } col[2 * RULES_MAX_TILES];
	double top = 0, step, base = PAIR_H - PAIR_B, h = base - PAIR_T;
	int ncol = 0, W;

	/* The first set's letters in its order, then the second's own. */
	for (int i = 0; i < 2; i++) {
		const struct rules *r = &m->r[i];

		for (int t = 0; t <= r->nletters; t++) {
			const char *name = letter_name(r, t);
			int c = 0;

			if (r->counts[t] == 0)
				continue;
			while (c < ncol && strcmp(col[c].name, name) != 0)
				c++;
			if (c == ncol) {
				col[ncol].name = name;
				col[ncol].t[0] = col[ncol].t[1] = -1;
				ncol++;
			}
			col[c].t[i] = t;
		}
	}
	for (int c = 0; c < ncol; c++)
		for (int i = 0; i < 2; i++) {
			double mean, half;

			if (col[c].t[i] < 0)
				continue;
			stats_acc_ci(&m->set[i].res[col[c].t[i]], 1, &mean, &half);
			if (mean + half > top)
				top = mean + half;
		}
	step = axis_step(&top);
	W = PAIR_L + ncol * PAIR_GW + PAIR_R;
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, "
	    "Verdana, sans-serif\" font-size=\"12\">\n", W, PAIR_H, W, PAIR_H);
	fprintf(fp, "<title>Residence per letter: ");
	picture_xml_text(fp, m->set[0].rules);
	fprintf(fp, " and ");
	picture_xml_text(fp, m->set[1].rules);
	fprintf(fp, "</title>\n<rect width=\"100%%\" height=\"100%%\" "
	    "fill=\"white\"/>\n");
	fprintf(fp, "<text x=\"%d\" y=\"22\" font-size=\"14\" "
	    "font-weight=\"bold\">Mean turns on the rack per letter, with "
	    "95 %% confidence intervals</text>\n", PAIR_L);
	for (int i = 0; i < 2; i++) {
		int y = 34 + 18 * i;

		fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" "
		    "fill=\"%s\"/><text x=\"%d\" y=\"%d\">", PAIR_L, y, fill[i],
		    PAIR_L + 20, y + 12);
		picture_xml_text(fp, m->set[i].rules);
		fprintf(fp, " (%" PRIu64 " games)</text>\n", m->set[i].games);
	}
	/* Turns: a grid line each step, labelled; the axis's name. */
	for (double v = 0; v <= top; v += step) {
		double y = base - h * v / top;

		fprintf(fp, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" "
		    "stroke=\"%s\"/><text x=\"%d\" y=\"%.1f\" "
		    "text-anchor=\"end\">%.0f</text>\n", PAIR_L, W - PAIR_R, y, y,
		    v == 0 ? "#888" : "#ddd", PAIR_L - 6, y + 4, v);
	}
	fprintf(fp, "<text transform=\"translate(16 %.1f) rotate(-90)\" "
	    "text-anchor=\"middle\">turns on the rack</text>\n",
	    PAIR_T + h / 2);
	for (int c = 0; c < ncol; c++) {
		double x0 = PAIR_L + c * PAIR_GW + (PAIR_GW - 2 * PAIR_BW - 2) / 2.0;

		for (int i = 0; i < 2; i++) {
			double mean, half, x = x0 + i * (PAIR_BW + 2), xm, y, y0, y1;

			if (col[c].t[i] < 0)
				continue;
			stats_acc_ci(&m->set[i].res[col[c].t[i]], 1, &mean, &half);
			xm = x + PAIR_BW / 2.0;
			y = base - h * mean / top;
			y0 = base - h * (mean > half ? mean - half : 0) / top;
			y1 = base - h * (mean + half) / top;
			fprintf(fp, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" "
			    "height=\"%.1f\" fill=\"%s\"/>\n", x, y, PAIR_BW,
			    base - y, fill[i]);
			if (half > 0)
				fprintf(fp, "<path d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1f"
				    "M%.1f %.1fH%.1f\" stroke=\"black\" fill=\"none\"/>\n",
				    xm - 3, y0, xm + 3, xm, y0, y1, xm - 3, y1, xm + 3);
		}
		fprintf(fp, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\" "
		    "font-size=\"13\">", x0 + PAIR_BW + 1, base + 18);
		picture_xml_text(fp, col[c].name);
		fputs("</text>\n", fp);
	}
	fprintf(fp, "</svg>\n");
	return ferror(fp) ? -1 : 0;
}

int
stats_sets_plot(FILE *fp, const struct stats_sets *m)
{
	if (m->n == 1)
		return stats_plot(fp, &m->set[0], &m->r[0]);
	return plot_pair(fp, m);
}
