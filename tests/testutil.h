/*
 * testutil.h — helpers for the Check suites.
 *
 * SHARED: ../shared (the workplace's conformance data and word lists), from
 * $ORDVERK_SHARED; tests that need it skip with a message when absent, so a
 * fresh clone without ../shared still passes.
 */
#ifndef ORDVERK_TESTUTIL_H
#define ORDVERK_TESTUTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* test_shared_path: "$ORDVERK_SHARED/rel" in buf if that file exists, else
 * NULL (and prints a skip message naming the test). */
static inline const char *
test_shared_path(const char *rel, char *buf, size_t cap, const char *who)
{
	const char *dir = getenv("ORDVERK_SHARED");

	if (dir == NULL || *dir == '\0')
		dir = "../shared";
	snprintf(buf, cap, "%s/%s", dir, rel);
	if (access(buf, R_OK) != 0) {
		fprintf(stderr, "SKIP %s: %s not found\n", who, buf);
		return NULL;
	}
	return buf;
}

/* test_run: runs suite s and returns the process exit status. */
static inline int
test_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif
