/*
 * endgame.c — the exact endgame solver (endgame.h has what and how).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bits.h"
#include "endgame.h"
#include "game.h"

#define INF2 (4 * ENDGAME_INF)  /* beyond any value: a horizon taken as lost */
#define MAX_KEY 96              /* bytes of a state key */

enum mode {
	MODE_EXACT,             /* no horizon: every value proved */
	MODE_GUESS,             /* horizon leaves guessed: ordering only */
	MODE_LOW,               /* horizon = lost for the root player */
	MODE_HIGH               /* horizon = won for the root player */
};

/* A move as the table keeps it (a word is at most RULES_MAX_WORD long). */
struct tt_move {
	uint8_t kind, dir, row, col, len, ntiles;
	int16_t score;
	uint8_t tiles[RULES_MAX_WORD + 1];
};

struct tt_entry {
	uint64_t hash;
	int32_t lo, hi;         /* bounds of the value, valid to the end */
	uint16_t gen;           /* solve it belongs to */
	uint16_t weight;        /* tiles left on both racks when stored */
	uint8_t has_move;       /* mv is the best move found */
	uint8_t forced;         /* the pass was the only move */
	struct tt_move mv;
};

/* A killer: a move that went out and cut off at a node of its ply, with
 * the board around it as it was then (its footprint: the squares of its
 * line one beyond each end, and each placed tile's perpendicular run to
 * the first empty square either way).  Where the footprint is the same
 * and the rack holds its tiles, the move is legal here with the same
 * score: the same words on the same squares.  Going out ends the game, so
 * a killer is valued without a search; where it reaches beta the node
 * cuts off without generating its moves.  In an endgame the side that
 * can go out usually can with the same play whatever the other did
 * elsewhere on the board: on the 15 bench positions this saves 55 % of
 * the generations, the same nodes. */
#define KILLER_PLIES 64
#define KILLER_SLOTS 4
#define FOOT_MAX ((RULES_MAX_RACK + 1) * (RULES_MAX_DIM + 2))
#define SQ_WORDS ((RULES_MAX_SQUARES + 63) / 64)

struct killer {
	struct move m;
	uint32_t sig;           /* move_sig, 0: empty slot */
	int nfoot;
	uint8_t foot[FOOT_MAX];
	/* The footprint's empty squares as bits: a move that places no
	 * tile on them leaves the footprint as it is (refuters). */
	uint64_t empties[SQ_WORDS];
};

struct root_move {
	struct move m;
	int index;              /* canonical */
	int order;              /* last iteration's value, for ordering */
	int lo, hi;             /* what the last pass proved in its mode */
};

/* A one-tile play of a node's list: its score and square. */
struct one_play {
	int score;
	int sq;
};

/* A node's one-tile plays by tile, each tile's best first, in s->ones
 * from base (built once a node, when a bound first asks). */
struct ones {
	size_t base;
	int8_t bucket[RULES_MAX_TILES];         /* a tile's, or -1 */
	uint32_t start[RULES_MAX_RACK + 1];     /* a bucket's in s->ones */
};

struct endgame {
	const struct rules *r;
	struct gen *gen;
	/* The table. */
	struct tt_entry *tt;
	uint8_t *keys;          /* MAX_KEY bytes an entry */
	uint64_t mask;
	uint16_t gen_no;
	int keylen;
	/* Zobrist tables. */
	uint64_t *z_sq;         /* [square][tile index 0..127] */
	uint64_t z_rack[2][RULES_MAX_TILES][RULES_MAX_RACK + 1];
	uint64_t z_zeros[64];
	uint64_t z_side;
	/* The position searched, played and taken back in place. */
	struct position pos;
	int ntiles[2];          /* tiles on each rack */
	int ntot;               /* tiles on both racks at the root */
	uint16_t placed[2 * RULES_MAX_RACK];  /* sorted: square << 7 | tile */
	int nplaced;
	uint16_t hist[2 * RULES_MAX_RACK];    /* the squares, as played */
	int nhist;
	/* Each player's last move list on the line searched: hist's length
	 * then (-1: none), where it is on the stack, how many moves. */
	int list_mark[2];
	size_t list_base[2];
	long list_n[2];
	struct move *scratch;   /* a list put together from two */
	size_t scratch_cap;
	uint8_t used[RULES_MAX_TILES];  /* list_again's counts, kept zero */
	struct one_play *ones;  /* the nodes' one-tile plays (struct ones) */
	size_t ones_n, ones_cap;
	uint64_t hash;
	int zero_limit;         /* scoreless turns in a row that end it, 0: never */
	int root_player;
	/* The move stack. */
	struct move *stack;
	uint64_t *stack_tiles;  /* each stack move's rack tiles, a bit each
				 * (a pass: all bits) */
	size_t stack_n, stack_cap;
	uint64_t *order_buf;
	size_t order_cap;
	/* Killers, by ply from the root. */
	struct killer killers[KILLER_PLIES][KILLER_SLOTS];
	uint32_t killer_ver[KILLER_PLIES];  /* bumped by each store */
	int ply;
	int rackval[2];         /* each rack's points */
	/* Search state. */
	enum mode mode;
	int tainted;            /* a horizon leaf was seen below */
	int stopped;
	int failed;             /* out of memory in the search */
	uint64_t nodes;
	uint64_t gens;
	double deadline;        /* 0: none */
	uint64_t max_nodes;     /* 0: none */
	struct err *err;
};

static double
now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t
splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

struct endgame *
endgame_create(const struct rules *r, struct gen *g, int tt_log2,
	struct err *e)
{
	struct endgame *s = calloc(1, sizeof *s);
	uint64_t x = 0x6f7264766572ULL, n;
	size_t i;

	if (tt_log2 <= 0)
		tt_log2 = 20;
	if (tt_log2 < 4)
		tt_log2 = 4;
	if (tt_log2 > 30)
		tt_log2 = 30;
	n = (uint64_t)1 << tt_log2;
	if (s == NULL)
		goto oom;
	s->r = r;
	s->gen = g;
	s->mask = n - 1;
	s->tt = calloc(n, sizeof *s->tt);
	s->keys = malloc(n * MAX_KEY);
	s->z_sq = malloc(sizeof *s->z_sq * RULES_MAX_SQUARES * 128);
	if (s->tt == NULL || s->keys == NULL || s->z_sq == NULL)
		goto oom;
	for (i = 0; i < (size_t)RULES_MAX_SQUARES * 128; i++)
		s->z_sq[i] = splitmix(&x);
	for (int p = 0; p < 2; p++)
		for (int t = 0; t < RULES_MAX_TILES; t++)
			for (int c = 0; c <= RULES_MAX_RACK; c++)
				s->z_rack[p][t][c] = splitmix(&x);
	for (i = 0; i < 64; i++)
		s->z_zeros[i] = splitmix(&x);
	s->z_side = splitmix(&x);
	return s;
oom:
	endgame_destroy(s);
	err_set(e, 0, "out of memory for the endgame table (2^%d entries)",
	    tt_log2);
	return NULL;
}

void
endgame_destroy(struct endgame *s)
{
	if (s == NULL)
		return;
	free(s->tt);
	free(s->keys);
	free(s->z_sq);
	free(s->stack);
	free(s->stack_tiles);
	free(s->ones);
	free(s->order_buf);
	free(s->scratch);
	free(s);
}

/* --- The position: play and take back --- */

static int
tile_index(uint8_t tile)
{
	return TILE_LETTER(tile) | (TILE_IS_BLANK(tile) ? 64 : 0);
}

static int
rack_tile(uint8_t tile)
{
	return TILE_IS_BLANK(tile) ? 0 : TILE_LETTER(tile);
}

static void
rack_hash_change(struct endgame *s, int p, int t, int from, int to)
{
	s->hash ^= s->z_rack[p][t][from] ^ s->z_rack[p][t][to];
}

static void
placed_insert(struct endgame *s, uint16_t v)
{
	int i = s->nplaced++;

	while (i > 0 && s->placed[i - 1] > v) {
		s->placed[i] = s->placed[i - 1];
		i--;
	}
	s->placed[i] = v;
}

static void
placed_remove(struct endgame *s, uint16_t v)
{
	int i = 0;

	while (i < s->nplaced && s->placed[i] != v)
		i++;
	for (; i + 1 < s->nplaced; i++)
		s->placed[i] = s->placed[i + 1];
	s->nplaced--;
}

struct undo {
	uint64_t hash;
	int zeros;
};

/* move_squares: the squares tile play m places a tile on (board of cols
 * columns), in order, into sq and their tiles into tile; returns their
 * number. */
