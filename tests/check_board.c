/* check_board.c — scoring by SPEC §1.2, hand-checked, one premium
 * combination per test, in each variant's letters.  Words need not be real
 * here (no lexicon): these tests are about arithmetic.  Standard board,
 * 1-based GCG squares:
 *   TW A1 H1 O1 A8 O8 ...   DW B2 C3 D4 E5 K5 H8 ...
 *   TL F2 J2 B6 F6 J6 N6    DL D1 L1 G3 I3 A4 H4 O4 C7 G7 I7 M7 D8 L8 */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "board.h"
#include "move.h"
#include "rules.h"

static void
pos_of(const struct rules *r, const char *cgp, struct position *p)
{
	struct err e;

	ck_assert_msg(cgp_parse(r, cgp, strlen(cgp), p, &e) == 0, "%s: %s", cgp,
		e.msg);
}

/* Validates s (no lexicon) and returns its score, details in *d. */
static int
score_of(const struct rules *r, const struct position *p, const char *s,
	struct move_detail *d)
{
	struct move m;
	struct err e;

	ck_assert_msg(move_parse(r, &p->board, s, strlen(s), 0, &m, &e) == 0,
		"%s: %s", s, e.msg);
	ck_assert_msg(move_validate(r, NULL, p, &m, d, &e) == 0, "%s: %s", s,
		e.msg);
	ck_assert_int_eq(move_score(r, &p->board, &m, NULL), m.score);
	ck_assert_int_eq(d->score, m.score);
	return m.score;
}

static void
word_is(const struct rules *r, const struct move_word *w, const char *text,
	int score)
{
	char buf[128];

	ck_assert_int_ge(rules_word_to_utf8(r, w->tiles, w->len, buf, sizeof buf),
		0);
	ck_assert_str_eq(buf, text);
	ck_assert_int_eq(w->score, score);
}

#define EMPTY "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"

START_TEST(board_basics)
{
	const struct rules *no = rules_builtin("no");
	struct board b;
	struct position p;

	board_init(&b, no);
	ck_assert_int_eq(b.rows, 15);
	ck_assert_int_eq(b.cols, 15);
	ck_assert_int_eq(board_count(&b), 0);
	position_init(&p, no);
	ck_assert_str_eq(p.rules_name, "no");
	ck_assert_int_eq(p.nplayers, 2);
	ck_assert_int_eq(p.exchange_min, -1);
	/* The premium table is the ruleset's. */
	ck_assert_int_eq(no->premium[7 * 15 + 7], SQ_DW);
	ck_assert_int_eq(no->premium[0], SQ_TW);
	ck_assert_int_eq(no->premium[1 * 15 + 5], SQ_TL);
	ck_assert_int_eq(no->premium[7 * 15 + 3], SQ_DL);
}
END_TEST

/* First play covers H8 and is doubled; D8 is a double letter under Ø:
 * 8D ØRRET = (Ø4*2 + R1 + R1 + E1 + T1) * 2 = 24 (Norwegian values). */
START_TEST(first_play_dl_dw)
{
	const struct rules *no = rules_builtin("no");
	struct position p;
	struct move_detail d;

	pos_of(no, EMPTY " EKRRTØÅ/ 0/0 0 ld no;", &p);
	ck_assert_int_eq(score_of(no, &p, "8D ØRRET", &d), 24);
	ck_assert_int_eq(d.nwords, 1);
	word_is(no, &d.words[0], "ØRRET", 24);
	ck_assert_int_eq(d.bingo, 0);
	/* Down from H8 instead: H8 DW, H12 DL under T: (4+1+1+1+1*2)*2 = 18. */
	ck_assert_int_eq(score_of(no, &p, "H8 ØRRET", &d), 18);
	/* Å placed on H8 alone in ÅR: (4+1)*2 = 10. */
	ck_assert_int_eq(score_of(no, &p, "8H ÅR", &d), 10);
}
END_TEST

