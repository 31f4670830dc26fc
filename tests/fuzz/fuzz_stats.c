/* fuzz_stats.c — the reader of bagsim's statistics files (bagsim-stats(5))
 * into the sets of bagsim merge, then the table and the chart of what was
 * read, written to nowhere. */
#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "stats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct stats_sets m;
	struct err e;
	FILE *fp, *out;

	if (size == 0 || (fp = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	stats_sets_init(&m);
	/* Read twice: the second merges into the first (sums doubled). */
	if (stats_sets_read(&m, fp, &e) == 0) {
		rewind(fp);
		(void)stats_sets_read(&m, fp, &e);
		if ((out = fopen("/dev/null", "w")) != NULL) {
			(void)stats_sets_table(out, &m);
			(void)stats_sets_plot(out, &m);
			fclose(out);
		}
	}
	fclose(fp);
	return 0;
}
