/* bagsim — deal racks and play robot self-play games for bag studies.
 * See man/bagsim.1.  The game rules are in common/game.c, the robots in
 * common/robot.c; this file is options, statistics and output. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "bag.h"
#include "game.h"
#include "klv.h"
#include "leaves.h"
#include "lex.h"
#include "robot.h"
#include "rng.h"
#include "rules.h"
#include "stats.h"
#include "tool.h"

#define SYNOPSIS \
	"usage: bagsim draw -r ruleset [-n count] [-s seed] [-t tiles]\n" \
	"       bagsim play -r ruleset [-q] [-l lexicon] [-g games] [-s seed]\n" \
	"              [-1 robot] [-2 robot] [-3 robot] [-4 robot] [-P players]\n" \
	"              [-V vocab] [-k leaves] [-d dir] [-S] [-o statsfile]\n" \
	"              [-p plot.svg] [-x K/N] [-T]\n" \
	"       bagsim merge [-p plot.svg] statsfile ...\n" \
	"       bagsim leaves -r ruleset [-q] [-l lexicon] [-g games] [-s seed]\n" \
	"              [-k start.klv2] [-R rounds] [-x K/N -a acc | -o out.klv2]\n" \
	"       bagsim leaves merge -r ruleset [-k start.klv2] -o out.klv2 acc ...\n"

static void usage(void) __attribute__((noreturn));
static void help(void) __attribute__((noreturn));

static void
usage(void)
{
	fputs(SYNOPSIS, stderr);
	exit(TOOL_ERR);
}

static void
help(void)
{
	fputs(SYNOPSIS, stdout);
	exit(tool_fshut(stdout, "<stdout>", TOOL_OK));
}

static volatile sig_atomic_t interrupted;

static void
on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

static uint64_t
parse_seed(const char *s)
{
	char *end;
	unsigned long long v;

	errno = 0;
	if (*s == '-' || *s == '\0')
		tool_die("bad seed: %s", s);
	v = strtoull(s, &end, 0);
	if (errno != 0 || *end != '\0')
		tool_die("bad seed: %s", s);
	return (uint64_t)v;
}

/* die_file: exits with an error about file path (its message may
 * already name it). */
static void die_file(const char *path, const struct err *e)
	__attribute__((noreturn));
static void
die_file(const char *path, const struct err *e)
{
	if (strstr(e->msg, path) != NULL)
		tool_die("%s", e->msg);
	tool_die("%s: %s", path, e->msg);
}

static void
get_rules(struct rules *r, const char *name)
{
	struct err e;

	if (name == NULL) {
		tool_warn("a ruleset is needed (-r)");
		usage();
	}
	if (rules_get(r, name, &e) < 0)
		tool_die("%s: %s", name, e.msg);
}

/* parse_shard: "K/N", 1 <= K <= N, or the run dies. */
static void
parse_shard(char *arg, long *k, long *n)
{
	char *slash = strchr(arg, '/');

	if (slash == NULL)
		tool_die("bad shard %s: want K/N", arg);
	*slash = '\0';
	if (tool_parse_long(slash + 1, 1, LONG_MAX, n) < 0 ||
	    tool_parse_long(arg, 1, *n, k) < 0)
		tool_die("bad shard %s/%s: want K/N with 1 <= K <= N", arg,
		    slash + 1);
}

/* --- draw --- */

