/*
 * elo.h — Elo ratings by Netskrafl's rules (SPEC §3; Netskrafl's FAQ and
 * src/skraflelo.py, src/skraflstats.py), the results format they are
 * computed from (SPEC §2.4), and a state file that lets a nightly run
 * continue from yesterday's ratings (format in elocalc(1)).
 *
 * The rules, as implemented here:
 *   - Everyone starts at ELO_START (1200).  Q = 10^(rating/400); the
 *     expected score of A against B is Q_A / (Q_A + Q_B).
 *   - Actual score 1, 1/2 or 0 for a win, draw or loss.  Change =
 *     round((actual - expected) * K), rounding half to even, computed in
 *     IEEE double exactly as Netskrafl's Python does (pow, one division,
 *     one subtraction, one multiplication, then round-half-even of that
 *     double), so the results agree bit for bit; a rating never goes
 *     below 0.
 *   - K = 20 for an established player, 32 for a beginner.  Each player's
 *     game count is increased first; a player is established when that
 *     count exceeds 10.  An established player meeting a beginner keeps
 *     their rating.  A 0–0 game is ignored: not counted at all.
 *   - Three lists: ELO_ALL (every game; robots are always established;
 *     humans are established by their count of all games), ELO_HUMAN
 *     (human-vs-human games; established by the human game count) and
 *     ELO_MANUAL (human-vs-human challenge-mode games; established by the
 *     human game count, as SPEC §3 says).  Robots appear only in ELO_ALL.
 *
 * Ownership: a struct elo_table owns its players' names and records; the
 * caller creates it with elo_create() and frees it with elo_destroy().
 * Nothing here prints or keeps global state.  Functions that can fail
 * return -1 (or NULL) and fill a caller's struct err.
 */
#ifndef ORDVERK_ELO_H
#define ORDVERK_ELO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "err.h"

#define ELO_START            1200
#define ELO_K_ESTABLISHED    20
#define ELO_K_BEGINNER       32
#define ELO_ESTABLISHED_MARK 10      /* established when games > this */
#define ELO_RATING_MAX       100000  /* larger ratings are refused on input */
#define ELO_NAME_MAX         255     /* bytes of UTF-8 in a player name */
#define ELO_SCORE_MAX        1000000 /* |score| above this is refused */

enum elo_list { ELO_ALL, ELO_HUMAN, ELO_MANUAL, ELO_NLISTS };

/* Outcomes, as twice the actual score. */
enum { ELO_LOSS = 0, ELO_DRAW = 1, ELO_WIN = 2 };

/* elo_list_name: "all", "human", "manual"; elo_list_parse: the inverse,
 * -1 for an unknown name. */
const char *elo_list_name(int list);
int elo_list_parse(const char *s);

/* --- The arithmetic --- */

/* elo_expected: the expected score of a player rated ra against rb. */
double elo_expected(int ra, int rb);

/* elo_round: x rounded to the nearest integer, an exact half to the even
 * one (Python 3's round()); x must be within the range of long. */
long elo_round(double x);

/* elo_delta: round((outcome / 2 - expected) * k), half to even. */
int elo_delta(double expected, int outcome, int k);

/* elo_pair: the changes of one game between players rated r0 and r1, as
 * Netskrafl computes them: outcome0 is player 0's result (ELO_WIN, ...),
 * est0/est1 whether each player is established (K 20, else 32).  The
 * floor at 0 is applied, then an established player's change against a
 * beginner is made 0.  adj[0], adj[1] receive the changes. */
void elo_pair(int r0, int r1, int outcome0, int est0, int est1, int adj[2]);

/* --- Players and games --- */

struct elo_rec {
	int32_t rating;
	uint32_t games, wins, losses, draws;
};

struct elo_table;

/* elo_create: an empty table.  NULL with e set when out of memory. */
struct elo_table *elo_create(struct err *e);
void elo_destroy(struct elo_table *t);

/* elo_name_check: 0 if name[0..len) is a usable player name: 1 to
 * ELO_NAME_MAX bytes of valid UTF-8 (shortest forms, no surrogates), no
 * control characters (C0, DEL, C1), no tab or line end, not beginning or
 * ending with a space.  Else -1 with e set (line 0). */
