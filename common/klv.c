/*
 * klv.c — leave tables in the KLV/KLV2 format (klv.h, ordverk-klv(5)).
 *
 * A leave's index is its rank among all leaves in the DAWG, in DAWG order:
 * the words of the sibling runs passed over, plus one for each proper
 * prefix on the path that is itself a leave.  word_count[i] (words in the
 * subtree of arc i, itself included if it accepts) makes that a walk.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "klv.h"

#define KWG_TILE(n)    ((int)((n) >> 24))
#define KWG_ACCEPTS(n) (((n) >> 23) & 1)
#define KWG_LAST(n)    (((n) >> 22) & 1)
#define KWG_CHILD(n)   ((n) & 0x3fffffu)

struct klv {
	uint32_t nnodes;
	uint32_t *nodes;
	uint32_t *counts;        /* words in the subtree of each arc */
	uint32_t nvalues;
	int32_t *values;         /* millipoints */
	int sorted;              /* every sibling run's tiles ascend */
	/* When sorted: per node, the tiles of its run from it on (bit t)
	 * and the words below the arcs of its run before it, so that
	 * klv_walk finds an arc and its rank without a scan. */
	uint64_t *ahead;
	uint32_t *before;
	int popcnt;              /* the CPU counts bits in one instruction */
};

#if defined(__GNUC__) && defined(__x86_64__)
#define KLV_POPCNT 1
#endif

static uint32_t
klv_le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static struct klv *klv_load_raw(const char *path, struct err *e);
static struct klv *klv_renumber(const struct klv *k,
	const uint8_t map[RULES_MAX_TILES], struct err *e);
static int klv_fits(const struct klv *k, const struct rules *r, int bag,
	struct err *e);

static void
klv_store32(unsigned char *q, uint32_t v)
{
	q[0] = (unsigned char)v;
	q[1] = (unsigned char)(v >> 8);
	q[2] = (unsigned char)(v >> 16);
	q[3] = (unsigned char)(v >> 24);
}

void
klv_destroy(struct klv *k)
{
	if (k == NULL)
		return;
	free(k->nodes);
	free(k->counts);
	free(k->values);
	free(k->ahead);
	free(k->before);
	free(k);
}

/* Counts words below every arc.  The format does not promise children
 * after parents, so iterate to a fixed point; leaves are short, so a DAWG
 * settles in a few rounds, and a cyclic graph is caught by the limit. */
static int
klv_count_words(struct klv *k, struct err *e)
{
	uint32_t i, round;
	int changed = 1;

	for (i = 0; i < k->nnodes; i++)
		k->counts[i] = KWG_ACCEPTS(k->nodes[i]);
	/* Fixed point: counts[i] = accepts + sum over child run.  A DAWG of
	 * words no longer than D settles in D rounds. */
	for (round = 0; changed && round < 64; round++) {
		changed = 0;
		for (i = 0; i < k->nnodes; i++) {
			uint32_t c = KWG_CHILD(k->nodes[i]), j;
			uint64_t sum = KWG_ACCEPTS(k->nodes[i]);

			if (c != 0)
				for (j = c; j < k->nnodes; j++) {
					sum += k->counts[j];
					if (KWG_LAST(k->nodes[j]))
						break;
				}
			if (sum > UINT32_MAX)
				sum = UINT32_MAX;
			if (k->counts[i] != (uint32_t)sum) {
				k->counts[i] = (uint32_t)sum;
				changed = 1;
			}
		}
	}
	if (changed) {
		err_set(e, 0, "KLV: node graph too deep or cyclic");
		return -1;
	}
	return 0;
}

