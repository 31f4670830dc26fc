/* bag.c — the bag of tiles (bag.h). */
#include <string.h>
#include "bag.h"

int
bag_init(struct bag *b, const struct rules *r, struct err *e)
{
	int t, k;

	b->n = 0;
	for (t = 0; t <= r->nletters && t < RULES_MAX_TILES; t++) {
		if (b->n + r->counts[t] > BAG_MAX) {
			err_set(e, 0, "ruleset %s has more than %d tiles",
			    r->name, BAG_MAX);
			b->n = 0;
			return -1;
		}
		for (k = 0; k < r->counts[t]; k++)
			b->tiles[b->n++] = (uint8_t)t;
	}
	return 0;
}

void
bag_counts(const struct bag *b, uint8_t counts[RULES_MAX_TILES])
{
	int i;

	for (i = 0; i < RULES_MAX_TILES; i++)
		counts[i] = 0;
	for (i = 0; i < b->n; i++)
		counts[b->tiles[i]]++;
}

int
bag_draw_one(struct bag *b, struct rng *g)
{
	int i, t;

	if (b->n == 0)
		return -1;
	i = (int)rng_below(g, (uint64_t)b->n);
	t = b->tiles[i];
	b->tiles[i] = b->tiles[--b->n];
	return t;
}

int
bag_fill(struct bag *b, struct rng *g, uint8_t rack[RULES_MAX_TILES],
    int rack_size, uint8_t *drawn)
{
	int have = 0, got = 0, t;

	for (t = 0; t < RULES_MAX_TILES; t++)
		have += rack[t];
	while (have < rack_size && b->n > 0) {
		t = bag_draw_one(b, g);
		rack[t]++;
		have++;
		if (drawn != NULL && got < RULES_MAX_RACK)
			drawn[got] = (uint8_t)t;
		got++;
	}
	return got;
}

int
bag_deal(const struct bag *full, uint64_t seed, uint64_t k, int tiles,
    uint8_t rack[RULES_MAX_TILES])
{
	struct bag b = *full;
	struct rng g;
	int n;

	memset(rack, 0, RULES_MAX_TILES);
	rng_seed(&g, rng_stream_seed(seed, k));
	for (n = 0; n < tiles && b.n > 0; n++)
		rack[bag_draw_one(&b, &g)]++;
	return n;
}

int
bag_return(struct bag *b, int t, struct err *e)
{
	if (t < 0 || t >= RULES_MAX_TILES) {
		err_set(e, 0, "tile %d out of range", t);
		return -1;
	}
	if (b->n >= BAG_MAX) {
		err_set(e, 0, "bag full");
		return -1;
	}
	b->tiles[b->n++] = (uint8_t)t;
	return 0;
}

int
bag_take(struct bag *b, int t, struct err *e)
{
	int i;

	/* Search from the end so that taking the tile just returned is O(1). */
	for (i = b->n - 1; i >= 0; i--)
		if (b->tiles[i] == t) {
			b->tiles[i] = b->tiles[--b->n];
			return 0;
		}
	err_set(e, 0, "bag holds no tile %d", t);
	return -1;
}

int
bag_exchange(struct bag *b, struct rng *g, const struct rules *r,
    uint8_t rack[RULES_MAX_TILES], const uint8_t give[RULES_MAX_TILES],
    uint8_t *drawn, struct err *e)
{
	int t, k, ngive = 0, got = 0;

	for (t = 0; t < RULES_MAX_TILES; t++) {
		if (give[t] > rack[t]) {
			err_set(e, 0, "exchange: rack lacks a tile to give");
			return -1;
		}
		ngive += give[t];
	}
	if (ngive == 0) {
		err_set(e, 0, "exchange: no tiles given");
		return -1;
	}
	if (!bag_can_exchange(b, r) || b->n < ngive) {
		err_set(e, 0, "exchange not allowed: %d tiles in the bag, "
		    "%d needed", b->n, r->exchange_min > ngive ?
		    r->exchange_min : ngive);
		return -1;
	}
	if (b->n + ngive > BAG_MAX) {
		err_set(e, 0, "bag full");
		return -1;
	}
	/* Draw first, then return: the new tiles cannot be the ones given. */
	for (k = 0; k < ngive; k++) {
		t = bag_draw_one(b, g);
		if (drawn != NULL && got < RULES_MAX_RACK)
			drawn[got] = (uint8_t)t;
		got++;
		rack[t]++;
	}
	for (t = 0; t < RULES_MAX_TILES; t++)
		for (k = 0; k < give[t]; k++) {
			rack[t]--;
			b->tiles[b->n++] = (uint8_t)t;
		}
	return ngive;
}
