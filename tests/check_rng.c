/* check_rng.c — the generator is the published xoshiro256** and reproducible. */
#include "testutil.h"
#include "rng.h"

START_TEST(reference_sequence)
{
	/* Reference: xoshiro256** from state {1, 2, 3, 4} gives 11520, 0,
	 * 1509978240, 1215971899390074240 (values computed by the authors'
	 * reference C code's definition: rotl(s1 * 5, 7) * 9). */
	struct rng g = { { 1, 2, 3, 4 } };

	ck_assert_uint_eq(rng_next(&g), 11520u);
	ck_assert_uint_eq(rng_next(&g), 0u);
	ck_assert_uint_eq(rng_next(&g), 1509978240u);
	ck_assert_uint_eq(rng_next(&g), 1215971899390074240ULL);
}
END_TEST

START_TEST(same_seed_same_numbers)
{
	struct rng a, b;
	int i;

	rng_seed(&a, 42);
	rng_seed(&b, 42);
	for (i = 0; i < 1000; i++)
		ck_assert_uint_eq(rng_next(&a), rng_next(&b));
	rng_seed(&b, 43);
	ck_assert_uint_ne(rng_next(&a), rng_next(&b));
}
END_TEST

START_TEST(below_in_range_and_fair)
{
	struct rng g;
	long hist[7] = { 0 };
	int i;

	rng_seed(&g, 1);
	for (i = 0; i < 70000; i++) {
		uint64_t v = rng_below(&g, 7);
		ck_assert_uint_lt(v, 7);
		hist[v]++;
	}
	/* each bucket expects 10000; 5 sigma is about 470 */
	for (i = 0; i < 7; i++)
		ck_assert(hist[i] > 9500 && hist[i] < 10500);
	ck_assert_uint_eq(rng_below(&g, 1), 0);
}
END_TEST

START_TEST(parse_seeds)
{
	uint64_t v = 7;

	ck_assert_int_eq(rng_parse_seed("0", &v), 0);
	ck_assert_uint_eq(v, 0);
	ck_assert_int_eq(rng_parse_seed("0x10", &v), 0);
	ck_assert_uint_eq(v, 16);
	ck_assert_int_eq(rng_parse_seed("010", &v), 0);
	ck_assert_uint_eq(v, 8);
	ck_assert_int_eq(rng_parse_seed("18446744073709551615", &v), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	v = 7;
	ck_assert_int_eq(rng_parse_seed("18446744073709551616", &v), -1);
	ck_assert_int_eq(rng_parse_seed("-1", &v), -1);
	ck_assert_int_eq(rng_parse_seed("", &v), -1);
	ck_assert_int_eq(rng_parse_seed("12x", &v), -1);
	ck_assert_uint_eq(v, 7);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("rng");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, reference_sequence);
	tcase_add_test(tc, same_seed_same_numbers);
	tcase_add_test(tc, below_in_range_and_fair);
	tcase_add_test(tc, parse_seeds);
	suite_add_tcase(s, tc);
	return test_run(s);
}
