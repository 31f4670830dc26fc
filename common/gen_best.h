/*
 * gen_best.h — the best move of a position, found without listing every
 * move: the highest-scoring tile play (gen_best) or the one of highest
 * equity (gen_best_equity), in a generator workspace of gen.h.  It is
 * how Fullsterkur and the equity robot (robot.h) play, and where
 * bagsim's self-play spends its time.
 *
 * How, in short: every span of squares a move can fill gets an upper
 * bound on its score from per-row sums, and spans are searched best
 * bound first, each by anagrams from a table of the lexicon's words by
 * letter multiset, until the best move found beats every bound left.
 * man/ordverk-internals.7 has the long form, its measurements and its
 * tuning log.  The search needs tables made from the lexicon once, on
 * the first call or by gen_best_ready (their size and time are under
 * gen_best); without them (no memory) the GADDAG is walked, slower, with
 * the same results.  Like gen_all, it keeps the last board in g and
 * redoes only what a changed square touches.
 */
#ifndef ORDVERK_GEN_BEST_H
#define ORDVERK_GEN_BEST_H

#include <stdint.h>
#include "err.h"
#include "gen.h"
#include "move.h"

/* gen_best: the highest-scoring tile placement, found without keeping the
 * list.  Every span of squares a move can fill (a run of empty squares
 * with an anchor, and the tiles touching it) is bounded from per-row sums
 * (its best tiles on its best premiums, its cross-words); spans are
 * searched best bound first (a span's bound is also that of the
 * narrower spans inside it, which are bounded only when it comes up),
 * and the search stops when no bound left reaches the best found.  A
 * span is searched by anagrams, not by walking the GADDAG: each
 * sub-multiset of the rack that could still win, plus
 * the span's tiles (one or two blanks as extra letters), is looked up in
 * a table of the lexicon's words by letter multiset (wordmap.h), and each
 * word found is tried on the squares.  A span whose tiles no word of
 * its length holds where they are (gen_fit_pairs: a word on the board
 * that cannot be extended by so many letters on each side) is passed
 * over before its keys are worked out.  Racks of over 8 letters or more
 * than 2 blanks fall back to the GADDAG walk.  Work is kept where it
 * comes back: cross-sets by their lines of tiles (for the life of g; a
 * line on one side of a square that is a word of 2 to 10 letters is
 * read from a table of those words, with the letters that may come
 * before and after each and its pairs, made at start-up from the GADDAG;
 * a square between two lines whose pairs allow no word through it gets
 * an empty one without a walk),
 * each row's sums until a square of it changes, and within a call the
 * sub-multisets that passed the filter for a span's tiles (spans of a
 * call often share them).  Ties go to fewer tiles, then to
 * the smaller (direction, row, column, tiles), so the result does not
 * depend on search order.  The tables are built on the first call (or by
 * gen_best_ready): for SOWPODS about 51 MB and 0.16 s, for the
 * Norwegian list (609 k words) 109 MB and 0.36 s, 13 and 27 MB of it
 * the word table at its peak (it doubles as it fills).  Returns 1 and fills
 * *best, or 0 if no placement exists. */
int gen_best(struct gen *g, const struct position *p, struct move *best);

/* gen_best_equity: the tile play of highest equity (equity.h: score plus
 * the value of what it keeps, millipoints) for the turn eq was prepared
 * for, among those worth at least floor (INT64_MIN: any), found as
 * gen_best finds the highest score.  A span's bound is its score bound
 * plus the best keep of a move of its size; an item of the queue, which
 * stands for its narrower spans too, takes the best keep over all their
 * sizes; each sub-multiset of the rack is tried only if its own score
 * bound plus what it keeps reaches the best; a word found is tried with
 * the blanks standing for each choice of its letters (what is kept
 * differs).  Ties as equity_cmp.  Racks gen_best would walk the GADDAG
 * for are searched by listing every tile play.  Returns 1 and fills
 * *best and *value, 0 if no tile play reaches floor, or -1 with e set
 * (out of memory, listing only). */
struct equity;
int gen_best_equity(struct gen *g, const struct position *p,
	const struct equity *eq, int64_t floor, struct move *best,
	int64_t *value, struct err *e);

/* gen_best_ready: builds gen_best's tables now (for a robot about to
 * play many positions, so the cost falls at start-up).  Returns 0, or -1
 * with e set when memory ran out; gen_best then still works, by the
 * GADDAG walk. */
int gen_best_ready(struct gen *g, struct err *e);

/* gen_fit_pairs: the words u w v of g's lexicon around the letters
 * w[0..n) (1..63; tiles, a blank's bit is ignored), as bits
 * |u| * 8 + |v| for |u| and |v| up to 7; 0 if no
 * word holds w, all bits if gen_best's tables are not built (or n is
 * out of range).  gen_best rules out a span if a run of tiles in it has
 * no such word of the span's length at its place. */
uint64_t gen_fit_pairs(struct gen *g, const uint8_t *w, int n);

#endif
