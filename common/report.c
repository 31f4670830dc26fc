/*
 * report.c — one analysed game as a self-contained HTML page (report.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "picture.h"
#include "report.h"

struct report_turn {
	long turn;
	long line;
	int player;
	int status;                     /* enum analyse_status */
	struct position pos;            /* before the move, to_move = player */
	struct move played;
	char played_text[ANALYSE_TEXT_MAX];
	char rack[RULES_MAX_RACK * 4 + 8];
	int score;
	long rank, nmoves;
	int has_best;
	struct move best;
	char best_text[ANALYSE_TEXT_MAX];
	int64_t played_value, best_value, lost;
};

struct report {
	struct rules rules;
	int nplayers;
	struct gcg_player players[RULES_MAX_PLAYERS];
	char title[GCG_NAME_MAX];
	char *file;
	int by_equity;
	struct report_turn *turns;
	long n, cap;
};

/* Player colours: lines, bars and the table's dots. */
static const char *const colour[RULES_MAX_PLAYERS] = {
	"#1f6fb2", "#d1495b", "#2a9d5c", "#e08a1e"
};

struct report *
report_create(const struct gcg_game *g, const char *file, int by_equity,
	struct err *e)
{
	struct report *rp = calloc(1, sizeof *rp);

	if (rp == NULL || (rp->file = strdup(file)) == NULL) {
		free(rp);
		err_set(e, 0, "out of memory");
		return NULL;
	}
	rp->rules = g->rules;
	rp->nplayers = g->nplayers;
	memcpy(rp->players, g->players, sizeof rp->players);
	snprintf(rp->title, sizeof rp->title, "%s", g->title);
	rp->by_equity = by_equity;
	return rp;
}

void
report_destroy(struct report *rp)
{
	if (rp == NULL)
		return;
	free(rp->turns);
	free(rp->file);
	free(rp);
}

