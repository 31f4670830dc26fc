/*
 * report.c — one analysed game as a self-contained HTML page (report.h).
 */
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "picture.h"
#include "report.h"

struct report_turn {
	long turn;
	long line;
	int index;                      /* the event's index in the game */
	int player;
	int status;                     /* enum analyse_status */
	struct position pos;            /* before the move, to_move = player */
	struct move played;
	char played_text[ANALYSE_TEXT_MAX];
	char rack[ANALYSE_RACK_MAX];
	char unseen[RULES_MAX_TILES * 4];   /* what the mover cannot see */
	int nunseen, bag;
	int score;
	int withdrawn, wrong_score, real_score, mirrored;
	long rank, nmoves;
	int has_best;
	struct move best;
	char best_text[ANALYSE_TEXT_MAX];
	int64_t played_value, best_value, lost;
	int eg, eg_exact;                 /* the endgame solver's (analyse.h) */
	char eg_best_text[ANALYSE_TEXT_MAX];
	int eg_best_lo, eg_best_hi, eg_played_lo, eg_played_hi;
	int eg_lost_lo, eg_lost_hi;
	int ncand;
	struct analyse_candidate *cand; /* ncand, owned */
	int sim;                        /* simulated (analyse.h) */
	int sim_narms, sim_played;
	long sim_iterations;
	uint64_t sim_seed;
	struct sim_arm *sim_arms;       /* sim_narms, best first, owned */
};

/* A #note of the game, after event `after` (-1: before the first). */
struct report_note {
	int after;
	char *text;
};

struct report {
	struct rules rules;
	int nplayers;
	struct gcg_player players[RULES_MAX_PLAYERS];
	char title[GCG_NAME_MAX];
	char *file;
	int by_equity;
	char lexicon[128], leaves[128];
	int sim;                        /* simulated: a->simulate */
	struct analyse_sim_head sim_head;
	char winpct[128];
	struct report_turn *turns;
	long n, cap;
	struct report_note *notes;
	int nnotes;
};

/* Player colours: lines, bars and the table's dots. */
static const char *const colour[RULES_MAX_PLAYERS] = {
	"#1f6fb2", "#d1495b", "#2a9d5c", "#e08a1e"
};

struct report *
report_create(const struct gcg_game *g, const char *file,
	const struct analyse *a, struct err *e)
{
	struct report *rp = calloc(1, sizeof *rp);
	int i;

	if (rp == NULL || (rp->file = strdup(file)) == NULL ||
	    (g->npragmas > 0 && (rp->notes = calloc((size_t)g->npragmas,
	    sizeof *rp->notes)) == NULL))
		goto nomem;
	rp->rules = g->rules;
	rp->nplayers = g->nplayers;
	memcpy(rp->players, g->players, sizeof rp->players);
	snprintf(rp->title, sizeof rp->title, "%s", g->title);
	rp->by_equity = a->leaves != NULL;
	snprintf(rp->lexicon, sizeof rp->lexicon, "%s", a->lexicon_name ?
	    a->lexicon_name : "-");
	snprintf(rp->leaves, sizeof rp->leaves, "%s", a->leaves_name ?
	    a->leaves_name : "-");
	rp->sim = a->simulate != NULL;
	rp->sim_head = a->sim_head;
	snprintf(rp->winpct, sizeof rp->winpct, "%s", a->sim_head.winpct ?
	    a->sim_head.winpct : "none");
	rp->sim_head.winpct = NULL;     /* borrowed: the copy above */
	for (i = 0; i < g->npragmas; i++) {
		const struct gcg_pragma *pr = &g->pragmas[i];

		if (strcmp(pr->name, "note") != 0)
			continue;
		rp->notes[rp->nnotes].after = pr->after;
		if ((rp->notes[rp->nnotes].text = strdup(pr->value)) == NULL)
			goto nomem;
		rp->nnotes++;
	}
	return rp;
nomem:
	report_destroy(rp);
	err_set(e, 0, "out of memory");
	return NULL;
}

void
report_destroy(struct report *rp)
{
	long i;

	if (rp == NULL)
		return;
	for (i = 0; i < rp->n; i++) {
		free(rp->turns[i].cand);
		free(rp->turns[i].sim_arms);
	}
	for (i = 0; i < rp->nnotes; i++)
		free(rp->notes[i].text);
	free(rp->notes);
	free(rp->turns);
	free(rp->file);
	free(rp);
}

