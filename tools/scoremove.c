/*
 * scoremove — score a move on a position, or check whole games.
 *
 *   scoremove [-l LEX] [-r RULES] POSITION MOVE
 *   scoremove [-l LEX] [-r RULES] < lines "CGP<TAB>MOVE"
 *   scoremove -G [-Nv] [-p] [-l LEX] [-r RULES] [FILE.gcg ...]
 *   any of them with -S (a board in the terminal) or --svg FILE
 *
 * See man/scoremove.1.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board.h"
#include "err.h"
#include "gcg.h"
#include "lex.h"
#include "move.h"
#include "picture.h"
#include "rules.h"
#include "tool.h"
#include "tool_opt.h"
#include "tool_show.h"

#define SYNOPSIS \
"usage: scoremove [-cNS] [-l FILE] [-r RULESET] [--svg FILE] [--color WHEN]\n" \
"                 [POSITION MOVE]\n" \
"       scoremove -G [-cNpSv] [--strict] [-l FILE] [-r RULESET] [--svg FILE]\n" \
"                 [--color WHEN] [FILE.gcg ...]\n"

enum { O_COLOR = TOOL_OPT_LONG, O_SVG, O_STRICT };

/* The letters and long names follow ordverk(7); the entries without help
 * are old names, kept working. */
static const struct tool_opt options[] = {
	{ 'r', "rules", "RULESET", "the ruleset, where the input does not name it", 1 },
	{ 'l', "lexicon", "FILE", "check words with FILE (default: the ruleset's)", 1 },
	{ 'N', "no-lexicon", NULL, "check placement and scores, not words", 1 },
	{ 'c', "row-first", NULL, "coordinates row letter first (H8 is row H)", 1 },
	{ 'G', "gcg", NULL, "the input is GCG game files: replay and check them", 1 },
	{ 'p', "positions", NULL, "with -G: each turn's position as a CGP line", 1 },
	{ 'v', "verbose", NULL, "with -G: each turn, and the final scores", 1 },
	{ O_STRICT, "strict", NULL, "with -G: a slip in the record is an error", 1 },
	{ 'S', "show", NULL, "draw each position as a board in the terminal", 1 },
	{ O_SVG, "svg", "FILE", "draw each position as SVG into FILE (%d: numbered)", 1 },
	{ O_COLOR, "color", "WHEN", "colour the boards: always, never or auto", 1 },
	{ 'h', "help", NULL, "print this help and exit", 1 },
	{ 'V', "version", NULL, "print the version and exit", 1 },
	{ 'c', "row-letter", NULL, NULL, 1 },
	{ 'G', "game", NULL, NULL, 1 },
};

#define TRAILER \
"Without -G: score MOVE on the CGP line POSITION, or each line \"CGP<TAB>MOVE\"\n" \
"of standard input.  Put '--' before a move that starts with '-' (an exchange).\n" \
"Exit status: 0 all valid, 1 an invalid move or a game that does not check,\n" \
"2 a usage or input error.\n"

struct opts {
	const char *lexpath;
	const char *rulesname;
	int no_lexicon;
	int positions;
	int verbose;
	int strict;                 /* -s: a slip in a record is an error */
	int row_letter;
	struct rules rules;         /* -r, when given */
	int have_rules;
	struct tool_show *show;
};



static void usage(void) __attribute__((noreturn));

static void
usage(void)
{
	tool_usage(SYNOPSIS);
}


/* ------------------------------------------------------- position mode */

/* score_one: scores move text mv on CGP line cgp; prints the result line.
 * Returns TOOL_OK, TOOL_NO (invalid move) or TOOL_ERR (bad input). */
