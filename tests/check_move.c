/* check_move.c — move notation, validation messages, and the conformance
 * data: every listed placement of ../shared/conformance/{no,da,is,en}-moves.txt
 * (without ../shared, of the project's tests/data/conformance) must validate
 * with the lexicon of its word list and score exactly the listed score;
 * every CGP line must round-trip byte for byte. */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "board.h"
#include "lex.h"
#include "move.h"
#include "rng.h"
#include "rules.h"

/* Parses cgp into *p with ruleset r, failing the test on error. */
static void
pos_of(const struct rules *r, const char *cgp, struct position *p)
{
	struct err e;

	ck_assert_msg(cgp_parse(r, cgp, strlen(cgp), p, &e) == 0, "%s: %s", cgp,
		e.msg);
}

/* Validates move text s on p; returns the score or -1, message in e. */
static int
play(const struct rules *r, const struct lex *lex, const struct position *p,
	const char *s, struct move_detail *d, struct err *e)
{
	struct move m;

	err_clear(e);
	if (move_parse(r, &p->board, s, strlen(s), 0, &m, e) < 0)
		return -1;
	if (move_validate(r, lex, p, &m, d, e) < 0)
		return -1;
	return m.score;
}

static void
expect_error(const struct rules *r, const struct lex *lex,
	const struct position *p, const char *s, const char *msg)
{
	struct err e;

	ck_assert_msg(play(r, lex, p, s, NULL, &e) < 0, "%s accepted", s);
	ck_assert_msg(strstr(e.msg, msg) != NULL, "%s: got \"%s\", want \"%s\"",
		s, e.msg, msg);
}

static void
round_trip(const struct rules *r, const char *in, const char *want)
{
	struct move m;
	struct err e;
	char out[128];

	ck_assert_msg(move_parse(r, NULL, in, strlen(in), 0, &m, &e) == 0,
		"%s: %s", in, e.msg);
	ck_assert_int_gt(move_format(r, &m, out, sizeof out), 0);
	ck_assert_str_eq(out, want);
}

START_TEST(notation)
{
	const struct rules *no = rules_builtin("no");
	const struct rules *is = rules_builtin("is");
	struct move m;
	struct err e;
	char out[64];

	round_trip(no, "8D KV.NNE", "8D KV.NNE");
	round_trip(no, "8d KV(I)NNE", "8D KV.NNE");
	round_trip(no, "D8 kvinne", "D8 kvinne");
	round_trip(no, "15A ÆRØ", "15A ÆRØ");
	round_trip(no, "A15 Å", "A15 Å");
	round_trip(no, "-", "-");
	round_trip(no, "-ABC?", "-ABC?");
	round_trip(no, "-3", "-3");
	round_trip(is, "H4 ÞÚÐ", "H4 ÞÚÐ");
	round_trip(is, "4H ð(Ö)ÐUR", "4H ð.ÐUR");

	ck_assert_int_eq(move_parse(no, NULL, "8D KV(I)NNE", 11, 0, &m, &e), 0);
	ck_assert_int_eq(m.kind, MOVE_PLACE);
	ck_assert_int_eq(m.dir, DIR_ACROSS);
	ck_assert_int_eq(m.row, 7);
	ck_assert_int_eq(m.col, 3);
	ck_assert_int_eq(m.len, 6);
	ck_assert_int_eq(m.ntiles, 5);
	ck_assert_int_eq(m.tiles[2], 0);
	ck_assert_int_eq(move_parse(no, NULL, "-3", 2, 0, &m, &e), 0);
	ck_assert_int_eq(m.kind, MOVE_EXCHANGE);
	ck_assert_int_eq(m.tiles_known, 0);
	ck_assert_int_eq(m.len, 3);
	/* Netskrafl's row-letter coordinates only when asked. */
	ck_assert_int_eq(move_parse(no, NULL, "H8 AB", 5, 1, &m, &e), 0);
	ck_assert_int_eq(m.dir, DIR_ACROSS);
	ck_assert_int_eq(m.row, 7);
	ck_assert_int_eq(m.col, 7);
	ck_assert_int_eq(move_parse(no, NULL, "H8 AB", 5, 0, &m, &e), 0);
	ck_assert_int_eq(m.dir, DIR_DOWN);
	ck_assert_int_eq(m.col, 7);
	ck_assert_int_eq(m.row, 7);
	ck_assert_int_eq(move_parse(no, NULL, "8H AB", 5, 1, &m, &e), 0);
	ck_assert_int_eq(m.dir, DIR_DOWN);
	ck_assert_int_eq(m.row, 7);
	ck_assert_int_eq(m.col, 7);

	/* Bad notation. */
	ck_assert_int_eq(move_parse(no, NULL, "8D", 2, 0, &m, &e), -1);
	ck_assert_str_eq(e.msg, "move '8D' has no word");
	ck_assert_int_eq(move_parse(no, NULL, "16A AB", 6, 0, &m, &e), -1);
	ck_assert_str_eq(e.msg, "'16A' is off the board");
	ck_assert_int_eq(move_parse(no, NULL, "8M ABCD", 7, 0, &m, &e), -1);
	ck_assert_str_eq(e.msg, "'8M ABCD' runs off the board");
	ck_assert_int_eq(move_parse(no, NULL, "8A A1", 5, 0, &m, &e), -1);
	ck_assert_str_eq(e.msg, "'1' is not a letter of the no alphabet");
	ck_assert_int_eq(move_parse(no, NULL, "8A A?", 5, 0, &m, &e), -1);
	ck_assert_str_eq(e.msg, "'?' in a word: write a blank as the lowercase "
		"letter it stands for");
	ck_assert_int_eq(move_parse(is, NULL, "8A CA", 5, 0, &m, &e), -1);
	ck_assert_str_eq(e.msg, "'C' is not a letter of the is alphabet");
	ck_assert_int_eq(move_parse(no, NULL, "X 8", 3, 0, &m, &e), -1);
	ck_assert_int_eq(move_parse(no, NULL, "88 AB", 5, 0, &m, &e), -1);
	ck_assert_int_eq(move_parse(no, NULL, "8D A(B", 6, 0, &m, &e), -1);
	ck_assert_int_eq(move_parse(no, NULL, "--", 2, 0, &m, &e), -1);
	ck_assert_int_eq(move_parse(no, NULL, "-0", 2, 0, &m, &e), -1);
	ck_assert_int_eq(move_parse(no, NULL, "-8", 2, 0, &m, &e), -1);
	ck_assert_int_eq(move_parse(no, NULL, "-ABCDEFGH", 9, 0, &m, &e), -1);
	ck_assert_int_eq(move_parse(no, NULL, "8D AB C", 7, 0, &m, &e), -1);
	ck_assert_int_eq(move_parse(no, NULL, "", 0, 0, &m, &e), -1);
	ck_assert_int_eq(move_parse(no, NULL, "8D \xff", 4, 0, &m, &e), -1);

	/* move_format refuses a buffer too small. */
	ck_assert_int_eq(move_parse(no, NULL, "8D KVINNE", 9, 0, &m, &e), 0);
	ck_assert_int_eq(move_format(no, &m, out, 5), -1);
	ck_assert_int_eq(move_format(no, &m, out, 10), 9);
}
END_TEST

