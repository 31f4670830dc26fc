/* check_lex.c — lexicons: build, lookups, GADDAG strings, file format,
 * corruption, KWG. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "testutil.h"
#include "err.h"
#include "lex.h"
#include "rules.h"

#define HDR 96  /* header size of ordverk-lex(5) */

/* ---- a word list as tiles ------------------------------------------ */

struct wl {
	uint8_t *words;     /* back to back */
	uint8_t *lens;
	size_t n, nbytes, cap, capn;
};

static void
wl_add(struct wl *w, const uint8_t *t, int n)
{
	if (w->nbytes + (size_t)n > w->cap) {
		w->cap = w->cap ? w->cap * 2 : 4096;
		w->words = realloc(w->words, w->cap);
		if (w->words == NULL)
			ck_abort_msg("out of memory");
	}
	if (w->n == w->capn) {
		w->capn = w->capn ? w->capn * 2 : 1024;
		w->lens = realloc(w->lens, w->capn);
		if (w->lens == NULL)
			ck_abort_msg("out of memory");
	}
	memcpy(w->words + w->nbytes, t, (size_t)n);
	w->nbytes += (size_t)n;
	w->lens[w->n++] = (uint8_t)n;
}

static void
wl_free(struct wl *w)
{
	free(w->words);
	free(w->lens);
	memset(w, 0, sizeof *w);
}

/* decode one UTF-8 code point (the lists are valid UTF-8) */
static uint32_t
dec(const unsigned char *s, int *len)
{
	if (s[0] < 0x80) {
		*len = 1;
		return s[0];
	}
	if ((s[0] & 0xe0) == 0xc0) {
		*len = 2;
		return (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
	}
	*len = 3;
	return (uint32_t)(s[0] & 0x0f) << 12 | (uint32_t)(s[1] & 0x3f) << 6 |
	    (s[2] & 0x3f);
}

/* Test-local alphabets (lowercase, tile order): independent of rules.c so
 * that this suite tests the lexicon alone. */
static const char ALPHA_EN[] = "abcdefghijklmnopqrstuvwxyz";
static const char ALPHA_IS[] = "aábdðeéfghiíjklmnoóprstuúvxyýþæö";

/* tiles_of: maps a lowercase word to tiles by alphabet; -1 if a character
 * is outside it or the word is longer than 15. */
static int
tiles_of(const char *alpha, const char *s, uint8_t *out)
{
	int n = 0;

	while (*s != '\0' && *s != '\n' && *s != '\r') {
		int l, la, t = 1;
		uint32_t c = dec((const unsigned char *)s, &l);
		const char *a = alpha;

		s += l;
		while (*a != '\0') {
			if (dec((const unsigned char *)a, &la) == c)
				break;
			a += la;
			t++;
		}
		if (*a == '\0' || n == RULES_MAX_WORD)
			return -1;
		out[n++] = (uint8_t)t;
	}
	return n;
}

/* read_list: the words that fit the alphabet of a small list of ../shared,
 * or of its counterpart in the project's own set (then *own is 1). */
static void
read_list(const char *rel, const char *alpha, struct wl *w, int *own)
{
	char path[1024], line[256];
	FILE *fp;

	memset(w, 0, sizeof *w);
	test_conformance_path(rel, path, sizeof path, own);
	fp = fopen(path, "r");
	ck_assert_ptr_nonnull(fp);
	while (fgets(line, sizeof line, fp) != NULL) {
		uint8_t t[RULES_MAX_WORD];
		int n = tiles_of(alpha, line, t);

		if (n >= 1)
			wl_add(w, t, n);
	}
	fclose(fp);
	ck_assert_uint_gt(w->n, 1000);
}

/* Words as fixed 16-byte records (tiles, zero-padded) so that memcmp sorts
 * them in tile order with prefixes first. */
typedef struct { uint8_t t[16]; } rec;

static int
rec_cmp(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(rec));
}

static rec *
sorted_unique(const struct wl *w, size_t *nout)
{
	rec *r = calloc(w->n ? w->n : 1, sizeof *r);
	size_t i, off = 0, k = 0;

	ck_assert_ptr_nonnull(r);
	for (i = 0; i < w->n; i++) {
		memcpy(r[i].t, w->words + off, w->lens[i]);
		off += w->lens[i];
	}
	qsort(r, w->n, sizeof *r, rec_cmp);
	for (i = 0; i < w->n; i++)
		if (k == 0 || rec_cmp(&r[k - 1], &r[i]) != 0)
			r[k++] = r[i];
	*nout = k;
	return r;
}

static int
rec_has(const rec *set, size_t n, const uint8_t *t, int len)
{
	rec key;

	memset(&key, 0, sizeof key);
	memcpy(key.t, t, (size_t)len);
	return bsearch(&key, set, n, sizeof key, rec_cmp) != NULL;
}

static struct lex *
build(const struct wl *w)
{
	struct err e;
	struct lex *lex;

	err_clear(&e);
	lex = lex_build(w->words, w->lens, w->n, "test", NULL, NULL, &e);
	if (lex == NULL)
		ck_abort_msg("lex_build: %s", e.msg);
	return lex;
}

/* to_mem: lex written by fn into a malloc'ed buffer. */
static unsigned char *
to_mem(const struct lex *lex, int kwg, size_t *len)
{
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, len);
	struct err e;

	ck_assert_ptr_nonnull(fp);
	if ((kwg ? lex_write_kwg(lex, NULL, fp, &e) : lex_write(lex, fp, &e)) != 0)
		ck_abort_msg("write: %s", e.msg);
	ck_assert_int_eq(fclose(fp), 0);
	return (unsigned char *)buf;
}

/* a ruleset with only what the KWG loader looks at */
static struct rules
fake_rules(int nletters)
{
	struct rules r;

	memset(&r, 0, sizeof r);
	snprintf(r.name, sizeof r.name, "fake%d", nletters);
	r.nletters = nletters;
	return r;
}

/* ---- collecting words and GADDAG strings --------------------------- */

struct collect {
	rec *r;
	size_t n, cap;
};

static int
collect_fn(const uint8_t *w, int n, void *arg)
{
	struct collect *c = arg;

	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 1024;
		c->r = realloc(c->r, c->cap * sizeof *c->r);
		if (c->r == NULL)
			ck_abort_msg("out of memory");
	}
	memset(&c->r[c->n], 0, sizeof c->r[0]);
	if (n > 15)
		ck_abort_msg("word of %d letters", n);
	memcpy(c->r[c->n].t, w, (size_t)n);
	c->n++;
	return 0;
}

