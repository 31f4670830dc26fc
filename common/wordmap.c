/*
 * wordmap.c — the lexicon's words by letter multiset, as wordmap.h
 * describes.  Built in three walks of the DAWG: count the words, claim a
 * slot per (key, length) and count its words, then copy the words into
 * the places the counts give.  No sort, and no copy of the list.
 */
#include <stdlib.h>
#include <string.h>
#include "bigmem.h"
#include "wordmap.h"

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define WM_AVX2 1
#endif

enum { WM_COUNT, WM_CLAIM, WM_FILL };

/* The filter size (bytes) up to which it gets 16 bits a key rather than
 * 8: half the private cache of a current core. */
#define WM_FILTER_CACHED ((uint64_t)512 << 10)

struct wm_build {
	struct wordmap *wm;
	const uint64_t *letter_key;
	const uint32_t *nodes;
	uint32_t n;
	int pass;
	size_t words;
	uint32_t *count;         /* per slot: words (WM_CLAIM), copied (WM_FILL) */
	uint8_t path[RULES_MAX_WORD];
};

/* The slot of (key's tag, len), claimed if there is none yet. */
static struct wordmap_slot *
wm_slot(struct wordmap *wm, uint64_t key, int len)
{
	struct wordmap_slot *s = wm->slots + wordmap_seek(wm, key, len);

	if ((s->tag & 0xff) == 0)
		s->tag = WORDMAP_TAG(key) | (uint32_t)len;
	return s;
}

static void
wm_word(struct wm_build *b, uint64_t key, int len)
{
	struct wordmap *wm = b->wm;
	struct wordmap_slot *s;
	uint32_t *f;

	b->words++;
	if (b->pass == WM_COUNT)
		return;
	s = wm_slot(wm, key, len);
	f = &b->count[s - wm->slots];
	if (b->pass == WM_CLAIM) {
		(*f)++;
		return;
	}
	memcpy(wm->letters + s->off + 4 + (size_t)*f * (size_t)len, b->path,
	    (size_t)len);
	(*f)++;
	wm->filter[key >> wm->fshift] |= wordmap_filter_bits(key);
}

/* The words below the DAWG run at run, reached by depth letters path[]
 * whose keys sum to key. */
static void
wm_walk(struct wm_build *b, uint32_t run, int depth, uint64_t key)
{
	uint32_t i;

	for (i = run; i < b->n; i++) {
		uint32_t nd = b->nodes[i];
		int L = lex_node_tile(nd);

		if (L != 0) {
			uint64_t k = key + b->letter_key[L];

			b->path[depth] = (uint8_t)L;
			if (lex_node_accepts(nd) && depth >= 1)
				wm_word(b, k, depth + 1);
			if (lex_node_child(nd) != 0 && depth + 1 < RULES_MAX_WORD)
				wm_walk(b, lex_node_child(nd), depth + 1, k);
		}
		if (lex_node_last(nd))
			break;
	}
}

int
wordmap_build(struct wordmap *wm, const struct lex *lex,
	const uint64_t *letter_key, struct err *e)
{
	uint32_t root = lex_dawg_root(lex);
	struct wm_build b;
	uint64_t nslots = 16, nfilter = 2, nkeys = 0, i;
	size_t total = 0;
	int shift = 60, fshift = 63;

	memset(wm, 0, sizeof *wm);
	memset(&b, 0, sizeof b);
	b.wm = wm;
	b.letter_key = letter_key;
	b.nodes = lex_nodes(lex);
	b.n = lex_node_count(lex);
	if (root != 0)
		wm_walk(&b, root, 0, 0);
	/* At most 3/4 full: a miss ends after a slot or two. */
	while (nslots / 4 * 3 < b.words && nslots < ((uint64_t)1 << 40)) {
		nslots *= 2;
		shift--;
	}
	if (nslots > SIZE_MAX / sizeof *wm->slots)
		goto oom;
	wm->slots = bigmem_calloc((size_t)nslots * sizeof *wm->slots);
	b.count = calloc((size_t)nslots, sizeof *b.count);
	if (wm->slots == NULL || b.count == NULL)
		goto oom;
	wm->mask = nslots - 1;
	wm->shift = shift;
	wm->nwords = b.words;
	b.pass = WM_CLAIM;
	if (root != 0)
		wm_walk(&b, root, 0, 0);
	for (i = 0; i < nslots; i++) {
		struct wordmap_slot *s = wm->slots + i;
		size_t n = 4 + (size_t)b.count[i] * (s->tag & 0xff);

		if ((s->tag & 0xff) == 0)
			continue;
		if (total > UINT32_MAX - n)
			goto oom;
		s->off = (uint32_t)total;
		total += n;
		nkeys++;
	}
	/* The filter: a power of 2 of words, at least 8 bits a key, and 16
	 * while it stays within WM_FILTER_CACHED bytes.  Each wrong yes
	 * costs a slot read from memory; a filter too big for the core's
	 * own cache costs a read from the shared one for many questions.
	 * On the development machine (1 MB L2; README, Performance), 512 KB
	 * instead of 256 KB took a fifth to a third of the keys looked up
	 * off English, Danish and Icelandic turns, and 1-4 % of their
	 * cycles.  Norwegian turns (a 1 MB filter) took 11 % more cycles
	 * with 2 MB, and as many with 512 KB. */
	while ((nfilter * 64 < nkeys * 8 || (nfilter * 64 < nkeys * 16 &&
	    nfilter * 2 * sizeof *wm->filter <= WM_FILTER_CACHED)) &&
	    nfilter < ((uint64_t)1 << 40)) {
		nfilter *= 2;
		fshift--;
	}
	if (nfilter > SIZE_MAX / sizeof *wm->filter)
		goto oom;
	wm->filter = bigmem_calloc((size_t)nfilter * sizeof *wm->filter);
	if (wm->filter == NULL)
		goto oom;
	wm->fshift = fshift;
#ifdef WM_AVX2
	wm->simd = __builtin_cpu_supports("avx2") != 0;
#endif
	wm->letters = bigmem_malloc(total);
	if (wm->letters == NULL)
		goto oom;
	wm->nletters = total;
	for (i = 0; i < nslots; i++) {
		uint8_t *p = wm->letters + wm->slots[i].off;
		uint32_t c = b.count[i];

		if ((wm->slots[i].tag & 0xff) == 0)
			continue;
		p[0] = (uint8_t)c;
		p[1] = (uint8_t)(c >> 8);
		p[2] = (uint8_t)(c >> 16);
		p[3] = (uint8_t)(c >> 24);
		b.count[i] = 0;
	}
	b.pass = WM_FILL;
	b.words = 0;
	if (root != 0)
		wm_walk(&b, root, 0, 0);
	free(b.count);
	return 0;
oom:
	free(b.count);
	wordmap_free(wm);
	err_set(e, 0, "out of memory");
	return -1;
}

