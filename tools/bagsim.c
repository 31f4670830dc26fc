/* bagsim — deal racks and play robot self-play games for bag studies.
 * See man/bagsim.1.  The games are common/selfplay.c's, their statistics
 * common/stats.c's, the learning of leaves common/leaves.c's; this file is
 * options, files and output. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "bag.h"
#include "game.h"
#include "klv.h"
#include "leaves.h"
#include "lex.h"
#include "rng.h"
#include "robot.h"
#include "rules.h"
#include "selfplay.h"
#include "stats.h"
#include "tool.h"
#include "tool_bagsim.h"
#include "tool_stats.h"
#include "tool_winpct.h"

static void
get_rules(struct rules *r, const char *name)
{
	struct err e;

	if (name == NULL) {
		tool_warn("a ruleset is needed (-r)");
		tool_bagsim_usage();
	}
	if (rules_get(r, name, &e) < 0)
		tool_die("%s: %s", name, e.msg);
}

static int
cmd_draw(int argc, char **argv)
{
	struct bagsim_opts o = { .count = 1, .tiles = -1 };
	struct rules r;
	struct bag full;
	struct err e;
	char out[RULES_MAX_TILES * 16 + BAG_MAX * 8];

	tool_bagsim_opts(argc, argv, BAGSIM_DRAW, &o);
	if (optind != argc)
		tool_bagsim_usage();
	get_rules(&r, o.rules);
	if (bag_init(&full, &r, &e) < 0)
		tool_die("%s", e.msg);
	if (o.tiles < 0)
		o.tiles = r.rack_size;
	if (o.tiles > full.n)
		tool_die("--tiles %ld: the %s bag has only %d tiles", o.tiles, r.name,
		    full.n);
	for (long k = 0; k < o.count && !ferror(stdout); k++) {
		uint8_t rack[RULES_MAX_TILES];

		bag_deal(&full, o.seed, (uint64_t)k, (int)o.tiles, rack);
		if (game_format_rack(&r, rack, out, sizeof out) < 0)
			tool_die("rack too long");
		puts(out);
	}
	return tool_fshut(stdout, "<stdout>", TOOL_OK);
}

/* bagsim merge: the files of one ruleset merged, or of two side by
 * side. */
static int
cmd_merge(int argc, char **argv)
{
	struct bagsim_opts o = { 0 };
	struct stats_sets m;
	int ret = TOOL_OK;

	tool_bagsim_opts(argc, argv, BAGSIM_MERGE, &o);
	if (optind == argc)
		tool_bagsim_usage();
	if (tool_stats_load(&m, argv + optind, argc - optind) < 0)
		return TOOL_ERR;
	stats_sets_table(stdout, &m);
	if (o.plot != NULL && tool_stats_write(o.plot, &m, 1) < 0)
		ret = TOOL_ERR;
	return tool_fshut(stdout, "<stdout>", ret);
}

/* write_gcg: game k of the run of seed base as dir/game-NNNNNN.gcg. */
static int
write_gcg(const char *dir, long k, uint64_t base, const struct selfplay *sp)
{
	char path[4096], note[128];
	struct tool_atomic a;
	struct err e;
	FILE *fp;

	if ((size_t)snprintf(path, sizeof path, "%s/game-%06ld.gcg", dir, k) >=
	    sizeof path) {
		tool_warn("%s: directory name too long", dir);
		return -1;
	}
	snprintf(note, sizeof note, "bagsim seed %" PRIu64 " game %ld", base, k);
	if ((fp = tool_atomic_open(&a, path)) == NULL)
		return -1;
	return tool_atomic_finish(&a, selfplay_gcg(sp, fp, note, &e), &e);
}

