/*
 * movegen — every legal move of a position, a robot's choice, or an analysis
 * of whole games.  See movegen(1).
 */
#include <limits.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyse.h"
#include "board.h"
#include "engine.h"
#include "gcg.h"
#include "gen.h"
#include "klv.h"
#include "movelist.h"
#include "rng.h"
#include "robot.h"
#include "rules.h"
#include "tool.h"
#include "tool_endgame.h"
#include "tool_engine.h"
#include "tool_show.h"

#define SYNOPSIS \
"usage: movegen [-cj] [-k leaves.klv] [-l lexicon] [-n top] [-r rules]\n" \
"               [-R robot] [-s score|equity] [-S seed] [-v vocab] [file ...]\n" \
"       movegen -g game.gcg -t turn [options]\n" \
"       movegen -a [-j] [-k leaves.klv] [-l lexicon] [-r rules] [-s score]\n" \
"                  game.gcg ...\n" \
"       movegen -P games -r rules [-l lexicon] [-S seed]\n" \
"       pictures: [--show] [--svg file] [--color when] [--html file]\n"

struct opts {
	const char *rules_name;
	const char *leaves_path;
	struct klv *leaves;
	long top;
	int sort_equity;
	int by_score;               /* -s score given: -a by score, not by the
	                               default leave table */
	int count;
	int json;
	int robot;                  /* -1 = none, else enum robot_strategy */
	uint64_t seed;
	const char *game;
	long turn;
	int analyse;
	long selfplay;              /* games of greedy self-play to print */
};

static struct opts o;
static struct tool_engines engines;     /* -l, -v, -k, -R go in there */
static struct rng rng;
static struct movelist list;
static struct tool_show show;           /* --show, --svg, --html */
static long ngames;                     /* games analysed, for --html */

static void usage(void) __attribute__((noreturn));

static void
usage(void)
{
	fputs(SYNOPSIS, stderr);
	exit(TOOL_ERR);
}

/* --show, --svg: the position with its best move (or the robot's) drawn. */
static int
show_best(const struct engine *en, const struct position *p,
	const struct move *m, const struct movelist_row *rw, const char *who,
	long line)
{
	char caption[MOVELIST_TEXT_MAX + 80] = "no move";

	if (rw != NULL && en->leaves != NULL)
		snprintf(caption, sizeof caption, "%s: %s, %d points, equity "
		    "%.1f", who, rw->text, rw->score, (double)rw->equity / 1000);
	else if (rw != NULL)
		snprintf(caption, sizeof caption, "%s: %s, %d points", who,
		    rw->text, rw->score);
	return tool_show_move(&show, &en->rules, p, m, caption, line) < 0 ?
	    TOOL_ERR : TOOL_OK;
}

/* Generates and prints for one position.  cgp (may be NULL) is echoed in
 * JSON.  Returns TOOL_OK or TOOL_ERR. */
static int
do_position(struct engine *en, const struct position *p, const char *cgp,
	const char *file, long line)
{
	struct err e;
	const struct equity *eq;
	int bag, flags = (o.json ? MOVELIST_JSON : 0) |
	    (en->leaves != NULL ? MOVELIST_EQUITY : 0);
	long n;

	if (engine_prepare(en, p, &bag, &eq, &e) != 0) {
		tool_warnfl(file, line, "%s", e.msg);
		return TOOL_ERR;
	}
	if (o.robot >= 0) {
		struct move m;
		struct movelist_row rw;

		if (robot_choose(en->robot, p, bag, &rng, &m, &e) != 0)
			tool_die("%s", e.msg);
		movelist_row(&rw, &en->rules, p, &m, 0, eq);
		movelist_write_choice(stdout, &rw, robot_strategy_name(
		    (enum robot_strategy)o.robot), flags);
		return tool_show_on(&show) ? show_best(en, p, &m, &rw,
		    robot_strategy_name((enum robot_strategy)o.robot), line) :
		    TOOL_OK;
	}
	if ((n = gen_all(en->gen, p, bag, GEN_ALL, &e)) < 0)
		tool_die("%s", e.msg);
	if (o.count) {
		movelist_count(&list, gen_moves(en->gen), n);
		movelist_write_counts(stdout, &list, cgp, flags);
		return TOOL_OK;
	}
	if (movelist_build(&list, &en->rules, p, gen_moves(en->gen), n, eq,
	    o.sort_equity, &e) != 0)
		tool_die("%s", e.msg);
	movelist_write(stdout, &list, o.top, cgp, flags);
	if (!tool_show_on(&show))
		return TOOL_OK;
	return show_best(en, p, list.n ? &gen_moves(en->gen)[list.rows[0].idx] :
	    NULL, list.n ? &list.rows[0] : NULL, "best", line);
}

