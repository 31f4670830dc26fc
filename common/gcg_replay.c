/*
 * gcg_replay.c — GCG games (SPEC §2.3): replay of a game against the rules:
 * every position rebuilt, every score, total and rack checked, shared nicks
 * told apart by turn, withdrawals undone, the settling checked; the
 * verdicts and per-move callbacks of gcg_replay_ex.  See gcg.h.
 *
 * The rest of the GCG module: gcg_game.c (the in-memory game and shared
 * helpers), gcg_read.c (reader), gcg_write.c (writer).
 */
#include <stdlib.h>
#include <string.h>
#include "gcg_impl.h"

/* ----------------------------------------------------------------- replay */

/* 1 if every tile of a is in b. */
static int
rack_subset(const struct rules *r, const uint8_t *a, const uint8_t *b)
{
	int t;

	for (t = 0; t <= r->nletters; t++)
		if (a[t] > b[t])
			return 0;
	return 1;
}

static int
rack_equal(const struct rules *r, const uint8_t *a, const uint8_t *b)
{
	return rack_subset(r, a, b) && rack_subset(r, b, a);
}

/* Names a letter (tile index, 0 = blank) for messages. */
static const char *
letter_name(const struct rules *r, int t)
{
	return t == 0 ? "?" : r->utf8[t];
}

struct replay {
	const struct gcg_game *g;
	const struct rules *r;
	const struct gcg_event *ev;        /* g's events, or evcopy */
	struct gcg_event *evcopy;          /* with shared nicks resolved */
	int flags;                         /* gcg_replay_ex's */
	struct gcg_result *res;            /* may be NULL */
	int settle_kind;                   /* as the end lines add up, -1 */
	int lost_turn;                     /* the pass of a failed challenge
	                                      of the last play was seen */
	int prag;                          /* next pragma to check */
	int undo_complete;
	struct position pos;
	int held[RULES_MAX_PLAYERS];       /* tiles each player holds */
	int bag;
	uint8_t leave[RULES_MAX_PLAYERS][RULES_MAX_TILES];
	int leave_known[RULES_MAX_PLAYERS];
	int exact[RULES_MAX_PLAYERS];      /* leave[] is the whole rack now */
	long leave_line[RULES_MAX_PLAYERS];
	int turn;                          /* who moves next, -1 = not known */
	int ended;                         /* 0, or 1 once the game is over */
	int finisher;                      /* went out, -1 = scoreless end */
	int zeros;
	/* the last tile play, for a withdrawal */
	int last_turn_event;               /* index of the last turn event */
	int last_play_ok;
	struct board undo_board;
	int undo_held, undo_bag, undo_zeros, undo_ended, undo_score;
	int undo_leave_known;
	uint8_t undo_rack[RULES_MAX_TILES];
	int undo_play_score;
	/* settling */
	int end_points_done;
	int penalty_done[RULES_MAX_PLAYERS];
	int settle_events;
	uint8_t bcount[RULES_MAX_TILES];   /* tiles on the board (blanks at 0) */
	int (*next)[RULES_MAX_PLAYERS];    /* next[i][o]: o's first turn after
	                                    * event i, -1 if none (for fn) */
	uint8_t undo_bcount[RULES_MAX_TILES];
};

/* unseen = distribution - board - rack; -1 with e set if negative. */
static int
compute_unseen(struct replay *rp, const uint8_t *rack, uint8_t *unseen,
	long line, struct err *e)
{
	const struct rules *r = rp->r;
	const uint8_t *bc = rp->bcount;
	int t;

	memset(unseen, 0, RULES_MAX_TILES);
	for (t = 0; t <= r->nletters; t++) {
		int u = r->counts[t] - bc[t] - (rack ? rack[t] : 0);

		if (u < 0) {
			err_set(e, line, "%s %s: more than the bag's %d",
			    rack && rack[t] ? "rack and board hold" :
			    "board holds", letter_name(r, t), r->counts[t]);
			return -1;
		}
		unseen[t] = (uint8_t)u;
	}
	return 0;
}

static const char *
nick_of(const struct replay *rp, int p)
{
	return rp->g->players[p].nick;
}

static int
check_total(struct replay *rp, const struct gcg_event *ev, struct err *e)
{
	int want = rp->pos.scores[ev->player];

	if (ev->total != want) {
		err_set(e, ev->line, "cumulative total %d written, %d by the "
		    "scores", ev->total, want);
		return -1;
	}
	return 0;
}

