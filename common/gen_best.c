/*
 * gen_best.c — the best move of a position, as gen_best.h describes, in
 * the workspace of gen.c (struct gen: gen_impl.h).
 *
 * gen_best mostly searches by anagrams (gen_best_spans): per row, sums
 * of what does not depend on the rack are kept until a square of the
 * row changes, spans are bounded from them and queued best bound
 * first, a span's narrower spans only once it has come up (a bound
 * grows with the span), and a span's words come from a table by letter
 * multiset.  Racks it does not take (over 8 letters, over 2 blanks) go
 * by anchors, each bounded twice.  First from the board and the rack
 * alone: for every span of squares a move from the anchor could fill,
 * its best tiles on its best premiums.  Anchors come off a heap, best bound
 * first; the first time one comes up, its spans are bounded again keeping
 * only those the rack's letters and the span's tiles can make a word of
 * (wordmap.h's filter; wordsig.h's for a blank), and it goes back.  Once
 * the best move found beats every bound left, the search stops.  Inside
 * an anchor, a step right is taken only if the tiles left, on the squares
 * they and the lexicon can reach, could still beat the best.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "bigmem.h"
#include "equity.h"
#include "gen_impl.h"
#include "movegraph.h"
#include "wordmap.h"
#include "wordsig.h"

struct gen_anchor {
	int bound;           /* upper bound on any move from this anchor */
	uint8_t dir, row, col, left_min;
};

/* GCC 12 drops a loop that only prefetches (from addresses it loads):
 * an empty asm volatile in it keeps the loop. */
#if defined(__GNUC__)
#define GEN_KEEP_LOOP() __asm__ volatile("")
#else
#define GEN_KEEP_LOOP() ((void)0)
#endif

/* Lists the distinct sub-multisets of the rack's letters by size, each
 * size largest value first.  They are made letter by letter (each one so
 * far, again with 1, 2, ... of the next letter), then counted out by
 * value and dealt by size: a stable order, the same from call to call. */
static void
gen_subsets(struct gen *g)
{
	uint64_t rawkey[1 << GEN_SUB_MAX], rawlet[1 << GEN_SUB_MAX];
	int rawval[1 << GEN_SUB_MAX], rawstep[1 << GEN_SUB_MAX];
	int nraw = 1, total = 0, maxval = 0, d, q, t;
	uint8_t rawsize[1 << GEN_SUB_MAX], order[1 << GEN_SUB_MAX];
	int count[GEN_SUB_MAX * 64 + 2];

	g->subs_ok = 0;
	for (d = 0; d < g->nrack_letters; d++) {
		t = g->rack_letters[d];
		total += g->rack[t];
		if (total > GEN_SUB_MAX || g->values[t] < 0 || g->values[t] > 64)
			return;
		maxval += g->rack[t] * g->values[t];
	}
	rawkey[0] = rawlet[0] = 0;
	rawval[0] = rawstep[0] = 0;
	rawsize[0] = 0;
	for (d = 0; d < g->nrack_letters; d++) {
		int n = nraw, c;
		uint64_t k1, bit;
		int v1, s1;

		t = g->rack_letters[d];
		k1 = g->sigs.letter[t];
		v1 = g->values[t];
		s1 = g->eq != NULL ? g->eq->used[t] : 0;
		bit = (uint64_t)1 << t;
		/* With c of letter t: from the ones with c - 1 of it. */
		for (c = 1; c <= g->rack[t]; c++)
			for (q = (c - 1) * n; q < c * n; q++) {
				int at = q + n;

				rawkey[at] = rawkey[q] + k1;
				rawlet[at] = rawlet[q] | bit;
				rawval[at] = rawval[q] + v1;
				rawstep[at] = rawstep[q] + s1;
				rawsize[at] = (uint8_t)(rawsize[q] + 1);
			}
		nraw += n * g->rack[t];
	}
	/* count[maxval - v + 1] counts value v, then becomes where it
	 * starts. */
	memset(count, 0, (size_t)(maxval + 2) * sizeof count[0]);
	for (q = 0; q < nraw; q++)
		count[maxval - rawval[q] + 1]++;
	for (t = 1; t <= maxval + 1; t++)
		count[t] += count[t - 1];
	for (q = 0; q < nraw; q++)
		order[count[maxval - rawval[q]]++] = (uint8_t)q;
	for (q = 0; q <= GEN_SUB_MAX; q++)
		g->nsub[q] = 0;
	for (t = 0; t < nraw; t++) {
		int r = order[t], sz = rawsize[r], at = g->nsub[sz]++;

		g->subkey[sz][at] = rawkey[r];
		g->sublet[sz][at] = rawlet[r];
		g->subval[sz][at] = rawval[r];
		g->substep[sz][at] = rawstep[r];
	}
	g->subs_ok = 1;
}

/* Asks for the wordsig blocks of the (k1)-letter sub-multisets qs[0..nq)
 * of the rack beside tiles whose keys sum to fixed (what a blank beside
 * each may stand for: wordsig_letters), so that their cache misses
 * overlap. */
static void
gen_blank_prefetch(const struct gen *g, uint64_t fixed, int k1,
	const uint8_t *qs, int nq)
{
	int q;

	for (q = 0; q < nq; q++) {
		wordsig_prefetch(&g->sigs, fixed + g->subkey[k1][qs[q]]);
		GEN_KEEP_LOOP();
	}
}

/* How many of the rack's k1-letter sub-multisets (best first) are worth
 * at least least. */
static int
gen_subs_worth(const struct gen *g, int k1, int least)
{
	int nq;

	for (nq = 0; nq < g->nsub[k1] && g->subval[k1][nq] >= least; nq++)
		;
	return nq;
}

/* Whether k tiles of the rack and the tiles already in columns lo..hi of
 * the current row can be anagrammed into a word (their places are not
 * looked at): if not, no move fills exactly those squares.  Racks of many
 * letters, spans of many tiles and the use of two blanks are not looked
 * into.  Memoised per gen_best call. */
static int
gen_span_ok(struct gen *g, int lo, int hi, int k)
{
	struct gen_span_memo *m;
	uint64_t fixed = 0;
	int nf = 0, j, q, ok = 0, nb = g->rack[0];

	if (g->sigs_state != 1 || !g->subs_ok)
		return 1;
	for (j = lo; j <= hi; j++)
		if (g->rtile[j] != 0) {
			if (++nf > GEN_SPAN_FIXED)
				return 1;
			fixed += g->sigs.letter[TILE_LETTER(g->rtile[j])];
		}
	/* Longer words are not in the filter (a rack over rack_size). */
	if (k + nf > g->rack_size + GEN_SPAN_FIXED)
		return 1;
	m = &g->memo[(fixed >> 40 ^ (uint64_t)k * 0x9e37u) & (GEN_SPAN_MEMO - 1)];
	if (m->stamp == g->stamp && m->fixed_key == fixed && m->nfixed == nf &&
	    m->k == k)
		return m->ok;
	/* k - j letters of the rack and j blanks: the filter knows words
	 * with one letter a blank, not two. */
	if (nb >= 2 && k >= 2)
		ok = 1;
	if (!ok && nb >= 1 && k >= 1 && k - 1 <= GEN_SUB_MAX)
		gen_blank_prefetch(g, fixed, k - 1, g->ident, g->nsub[k - 1]);
	if (!ok && k <= GEN_SUB_MAX)
		for (q = 0; q < g->nsub[k] && !ok; q++)
			ok = wordmap_maybe(&g->map, g->subkey[k][q] + fixed);
	if (!ok && nb >= 1 && k >= 1 && k - 1 <= GEN_SUB_MAX)
		for (q = 0; q < g->nsub[k - 1] && !ok; q++)
			ok = wordsig_letters(&g->sigs, g->subkey[k - 1][q] + fixed,
			    g->all_letters) != 0;
	m->stamp = g->stamp;
	m->fixed_key = fixed;
	m->nfixed = (uint8_t)nf;
	m->k = (uint8_t)k;
	m->ok = (uint8_t)ok;
	return ok;
}

/* The best value of a rack letter an empty square with cross-set cross
 * may take (0 for none).  For racks of up to GEN_RANKS letters, bit q
 * of fits tells whether the q-th best letter may go there, and the
 * lowest bit set gives the value, without a branch: which letter fits
 * first follows no pattern, and the loop's exit was mispredicted
 * (gen_best 1.5 % faster). */
static inline int
gen_square_best(const struct gen *g, uint64_t cross)
{
	uint32_t fits = (uint32_t)1 << GEN_RANKS;
	int q;

	if (g->nbyval <= GEN_RANKS) {
		for (q = 0; q < GEN_RANKS; q++)
			fits |= (uint32_t)((cross >> g->rank_letter[q]) & 1) << q;
		return g->rank_value[gen_lowest_bit32(fits)];
	}
	if ((cross & g->rackmask) == g->rackmask)
		return g->nbyval ? g->values[g->byval[0]] : 0;
	/* byval[] lists the rack's letters, best value first. */
	for (q = 0; q < g->nbyval; q++)
		if ((cross >> g->byval[q]) & 1)
			return g->values[g->byval[q]];
	return 0;
}

/* The best value of a rack letter each square of the current row may take
 * (0 for none, and for a tile already there). */
static void
gen_row_maxv(const struct gen *g, int *maxv)
{
	int j;

	for (j = 0; j < g->width; j++)
		maxv[j] = g->rtile[j] != 0 ? 0 : gen_square_best(g, g->rcross[j]);
}

/* Whether the whole rack and tiles whose keys sum to fixed, len letters
 * in all, may make a word (filters: wordmap's, or with one blank
 * wordsig's, for any letter; with more blanks, yes).  wordsig's filter
 * is too big for the cache, and many windows of a call hold the same
 * tiles: its answers are kept for the call. */
static int
gen_all_tiles_ok(struct gen *g, uint64_t fixed, int len)
{
	struct gen_tiles_memo *tm;

	if (g->rack[0] == 0)
		return wordmap_maybe(&g->map, g->rack_key + fixed);
	if (g->rack[0] != 1 || len > g->rack_size + GEN_SPAN_FIXED)
		return 1;
	tm = &g->tiles_memo[(fixed ^ fixed >> 29) & (GEN_TILES_MEMO - 1)];
	if (tm->stamp != g->stamp || tm->fixed_key != fixed) {
		tm->stamp = g->stamp;
		tm->fixed_key = fixed;
		tm->ok = wordsig_letters(&g->sigs, g->rack_key + fixed,
		    g->all_letters) != 0;
	}
	return tm->ok;
}

/* gen_anchor_bound counts a run's empty squares by letter premium (1 to
 * GEN_MAX_LMUL) in one word, a byte each, so two runs' counts add up in
 * one addition. */
#define GEN_MAX_LMUL 4
#define GEN_LMUL_COUNT(c, v) ((int)(((c) >> (8 * ((v) - 1))) & 0xff))