static inline int
move_squares(const struct move *m, int cols, int sq[RULES_MAX_DIM],
	uint8_t tile[RULES_MAX_DIM])
{
	int step = m->dir == DIR_DOWN ? cols : 1, at = m->row * cols + m->col;
	int i, n = 0;

	for (i = 0; i < m->len; i++, at += step)
		if (m->tiles[i] != 0) {
			sq[n] = at;
			tile[n++] = m->tiles[i];
		}
	return n;
}

/* play: the player to move plays m (a tile play or a pass). */
static void
play(struct endgame *s, const struct move *m, struct undo *u)
{
	struct position *p = &s->pos;
	int pl = p->to_move, i, n, t, counts, sq[RULES_MAX_DIM];
	uint8_t tile[RULES_MAX_DIM];

	u->hash = s->hash;
	u->zeros = p->zeros;
	if (m->kind == MOVE_PLACE) {
		n = move_squares(m, p->board.cols, sq, tile);
		for (i = 0; i < n; i++) {
			p->board.sq[sq[i]] = tile[i];
			t = rack_tile(tile[i]);
			rack_hash_change(s, pl, t, p->racks[pl][t],
			    p->racks[pl][t] - 1);
			p->racks[pl][t]--;
			s->rackval[pl] -= s->r->values[t];
			s->hash ^= s->z_sq[sq[i] * 128 + tile_index(tile[i])];
			s->hist[s->nhist++] = (uint16_t)sq[i];
			placed_insert(s, (uint16_t)(sq[i] << 7 |
			    tile_index(tile[i])));
		}
		p->board.ntiles += m->ntiles;
		s->ntiles[pl] -= m->ntiles;
	}
	counts = game_turn_counts(s->r, m->kind == MOVE_PASS, m->score == 0,
	    m->kind == MOVE_PLACE);
	s->hash ^= s->z_zeros[p->zeros & 63];
	p->zeros = counts ? p->zeros + 1 : 0;
	s->hash ^= s->z_zeros[p->zeros & 63] ^ s->z_side;
	p->to_move = !pl;
}

static void
unplay(struct endgame *s, const struct move *m, const struct undo *u)
{
	struct position *p = &s->pos;
	int pl = !p->to_move, i, n, t, sq[RULES_MAX_DIM];
	uint8_t tile[RULES_MAX_DIM];

	p->to_move = pl;
	p->zeros = u->zeros;
	s->hash = u->hash;
	if (m->kind != MOVE_PLACE)
		return;
	n = move_squares(m, p->board.cols, sq, tile);
	for (i = 0; i < n; i++) {
		p->board.sq[sq[i]] = 0;
		t = rack_tile(tile[i]);
		p->racks[pl][t]++;
		s->rackval[pl] += s->r->values[t];
		placed_remove(s, (uint16_t)(sq[i] << 7 | tile_index(tile[i])));
	}
	p->board.ntiles -= m->ntiles;
	s->nhist -= m->ntiles;
	s->ntiles[pl] += m->ntiles;
}

/* The spread a player gains by going out against a rack of v points
 * (game_settle_points with two players). */
static int
settle_out_gain(const struct rules *r, int v)
{
	return r->settle == SETTLE_DOUBLE ? 2 * v : v + v;
}

/* The game's end after the player to move's move m (already played: the
 * mover is !to_move): 1 and *value (the mover's points from the settling,
 * less the opponent's) if it ended, else 0. */
static int
game_end_value(const struct endgame *s, int *value)
{
	const struct position *p = &s->pos;
	int mover = !p->to_move;

	/* game_settle_points for two players, from the racks' points kept
	 * by play and unplay. */
	if (s->ntiles[mover] == 0)
		*value = settle_out_gain(s->r, s->rackval[!mover]);
	else if (s->zero_limit > 0 && p->zeros >= s->zero_limit)
		*value = s->rackval[!mover] - s->rackval[mover];
	else
		return 0;
	return 1;
}

/* The state key: the placed tiles (sorted, 2 bytes each), player 0's rack
 * as sorted tiles (player 1's is then what is left of the root's tiles),
 * the scoreless count and whose turn. */
static int
make_key(const struct endgame *s, uint8_t key[MAX_KEY])
{
	const struct position *p = &s->pos;
	int i, n = 0, t, c;

	memset(key, 0, (size_t)s->keylen);
	for (i = 0; i < s->nplaced; i++) {
		key[n++] = (uint8_t)(s->placed[i] >> 8);
		key[n++] = (uint8_t)s->placed[i];
	}
	n = 2 * s->ntot;
	for (t = 0; t <= s->r->nletters && t < RULES_MAX_TILES; t++)
		for (c = 0; c < p->racks[0][t]; c++)
			key[n++] = (uint8_t)(t + 1);
	n = 2 * s->ntot + RULES_MAX_RACK;
	key[n] = (uint8_t)(p->zeros * 2 + p->to_move);
	return n + 1;
}

static uint32_t
move_sig(const struct move *m)
{
	uint32_t h;

	if (m->kind == MOVE_PASS)
		return 1;
	h = 2166136261u ^ (uint32_t)(m->dir << 16 | m->row << 8 | m->col);
	h *= 16777619u;
	for (int i = 0; i < m->len; i++) {
		h ^= m->tiles[i];
		h *= 16777619u;
	}
	return h | 2;
}

static int
canon_same(const struct move *a, const struct move *b)
{
	return a->kind == b->kind && a->dir == b->dir && a->row == b->row &&
	    a->col == b->col && a->len == b->len &&
	    memcmp(a->tiles, b->tiles, a->len) == 0;
}

static struct tt_entry *
tt_find(struct endgame *s, const uint8_t *key)
{
	uint64_t b = s->hash & s->mask & ~(uint64_t)1;

	for (uint64_t i = b; i <= b + 1; i++) {
		struct tt_entry *te = &s->tt[i];

		if (te->gen == s->gen_no && te->hash == s->hash &&
		    memcmp(s->keys + i * MAX_KEY, key, (size_t)s->keylen) == 0)
			return te;
	}
	return NULL;
}

/* tt_store: merges bounds lo..hi (pass -INF2, INF2 for none) and a best
 * move into the entry of the state. */
static void
tt_store(struct endgame *s, const uint8_t *key, int lo, int hi,
	const struct move *best, int forced)
{
	struct tt_entry *te = tt_find(s, key);
	uint64_t b = s->hash & s->mask & ~(uint64_t)1, i;
	int weight = s->ntiles[0] + s->ntiles[1];

	if (te == NULL) {
		struct tt_entry *a = &s->tt[b];

		/* The first slot keeps the bigger subtree, the second takes
		 * what comes. */
		i = (a->gen != s->gen_no || weight >= a->weight) ? b : b + 1;
		te = &s->tt[i];
		te->hash = s->hash;
		te->gen = s->gen_no;
		te->lo = -INF2;
		te->hi = INF2;
		te->has_move = 0;
		memcpy(s->keys + i * MAX_KEY, key, (size_t)s->keylen);
	}
	te->weight = (uint16_t)weight;
	if (lo > te->lo)
		te->lo = lo;
	if (hi < te->hi)
		te->hi = hi;
	if (best != NULL && best->len <= RULES_MAX_WORD) {
		te->has_move = 1;
		te->forced = (uint8_t)forced;
		te->mv.kind = best->kind;
		te->mv.dir = best->dir;
		te->mv.row = best->row;
		te->mv.col = best->col;
		te->mv.len = best->len;
		te->mv.ntiles = best->ntiles;
		te->mv.score = (int16_t)best->score;
		memcpy(te->mv.tiles, best->tiles, best->len);
	}
}

static void
tt_move_get(const struct tt_entry *te, struct move *m)
{
	memset(m, 0, sizeof *m);
	m->kind = te->mv.kind;
	m->dir = te->mv.dir;
	m->row = te->mv.row;
	m->col = te->mv.col;
	m->len = te->mv.len;
	m->ntiles = te->mv.ntiles;
	m->score = te->mv.score;
	memcpy(m->tiles, te->mv.tiles, m->len);
}

/* --- The search --- */

/* footprint: the board around tile play m (see struct killer) into f
 * and its empty squares into empties (cmp 0), returning its length; or
 * (cmp 1) whether f holds the same (its length: nf), stopping at the first
 * difference (empties unused).  Off the board reads 0xff (no tile is). */
static int
footprint(const struct board *b, const struct move *m, uint8_t *f, int cmp,
	int nf, uint64_t empties[SQ_WORDS])
{
	int dr = m->dir == DIR_DOWN, dc = !dr, n = 0, i, k, r, c;
	uint8_t v;

#define FOOT(x) do { v = (x); if (!cmp) f[n++] = v; else if (n >= nf || \
	f[n++] != v) return 0; } while (0)