/* One CGP line, one position. */
static int
cgp_line(char *line, size_t len, const char *name, long lineno, void *arg)
{
	struct position p;
	struct engine *en;

	(void)arg;
	if ((en = tool_engine_cgp(&engines, o.rules_name, line, len, &p, name,
	    lineno)) == NULL ||
	    do_position(en, &p, line, name, lineno) != TOOL_OK)
		return TOOL_ERR;
	return TOOL_OK;
}

static int
do_cgp_file(const char *path)
{
	return tool_each_line(path, cgp_line, NULL);
}

/* --- Games: --game/--turn and --analyse --- */

/* One game of --analyse: whether a JSON turn was written yet. */
struct game_run {
	struct engine *en;
	const struct gcg_game *game;
	const char *file;
	int json_first;
	struct report *report;      /* --html, else NULL */
};

/* --game/--turn: the moves of the position before turn o.turn. */
static int
game_turn(struct engine *en, const struct gcg_game *game, const char *path)
{
	struct position p;
	struct err e;
	long line;
	int rc = analyse_position_at(game, en->lex, o.turn, &p, &line, &e);

	if (rc == 1)
		return do_position(en, &p, NULL, path, line);
	if (rc < 0)
		tool_warnfl(path, e.line, "%s", e.msg);
	tool_warnfl(path, 0, "no turn %ld in the game", o.turn);
	return TOOL_ERR;
}

/* --analyse: a turn written, or why it could not be analysed. */
static int
print_turn(const struct analyse_turn *t, void *arg)
{
	struct game_run *gr = arg;
	struct err e;

	if (t->status == ANALYSE_FAILED) {
		tool_warnfl(gr->file, t->err.line, "%s", t->err.msg);
		return 0;
	}
	analyse_write_turn(stdout, gr->game, t, o.json, gr->json_first);
	gr->json_first = 0;
	if (gr->report != NULL && report_add(gr->report, t, &e) < 0)
		tool_die("%s", e.msg);
	if (show.text || show.svg != NULL) {
		static struct position pos;     /* 3.5 KB, not on the stack */
		struct picture pic;
		char caption[3 * ANALYSE_TEXT_MAX + 64];

		report_turn_picture(&pic, &pos, gr->game, t, gr->en->leaves !=
		    NULL, caption, sizeof caption);
		return tool_show_picture(&show, &pic, t->turn) < 0;
	}
	return 0;
}

/* --analyse of one game: a header, the turns, a summary per player. */
static int
analyse_one(struct game_run *gr)
{
	struct analyse a = { .rules = &gr->en->rules, .lex = gr->en->lex,
	    .gen = gr->en->gen, .leaves = gr->en->leaves };
	struct err e;
	int ret = TOOL_OK;

	if (show.html != NULL && (gr->report = report_create(gr->game,
	    gr->file, a.leaves != NULL, &e)) == NULL)
		tool_die("%s", e.msg);
	analyse_write_head(stdout, gr->file, o.json);
	switch (analyse_game(&a, gr->game, print_turn, gr, &e)) {
	case -2:
		tool_die("%s", e.msg);
	case -1:
		tool_warnfl(gr->file, e.line, "%s", e.msg);
		ret = TOOL_ERR;
		break;
	case 1:         /* a picture could not be written: said */
		ret = TOOL_ERR;
	}
	if (a.failed > 0)
		ret = TOOL_ERR;
	analyse_write_tail(stdout, &a, gr->game, o.json);
	if (gr->report != NULL && tool_show_report(&show, gr->report,
	    gr->game->totals, ++ngames) < 0)
		ret = TOOL_ERR;
	report_destroy(gr->report);
	return ret;
}