/* An upper bound on the score of any placement generated from anchor a of
 * the current row (left limit left_min), for a rack whose tile values
 * sorted descending are vals[0..n) (maxv from gen_row_maxv).  A placement fills a run of k <= n
 * empty squares around a (a square no rack tile may take ends the run) and
 * includes the tiles touching that run.  For every such run: the tiles'
 * values, plus the best tile values paired with the best letter premiums
 * (rearrangement), times the run's word premiums, plus every cross-word of
 * the run as if it got the best tile, plus the bingo.  The bound is the
 * maximum over runs. */
static int
gen_anchor_bound(struct gen *g, int a, int left_min, const int *vals,
	int n, const int *maxv, int check, int floor, int mark)
{
	int le[RULES_MAX_RACK], re[RULES_MAX_RACK];   /* empty squares by distance */
	/* Per side and run length: tiles there, word premium, best new
	 * letter scores, cross-words, and empty squares by letter premium
	 * (plain arrays: copying a struct just written stalls the stores). */
	int lfix[RULES_MAX_RACK], lwp[RULES_MAX_RACK], lcap[RULES_MAX_RACK];
	int lcr[RULES_MAX_RACK], rfix[RULES_MAX_RACK], rwp[RULES_MAX_RACK];
	int rcap[RULES_MAX_RACK], rcr[RULES_MAX_RACK];
	uint32_t lcnt[RULES_MAX_RACK], rcnt[RULES_MAX_RACK], cnt;
	int pre[RULES_MAX_RACK + 1], lo_of[RULES_MAX_RACK], hi_of[RULES_MAX_RACK];
	int nl = 0, nr = 0, j, L, R, q, best = -1, fix, wp, cap, cr;
	uint64_t ok = g->rack[0] != 0 ? g->all_letters : g->rackmask;

	if (mark)
		memset(g->good, 0, sizeof g->good);
	if (n <= 0 || (g->rcross[a] & ok) == 0)
		return -1;
	/* The usable empty squares left and right of the anchor. */
	for (j = a - 1; j >= left_min && nl < n - 1; j--)
		if (g->rtile[j] == 0) {
			if ((g->rcross[j] & ok) == 0)
				break;
			le[nl++] = j;
		}
	for (j = a + 1; j < g->width && nr < n - 1; j++)
		if (g->rtile[j] == 0) {
			if ((g->rcross[j] & ok) == 0)
				break;
			re[nr++] = j;
		}
	/* Sums over the squares of each side, the anchor on the left one;
	 * each side's run grows by one empty square and the tiles after it
	 * (tiles touching the run belong to the word). */
#define GEN_SIDE_ADD(j) do { \
	int lm_ = g->rlm[j], mv_ = maxv[j] * lm_; \
	if (g->rtile[j] != 0) { \
		fix += g->rval[j]; \
	} else { \
		cnt += (uint32_t)1 << (8 * (lm_ - 1)); \
		wp *= g->rwm[j]; \
		cap += mv_; \
		if (g->rcscore[j] >= 0) \
			cr += (g->rcscore[j] + mv_) * g->rwm[j]; \
	} \
	} while (0)
	fix = cap = cr = 0;
	wp = 1;
	cnt = 0;
	for (L = 0, j = a; L <= nl; L++) {
		int lo = L ? le[L - 1] : a;

		while (lo > 0 && g->rtile[lo - 1] != 0)
			lo--;
		for (; j >= lo; j--)
			GEN_SIDE_ADD(j);
		lfix[L] = fix;
		lwp[L] = wp;
		lcap[L] = cap;
		lcr[L] = cr;
		lcnt[L] = cnt;
		lo_of[L] = lo;
	}
	fix = cap = cr = 0;
	wp = 1;
	cnt = 0;
	for (R = 0, j = a + 1; R <= nr; R++) {
		int hi = R ? re[R - 1] : a;

		while (hi + 1 < g->width && g->rtile[hi + 1] != 0)
			hi++;
		for (; j <= hi; j++)
			GEN_SIDE_ADD(j);
		rfix[R] = fix;
		rwp[R] = wp;
		rcap[R] = cap;
		rcr[R] = cr;
		rcnt[R] = cnt;
		hi_of[R] = hi;
	}
#undef GEN_SIDE_ADD
	pre[0] = 0;
	for (q = 0; q < n; q++)
		pre[q + 1] = pre[q] + vals[q];
	for (L = 0; L <= nl; L++)
		/* Every term grows with the span: alone, the bound is at its
		 * largest on the widest spans, one per L. */
		for (R = check || mark ? 0 : (nr < n - 1 - L ? nr : n - 1 - L);
		    R <= nr && L + R + 1 <= n; R++) {
			int fixed = lfix[L] + rfix[R], wprod = lwp[L] * rwp[R];
			int capped = lcap[L] + rcap[R], cross = lcr[L] + rcr[R];
			uint32_t c4 = lcnt[L] + rcnt[R];
			int k = L + R + 1, main = 0, pos = 0, v, bound;

			/* The best values on the best letter premiums. */
			for (v = GEN_MAX_LMUL; v >= 1 && pos < k; v--) {
				int c = GEN_LMUL_COUNT(c4, v);

				main += v * (pre[pos + c] - pre[pos]);
				pos += c;
			}
			/* Both are upper bounds on the new tiles' letter sum. */
			if (capped < main)
				main = capped;
			bound = (fixed + main) * wprod + cross;
			if (k >= g->rack_size)
				bound += g->bingo;
			if ((bound <= best && !mark) || bound < floor ||
			    (check && !gen_span_ok(g, lo_of[L], hi_of[R], k)))
				continue;
			if (mark)
				g->good[L][R] = 1;
			if (bound > best)
				best = bound;
		}
	return best;
}

/* gen_try_word: the blanks in strip[] at squares pos[0..np) of word
 * (laid from lo, word premium wm) moved, letter by letter, to the copies
 * of their letter where they lose the fewest points, the later copy on a
 * tie. */
static void
gen_place_blanks(struct gen *g, int lo, const uint8_t *word, const int *pos,
	int np, int wm)
{
	uint64_t done = 0;
	int q, r;

	for (q = 0; q < np; q++) {
		int L = word[pos[q] - lo], nb = 0;

		if ((g->strip[pos[q]] & TILE_BLANK) == 0 || ((done >> L) & 1))
			continue;
		done |= (uint64_t)1 << L;
		for (r = 0; r < np; r++)
			if (word[pos[r] - lo] == L) {
				nb += (g->strip[pos[r]] & TILE_BLANK) != 0;
				g->strip[pos[r]] = (uint8_t)L;
			}
		while (nb-- > 0) {
			int at = -1, cost = 0;

			for (r = 0; r < np; r++) {
				int j = pos[r], c;

				if (word[j - lo] != L || g->strip[j] != L)
					continue;
				c = g->rlm[j] * (wm + (g->rcscore[j] >= 0 ? g->rwm[j] : 0));
				if (at < 0 || c <= cost) {
					at = r;
					cost = c;
				}
			}
			g->strip[pos[at]] = (uint8_t)(L | TILE_BLANK);
		}
	}
}

/* gen_offer_word: word laid on lo..hi with its new tiles in strip[] at
 * pos[0..np) (nblank of them blanks, on any copies of their letters),
 * scored and offered to gen_record; ms sums the tiles played through,
 * wm is the word premium. */
static void
gen_offer_word(struct gen *g, int lo, int hi, const uint8_t *word,
	const int *pos, int np, int ms, int wm, int nblank)
{
	int q, cs = 0;

	if (nblank > 0)
		gen_place_blanks(g, lo, word, pos, np, wm);
	for (q = 0; q < np; q++) {
		int j2 = pos[q], v = 0;

		if (g->strip[j2] < TILE_BLANK)
			v = g->values[g->strip[j2]] * g->rlm[j2];
		ms += v;
		if (g->rcscore[j2] >= 0)
			cs += (g->rcscore[j2] + v) * g->rwm[j2];
	}
	gen_record(g, lo, hi, ms, wm, cs, np);
}

/* gen_best_equity's gen_try_word: a blank may stand for a letter the
 * rack has, and keep that letter, so every choice of which letters the
 * blanks stand for is offered (those the rack lacks, then up to two
 * more), each blank on the copy where it costs least. */
static void
gen_try_word_eq(struct gen *g, int lo, int hi, const uint8_t *word,
	const int *pos, int np, int ms, int wm)
{
	uint8_t need[RULES_MAX_TILES] = { 0 }, nb[RULES_MAX_TILES] = { 0 };
	uint8_t let[RULES_MAX_DIM];
	int nl = 0, q, a, b, forced = 0, spare;

	for (q = 0; q < np; q++) {
		int L = word[pos[q] - lo];

		if (need[L]++ == 0)
			let[nl++] = (uint8_t)L;
	}
	for (a = 0; a < nl; a++)
		if (need[let[a]] > g->rack[let[a]]) {
			nb[let[a]] = (uint8_t)(need[let[a]] - g->rack[let[a]]);
			forced += nb[let[a]];
		}
	if (forced > g->rack[0])
		return;
	spare = g->rack[0] - forced;
	/* a, b: the letters of the one or two blanks more (nl: none). */
	for (a = 0; a <= nl; a++)
		for (b = a; b <= nl; b++) {
			uint8_t seen[RULES_MAX_TILES] = { 0 };
			int extra = (a < nl) + (b < nl), ok = 1;

			if (extra > spare || (a == nl && b < nl))
				continue;
			if (a < nl)
				nb[let[a]]++;
			if (b < nl)
				nb[let[b]]++;
			for (q = 0; q < nl; q++)
				ok &= nb[let[q]] <= need[let[q]];
			if (ok) {
				for (q = 0; q < np; q++) {
					int L = word[pos[q] - lo];

					g->strip[pos[q]] = (uint8_t)(seen[L]++ < nb[L] ?
					    L | TILE_BLANK : L);
				}
				gen_offer_word(g, lo, hi, word, pos, np, ms, wm,
				    forced + extra);
			}
			if (a < nl)
				nb[let[a]]--;
			if (b < nl)
				nb[let[b]]--;
		}
}

/* gen_best: word (letter numbers) laid on columns lo..hi of the current
 * row, whose squares hold the span's tiles and are otherwise empty.  If
 * it agrees with the tiles there, the cross-sets allow its new letters and
 * the rack has them (blanks standing in for what it lacks), it is offered
 * to gen_record.  Of the ways to lay it, only the best can be the best
 * move: the rack's own letters wherever they go, and each blank on the
 * copy of its letter where it costs least (the later one on a tie, as the
 * move order in gen_record prefers). */
