/*
 * wordsel.h — which words a lexicon gets from its sources: word lists, a
 * list of the only two-letter words allowed, additions and removals
 * (lexcompile -t, -a, -d).
 *
 * Every normalised entry goes into one array of 16-byte records (the
 * word's tiles padded with zeros, then its length and its source), sorted
 * once: equal words are then neighbours, which gives duplicates, the
 * two-letter rule and the additions and removals in one pass, and the
 * words in lexicon order.  A word is kept if a two-letter list or an
 * addition has it, or a word list has it (unless a two-letter list was
 * given and it has two letters), and no removal list has it.
 *
 * A struct wordsel owns its records; wordsel_destroy(NULL) is fine.  The
 * module keeps no global state.
 */
#ifndef ORDVERK_WORDSEL_H
#define ORDVERK_WORDSEL_H

#include <stddef.h>
#include <stdint.h>
#include "err.h"
#include "rules.h"

enum wordsel_src {
	WORDSEL_LIST = 0,       /* a word list */
	WORDSEL_TWO = 1,        /* the two-letter list */
	WORDSEL_ADD = 2,        /* an addition */
	WORDSEL_REMOVE = 3      /* a removal */
};

/* What wordsel_select found: entries from lists and additions that
 * repeat a word (each word counted once less than it came), list words
 * of two letters left out for the two-letter list, kept words removed,
 * removals of words that no source had, and the words kept. */
struct wordsel_counts {
	unsigned long duplicates, two_dropped, removed, remove_absent, kept;
};

struct wordsel;

/* wordsel_create: an empty selection.  NULL with e set when memory runs
 * out. */
struct wordsel *wordsel_create(struct err *e);
void wordsel_destroy(struct wordsel *ws);

/* wordsel_add: one entry, tiles[0..n) (1 <= n <= RULES_MAX_WORD plain
 * letters), from source src.  Amortised O(1); 16 bytes an entry.  Returns
 * 0, or -1 with e set when memory runs out. */
int wordsel_add(struct wordsel *ws, const uint8_t *tiles, int n,
	enum wordsel_src src, struct err *e);

/* wordsel_select: sorts the entries and keeps one record per word that
 * belongs to the lexicon, in lexicon order (two_list: a two-letter list
 * was given).  Fills *c (zeroed first) and returns the words kept.  Call
 * it once, after the last wordsel_add. */
size_t wordsel_select(struct wordsel *ws, int two_list,
	struct wordsel_counts *c);

/* wordsel_select_noting: wordsel_select, calling note (if not NULL) for
 * each word that came more than once from lists and additions
 * (WORDSEL_NOTE_DUPLICATE, times: how often), and for each removal that
 * no source had (WORDSEL_NOTE_ABSENT, times: how often it was removed),
 * in lexicon order: lexcompile --lint names them. */
enum wordsel_note { WORDSEL_NOTE_DUPLICATE, WORDSEL_NOTE_ABSENT };
typedef void wordsel_note_fn(enum wordsel_note what, const uint8_t *tiles,
	int n, unsigned long times, void *arg);
size_t wordsel_select_noting(struct wordsel *ws, int two_list,
	struct wordsel_counts *c, wordsel_note_fn *note, void *arg);

/* wordsel_words: after wordsel_select, the words kept as lex_build takes
 * them: *words back to back, (*lens)[i] the length of word i, *n of them.
 * The words are packed in place over the records (the selection can take
 * no more entries); the arrays belong to ws.  Returns 0, or -1 with e set
 * when memory runs out. */
int wordsel_words(struct wordsel *ws, const uint8_t **words,
	const uint8_t **lens, size_t *n, struct err *e);

#endif
