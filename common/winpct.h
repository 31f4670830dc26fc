/*
 * winpct.h — win chances learned from self-play (bagsim winpct): the
 * chance that the player to move wins from a lead of s points, with so
 * many tiles still unseen to them.
 *
 * Recording.  For every turn of a two-player game, before the move, the
 * recorder notes the lead of the player to move (their score less the
 * opponent's), the key (bag, mine, theirs): tiles in the bag and on each
 * rack; and, once the game is over, the swing d: that player's final
 * spread less the lead.  One game informs every lead: from a lead of s
 * the same rest of the game would have ended at s + d, a win when
 * s + d > 0, a tie at 0.  So the table keeps, per key, a histogram of d
 * (integer counts; d beyond +-WINPCT_SWING_MAX counted at the bound), and
 * the cumulative "wins x 2 + ties" of any lead comes out of it exactly:
 * 2 #(d > -s) + #(d = -s), the figure MAGPIE's recorder adds up per lead
 * (jvc56/MAGPIE src/ent/autoplay_results.c, win_pct_data_add_game).
 * Counts add, so shards and runs merge exactly, in any order.
 *
 * Why the key is (bag, mine, theirs) and not only the tiles unseen:
 * while the bag holds tiles both racks are full and the two say the
 * same (unseen = bag + theirs); with the bag empty the racks differ, and
 * 2 tiles of mine against 6 of theirs is another game than 6 against 2
 * with the same 6 unseen.  The simulation at its horizon knows all
 * three.  MAGPIE keys by tiles unseen only (rows 1 .. total tiles - rack
 * size, lead -500 .. 500); its layout (winpct_write_magpie) is the keys
 * summed over the rack splits of each unseen count.
 *
 * Looking up (winpct_get, winpct_get_racks): the fraction
 * (wins x 2 + ties + 1) / (2 positions + 2) of the positions recorded
 * (one tie added: never 0 or 1, a thin row pulled toward one half), lead
 * clamped to +-WINPCT_LEAD_MAX.  A row of tiles unseen with fewer than
 * WINPCT_MIN_ROW positions takes the nearest row that has them (the
 * smaller unseen count on a tie, as MAGPIE's loader reuses the row
 * before an empty one); a key (bag, mine, theirs) with fewer than
 * WINPCT_MIN_KEY positions takes its row of tiles unseen.
 *
 * Files: ordverk's own (ordverk-winpct(5): header, then one line of
 * swing counts per key) and MAGPIE's winpct.csv layout (rows of tiles
 * unseen: positions, then the cumulative counts of the leads -L .. L,
 * each followed by a space; rows joined by newlines, no final one).  A
 * table read from MAGPIE's layout has rows only: it serves lookups and
 * is written back in that layout byte for byte, but has no histograms
 * to write in ordverk's own (the cumulative counts do not give them
 * back).
 */
#ifndef ORDVERK_WINPCT_H
#define ORDVERK_WINPCT_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include "err.h"
#include "lex.h"
#include "klv.h"
#include "rules.h"

#define WINPCT_SWING_MAX 1000   /* swings beyond count at the bound */
#define WINPCT_LEAD_MAX 500     /* leads looked up and written (MAGPIE's) */
#define WINPCT_MIN_ROW 100      /* positions a row of tiles unseen needs */
#define WINPCT_MIN_KEY 1000     /* positions a (bag, mine, theirs) key needs */
#define WINPCT_MAX_RUNS 256     /* runs (seeds, shards) one file lists */
#define WINPCT_MAX_COUNT (UINT64_C(1) << 60)  /* beyond: refused, not summed */

/* One run that went into a table: games games of base seed seed, all
 * (shard_n 0) or shard shard_k of shard_n (games k % N == K - 1). */
struct winpct_run {
	uint64_t seed;
	long games;
	long shard_k, shard_n;
};

/* One turn as the recorder takes it: player to move (0 or 1), their lead
 * and the tiles in the bag, on their rack and on the opponent's. */
struct winpct_turn {
	int player, lead, bag, mine, theirs;
};

struct winpct;

/* winpct_create: an empty table for ruleset r (its tile total and rack
 * size fix the keys), made with the lexicon named lexname (its file name)
 * of checksum lexsum (lex_checksum) and the leave table leavesname of
 * checksum leavessum ("-" and 0: none).  Returns NULL with e set. */
struct winpct *winpct_create(const struct rules *r, const char *lexname,
	uint32_t lexsum, const char *leavesname, uint32_t leavessum,
	struct err *e);
void winpct_destroy(struct winpct *t);

/* winpct_add_game: one game's turns (turns[0..n), in any order) with
 * final spread final0 (player 0's score less player 1's) and end
 * (enum game_end) into t.  Returns 0, or -1 with e set (a key outside
 * the ruleset's, a table of MAGPIE's layout, a count past
 * WINPCT_MAX_COUNT); t is unchanged then. */
