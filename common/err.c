#include <stdarg.h>
#include <stdio.h>
#include "err.h"

void
err_set(struct err *e, long line, const char *fmt, ...)
{
	va_list ap;

	if (e == NULL)
		return;
	e->line = line;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
}

void
err_clear(struct err *e)
{
	if (e == NULL)
		return;
	e->line = 0;
	e->msg[0] = '\0';
}
