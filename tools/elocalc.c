/* elocalc — Elo ratings by Netskrafl's rules from game results.
 * See man/elocalc.1; the rules are in common/elo.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "elo.h"
#include "gcg.h"
#include "tool.h"
#include "tool_opt.h"

#define SYNOPSIS \
	"usage: elocalc [-AbG] [-a TIME] [-L all|human|manual] [--robots FILE]\n" \
	"               [--state FILE] [--names] [FILE ...]\n" \
	"       elocalc expect [-12] RATING1 RATING2\n"

/* The letters and long names follow ordverk(7); the entries without help
 * are old names, kept working. */
enum { RATE = 1, EXPECT = 2 };
enum { O_NAMES = TOOL_OPT_LONG, O_ROBOTS, O_STATE };
static const struct tool_opt options[] = {
	{ 'b', "bagsim", NULL, "the input is bagsim play's game lines", RATE },
	{ 'G', "gcg", NULL, "the input is GCG game files", RATE },
	{ 'a', "at", "TIME", "rate only games finished at or before TIME", RATE },
	{ 'L', "ranking", "KIND", "the ranking printed: all (default), human, manual", RATE },
	{ 'A', "audit", NULL, "one line a rated game instead of the table", RATE },
	{ O_NAMES, "names", NULL, "with -G: rate players by full name, not nick", RATE },
	{ O_ROBOTS, "robots", "FILE", "the players named in FILE are robots", RATE },
	{ O_STATE, "state", "FILE", "start from the ratings in FILE, and save them there", RATE },
	{ '1', "beginner1", NULL, "player 1 is a beginner", EXPECT },
	{ '2', "beginner2", NULL, "player 2 is a beginner", EXPECT },
	{ 'h', "help", NULL, "print this help and exit", RATE | EXPECT },
	{ 'V', "version", NULL, "print the version and exit", RATE | EXPECT },
	{ 'A', "games", NULL, NULL, RATE },
	{ 'L', "list", "KIND", NULL, RATE },
};
#define NOPTIONS (sizeof options / sizeof options[0])

/* Lines longer than this are reported and skipped. */
#define LINE_MAX_BYTES 65536

enum mode { MODE_RESULTS, MODE_BAGSIM, MODE_GCG };

static void usage(void) __attribute__((noreturn));

static void
usage(void)
{
	tool_usage(SYNOPSIS);
}

/* --- The run --- */

struct run {
	struct elo_table *t;
	struct elo_table *robots;   /* --robots names, or NULL */
	int list;
	int games_out;
	int full_names;             /* GCG: rate by full name, not nick */
	struct elo_window w;        /* --at, and what the state rated */
	int bad;                    /* a bad line was seen */
	long nbad;                  /* bad lines in the current file */
	int fatal;                  /* an unreadable input */
	char tbuf[40];
};

/* Bad lines shown per file; a binary file would otherwise flood stderr. */
#define BAD_SHOWN 100

/* bad: reports a bad line (the first BAD_SHOWN of a file) and remembers
 * that the run saw one. */
