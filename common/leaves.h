/*
 * leaves.h — leave values learned from self-play (bagsim leaves).
 *
 * A leave's value is what keeping it is worth on the next turn, against
 * the average.  Equity robots play games with the current table; after
 * each turn made with at least a rack's worth of tiles in the bag (so
 * that the next turn is an ordinary one), the tiles kept (a leave of the
 * table) are credited with what their holder's next turn is worth: its
 * score plus the table's value of what that turn keeps (0 once the bag is
 * empty).  That is temporal-difference learning of one step (Sutton,
 * 1988), the rule Quackle's and MAGPIE's leave makers follow in spirit:
 * a leave is good when the turns after it score well and keep well.
 * After a round of games, a leave's new value is the mean of its credits
 * less the mean of all credits, shrunk toward a value made from its
 * sub-leaves (the mean over its tiles t of the value of the leave less t
 * plus that of t alone) by LEAVES_PRIOR pseudo-samples, so that a leave
 * seen a few times gets little more than its parts say and one never seen
 * gets exactly that.  Rounds repeat with the new table.
 *
 * Credits are kept as integer sums (millipoints) and counts per leave,
 * so that shards of one round (games k with k % N == K - 1) merge
 * exactly, in any order: struct leaves_acc, written and read as text.
 */
#ifndef ORDVERK_LEAVES_H
#define ORDVERK_LEAVES_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include "err.h"
#include "klv.h"
#include "lex.h"
#include "rules.h"

#define LEAVES_PRIOR 30     /* pseudo-samples of the sub-leaves' value */

struct leaves_acc {
	uint32_t n;              /* leaves of the table */
	int64_t *sum;            /* credits, millipoints */
	uint32_t *count;
	int64_t total;           /* all credits */
	uint64_t samples;
	long games;
};

/* leaves_table: ruleset r's table of leaves (1 to rack size - 1 tiles),
 * its values taken from start (a table of the same alphabet; NULL: all
 * 0).  Returns it, or NULL with e set (memory). */
struct klv *leaves_table(const struct rules *r, const struct klv *start,
	struct err *e);

/* leaves_table_load: leaves_table with its values from the KLV file
 * start (klv_load; NULL: all 0).  Returns the table, or NULL with e set,
 * the message naming start. */
struct klv *leaves_table_load(const struct rules *r, const char *start,
	struct err *e);

/* leaves_acc_create: an empty accumulator for a table of n leaves. */
struct leaves_acc *leaves_acc_create(uint32_t n, struct err *e);
void leaves_acc_destroy(struct leaves_acc *a);

/* leaves_play: plays games k = shard_k - 1, shard_k - 1 + shard_n, ... <
 * games (seed: rng_stream_seed(seed, k), as bagsim play) of two equity
 * robots with table t (ruleset r, lexicon lex) and credits a.  Stops
 * early, after a whole game, when *stop is set (may be NULL).  progress
 * (may be NULL) is called after each game with the games played.
 * Returns 0, or -1 with e set. */
int leaves_play(struct leaves_acc *a, const struct rules *r,
	const struct lex *lex, struct klv *t, uint64_t seed, long games,
	long shard_k, long shard_n, volatile sig_atomic_t *stop,
	void (*progress)(long played, void *arg), void *arg, struct err *e);

/* The rounds of learning (bagsim leaves): round i (from 1) plays, as
 * leaves_play, the games of seed seed + i - 1 of shard shard_k of shard_n
 * with table t, which the caller owns.  progress (may be NULL) is called
 * after each game with the round, its games played and its total
 * (selfplay_shard_games). */
struct leaves_learn {
	const struct rules *r;
	const struct lex *lex;
	struct klv *t;
	uint64_t seed;
	long games, shard_k, shard_n;
	volatile sig_atomic_t *stop;                /* may be NULL */
	void (*progress)(long round, long played, long total, void *arg);
	void *arg;
};

/* leaves_round: round i of l: its games credited to a new accumulator,
 * then (estimate nonzero) l->t re-estimated from them (leaves_estimate)
 * with *seen the leaves credited, else *seen 0.  Returns the accumulator,
 * which the caller destroys, or NULL with e set. */
struct leaves_acc *leaves_round(const struct leaves_learn *l, long i,
	int estimate, long *seen, struct err *e);

/* leaves_estimate: the values of table t from credits a, as above.
 * Returns how many leaves had credits, or -1 with e set (memory). */
long leaves_estimate(const struct leaves_acc *a, struct klv *t, struct err *e);

/* leaves_acc_mean: the mean credit of a in points (0 without credits),
 * for reports. */
double leaves_acc_mean(const struct leaves_acc *a);

/* leaves_acc_write: a as text ("#ordverk-leaves 1", the ruleset name, the
 * totals, then "index count sum" for each leave with credits).
 * leaves_acc_read: adds such a file to a (the same ruleset and table
 * size, else an error naming the line).  Both return 0 or -1 with e set. */
int leaves_acc_write(const struct leaves_acc *a, const char *rules_name,
	FILE *fp, struct err *e);
int leaves_acc_read(struct leaves_acc *a, const char *rules_name, FILE *fp,
	struct err *e);

/* leaves_acc_load: leaves_acc_read of the file path.  Returns 0, or -1
 * with e set about the file without naming it (the caller does):
 * strerror's message, line 0, for a file that cannot be opened. */
int leaves_acc_load(struct leaves_acc *a, const char *rules_name,
	const char *path, struct err *e);

#endif