static int
cmd_draw(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "count", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ "rules", required_argument, NULL, 'r' },
		{ "seed", required_argument, NULL, 's' },
		{ "tiles", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 }
	};
	const char *rname = NULL;
	long count = 1, tiles = -1;
	uint64_t seed = 0;
	struct rules r;
	struct bag b0, b;
	struct rng g;
	struct err e;
	char out[RULES_MAX_TILES * 16 + BAG_MAX * 8];
	int c;

	while ((c = getopt_long(argc, argv, "hn:r:s:t:", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			help();
			break;
		case 'n':
			if (tool_parse_long(optarg, 0, LONG_MAX, &count) < 0)
				tool_die("bad count: %s", optarg);
			break;
		case 'r':
			rname = optarg;
			break;
		case 's':
			seed = parse_seed(optarg);
			break;
		case 't':
			if (tool_parse_long(optarg, 1, BAG_MAX, &tiles) < 0)
				tool_die("bad number of tiles: %s", optarg);
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();
	get_rules(&r, rname);
	if (bag_init(&b0, &r, &e) < 0)
		tool_die("%s", e.msg);
	if (tiles < 0)
		tiles = r.rack_size;
	if (tiles > b0.n)
		tool_die("-t %ld: the %s bag has only %d tiles", tiles, r.name, b0.n);
	for (long k = 0; k < count; k++) {
		uint8_t rack[RULES_MAX_TILES] = { 0 };
		/* A fresh bag per draw, seeded per draw: draw k is the same
		 * whatever the count. */
		b = b0;
		rng_seed(&g, rng_stream_seed(seed, (uint64_t)k));
		for (long i = 0; i < tiles; i++)
			rack[bag_draw_one(&b, &g)]++;
		if (game_format_rack(&r, rack, out, sizeof out) < 0)
			tool_die("rack too long");
		fputs(out, stdout);
		putchar('\n');
		if (ferror(stdout))
			break;
	}
	return tool_fshut(stdout, "<stdout>", TOOL_OK);
}

/* --- statistics files (stats.h) --- */

/* write_file: s as a stats file (plot 0) or its chart (plot 1) to path,
 * by way of a temporary file.  Returns 0, or -1 after a message. */
static int
write_file(const char *path, const struct stats *s, const struct rules *r,
    int plot)
{
	struct tool_atomic a;
	FILE *fp = tool_atomic_open(&a, path);

	if (fp == NULL)
		return -1;
	/* A write error shows in the commit, which reports it. */
	(void)(plot ? stats_plot(fp, s, r) : stats_write(fp, s, r));
	return tool_atomic_commit(&a);
}

/* read_file: adds the stats file path to *s (stats_read).  Returns 0, or
 * -1 after a message. */
static int
read_file(const char *path, struct stats *s, struct rules *r)
{
	FILE *fp = fopen(path, "r");
	struct err e;
	int rc;

	if (fp == NULL) {
		tool_warn("%s:", path);
		return -1;
	}
	if ((rc = stats_read(s, r, fp, &e)) < 0)
		tool_warnerr(path, &e);
	fclose(fp);
	return rc;
}

static int
cmd_merge(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "plot", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 }
	};
	const char *plot = NULL;
	struct stats s;
	struct rules r;
	int c, ret = TOOL_OK;

	while ((c = getopt_long(argc, argv, "hp:", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			help();
			break;
		case 'p':
			plot = optarg;
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		usage();
	stats_init(&s, NULL, 2);   /* 2: files without a players line */
	for (int i = 0; i < argc; i++)
		if (read_file(argv[i], &s, &r) < 0)
			return TOOL_ERR;
	stats_table(stdout, &s, &r);
	if (plot != NULL && write_file(plot, &s, &r, 1) < 0)
		ret = TOOL_ERR;
	return tool_fshut(stdout, "<stdout>", ret);
}

/* --- play --- */

struct player {
	enum robot_strategy strat;
	struct robot *rb;
	char name[48];
};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* cpu_now: this process's CPU seconds (user and system).  --time reports
 * play by CPU time, so that other work on the machine does not count. */
static double
cpu_now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) < 0)
		return 0;
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
lexicon_label(const char *path, char *out, size_t cap)
{
	const char *b = strrchr(path, '/');
	size_t n;

	b = b ? b + 1 : path;
	n = strlen(b);
	if (n > 4 && strcmp(b + n - 4, ".lex") == 0)
		n -= 4;
	if (n >= cap)
		n = cap - 1;
	memcpy(out, b, n);
	out[n] = '\0';
}

static int
write_gcg(const char *dir, long k, uint64_t base, const struct game *g,
    struct player *pl, const char *lexname)
{
	char path[4096], note[128];
	const char *nicks[RULES_MAX_PLAYERS], *names[RULES_MAX_PLAYERS];
	struct tool_atomic a;
	struct err e;
	FILE *fp;

	for (int i = 0; i < game_nplayers(g); i++) {
		nicks[i] = pl[i].name;
		names[i] = robot_strategy_name(pl[i].strat);
	}
	if ((size_t)snprintf(path, sizeof path, "%s/game-%06ld.gcg", dir, k) >=
	    sizeof path) {
		tool_warn("%s: directory name too long", dir);
		return -1;
	}
	snprintf(note, sizeof note, "bagsim seed %" PRIu64 " game %ld",
	    base, k);
	if ((fp = tool_atomic_open(&a, path)) == NULL)
		return -1;
	if (game_write_gcg(g, fp, nicks, names, lexname, note, &e) < 0) {
		tool_warnerr(path, &e);
		tool_atomic_abort(&a);
		return -1;
	}
	return tool_atomic_commit(&a);
}

static int
cmd_play(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "gcg", required_argument, NULL, 'd' },
		{ "games", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ "leaves", required_argument, NULL, 'k' },
		{ "leaves1", required_argument, NULL, 1001 },
		{ "leaves2", required_argument, NULL, 1002 },
		{ "leaves3", required_argument, NULL, 1003 },
		{ "leaves4", required_argument, NULL, 1004 },
		{ "lexicon", required_argument, NULL, 'l' },
		{ "stats-out", required_argument, NULL, 'o' },
		{ "p1", required_argument, NULL, '1' },
		{ "p2", required_argument, NULL, '2' },
		{ "p3", required_argument, NULL, '3' },
		{ "p4", required_argument, NULL, '4' },
		{ "players", required_argument, NULL, 'P' },
		{ "plot", required_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "rules", required_argument, NULL, 'r' },
		{ "seed", required_argument, NULL, 's' },
		{ "shard", required_argument, NULL, 'x' },
		{ "stats", no_argument, NULL, 'S' },
		{ "time", no_argument, NULL, 'T' },
		{ "vocab", required_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const char *rname = NULL, *lexpath = NULL, *gcgdir = NULL, *statsfile = NULL;
	const char *plot = NULL, *vocabpath = NULL, *leavespath = NULL;
	const char *seatleaves[RULES_MAX_PLAYERS] = { NULL };
	char *deflk = NULL;
	struct klv *seatklv[RULES_MAX_PLAYERS] = { NULL };
	char *deflex = NULL, lexname[64];
	long games = 1, shard_k = 1, shard_n = 1;
	uint64_t seed = 0;
	int c, want_stats = 0, want_time = 0, quiet = 0, ret = TOOL_OK, progress;
	struct player pl[RULES_MAX_PLAYERS];
	long np = 2;
	struct rules r;
	struct lex *lex = NULL, *vocab = NULL;
	struct klv *leaves = NULL;
	struct game *g;
	struct stats st;
	struct err e;
	double t0, last, cpu0, cpu_play;
	long played = 0, total, turns_played = 0;

	memset(pl, 0, sizeof pl);
	for (int i = 0; i < RULES_MAX_PLAYERS; i++)
		pl[i].strat = ROBOT_FULLSTERKUR;
	while ((c = getopt_long(argc, argv, "1:2:3:4:P:STd:g:hk:l:o:p:qr:s:V:x:",
	    longopts, NULL)) != -1) {
		switch (c) {
		case 'P':
			if (tool_parse_long(optarg, 1, RULES_MAX_PLAYERS, &np) < 0)
				tool_die("bad number of players: %s", optarg);
			break;
		case '1':
		case '2':
		case '3':
		case '4':
			if (robot_parse_strategy(optarg, &pl[c - '1'].strat) < 0)
				tool_die("unknown robot: %s (fullsterkur, "
				    "midlungur, halfdraettingur, amlodi, equity)", optarg);
			break;
		case 'S':
			want_stats = 1;
			break;
		case 'T':
			want_time = 1;
			break;
		case 'd':
			gcgdir = optarg;
			break;
		case 'g':
			if (tool_parse_long(optarg, 0, LONG_MAX, &games) < 0)
				tool_die("bad number of games: %s", optarg);
			break;
		case 'h':
			help();
			break;
		case 1001:
		case 1002:
		case 1003:
		case 1004:
			seatleaves[c - 1001] = optarg;
			break;
		case 'k':
			leavespath = optarg;
			break;
		case 'l':
			lexpath = optarg;
			break;
		case 'o':
			statsfile = optarg;
			break;
		case 'p':
			plot = optarg;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'r':
			rname = optarg;
			break;
		case 's':
			seed = parse_seed(optarg);
			break;
		case 'V':
			vocabpath = optarg;
			break;
		case 'x':
			parse_shard(optarg, &shard_k, &shard_n);
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();
	get_rules(&r, rname);
	if (lexpath == NULL) {
		if ((deflex = tool_default_lexicon(&r)) == NULL)
			tool_die("no default lexicon for %s; give one with -l",
			    r.name);
		lexpath = deflex;
	}
	if ((lex = lex_load(lexpath, &r, &e)) == NULL)
		die_file(lexpath, &e);
	{
		/* A lexicon of another alphabet would load and play nonsense. */
		const char *ln = lex_rules_name(lex);
		if (ln[0] != '\0' && strcmp(ln, r.name) != 0 &&
		    strcmp(ln, r.lexicon_hint) != 0)
			tool_die("%s: lexicon for ruleset %s, not %s", lexpath,
			    ln, r.name);
	}
	lexicon_label(lexpath, lexname, sizeof lexname);
	if (vocabpath != NULL && (vocab = lex_load(vocabpath, &r, &e)) == NULL)
		die_file(vocabpath, &e);
	if (leavespath != NULL && (leaves = klv_load(leavespath, &e)) == NULL)
		die_file(leavespath, &e);
	/* Without -k, equity robots take the ruleset's own table, NAME.klv2
	 * beside its default lexicon, where there is one. */
	if (leavespath == NULL) {
		int eq = 0;

		for (int i = 0; i < np && i < RULES_MAX_PLAYERS; i++)
			eq |= pl[i].strat == ROBOT_EQUITY && seatleaves[i] == NULL;
		if (eq && (leavespath = deflk = tool_default_leaves(&r)) != NULL &&
		    (leaves = klv_load(leavespath, &e)) == NULL)
			die_file(leavespath, &e);
	}
	if (np < r.min_players || np > r.max_players)
		tool_die("ruleset %s is for %d to %d players, not %ld", r.name,
		    r.min_players, r.max_players, np);
	for (int i = 0; i < np; i++) {
		struct robot_opts o = { pl[i].strat, vocab, leaves };
		int same = 0;

		/* --leavesN: this seat's own table, beside -k for the rest. */
		if (i < RULES_MAX_PLAYERS && seatleaves[i] != NULL) {
			if ((seatklv[i] = klv_load(seatleaves[i], &e)) == NULL)
				die_file(seatleaves[i], &e);
			o.leaves = seatklv[i];
		}
		/* The seats take turns: one move generator serves them all. */
		pl[i].rb = i == 0 ? robot_create(&r, lex, &o, &e) :
		    robot_create_sharing(pl[0].rb, &o, &e);
		if (pl[i].rb == NULL)
			tool_die("%s", e.msg);
		/* Seats with the same robot are told apart by seat number. */
		for (int j = 0; j < np; j++)
			same += j != i && pl[j].strat == pl[i].strat;
		snprintf(pl[i].name, sizeof pl[i].name, same ? "%s-%d" : "%s",
		    robot_strategy_name(pl[i].strat), i + 1);
	}
	if (gcgdir != NULL && mkdir(gcgdir, 0777) < 0 && errno != EEXIST)
		tool_die("%s:", gcgdir);
	if ((g = game_create(&r, (int)np, &e)) == NULL)
		tool_die("%s", e.msg);
	stats_init(&st, r.name, np);
	{
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_sigint;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGINT, &sa, NULL);
	}
	progress = !quiet && isatty(STDERR_FILENO);
	t0 = last = now();
	cpu0 = cpu_now();
	total = games > shard_k - 1 ? (games - shard_k + shard_n) / shard_n : 0;
	if (!want_stats)
	{
		printf("#game\tseed\tplayer1\tplayer2\tscore1\tscore2\twinner\t"
		    "turns\tbingos1\tbingos2\tend");
		for (int i = 2; i < np; i++)
			printf("\tplayer%d\tscore%d\tbingos%d", i + 1, i + 1, i + 1);
		putchar('\n');
	}
	/* Shard K of N plays the games k with k % N == K - 1: interleaved
	 * slices take equally long, and game k's seed depends only on the
	 * base seed and k, so the shards together are the one big run. */
	for (long k = shard_k - 1; k < games && !interrupted; k += shard_n) {
		uint64_t gs = rng_stream_seed(seed, (uint64_t)k);
		struct rng rr;
		int turns = 0, scoreless = 0;

		if (game_start(g, gs, &e) < 0)
			tool_die("%s", e.msg);
		/* The robots' own choices use a second stream of the game. */
		rng_seed(&rr, rng_stream_seed(gs, 1));
		while (game_over(g) == GAME_ON) {
			const struct position *p = game_position(g);
			struct move m;

			if (robot_choose(pl[p->to_move].rb, p, game_bag_count(g),
			    &rr, &m, &e) < 0)
				tool_die("game %ld (seed %" PRIu64 "): %s", k,
				    gs, e.msg);
			robot_stall(&scoreless, &m);
			if (game_play(g, &m, &e) < 0)
				tool_die("game %ld (seed %" PRIu64 "): %s", k,
				    gs, e.msg);
			if (++turns > 10000)
				tool_die("game %ld (seed %" PRIu64 "): does not "
				    "end", k, gs);
		}
		stats_game(&st, g);
		played++;
		turns_played += game_turns(g);
		if (!want_stats) {
			int w = game_winner(g);
			printf("%ld\t%" PRIu64 "\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s",
			    k, gs, pl[0].name, pl[1].name, game_score(g, 0),
			    game_score(g, 1), w < 0 ? 0 : w + 1, game_turns(g),
			    game_bingos(g, 0), game_bingos(g, 1),
			    game_end_name(game_over(g)));
			for (int i = 2; i < np; i++)
				printf("\t%s\t%d\t%d", pl[i].name,
				    game_score(g, i), game_bingos(g, i));
			putchar('\n');
		}
		if (gcgdir != NULL &&
		    write_gcg(gcgdir, k, seed, g, pl, lexname) < 0) {
			ret = TOOL_ERR;
			break;
		}
		if (ferror(stdout))
			break;
		if (progress && (played & 15) == 0 && now() - last > 0.5) {
			double t = now() - t0;
			last = now();
			fprintf(stderr, "\rbagsim: %ld of %ld games, %.0f games/s ",
			    played, total, played / t);
		}
	}
	cpu_play = cpu_now() - cpu0;
	if (progress)
		fprintf(stderr, "\r%40s\r", "");
	if (want_time)
		fprintf(stderr, "bagsim: %ld games, %ld turns in %.3f CPU s "
		    "(%.0f games/s, %.0f turns/s) after %.3f CPU s loading\n",
		    played, turns_played, cpu_play,
		    cpu_play > 0 ? played / cpu_play : 0,
		    cpu_play > 0 ? turns_played / cpu_play : 0, cpu0);
	if (want_stats)
		stats_table(stdout, &st, &r);
	else if (interrupted)
		stats_table(stderr, &st, &r);
	if (interrupted) {
		tool_warn("interrupted after %ld games", played);
		if (ret == TOOL_OK)
			ret = TOOL_NO;
	}
	if (statsfile != NULL && write_file(statsfile, &st, &r, 0) < 0)
		ret = TOOL_ERR;
	if (plot != NULL && write_file(plot, &st, &r, 1) < 0)
		ret = TOOL_ERR;
	game_destroy(g);
	/* Seat 0's robot lends its move generator: it goes last. */
	for (int i = (int)np - 1; i >= 0; i--)
		robot_destroy(pl[i].rb);
	klv_destroy(leaves);
	free(deflk);
	for (int i = 0; i < RULES_MAX_PLAYERS; i++)
		klv_destroy(seatklv[i]);
	lex_destroy(vocab);
	lex_destroy(lex);
	free(deflex);
	return tool_fshut(stdout, "<stdout>", ret);
}

/* --- leaves --- */

/* The ruleset's table of leaves, its values from the KLV file start
 * (NULL: all 0). */
static struct klv *
leaves_from(const struct rules *r, const char *start)
{
	struct klv *t, *k = NULL;
	struct err e;

	if (start != NULL && (k = klv_load(start, &e)) == NULL)
		die_file(start, &e);
	if ((t = leaves_table(r, k, &e)) == NULL)
		tool_die("%s", e.msg);
	klv_destroy(k);
	return t;
}

/* leaves_out: the table t, or (acc not NULL) one round's credits, to
 * path by way of a temporary file; the run dies if it cannot. */
static void
leaves_out(const char *path, const struct klv *t,
	const struct leaves_acc *acc, const char *rules_name)
{
	struct tool_atomic at;
	struct err e;
	FILE *fp;

	if ((fp = tool_atomic_open(&at, path)) == NULL)
		exit(TOOL_ERR);
	if ((acc != NULL ? leaves_acc_write(acc, rules_name, fp, &e) :
	    klv_write(t, fp, &e)) < 0) {
		tool_warnerr(path, &e);
		tool_atomic_abort(&at);
		exit(TOOL_ERR);
	}
	if (tool_atomic_commit(&at) < 0)
		exit(TOOL_ERR);
}

struct leaves_progress {
	int on;
	long total;
	int round, rounds;
};

static void
leaves_progress(long played, void *arg)
{
	struct leaves_progress *lp = arg;

	if (lp->on && (played % 1000 == 0 || played == lp->total))
		fprintf(stderr, "\rbagsim: round %d/%d: %ld/%ld games", lp->round,
		    lp->rounds, played, lp->total);
}

/* bagsim leaves merge: accumulators (bagsim leaves -a) of one round's
 * shards into the table they were played with. */
static int
cmd_leaves_merge(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "leaves", required_argument, NULL, 'k' },
		{ "out", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 }
	};
	const char *rname = NULL, *start = NULL, *out = NULL;
	struct rules r;
	struct klv *t;
	struct leaves_acc *a;
	struct err e;
	int c, i;
	long seen;

	optind = 1;
	while ((c = getopt_long(argc, argv, "r:k:o:", lo, NULL)) != -1)
		switch (c) {
		case 'r': rname = optarg; break;
		case 'k': start = optarg; break;
		case 'o': out = optarg; break;
		default: usage();
		}
	if (out == NULL || optind >= argc)
		usage();
	get_rules(&r, rname);
	t = leaves_from(&r, start);
	if ((a = leaves_acc_create(klv_count(t), &e)) == NULL)
		tool_die("%s", e.msg);
	for (i = optind; i < argc; i++) {
		FILE *fp = fopen(argv[i], "r");

		if (fp == NULL)
			tool_die("%s: %s", argv[i], strerror(errno));
		if (leaves_acc_read(a, r.name, fp, &e) < 0)
			tool_die("%s:%ld: %s", argv[i], e.line, e.msg);
		fclose(fp);
	}
	if ((seen = leaves_estimate(a, t, &e)) < 0)
		tool_die("%s", e.msg);
	leaves_out(out, t, NULL, NULL);
	fprintf(stderr, "bagsim: %ld games, %" PRIu64 " credits, %ld of %" PRIu32
	    " leaves credited: %s\n", a->games, a->samples, seen, klv_count(t), out);
	leaves_acc_destroy(a);
	klv_destroy(t);
	return TOOL_OK;
}

