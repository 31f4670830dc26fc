/*
 * bag.h — the bag of tiles of one game.
 *
 * A bag holds tiles as small integers: 0 for a blank, 1..nletters for a
 * letter (the index layout of a rack, rules.h).  Drawing takes a uniformly
 * random tile from the bag using a caller-supplied generator (rng.h), so a
 * seed fixes every draw.  A struct bag is plain data with no pointers (copy
 * it freely); there is no global state.
 *
 * Draw order is part of the contract (it makes games reproducible across
 * machines): tiles are kept in an array, filled in tile order by bag_init;
 * a draw picks index i = rng_below(n) and moves the last tile into slot i;
 * a returned tile is appended at the end.
 */
#ifndef ORDVERK_BAG_H
#define ORDVERK_BAG_H

#include <stdint.h>
#include "err.h"
#include "rng.h"
#include "rules.h"

#define BAG_MAX 512             /* more tiles than any ruleset has */

struct bag {
	int n;                      /* tiles in the bag */
	uint8_t tiles[BAG_MAX];     /* 0 = blank, else letter */
};

/* bag_init: fills b with every tile of ruleset r (counts[]).  Returns 0, or
 * -1 with e set if the ruleset has more than BAG_MAX tiles. */
int bag_init(struct bag *b, const struct rules *r, struct err *e);

/* bag_count: the number of tiles in the bag. */
static inline int bag_count(const struct bag *b) { return b->n; }

/* bag_counts: the bag's contents as a count array (index 0 = blanks). */
void bag_counts(const struct bag *b, uint8_t counts[RULES_MAX_TILES]);

/* bag_draw_one: removes and returns a random tile, or -1 if b is empty. */
int bag_draw_one(struct bag *b, struct rng *g);

/* bag_fill: draws tiles into rack until it holds rack_size tiles or the bag
 * is empty.  rack is a count array; if drawn is not NULL the tiles drawn are
 * stored there in draw order (room for RULES_MAX_RACK).  Returns the number
 * drawn. */
int bag_fill(struct bag *b, struct rng *g, uint8_t rack[RULES_MAX_TILES],
	int rack_size, uint8_t *drawn);

/* bag_deal: draw k of a study of seed seed (bagsim draw): tiles tiles
 * drawn from a copy of full (left as it is), the generator seeded with
 * rng_stream_seed(seed, k), so that draw k is the same whatever draws come
 * before it.  rack receives them as a count array.  Returns the number
 * drawn: tiles, or all of full's if it holds fewer. */
int bag_deal(const struct bag *full, uint64_t seed, uint64_t k, int tiles,
	uint8_t rack[RULES_MAX_TILES]);

/* bag_return: puts tile t (0 = blank, else a letter) back.  Returns 0, or
 * -1 with e set if the bag is full. */
int bag_return(struct bag *b, int t, struct err *e);

/* bag_take: removes one given tile t from the bag (for setting up positions).
 * Returns 0, or -1 with e set if the bag holds no such tile. */
int bag_take(struct bag *b, int t, struct err *e);

/* bag_can_exchange: 1 if ruleset r allows an exchange with this bag (bag
 * holds at least r->exchange_min tiles), else 0. */
static inline int bag_can_exchange(const struct bag *b, const struct rules *r)
{ return b->n >= r->exchange_min && b->n > 0; }

/* bag_exchange: exchanges the tiles in give (a count array, index 0 =
 * blanks) from rack: first draws as many new tiles, then returns the given
 * ones, so a player never draws back a tile just given.  Refused (-1, e set,
 * nothing changed) if the ruleset does not allow an exchange with this bag,
 * if give is empty, or if the rack lacks a tile of give.  drawn (may be NULL)
 * receives the new tiles in draw order.  Returns the number exchanged. */
int bag_exchange(struct bag *b, struct rng *g, const struct rules *r,
	uint8_t rack[RULES_MAX_TILES], const uint8_t give[RULES_MAX_TILES],
	uint8_t *drawn, struct err *e);

#endif
