/*
 * wordsel.c — the words of a lexicon from its sources (wordsel.h).
 */
#include <stdlib.h>
#include <string.h>
#include "wordsel.h"

/* A word record: t[0..len) tiles, zero padded; meta = len | src << 4.
 * Comparing whole records with memcmp orders words as the lexicon does
 * (letters are >= 1, so a prefix sorts first) and groups equal words. */
struct rec {
	uint8_t t[RULES_MAX_WORD];
	uint8_t meta;
};

struct wordsel {
	struct rec *recs;
	size_t n, cap;
	size_t kept;            /* records kept by wordsel_select */
	uint8_t *lens;          /* wordsel_words' lengths */
};

struct wordsel *
wordsel_create(struct err *e)
{
	struct wordsel *ws = calloc(1, sizeof *ws);

	if (ws == NULL)
		err_set(e, 0, "out of memory");
	return ws;
}

void
wordsel_destroy(struct wordsel *ws)
{
	if (ws == NULL)
		return;
	free(ws->recs);
	free(ws->lens);
	free(ws);
}

int
wordsel_add(struct wordsel *ws, const uint8_t *tiles, int n,
	enum wordsel_src src, struct err *e)
{
	struct rec *rc;

	if (ws->n == ws->cap) {
		size_t ncap = ws->cap ? ws->cap * 2 : 65536;
		struct rec *nr = NULL;

		if (ncap <= SIZE_MAX / sizeof *ws->recs)
			nr = realloc(ws->recs, ncap * sizeof *ws->recs);
		if (nr == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
		ws->recs = nr;
		ws->cap = ncap;
	}
	rc = &ws->recs[ws->n++];
	memset(rc, 0, sizeof *rc);
	memcpy(rc->t, tiles, (size_t)n);
	rc->meta = (uint8_t)(n | (int)src << 4);
	return 0;
}

static int
rec_cmp(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct rec));
}

size_t
wordsel_select(struct wordsel *ws, int two_list, struct wordsel_counts *c)
{
	return wordsel_select_noting(ws, two_list, c, NULL, NULL);
}

size_t
wordsel_select_noting(struct wordsel *ws, int two_list,
	struct wordsel_counts *c, wordsel_note_fn *note, void *arg)
{
	size_t i = 0, j, out = 0;

	memset(c, 0, sizeof *c);
	ws->kept = 0;
	if (ws->n == 0)
		return 0;
	qsort(ws->recs, ws->n, sizeof *ws->recs, rec_cmp);
	while (i < ws->n) {
		int has[4] = { 0, 0, 0, 0 };
		unsigned long adders;
		int len = ws->recs[i].meta & 0x0f, keep;

		/* Group: records i..j-1 hold the same word. */
		for (j = i; j < ws->n &&
		    memcmp(ws->recs[j].t, ws->recs[i].t, RULES_MAX_WORD) == 0; j++)
			has[ws->recs[j].meta >> 4]++;
		adders = (unsigned long)(has[WORDSEL_LIST] + has[WORDSEL_TWO] +
		    has[WORDSEL_ADD]);
		if (adders > 1) {
			c->duplicates += adders - 1;
			if (note != NULL)
				note(WORDSEL_NOTE_DUPLICATE, ws->recs[i].t, len,
				    adders, arg);
		}
		keep = has[WORDSEL_TWO] || has[WORDSEL_ADD] ||
		    (has[WORDSEL_LIST] && !(two_list && len == 2));
		if (has[WORDSEL_LIST] && !keep)
			c->two_dropped++;
		if (has[WORDSEL_REMOVE]) {
			if (keep)
				c->removed++;
			else if (adders == 0) {
				c->remove_absent++;
				if (note != NULL)
					note(WORDSEL_NOTE_ABSENT, ws->recs[i].t, len,
					    (unsigned long)has[WORDSEL_REMOVE], arg);
			}
			keep = 0;
		}
		if (keep) {
			ws->recs[out] = ws->recs[i];
			ws->recs[out].meta = (uint8_t)len;
			out++;
		}
		i = j;
	}
	c->kept = out;
	ws->kept = out;
	return out;
}

int
wordsel_words(struct wordsel *ws, const uint8_t **words, const uint8_t **lens,
	size_t *n, struct err *e)
{
	uint8_t *packed = (uint8_t *)ws->recs;
	size_t k, o = 0;

	free(ws->lens);
	ws->lens = malloc(ws->kept ? ws->kept : 1);
	if (ws->lens == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	/* Word k goes to packed[o..), o <= 16 k: never over a record still
	 * to be read (memmove, as the first may overlap itself). */
	for (k = 0; k < ws->kept; k++) {
		struct rec rc = ws->recs[k];

		ws->lens[k] = rc.meta;
		memmove(packed + o, rc.t, rc.meta);
		o += rc.meta;
	}
	ws->n = 0;
	*words = packed;
	*lens = ws->lens;
	*n = ws->kept;
	return 0;
}
