/*
 * strbuf.h — writing text into a caller's fixed buffer.  An overflow is
 * remembered (over = 1) rather than reported at each call, so a formatter
 * writes straight through and checks once at the end.  The buffer is always
 * NUL-terminated.  Used by the CGP and move formatters.
 */
#ifndef ORDVERK_STRBUF_H
#define ORDVERK_STRBUF_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "rules.h"

struct strbuf {
	char *s;
	size_t cap, n;
	int over;       /* 1 once something did not fit */
};

static inline void
strbuf_put(struct strbuf *o, const char *s, size_t n)
{
	if (o->over || o->n + n + 1 > o->cap) {
		o->over = 1;
		return;
	}
	memcpy(o->s + o->n, s, n);
	o->n += n;
	o->s[o->n] = '\0';
}

static inline void
strbuf_puts(struct strbuf *o, const char *s)
{
	strbuf_put(o, s, strlen(s));
}

static inline void
strbuf_putint(struct strbuf *o, long v)
{
	char buf[24];
	int n = snprintf(buf, sizeof buf, "%ld", v);

	strbuf_put(o, buf, (size_t)n);
}

/* strbuf_put_letter: a letter spelt u (UTF-8), in brackets when it is more
 * than one code point, so a reader can tell it from two letters (SPEC §2.1). */
static inline void
strbuf_put_letter(struct strbuf *o, const char *u)
{
	uint32_t cp;
	size_t len = strlen(u);
	int n = utf8_decode(u, len, &cp);

	if (n > 0 && (size_t)n == len) {
		strbuf_put(o, u, len);
	} else {
		strbuf_put(o, "[", 1);
		strbuf_put(o, u, len);
		strbuf_put(o, "]", 1);
	}
}

#endif
