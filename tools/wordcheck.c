/*
 * wordcheck — look words up in a lexicon; anagrams, patterns, listings,
 * differences and facts about a lexicon.
 *
 * Checking is built for throughput (SPEC §5: over 5 million lookups a
 * second): standard input is read in 1 MiB blocks and each line checked in
 * place; words whose letters are one code point of one or two UTF-8 bytes
 * are mapped to tiles by table (tiletext.h) instead of the general
 * normaliser; a lookup starts from the previous word's path below their
 * common prefix (lexq_cursor_find: lists are usually sorted); only the
 * lexicon's DAWG is read; output goes through one large buffer.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "err.h"
#include "lex.h"
#include "lexquery.h"
#include "rules.h"
#include "tiletext.h"
#include "tool.h"
#include "tool_opt.h"
#include "wordlist.h"

#define OUTBUF_SIZE ((size_t)1 << 20)

enum mode { M_CHECK, M_ANAGRAM, M_PATTERN, M_LIST, M_DIFF, M_INFO };
enum show { SHOW_ALL, SHOW_VALID, SHOW_INVALID };

/* Output goes through one large buffer (tool_out); a write error is
 * reported once at the end. */
static struct tool_out out;

static void
out_put(const char *s, size_t n)
{
	tool_out_put(&out, s, n);
}

/* out_fmt: one formatted line of at most 511 bytes (longer is cut). */
static void __attribute__((format(printf, 1, 2)))
out_fmt(const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	out_put(line, strlen(line));
}

struct ctx {
	const struct rules *r;
	const struct lex *lex;
	int quiet, verbose;
	enum show show;
	struct tiletext tt;        /* words to tiles and back by table */
	long nno;                  /* words that are not in the lexicon */
	int errors;
	struct lexq_cursor cur;    /* lookups resume from the word before */
};

static const char synopsis[] =
	"usage: wordcheck [-l FILE] [-r RULESET] [-qv] [-y | -N] [WORD ...]\n"
	"       wordcheck [-l FILE] [-r RULESET] -a RACK | -p PATTERN | -L | -i | -d FILE\n";

/* The letters and long names follow ordverk(7); the entries without help
 * are old names, kept working. */
static const struct tool_opt options[] = {
	{ 'l', "lexicon", "FILE", "lexicon file (ordverk or KWG; - = standard input)", 1 },
	{ 'r', "rules", "RULESET", "ruleset; alone, selects its default lexicon", 1 },
	{ 'q', "quiet", NULL, "print nothing; the exit status says it all", 1 },
	{ 'v', "verbose", NULL, "say on stderr why a line is not a word form", 1 },
	{ 'y', "valid", NULL, "print only the words that are in the lexicon", 1 },
	{ 'N', "invalid", NULL, "print only the words that are not", 1 },
	{ 'a', "anagram", "RACK", "words made from the tiles of RACK (? = blank)", 1 },
	{ 'p', "pattern", "PATTERN", "words matching it (? or . one letter, * any run)", 1 },
	{ 'L', "list", NULL, "every word, in alphabet order", 1 },
	{ 'd', "diff", "FILE", "+WORD (only in FILE) and -WORD (only in -l's) lines", 1 },
	{ 'i', "info", NULL, "ruleset, words, nodes, bytes, checksum", 1 },
	{ 'h', "help", NULL, "print this help and exit", 1 },
	{ 'V', "version", NULL, "print the version and exit", 1 },
};

static void usage(void) __attribute__((noreturn));

static void
usage(void)
{
	tool_usage(synopsis);
}

static void
ctx_init(struct ctx *c, const struct rules *r, const struct lex *lex)
{
	memset(c, 0, sizeof *c);
	c->r = r;
	c->lex = lex;
	lexq_cursor_init(&c->cur, lex);
	tiletext_init(&c->tt, r);
}

