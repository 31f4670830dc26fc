/*
 * testutil.h — helpers for the Check suites.
 *
 * SHARED: ../shared (the workplace's conformance data and word lists), from
 * $ORDVERK_SHARED.  Its conformance set and small lists have a counterpart
 * of the project's own in tests/data/conformance, which tests read when it
 * is absent (test_conformance_path); what has none (other engines' files,
 * the big real lists) skips with a message (test_shared_path).
 */
#ifndef ORDVERK_TESTUTIL_H
#define ORDVERK_TESTUTIL_H

#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lex.h"
#include "rules.h"

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

/* test_conformance_path: a file of ../shared's conformance set or small
 * word lists, rel as under ../shared ("conformance/no-moves.txt",
 * "wordlists/small/en-enable-2to4.txt"): ../shared's own when it is there
 * (as test_shared_path finds it), else, silently, its counterpart in the
 * project's own set, tests/data/conformance (scripts/make-conformance.sh;
 * the lists there are VARIANT-2to4.txt).  *own (may be NULL) is set to 1
 * when the project's file is used: figures that belong to ../shared's
 * particular files do not hold for it.  The project's set is part of the
 * tree, so a name with no counterpart, or a counterpart missing, fails the
 * test.  Returns buf. */
static inline const char *
test_conformance_path(const char *rel, char *buf, size_t cap, int *own)
{
	static const char *const lists[][2] = {
		{ "conformance/da-2to4-lower.txt", "da-2to4.txt" },
		{ "wordlists/small/da-2to4.txt", "da-2to4.txt" },
		{ "wordlists/small/no-bokmaal-2to4.txt", "no-2to4.txt" },
		{ "wordlists/small/is-2to4.txt", "is-2to4.txt" },
		{ "wordlists/small/en-enable-2to4.txt", "en-2to4.txt" },
	};
	const char *dir = getenv("ORDVERK_SHARED");
	size_t i;

	if (dir == NULL || *dir == '\0')
		dir = "../shared";
	snprintf(buf, cap, "%s/%s", dir, rel);
	if (own != NULL)
		*own = 0;
	if (access(buf, R_OK) == 0)
		return buf;
	if (own != NULL)
		*own = 1;
	if (strcmp(rel, "wordlists/is-twoletter.txt") == 0)
		snprintf(buf, cap, "wordlists/is-twoletter.txt");
	else if (strncmp(rel, "conformance/", 12) == 0 &&
	    strstr(rel, "-2to4") == NULL)
		snprintf(buf, cap, "tests/data/%s", rel);
	else {
		for (i = 0; i < sizeof lists / sizeof lists[0]; i++)
			if (strcmp(rel, lists[i][0]) == 0)
				break;
		ck_assert_msg(i < sizeof lists / sizeof lists[0],
		    "%s has no counterpart in tests/data/conformance", rel);
		snprintf(buf, cap, "tests/data/conformance/%s", lists[i][1]);
	}
	ck_assert_msg(access(buf, R_OK) == 0, "%s: %s", buf, strerror(errno));
	return buf;
}

/* test_en_leaves_path: an English leave table of one to six tiles of the
 * English bag: MAGPIE's CSW21.klv2 when ../shared has it, else the
 * project's own wordlists/leaves/en.klv2 (learned on SOWPODS; the same
 * leaves in the same order, other values), *own set to 1 then.  Both have
 * the blank the best single tile (over 20 points), Q the worst and S worth
 * over 5.  Returns buf. */
static inline const char *
test_en_leaves_path(char *buf, size_t cap, int *own)
{
	const char *dir = getenv("ORDVERK_SHARED");

	if (dir == NULL || *dir == '\0')
		dir = "../shared";
	snprintf(buf, cap, "%s/peer-data/CSW21.klv2", dir);
	*own = access(buf, R_OK) != 0;
	if (*own)
		snprintf(buf, cap, "wordlists/leaves/en.klv2");
	ck_assert_msg(access(buf, R_OK) == 0, "%s: %s", buf, strerror(errno));
	return buf;
}

/* test_lex_from_file: a lexicon from a word-list file (one word a line, any
 * case; entries that do not normalise under r are skipped), keeping one word
 * in `every` (1 = all).  Fails the test on any error. */