static int
do_games(const char *path)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	struct gcg_reader *rd;
	struct gcg_game *game;
	const struct rules *def = NULL;
	struct rules defr;
	struct err e;
	int ret = TOOL_OK, rc;

	if (fp == NULL) {
		tool_warn("%s:", path);
		return TOOL_ERR;
	}
	if (o.rules_name != NULL) {
		if (rules_get(&defr, o.rules_name, &e) != 0)
			tool_die("ruleset %s: %s", o.rules_name, e.msg);
		def = &defr;
	}
	if ((rd = gcg_reader_open(fp, path, def, &e)) == NULL)
		tool_die("%s", e.msg);
	while ((rc = gcg_read(rd, &game, &e)) != 0) {
		struct game_run gr = { NULL, NULL, path, 1, NULL };

		if (rc < 0) {
			tool_warnfl(path, e.line, "%s", e.msg);
			ret = TOOL_ERR;
			continue;
		}
		gr.game = game;
		if ((gr.en = tool_engine_get(&engines, game->rules.name, -1, path,
		    game->first_line)) == NULL) {
			gcg_game_destroy(game);
			ret = TOOL_ERR;
			continue;       /* --game too: the stream's next game */
		}
		if ((o.analyse ? analyse_one(&gr) : game_turn(gr.en, game,
		    path)) != TOOL_OK)
			ret = TOOL_ERR;
		gcg_game_destroy(game);
		if (!o.analyse)
			break;
	}
	if (gcg_reader_io_error(rd))
		ret = TOOL_ERR;
	gcg_reader_close(rd);
	if (fp != stdin)
		fclose(fp);
	return ret;
}

/* --selfplay N: prints the position before every turn of N games of
 * Fullsterkur (or -R's robot) against itself, as CGP lines with the
 * mover's rack first (for benchmarks and test data).  Game k is seeded
 * rng_stream_seed(seed, k). */
static int
do_selfplay(void)
{
	struct engine *en;
	struct err e;

	if (o.rules_name == NULL) {
		tool_warn("--selfplay needs -r");
		return TOOL_ERR;
	}
	if ((en = tool_engine_get(&engines, o.rules_name, -1, "<selfplay>",
	    0)) == NULL)
		return TOOL_ERR;
	if (engine_selfplay_cgp(en, o.selfplay, o.seed, &rng, stdout, &e) != 0)
		tool_die("%s", e.msg);
	return TOOL_OK;
}

