/* check_movegraph.c — the move generator's layouts of the lexicon: the
 * movegraph holds the GADDAG's arcs exactly, also when a child points into
 * the middle of a sibling list (KWG files may), the word filter never
 * turns a word away, and the big tables' blocks are zeroed and (on Linux)
 * laid on huge-page boundaries. */
#include <stdint.h>
#include "testutil.h"
#include "bigmem.h"
#include "gen.h"
#include "movegraph.h"
#include "wordmap.h"
#include "wordsig.h"

static const char *const words[] = {
	"AB", "AC", "BC", "BA", "CAB", "ABC", "ABA", "BAA", "CABA", "ABACA",
	"TABLE", "CABLE", "FABLE", "TABLES", "CABLES", "STABLE", "BLEAT",
	"ZA", "QI", "XI", "AX", "EX", NULL
};

/* Walks lexicon run c and movegraph run o side by side; returns the
 * number of arcs compared. */
static long
walk(const uint32_t *nd, uint32_t c, const uint32_t *w, int wide, uint32_t o,
	int depth)
{
	uint32_t i, lo = w[o], hi = movegraph_hi(w, o, wide);
	int letters = 0, sep = 0;
	long n = 0;

	ck_assert_int_lt(depth, 40);
	for (i = c;; i++) {
		int t = lex_node_tile(nd[i]);
		uint32_t arc, child = lex_node_child(nd[i]);

		if (t == 0) {
			sep = 1;
			arc = movegraph_sep(w, o, wide);
		} else {
			letters++;
			arc = movegraph_arc(w, o, t, wide);
			ck_assert_int_eq(movegraph_accepts(arc),
			    lex_node_accepts(nd[i]));
		}
		ck_assert_uint_ne(arc, 0);
		ck_assert_int_eq(child == 0, movegraph_child(arc) == 0);
		n++;
		if (child != 0)
			n += walk(nd, child, w, wide, movegraph_child(arc), depth + 1);
		if (lex_node_last(nd[i]))
			break;
	}
	ck_assert_int_eq(letters, bits_popcount32(lo) + bits_popcount32(hi));
	ck_assert_int_eq(sep, (int)(w[o + 1] >> 31));
	return n;
}

START_TEST(same_arcs_as_lexicon)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, words);
	struct movegraph mg;
	struct err e;
	long n;

	ck_assert_int_eq(movegraph_build(&mg, lex, &e), 0);
	ck_assert_uint_ne(mg.root, 0);
	ck_assert_int_eq(mg.wide, 0);
	n = walk(lex_nodes(lex), lex_gaddag_root(lex), mg.w, mg.wide, mg.root, 0);
	/* Every path of the GADDAG: far more than its node count. */
	ck_assert_int_gt(n, (long)lex_node_count(lex));
	/* A letter in no word (J) has no arc from the root. */
	ck_assert_uint_eq(movegraph_arc(mg.w, mg.root, 10, 0), 0);
	ck_assert_uint_ne(movegraph_arc(mg.w, mg.root, 26, 0), 0);
	movegraph_free(&mg);
	lex_destroy(lex);
}
END_TEST

START_TEST(wide_alphabet)
{
	/* Words of tiles up to 60 (a ruleset may have 63 letters): runs
	 * with letters on both sides of 32 need the two-word header. */
	uint8_t tiles[40 * 4], lens[40];
	struct lex *lex;
	struct movegraph mg;
	struct err e;
	int i, n = 0;
	long arcs;

	for (i = 0; i < 40; i++) {
		tiles[4 * i] = (uint8_t)(1 + i % 7);
		tiles[4 * i + 1] = (uint8_t)(30 + i % 31);
		tiles[4 * i + 2] = (uint8_t)(33 + (i * 7) % 28);
		tiles[4 * i + 3] = (uint8_t)(1 + (i * 5) % 60);
		lens[n++] = (uint8_t)(2 + i % 3);
	}
	/* Word i is the first lens[i] tiles of row i, packed back to back. */
	{
		uint8_t packed[40 * 4];
		size_t off = 0;

		for (i = 0; i < n; i++) {
			memcpy(packed + off, tiles + 4 * i, lens[i]);
			off += lens[i];
		}
		lex = lex_build(packed, lens, (size_t)n, "wide", NULL, NULL, &e);
	}
	if (lex == NULL)
		ck_abort_msg("lex_build: %s", e.msg);
	ck_assert_int_eq(movegraph_build(&mg, lex, &e), 0);
	ck_assert_int_eq(mg.wide, 1);
	arcs = walk(lex_nodes(lex), lex_gaddag_root(lex), mg.w, mg.wide, mg.root,
	    0);
	ck_assert_int_gt(arcs, (long)lex_node_count(lex));
	movegraph_free(&mg);
	lex_destroy(lex);
}
END_TEST