static void
gen_try_word(struct gen *g, int lo, int hi, const uint8_t *word)
{
	int pos[RULES_MAX_DIM];
	int j, q, np = 0, wm = 1, ms = 0, nblank = 0;
	uint32_t took = 0;

	for (j = lo; j <= hi; j++) {
		int L = word[j - lo];

		if (g->rtile[j] != 0) {
			if (TILE_LETTER(g->rtile[j]) != L)
				return;
			g->strip[j] = 0;
			ms += g->rval[j];
		} else {
			if (((g->rcross[j] >> L) & 1) == 0)
				return;
			pos[np++] = j;
			wm *= g->rwm[j];
		}
	}
	/* Without a blank the rack lays a word one way only. */
	if (g->eq != NULL && g->rack[0] != 0) {
		gen_try_word_eq(g, lo, hi, word, pos, np, ms, wm);
		return;
	}
	for (q = 0; q < np; q++) {
		int L = word[pos[q] - lo];

		if (g->rack[L] != 0) {
			g->rack[L]--;
			took |= (uint32_t)1 << q;
			g->strip[pos[q]] = (uint8_t)L;
		} else if (nblank < g->rack[0]) {
			nblank++;
			g->strip[pos[q]] = (uint8_t)(L | TILE_BLANK);
		} else {
			break;              /* not on this rack */
		}
	}
	for (j = 0; j < np; j++)
		if ((took >> j) & 1)
			g->rack[word[pos[j] - lo]]++;
	if (q < np)
		return;
	gen_offer_word(g, lo, hi, word, pos, np, ms, wm, nblank);
}

/* gen_lookup: the words of slots hit[0..n), len letters each, tried on
 * columns lo..hi. */
static void
gen_try_slots(struct gen *g, int lo, int hi,
	const struct wordmap_slot *const *hit, int n)
{
	int len = hi - lo + 1, h;

	for (h = 0; h < n; h++) {
		const uint8_t *w = wordmap_words(&g->map, hit[h]);
		uint32_t c, nw = wordmap_count(&g->map, hit[h]);

		for (c = 0; c < nw; c++, w += len)
			gen_try_word(g, lo, hi, w);
	}
}

/* The slots of keys[0..n) for words of len letters, into hit[] (at most
 * GEN_HITS_MAX; *nhit of them), their words asked for, to be tried a
 * step later (gen_best_spans) or at once (gen_lookup).  If hit[] fills
 * up, its words are tried now, on columns lo..hi of row (d, i), which
 * becomes the current row (finding slots needs no row). */
static void
gen_find_slots(struct gen *g, int d, int i, int lo, int hi,
	const uint64_t *keys, int n, const struct wordmap_slot **hit, int *nhit)
{
	int len = hi - lo + 1, q;

	*nhit = 0;
	for (q = 0; q < n; q++) {
		const struct wordmap_slot *s = wordmap_find(&g->map, keys[q], len);

		if (s == NULL)
			continue;
		if (*nhit == GEN_HITS_MAX) {
			gen_set_row(g, d, i);
			gen_try_slots(g, lo, hi, hit, *nhit);
			*nhit = 0;
		}
		hit[(*nhit)++] = s;
#if defined(__GNUC__)
		__builtin_prefetch(g->map.letters + s->off);
#endif
	}
}

/* gen_best: every word whose letters are the multiset of one of keys[0..n)
 * laid on columns lo..hi of the current row, at once (a full key buffer
 * of gen_span_keys'): the slots are looked up first and their words
 * asked for, then tried, so that the cache misses of both overlap. */
static void
gen_lookup(struct gen *g, int lo, int hi, const uint64_t *keys, int n)
{
	const struct wordmap_slot *hit[GEN_HITS_MAX];
	int nhit;

	gen_find_slots(g, g->dir, g->row, lo, hi, keys, n, hit, &nhit);
	gen_try_slots(g, lo, hi, hit, nhit);
}

/* gen_best: the least value sum of the rack tiles (the best k summing
 * to top) a move of span sp must lay to reach the best move found
 * (INT_MIN: any).  Laying tiles worth delta less than the best k lowers
 * the span's arranged letter sum by at least delta, so such a move scores
 * at most (fixed + min(capped, arranged - delta)) * wprod + cross (+ the
 * bingo). */
static int
gen_sub_least(const struct gen *g, const struct gen_span *sp, int top)
{
	int rest, need;

	if (!g->have_best)
		return INT_MIN;
	/* (fixed + min(capped, arranged - delta)) * wprod + rest >= best */
	rest = sp->cross + (sp->k >= g->rack_size ? g->bingo : 0);
	need = g->best.score - rest;
	need = (need > 0 ? (need + sp->wprod - 1) / sp->wprod : 0) - sp->fixed;
	if (sp->capped < need)
		return INT_MAX;
	/* arranged - (top - value) >= need */
	return need - sp->arranged + top;
}

/* gen_best_equity's gen_sub_least: the (sz)-letter sub-multisets of the
 * rack that, with nb blanks, could still make a move of span sp worth
 * the best found: their score bound (as gen_sub_least's) plus what they
 * keep.  Their indices into subkey[sz], best value first, into qs[], or
 * if ek is not NULL their keys into ek[] (gen_span_keys wants only
 * those); returns how many.  Inlined into each of the two. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int
gen_eq_pick(const struct gen *g, const struct gen_span *sp, int sz, int nb,
	uint8_t *qs, uint64_t *ek)
{
	int rest = sp->cross + (sp->k >= g->rack_size ? g->bingo : 0);
	int least = sp->arranged - g->topval[sp->k], j, ng;
	int64_t thr = gen_eq_thr(g);
	size_t q = 0, n = 0;     /* (no sign extension a sub-multiset) */
	const int32_t *keep, *most;
	const uint16_t *end;
	const uint64_t *key;
	const int *val;

	if (sz < 0 || sz > GEN_SUB_MAX || nb > 2)
		return 0;
	keep = g->subkeep[nb][sz];
	most = g->subkeepmax[nb][sz];
	key = g->subkey[sz];
	val = g->subval[sz];
	end = g->subgroup[sz];
	ng = g->nsubgroup[sz];
	/* Best value first, so the score bound only falls: once it and the
	 * most any later one keeps cannot reach thr, none can.  One bound
	 * for each run of equal value. */
	for (j = 0; j < ng; j++) {
		int main = least + val[q];
		int64_t need;

		if (main > sp->capped)
			main = sp->capped;
		need = thr - (int64_t)((sp->fixed + main) * sp->wprod + rest) * 1000;
		if (most[q] < need)
			break;
		for (; q < end[j]; q++) {
			if (ek != NULL)
				ek[n] = key[q];
			else
				qs[n] = (uint8_t)q;
			n += keep[q] >= need;
		}
	}
	return (int)n;
}

static int
gen_eq_subs(const struct gen *g, const struct gen_span *sp, int sz, int nb,
	uint8_t *qs)
{
	return gen_eq_pick(g, sp, sz, nb, qs, NULL);
}

/* The (sz)-letter sub-multisets of the rack a move of span sp laying nb
 * blanks beside them may still win with, into *qs: gen_best's, a prefix
 * (g->ident) down to gen_sub_least's least; gen_best_equity's, those
 * gen_eq_subs picks into buf.  Returns how many. */
static int
gen_span_subs(const struct gen *g, const struct gen_span *sp, int sz, int nb,
	uint8_t *buf, const uint8_t **qs)
{
	if (g->eq != NULL) {
		*qs = buf;
		return gen_eq_subs(g, sp, sz, nb, buf);
	}
	*qs = g->ident;
	return gen_subs_worth(g, sz, gen_sub_least(g, sp, g->topval[sp->k]));
}

/* gen_span_keys: adds key to keys[*n] (a buffer of GEN_KEYS_MAX) and
 * asks for its slot; when the buffer is full, its keys are looked up
 * now for the span at lo..hi (the current row). */
static void
gen_add_key(struct gen *g, uint64_t key, uint64_t *keys, int *n, int lo,
	int hi)
{
	if (*n == GEN_KEYS_MAX) {
		gen_lookup(g, lo, hi, keys, *n);
		*n = 0;
	}
	keys[(*n)++] = key;
	wordmap_prefetch(&g->map, key);
}

/* gen_span_keys' memo entry for tiles' key fixed, k and blank letters
 * xs (pass[blank]); *hit tells whether it holds the keys that pass for
 * all sub-multisets worth at least least. */
static struct gen_pass_memo *
gen_pass_find(struct gen *g, int blank, uint64_t fixed, uint64_t xs, int k,
	int least, int *hit)
{
	struct gen_pass_memo *pm = &g->pass[blank][(fixed >> 32 ^ fixed ^ xs ^
	    (uint64_t)k * 0x9e3779b9u) & (GEN_PASS_MEMO - 1)];

	*hit = pm->stamp == g->stamp && pm->fixed_key == fixed &&
	    pm->xs == xs && pm->k == k && pm->least <= least;
	return pm;
}

/* Fills memo entry pm with the n keys that passed (q[], letter[]), or
 * empties it if they do not fit. */
static void
gen_pass_keep(const struct gen *g, struct gen_pass_memo *pm, uint64_t fixed,
	uint64_t xs, int k, int least, const uint8_t *q, const uint8_t *letter,
	int n)
{
	if (n > GEN_PASS_MAX) {
		pm->stamp = 0;
		return;
	}
	pm->fixed_key = fixed;
	pm->xs = xs;
	pm->stamp = g->stamp;
	pm->least = least;
	pm->k = (uint8_t)k;
	pm->n = (uint8_t)n;
	memcpy(pm->q, q, (size_t)n);
	memcpy(pm->letter, letter, (size_t)n);
}

/* gen_span_keys with a blank: the letters of xs the blank may stand for
 * on span sp when the rack's other new tiles are a sub-multiset whose
 * letters are let.  A square of the span with a cross-word that none of
 * let's letters fits must take the blank: there can be one such square,
 * and the blank's letter must fit it.  (About half the letters a blank
 * was asked about, and of the keys looked up, go.) */
static uint64_t
gen_blank_may(const struct gen *g, const struct gen_span *sp, uint64_t let,
	uint64_t xs)
{
	const struct gen_rowfix *f = &g->rowfix[sp->dir][sp->row];
	int c, c2 = f->ci[sp->e2 + 1], unfit = 0;

	for (c = f->ci[sp->e1]; c < c2; c++) {
		uint64_t cross = f->cross[f->cx[c]];

		if ((cross & let) == 0) {
			unfit++;
			xs &= cross;
		}
	}
	return unfit > 1 ? 0 : xs;
}

/* The letters of mask (bit L), lowest first, into L[] and their keys
 * into key[]; returns how many (at most 64).  A blank's letters are
 * asked of the filter this way (wordmap_maybe_many). */
static int
gen_letter_keys(const struct gen *g, uint64_t mask, uint8_t *L,
	uint64_t *key)
{
	int n = 0;

	for (; mask != 0; mask &= mask - 1) {
		L[n] = (uint8_t)bits_lowest64(mask);
		key[n] = g->sigs.letter[L[n]];
		n++;
	}
	return n;
}

/* gen_span_keys with two blanks: the keys of each (k-2)-letter
 * sub-multiset of the rack, the span's tiles (keys summing to fixed) and
 * two letters of xs. */