int elo_name_check(const char *name, size_t len, struct err *e);

/* elo_find: the index of the player named name[0..len), or -1. */
long elo_find(const struct elo_table *t, const char *name, size_t len);

/* elo_add: the index of the player named name[0..len), added (rating
 * ELO_START in every list, no games) if new.  robot says whether the
 * player is a robot; a robot flag contradicting an existing player's is
 * an error.  The name must have passed elo_name_check.  Returns -1 with
 * e set (line 0) on that contradiction, on allocation failure, or when
 * the table holds UINT32_MAX - 1 players. */
long elo_add(struct elo_table *t, const char *name, size_t len, int robot,
	struct err *e);

size_t elo_count(const struct elo_table *t);
/* elo_name: player i's name, NUL-terminated, valid until the next elo_add. */
const char *elo_name(const struct elo_table *t, size_t i);
int elo_is_robot(const struct elo_table *t, size_t i);
/* elo_rec: player i's record in list (read and write, for loading state). */
struct elo_rec *elo_rec(struct elo_table *t, int list, size_t i);
const struct elo_rec *elo_rec_const(const struct elo_table *t, int list,
	size_t i);

/* What one game did, per list: counted[list] is 1 if the game is in that
 * list; before[list][p] the ratings before, adj[list][p] the changes. */
struct elo_outcome {
	int counted[ELO_NLISTS];
	int32_t before[ELO_NLISTS][2];
	int adj[ELO_NLISTS][2];
};

/* elo_game: rates one game between players i0 and i1 (distinct indices
 * from elo_add) who scored s0 and s1; manual = a challenge-mode game.
 * Updates games, wins, losses, draws and ratings in every list the game
 * belongs to.  Returns 1 if the game was rated, 0 if it was ignored
 * (0–0: nothing changes).  out (may be NULL) is filled. */
int elo_game(struct elo_table *t, size_t i0, size_t i1, int s0, int s1,
	int manual, struct elo_outcome *out);

/* elo_ranking: fills idx (room for elo_count(t) entries) with the players
 * who have games in list, best rating first, equal ratings by name (bytes,
 * as strcmp); returns how many, or -1 with e set when out of memory. */
long elo_ranking(const struct elo_table *t, int list, uint32_t *idx,
	struct err *e);

/* --- Times --- */

#define ELO_TIME_NONE INT64_MIN

/* elo_time_parse: reads an ISO 8601 time from s[0..len):
 * YYYY-MM-DD, or YYYY-MM-DDThh:mm[:ss[.fraction]] followed by Z, +hh:mm,
 * -hh:mm, +hhmm, +hh or nothing (= UTC); a space may stand for the T.  The
 * date is checked against the calendar (leap years), hh 00–23 (24:00:00
 * allowed), mm 00–59, ss 00–60, and the time in UTC must fall in the
 * years 0000–9999.  Stores microseconds since
 * 1970-01-01T00:00:00Z in *us (fractions below a microsecond are dropped).
 * Returns 0, or -1 with e set (line 0). */
int elo_time_parse(const char *s, size_t len, int64_t *us, struct err *e);

/* elo_time_format: us as YYYY-MM-DDThh:mm:ss[.ffffff]Z in buf (cap >= 32);
 * returns the length. */
size_t elo_time_format(int64_t us, char *buf, size_t cap);

/* --- Results lines (SPEC §2.4) --- */

#define ELO_FLAG_ROBOT1 1
#define ELO_FLAG_ROBOT2 2
#define ELO_FLAG_MANUAL 4

/* One results line: TIME TAB PLAYER1 TAB PLAYER2 TAB SCORE1 TAB SCORE2
 * [TAB FLAGS].  The names point into the parsed line. */
struct elo_result {
	int64_t time;                   /* ELO_TIME_NONE when there is none */
	const char *name[2];
	size_t len[2];
	int score[2];
	int flags;
};

