/*
 * movegraph.h — the lexicon's nodes laid out again for the move
 * generator's search (gen.c).
 *
 * In a lexicon (lex.h) a sibling run is a list of nodes, one per letter,
 * and finding the arc for a letter means scanning the run.  Here each run
 * starts with masks of its letters, so the arcs worth trying at a square
 * (its cross-set and the rack) are picked out by bit operations and the
 * arc for letter L is found by counting the bits below L, in the same
 * cache line.
 *
 * Layout: an array of 32-bit words, the lexicon's runs in its own order,
 * each at offset R > 0:
 *   w[R]     letters 1..32 of the run, bit L-1
 *   w[R+1]   letters 33..63, bit L-33; bit 31 set when the run has a
 *            separator arc (GADDAG)
 *   w[R+2]   the separator arc, if the run has one
 *   then one arc word per letter, in letter order.
 * An arc word: bits 0-25 the child run's offset (0: none), bit 26 set
 * when the path so far is a word.
 */
#ifndef ORDVERK_MOVEGRAPH_H
#define ORDVERK_MOVEGRAPH_H

#include <stddef.h>
#include <stdint.h>
#include "err.h"
#include "lex.h"

struct movegraph {
	uint32_t *w;
	size_t nwords;
	uint32_t root;    /* the GADDAG root run, 0 if the lexicon has none */
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
movegraph_sep(const uint32_t *w, uint32_t run)
{
	return (w[run + 1] >> 31) ? w[run + 2] : 0;
}

/* Index of the run's first letter arc. */
static inline uint32_t
movegraph_arcs(const uint32_t *w, uint32_t run)
{
	return run + 2 + (w[run + 1] >> 31);
}

/* Bits set in m (not __builtin_popcount: without -mpopcnt it is a library
 * call). */
static inline int
movegraph_popcount(uint32_t m)
{
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* The arc for letter L (1..63) in the run at run, or 0. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline uint32_t
movegraph_arc(const uint32_t *w, uint32_t run, int L)
{
	uint32_t lo = w[run];

	if (L <= 32) {
		uint32_t bit = (uint32_t)1 << (L - 1);

		if ((lo & bit) == 0)
			return 0;
		return w[movegraph_arcs(w, run) + movegraph_popcount(lo & (bit - 1))];
	} else {
		uint32_t hi = w[run + 1] & 0x7fffffffu, bit = (uint32_t)1 << (L - 33);

		if ((hi & bit) == 0)
			return 0;
		return w[movegraph_arcs(w, run) + movegraph_popcount(lo) +
		    movegraph_popcount(hi & (bit - 1))];
	}
}

#endif
