/*
 * gen.c — the generator's workspace and every legal move by a GADDAG
 * (Gordon 1994), as gen.h describes; the best move's search is in
 * gen_best.c, and what the two share in gen_impl.h.  The walk itself
 * (gen_anchor and below) is gen_walk.h, included twice.
 *
 * The board is looked at in two orientations: d = 0 (across) is the board
 * itself, d = 1 (down) its transpose, so one routine generates along
 * "rows" of width W for both.  For each orientation we precompute, per
 * square: the tile, the cross-set (letters a new tile there may be, given
 * the tiles above and below it in that orientation), the cross-score (sum
 * of those perpendicular tiles, -1 when there are none), the premiums, and
 * whether it is an anchor (an empty square touching a tile, or the start
 * square on an empty board, across only).
 *
 * A move is generated once, from the leftmost anchor it covers: going left
 * from anchor a never enters the previous anchor of the row (left_min).
 * A one-tile play forming words both ways comes out across only.
 *
 * Speed: the search walks the GADDAG as movegraph.h lays it out, so the
 * letters worth trying at a square (cross-set, rack) are picked out by
 * bit operations and their arcs found by counting bits; a square that
 * cannot go on (a tile there without an arc, nothing from the rack fits)
 * is seen before a call; cross-sets are redone only in lines a changed
 * square touches.
 */
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "bigmem.h"
#include "equity.h"
#include "gen_impl.h"
#include "movegraph.h"

