/* tool_winpct.c — bagsim winpct; see tool_winpct.h and bagsim(1). */
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "klv.h"
#include "lex.h"
#include "rng.h"
#include "rules.h"
#include "selfplay.h"
#include "tool.h"
#include "tool_opt.h"
#include "tool_winpct.h"
#include "winpct.h"

#define SYN_LEARN "bagsim winpct -r RULESET [-l FILE] [-k FILE] [-g N] [-s N]\n" \
	"              [-x K/N] [--magpie] [-q] -o FILE\n"
#define SYN_MERGE "bagsim winpct merge [-r RULESET] [--magpie] -o FILE TABLE ...\n"
#define SYN_SHOW "bagsim winpct show [-r RULESET] [--leads LEAD,...] [TABLE]\n"
#define SYNOPSIS "usage: " SYN_LEARN "       " SYN_MERGE "       " SYN_SHOW

#define MAX_LEADS 64

/* The commands, a bit each, and the options each takes; the letters and
 * long names follow ordverk(7). */
enum { LEARN = 1, MERGE = 2, SHOW = 4, ALL = LEARN | MERGE | SHOW };
enum { O_MAGPIE = TOOL_OPT_LONG, O_LEADS };
static const struct tool_opt options[] = {
	{ 'r', "rules", "RULESET", "the ruleset", LEARN },
	{ 'r', "rules", "RULESET", "the ruleset the tables are for", MERGE | SHOW },
	{ 'l', "lexicon", "FILE", "the lexicon (default: the ruleset's)", LEARN },
	{ 'k', "leaves", "FILE", "the robots' leave table (default: the ruleset's)", LEARN },
	{ 'g', "games", "N", "play N games of equity self-play (default 1000)", LEARN },
	{ 's', "seed", "N", "the seed of the games (default 1)", LEARN },
	{ 'x', "shard", "K/N", "play only shard K of N of the games", LEARN },
	{ 'o', "output", "FILE", "write the table to FILE", LEARN | MERGE },
	{ O_MAGPIE, "magpie", NULL, "read and write MAGPIE's winpct.csv layout", LEARN | MERGE },
	{ O_LEADS, "leads", "LEAD,...", "the leads to show (default a few)", SHOW },
	{ 'q', "quiet", NULL, "no progress on standard error", LEARN },
	{ 'h', "help", NULL, "print this help and exit", ALL },
	{ 'V', "version", NULL, "print the version and exit", ALL },
};

struct opts {
	const char *rules, *lexicon, *leaves, *output, *leads;
	long games, shard_k, shard_n;
	uint64_t seed;
	int magpie, quiet;
};

static void
parse_opts(int argc, char **argv, struct opts *o, unsigned cmd)
{
	static char usage_line[256];
	struct tool_getopt g;
	struct err e;
	int c;

	snprintf(usage_line, sizeof usage_line, "usage: %s", cmd == LEARN ?
	    SYN_LEARN : cmd == MERGE ? SYN_MERGE : SYN_SHOW);
	tool_getopt_init(&g, options, sizeof options / sizeof options[0], cmd,
	    usage_line, cmd == LEARN ? "Also: bagsim winpct merge --help, "
	    "bagsim winpct show --help.\n" : NULL);
	while ((c = tool_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 'g':
			if (tool_parse_long(optarg, 1, LONG_MAX, &o->games) < 0)
				tool_die("bad number of games: %s", optarg);
			break;
		case O_LEADS: o->leads = optarg; break;
		case 'k': o->leaves = optarg; break;
		case 'l': o->lexicon = optarg; break;
		case O_MAGPIE: o->magpie = 1; break;
		case 'o': o->output = optarg; break;
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
		default: tool_getopt_usage(&g);
		}
	}
}

static void
get_rules(struct rules *r, const char *name)
{
	struct err e;

	if (rules_get(r, name, &e) < 0)
		tool_die("%s: %s", name, e.msg);
}

