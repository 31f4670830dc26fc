/*
 * rng.h — a seeded random generator: xoshiro256** 1.0 (Blackman and Vigna,
 * 2018, https://prng.di.unimi.it/), seeded through splitmix64, so that the
 * same seed gives the same numbers on every machine.  State lives in a struct
 * the caller owns; there is no global generator.
 */
#ifndef ORDVERK_RNG_H
#define ORDVERK_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

/* rng_seed: sets the state from a 64-bit seed (any value, 0 included). */
void rng_seed(struct rng *g, uint64_t seed);

/* rng_next: the next 64 random bits. */
uint64_t rng_next(struct rng *g);

/* rng_below: a uniform integer in [0, n) for n >= 1, without modulo bias
 * (Lemire's multiply-and-reject). */
uint64_t rng_below(struct rng *g, uint64_t n);

/* rng_jump_seed: the seed of stream k derived from a base seed, so that game
 * k of a run has the same seed however a run is split into shards. */
uint64_t rng_stream_seed(uint64_t base, uint64_t k);

/* rng_parse_seed: a seed written as an unsigned number (decimal, 0x hex or
 * 0 octal, as strtoull with base 0) into *seed.  Returns 0, or -1 for
 * anything else, a sign or a number past 2^64 - 1 included. */
int rng_parse_seed(const char *s, uint64_t *seed);

#endif
