/*
 * tool_endgame.c — movegen --endgame and --endgame-merge (tool_endgame.h).
 *
 * Output, one table: "#MOVE VALUE STATUS PV NODES MS POS" (TAB-separated;
 * RESULT after them with --first-win), a line per first move shown (one,
 * or --top K), POS the position's number in the input (1, 2, ...).  The PV
 * is the moves to the end of the game, each in movegen's notation,
 * separated by ';'.  With --shard K/N the lines carry LO HI RHI INDEX TOP
 * SHARD after POS, which --endgame-merge reads back.
 */
#include <limits.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board.h"
#include "endgame.h"
#include "tool.h"
#include "tool_opt.h"
#include "tool_endgame.h"
#include "tool_engine.h"

#define EG_SYNOPSIS \
"usage: movegen --endgame [-l FILE] [-r RULESET] [-T SECONDS] [--plies N]\n" \
"               [-n K] [--move MOVE] [--first-win] [-x K/N] [--hash-bits N]\n" \
"               [FILE ...]\n" \
"       movegen --endgame-merge FILE ...\n"

/* The letters and long names follow ordverk(7). */
enum { O_ENDGAME = TOOL_OPT_LONG, O_MERGE, O_FIRST_WIN, O_HASH_BITS, O_MOVE,
	O_PLIES };
static const struct tool_opt eg_options[] = {
	{ O_ENDGAME, "endgame", NULL, "solve each position's endgame exactly", 1 },
	{ O_MERGE, "endgame-merge", NULL, "add the outputs of --shard runs", 1 },
	{ 'r', "rules", "RULESET", "the ruleset, where the input does not name it", 1 },
	{ 'l', "lexicon", "FILE", "the lexicon (default: the ruleset's)", 1 },
	{ 'T', "time", "SECONDS", "stop after SECONDS: bounds, not exact values", 1 },
	{ O_PLIES, "plies", "N", "search N plies at most: bounds", 1 },
	{ 'n', "top", "K", "the K best first moves, each with its value", 1 },
	{ O_MOVE, "move", "MOVE", "the value of MOVE as the first move", 1 },
	{ O_FIRST_WIN, "first-win", NULL, "only whether the side to move wins", 1 },
	{ 'x', "shard", "K/N", "only shard K of N of the first moves", 1 },
	{ O_HASH_BITS, "hash-bits", "N", "2^N entries in the table (10 to 30)", 1 },
	{ 'h', "help", NULL, "print this help and exit", 1 },
	{ 'V', "version", NULL, "print the version and exit", 1 },
};

struct eg_opts {
	const char *rules_name;
	const char *move_text;
	struct endgame_opts so;
	int merge;
	int hash_bits;
};

static struct eg_opts eo;
static struct tool_engines eg_engines;
static struct engine *eg_owner[TOOL_ENGINES_MAX];
static struct endgame *eg_solver[TOOL_ENGINES_MAX];
static long eg_posno;

static int
endgame_wanted(int argc, char *argv[])
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "--endgame") == 0 ||
		    strcmp(argv[i], "--endgame-merge") == 0)
			return 1;
	}
	return 0;
}

static void eg_usage(void) __attribute__((noreturn));

static void
eg_usage(void)
{
	fputs(EG_SYNOPSIS, stderr);
	exit(TOOL_ERR);
}

/* VALUE and STATUS of a proved interval. */
static void
format_value(int lo, int hi, char *val, size_t vcap, char *st, size_t scap)
{
	int has_lo = lo > -ENDGAME_INF, has_hi = hi < ENDGAME_INF;

	if (has_lo && has_hi && lo == hi) {
		snprintf(val, vcap, "%d", lo);
		snprintf(st, scap, "exact");
	} else if (has_lo && has_hi) {
		snprintf(val, vcap, "%d", lo);
		snprintf(st, scap, "bound %d..%d", lo, hi);
	} else if (has_lo) {
		snprintf(val, vcap, "%d", lo);
		snprintf(st, scap, "bound >= %d", lo);
	} else if (has_hi) {
		snprintf(val, vcap, "%d", hi);
		snprintf(st, scap, "bound <= %d", hi);
	} else {
		snprintf(val, vcap, "?");
		snprintf(st, scap, "bound");
	}
}

static const char *
result_name(int lo, int hi)
{
	if (lo > 0)
		return "win";
	if (hi < 0)
		return "loss";
	if (lo == 0 && hi == 0)
		return "draw";
	if (lo == 0)
		return "draw-or-win";
	if (hi == 0)
		return "draw-or-loss";
	return "unknown";
}

