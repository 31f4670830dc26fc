/* replay.c — runs a fuzz target over files, without libFuzzer: `make check`
 * uses it to replay every saved finding and seed under the sanitizers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
main(int argc, char **argv)
{
	int i, n = 0;

	for (i = 1; i < argc; i++) {
		FILE *fp = fopen(argv[i], "rb");
		uint8_t *buf;
		long len;

		if (fp == NULL) {
			perror(argv[i]);
			return 2;
		}
		if (fseek(fp, 0, SEEK_END) != 0 || (len = ftell(fp)) < 0 ||
		    fseek(fp, 0, SEEK_SET) != 0) {
			fclose(fp);
			return 2;
		}
		buf = malloc(len ? (size_t)len : 1);
		if (buf == NULL || fread(buf, 1, (size_t)len, fp) != (size_t)len) {
			fprintf(stderr, "%s: read error\n", argv[i]);
			return 2;
		}
		fclose(fp);
		LLVMFuzzerTestOneInput(buf, (size_t)len);
		free(buf);
		n++;
	}
	printf("replayed %d inputs\n", n);
	return 0;
}
