/* fuzz_gcg.c — the GCG reader, and replay of whatever it accepts (scores,
 * placement and settling checked, no lexicon). */
#include <stdint.h>
#include "gcg.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "no", "da", "is", "en" };
	const struct rules *r = rules_builtin(names[size % 4]);
	struct gcg_result res;
	struct err e;
	struct gcg_game *g = gcg_parse_mem((const char *)data, size, r, &e);

	if (g == NULL)
		return 0;
	(void)gcg_replay(g, NULL, NULL, NULL, &res, &e);
	gcg_game_destroy(g);
	return 0;
}