/* Points one child index of the KWG buf (n nodes) at the same list found
 * as the tail of another list; returns how many were repointed. */
static int
share_tails(unsigned char *buf, uint32_t n)
{
	uint32_t i, s, p, k, done = 0;

	for (i = 2; i < n; i++) {
		uint32_t x = test_get32(buf + 4 * i), c = x & 0x3fffffu, len;

		if (c == 0)
			continue;
		for (len = 1; !(test_get32(buf + 4 * (c + len - 1)) >> 22 & 1); len++)
			;
		/* A list s.. whose last len nodes are c's list, s != c. */
		for (s = 2; s < n; s = p + 1) {
			for (p = s; !(test_get32(buf + 4 * p) >> 22 & 1); p++)
				;
			if (s == c || p + 1 - s <= len)
				continue;
			for (k = 0; k < len; k++)
				if (test_get32(buf + 4 * (p + 1 - len + k)) !=
				    test_get32(buf + 4 * (c + k)))
					break;
			if (k == len) {
				test_put32(buf + 4 * i, (x & ~0x3fffffu) | (p + 1 - len));
				done++;
				break;
			}
		}
	}
	return (int)done;
}

static int
move_cmp(const void *a, const void *b)
{
	const struct move *x = a, *y = b;

	if (x->kind != y->kind)
		return x->kind - y->kind;
	if (x->dir != y->dir)
		return x->dir - y->dir;
	if (x->row != y->row)
		return x->row - y->row;
	if (x->col != y->col)
		return x->col - y->col;
	if (x->len != y->len)
		return x->len - y->len;
	if (x->score != y->score)
		return x->score - y->score;
	return memcmp(x->tiles, y->tiles, sizeof x->tiles);
}

/* All moves of p, sorted, into a malloc'ed array. */
static struct move *
moves_of(const struct rules *r, const struct lex *lex, const char *cgp,
	long *n)
{
	struct gen *g;
	struct err e;
	static struct position p;
	struct move *m;

	if (cgp_parse(r, cgp, strlen(cgp), &p, &e) != 0)
		ck_abort_msg("cgp_parse: %s", e.msg);
	g = gen_create(r, lex, &e);
	ck_assert_ptr_nonnull(g);
	*n = gen_all(g, &p, 0, GEN_PLACEMENTS, &e);
	ck_assert_int_ge(*n, 0);
	m = malloc((size_t)(*n + 1) * sizeof *m);
	ck_assert_ptr_nonnull(m);
	memcpy(m, gen_moves(g), (size_t)*n * sizeof *m);
	qsort(m, (size_t)*n, sizeof *m, move_cmp);
	gen_destroy(g);
	return m;
}

START_TEST(list_pointers_into_lists)
{
	static const char *const cgps[] = {
		"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABCLT/ 0/0 0",
		"15/15/15/15/15/15/15/7CAB5/15/15/15/15/15/15/15 ABELST/ 0/0 0",
		"15/15/15/15/15/15/7T7/7A7/7B7/7L7/7E7/15/15/15/15 ACBSAF/ 0/0 0",
	};
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, words), *shared;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct err e;
	size_t q;
	long total = 0;

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(lex_write_kwg(lex, NULL, fp, &e), 0);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_int_gt(share_tails((unsigned char *)buf, (uint32_t)(len / 4)), 0);
	shared = lex_load_mem(buf, len, r, &e);
	if (shared == NULL)
		ck_abort_msg("lex_load_mem: %s", e.msg);
	for (q = 0; q < sizeof cgps / sizeof cgps[0]; q++) {
		long n1, n2;
		struct move *a = moves_of(r, lex, cgps[q], &n1);
		struct move *b = moves_of(r, shared, cgps[q], &n2);

		ck_assert_int_eq(n1, n2);
		ck_assert_int_eq(memcmp(a, b, (size_t)n1 * sizeof *a), 0);
		total += n1;
		free(a);
		free(b);
	}
	ck_assert_int_gt(total, 20);
	lex_destroy(shared);
	lex_destroy(lex);
	free(buf);
}
END_TEST