static int
call_fn(struct replay *rp, int i, const uint8_t *unseen, const struct move *m,
	const struct move_detail *d, int complete,
	int (*fn)(const struct gcg_turn *, void *), void *arg)
{
	struct gcg_turn t;
	int o, p = rp->ev[i].player;

	if (fn == NULL)
		return 0;
	for (o = 0; o < rp->g->nplayers; o++) {
		const struct gcg_event *nx = NULL;

		if (o == p)
			continue;
		/* o's rack does not change before o's next turn: it is the rack
		 * shown there.  Failing that, with two players and the bag
		 * empty, it is what p cannot see. */
		if (rp->next != NULL && rp->next[i][o] >= 0)
			nx = &rp->ev[rp->next[i][o]];
		if (nx != NULL && nx->nrack >= 0 && nx->nrack == rp->held[o]) {
			memcpy(rp->pos.racks[o], nx->rack, RULES_MAX_TILES);
			rp->pos.rack_known[o] = 1;
		} else if (rp->g->nplayers == 2 && rp->bag == 0) {
			memcpy(rp->pos.racks[o], unseen, RULES_MAX_TILES);
			rp->pos.rack_known[o] = 1;
		} else {
			memset(rp->pos.racks[o], 0, RULES_MAX_TILES);
			rp->pos.rack_known[o] = 0;
		}
	}
	t.index = i;
	t.ev = &rp->ev[i];
	t.pos = &rp->pos;
	t.unseen = unseen;
	t.bag = rp->bag;
	t.move = m;
	t.detail = d;
	t.rack_complete = complete;
	return fn(&t, arg);
}

/* A transcription slip at line: an error under GCG_STRICT, else counted
 * (and the first few kept) in the result. */
static int
replay_slip(struct replay *rp, long line, const char *msg, struct err *e)
{
	struct gcg_result *res = rp->res;

	if (rp->flags & GCG_STRICT) {
		err_set(e, line, "%s", msg);
		return -1;
	}
	if (res != NULL) {
		if (res->slips < GCG_SLIPS_KEPT) {
			res->slip[res->slips].line = line;
			snprintf(res->slip[res->slips].msg,
			    sizeof res->slip[0].msg, "%s", msg);
		}
		res->slips++;
	}
	return 0;
}

/* A turn event (play, exchange, pass): common checks of turn and rack.
 * A rack of fewer tiles than the player holds is what is known of it (an
 * annotator writes only the tiles the opponent played): only a complete
 * rack can disagree with the tiles kept before, and that is a slip. */
static int
turn_checks(struct replay *rp, const struct gcg_event *ev, uint8_t *rack,
	struct err *e)
{
	const struct rules *r = rp->r;
	int p = ev->player;
	char a[RULES_MAX_TILES * 8], b[RULES_MAX_TILES * 8];

	if (rp->ended) {
		err_set(e, ev->line, "move after the game ended");
		return -1;
	}
	if (rp->turn >= 0 && p != rp->turn) {
		err_set(e, ev->line, "play off turn: it is %s's turn, not %s's",
		    nick_of(rp, rp->turn), nick_of(rp, p));
		return -1;
	}
	if (ev->nrack < 0)
		return 0;
	if (ev->nrack > rp->held[p]) {
		err_set(e, ev->line, "rack of %d tiles, but %s holds %d",
		    ev->nrack, nick_of(rp, p), rp->held[p]);
		return -1;
	}
	if (ev->nrack == rp->held[p] && rp->leave_known[p] &&
	    !rack_subset(r, rp->leave[p], rack)) {
		char msg[sizeof rp->res->slip[0].msg];

		gcg_rack_text(r, rack, a, sizeof a);
		gcg_rack_text(r, rp->leave[p], b, sizeof b);
		snprintf(msg, sizeof msg, "rack %.40s does not hold the tiles "
		    "%.40s kept on line %ld", a, b, rp->leave_line[p]);
		return replay_slip(rp, ev->line, msg, e);
	}
	return 0;
}

static void
next_turn(struct replay *rp, int p)
{
	rp->turn = (p + 1) % rp->g->nplayers;
}

