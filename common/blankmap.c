/*
 * blankmap.c — the letters that complete a multiset into a word, as
 * blankmap.h describes.  Built in a table of whole keys that doubles as
 * it fills; then each key goes into the table of tags at its final size,
 * and keys that share a tag have their letters merged there.
 */
#include <stdlib.h>
#include <string.h>
#include "bigmem.h"
#include "blankmap.h"

/* Build state: a table of whole keys (0 marks an empty slot; a key of 0
 * would be the empty multiset, which is never one) and their letters,
 * of 2^bits slots, at most 7/8 full, with nkeys of them in use. */
struct bm_build {
	const uint64_t *letter_key;
	const uint32_t *nodes;
	uint32_t n;
	int maxlen;
	int oom;
	int bits;
	size_t nkeys;
	uint64_t *keys;
	uint32_t *letters;
	uint8_t path[RULES_MAX_WORD];
};

static int
bm_alloc(struct bm_build *b, int bits)
{
	size_t nslots = (size_t)1 << bits;

	b->keys = calloc(nslots, sizeof *b->keys);
	b->letters = calloc(nslots, sizeof *b->letters);
	if (b->keys == NULL || b->letters == NULL) {
		free(b->keys);
		free(b->letters);
		b->keys = NULL;
		b->letters = NULL;
		return -1;
	}
	b->bits = bits;
	b->nkeys = 0;
	return 0;
}

/* Adds letters to key's entry, made if it has none. */
static void
bm_put(struct bm_build *b, uint64_t key, uint32_t letters)
{
	uint64_t mask = ((uint64_t)1 << b->bits) - 1;
	uint64_t pos = (key * 0x9e3779b97f4a7c15u) >> (64 - b->bits);

	while (b->keys[pos] != 0 && b->keys[pos] != key)
		pos = (pos + 1) & mask;
	if (b->keys[pos] == 0) {
		b->keys[pos] = key;
		b->nkeys++;
	}
	b->letters[pos] |= letters;
}

/* The build table twice as big. */
static int
bm_grow(struct bm_build *b)
{
	uint64_t *keys = b->keys, i, n = (uint64_t)1 << b->bits;
	uint32_t *letters = b->letters;
	int bits = b->bits;

	if (bm_alloc(b, bits + 1) != 0) {
		b->keys = keys;
		b->letters = letters;
		b->bits = bits;
		return -1;
	}
	for (i = 0; i < n; i++)
		if (keys[i] != 0)
			bm_put(b, keys[i], letters[i]);
	free(keys);
	free(letters);
	return 0;
}

/* The words below the DAWG run at run, reached by depth letters path[]
 * whose keys sum to key: each word's key less each of its distinct
 * letters. */
static void
bm_walk(struct bm_build *b, uint32_t run, int depth, uint64_t key)
{
	uint32_t i;

	for (i = run; i < b->n && !b->oom; i++) {
		uint32_t nd = b->nodes[i];
		int L = lex_node_tile(nd), q;

		if (L != 0) {
			uint64_t k = key + b->letter_key[L], seen = 0;

			b->path[depth] = (uint8_t)L;
			if (lex_node_accepts(nd) && depth >= 1)
				for (q = 0; q <= depth; q++) {
					int P = b->path[q];

					if ((seen >> P) & 1)
						continue;
					seen |= (uint64_t)1 << P;
					if (b->nkeys >= ((size_t)1 << b->bits) / 8 * 7 &&
					    bm_grow(b) != 0) {
						b->oom = 1;
						return;
					}
					bm_put(b, k - b->letter_key[P],
					    (uint32_t)1 << (P - 1));
				}
			if (lex_node_child(nd) != 0 && depth + 1 < b->maxlen)
				bm_walk(b, lex_node_child(nd), depth + 1, k);
		}
		if (lex_node_last(nd))
			break;
	}
}

int
blankmap_build(struct blankmap *bm, const struct lex *lex,
	const uint64_t *letter_key, int nletters, int maxlen, struct err *e)
{
	uint32_t root = lex_dawg_root(lex);
	struct bm_build b;
	uint64_t i, n;

	memset(bm, 0, sizeof *bm);
	if (nletters > BLANKMAP_LETTERS || maxlen < 2 || root == 0)
		return 0;
	memset(&b, 0, sizeof b);
	b.letter_key = letter_key;
	b.nodes = lex_nodes(lex);
	b.n = lex_node_count(lex);
	b.maxlen = maxlen > RULES_MAX_WORD ? RULES_MAX_WORD : maxlen;
	if (bm_alloc(&b, 16) != 0)
		goto oom;
	bm_walk(&b, root, 0, 0);
	if (b.oom || b.nkeys >= ((uint64_t)1 << 31))
		goto oom;
	bm->nslots = b.nkeys + b.nkeys / 4 + 1;
	bm->slots = bigmem_calloc((size_t)bm->nslots * sizeof *bm->slots);
	if (bm->slots == NULL)
		goto oom;
	/* A lookup stops at the first slot of its tag: a key whose tag is
	 * met before its own slot would be joins that slot. */
	n = (uint64_t)1 << b.bits;
	for (i = 0; i < n; i++) {
		uint64_t key = b.keys[i], pos, tag;

		if (key == 0)
			continue;
		tag = blankmap_tag(key);
		pos = blankmap_home(bm, key);
		while (bm->slots[pos] != 0 && bm->slots[pos] >> 32 != tag)
			if (++pos == bm->nslots)
				pos = 0;
		bm->slots[pos] |= tag << 32 | b.letters[i];
	}
	free(b.keys);
	free(b.letters);
	bm->maxlen = b.maxlen;
	return 0;
oom:
	free(b.keys);
	free(b.letters);
	blankmap_free(bm);
	err_set(e, 0, "out of memory");
	return -1;
}

void
blankmap_free(struct blankmap *bm)
{
	free(bm->slots);
	memset(bm, 0, sizeof *bm);
}
