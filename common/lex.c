/*
 * lex.c — building, writing, loading and querying lexicons (lex.h).
 *
 * FILE LAYOUT (ordverk-lex(5)), version 1; every integer little-endian:
 *
 *   offset size  field
 *        0    8  magic 89 4F 56 4C 45 58 0D 0A ("\x89OVLEX\r\n")
 *        8    4  format version, 1
 *       12    4  header size in bytes, 96
 *       16   32  ruleset name, UTF-8, NUL-padded (at least one NUL)
 *       48    8  word count (words the DAWG accepts)
 *       56    4  node count N (2 <= N <= 2^24)
 *       60    4  DAWG node count D (2 <= D <= N): nodes 0..D-1 are the two
 *                root pointers and the DAWG; the GADDAG follows and may
 *                point back into the DAWG (shared suffixes)
 *       64    4  largest tile used (0..63)
 *       68    4  flags, 0
 *       72    4  CRC-32 (zlib crc32) of the body, bytes 96 .. 96+4N-1
 *       76    4  CRC-32 of the DAWG's nodes, bytes 96 .. 96+4D-1, so that
 *                a reader that only looks words up can read just those
 *       80   12  reserved, 0
 *       92    4  CRC-32 of header bytes 0 .. 91
 *       96   4N  nodes, one uint32 each:
 *                bits 0-23 child index, 24 last sibling, 25 accepts,
 *                bits 26-31 tile
 *   The file is exactly 96 + 4N bytes long.
 *
 * Node 0's child is the DAWG root run and node 1's child the GADDAG root run
 * (0 = empty); both have tile 0 and the last-sibling flag.  Sibling runs are
 * in strictly ascending tile order and end with a last-flagged node.
 *
 * KWG (wolges, Macondo, MAGPIE) is the same graph with another bit layout:
 * bits 0-21 child, 22 last sibling, 23 accepts, 24-31 tile, no header.
 *
 * BUILDING.  Words are sorted as packed 128-bit keys (LSD radix sort) and
 * deduplicated; the DAWG is then built by incremental minimisation of sorted
 * input (Daciuk, Mihov, Watson and Watson 2000): the path of the previous
 * string is kept open, and when the next string leaves it, the states below
 * the branching point are final and are looked up in a register (a hash
 * table of sibling runs already written) or written as a new run.  Runs are
 * thus written children first, which the loader's one-pass check uses.
 * The GADDAG needs no suffixes: after "rev(p) separator" its state is the
 * DAWG's state after the prefix p, already in the register.  So only the
 * reversed prefixes rev(p) are sorted and inserted, each carrying whether p
 * is a word and the DAWG run after p (the separator arc's child).  One
 * register serves both graphs, so the result is the minimal automaton of
 * all the GADDAG strings, written as if they had all been inserted.
 *
 * Measured (2-core machine shared with other jobs, user CPU): SOWPODS
 * (267,751 words) about 0.5 s; the Icelandic list (2.77 M forms) about 6 s
 * and 250 MB, 7.8 M nodes.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include "bigmem.h"
#include "lex.h"

#define LEX_MAGIC       "\x89OVLEX\r\n"
#define LEX_VERSION     1u
#define LEX_HEADER      96u
#define LEX_DEPTH       (RULES_MAX_WORD + 1)    /* longest GADDAG string */
#define LEX_NSYM        64                      /* tiles 0..63 */
#define KWG_MAX_NODES   (1u << 22)
/* More words than this is taken as a forged file (a small DAG can accept
 * astronomically many strings, and lex_foreach would walk them all). */
#define LEX_MAX_WORDS   (1ull << 27)

#define NODE_LAST       (1u << 24)
#define NODE_ACCEPTS    (1u << 25)
#define NODE_TILE_SHIFT 26

struct lex {
	uint32_t *nodes;
	uint32_t nnodes;
	uint32_t dawg_nodes;
	uint32_t crc;
	int maxtile;
	size_t nwords;
	char name[RULES_NAME_MAX];
	int partial;                /* loaded without its GADDAG */
	uint32_t first[LEX_NSYM];   /* DAWG root arc per tile, 0 = none */
};

static uint32_t
node_make(int tile, int accepts, int last, uint32_t child)
{
	return ((uint32_t)tile << NODE_TILE_SHIFT) |
	    (accepts ? NODE_ACCEPTS : 0) | (last ? NODE_LAST : 0) | child;
}

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

static uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

/* crc32 of the nodes as they are stored (little-endian), in slices so that
 * zlib's uInt length never overflows. */
static uint32_t
nodes_crc(const uint32_t *nodes, uint32_t n)
{
	unsigned char buf[4096];
	uLong crc = crc32(0L, Z_NULL, 0);
	uint32_t i = 0;

	while (i < n) {
		uint32_t k = 0;

		while (i < n && k < sizeof buf / 4) {
			put32(buf + 4 * k, nodes[i]);
			i++;
			k++;
		}
		crc = crc32(crc, buf, (uInt)(4 * k));
	}
	return (uint32_t)crc;
}

/* crc_of: zlib crc32 of p[0..len), in slices (zlib takes uInt lengths). */
static uint32_t
crc_of(const unsigned char *p, size_t len)
{
	uLong c = crc32(0L, Z_NULL, 0);

	while (len > 0) {
		size_t k = len > (1u << 30) ? (1u << 30) : len;

		c = crc32(c, p, (uInt)k);
		p += k;
		len -= k;
	}
	return (uint32_t)c;
}

static void
lex_index_roots(struct lex *lex)
{
	uint32_t i;

	memset(lex->first, 0, sizeof lex->first);
	i = lex_node_child(lex->nodes[0]);
	if (i == 0)
		return;
	for (;; i++) {
		lex->first[lex_node_tile(lex->nodes[i])] = i;
		if (lex_node_last(lex->nodes[i]))
			break;
	}
}

/* ------------------------------------------------------------------ */
/* Building                                                            */

struct key {
	uint64_t hi, lo;
};

/* Strings of letters (1..63, never the separator) are packed b bits a
 * letter, s = 64/b letters in hi, the rest at the top of lo, first letter
 * in the top bits of hi, 0 marking the end: comparing keys as (hi, lo)
 * compares the strings, shorter prefix first.  With b <= 6 a 15-letter
 * string leaves the low KEY_PAYLOAD_BITS of lo free for a payload. */
struct keyfmt {
	int b, s;
	uint64_t mask;
};

#define KEY_PAYLOAD_BITS 25
#define KEY_ACCEPTS      (1u << 24)

static void
key_put(struct key *k, const struct keyfmt *f, int j, int sym)
{
	uint64_t v = (uint64_t)sym;

	if (j < f->s)
		k->hi |= v << (64 - (j + 1) * f->b);
	else
		k->lo |= v << (64 - (j - f->s + 1) * f->b);
}

/* key_syms: unpacks k into out[]; returns the length. */
static int
key_syms(const struct key *k, const struct keyfmt *f, uint8_t *out)
{
	int j;

	for (j = 0; j < RULES_MAX_WORD; j++) {
		uint64_t v;

		if (j < f->s)
			v = (k->hi >> (64 - (j + 1) * f->b)) & f->mask;
		else
			v = (k->lo >> (64 - (j - f->s + 1) * f->b)) & f->mask;
		if (v == 0)
			break;
		out[j] = (uint8_t)v;
	}
	return j;
}

/* radix_sort: LSD radix sort of a[0..n) by (hi, lo), 16-bit digits from
 * digit first_pass (0 = lowest of lo) up, using tmp (n keys) as scratch;
 * digits that are equal in every key are skipped.  The result ends up in
 * a. */
static int
radix_sort(struct key *a, struct key *tmp, size_t n, int first_pass,
	struct err *e)
{
	size_t *count;
	struct key *src = a, *dst = tmp, *t;
	int pass;