static void
count_zero(struct replay *rp, int scoreless, int is_pass, int tile_play)
{
	const struct rules *r = rp->r;
	int counts = r->end_kind == END_PASSES ? is_pass :
	    r->end_kind == END_NOPLAY ? !tile_play : scoreless;

	rp->zeros = counts ? rp->zeros + 1 : 0;
	if (rp->zeros >= rp->g->nplayers * r->end_turns_per_player) {
		rp->ended = 1;
		rp->finisher = -1;
	}
}

static int
replay_play(struct replay *rp, int i, const struct lex *lex,
	int (*fn)(const struct gcg_turn *, void *), void *arg,
	struct gcg_result *res, struct err *e)
{
	const struct rules *r = rp->r;
	const struct gcg_event *ev = &rp->ev[i];
	int p = ev->player, t, k;
	uint8_t rack[RULES_MAX_TILES], unseen[RULES_MAX_TILES];
	struct move m;
	struct move_detail d;
	struct err e2;
	int phony = 0, rc, complete = ev->nrack == rp->held[p];

	memcpy(rack, ev->rack, sizeof rack);
	if (turn_checks(rp, ev, rack, e) < 0)
		return -1;
	err_clear(&e2);
	if (move_parse(r, &rp->pos.board, ev->text, strlen(ev->text), 0, &m,
	    &e2) < 0) {
		err_set(e, ev->line, "%s: %s", ev->text, e2.msg);
		return -1;
	}
	m.ntiles = 0;
	for (k = 0; k < m.len; k++)
		if (m.tiles[k] != 0)
			m.ntiles++;
	if (ev->nrack < 0) {
		/* No rack written: assume the tiles played (and say nothing
		 * about the rest). */
		memset(rack, 0, sizeof rack);
		for (k = 0; k < m.len; k++) {
			t = m.tiles[k];
			if (t == 0)
				continue;
			rack[TILE_IS_BLANK(t) ? 0 : TILE_LETTER(t)]++;
		}
	}
	if (compute_unseen(rp, rack, unseen, ev->line, e) < 0)
		return -1;
	memcpy(rp->pos.racks[p], rack, sizeof rack);
	rp->pos.rack_known[p] = 1;
	rp->pos.to_move = p;
	rp->pos.zeros = rp->zeros;
	err_clear(&e2);
	if (move_validate(r, lex, &rp->pos, &m, &d, &e2) < 0) {
		struct err e3;

		if (lex == NULL || move_validate(r, NULL, &rp->pos, &m, &d,
		    &e3) < 0) {
			err_set(e, ev->line, "%s: %s", ev->text, e2.msg);
			return -1;
		}
		/* Placement and score are fine, a word is not. */
		if (r->challenge == CHALLENGE_NONE) {
			err_set(e, ev->line, "%s: %s", ev->text, e2.msg);
			return -1;
		}
		phony = 1;
	}
	if ((rc = call_fn(rp, i, unseen, &m, &d, complete, fn, arg)) != 0)
		return rc;
	if (m.score != ev->score) {
		if (!(rp->flags & GCG_WRITTEN_SCORES)) {
			err_set(e, ev->line, "%s scores %+d, not %+d as written",
			    ev->text, m.score, ev->score);
			return -1;
		}
		/* Go on with the score as written, which the totals after
		 * it were added from (the callback has seen both). */
		if (res != NULL)
			res->wrong_scores++;
		m.score = ev->score;
	}
	/* Remember enough to take the play back (withdrawn phony). */
	rp->undo_board = rp->pos.board;
	memcpy(rp->undo_bcount, rp->bcount, sizeof rp->bcount);
	rp->undo_held = rp->held[p];
	rp->undo_bag = rp->bag;
	rp->undo_zeros = rp->zeros;
	rp->undo_ended = rp->ended;
	rp->undo_leave_known = rp->leave_known[p];
	memcpy(rp->undo_rack, rack, sizeof rack);
	rp->undo_play_score = m.score;
	rp->undo_complete = complete;
	rp->last_play_ok = 1;
	rp->last_turn_event = i;

	move_apply(&rp->pos, p, &m);
	for (k = 0; k < m.len; k++) {
		t = m.tiles[k];
		if (t != 0)
			rp->bcount[TILE_IS_BLANK(t) ? 0 : TILE_LETTER(t)]++;
	}
	if (check_total(rp, ev, e) < 0)
		return -1;
	memcpy(rp->leave[p], rp->pos.racks[p], RULES_MAX_TILES);
	rp->leave_known[p] = ev->nrack >= 0;
	rp->leave_line[p] = ev->line;
	k = m.ntiles < rp->bag ? m.ntiles : rp->bag;
	rp->exact[p] = complete && k == 0;
	rp->held[p] += k - m.ntiles;
	rp->bag -= k;
	if (res) {
		res->moves++;
		res->phonies += phony;
	}
	count_zero(rp, m.score == 0, 0, 1);
	if (rp->held[p] == 0 && rp->bag == 0) {
		rp->ended = 1;
		rp->finisher = p;
	}
	next_turn(rp, p);
	return 0;
}

