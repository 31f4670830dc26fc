/*
 * brute.c — a deliberately simple reference for the conformance data: every
 * legal tile placement of a position, with its score, found by trying them
 * all.  A test helper (built as $(B)/opt/ref/brute, never installed), and
 * read by tests/check_brute.c, which includes this file.
 *
 *   brute -r RULESET WORDLIST < positions.cgp
 *
 * For each CGP line read, prints the line, then every placement of the player
 * to move, one a line "MOVE<TAB>SCORE", best score first and ties in byte
 * order of MOVE, then a blank line: the format of the conformance
 * *-moves.txt files, with their conventions: across plays only on an empty
 * board, a placement once, GCG notation, '.' for a tile on the board, a
 * blank lowercase.
 *
 * It is a second opinion because it shares no code with the move generator:
 * no DAWG or GADDAG, nothing of gen*.c or score*.c.  The words are a sorted
 * array searched by bisection; every run of squares up to the longest word
 * is filled with every choice of rack tiles (a prefix no word starts with
 * ends the branch) and checked and scored by the short code below.  From
 * common/ it takes only the ruleset tables, CGP parsing and the writing of
 * letters.  Slow on long lists and positions with two blanks; it is meant for
 * the 2-4 letter lists of the conformance data.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board.h"
#include "err.h"
#include "rules.h"

/* A word: its tiles, 0-padded, so memcmp orders words as strings and a
 * prefix sorts before every word it begins. */
struct brute_word {
	uint8_t t[RULES_MAX_WORD + 1];
};

struct brute_words {
	struct brute_word *w;
	size_t n, cap;
	int maxlen;
};

struct brute_move {
	char text[96];
	int score;
};

struct brute_moves {
	struct brute_move *m;
	size_t n, cap;
	int failed;             /* an allocation failed */
};

/* One search: the position, the words, the squares of the run being filled
 * and the tiles chosen so far. */
struct brute_run {
	const struct rules *r;
	const struct position *p;
	const struct brute_words *words;
	struct brute_moves *out;
	uint8_t rack[RULES_MAX_TILES];
	int across, len;
	int sq[RULES_MAX_WORD];         /* square index of each run square */
	uint8_t tile[RULES_MAX_WORD];   /* letter, |TILE_BLANK for a blank */
	int placed;
};

static int
word_cmp(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct brute_word));
}

/* brute_words_add: the normalised word of one list line, if it is one. */
static int
brute_words_add(struct brute_words *ws, const struct rules *r,
    const char *line, size_t len)
{
	struct brute_word w;
	int n;
	enum norm_result res;

	memset(&w, 0, sizeof w);
	res = rules_normalise_word(r, line, len, w.t, &n, NULL);
	if (res != NORM_OK && res != NORM_FOLDED)
		return 0;
	if (ws->n == ws->cap) {
		size_t cap = ws->cap ? 2 * ws->cap : 4096;
		struct brute_word *nw = realloc(ws->w, cap * sizeof *nw);

		if (nw == NULL)
			return -1;
		ws->w = nw;
		ws->cap = cap;
	}
	ws->w[ws->n++] = w;
	if (n > ws->maxlen)
		ws->maxlen = n;
	return 0;
}

/* brute_words_sort: sorts and drops repeated words. */
static void
brute_words_sort(struct brute_words *ws)
{
	size_t i, k = 0;

	if (ws->n == 0)
		return;
	qsort(ws->w, ws->n, sizeof *ws->w, word_cmp);
	for (i = 1; i < ws->n; i++)
		if (word_cmp(&ws->w[k], &ws->w[i]) != 0)
			ws->w[++k] = ws->w[i];
	ws->n = k + 1;
}

/* brute_words_has: 1 if tiles t[0..n) are a word (prefix 0: exactly) or
 * begin one (prefix 1). */