static void bad(struct run *R, const char *file, long line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void
bad(struct run *R, const char *file, long line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	R->bad = 1;
	if (++R->nbad > BAD_SHOWN) {
		if (R->nbad == BAD_SHOWN + 1)
			tool_warnfl(file, line, "more bad lines: skipped without a "
				"message from here on");
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	tool_warnfl(file, line, "%s", msg);
}

/* rate: one game, reported at file:line when it cannot be rated. */
static void
rate(struct run *R, const char *file, long line, const struct elo_result *res)
{
	struct elo_outcome o;
	struct err e;
	size_t i[2];
	int rc = elo_rate(R->t, R->robots, &R->w, res, i, &o, &e);

	if (rc < 0)
		bad(R, file, line, "%s", e.msg);
	else if (rc > 0 && R->games_out && o.counted[R->list]) {
		char buf[ELO_GAME_LINE_MAX];
		fwrite(buf, 1, elo_format_game(R->t, i[0], i[1], res->time,
			res->score[0], res->score[1], &o, R->list, buf), stdout);
	}
}

/* Results lines (SPEC §2.4), or with bagsim the game lines of bagsim play. */
/* input_mismatch: a first line that says the file is of another kind
 * than the mode reads gets one hint, and the file is not read. */
static int
input_mismatch(const char *name, const char *line, size_t len, int bagsim)
{
	enum tool_input k = tool_input_kind(line, len);

	if (k == TOOL_INPUT_GCG)
		tool_warnfl(name, 1, "this is a GCG game record: give --gcg "
		    "(-G) to rate game records");
	else if (k == TOOL_INPUT_GAMES && !bagsim)
		tool_warnfl(name, 1, "this is the games table of bagsim play: "
		    "give --bagsim (-b)");
	return k == TOOL_INPUT_GCG || (k == TOOL_INPUT_GAMES && !bagsim);
}

static void
do_lines(struct run *R, struct tool_fdlines *in, int bagsim)
{
	struct elo_result res;
	struct err e;
	char *line;
	long n;
	int rc;

	while ((n = tool_fdline(in, &line)) != -1) {
		if (n == -2) {
			tool_warn("%s: read error:", in->name);
			R->fatal = 1;
			return;
		}
		if (n == -3) {
			bad(R, in->name, in->lineno, "line longer than %d bytes",
				LINE_MAX_BYTES);
			continue;
		}
		if (in->lineno == 1 && input_mismatch(in->name, line,
		    (size_t)n, bagsim)) {
			R->fatal = 1;
			return;
		}
		rc = bagsim ? elo_parse_bagsim(line, (size_t)n, &res, &e) :
			elo_parse_result(line, (size_t)n, &res, &e);
		if (rc < 0)
			bad(R, in->name, in->lineno, "%s", e.msg);
		if (rc <= 0)
			continue;
		rate(R, in->name, in->lineno, &res);
	}
}

/* --- GCG: players and final totals (gcg_read_light) --- */

_Static_assert(GCG_LIGHT_NAME_MAX == ELO_NAME_MAX, "GCG names are player names");
_Static_assert(GCG_LIGHT_TOTAL_MAX == ELO_SCORE_MAX, "GCG totals are scores");

/* Nicks must be player names; full names too when they are rated. */
static int
name_ok(void *arg, int full, const char *name, size_t len, struct err *e)
{
	const struct run *R = arg;

	if (full && !R->full_names)
		return 0;
	return elo_name_check(name, len, e);
}

static void
rate_gcg(struct run *R, struct gcg_light *g, const char *file)
{
	struct gcg_light_player *pl = g->player;
	struct elo_result res;
	int p;

	for (p = 0; p < 2; p++) {
		/* By full name with --names; a player without one by nick. */
		int full = R->full_names && pl[p].name_len > 0;
		res.name[p] = full ? pl[p].name : pl[p].nick;
		res.len[p] = full ? pl[p].name_len : pl[p].nick_len;
		res.score[p] = pl[p].total;
	}
	if (res.len[0] == res.len[1] &&
	    memcmp(res.name[0], res.name[1], res.len[0]) == 0) {
		bad(R, file, g->first_line, "both players are called %s",
			res.name[0]);
		return;
	}
	res.time = ELO_TIME_NONE;
	res.flags = (pl[0].robot ? ELO_FLAG_ROBOT1 : 0) |
		(pl[1].robot ? ELO_FLAG_ROBOT2 : 0);
	rate(R, file, g->first_line, &res);
}

static void
do_gcg(struct run *R, FILE *fp, const char *name)
{
	struct gcg_reader *rd;
	struct gcg_light g;
	struct err e;
	int rc;

	if ((rd = gcg_reader_open(fp, name, NULL, &e)) == NULL)
		tool_die("%s", e.msg);
	while ((rc = gcg_read_light(rd, &g, name_ok, R, &e)) != 0) {
		if (rc == 1)
			rate_gcg(R, &g, name);
		else if (gcg_reader_io_error(rd)) {
			tool_warnerr(name, &e);
			R->fatal = 1;
		} else
			bad(R, name, e.line, "%s", e.msg);
	}
	gcg_reader_close(rd);
}

/* --- Robots list --- */

static struct elo_table *
read_robots(const char *path)
{
	struct elo_table *set;
	struct err e;
	struct tool_fdlines in;
	char *line;
	long n;
	int fd, bad = 0;

	if ((fd = open(path, O_RDONLY)) < 0)
		tool_die("%s:", path);
	if ((set = elo_create(&e)) == NULL)
		tool_die("%s", e.msg);
	tool_fdlines_init(&in, fd, path, LINE_MAX_BYTES);
	while ((n = tool_fdline(&in, &line)) != -1) {
		if (n == -2)
			tool_die("%s: read error:", path);
		if (n == -3) {
			tool_warnfl(path, in.lineno, "line too long");
			bad = 1;
			continue;
		}
		if (n == 0 || line[0] == '#')
			continue;
		if (elo_name_check(line, (size_t)n, &e) != 0 ||
		    elo_add(set, line, (size_t)n, 1, &e) < 0) {
			tool_warnfl(path, in.lineno, "%s", e.msg);
			bad = 1;
		}
	}
	tool_fdlines_free(&in);
	close(fd);
	if (bad)
		exit(TOOL_ERR);
	return set;
}

/* --- Output --- */

static int
print_table(const struct elo_table *t, int list)
{
	uint32_t *idx = tool_xmalloc((elo_count(t) + 1) * sizeof *idx);
	struct err e;
	long n, i;

	if ((n = elo_ranking(t, list, idx, &e)) < 0)
		tool_die("%s", e.msg);
	for (i = 0; i < n; i++) {
		const struct elo_rec *r = elo_rec_const(t, list, idx[i]);
		printf("%ld\t%s\t%ld\t%lu\t%lu\t%lu\t%lu\n", i + 1,
			elo_name(t, idx[i]), (long)r->rating, (unsigned long)r->games,
			(unsigned long)r->wins, (unsigned long)r->losses,
			(unsigned long)r->draws);
	}
	free(idx);
	return 0;
}

/* --- elocalc expect --- */

static int
expect_main(int argc, char **argv)
{
	int est[2] = { 1, 1 }, c, p, o;
	struct tool_getopt g;
	long r[2];
	double ex[2];

	tool_getopt_init(&g, options, NOPTIONS, EXPECT,
	    "usage: elocalc expect [-12] RATING1 RATING2\n",
	    "Player 1's and player 2's expected score and the rating changes "
	    "of a win, a\ndraw and a loss.\n");
	while ((c = tool_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case '1':
			est[0] = 0;
			break;
		case '2':
			est[1] = 0;
			break;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 2)
		usage();
	for (p = 0; p < 2; p++)
		if (tool_parse_long(argv[p], 0, ELO_RATING_MAX, &r[p]) != 0) {
			tool_warn("rating '%s' is not a whole number 0-%d", argv[p],
				ELO_RATING_MAX);
			return TOOL_ERR;
		}
	ex[0] = elo_expected((int)r[0], (int)r[1]);
	ex[1] = elo_expected((int)r[1], (int)r[0]);
	printf("player\trating\tK\texpected\twin\tdraw\tloss\n");
	for (p = 0; p < 2; p++) {
		printf("%d\t%ld\t%d\t%.4f", p + 1, r[p],
			est[p] ? ELO_K_ESTABLISHED : ELO_K_BEGINNER, ex[p]);
		for (o = ELO_WIN; o >= ELO_LOSS; o--) {
			int adj[2];
			int out0 = p == 0 ? o : 2 - o;
			elo_pair((int)r[0], (int)r[1], out0, est[0], est[1], adj);
			printf("\t%+d", adj[p]);
		}
		putchar('\n');
	}
	return tool_fshut(stdout, "<stdout>", TOOL_OK);
}

/* --- main --- */

static int
process(struct run *R, enum mode mode, const char *path)
{
	struct tool_fdlines in;
	int fd;

	if (strcmp(path, "-") == 0) {
		fd = STDIN_FILENO;
		path = "<stdin>";
	} else if ((fd = open(path, O_RDONLY)) < 0) {
		tool_warn("%s:", path);
		R->fatal = 1;
		return -1;
	}
	R->nbad = 0;
	if (mode == MODE_GCG) {
		FILE *fp = fd == STDIN_FILENO ? stdin : fdopen(fd, "r");
		if (fp == NULL)
			tool_die("%s:", path);
		do_gcg(R, fp, path);
		if (fp != stdin)
			fclose(fp);
	} else {
		tool_fdlines_init(&in, fd, path, LINE_MAX_BYTES);
		do_lines(R, &in, mode == MODE_BAGSIM);
		tool_fdlines_free(&in);
		if (fd != STDIN_FILENO)
			close(fd);
	}
	if (R->nbad > BAD_SHOWN)
		tool_warn("%s: %ld bad lines in all", path, R->nbad);
	return 0;
}

int
main(int argc, char **argv)
{
	struct run R;
	struct err e;
	enum mode mode = MODE_RESULTS;
	const char *state = NULL, *robots = NULL;
	struct tool_getopt g;
	int c, ret;

	tool_init(argv[0]);
	if (argc > 1 && strcmp(argv[1], "expect") == 0)
		return expect_main(argc - 1, argv + 1);
	memset(&R, 0, sizeof R);
	R.list = ELO_ALL;
	R.w.at = R.w.through = R.w.last = ELO_TIME_NONE;
	tool_getopt_init(&g, options, NOPTIONS, RATE, SYNOPSIS,
	    "Input lines: TIME PLAYER1 PLAYER2 SCORE1 SCORE2 [FLAGS], "
	    "tab-separated.\nExit status: 0 all rated, 1 bad lines "
	    "skipped, 2 a usage or input error.\n");
	while ((c = tool_getopt(&g, argc, argv)) != -1) {
		switch (c) {
		case 'G':
			mode = MODE_GCG;
			break;
		case 'a':
			if (elo_time_parse(optarg, strlen(optarg), &R.w.at, &e) != 0) {
				tool_warn("--at: %s", e.msg);
				usage();
			}
			break;
		case 'b':
			mode = MODE_BAGSIM;
			break;
		case 'A':
			R.games_out = 1;
			break;
		case 'L':
			if ((R.list = elo_list_parse(optarg)) < 0) {
				tool_warn("--ranking: '%s' is not all, human or manual",
				    optarg);
				usage();
			}
			break;
		case O_NAMES:
			R.full_names = 1;
			break;
		case O_ROBOTS:
			robots = optarg;
			break;
		case O_STATE:
			state = optarg;
			break;
		}
	}
	argc -= optind;
	argv += optind;

	if ((R.t = elo_create(&e)) == NULL)
		tool_die("%s", e.msg);
	if (robots != NULL)
		R.robots = read_robots(robots);
	if (state != NULL) {
		FILE *fp = fopen(state, "r");
		if (fp == NULL && errno != ENOENT)
			tool_die("%s:", state);
		if (fp != NULL) {
			if (elo_state_read(R.t, &R.w.through, fp, &e) != 0) {
				tool_warnerr(state, &e);
				fclose(fp);
				elo_destroy(R.t);
				elo_destroy(R.robots);
				return TOOL_ERR;
			}
			fclose(fp);
		}
		if (R.w.at != ELO_TIME_NONE && R.w.through != ELO_TIME_NONE &&
		    R.w.at < R.w.through) {
			elo_time_format(R.w.through, R.tbuf, sizeof R.tbuf);
			tool_warn("--at is before %s, the time %s was rated up to",
				R.tbuf, state);
			elo_destroy(R.t);
			elo_destroy(R.robots);
			return TOOL_ERR;
		}
	}

	if (argc == 0)
		process(&R, mode, "-");
	for (; argc > 0; argc--, argv++)
		process(&R, mode, *argv);

	if (!R.games_out)
		print_table(R.t, R.list);

	if (state != NULL && !R.fatal) {
		struct tool_atomic a;
		FILE *fp = tool_atomic_open(&a, state);
		if (fp == NULL)
			R.fatal = 1;
		else if (elo_state_write(R.t, elo_window_through(&R.w), fp, &e) != 0) {
			tool_warn("%s: %s", state, e.msg);
			tool_atomic_abort(&a);
			R.fatal = 1;
		} else if (tool_atomic_commit(&a) != 0)
			R.fatal = 1;
	}
	elo_destroy(R.t);
	elo_destroy(R.robots);
	ret = R.fatal ? TOOL_ERR : R.bad ? TOOL_NO : TOOL_OK;
	return tool_fshut(stdout, "<stdout>", ret);
}