/* Through-letters are checked against the board when there is one. */
/* Netskrafl's coordinates written: each canonical notation rewritten row
 * letter first reads back, with row_letter, as the same move; exchanges
 * and passes are left alone; nonsense is refused. */
START_TEST(notation_row_letters)
{
	static const char *const cases[][2] = {
		{ "8G PLEB", "H7 PLEB" }, { "H7 PLEB", "8G PLEB" },
		{ "15N AB", "O14 AB" }, { "N15 A", "14O A" },
		{ "1A KING", "A1 KING" }, { "10D AB", "J4 AB" },
		{ "-ABC", "-ABC" }, { "-", "-" },
	};
	const struct rules *en = rules_builtin("en");
	struct move a, b;
	struct err e;
	char buf[64], tiny[4];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(buf, sizeof buf, "%s", cases[i][0]);
		ck_assert_int_eq(move_notation_rows(buf, sizeof buf), 0);
		ck_assert_str_eq(buf, cases[i][1]);
		ck_assert_msg(move_parse(en, NULL, cases[i][0],
		    strlen(cases[i][0]), 0, &a, &e) == 0, "%s: %s", cases[i][0],
		    e.msg);
		ck_assert_int_eq(move_parse(en, NULL, buf, strlen(buf), 1, &b,
		    &e), 0);
		ck_assert_mem_eq(&a, &b, sizeof a);
	}
	snprintf(tiny, sizeof tiny, "8O");
	ck_assert_int_eq(move_notation_rows(tiny, 3), -1);   /* "H15" */
	ck_assert_str_eq(tiny, "8O");
	snprintf(buf, sizeof buf, "?8 AB");
	ck_assert_int_eq(move_notation_rows(buf, sizeof buf), -1);
	snprintf(buf, sizeof buf, "99A AB");
	ck_assert_int_eq(move_notation_rows(buf, sizeof buf), -1);
}
END_TEST