static int
brute_words_has(const struct brute_words *ws, const uint8_t *t, int n,
    int prefix)
{
	struct brute_word key;
	size_t lo = 0, hi = ws->n;

	memset(&key, 0, sizeof key);
	memcpy(key.t, t, (size_t)n);
	/* lower bound: the first word >= key */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (word_cmp(&ws->w[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == ws->n)
		return 0;
	if (prefix)
		return memcmp(ws->w[lo].t, key.t, (size_t)n) == 0;
	return word_cmp(&ws->w[lo], &key) == 0;
}

static int
letter_mult(uint8_t premium)
{
	return premium == SQ_DL ? 2 : premium == SQ_TL ? 3 :
	    premium == SQ_QL ? 4 : 1;
}

static int
word_mult(uint8_t premium)
{
	return premium == SQ_DW ? 2 : premium == SQ_TW ? 3 :
	    premium == SQ_QW ? 4 : 1;
}

static int
tile_value(const struct rules *r, uint8_t t)
{
	return TILE_IS_BLANK(t) ? 0 : r->values[TILE_LETTER(t)];
}

/* cross_word: the score in *score of the word through new tile t on square
 * s, perpendicular to the run (0 when the tile stands alone that way), with
 * s's premium.  Returns 0, or -1 if it is no word. */
static int
cross_word(const struct brute_run *b, int s, uint8_t t, int *score)
{
	const struct board *bd = &b->p->board;
	int row = s / bd->cols, col = s % bd->cols;
	int dr = b->across ? 1 : 0, dc = b->across ? 0 : 1;
	uint8_t w[RULES_MAX_DIM];
	int n = 0, sum = 0, r0 = row, c0 = col;

	while (r0 - dr >= 0 && c0 - dc >= 0 &&
	    board_at(bd, r0 - dr, c0 - dc) != 0) {
		r0 -= dr;
		c0 -= dc;
	}
	for (; r0 < bd->rows && c0 < bd->cols; r0 += dr, c0 += dc) {
		uint8_t x = (r0 == row && c0 == col) ? t : board_at(bd, r0, c0);

		if (x == 0)
			break;
		w[n++] = TILE_LETTER(x);
		sum += (r0 == row && c0 == col) ?
		    tile_value(b->r, x) * letter_mult(b->r->premium[s]) :
		    tile_value(b->r, x);
	}
	*score = 0;
	if (n == 1)
		return 0;
	if (n > RULES_MAX_WORD || !brute_words_has(b->words, w, n, 0))
		return -1;
	*score = sum * word_mult(b->r->premium[s]);
	return 0;
}

/* brute_take: the run is filled: keep it if its word and every cross word
 * are words. */
static void
brute_take(struct brute_run *b)
{
	uint8_t w[RULES_MAX_WORD] = { 0 }, shown[RULES_MAX_WORD];
	int i, sum = 0, mult = 1, cross = 0, bonus;
	const struct board *bd = &b->p->board;
	struct brute_moves *out = b->out;
	struct brute_move *m;
	char pos[32];

	for (i = 0; i < b->len; i++)
		w[i] = TILE_LETTER(b->tile[i]);
	if (!brute_words_has(b->words, w, b->len, 0))
		return;
	for (i = 0; i < b->len; i++) {
		int s = b->sq[i], cs;

		if (bd->sq[s] != 0) {
			sum += tile_value(b->r, bd->sq[s]);
			shown[i] = 0;
			continue;
		}
		if (cross_word(b, s, b->tile[i], &cs) != 0)
			return;
		cross += cs;
		sum += tile_value(b->r, b->tile[i]) *
		    letter_mult(b->r->premium[s]);
		mult *= word_mult(b->r->premium[s]);
		shown[i] = b->tile[i];
	}
	bonus = b->p->bingo_bonus >= 0 ? b->p->bingo_bonus : b->r->bingo_bonus;
	if (out->n == out->cap) {
		size_t cap = out->cap ? 2 * out->cap : 256;
		struct brute_move *nm = realloc(out->m, cap * sizeof *nm);

		if (nm == NULL) {
			out->failed = 1;
			return;
		}
		out->m = nm;
		out->cap = cap;
	}
	m = &out->m[out->n];
	if (b->across)
		snprintf(pos, sizeof pos, "%d%c ", b->sq[0] / bd->cols + 1,
		    'A' + b->sq[0] % bd->cols);
	else
		snprintf(pos, sizeof pos, "%c%d ", 'A' + b->sq[0] % bd->cols,
		    b->sq[0] / bd->cols + 1);
	strcpy(m->text, pos);
	if (rules_word_to_utf8(b->r, shown, b->len, m->text + strlen(pos),
	    sizeof m->text - strlen(pos)) < 0) {
		out->failed = 1;
		return;
	}
	m->score = sum * mult + cross +
	    (b->placed == b->r->rack_size ? bonus : 0);
	out->n++;
}

/* brute_fill: fills run squares i.. with the board's tile or a rack tile,
 * each prefix one some word begins. */
static void
brute_fill(struct brute_run *b, int i)
{
	const struct board *bd = &b->p->board;
	uint8_t w[RULES_MAX_WORD];
	int k, t;

	if (i == b->len) {
		brute_take(b);
		return;
	}
	for (k = 0; k < i; k++)
		w[k] = TILE_LETTER(b->tile[k]);
	if (bd->sq[b->sq[i]] != 0) {
		b->tile[i] = bd->sq[b->sq[i]];
		w[i] = TILE_LETTER(b->tile[i]);
		if (brute_words_has(b->words, w, i + 1, 1))
			brute_fill(b, i + 1);
		return;
	}
	for (t = 0; t <= b->r->nletters; t++) {
		int letter, last;

		if (b->rack[t] == 0)
			continue;
		/* A letter tile is itself; a blank is each letter in turn. */
		letter = t == 0 ? 1 : t;
		last = t == 0 ? b->r->nletters : t;
		b->rack[t]--;
		b->placed++;
		for (; letter <= last; letter++) {
			w[i] = (uint8_t)letter;
			if (!brute_words_has(b->words, w, i + 1, 1))
				continue;
			b->tile[i] = (uint8_t)(t == 0 ? letter | TILE_BLANK :
			    letter);
			brute_fill(b, i + 1);
		}
		b->placed--;
		b->rack[t]++;
	}
}

static int
occupied(const struct board *bd, int row, int col)
{
	return row >= 0 && col >= 0 && row < bd->rows && col < bd->cols &&
	    board_at(bd, row, col) != 0;
}

/* brute_runs: every run of squares in one direction that a placement can
 * fill: 2 to maxlen squares, no tile just before or after it, at least one
 * empty square and no more than the rack holds; on an empty board it covers
 * the start square, else it touches a tile (holds one, or an empty square of
 * it has a neighbour across the run).  A single tile with words both ways is
 * kept only from the across runs. */
static void
brute_runs(struct brute_run *b, int across, int ntiles)
{
	const struct board *bd = &b->p->board;
	int dr = across ? 0 : 1, dc = across ? 1 : 0, row, col, len, i;

	b->across = across;
	for (row = 0; row < bd->rows; row++)
		for (col = 0; col < bd->cols; col++) {
			if (occupied(bd, row - dr, col - dc))
				continue;
			for (len = 2; len <= b->words->maxlen; len++) {
				int er = row + dr * (len - 1), ec = col + dc * (len - 1);
				int empty = 0, touch = 0, single = -1;

				if (er >= bd->rows || ec >= bd->cols)
					break;
				if (occupied(bd, er + dr, ec + dc))
					continue;
				for (i = 0; i < len; i++) {
					int r = row + dr * i, c = col + dc * i;

					b->sq[i] = r * bd->cols + c;
					if (occupied(bd, r, c)) {
						touch = 1;
						continue;
					}
					empty++;
					single = i;
					if (bd->ntiles == 0 && r == b->r->start_row &&
					    c == b->r->start_col)
						touch = 1;
					if (occupied(bd, r - dc, c - dr) ||
					    occupied(bd, r + dc, c + dr))
						touch = 1;
				}
				if (empty == 0 || empty > ntiles || !touch)
					continue;
				/* A lone tile down that also makes a word across
				 * is listed from its across run. */
				if (!across && empty == 1) {
					int r = row + dr * single, c = col + dc * single;

					if (occupied(bd, r, c - 1) || occupied(bd, r, c + 1))
						continue;
				}
				b->len = len;
				b->placed = 0;
				brute_fill(b, 0);
			}
		}
}

static int
move_cmp(const void *a, const void *b)
{
	const struct brute_move *x = a, *y = b;

	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	return strcmp(x->text, y->text);
}

/* brute_moves: every placement of the player to move in p, sorted, into
 * out (emptied first).  Returns 0, or -1 if memory ran out. */
static int
brute_moves(const struct rules *r, const struct brute_words *ws,
    const struct position *p, struct brute_moves *out)
{
	struct brute_run b;
	int t, ntiles = 0;

	memset(&b, 0, sizeof b);
	b.r = r;
	b.p = p;
	b.words = ws;
	b.out = out;
	memcpy(b.rack, p->racks[p->to_move], sizeof b.rack);
	for (t = 0; t <= r->nletters; t++)
		ntiles += b.rack[t];
	out->n = 0;
	out->failed = 0;
	brute_runs(&b, 1, ntiles);
	if (p->board.ntiles > 0)
		brute_runs(&b, 0, ntiles);
	if (out->failed)
		return -1;
	qsort(out->m, out->n, sizeof *out->m, move_cmp);
	return 0;
}

/* brute_load: the words of a list file that normalise under r, sorted.
 * Returns 0, or -1 with e set. */
static int
brute_load(struct brute_words *ws, const struct rules *r, const char *path,
    struct err *e)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;

	memset(ws, 0, sizeof *ws);
	if (fp == NULL) {
		err_set(e, 0, "%s: cannot open", path);
		return -1;
	}
	while (rc == 0 && (len = getline(&line, &cap, fp)) > 0) {
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			len--;
		if (brute_words_add(ws, r, line, (size_t)len) != 0) {
			err_set(e, 0, "%s: out of memory", path);
			rc = -1;
		}
	}
	free(line);
	if (ferror(fp) && rc == 0) {
		err_set(e, 0, "%s: read error", path);
		rc = -1;
	}
	fclose(fp);
	brute_words_sort(ws);
	return rc;
}

#ifndef BRUTE_NO_MAIN
int
main(int argc, char **argv)
{
	struct rules r;
	struct brute_words ws;
	struct brute_moves out = { NULL, 0, 0, 0 };
	struct position p;
	struct err e;
	char *line = NULL;
	size_t cap = 0, i;
	ssize_t len;
	long lineno = 0;
	int status = 0;

	if (argc != 4 || strcmp(argv[1], "-r") != 0) {
		fputs("usage: brute -r ruleset wordlist < positions\n", stderr);
		return 2;
	}
	if (rules_get(&r, argv[2], &e) != 0) {
		fprintf(stderr, "brute: %s\n", e.msg);
		return 2;
	}
	if (brute_load(&ws, &r, argv[3], &e) != 0) {
		fprintf(stderr, "brute: %s\n", e.msg);
		return 2;
	}
	while ((len = getline(&line, &cap, stdin)) > 0) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len == 0)
			continue;
		if (cgp_parse(&r, line, (size_t)len, &p, &e) != 0) {
			fprintf(stderr, "brute: stdin:%ld: %s\n", lineno, e.msg);
			status = 2;
			continue;
		}
		if (brute_moves(&r, &ws, &p, &out) != 0) {
			fputs("brute: out of memory\n", stderr);
			status = 2;
			break;
		}
		printf("%s\n", line);
		for (i = 0; i < out.n; i++)
			printf("%s\t%d\n", out.m[i].text, out.m[i].score);
		putchar('\n');
	}
	free(line);
	free(out.m);
	free(ws.w);
	if (fclose(stdout) != 0) {
		fputs("brute: write error\n", stderr);
		status = 2;
	}
	return status;
}
#endif