/* walk_all: every accepted path below run (strings stored with symbol+1,
 * so the separator 0 survives in zero-padded records). */
static void
walk_all(const struct lex *lex, uint32_t run, uint8_t *buf, int d,
	struct collect *c)
{
	const uint32_t *nd = lex_nodes(lex);
	uint32_t i;

	if (run == 0)
		return;
	if (d >= 16)
		ck_abort_msg("GADDAG path longer than 16");
	for (i = run;; i++) {
		buf[d] = (uint8_t)(lex_node_tile(nd[i]) + 1);
		if (lex_node_accepts(nd[i])) {
			if (c->n == c->cap) {
				c->cap = c->cap ? 2 * c->cap : 1024;
				c->r = realloc(c->r, c->cap * sizeof *c->r);
				if (c->r == NULL)
					ck_abort_msg("out of memory");
			}
			memset(&c->r[c->n], 0, sizeof c->r[0]);
			memcpy(c->r[c->n].t, buf, (size_t)d + 1);
			c->n++;
		}
		walk_all(lex, lex_node_child(nd[i]), buf, d + 1, c);
		if (lex_node_last(nd[i]))
			break;
	}
}

/* gaddag_has: is s[0..n) (symbols, 0 = separator) a GADDAG string? */
static int
gaddag_has(const struct lex *lex, const uint8_t *s, int n)
{
	uint32_t run = lex_gaddag_root(lex), a = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (run == 0)
			return 0;
		a = lex_follow(lex, run, s[i]);
		if (a == 0)
			return 0;
		run = lex_node_child(lex_nodes(lex)[a]);
	}
	return lex_node_accepts(lex_nodes(lex)[a]);
}

/* check_words: lex holds exactly the words of w: each found, foreach gives
 * the sorted unique list, the GADDAG holds every split of every word and
 * nothing else (count matches), near-misses only when they are words. */
static void
check_words(const struct lex *lex, const struct wl *w, int nletters,
	int near_misses)
{
	size_t nu, i, off, splits = 0, bad = 0, tried = 0;
	rec *set = sorted_unique(w, &nu);
	struct collect c = { 0 };
	uint8_t buf[20];

	ck_assert_uint_eq(lex_word_count(lex), nu);
	/* ck_assert is slow (it reports its place to the parent process), so
	 * hot loops count failures and assert once */
	for (i = 0, off = 0; i < w->n; i++) {
		if (!lex_contains(lex, w->words + off, w->lens[i]))
			bad++;
		off += w->lens[i];
	}
	ck_assert_msg(bad == 0, "%zu words not found", bad);
	ck_assert_int_eq(lex_foreach(lex, collect_fn, &c), 0);
	ck_assert_uint_eq(c.n, nu);
	ck_assert(memcmp(c.r, set, nu * sizeof *set) == 0);

	/* GADDAG: every split present ... */
	for (i = 0; i < nu; i++) {
		const uint8_t *t = set[i].t;
		int n = 0, s, k, q;
		uint8_t g[16];

		while (n < 16 && t[n] != 0)
			n++;
		for (s = 1; s <= n; s++) {
			q = 0;
			for (k = s - 1; k >= 0; k--)
				g[q++] = t[k];
			if (s < n) {
				g[q++] = 0;
				for (k = s; k < n; k++)
					g[q++] = t[k];
			}
			if (!gaddag_has(lex, g, q))
				bad++;
			splits++;
		}
	}
	ck_assert_msg(bad == 0, "%zu GADDAG strings missing", bad);
	/* ... and nothing more: distinct accepting paths = distinct strings */
	free(c.r);
	memset(&c, 0, sizeof c);
	walk_all(lex, lex_gaddag_root(lex), buf, 0, &c);
	ck_assert_uint_eq(c.n, splits);
	bad = 0;

	if (near_misses) {
		for (i = 0; i < nu; i++) {
			uint8_t t[17], v[17];
			int n = 0, p, x, k;

			memcpy(t, set[i].t, 16);
			while (n < 16 && t[n] != 0)
				n++;
			for (p = 0; p < n; p++) {
				/* change letter p */
				memcpy(v, t, (size_t)n);
				for (x = 1; x <= nletters; x++) {
					v[p] = (uint8_t)x;
					if (lex_contains(lex, v, n) !=
					    rec_has(set, nu, v, n))
						bad++;
				}
				/* remove letter p */
				for (k = 0, x = 0; k < n; k++)
					if (k != p)
						v[x++] = t[k];
				if (n > 1)
					if (lex_contains(lex, v, n - 1) !=
					    rec_has(set, nu, v, n - 1))
						bad++;
			}
			/* add a letter at each place */
			if (n < 15) {
				for (p = 0; p <= n; p++) {
					for (k = 0, x = 0; k < n; k++) {
						if (k == p)
							x++;
						v[x++] = t[k];
					}
					for (x = 1; x <= nletters; x++) {
						v[p] = (uint8_t)x;
						if (lex_contains(lex, v, n + 1) !=
						    rec_has(set, nu, v, n + 1))
							bad++;
						tried++;
					}
				}
			}
		}
	}
	ck_assert_msg(bad == 0, "%zu near-misses answered wrongly", bad);
	if (near_misses)
		ck_assert_uint_gt(tried, 10 * nu);
	free(c.r);
	free(set);
}

/* ---- tests ---------------------------------------------------------- */