START_TEST(notation_with_board)
{
	const struct rules *no = rules_builtin("no");
	struct position p;
	struct move m;
	struct err e;

	pos_of(no, "15/15/15/15/15/15/15/5VIN7/15/15/15/15/15/15/15 "
		"AEKNNR?/ 0/0 0", &p);
	ck_assert_int_eq(move_parse(no, &p.board, "H6 K(V)INNE", 11, 0, &m, &e),
		-1);
	ck_assert_str_eq(e.msg, "square H7 is empty, but the move plays "
		"through it");
	ck_assert_int_eq(move_parse(no, &p.board, "G8 NI", 5, 0, &m, &e), -1);
	ck_assert_str_eq(e.msg, "square G8 holds I, not N");
	ck_assert_int_eq(move_parse(no, &p.board, "G7 AIR", 6, 0, &m, &e), 0);
	ck_assert_int_eq(m.tiles[0], 1);
	ck_assert_int_eq(m.tiles[1], 0);
	ck_assert_int_eq(m.ntiles, 2);
	ck_assert_int_eq(move_parse(no, &p.board, "G7 A(I)R", 8, 0, &m, &e), 0);
	ck_assert_int_eq(m.tiles[1], 0);
	ck_assert_int_eq(move_parse(no, &p.board, "G7 A.R", 6, 0, &m, &e), 0);
	ck_assert_int_eq(m.tiles[1], 0);
}
END_TEST

/* Every failure has its own message. */
START_TEST(validation_messages)
{
	const struct rules *no = rules_builtin("no");
	static const char *const words[] = {
		"kvinne", "vin", "vind", "en", "in", "ni", "ane", "ørn", NULL
	};
	struct lex *lex = test_lex_from_words(no, words);
	struct position p, q;
	struct move m;
	struct err e;

	pos_of(no, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 "
		"KVINNEØ/ABC 0/0 0 ld no;", &p);
	pos_of(no, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 "
		"KVINN?/ABC 0/0 0 ld no;", &q);
	expect_error(no, lex, &q, "8H KVINNx", "KVINNX is not a word");
	expect_error(no, lex, &p, "7A KVINNE",
		"first play must cover the start square H8");
	expect_error(no, lex, &p, "8A KVINNE",
		"first play must cover the start square H8");
	expect_error(no, lex, &p, "8H KVINNX", "rack lacks X");
	expect_error(no, lex, &p, "8H KVINNA", "rack lacks A");
	expect_error(no, lex, &p, "8H KVINNEE", "rack lacks E");
	expect_error(no, lex, &p, "8H VINNØ", "VINNØ is not a word");
	expect_error(no, lex, &p, "8H K", "the play forms no word");
	ck_assert_int_eq(play(no, lex, &p, "8H KVINNE", NULL, &e), 28);
	ck_assert_int_eq(play(no, lex, &p, "H8 KVINNE", NULL, &e), 28);

	pos_of(no, "15/15/15/15/15/15/15/5VIN7/15/15/15/15/15/15/15 "
		"ADENNR?/ABC 0/0 0 ld no;", &p);
	expect_error(no, lex, &p, "1A AN", "not connected");
	expect_error(no, lex, &p, "10G DE", "not connected");
	expect_error(no, lex, &p, "8C AN", "not connected");
	expect_error(no, lex, &p, "8I DE", "the word goes on through H8: "
		"write the whole word");
	expect_error(no, lex, &p, "8D AN", "the word goes on through F8");
	expect_error(no, lex, &p, "8F VIN", "no tile placed");
	ck_assert_int_eq(play(no, lex, &p, "8F VIND", NULL, &e), 9);
	ck_assert_int_eq(play(no, lex, &p, "8F ...D", NULL, &e), 9);
	ck_assert_int_eq(play(no, lex, &p, "8F (VIN)D", NULL, &e), 9);
	expect_error(no, lex, &p, "9F RA", "RA is not a word");
	expect_error(no, lex, &p, "9G NE", "NE is not a word");
	expect_error(no, lex, &p, "9F EN", "VE is not a word");
	expect_error(no, lex, &p, "H8 NNE", "NNE is not a word");
	/* A blank is written lowercase; cross words are checked. */
	expect_error(no, lex, &p, "8E eVIN", "EVIN is not a word");
	expect_error(no, lex, &p, "E8 eN", "EVIN is not a word");
	pos_of(no, "15/15/15/15/15/15/15/5VIN7/15/15/15/15/15/15/15 "
		"ADENNR/ABC 0/0 0 ld no;", &q);
	/* rack lacks names a missing blank as '?'. */
	expect_error(no, lex, &q, "H6 aNNe", "rack lacks ??");

	/* Gap, off the board, through-letter mismatch: moves made in code. */
	memset(&m, 0, sizeof m);
	m.kind = MOVE_PLACE;
	m.dir = DIR_ACROSS;
	m.row = 7;
	m.col = 8;
	m.len = 3;
	m.tiles[0] = 0;
	m.tiles[1] = 0;
	m.tiles[2] = 4;
	ck_assert_int_eq(move_validate(no, lex, &p, &m, NULL, &e), -1);
	ck_assert_str_eq(e.msg, "gap at I8: the word is not contiguous");
	m.col = 14;
	ck_assert_int_eq(move_validate(no, lex, &p, &m, NULL, &e), -1);
	ck_assert_str_eq(e.msg, "off the board");
	m.col = 5;
	m.len = 4;
	m.tiles[0] = 1;         /* A on V */
	m.tiles[3] = 4;
	ck_assert_int_eq(move_validate(no, lex, &p, &m, NULL, &e), -1);
	ck_assert_str_eq(e.msg, "square F8 holds V, not A");
	/* The same letter written over the board's is a through-letter. */
	m.tiles[0] = 22;        /* V */
	m.tiles[1] = 9;         /* I */
	m.tiles[2] = 0;
	ck_assert_int_eq(move_validate(no, lex, &p, &m, NULL, &e), 0);
	ck_assert_int_eq(m.ntiles, 1);
	ck_assert_int_eq(m.tiles[0], 0);
	ck_assert_int_eq(m.score, 9);   /* VIND: 5+2+1+1, no premium at I8 */
	m.kind = MOVE_PASS;
	ck_assert_int_eq(move_validate(no, lex, &p, &m, NULL, &e), 0);
	ck_assert_int_eq(m.score, 0);
	lex_destroy(lex);
}
END_TEST

