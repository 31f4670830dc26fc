/* winpct.c — win chances learned from self-play; see winpct.h. */
#include <errno.h>
#include <limits.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "rng.h"
#include "robot.h"
#include "selfplay.h"
#include "winpct.h"

#define NSWING (2 * WINPCT_SWING_MAX + 1)
#define NLEAD (2 * WINPCT_LEAD_MAX + 1)
#define NAME_MAX_LEN 128

struct winpct {
	char rules[RULES_NAME_MAX];
	char lexname[NAME_MAX_LEN], leavesname[NAME_MAX_LEN];
	uint32_t lexsum, leavessum;
	int rack;                 /* the ruleset's rack size */
	int nbag;                 /* bag sizes 0 .. nbag - 1 */
	int nkeys;                /* nbag * (rack + 1) * (rack + 1) */
	uint64_t **hist;          /* per key: NSWING counts (swing + SWING_MAX), or NULL */
	uint64_t *keyn;           /* positions per key */
	uint64_t games, out, passes, other, positions;
	int nruns;
	struct winpct_run runs[WINPCT_MAX_RUNS];  /* by seed, then shard */
	int magpie;               /* read from MAGPIE's layout: rows only */
	/* Derived by finish() from the histograms (or read from MAGPIE's
	 * layout): rows 1 .. nrows of tiles unseen, leads -lead_max ..
	 * lead_max, each row's cumulative counts in one flat array. */
	int nrows, lead_max, width;
	uint64_t *rown;           /* [nrows + 1], by unseen */
	uint64_t *roww2;          /* [(nrows + 1) * width] */
	int *rowuse;              /* [nrows + 1]: the row a lookup reads, -1 none */
	uint64_t **keyw2;         /* per key with WINPCT_MIN_KEY positions: NLEAD */
	int stale;                /* counts added since the last finish */
};

static int
key_of(const struct winpct *t, int bag, int mine, int theirs)
{
	if (bag < 0 || bag >= t->nbag || mine < 1 || mine > t->rack ||
	    theirs < 1 || theirs > t->rack)
		return -1;
	return (bag * (t->rack + 1) + mine) * (t->rack + 1) + theirs;
}

