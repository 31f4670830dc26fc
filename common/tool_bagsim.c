/*
 * tool_bagsim.c — bagsim's command line (tool_bagsim.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include "bag.h"
#include "rng.h"
#include "robot.h"
#include "rules.h"
#include "sim.h"
#include "tool.h"
#include "tool_bagsim.h"
#include "tool_opt.h"

#define SYN_DRAW "bagsim draw -r RULESET [--racks N] [-s N] [-t N]\n"
#define SYN_PLAY "bagsim play -r RULESET [-q] [-l FILE] [-g N] [-s N] [-x K/N]\n" \
	"              [-1 ROBOT] [-2 ROBOT] [-3 ROBOT] [-4 ROBOT] [-P N] [-w FILE]\n" \
	"              [-k FILE] [--leaves1 FILE ...] [-d DIR] [--stats] [-o FILE]\n" \
	"              [-p FILE] [--timing] [--winpct FILE|none] [--candidates N]\n" \
	"              [--iterations N] [--endgame-nodes N] [--endgame-time SECONDS]\n"
#define SYN_MERGE "bagsim merge [-p FILE] FILE ...\n"
#define SYN_LEAVES "bagsim leaves -r RULESET [-q] [-l FILE] [-g N] [-s N] [-k FILE]\n" \
	"              [-R N] [-x K/N -a FILE | -o FILE]\n"
#define SYN_LMERGE "bagsim leaves merge -r RULESET [-k FILE] -o FILE FILE ...\n"
#define SYNOPSIS "usage: " SYN_DRAW "       " SYN_PLAY "       " SYN_MERGE \
	"       " SYN_LEAVES "       " SYN_LMERGE \
	"       bagsim winpct ... (bagsim winpct --help)\n"

/* Every command's options (the letters and long names follow ordverk(7);
 * the entries without help are old names, kept working), in the order
 * getopt_long names an ambiguous abbreviation's candidates in. */
enum { O_RACKS = TOOL_OPT_LONG, O_STATS, O_TIMING, O_LEAVES1, O_LEAVES2,
	O_LEAVES3, O_LEAVES4, O_CHECKPOINT, O_WINPCT, O_CANDIDATES,
	O_ITERATIONS, O_ENDGAME_TIME, O_ENDGAME_NODES };
/* Short names for the table. */
enum { DRAW = BAGSIM_DRAW, PLAY = BAGSIM_PLAY, MERGE = BAGSIM_MERGE,
	LEAVES = BAGSIM_LEAVES, LMERGE = BAGSIM_LMERGE, MAIN = BAGSIM_MAIN,
	ALL = DRAW | PLAY | MERGE | LEAVES | LMERGE | MAIN };