struct klv *
klv_load_mem(const void *buf, size_t len, struct err *e)
{
	const unsigned char *p = buf;
	struct klv *k;
	size_t off, rest;
	uint32_t i, n, m;

	if (len < 8) {
		err_set(e, 0, "KLV: file too short (%zu bytes)", len);
		return NULL;
	}
	n = klv_le32(p);
	if (n < 1 || (size_t)n > (len - 8) / 4) {
		err_set(e, 0, "KLV: bad node count %lu", (unsigned long)n);
		return NULL;
	}
	off = 4 + (size_t)n * 4;
	m = klv_le32(p + off);
	off += 4;
	rest = len - off;
	/* KLV2: f32 values; the older KLV: i16 values. */
	if (rest != (size_t)m * 4 && rest != (size_t)m * 2) {
		err_set(e, 0, "KLV: %lu leave values do not fit the %zu bytes left",
		    (unsigned long)m, rest);
		return NULL;
	}
	k = calloc(1, sizeof *k);
	if (k == NULL)
		goto oom;
	k->nnodes = n;
	k->nvalues = m;
	k->nodes = malloc((size_t)n * sizeof *k->nodes);
	k->counts = malloc((size_t)n * sizeof *k->counts);
	k->values = malloc(((size_t)m + 1) * sizeof *k->values);
	if (k->nodes == NULL || k->counts == NULL || k->values == NULL)
		goto oom;
	for (i = 0; i < n; i++) {
		uint32_t node = klv_le32(p + 4 + (size_t)i * 4);
		uint32_t c = KWG_CHILD(node);

		if (c >= n) {
			err_set(e, 0, "KLV: node %lu points outside (%lu)",
			    (unsigned long)i, (unsigned long)c);
			klv_destroy(k);
			return NULL;
		}
		k->nodes[i] = node;
	}
	for (i = 0; i < m; i++) {
		double v;

		if (rest == (size_t)m * 4) {
			uint32_t bits = klv_le32(p + off + (size_t)i * 4);
			float f;

			memcpy(&f, &bits, sizeof f);
			v = f;
		} else {
			const unsigned char *q = p + off + (size_t)i * 2;
			int16_t s = (int16_t)((uint16_t)q[0] | (uint16_t)q[1] << 8);

			v = s / 256.0;   /* provisional scale, see ordverk-klv(5) */
		}
		if (!isfinite(v) || v > 1e6 || v < -1e6) {
			err_set(e, 0, "KLV: leave value %lu out of range", (unsigned long)i);
			klv_destroy(k);
			return NULL;
		}
		k->values[i] = (int32_t)lround(v * 1000.0);
	}
	if (klv_count_words(k, e) != 0) {
		klv_destroy(k);
		return NULL;
	}
	k->sorted = 1;
	for (i = 0; i < n; i++)
		if (KWG_TILE(k->nodes[i]) >= 64 || (i + 1 < n &&
		    !KWG_LAST(k->nodes[i]) &&
		    KWG_TILE(k->nodes[i + 1]) <= KWG_TILE(k->nodes[i])))
			k->sorted = 0;
	if (k->sorted) {
#ifdef KLV_POPCNT
		k->popcnt = __builtin_cpu_supports("popcnt") != 0;
#endif
		k->ahead = malloc((size_t)n * sizeof *k->ahead);
		k->before = malloc((size_t)n * sizeof *k->before);
		if (k->ahead == NULL || k->before == NULL)
			goto oom;
		for (i = 0; i < n; i++)
			k->before[i] = i == 0 || KWG_LAST(k->nodes[i - 1]) ? 0 :
			    k->before[i - 1] + k->counts[i - 1];
		for (i = n; i-- > 0; )
			k->ahead[i] = (uint64_t)1 << KWG_TILE(k->nodes[i]) |
			    (KWG_LAST(k->nodes[i]) || i + 1 == n ? 0 : k->ahead[i + 1]);
	}
	return k;
oom:
	klv_destroy(k);
	err_set(e, 0, "out of memory");
	return NULL;
}

struct klv *
klv_load(const char *path, const struct rules *r, struct err *e)
{
	uint8_t to_file[RULES_MAX_TILES], from_file[RULES_MAX_TILES];
	struct klv *k = klv_load_raw(path, e), *renumbered;

	if (k == NULL || r == NULL)
		return k;
	if (klv_fits(k, r, 0, e) < 0) {
		klv_destroy(k);
		return NULL;
	}
	if (rules_kwg_map(r, to_file, from_file)) {
		renumbered = klv_renumber(k, from_file, e);
		klv_destroy(k);
		if ((k = renumbered) == NULL)
			return NULL;
	}
	if (klv_fits(k, r, 1, e) < 0) {
		klv_destroy(k);
		return NULL;
	}
	return k;
}