int
report_add(struct report *rp, const struct analyse_turn *t, struct err *e)
{
	struct report_turn *x;

	if (rp->n == rp->cap) {
		long cap = rp->cap ? 2 * rp->cap : 64;
		struct report_turn *nt = realloc(rp->turns,
		    (size_t)cap * sizeof *nt);

		if (nt == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
		rp->turns = nt;
		rp->cap = cap;
	}
	x = &rp->turns[rp->n++];
	memset(x, 0, sizeof *x);
	x->turn = t->turn;
	x->line = t->at->ev->line;
	x->player = t->player;
	x->status = t->status;
	x->pos = *t->at->pos;
	x->pos.to_move = t->player;
	x->played = t->played;
	snprintf(x->played_text, sizeof x->played_text, "%s", t->played_text);
	if (!t->at->pos->rack_known[t->player] ||
	    rules_rack_format(&rp->rules, t->at->pos->racks[t->player], x->rack,
	    sizeof x->rack) < 0)
		x->rack[0] = '\0';
	x->score = t->score;
	x->rank = t->rank;
	x->nmoves = t->nmoves;
	x->has_best = t->has_best;
	x->best = t->best;
	snprintf(x->best_text, sizeof x->best_text, "%s", t->best_text);
	x->played_value = t->played_value;
	x->best_value = t->best_value;
	x->lost = t->lost;
	return 0;
}

/* ------------------------------------------------------------ writing */

#define TEXT(fp, s) picture_xml_text((fp), (s))

/* value: millipoints as points, with one decimal for equity. */
static void
value(FILE *fp, const struct report *rp, int64_t v)
{
	if (rp->by_equity)
		fprintf(fp, "%.1f", (double)v / 1000.0);
	else
		fprintf(fp, "%lld", (long long)(v / 1000));
}

static const char *
nick(const struct report *rp, int i)
{
	return rp->players[i].nick[0] ? rp->players[i].nick : "?";
}

static const char style[] =
"body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:1.5em auto;"
"max-width:980px;color:#222;background:#fbfaf5;padding:0 1em}"
"h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.6em;"
"border-bottom:1px solid #ccc}.sub{color:#666;margin-top:0}"
"table{border-collapse:collapse;font-size:.92em}"
"td,th{padding:.2em .6em;text-align:left;border-bottom:1px solid #e2e0d6}"
"td.n,th.n{text-align:right}tr.best td.rank{color:#2a7d3e;font-weight:bold}"
"tr.miss td.lost{color:#b3261e;font-weight:bold}"
".dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;"
"margin-right:.4em}"
"section.turn{margin:1.2em 0;padding-top:.4em;border-top:1px solid #e2e0d6}"
"section.turn h3{font-size:1em;margin:.2em 0}"
"section.turn p{margin:.2em 0 .6em}svg{max-width:100%;height:auto}"
"a{color:#1f6fb2}";

static void
summary(FILE *fp, const struct report *rp, const int *final)
{
	long moves[RULES_MAX_PLAYERS] = { 0 }, best[RULES_MAX_PLAYERS] = { 0 };
	int64_t lost[RULES_MAX_PLAYERS] = { 0 };
	long i;
	int p;

	for (i = 0; i < rp->n; i++) {
		const struct report_turn *t = &rp->turns[i];

		if (t->status != ANALYSE_DONE || t->player >= RULES_MAX_PLAYERS)
			continue;
		moves[t->player]++;
		best[t->player] += t->rank == 1;
		lost[t->player] += t->lost;
	}
	fprintf(fp, "<table class=\"sum\"><tr><th>player</th><th class=\"n\">"
	    "final score</th><th class=\"n\">moves analysed</th><th class=\"n\">"
	    "best found</th><th class=\"n\">%s lost</th></tr>\n",
	    rp->by_equity ? "equity" : "points");
	for (p = 0; p < rp->nplayers; p++) {
		fprintf(fp, "<tr><td><span class=\"dot\" style=\"background:%s\">"
		    "</span>", colour[p]);
		TEXT(fp, nick(rp, p));
		if (rp->players[p].name[0]) {
			fputs(" (", fp);
			TEXT(fp, rp->players[p].name);
			fputc(')', fp);
		}
		fprintf(fp, "</td><td class=\"n\">%d</td><td class=\"n\">%ld</td>"
		    "<td class=\"n\">%ld</td><td class=\"n\">", final[p],
		    moves[p], best[p]);
		value(fp, rp, lost[p]);
		fputs("</td></tr>\n", fp);
	}
	fputs("</table>\n", fp);
}

/* nice_step: a tick step of 1, 2 or 5 times a power of ten giving at
 * most eight ticks up to top. */
static int
nice_step(int top)
{
	static const int mult[] = { 1, 2, 5 };
	int base = 1, k = 0;

	while (top / (mult[k] * base) > 8)
		if (++k == 3) {
			k = 0;
			base *= 10;
		}
	return mult[k] * base;
}

#define CW 900      /* chart width */
#define CH 240      /* chart height */
#define CL 56       /* left margin */
#define CB 34       /* bottom margin */
#define CT 14       /* top margin */

/* axes: the frame, y ticks up to top and x ticks 1..n. */
static void
axes(FILE *fp, long n, int top, const char *ylabel)
{
	int step = nice_step(top), y;
	long x, xstep = n > 30 ? 5 : n > 15 ? 2 : 1;
	double w = CW - CL - 16, h = CH - CT - CB;

	fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%.0f\" "
	    "fill=\"#ffffff\" stroke=\"#bbbbbb\"/>\n", CL, CT, w, h);
	for (y = 0; y <= top; y += step) {
		double py = CT + h - h * y / top;

		fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" "
		    "stroke=\"#eeeeee\"/><text x=\"%d\" y=\"%.1f\" "
		    "font-size=\"11\" text-anchor=\"end\" fill=\"#555555\">%d"
		    "</text>\n", CL, py, CL + w, py, CL - 6, py + 4, y);
	}
	for (x = 1; x <= n; x += xstep)
		fprintf(fp, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" "
		    "text-anchor=\"middle\" fill=\"#555555\">%ld</text>\n",
		    CL + w * ((double)x - 0.5) / (double)n, CH - CB + 15, x);
	fprintf(fp, "<text x=\"%.0f\" y=\"%d\" font-size=\"12\" "
	    "text-anchor=\"middle\" fill=\"#333333\">turn</text>"
	    "<text x=\"14\" y=\"%.0f\" font-size=\"12\" text-anchor=\"middle\" "
	    "fill=\"#333333\" transform=\"rotate(-90 14 %.0f)\">%s</text>\n",
	    CL + w / 2, CH - 4, CT + h / 2, CT + h / 2, ylabel);
}