static int
cmd_play(int argc, char **argv)
{
	struct bagsim_opts o = { .games = 1, .players = 2, .shard_k = 1, .shard_n = 1 };
	struct selfplay *sp;
	struct rules r;
	struct selfplay_run run;
	struct err e;
	char *deflex = NULL, *deflk = NULL, *defwp = NULL;
	volatile sig_atomic_t *interrupted;
	int ret = TOOL_OK, progress, rc = 0;
	long turns;
	double t0, last, cpu0, cpu_play;

	tool_bagsim_opts(argc, argv, BAGSIM_PLAY, &o);
	if (optind != argc)
		tool_bagsim_usage();
	get_rules(&r, o.rules);
	if (o.f.lexicon == NULL &&
	    (o.f.lexicon = deflex = tool_default_lexicon(&r)) == NULL)
		tool_die("no default lexicon for %s; give one with -l", r.name);
	/* Without -k, equity robots take the ruleset's own table, NAME.klv2
	 * beside its default lexicon, where there is one; --leavesN is seat
	 * N's own table. */
	if (o.f.leaves == NULL)
		o.f.default_leaves = deflk = tool_default_leaves(&r);
	/* Likewise sim robots the ruleset's win table; none: the stand-in. */
	if (o.winpct == NULL)
		o.f.default_winpct = defwp = tool_default_winpct(&r);
	else if (strcmp(o.winpct, "none") != 0)
		o.f.winpct = o.winpct;
	o.f.players = (int)o.players;
	if (o.checkpoint > 0 && o.out == NULL)
		tool_die("--checkpoint writes the statistics file: give -o FILE");
	if ((sp = selfplay_open(&r, &o.f, &e)) == NULL)
		tool_die("%s", e.msg);
	if (o.gcgdir != NULL && mkdir(o.gcgdir, 0777) < 0 && errno != EEXIST)
		tool_die("%s:", o.gcgdir);
	selfplay_run_start(&run, sp, o.seed, o.games, o.shard_k, o.shard_n);
	interrupted = tool_catch_sigint();
	progress = !o.quiet && isatty(STDERR_FILENO);
	t0 = last = tool_seconds(CLOCK_MONOTONIC);
	/* CPU seconds, so that --time does not count other work. */
	cpu0 = tool_seconds(CLOCK_PROCESS_CPUTIME_ID);
	if (!o.stats)
		selfplay_header(stdout, o.f.players);
	while (!*interrupted && (rc = selfplay_run_next(sp, &run, &e)) > 0) {
		if (!o.stats)
			selfplay_line(sp, run.k, stdout);
		if (o.gcgdir != NULL &&
		    write_gcg(o.gcgdir, run.k, o.seed, sp) < 0) {
			ret = TOOL_ERR;
			break;
		}
		if (ferror(stdout))
			break;
		/* So that a killed run (SIGKILL) loses at most N games. */
		if (o.checkpoint > 0 && run.played % o.checkpoint == 0 &&
		    tool_stats_write(o.out, &run.stats, 0) < 0) {
			ret = TOOL_ERR;
			break;
		}
		if (progress && (run.played & 15) == 0 &&
		    tool_seconds(CLOCK_MONOTONIC) - last > 0.5) {
			last = tool_seconds(CLOCK_MONOTONIC);
			fprintf(stderr, "\rbagsim: %ld of %ld games, %.0f games/s ",
			    run.played, run.total, run.played / (last - t0));
		}
	}
	if (rc < 0)
		tool_die("%s", e.msg);
	cpu_play = tool_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
	turns = (long)run.stats.set[0].st[STATS_TURNS].sum;
	if (progress)
		fprintf(stderr, "\r%40s\r", "");
	if (o.time)
		fprintf(stderr, "bagsim: %ld games, %ld turns in %.3f CPU s "
		    "(%.0f games/s, %.0f turns/s) after %.3f CPU s loading\n",
		    run.played, turns, cpu_play,
		    cpu_play > 0 ? run.played / cpu_play : 0,
		    cpu_play > 0 ? turns / cpu_play : 0, cpu0);
	if (o.stats || *interrupted)
		stats_table(o.stats ? stdout : stderr, &run.stats.set[0], &r);
	if (*interrupted) {
		tool_warn("interrupted after %ld games", run.played);
		if (ret == TOOL_OK)
			ret = TOOL_NO;
	}
	if (o.out != NULL && tool_stats_write(o.out, &run.stats, 0) < 0)
		ret = TOOL_ERR;
	if (o.plot != NULL && tool_stats_write(o.plot, &run.stats, 1) < 0)
		ret = TOOL_ERR;
	selfplay_destroy(sp);
	free(deflk);
	free(defwp);
	free(deflex);
	return tool_fshut(stdout, "<stdout>", ret);
}

/* leaves_out: the table t, or (acc not NULL) one round's credits, to
 * path by way of a temporary file; the run dies if it cannot. */
static void
leaves_out(const char *path, const struct klv *t,
	const struct leaves_acc *acc, const struct rules *r)
{
	struct tool_atomic at;
	struct err e;
	FILE *fp;

	if ((fp = tool_atomic_open(&at, path)) == NULL ||
	    tool_atomic_finish(&at, acc != NULL ? leaves_acc_write(acc,
	    r->name, fp, &e) : klv_write(t, r, fp, &e), &e) < 0)
		exit(TOOL_ERR);
}

/* leaves_progress: a round's games so far (struct leaves_learn), arg
 * the options. */
static void
leaves_progress(long round, long played, long total, void *arg)
{
	const struct bagsim_opts *o = arg;

	if (played % 1000 == 0 || played == total)
		fprintf(stderr, "\rbagsim: round %ld/%ld: %ld/%ld games", round,
		    o->rounds, played, total);
}

