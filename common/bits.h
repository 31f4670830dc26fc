/*
 * bits.h — counting and finding set bits, without library calls.
 *
 * The build targets plain x86-64, where __builtin_popcount is a call
 * into libgcc (no POPCNT instruction is assumed): these count by the
 * usual shifts and masks instead, inline.  Finding the lowest or highest
 * set bit compiles to one instruction under GCC and Clang.  Header only;
 * no state.
 */
#ifndef ORDVERK_BITS_H
#define ORDVERK_BITS_H

#include <stdint.h>

/* Bits set in m. */
static inline int
bits_popcount32(uint32_t m)
{
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

static inline int
bits_popcount64(uint64_t m)
{
	m = m - ((m >> 1) & 0x5555555555555555u);
	m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fu;
	return (int)((m * 0x0101010101010101u) >> 56);
}

/* Index of the lowest set bit of a nonzero m. */
static inline int
bits_lowest64(uint64_t m)
{
#if defined(__GNUC__)
	return __builtin_ctzll(m);
#else
	int b = 0;

	for (; (m & 1) == 0; m >>= 1)
		b++;
	return b;
#endif
}

/* Index of the highest set bit of a nonzero m. */
static inline int
bits_highest64(uint64_t m)
{
#if defined(__GNUC__)
	return 63 - __builtin_clzll(m);
#else
	int b = 63;

	while ((m >> b) == 0)
		b--;
	return b;
#endif
}

#endif
