/*
 * tool_show.h — the pictures a tool draws on request (picture.h, report.h):
 * a terminal board after each position (--show), an SVG file a position
 * (--svg NAME), a game's HTML report (--html NAME).  Support for the mains
 * only, like tool.h: it prints its messages and writes files whole or not
 * at all (tool_atomic).
 *
 * NAME may hold one %d or %0Nd (tool_numbered_name), replaced by a number
 * the tool chooses (an input line, a turn, a game); without one, a run may
 * write one file only.  "-" writes the one picture to standard output.
 */
#ifndef ORDVERK_TOOL_SHOW_H
#define ORDVERK_TOOL_SHOW_H

#include "picture.h"
#include "report.h"

struct tool_show {
	int text;                   /* --show: boards in the terminal */
	int colour;                 /* PICTURE_COLOUR or 0 (tool_show_check) */
	int row_letters;            /* --row-letter: rows A.., columns 1.. */
	const char *svg;            /* --svg NAME, or NULL */
	const char *html;           /* --html NAME, or NULL */
	long files;                 /* SVG pictures written */
	long pages;                 /* HTML pages written */
	long boards;                /* terminal boards written */
};

/* tool_show_check: validates the options once they are parsed: the
 * --color word (when, NULL = auto), the names' numbers; many_svg,
 * many_html: the run will or may draw more than one picture, or write more
 * than one page (a name without a number, or "-", is refused then).
 * Returns 0, or -1 after a message (a usage error). */
int tool_show_check(struct tool_show *sh, const char *when, int many_svg,
	int many_html);

/* tool_show_on: 1 if any picture is asked for. */
int tool_show_on(const struct tool_show *sh);

/* tool_show_svg_stdout: 1 if the SVG replaces the text on standard output. */
int tool_show_svg_stdout(const struct tool_show *sh);

/* tool_show_picture: draws pic as the options ask (a blank line between
 * terminal boards); number names the SVG file.  Returns 0, or -1 after a
 * message. */
int tool_show_picture(struct tool_show *sh, const struct picture *pic,
	long number);

/* tool_show_move: tool_show_picture of position p under r with move m
 * (may be NULL; drawn when a tile play) and caption. */
int tool_show_move(struct tool_show *sh, const struct rules *r,
	const struct position *p, const struct move *m, const char *caption,
	long number);

/* tool_show_report: writes report rp (final scores final) to the --html
 * file numbered number.  Returns 0, or -1 after a message. */
int tool_show_report(struct tool_show *sh, const struct report *rp,
	const int *final, long number);

#endif