/* The PV as text: each move canonical on the board it is played on. */
static void
format_pv(const struct rules *r, const struct position *p,
	const struct endgame_line *l, char *out, size_t cap)
{
	static struct position q;
	size_t n = 0;
	char mv[128];

	q = *p;
	out[0] = '\0';
	for (int i = 0; i < l->npv; i++) {
		struct move m = l->pv[i];
		int len;

		move_canonical(&q.board, &m);
		if ((len = move_format(r, &m, mv, sizeof mv)) < 0)
			snprintf(mv, sizeof mv, "?");
		if (n + strlen(mv) + 2 >= cap)
			break;
		n += (size_t)snprintf(out + n, cap - n, "%s%s", i ? ";" : "", mv);
		move_apply(&q, q.to_move, &m);
		q.to_move = !q.to_move;
	}
}

static struct endgame *
solver_of(struct engine *en)
{
	struct err e;
	int i;

	for (i = 0; i < TOOL_ENGINES_MAX && eg_owner[i] != NULL; i++)
		if (eg_owner[i] == en)
			return eg_solver[i];
	if (i == TOOL_ENGINES_MAX)
		tool_die("too many rulesets");
	if ((eg_solver[i] = endgame_create(&en->rules, en->gen, eo.hash_bits,
	    &e)) == NULL)
		tool_die("%s", e.msg);
	eg_owner[i] = en;
	return eg_solver[i];
}

/* The opponent's rack, when the CGP has none: the tiles unseen. */
static int
fill_opponent(const struct rules *r, struct position *p, struct err *e)
{
	uint8_t unseen[RULES_MAX_TILES];
	int opp;

	if (p->nplayers == 1) {
		p->nplayers = 2;
		p->scores[1] = 0;
		p->rack_known[1] = 0;
		memset(p->racks[1], 0, sizeof p->racks[1]);
	}
	if (p->nplayers != 2)
		return 0;       /* the solver says why not */
	opp = !p->to_move;
	if (p->rack_known[opp])
		return 0;
	if (!p->rack_known[p->to_move]) {
		err_set(e, 0, "the endgame needs the rack of the player to move");
		return -1;
	}
	if (board_unseen(r, p, p->to_move, unseen, e) != 0)
		return -1;
	memcpy(p->racks[opp], unseen, sizeof unseen);
	p->rack_known[opp] = 1;
	return 0;
}

static int
eg_line(char *line, size_t len, const char *name, long lineno, void *arg)
{
	static struct position p;
	static struct endgame_result res;
	struct engine *en;
	struct endgame *s;
	struct move only;
	struct err e = { 0 };
	char pv[8192], val[32], st[64];

	(void)arg;
	eg_posno++;
	if ((en = tool_engine_cgp(&eg_engines, eo.rules_name, line, len, &p,
	    name, lineno)) == NULL)
		return TOOL_ERR;
	if (fill_opponent(&en->rules, &p, &e) != 0) {
		tool_warnfl(name, lineno, "%s", e.msg);
		return TOOL_ERR;
	}
	eo.so.only = NULL;
	if (eo.move_text != NULL) {
		if (move_parse(&en->rules, &p.board, eo.move_text,
		    strlen(eo.move_text), 0, &only, &e) != 0 ||
		    move_validate(&en->rules, en->lex, &p, &only, NULL, &e) != 0) {
			tool_warnfl(name, lineno, "--move %s: %s", eo.move_text,
			    e.msg);
			return TOOL_ERR;
		}
		eo.so.only = &only;
	}
	s = solver_of(en);
	if (endgame_solve(s, &p, &eo.so, &res, &e) != 0) {
		tool_warnfl(name, lineno, "%s", e.msg);
		return TOOL_ERR;
	}
	if (res.nlines == 0) {  /* a shard without first moves */
		printf("(none)\t?\tbound\t\t%llu\t%.0f\t%ld", (unsigned long long)
		    res.nodes, res.ms, eg_posno);
		if (eo.so.first_win)
			printf("\tunknown");
		printf("\t%d\t%d\t%d\t-1\t%d\t%d/%d\n", -ENDGAME_INF,
		    -ENDGAME_INF, -ENDGAME_INF, eo.so.top > 0 ? eo.so.top : 1,
		    eo.so.shard_k, eo.so.shard_n);
		return TOOL_OK;
	}
	for (int i = 0; i < res.nlines; i++) {
		const struct endgame_line *l = &res.lines[i];

		format_pv(&en->rules, &p, l, pv, sizeof pv);
		format_value(l->lo, l->hi, val, sizeof val, st, sizeof st);
		printf("%.*s\t%s\t%s\t%s\t%llu\t%.0f\t%ld",
		    (int)strcspn(pv, ";"), pv, val, st, pv,
		    (unsigned long long)res.nodes, res.ms, eg_posno);
		if (eo.so.first_win)
			printf("\t%s", result_name(i == 0 ? res.lo : l->lo,
			    i == 0 ? res.hi : l->hi));
		if (eo.so.shard_n > 0)
			printf("\t%d\t%d\t%d\t%d\t%d\t%d/%d", l->lo, l->hi, res.hi,
			    l->index, eo.so.top > 0 ? eo.so.top : 1,
			    eo.so.shard_k, eo.so.shard_n);
		putchar('\n');
	}
	return TOOL_OK;
}