/* Exchanges: the bag must hold at least the threshold (etl or the
 * ruleset's); the tiles must be on the rack. */
START_TEST(exchanges)
{
	const struct rules *en = rules_builtin("en");
	/* 100 tiles - 84 on the board ... built so that the bag holds 6. */
	struct position p;
	struct move m;
	struct err e;
	int i, t, placed = 0;

	position_init(&p, en);
	p.racks[0][1] = 2;      /* AA */
	p.racks[0][0] = 1;      /* ? */
	p.racks[1][5] = 7;      /* EEEEEEE */
	/* Put tiles on the board until the bag holds 6. */
	for (t = 1; t <= en->nletters; t++) {
		int n = en->counts[t] - p.racks[0][t] - p.racks[1][t];

		for (i = 0; i < n && position_bag_count(en, &p) > 6; i++) {
			p.board.sq[placed++] = (uint8_t)t;
			p.board.ntiles++;
		}
	}
	ck_assert_int_eq(position_bag_count(en, &p), 6);
	ck_assert_int_eq(move_parse(en, NULL, "-A", 2, 0, &m, &e), 0);
	ck_assert_int_eq(move_validate(en, NULL, &p, &m, NULL, &e), -1);
	ck_assert_str_eq(e.msg, "exchange needs at least 7 tiles in the bag; "
		"it holds 6");
	/* etl 6 in the position allows it. */
	p.exchange_min = 6;
	ck_assert_int_eq(move_validate(en, NULL, &p, &m, NULL, &e), 0);
	ck_assert_int_eq(move_parse(en, NULL, "-A?", 3, 0, &m, &e), 0);
	ck_assert_int_eq(move_validate(en, NULL, &p, &m, NULL, &e), 0);
	ck_assert_int_eq(move_parse(en, NULL, "-AAA", 4, 0, &m, &e), 0);
	ck_assert_int_eq(move_validate(en, NULL, &p, &m, NULL, &e), -1);
	ck_assert_str_eq(e.msg, "rack lacks A");
	ck_assert_int_eq(move_parse(en, NULL, "-3", 2, 0, &m, &e), 0);
	ck_assert_int_eq(move_validate(en, NULL, &p, &m, NULL, &e), 0);
	ck_assert_int_eq(move_parse(en, NULL, "-4", 2, 0, &m, &e), 0);
	ck_assert_int_eq(move_validate(en, NULL, &p, &m, NULL, &e), -1);
	ck_assert_str_eq(e.msg, "exchange of 4 tiles from a rack of 3");
	/* An unknown opponent rack counts as full. */
	p.rack_known[1] = 0;
	memset(p.racks[1], 0, sizeof p.racks[1]);
	ck_assert_int_eq(position_bag_count(en, &p), 6);
	/* The ruleset's own threshold, and the opponent's tiles are not in
	 * the bag: an empty board with both racks full holds 86. */
	position_init(&p, en);
	p.racks[0][1] = 7;
	p.racks[1][5] = 7;
	ck_assert_int_eq(position_bag_count(en, &p), 86);
	p.racks[1][5] = 0;
	p.rack_known[1] = 0;
	ck_assert_int_eq(position_bag_count(en, &p), 86);
	ck_assert_int_eq(move_parse(en, NULL, "-AAAAAAA", 8, 0, &m, &e), 0);
	ck_assert_int_eq(move_validate(en, NULL, &p, &m, NULL, &e), 0);
	ck_assert_int_eq(m.score, 0);
}
END_TEST

