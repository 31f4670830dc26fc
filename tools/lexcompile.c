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
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "err.h"
#include "lex.h"
#include "rules.h"
#include "tool.h"
#include "wordlist.h"
#include "wordsel.h"

/* Entries read, rejected and folded (of lists, the two-letter list and
 * additions), and what the selection found. */
struct counts {
	unsigned long in, rejected, folded;
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
};

static const char synopsis[] =
	"usage: lexcompile -r RULESET [-Lq] [-o OUT] [-f ordverk|kwg] [-e utf8|latin1]\n"
	"                  [-a FILE] [-d FILE] [-t FILE] [LIST ...]\n";

static void usage(void) __attribute__((noreturn));

static void
usage(void)
{
	fputs(synopsis, stderr);
	exit(TOOL_ERR);
}

static void
help(void)
{
	fputs(synopsis, stdout);
	fputs("\n"
	      "  -r, --rules RULESET      ruleset name (no, no-nsf, da, is, is-old, en) or file\n"
	      "  -o, --output OUT         write the lexicon to OUT (default: standard output)\n"
	      "  -f, --format FMT         ordverk (default) or kwg\n"
	      "  -e, --encoding ENC       utf8 (default) or latin1 (ISO-8859-1 lists)\n"
	      "  -t, --two-letter FILE    two-letter words come only from FILE\n"
	      "  -a, --add FILE           words to add after the lists\n"
	      "  -d, --remove FILE        words to remove at the end\n"
	      "  -L, --lint               report rejected and folded words only; write nothing\n"
	      "  -q, --quiet              no word reports and no summary\n"
	      "  -h, --help, -V, --version\n", stdout);
	exit(tool_fshut(stdout, "<stdout>", TOOL_OK));
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
			tool_warnerr(name, &e);
			st->errors++;
			continue;
		}
		if (src != WORDSEL_REMOVE)
			st->c.in++;
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
		if (st->quiet)
			continue;
		if ((res == NORM_NOT_LETTER || res == NORM_OUTSIDE) && bad != 0)
			snprintf(msg, sizeof msg, "%s (U+%04X)",
				rules_norm_message(res), (unsigned)bad);
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
	static const struct option longopts[] = {
		{ "add",        required_argument, NULL, 'a' },
		{ "remove",     required_argument, NULL, 'd' },
		{ "encoding",   required_argument, NULL, 'e' },
		{ "format",     required_argument, NULL, 'f' },
		{ "help",       no_argument,       NULL, 'h' },
		{ "lint",       no_argument,       NULL, 'L' },
		{ "output",     required_argument, NULL, 'o' },
		{ "quiet",      no_argument,       NULL, 'q' },
		{ "rules",      required_argument, NULL, 'r' },
		{ "two-letter", required_argument, NULL, 't' },
		{ "version",    no_argument,       NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
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
	static char stderr_buf[1 << 16];

	tool_init(argv[0]);
	memset(&st, 0, sizeof st);
	st.progress = isatty(STDERR_FILENO);
	/* Lists of millions of lines can have many rejections: buffer them
	 * (before any output, as setvbuf requires; exit flushes). */
	if (!st.progress)
		setvbuf(stderr, stderr_buf, _IOFBF, sizeof stderr_buf);
	st.enc = WORDLIST_UTF8;
	adds = tool_xcalloc((size_t)argc, sizeof *adds);
	removes = tool_xcalloc((size_t)argc, sizeof *removes);
	while ((ch = getopt_long(argc, argv, "a:d:e:f:hLo:qr:t:V", longopts,
	    NULL)) != -1) {
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
		case 'h': help(); break;
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
		case 'V': tool_version(); break;
		default: usage();
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

	nwords = wordsel_select(st.sel, st.twomode, &st.c.sel);
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