/* bagsim leaves merge: accumulators (bagsim leaves -a) of one round's
 * shards into the table they were played with. */
static int
cmd_leaves_merge(int argc, char **argv)
{
	struct bagsim_opts o = { 0 };
	struct rules r;
	struct klv *t;
	struct leaves_acc *a;
	struct err e;
	long seen;

	tool_bagsim_opts(argc, argv, BAGSIM_LMERGE, &o);
	if (o.out == NULL || optind >= argc)
		tool_bagsim_usage();
	get_rules(&r, o.rules);
	if ((t = leaves_table_load(&r, o.f.leaves, &e)) == NULL ||
	    (a = leaves_acc_create(klv_count(t), &e)) == NULL)
		tool_die("%s", e.msg);
	for (int i = optind; i < argc; i++)
		if (leaves_acc_load(a, r.name, argv[i], &e) < 0) {
			tool_warnerr(argv[i], &e);
			exit(TOOL_ERR);
		}
	if ((seen = leaves_estimate(a, t, &e)) < 0)
		tool_die("%s", e.msg);
	leaves_out(o.out, t, NULL, &r);
	fprintf(stderr, "bagsim: %ld games, %" PRIu64 " credits, %ld of %" PRIu32
	    " leaves credited: %s\n", a->games, a->samples, seen, klv_count(t),
	    o.out);
	leaves_acc_destroy(a);
	klv_destroy(t);
	return TOOL_OK;
}

/* bagsim leaves: rounds of equity self-play, each re-estimating the
 * table (leaves.h); or one shard's credits (-x, -a) for merging. */
static int
cmd_leaves(int argc, char **argv)
{
	struct bagsim_opts o = { .games = 1000, .min_games = 1, .seed = 1, .rounds = 1,
	    .shard_k = 1, .shard_n = 1 };
	struct rules r;
	struct lex *lex;
	struct klv *t;
	struct leaves_learn l;
	volatile sig_atomic_t *interrupted;
	int progress;
	struct err e;
	char *deflex = NULL;

	if (argc > 1 && strcmp(argv[1], "merge") == 0)
		return cmd_leaves_merge(argc - 1, argv + 1);
	/* From the start: an interrupt while loading writes the table as
	 * it is. */
	interrupted = tool_catch_sigint();
	tool_bagsim_opts(argc, argv, BAGSIM_LEAVES, &o);
	if (optind != argc || (o.out == NULL) == (o.acc == NULL)) {
		tool_warn("give one of -o (the table) and -a (one round's credits)");
		tool_bagsim_usage();
	}
	if (o.acc != NULL && o.rounds != 1)
		tool_die("-a writes one round's credits: -R must be 1");
	if (o.shard_n > 1 && o.acc == NULL)
		tool_die("a shard (-x) writes its credits: give -a, then merge");
	get_rules(&r, o.rules);
	if (o.f.lexicon == NULL &&
	    (o.f.lexicon = deflex = tool_default_lexicon(&r)) == NULL)
		tool_die("no lexicon for ruleset %s: give -l", r.name);
	if ((lex = lex_load_for(o.f.lexicon, &r, &e)) == NULL ||
	    (t = leaves_table_load(&r, o.f.leaves, &e)) == NULL)
		tool_die("%s", e.msg);
	progress = !o.quiet && isatty(STDERR_FILENO);
	l = (struct leaves_learn){ &r, lex, t, o.seed, o.games, o.shard_k,
	    o.shard_n, interrupted, progress ? leaves_progress : NULL, &o };
	for (long round = 1; round <= o.rounds && !*interrupted; round++) {
		struct leaves_acc *a;
		long seen;

		if ((a = leaves_round(&l, round, o.acc == NULL, &seen, &e)) == NULL)
			tool_die("%s", e.msg);
		if (o.acc != NULL)
			leaves_out(o.acc, NULL, a, &r);
		if (!o.quiet)
			fprintf(stderr, "%sbagsim: round %ld/%ld: %ld games, %" PRIu64
			    " credits (mean %.3f), %ld of %" PRIu32 " leaves "
			    "credited%s\n", progress ? "\r" : "", round, o.rounds,
			    a->games, a->samples, leaves_acc_mean(a), seen,
			    klv_count(t), *interrupted ? " (interrupted)" : "");
		leaves_acc_destroy(a);
	}
	if (o.out != NULL)
		leaves_out(o.out, t, NULL, &r);
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
		tool_bagsim_usage();
	cmd = argv[1];
	if (cmd[0] == '-')
		tool_bagsim_main(argv);
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
	if (strcmp(cmd, "winpct") == 0)
		return tool_winpct(argc, argv);
	tool_warn("unknown command: %s", cmd);
	tool_bagsim_usage();
}
