/* fuzz_wordlist.c — the word-list reader (plain text or gzip, UTF-8 or
 * Latin-1) through a temporary file, each entry then normalised. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "rules.h"
#include "wordlist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[] = "/tmp/ordverk-fuzz-wlXXXXXX";
	const struct rules *r = rules_builtin(size & 1 ? "no" : "is");
	struct wordlist *wl;
	struct err e;
	const char *word;
	size_t len;
	int fd = mkstemp(path), st, guard = 0;
	FILE *fp;

	if (fd < 0)
		return 0;
	fp = fdopen(fd, "wb");
	if (fp == NULL) {
		close(fd);
		unlink(path);
		return 0;
	}
	fwrite(data, 1, size, fp);
	fclose(fp);
	wl = wordlist_open(path, size & 2 ? WORDLIST_LATIN1 : WORDLIST_UTF8, &e);
	if (wl != NULL) {
		while ((st = wordlist_next(wl, &word, &len, &e)) != WORDLIST_EOF &&
		    st != WORDLIST_FATAL) {
			uint8_t tiles[RULES_MAX_WORD];
			int n;
			if (st == WORDLIST_ENTRY)
				(void)rules_normalise_word(r, word, len, tiles, &n, NULL);
			if (++guard > 1000000)
				abort();   /* the reader must make progress */
		}
		(void)wordlist_close(wl, &e);
	}
	unlink(path);
	return 0;
}