static int
replay_nonplay(struct replay *rp, int i,
	int (*fn)(const struct gcg_turn *, void *), void *arg,
	struct gcg_result *res, struct err *e)
{
	const struct rules *r = rp->r;
	const struct gcg_event *ev = &rp->ev[i];
	int p = ev->player, t, rc, complete = ev->nrack == rp->held[p];
	uint8_t rack[RULES_MAX_TILES], unseen[RULES_MAX_TILES];

	memcpy(rack, ev->rack, sizeof rack);
	/* After the play that went out, under a challenge rule, the other
	 * player may challenge it and lose the turn: written as a pass,
	 * before the end lines. */
	if (rp->ended && ev->kind == GCG_PASS && r->challenge != CHALLENGE_NONE &&
	    rp->finisher >= 0 && p != rp->finisher && !rp->lost_turn &&
	    rp->settle_events == 0 && rp->last_turn_event >= 0 &&
	    rp->ev[rp->last_turn_event].player == rp->finisher &&
	    rp->ev[rp->last_turn_event].kind == GCG_PLAY) {
		if (ev->nrack > rp->held[p]) {
			err_set(e, ev->line, "rack of %d tiles, but %s holds %d",
			    ev->nrack, nick_of(rp, p), rp->held[p]);
			return -1;
		}
		if (complete) {
			memcpy(rp->leave[p], rack, sizeof rack);
			rp->leave_known[p] = rp->exact[p] = 1;
			rp->leave_line[p] = ev->line;
		}
		rp->lost_turn = 1;
		if (res)
			res->moves++;
		return check_total(rp, ev, e);
	}
	if (turn_checks(rp, ev, rack, e) < 0)
		return -1;
	if (compute_unseen(rp, ev->nrack >= 0 ? rack : NULL, unseen, ev->line,
	    e) < 0)
		return -1;
	if (ev->nrack >= 0) {
		memcpy(rp->pos.racks[p], rack, sizeof rack);
		rp->pos.rack_known[p] = 1;
	}
	rp->pos.to_move = p;
	rp->pos.zeros = rp->zeros;
	if ((rc = call_fn(rp, i, unseen, NULL, NULL, complete, fn, arg)) != 0)
		return rc;
	if (ev->kind == GCG_EXCHANGE) {
		const struct move *m = &ev->move;
		int min = r->exchange_min;

		if (rp->bag < min) {
			err_set(e, ev->line, "exchange with %d tiles in the bag "
			    "(needs %d)", rp->bag, min);
			return -1;
		}
		if (m->len > rp->held[p] || m->len == 0) {
			err_set(e, ev->line, "exchange of %d tiles from a rack "
			    "of %d", m->len, rp->held[p]);
			return -1;
		}
		if (m->tiles_known && ev->nrack >= 0) {
			uint8_t x[RULES_MAX_TILES];
			int k;

			memset(x, 0, sizeof x);
			for (k = 0; k < m->len; k++) {
				t = m->tiles[k];
				x[TILE_IS_BLANK(t) ? 0 : TILE_LETTER(t)]++;
			}
			for (t = 0; t <= r->nletters; t++) {
				if (x[t] > rack[t]) {
					err_set(e, ev->line, "exchange: rack "
					    "lacks %s", letter_name(r, t));
					return -1;
				}
				rp->leave[p][t] = (uint8_t)(rack[t] - x[t]);
			}
			rp->leave_known[p] = 1;
			rp->leave_line[p] = ev->line;
		} else {
			rp->leave_known[p] = 0;
		}
		rp->exact[p] = 0;
		count_zero(rp, 1, 0, 0);
	} else {
		memcpy(rp->leave[p], rack, sizeof rack);
		rp->leave_known[p] = ev->nrack >= 0;
		rp->exact[p] = complete;
		rp->leave_line[p] = ev->line;
		count_zero(rp, 1, 1, 0);
	}
	if (check_total(rp, ev, e) < 0)
		return -1;
	rp->last_play_ok = 0;
	rp->last_turn_event = i;
	if (res)
		res->moves++;
	next_turn(rp, p);
	return 0;
}

