/*
 * picture.c — SVG and terminal pictures of a position (picture.h).
 *
 * Both writers walk one grid of cells worked out by picture_cells(): what
 * each square shows (premium, tile, a move's tile, a ghost tile), so the two
 * forms cannot disagree about the board.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "picture.h"

/* What one square shows. */
enum cell_kind { CELL_EMPTY, CELL_TILE, CELL_PLAYED, CELL_GHOST };

struct cell {
	uint8_t kind;       /* enum cell_kind */
	uint8_t tile;       /* letter, |TILE_BLANK for a blank */
	uint8_t both;       /* CELL_PLAYED: the ghost move uses it too */
	uint8_t ghost;      /* then the ghost's tile */
};

/* Customary colours (the printed boards and Quackle's), by enum premium. */
static const char *const svg_fill[] = {
	"#d3e4c5", "#a9d3f0", "#3479c4", "#f3aaa3", "#d4423a", "#2f9a68",
	"#e68a23"
};
static const char *const svg_ink[] = {
	"#55704a", "#1d4f73", "#ffffff", "#7a2720", "#ffffff", "#ffffff",
	"#3d2300"
};
static const char *const label[] = { "", "2L", "3L", "2W", "3W", "4L", "4W" };
/* The same in xterm's 256 colours: background, foreground. */
static const int term_bg[] = { 151, 117, 32, 217, 160, 35, 208 };
static const int term_fg[] = { 65, 17, 231, 88, 231, 231, 16 };

#define SQ        PICTURE_SQUARE
#define MARGIN    PICTURE_MARGIN
#define RACK_TILE 32
#define FONT      "DejaVu Sans,Verdana,Arial,sans-serif"

static int
letter_ok(const struct rules *r, uint8_t t)
{
	int l = TILE_LETTER(t);

	return l >= 1 && l <= r->nletters && (t & ~(TILE_BLANK | 0x3f)) == 0;
}

/* picture_cells: fills cells[] (rows * cols) from the board and the marks.
 * Returns -1 with e set if a square or a move holds no letter of r. */
static int
picture_cells(const struct picture *pic, struct cell *cells, struct err *e)
{
	const struct board *b = &pic->p->board;
	int i, k, n = b->rows * b->cols;

	if (b->rows != pic->r->rows || b->cols != pic->r->cols) {
		err_set(e, 0, "picture: the board is %dx%d, the %s layout %dx%d",
		    b->rows, b->cols, pic->r->name, pic->r->rows, pic->r->cols);
		return -1;
	}
	for (i = 0; i < n; i++) {
		cells[i].kind = b->sq[i] ? CELL_TILE : CELL_EMPTY;
		cells[i].tile = b->sq[i];
		cells[i].both = 0;
		cells[i].ghost = 0;
		if (b->sq[i] && !letter_ok(pic->r, b->sq[i])) {
			err_set(e, 0, "picture: square %d holds no letter of %s",
			    i, pic->r->name);
			return -1;
		}
	}
	for (k = 0; k < 2; k++) {
		const struct move *m = pic->marks[k];

		if (m == NULL || m->kind != MOVE_PLACE)
			continue;
		for (i = 0; i < m->len; i++) {
			int row = m->row + (m->dir == DIR_DOWN ? i : 0);
			int col = m->col + (m->dir == DIR_DOWN ? 0 : i);
			struct cell *c;

			if (m->tiles[i] == 0)
				continue;               /* played through */
			if (row >= b->rows || col >= b->cols ||
			    !letter_ok(pic->r, m->tiles[i])) {
				err_set(e, 0, "picture: the move does not fit the "
				    "board");
				return -1;
			}
			c = &cells[row * b->cols + col];
			if (c->kind == CELL_PLAYED && k == PICTURE_GHOST) {
				/* Both moves use the square: the played tile
				 * shows, marked as the ghost's too. */
				c->both = 1;
				c->ghost = m->tiles[i];
				continue;
			}
			if (c->kind != CELL_EMPTY)
				continue;
			c->kind = k == PICTURE_PLAYED ? CELL_PLAYED : CELL_GHOST;
			c->tile = m->tiles[i];
		}
	}
	return 0;
}

