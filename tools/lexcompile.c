/*
 * lexcompile — compile word lists into a lexicon (ordverk format or KWG).
 *
 * Every entry is normalised by the ruleset (rules_normalise_word): NFC,
 * uppercase by the alphabet's table, folding (IDÉ -> IDE in no/da), length
 * 2..15.  Entries that do not normalise are reported and left out; that is
 * not an error.  Errors (unreadable file, UTF-16, invalid UTF-8 in a line,
 * write failure) make the run fail without writing anything.
 *
 * The entries that normalise go into a selection (wordsel.h), which keeps
 * the lexicon's words: duplicates, the two-letter rule, additions and
 * removals.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "err.h"
#include "lex.h"
#include "rules.h"
#include "tool.h"
#include "tool_opt.h"
#include "wordlint.h"
#include "wordlist.h"
#include "wordsel.h"

/* Entries read, rejected and folded (of lists, the two-letter list and
 * additions), those rejected for their characters (wordlint_counts),
 * those with mojibake, and what the selection found. */
struct counts {
	unsigned long in, rejected, folded, bad, mojibake;
	struct wordsel_counts sel;
};

struct state {
	const struct rules *r;
	enum wordlist_encoding enc;
	int quiet, lint, progress, twomode;
	int shown;                  /* a progress line is on the terminal */
	FILE *report;               /* where word reports go */
	struct wordsel *sel;        /* every entry kept, with its source */
	struct counts c;
	int errors;                 /* input errors seen */
	double max_reject;          /* --max-reject, per cent */
};

static const char synopsis[] =
	"usage: lexcompile -r RULESET [-Lq] [-o FILE] [-f ordverk|kwg] [-e utf8|latin1]\n"
	"                  [-a FILE] [-d FILE] [-t FILE] [LIST ...]\n";

/* The letters and long names follow ordverk(7). */
enum { O_MAX_REJECT = TOOL_OPT_LONG };

static const struct tool_opt options[] = {
	{ 'r', "rules", "RULESET", "no, no-nsf, da, is, is-old, en, or a ruleset file", 1 },
	{ 'o', "output", "FILE", "write the lexicon to FILE (default: standard output)", 1 },
	{ 'f', "format", "FORMAT", "ordverk (default) or kwg", 1 },
	{ 'e', "encoding", "ENCODING", "utf8 (default) or latin1 (ISO-8859-1 lists)", 1 },
	{ 't', "two-letter", "FILE", "two-letter words come only from FILE", 1 },
	{ 'a', "add", "FILE", "words to add after the lists", 1 },
	{ 'd', "remove", "FILE", "words to remove at the end", 1 },
	{ 'L', "lint", NULL, "name rejected, folded, duplicate and capitalised words, and absent removals; write nothing", 1 },
	{ O_MAX_REJECT, "max-reject", "PCT", "past PCT % bad characters (default 5): exit 1, write nothing", 1 },
	{ 'q', "quiet", NULL, "no word reports and no summary", 1 },
	{ 'h', "help", NULL, "print this help and exit", 1 },
	{ 'V', "version", NULL, "print the version and exit", 1 },
};

static void usage(void) __attribute__((noreturn));

static void
usage(void)
{
	tool_usage(synopsis);
}

/* Progress lines (only when stderr is a terminal) end in a carriage return
 * rather than a newline; unprogress clears one before other output. */
static void
show_progress(struct state *st, const char *what, double frac, const char *name,
	unsigned long n)
{
	if (name != NULL)
		fprintf(stderr, "\r%s: %s %s: %lu words", tool_name(), what, name, n);
	else
		fprintf(stderr, "\r%s: %s: %3d%%   ", tool_name(), what,
			(int)(frac * 100.0 + 0.5));
	fflush(stderr);
	st->shown = 1;
}

static void
unprogress(struct state *st)
{
	if (!st->shown)
		return;
	fprintf(stderr, "\r%*s\r", 72, "");
	fflush(stderr);
	st->shown = 0;
}

static void
build_progress(double frac, void *arg)
{
	show_progress(arg, "building", frac, NULL, 0);
}

/* report: one line about an entry, "prog: FILE:LINE: WORD: msg". */
static void
report(struct state *st, const char *name, long line, const char *word,
	const char *msg)
{
	unprogress(st);
	fprintf(st->report, "%s: %s:%ld: %s: %s\n", tool_name(), name, line,
		word, msg);
}

