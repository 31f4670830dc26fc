/*
 * gen_impl.h — private to gen.c and gen_best.c, the move generator's two
 * halves: the definition of struct gen and what both use.  No other file
 * includes it; the API is gen.h (the workspace, every move) and
 * gen_best.h (the best move).
 *
 * gen.c owns the board's state in the workspace (tiles, cross-sets,
 * anchors, premiums, in two orientations), the GADDAG walk and
 * gen_record, which keeps what a search finds: the list for gen_all, the
 * best move for gen_best's walk and for its search by anagrams.
 * gen_best.c owns the rest of struct gen (its tables, row sums, queue
 * and memos); gen.c's cross-sets read its tables of word parts once
 * gen_best_ready has built them.
 *
 * What both halves call in their loops is static inline here, as it was
 * inlined when they were one file.
 */
#ifndef ORDVERK_GEN_IMPL_H
#define ORDVERK_GEN_IMPL_H

#include <stdint.h>
#include "bits.h"
#include "board.h"
#include "gen.h"
#include "gen_best.h"
#include "lex.h"
#include "move.h"
#include "movegraph.h"
#include "rules.h"
#include "wordmap.h"
#include "wordsig.h"

#define SQ RULES_MAX_SQUARES

/* gen_best's span test (gen_span_ok): spans holding more tiles already on
 * the board than GEN_SPAN_FIXED, and racks of more than GEN_SUB_MAX
 * letters, are not looked into; answers are memoised in GEN_SPAN_MEMO
 * slots. */
#define GEN_SPAN_FIXED 6
#define GEN_SUB_MAX    8
#define GEN_SPAN_MEMO  1024
#define GEN_CROSS_MEMO_BITS 13
#define GEN_CROSS_LETTERS 10
#define GEN_PASS_MEMO  256
#define GEN_TILES_MEMO 64
#define GEN_PASS_MAX   48
#define GEN_NEED_MAX   4
/* gen_best's span test by the runs of tiles in a span (gen_span_fits):
 * letters before and after a run counted up to GEN_FIT_MAX, and the
 * pairs of runs of up to GEN_FIT_RUN letters memoised in GEN_FIT_MEMO
 * entries. */
#define GEN_FIT_MAX    7
#define GEN_FIT_RUN    10
#define GEN_FIT_MEMO   65536

/* A span gen_best may fill: squares lo..hi of a row, k of them empty,
 * with the parts of its bound (gen_anchor_bound): tiles there, word
 * premium, letter sum of the best rack tiles on the best letter premiums
 * (arranged) and capped by each square's best letter (capped), and the
 * cross-words.  In gen_best_spans' queue, a span stands for itself and
 * the narrower ones of its start: empty squares e1..e2 of the row, then
 * e1..e2 - 1 down to e1..e2lo. */
struct gen_span {
	int bound, fixed, wprod, arranged, capped, cross;
	int sbound;          /* gen_best_equity: the score part of bound */
	uint8_t dir, row, lo, hi, k;
	uint8_t e1, e2, e2lo;
};

/* gen_best by anagrams: what a row (of an orientation) holds that does
 * not depend on the rack, kept from call to call until gen_prepare sees
 * something in the row change (valid 0; first: built for the first
 * move, whose one anchor is the start square): sums over its columns
 * (entry j sums columns 0..j-1) of its tiles' values and keys, and its
 * empty squares x = 0..ne-1: column, where the word part through it
 * starts and ends (lo, hi: the tiles beside it are in it), premiums,
 * cross-set and cross-score, the first anchor from it on, and sums over
 * them (entry x sums 0..x-1) of the parts of a span's bound that do not
 * depend on the rack: squares by letter premium (a byte per premium),
 * word premiums (gen_wlog), the letter premiums of free squares (no
 * tile above or below: any letter, and no cross-word), and how many
 * are not free.  Those, the constrained squares, are listed in cx[]:
 * only their part of a bound depends on more of the rack than its best
 * letter.  Gap q holds the tiles between empty squares q - 1 and q
 * (columns ga[q]..gb[q], letters packed in gtag[q], if tgaps has bit
 * q; the word parts around them it allows are kept by their place, in
 * gen's fit_run); fits[e1] has bit hi[e2] when span e1..e2 may hold a
 * word by them (gen_span_fits), if known has bit e1.  hicols has bit
 * hi[x] for each x, and e2col[hi[x]] is x. */
