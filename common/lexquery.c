/*
 * lexquery.c — lookups, anagrams, patterns and differences over a DAWG,
 * as lexquery.h describes.  The walks are recursive, one level a letter,
 * so their depth is at most RULES_MAX_WORD.
 */
#include <stdlib.h>
#include <string.h>
#include "lexquery.h"

/* --- Lookups --- */

void
lexq_cursor_init(struct lexq_cursor *c, const struct lex *lex)
{
	memset(c, 0, sizeof *c);
	c->nodes = lex_nodes(lex);
	if (lex_word_count(lex) > 0) {
		uint32_t i;

		for (i = lex_dawg_root(lex);; i++) {
			c->first[lex_node_tile(c->nodes[i])] = i;
			if (lex_node_last(c->nodes[i]))
				break;
		}
	}
}

int
lexq_cursor_find(struct lexq_cursor *c, const uint8_t *w, int n)
{
	const uint32_t *nodes = c->nodes;
	int k = 0, i;

	/* arc[0..depth) are the arcs of prev[0..depth): keep the shared part. */
	while (k < c->depth && k < n && c->prev[k] == w[k])
		k++;
	for (i = k; i < n; i++) {
		uint32_t a = 0, run;

		if (i == 0) {
			a = w[0] < RULES_MAX_TILES ? c->first[w[0]] : 0;
		} else if ((run = lex_node_child(nodes[c->arc[i - 1]])) != 0) {
			/* Siblings ascend by tile and end with a last flag (checked
			 * when the lexicon was loaded). */
			for (;; run++) {
				uint32_t x = nodes[run];
				int t = lex_node_tile(x);

				if (t == w[i]) {
					a = run;
					break;
				}
				if (t > w[i] || lex_node_last(x))
					break;
			}
		}
		if (a == 0) {
			c->depth = i;
			return 0;
		}
		c->arc[i] = a;
		c->prev[i] = w[i];
	}
	c->depth = n;
	return n > 0 && lex_node_accepts(nodes[c->arc[n - 1]]);
}

/* --- Anagrams --- */

struct found {
	uint8_t t[RULES_MAX_WORD];
	uint8_t n;
};

struct anagram {
	const uint32_t *nodes;
	uint8_t rack[RULES_MAX_TILES];
	uint8_t word[RULES_MAX_WORD];
	struct found *f;
	size_t nf, capf;
	int nomem;
};

static void
found_add(struct anagram *a, int n)
{
	if (a->nf == a->capf) {
		size_t ncap = a->capf ? a->capf * 2 : 256;
		struct found *nf = NULL;

		if (ncap <= SIZE_MAX / sizeof *a->f)
			nf = realloc(a->f, ncap * sizeof *a->f);
		if (nf == NULL) {
			a->nomem = 1;
			return;
		}
		a->f = nf;
		a->capf = ncap;
	}
	memcpy(a->f[a->nf].t, a->word, (size_t)n);
	a->f[a->nf].n = (uint8_t)n;
	a->nf++;
}

/* anagram_walk: every word through sibling run `run` at depth d that the
 * rack can still make.  A real tile is used before a blank: if the word
 * can be made at all it can be made so, and each word is found once. */
static void
anagram_walk(struct anagram *a, uint32_t run, int d)
{
	uint32_t i;

	if (run == 0 || d >= RULES_MAX_WORD || a->nomem)
		return;
	for (i = run;; i++) {
		uint32_t node = a->nodes[i];
		int t = lex_node_tile(node), used;

		if (a->rack[t] > 0)
			used = t;
		else if (a->rack[0] > 0)
			used = 0;
		else
			used = -1;
		if (used >= 0) {
			a->rack[used]--;
			a->word[d] = (uint8_t)(used ? t : t | TILE_BLANK);
			if (lex_node_accepts(node) && d + 1 >= 2)
				found_add(a, d + 1);
			anagram_walk(a, lex_node_child(node), d + 1);
			a->rack[used]++;
		}
		if (lex_node_last(node))
			break;
	}
}

/* Longest first, then by letters; no two words found have the same
 * letters, so the order is total and qsort's instability does not show. */