START_TEST(gaddag_exact_strings)
{
	/* AB and ABC (A=1, B=2, C=3).  By the lex.h convention the GADDAG
	 * holds, worked out by hand (S = separator 0):
	 *   AB:  A S B, B A
	 *   ABC: A S B C, B A S C, C B A                                  */
	static const uint8_t words[] = { 1, 2, 3, 1, 2, 1, 2 };
	static const uint8_t lens[] = { 3, 2, 2 };  /* duplicate AB */
	static const uint8_t want[][16] = {     /* symbol+1, sorted */
		{ 2, 1, 3 }, { 2, 1, 3, 4 }, { 3, 2 }, { 3, 2, 1, 4 },
		{ 4, 3, 2 },
	};
	struct err e;
	struct lex *lex = lex_build(words, lens, 3, "t", NULL, NULL, &e);
	struct collect c = { 0 };
	uint8_t buf[20];
	const uint32_t *nd;
	size_t i;

	ck_assert_ptr_nonnull(lex);
	ck_assert_uint_eq(lex_word_count(lex), 2);
	walk_all(lex, lex_gaddag_root(lex), buf, 0, &c);
	ck_assert_uint_eq(c.n, 5);
	for (i = 0; i < 5; i++)
		ck_assert(memcmp(c.r[i].t, want[i], 16) == 0);
	free(c.r);
	/* DAWG: A -> B (accepts) -> C (accepts); nothing else */
	nd = lex_nodes(lex);
	ck_assert_int_eq(lex_node_tile(nd[0]), 0);
	ck_assert(lex_node_last(nd[0]) && lex_node_last(nd[1]));
	ck_assert_uint_eq(lex_node_child(nd[0]), lex_dawg_root(lex));
	{
		uint32_t a = lex_dawg_root(lex), b, cc;

		ck_assert_int_eq(lex_node_tile(nd[a]), 1);
		ck_assert(lex_node_last(nd[a]) && !lex_node_accepts(nd[a]));
		b = lex_follow(lex, lex_node_child(nd[a]), 2);
		ck_assert_uint_ne(b, 0);
		ck_assert(lex_node_accepts(nd[b]) && lex_node_last(nd[b]));
		cc = lex_follow(lex, lex_node_child(nd[b]), 3);
		ck_assert_uint_ne(cc, 0);
		ck_assert(lex_node_accepts(nd[cc]));
		ck_assert_uint_eq(lex_node_child(nd[cc]), 0);
		ck_assert_uint_eq(lex_follow(lex, lex_node_child(nd[b]), 2), 0);
		ck_assert_uint_eq(lex_follow(lex, lex_dawg_root(lex), 2), 0);
	}
	/* the GADDAG's suffix after "B A S" is the DAWG state after "AB":
	 * both accept exactly {C}, so one register shares them */
	{
		uint32_t g = lex_follow(lex, lex_gaddag_root(lex), 2);
		uint32_t ga = lex_follow(lex, lex_node_child(nd[g]), 1);
		uint32_t gs = lex_follow(lex, lex_node_child(nd[ga]), 0);
		uint32_t b = lex_follow(lex,
		    lex_node_child(nd[lex_dawg_root(lex)]), 2);

		ck_assert_uint_ne(gs, 0);
		ck_assert_uint_eq(lex_node_child(nd[gs]), lex_node_child(nd[b]));
	}
	ck_assert(lex_contains(lex, (const uint8_t[]){ 1, 2 }, 2));
	ck_assert(!lex_contains(lex, (const uint8_t[]){ 1 }, 1));
	ck_assert(!lex_contains(lex, (const uint8_t[]){ 2, 1 }, 2));
	ck_assert(!lex_contains(lex, (const uint8_t[]){ 1, 2, 3, 1 }, 4));
	lex_destroy(lex);
}
END_TEST

START_TEST(enable_small_all_checks)
{
	struct wl w;
	struct lex *lex, *back;
	unsigned char *buf;
	size_t len;
	struct err e;

	read_list("wordlists/small/en-enable-2to4.txt", ALPHA_EN, &w, NULL);
	lex = build(&w);
	check_words(lex, &w, 26, 1);
	ck_assert_str_eq(lex_rules_name(lex), "test");

	buf = to_mem(lex, 0, &len);
	ck_assert_uint_eq(len, HDR + 4 * (size_t)lex_node_count(lex));
	back = lex_load_mem(buf, len, NULL, &e);
	if (back == NULL)
		ck_abort_msg("load: %s", e.msg);
	ck_assert_uint_eq(lex_node_count(back), lex_node_count(lex));
	ck_assert_uint_eq(lex_dawg_nodes(back), lex_dawg_nodes(lex));
	ck_assert_uint_eq(lex_checksum(back), lex_checksum(lex));
	ck_assert_str_eq(lex_rules_name(back), "test");
	ck_assert(memcmp(lex_nodes(back), lex_nodes(lex),
	    4 * (size_t)lex_node_count(lex)) == 0);
	check_words(back, &w, 26, 1);
	free(buf);
	lex_destroy(back);
	lex_destroy(lex);
	wl_free(&w);
}
END_TEST

START_TEST(icelandic_small_32_letters)
{
	struct wl w;
	struct lex *lex;
	int own;

	read_list("wordlists/small/is-2to4.txt", ALPHA_IS, &w, &own);
	/* ../shared's list has 9,873 lines, the project's 4,897. */
	ck_assert_uint_gt(w.n, own ? 4800 : 9000);
	lex = build(&w);
	check_words(lex, &w, 32, 1);
	lex_destroy(lex);
	wl_free(&w);
}
END_TEST

/* Shuffled, duplicated, with long words and the largest tiles (7-bit key
 * symbols): foreach still gives the sorted unique list. */
START_TEST(unsorted_duplicates_big_tiles)
{
	struct wl w = { 0 };
	struct lex *lex;
	uint32_t x = 12345;
	int i, j;

	for (i = 0; i < 3000; i++) {
		uint8_t t[15];
		int n;

		x = x * 1103515245u + 12345u;
		n = 1 + (int)((x >> 16) % 15);
		for (j = 0; j < n; j++) {
			x = x * 1103515245u + 12345u;
			t[j] = (uint8_t)(58 + (x >> 16) % 6);   /* 58..63 */
		}
		wl_add(&w, t, n);
		if (i % 7 == 0)
			wl_add(&w, t, n);       /* duplicate */
	}
	lex = build(&w);
	check_words(lex, &w, 63, 0);
	lex_destroy(lex);
	wl_free(&w);
}
END_TEST