void
wordmap_free(struct wordmap *wm)
{
	free(wm->filter);
	free(wm->slots);
	free(wm->letters);
	memset(wm, 0, sizeof *wm);
}

static int
wm_maybe_many_plain(const struct wordmap *wm, uint64_t base,
	const uint64_t *add, int n, uint8_t *pass)
{
	int i, np = 0;

	/* No branch on an answer: the filter's loads overlap. */
	for (i = 0; i < n; i++) {
		pass[np] = (uint8_t)i;
		np += wordmap_maybe(wm, base + add[i]);
	}
	return np;
}

#ifdef WM_AVX2
/* The lanes set in a mask of four, lowest first, a byte each (x86 is
 * little-endian). */
static const uint32_t wm_lanes[16] = {
	0, 0x00, 0x01, 0x0100, 0x02, 0x0200, 0x0201, 0x020100,
	0x03, 0x0300, 0x0301, 0x030100, 0x0302, 0x030200, 0x030201, 0x03020100
};

/* Four questions at a time: their three bits by variable shifts, their
 * filter words by four plain loads (on AMD Zen 4 a gather made turns
 * about 1 % slower), the last group's missing lanes masked off (add[]
 * is not read for them, and they read the filter's first word).  The
 * group's passes go into pass[] as four bytes from wm_lanes, of which
 * the next group writes over those that did not pass: a loop over the
 * mask's bits was mispredicted (gen_best 2 % faster, 5 % on blank turns). */
__attribute__((target("avx2")))
static int
wm_maybe_many_avx2(const struct wordmap *wm, uint64_t base,
	const uint64_t *add, int n, uint8_t *pass)
{
	const __m256i vbase = _mm256_set1_epi64x((long long)base);
	const __m256i one = _mm256_set1_epi64x(1);
	const __m256i low6 = _mm256_set1_epi64x(63);
	const __m256i lane = _mm256_set_epi64x(3, 2, 1, 0);
	const __m128i fshift = _mm_cvtsi32_si128(wm->fshift);
	int i, np = 0;

	for (i = 0; i < n; i += 4) {
		__m256i live, key, bits, word, yes;
		uint64_t slot[4];
		uint32_t at;
		unsigned m;

		live = _mm256_cmpgt_epi64(_mm256_set1_epi64x(n - i), lane);
		key = _mm256_add_epi64(vbase, _mm256_maskload_epi64(
		    (const long long *)(add + i), live));
		bits = _mm256_or_si256(_mm256_or_si256(
		    _mm256_sllv_epi64(one, _mm256_and_si256(key, low6)),
		    _mm256_sllv_epi64(one, _mm256_and_si256(
		    _mm256_srli_epi64(key, 6), low6))),
		    _mm256_sllv_epi64(one, _mm256_and_si256(
		    _mm256_srli_epi64(key, 12), low6)));
		_mm256_storeu_si256((__m256i *)(void *)slot, _mm256_and_si256(
		    _mm256_srl_epi64(key, fshift), live));
		word = _mm256_set_epi64x((long long)wm->filter[slot[3]],
		    (long long)wm->filter[slot[2]], (long long)wm->filter[slot[1]],
		    (long long)wm->filter[slot[0]]);
		yes = _mm256_and_si256(live, _mm256_cmpeq_epi64(
		    _mm256_and_si256(word, bits), bits));
		m = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(yes));
		at = wm_lanes[m] + (uint32_t)i * 0x01010101u;
		memcpy(pass + np, &at, 4);
		np += __builtin_popcount(m);
	}
	return np;
}
#endif

int
wordmap_maybe_many(const struct wordmap *wm, uint64_t base,
	const uint64_t *add, int n, uint8_t *pass)
{
#ifdef WM_AVX2
	if (wm->simd)
		return wm_maybe_many_avx2(wm, base, add, n, pass);
#endif
	return wm_maybe_many_plain(wm, base, add, n, pass);
}
