/*
 * klv.c — leave tables (klv.h).  Stub until the loader lands.
 */
#include <stdlib.h>
#include "klv.h"

struct klv {
	int unused;
};

struct klv *
klv_load(const char *path, struct err *e)
{
	err_set(e, 0, "%s: KLV loading not implemented yet", path);
	return NULL;
}

struct klv *
klv_load_mem(const void *buf, size_t len, struct err *e)
{
	(void)buf; (void)len;
	err_set(e, 0, "KLV loading not implemented yet");
	return NULL;
}

void
klv_destroy(struct klv *k)
{
	free(k);
}

int32_t
klv_leave_value(const struct klv *k, const uint8_t leave[RULES_MAX_TILES])
{
	(void)k; (void)leave;
	return 0;
}
