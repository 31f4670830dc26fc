/*
 * wordsig.c — the Bloom filter of word multisets, as wordsig.h describes.
 */
#include <stdlib.h>
#include <string.h>
#include "wordsig.h"

/* About 10 bits per key and 4 bits set per key: under 2 % false ones. */
#define WS_BITS_PER_KEY 10

static void
ws_add(struct wordsig *ws, uint64_t key)
{
	uint64_t h = key * 0x9e3779b97f4a7c15u;
	uint64_t *blk = ws->bits + ((h >> ws->shift) << 3);
	int q;

	for (q = 0; q < 4; q++) {
		unsigned bit = (unsigned)(h >> (9 * q)) & 511;

		blk[bit >> 6] |= (uint64_t)1 << (bit & 63);
	}
}

/* Walks the DAWG run at run, reached by depth letters path[] whose keys sum
 * to key: counts (add = 0) or adds the keys of the words found. */
static size_t
ws_walk(struct wordsig *ws, const uint32_t *nodes, uint32_t n, uint32_t run,
	int depth, int maxlen, uint64_t key, uint8_t *path, int add)
{
	size_t c = 0;
	uint32_t i;

	for (i = run; i < n; i++) {
		uint32_t nd = nodes[i];
		int L = lex_node_tile(nd), q;
		uint64_t k = key + ws->letter[L];

		if (L == 0) {
			if (lex_node_last(nd))
				break;
			continue;
		}
		path[depth] = (uint8_t)L;
		if (lex_node_accepts(nd) && depth >= 1) {
			uint64_t seen = 0;

			c += (size_t)depth + 2;
			if (add) {
				ws_add(ws, k);
				/* And with each distinct letter a blank. */
				for (q = 0; q <= depth; q++)
					if (((seen >> path[q]) & 1) == 0) {
						seen |= (uint64_t)1 << path[q];
						ws_add(ws, k - ws->letter[path[q]] +
						    ws->letter[0]);
					}
			}
		}
		if (lex_node_child(nd) != 0 && depth + 1 < maxlen)
			c += ws_walk(ws, nodes, n, lex_node_child(nd), depth + 1,
			    maxlen, k, path, add);
		if (lex_node_last(nd))
			break;
	}
	return c;
}

int
wordsig_build(struct wordsig *ws, const struct lex *lex, int maxlen,
	struct err *e)
{
	uint64_t x = 0x9e3779b97f4a7c15u;
	uint8_t path[RULES_MAX_WORD + 1];
	uint32_t root = lex_dawg_root(lex);
	size_t nkeys = 0, nb = 2;
	int t, shift = 63;

	memset(ws, 0, sizeof *ws);
	/* splitmix64: fixed keys, the same on every machine. */
	for (t = 0; t < RULES_MAX_TILES; t++) {
		uint64_t z = (x += 0x9e3779b97f4a7c15u);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
		ws->letter[t] = z ^ (z >> 31);
	}
	if (maxlen > RULES_MAX_WORD)
		maxlen = RULES_MAX_WORD;
	if (root != 0)
		nkeys = ws_walk(ws, lex_nodes(lex), lex_node_count(lex), root, 0,
		    maxlen, 0, path, 0);
	while (nb * 512 < nkeys * WS_BITS_PER_KEY && nb < ((size_t)1 << 40)) {
		nb *= 2;
		shift--;
	}
	ws->bits = calloc(nb * 8, sizeof *ws->bits);
	if (ws->bits == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	ws->nblocks = nb;
	ws->shift = shift;
	if (root != 0)
		ws_walk(ws, lex_nodes(lex), lex_node_count(lex), root, 0, maxlen, 0,
		    path, 1);
	return 0;
}

void
wordsig_free(struct wordsig *ws)
{
	free(ws->bits);
	memset(ws, 0, sizeof *ws);
}
