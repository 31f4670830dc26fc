#include <errno.h>
#include <stdlib.h>
#include "rng.h"

/* splitmix64 (Vigna), used to spread a seed over the 256-bit state. */
static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void
rng_seed(struct rng *g, uint64_t seed)
{
	uint64_t x = seed;
	int i;

	for (i = 0; i < 4; i++)
		g->s[i] = splitmix64(&x);
}

uint64_t
rng_next(struct rng *g)
{
	uint64_t *s = g->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t
rng_below(struct rng *g, uint64_t n)
{
	/* Lemire, "Fast Random Integer Generation in an Interval" (2019). */
	unsigned __int128 m = (unsigned __int128)rng_next(g) * n;
	uint64_t low = (uint64_t)m;

	if (low < n) {
		uint64_t threshold = -n % n;
		while (low < threshold) {
			m = (unsigned __int128)rng_next(g) * n;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}

uint64_t
rng_stream_seed(uint64_t base, uint64_t k)
{
	uint64_t x = base ^ (k * 0xd1342543de82ef95ULL);

	splitmix64(&x);
	return splitmix64(&x);
}

int
rng_parse_seed(const char *s, uint64_t *seed)
{
	char *end;
	unsigned long long v;

	if (*s == '-' || *s == '\0')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno != 0 || *end != '\0')
		return -1;
	*seed = (uint64_t)v;
	return 0;
}
