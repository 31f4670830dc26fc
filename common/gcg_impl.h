/*
 * gcg_impl.h — what the parts of the GCG module share, and nothing else
 * includes: gcg_game.c (the in-memory game), gcg_read.c (reader),
 * gcg_replay.c (replay and verdicts), gcg_write.c (writer).  The public
 * interface is gcg.h; everything here keeps the gcg_ prefix so the linker
 * sees no clash, but it is not part of that interface.
 */
#ifndef ORDVERK_GCG_IMPL_H
#define ORDVERK_GCG_IMPL_H

#include "gcg.h"

/* gcg_game.c */

/* 1 for the ASCII white space characters (no locale). */
int gcg_is_space(int c);
/* Copies src into dst[cap]; -1 if it does not fit. */
int gcg_copy_str(char *dst, size_t cap, const char *src);
/* Sum of tile values of a rack count array. */
int gcg_rack_value(const struct rules *r, const uint8_t *rack);
/* Adds pragma "#name value" read on input line `line` (0 = added). */
int gcg_add_pragma_at(struct gcg_game *g, long line, const char *name,
	const char *value, struct err *e);
/* Records ev's total as its player's, and whether g has settling events. */
void gcg_update_summary(struct gcg_game *g, const struct gcg_event *ev);
/* A new event (zeroed, nrack -1) at the end of g's, or NULL with e set. */
struct gcg_event *gcg_new_event(struct gcg_game *g, struct err *e, long line);

/* gcg_read.c */

/* Decodes rack text s into counts; the number of tiles, or -1 with e set. */
int gcg_parse_rack(const struct rules *r, const char *s, uint8_t *rack,
	long line, struct err *e);

/* gcg_write.c */

/* Writes a rack as GCG shows it; the length, or -1 if it does not fit. */
int gcg_rack_text(const struct rules *r, const uint8_t *rack, char *out,
	size_t cap);

#endif