/* klv_load_raw: the file at path, its tile numbers as they are. */
static struct klv *
klv_load_raw(const char *path, struct err *e)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, got;
	struct klv *k;

	if (fp == NULL) {
		err_set(e, 0, "%s: cannot open", path);
		return NULL;
	}
	for (;;) {
		if (len == cap) {
			size_t ncap = cap ? cap * 2 : 65536;
			unsigned char *nb;

			if (ncap > (size_t)1 << 30) {
				err_set(e, 0, "%s: file too large", path);
				goto fail;
			}
			nb = realloc(buf, ncap);
			if (nb == NULL) {
				err_set(e, 0, "out of memory");
				goto fail;
			}
			buf = nb;
			cap = ncap;
		}
		got = fread(buf + len, 1, cap - len, fp);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(fp)) {
		err_set(e, 0, "%s: read error", path);
		goto fail;
	}
	fclose(fp);
	k = klv_load_mem(buf, len, e);
	free(buf);
	return k;
fail:
	fclose(fp);
	free(buf);
	return NULL;
}

long
klv_index(const struct klv *k, const uint8_t leave[RULES_MAX_TILES])
{
	uint32_t run, idx = 0, arc = 0;
	int t, c, any = 0;

	if (k == NULL || k->nnodes == 0)
		return -1;
	run = KWG_CHILD(k->nodes[0]);
	for (t = 0; t < RULES_MAX_TILES; t++)
		for (c = 0; c < leave[t]; c++) {
			uint32_t i;

			if (run == 0)
				return -1;
			if (any) {
				/* The previous tile's word, a prefix of this leave, ranks
				 * before it. */
				idx += KWG_ACCEPTS(k->nodes[arc]);
			}
			for (i = run; i < k->nnodes; i++) {
				if (KWG_TILE(k->nodes[i]) == t)
					break;
				idx += k->counts[i];
				if (KWG_LAST(k->nodes[i]))
					return -1;
			}
			if (i >= k->nnodes)
				return -1;
			arc = i;
			run = KWG_CHILD(k->nodes[i]);
			any = 1;
		}
	if (!any || !KWG_ACCEPTS(k->nodes[arc]) || idx >= k->nvalues)
		return -1;
	return (long)idx;
}

int32_t
klv_leave_value(const struct klv *k, const uint8_t leave[RULES_MAX_TILES])
{
	long i = klv_index(k, leave);

	return i < 0 ? 0 : k->values[i];
}

/* klv_rack_values' walk: what it found, value index vi[q] for out[oi[q]]
 * (at most 2^RULES_MAX_RACK: a value's index is a sub-multiset's). */
struct klv_found {
	int n;
	uint32_t vi[1 << 10];
	uint16_t oi[1 << 10];
};

/* klv_rack_values' walk over the rack: by tile t, left[t] still free
 * (the tiles with some free in avail, bit t) and the keep index step[t]
 * of one. */
struct klv_walker {
	const struct klv *k;
	uint64_t avail;
	uint8_t left[64];
	int step[64];
	struct klv_found *f;
};

