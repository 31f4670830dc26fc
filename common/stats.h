/*
 * stats.h — statistics of self-play runs (bagsim): exact sums that merge,
 * 95 % intervals, the statistics file of bagsim-stats(5), the table of
 * bagsim(1) STATISTICS and the SVG chart of residence per letter.
 *
 * Every statistic is kept as a count, a sum and a sum of squares of
 * integers, so that the statistics of shards add up to exactly those of
 * one run, in any order; means and intervals are computed only for output.
 * A struct stats is a plain value (no pointers): the caller owns it and
 * copies it freely, as a struct stats_sets.  Nothing here allocates
 * except stats_read (one line buffer, freed before it returns).  The writers return -1 when fp shows
 * a write error (ferror) and leave reporting it to the caller's fclose.
 */
#ifndef ORDVERK_STATS_H
#define ORDVERK_STATS_H

#include <stdint.h>
#include <stdio.h>
#include "err.h"
#include "game.h"
#include "rules.h"

#define STATS_Z95 1.959964	/* the normal distribution's 97.5th percentile */

/* One statistic: n values, their sum and the sum of their squares. */
struct stats_acc {
	uint64_t n;
	int64_t sum;
	uint64_t sumsq;
};

/* stats_acc_add: adds the value v.  stats_acc_merge: adds b's values to
 * a (the same as adding each of them). */
void stats_acc_add(struct stats_acc *a, int64_t v);
void stats_acc_merge(struct stats_acc *a, const struct stats_acc *b);

/* stats_acc_ci: the mean of a divided by scale, and the half-width of its
 * 95 % confidence interval (normal approximation: z times the standard
 * error, the variance the sample variance), also divided by scale.  Both
 * are 0 when a is empty; the half-width is 0 when n < 2. */
void stats_acc_ci(const struct stats_acc *a, int scale, double *mean,
	double *half);

/* stats_wilson: the Wilson score interval (95 %) of a share p of n > 0
 * trials (E. B. Wilson, J. Amer. Statist. Assoc. 22 (1927) 209-212),
 * clamped to [0, 1].  Unlike the normal approximation it does not shrink
 * to a point at 0 of n or n of n and stays within 0..1. */
void stats_wilson(double p, double n, double *low, double *high);

/* The statistics of a game, in the order of the file and the table. */
enum {
	STATS_SCORE1, STATS_SCORE2, STATS_SCORE, STATS_MARGIN, STATS_TURNS,
	STATS_BINGOS, STATS_FIRST, STATS_PASSES, STATS_N
};

/* stats_name: the name of statistic i (0 <= i < STATS_N) in the file and
 * the table ("score_p1", ...; bagsim-stats(5)). */
const char *stats_name(int i);

/* Where statistics came from (bagsim-stats(5) lexicon ... shard): a run is
 * its ruleset, players, lexicon, robots, seed and games; a file is one
 * shard of it.  Files of an older bagsim have none (known 0). */
#define STATS_ROBOTS_MAX 256
struct stats_origin {
	int known;
	uint32_t lexicon;                /* lex_checksum of the lexicon */
	uint32_t vocab;                  /* of the robots' vocabulary; 0 none */
	char robots[STATS_ROBOTS_MAX];   /* the seats: "fullsterkur equity:CRC" */
	uint64_t seed;
	long games;                      /* games of the whole run (-g) */
	long shard_k, shard_n;
};

struct stats {
	char rules[RULES_NAME_MAX];      /* ruleset name; "" = none yet */
	long players;                    /* players a game */
	uint64_t games;
	struct stats_acc st[STATS_N];
	struct stats_acc res[RULES_MAX_TILES];  /* residence by tile, 0 = blank */
	struct stats_origin origin;      /* stats_merge keeps s's */
};

/* stats_init: empty statistics of ruleset rules_name (NULL: none yet)
 * and players players a game. */
void stats_init(struct stats *s, const char *rules_name, long players);

/* stats_game: adds the finished game g: the scores, margin, turns,
 * bingos, the winner (first_player_wins counts 2 for a win of player 1, 1
 * for a draw), whether it ended on passes, and its residence sums. */
void stats_game(struct stats *s, const struct game *g);

/* stats_merge: adds o to s.  Both must have the same ruleset and number
 * of players; returns 0, or -1 with e set (and s unchanged). */
int stats_merge(struct stats *s, const struct stats *o, struct err *e);