static int
found_cmp(const void *pa, const void *pb)
{
	const struct found *a = pa, *b = pb;
	int i;

	if (a->n != b->n)
		return a->n > b->n ? -1 : 1;
	for (i = 0; i < a->n; i++) {
		int x = TILE_LETTER(a->t[i]), y = TILE_LETTER(b->t[i]);

		if (x != y)
			return x - y;
	}
	return 0;
}

long
lexq_anagrams(const struct lex *lex, const uint8_t rack[RULES_MAX_TILES],
	lexq_fn fn, void *arg, struct err *e)
{
	struct anagram a;
	size_t k;

	memset(&a, 0, sizeof a);
	a.nodes = lex_nodes(lex);
	memcpy(a.rack, rack, sizeof a.rack);
	if (lex_word_count(lex) > 0)
		anagram_walk(&a, lex_dawg_root(lex), 0);
	if (a.nomem) {
		free(a.f);
		err_set(e, 0, "out of memory");
		return -1;
	}
	if (a.nf > 1)
		qsort(a.f, a.nf, sizeof *a.f, found_cmp);
	for (k = 0; k < a.nf; k++)
		if (fn(a.f[k].t, a.f[k].n, arg) != 0) {
			k++;
			break;
		}
	free(a.f);
	return (long)k;
}

/* --- Patterns --- */

int
lexq_pattern_parse(struct lexq_pattern *p, const struct rules *r,
	const char *s, size_t len, struct err *e)
{
	size_t i = 0;

	memset(p, 0, sizeof *p);
	while (i < len) {
		uint8_t tile = 0;
		int lower, k;

		if (p->m >= LEXQ_PATTERN_MAX) {
			err_set(e, 0, "longer than %d elements", LEXQ_PATTERN_MAX);
			return -1;
		}
		if (s[i] == '?' || s[i] == '.') {
			p->el[p->m++] = LEXQ_ANY;
			i++;
			continue;
		}
		if (s[i] == '*') {
			if (p->m == 0 || p->el[p->m - 1] != LEXQ_STAR)
				p->el[p->m++] = LEXQ_STAR;
			i++;
			continue;
		}
		k = rules_decode_letter(r, s + i, len - i, &tile, &lower);
		if (k <= 0) {
			err_set(e, 0, "%s at byte %zu (letters of %s, ? . and * only)",
				k < 0 ? "invalid UTF-8" : "not a letter", i + 1, r->name);
			return -1;
		}
		p->el[p->m++] = tile;
		i += (size_t)k;
	}
	return 0;
}

struct pwalk {
	const struct lexq_pattern *p;
	const uint32_t *nodes;
	lexq_fn fn;
	void *arg;
	uint8_t word[RULES_MAX_WORD];
	long nfound;
	int stop;
};

/* closure: adds to set the positions reachable by skipping stars. */
static uint64_t
closure(const struct lexq_pattern *p, uint64_t set)
{
	int i;

	for (i = 0; i < p->m; i++)
		if ((set >> i & 1) && p->el[i] == LEXQ_STAR)
			set |= (uint64_t)1 << (i + 1);
	return set;
}

/* step: the positions after reading tile t from the positions in set. */
static uint64_t
step(const struct lexq_pattern *p, uint64_t set, int t)
{
	uint64_t next = 0;
	int i;

	for (i = 0; i < p->m; i++) {
		if (!(set >> i & 1))
			continue;
		if (p->el[i] == LEXQ_STAR)
			next |= (uint64_t)1 << i;
		else if (p->el[i] == LEXQ_ANY || p->el[i] == t)
			next |= (uint64_t)1 << (i + 1);
	}
	return closure(p, next);
}

/* pattern_walk: the trie below run, in tile order, with set the pattern
 * positions the path so far can be at (position m: the whole pattern
 * read), so each word is visited, and reported, at most once. */
static void
pattern_walk(struct pwalk *w, uint32_t run, int d, uint64_t set)
{
	uint32_t i;

	if (run == 0 || d >= RULES_MAX_WORD)
		return;
	for (i = run; !w->stop; i++) {
		uint32_t node = w->nodes[i];
		int t = lex_node_tile(node);
		uint64_t next = step(w->p, set, t);

		if (next != 0) {
			w->word[d] = (uint8_t)t;
			if (lex_node_accepts(node) && (next >> w->p->m & 1)) {
				w->nfound++;
				if (w->fn(w->word, d + 1, w->arg) != 0)
					w->stop = 1;
			}
			pattern_walk(w, lex_node_child(node), d + 1, next);
		}
		if (lex_node_last(node))
			break;
	}
}

