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
#include "equity.h"
#include "game.h"
#include "gcg.h"
#include "gen.h"
#include "klv.h"
#include "json.h"
#include "lex.h"
#include "move.h"
#include "movelist.h"
#include "rng.h"
#include "robot.h"
#include "rules.h"
#include "tool.h"

#define SYNOPSIS \
"usage: movegen [-cj] [-k leaves.klv] [-l lexicon] [-n top] [-r rules]\n" \
"               [-R robot] [-s score|equity] [-S seed] [-v vocab] [file ...]\n" \
"       movegen -g game.gcg -t turn [options]\n" \
"       movegen -a [-j] [-k leaves.klv] [-l lexicon] [-r rules] [-s score]\n" \
"                  game.gcg ...\n" \
"       movegen -P games -r rules [-l lexicon] [-S seed]\n"

/* A ruleset with its lexicon and workspaces, loaded on first use. */
#define CTX_MAX 8
struct ctx {
	char key[RULES_NAME_MAX + 16];
	struct rules rules;
	struct lex *lex;
	struct lex *vocab;
	struct gen *gen;
	struct robot *robot;
	struct klv *leaves;         /* -k's, or the ruleset's default table
	                               for -R equity and -a (owned then) */
	int own_leaves;
};

struct opts {
	const char *rules_name;
	const char *lexicon;
	const char *vocab;
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

static struct ctx ctxs[CTX_MAX];
static int nctx;
static struct opts o;
static struct rng rng;
static struct movelist list;
/* With a leave table: the turn's equity (equity.h), prepared by
 * prepare_equity for the position at hand. */
static struct equity turn_eq;

static void usage(void) __attribute__((noreturn));

static void
usage(void)
{
	fputs(SYNOPSIS, stderr);
	exit(TOOL_ERR);
}

static void
ctx_free_all(void)
{
	int i;

	for (i = 0; i < nctx; i++) {
		robot_destroy(ctxs[i].robot);
		gen_destroy(ctxs[i].gen);
		lex_destroy(ctxs[i].lex);
		lex_destroy(ctxs[i].vocab);
		if (ctxs[i].own_leaves)
			klv_destroy(ctxs[i].leaves);
	}
	nctx = 0;
	klv_destroy(o.leaves);
	movelist_free(&list);
}

/* The context for ruleset name (bingo bonus bb >= 0 overrides).  Prints a
 * message naming file:line and returns NULL on failure. */
static struct ctx *
ctx_get(const char *name, int bb, const char *file, long line)
{
	char key[sizeof ctxs[0].key];
	struct ctx *c;
	struct err e;
	char *path = NULL;
	const char *lexpath;
	int i;

	snprintf(key, sizeof key, "%s/%d", name, bb);
	for (i = 0; i < nctx; i++)
		if (strcmp(ctxs[i].key, key) == 0)
			return &ctxs[i];
	if (nctx == CTX_MAX) {
		tool_warnfl(file, line, "too many rulesets in one run");
		return NULL;
	}
	c = &ctxs[nctx];
	memset(c, 0, sizeof *c);
	snprintf(c->key, sizeof c->key, "%s", key);
	if (rules_get(&c->rules, name, &e) != 0) {
		tool_warnfl(file, line, "ruleset %s: %s", name, e.msg);
		return NULL;
	}
	if (bb >= 0)
		c->rules.bingo_bonus = bb;
	lexpath = o.lexicon;
	if (lexpath == NULL) {
		path = tool_default_lexicon(&c->rules);
		if (path == NULL) {
			tool_warnfl(file, line, "no lexicon for ruleset %s: give -l",
			    c->rules.name);
			return NULL;
		}
		lexpath = path;
	}
	c->lex = lex_load(lexpath, &c->rules, &e);
	if (c->lex == NULL) {
		tool_warn("%s", e.msg);     /* it names the file */
		free(path);
		return NULL;
	}
	if (!rules_same_alphabet(&c->rules, lex_rules_name(c->lex))) {
		tool_warn("%s: lexicon for ruleset %s, not %s", lexpath,
		    lex_rules_name(c->lex), c->rules.name);
		lex_destroy(c->lex);
		free(path);
		return NULL;
	}
	free(path);
	if (o.vocab != NULL) {
		c->vocab = lex_load(o.vocab, &c->rules, &e);
		if (c->vocab == NULL) {
			tool_warn("%s", e.msg);
			lex_destroy(c->lex);
			return NULL;
		}
	}
	/* The equity robot and the analysis take the ruleset's own leave
	 * table (NAME.klv2 beside its default lexicon) when -k is not
	 * given; a plain listing stays by score. */
	c->leaves = o.leaves;
	if (c->leaves == NULL && (o.robot == (int)ROBOT_EQUITY ||
	    (o.analyse && !o.by_score))) {
		char *kp = tool_default_leaves(&c->rules);

		if (kp != NULL) {
			if ((c->leaves = klv_load(kp, &e)) == NULL) {
				tool_warn("%s", e.msg);
				free(kp);
				lex_destroy(c->lex);
				lex_destroy(c->vocab);
				return NULL;
			}
			c->own_leaves = 1;
			free(kp);
		}
	}
	c->gen = gen_create(&c->rules, c->lex, &e);
	if (c->gen == NULL)
		tool_die("%s", e.msg);
	if (o.robot >= 0) {
		struct robot_opts ro;

		ro.strategy = (enum robot_strategy)o.robot;
		ro.vocab = c->vocab;
		ro.leaves = c->leaves;
		c->robot = robot_create(&c->rules, c->lex, &ro, &e);
		if (c->robot == NULL)
			tool_die("%s", e.msg);
	}
	nctx++;
	return c;
}

/* turn_eq for position p with bag tiles in the bag, if a leave table was
 * given.  Returns TOOL_OK, or TOOL_ERR after a message naming file:line. */
static int
prepare_equity(const struct ctx *c, const struct position *p, int bag,
	const char *file, long line)
{
	struct err e;

	if (c->leaves == NULL)
		return TOOL_OK;
	if (equity_prepare(&turn_eq, &c->rules, c->leaves, p, bag, &e) != 0) {
		tool_warnfl(file, line, "%s", e.msg);
		return TOOL_ERR;
	}
	return TOOL_OK;
}

/* Generates and prints for one position.  cgp (may be NULL) is echoed in
 * JSON.  Returns TOOL_OK or TOOL_ERR. */
static int
do_position(struct ctx *c, const struct position *p, const char *cgp,
	const char *file, long line)
{
	struct err e;
	const struct equity *eq = c->leaves != NULL ? &turn_eq : NULL;
	int flags = (o.json ? MOVELIST_JSON : 0) |
	    (c->leaves != NULL ? MOVELIST_EQUITY : 0);
	int bag = position_bag_count(&c->rules, p);
	long n;

	if (bag < 0) {
		if (position_check_tiles(&c->rules, p, &e) != 0)
			tool_warnfl(file, line, "%s", e.msg);
		else
			tool_warnfl(file, line, "position holds more tiles than the bag");
		return TOOL_ERR;
	}
	if (prepare_equity(c, p, bag, file, line) != TOOL_OK)
		return TOOL_ERR;
	if (o.robot >= 0) {
		struct move m;
		struct movelist_row rw;

		if (robot_choose(c->robot, p, bag, &rng, &m, &e) != 0)
			tool_die("%s", e.msg);
		movelist_row(&rw, &c->rules, p, &m, 0, eq);
		movelist_write_choice(stdout, &rw, robot_strategy_name(
		    (enum robot_strategy)o.robot), flags);
		return TOOL_OK;
	}
	if ((n = gen_all(c->gen, p, bag, GEN_ALL, &e)) < 0)
		tool_die("%s", e.msg);
	if (o.count) {
		movelist_count(&list, gen_moves(c->gen), n);
		movelist_write_counts(stdout, &list, cgp, flags);
		return TOOL_OK;
	}
	if (movelist_build(&list, &c->rules, p, gen_moves(c->gen), n, eq,
	    o.sort_equity, &e) != 0)
		tool_die("%s", e.msg);
	movelist_write(stdout, &list, o.top, cgp, flags);
	return TOOL_OK;
}

/* Resolves the ruleset of a CGP line and parses it. */
static struct ctx *
parse_cgp(const char *s, size_t len, struct position *p, const char *file,
	long line)
{
	char name[RULES_NAME_MAX];
	struct ctx *c;
	struct err e;

	if (!cgp_peek_rules(s, len, name, sizeof name)) {
		if (o.rules_name == NULL) {
			tool_warnfl(file, line, "no ruleset: the line has no ld and -r was not given");
			return NULL;
		}
		snprintf(name, sizeof name, "%s", o.rules_name);
	}
	c = ctx_get(name, -1, file, line);
	if (c == NULL)
		return NULL;
	if (cgp_parse(&c->rules, s, len, p, &e) != 0) {
		tool_warnfl(file, e.line ? e.line : line, "%s", e.msg);
		return NULL;
	}
	if (p->bingo_bonus >= 0 && p->bingo_bonus != c->rules.bingo_bonus) {
		c = ctx_get(name, p->bingo_bonus, file, line);
		if (c == NULL)
			return NULL;
	}
	if (position_check_tiles(&c->rules, p, &e) != 0) {
		tool_warnfl(file, line, "%s", e.msg);
		return NULL;
	}
	return c;
}

/* The CGP lines of file path ("-": standard input), one position each. */
static int
do_cgp_file(const char *path)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	const char *name = fp == stdin ? "<stdin>" : path;
	struct tool_lines l;
	struct position p;
	long len;
	int ret = TOOL_OK;