struct gen_rowfix {
	int valid, first, ne, nc;
	uint32_t starts;     /* bit x: an anchor is at x or after it */
	int fix[RULES_MAX_DIM + 1];
	uint64_t key[RULES_MAX_DIM + 1];
	uint64_t cross[RULES_MAX_DIM];
	int16_t cs[RULES_MAX_DIM];
	uint8_t col[RULES_MAX_DIM + 1];  /* col[ne] is the row's width */
	uint8_t lo[RULES_MAX_DIM], hi[RULES_MAX_DIM];
	uint8_t lm[RULES_MAX_DIM], wm[RULES_MAX_DIM];
	uint8_t next_anchor[RULES_MAX_DIM + 1];
	uint8_t ci[RULES_MAX_DIM + 1], cx[RULES_MAX_DIM];
	uint16_t ulm[RULES_MAX_DIM + 1];
	uint32_t lmc[RULES_MAX_DIM + 1], wmc[RULES_MAX_DIM + 1];
	int gaps_set;        /* tgaps, ga, gb and gtag are set (cleared when a
	                        tile of the row changes: they and fits hang
	                        on the tiles only, and a row summed up again
	                        for new cross-sets or anchors keeps them) */
	uint32_t tgaps, known, fits[RULES_MAX_DIM], hicols;
	uint8_t e2col[RULES_MAX_DIM];
	uint8_t ga[RULES_MAX_DIM + 1], gb[RULES_MAX_DIM + 1];
	uint64_t gtag[RULES_MAX_DIM + 1];   /* gen_fit_tag of gap q's letters */
};

/* gen_best by anagrams: a row with anchors, for the rack: its empty
 * squares no rack tile may take (bad, a bit per x of gen_rowfix; a span
 * holds none), and sums over its constrained squares (entry c sums
 * cx[0..c-1]) of their best new letter scores (cap) and cross-words
 * (cr).  With the rack's best letter on every free square, these make
 * up a span's bound (gen_window_bound). */
struct gen_row {
	uint32_t bad;
	int cap[RULES_MAX_DIM + 1], cr[RULES_MAX_DIM + 1];
	const struct gen_rowfix *f;
};

#define GEN_ANCHORS_MAX (2 * SQ)
#define GEN_BUCKETS 1024
#define GEN_KEYS_MAX 1024
#define GEN_HITS_MAX 256
/* gen_best_spans' pipeline: a span's slots are found GEN_PIPE - 1 steps
 * after its keys are worked out (and their slots asked for), and its
 * words tried a step after that.  With one blank on the rack there is a
 * step before the keys, a step earlier: wordsig's blocks asked for. */
#define GEN_PIPE 3
#define GEN_PIPE_MAX (GEN_PIPE + 1)
/* gen_square_best works without a branch for racks of up to GEN_RANKS
 * letters. */
#define GEN_RANKS 8

struct gen {
	const struct rules *r;
	const struct lex *lex;
	const uint32_t *nodes;         /* the lexicon's, for the DAWG */
	struct movegraph mg;           /* the GADDAG, for the search */
	const uint32_t *w;             /* mg.w */
	int wide;                      /* mg.wide */
	uint32_t dawg_root;
	uint64_t all_letters;
	int values[RULES_MAX_TILES];

	/* Per position, per orientation d: dims R[d] x W[d], index i*W+j. */
	int R[2], W[2];
	uint8_t tile[2][SQ];
	uint64_t cross[2][SQ];
	/* Per square of each orientation, the letters that the tiles
	 * beside it along the row allow there (gen_extset_mg): a necessary
	 * condition the walk tests with the cross-set. */
	uint64_t ext[2][SQ];
	int ext_on;             /* ext[] kept (from the first gen_all on);
	                           until then every letter (all ones) */
	int16_t cscore[2][SQ];
	int16_t tval[2][SQ];           /* value of the tile there, 0 if none */
	uint8_t lmul[2][SQ], wmul[2][SQ];
	uint8_t anchor[2][SQ];
	int row_anchors[2][RULES_MAX_DIM];  /* anchors per row */
	int prepared;                  /* the arrays hold tile[0]'s board */
	int ntiles;                    /* tiles on it */
	/* gen_cross_square's cross-sets by the letters above and below the
	 * square; a key of 0 marks an empty entry (a line has letters). */
	struct gen_cross_memo {
		uint64_t key, mask;
	} cross_memo[1 << GEN_CROSS_MEMO_BITS];
	uint64_t cross_memo_ext[1 << GEN_CROSS_MEMO_BITS]; /* the same
	                           lines' extension sets, when ext_on */

