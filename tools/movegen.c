/*
 * movegen — every legal move of a position, a robot's choice, or an analysis
 * of whole games.  See movegen(1).
 */
#include <limits.h>
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
#include "tool_analyse.h"
#include "tool_endgame.h"
#include "tool_engine.h"
#include "tool_opt.h"
#include "tool_show.h"
#include "tool_sim.h"

#define SYNOPSIS \
"usage: movegen [-jS] [-r RULESET] [-l FILE] [-k FILE] [-w FILE] [-n N]\n" \
"               [-R ROBOT] [-s N] [--count] [--sort score|equity] [FILE ...]\n" \
"       movegen -G -t N [options] [FILE.gcg ...]\n" \
"       movegen -a [-jS] [-r RULESET] [-l FILE] [-k FILE] [--sort score]\n" \
"               [-n N] [--strict] [--endgame-time SECONDS] [--html FILE]\n" \
"               [--sim [--candidates N] [--iterations N] ...] FILE.gcg ...\n" \
"       movegen -P N -r RULESET [-l FILE] [-s N]\n" \
"       pictures: [-S] [--svg FILE] [--color WHEN] [--html FILE]\n" \
"       notation: [-c]\n" \
"       movegen --endgame ... (movegen --endgame --help)\n" \
TOOL_SIM_SYNOPSIS

enum { O_COLOR = TOOL_OPT_LONG, O_HTML, O_SVG, O_COUNT, O_SORT, O_GAME, O_STRICT,
	O_ENDGAME, O_ENDGAME_MERGE, O_FIRST_WIN, O_ENDGAME_TIME };

/* The letters and long names follow ordverk(7); the entries without help
 * are old names, kept working. */
static const struct tool_opt options[] = {
	{ 'r', "rules", "RULESET", "the ruleset, where the input does not name it", 1 },
	{ 'l', "lexicon", "FILE", "the lexicon (default: the ruleset's)", 1 },
	{ 'k', "leaves", "FILE", "leave values (KLV): equity, sorted by it", 1 },
	{ 'w', "vocab", "FILE", "the vocabulary of the weaker robots", 1 },
	{ 'n', "top", "N", "list only the best N moves of each position", 1 },
	{ O_COUNT, "count", NULL, "print only the numbers of moves, by kind", 1 },
	{ O_SORT, "sort", "score|equity", "sort by score (default) or equity", 1 },
	{ 'j', "json", NULL, "one JSON object a position (or game)", 1 },
	{ 'c', "row-first", NULL, "moves and boards row letter first (H8 is row H)", 1 },
	{ 'R', "robot", "ROBOT", "print only the move ROBOT chooses", 1 },
	{ 's', "seed", "N", "seed of the robots' and -P's random choices", 1 },
	{ 'G', "gcg", NULL, "the input is GCG game files (with -t or -a)", 1 },
	{ 't', "turn", "N", "with -G: the position before turn N", 1 },
	{ 'a', "analyse", NULL, "analyse each turn of the GCG files given", 1 },
	{ 'P', "selfplay", "N", "print the positions of N self-play games", 1 },
	{ 'S', "show", NULL, "draw the best move on a board in the terminal", 1 },
	{ O_SVG, "svg", "FILE", "draw it as SVG into FILE (%d: numbered)", 1 },
	{ O_HTML, "html", "FILE", "with -a: each game's analysis as an HTML page", 1 },
	{ O_COLOR, "color", "WHEN", "colour the boards: always, never or auto", 1 },
	{ O_STRICT, "strict", NULL, "with -a: refuse a record that breaks the ruleset's settling", 1 },
	{ O_ENDGAME_TIME, "endgame-time", "SECONDS", "with -a: endgame solves of SECONDS (3; 0: none)", 1 },
	{ O_ENDGAME, "endgame", NULL, "solve endgames exactly (ENDGAME; --endgame --help)", 1 },
	{ O_ENDGAME_MERGE, "endgame-merge", NULL, "add --endgame --shard outputs", 1 },
	{ O_FIRST_WIN, "first-win", NULL, "with --endgame: only win, draw or loss", 1 },
	{ TOOL_SIM_SIM, "sim", NULL, "rank candidates (with -a: each turn's) by simulation", 1 },
	{ TOOL_SIM_MERGE, "sim-merge", NULL, "add --sim --shard sums and print the tables", 1 },
	{ TOOL_SIM_CANDIDATES, "candidates", "N", "with --sim: the best N by equity (20)", 1 },
	{ TOOL_SIM_MOVE, "move", "MOVE", "with --sim: simulate MOVE too (repeatable)", 1 },
	{ TOOL_SIM_PLIES, "plies", "N", "with --sim: plies played ahead (2)", 1 },
	{ TOOL_SIM_ITER, "iterations", "N", "with --sim: at most N iterations (5000; -a: 1000 a turn)", 1 },
	{ 'T', "time", "SECONDS", "with --sim: stop after SECONDS", 1 },
	{ TOOL_SIM_STOP, "stop", "95|99|none", "with --sim: stop when the best is known (95)", 1 },
	{ 'x', "shard", "K/N", "with --sim: iterations K, K+N, ...; print sums", 1 },
	{ 'v', "verbose", NULL, "with --sim: CPU seconds and iterations on stderr", 1 },
	{ TOOL_SIM_WINPCT, "winpct", "FILE", "with --sim: the win table (default the ruleset's)", 1 },
	{ 'h', "help", NULL, "print this help and exit", 1 },
	{ 'V', "version", NULL, "print the version and exit", 1 },
	{ 'a', "analyze", NULL, NULL, 1 },
	{ O_GAME, "game", "FILE", NULL, 1 },
	{ 'c', "row-letter", NULL, NULL, 1 },
};

