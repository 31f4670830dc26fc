/* fuzz_lex.c — the lexicon loader (ordverk format and KWG) on arbitrary bytes.
 * A loaded lexicon is then walked completely, so an index the loader let
 * through would be caught by the sanitizers. */
#include <stddef.h>
#include <stdint.h>
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
	struct err e;
	struct lex *lex = lex_load_mem(data, size, rules_builtin("en"), &e);
	size_t total = 0;
	uint8_t w[3] = { 1, 2, 3 };

	if (lex == NULL)
		return 0;
	lex_foreach(lex, count_word, &total);
	(void)lex_contains(lex, w, 3);
	lex_destroy(lex);
	return 0;
}
