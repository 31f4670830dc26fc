/*
 * tiletext.h — written words to tiles and back by table, for filters that
 * handle millions of words (wordcheck checks over 5 million a second).
 *
 * rules_normalise_word and rules_word_to_utf8 (rules.h) handle every case:
 * NFC, folding, letters of several characters, any code point.  Most words
 * need none of that: their letters are each one code point of one or two
 * UTF-8 bytes, already composed and in the alphabet.  A struct tiletext
 * holds, for one ruleset, a tile for each such code point and the UTF-8
 * of each tile in both cases, so those words take a table lookup a letter;
 * tiletext_read says when a word is not one of them, and the caller then
 * asks rules_normalise_word, whose answer for the others is the same.
 *
 * A struct tiletext is plain data (about 3 KiB) owned by the caller, with
 * no pointers: it needs no cleanup and does not refer to its ruleset.
 */
#ifndef ORDVERK_TILETEXT_H
#define ORDVERK_TILETEXT_H

#include <stddef.h>
#include <stdint.h>
#include "rules.h"

#define TILETEXT_LETTER_MAX 8   /* bytes of one tile written out */
#define TILETEXT_WORD_MAX (RULES_MAX_WORD * TILETEXT_LETTER_MAX)

struct tiletext {
	uint8_t ascii[256];        /* byte -> tile for ASCII letters, 0 = none */
	uint8_t two[0x800];        /* code point < U+0800 -> tile, 0 = none */
	char upper[RULES_MAX_TILES][TILETEXT_LETTER_MAX];
	uint8_t upperlen[RULES_MAX_TILES];
	char lower[RULES_MAX_TILES][TILETEXT_LETTER_MAX];
	uint8_t lowerlen[RULES_MAX_TILES];
	int multi;                 /* the alphabet has letters of several
	                              characters: no word is read by table */
	int min_word, max_word;
};

/* tiletext_init: the tables of ruleset r: each code point below U+0800
 * that is a letter of r in either case (rules_letter_from_cp, no folding),
 * and each tile as rules_word_to_utf8 writes it.  Costs about 2,000
 * letter lookups. */
void tiletext_init(struct tiletext *tt, const struct rules *r);

/* tiletext_read: the tiles of s[0..len) into tiles (RULES_MAX_WORD) when
 * every character of s is a letter of the alphabet written as one code
 * point of one or two bytes and the word has min_word..max_word letters:
 * returns the number of tiles, the same as rules_normalise_word would
 * give with NORM_OK.  Returns -1 for anything else (a letter to fold or
 * compose, a character that is not a letter, invalid UTF-8, a length out
 * of range): the caller asks rules_normalise_word.  Reads s only, which
 * need not be NUL-terminated or valid UTF-8. */
int tiletext_read(const struct tiletext *tt, const char *s, size_t len,
	uint8_t tiles[RULES_MAX_WORD]);

/* tiletext_write: w[0..n) (n <= RULES_MAX_WORD) as UTF-8 into out, which
 * holds TILETEXT_WORD_MAX bytes: letters in uppercase, t|TILE_BLANK in
 * lowercase, as rules_word_to_utf8 writes them (a tile that is not a
 * letter of the ruleset is left out).  No NUL is written.  Returns the
 * number of bytes. */
size_t tiletext_write(const struct tiletext *tt, const uint8_t *w, int n,
	char *out);

#endif