static int
score_one(const struct opts *o, struct tool_lexicons *c, const char *file,
	long line, const char *cgp, const char *mv)
{
	struct position *p = tool_xmalloc(sizeof *p);
	struct rules rbuf;
	const struct rules *r;
	struct lex *lex = NULL;
	struct move m;
	struct move_detail d;
	struct err e;
	char name[RULES_NAME_MAX], fmt[GCG_TEXT_MAX], words[1024];
	char caption[GCG_TEXT_MAX + 1100];
	const struct move *drawn = NULL;
	int ret = TOOL_OK;

	err_clear(&e);
	if (o->have_rules) {
		r = &o->rules;
	} else if (cgp_peek_rules(cgp, strlen(cgp), name, sizeof name)) {
		if (rules_get(&rbuf, name, &e) < 0) {
			tool_warnfl(file, line, "ld %s: %s", name, e.msg);
			ret = TOOL_ERR;
			goto out;
		}
		r = &rbuf;
	} else {
		tool_warnfl(file, line, "no ruleset: give -r or an 'ld' opcode");
		ret = TOOL_ERR;
		goto out;
	}
	if (cgp_parse(r, cgp, strlen(cgp), p, &e) < 0) {
		tool_warnfl(file, line, "position: %s", e.msg);
		ret = TOOL_ERR;
		goto out;
	}
	if (!o->no_lexicon && (lex = tool_lexicon_get(c, o->lexpath, r)) == NULL) {
		ret = TOOL_ERR;
		goto out;
	}
	err_clear(&e);
	if (move_parse(r, &p->board, mv, strlen(mv), o->row_letter, &m, &e) < 0 ||
	    move_validate(r, lex, p, &m, &d, &e) < 0) {
		if (tool_show_svg_stdout(o->show))
			tool_warnfl(file, line, "%s: invalid: %s", mv, e.msg);
		else
			printf("%s\tinvalid\t%s\n", mv, e.msg);
		ret = TOOL_NO;
		snprintf(caption, sizeof caption, "%s: invalid: %s", mv, e.msg);
		goto draw;
	}
	if (move_format(r, &m, fmt, sizeof fmt) < 0)
		snprintf(fmt, sizeof fmt, "%s", mv);
	else if (o->row_letter)
		move_notation_rows(fmt, sizeof fmt);   /* as it was read */
	if (m.kind == MOVE_PLACE)
		move_detail_format(r, &d, words, sizeof words);
	else
		words[0] = '\0';
	if (!tool_show_svg_stdout(o->show))
		printf("%s\t%d\t%s\n", fmt, m.score, words);
	snprintf(caption, sizeof caption, "%s: %d points%s%s%s", fmt, m.score,
	    words[0] ? " (" : "", words, words[0] ? ")" : "");
	drawn = &m;
draw:
	if (tool_show_on(o->show) && tool_show_move(o->show, r, p, drawn,
	    caption, line > 0 ? line : 1) < 0)
		ret = TOOL_ERR;
out:
	free(p);
	return ret;
}

static int
filter_mode(const struct opts *o, struct tool_lexicons *c)
{
	struct tool_lines l;
	long n;
	int ret = TOOL_OK, rc;

	tool_lines_init(&l, stdin, "<stdin>");
	while ((n = tool_readline(&l)) != -1) {
		char *tab;

		if (n == -2) {
			tool_warnfl(l.name, l.lineno + 1, "read error:");
			ret = TOOL_ERR;
			break;
		}
		if (n == -3) {
			tool_warnfl(l.name, l.lineno, "line too long");
			ret = TOOL_ERR;
			continue;
		}
		if (n == 0 || l.buf[0] == '#')
			continue;
		if (memchr(l.buf, '\0', (size_t)n) != NULL ||
		    (tab = strchr(l.buf, '\t')) == NULL) {
			tool_warnfl(l.name, l.lineno, "expected CGP<TAB>MOVE");
			ret = TOOL_ERR;
			continue;
		}
		*tab = '\0';
		rc = score_one(o, c, l.name, l.lineno, l.buf, tab + 1);
		if (rc > ret)
			ret = rc;
	}
	tool_lines_free(&l);
	return ret;
}

/* ----------------------------------------------------------- game mode */

struct game_ctx {
	const struct opts *o;
	FILE *out;                  /* verdicts: stdout, stderr with -p */
	const struct gcg_game *g;
	const char *name;
};

/* show_turn: the board before turn t, its move drawn, the players by
 * their nicks.  Returns 0, or -1 to stop (message printed). */
static int
show_turn(struct game_ctx *x, const struct gcg_turn *t)
{
	const struct gcg_game *g = x->g;
	struct position *q = tool_xmalloc(sizeof *q);
	struct picture pic;
	char title[4200], caption[GCG_TEXT_MAX + 300];
	int i, rc;

	*q = *t->pos;
	q->to_move = t->ev->player;
	picture_init(&pic, &g->rules, q);
	for (i = 0; i < q->nplayers && i < g->nplayers; i++)
		pic.names[i] = g->players[i].nick;
	snprintf(title, sizeof title, "%s, line %ld", x->name, t->ev->line);
	snprintf(caption, sizeof caption, "%s: %s, %d points",
	    g->players[t->ev->player].nick, t->ev->text,
	    t->move ? t->move->score : 0);
	pic.title = title;
	pic.caption = caption;
	if (t->move != NULL && t->move->kind == MOVE_PLACE)
		pic.marks[PICTURE_PLAYED] = t->move;
	rc = tool_show_picture(x->o->show, &pic, t->index + 1);
	free(q);
	return rc;
}