int winpct_add_game(struct winpct *t, const struct winpct_turn *turns, int n,
	int final0, int end, struct err *e);

/* winpct_finish: the rows of tiles unseen and the lookups' counts made
 * from the histograms, after winpct_add_game (winpct_learn, winpct_merge
 * and winpct_read do it themselves).  Lookups and winpct_write_magpie
 * read what the last finish made.  Returns 0, or -1 with e set
 * (memory). */
int winpct_finish(struct winpct *t, struct err *e);

/* winpct_add_run: notes that run (seed, games, shard) went into t.
 * Returns 0, or -1 with e set if it overlaps a run already there (the
 * same games counted twice) or the list is full. */
int winpct_add_run(struct winpct *t, uint64_t seed, long games, long shard_k,
	long shard_n, struct err *e);

/* winpct_learn: plays shard shard_k of shard_n of games games of base
 * seed seed (game k from rng_stream_seed(seed, k), as bagsim play's),
 * two equity robots with leave table leaves (NULL: leaves worth 0) on
 * lexicon lex, recording every turn into t, then notes the run.  stop
 * (may be NULL) ends it early when set: the run is then not noted and
 * winpct_learn returns 1.  progress (may be NULL) is called after each
 * game with the games played and arg.  Returns 0, 1, or -1 with e set. */
int winpct_learn(struct winpct *t, const struct rules *r,
	const struct lex *lex, const struct klv *leaves, uint64_t seed,
	long games, long shard_k, long shard_n, volatile sig_atomic_t *stop,
	void (*progress)(long played, void *arg), void *arg, struct err *e);

/* winpct_merge: adds src's counts and runs to dst.  Both must be of
 * ordverk's layout with the same ruleset, lexicon and leaves (name and
 * checksum); runs must not overlap (winpct_add_run); shards of one run
 * that together make it become that run.  Returns 0, or -1 with e set and
 * dst unchanged. */
int winpct_merge(struct winpct *dst, const struct winpct *src, struct err *e);

/* Reading and writing.  winpct_write: ordverk's layout
 * (ordverk-winpct(5)); -1 with e set for a table read from MAGPIE's
 * layout or a write error.  winpct_write_magpie: MAGPIE's winpct.csv
 * layout.  winpct_read: either layout (told apart by the first line),
 * for ruleset r (ordverk's layout names its ruleset, which must be r's
 * name; MAGPIE's must have a row for each count of tiles unseen r can
 * have, 1 .. its total less one rack; NULL r: any ruleset ordverk's
 * layout names, any number of MAGPIE rows); errors carry the line.
 * winpct_load: winpct_read of a file by path (the message does not name
 * it: the caller does, with the line).
 * All return 0 / the table, or -1 / NULL with e set. */
int winpct_write(const struct winpct *t, FILE *fp, struct err *e);
int winpct_write_magpie(const struct winpct *t, FILE *fp, struct err *e);
struct winpct *winpct_read(FILE *fp, const struct rules *r, struct err *e);
struct winpct *winpct_load(const char *path, const struct rules *r,
	struct err *e);

/* winpct_get: the chance (0 .. 1, ties half) that the player to move
 * wins with lead lead and unseen tiles unseen to them (bag plus the
 * opponent's rack), smoothed as above; unseen clamped to the table's
 * rows (1 .. its largest).  winpct_get_racks: the same keyed by the bag
 * and both racks (the row of bag + theirs for a thin key or a MAGPIE
 * table).  Both are a few loads and a division: cheap enough for every
 * rollout of a simulation. */
double winpct_get(const struct winpct *t, int lead, int unseen);
double winpct_get_racks(const struct winpct *t, int lead, int bag, int mine,
	int theirs);

/* winpct_win: winpct_get with the table as ctx, the form of a
 * simulation's valuer (sim.h, struct sim_valuer). */
double winpct_win(void *ctx, int lead, int unseen);

/* What a table holds: winpct_rows, the rows of tiles unseen (1 .. rows);
 * winpct_row_positions, the positions of row unseen (0 outside);
 * winpct_games, the games recorded; winpct_positions, all positions;
 * winpct_magpie, 1 if it was read from MAGPIE's layout. */
int winpct_rows(const struct winpct *t);
uint64_t winpct_row_positions(const struct winpct *t, int unseen);
uint64_t winpct_games(const struct winpct *t);
uint64_t winpct_positions(const struct winpct *t);
int winpct_magpie(const struct winpct *t);

/* winpct_row_w2: row unseen's cumulative count (wins x 2 + ties) at lead
 * (-WINPCT_LEAD_MAX .. WINPCT_LEAD_MAX, clamped), unsmoothed, the figure
 * MAGPIE's layout holds. */
uint64_t winpct_row_w2(const struct winpct *t, int unseen, int lead);

#endif