START_TEST(empty_and_bad_input)
{
	struct err e;
	struct lex *lex = lex_build(NULL, NULL, 0, "", NULL, NULL, &e);
	unsigned char *buf;
	size_t len;
	struct collect c = { 0 };
	static const uint8_t w0[] = { 1, 2 };
	static const uint8_t l16[] = { 16 };
	static const uint8_t l0[] = { 0 };
	static const uint8_t w16[16] = { 1 };
	static const uint8_t bad_tile[] = { 1, 64 };
	static const uint8_t zero_tile[] = { 0, 1 };
	static const uint8_t l2[] = { 2 };

	ck_assert_ptr_nonnull(lex);
	ck_assert_uint_eq(lex_word_count(lex), 0);
	ck_assert_uint_eq(lex_node_count(lex), 2);
	ck_assert_uint_eq(lex_dawg_root(lex), 0);
	ck_assert_uint_eq(lex_gaddag_root(lex), 0);
	ck_assert(!lex_contains(lex, w0, 2));
	ck_assert_int_eq(lex_foreach(lex, collect_fn, &c), 0);
	ck_assert_uint_eq(c.n, 0);
	buf = to_mem(lex, 0, &len);
	lex_destroy(lex);
	lex = lex_load_mem(buf, len, NULL, &e);
	ck_assert_ptr_nonnull(lex);
	ck_assert_uint_eq(lex_word_count(lex), 0);
	lex_destroy(lex);
	free(buf);

	err_clear(&e);
	ck_assert_ptr_null(lex_build(w16, l16, 1, "", NULL, NULL, &e));
	ck_assert(strstr(e.msg, "length") != NULL);
	ck_assert_ptr_null(lex_build(w0, l0, 1, "", NULL, NULL, &e));
	ck_assert_ptr_null(lex_build(bad_tile, l2, 1, "", NULL, NULL, &e));
	ck_assert(strstr(e.msg, "tile") != NULL);
	ck_assert_ptr_null(lex_build(zero_tile, l2, 1, "", NULL, NULL, &e));
	ck_assert_ptr_null(lex_build(w0, l2, 1,
	    "a-ruleset-name-much-longer-than-32-bytes", NULL, NULL, &e));
}
END_TEST

/* a lexicon of the small English list (../shared's, else the project's),
 * or of a fixed list when ORDVERK_SHARED is not set, for the corruption
 * tests */
static struct lex *
some_lex(struct wl *w)
{
	static const char *fallback[] = {
		"aa", "ab", "abs", "ad", "ado", "ads", "ae", "ag", "ah", "ai",
		"at", "ate", "eat", "eats", "tea", "teas", "seat", "sate",
		"zoo", "zoos", "quiz", "quay", "jab", "jabs",
	};
	size_t i;

	memset(w, 0, sizeof *w);
	if (getenv("ORDVERK_SHARED") != NULL)
		read_list("wordlists/small/en-enable-2to4.txt", ALPHA_EN, w, NULL);
	else
		for (i = 0; i < sizeof fallback / sizeof fallback[0]; i++) {
			uint8_t t[16];
			int n = tiles_of(ALPHA_EN, fallback[i], t);

			wl_add(w, t, n);
		}
	return build(w);
}

START_TEST(truncated_every_tenth)
{
	struct wl w;
	struct lex *lex = some_lex(&w), *bad;
	size_t len, klen, k;
	unsigned char *buf = to_mem(lex, 0, &len);
	unsigned char *kwg = to_mem(lex, 1, &klen);
	struct rules r = fake_rules(26);
	struct err e;

	for (k = 0; k < 10; k++) {
		size_t cut = len * k / 10;
		unsigned char *copy = malloc(cut + 1);  /* exact size for ASan */

		memcpy(copy, buf, cut);
		err_clear(&e);
		bad = lex_load_mem(copy, cut, NULL, &e);
		ck_assert_ptr_null(bad);
		ck_assert_msg(e.msg[0] != '\0', "no message at cut %zu", cut);
		if (cut >= HDR)
			ck_assert_msg(strstr(e.msg, "truncated") != NULL,
			    "cut %zu: %s", cut, e.msg);
		free(copy);

		/* KWG too, at node boundaries and not */
		cut = klen * k / 10;
		copy = malloc(cut + 1);
		memcpy(copy, kwg, cut);
		bad = lex_load_mem(copy, cut, &r, &e);
		ck_assert_msg(bad == NULL, "KWG cut at %zu loaded", cut);
		bad = lex_load_mem(copy, cut & ~(size_t)3, &r, &e);
		ck_assert_msg(bad == NULL, "KWG cut at %zu loaded",
		    cut & ~(size_t)3);
		free(copy);
	}
	/* one byte short, one byte long */
	bad = lex_load_mem(buf, len - 1, NULL, &e);
	ck_assert_ptr_null(bad);
	{
		unsigned char *big = malloc(len + 1);

		memcpy(big, buf, len);
		big[len] = 0;
		ck_assert_ptr_null(lex_load_mem(big, len + 1, NULL, &e));
		free(big);
	}
	free(buf);
	free(kwg);
	lex_destroy(lex);
	wl_free(&w);
}
END_TEST

START_TEST(flipped_bits)
{
	struct wl w;
	struct lex *lex = some_lex(&w), *bad;
	size_t len, i;
	unsigned char *buf = to_mem(lex, 0, &len);
	struct err e;
	int bit;

	/* every bit of the header */
	for (i = 0; i < HDR; i++)
		for (bit = 0; bit < 8; bit++) {
			buf[i] ^= (unsigned char)(1 << bit);
			err_clear(&e);
			bad = lex_load_mem(buf, len, NULL, &e);
			ck_assert_msg(bad == NULL, "header byte %zu bit %d "
			    "accepted", i, bit);
			ck_assert(e.msg[0] != '\0');
			buf[i] ^= (unsigned char)(1 << bit);
		}
	/* body bits, spread over the file */
	for (i = HDR; i < len; i += 1 + (len - HDR) / 400)
		for (bit = 0; bit < 8; bit += 3) {
			buf[i] ^= (unsigned char)(1 << bit);
			err_clear(&e);
			bad = lex_load_mem(buf, len, NULL, &e);
			ck_assert_msg(bad == NULL, "body byte %zu bit %d "
			    "accepted", i, bit);
			ck_assert_msg(strstr(e.msg, "checksum") != NULL,
			    "%s", e.msg);
			buf[i] ^= (unsigned char)(1 << bit);
		}
	bad = lex_load_mem(buf, len, NULL, &e);
	ck_assert_ptr_nonnull(bad);
	lex_destroy(bad);
	free(buf);
	lex_destroy(lex);
	wl_free(&w);
}
END_TEST

/* own-format file around given nodes, with correct checksums, so that the
 * structural checks (not the CRC) must catch what is wrong */