#define EMPTY(sq) do { if (!cmp && v == 0) \
	empties[(sq) >> 6] |= (uint64_t)1 << ((sq) & 63); } while (0)
	if (!cmp)
		memset(empties, 0, SQ_WORDS * sizeof *empties);
	for (i = -1; i <= m->len; i++) {
		r = m->row + dr * i;
		c = m->col + dc * i;
		if (r < 0 || c < 0 || r >= b->rows || c >= b->cols) {
			FOOT(0xff);
			continue;
		}
		FOOT(b->sq[r * b->cols + c]);
		EMPTY(r * b->cols + c);
	}
	for (i = 0; i < m->len; i++) {
		if (m->tiles[i] == 0)
			continue;
		for (int way = -1; way <= 1; way += 2) {
			for (k = 1;; k++) {
				/* Across the line: a down move's tiles
				 * have their runs across, and the other
				 * way round. */
				r = m->row + dr * i + dc * way * k;
				c = m->col + dc * i + dr * way * k;
				if (r < 0 || c < 0 || r >= b->rows ||
				    c >= b->cols) {
					FOOT(0xff);
					break;
				}
				FOOT(b->sq[r * b->cols + c]);
				EMPTY(r * b->cols + c);
				if (v == 0)
					break;
			}
		}
	}
#undef FOOT
#undef EMPTY
	return cmp ? n == nf : n;
}

/* killer_store: m cut off at the current node (not yet played). */
static void
killer_store(struct endgame *s, const struct move *m)
{
	struct killer *k;
	uint32_t sig;
	int j;

	if (s->ply >= KILLER_PLIES || m->kind != MOVE_PLACE)
		return;
	k = s->killers[s->ply];
	sig = move_sig(m);
	/* The same placement replaces its slot: its score and footprint
	 * are this board's (a cross word may have come or gone). */
	for (j = 0; j < KILLER_SLOTS - 1; j++)
		if (k[j].sig == sig && canon_same(&k[j].m, m))
			break;
	memmove(k + 1, k, sizeof *k * (size_t)j);
	k[0].m = *m;
	k[0].sig = sig;
	k[0].nfoot = footprint(&s->pos.board, m, k[0].foot, 0, 0,
	    k[0].empties);
	s->killer_ver[s->ply]++;
}

/* killer_legal: whether killer k is a legal move here with its score:
 * its footprint unchanged and its tiles on the rack. */
static int
killer_legal_for(const struct endgame *s, struct killer *k, int pl)
{
	const struct position *p = &s->pos;
	uint8_t need[RULES_MAX_TILES];
	int i, t;

	if (k->sig == 0 || k->m.ntiles > s->ntiles[pl])
		return 0;
	memset(need, 0, sizeof need);
	for (i = 0; i < k->m.len; i++) {
		if (k->m.tiles[i] == 0)
			continue;
		t = rack_tile(k->m.tiles[i]);
		if (++need[t] > p->racks[pl][t])
			return 0;
	}
	return footprint(&p->board, &k->m, k->foot, 1, k->nfoot, NULL);
}

static int
killer_legal(const struct endgame *s, struct killer *k)
{
	return killer_legal_for(s, k, s->pos.to_move);
}

static int
stack_reserve(struct endgame *s, size_t n)
{
	if (s->stack_n + n > s->stack_cap) {
		size_t cap = s->stack_cap ? s->stack_cap : 4096;
		struct move *m;
		uint64_t *t;

		while (cap < s->stack_n + n)
			cap *= 2;
		if ((m = realloc(s->stack, cap * sizeof *m)) == NULL)
			return -1;
		s->stack = m;
		if ((t = realloc(s->stack_tiles, cap * sizeof *t)) == NULL)
			return -1;
		s->stack_tiles = t;
		s->stack_cap = cap;
	}
	return 0;
}

/* list_again: the tile plays of the player to move put together from
 * the player's last list (s->list_*) and the squares of moved_hot: the
 * old moves near none of them whose tiles the rack still holds (their
 * footprint unchanged, they are legal with the same score), then
 * gen_near's moves.  Into s->scratch; returns their number, or -1 (out
 * of memory). */
static long
list_again(struct endgame *s, const uint32_t hot[2][RULES_MAX_DIM])
{
	const struct position *p = &s->pos;
	int pl = p->to_move;
	long ng = gen_near(s->gen, p, hot, s->err), n = 0, i;
	const struct move *old = s->stack + s->list_base[pl];
	const uint64_t *old_tiles = s->stack_tiles + s->list_base[pl];
	size_t need = (size_t)(ng + s->list_n[pl]);
	uint64_t have = 0;
	int t;

	if (ng < 0)
		return -1;
	if (need > s->scratch_cap) {
		size_t cap = need + 1024;
		struct move *m = realloc(s->scratch, cap * sizeof *m);

		if (m == NULL)
			return -1;
		s->scratch = m;
		s->scratch_cap = cap;
	}
	for (t = 0; t <= s->r->nletters; t++)
		if (p->racks[pl][t] != 0)
			have |= (uint64_t)1 << t;
	/* The old list is long (hundreds of moves with a blank) and most of
	 * it goes: the tile bits reject a move whose tiles the rack lacks at
	 * once, and only a move with a tile twice is counted. */
	for (i = 0; i < s->list_n[pl]; i++) {
		const struct move *m;
		int j, ok = 1;

		/* The bits first, without touching the move (a pass has
		 * them all). */
		if ((old_tiles[i] & ~have) != 0)
			continue;
		m = &old[i];
		if (gen_move_near(m, hot))
			continue;
		if (bits_popcount64(old_tiles[i]) == m->ntiles) {
			s->scratch[n++] = *m;
			continue;
		}
		/* Its tiles counted in s->used, put back to zero after. */
		for (j = 0; j < m->len; j++) {
			if (m->tiles[j] == 0)
				continue;
			t = rack_tile(m->tiles[j]);
			if (++s->used[t] > p->racks[pl][t])
				ok = 0;
		}
		for (j = 0; j < m->len; j++)
			if (m->tiles[j] != 0)
				s->used[rack_tile(m->tiles[j])] = 0;
		if (ok)
			s->scratch[n++] = *m;
	}
	memcpy(s->scratch + n, gen_moves(s->gen), (size_t)ng * sizeof *s->scratch);
	return n + ng;
}

/* sort_desc: sorts the n keys a, rank << 16 | i at a[i] (rank below
 * 2^24), into descending order, tmp (n keys) as scratch.  A radix sort, a
 * byte of the rank a pass (passes where every key has the same byte
 * skipped), from the keys in descending order of i, which each stable
 * pass keeps among equal bytes: the index's two bytes need no pass.
 * qsort's calls through a comparison were 6 % of an English endgame's
 * time (perf).  Below 160 keys an insertion sort: each radix pass clears
 * and sums 256 counts, which cost more than the moves of a tail node's
 * short list. */
static void
sort_desc(uint64_t *a, uint64_t *tmp, size_t n)
{
	uint64_t *from = a, *to = tmp, *x;
	size_t i, j;

	if (n < 160) {
		for (i = 1; i < n; i++) {
			uint64_t v = a[i];

			for (j = i; j > 0 && a[j - 1] < v; j--)
				a[j] = a[j - 1];
			a[j] = v;
		}
		return;
	}
	for (i = 0; i < n / 2; i++) {
		uint64_t v = a[i];

		a[i] = a[n - 1 - i];
		a[n - 1 - i] = v;
	}
	for (int shift = 16; shift < 40; shift += 8) {
		size_t count[256] = { 0 }, pos = 0;

		for (i = 0; i < n; i++)
			count[(from[i] >> shift) & 255]++;
		if (count[(from[0] >> shift) & 255] == n)
			continue;
		/* Bigger bytes first; stable, so the lower bytes' order
		 * stands within each. */
		for (int d = 255; d >= 0; d--) {
			size_t c = count[d];

			count[d] = pos;
			pos += c;
		}
		for (i = 0; i < n; i++)
			to[count[(from[i] >> shift) & 255]++] = from[i];
		x = from;
		from = to;
		to = x;
	}
	if (from != a)
		memcpy(a, from, n * sizeof *a);
}

/* gen_node: the moves of the player to move onto the stack (tile plays,
 * then the pass), ordered best first; returns their number (the pass
 * included) or -1 (out of memory).  *nplace gets the tile plays' count,
 * *ntt the count of those first because their signature is the table
 * move's (the rest are in order of rank). */
