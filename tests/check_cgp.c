/* check_cgp.c — CGP positions (SPEC §2.1): fields, opcodes, letters of each
 * variant, round trips, and a clear error for every kind of bad input. */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "board.h"
#include "move.h"
#include "rng.h"
#include "rules.h"

#define EMPTY "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"

/* Parses line with r and formats it again; the result must be want. */
static void
round_trip(const struct rules *r, const char *line, const char *want)
{
	struct position p;
	struct err e;
	char out[1024];

	ck_assert_msg(cgp_parse(r, line, strlen(line), &p, &e) == 0, "%s: %s",
		line, e.msg);
	ck_assert_int_eq(cgp_format(r, &p, out, sizeof out), (int)strlen(want));
	ck_assert_str_eq(out, want);
}

static void
expect_error(const struct rules *r, const char *line, size_t len,
	const char *msg)
{
	struct position p;
	struct err e;

	err_clear(&e);
	ck_assert_msg(cgp_parse(r, line, len, &p, &e) == -1, "accepted: %.60s",
		line);
	ck_assert_msg(strcmp(e.msg, msg) == 0, "got \"%s\", want \"%s\"", e.msg,
		msg);
}

START_TEST(fields)
{
	const struct rules *no = rules_builtin("no");
	struct position p;
	struct err e;
	const char *line = "15/15/15/15/15/15/15/5KVINnE4/15/15/15/15/15/15/15 "
		"?AEÅØØ/ 357/-12 3 lex nsf2023; ld no;";

	ck_assert_int_eq(cgp_parse(no, line, strlen(line), &p, &e), 0);
	ck_assert_int_eq(p.board.ntiles, 6);
	ck_assert_int_eq(board_at(&p.board, 7, 5), 11);          /* K on F8 */
	ck_assert_int_eq(board_at(&p.board, 7, 9), 14 | TILE_BLANK); /* n */
	ck_assert_int_eq(board_at(&p.board, 7, 4), 0);
	ck_assert_int_eq(p.nplayers, 2);
	ck_assert_int_eq(p.racks[0][0], 1);
	ck_assert_int_eq(p.racks[0][28], 2);                     /* ØØ */
	ck_assert_int_eq(p.racks[0][29], 1);                     /* Å */
	ck_assert_int_eq(p.rack_known[0], 1);
	ck_assert_int_eq(p.rack_known[1], 0);    /* empty: not given */
	ck_assert_int_eq(p.scores[0], 357);
	ck_assert_int_eq(p.scores[1], -12);
	ck_assert_int_eq(p.zeros, 3);
	ck_assert_str_eq(p.lexicon, "nsf2023");
	ck_assert_str_eq(p.rules_name, "no");
	ck_assert_int_eq(p.nops, 2);
	ck_assert_int_eq(p.exchange_min, -1);
	ck_assert_int_eq(p.challenge, -1);
	round_trip(no, line, line);
}
END_TEST