/* move_apply puts the tiles down, empties the rack, adds the score. */
START_TEST(apply)
{
	const struct rules *no = rules_builtin("no");
	struct position p;
	struct move m;
	struct err e;
	char out[512];

	pos_of(no, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 "
		"AEINNV?/ABC 10/20 0 ld no;", &p);
	ck_assert_int_eq(move_parse(no, &p.board, "8D kVINNE", 9, 0, &m, &e), 0);
	ck_assert_int_eq(move_validate(no, NULL, &p, &m, NULL, &e), 0);
	move_apply(&p, 0, &m);
	ck_assert_int_eq(p.scores[0], 10 + m.score);
	ck_assert_int_eq(p.board.ntiles, 6);
	ck_assert_int_gt(cgp_format(no, &p, out, sizeof out), 0);
	ck_assert_str_eq(out, "15/15/15/15/15/15/15/3kVINNE6/15/15/15/15/15/"
		"15/15 A/ABC 30/20 0 ld no;");
	ck_assert_int_eq(m.score, 20);  /* (0+5+2+1+1+1)*2 */
	/* An exchange takes its tiles off the rack; a pass changes nothing. */
	p.racks[1][0] = 1;
	ck_assert_int_eq(move_parse(no, NULL, "-B?", 3, 0, &m, &e), 0);
	move_apply(&p, 1, &m);
	ck_assert_int_eq(p.racks[1][0], 0);
	ck_assert_int_eq(p.racks[1][2], 0);
	ck_assert_int_eq(p.racks[1][1], 1);
	ck_assert_int_eq(p.racks[1][3], 1);
	ck_assert_int_eq(p.scores[1], 20);
	ck_assert_int_eq(move_parse(no, NULL, "-", 1, 0, &m, &e), 0);
	move_apply(&p, 1, &m);
	ck_assert_int_gt(cgp_format(no, &p, out, sizeof out), 0);
	ck_assert_str_eq(out, "15/15/15/15/15/15/15/3kVINNE6/15/15/15/15/15/"
		"15/15 A/AC 30/20 0 ld no;");
}
END_TEST

/* Random notation and random struct moves: parse or refuse with a
 * message, validate or refuse with a message, never crash (the sanitizers
 * watch); what validates scores the same through move_score. */
START_TEST(garbage)
{
	const struct rules *no = rules_builtin("no");
	static const char alphabet[] = "0123456789ABCDEFHOabcdeho.()-? \t?\xc3"
		"\x98\xa5\xff";
	struct position p;
	struct move m;
	struct move_detail d;
	struct err e;
	struct rng g;
	char buf[64];
	int i, k, ok = 0;

	pos_of(no, "15/15/15/15/15/15/9V1M3/8GRUM3/7BLIR4/6BAOS5/5BETA6/"
		"3DRØV8/ÅRTI1KRAS6/2ISSE2YO5/DÆME4VIDA3 DEGIKNS/?EFFHOU "
		"224/214 0 ld no;", &p);
	rng_seed(&g, 99);
	for (i = 0; i < 20000; i++) {
		int n = (int)rng_below(&g, 20);

		for (k = 0; k < n; k++)
			buf[k] = alphabet[rng_below(&g, sizeof alphabet - 1)];
		err_clear(&e);
		if (move_parse(no, rng_below(&g, 2) ? &p.board : NULL, buf,
		    (size_t)n, (int)rng_below(&g, 2), &m, &e) < 0) {
			ck_assert_int_gt((int)strlen(e.msg), 0);
			continue;
		}
		if (move_validate(no, NULL, &p, &m, &d, &e) == 0) {
			ok++;
			ck_assert_int_eq(move_score(no, &p.board, &m, NULL), m.score);
			ck_assert_int_ge(move_format(no, &m, buf, sizeof buf), 1);
		} else {
			ck_assert_int_gt((int)strlen(e.msg), 0);
		}
	}
	for (i = 0; i < 20000; i++) {
		uint8_t *raw = (uint8_t *)&m;

		for (k = 0; k < (int)sizeof m; k++)
			raw[k] = (uint8_t)rng_below(&g, 256);
		m.kind = (uint8_t)rng_below(&g, 4);
		if (rng_below(&g, 2)) {
			m.dir = (uint8_t)rng_below(&g, 2);
			m.len = (uint8_t)(1 + rng_below(&g, 8));
			m.row = (uint8_t)rng_below(&g, 15);
			m.col = (uint8_t)rng_below(&g, 15);
			for (k = 0; k < RULES_MAX_DIM; k++)
				m.tiles[k] = (uint8_t)(rng_below(&g, 3) == 0 ? 0 :
					rng_below(&g, 33) | (rng_below(&g, 4) == 0
					? TILE_BLANK : 0));
		}
		err_clear(&e);
		if (move_validate(no, NULL, &p, &m, &d, &e) == 0) {
			ok++;
			ck_assert_int_eq(move_score(no, &p.board, &m, NULL), m.score);
		} else {
			ck_assert_int_gt((int)strlen(e.msg), 0);
		}
		(void)move_score(no, &p.board, &m, &d);
		(void)move_format(no, &m, buf, sizeof buf);
	}
	ck_assert_int_gt(ok, 0);
}
END_TEST

