/*
 * lines.h — reading text a line at a time, a line's memory bounded.
 *
 * getline(3) would grow its buffer to the longest line, so one huge line
 * (a binary file, a missing newline) could take gigabytes; lines_read
 * stops storing at max bytes, skips the rest of that line and says so.
 * The caller owns the buffer (*buf, *cap: NULL and 0 to begin; free(*buf)
 * at the end) and the count of lines read (*lineno).  Used by the tools'
 * line readers (tool.h) and the statistics reader (stats.h).
 */
#ifndef ORDVERK_LINES_H
#define ORDVERK_LINES_H

#include <stddef.h>
#include <stdio.h>

/* lines_read: the next line of fp, without its line end (and a CR before
 * it), NUL-terminated in *buf, grown as needed (*cap bytes); returns its
 * length and adds 1 to *lineno.  -1 at the end of the input; -2 on a read
 * error or when memory runs out (errno ENOMEM); -3 for a line over max
 * bytes, skipped to its end and counted in *lineno. */
long lines_read(FILE *fp, char **buf, size_t *cap, long *lineno, size_t max);

#endif
