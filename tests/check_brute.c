/* check_brute.c — the brute-force reference (tests/ref/brute.c, included
 * here) against hand-checked positions, against ../shared's moves files
 * (else the project's) and against the project's committed moves files
 * (tests/data/conformance), every position of each. */
#define BRUTE_NO_MAIN
#include "ref/brute.c"
#include "testutil.h"

/* The moves of the CGP line as brute.c prints them, into a memory buffer
 * (caller frees). */
static char *
brute_text(const struct rules *r, const struct brute_words *ws,
    const char *cgp)
{
	struct position p;
	struct brute_moves out = { NULL, 0, 0, 0 };
	struct err e;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	ck_assert_msg(cgp_parse(r, cgp, strlen(cgp), &p, &e) == 0, "%s: %s",
	    cgp, e.msg);
	ck_assert_int_eq(brute_moves(r, ws, &p, &out), 0);
	for (i = 0; i < out.n; i++)
		fprintf(fp, "%s\t%d\n", out.m[i].text, out.m[i].score);
	fclose(fp);
	free(out.m);
	return buf;
}

static void
words_of(struct brute_words *ws, const struct rules *r,
    const char *const *list)
{
	memset(ws, 0, sizeof *ws);
	for (; *list != NULL; list++)
		ck_assert_int_eq(brute_words_add(ws, r, *list, strlen(*list)), 0);
	brute_words_sort(ws);
}

#define EMPTY "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"

/* Words AB, BA, ABA; rack AB on an empty board: across only, through H8
 * (a double word): AB and BA at 8G and 8H, (1 + 3) x 2 = 8 each.  ABA
 * needs a second A. */
START_TEST(empty_board)
{
	static const char *const words[] = { "ab", "BA", "aba", "ba", NULL };
	const struct rules *r = rules_builtin("en");
	struct brute_words ws;
	char *got;

	words_of(&ws, r, words);
	ck_assert_uint_eq(ws.n, 3);
	ck_assert_int_eq(ws.maxlen, 3);
	got = brute_text(r, &ws, EMPTY " AB/ 0/0 0");
	ck_assert_str_eq(got, "8G AB\t8\n8G BA\t8\n8H AB\t8\n8H BA\t8\n");
	free(got);
	free(ws.w);
}
END_TEST

/* A on H8, rack B, words AB and BA: B after A across (8H .B) and down
 * (H8 .B), before it across (8G B.) and down (H7 B.), each 3 + 1 = 4 on
 * plain squares; no one-tile play twice.  With B?, those four again with
 * the blank as B, 0 + 1 = 1, and eight plays beside the A with the blank
 * as A: 7G aB makes AB across (0 on G7's double letter, + 3) and BA down
 * (3 + 1): 7, and so on round the A. */
START_TEST(one_tile_each_way)
{
	static const char *const words[] = { "AB", "BA", NULL };
	const struct rules *r = rules_builtin("en");
	struct brute_words ws;
	char *got;

	words_of(&ws, r, words);
	got = brute_text(r, &ws,
	    "15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 B/ 0/0 0");
	ck_assert_str_eq(got, "8G B.\t4\n8H .B\t4\nH7 B.\t4\nH8 .B\t4\n");
	free(got);
	got = brute_text(r, &ws,
	    "15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 B?/ 0/0 0");
	ck_assert_str_eq(got, "7G aB\t7\n7H Ba\t7\n9G aB\t7\n9H Ba\t7\n"
	    "G7 aB\t7\nG8 Ba\t7\nI7 aB\t7\nI8 Ba\t7\n"
	    "8G B.\t4\n8H .B\t4\nH7 B.\t4\nH8 .B\t4\n"
	    "8G b.\t1\n8H .b\t1\nH7 b.\t1\nH8 .b\t1\n");
	free(got);
	free(ws.w);
}
END_TEST

/* A tile between two: C on G8, T on I8, words CAT and AT, rack A.  A on
 * H8 makes CAT across, (3 + 1 + 1) x 2 = 10 (H8's double word is under
 * the new tile), and no word down: listed once, across.  A on I7 (a
 * double letter) makes AT down, 1 x 2 + 1 = 3.  Nowhere else does A make
 * only words (CA, TA, AC are not in the list). */
