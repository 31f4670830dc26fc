/* elo.c — Elo ratings by Netskrafl's rules, results lines, times and the
 * state file.  See elo.h. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "elo.h"

/* Ratings below this have their Q = 10^(r/400) cached in the table; the
 * cached values are the same pow() results, so caching changes nothing. */
#define ELO_QCACHE 4096

/* One player: the three lists side by side, so that a game touches one
 * or two cache lines per player. */
struct pl {
	struct elo_rec rec[ELO_NLISTS];
	uint32_t nlen;                  /* name length */
	uint32_t robot;
	size_t off;                     /* name's offset in names */
};

struct elo_table {
	size_t n, cap;                  /* players, room in the arrays */
	char *names;                    /* every name, each NUL-terminated */
	size_t names_len, names_cap;
	struct pl *p;                   /* the players */
	/* Open addressing: (hash << 32) | (player + 1), 0 = empty.  The hash
	 * beside the index spares a look at the player on most mismatches. */
	uint64_t *slot;
	size_t nslot;                   /* a power of two, > 2 * n */
	double q[ELO_QCACHE];
};

static const char *const list_names[ELO_NLISTS] = { "all", "human", "manual" };

const char *
elo_list_name(int list)
{
	return list >= 0 && list < ELO_NLISTS ? list_names[list] : "?";
}

int
elo_list_parse(const char *s)
{
	int i;

	for (i = 0; i < ELO_NLISTS; i++)
		if (strcmp(s, list_names[i]) == 0)
			return i;
	return -1;
}

/* --- Arithmetic --- */

/* Python computes 10.0 ** (float(elo) / 400) with the C library's pow. */
static double
q_of(int r)
{
	return pow(10.0, (double)r / 400.0);
}

double
elo_expected(int ra, int rb)
{
	double qa = q_of(ra), qb = q_of(rb);

	return qa / (qa + qb);
}

long
elo_round(double x)
{
	/* x - floor(x) is exact in binary floating point, so an exact half is
	 * seen as one whatever the FPU rounding mode is. */
	double f = floor(x);
	double d = x - f;

	if (d > 0.5 || (d == 0.5 && fmod(f, 2.0) != 0.0))
		f += 1.0;
	return (long)f;
}

int
elo_delta(double expected, int outcome, int k)
{
	return (int)elo_round(((double)outcome * 0.5 - expected) * (double)k);
}

/* The game of two players with Q values q0, q1: Netskrafl's _compute_elo
 * and the established-against-beginner rule of _run_stats. */
static void
pair_q(double q0, double q1, int r0, int r1, int outcome0, int est0, int est1,
	int adj[2])
{
	double e0, e1;
	int a0, a1;

	if (q0 + q1 < 1.0) {
		/* Netskrafl's "strange corner case", unreachable for r >= 0. */
		adj[0] = adj[1] = 0;
		return;
	}
	e0 = q0 / (q0 + q1);
	e1 = q1 / (q0 + q1);
	a0 = elo_delta(e0, outcome0, est0 ? ELO_K_ESTABLISHED : ELO_K_BEGINNER);
	a1 = elo_delta(e1, 2 - outcome0, est1 ? ELO_K_ESTABLISHED : ELO_K_BEGINNER);
	if (a0 + r0 < 0)
		a0 = -r0;
	if (a1 + r1 < 0)
		a1 = -r1;
	if (est0 && !est1)
		a0 = 0;
	if (est1 && !est0)
		a1 = 0;
	adj[0] = a0;
	adj[1] = a1;
}

void
elo_pair(int r0, int r1, int outcome0, int est0, int est1, int adj[2])
{
	pair_q(q_of(r0), q_of(r1), r0, r1, outcome0, est0, est1, adj);
}

/* --- The table --- */

