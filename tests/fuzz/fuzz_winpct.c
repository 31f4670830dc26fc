/* fuzz_winpct.c — the win-table reader (ordverk's layout and MAGPIE's,
 * with and without a ruleset), then what it accepts written back in
 * both layouts and looked up at every row and a spread of leads. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "rules.h"
#include "winpct.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct rules *r = size > 0 && (data[0] & 1) ? rules_builtin("en") :
	    NULL;
	FILE *fp;
	struct winpct *t;
	struct err e;
	char *out = NULL;
	size_t len = 0;

	if (size == 0 || (fp = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	t = winpct_read(fp, r, &e);
	fclose(fp);
	if (t == NULL)
		return 0;
	if ((fp = open_memstream(&out, &len)) != NULL) {
		(void)winpct_write(t, fp, &e);
		(void)winpct_write_magpie(t, fp, &e);
		fclose(fp);
		free(out);
	}
	for (int u = -1; u <= winpct_rows(t) + 1; u++)
		for (int lead = -600; lead <= 600; lead += 37) {
			double p = winpct_get(t, lead, u);

			if (!(p > 0 && p < 1) && p != 0.5)
				abort();
			(void)winpct_get_racks(t, lead, u, 7, 7);
			(void)winpct_get_racks(t, lead, 0, u, 3);
		}
	winpct_destroy(t);
	return 0;
}
