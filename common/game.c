/* game.c — one game: turns, end, settling, challenges, GCG record (game.h). */
#include <stdlib.h>
#include <string.h>
#include "game.h"

/* A player's rack as a queue of tiles in draw order, for residence times. */
struct rackq {
	int n;
	uint8_t tile[RULES_MAX_RACK];   /* 0 = blank, else letter */
	int16_t turn[RULES_MAX_RACK];   /* the player's turn count at the draw */
};

/* What game_challenge needs to take the last tile play back. */
struct undo {
	int valid;                      /* last turn was a tile play */
	int player;
	int ev;                         /* index of its event */
	int zeros;                      /* pos.zeros before it */
	int to_move;                    /* pos.to_move after it */
	int bingo;
	uint8_t rack[RULES_MAX_TILES];  /* rack before */
	uint8_t drawn[RULES_MAX_RACK];
	int ndrawn;
	struct rackq q;                 /* queue before */
	int nres;
	uint8_t res_tile[RULES_MAX_RACK];
	uint16_t res_val[RULES_MAX_RACK];
	int scores[RULES_MAX_PLAYERS];  /* after the play, before any settling */
};

struct game {
	struct rules r;
	int nplayers;
	uint64_t seed;
	struct rng rng;
	struct bag bag;
	struct position pos;
	int end;                        /* enum game_end */
	int loser;                      /* resign/timeout: who, else -1 */
	int turns[RULES_MAX_PLAYERS];
	int nturns;
	int bingos[RULES_MAX_PLAYERS];
	struct rackq q[RULES_MAX_PLAYERS];
	struct game_residence res;
	struct undo undo;
	struct game_event *ev;
	int nev, cap;
};