long
lexq_pattern_words(const struct lex *lex, const struct lexq_pattern *p,
	lexq_fn fn, void *arg)
{
	struct pwalk w;

	memset(&w, 0, sizeof w);
	w.p = p;
	w.nodes = lex_nodes(lex);
	w.fn = fn;
	w.arg = arg;
	if (lex_word_count(lex) > 0)
		pattern_walk(&w, lex_dawg_root(lex), 0, closure(p, 1));
	return w.nfound;
}

/* --- Differences --- */

struct diff {
	const uint32_t *na, *nb;
	int (*fn)(int sign, const uint8_t *word, int n, void *arg);
	void *arg;
	uint8_t word[RULES_MAX_WORD];
	long n;
	int stop;
};

static void
diff_emit(struct diff *df, int sign, int n)
{
	df->n++;
	if (df->fn(sign, df->word, n, df->arg) != 0)
		df->stop = 1;
}

/* diff_all: every word below run (of nodes) as a sign line. */
static void
diff_all(struct diff *df, const uint32_t *nodes, uint32_t run, int d, int sign)
{
	uint32_t i;

	if (run == 0 || d >= RULES_MAX_WORD)
		return;
	for (i = run; !df->stop; i++) {
		df->word[d] = (uint8_t)lex_node_tile(nodes[i]);
		if (lex_node_accepts(nodes[i]))
			diff_emit(df, sign, d + 1);
		diff_all(df, nodes, lex_node_child(nodes[i]), d + 1, sign);
		if (lex_node_last(nodes[i]))
			break;
	}
}

/* diff_walk: merges sibling runs ra (of a) and rb (of b) in tile order, as
 * two sorted lists are merged; 0 = empty run, and 64 (above every tile)
 * stands for the tile of a run that has ended. */
static void
diff_walk(struct diff *df, uint32_t ra, uint32_t rb, int d)
{
	uint32_t i = ra, j = rb;

	if (d >= RULES_MAX_WORD)
		return;
	while ((i != 0 || j != 0) && !df->stop) {
		int ta = i ? lex_node_tile(df->na[i]) : 64;
		int tb = j ? lex_node_tile(df->nb[j]) : 64;

		if (ta < tb) {
			df->word[d] = (uint8_t)ta;
			if (lex_node_accepts(df->na[i]))
				diff_emit(df, '-', d + 1);
			diff_all(df, df->na, lex_node_child(df->na[i]), d + 1, '-');
		} else if (tb < ta) {
			df->word[d] = (uint8_t)tb;
			if (lex_node_accepts(df->nb[j]))
				diff_emit(df, '+', d + 1);
			diff_all(df, df->nb, lex_node_child(df->nb[j]), d + 1, '+');
		} else {
			int aa = lex_node_accepts(df->na[i]);
			int ab = lex_node_accepts(df->nb[j]);

			df->word[d] = (uint8_t)ta;
			if (aa != ab)
				diff_emit(df, aa ? '-' : '+', d + 1);
			diff_walk(df, lex_node_child(df->na[i]),
				lex_node_child(df->nb[j]), d + 1);
		}
		if (ta <= tb)
			i = lex_node_last(df->na[i]) ? 0 : i + 1;
		if (tb <= ta)
			j = lex_node_last(df->nb[j]) ? 0 : j + 1;
	}
}

long
lexq_diff(const struct lex *a, const struct lex *b,
	int (*fn)(int sign, const uint8_t *word, int n, void *arg), void *arg)
{
	struct diff df;

	memset(&df, 0, sizeof df);
	df.na = lex_nodes(a);
	df.nb = lex_nodes(b);
	df.fn = fn;
	df.arg = arg;
	diff_walk(&df, lex_word_count(a) ? lex_dawg_root(a) : 0,
		lex_word_count(b) ? lex_dawg_root(b) : 0, 0);
	return df.n;
}