START_TEST(opcodes)
{
	const struct rules *en = rules_builtin("en");
	struct position p;
	struct err e;
	char name[32], out[1024];
	const char *line = EMPTY " AB/CD 0/0 0 lex NWL20; ld en; cr double; "
		"etl 7; bb 50; mcnz 6; bdn standard; var classic; xyz 1 2 3;";

	ck_assert_int_eq(cgp_parse(en, line, strlen(line), &p, &e), 0);
	ck_assert_str_eq(p.lexicon, "NWL20");
	ck_assert_str_eq(p.rules_name, "en");
	ck_assert_int_eq(p.challenge, CHALLENGE_DOUBLE);
	ck_assert_int_eq(p.exchange_min, 7);
	ck_assert_int_eq(p.bingo_bonus, 50);
	ck_assert_int_eq(p.max_zeros, 6);
	ck_assert_int_eq(p.nops, 9);
	ck_assert_str_eq(p.ops[8], "xyz 1 2 3");
	round_trip(en, line, line);
	/* A changed field shows in the output, in the opcode's place. */
	p.exchange_min = 1;
	p.challenge = CHALLENGE_10PT;
	snprintf(p.rules_name, sizeof p.rules_name, "is");
	ck_assert_int_gt(cgp_format(en, &p, out, sizeof out), 0);
	ck_assert_str_eq(out, EMPTY " AB/CD 0/0 0 lex NWL20; ld is; cr 10pt; "
		"etl 1; bb 50; mcnz 6; bdn standard; var classic; xyz 1 2 3;");
	/* The player to move is written first. */
	position_init(&p, en);
	p.nplayers = 3;
	p.racks[0][1] = 1;
	p.racks[1][2] = 1;
	p.racks[2][3] = 1;
	p.scores[0] = 10;
	p.scores[1] = 20;
	p.scores[2] = 30;
	p.to_move = 1;
	ck_assert_int_gt(cgp_format(en, &p, out, sizeof out), 0);
	ck_assert_str_eq(out, EMPTY " B/C/A 20/30/10 0 ld en;");
	/* Fields set without an opcode are added. */
	position_init(&p, en);
	p.exchange_min = 6;
	ck_assert_int_gt(cgp_format(en, &p, out, sizeof out), 0);
	ck_assert_str_eq(out, EMPTY " / 0/0 0 ld en; etl 6;");
	/* An empty rack is one not given, the mover's too. */
	line = EMPTY " /ABC 0/0 0";
	ck_assert_int_eq(cgp_parse(en, line, strlen(line), &p, &e), 0);
	ck_assert_int_eq(p.rack_known[0], 0);
	ck_assert_int_eq(p.rack_known[1], 1);
	ck_assert_int_eq(position_bag_count(en, &p), 100 - 3 - 7);
	round_trip(en, line, line);
	/* Names of challenge rules, Macondo's too. */
	line = EMPTY " A/ 0/0 0 cr five_point;";
	ck_assert_int_eq(cgp_parse(en, line, strlen(line), &p, &e), 0);
	ck_assert_int_eq(p.challenge, CHALLENGE_5PT);
	ck_assert_str_eq(p.rules_name, "");

	/* cgp_peek_rules finds ld without a ruleset. */
	line = EMPTY " AB/CD 0/0 0 lex X; ld da;";
	ck_assert_int_eq(cgp_peek_rules(line, strlen(line), name, sizeof name), 1);
	ck_assert_str_eq(name, "da");
	line = EMPTY " AB/CD 0/0 0 lex ld;";
	ck_assert_int_eq(cgp_peek_rules(line, strlen(line), name, sizeof name), 0);
	line = EMPTY " AB/CD 0/0 0";
	ck_assert_int_eq(cgp_peek_rules(line, strlen(line), name, sizeof name), 0);
	line = EMPTY " AB/CD 0/0 0 ld is-old";
	ck_assert_int_eq(cgp_peek_rules(line, strlen(line), name, sizeof name), 1);
	ck_assert_str_eq(name, "is-old");
	ck_assert_int_eq(cgp_peek_rules(line, strlen(line), name, 4), 0);
}
END_TEST

/* Letters of each variant as themselves in UTF-8; blanks lowercase; racks
 * in canonical order (blanks first, then UTF-8 byte order). */
START_TEST(variant_letters)
{
	round_trip(rules_builtin("is"),
		EMPTY " ÞÚÐÖÁ?A/ÉÍÓÝÆ 0/0 0 ld is;",
		EMPTY " ?AÁÐÖÚÞ/ÆÉÍÓÝ 0/0 0 ld is;");
	round_trip(rules_builtin("is"),
		"15/15/15/15/15/15/15/6ÞðÖ6/15/15/15/15/15/15/15 ABD/EFG 1/2 0 ld is;",
		"15/15/15/15/15/15/15/6ÞðÖ6/15/15/15/15/15/15/15 ABD/EFG 1/2 0 ld is;");
	round_trip(rules_builtin("da"),
		"15/15/15/15/15/15/15/5æØÅ7/15/15/15/15/15/15/15 ØÆÅ/ 0/0 0 ld da;",
		"15/15/15/15/15/15/15/5æØÅ7/15/15/15/15/15/15/15 ÅÆØ/ 0/0 0 ld da;");
	/* Decomposed input (o + combining stroke is not composable, but
	 * a + combining ring is) reads as the composed letter. */
	round_trip(rules_builtin("no"),
		EMPTY " A\xcc\x8a/ 0/0 0 ld no;", EMPTY " Å/ 0/0 0 ld no;");
	/* Lowercase letters on a rack are the same tiles. */
	round_trip(rules_builtin("en"), EMPTY " abc/ 0/0 0", EMPTY " ABC/ 0/0 0");
	/* Non-canonical spacing and runs: read, then written canonically. */
	round_trip(rules_builtin("en"),
		"  15/15/15/15/15/15/15/7A3B3/15/15/15/15/15/15/15\tC/D  5/6  0 "
		"ld en ",
		"15/15/15/15/15/15/15/7A3B3/15/15/15/15/15/15/15 C/D 5/6 0 ld en;");
	round_trip(rules_builtin("en"),
		"15/15/15/15/15/15/15/07A07/15/15/15/15/15/15/15 C/D 5/6 0",
		"15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 C/D 5/6 0");
}
END_TEST

