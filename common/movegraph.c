/*
 * movegraph.c — the lexicon laid out for search, as movegraph.h describes.
 *
 * A run starts at every node that begins a sibling list or that a child
 * index points at (a pointer into the middle of a list, which a KWG may
 * hold, starts a shorter run of its own).  Runs are laid out in node
 * order, each as its header and a word per node up to the end of
 * its list; a bit per node and a count per 64 nodes give a node's run
 * number, and from it the run's offset: a header more per run before it
 * when every run is a whole list (as lexcompile writes them), else from
 * a table by run number.  One pass writes everything.  The loader (lex.c) has checked every child index and that
 * lists are in ascending tile order (the separator, tile 0, first), so a
 * run's arcs map one to one onto the bits of its masks.
 */
#include <stdlib.h>
#include <string.h>
#include "bigmem.h"
#include "movegraph.h"

#define MG_MAX_WORDS ((size_t)1 << 26)

struct mg_index {
	uint64_t *start;     /* bit i: a run starts at node i */
	uint32_t *before;    /* runs starting before node 64 * b */
	uint32_t *off;       /* offset by run number; NULL when every run is a
	                        whole list, each then a header further on */
	uint32_t hdr;        /* header words: 1, or 2 when wide */
};

/* Offset of the run starting at node c. */
static uint32_t
mg_offset(const struct mg_index *ix, uint32_t c)
{
	uint64_t below = ix->start[c >> 6] & ((((uint64_t)1) << (c & 63)) - 1);
	uint32_t rank = ix->before[c >> 6] + (uint32_t)bits_popcount64(below);

	return ix->off != NULL ? ix->off[rank] : c + ix->hdr * rank;
}

/* Last node of the list that node s is in. */
static uint32_t
mg_end(const uint32_t *nd, uint32_t n, uint32_t s)
{
	while (s + 1 < n && !lex_node_last(nd[s]))
		s++;
	return s;
}

int
movegraph_build(struct movegraph *mg, const struct lex *lex, struct err *e)
{
	const uint32_t *nd = lex_nodes(lex);
	uint32_t n = lex_node_count(lex), root = lex_gaddag_root(lex);
	uint32_t s, i, end, nruns = 0, nb = n / 64 + 1, b, list = 2;
	struct mg_index ix;
	size_t total = 2;
	int mid = 0;

	memset(mg, 0, sizeof *mg);
	memset(&ix, 0, sizeof ix);
	if (root == 0 || n < 3)
		return 0;
	ix.start = calloc(nb, sizeof *ix.start);
	ix.before = malloc(nb * sizeof *ix.before);
	if (ix.start == NULL || ix.before == NULL)
		goto oom;
	/* Nodes 0 and 1 point at the roots; lists start at node 2. */
	for (i = 2; i < n; i++) {
		uint32_t c = lex_node_child(nd[i]);

		if (lex_node_tile(nd[i]) > 32)
			mg->wide = 1;
		if (i == list)
			ix.start[i >> 6] |= (uint64_t)1 << (i & 63);
		if (c != 0) {
			ix.start[c >> 6] |= (uint64_t)1 << (c & 63);
			if (c > 2 && !lex_node_last(nd[c - 1]))
				mid = 1;
		}
		if (lex_node_last(nd[i]))
			list = i + 1;
	}
	ix.start[root >> 6] |= (uint64_t)1 << (root & 63);
	for (b = 0; b < nb; b++) {
		ix.before[b] = nruns;
		nruns += (uint32_t)bits_popcount64(ix.start[b]);
	}
	ix.hdr = 1 + (uint32_t)mg->wide;
	if (!mid) {
		total = (size_t)n + ix.hdr * (size_t)nruns;
	} else {
		ix.off = malloc(((size_t)nruns + 1) * sizeof *ix.off);
		if (ix.off == NULL)
			goto oom;
		for (s = 2, b = 0; s < n; s++)
			if ((ix.start[s >> 6] >> (s & 63)) & 1) {
				ix.off[b++] = (uint32_t)total;
				total += ix.hdr + (size_t)(mg_end(nd, n, s) - s + 1);
				if (total > MG_MAX_WORDS)
					break;
			}
	}
	if (total > MG_MAX_WORDS) {
		err_set(e, 0, "lexicon too large for the move generator");
		goto fail;
	}
	mg->w = bigmem_malloc(total * sizeof *mg->w);
	if (mg->w == NULL)
		goto oom;
	mg->w[0] = mg->w[1] = 0;
	for (s = 2; s < n; s++) {
		uint32_t R, lo = 0, hi = 0, *w = mg->w;

		if (((ix.start[s >> 6] >> (s & 63)) & 1) == 0)
			continue;
		R = mg_offset(&ix, s);
		end = mg_end(nd, n, s);
		for (i = s; i <= end; i++) {
			uint32_t c = lex_node_child(nd[i]);
			int t = lex_node_tile(nd[i]);

			w[R + ix.hdr + (i - s)] = (c != 0 ? mg_offset(&ix, c) : 0) |
			    (uint32_t)lex_node_accepts(nd[i]) << 26 |
			    (uint32_t)(t == 0) << 31;
			if (t == 0)
				hi |= (uint32_t)1 << 31;
			else if (t <= 32)
				lo |= (uint32_t)1 << (t - 1);
			else
				hi |= (uint32_t)1 << (t - 33);
		}
		w[R] = lo;
		if (mg->wide)
			w[R + 1] = hi;
	}
	mg->nwords = total;
	mg->root = mg_offset(&ix, root);
	free(ix.start);
	free(ix.before);
	free(ix.off);
	return 0;
oom:
	err_set(e, 0, "out of memory");
fail:
	free(ix.start);
	free(ix.before);
	free(ix.off);
	free(mg->w);
	memset(mg, 0, sizeof *mg);
	return -1;
}

void
movegraph_free(struct movegraph *mg)
{
	free(mg->w);
	memset(mg, 0, sizeof *mg);
}