static long
gen_node(struct endgame *s, uint32_t tt_sig, int after_pass, int *nplace,
	long *ntt, const uint32_t (*hot)[RULES_MAX_DIM])
{
	struct position *p = &s->pos;
	long n, i;
	const struct move *gm;
	struct move *ms;
	size_t base = s->stack_n;
	int pl = p->to_move;

	if (hot != NULL) {
		n = list_again(s, hot);
		gm = s->scratch;
	} else {
		n = gen_all(s->gen, p, 0, GEN_PLACEMENTS, s->err);
		gm = gen_moves(s->gen);
	}
	if (n < 0)
		return -1;
	s->gens++;
	*nplace = (int)n;
	*ntt = 0;
	if (stack_reserve(s, (size_t)n + 1) != 0)
		return -1;
	if ((size_t)n + 1 > s->order_cap) {
		size_t cap = (size_t)n + 1 + 1024;
		uint64_t *o = realloc(s->order_buf, 2 * cap * sizeof *o);

		if (o == NULL)
			return -1;
		s->order_buf = o;
		s->order_cap = cap;
	}
	/* Keys: a rank in the high bits (below 2^24), the index in the low
	 * 16 (every position has fewer than 65,536 moves... checked). */
	if (n >= 65535) {
		err_set(s->err, 0, "a position with %ld moves", n);
		return -1;
	}
	for (i = 0; i <= n; i++) {
		const struct move *m = i < n ? &gm[i] : NULL;
		int64_t rank;
		struct move pass;

		if (m == NULL) {
			memset(&pass, 0, sizeof pass);
			pass.kind = MOVE_PASS;
			m = &pass;
			rank = after_pass ? 3000000 : 0;
		} else if (m->ntiles == s->ntiles[pl]) {
			rank = 4000000 + m->score;
		} else {
			/* Score, and 3 a tile played: on four English
			 * self-play endgames 85 k generations against
			 * 104 k by score alone and 295 k with 3 a tile
			 * kept. */
			rank = 1000000 + m->score + 3 * m->ntiles;
		}
		if (tt_sig != 0 && move_sig(m) == tt_sig) {
			rank = 8000000;
			(*ntt)++;
		}
		s->order_buf[i] = (uint64_t)rank << 16 | (uint64_t)i;
	}
	sort_desc(s->order_buf, s->order_buf + s->order_cap, (size_t)n + 1);
	ms = s->stack + base;
	for (i = 0; i <= n; i++) {
		long k = (long)(s->order_buf[i] & 0xffff);

		uint64_t bits = 0;

		if (k < n) {
			ms[i] = gm[k];
			for (int j = 0; j < ms[i].len; j++)
				if (ms[i].tiles[j] != 0)
					bits |= (uint64_t)1 <<
					    rack_tile(ms[i].tiles[j]);
		} else {
			memset(&ms[i], 0, sizeof ms[i]);
			ms[i].kind = MOVE_PASS;
			bits = ~(uint64_t)0;
		}
		s->stack_tiles[base + (size_t)i] = bits;
	}
	s->stack_n += (size_t)n + 1;
	return n + 1;
}

static int negamax(struct endgame *s, int depth, int alpha, int beta,
	int after_pass);

/* run_ends: the squares just beyond either end of the runs of tiles
 * through square sq (a tile counted there) on board b: of the run down,
 * above and below (ends[0], ends[1]), of the run across, left and right
 * (ends[2], ends[3]); -1 where the run reaches the edge. */
static void
run_ends(const struct board *b, int sq, int ends[4])
{
	int r = sq / b->cols, c = sq % b->cols, k;

	for (k = r; k > 0 && b->sq[(k - 1) * b->cols + c] != 0; k--)
		;
	ends[0] = k > 0 ? (k - 1) * b->cols + c : -1;
	for (k = r; k + 1 < b->rows && b->sq[(k + 1) * b->cols + c] != 0; k++)
		;
	ends[1] = k + 1 < b->rows ? (k + 1) * b->cols + c : -1;
	for (k = c; k > 0 && b->sq[r * b->cols + k - 1] != 0; k--)
		;
	ends[2] = k > 0 ? r * b->cols + k - 1 : -1;
	for (k = c; k + 1 < b->cols && b->sq[r * b->cols + k + 1] != 0; k++)
		;
	ends[3] = k + 1 < b->cols ? r * b->cols + k + 1 : -1;
}

/* A board tile's points as scoring counts them (a blank's: none). */
static int
tile_points(const struct rules *r, uint8_t x)
{
	return TILE_IS_BLANK(x) ? 0 : r->values[TILE_LETTER(x)];
}

/* square_bound: at least the score of any play of one tile worth tv
 * on empty square sq (0 if no tile is beside it): its two words scored
 * as if they were words (the lexicon not asked). */
static int
square_bound(const struct endgame *s, int sq, int tv)
{
	const struct board *b = &s->pos.board;
	const struct rules *r = s->r;
	int row = sq / b->cols, col = sq % b->cols, v = 0, d, w, k, rr, cc;
	int prem = r->premium[sq];

	for (d = 0; d < 2; d++) {
		int dr = d, dc = !d, sum = 0, n = 0;

		for (w = -1; w <= 1; w += 2) {
			for (k = 1;; k++) {
				rr = row + w * dr * k;
				cc = col + w * dc * k;
				if (rr < 0 || cc < 0 || rr >= b->rows ||
				    cc >= b->cols || b->sq[rr * b->cols + cc] == 0)
					break;
				sum += tile_points(r, b->sq[rr * b->cols + cc]);
				n++;
			}
		}
		if (n > 0)
			v += (sum + tv * rules_letter_mult(prem)) *
			    rules_word_mult(prem);
	}
	return v;
}

/* ones_build: this node's one-tile plays (the n moves at ms, in
 * gen_node's order: its first ntt the table's, the rest by rank, which
 * among one-tile plays is by score) into s->ones by tile, each tile's
 * best first; ix gets where.  -1: out of memory. */
static int
ones_build(struct endgame *s, const struct move *ms, long n, long ntt,
	struct ones *ix)
{
	uint32_t count[RULES_MAX_RACK + 1] = { 0 }, at[RULES_MAX_RACK];
	int nb = 0, b, t, sq[RULES_MAX_DIM], j;
	long i, k;
	struct one_play *o;
	uint8_t tile[RULES_MAX_DIM];

	memset(ix->bucket, -1, sizeof ix->bucket);
	for (i = 0; i < n; i++) {
		if (ms[i].kind != MOVE_PLACE || ms[i].ntiles != 1)
			continue;
		move_squares(&ms[i], s->pos.board.cols, sq, tile);
		t = rack_tile(tile[0]);
		if (ix->bucket[t] < 0) {
			if (nb == RULES_MAX_RACK)
				return -1;      /* cannot be: a rack's tiles */
			ix->bucket[t] = (int8_t)nb++;
		}
		count[ix->bucket[t]]++;
	}
	ix->start[0] = 0;
	for (b = 0; b < nb; b++) {
		at[b] = ix->start[b];
		ix->start[b + 1] = ix->start[b] + count[b];
	}
	for (b = nb + 1; b <= RULES_MAX_RACK; b++)
		ix->start[b] = ix->start[nb];
	ix->base = s->ones_n;
	if (s->ones_n + ix->start[nb] > s->ones_cap) {
		size_t cap = 2 * (s->ones_n + ix->start[nb]) + 1024;

		if ((o = realloc(s->ones, cap * sizeof *o)) == NULL)
			return -1;
		s->ones = o;
		s->ones_cap = cap;
	}
	o = s->ones + ix->base;
	s->ones_n += ix->start[nb];
	/* Past the table's moves in order; those then put in place. */
	for (k = 0; k < n; k++) {
		i = k + ntt < n ? k + ntt : k + ntt - n;
		if (ms[i].kind != MOVE_PLACE || ms[i].ntiles != 1)
			continue;
		move_squares(&ms[i], s->pos.board.cols, sq, tile);
		b = ix->bucket[rack_tile(tile[0])];
		for (j = (int)at[b]++; j > (int)ix->start[b] &&
		    o[j - 1].score < ms[i].score; j--)
			o[j] = o[j - 1];
		o[j].score = ms[i].score;
		o[j].sq = sq[0];
	}
	return 0;
}

/* after_one_bound: at least the best score of the player's last tile
 * (worth tv, rack index tb) played alone after play m (all its other
 * tiles) from this node's one-tile plays ix (ones_build).  A square's single-tile
 * plays depend only on the runs of tiles through it across and down, and
 * each tile of m changes those of four squares at most, the ends of the
 * runs through it: the list's best play of that tile elsewhere keeps its
 * score, and those squares are bounded by square_bound with m's tiles on
 * the board. */
