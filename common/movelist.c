/*
 * movelist.c — the legal moves of a position as sorted rows (movelist.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gen.h"
#include "json.h"
#include "movelist.h"

void
movelist_init(struct movelist *ml)
{
	memset(ml, 0, sizeof *ml);
}

void
movelist_free(struct movelist *ml)
{
	if (ml == NULL)
		return;
	free(ml->rows);
	movelist_init(ml);
}

void
movelist_row(struct movelist_row *rw, const struct rules *r,
	const struct position *p, const struct move *m, long idx,
	const struct equity *eq)
{
	uint8_t leave[RULES_MAX_TILES];

	rw->idx = idx;
	rw->score = m->score;
	if (move_format(r, m, rw->text, sizeof rw->text) < 0)
		snprintf(rw->text, sizeof rw->text, "?");
	gen_leave(p->racks[p->to_move], m, leave);
	if (rules_rack_format(r, leave, rw->leave, sizeof rw->leave) < 0)
		rw->leave[0] = '\0';
	rw->equity = eq != NULL ? equity_of(eq, m) : (int64_t)m->score * 1000;
}

void
movelist_count(struct movelist *ml, const struct move *moves, long n)
{
	long i;

	ml->n = n;
	ml->placements = ml->exchanges = ml->passes = 0;
	for (i = 0; i < n; i++) {
		if (moves[i].kind == MOVE_PLACE)
			ml->placements++;
		else if (moves[i].kind == MOVE_EXCHANGE)
			ml->exchanges++;
		else
			ml->passes++;
	}
}

/* Best first: equity (or score) descending, then notation order.  Two
 * comparators, as qsort passes no context. */
static int
by_equity_cmp(const void *a, const void *b)
{
	const struct movelist_row *x = a, *y = b;

	if (x->equity != y->equity)
		return x->equity > y->equity ? -1 : 1;
	return strcmp(x->text, y->text);
}

static int
by_score_cmp(const void *a, const void *b)
{
	const struct movelist_row *x = a, *y = b;

	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	return strcmp(x->text, y->text);
}

/* Room for n rows: the capacity doubles from 4096, and the old rows are
 * not kept (every call fills the list afresh). */
static int
reserve(struct movelist *ml, size_t n, struct err *e)
{
	size_t cap = ml->cap;

	if (n <= cap)
		return 0;
	while (cap < n) {
		if (cap > SIZE_MAX / 2 / sizeof *ml->rows)
			goto nomem;
		cap = cap ? cap * 2 : 4096;
	}
	free(ml->rows);
	ml->cap = 0;
	ml->rows = malloc(cap * sizeof *ml->rows);
	if (ml->rows == NULL)
		goto nomem;
	ml->cap = cap;
	return 0;
nomem:
	movelist_free(ml);
	err_set(e, 0, "out of memory");
	return -1;
}

int
movelist_build(struct movelist *ml, const struct rules *r,
	const struct position *p, const struct move *moves, long n,
	const struct equity *eq, int by_equity, struct err *e)
{
	long i;

	if (reserve(ml, (size_t)n + 1, e) != 0)
		return -1;
	movelist_count(ml, moves, n);
	for (i = 0; i < n; i++)
		movelist_row(&ml->rows[i], r, p, &moves[i], i, eq);
	qsort(ml->rows, (size_t)n, sizeof ml->rows[0],
	    by_equity ? by_equity_cmp : by_score_cmp);
	return 0;
}

void
movelist_write_row(FILE *fp, const struct movelist_row *rw, int flags,
	int first)
{
	if (flags & MOVELIST_JSON) {
		fprintf(fp, "%s{\"move\":", first ? "" : ",");
		json_write_str(fp, rw->text);
		fprintf(fp, ",\"score\":%d,\"leave\":", rw->score);
		json_write_str(fp, rw->leave);
		if (flags & MOVELIST_EQUITY) {
			fputs(",\"equity\":", fp);
			json_write_millis(fp, rw->equity);
		}
		putc('}', fp);
		return;
	}
	fprintf(fp, "%s\t%d\t%s", rw->text, rw->score, rw->leave);
	if (flags & MOVELIST_EQUITY) {
		putc('\t', fp);
		json_write_millis(fp, rw->equity);
	}
	putc('\n', fp);
}

void
movelist_write_choice(FILE *fp, const struct movelist_row *rw,
	const char *robot, int flags)
{
	if (flags & MOVELIST_JSON) {
		fputs("{\"robot\":", fp);
		json_write_str(fp, robot);
		fputs(",\"choice\":", fp);
	}
	movelist_write_row(fp, rw, flags, 1);
	if (flags & MOVELIST_JSON)
		fputs("}\n", fp);
}

/* JSON: the object's start, with the position's CGP line if given. */
static void
json_open(FILE *fp, const struct movelist *ml, const char *cgp)
{
	putc('{', fp);
	if (cgp != NULL) {
		fputs("\"cgp\":", fp);
		json_write_str(fp, cgp);
		putc(',', fp);
	}
	fprintf(fp, "\"placements\":%ld,\"exchanges\":%ld,\"passes\":%ld,",
	    ml->placements, ml->exchanges, ml->passes);
}

void
movelist_write(FILE *fp, const struct movelist *ml, long top,
	const char *cgp, int flags)
{
	long i, shown = top > 0 && top < ml->n ? top : ml->n;

	if (flags & MOVELIST_JSON) {
		json_open(fp, ml, cgp);
		fputs("\"moves\":[", fp);
	}
	for (i = 0; i < shown; i++)
		movelist_write_row(fp, &ml->rows[i], flags, i == 0);
	fputs(flags & MOVELIST_JSON ? "]}\n" : "\n", fp);
}

void
movelist_write_counts(FILE *fp, const struct movelist *ml, const char *cgp,
	int flags)
{
	if (flags & MOVELIST_JSON) {
		json_open(fp, ml, cgp);
		fprintf(fp, "\"total\":%ld}\n", ml->n);
	} else {
		fprintf(fp, "%ld\t%ld\t%ld\t%ld\n", ml->placements, ml->exchanges,
		    ml->passes, ml->n);
	}
}

void
movelist_row_letters(struct movelist_row *rows, long n, int on)
{
	long i;

	for (i = 0; on && i < n; i++)
		if (move_notation_rows(rows[i].text, sizeof rows[i].text) < 0)
			snprintf(rows[i].text, sizeof rows[i].text, "?");
}