/* put_word: writes tiles as UTF-8, letters with TILE_BLANK in lowercase. */
static void
put_word(const struct ctx *c, const uint8_t *w, int n)
{
	char buf[TILETEXT_WORD_MAX];

	out_put(buf, tiletext_write(&c->tt, w, n, buf));
}

/* check_one: looks up one trimmed entry and prints its line.  Unless
 * valid says it is known to be UTF-8 without NUL bytes, an entry that misses
 * the fast path is checked for that first (the fast path accepts only valid
 * sequences, so most lines are scanned once).  Returns -1 for a NUL byte
 * (UTF-16 or binary input: not worth reading further), else 0. */
static int
check_one(struct ctx *c, const char *s, size_t len, int valid, const char *name,
	long line)
{
	uint8_t tiles[RULES_MAX_WORD];
	int n, ok, known = 1;

	/* Most words are read by table; anything else goes to the general
	 * normaliser. */
	n = tiletext_read(&c->tt, s, len, tiles);
	if (n < 0) {
		uint32_t bad = 0;
		enum norm_result res;
		size_t at;

		if (!valid && memchr(s, '\0', len) != NULL) {
			tool_warnfl(name, line,
				"NUL byte: UTF-16 or binary data, not UTF-8 text");
			c->errors++;
			return -1;
		}
		if (!valid && !wordlist_utf8_valid(s, len, &at)) {
			tool_warnfl(name, line, "invalid UTF-8 (byte 0x%02X at byte %zu)",
				(unsigned char)s[at], at + 1);
			c->errors++;
			return 0;
		}
		res = rules_normalise_word(c->r, s, len, tiles, &n, &bad);

		if (res != NORM_OK && res != NORM_FOLDED) {
			known = 0;
			if (c->verbose) {
				if (bad != 0)
					tool_warnfl(name, line, "%s: %s (U+%04X)", s,
						rules_norm_message(res), (unsigned)bad);
				else
					tool_warnfl(name, line, "%s: %s", s,
						rules_norm_message(res));
			}
		}
	}
	ok = known && lexq_cursor_find(&c->cur, tiles, n);
	if (!ok)
		c->nno++;
	if (c->quiet || (c->show == SHOW_VALID && !ok) ||
	    (c->show == SHOW_INVALID && ok))
		return 0;
	if (known)
		put_word(c, tiles, n);
	else
		out_put(s, len);
	if (c->show == SHOW_ALL)
		out_put(ok ? "\tok\n" : "\tno\n", 4);
	else
		out_put("\n", 1);
	return 0;
}

/* check_stdin: checks the lines of standard input in place (the scanner
 * does not copy them, as the word-list reader does; this path is the one
 * SPEC §5 measures).  Plain text only. */
static void
check_stdin(struct ctx *c)
{
	struct wordlist_scan sc;
	enum wordlist_status st;
	struct err e;
	size_t len;
	char *s;

	if (wordlist_scan_init(&sc, STDIN_FILENO, &e) != 0) {
		tool_warnerr(NULL, &e);
		c->errors++;
		return;
	}
	while ((st = wordlist_scan_next(&sc, &s, &len, &e)) != WORDLIST_EOF) {
		if (st == WORDLIST_ENTRY) {
			if (check_one(c, s, len, 0, "<stdin>", sc.line) < 0)
				break;
			continue;
		}
		tool_warnerr("<stdin>", &e);
		c->errors++;
		if (st == WORDLIST_FATAL)
			break;
	}
	wordlist_scan_free(&sc);
}

/* --- anagrams, patterns, listing and differences --- */

/* put_line: a word and a line end (-L prints even with -q). */
static int
put_line(const uint8_t *w, int n, void *arg)
{
	put_word(arg, w, n);
	out_put("\n", 1);
	return 0;
}

/* put_found: a word found by a search, unless quiet. */
static int
put_found(const uint8_t *w, int n, void *arg)
{
	const struct ctx *c = arg;

	return c->quiet ? 0 : put_line(w, n, arg);
}