static int
after_one_bound(struct endgame *s, const struct move *m,
	const struct ones *ix, int tv, int tb)
{
	struct board *b = &s->pos.board;
	int i, j, k, best = 0, sqs[RULES_MAX_DIM], nsq;
	int ends[4 * RULES_MAX_DIM], nends = 0, e4[4];
	uint8_t tiles[RULES_MAX_DIM];

	nsq = move_squares(m, b->cols, sqs, tiles);
	for (i = 0; i < nsq; i++)
		b->sq[sqs[i]] = tiles[i];
	for (i = 0; i < nsq; i++) {
		run_ends(b, sqs[i], e4);
		for (j = 0; j < 4; j++)
			if (e4[j] >= 0)
				ends[nends++] = e4[j];
	}
	for (i = 0; i < nends; i++) {
		int v = square_bound(s, ends[i], tv);

		if (v > best)
			best = v;
	}
	if (ix->bucket[tb] >= 0) {
		const struct one_play *o = s->ones + ix->base;

		for (i = (int)ix->start[ix->bucket[tb]];
		    i < (int)ix->start[ix->bucket[tb] + 1]; i++) {
			if (o[i].score <= best)
				break;          /* best first: none further */
			if (b->sq[o[i].sq] != 0)
				continue;
			for (k = 0; k < nends && ends[k] != o[i].sq; k++)
				;
			if (k == nends) {
				best = o[i].score;
				break;
			}
		}
	}
	for (i = 0; i < nsq; i++)
		b->sq[sqs[i]] = 0;
	return best;
}

/* no_scoreless_play: whether none of the n moves at ms is a tile play
 * that counts as a scoreless turn (under END_SCORELESS, one of 0 points). */
static int
no_scoreless_play(const struct endgame *s, const struct move *ms, long n)
{
	if (s->r->end_kind != END_SCORELESS)
		return 1;
	for (long i = 0; i < n; i++)
		if (ms[i].kind == MOVE_PLACE && ms[i].score == 0)
			return 0;
	return 1;
}

/* Refuters: the other player's moves that went out and cut off at the
 * next ply (its killers there), legal here, best first, with the empty
 * squares of their footprints.  A move of the player to move that places
 * no tile on those squares and does not end the game leaves the other
 * able to go out with the refuter, with the same score: it is worth at
 * most its own score less the refuter's and the settling the other then
 * gains, and where that is no more than alpha it fails low without a
 * node (in an endgame's tail, where one player can go out and the other
 * must try every move, most moves do). */
struct refuter {
	int score;
	const uint64_t *mask;   /* its killer's empties */
};

static int
refuters_find(struct endgame *s, struct refuter rf[KILLER_SLOTS])
{
	int pl = s->pos.to_move, n = 0, i, j;

	if (s->ply + 1 >= KILLER_PLIES)
		return 0;
	for (i = 0; i < KILLER_SLOTS; i++) {
		struct killer *k = &s->killers[s->ply + 1][i];

		if (k->sig == 0 || k->m.ntiles != s->ntiles[!pl] ||
		    !killer_legal_for(s, k, !pl))
			continue;
		for (j = n; j > 0 && rf[j - 1].score < k->m.score; j--)
			rf[j] = rf[j - 1];
		rf[j].score = k->m.score;
		rf[j].mask = k->empties;
		n++;
	}
	return n;
}

/* refuted_bound: an upper bound of move m's value for the player to move
 * from the refuters (INF2: none applies). */
static int
refuted_bound(const struct endgame *s, const struct move *m,
	const struct refuter *rf, int nrf)
{
	const struct position *p = &s->pos;
	int pl = p->to_move, i, j;
	int left = s->rackval[pl], sqs[RULES_MAX_DIM], nsq = 0;
	uint8_t tiles[RULES_MAX_DIM];

	if (m->kind == MOVE_PLACE && m->ntiles >= s->ntiles[pl])
		return INF2;    /* goes out: valued at once anyway */
	if (s->zero_limit > 0 && p->zeros + 1 >= s->zero_limit &&
	    game_turn_counts(s->r, m->kind == MOVE_PASS, m->score == 0,
	    m->kind == MOVE_PLACE))
		return INF2;    /* ends the game */
	if (m->kind == MOVE_PLACE) {
		nsq = move_squares(m, p->board.cols, sqs, tiles);
		for (i = 0; i < nsq; i++)
			left -= s->r->values[rack_tile(tiles[i])];
	}
	for (j = 0; j < nrf; j++) {
		for (i = 0; i < nsq; i++)
			if (rf[j].mask[sqs[i] >> 6] >> (sqs[i] & 63) & 1)
				break;
		if (i == nsq)
			return m->score - rf[j].score - settle_out_gain(s->r,
			    left);
	}
	return INF2;
}

/* moved_hot: the squares a move may have in its footprint (see struct
 * killer) that changed since hist held mark squares: each square placed
 * since, and the square just beyond either end of the runs of tiles
 * through it across and down (a tile placed there makes a cross word
 * through the run); hot[0] as seen across (hot[0][row] bit column),
 * hot[1] down.  A move near none of them (gen_move_near) has the
 * footprint it had then: it is legal now if and only if it was then (its
 * tiles on the rack), with the same score. */
static void
moved_hot(const struct endgame *s, int mark, uint32_t hot[2][RULES_MAX_DIM])
{
	const struct board *b = &s->pos.board;
	int i, j, r, c, e4[4];

	memset(hot, 0, 2 * RULES_MAX_DIM * sizeof hot[0][0]);
	for (i = mark; i < s->nhist; i++) {
		r = s->hist[i] / b->cols;
		c = s->hist[i] % b->cols;
		hot[0][r] |= (uint32_t)1 << c;
		hot[1][c] |= (uint32_t)1 << r;
		/* The ends of the run down are seen by plays across their
		 * rows, those of the run across by plays down. */
		run_ends(b, s->hist[i], e4);
		for (j = 0; j < 2; j++)
			if (e4[j] >= 0)
				hot[0][e4[j] / b->cols] |= (uint32_t)1 << c;
		for (j = 2; j < 4; j++)
			if (e4[j] >= 0)
				hot[1][e4[j] % b->cols] |= (uint32_t)1 << r;
	}
}

/* move_value: the value for the player to move of playing m, searched in
 * window alpha..beta (fail-soft); depth is the plies left after m; forced:
 * m is a pass and the player's only move (the other then knows its
 * opponent cannot play on this board). */
static int
move_value(struct endgame *s, const struct move *m, int depth, int alpha,
	int beta, int forced)
{
	struct undo u;
	int v, end;

	play(s, m, &u);
	s->ply++;
	if (game_end_value(s, &end))
		v = m->score + end;
	else
		v = m->score - negamax(s, depth, m->score - beta,
		    m->score - alpha, m->kind != MOVE_PASS ? 0 : forced ? 2 : 1);
	s->ply--;
	unplay(s, m, &u);
	return v;
}

static int
horizon(const struct endgame *s)
{
	const struct position *p = &s->pos;
	int v = 0, t;

	switch (s->mode) {
	case MODE_LOW:
		return p->to_move == s->root_player ? -INF2 : INF2;
	case MODE_HIGH:
		return p->to_move == s->root_player ? INF2 : -INF2;
	default:
		/* A guess: as if the game ended now on passes. */
		for (t = 1; t <= s->r->nletters && t < RULES_MAX_TILES; t++)
			v += (p->racks[!p->to_move][t] - p->racks[p->to_move][t]) *
			    s->r->values[t];
		return v;
	}
}

/* node_move: one move of a node searched, PVS: the first in full
 * window, the others in a null window and again if they beat alpha.
 * Updates *best, *alpha and bestm; returns 1 on a cutoff. */
static int
node_move(struct endgame *s, const struct move *m, int depth, int *alpha,
	int beta, int first, int *best, struct move *bestm, int *tainted,
	int forced)
{
	int v;

	s->tainted = 0;
	if (first) {
		v = move_value(s, m, depth, *alpha, beta, forced);
	} else {
		v = move_value(s, m, depth, *alpha, *alpha + 1, forced);
		if (v > *alpha && v < beta && !s->stopped)
			v = move_value(s, m, depth, v, beta, forced);
	}
	*tainted |= s->tainted;
	if (s->stopped || s->failed)
		return 1;
	if (v > *best) {
		*best = v;
		*bestm = *m;
	}
	if (v > *alpha)
		*alpha = v;
	return *alpha >= beta;
}