/* klv_rack_values' walk, from the root down every sub-multiset of the
 * rack the table holds, depth first without recursion (a call a leave
 * cost half the walk).  A level of the stack: run, the first arc after
 * the leave at out[at] so far; base, the DAWG-order index of the first
 * leave below it; here, the run's tiles; cand, those of them still to
 * try (free, and not below the leave's last tile); bit, the one taken.
 * The values are megabytes, each a cache miss away: their indices are
 * gathered and their lines asked for, and read after the walk (a
 * turn's 2^7 keeps took 1.4 us read on the way, waiting on each).  An
 * arc's place in its run is a count of the run's bits below it. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
klv_walk(struct klv_walker *w, uint32_t root)
{
	const struct klv *k = w->k;
	struct klv_found *f = w->f;
	struct {
		uint64_t here, cand, bit;
		uint32_t run, base;
		int at;
	} st[RULES_MAX_RACK + 1];
	int d = 0;

	if (root == 0)
		return;
	st[0].run = root;
	st[0].here = k->ahead[root];
	st[0].cand = st[0].here & w->avail;
	st[0].base = 0;
	st[0].at = 0;
	for (;;) {
		uint64_t cand = st[d].cand, here = st[d].here, bit;
		uint32_t run = st[d].run, a, node, idx, child;
		int t, to;

		if (cand == 0) {
			/* This level is done: give back the tile the one
			 * above took. */
			if (d-- == 0)
				return;
			t = bits_lowest64(st[d].bit);
			if (w->left[t]++ == 0)
				w->avail |= st[d].bit;
			continue;
		}
		bit = cand & (0 - cand);
		st[d].cand = cand & (cand - 1);
		/* Runs ascend: tile t's arc is the run's arc after those of
		 * the smaller tiles in it. */
		t = bits_lowest64(cand);
		to = st[d].at + w->step[t];
		a = run + (uint32_t)bits_popcount64(here & (bit - 1));
		node = k->nodes[a];
		idx = st[d].base + k->before[a] - k->before[run];
		if (KWG_ACCEPTS(node) && idx < k->nvalues &&
		    f->n < (int)(sizeof f->vi / sizeof f->vi[0])) {
#if defined(__GNUC__)
			__builtin_prefetch(k->values + idx);
#endif
			f->vi[f->n] = idx;
			f->oi[f->n++] = (uint16_t)to;
		}
		child = KWG_CHILD(node);
		/* Down only if some tile may follow: t again, or a larger
		 * one (the last tile's child run is not read at all). */
		if (child == 0 || d == RULES_MAX_RACK ||
		    (w->left[t] == 1 && (w->avail & ~bit & ~(bit - 1)) == 0))
			continue;
		if (--w->left[t] == 0)
			w->avail &= ~bit;
		st[d].bit = bit;
		d++;
		st[d].run = child;
		st[d].here = k->ahead[child];
		st[d].cand = st[d].here & w->avail & ~(bit - 1);
		st[d].base = idx + KWG_ACCEPTS(node);
		st[d].at = to;
	}
}

/* klv_walk for any x86-64, and for one with POPCNT (bits_popcount64's
 * shifts and masks become the instruction: 4 % of the walk's
 * instructions, and their latency, go). */
static void
klv_walk_plain(struct klv_walker *w, uint32_t root)
{
	klv_walk(w, root);
}

#ifdef KLV_POPCNT
__attribute__((target("popcnt")))
static void
klv_walk_popcnt(struct klv_walker *w, uint32_t root)
{
	klv_walk(w, root);
}
#endif

void
klv_rack_values(const struct klv *k, const uint8_t *tile,
	const uint8_t *count, int n, const int *step, int32_t *out)
{
	uint8_t leave[RULES_MAX_TILES];
	struct klv_found found;
	struct klv_walker w;
	int size = 1, j, idx;

	for (j = 0; j < n; j++)
		size += count[j] * step[j];
	memset(out, 0, (size_t)size * sizeof *out);
	if (k == NULL || k->nnodes == 0 || n > RULES_MAX_TILES)
		return;
	if (k->sorted && size <= (int)(sizeof found.vi / sizeof found.vi[0])) {
		w.k = k;
		w.f = &found;
		w.avail = 0;
		for (j = 0; j < n; j++) {
			if (tile[j] >= 64 || count[j] == 0)
				continue;
			w.avail |= (uint64_t)1 << tile[j];
			w.left[tile[j]] = count[j];
			w.step[tile[j]] = step[j];
		}
		found.n = 0;
#ifdef KLV_POPCNT
		if (k->popcnt)
			klv_walk_popcnt(&w, KWG_CHILD(k->nodes[0]));
		else
#endif
			klv_walk_plain(&w, KWG_CHILD(k->nodes[0]));
		for (j = 0; j < found.n; j++)
			out[found.oi[j]] = k->values[found.vi[j]];
		return;
	}
	/* A table whose runs do not ascend: each sub-multiset looked up. */
	for (idx = 1; idx < size; idx++) {
		int rest = idx;

		memset(leave, 0, sizeof leave);
		for (j = n - 1; j >= 0; j--) {
			leave[tile[j]] = (uint8_t)(rest / step[j]);
			rest %= step[j];
		}
		out[idx] = klv_leave_value(k, leave);
	}
}

uint32_t
klv_count(const struct klv *k)
{
	return k != NULL ? k->nvalues : 0;
}

int32_t *
klv_values(struct klv *k)
{
	return k->values;
}