static unsigned char *
craft(const uint32_t *nodes, uint32_t n, uint64_t nwords, uint32_t dawg,
	uint32_t maxtile, size_t *len)
{
	unsigned char *p;
	uint32_t i;

	*len = HDR + 4 * (size_t)n;
	p = calloc(1, *len);
	ck_assert_ptr_nonnull(p);
	memcpy(p, "\x89OVLEX\r\n", 8);
#define PUT(off, v) do { uint32_t v_ = (v); p[(off)] = (unsigned char)v_; \
	p[(off) + 1] = (unsigned char)(v_ >> 8); \
	p[(off) + 2] = (unsigned char)(v_ >> 16); \
	p[(off) + 3] = (unsigned char)(v_ >> 24); } while (0)
	PUT(8, 1);
	PUT(12, HDR);
	memcpy(p + 16, "crafted", 7);
	PUT(48, (uint32_t)nwords);
	PUT(52, (uint32_t)(nwords >> 32));
	PUT(56, n);
	PUT(60, dawg);
	PUT(64, maxtile);
	for (i = 0; i < n; i++)
		PUT(HDR + 4 * (size_t)i, nodes[i]);
	PUT(72, (uint32_t)crc32(0, p + HDR, (uInt)(*len - HDR)));
	PUT(76, (uint32_t)crc32(0, p + HDR, (uInt)(4 * dawg)));
	PUT(92, (uint32_t)crc32(0, p, 92));
#undef PUT
	return p;
}

/* try_load: loads crafted nodes; expect NULL = must load, else must fail
 * with a message containing expect. */
static void
try_load(const uint32_t *nodes, uint32_t n, uint64_t words, uint32_t dawg,
	uint32_t maxtile, const char *expect)
{
	size_t len;
	unsigned char *p = craft(nodes, n, words, dawg, maxtile, &len);
	struct err e;
	struct lex *lex;

	err_clear(&e);
	lex = lex_load_mem(p, len, NULL, &e);
	free(p);
	if (expect == NULL) {
		if (lex == NULL)
			ck_abort_msg("rejected: %s", e.msg);
	} else {
		ck_assert_msg(lex == NULL, "accepted, expected %s", expect);
		ck_assert_msg(strstr(e.msg, expect) != NULL, "%s", e.msg);
	}
	lex_destroy(lex);
}

#define N(tile, acc, last, child) \
	((uint32_t)(tile) << 26 | (acc) << 25 | (last) << 24 | (child))

START_TEST(structural_checks)
{
	/* A good one first: words A, AB (tiles 1, 2). */
	uint32_t good[] = {
		N(0, 0, 1, 3), N(0, 0, 1, 0),
		N(2, 1, 1, 0),          /* 2: B. */
		N(1, 1, 1, 2),          /* 3: A. -> run 2 */
	};
	uint32_t bad[8];


	try_load(good, 4, 2, 4, 2, NULL);
	try_load(good, 4, 3, 4, 2, "words");                 /* wrong count */
	try_load(good, 4, 2, 3, 2, "DAWG");
	try_load(good, 4, 2, 4, 1, "tile");                  /* tile > max */

	memcpy(bad, good, sizeof good);
	bad[3] = N(1, 1, 1, 9);                         /* child out of range */
	try_load(bad, 4, 2, 4, 2, "out of range");

	memcpy(bad, good, sizeof good);
	bad[2] = N(2, 1, 1, 3);                         /* B -> A -> B ... */
	try_load(bad, 4, 2, 4, 2, "cycle");

	memcpy(bad, good, sizeof good);
	bad[3] = N(1, 1, 0, 2);                         /* last run open */
	try_load(bad, 4, 2, 4, 2, "not terminated");

	/* siblings out of order: root run B, A */
	{
		uint32_t u[] = { N(0, 0, 1, 2), N(0, 0, 1, 0),
			N(2, 1, 0, 0), N(1, 1, 1, 0) };
		try_load(u, 4, 2, 4, 2, "ascending");
	}
	/* separator in the DAWG */
	{
		uint32_t u[] = { N(0, 0, 1, 2), N(0, 0, 1, 0),
			N(0, 0, 0, 4), N(1, 1, 1, 0), N(1, 1, 1, 0) };
		try_load(u, 5, 2, 5, 1, "separator");
	}
	/* a path of 16 letters in the DAWG: 16 nodes each pointing on */
	{
		uint32_t u[20];
		int i;

		u[0] = N(0, 0, 1, 2);
		u[1] = N(0, 0, 1, 0);
		for (i = 2; i < 18; i++)
			u[i] = N(1, i == 17, 1, i == 17 ? 0 : (uint32_t)i + 1);
		try_load(u, 18, 1, 18, 1, "longer");
	}
	/* 15 levels of 26 accepting arcs: 26^15 words in 392 nodes, a
	 * forgery that would keep lex_foreach busy for ever */
	{
		uint32_t u[2 + 15 * 26];
		int lv, t;

		u[1] = N(0, 0, 1, 0);
		for (lv = 0; lv < 15; lv++)     /* level 0 = deepest */
			for (t = 0; t < 26; t++)
				u[2 + lv * 26 + t] = N(t + 1, 1, t == 25,
				    lv == 0 ? 0 : (uint32_t)(2 + (lv - 1) * 26));
		u[0] = N(0, 0, 1, 2 + 14 * 26);
		try_load(u, 2 + 15 * 26, 0, 2 + 15 * 26, 26, "implausible");
		/* parents first: the depth-first check must refuse it too */
		for (lv = 0; lv < 15; lv++)     /* level 0 = top */
			for (t = 0; t < 26; t++)
				u[2 + lv * 26 + t] = N(t + 1, 1, t == 25,
				    lv == 14 ? 0 : (uint32_t)(2 + (lv + 1) * 26));
		u[0] = N(0, 0, 1, 2);
		try_load(u, 2 + 15 * 26, 0, 2 + 15 * 26, 26, "implausible");
	}
	/* Parents first (the depth-first check), a chain X of 10 met first
	 * shallow (A X: 11 letters), then again deep (B C^10 X: 21). */
	{
		uint32_t u[24];
		int i;

		u[0] = N(0, 0, 1, 2);
		u[1] = N(0, 0, 1, 0);
		u[2] = N(1, 0, 0, 14);          /* A -> X */
		u[3] = N(2, 0, 1, 4);           /* B -> C chain */
		for (i = 4; i < 14; i++)
			u[i] = N(3, 0, 1, (uint32_t)i + 1);     /* C..., -> X */
		for (i = 14; i < 24; i++)
			u[i] = N(4, i == 23, 1, i == 23 ? 0 : (uint32_t)i + 1);
		try_load(u, 24, 2, 24, 4, "longer");
		/* the same with B's chain 4 long: 15 letters, fine */
		u[7] = N(3, 0, 1, 14);
		try_load(u, 24, 2, 24, 4, "DAWG nodes");  /* 6 C's unreachable */
	}
	/* root pointing at node 1 */
	{
		uint32_t u[] = { N(0, 0, 1, 1), N(0, 0, 1, 0), N(1, 1, 1, 0) };
		try_load(u, 3, 0, 2, 1, "root");
	}
	/* GADDAG with two separators on a path: A S S B */
	{
		uint32_t u[] = { N(0, 0, 1, 0), N(0, 0, 1, 5),
			N(2, 1, 1, 0),          /* 2: B. */
			N(0, 0, 1, 2),          /* 3: S -> B */
			N(0, 0, 1, 3),          /* 4: S -> S */
			N(1, 0, 1, 4),          /* 5: A -> S */
		};
		try_load(u, 6, 0, 2, 2, "separator");
	}
}
END_TEST