	if (fp == NULL) {
		tool_warn("%s:", path);
		return TOOL_ERR;
	}
	tool_lines_init(&l, fp, name);
	while ((len = tool_readline(&l)) != -1) {
		struct ctx *c;

		if (len == -2) {
			tool_warnfl(name, l.lineno, "read error:");
			ret = TOOL_ERR;
			break;
		}
		if (len == -3) {
			tool_warnfl(name, l.lineno, "line too long");
			ret = TOOL_ERR;
			continue;
		}
		if (len == 0 || l.buf[0] == '#')
			continue;
		if ((c = parse_cgp(l.buf, (size_t)len, &p, name, l.lineno)) == NULL ||
		    do_position(c, &p, l.buf, name, l.lineno) != TOOL_OK)
			ret = TOOL_ERR;
	}
	tool_lines_free(&l);
	if (fp != stdin)
		fclose(fp);
	return ret;
}

/* --- Games: --game/--turn and --analyse --- */

/* One game of --analyse: whether a JSON turn was written yet. */
struct game_run {
	struct ctx *c;
	const struct gcg_game *game;
	const char *file;
	int json_first;
};

/* --game/--turn: the moves of the position before turn o.turn. */
static int
game_turn(struct ctx *c, const struct gcg_game *game, const char *path)
{
	struct position p;
	struct err e;
	long line;
	int rc = analyse_position_at(game, c->lex, o.turn, &p, &line, &e);

	if (rc == 1)
		return do_position(c, &p, NULL, path, line);
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

	if (t->status == ANALYSE_FAILED) {
		tool_warnfl(gr->file, t->err.line, "%s", t->err.msg);
		return 0;
	}
	analyse_write_turn(stdout, gr->game, t, o.json, gr->json_first);
	gr->json_first = 0;
	return 0;
}