/* A number option within [min, max]; else a message and the usage. */
static long
num_arg(const char *s, long min, long max, const char *name)
{
	long v;

	if (tool_parse_long(s, min, max, &v) != 0) {
		tool_warn("bad --%s: %s", name, s);
		usage();
	}
	return v;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "analyse", no_argument, NULL, 'a' },
		{ "color", required_argument, NULL, 'C' },
		{ "html", required_argument, NULL, 'H' },
		{ "show", no_argument, NULL, 'W' },
		{ "svg", required_argument, NULL, 'G' },
		{ "analyze", no_argument, NULL, 'a' },
		{ "count", no_argument, NULL, 'c' },
		{ "game", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, 'j' },
		{ "leaves", required_argument, NULL, 'k' },
		{ "lexicon", required_argument, NULL, 'l' },
		{ "top", required_argument, NULL, 'n' },
		{ "rules", required_argument, NULL, 'r' },
		{ "robot", required_argument, NULL, 'R' },
		{ "selfplay", required_argument, NULL, 'P' },
		{ "sort", required_argument, NULL, 's' },
		{ "seed", required_argument, NULL, 'S' },
		{ "turn", required_argument, NULL, 't' },
		{ "vocab", required_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct err e;
	int ch, ret = TOOL_OK, i;
	enum robot_strategy rs;
	const char *sort = NULL, *when = NULL;

	tool_init(argv[0]);
	tool_endgame_hook(argc, argv);  /* --endgame runs there and exits */
	o.robot = -1;
	o.turn = -1;
	o.seed = 1;
	while ((ch = getopt_long(argc, argv, "acg:hjk:l:n:P:R:r:S:s:t:Vv:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'a':
			o.analyse = 1;
			break;
		case 'C':
			when = optarg;
			break;
		case 'c':
			o.count = 1;
			break;
		case 'G':
			show.svg = optarg;
			break;
		case 'H':
			show.html = optarg;
			break;
		case 'W':
			show.text = 1;
			break;
		case 'g':
			o.game = optarg;
			break;
		case 'h':
			fputs(SYNOPSIS, stdout);
			return tool_fshut(stdout, "<stdout>", TOOL_OK);
		case 'j':
			o.json = 1;
			break;
		case 'k':
			o.leaves_path = optarg;
			break;
		case 'l':
			engines.lexicon = optarg;
			break;
		case 'n':
			o.top = num_arg(optarg, 1, 1000000000L, "top");
			break;
		case 'P':
			o.selfplay = num_arg(optarg, 1, 100000000L, "selfplay");
			break;
		case 'R':
			if (robot_parse_strategy(optarg, &rs) != 0) {
				tool_warn("unknown robot: %s (fullsterkur, midlungur, "
				    "halfdraettingur, amlodi, equity)", optarg);
				usage();
			}
			o.robot = (int)rs;
			break;
		case 'r':
			o.rules_name = optarg;
			break;
		case 'S':
			o.seed = (uint64_t)num_arg(optarg, 0, LONG_MAX, "seed");
			break;
		case 's':
			sort = optarg;
			if (strcmp(optarg, "score") == 0) {
				o.sort_equity = 0;
				o.by_score = 1;
			} else if (strcmp(optarg, "equity") == 0) {
				o.sort_equity = 1;
			} else {
				tool_warn("bad --sort: %s (score or equity)", optarg);
				usage();
			}
			break;
		case 't':
			o.turn = num_arg(optarg, 1, 1000000L, "turn");
			break;
		case 'V':
			tool_version();
		case 'v':
			engines.vocab = optarg;
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if ((o.game != NULL) != (o.turn >= 0)) {
		tool_warn("--game and --turn go together");
		usage();
	}
	if (o.analyse && (o.game != NULL || argc == 0 || o.robot >= 0)) {
		tool_warn("--analyse takes GCG files as operands");
		usage();
	}
	if (show.html != NULL && !o.analyse) {
		tool_warn("--html goes with --analyse");
		usage();
	}
	/* With -a, a picture a turn; a page a game. */
	if (tool_show_check(&show, when, o.analyse ||
	    (show.svg != NULL && *show.svg == '-'), argc > 1) < 0)
		usage();
	if (o.leaves_path != NULL) {
		if ((o.leaves = klv_load(o.leaves_path, &e)) == NULL) {
			tool_warnfl(o.leaves_path, e.line, "%s", e.msg);
			return TOOL_ERR;
		}
		if (sort == NULL)
			o.sort_equity = 1;
	} else if (o.sort_equity) {
		tool_warn("--sort equity needs --leaves");
		usage();
	}
	/* The equity robot and the analysis take the ruleset's own leave
	 * table when -k is not given; a plain listing stays by score. */
	engines.leaves = o.leaves;
	engines.robot = o.robot;
	engines.default_leaves = o.robot == (int)ROBOT_EQUITY ||
	    (o.analyse && !o.by_score);
	rng_seed(&rng, o.seed);
	if (o.selfplay > 0) {
		ret = do_selfplay();
	} else if (o.game != NULL) {
		if (argc > 0)
			usage();
		ret = do_games(o.game);
	} else if (argc == 0) {
		ret = do_cgp_file("-");
	} else {
		for (i = 0; i < argc; i++)
			if ((o.analyse ? do_games : do_cgp_file)(argv[i]) != TOOL_OK)
				ret = TOOL_ERR;
	}
	tool_engines_close(&engines);
	klv_destroy(o.leaves);
	movelist_free(&list);
	return tool_fshut(stdout, "<stdout>", ret);
}