/* Two double words multiply: E5 and K5 both new, RIV already there:
 * 5E SK...ER = (S1+K3+R1+I2+V5+E1+R1) * 2 * 2 = 56. */
START_TEST(two_dw)
{
	const struct rules *no = rules_builtin("no");
	struct position p;
	struct move_detail d;

	pos_of(no, "15/15/15/15/6RIV6/15/15/15/15/15/15/15/15/15/15 "
		"EKRSÆØÅ/ 0/0 0 ld no;", &p);
	ck_assert_int_eq(score_of(no, &p, "5E SK...ER", &d), 56);
	ck_assert_int_eq(score_of(no, &p, "5E SK(RIV)ER", &d), 56);
	/* Only E5 new, K5 empty: (1+3+1+2+5)*2 = 24. */
	ck_assert_int_eq(score_of(no, &p, "5E SK...", &d), 24);
}
END_TEST

/* Two triple words multiply (x9), with a double letter between, in
 * Icelandic letters: column A, rows 1-8, ÁÐ already at A2-A3;
 * Þ(7) Á(3) Ð(2) É(7*2 on A4) Í(4) Ó(3) Ú(4) Ý(5) = 42, * 3 * 3 = 378. */
START_TEST(two_tw)
{
	const struct rules *is = rules_builtin("is");
	struct position p;
	struct move_detail d;

	pos_of(is, "15/Á14/Ð14/15/15/15/15/15/15/15/15/15/15/15/15 "
		"ÉÍÓÚÝÞ/ 0/0 0 ld is;", &p);
	ck_assert_int_eq(score_of(is, &p, "A1 Þ..ÉÍÓÚÝ", &d), 378);
	ck_assert_int_eq(d.nwords, 1);
	ck_assert_int_eq(d.bingo, 0);
	/* The same with a blank for É: 28 * 9 = 252. */
	pos_of(is, "15/Á14/Ð14/15/15/15/15/15/15/15/15/15/15/15/15 "
		"?ÍÓÚÝÞ/ 0/0 0 ld is;", &p);
	ck_assert_int_eq(score_of(is, &p, "A1 Þ..éÍÓÚÝ", &d), 252);
}
END_TEST

/* A blank scores 0 even on a triple letter (Danish): ÅS at F7-G7, play
 * down F6 æ(Å)R: æ on F6 (TL) 0, Å 4, R 1 = 5; with a real Æ, 4*3+4+1 = 17. */
START_TEST(blank_on_tl)
{
	const struct rules *da = rules_builtin("da");
	struct position p;
	struct move_detail d;

	pos_of(da, "15/15/15/15/15/15/5ÅS8/15/15/15/15/15/15/15/15 "
		"?ÆRØ/ 0/0 0 ld da;", &p);
	ck_assert_int_eq(score_of(da, &p, "F6 æ.R", &d), 5);
	word_is(da, &d.words[0], "æÅR", 5);
	ck_assert_int_eq(score_of(da, &p, "F6 Æ.R", &d), 17);
	/* A blank already on the board is worth 0 too: ø on D8 (DL). */
	pos_of(da, "15/15/15/15/15/15/15/3ø11/15/15/15/15/15/15/15 "
		"ÆRØ/ 0/0 0 ld da;", &p);
	ck_assert_int_eq(score_of(da, &p, "8D .R", &d), 1);
}
END_TEST

/* Premiums under tiles already on the board count for nothing, in the
 * main word and in cross words (English values).  CAT at H8-J8 covers the
 * H8 double word.  9G OX: main OX = O1*2 (G9 DL) + X8 = 10; cross word
 * CX down H8-H9 = 3 + 8 = 11, H8's DW not counted.  Total 21. */
