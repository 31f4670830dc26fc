/*
 * wordmap.h — the lexicon's words by letter multiset: given the letters a
 * move would lay down plus the tiles already in its squares, every word
 * made of exactly those letters.  gen_best (gen_best.c) fills a span of
 * squares from each sub-multiset of the rack this way instead of walking
 * the GADDAG square by square.
 *
 * Keys are wordsig.h's: the sum of a fixed random 64-bit key per letter.
 * The table is open-addressed with linear probing and at most about 3/4
 * full; a slot is claimed per 24 bits of a key and a length, so
 * multisets that happen to share those bits share a slot: they only give
 * the caller more words to check against the board, and none is ever
 * missed.  A lookup stops at that one slot, or at the first empty one.
 */
#ifndef ORDVERK_WORDMAP_H
#define ORDVERK_WORDMAP_H

#include <stddef.h>
#include <stdint.h>
#include "err.h"
#include "lex.h"
#include "rules.h"

/* A slot: 24 bits of the key (its top ones) and the words' length (0: an
 * empty slot), and where its words are in letters[]: their count (32
 * bits, little-endian) and then the words.  Eight bytes, so the table of
 * a big lexicon stays small enough to be mostly in cache. */
struct wordmap_slot {
	uint32_t tag;        /* key >> 40 << 8 | len */
	uint32_t off;
};

#define WORDMAP_TAG(key) ((uint32_t)((key) >> 40) << 8)

struct wordmap {
	/* A filter on the keys small enough to stay in cache: three bits of
	 * one word per key, at least 8 bits per key (rounded up to a power
	 * of 2; 16 while that stays within 512 KB, wordmap.c), so most keys
	 * with no word are turned away without going to the table.  (Three
	 * bits let through fewer keys without a word than two: with the
	 * Norwegian list's 15.4 bits a key, about 0.5 % instead of 1.5 %;
	 * with 8.8, 2.7 % instead of 4 %.  The Danish, English and
	 * Icelandic lists get 17.6 to 24.4 bits a key in 512 KB.) */
	uint64_t *filter;
	int fshift;          /* 64 - log2(filter words) */
	int simd;            /* wordmap_maybe_many may use AVX2 */
	struct wordmap_slot *slots;
	uint64_t mask;       /* slots - 1, a power of 2 minus 1 */
	int shift;           /* 64 - log2(slots) */
	uint8_t *letters;    /* the words, letter numbers, grouped by slot */
	size_t nletters;
	size_t nwords;
};

/* wordmap_build: the table of lex's words of 2 to RULES_MAX_WORD letters
 * (from its DAWG), keyed by letter_key[] (letter_key[1..63] used).
 * Returns 0, or -1 with e set when memory runs out. */
int wordmap_build(struct wordmap *wm, const struct lex *lex,
	const uint64_t *letter_key, struct err *e);
void wordmap_free(struct wordmap *wm);

static inline uint64_t
wordmap_home(const struct wordmap *wm, uint64_t key)
{
	return (key * 0xd6e8feb86659fd93u) >> wm->shift;
}

static inline uint64_t
wordmap_filter_bits(uint64_t h)
{
	return ((uint64_t)1 << (h & 63)) | ((uint64_t)1 << ((h >> 6) & 63)) |
	    ((uint64_t)1 << ((h >> 12) & 63));
}

/* 0 if no word has the multiset of key; 1 if one may.  A key is a sum of
 * random 64-bit letter keys, so its own bits are as good as a hash's:
 * the top ones pick the filter's word and the bottom 18 its three bits
 * (a multiply fewer per question, and questions many at a time,
 * wordmap_maybe_many, need none of the vector multiplies older x86 lacks). */
static inline int
wordmap_maybe(const struct wordmap *wm, uint64_t key)
{
	uint64_t bits = wordmap_filter_bits(key);

	return (wm->filter[key >> wm->fshift] & bits) == bits;
}

/* wordmap_maybe for the n keys base + add[i] (n at most 256): the i of
 * those that may have words, ascending, into pass[]; returns how many.
 * pass[] must have room for n rounded up to a multiple of 4 (bytes past
 * the answers may be written).
 * With AVX2 (wm->simd) four are asked at a time: a span's questions take
 * a fraction of the instructions they took one by one, and about 3 % of
 * a Norwegian turn's cycles go. */
int wordmap_maybe_many(const struct wordmap *wm, uint64_t base,
	const uint64_t *add, int n, uint8_t *pass);

/* Asks for key's first slot ahead of the lookup (a table of megabytes:
 * each lookup is a cache miss, and several can be waited for at once). */
static inline void
wordmap_prefetch(const struct wordmap *wm, uint64_t key)
{
#if defined(__GNUC__)
	__builtin_prefetch(wm->slots + wordmap_home(wm, key));
#else
	(void)wm;
	(void)key;
#endif
}

/* The index of the slot of key's words of len letters, or of the empty
 * slot where it would go (wordmap.c claims it there).  A slot is claimed
 * per key bits and length, so the first slot with both is the only one.
 * (Stopping there, rather than reading on to the first empty slot, reads
 * a quarter to two fifths of the slots a lookup read before, and a fifth
 * to a third fewer cache lines: about 4 % fewer cycles a turn.) */
static inline uint64_t
wordmap_seek(const struct wordmap *wm, uint64_t key, int len)
{
	uint32_t want = WORDMAP_TAG(key) | (uint32_t)len;
	uint64_t pos = wordmap_home(wm, key);

	while (wm->slots[pos].tag != want && (wm->slots[pos].tag & 0xff) != 0)
		pos = (pos + 1) & wm->mask;
	return pos;
}

/* The slot of key's words of len letters, or NULL if there is none.  Its
 * words are wordmap_count() strings of len letters from wordmap_words(). */
static inline const struct wordmap_slot *
wordmap_find(const struct wordmap *wm, uint64_t key, int len)
{
	const struct wordmap_slot *s = wm->slots + wordmap_seek(wm, key, len);

	return (s->tag & 0xff) != 0 ? s : NULL;
}

static inline uint32_t
wordmap_count(const struct wordmap *wm, const struct wordmap_slot *s)
{
	const uint8_t *p = wm->letters + s->off;

	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static inline const uint8_t *
wordmap_words(const struct wordmap *wm, const struct wordmap_slot *s)
{
	return wm->letters + s->off + 4;
}

#endif