int
klv_leave_of(const struct klv *k, uint32_t i, uint8_t leave[RULES_MAX_TILES])
{
	uint32_t run;
	int depth = 0;

	memset(leave, 0, RULES_MAX_TILES);
	if (k == NULL || k->nnodes == 0 || i >= k->nvalues)
		return 0;
	run = KWG_CHILD(k->nodes[0]);
	/* Down the DAWG: the arc whose words hold number i, then i within
	 * them (its own word first, if it accepts).  A damaged file may
	 * loop through arcs that hold no word: no leave is that long. */
	while (run != 0 && depth++ < RULES_MAX_TILES) {
		uint32_t a;

		for (a = run; a < k->nnodes; a++) {
			if (i < k->counts[a])
				break;
			i -= k->counts[a];
			if (KWG_LAST(k->nodes[a]))
				return 0;
		}
		if (a >= k->nnodes)
			return 0;
		leave[KWG_TILE(k->nodes[a]) & (RULES_MAX_TILES - 1)]++;
		if (KWG_ACCEPTS(k->nodes[a])) {
			if (i == 0)
				return 1;
			i--;
		}
		run = KWG_CHILD(k->nodes[a]);
	}
	return 0;
}

/* klv_build: the KWG under construction, and the runs made so far by
 * their content (open addressing over run start indices), so that equal
 * runs are stored once. */
struct klv_builder {
	uint32_t *nodes;
	size_t n, cap;
	uint32_t *slot;          /* run start + 1, 0 = empty */
	size_t nslots;
	size_t nruns;
	uint32_t leaves;
	int max;
	uint8_t left[RULES_MAX_TILES];
	int ntypes;
	int oom;
};

static uint64_t
klv_run_hash(const uint32_t *run, int n)
{
	uint64_t h = 0x9e3779b97f4a7c15u;
	int i;

	for (i = 0; i < n; i++)
		h = (h ^ run[i]) * 0xbf58476d1ce4e5b9u;
	return h ^ h >> 31;
}

static int
klv_run_len(const uint32_t *nodes, uint32_t at)
{
	int n = 1;

	while (!KWG_LAST(nodes[at + (uint32_t)n - 1]))
		n++;
	return n;
}

/* The index of a run equal to run[0..n) (n >= 1, its last arc marked),
 * stored now if it is new; 0 when memory ran out. */
static uint32_t
klv_intern(struct klv_builder *b, const uint32_t *run, int n)
{
	size_t i;

	if (b->nruns * 2 >= b->nslots) {
		size_t ns = b->nslots ? b->nslots * 2 : 1 << 16, j;
		uint32_t *sl = calloc(ns, sizeof *sl);

		if (sl == NULL) {
			b->oom = 1;
			return 0;
		}
		for (j = 0; j < b->nslots; j++)
			if (b->slot[j] != 0) {
				uint32_t at = b->slot[j] - 1;
				size_t h = klv_run_hash(b->nodes + at,
				    klv_run_len(b->nodes, at)) & (ns - 1);

				while (sl[h] != 0)
					h = (h + 1) & (ns - 1);
				sl[h] = b->slot[j];
			}
		free(b->slot);
		b->slot = sl;
		b->nslots = ns;
	}
	for (i = klv_run_hash(run, n) & (b->nslots - 1); b->slot[i] != 0;
	    i = (i + 1) & (b->nslots - 1)) {
		uint32_t at = b->slot[i] - 1;

		if (klv_run_len(b->nodes, at) == n &&
		    memcmp(b->nodes + at, run, (size_t)n * sizeof *run) == 0)
			return at;
	}
	if (b->n + (size_t)n > b->cap) {
		size_t nc = b->cap ? b->cap * 2 : 1 << 16;
		uint32_t *nn;

		while (nc < b->n + (size_t)n)
			nc *= 2;
		if (nc > (size_t)1 << 22 ||
		    (nn = realloc(b->nodes, nc * sizeof *nn)) == NULL) {
			b->oom = 1;
			return 0;
		}
		b->nodes = nn;
		b->cap = nc;
	}
	memcpy(b->nodes + b->n, run, (size_t)n * sizeof *run);
	b->slot[i] = (uint32_t)b->n + 1;
	b->nruns++;
	b->n += (size_t)n;
	return (uint32_t)(b->n - (size_t)n);
}