START_TEST(middle_tile)
{
	static const char *const words[] = { "CAT", "AT", NULL };
	const struct rules *r = rules_builtin("en");
	struct brute_words ws;
	char *got;

	words_of(&ws, r, words);
	got = brute_text(r, &ws,
	    "15/15/15/15/15/15/15/6C1T6/15/15/15/15/15/15/15 A/ 0/0 0");
	ck_assert_str_eq(got, "8G .A.\t10\nI7 A.\t3\n");
	free(got);
	free(ws.w);
}
END_TEST

/* Every position of a moves file: the reference lists exactly its
 * block.  Returns the number of positions. */
static long
same_as_file(const char *variant, const char *mpath, const char *wpath)
{
	const struct rules *r = rules_builtin(variant);
	struct brute_words ws;
	struct err e;
	FILE *fp;
	char *line = NULL, *want = NULL;
	size_t cap = 0, wlen = 0;
	ssize_t len;
	long npos = 0;

	ck_assert_msg(brute_load(&ws, r, wpath, &e) == 0, "%s", e.msg);
	fp = fopen(mpath, "r");
	ck_assert_msg(fp != NULL, "%s: cannot open", mpath);
	/* Blocks: a CGP line, its moves, a blank line. */
	while ((len = getline(&line, &cap, fp)) > 0) {
		char *cgp, *got;
		FILE *w;

		line[strcspn(line, "\n")] = '\0';
		cgp = strdup(line);
		w = open_memstream(&want, &wlen);
		ck_assert_ptr_nonnull(cgp);
		ck_assert_ptr_nonnull(w);
		while ((len = getline(&line, &cap, fp)) > 1)
			fputs(line, w);
		fclose(w);
		got = brute_text(r, &ws, cgp);
		ck_assert_msg(strcmp(got, want) == 0, "%s: %s: the reference "
		    "differs", mpath, cgp);
		free(got);
		free(cgp);
		free(want);
		want = NULL;
		npos++;
	}
	free(line);
	fclose(fp);
	free(ws.w);
	return npos;
}

static const char *const variants[] = { "no", "da", "is", "en" };
static const char *const shared_lists[] = {
	"wordlists/small/no-bokmaal-2to4.txt", "conformance/da-2to4-lower.txt",
	"wordlists/small/is-2to4.txt", "wordlists/small/en-enable-2to4.txt",
};

/* ../shared's moves files were made by another brute force: this one must
 * give them byte for byte (without ../shared, the project's again). */
START_TEST(shared_moves_files)
{
	char rel[64], mpath[1024], wpath[1024];
	int own;

	snprintf(rel, sizeof rel, "conformance/%s-moves.txt", variants[_i]);
	test_conformance_path(rel, mpath, sizeof mpath, &own);
	test_conformance_path(shared_lists[_i], wpath, sizeof wpath, NULL);
	ck_assert_int_gt(same_as_file(variants[_i], mpath, wpath), 20);
}
END_TEST

/* The project's committed moves files are what the reference gives now:
 * positions (scripts/make-conformance.sh) no 35, da 37, is 35, en 33. */
START_TEST(own_moves_files)
{
	static const long npos[] = { 35, 37, 35, 33 };
	char mpath[256], wpath[256];

	snprintf(mpath, sizeof mpath, "tests/data/conformance/%s-moves.txt",
	    variants[_i]);
	snprintf(wpath, sizeof wpath, "tests/data/conformance/%s-2to4.txt",
	    variants[_i]);
	ck_assert_int_eq(same_as_file(variants[_i], mpath, wpath), npos[_i]);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("brute");
	TCase *hand = tcase_create("hand"), *files = tcase_create("files");

	tcase_add_test(hand, empty_board);
	tcase_add_test(hand, one_tile_each_way);
	tcase_add_test(hand, middle_tile);
	tcase_add_loop_test(files, shared_moves_files, 0, 4);
	tcase_add_loop_test(files, own_moves_files, 0, 4);
	tcase_set_timeout(files, 120);
	suite_add_tcase(s, hand);
	suite_add_tcase(s, files);
	return test_run(s);
}