static int
replay_withdrawn(struct replay *rp, int i, struct err *e)
{
	const struct gcg_event *ev = &rp->ev[i], *pe;
	const struct rules *r = rp->r;
	int p = ev->player, want;

	if (!rp->last_play_ok || rp->ev[rp->last_turn_event].player != p) {
		err_set(e, ev->line, "withdrawn play, but %s's last turn was "
		    "not a tile play", nick_of(rp, p));
		return -1;
	}
	/* The tiles come back: the rack shown is the play's (or what is
	 * known of one of the two). */
	pe = &rp->ev[rp->last_turn_event];
	if (ev->nrack >= 0 && pe->nrack >= 0 && !(ev->nrack <= pe->nrack ?
	    rack_subset(r, ev->rack, pe->rack) :
	    rack_subset(r, pe->rack, ev->rack))) {
		char a[RULES_MAX_TILES * 8], b[RULES_MAX_TILES * 8];

		gcg_rack_text(r, ev->rack, a, sizeof a);
		gcg_rack_text(r, pe->rack, b, sizeof b);
		err_set(e, ev->line, "withdrawn play: rack %s, but the play on "
		    "line %ld was made from %s", a, pe->line, b);
		return -1;
	}
	rp->pos.board = rp->undo_board;
	memcpy(rp->bcount, rp->undo_bcount, sizeof rp->bcount);
	rp->held[p] = rp->undo_held;
	rp->bag = rp->undo_bag;
	memcpy(rp->pos.racks[p], rp->undo_rack, RULES_MAX_TILES);
	memcpy(rp->leave[p], rp->undo_rack, RULES_MAX_TILES);
	rp->leave_known[p] = rp->ev[rp->last_turn_event].nrack >= 0;
	rp->exact[p] = rp->undo_complete;
	rp->leave_line[p] = ev->line;
	rp->ended = rp->undo_ended;
	want = -rp->undo_play_score;
	if (!ev->score_zero_marked && ev->score != want) {
		err_set(e, ev->line, "withdrawn play: %d written, the play "
		    "scored %+d", ev->score, rp->undo_play_score);
		return -1;
	}
	rp->pos.scores[p] += want;
	rp->zeros = rp->undo_zeros;
	rp->last_play_ok = 0;
	count_zero(rp, 1, 0, 1);
	return check_total(rp, ev, e);
}

/* The end written by the other settling rule than the ruleset's: English
 * records written by transfer are old files (the margin is the same), so
 * accepted; for another ruleset, whose records never do, a slip naming the
 * ruleset's rule. */
static int
settle_other(struct replay *rp, long line, int kind, struct err *e)
{
	const struct rules *r = rp->r;
	char msg[sizeof rp->res->slip[0].msg];

	if (kind == (int)r->settle || strcmp(r->name, "en") == 0)
		return 0;
	snprintf(msg, sizeof msg, "the end is settled %s, but %s settles %s",
	    kind == SETTLE_DOUBLE ? "double" : "by transfer", r->name,
	    r->settle == SETTLE_DOUBLE ? "double (the finisher gains twice "
	    "the racks left)" : "by transfer (the finisher gains the racks "
	    "left, each other player loses own)");
	return replay_slip(rp, line, msg, e);
}

