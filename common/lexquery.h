/*
 * lexquery.h — questions asked of a lexicon's DAWG: is each word of a
 * stream a word (fast when the stream is sorted), which words a rack makes,
 * which words match a pattern, and how two lexicons differ.
 *
 * Everything here reads only the DAWG (lex.h), so a lexicon loaded with
 * lex_load_dawg is enough.  Words are tiles as in rules.h: plain letters
 * 1..63, and in anagrams a letter played with a blank is t|TILE_BLANK.
 * The searches hand each word they find to a callback of type lexq_fn,
 * in the order each one states; the word array is the search's own and
 * is valid during the call only.  A callback that returns nonzero stops
 * the search after that word.
 *
 * The caller owns every struct here; a cursor or a pattern holds no
 * memory and needs no cleanup, and a cursor must not outlive its lexicon.
 * No global state: searches of the same const lexicon may run at once.
 */
#ifndef ORDVERK_LEXQUERY_H
#define ORDVERK_LEXQUERY_H

#include <stddef.h>
#include <stdint.h>
#include "err.h"
#include "lex.h"
#include "rules.h"

typedef int (*lexq_fn)(const uint8_t *word, int n, void *arg);

/* --- Lookups of a stream of words --- */

/* A cursor looks words up as lex_contains does, but remembers the path of
 * the word before: words of a sorted list share a prefix with the one
 * before, and a lookup starts below the common prefix.  Root arcs are
 * found by table.  Fields are private. */
struct lexq_cursor {
	const uint32_t *nodes;
	uint32_t first[RULES_MAX_TILES];   /* root arc per tile, 0 = none */
	uint8_t prev[RULES_MAX_WORD];      /* the word before ... */
	uint32_t arc[RULES_MAX_WORD];      /* ... and its arcs, to depth */
	int depth;
};

/* lexq_cursor_init: a cursor over lex's DAWG, with no word before.  Costs
 * one pass over the root's arcs. */
void lexq_cursor_init(struct lexq_cursor *c, const struct lex *lex);

/* lexq_cursor_find: 1 if w[0..n) (0 <= n <= RULES_MAX_WORD) is a word of
 * the lexicon, else 0 (n = 0 and tiles that are not letters are not
 * found).  Costs one sibling-run scan per letter after the prefix shared
 * with the word looked up before. */
int lexq_cursor_find(struct lexq_cursor *c, const uint8_t *w, int n);

/* --- Anagrams --- */

/* lexq_anagrams: every word of two letters or more that can be made from
 * the tiles of rack (a count array, rules.h: rack[0] blanks), each word
 * once: a letter the rack holds is used before a blank, so only letters
 * missing from the rack are marked t|TILE_BLANK.  The words are collected,
 * then given to fn longest first and, at equal length, in alphabet order
 * (of the letters, whether from a blank or not).  Costs a walk of the
 * DAWG pruned by the rack, and 16 bytes for each word found (freed before
 * it returns).  Returns the number of words given to fn, or -1 with e set
 * when memory runs out (fn is then not called). */
long lexq_anagrams(const struct lex *lex, const uint8_t rack[RULES_MAX_TILES],
	lexq_fn fn, void *arg, struct err *e);

/* --- Patterns --- */

#define LEXQ_PATTERN_MAX 63     /* elements: positions fit a uint64_t */
enum { LEXQ_ANY = -1, LEXQ_STAR = -2 };

/* A pattern: m elements, each a letter (1..63), LEXQ_ANY (one letter) or
 * LEXQ_STAR (any run of letters, maybe none; never two in a row). */
struct lexq_pattern {
	int el[LEXQ_PATTERN_MAX];
	int m;
};

/* lexq_pattern_parse: p from s[0..len): letters of r as in racks (either
 * case, decomposed letters composed, "[CH]"), '?' or '.' for one letter,
 * '*' for any run (several in a row count as one).  Returns 0, or -1 with
 * e set: e->msg says what is wrong and where ("not a letter at byte 3
 * (letters of en, ? . and * only)", "longer than 63 elements"), without
 * repeating the pattern. */
int lexq_pattern_parse(struct lexq_pattern *p, const struct rules *r,
	const char *s, size_t len, struct err *e);

/* lexq_pattern_words: gives fn every word of lex that matches p as a
 * whole, in DAWG (alphabet) order, each once.  Costs a walk of the DAWG
 * pruned to the prefixes that can still match, with a step of O(m) a
 * node (the pattern is run as a set of positions, an NFA).  Returns the
 * number of words given to fn. */
long lexq_pattern_words(const struct lex *lex, const struct lexq_pattern *p,
	lexq_fn fn, void *arg);

/* --- Differences --- */

/* lexq_diff: every word in only one of a and b (lexicons of one alphabet),
 * given to fn with sign '-' (only in a) or '+' (only in b), in alphabet
 * order.  Costs one merged walk of both DAWGs as tries, so time grows
 * with the words of both (every path is followed), not with their nodes.
 * Returns the number of words given to fn (0: the same words). */
long lexq_diff(const struct lex *a, const struct lex *b,
	int (*fn)(int sign, const uint8_t *word, int n, void *arg), void *arg);

#endif