/* --- --endgame-merge --- */

struct shard_row {
	long pos;
	int lo, hi, rhi, index, top, k, n;
	unsigned long long nodes;
	double ms;
	char *move, *pv;
};

static struct shard_row *rows;
static size_t nrows, caprows;

static int
row_cmp(const void *a, const void *b)
{
	const struct shard_row *x = a, *y = b;

	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	if (x->lo != y->lo)
		return x->lo > y->lo ? -1 : 1;
	if (x->hi != y->hi)
		return x->hi > y->hi ? -1 : 1;
	return x->index - y->index;
}

/* One line of a shard's output. */
static int
merge_line(char *line, size_t len, const char *name, long lineno, void *arg)
{
	char *f[16], *q = line;
	int nf = 0;
	struct shard_row r;
	long v[7];

	(void)arg;
	line[len] = '\0';
	if (len > 0 && line[len - 1] == '\n')
		line[--len] = '\0';
	while (nf < 16) {
		f[nf++] = q;
		if ((q = strchr(q, '\t')) == NULL)
			break;
		*q++ = '\0';
	}
	if (nf != 13) {
		tool_warnfl(name, lineno, "not a line of movegen --endgame "
		    "--shard (%d columns, not 13)", nf);
		return TOOL_ERR;
	}
	/* NODES MS POS LO HI RHI INDEX */
	if (tool_parse_long(f[6], 1, LONG_MAX, &v[0]) != 0 ||
	    tool_parse_long(f[7], -ENDGAME_INF, ENDGAME_INF, &v[1]) != 0 ||
	    tool_parse_long(f[8], -ENDGAME_INF, ENDGAME_INF, &v[2]) != 0 ||
	    tool_parse_long(f[9], -ENDGAME_INF, ENDGAME_INF, &v[3]) != 0 ||
	    tool_parse_long(f[10], -1, INT_MAX, &v[4]) != 0 ||
	    tool_parse_long(f[11], 1, ENDGAME_MAX_TOP, &v[5]) != 0 ||
	    sscanf(f[12], "%d/%d", &r.k, &r.n) != 2 || r.n < 1 ||
	    r.k < 1 || r.k > r.n || r.n > 100000) {
		tool_warnfl(name, lineno, "bad shard line");
		return TOOL_ERR;
	}
	r.pos = v[0];
	r.lo = (int)v[1];
	r.hi = (int)v[2];
	r.rhi = (int)v[3];
	r.index = (int)v[4];
	r.top = (int)v[5];
	r.nodes = strtoull(f[4], NULL, 10);
	r.ms = strtod(f[5], NULL);
	r.move = tool_xstrdup(f[0]);
	r.pv = tool_xstrdup(f[3]);
	if (nrows == caprows) {
		caprows = caprows ? 2 * caprows : 64;
		rows = tool_xrealloc(rows, caprows * sizeof *rows);
	}
	rows[nrows++] = r;
	return TOOL_OK;
}

/* Merges the rows of one position (rows[a..b), sorted): the lines the
 * single process would print. */
static int
merge_position(size_t a, size_t b)
{
	int n = rows[a].n, top = rows[a].top, shown = 0;
	char *seen = tool_xcalloc((size_t)n + 1, 1);
	unsigned long long nodes = 0;
	double ms = 0;
	char val[32], st[64];
	size_t i;

	for (i = a; i < b; i++) {
		if (rows[i].n != n || rows[i].top != top) {
			tool_warn("position %ld: shards of different runs",
			    rows[a].pos);
			free(seen);
			return TOOL_ERR;
		}
		if (!seen[rows[i].k]) {
			seen[rows[i].k] = 1;
			nodes += rows[i].nodes;
			ms += rows[i].ms;
		}
	}
	for (int k = 1; k <= n; k++)
		if (!seen[k]) {
			tool_warn("position %ld: shard %d/%d missing",
			    rows[a].pos, k, n);
			free(seen);
			return TOOL_ERR;
		}
	free(seen);
	for (i = a; i < b && shown < top; i++) {
		const struct shard_row *r = &rows[i];

		if (r->index < 0 || (r->lo <= -ENDGAME_INF && shown > 0))
			break;
		format_value(r->lo, r->hi, val, sizeof val, st, sizeof st);
		printf("%s\t%s\t%s\t%s\t%llu\t%.0f\t%ld\n", r->move, val, st,
		    r->pv, nodes, ms, r->pos);
		shown++;
	}
	return TOOL_OK;
}