struct game *
game_create(const struct rules *r, int nplayers, struct err *e)
{
	struct game *g;

	if (nplayers < 1 || nplayers > RULES_MAX_PLAYERS ||
	    nplayers < r->min_players || nplayers > r->max_players) {
		err_set(e, 0, "ruleset %s allows %d to %d players, not %d",
		    r->name, r->min_players, r->max_players, nplayers);
		return NULL;
	}
	if (r->rack_size < 1 || r->rack_size > RULES_MAX_RACK) {
		err_set(e, 0, "ruleset %s: rack size %d out of range",
		    r->name, r->rack_size);
		return NULL;
	}
	if ((g = calloc(1, sizeof *g)) == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	g->r = *r;
	g->nplayers = nplayers;
	if (bag_init(&g->bag, &g->r, e) < 0) {
		free(g);
		return NULL;
	}
	g->end = GAME_END_OUT;   /* not started: nothing may be played */
	return g;
}

void
game_destroy(struct game *g)
{
	if (g == NULL)
		return;
	free(g->ev);
	free(g);
}

static void
reset(struct game *g, uint64_t seed)
{
	struct position *p = &g->pos;

	g->seed = seed;
	rng_seed(&g->rng, seed);
	/* position_init leaves every opcode unset (-1), so a position written
	 * as CGP carries no stray "bb 0; mcnz 0;". */
	position_init(p, &g->r);
	p->nplayers = g->nplayers;
	g->end = GAME_ON;
	g->loser = -1;
	memset(g->turns, 0, sizeof g->turns);
	memset(g->bingos, 0, sizeof g->bingos);
	memset(g->q, 0, sizeof g->q);
	memset(&g->res, 0, sizeof g->res);
	g->undo.valid = 0;
	g->nturns = 0;
	g->nev = 0;
}

static void
q_push(struct rackq *q, int tile, int turn)
{
	if (q->n < RULES_MAX_RACK) {
		q->tile[q->n] = (uint8_t)tile;
		q->turn[q->n] = (int16_t)turn;
		q->n++;
	}
}

/* q_take: removes the oldest tile `tile`; returns its draw turn or -1. */
static int
q_take(struct rackq *q, int tile)
{
	for (int i = 0; i < q->n; i++)
		if (q->tile[i] == tile) {
			int t = q->turn[i];
			memmove(q->tile + i, q->tile + i + 1, (size_t)(q->n - i - 1));
			memmove(q->turn + i, q->turn + i + 1,
			    (size_t)(q->n - i - 1) * sizeof q->turn[0]);
			q->n--;
			return t;
		}
	return -1;
}

static void
deal(struct game *g, int player)
{
	uint8_t drawn[RULES_MAX_RACK];
	int k = bag_fill(&g->bag, &g->rng, g->pos.racks[player],
	    g->r.rack_size, drawn);

	for (int i = 0; i < k && i < RULES_MAX_RACK; i++)
		q_push(&g->q[player], drawn[i], g->turns[player]);
}

int
game_start(struct game *g, uint64_t seed, struct err *e)
{
	reset(g, seed);
	if (bag_init(&g->bag, &g->r, e) < 0)
		return -1;
	for (int i = 0; i < g->nplayers; i++)
		deal(g, i);
	return 0;
}

int
game_setup(struct game *g, uint64_t seed, const struct board *b,
    const uint8_t racks[][RULES_MAX_TILES], const int *scores,
    const uint8_t bagc[RULES_MAX_TILES], int to_move, int zeros,
    struct err *e)
{
	int t, k, i, n;

	if (to_move < 0 || to_move >= g->nplayers) {
		err_set(e, 0, "player %d does not exist", to_move);
		return -1;
	}
	for (i = 0; i < g->nplayers; i++) {
		for (n = 0, t = 0; t < RULES_MAX_TILES; t++)
			n += racks[i][t];
		if (n > g->r.rack_size) {
			err_set(e, 0, "rack %d holds %d tiles, more than %d",
			    i + 1, n, g->r.rack_size);
			return -1;
		}
	}
	for (n = 0, t = 0; t < RULES_MAX_TILES; t++)
		n += bagc[t];
	if (n > BAG_MAX) {
		err_set(e, 0, "bag of %d tiles is too large", n);
		return -1;
	}
	reset(g, seed);
	if (b != NULL)
		g->pos.board = *b;
	g->bag.n = 0;
	for (t = 0; t < RULES_MAX_TILES; t++)
		for (k = 0; k < bagc[t]; k++)
			g->bag.tiles[g->bag.n++] = (uint8_t)t;
	for (i = 0; i < g->nplayers; i++) {
		memcpy(g->pos.racks[i], racks[i], RULES_MAX_TILES);
		g->pos.scores[i] = scores != NULL ? scores[i] : 0;
		for (t = 0; t < RULES_MAX_TILES; t++)
			for (k = 0; k < racks[i][t]; k++)
				q_push(&g->q[i], t, 0);
	}
	g->pos.to_move = to_move;
	g->pos.zeros = zeros;
	return 0;
}

const struct position *game_position(const struct game *g) { return &g->pos; }
const struct rules *game_rules(const struct game *g) { return &g->r; }
int game_bag_count(const struct game *g) { return g->bag.n; }
int game_to_move(const struct game *g) { return g->pos.to_move; }
int game_nplayers(const struct game *g) { return g->nplayers; }
int game_turns(const struct game *g) { return g->nturns; }
uint64_t game_seed(const struct game *g) { return g->seed; }
int game_over(const struct game *g) { return g->end; }
const struct game_residence *game_residence(const struct game *g)
{ return &g->res; }

int
game_score(const struct game *g, int player)
{
	return player >= 0 && player < g->nplayers ? g->pos.scores[player] : 0;
}

int
game_bingos(const struct game *g, int player)
{
	return player >= 0 && player < g->nplayers ? g->bingos[player] : 0;
}

const struct game_event *
game_events(const struct game *g, int *n)
{
	*n = g->nev;
	return g->ev;
}

const char *
game_end_name(int end)
{
	switch (end) {
	case GAME_END_OUT: return "out";
	case GAME_END_PASSES: return "passes";
	case GAME_END_RESIGN: return "resign";
	case GAME_END_TIMEOUT: return "timeout";
	default: return "";
	}
}

int
game_winner(const struct game *g)
{
	int best = -1, tie = 0;

	if (g->end == GAME_ON)
		return -2;
	for (int i = 0; i < g->nplayers; i++) {
		if (i == g->loser)
			continue;
		if (best < 0 || g->pos.scores[i] > g->pos.scores[best]) {
			best = i;
			tie = 0;
		} else if (g->pos.scores[i] == g->pos.scores[best])
			tie = 1;
	}
	return tie ? -1 : best;
}

/* add_event: appends an event; returns it, or NULL with e set. */
static struct game_event *
add_event(struct game *g, int kind, int player, int points,
    const uint8_t rack[RULES_MAX_TILES], struct err *e)
{
	struct game_event *v;

	if (g->nev == g->cap) {
		int ncap = g->cap ? 2 * g->cap : 64;
		struct game_event *nev = realloc(g->ev, (size_t)ncap * sizeof *nev);
		if (nev == NULL) {
			err_set(e, 0, "out of memory");
			return NULL;
		}
		g->ev = nev;
		g->cap = ncap;
	}
	v = &g->ev[g->nev++];
	v->kind = (uint8_t)kind;
	v->player = (uint8_t)player;
	v->points = points;
	g->pos.scores[player] += points;
	v->total = g->pos.scores[player];
	memcpy(v->rack, rack, RULES_MAX_TILES);
	memset(&v->move, 0, sizeof v->move);
	return v;
}

static int
rack_value(const struct rules *r, const uint8_t rack[RULES_MAX_TILES])
{
	int v = 0;

	for (int t = 1; t <= r->nletters && t < RULES_MAX_TILES; t++)
		v += rack[t] * r->values[t];
	return v + rack[0] * r->values[0];
}

static int
rack_size(const uint8_t rack[RULES_MAX_TILES])
{
	int n = 0;

	for (int t = 0; t < RULES_MAX_TILES; t++)
		n += rack[t];
	return n;
}

int
game_settle_points(const struct rules *r, int nplayers,
	const uint8_t racks[][RULES_MAX_TILES], int finisher, int points[])
{
	int i, sum = 0;

	for (i = 0; i < nplayers; i++)
		points[i] = 0;
	if (finisher < 0) {
		/* Ended on scoreless turns: each holder loses their own rack. */
		for (i = 0; i < nplayers; i++)
			points[i] = -rack_value(r, racks[i]);
		return 0;
	}
	for (i = 0; i < nplayers; i++) {
		if (i == finisher)
			continue;
		sum += rack_value(r, racks[i]);
		if (r->settle == SETTLE_TRANSFER)
			points[i] = -rack_value(r, racks[i]);
	}
	points[finisher] = r->settle == SETTLE_DOUBLE ? 2 * sum : sum;
	return 0;
}

/* settle: ends the game with reason end and writes the settling events of
 * SPEC §1/§2.3 (the points of game_settle_points).  finisher is the player
 * who went out, or -1. */
static int
settle(struct game *g, int end, int finisher, struct err *e)
{
	struct position *p = &g->pos;
	uint8_t others[RULES_MAX_TILES];
	int i, t, points[RULES_MAX_PLAYERS];

	g->end = end;
	game_settle_points(&g->r, g->nplayers, (const uint8_t (*)[
	    RULES_MAX_TILES])p->racks, finisher, points);
	if (finisher < 0) {
		for (i = 0; i < g->nplayers; i++) {
			if (rack_size(p->racks[i]) == 0)
				continue;
			if (add_event(g, GEV_END_PENALTY, i, points[i],
			    p->racks[i], e) == NULL)
				return -1;
		}
		return 0;
	}
	memset(others, 0, sizeof others);
	for (i = 0; i < g->nplayers; i++) {
		if (i == finisher)
			continue;
		for (t = 0; t < RULES_MAX_TILES; t++)
			others[t] = (uint8_t)(others[t] + p->racks[i][t]);
	}
	if (add_event(g, GEV_END_GAIN, finisher, points[finisher], others, e)
	    == NULL)
		return -1;
	for (i = 0; i < g->nplayers; i++) {
		if (i == finisher || rack_size(p->racks[i]) == 0 ||
		    g->r.settle != SETTLE_TRANSFER)
			continue;
		if (add_event(g, GEV_END_PENALTY, i, points[i], p->racks[i], e)
		    == NULL)
			return -1;
	}
	return 0;
}

/* end_check: after a turn by player, ends the game if it is over. */
static int
end_check(struct game *g, int player, struct err *e)
{
	if (g->bag.n == 0 && rack_size(g->pos.racks[player]) == 0)
		return settle(g, GAME_END_OUT, player, e);
	if (g->r.end_turns_per_player > 0 &&
	    g->pos.zeros >= g->r.end_turns_per_player * g->nplayers)
		return settle(g, GAME_END_PASSES, -1, e);
	return 0;
}

int
game_turn_counts(const struct rules *r, int is_pass, int scoreless,
	int tile_play)
{
	return r->end_kind == END_PASSES ? is_pass :
	    r->end_kind == END_NOPLAY ? !tile_play : scoreless;
}

/* count_turn: updates the consecutive scoreless counter for a turn (a
 * pass, a turn scoring nothing, a tile play) by the ruleset's end rule. */
static void
count_turn(struct game *g, int is_pass, int scoreless, int tile_play)
{
	if (game_turn_counts(&g->r, is_pass, scoreless, tile_play))
		g->pos.zeros++;
	else
		g->pos.zeros = 0;
}

static int
play_place(struct game *g, const struct move *m, struct err *e)
{
	struct position *p = &g->pos;
	struct board *b = &p->board;
	int pl = p->to_move;
	uint8_t use[RULES_MAX_TILES] = { 0 };
	uint8_t before[RULES_MAX_TILES];
	int dr = m->dir == DIR_DOWN, dc = m->dir != DIR_DOWN;
	int i, t, n = 0, row, col, turn;
	struct undo *u = &g->undo;
	struct game_event *v;

	if (m->len < 1 || m->len > RULES_MAX_DIM) {
		err_set(e, 0, "play of length %d", m->len);
		return -1;
	}
	if (m->row + dr * (m->len - 1) >= b->rows ||
	    m->col + dc * (m->len - 1) >= b->cols) {
		err_set(e, 0, "play runs off the board");
		return -1;
	}
	for (i = 0; i < m->len; i++) {
		row = m->row + dr * i;
		col = m->col + dc * i;
		if (m->tiles[i] == 0) {
			if (board_at(b, row, col) == 0) {
				err_set(e, 0, "play leaves a gap");
				return -1;
			}
			continue;
		}
		if (board_at(b, row, col) != 0) {
			err_set(e, 0, "square is taken");
			return -1;
		}
		t = TILE_IS_BLANK(m->tiles[i]) ? 0 : TILE_LETTER(m->tiles[i]);
		if (TILE_LETTER(m->tiles[i]) == 0 ||
		    TILE_LETTER(m->tiles[i]) > g->r.nletters) {
			err_set(e, 0, "play holds a tile that is not a letter");
			return -1;
		}
		if (++use[t] > p->racks[pl][t]) {
			err_set(e, 0, "rack lacks a tile of the play");
			return -1;
		}
		n++;
	}
	if (n == 0) {
		err_set(e, 0, "play places no tile");
		return -1;
	}
	memcpy(before, p->racks[pl], RULES_MAX_TILES);
	u->valid = 0;
	u->player = pl;
	u->zeros = p->zeros;
	memcpy(u->rack, before, RULES_MAX_TILES);
	u->q = g->q[pl];
	u->nres = 0;
	if ((v = add_event(g, GEV_MOVE, pl, m->score, before, e)) == NULL)
		return -1;
	v->move = *m;
	u->ev = g->nev - 1;
	g->turns[pl]++;
	g->nturns++;
	turn = g->turns[pl];
	for (i = 0; i < m->len; i++) {
		if (m->tiles[i] == 0)
			continue;
		b->sq[(m->row + dr * i) * b->cols + m->col + dc * i] = m->tiles[i];
		b->ntiles++;
		t = TILE_IS_BLANK(m->tiles[i]) ? 0 : TILE_LETTER(m->tiles[i]);
		p->racks[pl][t]--;
		int at = q_take(&g->q[pl], t);
		if (at >= 0) {
			uint64_t r = (uint64_t)(turn - at);
			g->res.n[t]++;
			g->res.sum[t] += r;
			g->res.sumsq[t] += r * r;
			u->res_tile[u->nres] = (uint8_t)t;
			u->res_val[u->nres++] = (uint16_t)r;
		}
	}
	u->bingo = n == g->r.rack_size;
	if (u->bingo)
		g->bingos[pl]++;
	count_turn(g, 0, m->score == 0, 1);
	u->ndrawn = bag_fill(&g->bag, &g->rng, p->racks[pl], g->r.rack_size,
	    u->drawn);
	for (i = 0; i < u->ndrawn; i++)
		q_push(&g->q[pl], u->drawn[i], turn);
	p->to_move = (pl + 1) % g->nplayers;
	u->to_move = p->to_move;
	memcpy(u->scores, p->scores, sizeof u->scores);
	u->valid = 1;
	return end_check(g, pl, e);
}

int
game_play(struct game *g, const struct move *m, struct err *e)
{
	struct position *p = &g->pos;
	int pl = p->to_move, t, i, k;
	uint8_t give[RULES_MAX_TILES] = { 0 };
	uint8_t before[RULES_MAX_TILES], drawn[RULES_MAX_RACK];
	struct game_event *v;

	if (g->end != GAME_ON) {
		err_set(e, 0, "the game is over");
		return -1;
	}
	if (m->kind == MOVE_PLACE)
		return play_place(g, m, e);
	memcpy(before, p->racks[pl], RULES_MAX_TILES);
	if (m->kind == MOVE_EXCHANGE) {
		if (!m->tiles_known) {
			err_set(e, 0, "exchange needs the tiles, not a count");
			return -1;
		}
		for (i = 0; i < m->len && i < RULES_MAX_DIM; i++) {
			t = m->tiles[i] == TILE_BLANK ? 0 : TILE_LETTER(m->tiles[i]);
			give[t]++;
		}
		k = bag_exchange(&g->bag, &g->rng, &g->r, p->racks[pl], give,
		    drawn, e);
		if (k < 0)
			return -1;
		if ((v = add_event(g, GEV_MOVE, pl, 0, before, e)) == NULL) {
			/* Undo the exchange so g stays unchanged. */
			memcpy(p->racks[pl], before, RULES_MAX_TILES);
			return -1;
		}
		v->move = *m;
		v->move.score = 0;
		g->turns[pl]++;
		for (t = 0; t < RULES_MAX_TILES; t++)
			for (i = 0; i < give[t]; i++)
				q_take(&g->q[pl], t);
		for (i = 0; i < k && i < RULES_MAX_RACK; i++)
			q_push(&g->q[pl], drawn[i], g->turns[pl]);
		count_turn(g, 0, 1, 0);
	} else if (m->kind == MOVE_PASS) {
		if ((v = add_event(g, GEV_MOVE, pl, 0, before, e)) == NULL)
			return -1;
		v->move = *m;
		v->move.score = 0;
		g->turns[pl]++;
		count_turn(g, 1, 1, 0);
	} else {
		err_set(e, 0, "unknown move kind %d", m->kind);
		return -1;
	}
	g->nturns++;
	g->undo.valid = 0;
	p->to_move = (pl + 1) % g->nplayers;
	return end_check(g, pl, e);
}

int
game_challenge(struct game *g, int phony, struct err *e)
{
	struct position *p = &g->pos;
	struct undo *u = &g->undo;
	const struct move *m;
	struct game_event *v;
	int pl, i, t, dr, dc, bonus;

	if (g->r.challenge == CHALLENGE_NONE) {
		err_set(e, 0, "ruleset %s has no challenges", g->r.name);
		return -1;
	}
	if (!u->valid || g->end == GAME_END_RESIGN || g->end == GAME_END_TIMEOUT) {
		err_set(e, 0, "no tile play to challenge");
		return -1;
	}
	pl = u->player;
	/* Take back any settling that followed the play. */
	g->nev = u->ev + 1;
	memcpy(p->scores, u->scores, sizeof p->scores);
	g->end = GAME_ON;
	u->valid = 0;
	if (!phony) {
		switch (g->r.challenge) {
		case CHALLENGE_DOUBLE:
			/* The challenger loses the turn, written as a pass. */
			if (rack_size(p->racks[pl]) == 0 && g->bag.n == 0)
				break;
			{
				struct move pass = { .kind = MOVE_PASS };
				return game_play(g, &pass, e);
			}
		case CHALLENGE_5PT:
		case CHALLENGE_10PT:
			bonus = g->r.challenge == CHALLENGE_5PT ? 5 : 10;
			if (add_event(g, GEV_BONUS, pl, bonus, u->rack, e) == NULL)
				return -1;
			break;
		default:
			break;
		}
		return end_check(g, pl, e);
	}
	/* Phony: withdraw it. */
	m = &g->ev[u->ev].move;
	for (i = 0; i < u->ndrawn && i < RULES_MAX_RACK; i++) {
		p->racks[pl][u->drawn[i]]--;
		if (bag_return(&g->bag, u->drawn[i], e) < 0)
			return -1;
	}
	dr = m->dir == DIR_DOWN;
	dc = !dr;
	for (i = 0; i < m->len; i++)
		if (m->tiles[i] != 0) {
			p->board.sq[(m->row + dr * i) * p->board.cols +
			    m->col + dc * i] = 0;
			p->board.ntiles--;
		}
	memcpy(p->racks[pl], u->rack, RULES_MAX_TILES);
	g->q[pl] = u->q;
	for (i = 0; i < u->nres; i++) {
		t = u->res_tile[i];
		g->res.n[t]--;
		g->res.sum[t] -= u->res_val[i];
		g->res.sumsq[t] -= (uint64_t)u->res_val[i] * u->res_val[i];
	}
	if (u->bingo)
		g->bingos[pl]--;
	if ((v = add_event(g, GEV_WITHDRAWN, pl, -m->score, u->rack, e)) == NULL)
		return -1;
	v->move = *m;
	/* A withdrawn play is a scoreless turn, and still a tile play. */
	p->zeros = u->zeros;
	count_turn(g, 0, 1, 1);
	return end_check(g, pl, e);
}

static int
resign(struct game *g, int player, int timeout, struct err *e)
{
	if (player < 0 || player >= g->nplayers) {
		err_set(e, 0, "player %d does not exist", player + 1);
		return -1;
	}
	if (g->end != GAME_ON) {
		err_set(e, 0, "the game is over");
		return -1;
	}
	if (timeout && add_event(g, GEV_TIME, player, -g->pos.scores[player],
	    g->pos.racks[player], e) == NULL)
		return -1;
	g->end = timeout ? GAME_END_TIMEOUT : GAME_END_RESIGN;
	g->loser = player;
	g->undo.valid = 0;
	return 0;
}

int game_resign(struct game *g, int player, struct err *e)
{ return resign(g, player, 0, e); }
int game_timeout(struct game *g, int player, struct err *e)
{ return resign(g, player, 1, e); }

int
game_format_rack(const struct rules *r, const uint8_t rack[RULES_MAX_TILES],
    char *out, size_t cap)
{
	int order[RULES_MAX_TILES], no = 0, t, k, i;
	size_t n = 0, l;

	if (cap == 0)
		return -1;
	for (k = 0; k < rack[0]; k++) {
		if (n + 2 > cap)
			goto full;
		out[n++] = '?';
	}
	/* Letters in UTF-8 byte order (= code point order), as the
	 * conformance games write racks: Icelandic "AANVÍÐÐ". */
	for (t = 1; t <= r->nletters && t < RULES_MAX_TILES; t++) {
		if (rack[t] == 0)
			continue;
		for (i = no; i > 0 && strcmp(r->utf8[order[i - 1]], r->utf8[t]) > 0; i--)
			order[i] = order[i - 1];
		order[i] = t;
		no++;
	}
	for (i = 0; i < no; i++) {
		t = order[i];
		l = strlen(r->utf8[t]);
		for (k = 0; k < rack[t]; k++) {
			if (n + l + 1 > cap)
				goto full;
			memcpy(out + n, r->utf8[t], l);
			n += l;
		}
	}
	out[n] = '\0';
	return (int)n;
full:
	out[0] = '\0';
	return -1;
}

int
game_write_gcg(const struct game *g, FILE *fp, const char *const *nicks,
    const char *const *names, const char *lexicon, const char *note,
    struct err *e)
{
	char rack[RULES_MAX_TILES * 8], mv[256];
	int i;

	fprintf(fp, "#character-encoding UTF-8\n");
	for (i = 0; i < g->nplayers; i++)
		fprintf(fp, "#player%d %s %s\n", i + 1, nicks[i], names[i]);
	if (lexicon != NULL)
		fprintf(fp, "#lexicon %s\n", lexicon);
	fprintf(fp, "#tile-distribution %s\n", g->r.name);
	if (note != NULL)
		fprintf(fp, "#note %s\n", note);
	else
		fprintf(fp, "#note seed %llu\n", (unsigned long long)g->seed);
	if (g->end == GAME_END_RESIGN)
		fprintf(fp, "#note %s resigned\n", nicks[g->loser]);
	for (i = 0; i < g->nev; i++) {
		const struct game_event *v = &g->ev[i];
		const char *nick = nicks[v->player];

		if (game_format_rack(&g->r, v->rack, rack, sizeof rack) < 0) {
			err_set(e, 0, "rack too long to write");
			return -1;
		}
		switch (v->kind) {
		case GEV_MOVE:
			if (move_format(&g->r, &v->move, mv, sizeof mv) < 0) {
				err_set(e, 0, "move cannot be written");
				return -1;
			}
			fprintf(fp, ">%s: %s %s %+d %d\n", nick, rack, mv,
			    v->points, v->total);
			break;
		case GEV_WITHDRAWN:
			fprintf(fp, ">%s: %s -- -%d %d\n", nick, rack, -v->points,
			    v->total);
			break;
		case GEV_BONUS:
			fprintf(fp, ">%s: %s (challenge) %+d %d\n", nick, rack,
			    v->points, v->total);
			break;
		case GEV_END_GAIN:
			fprintf(fp, ">%s: (%s) %+d %d\n", nick, rack, v->points,
			    v->total);
			break;
		case GEV_END_PENALTY:
			fprintf(fp, ">%s: %s (%s) -%d %d\n", nick, rack, rack,
			    -v->points, v->total);
			break;
		case GEV_TIME:
			fprintf(fp, ">%s: %s (time) -%d %d\n", nick, rack,
			    -v->points, v->total);
			break;
		}
	}
	if (ferror(fp)) {
		err_set(e, 0, "write error");
		return -1;
	}
	return 0;
}