static inline struct lex *
test_lex_from_file(const struct rules *r, const char *path, int every)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, n = 0, ncap = 1 << 16, k = 0, off = 0, i;
	ssize_t len;
	uint8_t *words = malloc(ncap * RULES_MAX_WORD), *lens = malloc(ncap);
	struct lex *lex;
	struct err e;

	ck_assert_msg(fp != NULL, "%s: cannot open", path);
	ck_assert_ptr_nonnull(words);
	ck_assert_ptr_nonnull(lens);
	while ((len = getline(&line, &cap, fp)) > 0) {
		uint8_t tiles[RULES_MAX_WORD];
		int nt;
		enum norm_result res;

		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			len--;
		res = rules_normalise_word(r, line, (size_t)len, tiles, &nt, NULL);
		if (res != NORM_OK && res != NORM_FOLDED)
			continue;
		if (k++ % (size_t)every != 0)
			continue;
		if (n == ncap) {
			ncap *= 2;
			words = realloc(words, ncap * RULES_MAX_WORD);
			lens = realloc(lens, ncap);
			ck_assert_ptr_nonnull(words);
			ck_assert_ptr_nonnull(lens);
		}
		memcpy(words + n * RULES_MAX_WORD, tiles, (size_t)nt);
		lens[n++] = (uint8_t)nt;
	}
	free(line);
	fclose(fp);
	/* lex_build wants the words back to back. */
	for (i = 0; i < n; i++) {
		memmove(words + off, words + i * RULES_MAX_WORD, lens[i]);
		off += lens[i];
	}
	lex = lex_build(words, lens, n, r->name, NULL, NULL, &e);
	if (lex == NULL)
		ck_abort_msg("lex_build: %s", e.msg);
	free(words);
	free(lens);
	return lex;
}

/* test_default_path: file name (a lexicon NAME.lex or leave table
 * NAME.klv2) where `make lexicons` puts it ($ORDVERK_LEXDIR, else
 * ./lexicons), into buf; NULL, with a skip message naming the test who,
 * when it is not there. */
static inline const char *
test_default_path(const char *name, char *buf, size_t cap, const char *who)
{
	const char *dir = getenv("ORDVERK_LEXDIR");

	snprintf(buf, cap, "%s/%s", dir && *dir ? dir : "lexicons", name);
	if (access(buf, R_OK) != 0) {
		fprintf(stderr, "SKIP %s: %s not found (make lexicons)\n", who, buf);
		return NULL;
	}
	return buf;
}

/* test_default_lex: the default lexicon of variant v (test_default_path),
 * loaded, or NULL with a skip message naming the test who. */
static inline struct lex *
test_default_lex(const struct rules *r, const char *v, const char *who)
{
	char name[64], path[512];
	struct lex *lex;
	struct err e;

	snprintf(name, sizeof name, "%s.lex", v);
	if (test_default_path(name, path, sizeof path, who) == NULL)
		return NULL;
	lex = lex_load(path, r, &e);
	ck_assert_msg(lex != NULL, "%s: %s", path, e.msg);
	return lex;
}

/* test_text_of: what has been written to the temporary file fp, from its
 * start, as a NUL-terminated string (a static buffer of 64 KiB, the
 * rest cut off). */
static inline const char *
test_text_of(FILE *fp)
{
	static char buf[1 << 16];
	size_t n;

	fflush(fp);
	rewind(fp);
	n = fread(buf, 1, sizeof buf - 1, fp);
	buf[n] = '\0';
	return buf;
}

/* test_lex_from_words: a lexicon from a NULL-terminated list of at most 256
 * words, each of which must normalise (folding allowed). */
static inline struct lex *
test_lex_from_words(const struct rules *r, const char *const *list)
{
	uint8_t words[256 * RULES_MAX_WORD], lens[256];
	size_t n = 0, off = 0;
	struct lex *lex;
	struct err e;

	for (; *list != NULL; list++) {
		int nt;

		ck_assert_uint_lt(n, 256);
		ck_assert_int_le(rules_normalise_word(r, *list, strlen(*list),
		    words + off, &nt, NULL), NORM_FOLDED);
		lens[n++] = (uint8_t)nt;
		off += (size_t)nt;
	}
	lex = lex_build(words, lens, n, r->name, NULL, NULL, &e);
	if (lex == NULL)
		ck_abort_msg("lex_build: %s", e.msg);
	return lex;
}

/* test_next_position: reads a conformance *-moves.txt file (blocks of a CGP
 * line, its moves and a blank line) on to the next position, leaving its CGP
 * line in *line without the line end.  Returns 1, or 0 at the end. */
static inline int
test_next_position(FILE *fp, char **line, size_t *cap)
{
	ssize_t len;
	int in_block = ftell(fp) != 0;

	while ((len = getline(line, cap, fp)) > 0) {
		while (len > 0 && ((*line)[len - 1] == '\n' || (*line)[len - 1] == '\r'))
			(*line)[--len] = '\0';
		if (len == 0)
			in_block = 0;
		else if (!in_block)
			return 1;
	}
	return 0;
}

/* test_run: runs suite s and returns the process exit status. */
/* Little-endian 32-bit words, as lexicon and leave files store them. */
static inline uint32_t
test_get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static inline void
test_put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

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