/* tests/data/move/hand.tsv: hand-checked moves with their words. */
START_TEST(hand_checked)
{
	const char *path = "tests/data/move/hand.tsv";
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long lineno = 0;
	int ncases = 0;

	ck_assert_msg(fp != NULL, "%s missing (run from the source tree)", path);
	while ((len = getline(&line, &cap, fp)) >= 0) {
		char *f[4], *t, name[RULES_NAME_MAX], words[512];
		const struct rules *r;
		struct position p;
		struct move m;
		struct move_detail d;
		struct err e;
		int k, i, rc;
		size_t wl = 0;

		lineno++;
		while (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len == 0 || line[0] == '#')
			continue;
		for (k = 0, t = line; k < 4; k++) {
			f[k] = t;
			t = strchr(t, '\t');
			ck_assert_msg(k == 3 || t != NULL, "%s:%ld: fields", path,
				lineno);
			if (t != NULL)
				*t++ = '\0';
		}
		ck_assert_int_eq(cgp_peek_rules(f[0], strlen(f[0]), name,
			sizeof name), 1);
		r = rules_builtin(name);
		ck_assert_ptr_nonnull(r);
		ck_assert_msg(cgp_parse(r, f[0], strlen(f[0]), &p, &e) == 0,
			"%s:%ld: %s", path, lineno, e.msg);
		rc = move_parse(r, &p.board, f[1], strlen(f[1]), 0, &m, &e);
		if (rc == 0)
			rc = move_validate(r, NULL, &p, &m, &d, &e);
		if (strcmp(f[2], "invalid") == 0) {
			ck_assert_msg(rc == -1, "%s:%ld: accepted", path, lineno);
			ck_assert_msg(strcmp(e.msg, f[3]) == 0, "%s:%ld: got %s",
				path, lineno, e.msg);
			ncases++;
			continue;
		}
		ck_assert_msg(rc == 0, "%s:%ld: %s", path, lineno, e.msg);
		ck_assert_msg(m.score == atoi(f[2]), "%s:%ld: scored %d", path,
			lineno, m.score);
		words[0] = '\0';
		for (i = 0; i < d.nwords; i++) {
			char w[128];

			ck_assert_int_ge(rules_word_to_utf8(r, d.words[i].tiles,
				d.words[i].len, w, sizeof w), 0);
			wl += (size_t)snprintf(words + wl, sizeof words - wl, "%s%s=%d",
				i ? "," : "", w, d.words[i].score);
		}
		if (d.bingo)
			snprintf(words + wl, sizeof words - wl, ",+%d", d.bingo);
		ck_assert_msg(strcmp(words, f[3]) == 0, "%s:%ld: words %s", path,
			lineno, words);
		ncases++;
	}
	free(line);
	fclose(fp);
	ck_assert_int_ge(ncases, 17);
}
END_TEST

/* --- Conformance --- */

struct conf {
	const char *variant;
	const char *wordlist;   /* as under ../shared (test_conformance_path) */
	const char *moves;
};

static const struct conf confs[] = {
	{ "no", "wordlists/small/no-bokmaal-2to4.txt", "conformance/no-moves.txt" },
	{ "da", "conformance/da-2to4-lower.txt", "conformance/da-moves.txt" },
	{ "is", "wordlists/small/is-2to4.txt", "conformance/is-moves.txt" },
	{ "en", "wordlists/small/en-enable-2to4.txt", "conformance/en-moves.txt" },
};

/* The listed placements of one position, for near-miss checks. */
#define CONF_MAX 4096
struct listed {
	int n;
	struct move m[CONF_MAX];
	char text[CONF_MAX][48];
};