void
picture_init(struct picture *pic, const struct rules *r,
	const struct position *p)
{
	memset(pic, 0, sizeof *pic);
	pic->r = r;
	pic->p = p;
}

void
picture_xml_text(FILE *fp, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '&': fputs("&amp;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&#39;", fp); break;
		default:
			if (c >= 0x20 || c == '\t' || c == '\n')
				putc(c, fp);
		}
	}
}

void
picture_fit_text(const char *s, int max, char *out, size_t cap)
{
	size_t i = 0, cut = 0;
	int n = 0;

	if (max < 2)
		max = 2;
	for (; s[i]; i++) {
		if (((unsigned char)s[i] & 0xc0) == 0x80)
			continue;
		if (n == max - 1)
			cut = i;    /* where the ellipsis goes if it is needed */
		if (n++ == max)
			break;
	}
	if (s[i] == '\0' || n <= max) {
		snprintf(out, cap, "%s", s);
		return;
	}
	snprintf(out, cap, "%.*s\u2026", (int)cut, s);
}

static const char *
player_name(const struct picture *pic, int i, char *buf, size_t cap)
{
	if (pic->names[i] != NULL)
		return pic->names[i];
	snprintf(buf, cap, "Player %d", i + 1);
	return buf;
}

/* rack_tiles: the rack as tiles in tile order, blanks ('?') last; returns
 * how many (at most cap). */
static int
rack_tiles(const struct rules *r, const uint8_t *rack, uint8_t *out, int cap)
{
	int t, k, n = 0;

	for (t = 1; t <= r->nletters; t++)
		for (k = 0; k < rack[t] && n < cap; k++)
			out[n++] = (uint8_t)t;
	for (k = 0; k < rack[0] && n < cap; k++)
		out[n++] = TILE_BLANK;
	return n;
}

/* rack_marks: which of player i's rack tiles (n, from rack_tiles) the
 * played move exchanges: swapped[k] 1 for each, the tiles matched by
 * letter (blanks as blanks). */
static void
rack_marks(const struct picture *pic, int i, const uint8_t *rack, int n,
	uint8_t *swapped)
{
	const struct move *m = pic->marks[PICTURE_PLAYED];
	int j, k;

	memset(swapped, 0, (size_t)n);
	if (m == NULL || m->kind != MOVE_EXCHANGE || !m->tiles_known ||
	    i != pic->p->to_move)
		return;
	for (j = 0; j < m->len; j++)
		for (k = 0; k < n; k++)
			if (!swapped[k] && (TILE_IS_BLANK(m->tiles[j]) ?
			    rack[k] == TILE_BLANK : rack[k] == TILE_LETTER(
			    m->tiles[j]))) {
				swapped[k] = 1;
				break;
			}
}

/* svg_line: one line of text at (x, y) in font size size that must fit
 * room pixels: smaller type down to 10 pixels, then cut with an ellipsis.
 * A character is taken as 0.62 of the size (0.68 bold): DejaVu Sans'
 * widest common letters, so that a line of capitals fits too. */
static void
svg_line(FILE *fp, const char *s, int x, int y, int size, int room, int bold)
{
	char fit[1024];
	int n = utf8_count(s), em = bold ? 68 : 62;

	while (size > 10 && n * size * em / 100 > room)
		size--;
	picture_fit_text(s, room * 100 / (size * em), fit, sizeof fit);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"%d\"%s "
	    "fill=\"#222222\">", x, y, size, bold ? " font-weight=\"bold\"" :
	    "");
	picture_xml_text(fp, fit);
	fputs("</text>\n", fp);
}

