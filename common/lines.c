/* lines.c — bounded line reading (lines.h). */
#include <errno.h>
#include <stdlib.h>
#include "lines.h"

long
lines_read(FILE *fp, char **buf, size_t *cap, long *lineno, size_t max)
{
	size_t n = 0;
	int c;

	while ((c = getc(fp)) != EOF && c != '\n') {
		if (n >= max) {
			while ((c = getc(fp)) != EOF && c != '\n')
				;
			(*lineno)++;
			return -3;
		}
		if (n + 2 > *cap) {
			size_t ncap = *cap ? *cap * 2 : 256;
			char *nb = realloc(*buf, ncap);

			if (nb == NULL) {
				errno = ENOMEM;
				return -2;
			}
			*buf = nb;
			*cap = ncap;
		}
		(*buf)[n++] = (char)c;
	}
	if (c == EOF && (ferror(fp) || n == 0))
		return ferror(fp) ? -2 : -1;
	(*lineno)++;
	if (n > 0 && (*buf)[n - 1] == '\r')
		n--;
	if (*buf == NULL) {
		if ((*buf = malloc(16)) == NULL) {
			errno = ENOMEM;
			return -2;
		}
		*cap = 16;
	}
	(*buf)[n] = '\0';
	return (long)n;
}