/* read_list: reads one file (or "-") into the selection as source src. */
static void
read_list(struct state *st, const char *path, enum wordsel_src src)
{
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	struct err e;
	struct wordlist *wl = wordlist_open(path, st->enc, &e);
	enum wordlist_status ws;
	const char *w;
	size_t len;
	unsigned long nread = 0;

	if (wl == NULL) {
		tool_warnerr(name, &e);
		st->errors++;
		return;
	}
	while ((ws = wordlist_next(wl, &w, &len, &e)) != WORDLIST_EOF) {
		uint8_t tiles[RULES_MAX_WORD];
		int n = 0;
		uint32_t bad = 0;
		enum norm_result res;
		char msg[160];

		if (ws == WORDLIST_FATAL) {
			unprogress(st);
			tool_warnerr(name, &e);
			st->errors++;
			break;
		}
		if (ws == WORDLIST_BAD) {
			unprogress(st);
			if (st->enc == WORDLIST_UTF8 &&
			    strncmp(e.msg, "invalid UTF-8", 13) == 0)
				strncat(e.msg, ": a Latin-1 list? give -e latin1",
				    sizeof e.msg - strlen(e.msg) - 1);
			tool_warnerr(name, &e);
			st->errors++;
			continue;
		}
		if (src != WORDSEL_REMOVE) {
			st->c.in++;
			st->c.mojibake += wordlint_mojibake(w, len);
			if (st->lint && !st->quiet && wordlint_capitalised(w, len))
				report(st, name, wordlist_line(wl), w,
				    "capitalised (a proper noun?)");
		}
		if (st->progress && (++nread & 0xffff) == 0)
			show_progress(st, "reading", 0, name, nread);
		res = rules_normalise_word(st->r, w, len, tiles, &n, &bad);
		if (res == NORM_OK || res == NORM_FOLDED) {
			if (src == WORDSEL_TWO && n != 2) {
				st->c.rejected++;
				if (!st->quiet)
					report(st, name, wordlist_line(wl), w,
						"not a two-letter word");
				continue;
			}
			if (res == NORM_FOLDED && src != WORDSEL_REMOVE) {
				st->c.folded++;
				if (st->lint && !st->quiet) {
					char out[RULES_MAX_WORD * 8 + 1];

					if (rules_word_to_utf8(st->r, tiles, n, out,
					    sizeof out) < 0)
						strcpy(out, "?");
					snprintf(msg, sizeof msg, "folded to %s", out);
					report(st, name, wordlist_line(wl), w, msg);
				}
			}
			if (wordsel_add(st->sel, tiles, n, src, &e) != 0)
				tool_die("%s", e.msg);
			continue;
		}
		st->c.rejected++;
		st->c.bad += wordlint_counts(res) && src != WORDSEL_REMOVE;
		if (st->quiet)
			continue;
		if ((res == NORM_NOT_LETTER || res == NORM_OUTSIDE) && bad != 0)
			snprintf(msg, sizeof msg, "%s (U+%04X)",
				rules_norm_message(res), (unsigned)bad);
		else if (res == NORM_TOO_LONG)
			snprintf(msg, sizeof msg, "too long: %zu letters, at most %d",
				wordlint_chars(w, len), st->r->max_word);
		else
			snprintf(msg, sizeof msg, "%s", rules_norm_message(res));
		report(st, name, wordlist_line(wl), w, msg);
	}
	unprogress(st);
	if (wordlist_close(wl, &e) != 0 && ws != WORDLIST_FATAL) {
		tool_warnerr(name, &e);
		st->errors++;
	}
}

static void
print_counts(const struct state *st, FILE *fp)
{
	fprintf(fp, "%s: %lu words in, %lu kept, %lu rejected, %lu folded, "
		"%lu duplicates", tool_name(), st->c.in, st->c.sel.kept,
		st->c.rejected, st->c.folded, st->c.sel.duplicates);
	if (st->twomode)
		fprintf(fp, ", %lu two-letter dropped", st->c.sel.two_dropped);
	if (st->c.sel.removed || st->c.sel.remove_absent)
		fprintf(fp, ", %lu removed (%lu not present)", st->c.sel.removed,
			st->c.sel.remove_absent);
	fputc('\n', fp);
}

/* note_word: a duplicate or an absent removal, named by --lint. */
static void
note_word(enum wordsel_note what, const uint8_t *tiles, int n,
	unsigned long times, void *arg)
{
	struct state *st = arg;
	char w[RULES_MAX_WORD * 8 + 1];

	if (rules_word_to_utf8(st->r, tiles, n, w, sizeof w) < 0)
		strcpy(w, "?");
	if (what == WORDSEL_NOTE_DUPLICATE)
		fprintf(st->report, "%s: %s: %lu times in the lists\n",
		    tool_name(), w, times);
	else
		fprintf(st->report, "%s: %s: removed (-d) but in no list\n",
		    tool_name(), w);
}