START_TEST(cross_word_through_covered_premium)
{
	const struct rules *en = rules_builtin("en");
	struct position p;
	struct move_detail d;

	pos_of(en, "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 "
		"EOSX/ 0/0 0 ld en;", &p);
	ck_assert_int_eq(score_of(en, &p, "9G OX", &d), 21);
	ck_assert_int_eq(d.nwords, 2);
	word_is(en, &d.words[0], "OX", 10);
	word_is(en, &d.words[1], "CX", 11);
	/* A cross word whose new tile is on a premium gets it: 7I E on I7
	 * (DL) makes EA down = 1*2 + 1 = 3; main word E alone is no word. */
	ck_assert_int_eq(score_of(en, &p, "7I E", &d), 3);
	ck_assert_int_eq(d.nwords, 1);
	word_is(en, &d.words[0], "EA", 3);
	/* Extending CAT to CATS: K8 plain, H8 not counted again: 6. */
	ck_assert_int_eq(score_of(en, &p, "8H ...S", &d), 6);
}
END_TEST

/* A single tile making words both ways is one move, written across
 * (move_canonical); its main word is the across one, and both words
 * score. */
START_TEST(one_tile_both_ways)
{
	const struct rules *en = rules_builtin("en");
	struct position p;
	struct move_detail d;

	/* CAT at H8-J8, UP at K9-K10.  S on K8: CATS 3+1+1+1 = 6, SUP
	 * 1+1+3 = 5. */
	pos_of(en, "15/15/15/15/15/15/15/7CAT5/10U4/10P4/15/15/15/15/15 "
		"S/ 0/0 0 ld en;", &p);
	ck_assert_int_eq(score_of(en, &p, "8H ...S", &d), 11);
	ck_assert_int_eq(d.nwords, 2);
	word_is(en, &d.words[0], "CATS", 6);
	word_is(en, &d.words[1], "SUP", 5);
	ck_assert_int_eq(score_of(en, &p, "K8 S..", &d), 11);
	word_is(en, &d.words[0], "CATS", 6);
	word_is(en, &d.words[1], "SUP", 5);
	/* UPS below: SUPS and CATS, CATS (across) leads. */
	pos_of(en, "15/15/15/15/15/15/15/7CAT5/10U4/10P4/10S4/15/15/15/15 "
		"S/ 0/0 0 ld en;", &p);
	ck_assert_int_eq(score_of(en, &p, "K8 S...", &d), 12);
	word_is(en, &d.words[0], "CATS", 6);
	word_is(en, &d.words[1], "SUPS", 6);
	/* The across word leads even when shorter and written down. */
	pos_of(en, "15/15/15/15/15/15/15/8AT5/10U4/10P4/10S4/15/15/15/15 "
		"S/ 0/0 0 ld en;", &p);
	ck_assert_int_eq(score_of(en, &p, "K8 S...", &d), 9);
	word_is(en, &d.words[0], "ATS", 3);
	word_is(en, &d.words[1], "SUPS", 6);
}
END_TEST

/* Bingo: all seven tiles add 50 once (Danish). 8B ÆBLERNE: D8 DL under L,
 * H8 DW: (4+3+2*2+1+1+1+1) * 2 + 50 = 80. */
START_TEST(bingo)
{
	const struct rules *da = rules_builtin("da");
	struct position p;
	struct move_detail d;

	pos_of(da, EMPTY " BEELNRÆ/ 0/0 0 ld da;", &p);
	ck_assert_int_eq(score_of(da, &p, "8B ÆBLERNE", &d), 80);
	ck_assert_int_eq(d.bingo, 50);
	word_is(da, &d.words[0], "ÆBLERNE", 30);
	/* Six of the seven: no bonus. 8C BLERNE: (3+2*2+1+1+1+1)*2 = 22. */
	ck_assert_int_eq(score_of(da, &p, "8C BLERNE", &d), 22);
	ck_assert_int_eq(d.bingo, 0);
	/* A bingo with a blank and a cross word (Norwegian): ROT at H8-J8,
	 * seven tiles across row 9 from B9 (C9 and G9 are double letters):
	 * 9B øLLERES: ø 0, L 2*2, L 2, E 1, R 1, E 1*2, S 1 = 11; cross
	 * word RS down H8-H9 = 1 + 1 = 2; 11 + 2 + 50 = 63. */
	{
		const struct rules *no = rules_builtin("no");

		pos_of(no, "15/15/15/15/15/15/15/7ROT5/15/15/15/15/15/15/15 "
			"?EELLRS/ 0/0 0 ld no;", &p);
		ck_assert_int_eq(score_of(no, &p, "9B øLLERES", &d), 63);
		ck_assert_int_eq(d.nwords, 2);
		word_is(no, &d.words[0], "øLLERES", 11);
		word_is(no, &d.words[1], "RS", 2);
		ck_assert_int_eq(d.bingo, 50);
	}
}
END_TEST

