/*
 * gen_walk.h — the GADDAG walk of gen.c (gen_anchor and below), a
 * template gen.c includes twice: for any x86-64, and for CPUs with the
 * POPCNT instruction (chosen once, at gen_create, by
 * __builtin_cpu_supports, as klv.c chooses its walk).  Finding a letter's
 * arc in a run counts the bits below it (movegraph.h), twice a letter
 * tried; one instruction instead of twelve is 12 % of all-moves
 * generation's instructions.  Each of those twice again: gen_best's walk,
 * which may keep to the spans that could still win (GW_SPANS(g) is
 * g->restrict_spans), and gen_all's, where GW_SPANS(g) is 0 and its tests
 * go (3 % of all-moves generation's instructions).  Private to gen.c: it
 * defines, before each inclusion, GW(name) (the functions' names),
 * GW_POPCOUNT32, GW_ATTR and GW_SPANS.
 */

/* The arc for letter L (1..63) in the run at run, or 0: movegraph_arc
 * with this variant's bit count. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
GW_ATTR static inline uint32_t
GW(arc)(const uint32_t *w, uint32_t run, int L, int wide)
{
	uint32_t lo = w[run];

	if (L <= 32) {
		uint32_t bit = (uint32_t)1 << (L - 1);

		if ((lo & bit) == 0)
			return 0;
		return w[movegraph_arcs(w, run, wide) +
		    GW_POPCOUNT32(lo & (bit - 1))];
	} else {
		uint32_t hi = movegraph_hi(w, run, wide);
		uint32_t bit = (uint32_t)1 << (L - 33);

		if ((hi & bit) == 0)
			return 0;
		return w[movegraph_arcs(w, run, wide) + GW_POPCOUNT32(lo) +
		    GW_POPCOUNT32(hi & (bit - 1))];
	}
}

GW_ATTR static void GW(rec)(struct gen *g, int col, uint32_t run, int lstart,
	int ms, int wm, int cs, int np);
GW_ATTR static void GW(through)(struct gen *g, int col, uint32_t arc, int lstart,
	int ms, int wm, int cs, int np);

/* Goes on to column col from the run at run (movegraph.h): a tile already
 * there must have its arc; an empty square needs a letter the cross-set
 * allows and the rack can supply.  Dead ends are found here, without a
 * call (a fifth of the calls fail on the tile already there). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
GW_ATTR static inline void
GW(step)(struct gen *g, int col, uint32_t run, int lstart, int ms, int wm,
	int cs, int np)
{
	uint8_t t = g->rtile[col];

	if (t != 0) {
		uint32_t arc = GW(arc)(g->w, run, TILE_LETTER(t), g->wide);

		if (arc != 0)
			GW(through)(g, col, arc, lstart, ms + g->rval[col], wm, cs,
			    np);
	} else {
		/* Half the squares reached have no letter that the run, the
		 * square and the rack all allow: seen here, without a call. */
		uint64_t possible = g->rcross[col] & g->rext[col] & g->avail;

		if (((g->w[run] & (uint32_t)(possible >> 1)) |
		    (movegraph_hi(g->w, run, g->wide) &
		    (uint32_t)(possible >> 33))) != 0)
			GW(rec)(g, col, run, lstart, ms, wm, cs, np);
	}
}

/* Tile (letter or through-tile) at col has been matched by arc; record a
 * word if one ends here and carry on left, across the separator, or right.
 * Invariant: strip[] holds the tiles of columns already visited on this
 * path; ms/wm/cs are the main-word sum, word multiplier and cross-word
 * total so far, np the tiles placed. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
GW_ATTR static inline void
GW(goon)(struct gen *g, int col, uint32_t arc, int lstart, int ms, int wm,
	int cs, int np)
{
	uint32_t child = movegraph_child(arc);

	if (col <= g->anch) {
		int nll = col == 0 || g->rtile[col - 1] == 0;

		if (movegraph_accepts(arc) && nll && g->right_clear && np > 0)
			gen_record(g, col, g->anch, ms, wm, cs, np);
		if (child == 0)
			return;
		/* In gen_best, only towards spans that could still win:
		 * np - 1 empty squares are filled left of the anchor. */
		if (col - 1 >= g->left_min && (!GW_SPANS(g) ||
		    g->rtile[col - 1] != 0 || g->good_left[np]))
			GW(step)(g, col - 1, child, -1, ms, wm, cs, np);
		if (nll && g->anch + 1 < g->width && (!GW_SPANS(g) ||
		    g->good_right[np - 1][0])) {
			uint32_t sep = movegraph_sep(g->w, child, g->wide);

			g->sep_np = np;
			if (movegraph_child(sep) != 0)
				GW(step)(g, g->anch + 1, movegraph_child(sep), col, ms,
				    wm, cs, np);
		}
	} else {
		int nlr = col + 1 == g->width || g->rtile[col + 1] == 0;

		if (movegraph_accepts(arc) && nlr && np > 0)
			gen_record(g, lstart, col, ms, wm, cs, np);
		if (child != 0 && col + 1 < g->width && (!GW_SPANS(g) ||
		    g->rtile[col + 1] != 0 ||
		    g->good_right[g->sep_np - 1][np - g->sep_np + 1]))
			GW(step)(g, col + 1, child, lstart, ms, wm, cs, np);
	}
}