/* The key of t[0..n) without t[skip] (skip -1: all of it). */
static uint64_t
key_of(const struct wordsig *ws, const uint8_t *t, int n, int skip)
{
	uint64_t k = 0;
	int i;

	for (i = 0; i < n; i++)
		if (i != skip)
			k += ws->letter[t[i]];
	return k;
}

/* The letters wordsig lets through for the letters of s, of all of r's. */
static uint64_t
letters_for(const struct rules *r, const struct wordsig *ws, const char *s)
{
	uint8_t t[RULES_MAX_WORD];
	int n;

	ck_assert_int_le(rules_normalise_word(r, s, strlen(s), t, &n, NULL),
	    NORM_FOLDED);
	return wordsig_letters(ws, key_of(ws, t, n, -1),
	    (((uint64_t)1 << r->nletters) - 1) << 1);
}

/* The letters of s (of 2 letters or more: a word's rules), as bits. */
static uint64_t
letter_bits(const struct rules *r, const char *s)
{
	uint8_t t[RULES_MAX_WORD];
	uint64_t m = 0;
	int n, i;

	ck_assert_int_le(rules_normalise_word(r, s, strlen(s), t, &n, NULL),
	    NORM_FOLDED);
	for (i = 0; i < n; i++)
		m |= (uint64_t)1 << t[i];
	return m;
}

START_TEST(wordsig_keeps_every_word)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_lex_from_words(r, words);
	struct wordsig ws;
	struct err e;
	const char *const *w;
	uint8_t t[RULES_MAX_WORD];
	int n, i;

	ck_assert_int_eq(wordsig_build(&ws, lex, 8, &e), 0);
	/* Each letter of each word makes it with the others, in any order
	 * (the key is a sum). */
	for (w = words; *w != NULL; w++) {
		ck_assert_int_le(rules_normalise_word(r, *w, strlen(*w), t, &n,
		    NULL), NORM_FOLDED);
		for (i = 0; i < n; i++)
			ck_assert_uint_eq(wordsig_letters(&ws, key_of(&ws, t, n, i),
			    (uint64_t)1 << t[i]), (uint64_t)1 << t[i]);
	}
	/* Exactly the letters that make words (the filter's keys are fixed,
	 * so this is no gamble): BA with A (ABA, BAA) or C (CAB, ABC); TABLE
	 * with S; CABLE with S; none for QQ, ZZZ, or TABLES. */
	ck_assert_uint_eq(letters_for(r, &ws, "BA"), letter_bits(r, "AC"));
	ck_assert_uint_eq(letters_for(r, &ws, "TABLE"), letter_bits(r, "SS"));
	ck_assert_uint_eq(letters_for(r, &ws, "CABLE"), letter_bits(r, "SS"));
	ck_assert_uint_eq(letters_for(r, &ws, "QQ"), 0);
	ck_assert_uint_eq(letters_for(r, &ws, "ZZZ"), 0);
	ck_assert_uint_eq(letters_for(r, &ws, "TABLES"), 0);
	/* With maxlen 5, TABLES and CABLES are not in; CABLE is. */
	wordsig_free(&ws);
	ck_assert_int_eq(wordsig_build(&ws, lex, 5, &e), 0);
	ck_assert_uint_eq(letters_for(r, &ws, "TABLE"), 0);
	ck_assert_uint_eq(letters_for(r, &ws, "CABL"), letter_bits(r, "EE"));
	wordsig_free(&ws);
	lex_destroy(lex);
}
END_TEST

/* How many of the words under key in wm are t[0..n) (in that order). */
static int
wordmap_has(const struct wordmap *wm, uint64_t key, const uint8_t *t, int n)
{
	const struct wordmap_slot *s = wordmap_find(wm, key, n);
	const uint8_t *w;
	uint32_t c, nw;
	int found = 0;

	if (s == NULL)
		return 0;
	w = wordmap_words(wm, s);
	nw = wordmap_count(wm, s);
	for (c = 0; c < nw; c++, w += n)
		found += memcmp(w, t, (size_t)n) == 0;
	return found;
}