	/* Search state for the row being generated. */
	const uint8_t *rtile;
	const uint64_t *rcross, *rext;
	const int16_t *rcscore;
	const uint8_t *rlm, *rwm;
	const int16_t *rval;           /* value of the tile already there */
	int dir, row, anch, left_min, width;
	int right_clear;               /* square right of the anchor is empty */
	/* The row's tiles of the path; past the row, room for gen_record's
	 * fixed-size copies. */
	uint8_t strip[2 * RULES_MAX_DIM];
	uint8_t rack[RULES_MAX_TILES];
	int rack_tiles;
	uint8_t rack_letters[RULES_MAX_RACK];  /* the distinct letters (not
	                                          blanks) on it, in letter
	                                          order, the first
	                                          RULES_MAX_RACK */
	int nrack_letters;
	uint64_t rackmask;             /* letters (not blanks) on the rack */
	uint64_t avail;                /* letters the rack can supply: rackmask,
	                                  or all with a blank */
	uint8_t byval[RULES_MAX_RACK]; /* gen_best: rack letters, best value first */
	/* byval's first GEN_RANKS letters and their values (letter 0, no
	 * cross-set's, and value 0 past nbyval; rank_value[GEN_RANKS] 0),
	 * for gen_square_best. */
	uint8_t rank_letter[GEN_RANKS];
	int rank_value[GEN_RANKS + 1];
	int nbyval;
	/* gen_best: which letters make a word with a letter multiset, for
	 * the blanks (wordsig.h), built with the word table on its first
	 * call (sigs_state 1, or -1 if memory ran out: then no span is
	 * ruled out). */
	struct wordsig sigs;
	int sigs_state;
	/* gen_best: the words of each letter multiset (wordmap.h), and room
	 * for the spans and the heap of anchors and spans. */
	struct wordmap map;
	/* gen_best: for a run of tiles w, the words u w v the lexicon has,
	 * as bits |u| * 8 + |v| (both up to GEN_FIT_MAX): per movegraph run
	 * below the GADDAG root the pairs below it (fit), the pairs of runs
	 * of one and two letters
	 * (fit1, fit2), of longer ones by their letters (fit_memo) and of
	 * any by their place (fit_run: [orientation][row][first column]). */
	uint64_t *fit;                 /* by movegraph offset */
	struct gen_fit_memo {
		uint64_t tag, pairs;
	} *fit_memo, fit_run[2][RULES_MAX_DIM][RULES_MAX_DIM];
	uint64_t *fit2;                /* runs of 2 letters, [L1 * nl + L2] */
	uint64_t fit1[RULES_MAX_TILES];  /* and of 1 */
	int fit_nl;                    /* letters + 1 */
	/* gen_best: every word of 2 to GEN_FIT_RUN letters by its tag
	 * (gen_fit_tag; open addressing, 2^(64 - words_shift) entries, a
	 * tag of 0 marks an empty one): the letters that may come before
	 * and after it, and its pairs.  A line of tiles beside a square is
	 * mostly a word, and a new one on the board costs a walk down the
	 * GADDAG a letter at a time; this is one read. */
	struct gen_word {
		uint64_t tag, front, back, pairs;
	} *words;
	size_t words_used;
	int words_shift;
	struct gen_span *spans;
	int32_t *bnext, *bhead;
	/* Bit b: bucket b of gen_best_spans' queue is not empty, so that
	 * the next one down is found without a look at each. */
	uint64_t bmask[GEN_BUCKETS / 64];
	struct gen_rowfix rowfix[2][RULES_MAX_DIM];
	struct gen_row rows[2][RULES_MAX_DIM];
	uint64_t pkeys[GEN_PIPE_MAX][GEN_KEYS_MAX];  /* gen_best_spans'
	                                      spans' keys in the pipeline */
	const struct wordmap_slot *phits[GEN_HITS_MAX];  /* and the slots
	                                                    found for one */
	/* The distinct sub-multisets of the rack's letters by size, as
	 * wordsig keys (subs_ok: all are listed). */
	uint64_t subkey[GEN_SUB_MAX + 1][1 << GEN_SUB_MAX];
	int subval[GEN_SUB_MAX + 1][1 << GEN_SUB_MAX];  /* their value sums,
	                                                  largest first */
	uint64_t sublet[GEN_SUB_MAX + 1][1 << GEN_SUB_MAX];  /* their letters
	                                                       (bit L) */
	int nsub[GEN_SUB_MAX + 1];
	int topval[RULES_MAX_RACK + 1];  /* sum of the rack's q best values */
	int topletter;                   /* value of its best letter (not a
	                                    blank), 0 if none */
	uint64_t rack_key;               /* sum of the rack's letters' keys */
	int subs_ok;
	struct gen_span_memo {
		uint64_t fixed_key;
		uint32_t stamp;
		uint8_t nfixed, k, ok;
	} memo[GEN_SPAN_MEMO];
	uint32_t stamp;                /* gen_best's calls, for memo[] */
	/* gen_span_keys: spans of one call often hold the same tiles and
	 * as many empty squares (two in five do), and then the same keys
	 * pass the filter.  Per tiles' key, k and, with a blank, the letters
	 * the span's squares may take (xs; 0 without): for each key that
	 * passed, of all whose sub-multiset is worth at least least, its
	 * sub-multiset (an index into subkey[]) and the blank's letter (0:
	 * none).  pass[0] is without the blank, pass[1] with it. */
	struct gen_pass_memo {
		uint64_t fixed_key, xs;
		uint32_t stamp;
		int least;
		uint8_t k, n, q[GEN_PASS_MAX], letter[GEN_PASS_MAX];
	} pass[2][GEN_PASS_MEMO];
	/* Beside pass[1][]: the cross-sets of the squares with a cross-word
	 * of the span that made the entry, which ruled out some letters
	 * (gen_blank_may) before the filters were asked. */
	struct gen_pass_need {
		int n;
		uint64_t cross[GEN_NEED_MAX];
	} pass_need[GEN_PASS_MEMO];
	/* gen_all_tiles_ok's answers with a blank, per tiles' key. */
	struct gen_tiles_memo {
		uint64_t fixed_key;
		uint32_t stamp;
		uint8_t ok;
	} tiles_memo[GEN_TILES_MEMO];
	/* gen_best: per orientation and row, the best value a rack letter may
	 * have on each square (gen_row_maxv), worked out once per position. */
	int maxv[2][RULES_MAX_DIM][RULES_MAX_DIM];
	/* gen_best, searching an anchor: the spans (L empty squares left of
	 * it, R right) that could still beat the best move found.  good_left[l]:
	 * one has L >= l; good_right[L][r]: one has that L and R >= r. */
	int restrict_spans;
	uint8_t good[RULES_MAX_RACK][RULES_MAX_RACK];
	uint8_t good_left[RULES_MAX_RACK + 1];
	uint8_t good_right[RULES_MAX_RACK][RULES_MAX_RACK + 1];
	int sep_np;                    /* tiles placed when the separator was taken */
	/* gen_best_equity: the turn's equity tables (NULL in gen_best), the
	 * best move's equity and the least a move must reach (eq_thr: the
	 * caller's floor, INT64_MIN for none, until a best is found); per
	 * sub-multiset of subkey[], the keep index steps of
	 * its tiles (substep), and with nb blanks beside it what it keeps
	 * (subkeep[nb]) and the most any from it on keeps (subkeepmax[nb]);
	 * eq_range[klo][khi], the best keep of a move
	 * of klo to khi tiles; ident[q] = q, the sub-multisets in gen_best's
	 * order. */
	const struct equity *eq;
	int64_t best_eq;
	int64_t eq_thr;          /* best_eq once there is a best, else the floor */
	int substep[GEN_SUB_MAX + 1][1 << GEN_SUB_MAX];
	int32_t subkeep[3][GEN_SUB_MAX + 1][1 << GEN_SUB_MAX];
	/* Ends of the runs of equal value in subval[sz] (up to 256: a
	 * uint8_t wraps, so the last is nsub[sz] kept apart). */
	uint16_t subgroup[GEN_SUB_MAX + 1][1 << GEN_SUB_MAX];
	int nsubgroup[GEN_SUB_MAX + 1];
	int32_t subkeepmax[3][GEN_SUB_MAX + 1][1 << GEN_SUB_MAX];
	int32_t eq_range[RULES_MAX_RACK + 1][RULES_MAX_RACK + 1];
	uint8_t ident[1 << GEN_SUB_MAX];
	int rack_size, bingo;