/* The tile already at col has been matched by arc. */
GW_ATTR static void
GW(through)(struct gen *g, int col, uint32_t arc, int lstart, int ms, int wm,
	int cs, int np)
{
	g->strip[col] = 0;
	GW(goon)(g, col, arc, lstart, ms, wm, cs, np);
}

/* Letter L, arc word a: a tile of it from the rack, then a blank as it. */
#define GEN_TRY_LETTER() do { \
	uint64_t avail = g->avail; \
	if (g->rack[L] != 0) { \
		int v = g->values[L] * lm; \
	 \
		g->strip[col] = (uint8_t)L; \
		/* The masks change only with the letter's last tile. */ \
		if (--g->rack[L] == 0) { \
			g->rackmask &= ~((uint64_t)1 << L); \
			if (g->rack[0] == 0) \
				g->avail = g->rackmask; \
			GW(goon)(g, col, a, lstart, ms + v, nwm, \
			    csc >= 0 ? cs + (csc + v) * sw : cs, np + 1); \
			g->rackmask |= (uint64_t)1 << L; \
			g->avail = avail; \
		} else { \
			GW(goon)(g, col, a, lstart, ms + v, nwm, \
			    csc >= 0 ? cs + (csc + v) * sw : cs, np + 1); \
		} \
		g->rack[L]++; \
	} \
	if (g->rack[0] != 0) { \
		if (--g->rack[0] == 0) \
			g->avail = g->rackmask; \
		g->strip[col] = (uint8_t)(L | TILE_BLANK); \
		GW(goon)(g, col, a, lstart, ms, nwm, \
		    csc >= 0 ? cs + csc * sw : cs, np + 1); \
		g->rack[0]++; \
		g->avail = avail; \
	} \
	} while (0)

/* Tries every way to fill the empty square col from the run at run
 * (gen_step has checked that the rack has a tile that may go there):
 * the letters both the run and the square allow, by the run's masks. */
GW_ATTR static void
GW(rec)(struct gen *g, int col, uint32_t run, int lstart, int ms, int wm,
	int cs, int np)
{
	const uint32_t *w = g->w;
	uint64_t possible = g->rcross[col] & g->rext[col] & g->avail;
	uint32_t lo = w[run], hi = movegraph_hi(w, run, g->wide);
	uint32_t base = movegraph_arcs(w, run, g->wide);
	uint32_t mlo = lo & (uint32_t)(possible >> 1);
	uint32_t mhi = hi & (uint32_t)(possible >> 33);
	int lm = g->rlm[col], sw = g->rwm[col], csc = g->rcscore[col];
	int nwm = wm * sw;

	/* The arcs first, each child's run asked for as it is found: a
	 * cache miss away, the later ones arrive while the first one's
	 * subtree is searched. */
	{
		uint32_t arcs[32];
		uint8_t lets[32];
		int n = 0, k;

		while (mlo != 0) {
			int b = gen_lowest_bit32(mlo);

			mlo &= mlo - 1;
			arcs[n] = w[base + GW_POPCOUNT32(lo &
			    (((uint32_t)1 << b) - 1))];
#if defined(__GNUC__)
			__builtin_prefetch(w + movegraph_child(arcs[n]));
#endif
			lets[n++] = (uint8_t)(b + 1);
		}
		for (k = 0; k < n; k++) {
			int L = lets[k];
			uint32_t a = arcs[k];

			GEN_TRY_LETTER();
		}
	}
	while (mhi != 0) {
		int b = gen_lowest_bit32(mhi), L = b + 33;
		uint32_t a = w[base + GW_POPCOUNT32(lo) +
		    GW_POPCOUNT32(hi & (((uint32_t)1 << b) - 1))];

		mhi &= mhi - 1;
		GEN_TRY_LETTER();
	}
}

/* Every move from anchor a of the current row, as gen_anchor says. */
GW_ATTR static void
GW(anchor)(struct gen *g, int a)
{
	GW(step)(g, a, g->mg.root, -1, 0, 1, 0, 0);
}

#undef GEN_TRY_LETTER