/* The run below a leave of depth tiles whose last tile is from: every
 * tile from on that the bag still has, each a leave, and below it the
 * leaves it begins (children first, so a run points at runs made). */
static uint32_t
klv_build_run(struct klv_builder *b, int depth, int from)
{
	uint32_t run[RULES_MAX_TILES];
	int t, n = 0;

	if (depth >= b->max)
		return 0;
	for (t = from; t < b->ntypes && !b->oom; t++) {
		uint32_t child;

		if (b->left[t] == 0)
			continue;
		b->left[t]--;
		b->leaves++;
		child = klv_build_run(b, depth + 1, t);
		b->left[t]++;
		run[n++] = (uint32_t)t << 24 | 1u << 23 | child;
	}
	if (n == 0 || b->oom)
		return 0;
	run[n - 1] |= 1u << 22;
	return klv_intern(b, run, n);
}

/* klv_finish: the table of builder b (root: its DAWG's root run, b->leaves
 * leaves), through the reader (counts, checks and the walk's tables), with
 * the values given in millipoints (NULL: all 0).  Frees b's arrays. */
static struct klv *
klv_finish(struct klv_builder *b, uint32_t root, const int32_t *values,
	struct err *e)
{
	unsigned char *buf;
	struct klv *k;
	uint32_t i;
	size_t len;

	b->nodes[0] = 1u << 22 | root;
	b->nodes[1] = 1u << 22;
	len = 8 + 4 * b->n + 4 * (size_t)b->leaves;
	if ((buf = calloc(1, len)) == NULL) {
		free(b->nodes);
		free(b->slot);
		err_set(e, 0, "out of memory");
		return NULL;
	}
	klv_store32(buf, (uint32_t)b->n);
	for (i = 0; i < b->n; i++)
		klv_store32(buf + 4 + 4 * (size_t)i, b->nodes[i]);
	klv_store32(buf + 4 + 4 * b->n, b->leaves);
	k = klv_load_mem(buf, len, e);
	free(buf);
	free(b->nodes);
	free(b->slot);
	/* Exact millipoints, not their trip through f32. */
	if (k != NULL && values != NULL)
		memcpy(k->values, values, (size_t)b->leaves * sizeof *values);
	return k;
}

/* Nodes 0 and 1 of a builder: the DAWG and GADDAG pointers, as in a KWG. */
static int
klv_builder_init(struct klv_builder *b)
{
	memset(b, 0, sizeof *b);
	if ((b->nodes = malloc(2 * sizeof *b->nodes)) == NULL)
		return -1;
	b->n = b->cap = 2;
	return 0;
}

struct klv *
klv_build(const struct rules *r, int max_tiles, struct err *e)
{
	struct klv_builder b;
	uint32_t root;

	if (klv_builder_init(&b) < 0)
		goto oom;
	b.max = max_tiles;
	b.ntypes = r->nletters + 1 < RULES_MAX_TILES ? r->nletters + 1 :
	    RULES_MAX_TILES;
	memcpy(b.left, r->counts, sizeof b.left);
	root = klv_build_run(&b, 0, 0);
	if (b.oom)
		goto oom;
	return klv_finish(&b, root, NULL, e);
oom:
	free(b.nodes);
	free(b.slot);
	err_set(e, 0, "out of memory (or a leave graph of over 2^22 nodes)");
	return NULL;
}

/* Renumbering a table (klv_renumber): each leave as its tiles, ascending,
 * stored as tile + 1 so that 0 pads and a prefix sorts first (DAWG order),
 * with its value. */
#define KLV_KEY RULES_MAX_RACK
struct klv_entry {
	uint8_t key[KLV_KEY];
	uint8_t len;
	int32_t value;
};

struct klv_lister {
	const struct klv *k;
	const uint8_t *map;
	struct klv_entry *out;
	uint32_t n;
	uint8_t path[RULES_MAX_TILES];
	int bad;
};

