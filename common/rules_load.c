/*
 * rules_load.c — ruleset files and layout files (grammar in ordverk-rules(5)).
 * First version: not yet implemented beyond the built-in layouts.
 */
#include <stdio.h>
#include "rules.h"

int
rules_load(struct rules *out, const char *path, struct err *e)
{
	(void)out;
	err_set(e, 0, "%s: ruleset files are not supported yet", path);
	return -1;
}

int
rules_layout(struct rules *r, const char *name, struct err *e)
{
	if (rules_layout_builtin(r, name) == 0)
		return 0;
	err_set(e, 0, "%s: layout files are not supported yet", name);
	return -1;
}
