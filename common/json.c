/*
 * json.c — JSON strings and millipoint numbers (json.h).
 */
#include "json.h"

void
json_write_str(FILE *fp, const char *s)
{
	putc('"', fp);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(fp, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(fp, "\\u%04x", ch);
		else
			putc(ch, fp);
	}
	putc('"', fp);
}

void
json_write_millis(FILE *fp, int64_t v)
{
	/* Unsigned, so that the most negative value has a magnitude too. */
	uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	fprintf(fp, "%s%llu.%03llu", v < 0 ? "-" : "",
	    (unsigned long long)(a / 1000), (unsigned long long)(a % 1000));
}