/* How many slots of the whole table are key's for words of n letters:
 * wordmap_find stops at the first, so there must be one at most. */
static int
wordmap_slots_of(const struct wordmap *wm, uint64_t key, int n)
{
	uint32_t want = WORDMAP_TAG(key) | (uint32_t)n;
	uint64_t i;
	int found = 0;

	for (i = 0; i <= wm->mask; i++)
		found += wm->slots[i].tag == want;
	return found;
}

/* The word table of words[] (en), with the letter keys of ws. */
static struct lex *
wordmap_of_words(struct wordsig *ws, struct wordmap *wm)
{
	struct lex *lex = test_lex_from_words(rules_builtin("en"), words);
	struct err e;

	ck_assert_int_eq(wordsig_build(ws, lex, 8, &e), 0);
	ck_assert_int_eq(wordmap_build(wm, lex, ws->letter, &e), 0);
	return lex;
}

START_TEST(wordmap_finds_every_word_once)
{
	const struct rules *r = rules_builtin("en");
	struct wordsig ws;
	struct wordmap wm;
	struct lex *lex = wordmap_of_words(&ws, &wm);
	const char *const *w;
	uint8_t t[RULES_MAX_WORD], u[RULES_MAX_WORD];
	int n, m, nwords = 0;

	for (w = words; *w != NULL; w++) {
		ck_assert_int_le(rules_normalise_word(r, *w, strlen(*w), t, &n,
		    NULL), NORM_FOLDED);
		if (n < 2)
			continue;
		nwords++;
		/* Under its multiset's key, once, in the one slot of that
		 * key and length, and past the filter. */
		ck_assert_int_eq(wordmap_has(&wm, key_of(&ws, t, n, -1), t, n), 1);
		ck_assert_int_eq(wordmap_slots_of(&wm, key_of(&ws, t, n, -1), n), 1);
		ck_assert_int_eq(wordmap_maybe(&wm, key_of(&ws, t, n, -1)), 1);
	}
	ck_assert_uint_eq(wm.nwords, (size_t)nwords);
	/* An anagram of a word that is not one is not listed, though its
	 * key is the word's. */
	ck_assert_int_le(rules_normalise_word(r, "TABLE", 5, t, &n, NULL),
	    NORM_FOLDED);
	ck_assert_int_le(rules_normalise_word(r, "ELBAT", 5, u, &m, NULL),
	    NORM_FOLDED);
	ck_assert_int_eq(wordmap_has(&wm, key_of(&ws, u, m, -1), u, m), 0);
	/* A multiset no word has: no slot, and the filter says so. */
	ck_assert_int_le(rules_normalise_word(r, "ZZZZ", 4, t, &n, NULL),
	    NORM_FOLDED);
	ck_assert_int_eq(wordmap_has(&wm, key_of(&ws, t, n, -1), t, n), 0);
	ck_assert_int_eq(wordmap_maybe(&wm, key_of(&ws, t, n, -1)), 0);
	wordmap_free(&wm);
	wordsig_free(&ws);
	lex_destroy(lex);
}
END_TEST

/* Blocks of the big tables: as calloc, and a big one starts on a 2 MiB
 * boundary on Linux, where the huge-page advice needs it. */
START_TEST(bigmem_blocks)
{
	size_t sizes[] = { 0, 100, (size_t)3 << 20 }, i, k;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		unsigned char *p = bigmem_calloc(sizes[i]);
		unsigned char *q = bigmem_malloc(sizes[i]);
		size_t nonzero = 0;

		ck_assert_ptr_nonnull(p);
		ck_assert_ptr_nonnull(q);
		for (k = 0; k < sizes[i]; k++)
			nonzero += p[k] != 0;
		ck_assert_uint_eq(nonzero, 0);
		if (sizes[i] > 0) {
			memset(p, 0xa5, sizes[i]);
			memset(q, 0x5a, sizes[i]);
			ck_assert_int_eq(p[sizes[i] - 1], 0xa5);
		}
#if defined(__linux__)
		if (sizes[i] >= ((size_t)1 << 20)) {
			ck_assert_uint_eq((uintptr_t)p % ((uintptr_t)2 << 20), 0);
			ck_assert_uint_eq((uintptr_t)q % ((uintptr_t)2 << 20), 0);
		}
#endif
		free(p);
		free(q);
	}
}
END_TEST