/* A multi-character letter is written in brackets. */
START_TEST(bracketed_letters)
{
	struct rules r = *rules_builtin("en");
	int ch = r.nletters + 1;

	r.nletters = ch;
	r.upper[ch] = 0;
	r.lower[ch] = 0;
	snprintf(r.utf8[ch], sizeof r.utf8[ch], "CH");
	snprintf(r.utf8_lower[ch], sizeof r.utf8_lower[ch], "ch");
	r.counts[ch] = 2;
	r.values[ch] = 5;
	r.ntiles += 2;
	round_trip(&r,
		"15/15/15/15/15/15/15/7[CH]A[ch]5/15/15/15/15/15/15/15 [CH]E/ 0/0 0",
		"15/15/15/15/15/15/15/7[CH]A[ch]5/15/15/15/15/15/15/15 [CH]E/ 0/0 0");
	expect_error(&r, EMPTY " [CH][CH][CH]/ 0/0 0", strlen(EMPTY) + 20,
		"too many CH: the board and the racks hold 3, the en bag has 2");
}
END_TEST

START_TEST(errors)
{
	const struct rules *no = rules_builtin("no");
	const struct rules *is = rules_builtin("is");
	char line[512];

#define ERR(r, s, msg) expect_error((r), (s), strlen(s), (msg))
	ERR(no, "", "empty CGP line");
	ERR(no, "   ", "empty CGP line");
	ERR(no, EMPTY, "CGP line has no racks field");
	ERR(no, EMPTY " AB/CD", "CGP line has no scores field");
	ERR(no, EMPTY " AB/CD 0/0", "CGP line has no consecutive zeros field");
	ERR(no, "15/15/14/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0",
		"CGP board row 3 is 14 squares wide, the board has 15");
	ERR(no, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/14 A/B 0/0 0",
		"CGP board row 15 is 14 squares wide, the board has 15");
	ERR(no, "16/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0",
		"CGP board row 1 is wider than 15 squares");
	ERR(no, "15/15/15/15/15/15/15/15ABC/15/15/15/15/15/15/15 A/B 0/0 0",
		"CGP board row 8 is wider than 15 squares");
	ERR(no, "0/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0",
		"CGP board row 1 is wider than 15 squares");
	ERR(no, "15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B 0/0 0",
		"CGP board has 14 rows, the board has 15");
	ERR(no, EMPTY "/15 A/B 0/0 0", "CGP board has more than 15 rows");
	ERR(is, "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 A/B 0/0 0",
		"CGP board row 8: 'C' is not a letter of the is alphabet");
	ERR(no, "15/15/15/15/15/15/15/7€5/15/15/15/15/15/15/15 A/B 0/0 0",
		"CGP board row 8: '€' is not a letter of the no alphabet");
	ERR(no, "15/15/15/15/15/15/15/7*5/15/15/15/15/15/15/15 A/B 0/0 0",
		"CGP board row 8: '*' is not a letter of the no alphabet");
	ERR(no, "15/15/15/15/15/15/15/7\xff\xfe" "5/15/15/15/15/15/15/15 A/B 0/0 0",
		"CGP board row 8: invalid UTF-8");
	ERR(is, EMPTY " AQ/B 0/0 0",
		"CGP rack 1: 'Q' is not a letter of the is alphabet");
	ERR(is, EMPTY " A/B1 0/0 0",
		"CGP rack 2: '1' is not a letter of the is alphabet");
	ERR(no, EMPTY " ABCDEFGH/B 0/0 0", "CGP rack 1 holds more than 7 tiles");
	ERR(no, EMPTY " A/B/C/D/E 0/0/0/0/0 0", "CGP has more than 4 racks");
	ERR(no, EMPTY " A/B 0 0", "CGP has 2 racks but 1 scores");
	ERR(no, EMPTY " A/B 0/0/0 0", "CGP has 2 racks but 3 scores");
	ERR(no, EMPTY " A/B 0/x 0", "CGP score 2 'x' is not a number");
	ERR(no, EMPTY " A/B 0/ 0", "CGP score 2 '' is not a number");
	ERR(no, EMPTY " A/B 0/0 -1", "CGP consecutive zeros '-1' is not a number");
	ERR(no, EMPTY " A/B 0/0 z", "CGP consecutive zeros 'z' is not a number");
	/* Too many of a tile: board and racks together against the bag. */
	ERR(no, "15/15/15/15/15/15/15/7ØØ6/15/15/15/15/15/15/15 Ø/B 0/0 0",
		"too many Ø: the board and the racks hold 3, the no bag has 2");
	ERR(no, "15/15/15/15/15/15/15/7Q7/15/15/15/15/15/15/15 A/B 0/0 0",
		"too many Q: the board and the racks hold 1, the no bag has 0");
	ERR(no, "15/15/15/15/15/15/15/7q7/15/15/15/15/15/15/15 ?" "?/B 0/0 0",
		"too many ?: the board and the racks hold 3, the no bag has 2");
	ERR(no, EMPTY " WA/W 0/0 0",
		"too many W: the board and the racks hold 2, the no bag has 1");
	/* Opcodes. */
	ERR(no, EMPTY " A/B 0/0 0 ld;", "CGP opcode ld needs an argument");
	ERR(no, EMPTY " A/B 0/0 0 etl seven;",
		"CGP opcode etl: 'seven' is not a number from 0 to 1000");
	ERR(no, EMPTY " A/B 0/0 0 cr triple;",
		"CGP opcode cr: unknown challenge rule 'triple' (none, single, "
		"double, 5pt, 10pt)");
	snprintf(line, sizeof line, EMPTY " A/B 0/0 0 ld "
		"abcdefghijklmnopqrstuvwxyzabcdefghij;");
	ERR(no, line, "CGP ruleset name too long");
	/* A NUL byte inside the line. */
	memcpy(line, EMPTY " A\0B/C 0/0 0", sizeof EMPTY + 12);
	expect_error(no, line, sizeof EMPTY + 11,
		"CGP rack 1: 'U+0000' is not a letter of the no alphabet");
	/* A byte order mark is named, not shown. */
	ERR(no, "\xef\xbb\xbf" EMPTY " A/B 0/0 0",
		"CGP board row 1: 'U+FEFF' is not a letter of the no alphabet");
#undef ERR
}
END_TEST

