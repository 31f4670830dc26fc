/*
 * movegraph.h — the lexicon's GADDAG laid out again for the move
 * generator's search (gen.c).
 *
 * In a lexicon (lex.h) a sibling run is a list of nodes, one per letter,
 * and finding the arc for a letter means scanning the run.  Here each run
 * starts with a mask of its letters, so the arcs worth trying at a square
 * (its cross-set and the rack) are picked out by bit operations and the
 * arc for letter L is found by counting the mask's bits below L, in the
 * same cache line.  Runs are placed breadth first from the root, so the
 * runs every search goes through sit together.  Each arc also carries how
 * far any word can still go on from it (the "heights"), which gen_best
 * uses to bound what a partial move can still score.
 *
 * Layout: an array of 32-bit words; a run at offset R (even, > 0):
 *   w[R]     letters 1..32 of the run, bit L-1
 *   w[R+1]   letters 33..63, bit L-33
 *   w[R+2]   the separator arc (GADDAG runs only), 0 if none
 *   w[R+3+i] the arc of the run's i-th letter, in letter order
 * An arc word: bits 0-24 the child run's offset / 2 (0: no child), bit 25
 * set when the path so far is a word, bits 26-28 the most letters a word
 * can still add from the child run going on the same way ("height"), bits
 * 29-31 the most it can add on the right after a separator further on
 * (GADDAG runs); 7 means 7 or more.  A zero word is no arc.  For a GADDAG
 * path going left, the heights bound how far a word may reach left and
 * right; once past the separator, the first bounds how far right.
 *
 * Built from the GADDAG's root, it holds the GADDAG and the DAWG states
 * its separator arcs lead to.  The heights are worked out only for a
 * lexicon written children first, as lexcompile writes them; for others
 * (KWG files from elsewhere) they are all 7, which bounds nothing.
 */
#ifndef ORDVERK_MOVEGRAPH_H
#define ORDVERK_MOVEGRAPH_H

#include <stddef.h>
#include <stdint.h>
#include "err.h"
#include "lex.h"

#define MOVEGRAPH_HEIGHT_MAX 7   /* a stored height of 7 means 7 or more */

struct movegraph {
	uint32_t *w;
	size_t nwords;
	uint32_t root;    /* the GADDAG root run, 0 if the lexicon has none */
};

/* movegraph_build: lays out lex's GADDAG.  Returns 0, or -1 with e set (out
 * of memory, or a graph too large for 25-bit offsets: over 64 M words). */
int movegraph_build(struct movegraph *mg, const struct lex *lex,
	struct err *e);
void movegraph_free(struct movegraph *mg);

static inline uint32_t movegraph_child(uint32_t arc) { return (arc & 0x1ffffffu) << 1; }
static inline int movegraph_accepts(uint32_t arc) { return (arc >> 25) & 1; }
static inline int movegraph_height(uint32_t arc) { return (arc >> 26) & 7; }
static inline int movegraph_sep_height(uint32_t arc) { return (int)(arc >> 29); }

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
static inline uint32_t
movegraph_arc(const uint32_t *w, uint32_t run, int L)
{
	uint32_t lo = w[run];

	if (L <= 32) {
		uint32_t bit = (uint32_t)1 << (L - 1);

		if ((lo & bit) == 0)
			return 0;
		return w[run + 3 + movegraph_popcount(lo & (bit - 1))];
	} else {
		uint32_t hi = w[run + 1], bit = (uint32_t)1 << (L - 33);

		if ((hi & bit) == 0)
			return 0;
		return w[run + 3 + movegraph_popcount(lo) +
		    movegraph_popcount(hi & (bit - 1))];
	}
}

#endif