static int
do_anagram(struct ctx *c, const char *rack)
{
	uint8_t counts[RULES_MAX_TILES];
	struct err e;
	long nf;

	if (rules_rack_parse(c->r, rack, strlen(rack), counts, &e) < 0) {
		tool_warn("rack '%s': %s", rack, e.msg);
		return TOOL_ERR;
	}
	nf = lexq_anagrams(c->lex, counts, put_found, c, &e);
	if (nf < 0) {
		tool_warnerr(NULL, &e);
		return TOOL_ERR;
	}
	return nf > 0 ? TOOL_OK : TOOL_NO;
}

static int
do_pattern(struct ctx *c, const char *pat)
{
	struct lexq_pattern p;
	struct err e;

	if (lexq_pattern_parse(&p, c->r, pat, strlen(pat), &e) < 0) {
		tool_warn("pattern '%s': %s", pat, e.msg);
		return TOOL_ERR;
	}
	return lexq_pattern_words(c->lex, &p, put_found, c) > 0 ? TOOL_OK :
	    TOOL_NO;
}

/* put_change: a word of a difference after its sign, unless quiet. */
static int
put_change(int sign, const uint8_t *w, int n, void *arg)
{
	const struct ctx *c = arg;
	char ch = (char)sign;

	if (c->quiet)
		return 0;
	out_put(&ch, 1);
	return put_line(w, n, arg);
}

static int
do_diff(struct ctx *c, const char *other_path)
{
	struct lex *other = tool_load_lexicon(other_path, c->r, 0, NULL);
	long n;

	if (other == NULL)
		return TOOL_ERR;
	n = lexq_diff(c->lex, other, put_change, c);
	lex_destroy(other);
	return n > 0 ? TOOL_NO : TOOL_OK;
}

static int
do_info(struct ctx *c, const char *path, size_t len)
{
	uint32_t nodes = lex_node_count(c->lex), dawg = lex_dawg_nodes(c->lex);

	if (c->quiet)
		return TOOL_OK;
	out_fmt("file\t%s\n", path);
	out_fmt("ruleset\t%s\n", c->r->name);
	out_fmt("format\t%s\n", lex_rules_name(c->lex)[0] ? "ordverk" : "kwg");
	out_fmt("words\t%zu\n", lex_word_count(c->lex));
	out_fmt("nodes\t%lu\n", (unsigned long)nodes);
	out_fmt("dawg_nodes\t%lu\n", (unsigned long)dawg);
	out_fmt("gaddag_nodes\t%lu\n", (unsigned long)(nodes - dawg));
	out_fmt("bytes\t%zu\n", len);
	out_fmt("checksum\t%08lx\n", (unsigned long)lex_checksum(c->lex));
	return TOOL_OK;
}

