/*
 * bigmem.h — memory for the move generator's big tables (the GADDAG, the
 * word filters, the table of words by multiset): megabytes each, read at
 * random, a few places per move tried.  With the usual 4 KiB pages most
 * of those reads also miss the TLB; on Linux these blocks are aligned to
 * 2 MiB and advised to use huge pages (transparent huge pages in
 * "madvise" mode, as Debian ships), which made self-play a few per
 * cent faster (README.md, Performance).  Elsewhere, or when the kernel
 * says no, they are ordinary blocks.  Free them with free().
 */
#ifndef ORDVERK_BIGMEM_H
#define ORDVERK_BIGMEM_H

#include <stddef.h>

/* n bytes, all zero (as calloc), or NULL when memory runs out. */
void *bigmem_calloc(size_t n);

/* n bytes, not cleared (as malloc), or NULL. */
void *bigmem_malloc(size_t n);

#endif
