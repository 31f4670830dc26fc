/* fuzz_lex.c — the lexicon loader (ordverk format and KWG) on arbitrary bytes.
 * A loaded lexicon is then walked completely, and the move generator's
 * layouts of it (movegraph, wordsig) are built and searched, so an index
 * the loader let through would be caught by the sanitizers. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "board.h"
#include "gen.h"
#include "gen_best.h"
#include "lex.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
count_word(const uint8_t *word, int n, void *arg)
{
	(void)word;
	*(size_t *)arg += (size_t)n;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char cgp[] =
	    "15/15/15/15/15/15/15/6CAB6/15/15/15/15/15/15/15 ?ABEST/ 0/0 0";
	static struct position p;
	const struct rules *r = rules_builtin("en");
	struct err e;
	struct lex *lex = lex_load_mem(data, size, r, &e);
	struct gen *g;
	struct move best;
	size_t total = 0;
	uint8_t w[3] = { 1, 2, 3 };

	if (lex == NULL)
		return 0;
	lex_foreach(lex, count_word, &total);
	(void)lex_contains(lex, w, 3);
	g = gen_create(r, lex, &e);
	if (g != NULL && cgp_parse(r, cgp, strlen(cgp), &p, &e) == 0) {
		(void)gen_all(g, &p, 0, GEN_PLACEMENTS, &e);
		(void)gen_best(g, &p, &best);
	}
	gen_destroy(g);
	lex_destroy(lex);
	return 0;
}
