/* wordlint.c — see wordlint.h. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "wordlint.h"

int
wordlint_mojibake(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;

	/* In the UTF-8 text a Latin-1 byte B >= 0xC0 is C3 (B - 0x40), and a
	 * byte 0x80..0xBF is C2 B. */
	for (size_t i = 0; i + 3 < len; i++) {
		if (u[i] != 0xC3 || u[i + 1] < 0x82 || u[i + 1] > 0xAF)
			continue;
		if (u[i + 2] == 0xC2 && u[i + 3] >= 0x80 && u[i + 3] <= 0xBF)
			return 1;
	}
	return 0;
}

/* Latin-1 letters by code point: uppercase À..Þ but ×, lowercase ß..ÿ
 * but ÷. */
static int
is_upper(uint32_t c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7);
}

static int
is_lower(uint32_t c)
{
	return (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7);
}

/* next_cp: the code point at s[*i] (ASCII or a 2-byte sequence; anything
 * else is returned as 0xFFFD), advancing *i past it. */
static uint32_t
next_cp(const unsigned char *s, size_t len, size_t *i)
{
	uint32_t c = s[(*i)++];

	if (c < 0x80)
		return c;
	if (c >= 0xC2 && c <= 0xDF && *i < len && (s[*i] & 0xC0) == 0x80)
		return (c & 0x1F) << 6 | (s[(*i)++] & 0x3F);
	while (*i < len && (s[*i] & 0xC0) == 0x80)
		(*i)++;
	return 0xFFFD;
}

int
wordlint_capitalised(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	if (len == 0 || !is_upper(next_cp(u, len, &i)))
		return 0;
	while (i < len)
		if (is_lower(next_cp(u, len, &i)))
			return 1;
	return 0;
}

size_t
wordlint_chars(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xC0) != 0x80;
	return n;
}

int
wordlint_counts(enum norm_result res)
{
	return res == NORM_BAD_UTF8 || res == NORM_NOT_LETTER ||
	    res == NORM_OUTSIDE || res == NORM_EMPTY;
}

int
wordlint_parse_pct(const char *s, double *pct)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0' || !(v >= 0 && v <= 100))
		return -1;
	*pct = v;
	return 0;
}

int
wordlint_share(char *msg, size_t cap, unsigned long bad, unsigned long in,
	double pct, const char *rules)
{
	if (in == 0 || (double)bad * 100.0 <= pct * (double)in)
		return 0;
	snprintf(msg, cap, "WARNING: %lu of %lu entries (%.1f %%) rejected for "
	    "their characters, more than --max-reject %g %%: is the ruleset "
	    "(-r %s) or the encoding (-e) wrong?  Nothing written "
	    "(--max-reject 100 writes the lexicon anyway)", bad, in,
	    100.0 * (double)bad / (double)in, pct, rules);
	return 1;
}

void
wordlint_mojibake_hint(char *msg, size_t cap, unsigned long n, int latin1)
{
	/* The example in UTF-8: "Ã¦" for "æ". */
	snprintf(msg, cap, "%lu entr%s like UTF-8 read as Latin-1 (mojibake: "
	    "\"\xc3\x83\xc2\xa6\" for \"\xc3\xa6\"): %s", n,
	    n == 1 ? "y looks" : "ies look", latin1 ?
	    "the list is UTF-8: give -e utf8" :
	    "the list holds UTF-8 encoded twice: convert it with "
	    "iconv -f UTF-8 -t ISO-8859-1 and give -e utf8");
}