/* base_name: path's last component. */
static const char *
base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s != NULL ? s + 1 : path;
}

/* write_table: t to path by way of a temporary file, in MAGPIE's layout
 * or ordverk's.  Returns 0, or -1 after a message. */
static int
write_table(const char *path, const struct winpct *t, int magpie)
{
	struct tool_atomic a;
	struct err e;
	FILE *fp = tool_atomic_open(&a, path);

	if (fp == NULL)
		return -1;
	return tool_atomic_finish(&a, magpie ? winpct_write_magpie(t, fp, &e) :
	    winpct_write(t, fp, &e), &e);
}

static void
progress(long played, void *arg)
{
	const struct opts *o = arg;
	long total = selfplay_shard_games(o->games, o->shard_k, o->shard_n);

	if (played % 1000 == 0 || played == total)
		fprintf(stderr, "\rbagsim: %ld of %ld games", played, total);
}

/* bagsim winpct: one run (or shard) of equity self-play into a table. */
static int
cmd_learn(int argc, char **argv)
{
	struct opts o = { .games = 1000, .shard_k = 1, .shard_n = 1 };
	struct rules r;
	struct lex *lex;
	struct klv *leaves = NULL;
	struct winpct *t;
	volatile sig_atomic_t *interrupted;
	char *deflex = NULL, *deflk = NULL;
	const char *lkpath;
	uint32_t lksum = 0;
	struct err e;
	int rc, show;

	parse_opts(argc, argv, &o, LEARN);
	if (optind != argc || o.output == NULL || o.rules == NULL) {
		tool_warn("give --rules and --output");
		tool_usage(SYNOPSIS);
	}
	get_rules(&r, o.rules);
	if (o.lexicon == NULL &&
	    (o.lexicon = deflex = tool_default_lexicon(&r)) == NULL)
		tool_die("no default lexicon for %s; give one with --lexicon",
		    r.name);
	/* Without --leaves the ruleset's own table, as bagsim play's equity
	 * robots take it. */
	lkpath = o.leaves != NULL ? o.leaves : (deflk = tool_default_leaves(&r));
	if ((lex = lex_load_for(o.lexicon, &r, &e)) == NULL)
		tool_die("%s", e.msg);
	if (lkpath != NULL) {
		size_t len;
		unsigned char *buf = tool_read_all(lkpath, (size_t)1 << 30,
		    "a leave table", &len);

		if (buf == NULL)
			exit(TOOL_ERR);
		lksum = (uint32_t)crc32(crc32(0L, Z_NULL, 0), buf, (uInt)len);
		free(buf);
		/* Read again by klv_load, which renumbers another engine's
		 * tiles (a Norwegian table) to the ruleset's. */
		if ((leaves = klv_load(lkpath, &r, &e)) == NULL)
			tool_die("%s: %s", lkpath, e.msg);
	}
	if ((t = winpct_create(&r, base_name(o.lexicon), lex_checksum(lex),
	    lkpath != NULL ? base_name(lkpath) : "-", lksum, &e)) == NULL)
		tool_die("%s", e.msg);
	interrupted = tool_catch_sigint();
	show = !o.quiet && isatty(STDERR_FILENO);
	rc = winpct_learn(t, &r, lex, leaves, o.seed, o.games, o.shard_k,
	    o.shard_n, interrupted, show ? progress : NULL, &o, &e);
	if (show)
		fprintf(stderr, "\r%40s\r", "");
	if (rc < 0)
		tool_die("%s", e.msg);
	if (rc > 0) {
		tool_warn("interrupted after %" PRIu64 " games: %s not written",
		    winpct_games(t), o.output);
		rc = TOOL_NO;
	} else {
		rc = write_table(o.output, t, o.magpie) < 0 ? TOOL_ERR : TOOL_OK;
		if (rc == TOOL_OK && !o.quiet)
			fprintf(stderr, "bagsim: %" PRIu64 " games, %" PRIu64
			    " positions: %s\n", winpct_games(t), winpct_positions(t),
			    o.output);
	}
	winpct_destroy(t);
	klv_destroy(leaves);
	lex_destroy(lex);
	free(deflk);
	free(deflex);
	return rc;
}