int
main(int argc, char *argv[])
{
	const char *lex_path = NULL, *rules_name = NULL, *arg = NULL;
	char *default_path = NULL;
	size_t lex_bytes = 0;
	struct rules rules;
	struct lex *lex;
	struct err e;
	struct ctx c;
	enum mode mode = M_CHECK;
	enum show show = SHOW_ALL;
	int ch, quiet = 0, verbose = 0, nmodes = 0, ret, i;
	struct tool_getopt g;

	tool_init(argv[0]);
	tool_getopt_init(&g, options, sizeof options / sizeof options[0], 1,
	    synopsis, "Exit status: 0 all found, 1 a word not found (nothing "
	    "found, -d: lexicons\ndiffer), 2 a usage or input error.\n");
	while ((ch = tool_getopt(&g, argc, argv)) != -1) {
		switch (ch) {
		case 'a': mode = M_ANAGRAM; arg = optarg; nmodes++; break;
		case 'd': mode = M_DIFF; arg = optarg; nmodes++; break;
		case 'i': mode = M_INFO; nmodes++; break;
		case 'L': mode = M_LIST; nmodes++; break;
		case 'l': lex_path = optarg; break;
		case 'N': show = SHOW_INVALID; break;
		case 'p': mode = M_PATTERN; arg = optarg; nmodes++; break;
		case 'q': quiet = 1; break;
		case 'r': rules_name = optarg; break;
		case 'v': verbose = 1; break;
		case 'y': show = SHOW_VALID; break;
		}
	}
	argc -= optind;
	argv += optind;
	if (nmodes > 1) {
		tool_warn("give at most one of -a, -p, -L, -d, -i");
		usage();
	}
	if (mode != M_CHECK && argc > 0) {
		tool_warn("words as arguments only when checking words");
		usage();
	}
	if (lex_path != NULL && strcmp(lex_path, "-") == 0 &&
	    ((mode == M_CHECK && argc == 0) ||
	    (mode == M_DIFF && strcmp(arg, "-") == 0))) {
		tool_warn("standard input cannot hold both the lexicon and "
			"the words (or both lexicons)");
		usage();
	}
	if (lex_path == NULL && rules_name == NULL) {
		tool_warn("no lexicon: give -l LEX or -r RULESET");
		usage();
	}
	if (rules_name != NULL && rules_get(&rules, rules_name, &e) != 0) {
		tool_warnerr(rules_name, &e);
		return TOOL_ERR;
	}
	if (lex_path == NULL) {
		const char *want = rules.lexicon_hint[0] ? rules.lexicon_hint :
		    rules.name;

		default_path = tool_default_lexicon(&rules);
		if (default_path == NULL) {
			tool_warn("no default lexicon '%s.lex' for ruleset %s "
				"(build it with make, set ORDVERK_LEXDIR, or give -l LEX)",
				want, rules.name);
			return TOOL_ERR;
		}
		lex_path = default_path;
	}
	lex = tool_load_lexicon(lex_path, rules_name ? &rules : NULL,
		mode == M_INFO, &lex_bytes);
	if (lex == NULL) {
		free(default_path);
		return TOOL_ERR;
	}
	/* With -r, the loader refused a lexicon of another alphabet. */
	if (rules_name == NULL && rules_get(&rules, lex_rules_name(lex), &e) != 0) {
		tool_warn("%s: lexicon's ruleset '%s': %s (give -r RULESET)",
			lex_path, lex_rules_name(lex), e.msg);
		lex_destroy(lex);
		return TOOL_ERR;
	}

	tool_out_init(&out, stdout, "<stdout>", OUTBUF_SIZE);
	ctx_init(&c, &rules, lex);
	c.quiet = quiet;
	c.verbose = verbose;
	c.show = show;
	switch (mode) {
	case M_CHECK:
		if (argc > 0)
			for (i = 0; i < argc; i++) {
				size_t n = strlen(argv[i]);

				if (!wordlist_utf8_valid(argv[i], n, NULL)) {
					tool_warn("argument %d: invalid UTF-8", i + 1);
					c.errors++;
					continue;
				}
				check_one(&c, argv[i], n, 1, "<args>", i + 1);
			}
		else
			check_stdin(&c);
		ret = c.errors ? TOOL_ERR : c.nno ? TOOL_NO : TOOL_OK;
		break;
	case M_ANAGRAM:
		ret = do_anagram(&c, arg);
		break;
	case M_PATTERN:
		ret = do_pattern(&c, arg);
		break;
	case M_LIST:
		ret = lex_foreach(lex, put_line, &c) == 0 ? TOOL_OK : TOOL_ERR;
		break;
	case M_DIFF:
		ret = do_diff(&c, arg);
		break;
	case M_INFO:
	default:
		ret = do_info(&c, lex_path, lex_bytes);
		break;
	}
	ret = tool_out_close(&out, ret);
	lex_destroy(lex);
	free(default_path);
	return ret;
}
