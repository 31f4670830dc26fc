/* fuzz_results.c — results lines (SPEC §2.4) rated into a table, and the
 * elocalc state file reader, on arbitrary bytes. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "elo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elo_table *t = elo_create(NULL);
	struct elo_result res;
	struct err e;
	const char *p = (const char *)data, *end = p + size;
	int64_t through;
	FILE *fp;

	if (t == NULL)
		return 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (elo_parse_result(p, len, &res, &e) == 1 &&
		    (res.len[0] != res.len[1] || memcmp(res.name[0], res.name[1], res.len[0]) != 0)) {
			long a = elo_add(t, res.name[0], res.len[0], res.flags & ELO_FLAG_ROBOT1, &e);
			long b = elo_add(t, res.name[1], res.len[1], res.flags & ELO_FLAG_ROBOT2, &e);
			if (a >= 0 && b >= 0)
				(void)elo_game(t, (size_t)a, (size_t)b, res.score[0],
				    res.score[1], (res.flags & ELO_FLAG_MANUAL) != 0, NULL);
		}
		p += len + 1;
	}
	elo_destroy(t);
	t = elo_create(NULL);
	fp = fmemopen((void *)data, size ? size : 1, "r");
	if (t != NULL && fp != NULL && size > 0)
		(void)elo_state_read(t, &through, fp, &e);
	if (fp != NULL)
		fclose(fp);
	elo_destroy(t);
	return 0;
}