static void
gen_span_keys2(struct gen *g, const struct gen_span *sp, uint64_t fixed,
	uint64_t xs, uint64_t *keys, int *n)
{
	const struct wordmap *wm = &g->map;
	int k = sp->k, len = sp->hi - sp->lo + 1, x, nq, na, i, ny, y;
	int sig = len <= g->rack_size + GEN_SPAN_FIXED;
	uint64_t add[64];
	uint8_t L[64], yes[64], buf[1 << GEN_SUB_MAX];
	const uint8_t *qs;

	if (k - 2 > GEN_SUB_MAX)
		return;
	nq = gen_span_subs(g, sp, k - 2, 2, buf, &qs);
	na = gen_letter_keys(g, xs, L, add);
	for (x = 0; x < nq; x++) {
		uint64_t base = fixed + g->subkey[k - 2][qs[x]];

		/* The blank filter's blocks for every first letter are asked
		 * for first, so that their cache misses overlap. */
		if (sig)
			for (i = 0; i < na; i++) {
				wordsig_prefetch(&g->sigs, base + add[i]);
				GEN_KEEP_LOOP();
			}
		for (i = 0; i < na; i++) {
			uint64_t kx = base + add[i], add2[64];
			uint8_t L2[64];
			int na2 = na - i;
			const uint64_t *a2 = add + i;

			/* The second letter from the first one on. */
			if (sig) {
				na2 = gen_letter_keys(g, wordsig_letters(&g->sigs,
				    kx, xs & ~(((uint64_t)1 << L[i]) - 1)), L2, add2);
				a2 = add2;
			}
			ny = wordmap_maybe_many(wm, kx, a2, na2, yes);
			for (y = 0; y < ny; y++)
				gen_add_key(g, kx + a2[yes[y]], keys, n, sp->lo,
				    sp->hi);
		}
	}
}

/* gen_best: the keys of the letter multisets whose words may fill exactly
 * the k empty squares of span sp and take in its tiles, their slots
 * asked for: each k-letter sub-multiset of the rack plus those tiles,
 * and with a blank on the rack, each (k-1)-letter one plus a letter some
 * square of the span may take (two blanks: two letters), each let
 * through by the filters.  Sub-multisets come largest value first, so
 * the first that cannot reach the best move ends the list.  With a
 * blank, the current row becomes the span's.  Returns how many keys are
 * in keys[]. */
static int
gen_span_keys(struct gen *g, const struct gen_span *sp, uint64_t *keys)
{
	const struct wordmap *wm = &g->map;
	const uint64_t *key = g->sigs.letter;
	struct gen_pass_memo *pm;
	uint8_t passed[1 << GEN_SUB_MAX], letter[1 << GEN_SUB_MAX];
	uint8_t buf[1 << GEN_SUB_MAX];
	const uint8_t *qs;
	uint64_t fixed = 0, xs = 0;
	int lo = sp->lo, hi = sp->hi, k = sp->k, len = hi - lo + 1, j, q, n = 0;
	int least, hit = 0, npassed = 0, nq, nneed, c1, x;
	struct gen_pass_need *pn = NULL;
	const struct gen_rowfix *f = &g->rowfix[sp->dir][sp->row];

	if (len < 2)
		return 0;
	fixed = f->key[hi + 1] - f->key[lo];
	if (k <= GEN_SUB_MAX) {
		const uint64_t *subkey = g->subkey[k];
		const int *subval = g->subval[k];

		nq = g->nsub[k];
		/* (By equity, each sub-multiset has its own least.) */
		least = g->eq != NULL ? 0 : gen_sub_least(g, sp, g->topval[k]);
		if (g->eq != NULL) {
			/* Not a prefix: no memo (one by sub-multiset was
			 * tried, and cost more than the questions it saved). */
			uint64_t ek[1 << GEN_SUB_MAX];

			nq = gen_eq_pick(g, sp, k, 0, NULL, ek);
			n = wordmap_maybe_many(wm, fixed, ek, nq, passed);
			for (q = 0; q < n; q++)
				keys[q] = fixed + ek[passed[q]];
		} else if ((pm = gen_pass_find(g, 0, fixed, 0, k, least, &hit)),
		    hit) {
			for (q = 0; q < pm->n && subval[pm->q[q]] >= least; q++)
				keys[n++] = fixed + subkey[pm->q[q]];
		} else {
			/* Sub-multisets come best first: those worth less
			 * than least are cut off the end. */
			while (nq > 0 && subval[nq - 1] < least)
				nq--;
			/* All at once (at most 2^GEN_SUB_MAX < GEN_KEYS_MAX). */
			n = wordmap_maybe_many(wm, fixed, subkey, nq, passed);
			for (q = 0; q < n; q++) {
				keys[q] = fixed + subkey[passed[q]];
				letter[q] = 0;
			}
			gen_pass_keep(g, pm, fixed, 0, k, least, passed, letter, n);
		}
		for (q = 0; q < n; q++)
			wordmap_prefetch(wm, keys[q]);
	}
	if (g->rack[0] == 0 || k - 1 > GEN_SUB_MAX)
		return n;
	/* The blanks' letters are the cross-sets', and a full key buffer
	 * is looked up on the spot: both need the span's row. */
	gen_set_row(g, sp->dir, sp->row);
	for (j = lo; j <= hi; j++)
		if (g->rtile[j] == 0)
			xs |= g->rcross[j];
	xs &= g->all_letters;
	if (g->rack[0] >= 2 && k >= 2)
		gen_span_keys2(g, sp, fixed, xs, keys, &n);
	least = gen_sub_least(g, sp, g->topval[k]);
	/* The squares with a cross-word rule out letters before the filters
	 * are asked (gen_blank_may).  A memo entry made by a span without
	 * them holds all keys that pass, and this span picks its own from
	 * them; one made with them is of use to spans with the same. */
	c1 = f->ci[sp->e1];
	nneed = f->ci[sp->e2 + 1] - c1;
	pm = NULL;
	if (g->eq == NULL) {
		pm = gen_pass_find(g, 1, fixed, xs, k, least, &hit);
		pn = &g->pass_need[pm - g->pass[1]];
	}
	if (hit && pn->n != 0) {
		hit = pn->n == nneed;
		for (j = 0; hit && j < nneed; j++)
			hit = pn->cross[j] == f->cross[f->cx[c1 + j]];
	}
	if (hit) {
		for (q = 0; q < pm->n; q++)
			if (g->subval[k - 1][pm->q[q]] >= least &&
			    (pn->n != 0 || nneed == 0 ||
			    ((gen_blank_may(g, sp, g->sublet[k - 1][pm->q[q]],
			    xs) >> pm->letter[q]) & 1)))
				gen_add_key(g, fixed + g->subkey[k - 1][pm->q[q]] +
				    key[pm->letter[q]], keys, &n, lo, hi);
		return n;
	}
	/* The sub-multisets worth at least least.  wordsig's filter is
	 * megabytes: with one blank their blocks were asked for a step
	 * before (gen_span_ahead); with two they are now.  The letters the
	 * blank may be beside one are worked out only if the filter lets
	 * some through (most it does not: blank turns 4-6 % faster than
	 * working them out first). */
	nq = gen_span_subs(g, sp, k - 1, 1, buf, &qs);
	if (len <= g->rack_size + GEN_SPAN_FIXED && g->rack[0] != 1)
		gen_blank_prefetch(g, fixed, k - 1, qs, nq);
	for (x = 0; x < nq; x++) {
		uint64_t base, add[64], may = xs;
		uint8_t L[64], yes[64];
		int na, ny, y;

		q = qs[x];
		base = fixed + g->subkey[k - 1][q];

		if (len <= g->rack_size + GEN_SPAN_FIXED &&
		    (may = wordsig_letters(&g->sigs, base, xs)) == 0)
			continue;
		na = gen_letter_keys(g, nneed != 0 ?
		    gen_blank_may(g, sp, g->sublet[k - 1][q], may) : may, L, add);
		ny = wordmap_maybe_many(wm, base, add, na, yes);
		for (y = 0; y < ny; y++) {
			gen_add_key(g, base + add[yes[y]], keys, &n, lo, hi);
			if (npassed < GEN_PASS_MAX) {
				passed[npassed] = (uint8_t)q;
				letter[npassed] = L[yes[y]];
			}
			npassed++;
		}
	}
	if (pm == NULL)
		return n;
	gen_pass_keep(g, pm, fixed, xs, k, least, passed, letter, npassed);
	if (nneed > GEN_NEED_MAX) {
		pm->stamp = 0;
	} else {
		pn->n = nneed;
		for (j = 0; j < nneed; j++)
			pn->cross[j] = f->cross[f->cx[c1 + j]];
	}
	return n;
}

/* good_left[] and good_right[] from good[][] for a rack of n tiles (all
 * set when !any). */
static void
gen_good_spans(struct gen *g, int any, int n)
{
	int L, R;

	if (!any) {
		memset(g->good_left, 1, sizeof g->good_left);
		memset(g->good_right, 1, sizeof g->good_right);
		return;
	}
	if (n > RULES_MAX_RACK - 1)
		n = RULES_MAX_RACK - 1;
	g->good_left[n + 1] = 0;
	for (L = n; L >= 0; L--) {
		g->good_right[L][n + 1] = 0;
		for (R = n; R >= 0; R--)
			g->good_right[L][R] = g->good[L][R] ||
			    g->good_right[L][R + 1];
		g->good_left[L] = g->good_right[L][0] || g->good_left[L + 1];
	}
}

/* A max-heap of anchor keys. */
static void
gen_sift_down(uint64_t *keys, int n, int i)
{
	uint64_t k = keys[i];

	for (;;) {
		int c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && keys[c + 1] > keys[c])
			c++;
		if (keys[c] <= k)
			break;
		keys[i] = keys[c];
		i = c;
	}
	keys[i] = k;
}

static void
gen_heapify(uint64_t *keys, int n)
{
	int i;

	for (i = n / 2 - 1; i >= 0; i--)
		gen_sift_down(keys, n, i);
}

/* gen_fit_build: ends[] of the movegraph run at run, below a separator
 * or in the DAWG: bit r (1 to GEN_FIT_MAX) when a word ends r letters
 * below it; bit 0 marks it worked out. */
static unsigned
gen_fit_ends(const struct gen *g, uint8_t *ends, uint32_t run)
{
	const uint32_t *w = g->w;
	uint32_t base = movegraph_arcs(w, run, g->wide);
	int n = bits_popcount32(w[run]) +
	    bits_popcount32(movegraph_hi(w, run, g->wide)), k;
	unsigned m = 0;

	if (ends[run] & 1)
		return ends[run];
	for (k = 0; k < n; k++) {
		uint32_t arc = w[base + (uint32_t)k];

		if (movegraph_accepts(arc))
			m |= 2;
		if (movegraph_child(arc) != 0)
			m |= (gen_fit_ends(g, ends, movegraph_child(arc)) & 0xfe) <<
			    1;
	}
	ends[run] = (uint8_t)((m & 0xfe) | 1);
	return ends[run];
}