static int
finish(FILE *fp, struct err *e)
{
	if (ferror(fp)) {
		err_set(e, 0, "picture: write error");
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ SVG */

/* svg_tile: a tile at (x, y), size s.  ghost: drawn faint and dashed. */
static void
svg_tile(FILE *fp, const struct rules *r, int x, int y, int s, uint8_t t,
	int ghost)
{
	int blank = TILE_IS_BLANK(t), l = TILE_LETTER(t);
	int multi = l && strlen(r->utf8[l]) > 4;   /* several characters */
	int big = s * 11 / 20, small = s / 4;

	if (multi)
		big = s * 2 / 5;
	fprintf(fp, "<g%s><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "rx=\"%d\" fill=\"%s\" stroke=\"%s\"%s/>",
	    ghost ? " opacity=\"0.55\"" : "", x + 1, y + 1, s - 2, s - 2,
	    s / 10, blank ? "#fbf1de" : "#f1d39b",
	    ghost ? "#5c4420" : "#a37f45",
	    ghost ? " stroke-width=\"2\" stroke-dasharray=\"4 3\"" : "");
	if (l != 0) {
		fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" "
		    "font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">",
		    x + s / 2 - s / 20, y + s / 2 + big * 7 / 20, big,
		    blank ? "#c0392b" : "#222222");
		picture_xml_text(fp, r->utf8[l]);
		fputs("</text>", fp);
	} else {
		fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" "
		    "text-anchor=\"middle\" fill=\"#c0392b\">?</text>",
		    x + s / 2 - s / 20, y + s / 2 + big * 7 / 20, big);
	}
	fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" "
	    "text-anchor=\"end\" fill=\"#222222\">%d</text></g>\n",
	    x + s - s / 12, y + s - s / 12, small,
	    blank ? 0 : r->values[l]);
}

/* svg_corner: the ghost move's tile on a square the played move holds,
 * as a small dashed tile in the square's top left corner (over the
 * played tile's letter-free corner), so neither move hides the other. */
static void
svg_corner(FILE *fp, const struct rules *r, int x, int y, uint8_t t)
{
	int l = TILE_LETTER(t);

	fprintf(fp, "<g><rect x=\"%d\" y=\"%d\" width=\"17\" height=\"17\" "
	    "rx=\"3\" fill=\"#fbf1de\" stroke=\"#5c4420\" stroke-width=\"1.5\" "
	    "stroke-dasharray=\"3 2\"/><text x=\"%d\" y=\"%d\" "
	    "font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" "
	    "fill=\"%s\">", x + 1, y + 1, x + 9, y + 14,
	    TILE_IS_BLANK(t) ? "#c0392b" : "#5c4420");
	picture_xml_text(fp, l ? (TILE_IS_BLANK(t) ? r->utf8_lower[l] :
	    r->utf8[l]) : "?");
	fputs("</text></g>\n", fp);
}

/* label_of: the label of line i (0-based): a letter, or a number. */
static void
label_of(int i, int letter, char out[12])
{
	if (letter)
		snprintf(out, 12, "%c", 'A' + i);
	else
		snprintf(out, 12, "%d", i + 1);
}

/* svg_board: the labels and the squares, the board's top at top. */
static void
svg_board(FILE *fp, const struct rules *r, int top, int row_letters)
{
	int rows = r->rows, cols = r->cols, row, col;
	char lab[12];

	/* Labels: columns A.. above, rows 1.. left (SPEC §2.2); with
	 * row_letters, rows A.. and columns 1.. (Netskrafl). */
	for (col = 0; col < cols; col++) {
		label_of(col, !row_letters, lab);
		fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"13\" "
		    "text-anchor=\"middle\" fill=\"#555555\">%s</text>\n",
		    MARGIN + col * SQ + SQ / 2, top - 9, lab);
	}
	for (row = 0; row < rows; row++) {
		label_of(row, row_letters, lab);
		fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"13\" "
		    "text-anchor=\"end\" fill=\"#555555\">%s</text>\n",
		    MARGIN - 6, top + row * SQ + SQ / 2 + 5, lab);
	}
	/* The squares, premiums labelled, the start starred. */
	for (row = 0; row < rows; row++)
		for (col = 0; col < cols; col++) {
			int prem = r->premium[row * cols + col];
			int x = MARGIN + col * SQ, y = top + row * SQ;

			if (prem > SQ_QW)
				prem = SQ_PLAIN;
			fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
			    "height=\"%d\" fill=\"%s\" stroke=\"#fbfaf5\" "
			    "stroke-width=\"1.5\"/>", x, y, SQ, SQ,
			    svg_fill[prem]);
			if (row == r->start_row && col == r->start_col)
				fprintf(fp, "<text x=\"%d\" y=\"%d\" "
				    "font-size=\"22\" text-anchor=\"middle\" "
				    "fill=\"%s\">\u2605</text>", x + SQ / 2,
				    y + SQ / 2 + 8, svg_ink[prem]);
			else if (prem != SQ_PLAIN)
				fprintf(fp, "<text x=\"%d\" y=\"%d\" "
				    "font-size=\"12\" font-weight=\"bold\" "
				    "text-anchor=\"middle\" fill=\"%s\">%s"
				    "</text>", x + SQ / 2, y + SQ / 2 + 4,
				    svg_ink[prem], label[prem]);
			fputc('\n', fp);
		}
}