static int
negamax(struct endgame *s, int depth, int alpha, int beta, int after_pass)
{
	uint8_t key[MAX_KEY];
	struct tt_entry *te;
	struct move ttm, bestm;
	uint32_t tt_sig = 0;
	int best = -INF2, i, nplace = -1, tainted_here = 0, saved_taint;
	int alpha0, beta0, first = 1, has_tt = 0, forced = 0, pass_done = 0;
	int pl = s->pos.to_move, use_lines, saved_mark = s->list_mark[pl];
	size_t saved_base = s->list_base[pl];
	long saved_n = s->list_n[pl];
	uint32_t hot[2][RULES_MAX_DIM];
	long n, ntt = 0;
	struct ones ones;
	int ones_ready = 0;
	size_t saved_ones = s->ones_n;
	size_t base;
	struct refuter rf[KILLER_SLOTS];
	int bound_best = -INF2, searched;
	int leave_one = s->mode == MODE_EXACT && s->zero_limit > 0 &&
	    s->ntiles[s->pos.to_move] >= 2;
	int nrf = 0, stuck_other = after_pass == 2 && s->mode == MODE_EXACT &&
	    s->zero_limit > 0;
	uint32_t rf_ver = s->ply + 1 < KILLER_PLIES ?
	    s->killer_ver[s->ply + 1] - 1 : 0;

	if (s->stopped || s->failed)
		return 0;
	s->nodes++;
	if ((s->deadline > 0 && (s->nodes & 1023) == 0 &&
	    now_seconds() > s->deadline) ||
	    (s->max_nodes > 0 && s->nodes > s->max_nodes)) {
		s->stopped = 1;
		return 0;
	}
	if (depth == 0) {
		s->tainted = 1;
		return horizon(s);
	}
	/* The table's bucket and keys are fetched while the killers are
	 * tried: a lookup was most of a node's time apart from the moves. */
	{
		uint64_t b = s->hash & s->mask & ~(uint64_t)1;

		__builtin_prefetch(&s->tt[b]);
		__builtin_prefetch((const char *)&s->tt[b] + 64);
		__builtin_prefetch(s->keys + b * MAX_KEY);
		__builtin_prefetch(s->keys + b * MAX_KEY + 64);
		__builtin_prefetch(s->keys + (b + 1) * MAX_KEY);
		__builtin_prefetch(s->keys + (b + 1) * MAX_KEY + 64);
	}
	/* First the moves that went out and cut off at other nodes of this
	 * ply, where they are legal here: going out ends the game, so each
	 * is valued at once, and one that reaches beta cuts off before the
	 * table is looked up or the moves generated (and is not stored:
	 * finding it again is as cheap).  One that does not is left to its
	 * turn among the generated moves. */
	if (s->ply < KILLER_PLIES) {
		for (i = 0; i < KILLER_SLOTS; i++) {
			struct killer *k = &s->killers[s->ply][i];
			struct undo u;
			int end, v;

			if (k->m.ntiles != s->ntiles[s->pos.to_move] ||
			    !killer_legal(s, k))
				continue;
			play(s, &k->m, &u);
			if (!game_end_value(s, &end))
				end = -INF2;    /* cannot be: it goes out */
			unplay(s, &k->m, &u);
			v = k->m.score + end;
			if (v >= beta) {
				if (i > 0) {
					struct move km = k->m;

					killer_store(s, &km);
				}
				return v;
			}
		}
	}
	make_key(s, key);
	if ((te = tt_find(s, key)) != NULL) {
		if (te->lo >= beta || te->lo == te->hi) {
			return te->lo;
		}
		if (te->hi <= alpha) {
			return te->hi;
		}
		if (te->lo > alpha)
			alpha = te->lo;
		if (te->hi < beta)
			beta = te->hi;
		if (te->has_move) {
			tt_move_get(te, &ttm);
			tt_sig = move_sig(&ttm);
			has_tt = 1;
			forced = te->forced;
		}
	}
	alpha0 = alpha;
	beta0 = beta;
	saved_taint = s->tainted;
	memset(&bestm, 0, sizeof bestm);
	/* The table's move first, before the moves are generated: a cutoff
	 * saves the generation.  A forced pass costs no ply. */
	if (has_tt) {
		first = 0;
		if (node_move(s, &ttm, forced ? depth : depth - 1, &alpha, beta,
		    1, &best, &bestm, &tainted_here, forced))
			goto out;
	}
	/* A pass right after a pass, before generating too: a pass is
	 * always legal.  Not under a ply horizon, where a pass that turned
	 * out to be the only move would count no ply. */
	if (after_pass && !stuck_other && s->mode == MODE_EXACT &&
	    !(has_tt && ttm.kind == MOVE_PASS)) {
		struct move pm;

		memset(&pm, 0, sizeof pm);
		pm.kind = MOVE_PASS;
		pass_done = 1;
		if (node_move(s, &pm, depth - 1, &alpha, beta, first, &best,
		    &bestm, &tainted_here, 0))
			goto out;
		first = 0;
	}
	base = s->stack_n;
	/* Where this player's moves were listed further up the line, the
	 * list is put together again from the moves still legal there and
	 * the moves near the squares that tiles placed since can have
	 * changed (list_again): gen_all near those squares only. */
	use_lines = s->list_mark[pl] >= 0;
	if (use_lines)
		moved_hot(s, s->list_mark[pl], hot);
	if ((n = gen_node(s, tt_sig, after_pass, &nplace, &ntt, use_lines ?
	    hot : NULL)) < 0) {
		s->failed = 1;
		return 0;
	}
	forced = nplace == 0;
	s->list_mark[pl] = s->nhist;
	s->list_base[pl] = base;
	s->list_n[pl] = n;
	/* One tile left: every tile play goes out, and a pass is answered at
	 * worst by a pass back, to the same moves (the other can always pass;
	 * the count of passes ends it): the node is worth at most its best
	 * going out or the game ended on passes. */
	if (s->mode == MODE_EXACT && s->zero_limit > 0 && s->ntiles[pl] == 1) {
		int ub = s->rackval[!pl] - s->rackval[pl];
		long at = -1;

		for (i = 0; i < n; i++) {
			const struct move *m = &s->stack[base + (size_t)i];
			int v = m->score + settle_out_gain(s->r, s->rackval[!pl]);

			if (m->kind == MOVE_PLACE && v > ub) {
				ub = v;
				at = i;
			}
		}
		if (ub <= alpha) {
			if (ub > best) {
				best = ub;
				if (at >= 0) {
					bestm = s->stack[base + (size_t)at];
				} else {
					memset(&bestm, 0, sizeof bestm);
					bestm.kind = MOVE_PASS;
				}
			}
			s->stack_n = base;
			goto out;
		}
	}
	for (i = 0; i < n; i++) {
		struct move m = s->stack[base + (size_t)i];

		if ((has_tt && move_sig(&m) == tt_sig && canon_same(&m, &ttm)) ||
		    (pass_done && m.kind == MOVE_PASS))
			continue;
		if (s->mode == MODE_EXACT && s->ply + 1 < KILLER_PLIES) {
			int ub;

			if (rf_ver != s->killer_ver[s->ply + 1]) {
				rf_ver = s->killer_ver[s->ply + 1];
				nrf = refuters_find(s, rf);
			}
			if (nrf > 0 && (ub = refuted_bound(s, &m, rf, nrf)) <=
			    alpha) {
				if (ub > bound_best)
					bound_best = ub;
				continue;
			}
		}
		/* A play that leaves one tile: the other may pass, and that
		 * tile is then worth at most its best going out (after_one_bound)
		 * or the game ended on passes. */
		if (leave_one && m.kind == MOVE_PLACE &&
		    m.ntiles == s->ntiles[pl] - 1) {
			uint8_t left[RULES_MAX_TILES];
			int tb = -1, vb, ub, j, t;

			memcpy(left, s->pos.racks[pl], sizeof left);
			for (j = 0; j < m.len; j++)
				if (m.tiles[j] != 0)
					left[rack_tile(m.tiles[j])]--;
			for (t = 0; t <= s->r->nletters && tb < 0; t++)
				if (left[t] != 0)
					tb = t;
			vb = s->r->values[tb];
			if (!ones_ready) {
				if (ones_build(s, s->stack + base, n, ntt,
				    &ones) != 0) {
					s->failed = 1;
					break;
				}
				ones_ready = 1;
			}
			ub = after_one_bound(s, &m, &ones, vb, tb) +
			    settle_out_gain(s->r, s->rackval[!pl]);
			if (ub < s->rackval[!pl] - vb)
				ub = s->rackval[!pl] - vb;
			ub += m.score;
			if (ub <= alpha) {
				if (ub > bound_best)
					bound_best = ub;
				continue;
			}
		}
		/* The pass after every tile play: passing is worth at most
		 * what the other's pass back leaves, the same moves two turns
		 * on (tile plays reset the count) or the game ended on passes;
		 * where none of those beats alpha, neither does the pass. */
		if (m.kind == MOVE_PASS && i == n - 1 && s->mode == MODE_EXACT &&
		    s->zero_limit > 0 && best <= alpha && bound_best <= alpha &&
		    s->rackval[!pl] - s->rackval[pl] <= alpha &&
		    no_scoreless_play(s, s->stack + base, n)) {
			if (s->rackval[!pl] - s->rackval[pl] > bound_best)
				bound_best = s->rackval[!pl] - s->rackval[pl];
			continue;
		}
		if (m.kind == MOVE_PASS && stuck_other &&
		    no_scoreless_play(s, s->stack + base, n)) {
			/* The other cannot play on this board: after a
			 * pass it passes too and this player is back with
			 * the same moves, so passing is worth the game
			 * ended on passes or this node's best tile play,
			 * whichever is more (tile plays reset the count):
			 * the node's value is that, with the pass valued
			 * as the ending. */
			int v = s->rackval[!pl] - s->rackval[pl];

			if (v > best) {
				best = v;
				bestm = m;
			}
			if (v > alpha)
				alpha = v;
			if (alpha >= beta)
				break;
			continue;
		}
		if (node_move(s, &m, forced ? depth : depth - 1, &alpha, beta,
		    first, &best, &bestm, &tainted_here, forced)) {
			break;
		}
		first = 0;
	}
	s->stack_n = base;
out:
	s->ones_n = saved_ones;
	s->list_mark[pl] = saved_mark;
	s->list_base[pl] = saved_base;
	s->list_n[pl] = saved_n;
	s->tainted = saved_taint | tainted_here;
	if (s->stopped || s->failed)
		return 0;
	/* Moves failed low by a bound only bound the value; the table's
	 * move is the best searched. */
	searched = best > -INF2;
	if (bound_best > best)
		best = bound_best;
	if (best >= beta && bestm.kind == MOVE_PLACE &&
	    bestm.ntiles == s->ntiles[s->pos.to_move])
		killer_store(s, &bestm);
	if (tainted_here)
		tt_store(s, key, -INF2, INF2, searched ? &bestm : NULL,
		    forced);
	else
		tt_store(s, key, best > alpha0 ? best : -INF2,
		    best < beta0 ? best : INF2, searched ? &bestm : NULL,
		    forced);
	return best;
}