/* gen_fit_build: fit[] of the movegraph run at run, reached from the
 * GADDAG root by letters (done: a bit per word of the movegraph, set
 * once it is worked out; ends: gen_fit_ends').  A path from the root
 * spells w backwards, then the letters before it backwards (u), then,
 * unless the word ends with w, the separator and the letters after it
 * (v): so below run, a letter arc adds one to |u| (and ends a word with
 * |v| = 0 where it accepts), and the separator takes the word ends below
 * it as |v|.  (The lexicon may share a run of the DAWG's where the
 * letters left are the same; it has no separator, and the same holds.) */
static uint64_t
gen_fit_run(struct gen *g, uint32_t run, uint64_t *done, uint8_t *ends)
{
	const uint32_t *w = g->w;
	uint32_t base = movegraph_arcs(w, run, g->wide);
	uint32_t sep = movegraph_sep(w, run, g->wide);
	int n = bits_popcount32(w[run]) +
	    bits_popcount32(movegraph_hi(w, run, g->wide)), k;
	uint64_t m = 0;

	if ((done[run >> 6] >> (run & 63)) & 1)
		return g->fit[run];
	if (sep != 0 && movegraph_child(sep) != 0)
		m |= gen_fit_ends(g, ends, movegraph_child(sep)) & 0xfe;
	for (k = 0; k < n; k++) {
		uint32_t arc = w[base + (uint32_t)k];

		if (movegraph_accepts(arc))
			m |= (uint64_t)1 << 8;
		if (movegraph_child(arc) != 0)
			m |= gen_fit_run(g, movegraph_child(arc), done, ends) << 8;
	}
	g->fit[run] = m;
	done[run >> 6] |= (uint64_t)1 << (run & 63);
	return m;
}


/* The pairs of tiles w[0..n) from the GADDAG: w backwards from the
 * root. */
static uint64_t
gen_fit_walk(const struct gen *g, const uint8_t *w, int n)
{
	return gen_fit_arc(g, gen_mg_path(g, g->mg.root, w, n, 1));
}


/* gen_best_ready: fit[] for every run below the GADDAG root, at once
 * (8 bytes per word of the movegraph: 33 MB and 0.05-0.1 s for the
 * Norwegian list).  It and the memo are read at random, so they go on
 * huge pages like the other big tables: with 4 KiB pages the pages' first
 * touches alone took 0.1 s more of the Norwegian start-up.  Without
 * memory for it, no span is ruled out by its tiles. */
static void
gen_fit_build(struct gen *g)
{
	size_t n = g->mg.nwords;
	uint64_t *done;
	uint8_t *ends;

	if (g->mg.root == 0)
		return;
	g->fit = bigmem_malloc((size_t)n * sizeof *g->fit);
	g->fit_memo = bigmem_calloc((size_t)GEN_FIT_MEMO * sizeof *g->fit_memo);
	ends = calloc(n, 1);
	done = calloc((n + 63) / 64, sizeof *done);
	g->fit_nl = g->r->nletters + 1;
	g->fit2 = malloc((size_t)g->fit_nl * (size_t)g->fit_nl * sizeof *g->fit2);
	if (g->fit != NULL && g->fit_memo != NULL && g->fit2 != NULL &&
	    ends != NULL && done != NULL) {
		uint8_t w[2];

		(void)gen_fit_run(g, g->mg.root, done, ends);
		for (w[0] = 0; w[0] < g->fit_nl; w[0]++) {
			g->fit1[w[0]] = w[0] != 0 ? gen_fit_walk(g, w, 1) : 0;
			for (w[1] = 0; w[1] < g->fit_nl; w[1]++)
				g->fit2[w[0] * g->fit_nl + w[1]] = w[0] != 0 &&
				    w[1] != 0 ? gen_fit_walk(g, w, 2) : 0;
		}
	} else {
		free(g->fit);
		free(g->fit_memo);
		free(g->fit2);
		g->fit = NULL;
		g->fit_memo = NULL;
		g->fit2 = NULL;
	}
	free(ends);
	free(done);
}


/* Puts gw into words[] of 2^bits entries (it is not there). */
static void
gen_word_put(struct gen_word *words, int bits, const struct gen_word *gw)
{
	size_t mask = ((size_t)1 << bits) - 1;
	size_t at = (size_t)((gw->tag * 0x9e3779b97f4a7c15u) >> (64 - bits));

	while (words[at].tag != 0)
		at = (at + 1) & mask;
	words[at] = *gw;
}

/* Adds gw to g->words, which it doubles when three in four entries would
 * be taken.  Returns 0, or -1 when memory runs out. */
static int
gen_word_add(struct gen *g, const struct gen_word *gw)
{
	int bits = 64 - g->words_shift;
	size_t size = (size_t)1 << bits, i;

	if (4 * (g->words_used + 1) > 3 * size) {
		struct gen_word *bigger = bigmem_calloc(2 * size * sizeof *bigger);

		if (bigger == NULL)
			return -1;
		for (i = 0; i < size; i++)
			if (g->words[i].tag != 0)
				gen_word_put(bigger, bits + 1, &g->words[i]);
		free(g->words);
		g->words = bigger;
		g->words_shift--;
		bits++;
	}
	gen_word_put(g->words, bits, gw);
	g->words_used++;
	return 0;
}

/* The letters of the arcs of the run at run that end a word, as a mask
 * (bit L). */
static uint64_t
gen_word_ends(const struct gen *g, uint32_t run)
{
	const uint32_t *w = g->w;
	uint64_t m, ends = 0;
	uint32_t base;
	int idx;

	if (run == 0)
		return 0;
	m = w[run] | (uint64_t)movegraph_hi(w, run, g->wide) << 32;
	base = movegraph_arcs(w, run, g->wide);
	for (idx = 0; m != 0; m &= m - 1, idx++)
		if (movegraph_accepts(w[base + (uint32_t)idx]))
			ends |= (uint64_t)1 << (bits_lowest64(m) + 1);
	return ends;
}

/* gen_best_ready: g->words, by one search of the GADDAG below its root
 * through letter arcs only (for Norwegian's 263,000 such words about
 * 0.1 s and 16 MB; while it doubles, 27 MB).  Such a path spells the last
 * letters of words, last first, and where its arc accepts they are a
 * whole word u: the letters that may come before u are those of the arcs
 * below that accept, those after it of the arcs below the separator
 * there that accept, and u's pairs are the arc's (gen_fit_arc).  A path
 * is followed only while a word of at most GEN_FIT_RUN letters may end
 * with it (fit[]: words with up to GEN_FIT_MAX letters more before, none
 * after).  Without memory for the table, lines are walked. */
static void
gen_words_build(struct gen *g)
{
	const uint32_t *w = g->w;
	const int wide = g->wide;
	struct {
		uint32_t base;
		uint64_t m;
		int idx;
	} st[GEN_FIT_RUN];
	uint8_t path[GEN_FIT_RUN], word[GEN_FIT_RUN];
	int d = 0, bits = 12, q;
	uint64_t near;

	if (g->fit == NULL || g->mg.root == 0)
		return;
	g->words = bigmem_calloc(((size_t)1 << bits) * sizeof *g->words);
	if (g->words == NULL)
		return;
	g->words_shift = 64 - bits;
	g->words_used = 0;
	st[0].base = movegraph_arcs(w, g->mg.root, wide);
	st[0].m = w[g->mg.root] | (uint64_t)movegraph_hi(w, g->mg.root, wide) <<
	    32;
	st[0].idx = 0;
	for (;;) {
		uint32_t arc, run;
		int L, r;

		if (st[d].m == 0) {
			if (d == 0)
				break;
			d--;
			continue;
		}
		L = bits_lowest64(st[d].m) + 1;
		arc = w[st[d].base + (uint32_t)st[d].idx];
		st[d].m &= st[d].m - 1;
		st[d].idx++;
		path[d] = (uint8_t)L;
		run = movegraph_child(arc);
		if (movegraph_accepts(arc) && d >= 1) {
			struct gen_word gw;
			uint32_t sep = run != 0 ? movegraph_sep(w, run, wide) : 0;

			for (q = 0; q <= d; q++)
				word[q] = path[d - q];
			gw.tag = gen_fit_tag(word, d + 1);
			gw.front = gen_word_ends(g, run) & g->all_letters;
			gw.back = sep != 0 ?
			    gen_word_ends(g, movegraph_child(sep)) & g->all_letters :
			    0;
			gw.pairs = gen_fit_arc(g, arc);
			if (gen_word_add(g, &gw) != 0) {
				free(g->words);
				g->words = NULL;
				return;
			}
		}
		if (run == 0 || d + 1 >= GEN_FIT_RUN)
			continue;
		/* fit[]'s bits u * 8 (u letters more before, none after)
		 * for u = 1 .. r. */
		r = GEN_FIT_RUN - (d + 1);
		if (r <= GEN_FIT_MAX) {
			near = 0;
			for (q = 1; q <= r; q++)
				near |= (uint64_t)1 << (8 * q);
			if ((g->fit[run] & near) == 0)
				continue;
		}
		d++;
		st[d].base = movegraph_arcs(w, run, wide);
		st[d].m = w[run] | (uint64_t)movegraph_hi(w, run, wide) << 32;
		st[d].idx = 0;
	}
}

uint64_t
gen_fit_pairs(struct gen *g, const uint8_t *w, int n)
{
	struct gen_fit_memo *fm;
	uint64_t tag;

	if (g->fit == NULL || n < 1 || n > RULES_MAX_WORD)
		return ~(uint64_t)0;
	/* Runs of one or two letters, most of them, from tables; longer
	 * ones come back game after game (a walk down the GADDAG is a cache
	 * miss a letter). */
	if (n <= 2) {
		int a = TILE_LETTER(w[0]), b = n == 2 ? TILE_LETTER(w[1]) : 0;

		if (a >= g->fit_nl || b >= g->fit_nl)
			return 0;
		return n == 1 ? g->fit1[a] : g->fit2[a * g->fit_nl + b];
	}
	tag = gen_fit_tag(w, n);
	if (tag == 0)
		return gen_fit_walk(g, w, n);
	fm = gen_fit_slot(g, tag);
	if (fm->tag != tag) {
		fm->tag = tag;
		fm->pairs = gen_fit_walk(g, w, n);
	}
	return fm->pairs;
}