/* stats_origin_clash: whether two files of one ruleset and players,
 * origins a and b, may not be merged: the same shard of a run twice, or
 * files of different runs (another lexicon, vocabulary, robots, seed,
 * number of games, or split into another number of shards).  Returns 0
 * (they may; also when either origin is unknown), or 1 with why (cap
 * bytes) saying how they clash. */
int stats_origin_clash(const struct stats_origin *a,
	const struct stats_origin *b, char *why, size_t cap);

/* stats_origin_find: the first of seen[0..n) of set sets[i] == set that
 * clashes with o (stats_origin_clash), or -1; why as there. */
long stats_origin_find(const struct stats_origin *seen, const int *sets,
	long n, const struct stats_origin *o, int set, char *why, size_t cap);

/* stats_origin_shard_games: how many games the shard of o plays in all
 * (o known): fewer in its file means the run was stopped. */
long stats_origin_shard_games(const struct stats_origin *o);

/* stats_write: s as a statistics file (bagsim-stats(5)) to fp, a letter
 * line for every tile 0..r->nletters of ruleset r. */
int stats_write(FILE *fp, const struct stats *s, const struct rules *r);

/* stats_read: the statistics file read from fp into s (emptied first)
 * and its ruleset into r (rules_get: a built-in name or a ruleset file).
 * A file without a players line has 2 players; a second players line
 * must agree with the first.  Returns 0, or -1 with e set: the line, or 0
 * for a file without a rules or games line.  A line longer than
 * STATS_LINE_MAX bytes is an error. */
#define STATS_LINE_MAX (1L << 20)
int stats_read(struct stats *s, struct rules *r, FILE *fp, struct err *e);

/* The statistics of files of up to STATS_MAX_SETS rulesets, those of each
 * ruleset merged: the sets that bagsim merge prints and draws side by
 * side.  set[i] is of ruleset r[i], in the order first read. */
#define STATS_MAX_SETS 2
struct stats_sets {
	int n;
	struct stats set[STATS_MAX_SETS];
	struct rules r[STATS_MAX_SETS];
	/* The file last read by stats_sets_read: its set, origin and games. */
	int last_set;
	struct stats_origin last;
	uint64_t last_games;
};

/* stats_sets_init: no sets.  stats_sets_read: adds the statistics file
 * read from fp (stats_read) to the set of its ruleset, a new set for a
 * ruleset not read before.  A ruleset beyond STATS_MAX_SETS is an error
 * at the file's rules line, and so are players that differ from those of
 * the set's first file (a file without a players line has the set's).
 * Returns 0, or -1 with e set and m unchanged. */
void stats_sets_init(struct stats_sets *m);
int stats_sets_read(struct stats_sets *m, FILE *fp, struct err *e);

/* stats_sets_load: stats_sets_read of the file path.  Returns 0, or -1
 * with e set about the file without naming it (the caller does):
 * strerror's message, line 0, for a file that cannot be opened. */
int stats_sets_load(struct stats_sets *m, const char *path, struct err *e);

/* stats_sets_one: one empty set, of ruleset r (copied) and players
 * players a game: the statistics of one run (bagsim play). */
void stats_sets_one(struct stats_sets *m, const struct rules *r,
	long players);

/* stats_table: the table of bagsim(1) STATISTICS, tab-separated with a
 * header line: each statistic, then residence_X for each letter X of
 * ruleset r that has tiles, with n, the mean and its 95 % interval (the
 * Wilson interval for the shares first_player_wins and end_passes), "-"
 * where there is nothing to show. */
int stats_table(FILE *fp, const struct stats *s, const struct rules *r);

/* stats_plot: a self-contained SVG bar chart of the mean residence of
 * each letter of ruleset r that has tiles, with its 95 % interval as a
 * whisker. */
int stats_plot(FILE *fp, const struct stats *s, const struct rules *r);

/* stats_sets_table, stats_sets_plot (m->n >= 1): for one set,
 * stats_table and stats_plot.  For two: the tables of both under one header, each line
 * starting with a column "rules", the set's ruleset; and one chart with
 * two bars a letter side by side, each with its 95 % interval, in two
 * colours named by a legend (ruleset and games), the letters those of
 * either ruleset (the first's in its order, then the second's own).  The
 * chart is self-contained SVG with its XML declaration (UTF-8). */
int stats_sets_table(FILE *fp, const struct stats_sets *m);
int stats_sets_plot(FILE *fp, const struct stats_sets *m);

#endif