/* End of game: the tiles still held by everyone but the finisher. */
static int
replay_settle(struct replay *rp, int i, struct err *e)
{
	const struct rules *r = rp->r;
	const struct gcg_event *ev = &rp->ev[i];
	int p = ev->player, v;
	uint8_t unseen[RULES_MAX_TILES];
	char a[RULES_MAX_TILES * 8], b[RULES_MAX_TILES * 8];

	if (!rp->ended) {
		err_set(e, ev->line, "end-of-game rack points before the game "
		    "ended");
		return -1;
	}
	/* With the bag empty, what the board does not hold is on the racks. */
	if (compute_unseen(rp, NULL, unseen, ev->line, e) < 0)
		return -1;
	v = gcg_rack_value(r, ev->other);
	if (ev->kind == GCG_END_POINTS) {
		if (rp->finisher < 0) {
			err_set(e, ev->line, "end-of-game points, but the game "
			    "ended on scoreless turns (each player loses own "
			    "rack)");
			return -1;
		}
		if (p != rp->finisher) {
			err_set(e, ev->line, "end-of-game points for %s, but %s "
			    "went out", nick_of(rp, p), nick_of(rp, rp->finisher));
			return -1;
		}
		if (rp->end_points_done) {
			err_set(e, ev->line, "end-of-game points twice");
			return -1;
		}
		if (!rack_equal(r, ev->other, unseen)) {
			gcg_rack_text(r, ev->other, a, sizeof a);
			gcg_rack_text(r, unseen, b, sizeof b);
			err_set(e, ev->line, "end-of-game rack (%s), but the "
			    "others hold %s", a, b);
			return -1;
		}
		/* Either settling rule (older English files transfer where
		 * the ruleset doubles: the margin is the same), not a mix. */
		if (ev->score != 2 * v && ev->score != v) {
			err_set(e, ev->line, "end-of-game points %+d written, the "
			    "racks give %+d (double settling) or %+d (transfer)",
			    ev->score, 2 * v, v);
			return -1;
		}
		if (v != 0) {
			int kind = ev->score == 2 * v ? SETTLE_DOUBLE :
			    SETTLE_TRANSFER;

			if (rp->settle_kind >= 0 && rp->settle_kind != kind) {
				err_set(e, ev->line, "end-of-game points %+d are "
				    "double settling, but a rack penalty before "
				    "was transfer", ev->score);
				return -1;
			}
			if (rp->settle_kind < 0 && settle_other(rp, ev->line, kind,
			    e) < 0)
				return -1;
			rp->settle_kind = kind;
		}
		rp->end_points_done = 1;
	} else {
		if (rp->finisher >= 0 && rp->settle_kind == SETTLE_DOUBLE) {
			err_set(e, ev->line, "rack penalty, but the end-of-game "
			    "points were settled double (the finisher scores the "
			    "racks twice, nobody loses them)");
			return -1;
		}
		if (rp->finisher >= 0 && rp->settle_kind < 0 && settle_other(rp,
		    ev->line, SETTLE_TRANSFER, e) < 0)
			return -1;
		if (rp->finisher >= 0)
			rp->settle_kind = SETTLE_TRANSFER;
		if (p == rp->finisher) {
			err_set(e, ev->line, "rack penalty for %s, who went out",
			    nick_of(rp, p));
			return -1;
		}
		if (rp->penalty_done[p]) {
			err_set(e, ev->line, "rack penalty for %s twice",
			    nick_of(rp, p));
			return -1;
		}
		if (ev->nrack >= 0 && !rack_equal(r, ev->rack, ev->other)) {
			err_set(e, ev->line, "rack and the rack in parentheses "
			    "differ");
			return -1;
		}
		if ((rp->g->nplayers == 2 && rp->finisher >= 0 &&
		    !rack_equal(r, ev->other, unseen)) ||
		    (rp->exact[p] && !rack_equal(r, ev->other,
		    rp->leave[p]))) {
			gcg_rack_text(r, ev->other, a, sizeof a);
			gcg_rack_text(r, rp->exact[p] ? rp->leave[p] : unseen,
			    b, sizeof b);
			err_set(e, ev->line, "rack (%s), but %s holds %s", a,
			    nick_of(rp, p), b);
			return -1;
		}
		if (ev->score != -v) {
			err_set(e, ev->line, "rack penalty %+d written, the rack "
			    "gives %+d", ev->score, -v);
			return -1;
		}
		rp->penalty_done[p] = 1;
	}
	rp->settle_events++;
	rp->pos.scores[p] += ev->score;
	return check_total(rp, ev, e);
}

int
gcg_replay(const struct gcg_game *g, const struct lex *lex,
	int (*fn)(const struct gcg_turn *t, void *arg), void *arg,
	struct gcg_result *res, struct err *e)
{
	return gcg_replay_ex(g, lex, 0, fn, arg, res, e);
}

/* A shared nick's event (GCG_BY_TURN): whose it is, by turn and by what
 * each kind of event belongs to; -1 with e set when that player is not
 * one of the nick's. */
