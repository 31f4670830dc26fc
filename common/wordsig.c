/*
 * wordsig.c — the filter of letters that complete multisets into words,
 * as wordsig.h describes.
 */
#include <stdlib.h>
#include <string.h>
#include "bigmem.h"
#include "wordsig.h"

/* At least 12 bits per (multiset, letter) pair, rounded up to a power of
 * 2, and 3 bits set per pair: about 0.4 % of the letters asked about
 * that make no word are let through with the Norwegian list (fill 16 %),
 * 0.7 % with the Icelandic one (its 1.19 M pairs just fit 2 MB). */
#define WS_BITS_PER_KEY 12

/* Pairs go in through a ring of WS_RING: each pair's block is asked for
 * (prefetched) when it enters and written when it leaves, so the cache
 * misses of a filter of megabytes overlap. */
#define WS_RING 16

struct ws_build {
	struct wordsig *ws;
	const uint32_t *nodes;
	uint32_t n;
	int maxlen;
	int add;                 /* 0: count the pairs; 1: add them */
	size_t count;
	uint8_t path[RULES_MAX_WORD + 1];
	uint64_t ring[WS_RING];  /* hashes of the keys */
	uint8_t ring_letter[WS_RING];
	unsigned next, pending;
};

static void
ws_set(const struct wordsig *ws, uint64_t h, int L)
{
	uint64_t *blk = ws->bits + ((h >> ws->shift) << 3);

	blk[h & 7] |= (uint64_t)1 << ((L + (h >> 3)) & 63);
	blk[(h >> 9) & 7] |= (uint64_t)1 << ((L + (h >> 12)) & 63);
	blk[(h >> 18) & 7] |= (uint64_t)1 << ((L + (h >> 21)) & 63);
}

/* The pair (multiset of key, letter L). */
static void
ws_add(struct ws_build *b, uint64_t key, int L)
{
	uint64_t h = wordsig_hash(key);

	b->count++;
	if (!b->add)
		return;
#if defined(__GNUC__)
	__builtin_prefetch(b->ws->bits + ((h >> b->ws->shift) << 3), 1);
#endif
	if (b->pending == WS_RING)
		ws_set(b->ws, b->ring[b->next], b->ring_letter[b->next]);
	else
		b->pending++;
	b->ring[b->next] = h;
	b->ring_letter[b->next] = (uint8_t)L;
	b->next = (b->next + 1) % WS_RING;
}

static void
ws_flush(struct ws_build *b)
{
	unsigned q;

	for (q = 0; q < b->pending; q++)
		ws_set(b->ws, b->ring[q], b->ring_letter[q]);
	b->pending = 0;
}

/* The words below the DAWG run at run, reached by depth letters path[]
 * whose keys sum to key: for each word, each distinct letter of it with
 * the multiset of its other letters. */
static void
ws_walk(struct ws_build *b, uint32_t run, int depth, uint64_t key)
{
	const struct wordsig *ws = b->ws;
	uint32_t i;

	for (i = run; i < b->n; i++) {
		uint32_t nd = b->nodes[i];
		int L = lex_node_tile(nd), q;
		uint64_t k = key + ws->letter[L];

		if (L != 0) {
			b->path[depth] = (uint8_t)L;
			if (lex_node_accepts(nd) && depth >= 1) {
				uint64_t seen = 0;

				for (q = 0; q <= depth; q++)
					if (((seen >> b->path[q]) & 1) == 0) {
						seen |= (uint64_t)1 << b->path[q];
						ws_add(b, k - ws->letter[b->path[q]],
						    b->path[q]);
					}
			}
			if (lex_node_child(nd) != 0 && depth + 1 < b->maxlen)
				ws_walk(b, lex_node_child(nd), depth + 1, k);
		}
		if (lex_node_last(nd))
			break;
	}
}

int
wordsig_build(struct wordsig *ws, const struct lex *lex, int maxlen,
	struct err *e)
{
	uint64_t x = 0x9e3779b97f4a7c15u;
	uint32_t root = lex_dawg_root(lex);
	struct ws_build b;
	size_t nb = 2;
	int t, shift = 63;

	memset(ws, 0, sizeof *ws);
	memset(&b, 0, sizeof b);
	b.ws = ws;
	b.nodes = lex_nodes(lex);
	b.n = lex_node_count(lex);
	b.maxlen = maxlen > RULES_MAX_WORD ? RULES_MAX_WORD : maxlen;
	/* splitmix64: fixed keys, the same on every machine. */
	for (t = 0; t < RULES_MAX_TILES; t++) {
		uint64_t z = (x += 0x9e3779b97f4a7c15u);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
		ws->letter[t] = z ^ (z >> 31);
	}
	if (root != 0)
		ws_walk(&b, root, 0, 0);
	while (nb * 512 < b.count * WS_BITS_PER_KEY && nb < ((size_t)1 << 40)) {
		nb *= 2;
		shift--;
	}
	if (nb > SIZE_MAX / 8 / sizeof *ws->bits) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	ws->bits = bigmem_calloc(nb * 8 * sizeof *ws->bits);
	if (ws->bits == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	ws->nblocks = nb;
	ws->shift = shift;
	b.add = 1;
	if (root != 0) {
		ws_walk(&b, root, 0, 0);
		ws_flush(&b);
	}
	return 0;
}

void
wordsig_free(struct wordsig *ws)
{
	free(ws->bits);
	memset(ws, 0, sizeof *ws);
}
