/*
 * blankmap.h — what a blank may stand for: given a multiset of letters,
 * the letters that added to it make the letters of a word.  gen_best
 * (gen.c) asks it once per sub-multiset of the rack and span's tiles when
 * the rack holds a blank, instead of asking wordmap's filter for every
 * letter of the alphabet.
 *
 * Keys are wordsig.h's: the sum of a fixed random 64-bit key per letter.
 * Each word of 2 to maxlen letters, less each of its distinct letters,
 * is a key of the table; its entry holds those letters.  The table is
 * open-addressed with linear probing, at most 4/5 full (8 MB for the
 * Norwegian list's words of up to 10 letters), and a slot keeps 32 bits of its key
 * beside the letters (letters 1 to 32).  Keys sharing those bits have
 * their letters merged into the first such slot a lookup of either would
 * reach, so an answer may hold letters too many, never too few.
 */
#ifndef ORDVERK_BLANKMAP_H
#define ORDVERK_BLANKMAP_H

#include <stdint.h>
#include "err.h"
#include "lex.h"
#include "rules.h"

/* Letters a blank may stand for are 1..BLANKMAP_LETTERS. */
#define BLANKMAP_LETTERS 32

struct blankmap {
	uint64_t *slots;     /* tag << 32 | letters (bit L - 1); 0: empty */
	uint64_t nslots;     /* at most 4/5 full; under 2^32 */
	int maxlen;          /* the words in it are of 2..maxlen letters;
	                        0: not built */
	size_t nkeys;
};

/* blankmap_build: the table of lex's words of 2 to maxlen letters (from
 * its DAWG), keyed by letter_key[].  An alphabet of more than
 * BLANKMAP_LETTERS letters (nletters) gets no table: maxlen stays 0 and
 * callers ask wordmap.  Returns 0, or -1 with e set when memory runs out. */
int blankmap_build(struct blankmap *bm, const struct lex *lex,
	const uint64_t *letter_key, int nletters, int maxlen, struct err *e);
void blankmap_free(struct blankmap *bm);

/* A key's first slot: the top 32 bits of the key times an odd constant,
 * scaled to the table (which need not be a power of 2). */
static inline uint64_t
blankmap_home(const struct blankmap *bm, uint64_t key)
{
	return ((key * 0xc2b2ae3d27d4eb4fu) >> 32) * bm->nslots >> 32;
}

static inline uint64_t
blankmap_tag(uint64_t key)
{
	uint64_t tag = key >> 32;

	return tag != 0 ? tag : 1;
}

/* Asks for key's first slot ahead of blankmap_letters. */
static inline void
blankmap_prefetch(const struct blankmap *bm, uint64_t key)
{
#if defined(__GNUC__)
	__builtin_prefetch(bm->slots + blankmap_home(bm, key));
#else
	(void)bm;
	(void)key;
#endif
}

/* The letters L (bit L) that, added to the multiset of key (of 1 to
 * maxlen - 1 letters), make a word's letters; maybe some more. */
static inline uint64_t
blankmap_letters(const struct blankmap *bm, uint64_t key)
{
	uint64_t pos = blankmap_home(bm, key), tag = blankmap_tag(key);

	for (;;) {
		uint64_t s = bm->slots[pos];

		if (s == 0)
			return 0;
		if (s >> 32 == tag)
			return (s & 0xffffffffu) << 1;
		if (++pos == bm->nslots)
			pos = 0;
	}
}

#endif