static void
legend(FILE *fp, const struct report *rp)
{
	int p;

	for (p = 0; p < rp->nplayers; p++) {
		fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" "
		    "fill=\"%s\"/><text x=\"%d\" y=\"%d\" font-size=\"12\" "
		    "fill=\"#333333\">", CL + 10 + p * 170, CT + 8, colour[p],
		    CL + 28 + p * 170, CT + 18);
		TEXT(fp, nick(rp, p));
		fputs("</text>\n", fp);
	}
}

/* chart_scores: each player's score after each turn. */
static void
chart_scores(FILE *fp, const struct report *rp, const int *final)
{
	double w = CW - CL - 16, h = CH - CT - CB;
	int top = 50, p;
	long i;

	for (p = 0; p < rp->nplayers; p++)
		if (final[p] > top)
			top = final[p];
	for (i = 0; i < rp->n; i++)
		for (p = 0; p < rp->nplayers; p++)
			if (rp->turns[i].pos.scores[p] + rp->turns[i].score > top)
				top = rp->turns[i].pos.scores[p] +
				    rp->turns[i].score;
	top = (top + 49) / 50 * 50;
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans,"
	    "Verdana,Arial,sans-serif\" role=\"img\" aria-label=\"running "
	    "scores\">\n", CW, CH, CW, CH);
	axes(fp, rp->n, top, "score");
	for (p = 0; p < rp->nplayers; p++) {
		fprintf(fp, "<polyline fill=\"none\" stroke=\"%s\" "
		    "stroke-width=\"2.5\" points=\"%d,%.1f", colour[p], CL,
		    CT + h);
		for (i = 0; i < rp->n; i++) {
			const struct report_turn *t = &rp->turns[i];
			int s = t->pos.scores[p] + (t->player == p ? t->score : 0);

			fprintf(fp, " %.1f,%.1f", CL + w * ((double)i + 0.5) /
			    (double)rp->n, CT + h - h * s / top);
		}
		/* The end: the racks left settled. */
		fprintf(fp, " %.1f,%.1f\"/>\n", CL + w, CT + h - h * final[p] /
		    top);
	}
	legend(fp, rp);
	fputs("</svg>\n", fp);
}

/* chart_lost: what each analysed turn lost, a bar in its player's colour. */
static void
chart_lost(FILE *fp, const struct report *rp)
{
	double w = CW - CL - 16, h = CH - CT - CB, bw;
	int64_t most = 10000;
	int top;
	long i;

	for (i = 0; i < rp->n; i++)
		if (rp->turns[i].status == ANALYSE_DONE &&
		    rp->turns[i].lost > most)
			most = rp->turns[i].lost;
	top = (int)((most + 9999) / 10000 * 10);
	bw = w / (double)(rp->n ? rp->n : 1);
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans,"
	    "Verdana,Arial,sans-serif\" role=\"img\" aria-label=\"lost each "
	    "turn\">\n", CW, CH, CW, CH);
	axes(fp, rp->n, top, rp->by_equity ? "equity lost" : "points lost");
	for (i = 0; i < rp->n; i++) {
		const struct report_turn *t = &rp->turns[i];
		double x = CL + bw * (double)i + bw * 0.15;

		if (t->status != ANALYSE_DONE) {
			fprintf(fp, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
			    "text-anchor=\"middle\" fill=\"#999999\">?</text>\n",
			    x + bw * 0.35, CT + h - 4);
			continue;
		}
		fprintf(fp, "<a href=\"#t%ld\"><rect x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>turn %ld"
		    "</title></rect></a>\n", t->turn, x,
		    CT + h - h * (double)t->lost / 1000.0 / top, bw * 0.7,
		    h * (double)t->lost / 1000.0 / top,
		    colour[t->player % RULES_MAX_PLAYERS], t->turn);
	}
	legend(fp, rp);
	fputs("</svg>\n", fp);
}