/* The position with the player to move first, as CGP has it. */
static int
on_turn(const struct gcg_turn *t, void *arg)
{
	struct game_ctx *x = arg;
	const struct gcg_game *g = x->g;
	const struct rules *r = &g->rules;
	int p = t->ev->player;

	if (x->o->positions) {
		struct position *q = tool_xmalloc(sizeof *q);
		char *out = tool_xmalloc(8192);

		*q = *t->pos;
		q->to_move = p;         /* cgp_format writes the mover first */
		if (g->lexicon[0])
			snprintf(q->lexicon, sizeof q->lexicon, "%s", g->lexicon);
		if (cgp_format(r, q, out, 8192) >= 0)
			printf("%s\n", out);
		free(out);
		free(q);
	}
	if (x->o->verbose) {
		char words[1024];

		words[0] = '\0';
		if (t->detail != NULL)
			move_detail_format(r, t->detail, words, sizeof words);
		fprintf(x->out, "%ld\t%s\t%s\t%d\t%s\n", t->ev->line,
		    g->players[p].nick,
		    t->ev->text, t->move ? t->move->score : 0, words);
	}
	if (tool_show_on(x->o->show))
		return show_turn(x, t);
	return 0;
}

static int
check_games(const struct opts *o, struct tool_lexicons *c, FILE *fp,
	const char *file)
{
	struct gcg_reader *rd;
	struct gcg_game *g;
	struct err e;
	int rc, ret = TOOL_OK, ngames = 0;
	/* With --positions standard output holds the positions alone, for
	 * movegen; the verdicts go to standard error. */
	FILE *out = o->positions ? stderr : stdout;

	err_clear(&e);
	rd = gcg_reader_open(fp, file, o->have_rules ? &o->rules : NULL, &e);
	if (rd == NULL) {
		tool_warnerr(file, &e);
		return TOOL_ERR;
	}
	for (;;) {
		char name[4096];
		struct lex *lex = NULL;
		struct gcg_result res;
		struct game_ctx x;

		err_clear(&e);
		rc = gcg_read(rd, &g, &e);
		if (rc == 0)
			break;
		ngames++;
		if (rc < 0) {
			/* Unreadable or malformed: an input error, said once,
			 * on stderr. */
			tool_warnerr(file, &e);
			ret = TOOL_ERR;
			continue;
		}
		if (ngames == 1)
			snprintf(name, sizeof name, "%s", file);
		else
			snprintf(name, sizeof name, "%s:%ld", file, g->first_line);
		tool_game_rules_note(name, o->have_rules ? &o->rules : NULL,
		    &g->rules);
		/* The record's #lexicon, found where the default lexicons
		 * are, unless -l; tool_lexicon_named says what it could not
		 * find (on stderr, as the lexicon it could not load). */
		if (!o->no_lexicon && (lex = tool_lexicon_named(c, o->lexpath,
		    &g->rules, g->lexicon, name)) == NULL) {
			gcg_game_destroy(g);
			ret = TOOL_ERR;
			continue;
		}
		x.o = o;
		x.out = out;
		x.g = g;
		x.name = name;
		err_clear(&e);
		rc = gcg_replay_ex(g, lex, o->strict ? GCG_STRICT : 0,
		    (o->positions || o->verbose || tool_show_on(o->show)) ?
		    on_turn : NULL, &x, &res, &e);
		if (rc == 0) {
			int i;

			/* Slips of a hand-kept record: warned, not refused. */
			for (i = 0; i < res.slips && i < GCG_SLIPS_KEPT; i++)
				tool_warnfl(name, res.slip[i].line, "%s (a slip in "
				    "the record; --strict refuses it)",
				    res.slip[i].msg);
			if (res.slips > GCG_SLIPS_KEPT)
				tool_warnfl(name, 0, "%d slips more", res.slips -
				    GCG_SLIPS_KEPT);
		}
		if (rc < 0) {
			fprintf(out, "%s\t%ld: %s", name, e.line, e.msg);
			if (lex != NULL && tool_ends_with(e.msg, " is not a word"))
				fprintf(out, " in %s (%zu words; -l FILE checks "
				    "against another lexicon, -N replays unchecked)",
				    tool_lexicon_path(c, lex), lex_word_count(lex));
			fputc('\n', out);
			if (ret == TOOL_OK)
				ret = TOOL_NO;
		} else if (o->verbose) {
			int i;

			fprintf(out, "%s\tok\t", name);
			for (i = 0; i < res.nplayers; i++)
				fprintf(out, "%s%d", i ? "-" : "", res.scores[i]);
			fprintf(out, "\t%s\n", !res.ended ? "incomplete" :
			    !res.settled ? "ended, not settled" :
			    res.settle == SETTLE_DOUBLE ? "ended, settled double" :
			    res.settle == SETTLE_TRANSFER ?
			    "ended, settled by transfer" : "ended");
		} else {
			fprintf(out, "%s\tok\n", name);
		}
		gcg_game_destroy(g);
	}
	if (gcg_reader_io_error(rd))
		ret = TOOL_ERR;
	else if (ngames == 0) {
		/* An empty file is not a game that checks out: say so, or a
		 * truncated download would pass as "nothing wrong". */
		tool_warnfl(file, 0, "no game in the input");
		ret = TOOL_ERR;
	}
	gcg_reader_close(rd);
	return ret;
}