struct gen *
gen_create(const struct rules *r, const struct lex *lex, struct err *e)
{
	/* Its row sums and memos are a few hundred kilobytes, under half
	 * a huge page, so bigmem_calloc gives an ordinary block.  (Put on
	 * a huge page, self-play was no faster to measure.) */
	struct gen *g = bigmem_calloc(sizeof *g);
	int t;

	if (g == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	g->r = r;
	g->lex = lex;
	g->nodes = lex_nodes(lex);
	g->dawg_root = lex_dawg_root(lex);
	for (t = 1; t <= r->nletters && t < RULES_MAX_TILES; t++)
		g->all_letters |= (uint64_t)1 << t;
	for (t = 0; t < RULES_MAX_TILES; t++)
		g->values[t] = r->values[t];
	g->values[0] = 0;
	g->rack_size = r->rack_size;
	g->bingo = r->bingo_bonus;
#ifdef GEN_POPCNT
	g->popcnt = __builtin_cpu_supports("popcnt") != 0;
#endif
	memset(g->ext, 0xff, sizeof g->ext);
	for (t = 0; t < (1 << GEN_SUB_MAX); t++)
		g->ident[t] = (uint8_t)t;
	if (movegraph_build(&g->mg, lex, e) != 0) {
		free(g);
		return NULL;
	}
	g->w = g->mg.w;
	g->wide = g->mg.wide;
	return g;
}

void
gen_destroy(struct gen *g)
{
	if (g == NULL)
		return;
	movegraph_free(&g->mg);
	wordsig_free(&g->sigs);
	wordmap_free(&g->map);
	free(g->fit);
	free(g->fit_memo);
	free(g->fit2);
	free(g->words);
	free(g->spans);
	free(g->bnext);
	free(g->bhead);
	free(g->moves);
	free(g);
}

const struct move *
gen_moves(const struct gen *g)
{
	return g->moves;
}

/* The arc for tile t in the sibling run starting at run, or 0.  Runs are in
 * ascending tile order, so the scan stops early. */
static inline uint32_t
gen_follow(const uint32_t *nodes, uint32_t run, int t)
{
	uint32_t i;

	if (run == 0)
		return 0;
	for (i = run;; i++) {
		uint32_t n = nodes[i];
		int nt = lex_node_tile(n);

		if (nt == t)
			return i;
		if (nt > t || lex_node_last(n))
			return 0;
	}
}


static int
gen_tile_value(const struct gen *g, uint8_t t)
{
	return TILE_IS_BLANK(t) ? 0 : g->values[TILE_LETTER(t)];
}

/* Cross-set of an empty square: the letters L such that up + L + down is a
 * word, where up/down are the tiles touching it perpendicular to the
 * orientation.  Uses the DAWG. */
static uint64_t
gen_crossset(const struct gen *g, const uint8_t *up, int nup,
	const uint8_t *down, int ndown)
{
	const uint32_t *nodes = g->nodes;
	uint32_t run = g->dawg_root, i, arc;
	uint64_t mask = 0;
	int k;

	for (k = 0; k < nup; k++) {
		arc = gen_follow(nodes, run, TILE_LETTER(up[k]));
		if (arc == 0)
			return 0;
		run = lex_node_child(nodes[arc]);
	}
	if (run == 0)
		return 0;
	for (i = run;; i++) {
		uint32_t n = nodes[i];
		int L = lex_node_tile(n);

		if (L > 0) {
			if (ndown == 0) {
				if (lex_node_accepts(n))
					mask |= (uint64_t)1 << L;
			} else {
				uint32_t r2 = lex_node_child(n);
				uint32_t a = 0;

				for (k = 0; k < ndown && r2 != 0; k++) {
					a = gen_follow(nodes, r2, TILE_LETTER(down[k]));
					if (a == 0)
						break;
					r2 = k + 1 < ndown ? lex_node_child(nodes[a]) : 0;
				}
				if (k == ndown && a != 0 && lex_node_accepts(nodes[a]))
					mask |= (uint64_t)1 << L;
			}
		}
		if (lex_node_last(n))
			break;
	}
	return mask & g->all_letters;
}

/* The letters let[i] whose arcs arc[i] (of n, at most 64; both arrays
 * are used up) go on through letters t[0..nt) (taken last first when
 * back is set) to an arc that ends a word, as a mask.  The paths are
 * walked side by side, a step of each in turn, and a step's runs are all
 * asked for before any is read, so that the reads from the GADDAG
 * (megabytes) overlap. */
static uint64_t
gen_mg_tails(const struct gen *g, uint32_t *arc, uint8_t *let, int n,
	const uint8_t *t, int nt, int back, int accept)
{
	uint32_t run[64];
	uint64_t mask = 0;
	int m = n, q, i;

	for (q = 0; q < nt && m > 0; q++) {
		int L = TILE_LETTER(t[back ? nt - 1 - q : q]), m2 = 0;

		for (i = 0; i < m; i++) {
			run[i] = movegraph_child(arc[i]);
#if defined(__GNUC__)
			__builtin_prefetch(g->w + run[i]);
#endif
		}
		for (i = 0; i < m; i++) {
			uint32_t a = run[i] != 0 ?
			    movegraph_arc(g->w, run[i], L, g->wide) : 0;

			if (a != 0) {
				arc[m2] = a;
				let[m2++] = let[i];
			}
		}
		m = m2;
	}
	for (i = 0; i < m; i++)
		if (!accept || movegraph_accepts(arc[i]))
			mask |= (uint64_t)1 << let[i];
	return mask;
}

/* gen_crossset_mg has walked a run of tiles t[0..n) backwards from the
 * GADDAG root to arc: its pairs go into the memo, so that gen_span_fits
 * need not walk it again (new words on the board are mostly met there
 * first). */
static void
gen_fit_keep(const struct gen *g, const uint8_t *t, int n, uint32_t arc)
{
	struct gen_fit_memo *fm;
	uint64_t tag;

	if (g->fit == NULL || n < 3 || n > GEN_FIT_RUN)
		return;
	tag = gen_fit_tag(t, n);
	fm = gen_fit_slot(g, tag);
	fm->tag = tag;
	fm->pairs = gen_fit_arc(g, arc);
}

/* gen_run_arcs: every arc of the run at run into arcs[], its letter into
 * lets[] (at most 63 of each); returns how many. */
static int
gen_run_arcs(const struct gen *g, uint32_t run, uint32_t *arcs, uint8_t *lets)
{
	const uint32_t *w = g->w;
	uint32_t lo = w[run], hi = movegraph_hi(w, run, g->wide), m;
	uint32_t base = movegraph_arcs(w, run, g->wide);
	int idx, n = 0;

	for (idx = 0, m = lo; m != 0; m &= m - 1, idx++) {
		arcs[n] = w[base + (uint32_t)idx];
		lets[n++] = (uint8_t)(gen_lowest_bit32(m) + 1);
	}
	for (m = hi; m != 0; m &= m - 1, idx++) {
		arcs[n] = w[base + (uint32_t)idx];
		lets[n++] = (uint8_t)(gen_lowest_bit32(m) + 33);
	}
	return n;
}

/* gen_crossset by the GADDAG (movegraph.h), for a square with tiles on
 * at least one side.  Of the paths a word up + L + down has, the one
 * taken puts the letter L as late as it can: with tiles on one side only
 * it is the last letter of the path, and the letters that end a word
 * there are read off one run; with tiles on both, the side with fewer
 * tiles is what follows each L. */
static uint64_t
gen_crossset_mg(const struct gen *g, const uint8_t *up, int nup,
	const uint8_t *down, int ndown)
{
	const uint32_t *w = g->w;
	uint32_t run = g->mg.root, arc, arcs[64];
	uint8_t lets[64];
	int wide = g->wide, tail_down, n;

	if (ndown == 0 || (nup != 0 && ndown <= nup)) {
		/* up reversed, the separator, then L (and down). */
		arc = gen_mg_path(g, run, up, nup, 1);
		gen_fit_keep(g, up, nup, arc);
		if (arc == 0 || movegraph_child(arc) == 0)
			return 0;
		arc = movegraph_sep(w, movegraph_child(arc), wide);
		tail_down = 1;
	} else {
		/* The whole word reversed: down reversed, L, (up reversed). */
		arc = gen_mg_path(g, run, down, ndown, 1);
		gen_fit_keep(g, down, ndown, arc);
		tail_down = 0;
	}
	if (arc == 0 || (run = movegraph_child(arc)) == 0)
		return 0;
	n = gen_run_arcs(g, run, arcs, lets);
	return gen_mg_tails(g, arcs, lets, n, tail_down ? down : up,
	    tail_down ? ndown : nup, !tail_down, 1) & g->all_letters;
}

/* The letters L such that up + L + down stands in some word (not
 * necessarily as all of it), for a square with tiles on at least one side
 * in the line: what a move along that line may put there.  The path
 * from the GADDAG root is down reversed, L, up reversed; it need not end
 * a word. */
static uint64_t
gen_extset_mg(const struct gen *g, const uint8_t *up, int nup,
	const uint8_t *down, int ndown)
{
	uint32_t run = g->mg.root, arc, arcs[64];
	uint8_t lets[64];
	int n;

	if (ndown > 0) {
		arc = gen_mg_path(g, run, down, ndown, 1);
		if (arc == 0 || (run = movegraph_child(arc)) == 0)
			return 0;
	}
	n = gen_run_arcs(g, run, arcs, lets);
	return gen_mg_tails(g, arcs, lets, n, up, nup, 1, 0) & g->all_letters;
}

/* Cross-set and cross-score of square k = i * W + j of orientation d. */
static void
gen_cross_square(struct gen *g, int d, int i, int j)
{
	const uint8_t *T = g->tile[d];
	int R = g->R[d], W = g->W[d], k = i * W + j, top, bot, sum = 0, q;
	uint8_t up[RULES_MAX_DIM], down[RULES_MAX_DIM];
	uint64_t key = 0;

	if (T[k] != 0) {
		g->cross[d][k] = 0;
		g->cscore[d][k] = -1;
		g->ext[1 - d][j * R + i] = 0;
		return;
	}
	for (top = i; top > 0 && T[(top - 1) * W + j]; top--)
		;
	for (bot = i; bot + 1 < R && T[(bot + 1) * W + j]; bot++)
		;
	if (top == i && bot == i) {
		g->cross[d][k] = g->all_letters;
		g->cscore[d][k] = -1;
		g->ext[1 - d][j * R + i] = g->all_letters;
		return;
	}
	/* The line's letters, 6 bits each, make the key of its cross-set
	 * memo (for a line of at most GEN_CROSS_LETTERS). */
	for (q = top; q < i; q++) {
		up[q - top] = T[q * W + j];
		sum += gen_tile_value(g, up[q - top]);
		key = key << 6 | TILE_LETTER(up[q - top]);
	}
	for (q = i + 1; q <= bot; q++) {
		down[q - i - 1] = T[q * W + j];
		sum += gen_tile_value(g, down[q - i - 1]);
		key = key << 6 | TILE_LETTER(down[q - i - 1]);
	}
	g->cscore[d][k] = (int16_t)sum;
	/* Short lines of tiles come back again and again, in a game and
	 * from game to game (two in three are seen before): their
	 * cross-sets are kept, by the line's letters and where in it the
	 * square is. */
	if (bot - top <= GEN_CROSS_LETTERS) {
		uint64_t at;
		struct gen_cross_memo *cm;

		key |= (uint64_t)(i - top) << 60;
		at = (key * 0x9e3779b97f4a7c15u) >> (64 - GEN_CROSS_MEMO_BITS);
		cm = &g->cross_memo[at];
		if (g->ext_on && cm->key != key)
			g->cross_memo_ext[at] = gen_extset_mg(g, up, i - top,
			    down, bot - i);
		g->ext[1 - d][j * R + i] = g->ext_on ? g->cross_memo_ext[at] :
		    ~(uint64_t)0;
		/* A line on one side is mostly a word: its entry has the
		 * cross-set, and the pairs gen_span_fits will want. */
		if (cm->key != key && g->words != NULL &&
		    (top == i || bot == i) && bot - top >= 2) {
			uint64_t tag = top == i ? gen_fit_tag(down, bot - i) :
			    gen_fit_tag(up, i - top);
			const struct gen_word *gw = gen_word_find(g, tag);

			if (gw != NULL) {
				cm->key = key;
				cm->mask = top == i ? gw->front : gw->back;
				if (bot - top >= 3) {
					struct gen_fit_memo *fm = gen_fit_slot(g, tag);

					fm->tag = tag;
					fm->pairs = gw->pairs;
				}
			}
		}
		/* Between two lines, the cross-set is mostly empty, and
		 * the lines' pairs (gen_fit_pairs: a table for one or two
		 * letters, else mostly the memo) often tell so before a
		 * walk: up must start a word with ndown + 1 letters after
		 * it, and down end one with nup + 1 before it. */
		if (cm->key != key && g->fit != NULL && top < i && bot > i &&
		    i - top < GEN_FIT_MAX && bot - i < GEN_FIT_MAX) {
			int nup = i - top, ndown = bot - i;

			if (((gen_fit_pairs(g, up, nup) >> (ndown + 1)) & 1) == 0 ||
			    ((gen_fit_pairs(g, down, ndown) >> (8 * (nup + 1))) &
			    1) == 0) {
				cm->key = key;
				cm->mask = 0;
			}
		}
		if (cm->key != key) {
			cm->key = key;
			cm->mask = g->mg.root != 0 ?
			    gen_crossset_mg(g, up, i - top, down, bot - i) :
			    gen_crossset(g, up, i - top, down, bot - i);
		}
		g->cross[d][k] = cm->mask;
		return;
	}
	g->cross[d][k] = g->mg.root != 0 ?
	    gen_crossset_mg(g, up, i - top, down, bot - i) :
	    gen_crossset(g, up, i - top, down, bot - i);
	g->ext[1 - d][j * R + i] = g->ext_on ? gen_extset_mg(g, up, i - top,
	    down, bot - i) : ~(uint64_t)0;
}

/* Whether square (i, j) of the board (tile[0]) is an anchor: empty and
 * touching a tile.  The same in both orientations. */
static void
gen_set_anchor(struct gen *g, int i, int j)
{
	const uint8_t *T = g->tile[0];
	int R = g->R[0], W = g->W[0], k = i * W + j;
	uint8_t a = T[k] == 0 &&
	    ((i > 0 && T[k - W]) || (i + 1 < R && T[k + W]) ||
	     (j > 0 && T[k - 1]) || (j + 1 < W && T[k + 1]));

	if (a != g->anchor[0][k]) {
		g->row_anchors[0][i] += a - g->anchor[0][k];
		g->row_anchors[1][j] += a - g->anchor[0][k];
		g->rowfix[0][i].valid = g->rowfix[1][j].valid = 0;
	}
	g->anchor[0][k] = a;
	g->anchor[1][j * R + i] = a;
}

/* gen_prepare: adds square k (board index, plus SQ for the down
 * orientation) to the list of cross-sets to redo, unless it is there
 * (marked in seen[]). */
static void
gen_cross_later(int *redo, int *n, uint8_t *seen, int k)
{
	if (seen[k])
		return;
	seen[k] = 1;
	redo[(*n)++] = k;
}

/* gen_prepare, starting over: no square is an anchor, and no row's
 * sums are kept. */
static void
gen_forget_rows(struct gen *g)
{
	int d, i;

	for (d = 0; d < 2; d++)
		for (i = 0; i < RULES_MAX_DIM; i++)
			g->rowfix[d][i].valid = g->rowfix[d][i].gaps_set = 0;
	memset(g->anchor, 0, sizeof g->anchor);
	memset(g->row_anchors, 0, sizeof g->row_anchors);
}

/* gen_prepare for an empty board of the last call's size, after a board
 * with tiles: a new game.  Everything is set as for no tiles at all,
 * which is cheaper than taking the last game's tiles off one by one
 * (each with its anchors and cross-sets, a hundred squares). */
static void
gen_prepare_clear(struct gen *g)
{
	int d, k;

	memset(g->tile, 0, sizeof g->tile);
	memset(g->tval, 0, sizeof g->tval);
	for (d = 0; d < 2; d++)
		for (k = 0; k < SQ; k++) {
			g->cross[d][k] = g->all_letters;
			g->ext[d][k] = g->all_letters;
			g->cscore[d][k] = -1;
		}
	gen_forget_rows(g);
	g->ntiles = 0;
}

/* Fills the per-orientation arrays for board b.  The board of the last call
 * is kept: in a game it changes by a move or two between calls, so only
 * what a changed square touches is done again (anchors next to it,
 * cross-sets at it and at the ends of the tiles it joins). */
void
gen_prepare(struct gen *g, const struct board *b)
{
	int d, i, j, rows = b->rows, cols = b->cols, any = 0, all = 0, q;
	/* Squares that changed: only they and their neighbours may have
	 * become or stopped being anchors. */
	int changed[SQ], nchanged = 0, redo[2 * SQ], nredo = 0;
	uint8_t seen[2 * SQ];

	if (!g->prepared || g->R[0] != rows || g->W[0] != cols) {
		g->R[0] = rows; g->W[0] = cols;
		g->R[1] = cols; g->W[1] = rows;
		g->ntiles = 0;
		for (i = 0; i < rows; i++)
			for (j = 0; j < cols; j++) {
				uint8_t t = b->sq[i * cols + j];
				uint8_t p = g->r->premium[i * cols + j];

				g->tile[0][i * cols + j] = t;
				g->tile[1][j * rows + i] = t;
				g->ntiles += t != 0;
				g->tval[0][i * cols + j] = g->tval[1][j * rows + i] =
				    (int16_t)(t ? gen_tile_value(g, t) : 0);
				g->lmul[0][i * cols + j] = g->lmul[1][j * rows + i] =
				    (uint8_t)rules_letter_mult(p);
				g->wmul[0][i * cols + j] = g->wmul[1][j * rows + i] =
				    (uint8_t)rules_word_mult(p);
			}
		any = all = 1;
		g->prepared = 1;
	} else if (g->ntiles > 0 && b->ntiles == 0 && board_count(b) == 0) {
		gen_prepare_clear(g);
		return;
	} else {
		for (i = 0; i < rows; i++) {
			if (memcmp(g->tile[0] + i * cols, b->sq + i * cols,
			    (size_t)cols) == 0)
				continue;
			for (j = 0; j < cols; j++) {
				uint8_t t = b->sq[i * cols + j];

				if (g->tile[0][i * cols + j] == t)
					continue;
				changed[nchanged++] = i * cols + j;
				g->ntiles += (t != 0) - (g->tile[0][i * cols + j] != 0);
				g->rowfix[0][i].valid = g->rowfix[1][j].valid = 0;
				g->rowfix[0][i].gaps_set = 0;
				g->rowfix[1][j].gaps_set = 0;
				g->tile[0][i * cols + j] = t;
				g->tile[1][j * rows + i] = t;
				g->tval[0][i * cols + j] = g->tval[1][j * rows + i] =
				    (int16_t)(t ? gen_tile_value(g, t) : 0);
				any = 1;
			}
		}
	}
	if (!any)
		return;
	if (all) {
		gen_forget_rows(g);
		for (i = 0; i < rows; i++)
			for (j = 0; j < cols; j++)
				gen_set_anchor(g, i, j);
	} else {
		for (q = 0; q < nchanged; q++) {
			i = changed[q] / cols;
			j = changed[q] % cols;
			gen_set_anchor(g, i, j);
			if (i > 0)
				gen_set_anchor(g, i - 1, j);
			if (i + 1 < rows)
				gen_set_anchor(g, i + 1, j);
			if (j > 0)
				gen_set_anchor(g, i, j - 1);
			if (j + 1 < cols)
				gen_set_anchor(g, i, j + 1);
		}
	}
	if (all) {
		for (d = 0; d < 2; d++)
			for (j = 0; j < g->W[d]; j++)
				for (i = 0; i < g->R[d]; i++)
					gen_cross_square(g, d, i, j);
		return;
	}
	/* A cross-set depends on the tiles just above and below its square
	 * (in its orientation): only the changed square and, on each side
	 * of it, the first square past the tiles next to it can differ.
	 * The tiles of one move share those squares: each is done once. */
	memset(seen, 0, sizeof seen);
	for (q = 0; q < nchanged; q++) {
		int ci = changed[q] / cols, cj = changed[q] % cols, x;

		for (x = ci - 1; x >= 0 && b->sq[x * cols + cj]; x--)
			;
		if (x >= 0)
			gen_cross_later(redo, &nredo, seen, x * cols + cj);
		for (x = ci + 1; x < rows && b->sq[x * cols + cj]; x++)
			;
		if (x < rows)
			gen_cross_later(redo, &nredo, seen, x * cols + cj);
		for (x = cj - 1; x >= 0 && b->sq[ci * cols + x]; x--)
			;
		if (x >= 0)
			gen_cross_later(redo, &nredo, seen, SQ + ci * cols + x);
		for (x = cj + 1; x < cols && b->sq[ci * cols + x]; x++)
			;
		if (x < cols)
			gen_cross_later(redo, &nredo, seen, SQ + ci * cols + x);
		/* The changed square itself, both ways. */
		gen_cross_later(redo, &nredo, seen, changed[q]);
		gen_cross_later(redo, &nredo, seen, SQ + changed[q]);
	}
	for (q = 0; q < nredo; q++) {
		int k = redo[q] % SQ;

		/* The row of a redone square is summed up anew. */
		if (redo[q] < SQ) {
			gen_cross_square(g, 0, k / cols, k % cols);
			g->rowfix[0][k / cols].valid = 0;
		} else {
			gen_cross_square(g, 1, k % cols, k / cols);
			g->rowfix[1][k % cols].valid = 0;
		}
	}
}

static int
gen_grow(struct gen *g)
{
	long ncap = g->cap ? g->cap * 2 : 4096;
	struct move *m;

	if ((size_t)ncap > SIZE_MAX / sizeof *m)
		return -1;
	m = realloc(g->moves, (size_t)ncap * sizeof *m);
	if (m == NULL)
		return -1;
	g->moves = m;
	g->cap = ncap;
	return 0;
}

/* gen_fill: move m as the word on start..end of the current row, its np
 * tiles in strip[], worth score. */
static inline void
gen_fill(struct gen *g, struct move *m, int start, int end, int np,
	int score)
{
	m->kind = MOVE_PLACE;
	m->dir = (uint8_t)g->dir;
	if (g->dir == 0) {
		m->row = (uint8_t)g->row;
		m->col = (uint8_t)start;
	} else {
		m->row = (uint8_t)start;
		m->col = (uint8_t)g->row;
	}
	m->len = (uint8_t)(end - start + 1);
	m->ntiles = (uint8_t)np;
	m->tiles_known = 1;
	/* Fixed sizes, which the compiler writes as a few moves (the calls
	 * were 2 % of gen_all's instructions): the squares past the word
	 * are zeroed in strip first; the walk writes a square of strip
	 * before it reads it. */
	memset(g->strip + end + 1, 0, RULES_MAX_DIM);
	memcpy(m->tiles, g->strip + start, sizeof m->tiles);
	m->score = score;
}

/* gen_record's choice of the best (gen_best.c's modes), apart: the list's
 * case is then a short function (its register saves were 1 % of
 * gen_all's instructions). */
static void __attribute__((noinline))
gen_record_best(struct gen *g, int start, int end, int np, int score)
{
	struct move tmp, *m = &tmp;
	int64_t ev = 0;
	int j;

	if (g->eq != NULL) {
		/* The keep: the whole rack less the tiles placed (strip[] is 0
		 * on the squares played through). */
		int idx = g->eq->full;

		for (j = start; j <= end; j++)
			idx -= g->eq->used[g->strip[j]];
		ev = (int64_t)score * 1000 + g->eq->keep[idx];
		if (!gen_eq_may(g, ev) || (g->have_best && ev == g->best_eq &&
		    (score < g->best.score || (score == g->best.score &&
		    np > g->best.ntiles))))
			return;
	} else if (g->have_best && (score < g->best.score ||
	    (score == g->best.score && np > g->best.ntiles))) {
		return;
	}
	gen_fill(g, m, start, end, np, score);
	if (g->eq != NULL) {
		if (g->have_best && ev == g->best_eq && score == g->best.score &&
		    np == g->best.ntiles && move_order(m, &g->best) >= 0)
			return;
		g->best = *m;
		g->best_eq = g->eq_thr = ev;
		g->have_best = 1;
	} else {
		if (g->have_best && score == g->best.score && np == g->best.ntiles &&
		    move_order(m, &g->best) >= 0)
			return;
		g->best = *m;
		g->have_best = 1;
	}
}

/* A complete word from column start to end of the current row, its
 * tiles in strip[]: ms is its letters' sum (letter premiums applied), wm
 * its word premium, cs its cross-words' scores, np the tiles placed.
 * Scored, and added to the list (gen_all) or kept if it beats the best
 * so far (best_mode, or by equity when eq is set: gen_best.c). */
void
gen_record(struct gen *g, int start, int end, int ms, int wm, int cs, int np)
{
	int score, j;

	if (end - start + 1 < 2)
		return;
	if (g->dir == 1 && np == 1) {
		/* Across already has this one-tile play if it forms an across
		 * word: its cross-score here says so. */
		for (j = start; j <= end; j++)
			if (g->strip[j] != 0)
				break;
		if (g->rcscore[j] >= 0)
			return;
	}
	score = ms * wm + cs + (np == g->rack_size ? g->bingo : 0);
	if (g->eq != NULL || g->best_mode) {
		gen_record_best(g, start, end, np, score);
		return;
	}
	/* gen_all's list.  Out of memory once, the walk goes on (its own
	 * test of it was 1 % of gen_all's instructions) but records
	 * nothing. */
	if (g->nmoves == g->cap && (g->oom || gen_grow(g) != 0)) {
		g->oom = 1;
		return;
	}
	gen_fill(g, &g->moves[g->nmoves++], start, end, np, score);
}

/* The walk, four times (gen_walk.h): any x86-64 or POPCNT, gen_all's or
 * gen_best's (spans kept to). */
#define GW(name) gen_##name##_plain
#define GW_POPCOUNT32 bits_popcount32
#define GW_ATTR
#define GW_SPANS(g) 0
#include "gen_walk.h"
#undef GW
#undef GW_SPANS
#define GW(name) gen_##name##_plain_spans
#define GW_SPANS(g) ((g)->restrict_spans)
#include "gen_walk.h"
#undef GW
#undef GW_SPANS
#undef GW_POPCOUNT32
#undef GW_ATTR
#ifdef GEN_POPCNT
#define GW(name) gen_##name##_popcnt
#define GW_POPCOUNT32 __builtin_popcount
#define GW_ATTR __attribute__((target("popcnt")))
#define GW_SPANS(g) 0
#include "gen_walk.h"
#undef GW
#undef GW_SPANS
#define GW(name) gen_##name##_popcnt_spans
#define GW_SPANS(g) ((g)->restrict_spans)
#include "gen_walk.h"
#undef GW
#undef GW_SPANS
#undef GW_POPCOUNT32
#undef GW_ATTR
#endif

/* Every move from anchor a of the current row (gen_set_row) by the
 * GADDAG, to gen_record: going left, no further than left_min. */
void
gen_anchor(struct gen *g, int a, int left_min)
{
	g->anch = a;
	g->left_min = left_min;
	g->right_clear = a + 1 == g->width || g->rtile[a + 1] == 0;
	if (g->mg.root == 0)
		return;
#ifdef GEN_POPCNT
	if (g->popcnt) {
		if (g->restrict_spans)
			gen_anchor_popcnt_spans(g, a);
		else
			gen_anchor_popcnt(g, a);
		return;
	}
#endif
	if (g->restrict_spans)
		gen_anchor_plain_spans(g, a);
	else
		gen_anchor_plain(g, a);
}

/* The rack of p's player to move into g: counts, letters, masks. */
void
gen_load_rack(struct gen *g, const struct position *p)
{
	int t, n = 0;

	memcpy(g->rack, p->racks[p->to_move], sizeof g->rack);
	for (t = g->r->nletters + 1; t < RULES_MAX_TILES; t++)
		g->rack[t] = 0;
	n = g->rack[0];
	g->rackmask = 0;
	g->nrack_letters = 0;
	for (t = 1; t <= g->r->nletters; t++)
		if (g->rack[t] != 0) {
			n += g->rack[t];
			g->rackmask |= (uint64_t)1 << t;
			if (g->nrack_letters < RULES_MAX_RACK)
				g->rack_letters[g->nrack_letters++] = (uint8_t)t;
		}
	g->rack_tiles = n;
	g->avail = g->rack[0] != 0 ? g->all_letters : g->rackmask;
}

/* gen_line_masks: bit j of *empty set where t[j] is 0, of *anchors where
 * an[j] is not, j below w; at is t's offset in its SQ-square array.  By
 * SSE2 compares where sixteen bytes a load stay inside the array (the
 * byte loop was a third of gen_near). */
static void
gen_line_masks(const uint8_t *t, const uint8_t *an, int w, int at,
	uint32_t *empty, uint32_t *anchors)
{
	uint32_t e = 0, a = 0;
	int j = 0;

#ifdef __SSE2__
	const __m128i zero = _mm_setzero_si128();

	for (; j + 16 <= w || (j < w && at + j + 16 <= SQ); j += 16) {
		__m128i vt = _mm_loadu_si128((const __m128i *)(const void *)(t + j));
		__m128i va = _mm_loadu_si128((const __m128i *)(const void *)(an + j));

		e |= (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(vt, zero)) << j;
		a |= (uint32_t)(~_mm_movemask_epi8(_mm_cmpeq_epi8(va, zero)) &
		    0xffff) << j;
	}
	if (j > w) {
		e &= ((uint32_t)1 << w) - 1;
		a &= ((uint32_t)1 << w) - 1;
		j = w;
	}
#endif
	for (; j < w; j++) {
		e |= (uint32_t)(t[j] == 0) << j;
		a |= (uint32_t)(an[j] != 0) << j;
	}
	*empty = e;
	*anchors = a;
}

/* gen_near_allow: the squares of a line (empty: its empty squares, as
 * bits; w long) from which a move near a hot square of h (gen_move_near)
 * can be walked by a rack of k tiles.  Such a move's first anchor is one
 * of its squares: the hot square itself (a square beyond the word, maybe)
 * or within k empty squares of it on either side, as only board tiles and
 * the move's own lie between; past the (k+1)-th nothing is. */
static uint32_t
gen_near_allow(uint32_t empty, uint32_t h, int k, int w)
{
	uint32_t allow = 0, e1;
	int j, x;

	for (; h != 0; h &= h - 1) {
		j = bits_lowest64(h);
		e1 = empty & (((uint32_t)1 << j) - 1);
		for (x = 0; x < k && e1 != 0; x++)
			e1 &= ~((uint32_t)1 << bits_highest64(e1));
		x = e1 != 0 ? bits_highest64(e1) : -1;
		allow |= ((uint32_t)2 << j) - ((uint32_t)1 << (x + 1));
		e1 = empty & ~(((uint32_t)2 << j) - 1);
		for (x = 0; x < k && e1 != 0; x++)
			e1 &= e1 - 1;
		x = e1 != 0 ? bits_lowest64(e1) : w;
		allow |= ((uint32_t)1 << x) - ((uint32_t)1 << j);
	}
	return allow;
}

/* All placements, through gen_record, walked from every anchor (hot
 * NULL) or from those gen_near_allow allows for the hot squares (the
 * walks give some moves near none; gen_near drops them).  On an empty
 * board, the start square's plays, across. */
static void
gen_placements(struct gen *g, const struct position *p,
	const uint32_t (*hot)[RULES_MAX_DIM])
{
	int d, i, j, w;

	gen_prepare(g, &p->board);
	gen_load_rack(g, p);
	if (g->ntiles == 0) {
		gen_set_row(g, 0, g->r->start_row);
		gen_anchor(g, g->r->start_col, 0);
		return;
	}
	for (d = 0; d < 2; d++)
		for (i = 0; i < g->R[d]; i++) {
			uint32_t empty, anchors, allow;
			int last = -1;

			if (hot != NULL && hot[d][i] == 0)
				continue;
			w = g->W[d];
			gen_line_masks(g->tile[d] + i * w, g->anchor[d] + i * w,
			    w, i * w, &empty, &anchors);
			allow = hot == NULL ? anchors : anchors &
			    gen_near_allow(empty, hot[d][i], g->rack_tiles, w);
			if (allow == 0)
				continue;
			gen_set_row(g, d, i);
			for (uint32_t ab = anchors; ab != 0; ab &= ab - 1) {
				j = bits_lowest64(ab);
				if (allow >> j & 1)
					gen_anchor(g, j, last + 1);
				last = j;
			}
		}
}

/* Every distinct non-empty sub-multiset of the rack, by distinct tile. */
static void
gen_exchanges(struct gen *g, const uint8_t *distinct, int nd, int k,
	uint8_t *chosen, int nchosen)
{
	int c, t;

	if (g->oom)
		return;
	if (k == nd) {
		struct move *m;

		if (nchosen == 0)
			return;
		if (g->nmoves == g->cap && gen_grow(g) != 0) {
			g->oom = 1;
			return;
		}
		m = &g->moves[g->nmoves++];
		memset(m, 0, sizeof *m);
		m->kind = MOVE_EXCHANGE;
		m->len = (uint8_t)nchosen;
		m->ntiles = (uint8_t)nchosen;
		m->tiles_known = 1;
		memcpy(m->tiles, chosen, (size_t)nchosen);
		return;
	}
	t = distinct[k];
	for (c = 0; c <= g->rack[t] && nchosen + c <= RULES_MAX_DIM; c++) {
		int q;

		for (q = 0; q < c; q++)
			chosen[nchosen + q] = t == 0 ? TILE_BLANK : (uint8_t)t;
		gen_exchanges(g, distinct, nd, k + 1, chosen, nchosen + c);
	}
}

/* gen_begin: the workspace ready for a generation; -1 if out of memory. */
static int
gen_begin(struct gen *g, struct err *e)
{
	g->nmoves = 0;
	g->oom = 0;
	g->best_mode = 0;
	g->eq = NULL;
	if (g->cap == 0 && gen_grow(g) != 0) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	if (!g->ext_on && g->mg.root != 0) {
		/* The first gen_all: the extension sets, which gen_best does
		 * not use, are kept from now on; the memo's entries and the
		 * board's squares are done again with them. */
		memset(g->cross_memo, 0, sizeof g->cross_memo);
		g->prepared = 0;
		g->ext_on = 1;
	}
	return 0;
}

long
gen_all(struct gen *g, const struct position *p, int bag_count, int flags,
	struct err *e)
{
	if (gen_begin(g, e) != 0)
		return -1;
	if (flags & GEN_PLACEMENTS)
		gen_placements(g, p, NULL);
	if (flags & GEN_EXCHANGES) {
		int min = p->exchange_min >= 0 ? p->exchange_min : g->r->exchange_min;
		uint8_t distinct[RULES_MAX_TILES], chosen[RULES_MAX_DIM];
		int nd = 0, t;

		gen_load_rack(g, p);
		for (t = 1; t < RULES_MAX_TILES; t++)
			if (g->rack[t])
				distinct[nd++] = (uint8_t)t;
		if (g->rack[0])
			distinct[nd++] = 0;      /* blanks last, as racks are written */
		if (bag_count >= min && g->rack_tiles > 0)
			gen_exchanges(g, distinct, nd, 0, chosen, 0);
	}
	if ((flags & GEN_PASS) && !g->oom) {
		if (g->nmoves == g->cap && gen_grow(g) != 0)
			g->oom = 1;
		else {
			struct move *m = &g->moves[g->nmoves++];

			memset(m, 0, sizeof *m);
			m->kind = MOVE_PASS;
			m->tiles_known = 1;
		}
	}
	if (g->oom) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	return g->nmoves;
}

long
gen_near(struct gen *g, const struct position *p,
	const uint32_t hot[2][RULES_MAX_DIM], struct err *e)
{
	long n, out = 0;

	if (gen_begin(g, e) != 0)
		return -1;
	gen_placements(g, p, hot);
	if (g->oom) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	for (n = 0; n < g->nmoves; n++)
		if (gen_move_near(&g->moves[n], hot))
			g->moves[out++] = g->moves[n];
	g->nmoves = out;
	return out;
}

void
gen_leave(const uint8_t rack[RULES_MAX_TILES], const struct move *m,
	uint8_t leave[RULES_MAX_TILES])
{
	int k;

	memcpy(leave, rack, RULES_MAX_TILES);
	if (m->kind == MOVE_PASS || (m->kind == MOVE_EXCHANGE && !m->tiles_known))
		return;
	for (k = 0; k < m->len && k < RULES_MAX_DIM; k++) {
		uint8_t t = m->tiles[k];
		int idx;

		if (t == 0)
			continue;
		idx = TILE_IS_BLANK(t) ? 0 : TILE_LETTER(t);
		if (leave[idx] > 0)
			leave[idx]--;
	}
}
