/* fuzz_leaves.c — the reader of leave credits (bagsim leaves -a), into
 * an accumulator of a table of seven leaves, then the estimate. */
#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "klv.h"
#include "leaves.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct klv *k;
	struct leaves_acc *a;
	struct err e;
	FILE *fp;

	if (k == NULL) {
		/* The bag A x2, B, ? and leaves of one or two tiles. */
		struct rules r = *rules_builtin("en");

		memset(r.counts, 0, sizeof r.counts);
		r.counts[0] = 1;
		r.counts[1] = 2;
		r.counts[2] = 1;
		if ((k = klv_build(&r, 2, &e)) == NULL)
			return 0;
	}
	if (size == 0 || (fp = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	a = leaves_acc_create(klv_count(k), &e);
	if (a != NULL && leaves_acc_read(a, "en", fp, &e) == 0)
		(void)leaves_estimate(a, k, &e);
	leaves_acc_destroy(a);
	fclose(fp);
	return 0;
}
