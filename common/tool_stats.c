/* tool_stats.c — see tool_stats.h. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "err.h"
#include "tool.h"
#include "tool_stats.h"

int
tool_stats_load(struct stats_sets *m, char **paths, int n)
{
	struct stats_origin *seen = tool_xcalloc((size_t)n + 1, sizeof *seen);
	int *sets = tool_xcalloc((size_t)n + 1, sizeof *sets);
	struct err e;
	char why[2 * STATS_ROBOTS_MAX + 64];
	long j;
	int rc = 0;

	stats_sets_init(m);
	for (int i = 0; i < n && rc == 0; i++) {
		if (stats_sets_load(m, paths[i], &e) < 0) {
			tool_warnerr(paths[i], &e);
			rc = -1;
		} else if ((j = stats_origin_find(seen, sets, i, &m->last,
		    m->last_set, why, sizeof why)) >= 0) {
			tool_warn("%s and %s: %s: not merged", paths[j], paths[i],
			    why);
			rc = -1;
		} else if (!m->last.known) {
			tool_warn("note: %s: no origin (a file of an older "
			    "bagsim): merged unchecked", paths[i]);
		} else if (m->last_games <
		    (uint64_t)stats_origin_shard_games(&m->last)) {
			tool_warn("note: %s: %" PRIu64 " of the %ld games of shard "
			    "%ld/%ld (a stopped run)", paths[i], m->last_games,
			    stats_origin_shard_games(&m->last), m->last.shard_k,
			    m->last.shard_n);
		}
		seen[i] = m->last;
		sets[i] = m->last_set;
	}
	free(seen);
	free(sets);
	return rc;
}

int
tool_stats_write(const char *path, const struct stats_sets *m, int plot)
{
	struct tool_atomic a;
	FILE *fp = tool_atomic_open(&a, path);

	if (fp == NULL)
		return -1;
	/* A write error shows in the commit, which reports it. */
	(void)(plot ? stats_sets_plot(fp, m) :
	    stats_write(fp, &m->set[0], &m->r[0]));
	return tool_atomic_commit(&a);
}
