/*
 * bigmem.c — big tables on huge pages where the system has them, as
 * bigmem.h describes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include "bigmem.h"

/* A huge page on x86-64 and most arm64 kernels; blocks under half of
 * one are not worth a page of their own. */
#define BIGMEM_PAGE ((size_t)2 << 20)

void *
bigmem_malloc(size_t n)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	void *p;
	size_t whole;

	if (n < BIGMEM_PAGE / 2 || n > SIZE_MAX - BIGMEM_PAGE)
		return malloc(n ? n : 1);
	whole = (n + BIGMEM_PAGE - 1) / BIGMEM_PAGE * BIGMEM_PAGE;
	if (posix_memalign(&p, BIGMEM_PAGE, whole) != 0)
		return NULL;
	/* Advice only: without huge pages the block still works. */
	(void)madvise(p, whole, MADV_HUGEPAGE);
	return p;
#else
	return malloc(n ? n : 1);
#endif
}

void *
bigmem_calloc(size_t n)
{
	void *p = bigmem_malloc(n);

	if (p != NULL)
		memset(p, 0, n);
	return p;
}