int
gen_best_ready(struct gen *g, struct err *e)
{
	int i;

	if (g->sigs_state != 0)
		return g->sigs_state == 1 ? 0 : -1;
	g->sigs_state = -1;
	if (wordsig_build(&g->sigs, g->lex, g->rack_size + GEN_SPAN_FIXED,
	    e) != 0)
		return -1;
	if (wordmap_build(&g->map, g->lex, g->sigs.letter, e) != 0) {
		wordsig_free(&g->sigs);
		return -1;
	}
	gen_fit_build(g);
	gen_words_build(g);
	g->spans = malloc((size_t)GEN_ANCHORS_MAX * sizeof *g->spans);
	g->bnext = malloc((size_t)GEN_ANCHORS_MAX * sizeof *g->bnext);
	g->bhead = malloc(GEN_BUCKETS * sizeof *g->bhead);
	if (g->spans == NULL || g->bnext == NULL || g->bhead == NULL) {
		wordsig_free(&g->sigs);
		wordmap_free(&g->map);
		free(g->spans);
		free(g->bnext);
		free(g->bhead);
		g->spans = NULL;
		g->bnext = g->bhead = NULL;
		err_set(e, 0, "out of memory");
		return -1;
	}
	for (i = 0; i < GEN_BUCKETS; i++)
		g->bhead[i] = -1;
	g->sigs_state = 1;
	return 0;
}

/* gen_row's word premiums of a square, as logarithms: the power of 2 in
 * the low byte, the power of 3 in the next (x4 is 2 squared). */
static const uint32_t gen_wlog[5] = { 0, 0, 1, 1 << 8, 2 };

/* Product of the word premiums whose logarithms sum to wc (a span
 * gen_best looks up has at most GEN_SUB_MAX + 2 empty squares). */
static int
gen_wprod(uint32_t wc)
{
	static const int pow3[GEN_SUB_MAX + 3] = {
		1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049
	};

	return pow3[wc >> 8] << (wc & 0xff);
}

/* gen_best by anagrams: fills g->rowfix[d][i] for the current row (set
 * by gen_set_row); first: for the first move.  Without a branch on
 * which squares hold tiles (they follow no pattern the branch
 * predictor could learn; 8 rows are rebuilt a turn): an empty square's
 * entries are written at ne for every square, and a tile's are written
 * over by the next empty square's.  The first anchor from each x on
 * comes from a bitmask of the anchors. */
static void
gen_rowfix_build(struct gen *g, int d, int i, int first)
{
	struct gen_rowfix *f = &g->rowfix[d][i];
	const uint64_t *letter_key = g->sigs.letter;
	const uint8_t *anchor = g->anchor[d] + i * g->W[d];
	uint64_t key = 0;
	int W = g->width, j, x, fix = 0, ne = 0, nc = 0, ulm = 0, lo = 0;
	int start_col = first ? g->r->start_col : -1;
	uint32_t lmc = 0, wmc = 0, anchors = 0;

	f->fix[0] = 0;
	f->key[0] = 0;
	f->ulm[0] = 0;
	f->ci[0] = 0;
	f->lmc[0] = f->wmc[0] = 0;
	for (j = 0; j < W; j++) {
		uint8_t t = g->rtile[j];
		int empty = t == 0, lm = g->rlm[j], wm = g->rwm[j];
		int cs = g->rcscore[j], free_sq = cs < 0;
		uint32_t em = (uint32_t)0 - (uint32_t)empty;

		/* tval is 0 on an empty square. */
		fix += g->rval[j];
		key += letter_key[TILE_LETTER(t)] & ((uint64_t)empty - 1);
		f->fix[j + 1] = fix;
		f->key[j + 1] = key;
		f->col[ne] = (uint8_t)j;
		f->lo[ne] = (uint8_t)lo;
		f->lm[ne] = (uint8_t)lm;
		f->wm[ne] = (uint8_t)wm;
		f->cs[ne] = (int16_t)cs;
		f->cross[ne] = g->rcross[j];
		anchors |= (uint32_t)((start_col >= 0 ? j == start_col :
		    anchor[j] != 0) & empty) << ne;
		/* A free square has no tile above or below it. */
		f->cx[nc] = (uint8_t)ne;
		nc += empty & !free_sq;
		ulm += lm & (int)(em & ((uint32_t)0 - (uint32_t)free_sq));
		lmc += ((uint32_t)1 << (8 * (lm - 1))) & em;
		wmc += gen_wlog[wm] & em;
		lo = empty ? j + 1 : lo;
		ne += empty;
		f->ulm[ne] = (uint16_t)ulm;
		f->ci[ne] = (uint8_t)nc;
		f->lmc[ne] = lmc;
		f->wmc[ne] = wmc;
	}
	/* So that the last empty square's word part ends at the row's end. */
	f->col[ne] = (uint8_t)W;
	f->next_anchor[ne] = (uint8_t)ne;
	f->starts = anchors != 0 ?
	    ((uint32_t)2 << gen_highest_bit32(anchors)) - 1 : 0;
	f->hicols = 0;
	anchors |= (uint32_t)1 << ne;
	for (x = 0; x < ne; x++) {
		int hi = f->col[x + 1] - 1;

		f->hi[x] = (uint8_t)hi;
		f->hicols |= (uint32_t)1 << hi;
		f->e2col[hi] = (uint8_t)x;
		f->next_anchor[x] = (uint8_t)(x + gen_lowest_bit32(anchors >> x));
	}
	f->ne = ne;
	f->nc = nc;
	f->first = first;
	f->valid = 1;
}

/* gen_best by anagrams: fills g->rows[d][i] for the current row (set by
 * gen_set_row) and the rack, from g->rowfix[d][i] (made anew if a square
 * of the row has changed).  Only the constrained squares are looked at:
 * any rack letter may go on a free one. */
static void
gen_row_build(struct gen *g, int d, int i, int first_move)
{
	struct gen_row *rw = &g->rows[d][i];
	const struct gen_rowfix *f = &g->rowfix[d][i];
	uint64_t ok = g->rack[0] != 0 ? g->all_letters : g->rackmask;
	uint32_t bad = 0;
	int c, cap = 0, cr = 0;

	if (!f->valid || f->first != first_move)
		gen_rowfix_build(g, d, i, first_move);
	rw->f = f;
	rw->cap[0] = rw->cr[0] = 0;
	/* A bad square's part of the sums is junk, but no span holds
	 * one, and a span takes only differences of sums within it: so
	 * there is no branch on which squares are bad. */
	for (c = 0; c < f->nc; c++) {
		int x = f->cx[c];
		uint64_t cross = f->cross[x];
		int mv = gen_square_best(g, cross) * f->lm[x];

		bad |= (uint32_t)((cross & ok) == 0) << x;
		cap += mv;
		cr += (f->cs[x] + mv) * f->wm[x];
		rw->cap[c + 1] = cap;
		rw->cr[c + 1] = cr;
	}
	rw->bad = bad;
}

/* gen_best by anagrams: an upper bound on the moves filling empty
 * squares e1..e2 of row rw (none of them bad; as gen_anchor_bound bounds
 * a span), with its parts in *sp if sp is not NULL; -1 if the span takes
 * every tile of the rack and the filters say no word has them and its
 * tiles. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int
gen_window_bound(struct gen *g, const struct gen_row *rw, int e1,
	int e2, int n, struct gen_span *sp)
{
	const struct gen_rowfix *f = rw->f;
	int lo = f->lo[e1], hi = f->hi[e2], k = e2 - e1 + 1;
	int c1 = f->ci[e1], c2 = f->ci[e2 + 1];
	int fixed = f->fix[hi + 1] - f->fix[lo];
	int capped = g->topletter * (f->ulm[e2 + 1] - f->ulm[e1]) +
	    rw->cap[c2] - rw->cap[c1];
	int cross = rw->cr[c2] - rw->cr[c1];
	uint32_t c4 = f->lmc[e2 + 1] - f->lmc[e1];
	int wprod = gen_wprod(f->wmc[e2 + 1] - f->wmc[e1]);
	int main, bound, arranged, x4, x3, x2;
	const int *pre = g->topval;

	if (k == n && !gen_all_tiles_ok(g, f->key[hi + 1] - f->key[lo],
	    hi - lo + 1))
		return -1;
	/* The best values on the best letter premiums: the best x4 of them
	 * four times, the next x3 three times, and so on, which is the sum
	 * of the best k, x4 + x3 + x2, x4 + x3 and x4. */
	x4 = GEN_LMUL_COUNT(c4, 4);
	x3 = x4 + GEN_LMUL_COUNT(c4, 3);
	x2 = x3 + GEN_LMUL_COUNT(c4, 2);
	arranged = main = pre[k] + pre[x2] + pre[x3] + pre[x4];
	if (capped < main)
		main = capped;
	bound = (fixed + main) * wprod + cross;
	if (k >= g->rack_size)
		bound += g->bingo;
	if (sp != NULL) {
		sp->bound = bound;
		sp->fixed = fixed;
		sp->wprod = wprod;
		sp->arranged = arranged;
		sp->capped = capped;
		sp->cross = cross;
		sp->lo = (uint8_t)lo;
		sp->hi = (uint8_t)hi;
		sp->k = (uint8_t)k;
	}
	return bound;
}

/* gen_span_fits: where the runs of tiles between the empty squares of
 * row f, (d, i), are, and their letters.  If the word parts around one
 * are not at hand by its place, their memo entry is asked for now. */
static void
gen_row_gaps(struct gen *g, struct gen_rowfix *f, int d, int i)
{
	const uint8_t *tile = g->tile[d] + i * g->W[d];
	int x, W = g->W[d];

	f->tgaps = f->known = 0;
	for (x = 0; x <= f->ne; x++) {
		int a = x == 0 ? 0 : f->col[x - 1] + 1;
		int b = x == f->ne ? W - 1 : f->col[x] - 1;
		uint64_t tag;

		if (a > b)
			continue;
		tag = gen_fit_tag(tile + a, b - a + 1);
		f->ga[x] = (uint8_t)a;
		f->gb[x] = (uint8_t)b;
		f->gtag[x] = tag;
		f->tgaps |= (uint32_t)1 << x;
#if defined(__GNUC__)
		if (b - a >= 2 && tag != 0 && g->fit_run[d][i][a].tag != tag)
			__builtin_prefetch(gen_fit_slot(g, tag));
#endif
	}
	f->gaps_set = 1;
}

/* gen_span_fits: the word parts around run q of row f, (d, i), from
 * fit_run: most runs are as they were at the row's last change.  (Runs
 * of over GEN_FIT_RUN letters have no tag and are looked up each time;
 * they are seldom on the board.) */
static uint64_t
gen_gap_pairs(struct gen *g, struct gen_rowfix *f, int d, int i, int q)
{
	const uint8_t *tile = g->tile[d] + i * g->W[d];
	int a = f->ga[q];
	struct gen_fit_memo *fr = &g->fit_run[d][i][a];

	if (f->gtag[q] == 0 || fr->tag != f->gtag[q]) {
		fr->tag = f->gtag[q];
		fr->pairs = gen_fit_pairs(g, tile + a, f->gb[q] - a + 1);
	}
	return fr->pairs;
}

/* gen_best: the spans e1..e2 of row (d, i) that may hold a word by their
 * runs of tiles, as bits hi[e2]: each run must have, in some word of the
 * span's length, as many letters before and after it as the span has
 * (gen_fit_pairs; more than GEN_FIT_MAX are not looked at).  On
 * 2026-12-04, a third of the spans that came up a Norwegian or English
 * turn failed this: a word on the board that no word of that length
 * holds at that place.  Worked out for all e2 at once the first time,
 * and kept until the row's tiles change.  Bits of columns that end no
 * span mean nothing: by columns, the letters after a run are a shift of
 * its pairs' byte, with no loop over e2. */