static int
replay_whose(struct replay *rp, struct gcg_event *ev, struct err *e)
{
	const struct gcg_game *g = rp->g;
	const char *nick = g->players[ev->shared_first].nick;
	int p = -1, q;

	switch (ev->kind) {
	case GCG_PLAY:
	case GCG_PASS:
	case GCG_EXCHANGE:
		p = rp->turn >= 0 ? rp->turn : ev->shared_first;
		break;
	case GCG_WITHDRAWN:
	case GCG_CHALLENGE:
		if (rp->last_turn_event >= 0)
			p = rp->ev[rp->last_turn_event].player;
		break;
	case GCG_END_POINTS:
		p = rp->finisher;
		break;
	case GCG_RACK_PENALTY:
		for (q = 0; q < g->nplayers && p < 0; q++)
			if (q != rp->finisher && !rp->penalty_done[q] &&
			    strcmp(g->players[q].nick, nick) == 0)
				p = q;
		break;
	default:
		break;
	}
	if (p < 0 || strcmp(g->players[p].nick, nick) != 0) {
		err_set(e, ev->line, "'%s' is two players' nick, and this %s is "
		    "neither's by turn", nick, ev->kind == GCG_TIME_PENALTY ?
		    "time penalty (whose cannot be told)" : "event");
		return -1;
	}
	ev->player = p;
	return 0;
}

/* #rack1..#rack4 standing after event after: what the player holds then
 * must be tiles the board leaves unseen. */
static int
replay_rack_pragmas(struct replay *rp, int after, struct err *e)
{
	const struct gcg_game *g = rp->g;

	for (; rp->prag < g->npragmas && g->pragmas[rp->prag].after <= after;
	    rp->prag++) {
		const struct gcg_pragma *pr = &g->pragmas[rp->prag];
		uint8_t rack[RULES_MAX_TILES], unseen[RULES_MAX_TILES];
		int q;

		if (strncmp(pr->name, "rack", 4) != 0 || pr->name[4] < '1' ||
		    pr->name[4] > '4' || pr->name[5] != '\0')
			continue;
		q = pr->name[4] - '1';
		if (q >= g->nplayers) {
			err_set(e, pr->line, "#%s, but the game has %d players",
			    pr->name, g->nplayers);
			return -1;
		}
		if (gcg_parse_rack(rp->r, pr->value, rack, pr->line, e) < 0)
			return -1;
		if (compute_unseen(rp, rack, unseen, pr->line, e) < 0)
			return -1;
	}
	return 0;
}

int
gcg_replay_ex(const struct gcg_game *g, const struct lex *lex, int flags,
	int (*fn)(const struct gcg_turn *t, void *arg), void *arg,
	struct gcg_result *res, struct err *e)
{
	struct replay *rp;
	const struct rules *r;
	int i, p, rc = 0;