/* load: the table at path (for ruleset name, NULL: any), or exit. */
static struct winpct *
load(const char *path, const char *rules_name)
{
	struct rules r;
	struct winpct *t;
	struct err e;

	if (rules_name != NULL)
		get_rules(&r, rules_name);
	if ((t = winpct_load(path, rules_name != NULL ? &r : NULL, &e)) == NULL) {
		tool_warnerr(path, &e);
		exit(TOOL_ERR);
	}
	return t;
}

/* bagsim winpct merge: tables added up; one table alone is copied, so
 * that MAGPIE's layout goes through it unchanged. */
static int
cmd_merge(int argc, char **argv)
{
	struct opts o = { 0 };
	struct winpct *t;
	struct err e;
	int rc;

	parse_opts(argc, argv, &o, MERGE);
	if (optind >= argc || o.output == NULL) {
		tool_warn("give --output and the tables");
		tool_usage(SYNOPSIS);
	}
	t = load(argv[optind], o.rules);
	for (int i = optind + 1; i < argc; i++) {
		struct winpct *u = load(argv[i], o.rules);

		if (winpct_merge(t, u, &e) < 0) {
			tool_warnerr(argv[i], &e);
			exit(TOOL_ERR);
		}
		winpct_destroy(u);
	}
	rc = write_table(o.output, t, o.magpie) < 0 ? TOOL_ERR : TOOL_OK;
	winpct_destroy(t);
	return rc;
}

/* bagsim winpct show: the win chance (winpct_get) of some leads, a row
 * per count of tiles unseen. */
static int
cmd_show(int argc, char **argv)
{
	struct opts o = { .leads = "-100,-50,-25,-10,0,10,25,50,100" };
	long leads[MAX_LEADS];
	int nleads = 0;
	struct winpct *t;
	char *path = NULL;
	const char *s;

	parse_opts(argc, argv, &o, SHOW);
	if (argc - optind > 1)
		tool_usage(SYNOPSIS);
	for (s = o.leads; *s != '\0';) {
		char buf[32];
		size_t n = strcspn(s, ",");

		if (n == 0 || n >= sizeof buf || nleads == MAX_LEADS)
			tool_die("bad --leads: %s", o.leads);
		memcpy(buf, s, n);
		buf[n] = '\0';
		if (tool_parse_long(buf, -100000, 100000, &leads[nleads++]) < 0)
			tool_die("bad lead: %s", buf);
		s += n + (s[n] == ',');
	}
	if (optind < argc)
		path = tool_xstrdup(argv[optind]);
	else {
		struct rules r;

		if (o.rules == NULL) {
			tool_warn("give a table, or --rules for the ruleset's own");
			tool_usage(SYNOPSIS);
		}
		get_rules(&r, o.rules);
		if ((path = tool_default_winpct(&r)) == NULL)
			tool_die("no win table for %s", r.name);
	}
	t = load(path, o.rules);
	printf("#unseen\tpositions");
	for (int i = 0; i < nleads; i++)
		printf("\t%+ld", leads[i]);
	putchar('\n');
	for (int u = 1; u <= winpct_rows(t); u++) {
		printf("%d\t%" PRIu64, u, winpct_row_positions(t, u));
		for (int i = 0; i < nleads; i++)
			printf("\t%.4f", winpct_get(t, (int)leads[i], u));
		putchar('\n');
	}
	winpct_destroy(t);
	free(path);
	return tool_fshut(stdout, "<stdout>", TOOL_OK);
}

int
tool_winpct(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "merge") == 0)
		return cmd_merge(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "show") == 0)
		return cmd_show(argc - 1, argv + 1);
	return cmd_learn(argc, argv);
}