/* Every leave below run (depth tiles on the path), in DAWG order. */
static void
klv_list(struct klv_lister *l, uint32_t run, int depth)
{
	uint32_t a;

	if (run == 0 || l->bad)
		return;
	if (depth >= KLV_KEY) {
		l->bad = 1;
		return;
	}
	for (a = run; a < l->k->nnodes && !l->bad; a++) {
		uint32_t node = l->k->nodes[a];

		/* An arc with no leave below is not walked: every arc walked
		 * then leads to a leave, and a forged graph of many paths and
		 * no leaves cannot keep the walk busy. */
		if (l->k->counts[a] == 0) {
			if (KWG_LAST(node))
				break;
			continue;
		}
		l->path[depth] = (uint8_t)KWG_TILE(node);
		if (KWG_ACCEPTS(node)) {
			struct klv_entry *x;
			int c, j;

			if (l->n >= l->k->nvalues) {
				l->bad = 1;
				return;
			}
			x = &l->out[l->n];
			memset(x->key, 0, sizeof x->key);
			/* The renamed tiles, ascending (a few: insertion). */
			for (c = 0; c <= depth; c++) {
				uint8_t t = (uint8_t)(l->map[l->path[c] &
				    (RULES_MAX_TILES - 1)] + 1);

				for (j = c; j > 0 && x->key[j - 1] > t; j--)
					x->key[j] = x->key[j - 1];
				x->key[j] = t;
			}
			x->len = (uint8_t)(depth + 1);
			x->value = l->k->values[l->n];
			l->n++;
		}
		klv_list(l, KWG_CHILD(node), depth + 1);
		if (KWG_LAST(node))
			break;
	}
}

/* klv_sort: x[0..n) by key, most significant byte first: a counting
 * pass per byte into tmp and back, the buckets sorted on by the next
 * byte (bucket 0, the keys that end there, is done).  Keys hold 0..64. */
static void
klv_sort(struct klv_entry *x, struct klv_entry *tmp, uint32_t n, int depth)
{
	uint32_t count[RULES_MAX_TILES + 2], at[RULES_MAX_TILES + 2], i;
	int b;

	if (n < 2 || depth >= KLV_KEY)
		return;
	if (n < 24) {
		/* insertion sort: small buckets are most of them */
		for (i = 1; i < n; i++) {
			struct klv_entry v = x[i];
			uint32_t j = i;

			while (j > 0 && memcmp(x[j - 1].key + depth, v.key + depth,
			    (size_t)(KLV_KEY - depth)) > 0) {
				x[j] = x[j - 1];
				j--;
			}
			x[j] = v;
		}
		return;
	}
	memset(count, 0, sizeof count);
	for (i = 0; i < n; i++)
		count[x[i].key[depth]]++;
	at[0] = 0;
	for (b = 1; b <= RULES_MAX_TILES + 1; b++)
		at[b] = at[b - 1] + count[b - 1];
	for (i = 0; i < n; i++)
		tmp[at[x[i].key[depth]]++] = x[i];
	memcpy(x, tmp, (size_t)n * sizeof *x);
	for (b = 1, i = count[0]; b <= RULES_MAX_TILES + 1; i += count[b++])
		klv_sort(x + i, tmp, count[b], depth + 1);
}

/* The run of the leaves x[lo..hi), which share their first depth tiles
 * and are all longer: one arc per next tile, accepting if a leave ends
 * there (it sorts first), above the run of the longer ones. */
static uint32_t
klv_sorted_run(struct klv_builder *b, const struct klv_entry *x, uint32_t lo,
	uint32_t hi, int depth)
{
	uint32_t run[RULES_MAX_TILES];
	int n = 0;

	while (lo < hi && !b->oom) {
		uint32_t end = lo, child;
		uint8_t t = x[lo].key[depth];
		int accepts = x[lo].len == depth + 1;

		while (end < hi && x[end].key[depth] == t)
			end++;
		child = klv_sorted_run(b, x, lo + (uint32_t)accepts, end,
		    depth + 1);
		run[n++] = (uint32_t)(t - 1) << 24 | (uint32_t)accepts << 23 |
		    child;
		lo = end;
	}
	if (n == 0 || b->oom)
		return 0;
	run[n - 1] |= 1u << 22;
	return klv_intern(b, run, n);
}

/* klv_renumber: k with every tile t renamed map[t] (a permutation of
 * 0..63): its leaves listed, renamed, sorted, and a DAWG built of them,
 * each keeping its value. */
static struct klv *
klv_renumber(const struct klv *k, const uint8_t map[RULES_MAX_TILES],
	struct err *e)
{
	struct klv_lister l;
	struct klv_builder b;
	struct klv *out = NULL;
	int32_t *values = NULL;
	uint32_t i, root;

