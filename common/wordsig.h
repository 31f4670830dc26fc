/*
 * wordsig.h — which letters complete a letter multiset into a word: a
 * quick, one-sided test for the move generator's blanks (gen_best.c).
 *
 * A multiset of letters is keyed by the sum of a fixed random 64-bit key
 * per letter, so the key of a rack plus some tiles on the board is a sum
 * of keys already at hand.  For each word of the lexicon (of 2 to maxlen
 * letters) and each distinct letter L in it, the multiset of the word's
 * other letters is put into a filter with L.  wordsig_letters() then
 * tells, for a multiset S and a set of letters, which of them may make a
 * word with S: what a blank beside S may stand for.  A letter it leaves
 * out makes no word with S; one it gives may not (under 1 % of letters
 * asked about with the default lexicons, which only cost a lookup).
 *
 * The filter is one 512-bit block per key (a cache line), in which a key
 * has three of the eight 64-bit words and a rotation for each: letter L
 * of a key sets bit L of each word rotated back by it.  So one read and
 * three rotations answer for every letter at once.  (Before, the filter
 * held each multiset with a blank: a yes told only that some letter may
 * do, and each letter was then asked of wordmap's filter, a read each;
 * with the letters from the block, blank turns take about 5 % fewer
 * cycles; in Norwegian, 813 questions a blank turn to wordmap's filter
 * became 151.)
 */
#ifndef ORDVERK_WORDSIG_H
#define ORDVERK_WORDSIG_H

#include <stddef.h>
#include <stdint.h>
#include "err.h"
#include "lex.h"
#include "rules.h"

struct wordsig {
	uint64_t letter[RULES_MAX_TILES];   /* letter keys ([0] unused) */
	uint64_t *bits;                     /* 512-bit blocks */
	uint64_t nblocks;                   /* a power of 2 */
	int shift;                          /* 64 - log2(nblocks) */
};

/* wordsig_build: the filter of lex's words of 2..maxlen letters (from its
 * DAWG).  Returns 0, or -1 with e set when memory runs out. */
int wordsig_build(struct wordsig *ws, const struct lex *lex, int maxlen,
	struct err *e);
void wordsig_free(struct wordsig *ws);

/* The key times an odd constant: its top bits pick the block, its bottom
 * 27 the three words and their rotations (wordsig_letters). */
static inline uint64_t
wordsig_hash(uint64_t key)
{
	return key * 0x9e3779b97f4a7c15u;
}

/* Asks for key's block ahead of wordsig_letters (the filter is
 * megabytes: a lookup is a cache miss, and several can be waited for at
 * once).  Beware that GCC 12 may drop a loop that does nothing else:
 * put an empty asm volatile in it. */
static inline void
wordsig_prefetch(const struct wordsig *ws, uint64_t key)
{
#if defined(__GNUC__)
	__builtin_prefetch(ws->bits + ((wordsig_hash(key) >> ws->shift) << 3));
#else
	(void)ws;
	(void)key;
#endif
}

static inline uint64_t
wordsig_rotr(uint64_t w, unsigned r)
{
	return (w >> r) | (w << ((64 - r) & 63));
}

/* The letters of mask (bit L for letter L, 1 to 63) that may make a word
 * with the multiset of key: each letter that does is in the answer. */
static inline uint64_t
wordsig_letters(const struct wordsig *ws, uint64_t key, uint64_t mask)
{
	uint64_t h = wordsig_hash(key);
	const uint64_t *blk = ws->bits + ((h >> ws->shift) << 3);

	return mask & wordsig_rotr(blk[h & 7], (unsigned)(h >> 3) & 63) &
	    wordsig_rotr(blk[(h >> 9) & 7], (unsigned)(h >> 12) & 63) &
	    wordsig_rotr(blk[(h >> 18) & 7], (unsigned)(h >> 21) & 63);
}

#endif
