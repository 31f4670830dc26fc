/*
 * tiletext.c — written words to tiles and back by table (tiletext.h).
 */
#include <string.h>
#include "tiletext.h"

void
tiletext_init(struct tiletext *tt, const struct rules *r)
{
	int t, ch;

	memset(tt, 0, sizeof *tt);
	for (ch = 'A'; ch <= 'Z'; ch++) {
		tt->ascii[ch] = (uint8_t)rules_letter_from_cp(r, (uint32_t)ch, NULL);
		tt->ascii[ch + 32] = (uint8_t)rules_letter_from_cp(r,
			(uint32_t)ch + 32, NULL);
	}
	for (ch = 0x80; ch < 0x800; ch++)
		tt->two[ch] = (uint8_t)rules_letter_from_cp(r, (uint32_t)ch, NULL);
	for (t = 1; t <= r->nletters && t < RULES_MAX_TILES; t++) {
		uint8_t one = (uint8_t)t, blank = (uint8_t)(t | TILE_BLANK);
		int n = rules_word_to_utf8(r, &one, 1, tt->upper[t],
			sizeof tt->upper[t]);
		int m = rules_word_to_utf8(r, &blank, 1, tt->lower[t],
			sizeof tt->lower[t]);

		tt->upperlen[t] = (uint8_t)(n > 0 ? n : 0);
		tt->lowerlen[t] = (uint8_t)(m > 0 ? m : 0);
	}
	tt->multi = r->multi;
	tt->min_word = r->min_word;
	tt->max_word = r->max_word;
}

int
tiletext_read(const struct tiletext *tt, const char *s, size_t len,
	uint8_t tiles[RULES_MAX_WORD])
{
	int n = tt->multi ? -1 : 0;
	size_t i;

	/* A byte without a table entry, or a word too long, stops the loop
	 * with i < len. */
	for (i = 0; n >= 0 && i < len && n < RULES_MAX_WORD; n++) {
		unsigned char b = (unsigned char)s[i];
		size_t k = 1;
		uint8_t t;

		if (b < 0x80) {
			t = tt->ascii[b];
		} else if (b >= 0xc2 && b < 0xe0 && i + 1 < len &&
		    ((unsigned char)s[i + 1] & 0xc0) == 0x80) {
			t = tt->two[(b & 0x1fu) << 6 | ((unsigned char)s[i + 1] & 0x3fu)];
			k = 2;
		} else {
			t = 0;
		}
		if (t == 0)
			break;
		tiles[n] = t;
		i += k;
	}
	if (n < 0 || i < len || n < tt->min_word || n > tt->max_word)
		return -1;
	return n;
}

size_t
tiletext_write(const struct tiletext *tt, const uint8_t *w, int n, char *out)
{
	size_t o = 0;
	int i;

	for (i = 0; i < n; i++) {
		int t = TILE_LETTER(w[i]);

		if (TILE_IS_BLANK(w[i])) {
			memcpy(out + o, tt->lower[t], tt->lowerlen[t]);
			o += tt->lowerlen[t];
		} else if (tt->upperlen[t] == 1) {
			out[o++] = tt->upper[t][0];
		} else {
			memcpy(out + o, tt->upper[t], tt->upperlen[t]);
			o += tt->upperlen[t];
		}
	}
	return o;
}
