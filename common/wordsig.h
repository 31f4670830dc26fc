/*
 * wordsig.h — which letter multisets make a word: a quick, one-sided test
 * for the move generator's bounds (gen.c).
 *
 * A multiset of letters is keyed by the sum of a fixed random 64-bit key
 * per letter, so the key of a rack plus some tiles on the board is a sum
 * of keys already at hand.  The keys of the lexicon's words (of 2 to
 * maxlen letters) and of each of them with one letter made a blank go into
 * a Bloom filter.  wordsig_maybe() answering 0 means no word has those
 * letters; 1 means one may (false answers of 1 are a few percent, and only
 * make a bound less tight).
 */
#ifndef ORDVERK_WORDSIG_H
#define ORDVERK_WORDSIG_H

#include <stddef.h>
#include <stdint.h>
#include "err.h"
#include "lex.h"
#include "rules.h"

struct wordsig {
	uint64_t letter[RULES_MAX_TILES];   /* letter[0] stands for a blank */
	uint64_t *bits;                     /* 512-bit blocks */
	uint64_t nblocks;                   /* a power of 2 */
	int shift;                          /* 64 - log2(nblocks) */
};

/* wordsig_build: the filter of lex's words of 2..maxlen letters (from its
 * DAWG).  Returns 0, or -1 with e set when memory runs out. */
int wordsig_build(struct wordsig *ws, const struct lex *lex, int maxlen,
	struct err *e);
void wordsig_free(struct wordsig *ws);

/* Asks for key's block ahead of wordsig_maybe (the filter is megabytes:
 * a lookup is a cache miss, and several can be waited for at once). */
static inline void
wordsig_prefetch(const struct wordsig *ws, uint64_t key)
{
#if defined(__GNUC__)
	__builtin_prefetch(ws->bits + (((key * 0x9e3779b97f4a7c15u) >>
	    ws->shift) << 3));
#else
	(void)ws;
	(void)key;
#endif
}

/* Block and bit positions come from the key times an odd constant: the
 * top bits pick the block, four 9-bit fields below them the bits. */
static inline int
wordsig_maybe(const struct wordsig *ws, uint64_t key)
{
	uint64_t h = key * 0x9e3779b97f4a7c15u;
	const uint64_t *blk = ws->bits + ((h >> ws->shift) << 3);
	int q;

	for (q = 0; q < 4; q++) {
		unsigned bit = (unsigned)(h >> (9 * q)) & 511;

		if (((blk[bit >> 6] >> (bit & 63)) & 1) == 0)
			return 0;
	}
	return 1;
}

#endif