/* alloc_rows: the derived arrays for nrows rows of leads +-lead_max. */
static int
alloc_rows(struct winpct *t, int nrows, int lead_max, struct err *e)
{
	t->nrows = nrows;
	t->lead_max = lead_max;
	t->width = 2 * lead_max + 1;
	t->rown = calloc((size_t)nrows + 1, sizeof *t->rown);
	t->roww2 = calloc(((size_t)nrows + 1) * (size_t)t->width,
	    sizeof *t->roww2);
	t->rowuse = calloc((size_t)nrows + 1, sizeof *t->rowuse);
	if (t->rown == NULL || t->roww2 == NULL || t->rowuse == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	return 0;
}

static struct winpct *
table_new(const struct rules *r, struct err *e)
{
	struct winpct *t = calloc(1, sizeof *t);

	if (t == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	if (r == NULL)
		return t;
	if (r->ntiles < 2 * r->rack_size + 1 || r->rack_size < 1) {
		err_set(e, 0, "ruleset %s: too few tiles for two racks", r->name);
		free(t);
		return NULL;
	}
	snprintf(t->rules, sizeof t->rules, "%s", r->name);
	t->rack = r->rack_size;
	t->nbag = r->ntiles - 2 * r->rack_size + 1;
	t->nkeys = t->nbag * (t->rack + 1) * (t->rack + 1);
	t->hist = calloc((size_t)t->nkeys, sizeof *t->hist);
	t->keyn = calloc((size_t)t->nkeys, sizeof *t->keyn);
	t->keyw2 = calloc((size_t)t->nkeys, sizeof *t->keyw2);
	if (t->hist == NULL || t->keyn == NULL || t->keyw2 == NULL ||
	    alloc_rows(t, r->ntiles - r->rack_size, WINPCT_LEAD_MAX, e) < 0) {
		err_set(e, 0, "out of memory");
		winpct_destroy(t);
		return NULL;
	}
	return t;
}

struct winpct *
winpct_create(const struct rules *r, const char *lexname, uint32_t lexsum,
	const char *leavesname, uint32_t leavessum, struct err *e)
{
	struct winpct *t;

	/* Names go on one header line with a checksum after them. */
	for (const char *s = lexname; *s; s++)
		if (*s == ' ' || *s == '\n' || *s == '\t') {
			err_set(e, 0, "lexicon name with a space: %s", lexname);
			return NULL;
		}
	for (const char *s = leavesname; *s; s++)
		if (*s == ' ' || *s == '\n' || *s == '\t') {
			err_set(e, 0, "leaves name with a space: %s", leavesname);
			return NULL;
		}
	if ((t = table_new(r, e)) == NULL)
		return NULL;
	snprintf(t->lexname, sizeof t->lexname, "%s", lexname);
	snprintf(t->leavesname, sizeof t->leavesname, "%s", leavesname);
	t->lexsum = lexsum;
	t->leavessum = leavessum;
	return t;
}

void
winpct_destroy(struct winpct *t)
{
	if (t == NULL)
		return;
	for (int i = 0; i < t->nkeys; i++) {
		free(t->hist[i]);
		free(t->keyw2[i]);
	}
	free(t->hist);
	free(t->keyn);
	free(t->keyw2);
	free(t->rown);
	free(t->roww2);
	free(t->rowuse);
	free(t);
}

int
winpct_add_game(struct winpct *t, const struct winpct_turn *turns, int n,
	int final0, int end, struct err *e)
{
	if (t->magpie) {
		err_set(e, 0, "a table of MAGPIE's layout takes no games");
		return -1;
	}
	/* Every key first, so that a bad turn leaves t as it was. */
	for (int i = 0; i < n; i++) {
		int k = key_of(t, turns[i].bag, turns[i].mine, turns[i].theirs);

		if (k < 0 || turns[i].player < 0 || turns[i].player > 1) {
			err_set(e, 0, "turn %d: no key for bag %d, racks %d and %d"
			    " (player %d)", i + 1, turns[i].bag, turns[i].mine,
			    turns[i].theirs, turns[i].player);
			return -1;
		}
		if (t->hist[k] == NULL &&
		    (t->hist[k] = calloc(NSWING, sizeof *t->hist[k])) == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
	}
	if (t->positions + (uint64_t)n > WINPCT_MAX_COUNT) {
		err_set(e, 0, "too many positions");
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const struct winpct_turn *u = &turns[i];
		int k = key_of(t, u->bag, u->mine, u->theirs);
		long final = u->player == 0 ? final0 : -(long)final0;
		long d = final - u->lead;

		if (d > WINPCT_SWING_MAX)
			d = WINPCT_SWING_MAX;
		if (d < -WINPCT_SWING_MAX)
			d = -WINPCT_SWING_MAX;
		t->hist[k][d + WINPCT_SWING_MAX]++;
		t->keyn[k]++;
	}
	t->positions += (uint64_t)n;
	t->games++;
	if (end == GAME_END_OUT)
		t->out++;
	else if (end == GAME_END_PASSES)
		t->passes++;
	else
		t->other++;
	t->stale = 1;
	return 0;
}

/* run_cmp: runs in file order: by seed, whole runs before shards, then
 * by games, shard count and shard. */
static int
run_cmp(const void *a, const void *b)
{
	const struct winpct_run *x = a, *y = b;

	if (x->seed != y->seed)
		return x->seed < y->seed ? -1 : 1;
	if (x->shard_n != y->shard_n)
		return x->shard_n < y->shard_n ? -1 : 1;
	if (x->games != y->games)
		return x->games < y->games ? -1 : 1;
	return (x->shard_k > y->shard_k) - (x->shard_k < y->shard_k);
}

/* runs_add: run into list (n runs, sorted), refusing an overlap, then
 * the shards of one run that are all there replaced by the run. */
static int
runs_add(struct winpct_run *list, int *n, const struct winpct_run *run,
	struct err *e)
{
	int same = 0;

	for (int i = 0; i < *n; i++) {
		const struct winpct_run *o = &list[i];

		if (o->seed != run->seed)
			continue;
		if (o->shard_n == 0 || run->shard_n == 0 || o->games != run->games ||
		    o->shard_n != run->shard_n || o->shard_k == run->shard_k) {
			err_set(e, 0, "run of seed %" PRIu64 " counted twice (its "
			    "games overlap another run of that seed)", run->seed);
			return -1;
		}
		same++;
	}
	if (*n >= WINPCT_MAX_RUNS) {
		err_set(e, 0, "more than %d runs", WINPCT_MAX_RUNS);
		return -1;
	}
	list[(*n)++] = *run;
	if (run->shard_n > 0 && same + 1 == run->shard_n) {
		int j = 0;

		for (int i = 0; i < *n; i++)
			if (list[i].seed != run->seed)
				list[j++] = list[i];
		list[j] = (struct winpct_run){ run->seed, run->games, 0, 0 };
		*n = j + 1;
	}
	qsort(list, (size_t)*n, sizeof *list, run_cmp);
	return 0;
}

int
winpct_add_run(struct winpct *t, uint64_t seed, long games, long shard_k,
	long shard_n, struct err *e)
{
	struct winpct_run run = { seed, games, shard_n > 1 ? shard_k : 0,
	    shard_n > 1 ? shard_n : 0 };

	if (games < 0 || (shard_n > 1 && (shard_k < 1 || shard_k > shard_n))) {
		err_set(e, 0, "bad run");
		return -1;
	}
	return runs_add(t->runs, &t->nruns, &run, e);
}

/* winpct_finish: the rows and the keys' cumulative counts from the histograms,
 * then which row each lookup reads.  The count of lead s is
 * 2 #(d > -s) + #(d = -s) = S(1 - s) + S(-s), S(i) = #(d >= i). */
int
winpct_finish(struct winpct *t, struct err *e)
{
	uint64_t *suffix = NULL;

	if (!t->magpie) {
		if ((suffix = malloc((NSWING + 1) * sizeof *suffix)) == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
		memset(t->rown, 0, ((size_t)t->nrows + 1) * sizeof *t->rown);
		memset(t->roww2, 0, ((size_t)t->nrows + 1) * (size_t)t->width *
		    sizeof *t->roww2);
		for (int k = 0; k < t->nkeys; k++) {
			int theirs = k % (t->rack + 1);
			int bag = k / ((t->rack + 1) * (t->rack + 1));
			int u = bag + theirs;
			uint64_t *row = t->roww2 + (size_t)u * (size_t)t->width;

			if (t->hist[k] == NULL || t->keyn[k] == 0)
				continue;
			/* suffix[i] = S(i - SWING_MAX), suffix[NSWING] = 0. */
			suffix[NSWING] = 0;
			for (int i = NSWING - 1; i >= 0; i--)
				suffix[i] = suffix[i + 1] + t->hist[k][i];
			if (t->keyn[k] >= WINPCT_MIN_KEY && t->keyw2[k] == NULL &&
			    (t->keyw2[k] = malloc(NLEAD * sizeof **t->keyw2)) == NULL) {
				free(suffix);
				err_set(e, 0, "out of memory");
				return -1;
			}
			t->rown[u] += t->keyn[k];
			for (int s = -WINPCT_LEAD_MAX; s <= WINPCT_LEAD_MAX; s++) {
				uint64_t w = suffix[1 - s + WINPCT_SWING_MAX] +
				    suffix[-s + WINPCT_SWING_MAX];

				row[s + WINPCT_LEAD_MAX] += w;
				if (t->keyw2[k] != NULL)
					t->keyw2[k][s + WINPCT_LEAD_MAX] = w;
			}
		}
		free(suffix);
	}
	/* The nearest row with WINPCT_MIN_ROW positions (the smaller on a
	 * tie), else the nearest with any. */
	for (int u = 1; u <= t->nrows; u++) {
		int use = -1;

		for (int pass = 0; pass < 2 && use < 0; pass++) {
			uint64_t need = pass == 0 ? WINPCT_MIN_ROW : 1;

			for (int dist = 0; dist < t->nrows && use < 0; dist++) {
				if (u - dist >= 1 && t->rown[u - dist] >= need)
					use = u - dist;
				else if (u + dist <= t->nrows &&
				    t->rown[u + dist] >= need)
					use = u + dist;
			}
		}
		t->rowuse[u] = use;
	}
	t->stale = 0;
	return 0;
}

int
winpct_learn(struct winpct *t, const struct rules *r, const struct lex *lex,
	const struct klv *leaves, uint64_t seed, long games, long shard_k,
	long shard_n, volatile sig_atomic_t *stop,
	void (*progress)(long played, void *arg), void *arg, struct err *e)
{
	struct robot_opts ro = { .strategy = ROBOT_EQUITY, .leaves = leaves };
	struct winpct_turn *turns;
	struct robot *rb;
	struct game *g;
	long played = 0;
	int rc = 0;

	if (t->magpie || strcmp(t->rules, r->name) != 0 ||
	    t->rack != r->rack_size) {
		err_set(e, 0, "a table for another ruleset than %s", r->name);
		return -1;
	}
	if ((turns = malloc((SELFPLAY_MAX_TURNS + 1) * sizeof *turns)) == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	if ((rb = robot_create(r, lex, &ro, e)) == NULL) {
		free(turns);
		return -1;
	}
	if ((g = game_create(r, 2, e)) == NULL) {
		robot_destroy(rb);
		free(turns);
		return -1;
	}
	for (long k = shard_k - 1; k < games && rc == 0; k += shard_n) {
		int n = 0, scoreless = 0;

		if (stop != NULL && *stop) {
			rc = 1;
			break;
		}
		if (game_start(g, rng_stream_seed(seed, (uint64_t)k), e) < 0) {
			rc = -1;
			break;
		}
		while (rc == 0 && game_over(g) == GAME_ON) {
			const struct position *p = game_position(g);
			int pl = p->to_move, mine = 0, theirs = 0;
			struct move m;

			for (int i = 0; i < RULES_MAX_TILES; i++) {
				mine += p->racks[pl][i];
				theirs += p->racks[1 - pl][i];
			}
			if (n >= SELFPLAY_MAX_TURNS) {
				err_set(e, 0, "game %ld does not end", k);
				rc = -1;
				break;
			}
			turns[n++] = (struct winpct_turn){ pl, p->scores[pl] -
			    p->scores[1 - pl], game_bag_count(g), mine, theirs };
			if (robot_choose(rb, p, game_bag_count(g), NULL, &m, e) < 0) {
				rc = -1;
				break;
			}
			robot_stall(&scoreless, &m);
			if (game_play(g, &m, e) < 0)
				rc = -1;
		}
		if (rc == 0 && winpct_add_game(t, turns, n, game_score(g, 0) -
		    game_score(g, 1), game_over(g), e) < 0)
			rc = -1;
		if (rc == 0 && progress != NULL)
			progress(++played, arg);
	}
	game_destroy(g);
	robot_destroy(rb);
	free(turns);
	if (rc == 0 && winpct_add_run(t, seed, games, shard_k, shard_n, e) < 0)
		rc = -1;
	if (rc >= 0 && winpct_finish(t, e) < 0)
		rc = -1;
	return rc;
}

int
winpct_merge(struct winpct *dst, const struct winpct *src, struct err *e)
{
	struct winpct_run runs[WINPCT_MAX_RUNS];
	int nruns = dst->nruns;

	if (dst->magpie || src->magpie) {
		err_set(e, 0, "tables of MAGPIE's layout do not merge (no "
		    "histograms)");
		return -1;
	}
	if (strcmp(dst->rules, src->rules) != 0 || dst->nkeys != src->nkeys) {
		err_set(e, 0, "ruleset %s, not %s", src->rules, dst->rules);
		return -1;
	}
	if (strcmp(dst->lexname, src->lexname) != 0 ||
	    dst->lexsum != src->lexsum) {
		err_set(e, 0, "lexicon %s %08" PRIx32 ", not %s %08" PRIx32,
		    src->lexname, src->lexsum, dst->lexname, dst->lexsum);
		return -1;
	}
	if (strcmp(dst->leavesname, src->leavesname) != 0 ||
	    dst->leavessum != src->leavessum) {
		err_set(e, 0, "leaves %s %08" PRIx32 ", not %s %08" PRIx32,
		    src->leavesname, src->leavessum, dst->leavesname,
		    dst->leavessum);
		return -1;
	}
	if (dst->positions + src->positions > WINPCT_MAX_COUNT ||
	    dst->games + src->games > WINPCT_MAX_COUNT) {
		err_set(e, 0, "too many positions");
		return -1;
	}
	memcpy(runs, dst->runs, sizeof runs);
	for (int i = 0; i < src->nruns; i++)
		if (runs_add(runs, &nruns, &src->runs[i], e) < 0)
			return -1;
	for (int k = 0; k < src->nkeys; k++)
		if (src->hist[k] != NULL && dst->hist[k] == NULL &&
		    (dst->hist[k] = calloc(NSWING, sizeof *dst->hist[k])) == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
	for (int k = 0; k < src->nkeys; k++) {
		if (src->hist[k] == NULL)
			continue;
		for (int i = 0; i < NSWING; i++)
			dst->hist[k][i] += src->hist[k][i];
		dst->keyn[k] += src->keyn[k];
	}
	memcpy(dst->runs, runs, sizeof runs);
	dst->nruns = nruns;
	dst->games += src->games;
	dst->out += src->out;
	dst->passes += src->passes;
	dst->other += src->other;
	dst->positions += src->positions;
	return winpct_finish(dst, e);
}

/* ---- ordverk's layout ---- */

#define MAGIC "#ordverk-winpct 1"
#define COLUMNS "# bag mine theirs positions swing:count ... " \
	"(swing: final spread of the player to move less their lead)"

int
winpct_write(const struct winpct *t, FILE *fp, struct err *e)
{
	if (t->magpie) {
		err_set(e, 0, "a table read from MAGPIE's layout has no "
		    "histograms: write it in MAGPIE's layout");
		return -1;
	}
	fprintf(fp, "%s\nrules %s\nrobot equity\nlexicon %s %08" PRIx32
	    "\nleaves %s %08" PRIx32 "\n", MAGIC, t->rules, t->lexname, t->lexsum, t->leavesname,
	    t->leavessum);
	for (int i = 0; i < t->nruns; i++) {
		const struct winpct_run *r = &t->runs[i];

		fprintf(fp, "run %" PRIu64 " %ld", r->seed, r->games);
		if (r->shard_n > 0)
			fprintf(fp, " %ld/%ld", r->shard_k, r->shard_n);
		putc('\n', fp);
	}
	fprintf(fp, "games %" PRIu64 "\nends out %" PRIu64 " passes %" PRIu64
	    " other %" PRIu64 "\npositions %" PRIu64 "\nswing-max %d\n%s\n",
	    t->games, t->out, t->passes, t->other, t->positions,
	    WINPCT_SWING_MAX, COLUMNS);
	for (int k = 0; k < t->nkeys; k++) {
		int theirs = k % (t->rack + 1), mine = k / (t->rack + 1) %
		    (t->rack + 1), bag = k / ((t->rack + 1) * (t->rack + 1));

		if (t->hist[k] == NULL || t->keyn[k] == 0)
			continue;
		fprintf(fp, "%d %d %d %" PRIu64, bag, mine, theirs, t->keyn[k]);
		for (int i = 0; i < NSWING; i++)
			if (t->hist[k][i] != 0)
				fprintf(fp, " %d:%" PRIu64, i - WINPCT_SWING_MAX,
				    t->hist[k][i]);
		putc('\n', fp);
	}
	fputs("end\n", fp);
	if (ferror(fp)) {
		err_set(e, 0, "write error");
		return -1;
	}
	return 0;
}

/* A line reader over fp: the line without its line end, its number. */
struct reader {
	FILE *fp;
	char *buf;
	size_t cap;
	long ln;
	int eol;             /* the line read ended in a newline */
};

/* next_line: 1 and the line in r->buf, 0 at the end, -1 on a read error
 * (e set).  A NUL in a line is refused: it is not text. */
static int
next_line(struct reader *r, struct err *e)
{
	ssize_t len;

	errno = 0;
	if ((len = getline(&r->buf, &r->cap, r->fp)) < 0) {
		if (ferror(r->fp) || errno == ENOMEM) {
			err_set(e, r->ln + 1, "read error");
			return -1;
		}
		return 0;
	}
	r->ln++;
	if ((size_t)len != strlen(r->buf)) {
		err_set(e, r->ln, "a NUL byte: not a text file");
		return -1;
	}
	r->eol = len > 0 && r->buf[len - 1] == '\n';
	if (r->eol)
		r->buf[--len] = '\0';
	if (len > 0 && r->buf[len - 1] == '\r')
		r->buf[--len] = '\0';
	return 1;
}

/* parse_u64: a decimal count at *s (digits only), moving *s past it. */
static int
parse_u64(const char **s, uint64_t *out)
{
	uint64_t v = 0;
	const char *p = *s;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (WINPCT_MAX_COUNT - (uint64_t)(*p - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	*s = p;
	*out = v;
	return 0;
}

/* parse_int: an optionally negative decimal at *s within +-max. */
static int
parse_int(const char **s, long max, long *out)
{
	const char *p = *s;
	int neg = *p == '-';
	uint64_t v;

	if (neg)
		p++;
	if (parse_u64(&p, &v) < 0 || v > (uint64_t)max)
		return -1;
	*out = neg ? -(long)v : (long)v;
	*s = p;
	return 0;
}

/* header_line: the next line, which must begin with key and a space;
 * *rest is what follows. */
static int
header_line(struct reader *rd, const char *key, const char **rest,
	struct err *e)
{
	size_t n = strlen(key);
	int rc = next_line(rd, e);

	if (rc < 0)
		return -1;
	if (rc == 0 || strncmp(rd->buf, key, n) != 0 || rd->buf[n] != ' ') {
		err_set(e, rd->ln + (rc == 0), "%s: want a line \"%s ...\"",
		    rc == 0 ? "file ends early" : "bad header", key);
		return -1;
	}
	*rest = rd->buf + n + 1;
	return 0;
}

/* name_sum: "NAME HEX8" into name (cap bytes) and *sum. */
static int
name_sum(const char *s, char *name, size_t cap, uint32_t *sum)
{
	const char *sp = strchr(s, ' ');
	char *end;
	unsigned long v;

	if (sp == NULL || sp == s || (size_t)(sp - s) >= cap ||
	    strlen(sp + 1) != 8 || strspn(sp + 1, "0123456789abcdef") != 8)
		return -1;
	errno = 0;
	v = strtoul(sp + 1, &end, 16);
	if (errno != 0 || *end != '\0' || v > UINT32_MAX)
		return -1;
	memcpy(name, s, (size_t)(sp - s));
	name[sp - s] = '\0';
	*sum = (uint32_t)v;
	return 0;
}

static struct winpct *
read_ordverk(struct reader *rd, const struct rules *r, struct err *e)
{
	struct winpct *t = NULL;
	const char *s;
	uint64_t games, out, passes, other, positions, sum = 0, sumgames = 0;
	long swing_max;
	int rc, lastkey = -1;

	if (header_line(rd, "rules", &s, e) < 0)
		return NULL;
	if (r != NULL && strcmp(s, r->name) != 0) {
		err_set(e, rd->ln, "a table for ruleset %s, not %s", s, r->name);
		return NULL;
	}
	if (r == NULL) {
		struct rules own;
		struct err ie;

		if (rules_get(&own, s, &ie) < 0) {
			err_set(e, rd->ln, "unknown ruleset %s", s);
			return NULL;
		}
		t = table_new(&own, e);
	} else
		t = table_new(r, e);
	if (t == NULL)
		return NULL;
	/* The players whose games made the table: equity robots, the only
	 * ones winpct_learn seats (a word for later tables of others). */
	if (header_line(rd, "robot", &s, e) < 0)
		goto fail;
	if (strcmp(s, "equity") != 0) {
		err_set(e, rd->ln, "robot %s: want equity", s);
		goto fail;
	}
	if (header_line(rd, "lexicon", &s, e) < 0)
		goto fail;
	if (name_sum(s, t->lexname, sizeof t->lexname, &t->lexsum) < 0) {
		err_set(e, rd->ln, "bad lexicon line (want: lexicon NAME CRC32)");
		goto fail;
	}
	if (header_line(rd, "leaves", &s, e) < 0)
		goto fail;
	if (name_sum(s, t->leavesname, sizeof t->leavesname, &t->leavessum) < 0) {
		err_set(e, rd->ln, "bad leaves line (want: leaves NAME CRC32)");
		goto fail;
	}
	for (;;) {
		uint64_t seed, g;
		long k = 0, n = 0;
		struct winpct_run run;

		if ((rc = next_line(rd, e)) < 0)
			goto fail;
		if (rc == 0 || strncmp(rd->buf, "run ", 4) != 0)
			break;
		s = rd->buf + 4;
		if (parse_u64(&s, &seed) < 0 || *s++ != ' ' ||
		    parse_u64(&s, &g) < 0 || g > LONG_MAX ||
		    (*s == ' ' && (s++, parse_int(&s, LONG_MAX, &k) < 0 ||
		    *s++ != '/' || parse_int(&s, LONG_MAX, &n) < 0 || n < 2 ||
		    k < 1 || k > n)) || *s != '\0') {
			err_set(e, rd->ln, "bad run line (want: run SEED GAMES "
			    "[K/N])");
			goto fail;
		}
		run = (struct winpct_run){ seed, (long)g, n > 0 ? k : 0, n };
		/* As written: sorted, no overlap, no complete set of shards. */
		if ((t->nruns > 0 && run_cmp(&t->runs[t->nruns - 1], &run) >= 0) ||
		    runs_add(t->runs, &t->nruns, &run, e) < 0 ||
		    t->runs[t->nruns - 1].shard_n != run.shard_n) {
			err_set(e, rd->ln, "runs out of order or overlapping");
			goto fail;
		}
		sumgames += run.shard_n > 0 ? (uint64_t)selfplay_shard_games(
		    run.games, run.shard_k, run.shard_n) : (uint64_t)run.games;
	}
	if (rc == 0 || strncmp(rd->buf, "games ", 6) != 0 ||
	    (s = rd->buf + 6, parse_u64(&s, &games) < 0) || *s != '\0') {
		err_set(e, rd->ln + (rc == 0), "bad header: want a line \"games N\"");
		goto fail;
	}
	if (games != sumgames) {
		err_set(e, rd->ln, "games %" PRIu64 ", but the runs have %" PRIu64,
		    games, sumgames);
		goto fail;
	}
	if (header_line(rd, "ends", &s, e) < 0)
		goto fail;
	if (strncmp(s, "out ", 4) != 0 || (s += 4, parse_u64(&s, &out) < 0) ||
	    strncmp(s, " passes ", 8) != 0 || (s += 8, parse_u64(&s, &passes)) < 0 ||
	    strncmp(s, " other ", 7) != 0 || (s += 7, parse_u64(&s, &other)) < 0 ||
	    *s != '\0' || out + passes + other != games) {
		err_set(e, rd->ln, "bad ends line (want: ends out N passes N "
		    "other N, adding up to the games)");
		goto fail;
	}
	if (header_line(rd, "positions", &s, e) < 0)
		goto fail;
	if (parse_u64(&s, &positions) < 0 || *s != '\0') {
		err_set(e, rd->ln, "bad positions line");
		goto fail;
	}
	if (header_line(rd, "swing-max", &s, e) < 0)
		goto fail;
	if (parse_int(&s, INT32_MAX, &swing_max) < 0 || *s != '\0' ||
	    swing_max != WINPCT_SWING_MAX) {
		err_set(e, rd->ln, "swing-max must be %d", WINPCT_SWING_MAX);
		goto fail;
	}
	if ((rc = next_line(rd, e)) < 0)
		goto fail;
	if (rc == 0 || rd->buf[0] != '#') {
		err_set(e, rd->ln + (rc == 0), "want the column comment line");
		goto fail;
	}
	t->games = games;
	t->out = out;
	t->passes = passes;
	t->other = other;
	t->positions = positions;
	for (;;) {
		long bag, mine, theirs, prev = -WINPCT_SWING_MAX - 1;
		uint64_t n, keysum = 0;
		int k;

		if ((rc = next_line(rd, e)) < 0)
			goto fail;
		if (rc == 0) {
			err_set(e, rd->ln + 1, "file ends early (no \"end\" line)");
			goto fail;
		}
		if (strcmp(rd->buf, "end") == 0)
			break;
		s = rd->buf;
		if (parse_int(&s, INT32_MAX, &bag) < 0 || *s++ != ' ' ||
		    parse_int(&s, INT32_MAX, &mine) < 0 || *s++ != ' ' ||
		    parse_int(&s, INT32_MAX, &theirs) < 0 || *s++ != ' ' ||
		    parse_u64(&s, &n) < 0 ||
		    (k = key_of(t, (int)bag, (int)mine, (int)theirs)) < 0) {
			err_set(e, rd->ln, "bad key (want: bag mine theirs positions, "
			    "a bag of 0 to %d, racks of 1 to %d)", t->nbag - 1,
			    t->rack);
			goto fail;
		}
		if (k <= lastkey) {
			err_set(e, rd->ln, "keys out of order or given twice");
			goto fail;
		}
		lastkey = k;
		if ((t->hist[k] = calloc(NSWING, sizeof *t->hist[k])) == NULL) {
			err_set(e, rd->ln, "out of memory");
			goto fail;
		}
		while (*s == ' ') {
			long d;
			uint64_t c;

			s++;
			if (parse_int(&s, WINPCT_SWING_MAX, &d) < 0 || *s++ != ':' ||
			    parse_u64(&s, &c) < 0 || c == 0 || d <= prev ||
			    keysum + c > n) {
				err_set(e, rd->ln, "bad swing count (want: swing:count, "
				    "swings rising, counts adding up to %" PRIu64 ")", n);
				goto fail;
			}
			prev = d;
			keysum += c;
			t->hist[k][d + WINPCT_SWING_MAX] = c;
		}
		if (*s != '\0' || keysum != n || n == 0) {
			err_set(e, rd->ln, "bad key line: its counts add up to %"
			    PRIu64 ", not %" PRIu64, keysum, n);
			goto fail;
		}
		t->keyn[k] = n;
		if (sum + n > positions) {
			err_set(e, rd->ln, "more positions than the header's %" PRIu64,
			    positions);
			goto fail;
		}
		sum += n;
	}
	if (sum != positions) {
		err_set(e, rd->ln, "the keys hold %" PRIu64 " positions, the header "
		    "says %" PRIu64, sum, positions);
		goto fail;
	}
	if ((rc = next_line(rd, e)) != 0) {
		if (rc > 0)
			err_set(e, rd->ln, "text after the end line");
		goto fail;
	}
	if (!rd->eol) {
		err_set(e, rd->ln, "the end line has no newline: truncated?");
		goto fail;
	}
	if (winpct_finish(t, e) < 0)
		goto fail;
	return t;
fail:
	winpct_destroy(t);
	return NULL;
}

/* ---- MAGPIE's layout ---- */

int
winpct_write_magpie(const struct winpct *t, FILE *fp, struct err *e)
{
	if (t->stale) {
		err_set(e, 0, "table not finished");
		return -1;
	}
	for (int u = 1; u <= t->nrows; u++) {
		const uint64_t *row = t->roww2 + (size_t)u * (size_t)t->width;

		fprintf(fp, "%" PRIu64 " ", t->rown[u]);
		for (int j = 0; j < t->width; j++)
			fprintf(fp, "%" PRIu64 " ", row[j]);
		if (u < t->nrows)
			putc('\n', fp);
	}
	if (ferror(fp)) {
		err_set(e, 0, "write error");
		return -1;
	}
	return 0;
}

/* read_magpie: rows of "TOTAL W2T..." (the first already in rd->buf),
 * into a table of rows only.  Checked: every row has the first row's
 * odd number of counts, each at most twice its total and none less than
 * the one before (cumulative), and a row of total 0 holds only zeros. */
static struct winpct *
read_magpie(struct reader *rd, const struct rules *r, struct err *e)
{
	struct winpct *t = table_new(NULL, e);
	uint64_t *rows = NULL, *tot = NULL;
	size_t cap = 0, used = 0;
	int n = 0, width = -1, rc = 1, maxrows = r != NULL ?
	    r->ntiles - r->rack_size : 4 * BAG_MAX;

	if (t == NULL)
		return NULL;
	t->magpie = 1;
	if (r != NULL)
		snprintf(t->rules, sizeof t->rules, "%s", r->name);
	for (; rc > 0; rc = next_line(rd, e)) {
		const char *s = rd->buf;
		uint64_t total, prev = 0, v, *nt;
		int cols = 0;

		if (*s == '\0') {
			/* Only a final newline after the last row. */
			if ((rc = next_line(rd, e)) == 0)
				break;
			err_set(e, rd->ln - (rc > 0), "an empty row");
			goto fail;
		}
		if (n >= maxrows) {
			err_set(e, rd->ln, "more rows than the %d tiles unseen %s "
			    "can have", maxrows, r != NULL ? r->name : "a table");
			goto fail;
		}
		if (parse_u64(&s, &total) < 0 || (*s != ' ' && *s != '\t')) {
			err_set(e, rd->ln, "bad total (want: positions, then the "
			    "wins x 2 + ties of each lead)");
			goto fail;
		}
		for (;;) {
			while (*s == ' ' || *s == '\t')
				s++;
			if (*s == '\0')
				break;
			if (parse_u64(&s, &v) < 0 || (*s != ' ' && *s != '\t' &&
			    *s != '\0') || v > 2 * total || v < prev) {
				err_set(e, rd->ln, "bad count %d (want counts rising, "
				    "at most twice the row's total)", cols + 1);
				goto fail;
			}
			if (width >= 0 && cols >= width) {
				err_set(e, rd->ln, "more than %d counts", width);
				goto fail;
			}
			if (used == cap) {
				size_t ncap = cap == 0 ? 4096 : 2 * cap;
				uint64_t *p = realloc(rows, ncap * sizeof *rows);

				if (p == NULL) {
					err_set(e, rd->ln, "out of memory");
					goto fail;
				}
				rows = p;
				cap = ncap;
			}
			rows[used++] = v;
			prev = v;
			cols++;
		}
		if (width < 0) {
			if (cols % 2 != 1) {
				err_set(e, rd->ln, "%d counts: want an odd number "
				    "(leads -L .. L)", cols);
				goto fail;
			}
			width = cols;
		} else if (cols != width) {
			err_set(e, rd->ln, "%d counts, not %d as the first row", cols,
			    width);
			goto fail;
		}
		if (total == 0 && prev != 0) {
			err_set(e, rd->ln, "counts in a row of no positions");
			goto fail;
		}
		if ((nt = realloc(tot, ((size_t)n + 1) * sizeof *tot)) == NULL) {
			err_set(e, rd->ln, "out of memory");
			goto fail;
		}
		tot = nt;
		tot[n++] = total;
	}
	if (rc < 0)
		goto fail;
	/* A row short: the file was cut at a row's end. */
	if (r != NULL && n != maxrows) {
		err_set(e, rd->ln, "%d rows, but %s has %d counts of tiles unseen "
		    "(truncated?)", n, r->name, maxrows);
		goto fail;
	}
	if (alloc_rows(t, n, width / 2, e) < 0)
		goto fail;
	for (int u = 1; u <= n; u++) {
		t->rown[u] = tot[u - 1];
		t->positions += tot[u - 1];
		memcpy(t->roww2 + (size_t)u * (size_t)width,
		    rows + (size_t)(u - 1) * (size_t)width,
		    (size_t)width * sizeof *rows);
	}
	free(rows);
	free(tot);
	if (winpct_finish(t, e) < 0) {
		winpct_destroy(t);
		return NULL;
	}
	return t;
fail:
	free(rows);
	free(tot);
	winpct_destroy(t);
	return NULL;
}

struct winpct *
winpct_read(FILE *fp, const struct rules *r, struct err *e)
{
	struct reader rd = { fp, NULL, 0, 0, 0 };
	struct winpct *t = NULL;
	int rc = next_line(&rd, e);

	if (rc == 0)
		err_set(e, 1, "empty file: not a win table");
	else if (rc > 0 && strcmp(rd.buf, MAGIC) == 0)
		t = read_ordverk(&rd, r, e);
	else if (rc > 0 && rd.buf[0] >= '0' && rd.buf[0] <= '9')
		t = read_magpie(&rd, r, e);
	else if (rc > 0)
		err_set(e, 1, "not a win table (want \"%s\" or MAGPIE's "
		    "winpct.csv rows)", MAGIC);
	free(rd.buf);
	return t;
}

struct winpct *
winpct_load(const char *path, const struct rules *r, struct err *e)
{
	FILE *fp = fopen(path, "r");
	struct winpct *t;

	if (fp == NULL) {
		err_set(e, 0, "%s", strerror(errno));
		return NULL;
	}
	t = winpct_read(fp, r, e);
	fclose(fp);
	return t;
}

/* ---- lookups ---- */

double
winpct_get(const struct winpct *t, int lead, int unseen)
{
	int u;

	if (unseen < 1)
		unseen = 1;
	if (unseen > t->nrows)
		unseen = t->nrows;
	if (lead > t->lead_max)
		lead = t->lead_max;
	if (lead < -t->lead_max)
		lead = -t->lead_max;
	if (unseen < 1 || (u = t->rowuse[unseen]) < 0)
		return 0.5;
	return ((double)t->roww2[(size_t)u * (size_t)t->width +
	    (size_t)(lead + t->lead_max)] + 1.0) / (2.0 * (double)t->rown[u] + 2.0);
}

double
winpct_win(void *ctx, int lead, int unseen)
{
	return winpct_get(ctx, lead, unseen);
}

double
winpct_get_racks(const struct winpct *t, int lead, int bag, int mine,
	int theirs)
{
	int k = t->magpie ? -1 : key_of(t, bag, mine, theirs);

	if (k < 0 || t->keyw2[k] == NULL)
		return winpct_get(t, lead, bag + theirs);
	if (lead > WINPCT_LEAD_MAX)
		lead = WINPCT_LEAD_MAX;
	if (lead < -WINPCT_LEAD_MAX)
		lead = -WINPCT_LEAD_MAX;
	return ((double)t->keyw2[k][lead + WINPCT_LEAD_MAX] + 1.0) /
	    (2.0 * (double)t->keyn[k] + 2.0);
}

int
winpct_rows(const struct winpct *t)
{
	return t->nrows;
}

uint64_t
winpct_row_positions(const struct winpct *t, int unseen)
{
	return unseen >= 1 && unseen <= t->nrows ? t->rown[unseen] : 0;
}

uint64_t
winpct_games(const struct winpct *t)
{
	return t->games;
}

uint64_t
winpct_positions(const struct winpct *t)
{
	return t->positions;
}

int
winpct_magpie(const struct winpct *t)
{
	return t->magpie;
}

uint64_t
winpct_row_w2(const struct winpct *t, int unseen, int lead)
{
	if (unseen < 1 || unseen > t->nrows)
		return 0;
	if (lead > t->lead_max)
		lead = t->lead_max;
	if (lead < -t->lead_max)
		lead = -t->lead_max;
	return t->roww2[(size_t)unseen * (size_t)t->width +
	    (size_t)(lead + t->lead_max)];
}