static const struct tool_opt options[] = {
	{ 'r', "rules", "RULESET", "the ruleset", DRAW | PLAY | LEAVES | LMERGE },
	{ O_RACKS, "racks", "N", "deal N racks (default 1)", DRAW },
	{ 't', "tiles", "N", "tiles a rack (default the ruleset's rack size)", DRAW },
	{ 'l', "lexicon", "FILE", "the lexicon (default: the ruleset's)", PLAY | LEAVES },
	{ 'g', "games", "N", "play N games (default 1)", PLAY },
	{ 'g', "games", "N", "games a round (default 1000)", LEAVES },
	{ 's', "seed", "N", "the base seed (default 0)", DRAW | PLAY },
	{ 's', "seed", "N", "the seed of the games (default 1)", LEAVES },
	{ 'x', "shard", "K/N", "play only shard K of N of the games", PLAY | LEAVES },
	{ '1', "p1", "ROBOT", "the robot of seat 1 (default fullsterkur)", PLAY },
	{ '2', "p2", "ROBOT", "the robot of seat 2", PLAY },
	{ '3', "p3", "ROBOT", "the robot of seat 3", PLAY },
	{ '4', "p4", "ROBOT", "the robot of seat 4", PLAY },
	{ 'P', "players", "N", "players a game, 1 to 4 (default 2)", PLAY },
	{ 'w', "vocab", "FILE", "the vocabulary of the weaker robots", PLAY },
	{ 'k', "leaves", "FILE", "the leave table of the equity robots", PLAY },
	{ 'k', "leaves", "FILE", "the table to start from (default: all 0)", LEAVES },
	{ 'k', "leaves", "FILE", "the table the round was played with", LMERGE },
	{ O_LEAVES1, "leaves1", "FILE", "seat 1's own leave table (likewise 2-4)", PLAY },
	{ O_LEAVES2, "leaves2", "FILE", NULL, PLAY },
	{ O_LEAVES3, "leaves3", "FILE", NULL, PLAY },
	{ O_LEAVES4, "leaves4", "FILE", NULL, PLAY },
	{ O_WINPCT, "winpct", "FILE", "the sim robots' win table, or none "
	    "(default: the ruleset's)", PLAY },
	{ O_CANDIDATES, "candidates", "N", "moves the sim robots simulate "
	    "(default 10)", PLAY },
	{ O_ITERATIONS, "iterations", "N", "the sim robots' iterations a turn, "
	    "at most (default 128)", PLAY },
	{ O_ENDGAME_NODES, "endgame-nodes", "N", "the endgame and sim "
	    "robots' solver nodes a turn (default 1000000)", PLAY },
	{ O_ENDGAME_TIME, "endgame-time", "SECONDS", "and a time cap a turn "
	    "(default none)", PLAY },
	{ 'R', "rounds", "N", "rounds of learning (default 1)", LEAVES },
	{ 'd', "gcg-dir", "DIR", "write each game to DIR/game-NNNNNN.gcg", PLAY },
	{ O_STATS, "stats", NULL, "print the statistics instead of the games", PLAY },
	{ 'o', "output", "FILE", "write the statistics file FILE", PLAY },
	{ O_CHECKPOINT, "checkpoint", "N", "with -o: write the file every N games too", PLAY },
	{ 'o', "output", "FILE", "write the learned table to FILE", LEAVES | LMERGE },
	{ 'a', "acc", "FILE", "write this shard's credits to FILE, for merging", LEAVES },
	{ 'p', "plot", "FILE", "draw the statistics as an SVG chart into FILE", PLAY | MERGE },
	{ 'q', "quiet", NULL, "no progress on standard error", PLAY | LEAVES },
	{ O_TIMING, "timing", NULL, "print the games a second (CPU time) on stderr", PLAY },
	{ 'h', "help", NULL, "print this help and exit", ALL },
	{ 'V', "version", NULL, "print the version and exit", ALL },
	{ 'o', "stats-out", "FILE", NULL, PLAY },
	{ 'o', "out", "FILE", NULL, LEAVES | LMERGE },
	{ O_RACKS, "count", "N", NULL, DRAW },
};
#define NOPTIONS (sizeof options / sizeof options[0])

/* The synopsis of the command being run, for its usage errors. */
static const char *synopsis = SYNOPSIS;

void
tool_bagsim_usage(void)
{
	tool_usage(synopsis);
}

