/*
 * tool_stats.h — bagsim merge's reading of statistics files: support for
 * the main only, like tool.h (it prints its messages).
 *
 * Each file is read into the sets (stats_sets_load) and its origin
 * (struct stats_origin) checked against those of the files before it of
 * the same ruleset: the same shard of a run twice, or files of different
 * runs, are refused naming both files.  A file without an origin (an older
 * bagsim's) is merged unchecked, with a note; so is a shard with fewer
 * games than its run gives it (a stopped run, with a note).
 */
#ifndef ORDVERK_TOOL_STATS_H
#define ORDVERK_TOOL_STATS_H

#include "stats.h"

/* tool_stats_load: the n files paths[] into m (stats_sets_init first).
 * Returns 0, or -1 after a message naming the file(s). */
int tool_stats_load(struct stats_sets *m, char **paths, int n);

/* tool_stats_write: the statistics of m (one set) as a statistics file
 * (plot 0), or their chart (plot 1), to path by way of a temporary file
 * (tool_atomic).  Returns 0, or -1 after a message. */
int tool_stats_write(const char *path, const struct stats_sets *m, int plot);

#endif
