/*
 * klv.h — leave tables in the KLV format of wolges/MAGPIE (ordverk-klv(5)).
 *
 * FILE LAYOUT (all integers little-endian):
 *   u32  n            number of KWG nodes that follow
 *   u32  node[n]      a KWG (SPEC §2.5: tile bits 24-31, accepts bit 23,
 *                     last-sibling bit 22, child bits 0-21); node 0's child
 *                     is the root of a DAWG of every leave, tiles sorted
 *                     ascending, blank = tile 0 first
 *   u32  m            number of leave values
 *   f32  value[m]     IEEE-754 single, points; the leaves are numbered in
 *                     DAWG order (lexicographic), value[i] is leave i's
 *   (wolges' KLV2 stores value[] as f32 as above; the older KLV stored
 *   i16 in 1/256 points; klv_load tells them apart by the file size.)
 *
 * A struct klv owns its arrays.  klv_destroy(NULL) is fine.  Values are
 * kept as integers in millipoints (MAGPIE's equity unit).
 *
 * The layout is verified against MAGPIE's reader (src/ent/klv.h, klv_load
 * and klv_get_word_index): u32 node count, the KWG nodes, u32 leave count,
 * f32 values, little-endian; a leave's number adds, at each tile, the
 * words under the sibling arcs passed over, and one at each step down (all
 * prefixes of a leave are leaves).  klv_build's numbering reproduces
 * CSW21.klv2's value array byte for byte (tests/check_klv.c).
 */
#ifndef ORDVERK_KLV_H
#define ORDVERK_KLV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "err.h"
#include "rules.h"

struct klv;

/* klv_load: reads a KLV file; every node index is checked.  The file
 * numbers its tiles as the KLV2 files of wolges, Macondo and MAGPIE do
 * for ruleset r (rules.h kwg_tile: Norwegian differs from our tile
 * order); the table is renumbered to r's tile order and refused if it
 * holds a letter past r's alphabet or one r's bag has no tiles of (a
 * table for another ruleset or numbering).  r NULL: the numbers are
 * taken as they are, unchecked.  Returns the table or NULL with e set
 * (naming path). */
struct klv *klv_load(const char *path, const struct rules *r, struct err *e);
/* klv_load_mem: a KLV file in memory, its tile numbers as they are. */
struct klv *klv_load_mem(const void *buf, size_t len, struct err *e);
void klv_destroy(struct klv *k);

/* klv_leave_value: the value of leave (count array, index 0 = blanks) in
 * millipoints; 0 for the empty leave or a leave not in the table. */
int32_t klv_leave_value(const struct klv *k, const uint8_t leave[RULES_MAX_TILES]);

/* klv_rack_values: the value of every sub-multiset of one rack, in one
 * walk of the DAWG (a robot's turn asks for up to 2^7 of them).  The
 * rack's distinct tiles are tile[0..n), ascending (a blank, tile 0,
 * first), with count[i] of tile[i]; the sub-multiset holding c_i of each
 * has the index sum of c_i * step[i] (a mixed radix: step[0] = 1,
 * step[i + 1] = step[i] * (count[i] + 1)), and out[index] gets its value
 * in millipoints, 0 when it is empty or not in the table.  out needs
 * room for the whole rack's index + 1 entries. */
void klv_rack_values(const struct klv *k, const uint8_t *tile,
	const uint8_t *count, int n, const int *step, int32_t *out);

/* klv_build: a table of every leave of 1 to max_tiles tiles that the bag
 * of ruleset r allows (its tile counts), each worth 0: the DAWG built
 * minimal (equal sibling runs shared), leaves numbered in DAWG order, as
 * MAGPIE's and wolges' tables are (so that a table learned here and one
 * of theirs for the same bag number their leaves alike).  Returns NULL
 * with e set (out of memory, or over 2^22 nodes). */
struct klv *klv_build(const struct rules *r, int max_tiles, struct err *e);

/* The leaves of k: how many; the values (millipoints, by leave number,
 * writable); a leave's number (count array), or -1 if not in the table;
 * the leave of number i as a count array (0 if i is out of range). */
uint32_t klv_count(const struct klv *k);
int32_t *klv_values(struct klv *k);
long klv_index(const struct klv *k, const uint8_t leave[RULES_MAX_TILES]);
int klv_leave_of(const struct klv *k, uint32_t i, uint8_t leave[RULES_MAX_TILES]);

/* klv_write: k as a KLV2 file (values as f32 points) to fp, its tiles
 * numbered for ruleset r as klv_load reads them (r NULL: as in k).
 * Returns 0 or -1 with e set (a write error, out of memory). */
int klv_write(const struct klv *k, const struct rules *r, FILE *fp,
	struct err *e);

#endif
