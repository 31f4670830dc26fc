/* fuzz_rules.c — the ruleset file loader, through a temporary file. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[] = "/tmp/ordverk-fuzz-rulesXXXXXX";
	struct rules *r = malloc(sizeof *r);
	struct err e;
	int fd = mkstemp(path);
	FILE *fp;

	if (fd < 0 || r == NULL)
		goto done;
	fp = fdopen(fd, "wb");
	if (fp == NULL) {
		close(fd);
		goto done;
	}
	fwrite(data, 1, size, fp);
	fclose(fp);
	(void)rules_load(r, path, &e);
done:
	if (fd >= 0)
		unlink(path);
	free(r);
	return 0;
}
