/*
 * check_picture.c — board pictures (picture.h).
 *
 * The SVG of every built-in ruleset is checked by real tools, as a user's
 * browser would meet it: xmllint (libxml2-utils) must find it well-formed,
 * rsvg-convert (librsvg2-bin) must render it, and the rendered pixels must
 * show the customary colours on known premium squares and tiles where they
 * were put.  `make setup` installs both programs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "testutil.h"
#include "png.h"
#include "board.h"
#include "move.h"
#include "picture.h"
#include "rules.h"

/* The customary colours, by enum premium, written out by hand. */
static const uint32_t want_fill[] = {
	0xd3e4c5, 0xa9d3f0, 0x3479c4, 0xf3aaa3, 0xd4423a
};
#define TILE_FILL   0xf1d39b
#define BLANK_FILL  0xfbf1de
#define PLAYED_LINE 0xe4572e

static char tmpdir[] = "/tmp/check_picture.XXXXXX";

/* run: a shell command's exit status (-1 if it did not run). */
static int
run(const char *cmd)
{
	int rc = system(cmd);

	return rc == -1 ? -1 : WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* A position of r: letters 1 (tile) and 2 (blank) and 3 across from the
 * start square; the played move puts 4 and 5 down from under letter 1; the
 * ghost move 6 and 7 across from there (its first square taken by the
 * played move's). */
static void
scene(const struct rules *r, struct position *p, struct move *played,
	struct move *ghost)
{
	int s = r->start_row * r->cols + r->start_col;

	position_init(p, r);
	p->board.sq[s] = 1;
	p->board.sq[s + 1] = 2 | TILE_BLANK;
	p->board.sq[s + 2] = 3;
	p->board.ntiles = 3;
	p->racks[0][1] = 2;
	p->racks[0][0] = 1;
	p->scores[0] = 7;
	p->scores[1] = 12;
	memset(played, 0, sizeof *played);
	played->kind = MOVE_PLACE;
	played->dir = DIR_DOWN;
	played->row = (uint8_t)(r->start_row + 1);
	played->col = (uint8_t)r->start_col;
	played->len = played->ntiles = 2;
	played->tiles[0] = 4;
	played->tiles[1] = 5;
	*ghost = *played;
	ghost->dir = DIR_ACROSS;
	ghost->tiles[0] = 6;
	ghost->tiles[1] = 7;
}

static uint32_t
pixel(const struct png *png, int col, int row, int dx, int dy)
{
	return png_rgb(png, PICTURE_MARGIN + col * PICTURE_SQUARE + dx,
	    PICTURE_MARGIN + row * PICTURE_SQUARE + dy);
}

/* near: is (col,row) within the scene's squares? */
static int
near(const struct rules *r, int row, int col)
{
	return row >= r->start_row && row <= r->start_row + 2 &&
	    col >= r->start_col && col <= r->start_col + 2;
}

/* check_render: draws r's scene, checks it with xmllint and the pixels
 * rsvg-convert renders. */
static void
check_render(const struct rules *r)
{
	struct position p;
	struct move played, ghost;
	struct picture pic;
	struct png png;
	struct err e;
	char svg[128], pngpath[128], cmd[512];
	FILE *fp;
	int kind, row, col, checked = 0;

	scene(r, &p, &played, &ghost);
	picture_init(&pic, r, &p);
	pic.marks[PICTURE_PLAYED] = &played;
	pic.marks[PICTURE_GHOST] = &ghost;
	pic.names[1] = "Ósk <&> \"Þór\"";
	pic.caption = "a caption & more";
	snprintf(svg, sizeof svg, "%s/%s.svg", tmpdir, r->name);
	snprintf(pngpath, sizeof pngpath, "%s/%s.png", tmpdir, r->name);
	fp = fopen(svg, "w");
	ck_assert_ptr_nonnull(fp);
	err_clear(&e);
	ck_assert_int_eq(picture_svg(fp, &pic, 0, &e), 0);
	ck_assert_int_eq(fclose(fp), 0);

	snprintf(cmd, sizeof cmd, "xmllint --noout '%s'", svg);
	ck_assert_msg(run(cmd) == 0, "%s: not well-formed XML (or xmllint "
	    "missing: make setup installs libxml2-utils)", svg);
	snprintf(cmd, sizeof cmd, "rsvg-convert -o '%s' '%s'", pngpath, svg);
	ck_assert_msg(run(cmd) == 0, "%s: rsvg-convert failed (or missing: "
	    "make setup installs librsvg2-bin)", svg);
	ck_assert_int_eq(png_read(pngpath, &png), 0);
	ck_assert_int_eq(png.width, PICTURE_MARGIN + r->cols * PICTURE_SQUARE + 16);

	/* One square of each premium kind (and a plain one) away from the
	 * tiles: its colour at a corner, clear of the label. */
	for (kind = SQ_PLAIN; kind <= SQ_TW; kind++) {
		int found = 0;

		for (row = 0; row < r->rows && !found; row++)
			for (col = 0; col < r->cols && !found; col++)
				if (r->premium[row * r->cols + col] == kind &&
				    !near(r, row, col) &&
				    !(row == r->start_row && col == r->start_col)) {
					ck_assert_msg(pixel(&png, col, row, 4, 4) ==
					    want_fill[kind], "%s: premium %d at "
					    "%c%d is %06x", r->name, kind, 'A' + col,
					    row + 1, pixel(&png, col, row, 4, 4));
					found = 1;
					checked++;
				}
	}
	ck_assert_int_ge(checked, 5);
	/* Tiles where they were put: a tile, a blank, the played move's
	 * outline, the ghost drawn over its square, and on the square both
	 * use the played tile with the ghost's tile as a small dashed tile
	 * in its top left corner (neither hides the other). */
	ck_assert_uint_eq(pixel(&png, r->start_col, r->start_row, 6, 6),
	    TILE_FILL);
	ck_assert_uint_eq(pixel(&png, r->start_col + 1, r->start_row, 6, 6),
	    BLANK_FILL);
	ck_assert_uint_eq(pixel(&png, r->start_col + 2, r->start_row, 6, 6),
	    TILE_FILL);
	ck_assert_uint_eq(pixel(&png, r->start_col, r->start_row + 1, 2, 20),
	    PLAYED_LINE);
	ck_assert_uint_eq(pixel(&png, r->start_col, r->start_row + 2, 2, 20),
	    PLAYED_LINE);
	ck_assert_uint_eq(pixel(&png, r->start_col, r->start_row + 1, 16, 5),
	    BLANK_FILL);
	ck_assert_uint_eq(pixel(&png, r->start_col, r->start_row + 1, 33, 8),
	    TILE_FILL);
	ck_assert_uint_eq(pixel(&png, r->start_col, r->start_row + 2, 6, 6),
	    TILE_FILL);
	/* The ghost's own square: no premium label shows through it (its
	 * square is painted over before the faded tile). */
	{
		uint32_t g = pixel(&png, r->start_col + 1, r->start_row + 1, 6, 6);
		int prem = r->premium[(r->start_row + 1) * r->cols +
		    r->start_col + 1];

		ck_assert_uint_ne(g, want_fill[prem]);
		ck_assert_uint_ne(g, TILE_FILL);
	}
	/* An empty square just beyond the ghost is still the board's. */
	ck_assert_uint_eq(pixel(&png, r->start_col + 3, r->start_row + 3, 4, 4),
	    want_fill[r->premium[(r->start_row + 3) * r->cols +
	    r->start_col + 3]]);
	free(png.rgba);
	unlink(svg);
	unlink(pngpath);
}

START_TEST(svg_every_ruleset)
{
	const char *const *names = rules_builtin_names();
	int i;

	for (i = 0; names[i] != NULL; i++)
		check_render(rules_builtin(names[i]));
	ck_assert_int_ge(i, 6);
}
END_TEST

/* A layout that is not 15 x 15: an 11 x 11 board of the English rules,
 * start F6, its premiums placed by hand. */
START_TEST(svg_other_layout)
{
	struct rules r = *rules_builtin("en");

	memset(r.premium, 0, sizeof r.premium);
	r.rows = r.cols = 11;
	r.start_row = r.start_col = 5;
	r.premium[0] = SQ_TW;
	r.premium[10] = SQ_DW;
	r.premium[10 * 11] = SQ_TL;
	r.premium[10 * 11 + 10] = SQ_DL;
	check_render(&r);
}
END_TEST

/* strip: src without its ANSI escapes and the blanks that end its lines
 * (a coloured square is painted to its full width) into dst. */
static void
strip(const char *src, char *dst)
{
	char *start = dst;

	while (*src) {
		if (*src == '\033') {
			while (*src && *src != 'm')
				src++;
			if (*src)
				src++;
			continue;
		}
		if (*src == '\n')
			while (dst > start && dst[-1] == ' ')
				dst--;
		*dst++ = *src++;
	}
	*dst = '\0';
}

static char *
text_of(const struct picture *pic, int flags)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct err e;

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(picture_text(fp, pic, flags, &e), 0);
	fclose(fp);
	return buf;
}

START_TEST(text_board)
{
	const struct rules *r = rules_builtin("is");
	struct position p;
	struct move played, ghost;
	struct picture pic;
	char *plain, *colour, *bare;

	scene(r, &p, &played, &ghost);
	picture_init(&pic, r, &p);
	pic.marks[PICTURE_PLAYED] = &played;
	pic.marks[PICTURE_GHOST] = &ghost;
	pic.caption = "caption";
	plain = text_of(&pic, 0);
	colour = text_of(&pic, PICTURE_COLOUR);
	bare = malloc(strlen(colour) + 1);
	ck_assert_ptr_nonnull(bare);
	strip(colour, bare);
	ck_assert_str_eq(bare, plain);
	ck_assert_ptr_null(strchr(plain, '\033'));
	ck_assert_ptr_nonnull(strchr(colour, '\033'));
	/* Icelandic (standard layout, start H8; values of SPEC §1.1): A (1
	 * point), a blank for Á (0), B (5) across from H8; under the A the
	 * played D (5) and Ð (2); the ghost's E under the D, which shows in
	 * braces (both moves use the square), its É (7) in parentheses beside
	 * it.  Written out by hand. */
	ck_assert_msg(strstr(plain, "\n 8  3W   \xc2\xb7    \xc2\xb7    2L") != NULL,
	    "%s", plain);
	ck_assert_msg(strstr(plain, "   A\xe2\x82\x81   \xc3\xa1\xe2\x82\x80   "
	    "B\xe2\x82\x85   \xc2\xb7    2L ") != NULL, "%s", plain);
	ck_assert_msg(strstr(plain, " 2L  {D\xe2\x82\x85} (\xc3\x89\xe2\x82\x87)  \xc2\xb7 ")
	    != NULL, "%s", plain);
	ck_assert_msg(strstr(plain, "\n{ } a square both moves use") != NULL,
	    "%s", plain);
	ck_assert_msg(strstr(plain, "\n10 ") != NULL &&
	    strstr(strstr(plain, "\n10 "), "[\xc3\x90\xe2\x82\x82]") != NULL,
	    "%s", plain);
	ck_assert_msg(strstr(plain, "> Player 1") != NULL, "%s", plain);
	ck_assert_msg(strstr(plain, "A\xe2\x82\x81 A\xe2\x82\x81 ?\xe2\x82\x80\n")
	    != NULL, "%s", plain);
	ck_assert_msg(strstr(plain, "\ncaption\n") != NULL, "%s", plain);
	free(plain);
	free(colour);
	free(bare);
}
END_TEST

START_TEST(refuses_bad_tiles)
{
	const struct rules *r = rules_builtin("en");
	struct position p;
	struct move played, ghost;
	struct picture pic;
	struct err e;
	FILE *fp = fopen("/dev/null", "w");

	ck_assert_ptr_nonnull(fp);
	scene(r, &p, &played, &ghost);
	p.board.sq[0] = 40;                     /* en has 26 letters */
	picture_init(&pic, r, &p);
	err_clear(&e);
	ck_assert_int_eq(picture_svg(fp, &pic, 0, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "no letter"));
	ck_assert_int_eq(picture_text(fp, &pic, 0, &e), -1);
	scene(r, &p, &played, &ghost);
	played.row = 14;                        /* runs off the board */
	pic.marks[PICTURE_PLAYED] = &played;
	ck_assert_int_eq(picture_svg(fp, &pic, 0, &e), -1);
	fclose(fp);
}
END_TEST

/* column_clear: are the pixels of column x, rows y0..y1, all the
 * picture's background? */
static int
column_clear(const struct png *png, int x, int y0, int y1)
{
	int y;

	for (y = y0; y <= y1; y++)
		if (png_rgb(png, x, y) != 0xfbfaf5)
			return 0;
	return 1;
}

/* What must fit and what must show: a long nickname ends before the
 * score, a long title and caption end before the right edge (smaller
 * type, then an ellipsis), the exchanged tiles are outlined on the rack,
 * a ghost's square is painted over before its faded tile (no premium
 * label through it).  Rendered by rsvg-convert; the terminal board too. */
START_TEST(fits_and_marks)
{
	const struct rules *r = rules_builtin("en");
	static const char long_text[] = "josh_nationals_round_9 and a caption "
	    "that goes on and on: played 8D SOMETHINGLONG, 112 points; best "
	    "8A ANOTHERLONGONE, worth 130.5; lost 18.5 and more words still";
	struct position p;
	struct move played, ghost, swap;
	struct picture pic;
	struct png png;
	struct err e;
	char svg[128], pngpath[128], cmd[512], *buf = NULL, *text;
	size_t len = 0;
	FILE *fp;
	int x, y, k, top = PICTURE_MARGIN + 28, racks_y;

	scene(r, &p, &played, &ghost);
	memset(&swap, 0, sizeof swap);
	swap.kind = MOVE_EXCHANGE;
	swap.len = 2;
	swap.tiles_known = 1;
	swap.tiles[0] = 1;                      /* an A */
	swap.tiles[1] = TILE_BLANK;             /* the blank */
	p.to_move = 0;
	picture_init(&pic, r, &p);
	pic.marks[PICTURE_PLAYED] = &swap;
	pic.marks[PICTURE_GHOST] = &ghost;
	pic.names[0] = "a_very_long_nickname_from_the_nationals";
	pic.title = long_text;
	pic.caption = long_text;
	snprintf(svg, sizeof svg, "%s/fit.svg", tmpdir);
	snprintf(pngpath, sizeof pngpath, "%s/fit.png", tmpdir);
	fp = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(picture_svg(fp, &pic, 0, &e), 0);
	fclose(fp);
	/* The ghost's own squares are painted before their faded tiles. */
	ck_assert_ptr_nonnull(strstr(buf, "fill=\"#fbfaf5\"/><g opacity=\"0.55\">"));
	fp = fopen(svg, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(buf, fp);
	ck_assert_int_eq(fclose(fp), 0);
	free(buf);
	snprintf(cmd, sizeof cmd, "rsvg-convert -o '%s' '%s'", pngpath, svg);
	ck_assert_int_eq(run(cmd), 0);
	ck_assert_int_eq(png_read(pngpath, &png), 0);
	/* Nothing of the title (rows 6..28) or the caption in the last 12
	 * columns. */
	racks_y = top + r->rows * PICTURE_SQUARE + 14;
	for (x = png.width - 12; x < png.width; x++) {
		ck_assert_msg(column_clear(&png, x, 4, 28), "title at x %d", x);
		ck_assert_msg(column_clear(&png, x, racks_y + 2 * 40, png.height -
		    1), "caption at x %d", x);
	}
	/* The nickname stops before the score's column (the score, 7, is
	 * right-aligned at MARGIN + 220). */
	for (x = PICTURE_MARGIN + 190; x < PICTURE_MARGIN + 206; x++)
		ck_assert_msg(column_clear(&png, x, racks_y + 4, racks_y + 28),
		    "name at x %d", x);
	/* The rack A A ?: the first A and the blank exchanged (outlined),
	 * the second A not. */
	for (k = 0; k < 3; k++) {
		x = PICTURE_MARGIN + 240 + k * 34 + 1;
		y = racks_y + 16;
		if (k == 1)
			ck_assert_uint_ne(png_rgb(&png, x, y), PLAYED_LINE);
		else
			ck_assert_uint_eq(png_rgb(&png, x, y), PLAYED_LINE);
	}
	free(png.rgba);
	unlink(svg);
	unlink(pngpath);
	/* The terminal: the name cut with an ellipsis, the exchanged tiles
	 * in brackets. */
	pic.title = NULL;
	pic.caption = NULL;
	text = text_of(&pic, 0);
	ck_assert_msg(strstr(text, "> a_very_long_nicknam\xe2\x80\xa6     7   [A\xe2\x82\x81] "
	    "A\xe2\x82\x81 [?\xe2\x82\x80]\n") != NULL, "%s", text);
	free(text);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("picture");
	TCase *tc = tcase_create("core");
	int rc;

	if (mkdtemp(tmpdir) == NULL) {
		perror(tmpdir);
		return 1;
	}
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, svg_every_ruleset);
	tcase_add_test(tc, svg_other_layout);
	tcase_add_test(tc, text_board);
	tcase_add_test(tc, refuses_bad_tiles);
	tcase_add_test(tc, fits_and_marks);
	suite_add_tcase(s, tc);
	rc = test_run(s);
	rmdir(tmpdir);
	return rc;
}