static int
cmp_text(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Text of m as the lists write it (one-tile plays canonical). */
static void
listed_text(const struct rules *r, const struct board *b, struct move m,
	char *out, size_t cap)
{
	move_canonical(b, &m);
	if (move_format(r, &m, out, cap) < 0)
		snprintf(out, cap, "(unformattable)");
}

/* Near misses of every listed move: each placed tile changed to another
 * letter or to a blank, and the whole play shifted one square each way.
 * The lists hold EVERY legal placement, so a variant validates exactly
 * when it is listed (down plays on an empty board are not listed, being
 * mirror images).  Returns the number of variants tried. */
static long
near_misses(const struct rules *r, const struct lex *lex,
	const struct position *p, struct listed *L, const char *where)
{
	long tried = 0;
	int i, k, v, empty = board_count(&p->board) == 0;
	char pre[64], post[64];

	qsort(L->text, (size_t)L->n, sizeof L->text[0], cmp_text);
	for (i = 0; i < L->n; i++) {
		for (v = 0; v < 2 * L->m[i].len + 4; v++) {
			struct move m = L->m[i];
			struct err e;
			int ok, listed;

			if (v < 2 * m.len) {
				k = v / 2;
				if (m.tiles[k] == 0)
					continue;
				if (v % 2 == 0)
					m.tiles[k] = (uint8_t)(TILE_LETTER(m.tiles[k])
						% r->nletters + 1);
				else
					m.tiles[k] = (uint8_t)(TILE_LETTER(m.tiles[k])
						| TILE_BLANK);
			} else {
				int d = (v - 2 * m.len) % 2 ? 1 : -1;

				if (v - 2 * m.len < 2)
					m.row = (uint8_t)(m.row + d);
				else
					m.col = (uint8_t)(m.col + d);
				if (m.row >= p->board.rows || m.col >= p->board.cols)
					continue;
			}
			if (move_format(r, &m, pre, sizeof pre) < 0)
				continue;
			ok = move_validate(r, lex, p, &m, NULL, &e) == 0;
			tried++;
			if (ok) {
				if (empty && m.dir == DIR_DOWN && m.ntiles > 1)
					continue;
				listed_text(r, &p->board, m, post, sizeof post);
				ck_assert_msg(bsearch(post, L->text, (size_t)L->n,
					sizeof L->text[0], cmp_text) != NULL,
					"%s: %s (from %s) validates but is not listed",
					where, post, pre);
			} else {
				listed = bsearch(pre, L->text, (size_t)L->n,
					sizeof L->text[0], cmp_text) != NULL;
				ck_assert_msg(!listed, "%s: %s is listed but: %s", where,
					pre, e.msg);
			}
		}
	}
	L->n = 0;
	return tried;
}

START_TEST(conformance)
{
	const struct conf *c = &confs[_i];
	const struct rules *r = rules_builtin(c->variant);
	char wpath[1024], mpath[1024], out[4096];
	FILE *fp;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	struct lex *lex;
	struct position p;
	struct listed *L;
	int have_pos = 0;
	long lineno = 0, nmoves = 0, npos = 0, nsingle = 0, nnear = 0;
	char where[1100];

	ck_assert_ptr_nonnull(r);
	test_conformance_path(c->wordlist, wpath, sizeof wpath, NULL);
	test_conformance_path(c->moves, mpath, sizeof mpath, NULL);
	lex = test_lex_from_file(r, wpath, 1);
	L = calloc(1, sizeof *L);
	ck_assert_ptr_nonnull(L);
	fp = fopen(mpath, "r");
	ck_assert_ptr_nonnull(fp);
	while ((len = getline(&line, &cap, fp)) >= 0) {
		struct err e;
		char *tab;
		struct move m;
		long want;

		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len == 0) {
			if (have_pos)
				nnear += near_misses(r, lex, &p, L, where);
			have_pos = 0;
			continue;
		}
		if (!have_pos) {
			ck_assert_msg(cgp_parse(r, line, (size_t)len, &p, &e) == 0,
				"%s:%ld: %s", mpath, lineno, e.msg);
			ck_assert_msg(cgp_format(r, &p, out, sizeof out) == len,
				"%s:%ld: round trip length", mpath, lineno);
			ck_assert_msg(strcmp(out, line) == 0,
				"%s:%ld: round trip gave %s", mpath, lineno, out);
			have_pos = 1;
			npos++;
			snprintf(where, sizeof where, "%s:%ld", mpath, lineno);
			continue;
		}
		tab = strchr(line, '\t');
		ck_assert_msg(tab != NULL, "%s:%ld: no tab", mpath, lineno);
		want = strtol(tab + 1, NULL, 10);
		ck_assert_msg(move_parse(r, &p.board, line, (size_t)(tab - line), 0,
			&m, &e) == 0, "%s:%ld: %s", mpath, lineno, e.msg);
		ck_assert_msg(move_validate(r, lex, &p, &m, NULL, &e) == 0,
			"%s:%ld: %s", mpath, lineno, e.msg);
		ck_assert_msg(m.score == want, "%s:%ld: %s scores %d, listed %ld",
			mpath, lineno, line, m.score, want);
		ck_assert_int_eq(move_score(r, &p.board, &m, NULL), m.score);
		ck_assert_msg(move_format(r, &m, out, sizeof out)
			== (int)(tab - line) && memcmp(out, line, (size_t)(tab - line))
			== 0, "%s:%ld: formatted as %s", mpath, lineno, out);
		/* A one-tile play given as just its tile, either way, comes
		 * back from move_canonical in the listed form. */
		if (m.ntiles == 1) {
			struct move one = m;
			int i, dir;

			for (i = 0; m.tiles[i] == 0; i++)
				;
			for (dir = DIR_ACROSS; dir <= DIR_DOWN; dir++) {
				one.row = (uint8_t)(m.row + (m.dir == DIR_DOWN ? i : 0));
				one.col = (uint8_t)(m.col + (m.dir == DIR_ACROSS ? i : 0));
				one.dir = (uint8_t)dir;
				one.len = 1;
				one.tiles[0] = m.tiles[i];
				move_canonical(&p.board, &one);
				ck_assert_int_eq(move_format(r, &one, out, sizeof out),
					(int)(tab - line));
				ck_assert_msg(memcmp(out, line, (size_t)(tab - line))
					== 0, "%s:%ld: canonical %s", mpath, lineno, out);
			}
			nsingle++;
		}
		ck_assert_int_lt(L->n, CONF_MAX);
		L->m[L->n] = m;
		snprintf(L->text[L->n], sizeof L->text[0], "%.*s",
			(int)(tab - line), line);
		L->n++;
		nmoves++;
	}
	if (have_pos)
		nnear += near_misses(r, lex, &p, L, where);
	free(line);
	fclose(fp);
	free(L);
	lex_destroy(lex);
	ck_assert_int_gt(nnear, 10000);
	ck_assert_int_gt(npos, 10);
	ck_assert_int_gt(nmoves, 1000);
	ck_assert_int_gt(nsingle, 10);
}
END_TEST