int
report_add(struct report *rp, const struct analyse_turn *t, struct err *e)
{
	struct report_turn *x;
	int k;

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
	x = &rp->turns[rp->n];
	memset(x, 0, sizeof *x);
	if (t->ncand > 0) {
		if ((x->cand = malloc((size_t)t->ncand * sizeof *x->cand)) ==
		    NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
		memcpy(x->cand, t->cand, (size_t)t->ncand * sizeof *x->cand);
		x->ncand = t->ncand;
	}
	if (t->sim != NULL) {
		size_t sz = (size_t)t->sim->narms * sizeof *x->sim_arms;

		if ((x->sim_arms = malloc(sz)) == NULL) {
			free(x->cand);
			err_set(e, 0, "out of memory");
			return -1;
		}
		memcpy(x->sim_arms, t->sim->arms, sz);
		x->sim = 1;
		x->sim_narms = t->sim->narms;
		x->sim_played = t->sim->played;
		x->sim_iterations = t->sim->iterations;
		x->sim_seed = t->sim->seed;
	}
	rp->n++;
	x->turn = t->turn;
	x->line = t->at->ev->line;
	x->index = t->at->index;
	x->player = t->player;
	x->status = t->status;
	x->pos = *t->at->pos;
	x->pos.to_move = t->player;
	x->played = t->played;
	snprintf(x->played_text, sizeof x->played_text, "%s", t->played_text);
	snprintf(x->rack, sizeof x->rack, "%s", t->rack);
	if (rules_rack_format(&rp->rules, t->at->unseen, x->unseen,
	    sizeof x->unseen) < 0)
		x->unseen[0] = '\0';
	for (k = 0; k <= rp->rules.nletters; k++)
		x->nunseen += t->at->unseen[k];
	x->bag = t->at->bag;
	x->score = t->score;
	x->withdrawn = t->withdrawn;
	x->wrong_score = t->wrong_score;
	x->real_score = t->real_score;
	x->mirrored = t->mirrored;
	x->rank = t->rank;
	x->nmoves = t->nmoves;
	x->has_best = t->has_best;
	x->best = t->best;
	snprintf(x->best_text, sizeof x->best_text, "%s", t->best_text);
	x->played_value = t->played_value;
	x->best_value = t->best_value;
	x->lost = t->lost;
	x->eg = t->eg;
	x->eg_exact = t->eg_exact;
	snprintf(x->eg_best_text, sizeof x->eg_best_text, "%s", t->eg_best_text);
	x->eg_best_lo = t->eg_best_lo;
	x->eg_best_hi = t->eg_best_hi;
	x->eg_played_lo = t->eg_played_lo;
	x->eg_played_hi = t->eg_played_hi;
	x->eg_lost_lo = t->eg_lost_lo;
	x->eg_lost_hi = t->eg_lost_hi;
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
"body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:1em auto;"
"max-width:1200px;color:#222;background:#fbfaf5;padding:0 .8em}"
"h1{font-size:1.4em;margin-bottom:.2em;overflow-wrap:anywhere}"
"h2{font-size:1.15em;margin-top:1.4em;border-bottom:1px solid #ccc}"
".sub{color:#666;margin-top:0;overflow-wrap:anywhere}"
".warn{color:#b3261e;font-weight:bold}"
".scroll{overflow-x:auto;max-width:100%}"
"table{border-collapse:collapse;font-size:.92em}"
"td,th{padding:.2em .5em;text-align:left;border-bottom:1px solid #e2e0d6;"
"white-space:nowrap}"
"td.n,th.n{text-align:right}tr.best td.rank{color:#2a7d3e;font-weight:bold}"
"tr.miss td.lost{color:#b3261e;font-weight:bold}tr.bad td{background:#fde8e6}"
"span.eg{font-size:80%;font-weight:normal;color:#555}"
".dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;"
"margin-right:.4em}"
"#stage{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}"
"#boardcol{flex:1 1 420px;min-width:0;max-width:680px}"
"#listcol{flex:1 1 280px;min-width:0;max-height:720px;overflow:auto;"
"position:relative}"
"#list tr{cursor:pointer}#list tr.cur td{background:#f6dfb8}"
".nav{display:flex;gap:.5em;align-items:center;margin:.3em 0}"
".nav button{font-size:1em;padding:.3em .9em}"
".turn{margin:1em 0;padding-top:.4em;border-top:1px solid #e2e0d6}"
"html.js .turn{display:none}html.js .turn.cur{display:block;border:0;"
"margin-top:0}"
".turn h3{font-size:1em;margin:.2em 0}.turn p{margin:.2em 0 .5em}"
".note{font-style:italic;color:#555}"
".tiles{font-family:'DejaVu Sans Mono',monospace;overflow-wrap:anywhere}"
"svg{max-width:100%;height:auto}.chart svg{min-width:460px}"
"a{color:#1f6fb2}";

/* With a simulation only: the page without one stays as it was. */
static const char sim_style[] = "table.sims tr.played td{font-weight:bold}";

/* The script of the board you step through (one board shown, the move
 * list marking it; buttons, arrow keys, a click on a move).  Without it
 * every board shows, one after the other.  In CDATA: the page is also
 * well-formed XML. */
static const char script[] =
"//<![CDATA[\n"
"(function(){var d=document,turns=[].slice.call(d.querySelectorAll("
"'.turn')),rows=[].slice.call(d.querySelectorAll('#list tr[data-i]')),"
"list=d.getElementById('listcol'),cur=-1;if(!turns.length)return;"
"d.documentElement.className+=' js';"
"function show(i){i=Math.max(0,Math.min(turns.length-1,i));cur=i;"
"turns.forEach(function(t,k){t.classList.toggle('cur',k===i)});"
"rows.forEach(function(r,k){r.classList.toggle('cur',k===i)});"
"var r=rows[i];if(r&&list&&(r.offsetTop<list.scrollTop||r.offsetTop+"
"r.offsetHeight>list.scrollTop+list.clientHeight))list.scrollTop="
"r.offsetTop-list.clientHeight/2;"
"d.getElementById('pos').textContent=turns[i].getAttribute('data-label')}"
"d.getElementById('prev').addEventListener('click',function(){show(cur-1)});"
"d.getElementById('next').addEventListener('click',function(){show(cur+1)});"
"d.addEventListener('keydown',function(e){if(e.altKey||e.ctrlKey||"
"e.metaKey)return;if(e.key==='ArrowLeft'){show(cur-1);e.preventDefault()}"
"else if(e.key==='ArrowRight'){show(cur+1);e.preventDefault()}});"
"rows.forEach(function(r,k){r.addEventListener('click',function(e){"
"show(k);e.preventDefault()})});"
"[].forEach.call(d.querySelectorAll('a.to'),function(a){"
"a.addEventListener('click',function(e){var k=turns.indexOf("
"d.getElementById(a.getAttribute('href').slice(1)));if(k<0)return;"
"show(k);d.getElementById('stage').scrollIntoView();e.preventDefault()})});"
"var k=turns.indexOf(d.getElementById(location.hash.slice(1)));"
"show(k<0?0:k);window.addEventListener('hashchange',function(){"
"var k=turns.indexOf(d.getElementById(location.hash.slice(1)));"
"if(k>=0)show(k)});window.ordverkTurn=function(){return cur}})();\n"
"//]]>";

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

#define CW 640      /* chart width */
#define CH 260      /* chart height */
#define CL 56       /* left margin */
#define CB 36       /* bottom margin */
#define CT 34       /* top margin: the legend, above the plot */

/* axes: the frame, y ticks up to top and x ticks 1..n. */
static void
axes(FILE *fp, long n, int top, const char *ylabel)
{
	int step = nice_step(top), y;
	long x, xstep = n > 40 ? 10 : n > 20 ? 5 : n > 10 ? 2 : 1;
	double w = CW - CL - 16, h = CH - CT - CB;

	fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%.0f\" "
	    "fill=\"#ffffff\" stroke=\"#bbbbbb\"/>\n", CL, CT, w, h);
	for (y = 0; y <= top; y += step) {
		double py = CT + h - h * y / top;

		fprintf(fp, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" "
		    "stroke=\"#eeeeee\"/><text x=\"%d\" y=\"%.1f\" "
		    "font-size=\"13\" text-anchor=\"end\" fill=\"#555555\">%d"
		    "</text>\n", CL, py, CL + w, py, CL - 6, py + 4, y);
	}
	for (x = 1; x <= n; x += xstep)
		fprintf(fp, "<text x=\"%.1f\" y=\"%d\" font-size=\"13\" "
		    "text-anchor=\"middle\" fill=\"#555555\">%ld</text>\n",
		    CL + w * ((double)x - 0.5) / (double)n, CH - CB + 15, x);
	fprintf(fp, "<text x=\"%.0f\" y=\"%d\" font-size=\"14\" "
	    "text-anchor=\"middle\" fill=\"#333333\">turn</text>"
	    "<text x=\"14\" y=\"%.0f\" font-size=\"14\" text-anchor=\"middle\" "
	    "fill=\"#333333\" transform=\"rotate(-90 14 %.0f)\">%s</text>\n",
	    CL + w / 2, CH - 4, CT + h / 2, CT + h / 2, ylabel);
}

/* legend: each player's colour and nick in the margin above the plot,
 * where no line or bar can be; a nick is cut to fit its share. */
static void
legend(FILE *fp, const struct report *rp)
{
	int p, share = (CW - CL - 16) / (rp->nplayers > 0 ? rp->nplayers : 1);
	char name[GCG_NICK_MAX + 8];

	for (p = 0; p < rp->nplayers; p++) {
		fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"13\" height=\"13\" "
		    "fill=\"%s\"/><text x=\"%d\" y=\"%d\" font-size=\"14\" "
		    "fill=\"#333333\">", CL + p * share, 9, colour[p],
		    CL + 19 + p * share, 20);
		picture_fit_text(nick(rp, p), (share - 26) * 10 / (14 * 6), name,
		    sizeof name);
		TEXT(fp, name);
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

/* verdict: the rank cell's words. */
static void
verdict(FILE *fp, const struct report_turn *t)
{
	if (t->withdrawn)
		fputs("withdrawn", fp);
	else if (t->rank < 0)
		fputs("phony", fp);
	else
		fprintf(fp, "%ld of %ld", t->rank, t->nmoves);
}

/* eg_points: a proved interval of points: "21", "21 to 30", "at least
 * 21", "at most 30" or "not known". */
static void
eg_points(FILE *fp, int lo, int hi)
{
	if (lo == hi)
		fprintf(fp, "%d", lo);
	else if (lo <= -ENDGAME_INF && hi >= ENDGAME_INF)
		fputs("not known", fp);
	else if (lo <= -ENDGAME_INF)
		fprintf(fp, "at most %d", hi);
	else if (hi >= ENDGAME_INF)
		fprintf(fp, "at least %d", lo);
	else
		fprintf(fp, "%d to %d", lo, hi);
}


/* sim_lost: what the move played cost in win chance, in percent: the
 * first candidate's win chance less the move played's (0 when the move
 * played was not simulated). */
static double
sim_lost(const struct report_turn *t)
{
	if (!t->sim || t->sim_played < 0)
		return 0;
	return sim_win_pct(&t->sim_arms[0].win, 0) -
	    sim_win_pct(&t->sim_arms[t->sim_played].win, 0);
}

static void
move_table(FILE *fp, const struct report *rp)
{
	long i;

	fprintf(fp, "<div class=\"scroll\"><table class=\"moves\"><tr><th "
	    "class=\"n\">turn</th><th>player</th><th>rack</th><th>played</th>"
	    "<th class=\"n\">score</th><th class=\"n\">rank</th><th>best</th>"
	    "<th class=\"n\">best %s</th><th class=\"n\">lost</th></tr>\n",
	    rp->by_equity ? "equity" : "score");
	for (i = 0; i < rp->n; i++) {
		const struct report_turn *t = &rp->turns[i];
		int done = t->status == ANALYSE_DONE;

		fprintf(fp, "<tr class=\"%s\"><td class=\"n\"><a class=\"to\" "
		    "href=\"#t%ld\">%ld</a></td><td><span class=\"dot\" "
		    "style=\"background:%s\"></span>", t->wrong_score ? "bad" :
		    !done ? "" : t->rank == 1 ? "best" : "miss",
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
		fputs("<td class=\"n rank\">", fp);
		verdict(fp, t);
		fputs("</td><td>", fp);
		TEXT(fp, t->has_best ? t->best_text : "-");
		fputs("</td><td class=\"n\">", fp);
		value(fp, rp, t->best_value);
		fputs("</td><td class=\"n lost\">", fp);
		value(fp, rp, t->lost);
		if (t->eg) {
			/* The solver's loss beside the table's: an endgame. */
			fprintf(fp, "<br/><span class=\"eg\" title=\"endgame "
			    "solved: points lost against the best line, %s\">"
			    "endgame ", t->eg_exact ? "exact" : "bound");
			eg_points(fp, t->eg_lost_lo, t->eg_lost_hi);
			fprintf(fp, " %s</span>", t->eg_exact ? "exact" : "bound");
		}
		if (t->sim && t->sim_played >= 0)
			fprintf(fp, "<br/><span class=\"eg\" title=\"simulated: "
			    "the best candidate's win chance less the move "
			    "played's\">win %.1f %%</span>", sim_lost(t));
		fputs("</td></tr>\n", fp);
	}
	fputs("</table></div>\n", fp);
}

/* mistakes: the analysed turns that lost most, most first (ten at most). */
static void
mistakes(FILE *fp, const struct report *rp)
{
	long order[10], n = 0, i, k;

	for (i = 0; i < rp->n; i++) {
		const struct report_turn *t = &rp->turns[i];

		if (t->status != ANALYSE_DONE || t->lost <= 0)
			continue;
		for (k = n < 10 ? n : 9; k > 0 &&
		    rp->turns[order[k - 1]].lost < t->lost; k--)
			if (k < 10)
				order[k] = order[k - 1];
		if (k < 10) {
			order[k] = i;
			if (n < 10)
				n++;
		}
	}
	if (n == 0) {
		fputs("<p>No turn lost anything.</p>\n", fp);
		return;
	}
	fputs("<ol class=\"mistakes\">\n", fp);
	for (k = 0; k < n; k++) {
		const struct report_turn *t = &rp->turns[order[k]];

		fprintf(fp, "<li><a class=\"to\" href=\"#t%ld\">turn %ld</a>, ",
		    t->turn, t->turn);
		TEXT(fp, nick(rp, t->player));
		fputs(": ", fp);
		TEXT(fp, t->played_text);
		fputs(t->withdrawn ? " (withdrawn)" : t->rank < 0 ? " (phony)" :
		    "", fp);
		fputs(" for <b>", fp);
		TEXT(fp, t->best_text);
		fputs("</b>, lost ", fp);
		value(fp, rp, t->lost);
		fputs("</li>\n", fp);
	}
	fputs("</ol>\n", fp);
}

/* mark_moves: the move played (a placement outlined, an exchange's tiles
 * marked on the rack) and the best move, when analysed and another
 * placement, as shadows. */
static void
mark_moves(struct picture *pic, const struct move *played,
	const struct move *best, int has_best, int rank)
{
	if (played->kind == MOVE_PLACE || played->kind == MOVE_EXCHANGE)
		pic->marks[PICTURE_PLAYED] = played;
	if (has_best && best->kind == MOVE_PLACE && rank != 1)
		pic->marks[PICTURE_GHOST] = best;
}

/* move_list: the list beside the board: each turn's move, its score and
 * the player's total after it. */
static void
move_list(FILE *fp, const struct report *rp)
{
	long i;

	fputs("<div id=\"listcol\"><table id=\"list\"><tr><th class=\"n\">#"
	    "</th><th>player</th><th>move</th><th class=\"n\">score</th>"
	    "<th class=\"n\">total</th></tr>\n", fp);
	for (i = 0; i < rp->n; i++) {
		const struct report_turn *t = &rp->turns[i];

		fprintf(fp, "<tr data-i=\"%ld\"%s><td class=\"n\"><a "
		    "href=\"#t%ld\">%ld</a></td><td><span class=\"dot\" "
		    "style=\"background:%s\"></span>", i, t->wrong_score ?
		    " class=\"bad\"" : "", t->turn, t->turn,
		    colour[t->player % RULES_MAX_PLAYERS]);
		TEXT(fp, nick(rp, t->player));
		fputs("</td><td>", fp);
		TEXT(fp, t->played_text);
		if (t->withdrawn)
			fputs(" (withdrawn)", fp);
		fprintf(fp, "</td><td class=\"n\">%d</td><td class=\"n\">%d"
		    "</td></tr>\n", t->score, t->pos.scores[t->player] +
		    t->score);
	}
	fputs("</table></div>\n", fp);
}

/* candidates: the turn's top moves. */
static void
candidates(FILE *fp, const struct report *rp, const struct report_turn *t)
{
	int k;

	if (t->ncand == 0)
		return;
	fprintf(fp, "<div class=\"scroll\"><table class=\"cands\"><tr><th "
	    "class=\"n\">#</th><th>move</th><th class=\"n\">score</th><th>"
	    "leave</th><th class=\"n\">%s</th></tr>\n",
	    rp->by_equity ? "equity" : "score");
	for (k = 0; k < t->ncand; k++) {
		fprintf(fp, "<tr><td class=\"n\">%d</td><td>", k + 1);
		TEXT(fp, t->cand[k].text);
		fprintf(fp, "</td><td class=\"n\">%d</td><td>",
		    t->cand[k].move.score);
		TEXT(fp, t->cand[k].leave);
		fputs("</td><td class=\"n\">", fp);
		value(fp, rp, t->cand[k].value);
		fputs("</td></tr>\n", fp);
	}
	fputs("</table></div>\n", fp);
}

/* sim_candidates: a simulated turn's candidates, best first, the move
 * played marked. */
static void
sim_candidates(FILE *fp, const struct report_turn *t)
{
	int k;

	fputs("<div class=\"scroll\"><table class=\"sims\"><tr><th class=\"n\">#"
	    "</th><th>move</th><th class=\"n\">score</th><th class=\"n\">"
	    "equity</th><th class=\"n\">win %</th><th class=\"n\">\xc2\xb1"
	    "</th><th class=\"n\">spread</th><th class=\"n\">iterations</th>"
	    "</tr>\n", fp);
	for (k = 0; k < t->sim_narms; k++) {
		const struct sim_arm *a = &t->sim_arms[k];

		fprintf(fp, "<tr%s><td class=\"n\">%d</td><td>", k ==
		    t->sim_played ? " class=\"played\"" : "", k + 1);
		TEXT(fp, a->text);
		fprintf(fp, "%s</td><td class=\"n\">%d</td><td class=\"n\">%.1f"
		    "</td><td class=\"n\">%.2f</td><td class=\"n\">%.2f</td>"
		    "<td class=\"n\">%.1f</td><td class=\"n\">%" PRId64
		    "</td></tr>\n", k == t->sim_played ? " (played)" : "",
		    a->score, (double)a->equity / 1000, sim_win_pct(&a->win, 0),
		    sim_win_pct(&a->win, 1), sim_spread_pts(&a->spread, 0),
		    a->win.n);
	}
	fputs("</table></div>\n", fp);
}

/* turn_panel: turn i's board and what goes with it. */
static int
turn_panel(FILE *fp, const struct report *rp, long i, struct err *e)
{
	const struct report_turn *t = &rp->turns[i];
	int done = t->status == ANALYSE_DONE, p, k;
	int next = i + 1 < rp->n ? rp->turns[i + 1].index : INT_MAX;
	struct picture pic;

	fprintf(fp, "<section class=\"turn\" id=\"t%ld\" data-label=\"turn "
	    "%ld of %ld\"><h3>Turn %ld: ", t->turn, t->turn, rp->turns[rp->n -
	    1].turn, t->turn);
	TEXT(fp, nick(rp, t->player));
	fprintf(fp, " (line %ld)</h3>\n", t->line);
	if (t->wrong_score)
		fprintf(fp, "<p class=\"warn\">Line %ld: %s scores %+d, not %+d "
		    "as written; analysed as it scores, the game goes on as "
		    "written.</p>\n", t->line, t->played_text, t->real_score,
		    t->score);
	fputs("<p>played <b>", fp);
	TEXT(fp, t->played_text);
	if (t->withdrawn)
		fputs("</b>, withdrawn: 0 points", fp);
	else
		fprintf(fp, "</b>, %d points", t->score);
	if (done && t->rank < 0 && !t->withdrawn)
		fputs(" (phony)", fp);
	if (done && t->has_best && t->rank != 1) {
		fputs("; best <b>", fp);
		TEXT(fp, t->best_text);
		fputs("</b> (dashed), worth ", fp);
		value(fp, rp, t->best_value);
		fputs(rp->by_equity ? " in equity; lost " : "; lost ", fp);
		value(fp, rp, t->lost);
	} else if (done) {
		fputs(t->mirrored ? ": the best move (as its mirror across)" :
		    ": the best move", fp);
	} else if (t->status == ANALYSE_UNKNOWN_RACK) {
		fputs(" (rack not known: not analysed)", fp);
	}
	fputs("</p>\n", fp);
	if (t->eg) {
		fprintf(fp, "<p class=\"eg\">Endgame, solved %s: best line "
		    "from <b>", t->eg_exact ? "exactly" : "to a bound (the time "
		    "ran out)");
		TEXT(fp, t->eg_best_text);
		fputs("</b>, worth ", fp);
		eg_points(fp, t->eg_best_lo, t->eg_best_hi);
		fputs(" (the final spread change); the move played ", fp);
		eg_points(fp, t->eg_played_lo, t->eg_played_hi);
		fputs(": lost <b>", fp);
		eg_points(fp, t->eg_lost_lo, t->eg_lost_hi);
		fprintf(fp, "</b> (%s).</p>\n", t->eg_exact ? "exact" : "bound");
	}
	if (t->sim) {
		const struct sim_arm *b = &t->sim_arms[0];

		fputs("<p class=\"sim\">Simulated (", fp);
		fprintf(fp, "%ld iterations, seed %" PRIu64 "): best <b>",
		    t->sim_iterations, t->sim_seed);
		TEXT(fp, b->text);
		fprintf(fp, "</b>, wins %.2f %% \xc2\xb1 %.2f", sim_win_pct(&b->win, 0),
		    sim_win_pct(&b->win, 1));
		if (t->sim_played == 0)
			fputs("; the move played.</p>\n", fp);
		else if (t->sim_played > 0)
			fprintf(fp, "; the move played %.2f %% \xc2\xb1 %.2f: cost "
			    "<b>%.2f %%</b> in win chance.</p>\n",
			    sim_win_pct(&t->sim_arms[t->sim_played].win, 0),
			    sim_win_pct(&t->sim_arms[t->sim_played].win, 1),
			    sim_lost(t));
		else
			fputs("; the move played was not simulated.</p>\n", fp);
	}
	picture_init(&pic, &rp->rules, &t->pos);
	for (p = 0; p < rp->nplayers && p < RULES_MAX_PLAYERS; p++)
		pic.names[p] = nick(rp, p);
	mark_moves(&pic, &t->played, &t->best, done && t->has_best, (int)t->rank);
	if (picture_svg(fp, &pic, PICTURE_INLINE | PICTURE_SHARED, e) < 0)
		return -1;
	for (k = 0; k < rp->nnotes; k++)
		if (rp->notes[k].after >= t->index && rp->notes[k].after < next) {
			fputs("<p class=\"note\">", fp);
			TEXT(fp, rp->notes[k].text);
			fputs("</p>\n", fp);
		}
	fprintf(fp, "<p>Bag %d; unseen by ", t->bag);
	TEXT(fp, nick(rp, t->player));
	fprintf(fp, " (%d): <span class=\"tiles\">", t->nunseen);
	TEXT(fp, t->unseen);
	fputs("</span></p>\n", fp);
	candidates(fp, rp, t);
	if (t->sim)
		sim_candidates(fp, t);
	fputs("</section>\n", fp);
	return 0;
}

/* stage: the board you step through beside the move list. */
static int
stage(FILE *fp, const struct report *rp, struct err *e)
{
	long i;

	/* The squares once; each board refers to them. */
	if (picture_svg_board(fp, &rp->rules, e) < 0)
		return -1;
	fputs("<div id=\"stage\"><div id=\"boardcol\"><div class=\"nav\">"
	    "<button type=\"button\" id=\"prev\" aria-label=\"previous turn\">"
	    "\xe2\x97\x80</button><button type=\"button\" id=\"next\" "
	    "aria-label=\"next turn\">\xe2\x96\xb6</button><span id=\"pos\">"
	    "</span></div>\n", fp);
	for (i = 0; i < rp->n; i++)
		if (turn_panel(fp, rp, i, e) < 0)
			return -1;
	fputs("</div>\n", fp);
	move_list(fp, rp);
	fputs("</div>\n", fp);
	return 0;
}

int
report_write(const struct report *rp, const int *final, FILE *fp,
	struct err *e)
{
	long i;
	int p, k;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8"
	    "\"/>\n<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\"/>\n<meta name=\"generator\" content=\"ordverk "
	    "movegen\"/>\n<title>", fp);
	for (p = 0; p < rp->nplayers; p++) {
		if (p)
			fputs(" vs ", fp);
		TEXT(fp, nick(rp, p));
	}
	fprintf(fp, "</title>\n<style>%s%s</style>\n</head>\n<body>\n<h1>", style,
	    rp->sim ? sim_style : "");
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
	fprintf(fp, " \xc2\xb7 ruleset %s \xc2\xb7 lexicon ", rp->rules.name);
	TEXT(fp, rp->lexicon);
	fputs(" (a phony is a play not in it) \xc2\xb7 moves valued by ", fp);
	if (rp->by_equity) {
		fputs("equity (score and leave, leaves ", fp);
		TEXT(fp, rp->leaves);
		fputs(")</p>\n", fp);
	} else {
		fputs("score</p>\n", fp);
	}
	if (rp->sim) {
		fprintf(fp, "<p class=\"sub\">Turns with tiles in the bag "
		    "simulated: the top candidates by equity and the move played, "
		    "%d plies ahead, at most %ld iterations a turn",
		    rp->sim_head.plies, rp->sim_head.iterations);
		if (rp->sim_head.seconds > 0)
			fprintf(fp, " or %g seconds", rp->sim_head.seconds);
		fprintf(fp, ", stopped at %s, seed %" PRIu64 ", win table ",
		    rp->sim_head.stop >= 0.985 ? "99 % confidence" :
		    rp->sim_head.stop > 0 ? "95 % confidence" : "the cap",
		    rp->sim_head.seed);
		TEXT(fp, rp->winpct);
		fputs("; win % beside each candidate, \xc2\xb1 its standard "
		    "error.</p>\n", fp);
	}
	for (i = 0; i < rp->n; i++)
		if (rp->turns[i].wrong_score)
			fprintf(fp, "<p class=\"warn\">Line %ld: %s scores %+d, not "
			    "%+d as written: the record does not add up (the "
			    "totals are as written).</p>\n", rp->turns[i].line,
			    rp->turns[i].played_text, rp->turns[i].real_score,
			    rp->turns[i].score);
	for (k = 0; k < rp->nnotes; k++)
		if (rp->n == 0 || rp->notes[k].after < rp->turns[0].index) {
			fputs("<p class=\"note\">", fp);
			TEXT(fp, rp->notes[k].text);
			fputs("</p>\n", fp);
		}
	fputs("<div class=\"scroll\">", fp);
	summary(fp, rp, final);
	fputs("</div>\n<h2>Game</h2>\n<p class=\"sub\">The board before each "
	    "turn: the move played outlined in orange, the best move, when "
	    "another, dashed (a corner mark where both use a square). "
	    "\xe2\x97\x80 \xe2\x96\xb6 or the arrow keys step; a move in the "
	    "list jumps to it.</p>\n", fp);
	if (stage(fp, rp, e) < 0)
		return -1;
	fputs("<h2>Biggest mistakes</h2>\n", fp);
	mistakes(fp, rp);
	fputs("<h2>Scores</h2>\n<div class=\"chart scroll\">", fp);
	chart_scores(fp, rp, final);
	fprintf(fp, "</div>\n<h2>%s lost each turn</h2>\n<div class=\"chart "
	    "scroll\">", rp->by_equity ? "Equity" : "Points");
	chart_lost(fp, rp);
	fputs("</div>\n<h2>Moves</h2>\n", fp);
	move_table(fp, rp);
	fprintf(fp, "<script>%s</script>\n</body>\n</html>\n", script);
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
	mark_moves(pic, &t->played, &t->best, done && t->has_best, (int)t->rank);
	n = snprintf(caption, cap, "%s, turn %ld: played %s, %d points%s", who,
	    t->turn, t->played_text, t->score, t->withdrawn ? " (withdrawn)" :
	    done && t->rank < 0 ? " (phony)" : "");
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