/* A Norwegian KWG is numbered as Macondo's (A-Y Ü Z Æ Ä Ø Ö Å): seven
 * words whose first letters are the seven letters the two orders place
 * apart begin, in the file's root run, with Ü Z Æ Ä Ø Ö Å as 26..32 in
 * that order (ours would be Z Æ Ø Å Ä Ö Ü, 26..32).  Read back for no,
 * every word is there; for a 26-letter alphabet the file is refused. */
START_TEST(kwg_norwegian_numbering)
{
	static const char *const words[] = { "ØL", "ÆRE", "ÅR", "ZOO", "ÜBER",
	    "ÄR", "ÖL", "AB", NULL };
	const struct rules *r = rules_builtin("no");
	struct rules en = fake_rules(26);
	struct lex *lex = test_lex_from_words(r, words), *back;
	char *buf = NULL;
	size_t len, i;
	FILE *fp = open_memstream(&buf, &len);
	struct err e;
	uint32_t a;
	int want = 26;

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(lex_write_kwg(lex, r, fp, &e), 0);
	ck_assert_int_eq(fclose(fp), 0);
	a = test_get32((unsigned char *)buf) & 0x3fffffu;
	ck_assert_uint_eq(test_get32((unsigned char *)buf + 4 * a) >> 24, 1);
	for (a++;; a++) {
		uint32_t node = test_get32((unsigned char *)buf + 4 * (size_t)a);

		ck_assert_uint_eq(node >> 24, (uint32_t)want++);
		if (node >> 22 & 1)
			break;
	}
	ck_assert_int_eq(want, 33);
	back = lex_load_mem(buf, len, r, &e);
	ck_assert_msg(back != NULL, "%s", e.msg);
	ck_assert_uint_eq(lex_word_count(back), 8);
	for (i = 0; words[i] != NULL; i++) {
		uint8_t t[RULES_MAX_WORD];
		int n;

		ck_assert_int_eq(rules_normalise_word(r, words[i],
		    strlen(words[i]), t, &n, NULL), NORM_OK);
		ck_assert_msg(lex_contains(back, t, n), "%s", words[i]);
	}
	ck_assert_ptr_null(lex_load_mem(buf, len, &en, &e));
	lex_destroy(back);
	lex_destroy(lex);
	free(buf);
}
END_TEST

START_TEST(kwg_round_trip)
{
	struct wl w;
	struct lex *lex, *k, *again;
	unsigned char *kwg, *own, *own2;
	size_t klen, olen, olen2;
	struct rules r = fake_rules(26), small = fake_rules(3);
	struct err e;
	uint32_t n0;
	const uint32_t *nd;

	read_list("wordlists/small/en-enable-2to4.txt", ALPHA_EN, &w, NULL);
	lex = build(&w);
	kwg = to_mem(lex, 1, &klen);
	ck_assert_uint_eq(klen, 4 * (size_t)lex_node_count(lex));
	/* the KWG bit layout, checked on node 0 and on the DAWG root arc */
	n0 = (uint32_t)kwg[0] | (uint32_t)kwg[1] << 8 |
	    (uint32_t)kwg[2] << 16 | (uint32_t)kwg[3] << 24;
	ck_assert_uint_eq(n0 & 0x3fffff, lex_dawg_root(lex));
	ck_assert_uint_eq(n0 >> 24, 0);
	{
		uint32_t i = lex_dawg_root(lex), x;

		x = (uint32_t)kwg[4 * i] | (uint32_t)kwg[4 * i + 1] << 8 |
		    (uint32_t)kwg[4 * i + 2] << 16 |
		    (uint32_t)kwg[4 * i + 3] << 24;
		nd = lex_nodes(lex);
		ck_assert_uint_eq(x >> 24, (uint32_t)lex_node_tile(nd[i]));
		ck_assert_uint_eq((x >> 23) & 1, (uint32_t)lex_node_accepts(nd[i]));
		ck_assert_uint_eq((x >> 22) & 1, (uint32_t)lex_node_last(nd[i]));
		ck_assert_uint_eq(x & 0x3fffff, lex_node_child(nd[i]));
	}

	ck_assert_ptr_null(lex_load_mem(kwg, klen, NULL, &e));  /* needs r */
	ck_assert(strstr(e.msg, "ruleset") != NULL);
	ck_assert_ptr_null(lex_load_mem(kwg, klen, &small, &e)); /* tiles */
	ck_assert(strstr(e.msg, "tile") != NULL);

	k = lex_load_mem(kwg, klen, &r, &e);
	if (k == NULL)
		ck_abort_msg("KWG load: %s", e.msg);
	ck_assert_str_eq(lex_rules_name(k), "");
	ck_assert_uint_eq(lex_node_count(k), lex_node_count(lex));
	ck_assert_uint_eq(lex_dawg_nodes(k), lex_dawg_nodes(lex));
	ck_assert_uint_eq(lex_checksum(k), lex_checksum(lex));
	ck_assert(memcmp(lex_nodes(k), lex_nodes(lex),
	    4 * (size_t)lex_node_count(lex)) == 0);
	check_words(k, &w, 26, 0);

	/* from a file too, whole even when only the DAWG is asked for */
	{
		char path[] = "/tmp/check_lex_kwg_XXXXXX";
		int fd = mkstemp(path);
		FILE *fp;
		struct lex *f1, *f2;

		ck_assert_int_ge(fd, 0);
		fp = fdopen(fd, "wb");
		ck_assert_uint_eq(fwrite(kwg, 1, klen, fp), klen);
		ck_assert_int_eq(fclose(fp), 0);
		f1 = lex_load(path, &r, &e);
		f2 = lex_load_dawg(path, &r, &e);
		unlink(path);
		ck_assert_ptr_nonnull(f1);
		ck_assert_ptr_nonnull(f2);
		ck_assert_uint_eq(lex_checksum(f1), lex_checksum(lex));
		ck_assert_uint_eq(lex_gaddag_root(f2), lex_gaddag_root(lex));
		lex_destroy(f1);
		lex_destroy(f2);
	}

	/* KWG -> ordverk -> load: the same graph again */
	own = to_mem(k, 0, &olen);
	again = lex_load_mem(own, olen, NULL, &e);
	ck_assert_ptr_nonnull(again);
	check_words(again, &w, 26, 0);
	own2 = to_mem(lex, 0, &olen2);
	ck_assert_uint_eq(olen, olen2);
	/* equal except the ruleset name (and so the header CRC) */
	ck_assert(memcmp(own + HDR, own2 + HDR, olen - HDR) == 0);
	ck_assert(memcmp(own, own2, 16) == 0);

	/* KWG bit flips: no checksum, so a flip may give another valid graph,
	 * but never a crash; whatever loads must answer queries. */
	{
		size_t i;

		for (i = 0; i < klen; i += 1 + klen / 300) {
			struct lex *x;
			struct collect c = { 0 };

			kwg[i] ^= 0x10;
			x = lex_load_mem(kwg, klen, &r, &e);
			if (x != NULL) {
				lex_foreach(x, collect_fn, &c);
				ck_assert_uint_eq(c.n, lex_word_count(x));
				free(c.r);
				lex_destroy(x);
			}
			kwg[i] ^= 0x10;
		}
	}
	free(own);
	free(own2);
	free(kwg);
	lex_destroy(again);
	lex_destroy(k);
	lex_destroy(lex);
	wl_free(&w);
}
END_TEST