#define TRAILER \
"Robots: fullsterkur, midlungur, halfdraettingur, amlodi, equity, endgame.\n" \
"Exit status: 0 done, 2 a usage or input error.\n"

struct opts {
	const char *rules_name;
	const char *leaves_path;    /* -k: loaded for each ruleset met */
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
static struct tool_sim sim;             /* --sim, --sim-merge */
static struct tool_analyse ta = { 0, 5, 0, &show, 0, 3, NULL, 0, 0 }; /* --analyse */

static void usage(void) __attribute__((noreturn));

static void
usage(void)
{
	tool_usage(SYNOPSIS);
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
		movelist_row_letters(&rw, 1, show.row_letters);
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
	movelist_row_letters(list.rows, list.n, show.row_letters);
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
	tool_refuse_gcg(line, len, name, lineno, "not CGP positions: give "
	    "--analyse, or --game FILE --turn N");
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

/* --- Games: --gcg --turn and --analyse --- */

/* --gcg --turn: the moves of the position before turn o.turn. */
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
		struct engine *en;
		int grc;

		if (rc < 0) {
			tool_warnfl(path, e.line, "%s", e.msg);
			ret = TOOL_ERR;
			continue;
		}
		tool_engines_game(&engines, path, def, game);
		if ((en = tool_engine_get(&engines, game->rules.name, -1, path,
		    game->first_line)) == NULL) {
			gcg_game_destroy(game);
			ret = TOOL_ERR;
			continue;       /* --turn too: the stream's next game */
		}
		grc = o.analyse ? tool_analyse_game(&ta, en,
		    engines.names[en - engines.en].lexicon,
		    engines.names[en - engines.en].leaves, game, path) :
		    game_turn(en, game, path);
		if (grc > ret)
			ret = grc;
		gcg_game_destroy(game);
		engines.named = NULL;       /* it was the game's */
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
	int ch, ret = TOOL_OK, i;
	enum robot_strategy rs;
	const char *sort = NULL, *when = NULL;
	struct tool_getopt g;
	int gcg = 0, first_win = 0, endgame_time = 0;
	char *end;

	tool_init(argv[0]);
	tool_endgame_hook(argc, argv);  /* --endgame runs there and exits */
	o.robot = -1;
	o.turn = -1;
	o.seed = 1;
	tool_getopt_init(&g, options, sizeof options / sizeof options[0], 1,
	    SYNOPSIS, TRAILER);
	while ((ch = tool_getopt(&g, argc, argv)) != -1) {
		switch (ch) {
		case 'a': o.analyse = 1; break;
		case 'c': show.row_letters = 1; break;
		case O_COLOR: when = optarg; break;
		case O_COUNT: o.count = 1; break;
		case O_SVG: show.svg = optarg; break;
		case O_HTML: show.html = optarg; break;
		case 'S': show.text = 1; break;
		case 'G': gcg = 1; break;
		case O_GAME: o.game = optarg; gcg = 1; break;
		case 'j': o.json = 1; break;
		case 'k': o.leaves_path = optarg; break;
		case 'l': engines.lexicon = optarg; break;
		case 'n':
			o.top = num_arg(optarg, 1, 1000000000L, "top");
			break;
		case 'P':
			o.selfplay = num_arg(optarg, 1, 100000000L, "selfplay");
			break;
		case 'R':
			if (robot_parse_strategy(optarg, &rs) != 0) {
				tool_warn("unknown robot: %s (fullsterkur, midlungur, "
				    "halfdraettingur, amlodi, equity, endgame)", optarg);
				usage();
			}
			o.robot = (int)rs;
			break;
		case 'r': o.rules_name = optarg; break;
		case 's':
			o.seed = (uint64_t)num_arg(optarg, 0, LONG_MAX, "seed");
			break;
		case O_SORT:
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
		case O_STRICT: ta.strict = 1; break;
		case O_ENDGAME_TIME:
			ta.endgame_seconds = strtod(optarg, &end);
			if (end == optarg || *end != '\0' || !(ta.endgame_seconds >= 0) ||
			    ta.endgame_seconds > 86400) {
				tool_warn("bad --endgame-time: %s", optarg);
				usage();
			}
			endgame_time = 1;
			break;
		case O_FIRST_WIN: first_win = 1; break;
		case 't':
			o.turn = num_arg(optarg, 1, 1000000L, "turn");
			break;
		case 'w': engines.vocab = optarg; break;
		case 'T': tool_sim_option(&sim, TOOL_SIM_TIME, optarg, usage); break;
		case 'x': tool_sim_option(&sim, TOOL_SIM_SHARD, optarg, usage); break;
		case 'v': tool_sim_option(&sim, TOOL_SIM_VERBOSE, NULL, usage); break;
		default: tool_sim_option(&sim, ch, optarg, usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (first_win) {        /* --endgame took it before this */
		tool_warn("--first-win goes with --endgame");
		usage();
	}
	/* The old --game FILE: -G with FILE the one operand. */
	if (o.game != NULL && argc > 0) {
		tool_warn("--game FILE takes no other file");
		usage();
	}
	if (gcg && !o.analyse && o.turn < 0) {
		tool_warn("--gcg needs --turn N (or --analyse)");
		usage();
	}
	if (o.turn >= 0 && (!gcg || o.analyse)) {
		tool_warn("--turn goes with --gcg");
		usage();
	}
	if (o.analyse && (argc == 0 || o.robot >= 0)) {
		tool_warn("--analyse takes GCG files as operands");
		usage();
	}
	if (endgame_time && !o.analyse) {
		tool_warn("--endgame-time goes with --analyse");
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
	if (o.leaves_path != NULL && tool_leaves_check(o.leaves_path) < 0)
		return TOOL_ERR;
	if (o.leaves_path != NULL && sort == NULL)
		o.sort_equity = 1;
	/* Without -k, the equity robot, -a, --sort equity and --sim take
	 * the ruleset's own table; a plain listing stays by score. */
	engines.leaves_path = o.leaves_path;
	engines.need_leaves = o.sort_equity;
	if (o.top > 0)
		ta.top = o.top > ANALYSE_TOP_MAX ? ANALYSE_TOP_MAX : (int)o.top;
	ta.json = o.json;
	engines.robot = o.robot;
	engines.default_leaves = (o.robot >= 0 &&
	    robot_takes_leaves((enum robot_strategy)o.robot)) ||
	    (o.analyse && !o.by_score) || o.sort_equity || sim.on;
	rng_seed(&rng, o.seed);
	if (o.analyse && (sim.on || sim.given || sim.merge)) {
		if (tool_sim_analyse_check(&sim) != 0)
			usage();
		ta.sim = &sim;
		ta.seed = o.seed;
		ta.by_score = o.by_score;
	}
	if (!o.analyse && (sim.on || sim.merge || sim.given)) {
		ret = tool_sim_run(&sim, &engines, o.rules_name, o.seed, argc, argv,
		    o.count || o.robot >= 0 || o.game != NULL || o.json
		    || o.selfplay > 0 || tool_show_on(&show));
	} else if (o.selfplay > 0) {
		ret = do_selfplay();
	} else if (o.game != NULL) {
		ret = do_games(o.game);
	} else if (gcg && !o.analyse && argc == 0) {
		ret = do_games("-");
	} else if (argc == 0) {
		ret = do_cgp_file("-");
	} else {
		for (i = 0; i < argc; i++) {
			int rc = (gcg || o.analyse ? do_games :
			    do_cgp_file)(argv[i]);

			if (rc > ret)
				ret = rc;
		}
	}
	tool_sim_free(&sim);
	tool_engines_close(&engines);
	movelist_free(&list);
	return tool_fshut(stdout, "<stdout>", ret);
}
