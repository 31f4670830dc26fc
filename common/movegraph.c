/*
 * movegraph.c — the GADDAG laid out for search, as movegraph.h describes.
 *
 * Runs are laid out breadth first from the GADDAG root: a first walk gives
 * each run reachable from it an offset, a second writes them.  The loader
 * (lex.c) has checked every child index and that runs are in ascending
 * tile order with no cycles, so the walks end and the arcs of a run map
 * one to one onto the bits of its masks.
 */
#include <stdlib.h>
#include <string.h>
#include "movegraph.h"

#define MG_MAX_WORDS ((size_t)1 << 26)   /* 25-bit offsets of even words */

struct mg_build {
	const uint32_t *nodes;
	uint32_t n;
	uint32_t *off;         /* lexicon run -> offset (0: not yet placed) */
	uint8_t *height;       /* per lexicon run: movegraph.h's two heights */
	uint8_t *sep_height;
	uint32_t *queue;       /* runs in the order laid out */
	size_t nq;
	size_t next;           /* next free word */
};

static int
mg_is_letter(int t)
{
	return t > 0 && t < 64;
}

/* Gives run an offset the first time it is met. */
static int
mg_visit(struct mg_build *b, uint32_t run)
{
	size_t size = 3;
	uint32_t i;

	if (run == 0 || b->off[run] != 0)
		return 0;
	for (i = run; i < b->n; i++) {
		if (mg_is_letter(lex_node_tile(b->nodes[i])))
			size++;
		if (lex_node_last(b->nodes[i]))
			break;
	}
	size += size & 1;
	if (b->next + size > MG_MAX_WORDS)
		return -1;
	b->off[run] = (uint32_t)b->next;
	b->next += size;
	b->queue[b->nq++] = run;
	return 0;
}

/* Heights of every run, if children come before parents (every child
 * index below the start of its parent's run); 0 if not. */
static int
mg_heights(struct mg_build *b)
{
	uint32_t s, i, end;

	for (s = 2; s < b->n; s = end + 1) {
		int h = 0, sh = 0;

		for (end = s; end + 1 < b->n && !lex_node_last(b->nodes[end]); end++)
			;
		for (i = s; i <= end; i++) {
			uint32_t c = lex_node_child(b->nodes[i]);
			int t = lex_node_tile(b->nodes[i]);

			if (c >= s)
				return 0;
			if (t == 0) {
				if (c != 0 && b->height[c] > sh)
					sh = b->height[c];
			} else if (mg_is_letter(t)) {
				int ch = c != 0 ? b->height[c] : 0;

				if (1 + ch > h)
					h = 1 + ch;
				if (c != 0 && b->sep_height[c] > sh)
					sh = b->sep_height[c];
			}
		}
		/* Capped: only up to MOVEGRAPH_HEIGHT_MAX is ever stored. */
		b->height[s] = (uint8_t)(h > 100 ? 100 : h);
		b->sep_height[s] = (uint8_t)(sh > 100 ? 100 : sh);
	}
	return 1;
}

static uint32_t
mg_arc_word(const struct mg_build *b, uint32_t child, int accepts)
{
	int h = MOVEGRAPH_HEIGHT_MAX, sh = MOVEGRAPH_HEIGHT_MAX;

	if (b->height != NULL) {
		h = child != 0 ? b->height[child] : 0;
		sh = child != 0 ? b->sep_height[child] : 0;
		if (h > MOVEGRAPH_HEIGHT_MAX)
			h = MOVEGRAPH_HEIGHT_MAX;
		if (sh > MOVEGRAPH_HEIGHT_MAX)
			sh = MOVEGRAPH_HEIGHT_MAX;
	}
	return (child != 0 ? b->off[child] >> 1 : 0) |
	    (uint32_t)accepts << 25 | (uint32_t)h << 26 | (uint32_t)sh << 29;
}

/* Writes the run at lexicon node run. */
static void
mg_write(const struct mg_build *b, uint32_t *w, uint32_t run)
{
	uint32_t R = b->off[run], i, lo = 0, hi = 0, k = 0;

	for (i = run; i < b->n; i++) {
		int t = lex_node_tile(b->nodes[i]);

		if (t > 0 && t <= 32)
			lo |= (uint32_t)1 << (t - 1);
		else if (t > 32 && t < 64)
			hi |= (uint32_t)1 << (t - 33);
		if (lex_node_last(b->nodes[i]))
			break;
	}
	w[R] = lo;
	w[R + 1] = hi;
	w[R + 2] = 0;
	/* Runs are in ascending tile order: the k-th letter arc is the k-th
	 * set bit of lo, then of hi. */
	for (i = run; i < b->n; i++) {
		uint32_t nd = b->nodes[i], c = lex_node_child(nd);
		int t = lex_node_tile(nd);

		if (t == 0) {
			if (c != 0)
				w[R + 2] = mg_arc_word(b, c, 0);
		} else if (mg_is_letter(t)) {
			w[R + 3 + k++] = mg_arc_word(b, c, lex_node_accepts(nd));
		}
		if (lex_node_last(nd))
			break;
	}
}

int
movegraph_build(struct movegraph *mg, const struct lex *lex, struct err *e)
{
	struct mg_build b;
	uint32_t root = lex_gaddag_root(lex);
	size_t q;
	int rc = -1;

	memset(mg, 0, sizeof *mg);
	if (root == 0)
		return 0;
	memset(&b, 0, sizeof b);
	b.nodes = lex_nodes(lex);
	b.n = lex_node_count(lex);
	b.next = 2;
	b.off = calloc(b.n, sizeof *b.off);
	b.queue = malloc((size_t)b.n * sizeof *b.queue);
	b.height = malloc(b.n);
	b.sep_height = malloc(b.n);
	if (b.off == NULL || b.queue == NULL || b.height == NULL ||
	    b.sep_height == NULL)
		goto oom;
	if (!mg_heights(&b)) {
		free(b.height);
		free(b.sep_height);
		b.height = b.sep_height = NULL;
	}
	if (mg_visit(&b, root) != 0)
		goto big;
	for (q = 0; q < b.nq; q++) {
		uint32_t i;

		for (i = b.queue[q]; i < b.n; i++) {
			if (mg_visit(&b, lex_node_child(b.nodes[i])) != 0)
				goto big;
			if (lex_node_last(b.nodes[i]))
				break;
		}
	}
	mg->w = malloc(b.next * sizeof *mg->w);
	if (mg->w == NULL)
		goto oom;
	mg->w[0] = mg->w[1] = 0;
	for (q = 0; q < b.nq; q++) {
		uint32_t R = b.off[b.queue[q]];
		size_t end = q + 1 < b.nq ? b.off[b.queue[q + 1]] : b.next;

		/* The padding word, if any, is zeroed too. */
		memset(mg->w + R, 0, (end - R) * sizeof *mg->w);
		mg_write(&b, mg->w, b.queue[q]);
	}
	mg->nwords = b.next;
	mg->root = b.off[root];
	rc = 0;
	goto out;
big:
	err_set(e, 0, "lexicon too large for the move generator");
	goto out;
oom:
	err_set(e, 0, "out of memory");
out:
	free(b.off);
	free(b.queue);
	free(b.height);
	free(b.sep_height);
	return rc;
}

void
movegraph_free(struct movegraph *mg)
{
	free(mg->w);
	memset(mg, 0, sizeof *mg);
}
