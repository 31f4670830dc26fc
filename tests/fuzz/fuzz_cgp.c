/* fuzz_cgp.c — CGP parsing; what parses must format and parse back equal. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "board.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "no", "da", "is", "en" };
	const struct rules *r = rules_builtin(names[size % 4]);
	struct position *p = malloc(sizeof *p), *q = malloc(sizeof *q);
	char *out = malloc(1 << 16);
	struct err e;
	int n;

	if (p == NULL || q == NULL || out == NULL || r == NULL)
		goto done;
	if (cgp_parse(r, (const char *)data, size, p, &e) != 0)
		goto done;
	n = cgp_format(r, p, out, 1 << 16);
	if (n < 0)
		goto done;
	if (cgp_parse(r, out, (size_t)n, q, &e) != 0)
		abort();   /* our own output must parse */
	if (memcmp(&p->board, &q->board, sizeof p->board) != 0)
		abort();
done:
	free(p);
	free(q);
	free(out);
	return 0;
}