static uint32_t
gen_span_fits(struct gen *g, int d, int i, int e1)
{
	struct gen_rowfix *f = &g->rowfix[d][i];
	uint32_t m = ~(uint32_t)0, gaps;
	int lo = f->lo[e1];

	if (g->fit == NULL)
		return m;
	if (!f->gaps_set)
		gen_row_gaps(g, f, d, i);
	if ((f->known >> e1) & 1)
		return f->fits[e1];
	gaps = f->tgaps & ~(((uint32_t)1 << e1) - 1);
	for (; gaps != 0; gaps &= gaps - 1) {
		int q = gen_lowest_bit32(gaps), u = f->ga[q] - lo;
		uint32_t after;

		if (u > GEN_FIT_MAX)
			break;
		/* Spans to e2 >= q - 1 hold the run, with v = hi[e2] - gb[q]
		 * letters after it: bit v of after, for v up to GEN_FIT_MAX
		 * (8 bits). */
		after = (uint32_t)(gen_gap_pairs(g, f, d, i, q) >> (u * 8)) & 0xff;
		m &= ~((after ^ 0xff) << f->gb[q]);
	}
	f->known |= (uint32_t)1 << e1;
	f->fits[e1] = m;
	return m;
}

/* gen_best_spans' queue: a list per bound (GEN_BUCKETS - 1 and over
 * share the last), linked through bnext[] by item id. */
static void
gen_bucket_push(struct gen *g, int bound, int32_t id, int *top)
{
	int b = bound < GEN_BUCKETS - 1 ? bound : GEN_BUCKETS - 1;

	g->bnext[id] = g->bhead[b];
	g->bhead[b] = id;
	g->bmask[b >> 6] |= (uint64_t)1 << (b & 63);
	if (b > *top)
		*top = b;
}

/* gen_best_equity's queue: buckets by equity bound in whole points,
 * GEN_EQ_LOW points below zero in bucket 0 (lower ones there too). */
#define GEN_EQ_LOW 128

static inline int
gen_eq_bucket(int64_t v)
{
	int64_t b = (v >= 0 ? v / 1000 : -((-v + 999) / 1000)) + GEN_EQ_LOW;

	return b < 0 ? 0 : b > GEN_BUCKETS - 1 ? GEN_BUCKETS - 1 : (int)b;
}

/* The highest equity bound bucket b (below the last) holds. */
static inline int64_t
gen_eq_bucket_top(int b)
{
	return ((int64_t)b - GEN_EQ_LOW) * 1000 + 999;
}

/* gen_best_equity: the bound of queue item sp (its spans e1..e2 down to
 * e1..e2lo), from the score bound b of e1..e2, which grows with the
 * span: b plus the best keep of a move of any of their sizes.  (A
 * tighter bound, the larger of e1..e2's own and e1..e2 - 1's with the
 * best keep of the narrower sizes, took one more span bound a push and
 * saved nothing.)  Sets sp->sbound and sp->bound; returns the item's
 * bucket. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int
gen_eq_item(const struct gen *g, struct gen_span *sp, int b)
{
	int64_t v = (int64_t)b * 1000 + g->eq_range[sp->e2lo - sp->e1 + 1][sp->k];

	sp->sbound = b;
	sp->bound = v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;
	return gen_eq_bucket(v);
}

/* gen_best_spans' pipeline, one step on: the words of the slots found
 * for span *hs (nhits of them in g->phits) are tried, and then the slots
 * of span prev's n keys found, its words asked for, and prev kept in *hs
 * for the next step. */
static void
gen_pipe_on(struct gen *g, struct gen_span *hs, int *nhits,
	const struct gen_span *prev, int n, const uint64_t *keys)
{
	if (*nhits > 0) {
		gen_set_row(g, hs->dir, hs->row);
		gen_try_slots(g, hs->lo, hs->hi, g->phits, *nhits);
		*nhits = 0;
	}
	if (prev != NULL && n > 0) {
		gen_find_slots(g, prev->dir, prev->row, prev->lo, prev->hi, keys,
		    n, g->phits, nhits);
		*hs = *prev;
	}
}

/* gen_best_spans' first step with one blank on the rack: the wordsig
 * blocks span sp's keys will need (gen_span_keys) asked for, a step
 * ahead, so that they have come by then (blank turns about 5 % faster:
 * asked for just before, each span waited about as long as one read
 * from memory).  Those of sub-multisets worth less than the best move
 * wants now are not. */
static void
gen_span_ahead(const struct gen *g, const struct gen_span *sp)
{
	const struct gen_rowfix *f = &g->rowfix[sp->dir][sp->row];
	int k = sp->k, len = sp->hi - sp->lo + 1, nq;
	uint8_t buf[1 << GEN_SUB_MAX];
	const uint8_t *qs;

	if (len < 2 || k < 1 || k - 1 > GEN_SUB_MAX ||
	    len > g->rack_size + GEN_SPAN_FIXED)
		return;
	nq = gen_span_subs(g, sp, k - 1, 1, buf, &qs);
	gen_blank_prefetch(g, f->key[sp->hi + 1] - f->key[sp->lo], k - 1, qs,
	    nq);
}

/* gen_best by anagrams, for a rack of n tiles.  Every row with anchors
 * is summed up (gen_row_build), and each of its empty squares that can
 * start a span becomes a queue item, the widest span from it that may
 * make a word.  Items are queued by bound, best first.  A span's bound
 * grows with its width (each part does), so an item's bound is that of
 * its narrower spans too: the one that comes up is filled from the rack
 * (gen_span_keys, gen_lookup) and goes back as its next narrower span.
 * So spans are searched in order of their bounds over the whole board,
 * each bounded only when the one before it has come up, and the search
 * ends when the best move found beats every bound left. */
static void
gen_best_spans(struct gen *g, int n, int first_move)
{
	int nitems = 0, d, i, top = -1, maxtop, ne, holds;
	uint32_t fits;
	const struct gen_rowfix *f;
	int nkeys[GEN_PIPE_MAX], step = 0, st, nhits = 0;
	/* With one blank, a step more (gen_span_ahead). */
	int ahead = g->rack[0] == 1, depth = GEN_PIPE + ahead;
	/* The spans in the pipeline (their queue items move on), by step. */
	struct gen_span run[GEN_PIPE_MAX], hits_span;

	for (d = 0; d < (first_move ? 1 : 2); d++)
		for (i = 0; i < g->R[d]; i++) {
			const struct gen_row *rw = &g->rows[d][i];
			uint32_t starts, stop;
			int e1;

			if (first_move ? i != g->r->start_row :
			    g->row_anchors[d][i] == 0)
				continue;
			gen_set_row(g, d, i);
			gen_row_build(g, d, i, first_move);
			ne = rw->f->ne;
			/* Spans start on a square with an anchor at or after
			 * it, not bad, and end before the next bad square or
			 * the row's end (stop).  The squares are taken as
			 * bits: which are which follows no pattern a branch
			 * could learn (about 2 % of a turn's cycles went). */
			starts = rw->f->starts & ~rw->bad;
			stop = rw->bad | (uint32_t)1 << ne;
			for (; starts != 0; starts &= starts - 1) {
				struct gen_span *sp = &g->spans[nitems];
				int e2hi, b, e2lo;

				e1 = gen_lowest_bit32(starts);
				e2lo = rw->f->next_anchor[e1];
				e2hi = e1 + gen_lowest_bit32(stop >> e1) - 1;
				if (e2hi > e1 + n - 1)
					e2hi = e1 + n - 1;
				if (e2hi < e2lo)
					continue;
				/* The widest span, or the next if that one takes
				 * every tile and cannot make a word. */
				b = gen_window_bound(g, rw, e1, e2hi, n, sp);
				if (b < 0 && e2hi > e2lo) {
					e2hi--;
					b = gen_window_bound(g, rw, e1, e2hi, n, sp);
				}
				if (b < 0)
					continue;
				sp->dir = (uint8_t)d;
				sp->row = (uint8_t)i;
				sp->e1 = (uint8_t)e1;
				sp->e2 = (uint8_t)e2hi;
				sp->e2lo = (uint8_t)e2lo;
				if (g->eq != NULL) {
					b = gen_eq_item(g, sp, b);
					if (!gen_eq_may(g, sp->bound))
						continue;
				}
				gen_bucket_push(g, b, nitems++, &top);
			}
		}
	maxtop = top;
	while (top >= 0) {
		int w = top >> 6;
		uint64_t m = g->bmask[w] & (~(uint64_t)0 >> (63 - (top & 63)));
		int32_t id;
		struct gen_span *sp;

		/* The highest bucket at or below top that is not empty. */
		while (m == 0 && w > 0)
			m = g->bmask[--w];
		if (m == 0)
			break;
		top = w * 64 + bits_highest64(m);
		id = g->bhead[top];
		if (top < GEN_BUCKETS - 1 && (g->eq != NULL ?
		    !gen_eq_may(g, gen_eq_bucket_top(top)) :
		    g->have_best && top < g->best.score))
			break;
		g->bhead[top] = g->bnext[id];
		g->bmask[w] &= ~((uint64_t)(g->bnext[id] < 0) << (top & 63));
		sp = &g->spans[id];
		if (g->eq != NULL ? !gen_eq_may(g, sp->bound) :
		    g->have_best && sp->bound < g->best.score)
			continue;
		f = &g->rowfix[sp->dir][sp->row];
		/* A span no word of its length may fill with its tiles where
		 * they are is passed over (gen_span_fits: bits by the column
		 * a span ends in). */
		fits = gen_span_fits(g, sp->dir, sp->row, sp->e1) &
		    f->hicols & (((uint32_t)2 << sp->hi) - 1);
		holds = (fits >> sp->hi) & 1;
		/* By equity, the span itself takes its own size's best keep. */
		if (g->eq != NULL && !gen_eq_may(g, (int64_t)sp->sbound * 1000 +
		    g->eq->best_used[sp->k]))
			holds = 0;
		/* Copied whether it holds or not (the slot is free till
		 * then): the branch was mispredicted. */
		run[step % depth] = *sp;
		/* The item's next narrower span whose tiles a word may hold
		 * goes back, unless it cannot beat the best (nor can the
		 * narrower ones after it). */
		fits &= ((uint32_t)1 << sp->hi) - 1;
		if ((fits >> f->hi[sp->e2lo]) != 0) {
			int e2 = f->e2col[gen_highest_bit32(fits)];
			int b = gen_window_bound(g, &g->rows[sp->dir][sp->row],
			    sp->e1, e2, n, sp);

			sp->e2 = (uint8_t)e2;
			if (g->eq != NULL) {
				b = gen_eq_item(g, sp, b);
				if (gen_eq_may(g, sp->bound))
					gen_bucket_push(g, b, id, &top);
			} else if (!g->have_best || b >= g->best.score)
				gen_bucket_push(g, b, id, &top);
		}
		if (!holds)
			continue;
		/* A step of the pipeline: this span's keys are worked out
		 * and their slots asked for (with one blank: its wordsig
		 * blocks asked for, and the keys of the span a step back
		 * worked out); the slots of the span GEN_PIPE - 1 steps
		 * after its keys (which have come meanwhile) are found and
		 * its words asked for; and the words of the span before
		 * that tried.  (A span whose words are tried late may let a
		 * few spans come up that the best move would have stopped:
		 * the result is the same, as gen_record keeps the best by
		 * score, tiles and place in any order.) */
		st = step % depth;
		if (ahead) {
			gen_span_ahead(g, &run[st]);
			st = (step + depth - 1) % depth;
			if (step > 0)
				nkeys[st] = gen_span_keys(g, &run[st],
				    g->pkeys[st]);
		} else
			nkeys[st] = gen_span_keys(g, &run[st], g->pkeys[st]);
		if (++step >= depth) {
			st = step % depth;
			gen_pipe_on(g, &hits_span, &nhits, &run[st], nkeys[st],
			    g->pkeys[st]);
		}
	}
	if (ahead && step > 0) {
		st = (step - 1) % depth;
		nkeys[st] = gen_span_keys(g, &run[st], g->pkeys[st]);
	}
	for (st = step < depth ? 0 : step - depth + 1; st < step; st++)
		gen_pipe_on(g, &hits_span, &nhits, &run[st % depth],
		    nkeys[st % depth], g->pkeys[st % depth]);
	gen_pipe_on(g, &hits_span, &nhits, NULL, 0, NULL);
	for (i = 0; i <= maxtop; i++)
		g->bhead[i] = -1;
	memset(g->bmask, 0, sizeof g->bmask);
}