/* The explo layout: start square D4 (a double word), so the first play
 * must cover it. */
START_TEST(explo_layout)
{
	struct rules r = *rules_builtin("no");
	struct position p;
	struct move m;
	struct move_detail d;
	struct err e;

	ck_assert_int_eq(rules_layout(&r, "explo", &e), 0);
	ck_assert_int_eq(r.start_row, 3);
	ck_assert_int_eq(r.start_col, 3);
	pos_of(&r, EMPTY " LØ/ 0/0 0 ld no;", &p);
	ck_assert_int_eq(move_parse(&r, &p.board, "8H ØL", 5, 0, &m, &e), 0);
	ck_assert_int_eq(move_validate(&r, NULL, &p, &m, NULL, &e), -1);
	ck_assert_str_eq(e.msg, "first play must cover the start square D4");
	/* 4D ØL: D4 DW, E4 plain: (4+2)*2 = 12. */
	ck_assert_int_eq(score_of(&r, &p, "4D ØL", &d), 12);
}
END_TEST

/* A layout file: quadruple letter and word premiums, a 2x7 board, the
 * start square in a corner (tests/data/move/quad.layout:
 * A1 QW, B1 DL, D1 TL, E1 QL, G1 QW). */
START_TEST(layout_file_quad)
{
	struct rules r = *rules_builtin("en");
	struct position p;
	struct move_detail d;
	struct err e;

	ck_assert_msg(rules_layout(&r, "tests/data/move/quad.layout", &e) == 0,
		"%s", e.msg);
	ck_assert_int_eq(r.rows, 2);
	ck_assert_int_eq(r.cols, 7);
	pos_of(&r, "7/7 AEELMPX/ 0/0 0 ld en;", &p);
	/* E 1 + X 8*2 + A 1 + M 3*3 + P 3*4 + L 1 + E 1 = 41, * 4 * 4,
	 * + 50 = 706. */
	ck_assert_int_eq(score_of(&r, &p, "1A EXAMPLE", &d), 706);
	ck_assert_int_eq(d.bingo, 50);
	/* (1 + 8*2) * 4 = 68. */
	ck_assert_int_eq(score_of(&r, &p, "1A EX", &d), 68);
	/* Down from A1 across both rows: (1 + 8) * 4 = 36. */
	ck_assert_int_eq(score_of(&r, &p, "A1 EX", &d), 36);
}
END_TEST