/* bagsim leaves: rounds of equity self-play, each re-estimating the
 * table (leaves.h); or one shard's credits (-x, -a) for merging. */
static int
cmd_leaves(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "lexicon", required_argument, NULL, 'l' },
		{ "games", required_argument, NULL, 'g' },
		{ "seed", required_argument, NULL, 's' },
		{ "leaves", required_argument, NULL, 'k' },
		{ "rounds", required_argument, NULL, 'R' },
		{ "shard", required_argument, NULL, 'x' },
		{ "acc", required_argument, NULL, 'a' },
		{ "out", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 }
	};
	const char *rname = NULL, *lexpath = NULL, *start = NULL, *out = NULL;
	const char *accpath = NULL;
	long games = 1000, rounds = 1, shard_k = 1, shard_n = 1, round;
	uint64_t seed = 1;
	int c, quiet = 0;
	struct rules r;
	struct lex *lex;
	struct klv *t;
	struct err e;
	char *deflex = NULL;

	if (argc > 1 && strcmp(argv[1], "merge") == 0)
		return cmd_leaves_merge(argc - 1, argv + 1);
	/* From the start: an interrupt while loading writes the table as
	 * it is. */
	{
		struct sigaction sa;

		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_sigint;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGINT, &sa, NULL);
	}
	optind = 1;
	while ((c = getopt_long(argc, argv, "r:l:g:s:k:R:x:a:o:q", lo, NULL)) != -1)
		switch (c) {
		case 'r': rname = optarg; break;
		case 'l': lexpath = optarg; break;
		case 'g':
			if (tool_parse_long(optarg, 1, LONG_MAX, &games) < 0)
				tool_die("bad number of games: %s", optarg);
			break;
		case 's': seed = parse_seed(optarg); break;
		case 'k': start = optarg; break;
		case 'R':
			if (tool_parse_long(optarg, 1, 1000, &rounds) < 0)
				tool_die("bad number of rounds: %s", optarg);
			break;
		case 'x':
			parse_shard(optarg, &shard_k, &shard_n);
			break;
		case 'a': accpath = optarg; break;
		case 'o': out = optarg; break;
		case 'q': quiet = 1; break;
		default: usage();
		}
	if (optind != argc || (out == NULL) == (accpath == NULL)) {
		tool_warn("give one of -o (the table) and -a (one round's credits)");
		usage();
	}
	if (accpath != NULL && rounds != 1)
		tool_die("-a writes one round's credits: -R must be 1");
	if (shard_n > 1 && accpath == NULL)
		tool_die("a shard (-x) writes its credits: give -a, then merge");
	get_rules(&r, rname);
	if (lexpath == NULL) {
		if ((deflex = tool_default_lexicon(&r)) == NULL)
			tool_die("no lexicon for ruleset %s: give -l", r.name);
		lexpath = deflex;
	}
	if ((lex = lex_load(lexpath, &r, &e)) == NULL)
		die_file(lexpath, &e);
	if (!rules_same_alphabet(&r, lex_rules_name(lex)))
		tool_die("%s: lexicon for ruleset %s, not %s", lexpath,
		    lex_rules_name(lex), r.name);
	t = leaves_from(&r, start);
	for (round = 1; round <= rounds && !interrupted; round++) {
		struct leaves_acc *a = leaves_acc_create(klv_count(t), &e);
		struct leaves_progress lp;
		long seen = 0;

		if (a == NULL)
			tool_die("%s", e.msg);
		lp.on = !quiet && isatty(STDERR_FILENO);
		lp.total = (games - shard_k + shard_n) / shard_n;
		lp.round = (int)round;
		lp.rounds = (int)rounds;
		/* Round r plays the games of seed + r - 1. */
		if (leaves_play(a, &r, lex, t, seed + (uint64_t)round - 1, games,
		    shard_k, shard_n, &interrupted, leaves_progress, &lp, &e) < 0)
			tool_die("%s", e.msg);
		if (accpath != NULL)
			leaves_out(accpath, NULL, a, r.name);
		else if ((seen = leaves_estimate(a, t, &e)) < 0)
			tool_die("%s", e.msg);
		if (!quiet)
			fprintf(stderr, "%sbagsim: round %ld/%ld: %ld games, %" PRIu64
			    " credits (mean %.3f), %ld of %" PRIu32 " leaves "
			    "credited%s\n", lp.on ? "\r" : "", round, rounds, a->games,
			    a->samples, leaves_acc_mean(a), seen, klv_count(t),
			    interrupted ? " (interrupted)" : "");
		leaves_acc_destroy(a);
	}
	if (out != NULL)
		leaves_out(out, t, NULL, NULL);
	klv_destroy(t);
	lex_destroy(lex);
	free(deflex);
	return TOOL_OK;
}

int
main(int argc, char **argv)
{
	const char *cmd;

	tool_init(argv[0]);
	if (argc < 2)
		usage();
	cmd = argv[1];
	if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0)
		help();
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-v") == 0)
		tool_version();
	argc--;
	argv++;
	if (strcmp(cmd, "draw") == 0)
		return cmd_draw(argc, argv);
	if (strcmp(cmd, "play") == 0)
		return cmd_play(argc, argv);
	if (strcmp(cmd, "merge") == 0)
		return cmd_merge(argc, argv);
	if (strcmp(cmd, "leaves") == 0)
		return cmd_leaves(argc, argv);
	tool_warn("unknown command: %s", cmd);
	usage();
}
