/*
 * tool_opt.c — a tool's options from one table (tool_opt.h).
 */
#include <stdlib.h>
#include <string.h>
#include "tool.h"
#include "tool_opt.h"

void
tool_getopt_init(struct tool_getopt *g, const struct tool_opt *opts,
	size_t n, unsigned cmd, const char *synopsis, const char *trailer)
{
	size_t i, k = 0, m = 0;

	g->synopsis = synopsis;
	g->trailer = trailer;
	g->opts = opts;
	g->n = n;
	g->cmd = cmd;
	/* A leading ':' makes getopt return ':' for a missing argument;
	 * opterr 0 leaves every message to us. */
	g->optstring[k++] = ':';
	g->optstring[k] = '\0';
	for (i = 0; i < n && m < TOOL_OPT_MAX; i++) {
		struct option *o;

		if (!(opts[i].cmds & cmd))
			continue;
		o = &g->lo[m++];
		o->name = opts[i].name;
		o->has_arg = opts[i].arg != NULL ? required_argument : no_argument;
		o->flag = NULL;
		o->val = opts[i].val;
		if (opts[i].val > 0 && opts[i].val < TOOL_OPT_LONG &&
		    strchr(g->optstring, opts[i].val) == NULL) {
			g->optstring[k++] = (char)opts[i].val;
			if (opts[i].arg != NULL)
				g->optstring[k++] = ':';
			g->optstring[k] = '\0';
		}
	}
	memset(&g->lo[m], 0, sizeof g->lo[m]);
	opterr = 0;
	optind = 0;         /* glibc: start afresh, also after another command */
}

/* The option entry of g with val v taken by g's command, or NULL. */
static const struct tool_opt *
by_val(const struct tool_getopt *g, int v)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		if ((g->opts[i].cmds & g->cmd) && g->opts[i].val == v &&
		    g->opts[i].help != NULL)
			return &g->opts[i];
	for (i = 0; i < g->n; i++)
		if ((g->opts[i].cmds & g->cmd) && g->opts[i].val == v)
			return &g->opts[i];
	return NULL;
}

static int
is_cluster(const char *s)
{
	return s[0] == '-' && s[1] != '-' && s[1] != '\0';
}

/* A long option that getopt refused (s is "--name" or "--name=value"):
 * unknown, or an abbreviation of several. */
static void
bad_long(const struct tool_getopt *g, const char *s)
{
	size_t len = strcspn(s + 2, "="), i, k = 0;
	char list[512] = "";
	int first = -1;

	for (i = 0; g->lo[i].name != NULL; i++)
		if (strncmp(g->lo[i].name, s + 2, len) == 0 &&
		    g->lo[i].val != first && k < 4) {
			size_t used = strlen(list);

			if (first < 0)
				first = g->lo[i].val;
			snprintf(list + used, sizeof list - used, "%s--%s",
			    k ? ", " : "", g->lo[i].name);
			k++;
		}
	if (k > 1)
		tool_warn("ambiguous option '--%.*s' (%s)", (int)len, s + 2,
		    list);
	else
		tool_warn("unknown option '--%.*s'", (int)len, s + 2);
}

/* A short option letter c that getopt refused: find the argument it came
 * from (the one getopt is in, or the one it just left) to show it whole:
 * a UTF-8 letter is more than one byte, and half a character helps no one. */
static void
bad_short(int argc, char **argv, int c)
{
	const char *s = NULL;
	size_t len;

	if (optind > 0 && optind - 1 < argc && is_cluster(argv[optind - 1]) &&
	    (len = strlen(argv[optind - 1])) > 1 &&
	    (unsigned char)argv[optind - 1][len - 1] == (unsigned)c)
		s = argv[optind - 1];
	else if (optind < argc && is_cluster(argv[optind]) &&
	    strchr(argv[optind] + 1, c) != NULL)
		s = argv[optind];
	else if (optind > 0 && optind - 1 < argc && is_cluster(argv[optind - 1]))
		s = argv[optind - 1];
	if (c >= 0x80 || c < 0x20) {
		if (s != NULL)
			tool_warn("'%s' is not an option: put '--' before a move or "
			    "word that starts with '-'", s);
		else
			tool_warn("unknown option: put '--' before a move or word "
			    "that starts with '-'");
	} else if (s != NULL && strlen(s) > 2) {
		tool_warn("unknown option '-%c' in '%s' (put '--' before a move "
		    "or word that starts with '-')", c, s);
	} else {
		tool_warn("unknown option '-%c'", c);
	}
}

int
tool_getopt(struct tool_getopt *g, int argc, char **argv)
{
	int c = getopt_long(argc, argv, g->optstring, g->lo, NULL);
	const char *s = optind > 0 && optind - 1 < argc ? argv[optind - 1] : "";
	const struct tool_opt *o;

	switch (c) {
	case 'h':
		tool_getopt_help(g, stdout);
		exit(tool_fshut(stdout, "<stdout>", TOOL_OK));
	case 'V':
		tool_version();
	case ':':
		if ((o = by_val(g, optopt)) != NULL && strncmp(s, "--", 2) == 0)
			tool_warn("option '--%s' needs an argument (%s)", o->name,
			    o->arg);
		else if (o != NULL)
			tool_warn("option '-%c' needs an argument (%s)", optopt,
			    o->arg);
		else
			tool_warn("option '%s' needs an argument", s);
		tool_getopt_usage(g);
	case '?':
		if (optopt == 0)
			bad_long(g, s);
		else if (strncmp(s, "--", 2) == 0 && strchr(s, '=') != NULL &&
		    (o = by_val(g, optopt)) != NULL)
			tool_warn("option '--%s' takes no argument", o->name);
		else
			bad_short(argc, argv, optopt);
		tool_getopt_usage(g);
	}
	return c;
}

void
tool_getopt_help(const struct tool_getopt *g, FILE *fp)
{
	char left[TOOL_OPT_MAX][64];
	int width = 0, n = 0;
	size_t i;

	for (i = 0; i < g->n; i++) {
		const struct tool_opt *o = &g->opts[i];
		int len;

		if (!(o->cmds & g->cmd) || o->help == NULL || n == TOOL_OPT_MAX)
			continue;
		if (o->val < TOOL_OPT_LONG)
			len = snprintf(left[n], sizeof left[n], "  -%c, --%s%s%s",
			    o->val, o->name, o->arg ? " " : "", o->arg ? o->arg : "");
		else
			len = snprintf(left[n], sizeof left[n], "      --%s%s%s",
			    o->name, o->arg ? " " : "", o->arg ? o->arg : "");
		if (len > width && len <= 28)
			width = len;
		n++;
	}
	fputs(g->synopsis, fp);
	fputc('\n', fp);
	n = 0;
	for (i = 0; i < g->n; i++) {
		const struct tool_opt *o = &g->opts[i];

		if (!(o->cmds & g->cmd) || o->help == NULL || n == TOOL_OPT_MAX)
			continue;
		fprintf(fp, "%-*s  %s\n", width, left[n], o->help);
		n++;
	}
	if (g->trailer != NULL) {
		fputc('\n', fp);
		fputs(g->trailer, fp);
	}
}

void
tool_getopt_usage(const struct tool_getopt *g)
{
	tool_usage(g->synopsis);
}