	/* Output. */
	int best_mode;
	struct move best;
	int have_best;
	struct move *moves;
	long nmoves, cap;
	int oom;
	int popcnt;             /* the CPU counts bits in one instruction:
	                           gen_anchor takes gen_walk.h's second walk */
};

/* gen_walk.h's walk for CPUs with POPCNT (GCC and Clang on x86-64). */
#if defined(__GNUC__) && defined(__x86_64__)
#define GEN_POPCNT 1
#endif

/* Lowest and highest set bit of a nonzero 32-bit m (bits.h). */
static inline int
gen_lowest_bit32(uint32_t m)
{
	return bits_lowest64(m);
}

static inline int
gen_highest_bit32(uint32_t m)
{
	return bits_highest64(m);
}

/* The last arc of the path from the run at run through letters t[0..n)
 * (taken last first when back is set) in the movegraph, or 0. */
static inline uint32_t
gen_mg_path(const struct gen *g, uint32_t run, const uint8_t *t, int n,
	int back)
{
	uint32_t arc = 0;
	int q;

	for (q = 0; q < n; q++) {
		if (run == 0)
			return 0;
		arc = movegraph_arc(g->w, run, TILE_LETTER(t[back ? n - 1 - q : q]),
		    g->wide);
		if (arc == 0)
			return 0;
		run = movegraph_child(arc);
	}
	return arc;
}