static int
game_mode(const struct opts *o, struct tool_lexicons *c, int argc, char **argv)
{
	int i, ret = TOOL_OK, rc;

	if (argc == 0)
		return check_games(o, c, stdin, "<stdin>");
	for (i = 0; i < argc; i++) {
		FILE *fp;

		if (strcmp(argv[i], "-") == 0) {
			rc = check_games(o, c, stdin, "<stdin>");
		} else if ((fp = fopen(argv[i], "r")) == NULL) {
			tool_warn("%s:", argv[i]);
			rc = TOOL_ERR;
		} else {
			rc = check_games(o, c, fp, argv[i]);
			fclose(fp);
		}
		if (rc > ret)
			ret = rc;
	}
	return ret;
}

int
main(int argc, char **argv)
{
	struct opts o;
	struct tool_show sh;
	struct tool_lexicons cache;
	struct tool_getopt g;
	struct err e;
	const char *when = NULL;
	int ch, game = 0, ret;

	tool_init(argv[0]);
	memset(&o, 0, sizeof o);
	memset(&sh, 0, sizeof sh);
	memset(&cache, 0, sizeof cache);
	o.show = &sh;
	tool_getopt_init(&g, options, sizeof options / sizeof options[0], 1,
	    SYNOPSIS, TRAILER);
	while ((ch = tool_getopt(&g, argc, argv)) != -1) {
		switch (ch) {
		case O_COLOR: when = optarg; break;
		case O_SVG: sh.svg = optarg; break;
		case O_STRICT: o.strict = 1; break;
		case 'S': sh.text = 1; break;
		case 'c': o.row_letter = 1; sh.row_letters = 1; break;
		case 'G': game = 1; break;
		case 'l': o.lexpath = optarg; break;
		case 'N': o.no_lexicon = 1; break;
		case 'p': o.positions = 1; break;
		case 'r': o.rulesname = optarg; break;
		case 'v': o.verbose = 1; break;
		}
	}
	argc -= optind;
	argv += optind;
	if (o.no_lexicon && o.lexpath) {
		tool_warn("give one of --lexicon and --no-lexicon");
		usage();
	}
	if (!game && (o.positions || o.verbose || o.strict)) {
		tool_warn("--positions, --verbose and --strict go with --gcg");
		usage();
	}
	if (tool_show_check(&sh, when, game || argc != 2, 0) < 0)
		usage();
	if (o.rulesname != NULL) {
		err_clear(&e);
		if (rules_get(&o.rules, o.rulesname, &e) < 0) {
			tool_warn("%s: %s", o.rulesname, e.msg);
			return TOOL_ERR;
		}
		o.have_rules = 1;
	}
	if (game)
		ret = game_mode(&o, &cache, argc, argv);
	else if (argc == 2)
		ret = score_one(&o, &cache, "<arguments>", 0, argv[0], argv[1]);
	else if (argc == 0)
		ret = filter_mode(&o, &cache);
	else
		usage();
	tool_lexicons_free(&cache);
	return tool_fshut(stdout, "<stdout>", ret);
}
