/* fuzz_klv.c — the leave-table reader (KLV and KLV2), and every query of
 * what it accepts: a leave's value, the keep table of racks drawn from
 * the input's last bytes, and the decoding of leave numbers. */
#include <stdint.h>
#include <string.h>
#include "klv.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct err e;
	struct klv *k = klv_load_mem(data, size, &e);
	uint8_t tile[7], count[7], leave[RULES_MAX_TILES];
	int step[7], n = 0, size1 = 1, i;
	int32_t out[1 << 7];
	uint32_t j;

	if (k == NULL)
		return 0;
	/* A rack of up to 7 distinct tiles (0..31) from the last bytes. */
	for (i = 0; i < 7 && (size_t)i < size; i++) {
		uint8_t t = data[size - 1 - (size_t)i] & 31;
		int dup = 0, q;

		for (q = 0; q < n; q++)
			dup |= tile[q] == t;
		if (dup || (n > 0 && t < tile[n - 1]))
			continue;
		tile[n] = t;
		count[n] = 1;
		step[n] = size1;
		size1 *= 2;
		n++;
	}
	klv_rack_values(k, tile, count, n, step, out);
	memset(leave, 0, sizeof leave);
	for (i = 0; i < n; i++)
		leave[tile[i]]++;
	(void)klv_leave_value(k, leave);
	(void)klv_index(k, leave);
	for (j = 0; j < klv_count(k) && j < 64; j++)
		(void)klv_leave_of(k, j, leave);
	klv_destroy(k);
	return 0;
}