/* The breakdown scoremove prints: main word first, then the cross words,
 * then the bonus; a buffer too small is refused.  By hand: 8H RETAiNS is
 * R E T A i N S = 1+1+1+1+0+1+1 = 6 (the blank on L8's double letter is
 * still 0), doubled by the centre: 12, and 50 for all seven.  Over PLEB on
 * 8H, 7H AA: A on H7 (1) and A on I7's double letter (2) = 3; above P,
 * AP = 1 + 3 = 4; above L, AL = 2 + 1 = 3; 10 in all. */
START_TEST(detail_format)
{
	const struct rules *r = rules_builtin("en");
	struct position p;
	struct move_detail d;
	struct err e;
	char out[64];

	pos_of(r, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AENRST?/ 0/0 0",
	    &p);
	ck_assert_int_eq(play(r, NULL, &p, "8H RETAiNS", &d, &e), 62);
	ck_assert_int_eq(move_detail_format(r, &d, out, sizeof out), 14);
	ck_assert_str_eq(out, "RETAiNS=12,+50");
	ck_assert_int_eq(move_detail_format(r, &d, out, 10), -1);
	pos_of(r, "15/15/15/15/15/15/15/7PLEB4/15/15/15/15/15/15/15 AAEINRT/ 16/0 0",
	    &p);
	ck_assert_int_eq(play(r, NULL, &p, "7H AA", &d, &e), 10);
	ck_assert_int_eq(move_detail_format(r, &d, out, sizeof out), 14);
	ck_assert_str_eq(out, "AA=3,AP=4,AL=3");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("move");
	TCase *tc = tcase_create("notation");
	TCase *tv = tcase_create("validation");
	TCase *tk = tcase_create("conformance");

	tcase_add_test(tc, notation);
	tcase_add_test(tc, notation_with_board);
	tcase_add_test(tc, notation_row_letters);
	suite_add_tcase(s, tc);
	tcase_add_test(tv, validation_messages);
	tcase_add_test(tv, exchanges);
	tcase_add_test(tv, apply);
	tcase_add_test(tv, garbage);
	tcase_add_test(tv, hand_checked);
	tcase_add_test(tv, detail_format);
	suite_add_tcase(s, tv);
	tcase_add_loop_test(tk, conformance, 0,
		(int)(sizeof confs / sizeof confs[0]));
	tcase_set_timeout(tk, 120);
	suite_add_tcase(s, tk);
	return test_run(s);
}