/* --- The root --- */

static int
canon_cmp(const struct move *a, const struct move *b)
{
	if (a->kind != b->kind)
		return a->kind == MOVE_PASS ? 1 : -1;
	if (a->kind == MOVE_PASS)
		return 0;
	return move_order(a, b);
}

static int
root_cmp_canon(const void *a, const void *b)
{
	return canon_cmp(&((const struct root_move *)a)->m,
	    &((const struct root_move *)b)->m);
}

/* Root moves for search: by last iteration's value, then canonical. */
static int
root_cmp_order(const void *a, const void *b)
{
	const struct root_move *x = a, *y = b;

	if (x->order != y->order)
		return x->order > y->order ? -1 : 1;
	return x->index - y->index;
}

/* The lines' order: proved lower bound, then upper, then canonical. */
static int
root_cmp_rank(const void *a, const void *b)
{
	const struct root_move *x = a, *y = b;

	if (x->lo != y->lo)
		return x->lo > y->lo ? -1 : 1;
	if (x->hi != y->hi)
		return x->hi > y->hi ? -1 : 1;
	return x->index - y->index;
}

struct top {
	int n, k;
	int val[ENDGAME_MAX_TOP];
	int idx[ENDGAME_MAX_TOP];
};

/* top_insert: v for move index idx into the K best (value down, index up). */
static void
top_insert(struct top *t, int v, int idx)
{
	int i;

	if (t->n == t->k) {
		i = t->k - 1;
		if (v < t->val[i] || (v == t->val[i] && idx > t->idx[i]))
			return;
	} else {
		i = t->n++;
	}
	while (i > 0 && (t->val[i - 1] < v || (t->val[i - 1] == v &&
	    t->idx[i - 1] > idx))) {
		t->val[i] = t->val[i - 1];
		t->idx[i] = t->idx[i - 1];
		i--;
	}
	t->val[i] = v;
	t->idx[i] = idx;
}

/* root_search: each root move valued in mode at depth (plies after it),
 * as far as the K best need: rm[i].lo/hi get what this pass proved in its
 * mode's game (exact for the K best, an upper bound for the rest); with
 * first_win, a null window at 0 and stop at the first win.  Returns 0, or
 * -1 if stopped or failed. */
static int
root_search(struct endgame *s, struct root_move *rm, int n, enum mode mode,
	int depth, int k, int first_win)
{
	struct top t = { 0, k, { 0 }, { 0 } };
	int i;

	s->mode = mode;
	qsort(rm, (size_t)n, sizeof *rm, root_cmp_order);
	for (i = 0; i < n; i++) {
		rm[i].lo = -INF2;
		rm[i].hi = INF2;
	}
	for (i = 0; i < n; i++) {
		int a, b = INF2, v;

		if (first_win) {
			a = -1;
			b = 1;
		} else if (t.n < k) {
			a = -INF2;
		} else {
			a = t.val[k - 1];
			if (rm[i].index < t.idx[k - 1])
				a--;    /* equal would do: it comes first */
		}
		s->tainted = 0;
		/* With first_win every move gets the window -1..1: a null
		 * window at -1 that failed high at 0 would not tell a draw
		 * from a win. */
		if (i == 0 || a == -INF2 || first_win) {
			v = move_value(s, &rm[i].m, depth, a, b, 0);
		} else {
			v = move_value(s, &rm[i].m, depth, a, a + 1, 0);
			if (v > a && v < b && !s->stopped && !first_win)
				v = move_value(s, &rm[i].m, depth, v, b, 0);
		}
		if (s->stopped || s->failed)
			return -1;
		rm[i].lo = v > a ? v : -INF2;
		rm[i].hi = v < b ? v : INF2;
		if (first_win) {
			if (v >= 1)
				return 0;
			continue;
		}
		if (v > a)
			top_insert(&t, v, rm[i].index);
	}
	return 0;
}

/* pv_extract: from the current position of exact value v (for the player
 * to move), the first move in canonical order that keeps v, then on. */
static int
pv_extract(struct endgame *s, int v, struct move *pv, int max)
{
	int n = 0;
	struct undo u[ENDGAME_MAX_PV];

	s->mode = MODE_EXACT;
	while (n < max) {
		size_t base = s->stack_n;
		long nm, i, found = -1, ntt;
		int nplace, end;
		struct move *ms;

		if ((nm = gen_node(s, 0, 0, &nplace, &ntt, NULL)) < 0)
			break;
		ms = s->stack + base;
		qsort(ms, (size_t)nm, sizeof *ms, (int (*)(const void *,
		    const void *))canon_cmp);
		for (i = 0; i < nm && found < 0; i++) {
			struct move m = s->stack[base + (size_t)i];
			int w = move_value(s, &m, INT32_MAX / 2, v - 1, v, 0);

			if (s->stopped || s->failed)
				break;
			if (w >= v)
				found = i;
		}
		if (found < 0) {
			s->stack_n = base;
			break;
		}
		pv[n] = s->stack[base + (size_t)found];
		s->stack_n = base;
		play(s, &pv[n], &u[n]);
		/* v = score - (the opponent's value after it) */
		v = pv[n].score - v;
		n++;
		if (game_end_value(s, &end))
			break;
	}
	for (int j = n - 1; j >= 0; j--)
		unplay(s, &pv[j], &u[j]);
	return n;
}

static int
count_tiles(const uint8_t rack[RULES_MAX_TILES])
{
	int n = 0;

	for (int t = 0; t < RULES_MAX_TILES; t++)
		n += rack[t];
	return n;
}

static int
same_move(const struct move *a, const struct move *b)
{
	return canon_cmp(a, b) == 0;
}

