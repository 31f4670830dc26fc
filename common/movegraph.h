/*
 * movegraph.h — the lexicon's nodes laid out again for the move
 * generator's searches (gen.c, gen_best.c).
 *
 * In a lexicon (lex.h) a sibling run is a list of nodes, one per letter,
 * and finding the arc for a letter means scanning the run.  Here each run
 * starts with a mask of its letters, so the arcs worth trying at a square
 * (its cross-set and the rack) are picked out by bit operations and the
 * arc for letter L is found by counting the bits below L, in the same
 * cache line.
 *
 * Layout: an array of 32-bit words, the lexicon's runs in its own order,
 * each at offset R > 0, with a header of one word (alphabets of up to 32
 * letters) or two ("wide": letters up to 63):
 *   w[R]     letters 1..32 of the run, bit L-1
 *   w[R+1]   wide only: letters 33..63, bit L-33
 *   then the separator arc if the run has one (GADDAG), then one arc word
 *   per letter, in letter order.
 * An arc word: bits 0-25 the child run's offset (0: none), bit 26 set
 * when the path so far is a word, bit 31 set on a separator arc.  So
 * w[R+1] has bit 31 set exactly when the run has a separator: in a wide
 * header it is set there for that.
 */
#ifndef ORDVERK_MOVEGRAPH_H
#define ORDVERK_MOVEGRAPH_H

#include <stddef.h>
#include <stdint.h>
#include "bits.h"
#include "err.h"
#include "lex.h"

struct movegraph {
	uint32_t *w;
	size_t nwords;
	uint32_t root;    /* the GADDAG root run, 0 if the lexicon has none */
	int wide;         /* two header words: some letter is over 32 */
};

/* movegraph_build: lays out lex.  Returns 0, or -1 with e set (out of
 * memory, or over 64 M words). */
int movegraph_build(struct movegraph *mg, const struct lex *lex,
	struct err *e);
void movegraph_free(struct movegraph *mg);

static inline uint32_t movegraph_child(uint32_t arc) { return arc & 0x3ffffffu; }
static inline int movegraph_accepts(uint32_t arc) { return (arc >> 26) & 1; }

/* The separator arc of the run at run, or 0. */
static inline uint32_t
movegraph_sep(const uint32_t *w, uint32_t run, int wide)
{
	return (w[run + 1] >> 31) ? w[run + 1 + wide] : 0;
}

/* Index of the run's first letter arc. */
static inline uint32_t
movegraph_arcs(const uint32_t *w, uint32_t run, int wide)
{
	return run + 1 + (uint32_t)wide + (w[run + 1] >> 31);
}

/* Letters 33..63 of the run. */
static inline uint32_t
movegraph_hi(const uint32_t *w, uint32_t run, int wide)
{
	return wide ? w[run + 1] & 0x7fffffffu : 0;
}

/* The arc for letter L (1..63) in the run at run, or 0. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline uint32_t
movegraph_arc(const uint32_t *w, uint32_t run, int L, int wide)
{
	uint32_t lo = w[run];

	if (L <= 32) {
		uint32_t bit = (uint32_t)1 << (L - 1);

		if ((lo & bit) == 0)
			return 0;
		return w[movegraph_arcs(w, run, wide) +
		    bits_popcount32(lo & (bit - 1))];
	} else {
		uint32_t hi = movegraph_hi(w, run, wide);
		uint32_t bit = (uint32_t)1 << (L - 33);

		if ((hi & bit) == 0)
			return 0;
		return w[movegraph_arcs(w, run, wide) + bits_popcount32(lo) +
		    bits_popcount32(hi & (bit - 1))];
	}
}

#endif