/* check_share: the loud lines about mojibake and about a share of
 * rejects above --max-reject (lint, input errors: mojibake only).  Returns 1 when the
 * share is above it. */
static int
check_share(const struct state *st)
{
	char msg[512];
	int over = !st->lint && !st->errors && wordlint_share(msg, sizeof msg,
	    st->c.bad, st->c.in, st->max_reject, st->r->name);

	if (st->c.mojibake > 0) {
		wordlint_mojibake_hint(msg + 256, 256, st->c.mojibake,
		    st->enc == WORDLIST_LATIN1);
		tool_warn("%s", msg + 256);
	}
	if (over)
		tool_warn("%s", msg);
	return over;
}

static int
has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);

	return n >= m && strcmp(s + n - m, suf) == 0;
}

static int run(int argc, char *argv[]);

int
main(int argc, char *argv[])
{
	int ret = run(argc, argv);

	/* stderr is fully buffered (see run); flush it before the sanitizers'
	 * exit handlers could end the process. */
	fflush(stderr);
	return ret;
}

static int
run(int argc, char *argv[])
{
	struct state st;
	struct rules rules;
	struct err e;
	const char *rules_name = NULL, *out_path = NULL, *format = NULL;
	const char *two = NULL;
	const char **adds, **removes;
	int nadds = 0, nremoves = 0, ch, kwg, i, ret;
	size_t nwords;
	const uint8_t *words, *lens;
	struct lex *lex;
	char *buf = NULL;
	size_t bufsize = 0;
	FILE *mem;
	struct tool_getopt g;
	static char stderr_buf[1 << 16];

	tool_init(argv[0]);
	memset(&st, 0, sizeof st);
	st.progress = isatty(STDERR_FILENO);
	/* Lists of millions of lines can have many rejections: buffer them
	 * (before any output, as setvbuf requires; exit flushes). */
	if (!st.progress)
		setvbuf(stderr, stderr_buf, _IOFBF, sizeof stderr_buf);
	st.enc = WORDLIST_UTF8;
	st.max_reject = WORDLINT_MAX_REJECT_DEFAULT;
	adds = tool_xcalloc((size_t)argc, sizeof *adds);
	removes = tool_xcalloc((size_t)argc, sizeof *removes);
	tool_getopt_init(&g, options, sizeof options / sizeof options[0], 1,
	    synopsis, "Exit status: 0 written (with -L: nothing rejected), 1 "
	    "with -L: entries\nrejected, or past --max-reject (nothing "
	    "written), 2 a usage or input error\n(nothing written).\n");
	while ((ch = tool_getopt(&g, argc, argv)) != -1) {
		switch (ch) {
		case 'a': adds[nadds++] = optarg; break;
		case 'd': removes[nremoves++] = optarg; break;
		case 'e':
			if (wordlist_parse_encoding(optarg, &st.enc) != 0) {
				tool_warn("unknown encoding '%s' (utf8 or latin1)", optarg);
				usage();
			}
			break;
		case 'f': format = optarg; break;
		case 'L': st.lint = 1; break;
		case 'o': out_path = optarg; break;
		case 'q': st.quiet = 1; break;
		case 'r': rules_name = optarg; break;
		case 't':
			if (two != NULL) {
				tool_warn("--two-letter given twice");
				usage();
			}
			two = optarg;
			break;
		case O_MAX_REJECT:
			if (wordlint_parse_pct(optarg, &st.max_reject) != 0) {
				tool_warn("bad --max-reject '%s' (a percentage, 0 to 100)",
					optarg);
				usage();
			}
			break;
		}
	}
	argc -= optind;
	argv += optind;
	if (rules_name == NULL) {
		tool_warn("no ruleset: give -r RULESET");
		usage();
	}
	if (format != NULL && strcmp(format, "ordverk") != 0 &&
	    strcmp(format, "kwg") != 0) {
		tool_warn("unknown format '%s' (ordverk or kwg)", format);
		usage();
	}
	kwg = format != NULL ? strcmp(format, "kwg") == 0 :
	    out_path != NULL && has_suffix(out_path, ".kwg");
	if (rules_get(&rules, rules_name, &e) != 0) {
		tool_warnerr(rules_name, &e);
		free(adds);
		free(removes);
		return TOOL_ERR;
	}
	if (!st.lint && (out_path == NULL || strcmp(out_path, "-") == 0) &&
	    isatty(STDOUT_FILENO)) {
		tool_warn("will not write a lexicon to a terminal: give -o FILE");
		free(adds);
		free(removes);
		return TOOL_ERR;
	}
	st.r = &rules;
	st.twomode = two != NULL;
	st.report = st.lint ? stdout : stderr;
	if ((st.sel = wordsel_create(&e)) == NULL)
		tool_die("%s", e.msg);

	if (rules.two_letter_list && two == NULL && !st.quiet && !st.lint)
		tool_warn("ruleset %s takes its two-letter words from a separate "
			"list (--two-letter FILE); keeping those of the lists",
			rules.name);
	if (argc == 0)
		read_list(&st, "-", WORDSEL_LIST);
	for (i = 0; i < argc; i++)
		read_list(&st, argv[i], WORDSEL_LIST);
	if (two != NULL)
		read_list(&st, two, WORDSEL_TWO);
	for (i = 0; i < nadds; i++)
		read_list(&st, adds[i], WORDSEL_ADD);
	for (i = 0; i < nremoves; i++)
		read_list(&st, removes[i], WORDSEL_REMOVE);
	free(adds);
	free(removes);

	nwords = wordsel_select_noting(st.sel, st.twomode, &st.c.sel,
		st.lint && !st.quiet ? note_word : NULL, &st);
	if (check_share(&st)) {
		wordsel_destroy(st.sel);
		if (!st.quiet)
			print_counts(&st, stderr);
		return TOOL_NO;
	}
	if (st.lint) {
		wordsel_destroy(st.sel);
		print_counts(&st, stdout);
		ret = st.errors ? TOOL_ERR : st.c.rejected ? TOOL_NO : TOOL_OK;
		return tool_fshut(stdout, "<stdout>", ret);
	}
	if (st.errors) {
		tool_warn("%d input error%s: nothing written", st.errors,
			st.errors == 1 ? "" : "s");
		wordsel_destroy(st.sel);
		return TOOL_ERR;
	}
	if (nwords == 0) {
		tool_warn("no words kept: nothing written");
		wordsel_destroy(st.sel);
		return TOOL_ERR;
	}
	if (wordsel_words(st.sel, &words, &lens, &nwords, &e) != 0)
		tool_die("%s", e.msg);
	fflush(stderr);
	lex = lex_build(words, lens, nwords, rules.name,
		st.progress ? build_progress : NULL, &st, &e);
	unprogress(&st);
	wordsel_destroy(st.sel);
	if (lex == NULL) {
		tool_warnerr(NULL, &e);
		return TOOL_ERR;
	}

	/* Into memory first: the size is then known for the summary, and a
	 * failure (a list too big for KWG) writes nothing at all. */
	mem = open_memstream(&buf, &bufsize);
	if (mem == NULL)
		tool_die("open_memstream:");
	ret = kwg ? lex_write_kwg(lex, &rules, mem, &e) : lex_write(lex, mem, &e);
	if (fclose(mem) != 0 && ret == 0) {
		err_set(&e, 0, "out of memory");
		ret = -1;
	}
	if (ret != 0) {
		tool_warnerr(NULL, &e);
		ret = TOOL_ERR;
	} else if (out_path != NULL && strcmp(out_path, "-") != 0) {
		struct tool_atomic a;
		FILE *fp = tool_atomic_open(&a, out_path);

		ret = TOOL_ERR;
		if (fp != NULL) {
			if (fwrite(buf, 1, bufsize, fp) != bufsize) {
				tool_warn("%s: write error:", out_path);
				tool_atomic_abort(&a);
			} else if (tool_atomic_commit(&a) == 0) {
				ret = TOOL_OK;
			}
		}
	} else {
		/* A short write leaves the stream in error: fshut reports it. */
		(void)fwrite(buf, 1, bufsize, stdout);
		ret = tool_fshut(stdout, "<stdout>", TOOL_OK);
	}
	if (ret == TOOL_OK && !st.quiet) {
		print_counts(&st, stderr);
		fprintf(stderr, "%s: %lu nodes (DAWG %lu, GADDAG %lu), %zu bytes, "
			"%s format\n", tool_name(),
			(unsigned long)lex_node_count(lex),
			(unsigned long)lex_dawg_nodes(lex),
			(unsigned long)(lex_node_count(lex) - lex_dawg_nodes(lex)),
			bufsize, kwg ? "kwg" : "ordverk");
	}
	free(buf);
	lex_destroy(lex);
	return ret;
}