int
endgame_solve(struct endgame *s, const struct position *p,
	const struct endgame_opts *o, struct endgame_result *res, struct err *e)
{
	struct endgame_opts def = { 0 };
	struct root_move *rm = NULL;
	long n, i, ntt;
	int nplace, k, nroot = 0, d, id_plies, rc = -1;
	double t0 = now_seconds();

	if (o == NULL)
		o = &def;
	memset(res, 0, sizeof *res);
	s->err = e;
	if (p->nplayers != 2) {
		err_set(e, 0, "the endgame solver is for two players; this "
		    "position has %d (with more, a player's best move depends "
		    "on what the others want, not on one spread)", p->nplayers);
		return -1;
	}
	if (!p->rack_known[0] || !p->rack_known[1]) {
		err_set(e, 0, "the endgame needs both racks");
		return -1;
	}
	if (position_bag_count(s->r, p) != 0) {
		err_set(e, 0, "the bag is not empty (%d tiles): not an endgame",
		    position_bag_count(s->r, p));
		return -1;
	}
	s->pos = *p;
	s->pos.nops = 0;
	s->ntiles[0] = count_tiles(p->racks[0]);
	s->ntiles[1] = count_tiles(p->racks[1]);
	for (int pl = 0; pl < 2; pl++) {
		s->rackval[pl] = 0;
		for (int t = 0; t <= s->r->nletters && t < RULES_MAX_TILES; t++)
			s->rackval[pl] += p->racks[pl][t] * s->r->values[t];
	}
	if (s->ntiles[0] > RULES_MAX_RACK || s->ntiles[1] > RULES_MAX_RACK) {
		err_set(e, 0, "a rack of over %d tiles", RULES_MAX_RACK);
		return -1;
	}
	if (s->ntiles[0] == 0 || s->ntiles[1] == 0) {
		err_set(e, 0, "a rack is empty: the game is over");
		return -1;
	}
	s->ntot = s->ntiles[0] + s->ntiles[1];
	s->keylen = 2 * s->ntot + RULES_MAX_RACK + 1;
	s->nplaced = 0;
	s->zero_limit = s->r->end_turns_per_player > 0 ?
	    2 * s->r->end_turns_per_player : 0;
	if (p->zeros >= 63 || (s->zero_limit > 0 && p->zeros >= s->zero_limit)) {
		err_set(e, 0, "%d scoreless turns: the game is over", p->zeros);
		return -1;
	}
	s->root_player = p->to_move;
	s->hash = p->to_move ? s->z_side : 0;
	s->hash ^= s->z_zeros[p->zeros];
	for (int pl = 0; pl < 2; pl++)
		for (int t = 0; t < RULES_MAX_TILES; t++)
			s->hash ^= s->z_rack[pl][t][p->racks[pl][t]];
	if (++s->gen_no == 0) {
		for (uint64_t j = 0; j <= s->mask; j++)
			s->tt[j].gen = 0;
		s->gen_no = 1;
	}
	s->nodes = 0;
	s->gens = 0;
	memset(s->killers, 0, sizeof s->killers);
	s->nhist = 0;
	s->list_mark[0] = s->list_mark[1] = -1;
	s->ply = 0;
	s->stopped = s->failed = 0;
	s->stack_n = 0;
	s->deadline = o->seconds > 0 ? t0 + o->seconds : 0;
	s->max_nodes = o->max_nodes;
	k = o->top > 0 ? o->top : 1;
	if (k > ENDGAME_MAX_TOP)
		k = ENDGAME_MAX_TOP;

	/* The first moves, in canonical order. */
	if ((n = gen_node(s, 0, 0, &nplace, &ntt, NULL)) < 0)
		goto fail;
	if ((rm = calloc((size_t)n, sizeof *rm)) == NULL) {
		err_set(e, 0, "out of memory");
		goto fail;
	}
	for (i = 0; i < n; i++)
		rm[i].m = s->stack[i];
	s->stack_n = 0;
	qsort(rm, (size_t)n, sizeof *rm, root_cmp_canon);
	for (i = 0; i < n; i++) {
		rm[i].index = (int)i;
		if (o->only != NULL && !same_move(&rm[i].m, o->only))
			continue;
		if (o->only == NULL && o->shard_n > 0 &&
		    i % o->shard_n != o->shard_k - 1)
			continue;
		rm[nroot++] = rm[i];
	}
	res->nroot_all = (int)n;
	res->nroot = nroot;
	if (nroot == 0) {
		if (o->only != NULL)
			err_set(e, 0, "the move given is not a legal move here");
		rc = o->only != NULL ? -1 : 0;
		res->lo = -ENDGAME_INF;
		res->hi = ENDGAME_INF;
		goto done;
	}
	for (i = 0; i < nroot; i++)
		rm[i].order = rm[i].m.kind == MOVE_PLACE &&
		    rm[i].m.ntiles == s->ntiles[p->to_move] ? 1000 +
		    rm[i].m.score : rm[i].m.score;

	/* Ordering iterations. */
	id_plies = o->id_plies == 0 ? 1 : o->id_plies < 0 ? 0 : o->id_plies;
	if (o->plies > 0 && id_plies >= o->plies)
		id_plies = o->plies - 1;
	for (d = 1; d <= id_plies; d++) {
		if (root_search(s, rm, nroot, MODE_GUESS, d - 1, 1, 0) != 0)
			break;
		for (i = 0; i < nroot; i++)
			rm[i].order = rm[i].lo > -INF2 ? rm[i].lo : rm[i].hi;
	}
	if (s->failed)
		goto fail;
	s->stopped = 0;

	if (o->plies > 0) {
		/* Capped: lower bounds from lines unfinished taken as lost,
		 * upper from them taken as won (the best exactly, the others
		 * as high as their refutation showed). */
		int *lo = malloc(sizeof *lo * (size_t)nroot);

		if (lo == NULL) {
			err_set(e, 0, "out of memory");
			goto fail;
		}
		root_search(s, rm, nroot, MODE_LOW, o->plies - 1, k,
		    o->first_win);
		qsort(rm, (size_t)nroot, sizeof *rm, root_cmp_canon);
		for (i = 0; i < nroot; i++) {
			lo[i] = rm[i].lo;
			rm[i].order = rm[i].lo > -INF2 ? rm[i].lo : rm[i].hi;
		}
		if (!s->stopped && !s->failed)
			root_search(s, rm, nroot, MODE_HIGH, o->plies - 1, 1, 0);
		qsort(rm, (size_t)nroot, sizeof *rm, root_cmp_canon);
		for (i = 0; i < nroot; i++)
			rm[i].lo = lo[i];
		free(lo);
		if (s->failed)
			goto fail;
	} else {
		root_search(s, rm, nroot, MODE_EXACT, INT32_MAX / 2, k,
		    o->first_win);
		if (s->failed)
			goto fail;
	}
	/* A time limit that stopped it leaves the root moves not finished
	 * unknown (-INF2..INF2): what the others proved stands. */
	res->stopped = s->stopped;
	s->stopped = 0;
	s->deadline = 0;        /* the lines of values proved are finished */
	s->max_nodes = 0;
	qsort(rm, (size_t)nroot, sizeof *rm, root_cmp_rank);
	{
		int hi = -INF2;

		for (i = 0; i < nroot; i++)
			if (rm[i].hi > hi)
				hi = rm[i].hi;
		res->lo = rm[0].lo <= -ENDGAME_INF ? -ENDGAME_INF : rm[0].lo;
		res->hi = hi >= ENDGAME_INF ? ENDGAME_INF : hi;
	}
	for (i = 0; i < nroot && res->nlines < k; i++) {
		struct root_move *r0 = &rm[i];
		struct endgame_line *l;

		/* Moves not among the K best (only an upper bound) are not
		 * lines, unless nothing better is known. */
		if (r0->lo <= -INF2 && i > 0)
			break;
		l = &res->lines[res->nlines++];
		l->move = r0->m;
		l->index = r0->index;
		l->lo = r0->lo <= -ENDGAME_INF ? -ENDGAME_INF : r0->lo;
		l->hi = r0->hi >= ENDGAME_INF ? ENDGAME_INF : r0->hi;
		/* The first line stands for the position: while another
		 * first move may still be better, its value is not proved
		 * the position's. */
		if (i == 0 && res->hi > l->hi)
			l->hi = res->hi;
		l->pv[0] = r0->m;
		l->npv = 1;
		/* The variation, for a value proved by the full search (after
		 * a ply cap or a time limit, finding it could take as long
		 * as the search not done: the first move only). */
		if (l->lo == l->hi && o->plies == 0 && !res->stopped) {
			struct undo u;
			int end;

			play(s, &r0->m, &u);
			if (!game_end_value(s, &end))
				l->npv += pv_extract(s, r0->m.score - l->lo,
				    l->pv + 1, ENDGAME_MAX_PV - 1);
			unplay(s, &r0->m, &u);
			if (s->failed)
				goto fail;
		}
	}
	rc = 0;
	goto done;
fail:
	if (e != NULL && e->msg[0] == '\0')
		err_set(e, 0, "out of memory in the endgame search");
	rc = -1;
done:
	res->nodes = s->nodes;
	res->generated = s->gens;
	res->ms = (now_seconds() - t0) * 1000;
	free(rm);
	return rc;
}