/* gen_best and gen_best_equity, first: the board and rack of p taken
 * in, the rack's tile values best first into vals[0..*nv), its
 * sub-multisets and sums.  Returns whether the search may go by
 * anagrams (gen_best_spans): the rack's sub-multisets are listed and it
 * holds at most two blanks. */
static int
gen_best_begin(struct gen *g, const struct position *p, int *vals, int *nvp)
{
	int nv = 0, i, t, c, spans;

	g->best_mode = 1;
	g->have_best = 0;
	if (++g->stamp == 0) {
		memset(g->memo, 0, sizeof g->memo);
		memset(g->pass, 0, sizeof g->pass);
		memset(g->tiles_memo, 0, sizeof g->tiles_memo);
		g->stamp = 1;
	}
	/* Without the filter (no memory for it), no span is ruled out. */
	(void)gen_best_ready(g, NULL);
	g->oom = 0;
	gen_prepare(g, &p->board);
	gen_load_rack(g, p);
	gen_subsets(g);
	for (c = 0; c < g->rack[0] && nv < RULES_MAX_RACK; c++)
		vals[nv++] = 0;
	for (i = 0; i < g->nrack_letters; i++)
		for (t = g->rack_letters[i], c = 0; c < g->rack[t] &&
		    nv < RULES_MAX_RACK; c++)
			vals[nv++] = g->values[t];
	for (t = 1; t < nv; t++) {
		int v = vals[t];

		for (c = t; c > 0 && vals[c - 1] < v; c--)
			vals[c] = vals[c - 1];
		vals[c] = v;
	}
	g->topval[0] = 0;
	for (t = 0; t < nv; t++)
		g->topval[t + 1] = g->topval[t] + vals[t];
	g->nbyval = 0;
	for (i = 0; i < g->nrack_letters; i++) {
		int q = g->nbyval++;

		t = g->rack_letters[i];
		for (; q > 0 && g->values[g->byval[q - 1]] < g->values[t]; q--)
			g->byval[q] = g->byval[q - 1];
		g->byval[q] = (uint8_t)t;
	}
	g->topletter = g->nbyval ? g->values[g->byval[0]] : 0;
	for (i = 0; i < GEN_RANKS; i++) {
		g->rank_letter[i] = i < g->nbyval ? g->byval[i] : 0;
		g->rank_value[i] = i < g->nbyval ? g->values[g->byval[i]] : 0;
	}
	g->rank_value[GEN_RANKS] = 0;
	/* By anagrams when the rack's sub-multisets are listed and it holds
	 * at most two blanks; else by the GADDAG. */
	spans = g->sigs_state == 1 && g->subs_ok && g->rack[0] <= 2 &&
	    nv <= GEN_SUB_MAX + 2;
	g->rack_key = 0;
	for (i = 0; spans && i < g->nrack_letters; i++) {
		t = g->rack_letters[i];
		g->rack_key += g->rack[t] * g->sigs.letter[t];
	}
	*nvp = nv;
	return spans;
}

int
gen_best(struct gen *g, const struct position *p, struct move *best)
{
	struct gen_anchor anchors[2 * SQ];
	/* Bound + 1 above, ~index below: by bound, best first, then in the
	 * order anchors are listed (direction, row, column). */
	uint64_t keys[2 * SQ];
	int vals[RULES_MAX_TILES * 4];
	uint8_t refined[2 * SQ];
	int na = 0, nv, d, i, j, cd = -1, ci = -1, spans;

	g->eq = NULL;
	spans = gen_best_begin(g, p, vals, &nv);
	if (spans) {
		gen_best_spans(g, nv, g->ntiles == 0);
	} else if (g->ntiles == 0) {
		gen_set_row(g, 0, g->r->start_row);
		gen_anchor(g, g->r->start_col, 0);
	} else {
		for (d = 0; d < 2; d++)
			for (i = 0; i < g->R[d]; i++) {
				int last = -1, any = 0;
				int *maxv = g->maxv[d][i];

				for (j = 0; j < g->W[d]; j++)
					if (g->anchor[d][i * g->W[d] + j]) {
						struct gen_anchor *an = &anchors[na++];

						if (!any) {
							gen_set_row(g, d, i);
							gen_row_maxv(g, maxv);
							any = 1;
						}

						an->dir = (uint8_t)d;
						an->row = (uint8_t)i;
						an->col = (uint8_t)j;
						an->left_min = (uint8_t)(last + 1);
						refined[na - 1] = 0;
						an->bound = gen_anchor_bound(g, j, last + 1,
						    vals, nv, maxv, 0, -1, 0);
						keys[na - 1] = (uint64_t)((int64_t)an->bound + 1) << 32 |
						    (uint32_t)~(uint32_t)(na - 1);
						last = j;
					}
			}
		/* Best bound first.  An anchor's first bound knows only the
		 * board and the rack; when it comes up it is bounded again with
		 * the lexicon's say on which squares a move can fill (for the
		 * spans that could still win), and goes back into the heap. */
		gen_heapify(keys, na);
		while (na > 0) {
			uint64_t key = keys[0];
			uint32_t idx = ~(uint32_t)(key & 0xffffffffu);
			struct gen_anchor *an = &anchors[idx];
			int bound = (int)(key >> 32) - 1;

			if (g->have_best && bound < g->best.score)
				break;
			if (an->dir != cd || an->row != ci) {
				cd = an->dir;
				ci = an->row;
				gen_set_row(g, cd, ci);
			}
			if (!refined[idx]) {
				int floor = g->have_best ? g->best.score : -1;

				refined[idx] = 1;
				bound = gen_anchor_bound(g, an->col, an->left_min, vals,
				    nv, g->maxv[cd][ci], 1, floor, 0);
				if (bound < floor || bound < 0)
					keys[0] = keys[--na];
				else
					keys[0] = (uint64_t)((int64_t)bound + 1) << 32 |
					    (key & 0xffffffffu);
				gen_sift_down(keys, na, 0);
				continue;
			}
			keys[0] = keys[--na];
			gen_sift_down(keys, na, 0);
			/* The spans that could still win, as the best is now. */
			if (g->have_best && gen_anchor_bound(g, an->col,
			    an->left_min, vals, nv, g->maxv[cd][ci], 1,
			    g->best.score, 1) < g->best.score)
				continue;
			gen_good_spans(g, g->have_best, nv);
			g->restrict_spans = g->have_best;
			gen_anchor(g, an->col, an->left_min);
			g->restrict_spans = 0;
		}
	}
	g->best_mode = 0;
	if (!g->have_best)
		return 0;
	*best = g->best;
	return 1;
}

/* gen_best_equity: subkeep[][][] and subkeepmax[][][] for the rack. */
static void
gen_eq_subkeep(struct gen *g)
{
	int nb, sz, q;

	for (sz = 0; sz <= GEN_SUB_MAX; sz++) {
		int ng = 0;

		for (q = 1; q <= g->nsub[sz]; q++)
			if (q == g->nsub[sz] || g->subval[sz][q] != g->subval[sz][q - 1])
				g->subgroup[sz][ng++] = (uint16_t)q;
		g->nsubgroup[sz] = ng;
	}
	for (nb = 0; nb <= g->rack[0] && nb <= 2; nb++) {
		int base = g->eq->full - nb * g->eq->used[TILE_BLANK];

		for (sz = 0; sz <= GEN_SUB_MAX; sz++) {
			int32_t *keep = g->subkeep[nb][sz], *most = g->subkeepmax[nb][sz];
			int32_t m = INT32_MIN;

			for (q = g->nsub[sz] - 1; q >= 0; q--) {
				int32_t v = g->eq->keep[base - g->substep[sz][q]];

				keep[q] = v;
				if (v > m)
					m = v;
				most[q] = m;
			}
		}
	}
}

int
gen_best_equity(struct gen *g, const struct position *p,
	const struct equity *eq, int64_t floor, struct move *best,
	int64_t *value, struct err *e)
{
	int vals[RULES_MAX_TILES * 4];
	int nv, spans, klo, khi;

	g->eq = eq;
	spans = gen_best_begin(g, p, vals, &nv) && eq->ok && nv <= RULES_MAX_RACK;
	g->eq_thr = floor;          /* no best yet; INT64_MIN: no floor */
	if (spans) {
		gen_eq_subkeep(g);
		for (klo = 1; klo <= nv; klo++) {
			int32_t m = INT32_MIN;

			for (khi = klo; khi <= nv; khi++) {
				if (eq->best_used[khi] > m)
					m = eq->best_used[khi];
				g->eq_range[klo][khi] = m;
			}
		}
		gen_best_spans(g, nv, g->ntiles == 0);
	}
	g->best_mode = 0;
	g->eq = NULL;
	if (!spans) {
		/* Racks the search does not take: every tile play listed. */
		long n, besti;

		n = gen_all(g, p, 0, GEN_PLACEMENTS, e);
		if (n < 0)
			return -1;
		besti = equity_first(eq, gen_moves(g), n, floor, value);
		if (besti < 0)
			return 0;
		*best = gen_moves(g)[besti];
		return 1;
	}
	if (!g->have_best)
		return 0;
	*best = g->best;
	*value = g->best_eq;
	return 1;
}
