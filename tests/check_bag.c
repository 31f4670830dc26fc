/* check_bag.c — bags hold the ruleset's tiles, draw reproducibly, and
 * refuse exchanges below the threshold. */
#include "testutil.h"
#include "bag.h"
#include "rules.h"

static const struct rules *
R(const char *name)
{
	const struct rules *r = rules_builtin(name);

	ck_assert_msg(r != NULL, "no ruleset %s", name);
	return r;
}

static void
rack_of(const struct rules *r, const char *s, uint8_t rack[RULES_MAX_TILES])
{
	struct err e;

	ck_assert_int_ge(rules_rack_parse(r, s, strlen(s), rack, &e), 0);
}

START_TEST(contents_equal_tables)
{
	/* Totals from SPEC §1.1. */
	static const struct { const char *name; int total; } want[] = {
		{ "no", 104 }, { "no-nsf", 100 }, { "da", 102 },
		{ "is", 100 }, { "is-old", 104 }, { "en", 100 },
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct rules *r = R(want[i].name);
		struct bag b;
		uint8_t c[RULES_MAX_TILES];
		struct err e;

		ck_assert_int_eq(bag_init(&b, r, &e), 0);
		ck_assert_int_eq(bag_count(&b), want[i].total);
		bag_counts(&b, c);
		for (int t = 0; t < RULES_MAX_TILES; t++)
			ck_assert_int_eq(c[t], t <= r->nletters ? r->counts[t] : 0);
	}
	/* Spot checks against the tables: is has 11 A, 2 blanks, 1 X. */
	{
		const struct rules *r = R("is");
		uint8_t a[RULES_MAX_TILES], c[RULES_MAX_TILES];
		struct bag b;

		bag_init(&b, r, NULL);
		bag_counts(&b, c);
		rack_of(r, "A", a);
		for (int t = 1; t < RULES_MAX_TILES; t++)
			if (a[t])
				ck_assert_int_eq(c[t], 11);
		ck_assert_int_eq(c[0], 2);
		rack_of(r, "X", a);
		for (int t = 1; t < RULES_MAX_TILES; t++)
			if (a[t])
				ck_assert_int_eq(c[t], 1);
	}
}
END_TEST

START_TEST(draw_all_is_the_bag_and_reproducible)
{
	const struct rules *r = R("en");
	struct bag a, b;
	struct rng ga, gb;
	uint8_t c[RULES_MAX_TILES] = { 0 };
	int t, n = 0, differs = 0;

	bag_init(&a, r, NULL);
	bag_init(&b, r, NULL);
	rng_seed(&ga, 5);
	rng_seed(&gb, 5);
	while ((t = bag_draw_one(&a, &ga)) >= 0) {
		ck_assert_int_eq(t, bag_draw_one(&b, &gb));
		c[t]++;
		n++;
	}
	ck_assert_int_eq(n, 100);
	ck_assert_int_eq(bag_count(&a), 0);
	ck_assert_int_eq(bag_draw_one(&a, &ga), -1);
	for (t = 0; t <= r->nletters; t++)
		ck_assert_int_eq(c[t], r->counts[t]);
	/* Another seed deals another order. */
	bag_init(&a, r, NULL);
	bag_init(&b, r, NULL);
	rng_seed(&ga, 5);
	rng_seed(&gb, 6);
	for (int i = 0; i < 20; i++)
		differs |= bag_draw_one(&a, &ga) != bag_draw_one(&b, &gb);
	ck_assert(differs);
}
END_TEST

/* Deals: draw k of a seed is the same whatever comes before it, leaves
 * the full bag as it is, and stops at the bag's end.  The racks of seed 3
 * on is by hand from bagsim draw -r is -n 2 -s 3 (tests/cli/bagsim). */
START_TEST(deal_by_number)
{
	const struct rules *r = R("is");
	struct bag full, copy;
	uint8_t rack[RULES_MAX_TILES], want[RULES_MAX_TILES];
	uint8_t c[RULES_MAX_TILES];

	ck_assert_int_eq(bag_init(&full, r, NULL), 0);
	copy = full;
	ck_assert_int_eq(bag_deal(&full, 3, 1, 7, rack), 7);
	rack_of(r, "ELOSÉÍÖ", want);
	ck_assert_mem_eq(rack, want, sizeof rack);
	ck_assert_int_eq(bag_deal(&full, 3, 0, 7, rack), 7);
	rack_of(r, "BEMNRSY", want);
	ck_assert_mem_eq(rack, want, sizeof rack);
	ck_assert_mem_eq(&full, &copy, sizeof full);
	/* Another seed, another rack; asking for more than the bag holds
	 * deals the whole bag. */
	ck_assert_int_eq(bag_deal(&full, 4, 0, 7, rack), 7);
	ck_assert(memcmp(rack, want, sizeof rack) != 0);
	ck_assert_int_eq(bag_deal(&full, 3, 0, 500, rack), 100);
	bag_counts(&full, c);
	ck_assert_mem_eq(rack, c, sizeof rack);
	ck_assert_int_eq(bag_deal(&full, 3, 0, 0, rack), 0);
	memset(want, 0, sizeof want);
	ck_assert_mem_eq(rack, want, sizeof rack);
}
END_TEST

