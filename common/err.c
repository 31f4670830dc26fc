#include <stdarg.h>
#include <stdio.h>
#include <string.h>
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
err_file(struct err *e, const char *path, const struct err *ie)
{
	if (strstr(ie->msg, path) != NULL)
		err_set(e, 0, "%s", ie->msg);
	else
		err_set(e, 0, "%s: %s", path, ie->msg);
}

void
err_clear(struct err *e)
{
	if (e == NULL)
		return;
	e->line = 0;
	e->msg[0] = '\0';
}