/* gen_best_equity: the least a move (millipoints) must be worth to be
 * the best still; one worth just that goes on to the tie-breaks
 * (equity.h). */
static inline int64_t
gen_eq_thr(const struct gen *g)
{
	return g->eq_thr;
}

/* Whether a move worth v millipoints may still be the best. */
static inline int
gen_eq_may(const struct gen *g, int64_t v)
{
	return v >= gen_eq_thr(g);
}

/* Points the row state at row i of orientation d. */
static inline void
gen_set_row(struct gen *g, int d, int i)
{
	int W = g->W[d];

	/* Set every time: a test whether the row is the current one was
	 * mispredicted more than the stores cost. */
	g->dir = d;
	g->row = i;
	g->width = W;
	g->rtile = g->tile[d] + i * W;
	g->rcross = g->cross[d] + i * W;
	g->rext = g->ext[d] + i * W;
	g->rcscore = g->cscore[d] + i * W;
	g->rlm = g->lmul[d] + i * W;
	g->rwm = g->wmul[d] + i * W;
	g->rval = g->tval[d] + i * W;
}

/* The letters of tiles w[0..n) and n packed into a tag, or 0 if n is
 * over GEN_FIT_RUN. */
static inline uint64_t
gen_fit_tag(const uint8_t *w, int n)
{
	uint64_t tag = (uint64_t)n << 60;
	int i;

	if (n > GEN_FIT_RUN)
		return 0;
	for (i = 0; i < n; i++)
		tag |= (uint64_t)TILE_LETTER(w[i]) << (6 * i);
	return tag;
}

/* The memo entry for runs with tag (gen_fit_tag). */
static inline struct gen_fit_memo *
gen_fit_slot(const struct gen *g, uint64_t tag)
{
	return &g->fit_memo[(tag * 0x9e3779b97f4a7c15u) >> 48];
}

/* The pairs of a run whose letters, backwards from the GADDAG root, end
 * at arc (0: no word holds them). */
static inline uint64_t
gen_fit_arc(const struct gen *g, uint32_t arc)
{
	if (arc == 0)
		return 0;
	return (uint64_t)movegraph_accepts(arc) | (movegraph_child(arc) != 0 ?
	    g->fit[movegraph_child(arc)] : 0);
}

/* The entry of the word with tag (gen_fit_tag) in g->words, or NULL. */
static inline const struct gen_word *
gen_word_find(const struct gen *g, uint64_t tag)
{
	size_t mask = ((size_t)1 << (64 - g->words_shift)) - 1;
	size_t at = (size_t)((tag * 0x9e3779b97f4a7c15u) >> g->words_shift);

	while (g->words[at].tag != tag) {
		if (g->words[at].tag == 0)
			return NULL;
		at = (at + 1) & mask;
	}
	return &g->words[at];
}

/* gen.c's, for gen_best.c (each described where it is defined). */
void gen_prepare(struct gen *g, const struct board *b);
void gen_load_rack(struct gen *g, const struct position *p);
void gen_anchor(struct gen *g, int a, int left_min);
void gen_record(struct gen *g, int start, int end, int ms, int wm, int cs,
	int np);

#endif