	memset(&l, 0, sizeof l);
	l.k = k;
	l.map = map;
	if ((l.out = malloc(((size_t)k->nvalues + 1) * sizeof *l.out)) == NULL ||
	    (values = malloc(((size_t)k->nvalues + 1) * sizeof *values)) == NULL) {
		err_set(e, 0, "out of memory");
		goto done;
	}
	klv_list(&l, KWG_CHILD(k->nodes[0]), 0);
	if (l.bad || l.n != k->nvalues) {
		err_set(e, 0, "KLV: the leave graph does not hold its %lu values "
		    "(or a leave of over %d tiles)", (unsigned long)k->nvalues,
		    KLV_KEY);
		goto done;
	}
	{
		struct klv_entry *tmp = malloc(((size_t)l.n + 1) * sizeof *tmp);

		if (tmp == NULL) {
			err_set(e, 0, "out of memory");
			goto done;
		}
		klv_sort(l.out, tmp, l.n, 0);
		free(tmp);
	}
	for (i = 0; i < l.n; i++) {
		if (i > 0 && memcmp(l.out[i - 1].key, l.out[i].key, KLV_KEY) == 0) {
			err_set(e, 0, "KLV: leave number %lu is there twice",
			    (unsigned long)i);
			goto done;
		}
		values[i] = l.out[i].value;
	}
	if (klv_builder_init(&b) < 0) {
		err_set(e, 0, "out of memory");
		goto done;
	}
	root = klv_sorted_run(&b, l.out, 0, l.n, 0);
	b.leaves = l.n;
	if (b.oom) {
		free(b.nodes);
		free(b.slot);
		err_set(e, 0, "out of memory (or a leave graph of over 2^22 "
		    "nodes)");
		goto done;
	}
	out = klv_finish(&b, root, values, e);
done:
	free(l.out);
	free(values);
	return out;
}

/* klv_fits: refuses a table that holds a letter past r's alphabet or one
 * r's bag has no tiles of: no leave can hold it, so the file numbers its
 * tiles for another alphabet (or in another engine's order). */
static int
klv_fits(const struct klv *k, const struct rules *r,
	int bag, struct err *e)
{
	uint32_t i;

	for (i = 2; i < k->nnodes; i++) {
		int t = KWG_TILE(k->nodes[i]);

		if (t > r->nletters || t >= RULES_MAX_TILES) {
			err_set(e, 0, "leave table has tile %d; ruleset %s has "
			    "%d letters: a table for another ruleset", t,
			    r->name, r->nletters);
			return -1;
		}
		if (bag && t != 0 && r->counts[t] == 0) {
			err_set(e, 0, "leave table has leaves with %s, of which "
			    "ruleset %s has no tiles: a table for another ruleset",
			    r->utf8[t], r->name);
			return -1;
		}
	}
	return 0;
}

static void
klv_put32(FILE *fp, uint32_t v)
{
	putc((int)(v & 0xff), fp);
	putc((int)(v >> 8 & 0xff), fp);
	putc((int)(v >> 16 & 0xff), fp);
	putc((int)(v >> 24 & 0xff), fp);
}

int
klv_write(const struct klv *k, const struct rules *r, FILE *fp,
	struct err *e)
{
	uint8_t to_file[RULES_MAX_TILES], from_file[RULES_MAX_TILES];
	uint32_t i;

	if (r != NULL && rules_kwg_map(r, to_file, from_file)) {
		struct klv *theirs = klv_renumber(k, to_file, e);
		int ret;

		if (theirs == NULL)
			return -1;
		ret = klv_write(theirs, NULL, fp, e);
		klv_destroy(theirs);
		return ret;
	}

	klv_put32(fp, k->nnodes);
	for (i = 0; i < k->nnodes; i++)
		klv_put32(fp, k->nodes[i]);
	klv_put32(fp, k->nvalues);
	for (i = 0; i < k->nvalues; i++) {
		float f = (float)(k->values[i] / 1000.0);
		uint32_t bits;

		memcpy(&bits, &f, sizeof bits);
		klv_put32(fp, bits);
	}
	if (ferror(fp)) {
		err_set(e, 0, "write error");
		return -1;
	}
	return 0;
}