static void
move_table(FILE *fp, const struct report *rp)
{
	long i;

	fprintf(fp, "<table class=\"moves\"><tr><th class=\"n\">turn</th>"
	    "<th>player</th><th>rack</th><th>played</th><th class=\"n\">"
	    "score</th><th class=\"n\">rank</th><th>best</th><th class=\"n\">"
	    "best %s</th><th class=\"n\">lost</th></tr>\n",
	    rp->by_equity ? "equity" : "score");
	for (i = 0; i < rp->n; i++) {
		const struct report_turn *t = &rp->turns[i];
		int done = t->status == ANALYSE_DONE;

		fprintf(fp, "<tr class=\"%s\"><td class=\"n\"><a href=\"#t%ld\">"
		    "%ld</a></td><td><span class=\"dot\" style=\"background:%s\">"
		    "</span>", !done ? "" : t->rank == 1 ? "best" : "miss",
		    t->turn, t->turn, colour[t->player % RULES_MAX_PLAYERS]);
		TEXT(fp, nick(rp, t->player));
		fputs("</td><td>", fp);
		TEXT(fp, t->rack[0] ? t->rack : "?");
		fputs("</td><td>", fp);
		TEXT(fp, t->played_text);
		fprintf(fp, "</td><td class=\"n\">%d</td>", t->score);
		if (!done) {
			fprintf(fp, "<td class=\"n\">\xe2\x80\x93</td><td>%s</td>"
			    "<td class=\"n\">\xe2\x80\x93</td><td class=\"n\">"
			    "\xe2\x80\x93</td></tr>\n",
			    t->status == ANALYSE_UNKNOWN_RACK ? "unknown rack" :
			    "not analysed");
			continue;
		}
		if (t->rank < 0)
			fprintf(fp, "<td class=\"n rank\">phony</td><td>");
		else
			fprintf(fp, "<td class=\"n rank\">%ld of %ld</td><td>",
			    t->rank, t->nmoves);
		TEXT(fp, t->has_best ? t->best_text : "-");
		fputs("</td><td class=\"n\">", fp);
		value(fp, rp, t->best_value);
		fputs("</td><td class=\"n lost\">", fp);
		value(fp, rp, t->lost);
		fputs("</td></tr>\n", fp);
	}
	fputs("</table>\n", fp);
}

/* same_place: do two placements put the same tiles on the same squares? */
static int
same_place(const struct move *a, const struct move *b)
{
	return a->kind == MOVE_PLACE && b->kind == MOVE_PLACE &&
	    a->dir == b->dir && a->row == b->row && a->col == b->col &&
	    a->len == b->len && memcmp(a->tiles, b->tiles, a->len) == 0;
}

/* mark_moves: the move played outlined and the best move, when analysed
 * and another placement, as shadows. */
static void
mark_moves(struct picture *pic, const struct move *played,
	const struct move *best, int has_best)
{
	if (played->kind == MOVE_PLACE)
		pic->marks[PICTURE_PLAYED] = played;
	if (has_best && best->kind == MOVE_PLACE && !same_place(best, played))
		pic->marks[PICTURE_GHOST] = best;
}

static int
boards(FILE *fp, const struct report *rp, struct err *e)
{
	struct picture pic;
	long i;
	int p;

	/* The squares once; each board refers to them. */
	if (picture_svg_board(fp, &rp->rules, e) < 0)
		return -1;
	for (i = 0; i < rp->n; i++) {
		const struct report_turn *t = &rp->turns[i];
		int done = t->status == ANALYSE_DONE;

		fprintf(fp, "<section class=\"turn\" id=\"t%ld\"><h3>Turn %ld: ",
		    t->turn, t->turn);
		TEXT(fp, nick(rp, t->player));
		fprintf(fp, " (line %ld)</h3>\n<p>played <b>", t->line);
		TEXT(fp, t->played_text);
		fprintf(fp, "</b>, %d points", t->score);
		if (done && t->has_best && t->rank != 1) {
			fputs("; best <b>", fp);
			TEXT(fp, t->best_text);
			fputs("</b>, worth ", fp);
			value(fp, rp, t->best_value);
			fputs(rp->by_equity ? " in equity; lost " : "; lost ", fp);
			value(fp, rp, t->lost);
		} else if (done) {
			fputs(": the best move", fp);
		} else if (t->status == ANALYSE_UNKNOWN_RACK) {
			fputs(" (rack not known: not analysed)", fp);
		}
		fputs("</p>\n", fp);
		picture_init(&pic, &rp->rules, &t->pos);
		for (p = 0; p < rp->nplayers && p < RULES_MAX_PLAYERS; p++)
			pic.names[p] = nick(rp, p);
		mark_moves(&pic, &t->played, &t->best, done && t->has_best);
		if (picture_svg(fp, &pic, PICTURE_INLINE | PICTURE_SHARED, e) < 0)
			return -1;
		fputs("</section>\n", fp);
	}
	return 0;
}