struct elo_table *
elo_create(struct err *e)
{
	struct elo_table *t = calloc(1, sizeof *t);
	int r;

	if (t == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	for (r = 0; r < ELO_QCACHE; r++)
		t->q[r] = q_of(r);
	return t;
}

void
elo_destroy(struct elo_table *t)
{
	if (t == NULL)
		return;
	free(t->names);
	free(t->p);
	free(t->slot);
	free(t);
}

/* FNV-1a, 32 bits: short keys, no need for more. */
static uint32_t
hash_name(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

int
elo_name_check(const char *name, size_t len, struct err *e)
{
	const unsigned char *s = (const unsigned char *)name;
	size_t i = 0;

	if (len == 0) {
		err_set(e, 0, "empty player name");
		return -1;
	}
	if (len > ELO_NAME_MAX) {
		err_set(e, 0, "player name longer than %d bytes", ELO_NAME_MAX);
		return -1;
	}
	if (s[0] == ' ' || s[len - 1] == ' ') {
		err_set(e, 0, "player name begins or ends with a space");
		return -1;
	}
	while (i < len) {
		unsigned c = s[i];
		unsigned cp, need, k;

		if (c < 0x80) {
			if (c < 0x20 || c == 0x7f) {
				err_set(e, 0, "control character 0x%02x in player name", c);
				return -1;
			}
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			need = 1;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			need = 2;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			need = 3;
			cp = c & 0x07;
		} else {
			err_set(e, 0, "invalid UTF-8 in player name (byte 0x%02x)", c);
			return -1;
		}
		if (len - i <= need) {
			err_set(e, 0, "invalid UTF-8 in player name (truncated sequence)");
			return -1;
		}
		for (k = 1; k <= need; k++) {
			if ((s[i + k] & 0xc0) != 0x80) {
				err_set(e, 0, "invalid UTF-8 in player name (byte 0x%02x)",
					s[i + k]);
				return -1;
			}
			cp = (cp << 6) | (s[i + k] & 0x3f);
		}
		if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
			err_set(e, 0, "invalid UTF-8 in player name (overlong or "
				"out of range)");
			return -1;
		}
		if (cp >= 0x80 && cp <= 0x9f) {
			err_set(e, 0, "control character U+%04X in player name", cp);
			return -1;
		}
		i += need + 1;
	}
	return 0;
}

static long
find_h(const struct elo_table *t, const char *name, size_t len, uint32_t h)
{
	size_t mask, j;
	uint64_t v;

	if (t->nslot == 0)
		return -1;
	mask = t->nslot - 1;
	for (j = h & mask; (v = t->slot[j]) != 0; j = (j + 1) & mask) {
		size_t i;
		if ((uint32_t)(v >> 32) != h)
			continue;
		i = (size_t)(uint32_t)v - 1;
		if (t->p[i].nlen == len && memcmp(t->names + t->p[i].off, name, len) == 0)
			return (long)i;
	}
	return -1;
}

long
elo_find(const struct elo_table *t, const char *name, size_t len)
{
	return find_h(t, name, len, hash_name(name, len));
}

static int
grow_players(struct elo_table *t, struct err *e)
{
	size_t ncap = t->cap ? t->cap * 2 : 64;
	struct pl *p;

	if (ncap > (size_t)UINT32_MAX - 1 || ncap > SIZE_MAX / sizeof *p) {
		err_set(e, 0, "too many players");
		return -1;
	}
	if ((p = realloc(t->p, ncap * sizeof *p)) == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	t->p = p;
	t->cap = ncap;
	return 0;
}

static int
grow_slots(struct elo_table *t, struct err *e)
{
	size_t ns = t->nslot ? t->nslot * 2 : 256;
	uint64_t *slot;
	size_t i, mask = ns - 1;

	if (ns > SIZE_MAX / sizeof *slot || (slot = calloc(ns, sizeof *slot)) == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	for (i = 0; i < t->n; i++) {
		uint32_t h = hash_name(t->names + t->p[i].off, t->p[i].nlen);
		size_t j = h & mask;
		while (slot[j] != 0)
			j = (j + 1) & mask;
		slot[j] = (uint64_t)h << 32 | (uint64_t)(i + 1);
	}
	free(t->slot);
	t->slot = slot;
	t->nslot = ns;
	return 0;
}

long
elo_add(struct elo_table *t, const char *name, size_t len, int robot,
	struct err *e)
{
	uint32_t h = hash_name(name, len);
	long found = find_h(t, name, len, h);
	size_t i, j, mask;
	int l;

	robot = robot != 0;
	if (found >= 0) {
		if ((int)t->p[found].robot != robot) {
			err_set(e, 0, "player %.*s was a %s before, now a %s",
				(int)(len > 64 ? 64 : len), name,
				t->p[found].robot ? "robot" : "human",
				t->p[found].robot ? "human" : "robot");
			return -1;
		}
		return found;
	}
	if (t->n == t->cap && grow_players(t, e) != 0)
		return -1;
	if ((t->n + 1) * 2 >= t->nslot && grow_slots(t, e) != 0)
		return -1;
	if (t->names_len + len + 1 > t->names_cap) {
		size_t nc = t->names_cap ? t->names_cap : 4096;
		char *nn;
		while (nc < t->names_len + len + 1)
			nc *= 2;
		if ((nn = realloc(t->names, nc)) == NULL) {
			err_set(e, 0, "out of memory");
			return -1;
		}
		t->names = nn;
		t->names_cap = nc;
	}
	i = t->n++;
	t->p[i].off = t->names_len;
	memcpy(t->names + t->names_len, name, len);
	t->names[t->names_len + len] = '\0';
	t->names_len += len + 1;
	t->p[i].nlen = (uint32_t)len;
	t->p[i].robot = (uint32_t)robot;
	for (l = 0; l < ELO_NLISTS; l++) {
		struct elo_rec *r = &t->p[i].rec[l];
		r->rating = ELO_START;
		r->games = r->wins = r->losses = r->draws = 0;
	}
	mask = t->nslot - 1;
	for (j = h & mask; t->slot[j] != 0; j = (j + 1) & mask)
		;
	t->slot[j] = (uint64_t)h << 32 | (uint64_t)(i + 1);
	return (long)i;
}

size_t
elo_count(const struct elo_table *t)
{
	return t->n;
}

const char *
elo_name(const struct elo_table *t, size_t i)
{
	return t->names + t->p[i].off;
}

int
elo_is_robot(const struct elo_table *t, size_t i)
{
	return t->p[i].robot;
}

struct elo_rec *
elo_rec(struct elo_table *t, int list, size_t i)
{
	return &t->p[i].rec[list];
}

const struct elo_rec *
elo_rec_const(const struct elo_table *t, int list, size_t i)
{
	return &t->p[i].rec[list];
}

static double
q_cached(const struct elo_table *t, int32_t r)
{
	return r >= 0 && r < ELO_QCACHE ? t->q[r] : q_of(r);
}

static void
tally(struct elo_rec *a, struct elo_rec *b, int outcome0)
{
	a->games++;
	b->games++;
	if (outcome0 == ELO_WIN) {
		a->wins++;
		b->losses++;
	} else if (outcome0 == ELO_LOSS) {
		a->losses++;
		b->wins++;
	} else {
		a->draws++;
		b->draws++;
	}
}

int
elo_game(struct elo_table *t, size_t i0, size_t i1, int s0, int s1,
	int manual, struct elo_outcome *out)
{
	struct elo_outcome tmp;
	int outcome0, human, l, est0, est1;

	if (out == NULL)
		out = &tmp;
	memset(out->counted, 0, sizeof out->counted);
	if (s0 == 0 && s1 == 0)
		return 0;
	outcome0 = s0 > s1 ? ELO_WIN : s0 < s1 ? ELO_LOSS : ELO_DRAW;
	human = !t->p[i0].robot && !t->p[i1].robot;
	/* Every count first (skraflstats.py), then the established tests. */
	tally(&t->p[i0].rec[ELO_ALL], &t->p[i1].rec[ELO_ALL], outcome0);
	out->counted[ELO_ALL] = 1;
	if (human) {
		tally(&t->p[i0].rec[ELO_HUMAN], &t->p[i1].rec[ELO_HUMAN], outcome0);
		out->counted[ELO_HUMAN] = 1;
		if (manual) {
			tally(&t->p[i0].rec[ELO_MANUAL], &t->p[i1].rec[ELO_MANUAL], outcome0);
			out->counted[ELO_MANUAL] = 1;
		}
	}
	for (l = 0; l < ELO_NLISTS; l++) {
		struct elo_rec *a, *b;
		if (!out->counted[l])
			continue;
		a = &t->p[i0].rec[l];
		b = &t->p[i1].rec[l];
		if (l == ELO_ALL) {
			est0 = t->p[i0].robot || a->games > ELO_ESTABLISHED_MARK;
			est1 = t->p[i1].robot || b->games > ELO_ESTABLISHED_MARK;
		} else {
			/* human and manual: the human game count (SPEC §3). */
			est0 = t->p[i0].rec[ELO_HUMAN].games > ELO_ESTABLISHED_MARK;
			est1 = t->p[i1].rec[ELO_HUMAN].games > ELO_ESTABLISHED_MARK;
		}
		out->before[l][0] = a->rating;
		out->before[l][1] = b->rating;
		pair_q(q_cached(t, a->rating), q_cached(t, b->rating), a->rating,
			b->rating, outcome0, est0, est1, out->adj[l]);
		a->rating += out->adj[l][0];
		b->rating += out->adj[l][1];
	}
	return 1;
}

struct rank_ent {
	int32_t rating;
	uint32_t idx;
	const char *name;
};

static int
rank_cmp(const void *pa, const void *pb)
{
	const struct rank_ent *a = pa, *b = pb;

	if (a->rating != b->rating)
		return a->rating > b->rating ? -1 : 1;
	return strcmp(a->name, b->name);
}

long
elo_ranking(const struct elo_table *t, int list, uint32_t *idx, struct err *e)
{
	struct rank_ent *v;
	size_t i, n = 0;

	if (t->n == 0)
		return 0;
	if ((v = malloc(t->n * sizeof *v)) == NULL) {
		err_set(e, 0, "out of memory");
		return -1;
	}
	for (i = 0; i < t->n; i++) {
		if (t->p[i].rec[list].games == 0)
			continue;
		v[n].rating = t->p[i].rec[list].rating;
		v[n].idx = (uint32_t)i;
		v[n].name = t->names + t->p[i].off;
		n++;
	}
	qsort(v, n, sizeof *v, rank_cmp);
	for (i = 0; i < n; i++)
		idx[i] = v[i].idx;
	free(v);
	return (long)n;
}

/* --- Times --- */

/* Days from 1970-01-01 to the proleptic Gregorian date y-m-d, by the
 * era arithmetic of H. Hinnant's "chrono-Compatible Low-Level Date
 * Algorithms" (days_from_civil): 400-year eras of 146097 days, years
 * counted from March so the leap day is last. */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* The inverse (Hinnant's civil_from_days). */
static void
civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	int64_t era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

static int
digits(const char *s, size_t len, size_t pos, int n, int *out)
{
	int v = 0, k;

	if (pos + (size_t)n > len)
		return -1;
	for (k = 0; k < n; k++) {
		char c = s[pos + (size_t)k];
		if (c < '0' || c > '9')
			return -1;
		v = v * 10 + (c - '0');
	}
	*out = v;
	return 0;
}

static int
month_days(int y, int m)
{
	static const int md[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return 29;
	return md[m - 1];
}

int
elo_time_parse(const char *s, size_t len, int64_t *us, struct err *e)
{
	int y, mo, d, h = 0, mi = 0, sec = 0, oh = 0, om = 0, sign = 0;
	int64_t frac = 0, t;
	size_t p;

	if (digits(s, len, 0, 4, &y) || len < 10 || s[4] != '-' ||
	    digits(s, len, 5, 2, &mo) || s[7] != '-' || digits(s, len, 8, 2, &d))
		goto bad;
	if (mo < 1 || mo > 12 || d < 1 || d > month_days(y, mo)) {
		err_set(e, 0, "no such date in time '%.*s'", (int)(len > 40 ? 40 : len), s);
		return -1;
	}
	p = 10;
	if (p < len) {
		if (s[p] != 'T' && s[p] != ' ')
			goto bad;
		if (digits(s, len, p + 1, 2, &h) || p + 3 >= len || s[p + 3] != ':' ||
		    digits(s, len, p + 4, 2, &mi))
			goto bad;
		p += 6;
		if (p < len && s[p] == ':') {
			if (digits(s, len, p + 1, 2, &sec))
				goto bad;
			p += 3;
			if (p < len && (s[p] == '.' || s[p] == ',')) {
				int nd = 0;
				int64_t scale = 100000;
				p++;
				while (p < len && s[p] >= '0' && s[p] <= '9') {
					if (nd < 6)
						frac += (s[p] - '0') * scale;
					scale /= 10;
					nd++;
					p++;
				}
				if (nd == 0 || nd > 9)
					goto bad;
			}
		}
		if (p < len) {
			if (s[p] == 'Z') {
				p++;
			} else if (s[p] == '+' || s[p] == '-') {
				sign = s[p] == '-' ? -1 : 1;
				if (digits(s, len, p + 1, 2, &oh))
					goto bad;
				p += 3;
				if (p < len && s[p] == ':') {
					if (digits(s, len, p + 1, 2, &om))
						goto bad;
					p += 3;
				} else if (p < len) {
					if (digits(s, len, p, 2, &om))
						goto bad;
					p += 2;
				}
				if (oh > 23 || om > 59)
					goto range;
			} else {
				goto bad;
			}
		}
		if (p != len)
			goto bad;
		if (h == 24) {
			if (mi != 0 || sec != 0 || frac != 0)
				goto range;
		} else if (h > 23 || mi > 59 || sec > 60) {
			goto range;
		}
	}
	t = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec;
	t -= (int64_t)sign * (oh * 3600 + om * 60);
	/* An offset may carry a time across year 0000 or 9999. */
	if (t < days_from_civil(0, 1, 1) * 86400 ||
	    t >= days_from_civil(10000, 1, 1) * 86400)
		goto range;
	*us = t * 1000000 + frac;
	return 0;
bad:
	err_set(e, 0, "bad time '%.*s' (want ISO 8601, e.g. 2026-12-02T21:05:00Z)",
		(int)(len > 40 ? 40 : len), s);
	return -1;
range:
	err_set(e, 0, "time out of range '%.*s'", (int)(len > 40 ? 40 : len), s);
	return -1;
}

/* Writes v as n decimal digits at p (v >= 0, zero-padded). */
static char *
put_digits(char *p, int64_t v, int n)
{
	int k;

	for (k = n - 1; k >= 0; k--) {
		p[k] = (char)('0' + v % 10);
		v /= 10;
	}
	return p + n;
}

size_t
elo_time_format(int64_t us, char *buf, size_t cap)
{
	int64_t sec = us >= 0 ? us / 1000000 : -((-us + 999999) / 1000000);
	int64_t frac = us - sec * 1000000;
	int64_t days = sec >= 0 ? sec / 86400 : -((-sec + 86399) / 86400);
	int64_t rem = sec - days * 86400, y;
	char tmp[40], *p = tmp;
	size_t n;
	int m, d;

	/* By hand rather than snprintf: elocalc --games writes one per game. */
	civil_from_days(days, &y, &m, &d);
	if (y < 0 || y > 9999) {
		/* Not from elo_time_parse, which keeps to years 0000-9999. */
		int k = snprintf(buf, cap, "@%lld", (long long)us);
		return k < 0 ? 0 : (size_t)k < cap ? (size_t)k : cap - 1;
	}
	p = put_digits(p, y, 4);
	*p++ = '-';
	p = put_digits(p, m, 2);
	*p++ = '-';
	p = put_digits(p, d, 2);
	*p++ = 'T';
	p = put_digits(p, rem / 3600, 2);
	*p++ = ':';
	p = put_digits(p, rem / 60 % 60, 2);
	*p++ = ':';
	p = put_digits(p, rem % 60, 2);
	if (frac != 0) {
		*p++ = '.';
		p = put_digits(p, frac, 6);
	}
	*p++ = 'Z';
	n = (size_t)(p - tmp);
	if (cap == 0)
		return 0;
	if (n >= cap)
		n = cap - 1;
	memcpy(buf, tmp, n);
	buf[n] = '\0';
	return n;
}

/* --- Results lines --- */

int
elo_parse_score(const char *s, size_t len, int *out)
{
	size_t i = 0;
	long v = 0;
	int neg = 0;

	if (len > 0 && (s[0] == '-' || s[0] == '+')) {
		neg = s[0] == '-';
		i = 1;
	}
	if (i == len)
		return -1;
	for (; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > ELO_SCORE_MAX)
			return -1;
	}
	*out = (int)(neg ? -v : v);
	return 0;
}

static int
parse_flags(const char *s, size_t len, int *flags, struct err *e)
{
	size_t i = 0;

	*flags = 0;
	while (i < len) {
		const char *w = s + i;
		const char *c = memchr(w, ',', len - i);
		size_t n = c ? (size_t)(c - w) : len - i;
		int f;

		if (n == 6 && memcmp(w, "robot1", 6) == 0)
			f = ELO_FLAG_ROBOT1;
		else if (n == 6 && memcmp(w, "robot2", 6) == 0)
			f = ELO_FLAG_ROBOT2;
		else if (n == 6 && memcmp(w, "manual", 6) == 0)
			f = ELO_FLAG_MANUAL;
		else {
			err_set(e, 0, "unknown flag '%.*s' (want robot1, robot2, manual)",
				(int)(n > 40 ? 40 : n), w);
			return -1;
		}
		if (*flags & f) {
			err_set(e, 0, "flag '%.*s' given twice", (int)n, w);
			return -1;
		}
		*flags |= f;
		i += n + (c != NULL);
		if (c != NULL && i == len) {
			err_set(e, 0, "empty flag after ','");
			return -1;
		}
	}
	return 0;
}

/* split_fields: a results line's fields, split at tabs into f[], fl[]
 * (at most max: the rest stays in the last).  Returns how many, 0 for an
 * empty or '#' line (nothing to rate), -1 with e set for a NUL byte. */
static long
split_fields(const char *line, size_t len, const char **f, size_t *fl,
	size_t max, struct err *e)
{
	size_t nf = 0, i = 0;

	if (len == 0 || line[0] == '#')
		return 0;
	if (memchr(line, '\0', len) != NULL) {
		err_set(e, 0, "NUL byte in line (binary data?)");
		return -1;
	}
	while (nf < max) {
		const char *tab = memchr(line + i, '\t', len - i);
		size_t n = tab ? (size_t)(tab - (line + i)) : len - i;

		f[nf] = line + i;
		fl[nf++] = n;
		if (tab == NULL)
			break;
		i += n + 1;
	}
	return (long)nf;
}

int
elo_parse_result(const char *line, size_t len, struct elo_result *r,
	struct err *e)
{
	const char *f[7];
	size_t fl[7], i;
	long nf = split_fields(line, len, f, fl, 7, e);
	struct err e2;

	if (nf <= 0)
		return (int)nf;
	if (nf < 5 || nf > 6) {
		err_set(e, 0, "%s fields, want 5 or 6 separated by tabs: TIME PLAYER1 "
			"PLAYER2 SCORE1 SCORE2 [FLAGS]", nf < 5 ? "too few" : "too many");
		return -1;
	}
	if (elo_time_parse(f[0], fl[0], &r->time, e) != 0)
		return -1;
	for (i = 0; i < 2; i++) {
		if (elo_name_check(f[1 + i], fl[1 + i], &e2) != 0) {
			err_set(e, 0, "player %zu: %s", i + 1, e2.msg);
			return -1;
		}
		r->name[i] = f[1 + i];
		r->len[i] = fl[1 + i];
	}
	if (fl[1] == fl[2] && memcmp(f[1], f[2], fl[1]) == 0) {
		err_set(e, 0, "a player cannot play themself");
		return -1;
	}
	for (i = 0; i < 2; i++) {
		if (elo_parse_score(f[3 + i], fl[3 + i], &r->score[i]) != 0) {
			err_set(e, 0, "score %zu '%.*s' is not an integer within "
				"±%d", i + 1, (int)(fl[3 + i] > 20 ? 20 : fl[3 + i]),
				f[3 + i], ELO_SCORE_MAX);
			return -1;
		}
	}
	r->flags = 0;
	if (nf == 6 && parse_flags(f[5], fl[5], &r->flags, e) != 0)
		return -1;
	return 1;
}

/* game_number: s[0..len) as strtol reads a whole field in the C locale
 * (white space, a sign, digits, nothing after), within 0..LONG_MAX. */
static int
game_number(const char *s, size_t len)
{
	size_t i = 0;
	unsigned long v = 0;
	int neg = 0, digits = 0;

	while (i < len && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r')))
		i++;
	if (i < len && (s[i] == '+' || s[i] == '-'))
		neg = s[i++] == '-';
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
		unsigned d = (unsigned)(s[i] - '0');
		if (v > ((unsigned long)LONG_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	return digits > 0 && i == len && !(neg && v != 0) ? 0 : -1;
}

int
elo_parse_bagsim(const char *line, size_t len, struct elo_result *r,
	struct err *e)
{
	const char *f[6];
	size_t fl[6], k;
	long nf = split_fields(line, len, f, fl, 6, e);
	struct err e2;

	if (nf <= 0)
		return (int)nf;
	if (nf < 6) {
		err_set(e, 0, "too few fields, want at least 6 separated by tabs: "
			"GAME SEED PLAYER1 PLAYER2 SCORE1 SCORE2");
		return -1;
	}
	if (game_number(f[0], fl[0]) != 0 || fl[1] == 0) {
		err_set(e, 0, "bad game number or seed");
		return -1;
	}
	for (k = 0; k < 2; k++) {
		if (elo_name_check(f[2 + k], fl[2 + k], &e2) != 0) {
			err_set(e, 0, "player %zu: %s", k + 1, e2.msg);
			return -1;
		}
		if (elo_parse_score(f[4 + k], fl[4 + k], &r->score[k]) != 0) {
			err_set(e, 0, "score %zu is not an integer within ±%d", k + 1,
				ELO_SCORE_MAX);
			return -1;
		}
		r->name[k] = f[2 + k];
		r->len[k] = fl[2 + k];
	}
	if (fl[2] == fl[3] && memcmp(f[2], f[3], fl[2]) == 0) {
		err_set(e, 0, "a player cannot play themself");
		return -1;
	}
	r->time = ELO_TIME_NONE;
	r->flags = ELO_FLAG_ROBOT1 | ELO_FLAG_ROBOT2;
	return 1;
}

/* --- A run over results --- */

int
elo_rate(struct elo_table *t, const struct elo_table *robots,
	struct elo_window *w, const struct elo_result *r, size_t idx[2],
	struct elo_outcome *o, struct err *e)
{
	int robot[2], p;

	if (r->time != ELO_TIME_NONE) {
		if (w->last != ELO_TIME_NONE && r->time < w->last) {
			err_set(e, 0, "time earlier than the game before (input must "
				"be in finishing order)");
			return -1;
		}
		w->last = r->time;
		if (w->through != ELO_TIME_NONE && r->time <= w->through)
			return 0;       /* rated in an earlier run */
		if (w->at != ELO_TIME_NONE && r->time > w->at)
			return 0;
	}
	if (r->score[0] == 0 && r->score[1] == 0)
		return 0;
	robot[0] = (r->flags & ELO_FLAG_ROBOT1) != 0;
	robot[1] = (r->flags & ELO_FLAG_ROBOT2) != 0;
	for (p = 0; p < 2; p++) {
		long i;

		if (robots != NULL && elo_find(robots, r->name[p], r->len[p]) >= 0)
			robot[p] = 1;
		if ((i = elo_add(t, r->name[p], r->len[p], robot[p], e)) < 0)
			return -1;
		idx[p] = (size_t)i;
	}
	elo_game(t, idx[0], idx[1], r->score[0], r->score[1],
		(r->flags & ELO_FLAG_MANUAL) != 0, o);
	return 1;
}

int64_t
elo_window_through(const struct elo_window *w)
{
	if (w->at != ELO_TIME_NONE)
		return w->at;
	if (w->last != ELO_TIME_NONE &&
	    (w->through == ELO_TIME_NONE || w->last > w->through))
		return w->last;
	return w->through;
}

/* put_int: v in decimal at p, with '+' before v >= 0 when sign; returns
 * the end.  (printf costs half the time of an elocalc --games run.) */
static char *
put_int(char *p, long v, int sign)
{
	char tmp[24];
	unsigned long u;
	int n = 0;

	if (v < 0) {
		*p++ = '-';
		u = 0UL - (unsigned long)v;
	} else {
		if (sign)
			*p++ = '+';
		u = (unsigned long)v;
	}
	do
		tmp[n++] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	while (n > 0)
		*p++ = tmp[--n];
	return p;
}

static char *
put_str(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	return p + n;
}

size_t
elo_format_game(const struct elo_table *t, size_t i0, size_t i1, int64_t time,
	int s0, int s1, const struct elo_outcome *o, int list, char *buf)
{
	char *p = buf;

	if (time == ELO_TIME_NONE)
		*p++ = '-';
	else
		p += elo_time_format(time, p, 40);
	*p++ = '\t';
	p = put_str(p, elo_name(t, i0));
	*p++ = '\t';
	p = put_str(p, elo_name(t, i1));
	*p++ = '\t';
	p = put_int(p, s0, 0);
	*p++ = '\t';
	p = put_int(p, s1, 0);
	*p++ = '\t';
	p = put_int(p, o->before[list][0], 0);
	*p++ = '\t';
	p = put_int(p, o->adj[list][0], 1);
	*p++ = '\t';
	p = put_int(p, o->before[list][1], 0);
	*p++ = '\t';
	p = put_int(p, o->adj[list][1], 1);
	*p++ = '\n';
	return (size_t)(p - buf);
}

/* --- State files --- */

#define STATE_MAGIC "# elocalc state 1"
#define STATE_LINE_MAX 4096

int
elo_state_write(const struct elo_table *t, int64_t through, FILE *fp,
	struct err *e)
{
	char tb[40];
	size_t i;
	int l;

	fprintf(fp, "%s\n", STATE_MAGIC);
	if (through == ELO_TIME_NONE)
		fputs("through\t-\n", fp);
	else {
		elo_time_format(through, tb, sizeof tb);
		fprintf(fp, "through\t%s\n", tb);
	}
	for (i = 0; i < t->n; i++) {
		if (t->p[i].rec[ELO_ALL].games == 0)
			continue;       /* met only in ignored or rejected games */
		fprintf(fp, "player\t%s\t%s", t->names + t->p[i].off,
			t->p[i].robot ? "robot" : "human");
		for (l = 0; l < ELO_NLISTS; l++) {
			const struct elo_rec *r = &t->p[i].rec[l];
			fprintf(fp, "\t%ld\t%lu\t%lu\t%lu\t%lu", (long)r->rating,
				(unsigned long)r->games, (unsigned long)r->wins,
				(unsigned long)r->losses, (unsigned long)r->draws);
		}
		fputc('\n', fp);
	}
	if (fflush(fp) == EOF || ferror(fp)) {
		err_set(e, 0, "write error: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Reads one line of at most STATE_LINE_MAX bytes into buf (cap
 * STATE_LINE_MAX + 1): its length, -1 at the end, -2 read error, -3 too
 * long (the rest is not read: the caller stops). */
static long
state_line(FILE *fp, char *buf)
{
	size_t n = 0;
	int c;

	while ((c = getc_unlocked(fp)) != EOF && c != '\n') {
		if (n == STATE_LINE_MAX)
			return -3;
		buf[n++] = (char)c;
	}
	if (c == EOF && ferror(fp))
		return -2;
	if (c == EOF && n == 0)
		return -1;
	if (n > 0 && buf[n - 1] == '\r')
		n--;
	buf[n] = '\0';
	return (long)n;
}

static int
state_u32(const char *s, size_t len, uint32_t max, uint32_t *out)
{
	uint64_t v = 0;
	size_t i;

	if (len == 0 || len > 10)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	if (v > max)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

int
elo_state_read(struct elo_table *t, int64_t *through, FILE *fp, struct err *e)
{
	char buf[STATE_LINE_MAX + 1];
	const char *f[20];
	size_t fl[20];
	long lineno = 0, n;
	int have_through = 0;
	struct err e2;

	*through = ELO_TIME_NONE;
	while ((n = state_line(fp, buf)) >= 0) {
		size_t nf = 0, i = 0, len = (size_t)n;
		lineno++;
		if (lineno == 1) {
			if (strcmp(buf, STATE_MAGIC) != 0) {
				err_set(e, 1, "not an elocalc state file (first line is not "
					"'%s')", STATE_MAGIC);
				return -1;
			}
			continue;
		}
		if (memchr(buf, '\0', len) != NULL) {
			err_set(e, lineno, "NUL byte in state file");
			return -1;
		}
		if (len == 0 || buf[0] == '#')
			continue;
		while (nf < 20) {
			char *tab = memchr(buf + i, '\t', len - i);
			size_t k = tab ? (size_t)(tab - (buf + i)) : len - i;
			f[nf] = buf + i;
			fl[nf] = k;
			nf++;
			if (tab == NULL)
				break;
			i += k + 1;
		}
		if (fl[0] == 7 && memcmp(f[0], "through", 7) == 0) {
			if (nf != 2) {
				err_set(e, lineno, "'through' wants one field");
				return -1;
			}
			if (have_through++) {
				err_set(e, lineno, "'through' given twice");
				return -1;
			}
			if (fl[1] == 1 && f[1][0] == '-')
				continue;
			if (elo_time_parse(f[1], fl[1], through, &e2) != 0) {
				err_set(e, lineno, "%s", e2.msg);
				return -1;
			}
		} else if (fl[0] == 6 && memcmp(f[0], "player", 6) == 0) {
			struct elo_rec rec[ELO_NLISTS];
			int robot, l;
			long idx;
			if (nf != 3 + 5 * ELO_NLISTS) {
				err_set(e, lineno, "a player line has %zu fields, want %d",
					nf, 3 + 5 * ELO_NLISTS);
				return -1;
			}
			if (elo_name_check(f[1], fl[1], &e2) != 0) {
				err_set(e, lineno, "%s", e2.msg);
				return -1;
			}
			if (fl[2] == 5 && memcmp(f[2], "robot", 5) == 0)
				robot = 1;
			else if (fl[2] == 5 && memcmp(f[2], "human", 5) == 0)
				robot = 0;
			else {
				err_set(e, lineno, "player kind must be 'human' or 'robot'");
				return -1;
			}
			for (l = 0; l < ELO_NLISTS; l++) {
				const char **g = f + 3 + 5 * l;
				const size_t *gl = fl + 3 + 5 * l;
				uint32_t v[5];
				int k;
				for (k = 0; k < 5; k++) {
					if (state_u32(g[k], gl[k], k == 0 ? ELO_RATING_MAX :
					    UINT32_MAX - 1, &v[k]) != 0) {
						err_set(e, lineno, "%s list: bad %s '%.*s'",
							elo_list_name(l), k == 0 ? "rating" :
							"count", (int)(gl[k] > 20 ? 20 : gl[k]), g[k]);
						return -1;
					}
				}
				rec[l].rating = (int32_t)v[0];
				rec[l].games = v[1];
				rec[l].wins = v[2];
				rec[l].losses = v[3];
				rec[l].draws = v[4];
				if ((uint64_t)v[2] + v[3] + v[4] != v[1]) {
					err_set(e, lineno, "%s list: wins + losses + draws "
						"is not games", elo_list_name(l));
					return -1;
				}
			}
			if (rec[ELO_MANUAL].games > rec[ELO_HUMAN].games ||
			    rec[ELO_HUMAN].games > rec[ELO_ALL].games) {
				err_set(e, lineno, "game counts must be manual <= human <= all");
				return -1;
			}
			if (robot && rec[ELO_HUMAN].games != 0) {
				err_set(e, lineno, "a robot has no human games");
				return -1;
			}
			if (elo_find(t, f[1], fl[1]) >= 0) {
				err_set(e, lineno, "player '%.*s' given twice",
					(int)(fl[1] > 64 ? 64 : fl[1]), f[1]);
				return -1;
			}
			if ((idx = elo_add(t, f[1], fl[1], robot, &e2)) < 0) {
				err_set(e, lineno, "%s", e2.msg);
				return -1;
			}
			for (l = 0; l < ELO_NLISTS; l++)
				t->p[idx].rec[l] = rec[l];
		} else {
			err_set(e, lineno, "unknown line '%.*s' (want 'through' or "
				"'player')", (int)(fl[0] > 20 ? 20 : fl[0]), f[0]);
			return -1;
		}
	}
	if (n == -2) {
		err_set(e, 0, "read error: %s", strerror(errno));
		return -1;
	}
	if (n == -3) {
		err_set(e, lineno + 1, "line longer than %d bytes", STATE_LINE_MAX);
		return -1;
	}
	if (lineno == 0) {
		err_set(e, 0, "empty state file");
		return -1;
	}
	return 0;
}