	if (n < 2)
		return 0;
	count = malloc(65536 * sizeof *count);
	if (count == NULL) {
		err_set(e, 0, "out of memory sorting words");
		return -1;
	}
	for (pass = first_pass; pass < 8; pass++) {
		int shift = (pass & 3) * 16;
		int hi = pass >> 2;
		size_t i, sum = 0;
		uint64_t w0 = hi ? src[0].hi : src[0].lo;

		memset(count, 0, 65536 * sizeof *count);
		for (i = 0; i < n; i++) {
			uint64_t w = hi ? src[i].hi : src[i].lo;
			count[(w >> shift) & 0xffff]++;
		}
		if (count[(w0 >> shift) & 0xffff] == n)
			continue;       /* this digit is the same in every key */
		for (i = 0; i < 65536; i++) {
			size_t c = count[i];
			count[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++) {
			uint64_t w = hi ? src[i].hi : src[i].lo;
			dst[count[(w >> shift) & 0xffff]++] = src[i];
		}
		t = src;
		src = dst;
		dst = t;
	}
	if (src != a)
		memcpy(a, src, n * sizeof *a);
	free(count);
	return 0;
}

struct builder {
	uint32_t *nodes;
	size_t n, cap;
	/* register: open addressing, linear probing; an entry is the run's
	 * hash << 32 | its start index (0 = empty: runs start at 2 or later),
	 * so one probe is one cache line */
	uint64_t *slot;
	size_t nslots, used;
	/* the open path: arcs[d][0..narcs[d]) are the arcs of the state after
	 * d symbols; the child of the last arc of arcs[d] is state d+1, still
	 * open, and is filled in when that state is registered. */
	uint32_t arcs[LEX_DEPTH + 1][LEX_NSYM];
	int narcs[LEX_DEPTH + 1];
	uint8_t prev[LEX_DEPTH];
	int prevlen;
	struct err *e;
};

static uint32_t
run_hash(const uint32_t *w, int k)
{
	uint64_t h = 0x9e3779b97f4a7c15ull;
	int i;

	for (i = 0; i < k; i++) {
		h ^= w[i];
		h *= 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	return (uint32_t)h;
}

static int
reg_grow(struct builder *b)
{
	size_t ns = b->nslots ? b->nslots * 2 : 1u << 16, i;
	uint64_t *slot = calloc(ns, sizeof *slot);

	if (slot == NULL) {
		err_set(b->e, 0, "out of memory building lexicon");
		return -1;
	}
	for (i = 0; i < b->nslots; i++) {
		size_t j;

		if (b->slot[i] == 0)
			continue;
		j = (size_t)(b->slot[i] >> 32) & (ns - 1);
		while (slot[j] != 0)
			j = (j + 1) & (ns - 1);
		slot[j] = b->slot[i];
	}
	free(b->slot);
	b->slot = slot;
	b->nslots = ns;
	return 0;
}

/* reg_state: the run index of a state with arcs w[0..k) (last flag not yet
 * set), writing the run if no equal one exists; 0 for a state with no
 * arcs.  On error sets *failed and b->e. */
static uint32_t
reg_state(struct builder *b, uint32_t *w, int k, int *failed)
{
	uint32_t h;
	size_t j;

	if (k == 0)
		return 0;
	w[k - 1] |= NODE_LAST;
	if (2 * (b->used + 1) > b->nslots && reg_grow(b) < 0) {
		*failed = 1;
		return 0;
	}
	h = run_hash(w, k);
	for (j = h & (b->nslots - 1); b->slot[j] != 0;
	    j = (j + 1) & (b->nslots - 1)) {
		uint64_t x = b->slot[j];
		uint32_t s = (uint32_t)x;

		if ((uint32_t)(x >> 32) == h && s + (size_t)k <= b->n) {
			const uint32_t *nd = b->nodes + s;
			int i = 0;

			while (i < k && nd[i] == w[i])
				i++;
			if (i == k)
				return s;
		}
	}
	if (b->n + (size_t)k > LEX_MAX_NODES) {
		err_set(b->e, 0, "lexicon too large: over %lu nodes",
		    (unsigned long)LEX_MAX_NODES);
		*failed = 1;
		return 0;
	}
	if (b->n + (size_t)k > b->cap) {
		size_t nc = b->cap * 2;
		uint32_t *p;

		while (nc < b->n + (size_t)k)
			nc *= 2;
		p = realloc(b->nodes, nc * sizeof *p);
		if (p == NULL) {
			err_set(b->e, 0, "out of memory building lexicon");
			*failed = 1;
			return 0;
		}
		b->nodes = p;
		b->cap = nc;
	}
	memcpy(b->nodes + b->n, w, (size_t)k * sizeof *w);
	b->slot[j] = (uint64_t)h << 32 | (uint32_t)b->n;
	b->used++;
	b->n += (size_t)k;
	return (uint32_t)(b->n - (size_t)k);
}

/* close_to: registers the open states deeper than depth d, deepest first,
 * linking each into its parent's last arc. */
static int
close_to(struct builder *b, int d)
{
	int failed = 0;

	while (b->prevlen > d) {
		int depth = b->prevlen;
		uint32_t r = reg_state(b, b->arcs[depth], b->narcs[depth], &failed);

		if (failed)
			return -1;
		b->narcs[depth] = 0;
		b->arcs[depth - 1][b->narcs[depth - 1] - 1] |= r;
		b->prevlen--;
	}
	return 0;
}

/* add_string: adds s[0..n), which must sort after the previous string;
 * its last arc accepts if accepts.  sep != 0 gives the state after s a
 * separator arc (tile 0, first in ascending order) to the run sep. */
static int
add_string(struct builder *b, const uint8_t *s, int n, int accepts,
	uint32_t sep)
{
	int k = 0, d;

	while (k < n && k < b->prevlen && s[k] == b->prev[k])
		k++;
	if (k == n)
		return 0;       /* duplicate (or, impossibly, a prefix) */
	/* States after prev[0..k] and deeper are final: s leaves them. */
	if (close_to(b, k) < 0)
		return -1;
	for (d = k; d < n; d++) {
		b->arcs[d][b->narcs[d]++] = node_make(s[d],
		    d == n - 1 && accepts, 0, 0);
		b->narcs[d + 1] = 0;
		b->prev[d] = s[d];
	}
	if (sep != 0)
		b->arcs[n][b->narcs[n]++] = node_make(0, 0, 0, sep);
	b->prevlen = n;
	return 0;
}

/* finish_graph: closes every open state and registers the root; returns the
 * root run index (0 if empty) or -1. */
static int64_t
finish_graph(struct builder *b)
{
	int failed = 0;
	uint32_t r;

	if (close_to(b, 0) < 0)
		return -1;
	r = reg_state(b, b->arcs[0], b->narcs[0], &failed);
	if (failed)
		return -1;
	b->narcs[0] = 0;
	b->prevlen = 0;
	return r;
}

/* add_sorted: feeds sorted keys a[0..n) to the builder, skipping repeats;
 * with payload, each key's low bits give accepts and the separator run. */
static int
add_sorted(struct builder *b, const struct key *a, size_t n,
	const struct keyfmt *f, int payload)
{
	uint8_t s[RULES_MAX_WORD];
	size_t i;

	for (i = 0; i < n; i++) {
		int len;
		uint32_t pl = (uint32_t)a[i].lo & ((1u << KEY_PAYLOAD_BITS) - 1);

		if (i > 0 && a[i].hi == a[i - 1].hi && a[i].lo == a[i - 1].lo)
			continue;
		len = key_syms(&a[i], f, s);
		if (add_string(b, s, len, payload ? (pl & KEY_ACCEPTS) != 0 : 1,
		    payload ? lex_node_child(pl) : 0) < 0)
			return -1;
	}
	return 0;
}

static void
builder_free(struct builder *b)
{
	free(b->nodes);
	free(b->slot);
	free(b);
}

/* dawg_step: the arc for tile t in the run at index run of nodes, or 0. */
static uint32_t
dawg_step(const uint32_t *nd, uint32_t run, int t)
{
	if (run == 0)
		return 0;
	for (;; run++) {
		int nt = lex_node_tile(nd[run]);

		if (nt == t)
			return run;
		if (nt > t || lex_node_last(nd[run]))
			return 0;
	}
}

struct lex *
lex_build(const uint8_t *words, const uint8_t *lens, size_t nwords,
	const char *rules_name, void (*progress)(double, void *), void *progress_arg,
	struct err *e)
{
	struct builder *b = NULL;
	struct key *keys = NULL, *pk = NULL, *tmp = NULL;
	struct keyfmt f;
	struct lex *lex = NULL;
	size_t i, off, nuniq, nprefix;
	int maxtile = 0, t;
	int64_t droot, groot;
	uint32_t dawg_nodes;

	if (rules_name == NULL)
		rules_name = "";
	if (strlen(rules_name) >= RULES_NAME_MAX) {
		err_set(e, 0, "ruleset name too long: %s", rules_name);
		return NULL;
	}
	for (i = 0, off = 0; i < nwords; i++) {
		int j;

		if (lens[i] < 1 || lens[i] > RULES_MAX_WORD) {
			err_set(e, 0, "word %zu: length %d not in 1..%d", i + 1,
			    lens[i], RULES_MAX_WORD);
			return NULL;
		}
		for (j = 0; j < lens[i]; j++) {
			t = words[off + (size_t)j];
			if (t < 1 || t > RULES_MAX_LETTERS) {
				err_set(e, 0, "word %zu: tile %d not in 1..%d",
				    i + 1, t, RULES_MAX_LETTERS);
				return NULL;
			}
			if (t > maxtile)
				maxtile = t;
		}
		off += lens[i];
	}
	if (nwords > SIZE_MAX / (RULES_MAX_WORD * sizeof(struct key))) {
		err_set(e, 0, "too many words: %zu", nwords);
		return NULL;
	}
	for (f.b = 1; (1 << f.b) <= maxtile; f.b++)
		;
	f.s = 64 / f.b;
	f.mask = ((uint64_t)1 << f.b) - 1;

	b = calloc(1, sizeof *b);
	if (b == NULL)
		goto nomem;
	b->e = e;
	b->cap = 1024;
	b->nodes = malloc(b->cap * sizeof *b->nodes);
	if (b->nodes == NULL)
		goto nomem;
	b->nodes[0] = b->nodes[1] = 0;
	b->n = 2;
	if (nwords > 0) {
		keys = malloc(nwords * sizeof *keys);
		tmp = malloc(nwords * sizeof *tmp);
		if (keys == NULL || tmp == NULL)
			goto nomem;
	}

	/* The DAWG, from the sorted words. */
	for (i = 0, off = 0; i < nwords; i++) {
		int j;

		keys[i].hi = keys[i].lo = 0;
		for (j = 0; j < lens[i]; j++)
			key_put(&keys[i], &f, j, words[off + (size_t)j]);
		off += lens[i];
	}
	if (radix_sort(keys, tmp, nwords, 0, e) < 0)
		goto fail;
	free(tmp);
	tmp = NULL;
	/* unique words in place; count distinct prefixes (trie nodes) */
	nuniq = 0;
	nprefix = 0;
	for (i = 0; i < nwords; i++) {
		uint8_t w[RULES_MAX_WORD], p[RULES_MAX_WORD];
		int n, pn, k = 0;

		if (nuniq > 0 && keys[i].hi == keys[nuniq - 1].hi &&
		    keys[i].lo == keys[nuniq - 1].lo)
			continue;
		n = key_syms(&keys[i], &f, w);
		if (nuniq > 0) {
			pn = key_syms(&keys[nuniq - 1], &f, p);
			while (k < n && k < pn && w[k] == p[k])
				k++;
		}
		nprefix += (size_t)(n - k);
		keys[nuniq++] = keys[i];
	}
	if (nuniq > LEX_MAX_WORDS) {
		err_set(e, 0, "too many words: %zu (at most %llu)", nuniq,
		    (unsigned long long)LEX_MAX_WORDS);
		goto fail;
	}
	if (add_sorted(b, keys, nuniq, &f, 0) < 0)
		goto fail;
	if ((droot = finish_graph(b)) < 0)
		goto fail;
	b->nodes[0] = node_make(0, 0, 1, (uint32_t)droot);
	dawg_nodes = (uint32_t)b->n;
	if (progress != NULL)
		progress(0.2, progress_arg);

	/* The GADDAG.  For a prefix p of a word, the strings of the splits
	 * after p are rev(p), accepted when p is a word, and rev(p) 0 x for
	 * every nonempty x with px a word: the separator leads to exactly the
	 * DAWG's state after p, which is already in the register.  So the
	 * GADDAG is built from the reversed prefixes alone, each carrying the
	 * "p is a word" flag and the DAWG run after p (its separator's child)
	 * as a payload in its key's low bits. */
	if (nprefix > 0) {
		pk = malloc(nprefix * sizeof *pk);
		tmp = malloc(nprefix * sizeof *tmp);
		if (pk == NULL || tmp == NULL)
			goto nomem;
	}
	{
		uint32_t path[RULES_MAX_WORD];  /* DAWG arcs along the word */
		uint8_t w[RULES_MAX_WORD], p[RULES_MAX_WORD];
		size_t np = 0;
		int pn = 0;

		for (i = 0; i < nuniq; i++) {
			int n = key_syms(&keys[i], &f, w), k = 0, d, q;

			while (k < n && k < pn && w[k] == p[k])
				k++;
			for (d = k; d < n; d++) {
				uint32_t run = d == 0 ? (uint32_t)droot :
				    lex_node_child(b->nodes[path[d - 1]]);
				uint32_t a = dawg_step(b->nodes, run, w[d]);
				struct key *kp = &pk[np++];

				if (a == 0) {   /* cannot happen: w is in the DAWG */
					err_set(e, 0, "internal error: word not in "
					    "the DAWG");
					goto fail;
				}
				path[d] = a;
				kp->hi = kp->lo = 0;
				for (q = 0; q <= d; q++)
					key_put(kp, &f, q, w[d - q]);
				kp->lo |= lex_node_child(b->nodes[a]) |
				    (lex_node_accepts(b->nodes[a]) ? KEY_ACCEPTS : 0);
				p[d] = w[d];
			}
			pn = n;
		}
	}
	free(keys);
	keys = NULL;
	/* the payload sits below the letters: sort from digit 2 (bit 32) */
	if (radix_sort(pk, tmp, nprefix, 2, e) < 0)
		goto fail;
	free(tmp);
	tmp = NULL;
	if (progress != NULL)
		progress(0.6, progress_arg);
	if (add_sorted(b, pk, nprefix, &f, 1) < 0)
		goto fail;
	free(pk);
	pk = NULL;
	if ((groot = finish_graph(b)) < 0)
		goto fail;
	b->nodes[1] = node_make(0, 0, 1, (uint32_t)groot);

	lex = calloc(1, sizeof *lex);
	if (lex == NULL)
		goto nomem;
	lex->nnodes = (uint32_t)b->n;
	lex->dawg_nodes = dawg_nodes;
	/* shrink to fit; failure to shrink is harmless */
	{
		uint32_t *np = realloc(b->nodes, b->n * sizeof *np);

		lex->nodes = np != NULL ? np : b->nodes;
		b->nodes = NULL;
	}
	builder_free(b);
	lex->nwords = nuniq;
	lex->maxtile = maxtile;
	snprintf(lex->name, sizeof lex->name, "%s", rules_name);
	lex->crc = nodes_crc(lex->nodes, lex->nnodes);
	lex_index_roots(lex);
	if (progress != NULL)
		progress(1.0, progress_arg);
	return lex;

nomem:
	err_set(e, 0, "out of memory building lexicon");
fail:
	free(keys);
	free(pk);
	free(tmp);
	if (b != NULL)
		builder_free(b);
	free(lex);
	return NULL;
}

void
lex_destroy(struct lex *lex)
{
	if (lex == NULL)
		return;
	free(lex->nodes);
	free(lex);
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

/* write_nodes: writes nodes[0..n) through conv (NULL = as is), LE. */
static int
write_nodes(const uint32_t *nodes, uint32_t n, uint32_t (*conv)(uint32_t),
	FILE *fp, struct err *e)
{
	unsigned char buf[4096];
	uint32_t i = 0;

	while (i < n) {
		size_t k = 0;

		while (i < n && k < sizeof buf / 4) {
			put32(buf + 4 * k, conv != NULL ? conv(nodes[i]) : nodes[i]);
			i++;
			k++;
		}
		if (fwrite(buf, 4, k, fp) != k) {
			err_set(e, 0, "write error: %s", strerror(errno));
			return -1;
		}
	}
	return 0;
}

int
lex_write(const struct lex *lex, FILE *fp, struct err *e)
{
	unsigned char h[LEX_HEADER];

	if (lex->partial) {
		err_set(e, 0, "cannot write a lexicon loaded without its GADDAG");
		return -1;
	}
	memset(h, 0, sizeof h);
	memcpy(h, LEX_MAGIC, 8);
	put32(h + 8, LEX_VERSION);
	put32(h + 12, LEX_HEADER);
	memcpy(h + 16, lex->name, strlen(lex->name));
	put32(h + 48, (uint32_t)((uint64_t)lex->nwords & 0xffffffffu));
	put32(h + 52, (uint32_t)((uint64_t)lex->nwords >> 32));
	put32(h + 56, lex->nnodes);
	put32(h + 60, lex->dawg_nodes);
	put32(h + 64, (uint32_t)lex->maxtile);
	put32(h + 68, 0);
	put32(h + 72, lex->crc);
	put32(h + 76, nodes_crc(lex->nodes, lex->dawg_nodes));
	put32(h + 92, crc_of(h, 92));
	if (fwrite(h, 1, sizeof h, fp) != sizeof h) {
		err_set(e, 0, "write error: %s", strerror(errno));
		return -1;
	}
	return write_nodes(lex->nodes, lex->nnodes, NULL, fp, e);
}

/* ------------------------------------------------------------------ */
/* Renumbering (rules_kwg_map): a KWG of another engine numbers some
 * alphabets otherwise (Norwegian), and a graph's runs are sorted by tile,
 * so the words are taken out, renamed, and a graph built of them again. */

struct lex_words {
	const uint8_t *map;
	uint8_t *words, *lens;
	size_t n, len, cap, lcap;
	int oom;
};

static int
lex_words_add(const uint8_t *word, int n, void *arg)
{
	struct lex_words *w = arg;
	int i;

	if (w->n >= LEX_MAX_WORDS) {
		w->oom = 2;
		return 1;
	}
	if (w->len + (size_t)n > w->cap) {
		size_t nc = w->cap ? w->cap * 2 : 1 << 20;
		uint8_t *p = realloc(w->words, nc);

		if (p == NULL) {
			w->oom = 1;
			return 1;
		}
		w->words = p;
		w->cap = nc;
	}
	if (w->n == w->lcap) {
		size_t nc = w->lcap ? w->lcap * 2 : 1 << 18;
		uint8_t *p = realloc(w->lens, nc);

		if (p == NULL) {
			w->oom = 1;
			return 1;
		}
		w->lens = p;
		w->lcap = nc;
	}
	for (i = 0; i < n; i++)
		w->words[w->len + (size_t)i] = w->map[word[i] & (LEX_NSYM - 1)];
	w->len += (size_t)n;
	w->lens[w->n++] = (uint8_t)n;
	return 0;
}

/* lex_renumbered: a lexicon of the words of lex, every tile t renamed
 * map[t]. */
static struct lex *
lex_renumbered(const struct lex *lex, const uint8_t *map, struct err *e)
{
	struct lex_words w;
	struct lex *out = NULL;

	memset(&w, 0, sizeof w);
	w.map = map;
	if (lex_foreach(lex, lex_words_add, &w) != 0 || w.oom)
		err_set(e, 0, w.oom == 2 ? "more than 2^27 words" :
		    "out of memory renumbering a lexicon");
	else
		out = lex_build(w.words, w.lens, w.n, lex_rules_name(lex),
		    NULL, NULL, e);
	free(w.words);
	free(w.lens);
	return out;
}

static uint32_t
to_kwg(uint32_t n)
{
	return (uint32_t)lex_node_tile(n) << 24 |
	    (lex_node_accepts(n) ? 1u << 23 : 0) |
	    (lex_node_last(n) ? 1u << 22 : 0) | lex_node_child(n);
}

int
lex_write_kwg(const struct lex *lex, const struct rules *r, FILE *fp,
	struct err *e)
{
	uint8_t to_file[RULES_MAX_TILES], from_file[RULES_MAX_TILES];

	if (lex->partial) {
		err_set(e, 0, "cannot write a lexicon loaded without its GADDAG");
		return -1;
	}
	if (r != NULL && rules_kwg_map(r, to_file, from_file)) {
		struct lex *theirs = lex_renumbered(lex, to_file, e);
		int ret;

		if (theirs == NULL)
			return -1;
		ret = lex_write_kwg(theirs, NULL, fp, e);
		lex_destroy(theirs);
		return ret;
	}
	/* Every child index is below nnodes, so checking the count suffices. */
	if (lex->nnodes > KWG_MAX_NODES) {
		err_set(e, 0, "lexicon has %lu nodes: too many for KWG "
		    "(22-bit indices, at most %lu); use ordverk's own format",
		    (unsigned long)lex->nnodes, (unsigned long)KWG_MAX_NODES);
		return -1;
	}
	return write_nodes(lex->nodes, lex->nnodes, to_kwg, fp, e);
}

/* ------------------------------------------------------------------ */
/* Loading and validation                                              */

/* Per-node facts gathered by validate(). */
#define V_DONE   0x01
#define V_ACTIVE 0x02
#define V_SEP    0x04   /* a separator is reachable from this arc (incl.) */
#define V_DAWG   0x08   /* node lies in a run reachable from the DAWG root */

/* run_end: the last node of the run that contains or starts at i (runs
 * end inside the array: checked before this is called). */
static uint32_t
run_end(const uint32_t *nd, uint32_t i)
{
	while (!lex_node_last(nd[i]))
		i++;
	return i;
}

#define H_MASK 0x3f     /* suffix height, capped at 63 */
#define H_SEP  0x40     /* a separator below some arc of the suffix */

/* validate_linear: validate()'s graph checks for a graph whose every child
 * run starts before the run holding its parent arc (lex_build's order), in
 * one pass in index order: children are final when their parents are seen.
 * sh[i] describes the run suffix i..end of run: the longest path and
 * whether a separator lies on some path.  Unlike the depth-first check this
 * also holds unreachable nodes to the rules, which lex_build never writes.
 * dawg_hint (0 = unknown) is the header's DAWG node count: DAWG nodes lie
 * below it; unknown, they lie up to the end of the DAWG root run. */
static int
validate_linear(const struct lex *lex, const uint32_t roots[2],
	uint32_t dawg_hint, uint64_t *nwords, uint32_t *dawg_nodes,
	struct err *e)
{
	const uint32_t *nd = lex->nodes;
	uint32_t n = lex->nnodes, s, i, limit;
	uint8_t *sh = malloc(n);
	uint32_t *cnt = NULL;
	int rc = -1;

	if (roots[0] == 0)
		limit = dawg_hint ? dawg_hint : 2;
	else
		limit = dawg_hint ? dawg_hint : run_end(nd, roots[0]) + 1;
	if (roots[0] != 0 && run_end(nd, roots[0]) >= limit) {
		err_set(e, 0, "corrupt lexicon: DAWG root beyond the DAWG");
		goto out;
	}
	if (limit > 2 && !lex_node_last(nd[limit - 1])) {
		err_set(e, 0, "corrupt lexicon: DAWG ends inside a sibling run");
		goto out;
	}
	cnt = malloc((size_t)limit * sizeof *cnt);
	if (sh == NULL || cnt == NULL) {
		err_set(e, 0, "out of memory checking lexicon");
		goto out;
	}
	sh[0] = sh[1] = 0;
	cnt[0] = cnt[1] = 0;
	for (s = 2; s < n; s = i + 1) {
		uint32_t end = run_end(nd, s);

		/* Invariant: sh[] (and cnt[] below limit) are final for every
		 * node before s, so for every child of run s..end. */
		for (i = end + 1; i-- > s;) {
			uint32_t x = nd[i], c = lex_node_child(x);
			int h = 1 + (c != 0 ? (sh[c] & H_MASK) : 0);
			int sep = c != 0 && (sh[c] & H_SEP);

			if (lex_node_tile(x) == 0) {
				if (sep || c == 0 || lex_node_accepts(x)) {
					err_set(e, 0, "corrupt lexicon: misplaced "
					    "separator at node %lu",
					    (unsigned long)i);
					goto out;
				}
				sep = 1;
			}
			if (h > H_MASK)
				h = H_MASK;
			if (i < end) {
				if ((sh[i + 1] & H_MASK) > h)
					h = sh[i + 1] & H_MASK;
				if (sh[i + 1] & H_SEP)
					sep = 1;
			}
			sh[i] = (uint8_t)(h | (sep ? H_SEP : 0));
			if (i < limit) {
				uint64_t w = (uint64_t)lex_node_accepts(x) +
				    (c != 0 ? cnt[c] : 0) +
				    (i < end ? cnt[i + 1] : 0);

				if (c >= limit) {
					err_set(e, 0, "corrupt lexicon: DAWG node "
					    "%lu points out of the DAWG",
					    (unsigned long)i);
					goto out;
				}
				cnt[i] = w > UINT32_MAX ? UINT32_MAX : (uint32_t)w;
			}
		}
		i = end;
	}
	*nwords = 0;
	if (roots[0] != 0) {
		if (sh[roots[0]] & H_SEP) {
			err_set(e, 0, "corrupt lexicon: separator in the DAWG");
			goto out;
		}
		if ((sh[roots[0]] & H_MASK) > RULES_MAX_WORD) {
			err_set(e, 0, "corrupt lexicon: DAWG path longer than %d",
			    RULES_MAX_WORD);
			goto out;
		}
		*nwords = cnt[roots[0]];
		if (*nwords > LEX_MAX_WORDS) {
			err_set(e, 0, "corrupt lexicon: implausible word count");
			goto out;
		}
	}
	if (roots[1] != 0) {
		if ((sh[roots[1]] & H_MASK) > LEX_DEPTH) {
			err_set(e, 0, "corrupt lexicon: GADDAG path longer than "
			    "%d", LEX_DEPTH);
			goto out;
		}
		if (lex_node_tile(nd[roots[1]]) == 0) {
			err_set(e, 0, "corrupt lexicon: GADDAG root run starts "
			    "with a separator");
			goto out;
		}
	}
	*dawg_nodes = limit;
	rc = 0;
out:
	free(sh);
	free(cnt);
	return rc;
}

/* validate: checks that the graph in lex->nodes (nnodes set) is sound:
 * runs end inside the array in ascending tile order, children in range,
 * tiles <= maxtile, no cycles, paths no longer than LEX_DEPTH (DAWG words
 * no longer than RULES_MAX_WORD), separators only in the GADDAG and at most
 * one per path, never first, last or accepting.  Counts the words and
 * the DAWG's nodes into *nwords and *dawg_nodes. */
static int
validate(const struct lex *lex, int maxtile, uint32_t dawg_hint,
	uint64_t *nwords, uint32_t *dawg_nodes, struct err *e)
{
	const uint32_t *nd = lex->nodes;
	uint32_t n = lex->nnodes, i, roots[2], runstart = 2;
	int forward = 1;
	uint8_t *fl = NULL, *ht = NULL;
	uint64_t *cnt = NULL;
	struct frame {
		uint32_t arc;   /* the arc whose child run is being walked */
		uint32_t next;  /* next node of that run to look at */
	} stack[LEX_DEPTH + 2];
	int r, rc = -1;

	if (n < 2) {
		err_set(e, 0, "corrupt lexicon: %lu nodes, need at least 2",
		    (unsigned long)n);
		return -1;
	}
	if (!lex_node_last(nd[n - 1])) {
		err_set(e, 0, "corrupt lexicon: last sibling run not terminated");
		return -1;
	}
	for (i = 0; i < n; i++) {
		uint32_t c = lex_node_child(nd[i]);

		if (c >= n) {
			err_set(e, 0, "corrupt lexicon: node %lu: child %lu out "
			    "of range (%lu nodes)", (unsigned long)i,
			    (unsigned long)c, (unsigned long)n);
			return -1;
		}
		if (i >= 2 && c == 1) {
			err_set(e, 0, "corrupt lexicon: node %lu points at the "
			    "GADDAG root pointer", (unsigned long)i);
			return -1;
		}
		if (lex_node_tile(nd[i]) > maxtile) {
			err_set(e, 0, "corrupt lexicon: node %lu: tile %d out of "
			    "range 0..%d", (unsigned long)i,
			    lex_node_tile(nd[i]), maxtile);
			return -1;
		}
		if (i >= 2 && i + 1 < n && !lex_node_last(nd[i]) &&
		    lex_node_tile(nd[i]) >= lex_node_tile(nd[i + 1])) {
			err_set(e, 0, "corrupt lexicon: node %lu: siblings not in "
			    "ascending tile order", (unsigned long)i);
			return -1;
		}
		/* children before parents, as lex_build writes them? */
		if (i >= 2) {
			if (c != 0 && c >= runstart)
				forward = 0;
			if (lex_node_last(nd[i]))
				runstart = i + 1;
		}
	}
	roots[0] = lex_node_child(nd[0]);
	roots[1] = lex_node_child(nd[1]);
	if (roots[0] == 1 || roots[1] == 1) {
		err_set(e, 0, "corrupt lexicon: bad root pointer");
		return -1;
	}

	if (forward)
		return validate_linear(lex, roots, dawg_hint, nwords, dawg_nodes,
		    e);
	*nwords = 0;
	*dawg_nodes = 2;
	fl = calloc(n, 1);
	ht = calloc(n, 1);
	cnt = calloc(n, sizeof *cnt);
	if (fl == NULL || ht == NULL || cnt == NULL) {
		err_set(e, 0, "out of memory checking lexicon");
		goto out;
	}

	/* Depth-first over arcs from both roots.  Invariant: stack[0..sp) are
	 * arcs on the current path, each walking its child run; a node is
	 * V_ACTIVE while on the path (meeting one again is a cycle) and V_DONE
	 * once its height, word count and V_SEP are final. */
	for (r = 0; r < 2; r++) {
		uint32_t root = roots[r];
		int limit = r == 0 ? RULES_MAX_WORD : LEX_DEPTH;

		if (root == 0)
			continue;
		/* Node r is the pseudo-arc above the root run. */
		{
			int sp = 0;
			uint32_t j;

			stack[sp].arc = (uint32_t)r;
			stack[sp].next = root;
			sp++;
			while (sp > 0) {
				struct frame *fr = &stack[sp - 1];
				uint32_t a = fr->next, arc = fr->arc;

				if (a != 0) {
					/* visit arc a of arc's child run */
					fr->next = lex_node_last(nd[a]) ? 0 : a + 1;
					/* the first pass sees every node of every
					 * run reachable from the DAWG root */
					if (r == 0 && !(fl[a] & V_DAWG)) {
						fl[a] |= V_DAWG;
						(*dawg_nodes)++;
					}
					if (fl[a] & V_DONE)
						continue;
					if (fl[a] & V_ACTIVE) {
						err_set(e, 0, "corrupt lexicon: cycle "
						    "at node %lu", (unsigned long)a);
						goto out;
					}
					if (sp > limit) {
						err_set(e, 0, "corrupt lexicon: path "
						    "longer than %d at node %lu",
						    limit, (unsigned long)a);
						goto out;
					}
					fl[a] |= V_ACTIVE;
					stack[sp].arc = a;
					stack[sp].next = lex_node_child(nd[a]);
					sp++;
					continue;
				}
				/* arc's child run is finished: combine */
				sp--;
				if (sp == 0)
					break;
				{
					uint32_t c = lex_node_child(nd[arc]);
					uint64_t words = lex_node_accepts(nd[arc]);
					int h = 0, sep = 0, t = lex_node_tile(nd[arc]);

					for (j = c; c != 0; j++) {
						if (ht[j] > h)
							h = ht[j];
						words += cnt[j];
						if (words > LEX_MAX_WORDS)
							words = LEX_MAX_WORDS + 1;
						if (fl[j] & V_SEP)
							sep = 1;
						if (lex_node_last(nd[j]))
							break;
					}
					if (t == 0) {
						if (sep || c == 0 ||
						    lex_node_accepts(nd[arc])) {
							err_set(e, 0, "corrupt lexicon: "
							    "misplaced separator at "
							    "node %lu",
							    (unsigned long)arc);
							goto out;
						}
						sep = 1;
					}
					ht[arc] = (uint8_t)(h < 255 ? h + 1 : 255);
					cnt[arc] = words;
					fl[arc] = (uint8_t)((fl[arc] & ~V_ACTIVE) |
					    V_DONE | (sep ? V_SEP : 0));
				}
			}
		}
	}

	/* Root runs: the DAWG's holds no separator below it, the GADDAG's
	 * does not start with one; neither has paths that are too long (the
	 * walk above bounds only the depth at which it first meets a node,
	 * and a node may be met again deeper down: heights are exact). */
	for (r = 0; r < 2; r++) {
		uint32_t j;
		int limit = r == 0 ? RULES_MAX_WORD : LEX_DEPTH;

		for (j = roots[r]; j != 0; j++) {
			if (ht[j] > limit) {
				err_set(e, 0, "corrupt lexicon: path longer than "
				    "%d below node %lu", limit,
				    (unsigned long)j);
				goto out;
			}
			if (lex_node_last(nd[j]))
				break;
		}
	}
	if (roots[0] != 0) {
		uint32_t j;

		for (j = roots[0];; j++) {
			if (fl[j] & V_SEP) {
				err_set(e, 0, "corrupt lexicon: separator in the "
				    "DAWG");
				goto out;
			}
			*nwords += cnt[j];
			if (*nwords > LEX_MAX_WORDS) {
				err_set(e, 0, "corrupt lexicon: implausible word "
				    "count");
				goto out;
			}
			if (lex_node_last(nd[j]))
				break;
		}
	}
	if (roots[1] != 0 && lex_node_tile(nd[roots[1]]) == 0) {
		err_set(e, 0, "corrupt lexicon: GADDAG root run starts with a "
		    "separator");
		goto out;
	}
	rc = 0;
out:
	free(fl);
	free(ht);
	free(cnt);
	return rc;
}

/* The fields of an ordverk header. */
struct lexhdr {
	uint64_t nwords;
	uint32_t nnodes, dnodes, maxtile, crc, dcrc;
	char name[RULES_NAME_MAX];
};

/* parse_header: checks the LEX_HEADER bytes at p against themselves, the
 * file length and the ruleset r (may be NULL) and fills *h. */
static int
parse_header(const unsigned char *p, uint64_t filelen, const struct rules *r,
	struct lexhdr *h, struct err *e)
{
	uint32_t version, hsize, flags, i;
	uint64_t want;

	if (get32(p + 92) != crc_of(p, 92)) {
		err_set(e, 0, "corrupt lexicon: header checksum mismatch");
		return -1;
	}
	version = get32(p + 8);
	hsize = get32(p + 12);
	if (version != LEX_VERSION) {
		err_set(e, 0, "lexicon format version %lu not supported "
		    "(this is version %u)", (unsigned long)version, LEX_VERSION);
		return -1;
	}
	if (hsize != LEX_HEADER) {
		err_set(e, 0, "corrupt lexicon: header size %lu",
		    (unsigned long)hsize);
		return -1;
	}
	if (memchr(p + 16, '\0', RULES_NAME_MAX) == NULL) {
		err_set(e, 0, "corrupt lexicon: ruleset name not terminated");
		return -1;
	}
	memcpy(h->name, p + 16, RULES_NAME_MAX);
	h->nwords = (uint64_t)get32(p + 48) | (uint64_t)get32(p + 52) << 32;
	h->nnodes = get32(p + 56);
	h->dnodes = get32(p + 60);
	h->maxtile = get32(p + 64);
	flags = get32(p + 68);
	h->crc = get32(p + 72);
	h->dcrc = get32(p + 76);
	for (i = 80; i < 92; i++)
		if (p[i] != 0)
			flags = 1;
	if (h->nnodes < 2 || h->nnodes > LEX_MAX_NODES) {
		err_set(e, 0, "corrupt lexicon: node count %lu",
		    (unsigned long)h->nnodes);
		return -1;
	}
	want = LEX_HEADER + 4 * (uint64_t)h->nnodes;
	if (filelen != want) {
		err_set(e, 0, "%s lexicon: %llu bytes, header says %llu",
		    filelen < want ? "truncated" : "corrupt",
		    (unsigned long long)filelen, (unsigned long long)want);
		return -1;
	}
	if (h->dnodes < 2 || h->dnodes > h->nnodes ||
	    h->maxtile > RULES_MAX_LETTERS || flags != 0 ||
	    h->nwords > LEX_MAX_WORDS) {
		err_set(e, 0, "corrupt lexicon: bad header field");
		return -1;
	}
	/* Tiles are alphabet indices: a lexicon of another alphabet would
	 * give nonsense words (no and no-nsf share one, is and is-old).
	 * The one wording of every tool, for lexicons and vocabularies. */
	if (r != NULL && !rules_same_alphabet(r, h->name)) {
		err_set(e, 0, "lexicon for ruleset %s, not %s", h->name, r->name);
		return -1;
	}
	if (r != NULL && (int)h->maxtile > r->nletters) {
		err_set(e, 0, "lexicon uses tile %lu, ruleset %s has %d letters",
		    (unsigned long)h->maxtile, r->name, r->nletters);
		return -1;
	}
	return 0;
}

/* check_nodes: checks the checksums over raw, the nodes as stored (keep
 * of them: all, or only the DAWG's), then decodes them into lex->nodes
 * (raw may be lex->nodes itself: decoding in place is safe).  *dawg_crc
 * (may be NULL) gets the DAWG part's CRC, for a caller that checks the
 * rest of the body from elsewhere. */
static int
check_nodes(struct lex *lex, const struct lexhdr *h, const unsigned char *raw,
	uint32_t keep, uint32_t *dawg_crc, struct err *e)
{
	uint32_t i, c = crc_of(raw, 4 * (size_t)h->dnodes);

	if (dawg_crc != NULL)
		*dawg_crc = c;
	if (c != h->dcrc) {
		err_set(e, 0, "corrupt lexicon: DAWG checksum mismatch");
		return -1;
	}
	if (keep == h->nnodes && crc_of(raw, 4 * (size_t)keep) != h->crc) {
		err_set(e, 0, "corrupt lexicon: body checksum mismatch");
		return -1;
	}
	for (i = 0; i < keep; i++)
		lex->nodes[i] = get32(raw + 4 * (size_t)i);
	return 0;
}

/* finish_own: validates the decoded graph of lex against header h. */
static struct lex *
finish_own(struct lex *lex, const struct lexhdr *h, uint32_t keep,
	struct err *e)
{
	uint64_t counted;
	uint32_t dawg_counted;

	if (keep < h->nnodes) {         /* the GADDAG is not here */
		lex->nodes[1] = node_make(0, 0, 1, 0);
		lex->partial = 1;
	}
	lex->nnodes = keep;
	memcpy(lex->name, h->name, RULES_NAME_MAX);
	lex->maxtile = (int)h->maxtile;
	lex->crc = h->crc;
	if (validate(lex, (int)h->maxtile, h->dnodes, &counted, &dawg_counted,
	    e) < 0) {
		lex_destroy(lex);
		return NULL;
	}
	if (counted != h->nwords) {
		err_set(e, 0, "corrupt lexicon: header says %llu words, DAWG "
		    "holds %llu", (unsigned long long)h->nwords,
		    (unsigned long long)counted);
		lex_destroy(lex);
		return NULL;
	}
	if (dawg_counted != h->dnodes) {
		err_set(e, 0, "corrupt lexicon: header says %lu DAWG nodes, "
		    "graph has %lu", (unsigned long)h->dnodes,
		    (unsigned long)dawg_counted);
		lex_destroy(lex);
		return NULL;
	}
	lex->nwords = (size_t)h->nwords;
	lex->dawg_nodes = h->dnodes;
	lex_index_roots(lex);
	return lex;
}

static struct lex *
lex_alloc(uint32_t nnodes, struct err *e)
{
	struct lex *lex = calloc(1, sizeof *lex);

	if (lex == NULL ||
	    (lex->nodes = bigmem_malloc((size_t)nnodes * 4)) == NULL) {
		free(lex);
		err_set(e, 0, "out of memory loading lexicon");
		return NULL;
	}
	return lex;
}

/* load_own: an ordverk lexicon from p[0..len).  filelen is the length of
 * the whole file; with dawg_only, p may hold just the header and the DAWG's
 * nodes (len >= LEX_HEADER + 4D), and only they are checked and kept. */
static struct lex *
load_own(const unsigned char *p, size_t len, uint64_t filelen,
	const struct rules *r, int dawg_only, struct err *e)
{
	struct lexhdr h;
	struct lex *lex;
	uint32_t keep;

	if (len < LEX_HEADER) {
		err_set(e, 0, "truncated lexicon: %zu bytes, header needs %u",
		    len, LEX_HEADER);
		return NULL;
	}
	if (parse_header(p, filelen, r, &h, e) < 0)
		return NULL;
	keep = dawg_only ? h.dnodes : h.nnodes;
	if (len < LEX_HEADER + 4 * (size_t)keep) {
		err_set(e, 0, "truncated lexicon: %zu bytes", len);
		return NULL;
	}
	/* Only the DAWG is kept, but a damaged file is refused by every
	 * tool: the whole body's checksum too, when the buffer holds it. */
	if (keep < h.nnodes && len >= LEX_HEADER + 4 * (size_t)h.nnodes &&
	    crc_of(p + LEX_HEADER, 4 * (size_t)h.nnodes) != h.crc) {
		err_set(e, 0, "corrupt lexicon: body checksum mismatch");
		return NULL;
	}
	if ((lex = lex_alloc(keep, e)) == NULL)
		return NULL;
	if (check_nodes(lex, &h, p + LEX_HEADER, keep, NULL, e) < 0) {
		lex_destroy(lex);
		return NULL;
	}
	return finish_own(lex, &h, keep, e);
}

static struct lex *
load_kwg(const unsigned char *p, size_t len, const struct rules *r,
	struct err *e)
{
	struct lex *lex;
	uint32_t nnodes, i, dn;
	uint64_t nwords;
	int maxtile = 0;

	if (r == NULL) {
		err_set(e, 0, "not an ordverk lexicon; reading it as KWG needs "
		    "a ruleset");
		return NULL;
	}
	if (len % 4 != 0 || len < 8) {
		err_set(e, 0, "not a lexicon: neither ordverk's format nor a "
		    "KWG (%zu bytes is not a whole number of nodes >= 2)", len);
		return NULL;
	}
	if (len / 4 > KWG_MAX_NODES) {
		err_set(e, 0, "not a KWG: %zu nodes is over the 22-bit limit",
		    len / 4);
		return NULL;
	}
	nnodes = (uint32_t)(len / 4);
	if ((lex = lex_alloc(nnodes, e)) == NULL)
		return NULL;
	for (i = 0; i < nnodes; i++) {
		uint32_t k = get32(p + 4 * (size_t)i);
		int t = (int)(k >> 24);

		if (t > r->nletters || t > RULES_MAX_LETTERS) {
			err_set(e, 0, "KWG node %lu: tile %d outside ruleset %s "
			    "(%d letters)", (unsigned long)i, t, r->name,
			    r->nletters);
			lex_destroy(lex);
			return NULL;
		}
		if (t > maxtile)
			maxtile = t;
		lex->nodes[i] = node_make(t, (k >> 23) & 1, (k >> 22) & 1,
		    k & 0x3fffffu);
	}
	/* The root pointers: keep only their child, flagged last. */
	lex->nodes[0] = node_make(0, 0, 1, lex_node_child(lex->nodes[0]));
	lex->nodes[1] = node_make(0, 0, 1, lex_node_child(lex->nodes[1]));
	lex->nnodes = nnodes;
	lex->maxtile = maxtile;
	if (validate(lex, maxtile, 0, &nwords, &dn, e) < 0) {
		lex_destroy(lex);
		return NULL;
	}
	lex->nwords = (size_t)nwords;
	lex->dawg_nodes = dn;
	lex->crc = nodes_crc(lex->nodes, nnodes);
	lex_index_roots(lex);
	{
		uint8_t to_file[RULES_MAX_TILES], from_file[RULES_MAX_TILES];

		if (rules_kwg_map(r, to_file, from_file)) {
			/* Another engine's numbering, checked as it stands (its
			 * runs ascend in it): the words, renamed to our tiles,
			 * in a graph built again. */
			struct lex *ours = lex_renumbered(lex, from_file, e);

			lex_destroy(lex);
			return ours;
		}
	}
	return lex;
}

struct lex *
lex_load_mem(const void *buf, size_t len, const struct rules *r,
	struct err *e)
{
	const unsigned char *p = buf;

	if (len >= 8 && memcmp(p, LEX_MAGIC, 8) == 0)
		return load_own(p, len, len, r, 0, e);
	if (len >= 8 && memcmp(p, LEX_MAGIC, 4) == 0) {
		err_set(e, 0, "corrupt lexicon: bad magic number");
		return NULL;
	}
	return load_kwg(p, len, r, e);
}

/* read_fd: reads up to max bytes of fd into a malloc'ed buffer sized by
 * hint (+1 to notice a file longer than expected).  Returns the buffer and
 * its length in *len, or NULL with e set. */
static unsigned char *
read_fd(int fd, const char *path, size_t hint, size_t max, size_t *len,
	struct err *e)
{
	size_t cap = hint + 1, n = 0;
	unsigned char *buf = malloc(cap);

	if (buf == NULL) {
		err_set(e, 0, "%s: out of memory", path);
		return NULL;
	}
	for (;;) {
		ssize_t got;

		if (n == cap) {
			unsigned char *nb;

			if (cap > max) {
				free(buf);
				err_set(e, 0, "%s: too large for a lexicon", path);
				return NULL;
			}
			nb = realloc(buf, cap * 2);
			if (nb == NULL) {
				free(buf);
				err_set(e, 0, "%s: out of memory", path);
				return NULL;
			}
			buf = nb;
			cap *= 2;
		}
		got = read(fd, buf + n, cap - n > (1u << 30) ? (1u << 30) :
		    cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(buf);
			err_set(e, 0, "%s: read error: %s", path, strerror(errno));
			return NULL;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n >= max + 1)
			break;
	}
	*len = n;
	return buf;
}

/* pread_all: reads n bytes at offset off; 0, or -1 with e set. */
static int
pread_all(int fd, const char *path, void *buf, size_t n, off_t off,
	struct err *e)
{
	unsigned char *p = buf;

	while (n > 0) {
		ssize_t got = pread(fd, p, n > (1u << 30) ? (1u << 30) : n, off);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			err_set(e, 0, "read error: %s", strerror(errno));
			return -1;
		}
		if (got == 0) {
			err_set(e, 0, "truncated lexicon (file shrank while "
			    "read)");
			return -1;
		}
		(void)path;
		p += got;
		n -= (size_t)got;
		off += got;
	}
	return 0;
}

/* load_direct: an ordverk lexicon from a regular file whose header is head:
 * the nodes are read straight into the node array and decoded in place,
 * so a large lexicon is not held twice. */
/* load_direct with only the DAWG kept: the rest of the body read through
 * a small buffer and its CRC carried on from the DAWG's (c), so that a
 * damaged GADDAG is refused here too (a few ms for the largest list). */
static int
check_rest(int fd, const char *path, const struct lexhdr *h, uint32_t c,
	struct err *e)
{
	unsigned char buf[1 << 16];
	size_t left = 4 * (size_t)(h->nnodes - h->dnodes);
	off_t off = (off_t)LEX_HEADER + 4 * (off_t)h->dnodes;
	uLong crc = c;

	while (left > 0) {
		size_t k = left < sizeof buf ? left : sizeof buf;

		if (pread_all(fd, path, buf, k, off, e) < 0)
			return -1;
		crc = crc32(crc, buf, (uInt)k);
		left -= k;
		off += (off_t)k;
	}
	if ((uint32_t)crc != h->crc) {
		err_set(e, 0, "corrupt lexicon: body checksum mismatch");
		return -1;
	}
	return 0;
}

static struct lex *
load_direct(int fd, const char *path, const unsigned char *head,
	uint64_t filelen, const struct rules *r, int dawg_only, struct err *e)
{
	struct lexhdr h;
	struct lex *lex;
	uint32_t keep, c;

	if (parse_header(head, filelen, r, &h, e) < 0)
		return NULL;
	keep = dawg_only ? h.dnodes : h.nnodes;
	if ((lex = lex_alloc(keep, e)) == NULL)
		return NULL;
	if (pread_all(fd, path, lex->nodes, 4 * (size_t)keep, LEX_HEADER,
	    e) < 0 || check_nodes(lex, &h, (const unsigned char *)lex->nodes,
	    keep, &c, e) < 0 ||
	    (keep < h.nnodes && check_rest(fd, path, &h, c, e) < 0)) {
		lex_destroy(lex);
		return NULL;
	}
	return finish_own(lex, &h, keep, e);
}

static struct lex *
load_path(const char *path, const struct rules *r, int dawg_only,
	struct err *e)
{
	const size_t maxlen = (size_t)LEX_HEADER + 4 * (size_t)LEX_MAX_NODES;
	unsigned char *buf = NULL, head[LEX_HEADER];
	size_t len = 0, hint = 1u << 16;
	struct lex *lex = NULL;
	struct stat st;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		err_set(e, 0, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 0) {
		if ((uint64_t)st.st_size <= maxlen)
			hint = (size_t)st.st_size;
		if (st.st_size >= (off_t)LEX_HEADER &&
		    pread(fd, head, LEX_HEADER, 0) == (ssize_t)LEX_HEADER &&
		    memcmp(head, LEX_MAGIC, 8) == 0) {
			lex = load_direct(fd, path, head, (uint64_t)st.st_size,
			    r, dawg_only, e);
			goto done;
		}
	}
	/* a KWG, a short file, a pipe: read it all */
	buf = read_fd(fd, path, hint, maxlen, &len, e);
	if (buf == NULL) {
		close(fd);
		return NULL;
	}
	lex = dawg_only ? lex_load_mem_dawg(buf, len, r, e) :
	    lex_load_mem(buf, len, r, e);
	free(buf);
done:
	close(fd);
	if (lex == NULL) {
		char msg[ERR_MSG_MAX];

		snprintf(msg, sizeof msg, "%s", e != NULL ? e->msg : "");
		err_set(e, 0, "%s: %s", path, msg);
	}
	return lex;
}

struct lex *
lex_load(const char *path, const struct rules *r, struct err *e)
{
	return load_path(path, r, 0, e);
}

struct lex *
lex_load_for(const char *path, const struct rules *r, struct err *e)
{
	struct err ie;
	struct lex *lex = load_path(path, r, 0, &ie);

	/* The loader refused another alphabet (parse_header). */
	if (lex == NULL)
		err_file(e, path, &ie);
	return lex;
}

struct lex *
lex_load_mem_dawg(const void *buf, size_t len, const struct rules *r,
	struct err *e)
{
	const unsigned char *p = buf;

	if (len >= 8 && memcmp(p, LEX_MAGIC, 8) == 0)
		return load_own(p, len, len, r, 1, e);
	return lex_load_mem(buf, len, r, e);
}

struct lex *
lex_load_dawg(const char *path, const struct rules *r, struct err *e)
{
	return load_path(path, r, 1, e);
}

/* ------------------------------------------------------------------ */
/* Queries                                                             */

uint32_t
lex_follow(const struct lex *lex, uint32_t run, int t)
{
	const uint32_t *nd = lex->nodes;

	if (run == 0 || run >= lex->nnodes)
		return 0;
	/* Runs are in ascending tile order and end with a last flag inside
	 * the array (checked at load). */
	for (;; run++) {
		uint32_t n = nd[run];
		int nt = lex_node_tile(n);

		if (nt == t)
			return run;
		if (nt > t || lex_node_last(n))
			return 0;
	}
}

int
lex_contains(const struct lex *lex, const uint8_t *word, int n)
{
	const uint32_t *nd = lex->nodes;
	uint32_t a;
	int i;

	if (n < 1 || n > RULES_MAX_WORD || word[0] >= LEX_NSYM)
		return 0;
	a = lex->first[word[0]];
	for (i = 1; i < n && a != 0; i++) {
		uint32_t run = lex_node_child(nd[a]);
		int t = word[i];

		a = 0;
		if (run == 0)
			break;
		for (;; run++) {
			uint32_t x = nd[run];
			int nt = lex_node_tile(x);

			if (nt == t) {
				a = run;
				break;
			}
			if (nt > t || lex_node_last(x))
				break;
		}
	}
	return a != 0 && lex_node_accepts(nd[a]);
}

const uint32_t *lex_nodes(const struct lex *lex) { return lex->nodes; }
uint32_t lex_node_count(const struct lex *lex) { return lex->nnodes; }
uint32_t lex_dawg_root(const struct lex *lex) { return lex_node_child(lex->nodes[0]); }
uint32_t lex_gaddag_root(const struct lex *lex) { return lex_node_child(lex->nodes[1]); }
uint32_t lex_dawg_nodes(const struct lex *lex) { return lex->dawg_nodes; }
size_t lex_word_count(const struct lex *lex) { return lex->nwords; }
const char *lex_rules_name(const struct lex *lex) { return lex->name; }
uint32_t lex_checksum(const struct lex *lex) { return lex->crc; }

int
lex_foreach(const struct lex *lex,
	int (*fn)(const uint8_t *word, int n, void *arg), void *arg)
{
	const uint32_t *nd = lex->nodes;
	uint32_t pos[RULES_MAX_WORD + 1];
	uint8_t w[RULES_MAX_WORD + 1];
	int d = 0;

	/* pos[d] is the node of the arc for w[d]; depth is at most
	 * RULES_MAX_WORD (checked at load and build). */
	pos[0] = lex_dawg_root(lex);
	if (pos[0] == 0)
		return 0;
	for (;;) {
		uint32_t a = pos[d], c = lex_node_child(nd[a]);

		w[d] = (uint8_t)lex_node_tile(nd[a]);
		if (lex_node_accepts(nd[a])) {
			int rc = fn(w, d + 1, arg);

			if (rc != 0)
				return rc;
		}
		if (c != 0 && d + 1 < RULES_MAX_WORD) {
			pos[++d] = c;
			continue;
		}
		/* next sibling, climbing while a run is finished */
		while (lex_node_last(nd[pos[d]])) {
			if (d == 0)
				return 0;
			d--;
		}
		pos[d]++;
	}
}