void
tool_bagsim_opts(int argc, char **argv, unsigned cmd, struct bagsim_opts *o)
{
	static char usage_line[1024];
	const char *syn = cmd == BAGSIM_DRAW ? SYN_DRAW : cmd == BAGSIM_PLAY ?
	    SYN_PLAY : cmd == BAGSIM_MERGE ? SYN_MERGE : cmd == BAGSIM_LEAVES ?
	    SYN_LEAVES : SYN_LMERGE;
	struct tool_getopt g;
	struct err e;
	long v;
	char *end;
	int c;

	snprintf(usage_line, sizeof usage_line, "usage: %s", syn);
	synopsis = usage_line;
	tool_getopt_init(&g, options, NOPTIONS, cmd, synopsis,
	    cmd == BAGSIM_PLAY ? "Robots: fullsterkur, midlungur, "
	    "halfdraettingur, amlodi, equity, endgame, sim.\n" : NULL);
	while ((c = tool_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case '1': case '2': case '3': case '4':
			if (robot_parse_strategy(optarg, &o->f.strategy[c - '1']) < 0)
				tool_die("unknown robot: %s (fullsterkur, "
				    "midlungur, halfdraettingur, amlodi, equity, "
				    "endgame, sim)", optarg);
			break;
		case O_LEAVES1: case O_LEAVES2: case O_LEAVES3: case O_LEAVES4:
			o->f.seat_leaves[c - O_LEAVES1] = optarg;
			break;
		case 'P':
			if (tool_parse_long(optarg, 1, RULES_MAX_PLAYERS, &o->players) < 0)
				tool_die("bad number of players: %s", optarg);
			break;
		case 'R':
			if (tool_parse_long(optarg, 1, 1000, &o->rounds) < 0)
				tool_die("bad number of rounds: %s", optarg);
			break;
		case 'g':
			if (tool_parse_long(optarg, o->min_games, LONG_MAX, &o->games) < 0)
				tool_die("bad number of games: %s", optarg);
			break;
		case O_RACKS:
			if (tool_parse_long(optarg, 0, LONG_MAX, &o->count) < 0)
				tool_die("bad number of racks: %s", optarg);
			break;
		case 't':
			if (tool_parse_long(optarg, 1, BAG_MAX, &o->tiles) < 0)
				tool_die("bad number of tiles: %s", optarg);
			break;
		case O_CHECKPOINT:
			if (tool_parse_long(optarg, 1, LONG_MAX, &o->checkpoint) < 0)
				tool_die("bad --checkpoint: %s (games, 1 or more)", optarg);
			break;
		case O_WINPCT: o->winpct = optarg; break;
		case O_CANDIDATES:
			if (tool_parse_long(optarg, 1, 1000, &v) < 0)
				tool_die("bad --candidates: %s (1 to 1000)", optarg);
			o->f.sim_candidates = (int)v;
			break;
		case O_ITERATIONS:
			if (tool_parse_long(optarg, 1, SIM_MAX_ITERATIONS, &v) < 0)
				tool_die("bad --iterations: %s (1 to %ld)", optarg,
				    SIM_MAX_ITERATIONS);
			o->f.sim_iterations = v;
			break;
		case O_ENDGAME_NODES:
			if (tool_parse_long(optarg, 1, LONG_MAX, &v) < 0)
				tool_die("bad --endgame-nodes: %s (1 or more)", optarg);
			o->f.endgame_nodes = (uint64_t)v;
			break;
		case O_ENDGAME_TIME:
			errno = 0;
			o->f.endgame_seconds = strtod(optarg, &end);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    !(o->f.endgame_seconds > 0 &&
			    o->f.endgame_seconds < 1e6))
				tool_die("bad --endgame-time: %s (seconds, above 0)",
				    optarg);
			break;
		case O_STATS: o->stats = 1; break;
		case O_TIMING: o->time = 1; break;
		case 'w': o->f.vocab = optarg; break;
		case 'a': o->acc = optarg; break;
		case 'd': o->gcgdir = optarg; break;
		case 'k': o->f.leaves = optarg; break;
		case 'l': o->f.lexicon = optarg; break;
		case 'o': o->out = optarg; break;
		case 'p': o->plot = optarg; break;
		case 'q': o->quiet = 1; break;
		case 'r': o->rules = optarg; break;
		case 's':
			if (rng_parse_seed(optarg, &o->seed) < 0)
				tool_die("bad seed: %s", optarg);
			break;
		case 'x':
			if (selfplay_shard_parse(optarg, &o->shard_k, &o->shard_n,
			    &e) < 0)
				tool_die("%s", e.msg);
			break;
		}
	}
}

void
tool_bagsim_main(char **argv)
{
	struct tool_getopt g;

	tool_getopt_init(&g, options, NOPTIONS, BAGSIM_MAIN, SYNOPSIS,
	    "Commands: draw, play, merge, leaves, leaves merge; "
	    "bagsim COMMAND --help\nlists a command's options.\n");
	tool_getopt(&g, 2, argv);
	tool_bagsim_usage();
}
