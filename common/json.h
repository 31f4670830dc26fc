/*
 * json.h — the little JSON the tools write: strings and millipoints.
 *
 * Output goes straight to a caller's FILE; a write error shows in
 * ferror(fp), which the tools check once at the end (tool_fshut).
 */
#ifndef ORDVERK_JSON_H
#define ORDVERK_JSON_H

#include <stdint.h>
#include <stdio.h>

/* json_write_str: s as a JSON string: quotes, backslashes and control
 * characters escaped, other bytes (UTF-8) as they are. */
void json_write_str(FILE *fp, const char *s);

/* json_write_millis: millipoints v as points with three decimals
 * ("-1.250"), as JSON numbers and the tools' text columns write them. */
void json_write_millis(FILE *fp, int64_t v);

#endif