/* --analyse of one game: a header, the turns, a summary per player. */
static int
analyse_one(struct game_run *gr)
{
	struct analyse a = { .rules = &gr->c->rules, .lex = gr->c->lex,
	    .gen = gr->c->gen, .leaves = gr->c->leaves };
	struct err e;
	int ret = TOOL_OK;

	analyse_write_head(stdout, gr->file, o.json);
	switch (analyse_game(&a, gr->game, print_turn, gr, &e)) {
	case -2:
		tool_die("%s", e.msg);
	case -1:
		tool_warnfl(gr->file, e.line, "%s", e.msg);
		ret = TOOL_ERR;
	}
	if (a.failed > 0)
		ret = TOOL_ERR;
	analyse_write_tail(stdout, &a, gr->game, o.json);
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
		struct game_run gr = { NULL, NULL, path, 1 };

		if (rc < 0) {
			tool_warnfl(path, e.line, "%s", e.msg);
			ret = TOOL_ERR;
			continue;
		}
		gr.game = game;
		if ((gr.c = ctx_get(game->rules.name, -1, path,
		    game->first_line)) == NULL) {
			gcg_game_destroy(game);
			ret = TOOL_ERR;
			continue;       /* --game too: the stream's next game */
		}
		if ((o.analyse ? analyse_one(&gr) : game_turn(gr.c, game,
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
 * Fullsterkur (or -R's robot) against itself, as CGP lines with the mover's
 * rack first (for benchmarks and test data).  Game k is seeded
 * rng_stream_seed(seed, k). */
static int
do_selfplay(void)
{
	struct ctx *c;
	struct game *gm;
	struct err e;
	long k;
	char buf[8192];

	if (o.rules_name == NULL) {
		tool_warn("--selfplay needs -r");
		return TOOL_ERR;
	}
	if ((c = ctx_get(o.rules_name, -1, "<selfplay>", 0)) == NULL)
		return TOOL_ERR;
	if (c->robot == NULL) {
		struct robot_opts ro = { ROBOT_FULLSTERKUR, NULL, NULL };

		if ((c->robot = robot_create(&c->rules, c->lex, &ro, &e)) == NULL)
			tool_die("%s", e.msg);
	}
	if ((gm = game_create(&c->rules, 2, &e)) == NULL)
		tool_die("%s", e.msg);
	for (k = 0; k < o.selfplay; k++) {
		if (game_start(gm, rng_stream_seed(o.seed, (uint64_t)k), &e) != 0)
			tool_die("%s", e.msg);
		while (game_over(gm) == 0) {
			struct position p = *game_position(gm);
			struct move m;

			/* cgp_format puts the player to move first; the
			 * ruleset's bingo and zero rule stay implicit. */
			p.bingo_bonus = -1;
			p.max_zeros = -1;
			if (cgp_format(&c->rules, &p, buf, sizeof buf) < 0)
				tool_die("position too long for CGP");
			puts(buf);
			if (robot_choose(c->robot, game_position(gm),
			    game_bag_count(gm), &rng, &m, &e) != 0 ||
			    game_play(gm, &m, &e) != 0)
				tool_die("self-play: %s", e.msg);
		}
	}
	game_destroy(gm);
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
	const char *sort = NULL;

	tool_init(argv[0]);
	o.robot = -1;
	o.turn = -1;
	o.seed = 1;
	while ((ch = getopt_long(argc, argv, "acg:hjk:l:n:P:R:r:S:s:t:Vv:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'a':
			o.analyse = 1;
			break;
		case 'c':
			o.count = 1;
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
			o.lexicon = optarg;
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
			o.vocab = optarg;
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
	ctx_free_all();
	return tool_fshut(stdout, "<stdout>", ret);
}