int
report_write(const struct report *rp, const int *final, FILE *fp,
	struct err *e)
{
	int p;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8"
	    "\"/>\n<meta name=\"generator\" content=\"ordverk movegen\"/>\n"
	    "<title>", fp);
	for (p = 0; p < rp->nplayers; p++) {
		if (p)
			fputs(" vs ", fp);
		TEXT(fp, nick(rp, p));
	}
	fprintf(fp, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", style);
	for (p = 0; p < rp->nplayers; p++) {
		if (p)
			fputs(" \xe2\x80\x93 ", fp);
		TEXT(fp, nick(rp, p));
		fprintf(fp, " %d", final[p]);
	}
	fputs("</h1>\n<p class=\"sub\">", fp);
	if (rp->title[0]) {
		TEXT(fp, rp->title);
		fputs(" \xc2\xb7 ", fp);
	}
	TEXT(fp, rp->file);
	fprintf(fp, " \xc2\xb7 ruleset %s \xc2\xb7 moves valued by %s</p>\n",
	    rp->rules.name, rp->by_equity ? "equity (score and leave)" :
	    "score");
	summary(fp, rp, final);
	fputs("<h2>Scores</h2>\n", fp);
	chart_scores(fp, rp, final);
	fprintf(fp, "<h2>%s lost each turn</h2>\n",
	    rp->by_equity ? "Equity" : "Points");
	chart_lost(fp, rp);
	fputs("<h2>Moves</h2>\n", fp);
	move_table(fp, rp);
	fputs("<h2>Boards</h2>\n<p class=\"sub\">Each board is the position "
	    "before the turn: the move played outlined in orange, the best "
	    "move, when another, as dashed shadows.</p>\n", fp);
	if (boards(fp, rp, e) < 0)
		return -1;
	fputs("</body>\n</html>\n", fp);
	if (ferror(fp)) {
		err_set(e, 0, "report: write error");
		return -1;
	}
	return 0;
}

void
report_turn_picture(struct picture *pic, struct position *pos,
	const struct gcg_game *g, const struct analyse_turn *t, int by_equity,
	char *caption, size_t cap)
{
	const char *who = g->players[t->player].nick;
	int done = t->status == ANALYSE_DONE, n, p;

	*pos = *t->at->pos;
	pos->to_move = t->player;
	picture_init(pic, &g->rules, pos);
	for (p = 0; p < g->nplayers && p < RULES_MAX_PLAYERS; p++)
		pic->names[p] = g->players[p].nick;
	mark_moves(pic, &t->played, &t->best, done && t->has_best);
	n = snprintf(caption, cap, "%s, turn %ld: played %s, %d points", who,
	    t->turn, t->played_text, t->score);
	if (n < 0 || (size_t)n >= cap)
		n = 0;
	if (done && t->has_best && t->rank != 1 && by_equity)
		snprintf(caption + n, cap - (size_t)n, "; best %s, worth %.1f; "
		    "lost %.1f", t->best_text, (double)t->best_value / 1000,
		    (double)t->lost / 1000);
	else if (done && t->has_best && t->rank != 1)
		snprintf(caption + n, cap - (size_t)n, "; best %s, worth %lld; "
		    "lost %lld", t->best_text, (long long)(t->best_value / 1000),
		    (long long)(t->lost / 1000));
	else if (done)
		snprintf(caption + n, cap - (size_t)n, ": the best move");
	else
		snprintf(caption + n, cap - (size_t)n, " (rack not known)");
	pic->caption = caption;
}
