/* check_bits.c — bits.h's counts and bit indices against plain loops. */
#include "testutil.h"
#include "bits.h"
#include "rng.h"

/* The slow way: one bit at a time. */
static int
slow_count(uint64_t m)
{
	int n = 0;

	for (; m != 0; m >>= 1)
		n += (int)(m & 1);
	return n;
}

START_TEST(by_hand)
{
	ck_assert_int_eq(bits_popcount32(0), 0);
	ck_assert_int_eq(bits_popcount32(0xffffffffu), 32);
	ck_assert_int_eq(bits_popcount32(0x80000001u), 2);
	ck_assert_int_eq(bits_popcount64(0), 0);
	ck_assert_int_eq(bits_popcount64(~(uint64_t)0), 64);
	ck_assert_int_eq(bits_popcount64((uint64_t)1 << 63 | 6), 3);
	ck_assert_int_eq(bits_lowest64(1), 0);
	ck_assert_int_eq(bits_lowest64((uint64_t)1 << 63), 63);
	ck_assert_int_eq(bits_lowest64(0x50), 4);
	ck_assert_int_eq(bits_highest64(1), 0);
	ck_assert_int_eq(bits_highest64(~(uint64_t)0), 63);
	ck_assert_int_eq(bits_highest64(0x50), 6);
}
END_TEST

/* Random words, sparse and dense, and every single bit. */
START_TEST(against_loops)
{
	struct rng g;
	int i, b;

	rng_seed(&g, 7);
	for (i = 0; i < 100000; i++) {
		uint64_t m = rng_next(&g);

		if (i % 3 == 1)
			m &= rng_next(&g) & rng_next(&g);
		else if (i % 3 == 2)
			m |= rng_next(&g) | rng_next(&g);
		ck_assert_int_eq(bits_popcount64(m), slow_count(m));
		ck_assert_int_eq(bits_popcount32((uint32_t)m),
		    slow_count((uint32_t)m));
		if (m == 0)
			continue;
		b = bits_lowest64(m);
		ck_assert((m >> b) & 1);
		ck_assert_int_eq(slow_count(m & (((uint64_t)1 << b) - 1)), 0);
		b = bits_highest64(m);
		ck_assert((m >> b) & 1);
		ck_assert(b == 63 || (m >> (b + 1)) == 0);
	}
	for (b = 0; b < 64; b++) {
		ck_assert_int_eq(bits_lowest64((uint64_t)1 << b), b);
		ck_assert_int_eq(bits_highest64((uint64_t)1 << b), b);
		ck_assert_int_eq(bits_popcount64(((uint64_t)1 << b) - 1), b);
	}
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("bits");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, by_hand);
	tcase_add_test(tc, against_loops);
	suite_add_tcase(s, tc);
	return test_run(s);
}