/* wordmap_maybe_many answers as wordmap_maybe does, key by key, without
 * and (where the CPU has it) with AVX2, for every count of questions up
 * to 70 (the lanes of the last group of four masked off) and for every
 * pattern of answers in a group of four, writes no further than the
 * count rounded up to 4, and lets every word through. */
START_TEST(wordmap_asks_many_as_one)
{
	const struct rules *r = rules_builtin("en");
	struct wordsig ws;
	struct wordmap wm;
	struct lex *lex = wordmap_of_words(&ws, &wm);
	const char *const *w;
	uint64_t add[256], base, q[12], reject;
	uint8_t t[RULES_MAX_WORD], pass[256];
	int n, nkeys = 0, nwords, simd, count, i, np, yes, no = 0, m;
	int built_simd = wm.simd;

	for (w = words; *w != NULL && nkeys < 128; w++) {
		ck_assert_int_le(rules_normalise_word(r, *w, strlen(*w), t, &n,
		    NULL), NORM_FOLDED);
		if (n >= 2)
			add[nkeys++] = key_of(&ws, t, n, -1);
	}
	nwords = nkeys;
	/* Then what mostly is not: words with a letter more. */
	for (i = 0; nkeys < 256; i++)
		add[nkeys++] = add[i % nwords] + ws.letter[1 + i / nwords % 26];
	/* wordmap_build turns AVX2 on where the CPU has it. */
#if defined(__GNUC__) && defined(__x86_64__)
	ck_assert_int_eq(built_simd, __builtin_cpu_supports("avx2") != 0);
#endif
	for (simd = 0; simd <= built_simd; simd++) {
		wm.simd = simd;
		np = wordmap_maybe_many(&wm, 0, add, nwords, pass);
		ck_assert_int_eq(np, nwords);
		for (base = 0; base < 2; base++)
			for (count = 0; count <= 70; count++) {
				uint64_t b = base ? ws.letter[5] : 0;
				const uint64_t *a = add + nkeys - 70;

				memset(pass, 0xee, sizeof pass);
				np = wordmap_maybe_many(&wm, b, a, count, pass);
				/* Nothing written past count rounded up to 4. */
				for (i = (count + 3) / 4 * 4; i < (int)sizeof pass; i++)
					ck_assert_int_eq(pass[i], 0xee);
				for (i = 0, yes = 0; i < count; i++)
					if (wordmap_maybe(&wm, b + a[i])) {
						ck_assert_int_lt(yes, np);
						ck_assert_int_eq(pass[yes], i);
						yes++;
					} else {
						no++;
					}
				ck_assert_int_eq(np, yes);
			}
		/* Every pattern of answers in a group of four, after a
		 * group that all pass and before one that none do. */
		for (i = nwords; i < nkeys && wordmap_maybe(&wm, add[i]); i++)
			;
		ck_assert_int_lt(i, nkeys);
		reject = add[i];
		for (m = 0; m < 16; m++) {
			for (i = 0; i < 12; i++)
				q[i] = i < 4 || (i < 8 && ((m >> (i - 4)) & 1)) ?
				    add[i % nwords] : reject;
			memset(pass, 0xee, sizeof pass);
			np = wordmap_maybe_many(&wm, 0, q, 12, pass);
			for (i = 0, yes = 0; i < 8; i++)
				if (i < 4 || ((m >> (i - 4)) & 1))
					ck_assert_int_eq(pass[yes++], i);
			ck_assert_int_eq(np, yes);
			for (i = 12; i < (int)sizeof pass; i++)
				ck_assert_int_eq(pass[i], 0xee);
		}
	}
	/* Some keys were turned away, so both answers were tested. */
	ck_assert_int_gt(no, 0);
	wordmap_free(&wm);
	wordsig_free(&ws);
	lex_destroy(lex);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("movegraph");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, same_arcs_as_lexicon);
	tcase_add_test(tc, wide_alphabet);
	tcase_add_test(tc, list_pointers_into_lists);
	tcase_add_test(tc, wordsig_keeps_every_word);
	tcase_add_test(tc, wordmap_finds_every_word_once);
	tcase_add_test(tc, wordmap_asks_many_as_one);
	tcase_add_test(tc, bigmem_blocks);
	suite_add_tcase(s, tc);
	return test_run(s);
}
