/* tool_show.c — pictures a tool draws on request (tool_show.h). */
#include <stdio.h>
#include <string.h>
#include "tool.h"
#include "tool_show.h"

static int
name_ok(const char *opt, const char *name, int many)
{
	char probe[4096];
	int numbered;

	if (name == NULL)
		return 0;
	if (strcmp(name, "-") == 0) {
		if (!many)
			return 0;
		tool_warn("%s -: standard output takes one picture, alone",
		    opt);
		return -1;
	}
	numbered = tool_numbered_name(name, 1, probe, sizeof probe);
	if (numbered < 0) {
		tool_warn("%s %s: a name takes one %%d or %%0Nd, and %%%% for %%",
		    opt, name);
		return -1;
	}
	if (numbered == 0 && many) {
		tool_warn("%s %s: one file each needs %%d in the name", opt,
		    name);
		return -1;
	}
	return 0;
}

int
tool_show_check(struct tool_show *sh, const char *when, int many_svg,
	int many_html)
{
	int c = tool_colour(stdout, when);

	if (c < 0) {
		tool_warn("--color %s: say always, never or auto", when);
		return -1;
	}
	sh->colour = c ? PICTURE_COLOUR : 0;
	if (sh->text && sh->svg != NULL && strcmp(sh->svg, "-") == 0)
		many_svg = 1;   /* boards and an SVG cannot share stdout */
	return name_ok("--svg", sh->svg, many_svg) < 0 ||
	    name_ok("--html", sh->html, many_html) < 0 ? -1 : 0;
}

int
tool_show_on(const struct tool_show *sh)
{
	return sh->text || sh->svg != NULL || sh->html != NULL;
}

int
tool_show_svg_stdout(const struct tool_show *sh)
{
	return sh->svg != NULL && strcmp(sh->svg, "-") == 0;
}

/* out_open: the file for picture number n of option name (or stdout). */
static FILE *
out_open(const char *name, long n, long *count, struct tool_atomic *a)
{
	char path[4096];

	if (strcmp(name, "-") == 0)
		return stdout;
	if (tool_numbered_name(name, n, path, sizeof path) == 0 &&
	    *count > 0) {
		tool_warn("%s: more than one picture; put %%d in the name",
		    name);
		return NULL;
	}
	(*count)++;
	return tool_atomic_open(a, path);
}

static int
out_close(FILE *fp, struct tool_atomic *a, int failed, const struct err *e)
{
	if (fp == stdout) {
		if (failed)
			tool_warn("%s", e->msg);
		return failed ? -1 : 0;
	}
	if (failed) {
		tool_warn("%s: %s", a->path, e->msg);
		tool_atomic_abort(a);
		return -1;
	}
	return tool_atomic_commit(a);
}

int
tool_show_picture(struct tool_show *sh, const struct picture *pic,
	long number)
{
	struct tool_atomic a;
	struct err e;
	FILE *fp;

	err_clear(&e);
	if (sh->text) {
		if (sh->boards++ > 0)
			putchar('\n');
		if (picture_text(stdout, pic, sh->colour |
		    (sh->row_letters ? PICTURE_ROW_LETTERS : 0), &e) < 0) {
			tool_warn("%s", e.msg);
			return -1;
		}
	}
	if (sh->svg == NULL)
		return 0;
	if ((fp = out_open(sh->svg, number, &sh->files, &a)) == NULL)
		return -1;
	return out_close(fp, &a, picture_svg(fp, pic, sh->row_letters ?
	    PICTURE_ROW_LETTERS : 0, &e) < 0, &e);
}

int
tool_show_move(struct tool_show *sh, const struct rules *r,
	const struct position *p, const struct move *m, const char *caption,
	long number)
{
	struct picture pic;

	picture_init(&pic, r, p);
	if (m != NULL && m->kind == MOVE_PLACE)
		pic.marks[PICTURE_PLAYED] = m;
	pic.caption = caption;
	return tool_show_picture(sh, &pic, number);
}

int
tool_show_report(struct tool_show *sh, const struct report *rp,
	const int *final, long number)
{
	struct tool_atomic a;
	struct err e;
	FILE *fp;

	err_clear(&e);
	if (sh->html == NULL)
		return 0;
	if ((fp = out_open(sh->html, number, &sh->pages, &a)) == NULL)
		return -1;
	return out_close(fp, &a, report_write(rp, final, fp, &e) < 0, &e);
}