/* An own-format lexicon of 2^22 + 1 nodes (unreachable single-arc runs
 * around an empty DAWG) loads, but does not fit KWG's 22-bit indices. */
START_TEST(kwg_too_many_nodes)
{
	uint32_t n = (1u << 22) + 1, i;
	uint32_t *nodes = malloc((size_t)n * 4);
	unsigned char *p, *kw;
	size_t len;
	struct lex *lex;
	struct err e;
	FILE *fp;
	struct rules r = fake_rules(26);

	ck_assert_ptr_nonnull(nodes);
	nodes[0] = N(0, 0, 1, 0);
	nodes[1] = N(0, 0, 1, 0);
	for (i = 2; i < n; i++)
		nodes[i] = N(1, 1, 1, 0);
	p = craft(nodes, n, 0, 2, 1, &len);
	free(nodes);
	lex = lex_load_mem(p, len, NULL, &e);
	free(p);
	if (lex == NULL)
		ck_abort_msg("load: %s", e.msg);
	ck_assert_uint_eq(lex_node_count(lex), n);
	fp = tmpfile();
	ck_assert_ptr_nonnull(fp);
	err_clear(&e);
	ck_assert_int_eq(lex_write_kwg(lex, NULL, fp, &e), -1);
	ck_assert(strstr(e.msg, "KWG") != NULL);
	ck_assert_int_eq(ftell(fp), 0);         /* nothing written */
	fclose(fp);
	lex_destroy(lex);

	/* and a KWG file that large is refused on load */
	len = 4 * (size_t)n;
	kw = calloc(1, len);
	ck_assert_ptr_nonnull(kw);
	ck_assert_ptr_null(lex_load_mem(kw, len, &r, &e));
	ck_assert(strstr(e.msg, "22-bit") != NULL);
	free(kw);
}
END_TEST
#undef N

/* A lexicon of en loads for en, not for no (another alphabet); a
 * missing file is named once. */
START_TEST(load_for_ruleset)
{
	static const char *const words[] = { "CAT", "DOG", NULL };
	struct rules en = *rules_builtin("en");
	struct lex *lex = test_lex_from_words(&en, words), *back;
	char path[] = "/tmp/check_lex_XXXXXX", want[128];
	int fd = mkstemp(path);
	FILE *fp = fdopen(fd, "wb");
	struct err e;

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(lex_write(lex, fp, &e), 0);
	ck_assert_int_eq(fclose(fp), 0);
	back = lex_load_for(path, &en, &e);
	ck_assert_msg(back != NULL, "%s", e.msg);
	ck_assert_uint_eq(lex_word_count(back), 2);
	lex_destroy(back);
	ck_assert_ptr_null(lex_load_for(path, rules_builtin("no"), &e));
	snprintf(want, sizeof want, "%s: lexicon for ruleset en, not no", path);
	ck_assert_str_eq(e.msg, want);
	unlink(path);
	ck_assert_ptr_null(lex_load_for(path, &en, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, path));
	ck_assert_ptr_null(strstr(strstr(e.msg, path) + 1, path));
	lex_destroy(lex);
}
END_TEST