	if (res != NULL)
		memset(res, 0, sizeof *res);
	if (!g->have_rules) {
		err_set(e, g->first_line, "game has no ruleset");
		return -1;
	}
	r = &g->rules;
	if (g->nplayers < 1 || g->nplayers > RULES_MAX_PLAYERS) {
		err_set(e, g->first_line, "game has %d players", g->nplayers);
		return -1;
	}
	if (r->rack_size * g->nplayers > r->ntiles) {
		err_set(e, g->first_line, "too few tiles for %d players",
		    g->nplayers);
		return -1;
	}
	rp = calloc(1, sizeof *rp);
	if (rp == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	rp->g = g;
	rp->r = r;
	rp->ev = g->events;
	rp->flags = flags;
	rp->res = res;
	rp->settle_kind = -1;
	if (g->shared_nicks && g->nevents > 0) {
		rp->evcopy = malloc((size_t)g->nevents * sizeof *rp->evcopy);
		if (rp->evcopy == NULL) {
			free(rp);
			err_set(e, 0, "out of memory");
			return -1;
		}
		memcpy(rp->evcopy, g->events, (size_t)g->nevents *
		    sizeof *rp->evcopy);
		rp->ev = rp->evcopy;
	}
	position_init(&rp->pos, r);
	rp->pos.nplayers = g->nplayers;
	for (p = 0; p < g->nplayers; p++)
		rp->pos.rack_known[p] = 0;
	for (p = 0; p < g->nplayers; p++)
		rp->held[p] = r->rack_size;
	rp->bag = r->ntiles - g->nplayers * r->rack_size;
	rp->turn = -1;
	rp->finisher = -1;
	rp->last_turn_event = -1;
	if (res != NULL)
		res->nplayers = g->nplayers;
	if (fn != NULL && g->nevents > 0) {
		/* One backward pass, so that a callback's position costs O(1)
		 * per player however long the game. */
		int cur[RULES_MAX_PLAYERS];

		rp->next = calloc((size_t)g->nevents, sizeof *rp->next);
		if (rp->next == NULL) {
			free(rp->evcopy);
			free(rp);
			err_set(e, 0, "out of memory");
			return -1;
		}
		for (p = 0; p < RULES_MAX_PLAYERS; p++)
			cur[p] = -1;
		for (i = g->nevents - 1; i >= 0; i--) {
			const struct gcg_event *x = &g->events[i];

			memcpy(rp->next[i], cur, sizeof cur);
			if (x->player >= 0 && x->player < RULES_MAX_PLAYERS &&
			    (x->kind == GCG_PLAY || x->kind == GCG_PASS ||
			    x->kind == GCG_EXCHANGE))
				cur[x->player] = i;
		}
	}

	rc = replay_rack_pragmas(rp, -1, e);
	for (i = 0; i < g->nevents && rc == 0; i++) {
		const struct gcg_event *ev = &rp->ev[i];

		if (ev->player == GCG_BY_TURN && rp->evcopy != NULL &&
		    replay_whose(rp, &rp->evcopy[i], e) < 0) {
			rc = -1;
			break;
		}
		if (ev->player < 0 || ev->player >= g->nplayers) {
			err_set(e, ev->line, "event for an unknown player");
			rc = -1;
			break;
		}
		switch (ev->kind) {
		case GCG_PLAY:
			rc = replay_play(rp, i, lex, fn, arg, res, e);
			break;
		case GCG_PASS:
		case GCG_EXCHANGE:
			rc = replay_nonplay(rp, i, fn, arg, res, e);
			break;
		case GCG_WITHDRAWN:
			rc = replay_withdrawn(rp, i, e);
			break;
		case GCG_CHALLENGE:
			if (rp->settle_events > 0) {
				err_set(e, ev->line, "challenge bonus after the "
				    "end-of-game rack points");
				rc = -1;
				break;
			}
			rp->pos.scores[ev->player] += ev->score;
			rc = check_total(rp, ev, e);
			break;
		case GCG_TIME_PENALTY:
			rp->pos.scores[ev->player] += ev->score;
			rc = check_total(rp, ev, e);
			break;
		case GCG_END_POINTS:
		case GCG_RACK_PENALTY:
			rc = replay_settle(rp, i, e);
			break;
		default:
			err_set(e, ev->line, "unknown event kind");
			rc = -1;
		}
		if (rc != 0)
			break;
		/* A settling event ends every chance of a withdrawal. */
		if (ev->kind == GCG_END_POINTS || ev->kind == GCG_RACK_PENALTY)
			rp->last_play_ok = 0;
		rc = replay_rack_pragmas(rp, i, e);
	}
	if (rc == 0 && rp->settle_events > 0) {
		int settle = rp->settle_kind >= 0 ? rp->settle_kind : (int)r->settle;

		/* Partly settled: every expected settling event must be there. */
		for (p = 0; p < g->nplayers && rc == 0; p++) {
			int holds = rp->finisher < 0 ? rp->held[p] > 0 :
			    (settle == (int)SETTLE_TRANSFER && p != rp->finisher);

			if (rp->finisher < 0 && rp->exact[p] &&
			    gcg_rack_value(r, rp->leave[p]) == 0)
				holds = 0;
			if (holds && !rp->penalty_done[p]) {
				err_set(e, g->events[g->nevents - 1].line,
				    "settling incomplete: no rack penalty for %s",
				    nick_of(rp, p));
				rc = -1;
			}
		}
		if (rc == 0 && rp->finisher >= 0 && !rp->end_points_done) {
			err_set(e, g->events[g->nevents - 1].line,
			    "settling incomplete: no end-of-game points for %s",
			    nick_of(rp, rp->finisher));
			rc = -1;
		}
	}
	if (res != NULL) {
		for (p = 0; p < g->nplayers; p++)
			res->scores[p] = rp->pos.scores[p];
		res->ended = rp->ended;
		res->settled = rc == 0 && rp->ended && rp->settle_events > 0;
		res->settle = -1;
		if (rp->finisher >= 0 && rp->settle_events > 0)
			res->settle = rp->settle_kind >= 0 ? rp->settle_kind :
			    (int)r->settle;
	}
	free(rp->next);
	free(rp->evcopy);
	free(rp);
	return rc;
}