START_TEST(fill_and_return)
{
	const struct rules *r = R("no");
	struct bag b;
	struct rng g;
	uint8_t rack[RULES_MAX_TILES] = { 0 }, drawn[RULES_MAX_RACK];
	int n = 0;
	struct err e;

	bag_init(&b, r, NULL);
	rng_seed(&g, 1);
	ck_assert_int_eq(bag_fill(&b, &g, rack, 7, drawn), 7);
	for (int t = 0; t < RULES_MAX_TILES; t++)
		n += rack[t];
	ck_assert_int_eq(n, 7);
	ck_assert_int_eq(bag_count(&b), 97);
	ck_assert_int_eq(bag_fill(&b, &g, rack, 7, NULL), 0);
	rack[drawn[0]]--;
	ck_assert_int_eq(bag_fill(&b, &g, rack, 7, NULL), 1);
	/* Return and take back a tile. */
	ck_assert_int_eq(bag_return(&b, 0, &e), 0);
	ck_assert_int_eq(bag_count(&b), 97);
	ck_assert_int_eq(bag_take(&b, 0, &e), 0);
	ck_assert_int_eq(bag_count(&b), 96);
	/* Q is a Norwegian letter without tiles: the bag has none to take. */
	{
		uint8_t q[RULES_MAX_TILES];
		int tq = 0;
		rack_of(r, "Q", q);
		for (int t = 1; t < RULES_MAX_TILES; t++)
			if (q[t])
				tq = t;
		ck_assert_int_eq(bag_take(&b, tq, &e), -1);
	}
	/* Near-empty bag: fill takes what is left. */
	b.n = 3;
	memset(rack, 0, sizeof rack);
	ck_assert_int_eq(bag_fill(&b, &g, rack, 7, NULL), 3);
	ck_assert_int_eq(bag_count(&b), 0);
}
END_TEST

START_TEST(exchange_threshold)
{
	const struct rules *r = R("is");
	struct bag b;
	struct rng g;
	uint8_t rack[RULES_MAX_TILES], give[RULES_MAX_TILES], keep[RULES_MAX_TILES];
	uint8_t c0[RULES_MAX_TILES], c1[RULES_MAX_TILES];
	struct err e;
	int t;

	ck_assert_int_eq(r->exchange_min, 7);
	rack_of(r, "AAEINR?", rack);
	rack_of(r, "AA?", give);
	bag_init(&b, r, NULL);
	rng_seed(&g, 9);
	/* Bag of 6: refused, nothing changes. */
	b.n = 6;
	memcpy(keep, rack, sizeof keep);
	bag_counts(&b, c0);
	ck_assert_int_eq(bag_exchange(&b, &g, r, rack, give, NULL, &e), -1);
	ck_assert(strstr(e.msg, "not allowed") != NULL);
	ck_assert_mem_eq(rack, keep, sizeof keep);
	bag_counts(&b, c1);
	ck_assert_mem_eq(c0, c1, sizeof c0);
	/* Bag of 7: allowed; tile totals kept; bag size unchanged. */
	b.n = 7;
	bag_counts(&b, c0);
	ck_assert_int_eq(bag_exchange(&b, &g, r, rack, give, NULL, &e), 3);
	ck_assert_int_eq(bag_count(&b), 7);
	bag_counts(&b, c1);
	for (t = 0; t < RULES_MAX_TILES; t++)
		ck_assert_int_eq(c0[t] + keep[t], c1[t] + rack[t]);
	/* The given tiles went to the bag: the blank is there now. */
	ck_assert_int_ge(c1[0], 1);
	/* Giving tiles the rack lacks, or nothing, is refused. */
	memset(rack, 0, sizeof rack);
	ck_assert_int_eq(bag_exchange(&b, &g, r, rack, give, NULL, &e), -1);
	memset(give, 0, sizeof give);
	rack[1] = 1;
	ck_assert_int_eq(bag_exchange(&b, &g, r, rack, give, NULL, &e), -1);
}
END_TEST

START_TEST(exchange_draws_before_returning)
{
	/* A bag of exactly 7 tiles that are all E: exchanging 7 B for them
	 * must give 7 E (never a B back). */
	const struct rules *r = R("en");
	struct bag b;
	struct rng g;
	uint8_t rack[RULES_MAX_TILES] = { 0 }, give[RULES_MAX_TILES] = { 0 };
	uint8_t e7[RULES_MAX_TILES], bb[RULES_MAX_TILES];

	rack_of(r, "EEEEEEE", e7);
	rack_of(r, "BBBBBBB", bb);
	b.n = 0;
	for (int t = 0; t < RULES_MAX_TILES; t++)
		for (int k = 0; k < e7[t]; k++)
			bag_return(&b, t, NULL);
	memcpy(rack, bb, sizeof rack);
	memcpy(give, bb, sizeof give);
	rng_seed(&g, 3);
	ck_assert_int_eq(bag_exchange(&b, &g, r, rack, give, NULL, NULL), 7);
	ck_assert_mem_eq(rack, e7, sizeof rack);
	bag_counts(&b, rack);
	ck_assert_mem_eq(rack, bb, sizeof rack);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("bag");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, contents_equal_tables);
	tcase_add_test(tc, draw_all_is_the_bag_and_reproducible);
	tcase_add_test(tc, deal_by_number);
	tcase_add_test(tc, fill_and_return);
	tcase_add_test(tc, exchange_threshold);
	tcase_add_test(tc, exchange_draws_before_returning);
	suite_add_tcase(s, tc);
	return test_run(s);
}