/* 300 KB lines: a clear error, quickly, whichever field is long. */
START_TEST(huge_lines)
{
	const struct rules *no = rules_builtin("no");
	size_t n = 300 * 1024, pre = strlen(EMPTY " A/B 0/0 0 ");
	char *s = malloc(n + 1);
	size_t i;

	ck_assert_ptr_nonnull(s);
	memset(s, 'A', n);
	s[n] = '\0';
	expect_error(no, s, n, "CGP line has no racks field");
	memcpy(s + n - 10, " A/B 0/0 0", 10);
	expect_error(no, s, n, "CGP board row 1 is wider than 15 squares");
	memcpy(s, "15/", 3);
	for (i = 3; i + 3 <= n; i += 3)
		memcpy(s + i, "15/", 3);
	memcpy(s + n - 10, " A/B 0/0 0", 10);
	expect_error(no, s, n, "CGP board has more than 15 rows");
	memcpy(s, EMPTY " ", sizeof EMPTY);
	memset(s + sizeof EMPTY, 'E', n - sizeof EMPTY);
	memcpy(s + n - 6, " 0/0 0", 6);
	expect_error(no, s, n, "CGP rack 1 holds more than 7 tiles");
	memcpy(s, EMPTY " A/B 0/0 0 ", pre);
	memset(s + pre, 'x', n - pre);
	expect_error(no, s, n, "CGP opcode 'xxxxxxxxxxxxxxxxxxxx...' is too long");
	for (i = pre; i + 2 <= n; i += 2)
		memcpy(s + i, "a;", 2);
	expect_error(no, s, n, "CGP has more than 16 opcodes");
	memcpy(s, EMPTY " A/B 0/0 ", pre - 2);
	memset(s + pre - 2, '9', n - pre + 2);
	expect_error(no, s, n, "CGP consecutive zeros '99999999999999999999' is "
		"not a number");
	free(s);
}
END_TEST

/* Garbage, truncations and byte flips of a good line: parse or fail with
 * a message, never crash (the sanitizers watch); whatever parses formats. */