/* elo_parse_result: parses line[0..len) (no line end) into *r.  Returns 1
 * for a game, 0 for a comment ('#' first) or an empty line, -1 with e set
 * (line 0) for a bad line: wrong number of fields, bad time, bad name (see
 * elo_name_check), the same player twice, a score that is not an integer
 * within ±ELO_SCORE_MAX, an unknown or repeated flag, a NUL byte. */
int elo_parse_result(const char *line, size_t len, struct elo_result *r,
	struct err *e);

/* elo_parse_score: an integer within ±ELO_SCORE_MAX from s[0..len);
 * 0 or -1. */
int elo_parse_score(const char *s, size_t len, int *out);

/* elo_parse_bagsim: parses one game line of bagsim play, GAME TAB SEED
 * TAB PLAYER1 TAB PLAYER2 TAB SCORE1 TAB SCORE2 [TAB more columns], into
 * *r: no time, both players robots.  GAME is a whole number 0..LONG_MAX
 * (as strtol reads it), SEED any non-empty field.  Returns 1 for a game,
 * 0 for a comment or an empty line, -1 with e set (line 0) for a bad
 * line: fewer than 6 fields, a bad game number or empty seed, a bad name
 * or score, the same player twice, a NUL byte. */
int elo_parse_bagsim(const char *line, size_t len, struct elo_result *r,
	struct err *e);

/* --- A run over results --- */

/* Which games of a stream a run rates (elocalc(1) --at and --state): games
 * come in finishing order; those finished at or before through were rated
 * by an earlier run, those after at are left for a later one.  Games
 * without a time are always rated. */
struct elo_window {
	int64_t at;                     /* ELO_TIME_NONE: no limit */
	int64_t through;                /* ELO_TIME_NONE: nothing rated yet */
	int64_t last;                   /* the last time seen, or ELO_TIME_NONE */
};

/* elo_rate: rates result r into t within window w (w->last is updated).
 * robots (may be NULL) is a table whose names are robots besides those r
 * flags.  Returns 1 when the game was rated, with its players' indices in
 * idx and what it did in *o; 0 when it was skipped: outside the window, or
 * 0-0 (its players are not even added); -1 with e set (line 0) for a time
 * earlier than the game before, or when elo_add fails (a player both robot
 * and human, out of memory). */
int elo_rate(struct elo_table *t, const struct elo_table *robots,
	struct elo_window *w, const struct elo_result *r, size_t idx[2],
	struct elo_outcome *o, struct err *e);

/* elo_window_through: the time a state written after the run is rated up
 * to: at when given, else the later of through and the last time seen. */
int64_t elo_window_through(const struct elo_window *w);

/* --- Output --- */

/* Room elo_format_game needs: two names, the time and eight numbers. */
#define ELO_GAME_LINE_MAX (2 * ELO_NAME_MAX + 160)

/* elo_format_game: writes the audit line of one game between players i0
 * and i1 of t (elocalc --games): TIME PLAYER1 PLAYER2 SCORE1 SCORE2
 * RATING1 CHANGE1 RATING2 CHANGE2, tab-separated, with '\n'; TIME as
 * elo_time_format or '-' for ELO_TIME_NONE, ratings as in o before the
 * game in list, changes signed (+0).  buf must hold ELO_GAME_LINE_MAX
 * bytes; it is not NUL-terminated.  Returns the length. */
size_t elo_format_game(const struct elo_table *t, size_t i0, size_t i1,
	int64_t time, int s0, int s1, const struct elo_outcome *o, int list,
	char *buf);

/* --- State files (format in elocalc(1)) --- */

/* elo_state_write: writes every player of t and through (the time up to
 * which games are rated, or ELO_TIME_NONE) to fp.  Returns 0, or -1 with
 * e set when a write fails. */
int elo_state_write(const struct elo_table *t, int64_t through, FILE *fp,
	struct err *e);

/* elo_state_read: reads a state file from fp into t (which should be
 * empty) and *through.  Every field is checked; returns 0, or -1 with e
 * set (e->line = the line) at the first problem, leaving t partly filled. */
int elo_state_read(struct elo_table *t, int64_t *through, FILE *fp,
	struct err *e);

#endif
