/*
 * lex.h — lexicons: a DAWG to answer "is this a word" and a GADDAG to drive
 * move generation, in one flat array of 32-bit nodes.
 *
 * NODE ARRAY (in memory; the file layout is documented in ordverk-lex(5)):
 *   A node is one arc: a tile, an "accepts" flag (a word ends after this
 *   tile), a "last sibling" flag, and the index of the first node of the
 *   child sibling run (0 = no children).  Siblings are contiguous, in
 *   ascending tile order, the last one flagged.  Node 0's child is the DAWG
 *   root run; node 1's child is the GADDAG root run (as in KWG).
 *   Tiles are letters 1..63 (rules.h); tile 0 is the GADDAG separator.
 *
 *   GADDAG convention (as wolges/MAGPIE KWG): word w of length n is stored,
 *   for each split 1 <= i <= n, as reverse(w[0..i)) followed, when i < n, by
 *   the separator 0 and then w[i..n).  So the full reversal is stored without
 *   a separator.
 *
 * Always go through the lex_node_* accessors: the bit layout is private.
 * Limits: at most LEX_MAX_NODES nodes (the Icelandic list of 2.77 M forms
 * takes 7.8 M), words of 1..RULES_MAX_WORD letters, at most 2^27 words.
 *
 * A struct lex owns its node array.  lex_destroy(NULL) is fine.  All const
 * functions are safe to call from several threads at once.
 */
#ifndef ORDVERK_LEX_H
#define ORDVERK_LEX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "err.h"
#include "rules.h"

/* bits 0-23 child, bit 24 last sibling, bit 25 accepts, bits 26-31 tile */
#define LEX_CHILD_BITS 24
#define LEX_MAX_NODES  (1u << LEX_CHILD_BITS)

static inline uint32_t lex_node_child(uint32_t n) { return n & 0xffffffu; }
static inline int lex_node_last(uint32_t n) { return (n >> 24) & 1; }
static inline int lex_node_accepts(uint32_t n) { return (n >> 25) & 1; }
static inline int lex_node_tile(uint32_t n) { return (int)(n >> 26); }

struct lex;

/* lex_build: builds a lexicon from nwords words of tiles.  words holds the
 * words back to back; lens[i] is the length of word i (1..RULES_MAX_WORD).
 * Input need not be sorted or unique (lex_build sorts and deduplicates).
 * rules_name is stored in the lexicon (at most RULES_NAME_MAX-1 bytes).
 * progress (may be NULL) is called now and then with a fraction 0..1.
 * Returns the lexicon or NULL with e set. */
struct lex *lex_build(const uint8_t *words, const uint8_t *lens, size_t nwords,
	const char *rules_name, void (*progress)(double, void *), void *progress_arg,
	struct err *e);

/* lex_destroy: frees lex (NULL is fine). */
void lex_destroy(struct lex *lex);

/* lex_write: writes lex in ordverk's own format (ordverk-lex(5)) to fp.
 * Returns 0, or -1 with e set on a write error. */
int lex_write(const struct lex *lex, FILE *fp, struct err *e);

/* lex_write_kwg: writes lex as a KWG (SPEC §2.5; 22-bit child indices),
 * its tiles numbered as the KWG files of wolges, Macondo and MAGPIE do
 * for ruleset r (rules.h kwg_tile; r NULL: as in lex): for Norwegian the
 * words are renamed and the graph built again.  Returns -1 with e set if
 * the lexicon does not fit in 22 bits or a tile does not fit the KWG
 * alphabet. */
int lex_write_kwg(const struct lex *lex, const struct rules *r, FILE *fp,
	struct err *e);

/* lex_load: reads a lexicon file: ordverk's format (recognised by its magic
 * number) or, failing that, a KWG, whose alphabet is given by r (KWG files
 * carry no ruleset name; r may be NULL for ordverk files).  A KWG numbers
 * its tiles as wolges, Macondo and MAGPIE do for r (rules.h kwg_tile):
 * where that is not r's tile order (Norwegian), its words are renamed to
 * r's tiles and the graph built again (a second or so for a big list).  Every header
 * field, the checksum and every node index are checked: a truncated or
 * corrupt file gives NULL with e set, never a crash. */
struct lex *lex_load(const char *path, const struct rules *r, struct err *e);

/* lex_load_for: lex_load for ruleset r (not NULL), refusing a lexicon
 * built for another alphabet (rules_same_alphabet): NULL with e set to
 * "PATH: lexicon for ruleset NAME, not R".  Every message names the
 * file once. */
struct lex *lex_load_for(const char *path, const struct rules *r,
	struct err *e);

/* lex_load_dawg: as lex_load, but from an ordverk lexicon reads and checks
 * only the header and the DAWG (a fraction of the file): for tools that
 * only look words up (lex_contains, lex_foreach, lex_follow on the DAWG).
 * The result has no GADDAG (lex_gaddag_root() is 0), lex_node_count() is
 * the DAWG's, and it cannot be written.  A KWG is loaded whole. */
struct lex *lex_load_dawg(const char *path, const struct rules *r,
	struct err *e);

/* lex_load_mem: as lex_load from a buffer (for tests and fuzzing). */
struct lex *lex_load_mem(const void *buf, size_t len, const struct rules *r,
	struct err *e);

/* lex_load_mem_dawg: as lex_load_dawg from a buffer holding the whole file
 * (checks the file length, but only the header and the DAWG's nodes). */
struct lex *lex_load_mem_dawg(const void *buf, size_t len,
	const struct rules *r, struct err *e);

/* Queries.  Words are arrays of plain letters 1..63 (no TILE_BLANK bit);
 * anything else is simply not found.
 *   lex_contains: 1 if word[0..n) is a word, else 0.
 *   lex_nodes, lex_node_count: the node array (see above) and its length.
 *   lex_dawg_root, lex_gaddag_root: first node of each root run, 0 if empty.
 *   lex_dawg_nodes: nodes 0..lex_dawg_nodes()-1 are the root pointers and
 *     the DAWG; the GADDAG's separator arcs point back into them.
 *   lex_word_count: distinct words.
 *   lex_rules_name: the ruleset name stored in the file, "" for a KWG.
 *   lex_checksum: CRC-32 of the whole node array as stored (little-endian),
 *     the same for an ordverk file and a KWG of the same graph, and for a
 *     lexicon loaded with lex_load_dawg (taken from its header). */
int lex_contains(const struct lex *lex, const uint8_t *word, int n);
const uint32_t *lex_nodes(const struct lex *lex);
uint32_t lex_node_count(const struct lex *lex);
uint32_t lex_dawg_root(const struct lex *lex);
uint32_t lex_gaddag_root(const struct lex *lex);
uint32_t lex_dawg_nodes(const struct lex *lex);
size_t lex_word_count(const struct lex *lex);
const char *lex_rules_name(const struct lex *lex);
uint32_t lex_checksum(const struct lex *lex);

/* lex_follow: from the sibling run starting at node index `run`, the index
 * of the arc for tile t, or 0 if there is none. */
uint32_t lex_follow(const struct lex *lex, uint32_t run, int t);

/* lex_foreach: calls fn for every word in DAWG order (ascending tile order),
 * stopping early if fn returns nonzero (that value is returned). */
int lex_foreach(const struct lex *lex,
	int (*fn)(const uint8_t *word, int n, void *arg), void *arg);

#endif