/* Tile accounting: unseen tiles and the bag. */
START_TEST(unseen_and_bag)
{
	const struct rules *no = rules_builtin("no");
	struct position p;
	uint8_t unseen[RULES_MAX_TILES];
	struct err e;

	/* 104 tiles; board 3 (one a blank), rack 7, opponent 7: bag 87. */
	pos_of(no, "15/15/15/15/15/15/15/7RoT5/15/15/15/15/15/15/15 "
		"?AEKLØØ/ABCDEFG 0/0 0 ld no;", &p);
	ck_assert_int_eq(board_unseen(no, &p, 0, unseen, &e), 0);
	ck_assert_int_eq(unseen[0], 0);          /* both blanks seen */
	ck_assert_int_eq(unseen[28], 0);         /* Ø: 2, both on the rack */
	ck_assert_int_eq(unseen[15], 4);         /* O: only a blank played it */
	ck_assert_int_eq(unseen[18], 6);         /* R */
	ck_assert_int_eq(position_bag_count(no, &p), 104 - 3 - 7 - 7);
	/* The opponent's point of view. */
	ck_assert_int_eq(board_unseen(no, &p, 1, unseen, &e), 0);
	ck_assert_int_eq(unseen[0], 1);
	ck_assert_int_eq(unseen[28], 2);
	/* Unknown racks count as full: 104 - 3 - 7 - 7 again; with both
	 * unknown and only 10 tiles unseen, all 10 are on the racks. */
	p.rack_known[0] = 0;
	ck_assert_int_eq(position_bag_count(no, &p), 87);
	p.rack_known[1] = 0;
	ck_assert_int_eq(position_bag_count(no, &p), 87);
	p.board.ntiles = 0;
	memset(p.board.sq, 0, sizeof p.board.sq);
	memset(p.board.sq, 1, 7);               /* A */
	memset(p.board.sq + 7, 5, 9);           /* E */
	memset(p.board.sq + 16, 18, 7);         /* R */
	memset(p.board.sq + 23, 14, 6);         /* N */
	memset(p.board.sq + 29, 19, 7);         /* S */
	memset(p.board.sq + 36, 20, 7);         /* T */
	memset(p.board.sq + 43, 9, 6);          /* I */
	memset(p.board.sq + 49, 12, 5);         /* L */
	memset(p.board.sq + 54, 4, 5);          /* D */
	memset(p.board.sq + 59, 15, 4);         /* O */
	memset(p.board.sq + 63, 11, 4);         /* K */
	memset(p.board.sq + 67, 7, 4);          /* G */
	memset(p.board.sq + 71, 6, 4);          /* F */
	memset(p.board.sq + 75, 2, 3);          /* B */
	memset(p.board.sq + 78, 8, 3);          /* H */
	memset(p.board.sq + 81, 13, 3);         /* M */
	memset(p.board.sq + 84, 21, 3);         /* U */
	memset(p.board.sq + 87, 22, 3);         /* V */
	memset(p.board.sq + 90, 10, 2);         /* J */
	ck_assert_int_eq(board_count(&p.board), 92);
	ck_assert_int_eq(position_bag_count(no, &p), 0);
	p.rack_known[0] = 1;
	memset(p.racks[0], 0, sizeof p.racks[0]);
	ck_assert_int_eq(position_bag_count(no, &p), 12 - 7);
	p.rack_known[1] = 1;
	pos_of(no, "15/15/15/15/15/15/15/7RoT5/15/15/15/15/15/15/15 "
		"?AEKLØØ/ABCDEFG 0/0 0 ld no;", &p);
	/* Too many of a tile. */
	p.racks[0][0] = 2;
	ck_assert_int_eq(board_unseen(no, &p, 0, unseen, &e), -1);
	ck_assert_str_eq(e.msg, "too many ?: the board and the rack hold 3, "
		"the no bag has 2");
	ck_assert_int_eq(position_bag_count(no, &p), -1);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("board");
	TCase *tc = tcase_create("scoring");

	tcase_add_test(tc, board_basics);
	tcase_add_test(tc, first_play_dl_dw);
	tcase_add_test(tc, two_dw);
	tcase_add_test(tc, two_tw);
	tcase_add_test(tc, blank_on_tl);
	tcase_add_test(tc, cross_word_through_covered_premium);
	tcase_add_test(tc, one_tile_both_ways);
	tcase_add_test(tc, bingo);
	tcase_add_test(tc, explo_layout);
	tcase_add_test(tc, layout_file_quad);
	tcase_add_test(tc, unseen_and_bag);
	suite_add_tcase(s, tc);
	return test_run(s);
}