int
picture_svg_board(FILE *fp, const struct rules *r, struct err *e)
{
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" "
	    "height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">"
	    "<defs><g id=\"ov-board\">\n");
	svg_board(fp, r, MARGIN, 0);
	fputs("</g></defs></svg>\n", fp);
	return finish(fp, e);
}

int
picture_svg(FILE *fp, const struct picture *pic, int flags, struct err *e)
{
	const struct rules *r = pic->r;
	const struct position *p = pic->p;
	struct cell cells[RULES_MAX_SQUARES];
	uint8_t rack[RULES_MAX_RACK * 4], swapped[RULES_MAX_RACK * 4];
	char nbuf[32], fit[4 * 24];
	int rows = r->rows, cols = r->cols, i, row, col, most = 0;
	int top = MARGIN + (pic->title ? 28 : 0);
	int bottom, width, height, racks_y;

	if (picture_cells(pic, cells, e) < 0)
		return -1;
	for (i = 0; i < p->nplayers; i++) {
		int n = rack_tiles(r, p->racks[i], rack, (int)sizeof rack);

		if (n > most)
			most = n;
	}
	if (pic->hide_racks)
		most = 0;
	bottom = top + rows * SQ;
	racks_y = bottom + 14;
	width = MARGIN + cols * SQ + 16;
	if (MARGIN + 240 + most * (RACK_TILE + 2) + 16 > width)
		width = MARGIN + 240 + most * (RACK_TILE + 2) + 16;
	height = racks_y + p->nplayers * (RACK_TILE + 8) +
	    (pic->caption ? 30 : 0) + 8;

	if (!(flags & PICTURE_INLINE))
		fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"%s\">\n",
	    width, height, width, height, FONT);
	fprintf(fp, "<rect width=\"%d\" height=\"%d\" fill=\"#fbfaf5\"/>\n",
	    width, height);
	if (pic->title)
		svg_line(fp, pic->title, MARGIN, 22, 16, width - MARGIN - 8, 1);
	if (flags & PICTURE_SHARED)
		fprintf(fp, "<use href=\"#ov-board\" y=\"%d\"/>\n", top - MARGIN);
	else
		svg_board(fp, r, top, (flags & PICTURE_ROW_LETTERS) != 0);
	for (row = 0; row < rows; row++)
		for (col = 0; col < cols; col++) {
			const struct cell *c = &cells[row * cols + col];
			int x = MARGIN + col * SQ, y = top + row * SQ;

			if (c->kind == CELL_EMPTY)
				continue;
			/* A faded ghost on a square of its own: the premium
			 * label under it must not show through. */
			if (c->kind == CELL_GHOST)
				fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
				    "height=\"%d\" fill=\"#fbfaf5\"/>", x, y, SQ,
				    SQ);
			svg_tile(fp, r, x, y, SQ, c->tile, c->kind == CELL_GHOST);
			if (c->kind == CELL_PLAYED)
				fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
				    "height=\"%d\" rx=\"4\" fill=\"none\" "
				    "stroke=\"#e4572e\" stroke-width=\"3\"/>\n",
				    x + 2, y + 2, SQ - 4, SQ - 4);
			if (c->both)
				svg_corner(fp, r, x, y, c->ghost);
		}
	fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"none\" stroke=\"#55704a\" stroke-width=\"1.5\"/>\n",
	    MARGIN, top, cols * SQ, rows * SQ);
	/* Players: marker, name, score, rack. */
	for (i = 0; i < p->nplayers; i++) {
		int y = racks_y + i * (RACK_TILE + 8), n, k;

		fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"15\" "
		    "fill=\"#222222\"%s>%s", MARGIN, y + RACK_TILE / 2 + 6,
		    i == p->to_move ? " font-weight=\"bold\"" : "",
		    i == p->to_move ? "\u25b6 " : "");
		/* Cut to end before the score (about 9 pixels a character
		 * at 15 pixels). */
		picture_fit_text(player_name(pic, i, nbuf, sizeof nbuf),
		    i == p->to_move ? 17 : 19, fit, sizeof fit);
		picture_xml_text(fp, fit);
		fputs("</text>", fp);
		fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"15\" "
		    "text-anchor=\"end\" fill=\"#222222\"%s>%d</text>\n",
		    MARGIN + 220, y + RACK_TILE / 2 + 6,
		    i == p->to_move ? " font-weight=\"bold\"" : "",
		    p->scores[i]);
		if (pic->hide_racks)
			continue;
		if (!p->rack_known[i]) {
			fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"13\" "
			    "fill=\"#777777\">rack not known</text>\n",
			    MARGIN + 240, y + RACK_TILE / 2 + 5);
			continue;
		}
		n = rack_tiles(r, p->racks[i], rack, (int)sizeof rack);
		rack_marks(pic, i, rack, n, swapped);
		for (k = 0; k < n; k++) {
			int rx = MARGIN + 240 + k * (RACK_TILE + 2);

			svg_tile(fp, r, rx, y, RACK_TILE, rack[k], 0);
			if (swapped[k])
				fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
				    "height=\"%d\" rx=\"4\" fill=\"none\" "
				    "stroke=\"#e4572e\" stroke-width=\"3\"/>\n",
				    rx + 1, y + 1, RACK_TILE - 2, RACK_TILE - 2);
		}
	}
	if (pic->caption)
		svg_line(fp, pic->caption, MARGIN, racks_y + p->nplayers *
		    (RACK_TILE + 8) + 18, 15, width - MARGIN - 8, 0);
	fputs("</svg>\n", fp);
	return finish(fp, e);
}