static int
do_merge(int argc, char *argv[])
{
	int ret = TOOL_OK;
	size_t a, b;

	for (int i = 0; i < argc; i++)
		if (tool_each_line(argv[i], merge_line, NULL) != TOOL_OK)
			ret = TOOL_ERR;
	if (ret != TOOL_OK)
		return ret;
	qsort(rows, nrows, sizeof *rows, row_cmp);
	printf("#MOVE\tVALUE\tSTATUS\tPV\tNODES\tMS\tPOS\n");
	for (a = 0; a < nrows; a = b) {
		for (b = a; b < nrows && rows[b].pos == rows[a].pos; b++)
			;
		if (merge_position(a, b) != TOOL_OK)
			ret = TOOL_ERR;
	}
	for (a = 0; a < nrows; a++) {
		free(rows[a].move);
		free(rows[a].pv);
	}
	free(rows);
	return ret;
}

static int
endgame_main(int argc, char *argv[])
{
	struct tool_getopt g;
	int ch, ret = TOOL_OK;
	long v;
	char *end;

	eo.so.tt_log2 = 0;
	tool_getopt_init(&g, eg_options, sizeof eg_options / sizeof eg_options[0],
	    1, EG_SYNOPSIS, NULL);
	while ((ch = tool_getopt(&g, argc, argv)) != -1) {
		switch (ch) {
		case O_ENDGAME:
			break;
		case O_MERGE:
			eo.merge = 1;
			break;
		case O_FIRST_WIN:
			eo.so.first_win = 1;
			break;
		case O_HASH_BITS:
			if (tool_parse_long(optarg, 10, 30, &v) != 0) {
				tool_warn("bad --hash-bits: %s (10 to 30)", optarg);
				eg_usage();
			}
			eo.hash_bits = (int)v;
			break;
		case 'l':
			eg_engines.lexicon = optarg;
			break;
		case O_MOVE:
			eo.move_text = optarg;
			break;
		case O_PLIES:
			if (tool_parse_long(optarg, 1, 1000, &v) != 0) {
				tool_warn("bad --plies: %s", optarg);
				eg_usage();
			}
			eo.so.plies = (int)v;
			break;
		case 'r':
			eo.rules_name = optarg;
			break;
		case 'x':
			if (sscanf(optarg, "%d/%d", &eo.so.shard_k,
			    &eo.so.shard_n) != 2 || eo.so.shard_n < 1 ||
			    eo.so.shard_n > 100000 || eo.so.shard_k < 1 ||
			    eo.so.shard_k > eo.so.shard_n ||
			    strspn(optarg, "0123456789/") != strlen(optarg)) {
				tool_warn("bad --shard: %s (K/N, 1 <= K <= N)",
				    optarg);
				eg_usage();
			}
			break;
		case 'T':
			eo.so.seconds = strtod(optarg, &end);
			if (end == optarg || *end != '\0' ||
			    !(eo.so.seconds > 0 && eo.so.seconds < 1e7)) {
				tool_warn("bad --time: %s", optarg);
				eg_usage();
			}
			break;
		case 'n':
			if (tool_parse_long(optarg, 1, ENDGAME_MAX_TOP, &v) != 0) {
				tool_warn("bad --top: %s (1 to %d)", optarg,
				    ENDGAME_MAX_TOP);
				eg_usage();
			}
			eo.so.top = (int)v;
			break;
		default:
			eg_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (eo.merge) {
		if (argc == 0) {
			tool_warn("--endgame-merge takes the shards' outputs");
			eg_usage();
		}
		ret = do_merge(argc, argv);
		return tool_fshut(stdout, "<stdout>", ret);
	}
	if (eo.so.shard_n > 0 && (eo.so.first_win || eo.move_text != NULL)) {
		tool_warn("--shard does not go with --first-win or --move");
		eg_usage();
	}
	printf("#MOVE\tVALUE\tSTATUS\tPV\tNODES\tMS\tPOS%s%s\n",
	    eo.so.first_win ? "\tRESULT" : "", eo.so.shard_n > 0 ?
	    "\tLO\tHI\tRHI\tINDEX\tTOP\tSHARD" : "");
	if (argc == 0) {
		ret = tool_each_line("-", eg_line, NULL);
	} else {
		for (int i = 0; i < argc; i++)
			if (tool_each_line(argv[i], eg_line, NULL) != TOOL_OK)
				ret = TOOL_ERR;
	}
	for (int i = 0; i < TOOL_ENGINES_MAX; i++)
		endgame_destroy(eg_solver[i]);
	tool_engines_close(&eg_engines);
	return tool_fshut(stdout, "<stdout>", ret);
}

void
tool_endgame_hook(int argc, char *argv[])
{
	if (endgame_wanted(argc, argv))
		exit(endgame_main(argc, argv));
}
