/* fuzz_klv.c — the leave-table reader (KLV and KLV2), and every query of
 * what it accepts: a leave's value, the keep table of racks drawn from
 * the input's last bytes (repeated tiles too), and the decoding of leave
 * numbers. */
#include <stdint.h>
#include <stdlib.h>
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
	int step[7], n = 0, size1 = 1, i, idx;
	int32_t out[1 << 10];
	uint32_t j;

	if (k == NULL)
		return 0;
	/* A rack of up to 7 distinct tiles (0..31), 1 to 3 of each, from the
	 * last bytes (at most 1,024 keeps). */
	for (i = 0; i < 7 && (size_t)i < size; i++) {
		uint8_t t = data[size - 1 - (size_t)i] & 31;
		int dup = 0, q, c = 1 + (data[size - 1 - (size_t)i] >> 5) % 3;

		for (q = 0; q < n; q++)
			dup |= tile[q] == t;
		if (dup || (n > 0 && t < tile[n - 1]))
			continue;
		if (size1 * (c + 1) > 1 << 10)
			c = 1;
		if (size1 * (c + 1) > 1 << 10)
			break;
		tile[n] = t;
		count[n] = (uint8_t)c;
		step[n] = size1;
		size1 *= c + 1;
		n++;
	}
	klv_rack_values(k, tile, count, n, step, out);
	/* Each keep as the table has it, looked up alone. */
	for (idx = 1; idx < size1; idx++) {
		int rest = idx;

		memset(leave, 0, sizeof leave);
		for (i = n - 1; i >= 0; i--) {
			leave[tile[i]] = (uint8_t)(rest / step[i]);
			rest %= step[i];
		}
		if (out[idx] != klv_leave_value(k, leave))
			abort();
	}
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