/* ------------------------------------------------------------- terminal */

/* put_value: v in subscript digits; returns the columns written. */
static int
put_value(FILE *fp, int v)
{
	char d[12];
	int i, n = snprintf(d, sizeof d, "%d", v);

	for (i = 0; i < n; i++)
		fprintf(fp, "\xe2\x82%c", (char)(0x80 + d[i] - '0'));
	return n;
}

static void
pad(FILE *fp, int n)
{
	while (n-- > 0)
		putc(' ', fp);
}

/* term_tile: "K₅" (or "k₀" for a blank, "?₀" on a rack); returns the
 * columns written. */
static int
term_tile(FILE *fp, const struct rules *r, uint8_t t)
{
	int l = TILE_LETTER(t);

	if (l == 0) {
		putc('?', fp);
		return 1 + put_value(fp, 0);
	}
	if (TILE_IS_BLANK(t)) {
		fputs(r->utf8_lower[l], fp);
		return utf8_count(r->utf8_lower[l]) + put_value(fp, 0);
	}
	fputs(r->utf8[l], fp);
	return utf8_count(r->utf8[l]) + put_value(fp, r->values[l]);
}

int
picture_text(FILE *fp, const struct picture *pic, int flags, struct err *e)
{
	const struct rules *r = pic->r;
	const struct position *p = pic->p;
	struct cell cells[RULES_MAX_SQUARES];
	uint8_t rack[RULES_MAX_RACK * 4], swapped[RULES_MAX_RACK * 4];
	char nbuf[32];
	int colour = flags & PICTURE_COLOUR;
	int rows = r->rows, cols = r->cols, row, col, i, t, w = 0, digits = 1;

	if (picture_cells(pic, cells, e) < 0)
		return -1;
	/* A square is wide enough for "[", the widest letter, the widest
	 * value and "]". */
	for (t = 1; t <= r->nletters; t++) {
		int lw = utf8_count(r->utf8[t]);

		if (lw > w)
			w = lw;
		if (r->values[t] >= 10)
			digits = r->values[t] >= 100 ? 3 : 2;
	}
	w += digits + 2;
	if (pic->title)
		fprintf(fp, "%s\n", pic->title);
	fputs("   ", fp);
	for (col = 0; col < cols; col++) {
		if (flags & PICTURE_ROW_LETTERS)
			fprintf(fp, "%2d", col + 1);
		else
			fprintf(fp, " %c", 'A' + col);
		if (col + 1 < cols)
			pad(fp, w - 2);
	}
	fputc('\n', fp);
	for (row = 0; row < rows; row++) {
		if (flags & PICTURE_ROW_LETTERS)
			fprintf(fp, " %c ", 'A' + row);
		else
			fprintf(fp, "%2d ", row + 1);
		for (col = 0; col < cols; col++) {
			const struct cell *c = &cells[row * cols + col];
			int prem = r->premium[row * cols + col], used;

			if (prem > SQ_QW)
				prem = SQ_PLAIN;
			if (colour) {
				if (c->kind == CELL_EMPTY || c->kind == CELL_GHOST)
					fprintf(fp, "\033[48;5;%dm\033[38;5;%dm",
					    term_bg[prem], c->kind == CELL_GHOST ?
					    94 : term_fg[prem]);
				else
					fprintf(fp, "\033[48;5;%dm\033[38;5;%dm"
					    "\033[1m", c->kind == CELL_PLAYED ?
					    215 : 223, TILE_IS_BLANK(c->tile) ?
					    124 : 16);
			}
			if (c->kind == CELL_EMPTY) {
				const char *s = row == r->start_row &&
				    col == r->start_col ? "\u2605" :
				    prem != SQ_PLAIN ? label[prem] : "\u00b7";

				fprintf(fp, " %s", s);
				used = 1 + utf8_count(s);
			} else {
				/* "{K₅}": played, and the ghost uses the
				 * square too. */
				putc(c->both ? '{' : c->kind == CELL_PLAYED ?
				    '[' : c->kind == CELL_GHOST ? '(' : ' ', fp);
				used = 1 + term_tile(fp, r, c->tile);
				if (c->kind != CELL_TILE) {
					putc(c->both ? '}' : c->kind ==
					    CELL_PLAYED ? ']' : ')', fp);
					used++;
				}
			}
			/* No trailing blanks on a plain line. */
			if (colour || col + 1 < cols)
				pad(fp, w - used);
			if (colour)
				fputs("\033[0m", fp);
		}
		fputc('\n', fp);
	}
	for (i = 0; i < p->nplayers; i++) {
		char name[4 * 24];
		int n, k;

		picture_fit_text(player_name(pic, i, nbuf, sizeof nbuf), 20, name,
		    sizeof name);
		fprintf(fp, "%s %s", i == p->to_move ? ">" : " ", name);
		pad(fp, 20 - utf8_count(name));
		fprintf(fp, " %5d", p->scores[i]);
		if (!pic->hide_racks) {
			if (!p->rack_known[i]) {
				fputs("   rack not known", fp);
			} else {
				n = rack_tiles(r, p->racks[i], rack,
				    (int)sizeof rack);
				rack_marks(pic, i, rack, n, swapped);
				/* An exchanged tile: "[X₈]". */
				for (k = 0; k < n; k++) {
					fputs(k ? " " : "   ", fp);
					if (swapped[k])
						putc('[', fp);
					term_tile(fp, r, rack[k]);
					if (swapped[k])
						putc(']', fp);
				}
			}
		}
		fputc('\n', fp);
	}
	for (i = 0; i < rows * cols && !cells[i].both; i++)
		;
	if (i < rows * cols)
		fputs("{ } a square both moves use: the played tile shows\n", fp);
	if (pic->caption)
		fprintf(fp, "%s\n", pic->caption);
	return finish(fp, e);
}