START_TEST(garbage)
{
	const struct rules *no = rules_builtin("no");
	const char *good = "15/15/15/15/15/15/9V1M3/8GRUM3/7BLIR4/6BAOS5/"
		"5BETA6/3DRØV8/ÅRTI1KRAS6/2ISSE2YO5/DÆME4VIDA3 DEGIKNS/?EFFHOU "
		"224/214 0 ld no;";
	size_t len = strlen(good), i;
	char buf[512], out[1024];
	struct position p;
	struct err e;
	struct rng g;
	int ok = 0;

	ck_assert_int_eq(cgp_parse(no, good, len, &p, &e), 0);
	ck_assert_int_eq(cgp_format(no, &p, out, sizeof out), (int)len);
	ck_assert_str_eq(out, good);
	for (i = 0; i < len; i++) {
		if (cgp_parse(no, good, i, &p, &e) == 0) {
			ok++;
			ck_assert_int_ge(cgp_format(no, &p, out, sizeof out), 0);
		} else {
			ck_assert_int_gt((int)strlen(e.msg), 0);
		}
	}
	rng_seed(&g, 12345);
	for (i = 0; i < 20000; i++) {
		size_t n = len, k, flips = 1 + rng_below(&g, 4);

		memcpy(buf, good, len);
		for (k = 0; k < flips; k++)
			buf[rng_below(&g, (uint64_t)len)] = (char)rng_below(&g, 256);
		if (rng_below(&g, 4) == 0)
			n = (size_t)rng_below(&g, (uint64_t)len + 1);
		if (cgp_parse(no, buf, n, &p, &e) == 0)
			ck_assert_int_ge(cgp_format(no, &p, out, sizeof out), 0);
		else
			ck_assert_int_gt((int)strlen(e.msg), 0);
	}
	for (i = 0; i < 2000; i++) {
		size_t n = (size_t)rng_below(&g, sizeof buf), k;

		for (k = 0; k < n; k++)
			buf[k] = (char)rng_below(&g, 256);
		ck_assert_int_eq(cgp_parse(no, buf, n, &p, &e), -1);
	}
	(void)ok;
}
END_TEST

START_TEST(format_capacity)
{
	const struct rules *no = rules_builtin("no");
	const char *line = EMPTY " ABC/DEF 0/0 0 ld no;";
	struct position p;
	struct err e;
	char out[128];
	int n = (int)strlen(line);

	ck_assert_int_eq(cgp_parse(no, line, strlen(line), &p, &e), 0);
	ck_assert_int_eq(cgp_format(no, &p, out, (size_t)n), -1);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(cgp_format(no, &p, out, (size_t)n + 1), n);
	ck_assert_int_eq(cgp_format(no, &p, out, 0), -1);
}
END_TEST

/* The EXAMPLES of man/ordverk-cgp.5 run: every literal line is a
 * canonical CGP line that round-trips, and 8H BLIR on the first scores 18
 * as the page says. */
START_TEST(man_examples)
{
	const char *path = "man/ordverk-cgp.5";
	FILE *fp = fopen(path, "r");
	char *line = NULL, out[1024];
	size_t cap = 0;
	ssize_t len;
	int in_lit = 0, n = 0;

	ck_assert_msg(fp != NULL, "%s missing (run from the source tree)", path);
	while ((len = getline(&line, &cap, fp)) >= 0) {
		char name[RULES_NAME_MAX];
		const struct rules *r;
		struct position p;
		struct move m;
		struct err e;

		while (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (strncmp(line, ".Bd -literal", 12) == 0) {
			in_lit = 1;
			continue;
		}
		if (strcmp(line, ".Ed") == 0) {
			in_lit = 0;
			continue;
		}
		if (!in_lit)
			continue;
		ck_assert_int_eq(cgp_peek_rules(line, (size_t)len, name,
			sizeof name), 1);
		r = rules_builtin(name);
		ck_assert_ptr_nonnull(r);
		ck_assert_msg(cgp_parse(r, line, (size_t)len, &p, &e) == 0, "%s: %s",
			line, e.msg);
		ck_assert_int_eq(cgp_format(r, &p, out, sizeof out), (int)len);
		ck_assert_str_eq(out, line);
		if (n++ == 0) {
			ck_assert_int_eq(move_parse(r, &p.board, "8H BLIR", 7, 0, &m,
				&e), 0);
			ck_assert_int_eq(move_validate(r, NULL, &p, &m, NULL, &e), 0);
			ck_assert_int_eq(m.score, 18);
		}
	}
	free(line);
	fclose(fp);
	ck_assert_int_eq(n, 2);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("cgp");
	TCase *tc = tcase_create("cgp");

	tcase_add_test(tc, fields);
	tcase_add_test(tc, opcodes);
	tcase_add_test(tc, variant_letters);
	tcase_add_test(tc, bracketed_letters);
	tcase_add_test(tc, errors);
	tcase_add_test(tc, huge_lines);
	tcase_add_test(tc, garbage);
	tcase_add_test(tc, format_capacity);
	tcase_add_test(tc, man_examples);
	suite_add_tcase(s, tc);
	return test_run(s);
}
