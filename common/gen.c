/*
 * gen.c — move generation (gen.h).  Stub: only the pass, until the GADDAG
 * generator lands.
 */
#include <stdlib.h>
#include <string.h>
#include "gen.h"

struct gen {
	const struct rules *r;
	const struct lex *lex;
	struct move moves[1];
};

struct gen *
gen_create(const struct rules *r, const struct lex *lex, struct err *e)
{
	struct gen *g = calloc(1, sizeof *g);

	if (g == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	g->r = r;
	g->lex = lex;
	return g;
}

void
gen_destroy(struct gen *g)
{
	free(g);
}

long
gen_all(struct gen *g, const struct position *p, int bag_count, int flags,
	struct err *e)
{
	(void)p; (void)bag_count; (void)e;
	if (!(flags & GEN_PASS))
		return 0;
	memset(&g->moves[0], 0, sizeof g->moves[0]);
	g->moves[0].kind = MOVE_PASS;
	return 1;
}

const struct move *
gen_moves(const struct gen *g)
{
	return g->moves;
}

int
gen_best(struct gen *g, const struct position *p, struct move *best)
{
	(void)g; (void)p; (void)best;
	return 0;
}