START_TEST(load_file_errors)
{
	struct err e;
	char path[] = "/tmp/check_lex_XXXXXX";
	int fd = mkstemp(path);
	FILE *fp;
	struct wl w;
	struct lex *lex = some_lex(&w), *back;

	ck_assert_int_ge(fd, 0);
	fp = fdopen(fd, "wb");
	ck_assert_int_eq(lex_write(lex, fp, &e), 0);
	ck_assert_int_eq(fclose(fp), 0);
	back = lex_load(path, NULL, &e);
	ck_assert_ptr_nonnull(back);
	ck_assert_uint_eq(lex_checksum(back), lex_checksum(lex));
	lex_destroy(back);
	/* the DAWG alone: same words, no GADDAG, not writable */
	back = lex_load_dawg(path, NULL, &e);
	if (back == NULL)
		ck_abort_msg("lex_load_dawg: %s", e.msg);
	ck_assert_uint_eq(lex_gaddag_root(back), 0);
	ck_assert_uint_eq(lex_node_count(back), lex_dawg_nodes(lex));
	ck_assert_uint_lt(lex_node_count(back), lex_node_count(lex));
	ck_assert_uint_eq(lex_word_count(back), lex_word_count(lex));
	{
		struct collect c1 = { 0 }, c2 = { 0 };

		lex_foreach(lex, collect_fn, &c1);
		lex_foreach(back, collect_fn, &c2);
		ck_assert_uint_eq(c1.n, c2.n);
		ck_assert(memcmp(c1.r, c2.r, c1.n * sizeof *c1.r) == 0);
		free(c1.r);
		free(c2.r);
	}
	fp = tmpfile();
	ck_assert_int_eq(lex_write(back, fp, &e), -1);
	ck_assert_int_eq(lex_write_kwg(back, NULL, fp, &e), -1);
	fclose(fp);
	lex_destroy(back);
	/* a flipped bit in the GADDAG or in the DAWG: both notice (every
	 * tool refuses a damaged file, whatever part of it it reads) */
	{
		size_t len;
		unsigned char *buf = to_mem(lex, 0, &len);
		size_t g = HDR + 4 * (size_t)lex_dawg_nodes(lex) + 5;
		size_t d = HDR + 4 * (size_t)lex_dawg_nodes(lex) / 2;

		back = lex_load_mem_dawg(buf, len, NULL, &e);
		ck_assert_ptr_nonnull(back);
		ck_assert_uint_eq(lex_word_count(back), lex_word_count(lex));
		ck_assert_uint_eq(lex_gaddag_root(back), 0);
		lex_destroy(back);
		ck_assert_ptr_null(lex_load_mem_dawg(buf, len - 4, NULL, &e));
		buf[g] ^= 4;
		ck_assert_ptr_null(lex_load_mem_dawg(buf, len, NULL, &e));
		ck_assert_ptr_nonnull(strstr(e.msg, "body checksum"));
		ck_assert_ptr_null(lex_load_mem(buf, len, NULL, &e));
		fp = fopen(path, "wb");
		ck_assert_uint_eq(fwrite(buf, 1, len, fp), len);
		fclose(fp);
		ck_assert_ptr_null(lex_load(path, NULL, &e));
		ck_assert_ptr_null(lex_load_dawg(path, NULL, &e));
		ck_assert_ptr_nonnull(strstr(e.msg, "body checksum"));
		buf[g] ^= 4;
		buf[d] ^= 4;
		fp = fopen(path, "wb");
		ck_assert_uint_eq(fwrite(buf, 1, len, fp), len);
		fclose(fp);
		ck_assert_ptr_null(lex_load(path, NULL, &e));
		ck_assert_ptr_null(lex_load_dawg(path, NULL, &e));
		ck_assert(strstr(e.msg, "DAWG checksum") != NULL);
		buf[d] ^= 4;
		/* cut inside the GADDAG: both refuse the file */
		fp = fopen(path, "wb");
		ck_assert_uint_eq(fwrite(buf, 1, len - 4, fp), len - 4);
		fclose(fp);
		ck_assert_ptr_null(lex_load_dawg(path, NULL, &e));
		ck_assert(strstr(e.msg, "truncated") != NULL);
		free(buf);
	}
	/* truncate the file on disk: message names the file */
	ck_assert_int_eq(truncate(path, 100), 0);
	ck_assert_ptr_null(lex_load(path, NULL, &e));
	ck_assert(strstr(e.msg, path) != NULL);
	ck_assert(strstr(e.msg, "truncated") != NULL);
	unlink(path);
	ck_assert_ptr_null(lex_load(path, NULL, &e));
	ck_assert(strstr(e.msg, path) != NULL);
	/* a ruleset with too few letters for an ordverk lexicon */
	{
		size_t len;
		unsigned char *buf = to_mem(lex, 0, &len);
		struct rules few = fake_rules(5);

		ck_assert_ptr_null(lex_load_mem(buf, len, &few, &e));
		ck_assert(strstr(e.msg, "letters") != NULL);
		free(buf);
	}
	lex_destroy(lex);
	wl_free(&w);
}
END_TEST

static int
stop_at_third(const uint8_t *w, int n, void *arg)
{
	int *count = arg;

	(void)w;
	(void)n;
	return ++*count == 3 ? 42 : 0;
}

START_TEST(foreach_stops)
{
	struct wl w;
	struct lex *lex = some_lex(&w);
	int count = 0;

	ck_assert_int_eq(lex_foreach(lex, stop_at_third, &count), 42);
	ck_assert_int_eq(count, 3);
	lex_destroy(lex);
	wl_free(&w);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("lex");
	TCase *build_tc = tcase_create("build");
	TCase *file_tc = tcase_create("file");
	TCase *kwg_tc = tcase_create("kwg");

	/* seconds of ASan work; generous for a loaded machine */
	tcase_set_timeout(build_tc, 120);
	tcase_set_timeout(file_tc, 120);
	tcase_set_timeout(kwg_tc, 120);
	tcase_add_test(build_tc, gaddag_exact_strings);
	tcase_add_test(build_tc, enable_small_all_checks);
	tcase_add_test(build_tc, icelandic_small_32_letters);
	tcase_add_test(build_tc, unsorted_duplicates_big_tiles);
	tcase_add_test(build_tc, empty_and_bad_input);
	tcase_add_test(build_tc, foreach_stops);
	tcase_add_test(file_tc, truncated_every_tenth);
	tcase_add_test(file_tc, flipped_bits);
	tcase_add_test(file_tc, structural_checks);
	tcase_add_test(file_tc, load_file_errors);
	tcase_add_test(file_tc, load_for_ruleset);
	tcase_add_test(kwg_tc, kwg_round_trip);
	tcase_add_test(kwg_tc, kwg_norwegian_numbering);
	tcase_add_test(kwg_tc, kwg_too_many_nodes);
	suite_add_tcase(s, build_tc);
	suite_add_tcase(s, file_tc);
	suite_add_tcase(s, kwg_tc);
	return test_run(s);
}
