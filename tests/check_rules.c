/* check_rules.c — rulesets, alphabets, UTF-8, NFC, folding, racks, files. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "rules.h"

static const struct rules *
get(const char *name)
{
	const struct rules *r = rules_builtin(name);

	ck_assert_msg(r != NULL, "no built-in ruleset %s", name);
	return r;
}

/* tile: the tile of the uppercase UTF-8 letter s in r (fails if none). */
static int
tile(const struct rules *r, const char *s)
{
	uint8_t t = 0;
	int lo = -1;
	int n = rules_decode_letter(r, s, strlen(s), &t, &lo);

	ck_assert_msg(n == (int)strlen(s), "%s: '%s' is not one letter", r->name, s);
	ck_assert_int_eq(lo, 0);
	return t;
}

static void
ck_tile(const struct rules *r, const char *s, int count, int value)
{
	int t = tile(r, s);

	ck_assert_msg(r->counts[t] == count && r->values[t] == value,
		"%s %s: %d x %d, want %d x %d", r->name, s, r->counts[t],
		r->values[t], count, value);
}

static int
sum_counts(const struct rules *r)
{
	int t, s = 0;

	for (t = 0; t <= r->nletters; t++)
		s += r->counts[t];
	return s;
}

static int
sum_points(const struct rules *r)
{
	int t, s = 0;

	for (t = 0; t <= r->nletters; t++)
		s += r->counts[t] * r->values[t];
	return s;
}

/* ---- built-in rulesets ---- */

START_TEST(builtin_names)
{
	const char *const *n = rules_builtin_names();
	const char *want[] = { "no", "no-nsf", "da", "is", "is-old", "en" };
	size_t i;

	for (i = 0; i < 6; i++) {
		ck_assert_ptr_nonnull(n[i]);
		ck_assert_str_eq(n[i], want[i]);
		ck_assert_str_eq(get(want[i])->name, want[i]);
	}
	ck_assert_ptr_null(n[6]);
	ck_assert_ptr_null(rules_builtin("nb"));
	ck_assert_ptr_null(rules_builtin(""));
	ck_assert_ptr_null(rules_builtin(NULL));
}
END_TEST

START_TEST(tile_totals)
{
	/* SPEC 1.1: tile counts; both Icelandic bags total 227 points. */
	ck_assert_int_eq(sum_counts(get("no")), 104);
	ck_assert_int_eq(sum_counts(get("no-nsf")), 100);
	ck_assert_int_eq(sum_counts(get("da")), 102);
	ck_assert_int_eq(sum_counts(get("is")), 100);
	ck_assert_int_eq(sum_counts(get("is-old")), 104);
	ck_assert_int_eq(sum_counts(get("en")), 100);
	ck_assert_int_eq(sum_points(get("is")), 227);
	ck_assert_int_eq(sum_points(get("is-old")), 227);
	ck_assert_int_eq(sum_points(get("en")), 187);   /* the well-known English total */
	ck_assert_int_eq(get("no")->ntiles, 104);
	ck_assert_int_eq(get("no-nsf")->ntiles, 100);
	ck_assert_int_eq(get("da")->ntiles, 102);
	ck_assert_int_eq(get("is")->ntiles, 100);
	ck_assert_int_eq(get("is-old")->ntiles, 104);
	ck_assert_int_eq(get("en")->ntiles, 100);
}
END_TEST


/* SPEC 1.1's tables, cell by cell (letters not listed have count 0 and
 * value 0; "?" is the blank). */
static const struct {
	const char *name, *table;
} spec_tiles[] = {
	{ "no", "A 7x1 B 3x4 C 1x10 D 5x1 E 9x1 F 4x2 G 4x4 H 3x3 I 6x2 J 2x4 "
		"K 4x3 L 5x2 M 3x2 N 6x1 O 4x3 P 2x4 R 7x1 S 7x1 T 7x1 U 3x4 V 3x5 "
		"W 1x10 Y 1x8 \xC3\x86 1x8 \xC3\x98 2x4 \xC3\x85 2x4 ? 2x0" },
	{ "no-nsf", "A 7x1 B 3x4 C 1x10 D 5x1 E 9x1 F 4x2 G 4x2 H 3x3 I 5x1 "
		"J 2x4 K 4x2 L 5x1 M 3x2 N 6x1 O 4x2 P 2x4 R 6x1 S 6x1 T 6x1 U 3x4 "
		"V 3x4 W 1x8 Y 1x6 \xC3\x86 1x6 \xC3\x98 2x5 \xC3\x85 2x4 ? 2x0" },
	{ "da", "A 7x1 B 4x3 C 2x8 D 5x2 E 9x1 F 3x3 G 3x3 H 2x4 I 4x3 J 2x4 "
		"K 4x3 L 5x2 M 3x3 N 6x1 O 5x2 P 2x4 R 6x1 S 6x2 T 6x2 U 3x3 V 3x3 "
		"X 1x8 Y 2x4 Z 1x10 \xC3\x86 2x4 \xC3\x98 2x4 \xC3\x85 2x4 ? 2x0" },
	{ "is", "A 11x1 \xC3\x81 2x3 B 1x5 D 1x5 \xC3\x90 4x2 E 3x3 \xC3\x89 1x7 "
		"F 3x3 G 3x3 H 1x4 I 7x1 \xC3\x8D 1x4 J 1x6 K 4x2 L 5x2 M 3x2 N 7x1 "
		"O 1x5 \xC3\x93 2x3 P 1x5 R 8x1 S 7x1 T 6x2 U 6x2 \xC3\x9A 1x4 V 1x5 "
		"X 1x10 Y 1x6 \xC3\x9D 1x5 \xC3\x9E 1x7 \xC3\x86 2x4 \xC3\x96 1x6 ? 2x0" },
	{ "is-old", "A 10x1 \xC3\x81 2x4 B 1x6 D 2x4 \xC3\x90 5x2 E 6x1 \xC3\x89 1x6 "
		"F 3x3 G 4x2 H 2x3 I 8x1 \xC3\x8D 2x4 J 1x5 K 3x2 L 3x2 M 3x2 N 8x1 "
		"O 3x3 \xC3\x93 1x6 P 1x8 R 7x1 S 6x1 T 5x1 U 6x1 \xC3\x9A 1x8 V 2x3 "
		"X 1x10 Y 1x7 \xC3\x9D 1x9 \xC3\x9E 1x4 \xC3\x86 1x5 \xC3\x96 1x7 ? 2x0" },
	{ "en", "A 9x1 B 2x3 C 2x3 D 4x2 E 12x1 F 2x4 G 3x2 H 2x4 I 9x1 J 1x8 "
		"K 1x5 L 4x1 M 2x3 N 6x1 O 8x1 P 2x3 Q 1x10 R 6x1 S 4x1 T 6x1 U 4x1 "
		"V 2x4 W 2x4 X 1x8 Y 2x4 Z 1x10 ? 2x0" },
};

START_TEST(tile_tables_whole)
{
	size_t i;

	for (i = 0; i < sizeof spec_tiles / sizeof spec_tiles[0]; i++) {
		const struct rules *r = get(spec_tiles[i].name);
		int seen[RULES_MAX_TILES] = { 0 }, t;
		char buf[512], *p, *save = NULL;

		snprintf(buf, sizeof buf, "%s", spec_tiles[i].table);
		for (p = strtok_r(buf, " ", &save); p != NULL; p = strtok_r(NULL, " ", &save)) {
			char *cv = strtok_r(NULL, " ", &save);
			int count, value;

			ck_assert_ptr_nonnull(cv);
			ck_assert_int_eq(sscanf(cv, "%dx%d", &count, &value), 2);
			t = strcmp(p, "?") == 0 ? 0 : tile(r, p);
			ck_assert_msg(r->counts[t] == count && r->values[t] == value,
				"%s %s: %d x %d, SPEC %d x %d", r->name, p, r->counts[t],
				r->values[t], count, value);
			seen[t] = 1;
		}
		for (t = 1; t <= r->nletters; t++)
			if (!seen[t])
				ck_assert_msg(r->counts[t] == 0 && r->values[t] == 0,
					"%s %s: a tile the SPEC does not list", r->name, r->utf8[t]);
	}
}
END_TEST

START_TEST(tile_tables_no)
{
	const struct rules *no = get("no"), *nsf = get("no-nsf");

	ck_tile(no, "A", 7, 1);
	ck_tile(no, "C", 1, 10);
	ck_tile(no, "E", 9, 1);
	ck_tile(no, "G", 4, 4);
	ck_tile(no, "V", 3, 5);
	ck_tile(no, "W", 1, 10);
	ck_tile(no, "Y", 1, 8);
	ck_tile(no, "\xC3\x86", 1, 8);   /* Æ */
	ck_tile(no, "\xC3\x98", 2, 4);   /* Ø */
	ck_tile(no, "\xC3\x85", 2, 4);   /* Å */
	ck_tile(nsf, "G", 4, 2);
	ck_tile(nsf, "I", 5, 1);
	ck_tile(nsf, "W", 1, 8);
	ck_tile(nsf, "\xC3\x98", 2, 5);
	ck_tile(nsf, "R", 6, 1);
	ck_assert_int_eq(no->counts[0], 2);
	ck_assert_int_eq(no->values[0], 0);
	ck_assert_int_eq(nsf->counts[0], 2);
	/* Letters without tiles: count 0, value 0, still letters. */
	ck_tile(no, "Q", 0, 0);
	ck_tile(no, "X", 0, 0);
	ck_tile(no, "Z", 0, 0);
	ck_tile(nsf, "Q", 0, 0);
	ck_tile(no, "\xC3\x84", 0, 0);   /* Ä */
	ck_tile(no, "\xC3\x96", 0, 0);   /* Ö */
	ck_tile(no, "\xC3\x9C", 0, 0);   /* Ü */
	/* Tile order: A=1 ... Z=26, Æ Ø Å = 27..29, Ä Ö Ü = 30..32. */
	ck_assert_int_eq(no->nletters, 32);
	ck_assert_int_eq(tile(no, "A"), 1);
	ck_assert_int_eq(tile(no, "Z"), 26);
	ck_assert_int_eq(tile(no, "\xC3\x86"), 27);
	ck_assert_int_eq(tile(no, "\xC3\x85"), 29);
	ck_assert_int_eq(tile(no, "\xC3\x9C"), 32);
}
END_TEST

START_TEST(tile_tables_da)
{
	const struct rules *da = get("da");

	ck_assert_int_eq(da->nletters, 29);
	ck_tile(da, "A", 7, 1);
	ck_tile(da, "C", 2, 8);
	ck_tile(da, "Z", 1, 10);
	ck_tile(da, "S", 6, 2);
	ck_tile(da, "X", 1, 8);
	ck_tile(da, "\xC3\x85", 2, 4);
	ck_tile(da, "Q", 0, 0);
	ck_tile(da, "W", 0, 0);
	ck_assert_int_eq(da->counts[0], 2);
	ck_assert_int_eq(tile(da, "\xC3\x86"), 27);
	ck_assert_int_eq(tile(da, "\xC3\x98"), 28);
	ck_assert_int_eq(tile(da, "\xC3\x85"), 29);
}
END_TEST

START_TEST(tile_tables_is)
{
	static const char order[] = "a á b d ð e é f g h i í j k l m n o ó p r s t u ú v "
		"x y ý þ æ ö";
	const struct rules *is = get("is"), *old = get("is-old");
	char buf[16];
	const char *p = order;
	int t = 1;

	/* Tile order exactly as SPEC 1.1, lowercase forms as written there. */
	while (*p != '\0') {
		size_t n = strcspn(p, " ");

		memcpy(buf, p, n);
		buf[n] = '\0';
		ck_assert_str_eq(is->utf8_lower[t], buf);
		ck_assert_str_eq(old->utf8_lower[t], buf);
		t++;
		p += n;
		if (*p == ' ')
			p++;
	}
	ck_assert_int_eq(t - 1, 32);
	ck_assert_int_eq(is->nletters, 32);
	ck_tile(is, "A", 11, 1);
	ck_tile(is, "\xC3\x81", 2, 3);   /* Á */
	ck_tile(is, "\xC3\x90", 4, 2);   /* Ð */
	ck_tile(is, "X", 1, 10);
	ck_tile(is, "\xC3\x9E", 1, 7);   /* Þ */
	ck_tile(is, "\xC3\x96", 1, 6);   /* Ö */
	ck_tile(old, "A", 10, 1);
	ck_tile(old, "\xC3\x81", 2, 4);
	ck_tile(old, "P", 1, 8);
	ck_tile(old, "\xC3\x9D", 1, 9);  /* Ý */
	ck_tile(old, "\xC3\x96", 1, 7);
	ck_assert_int_eq(rules_letter_from_cp(is, 'C', NULL), 0);
	ck_assert_int_eq(rules_letter_from_cp(is, 'q', NULL), 0);
	ck_assert_int_eq(rules_letter_from_cp(is, 'W', NULL), 0);
	ck_assert_int_eq(rules_letter_from_cp(is, 'Z', NULL), 0);
}
END_TEST

START_TEST(tile_tables_en)
{
	const struct rules *en = get("en");

	ck_assert_int_eq(en->nletters, 26);
	ck_tile(en, "E", 12, 1);
	ck_tile(en, "Q", 1, 10);
	ck_tile(en, "K", 1, 5);
	ck_tile(en, "D", 4, 2);
	ck_tile(en, "Z", 1, 10);
	ck_assert_int_eq(tile(en, "Z"), 26);
}
END_TEST

START_TEST(play_fields)
{
	static const struct {
		const char *name;
		enum rules_end end;
		enum rules_settle settle;
		enum rules_challenge ch;
		int maxp, two;
	} want[] = {
		{ "no", END_PASSES, SETTLE_TRANSFER, CHALLENGE_NONE, 2, 0 },
		{ "no-nsf", END_SCORELESS, SETTLE_DOUBLE, CHALLENGE_DOUBLE, 2, 0 },
		{ "da", END_PASSES, SETTLE_TRANSFER, CHALLENGE_NONE, 4, 0 },
		{ "is", END_NOPLAY, SETTLE_DOUBLE, CHALLENGE_NONE, 2, 1 },
		{ "is-old", END_NOPLAY, SETTLE_DOUBLE, CHALLENGE_NONE, 2, 1 },
		{ "en", END_SCORELESS, SETTLE_DOUBLE, CHALLENGE_DOUBLE, 2, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct rules *r = get(want[i].name);

		/* no-nsf and is-old play the word lists of no and is. */
		ck_assert_str_eq(r->lexicon_hint, strcmp(r->name, "no-nsf") == 0 ? "no" :
			strcmp(r->name, "is-old") == 0 ? "is" : r->name);
		ck_assert_msg(r->game[0] != '\0', "%s: no game", r->name);
		ck_assert_int_eq(r->end_kind, want[i].end);
		ck_assert_int_eq(r->end_turns_per_player, 3);
		ck_assert_int_eq(r->settle, want[i].settle);
		ck_assert_int_eq(r->challenge, want[i].ch);
		ck_assert_int_eq(r->min_players, 2);
		ck_assert_int_eq(r->max_players, want[i].maxp);
		ck_assert_int_eq(r->two_letter_list, want[i].two);
		ck_assert_int_eq(r->rack_size, 7);
		ck_assert_int_eq(r->bingo_bonus, 50);
		ck_assert_int_eq(r->exchange_min, 7);
		ck_assert_int_eq(r->min_word, 2);
		ck_assert_int_eq(r->max_word, 15);
		ck_assert_str_eq(r->layout, "standard");
		ck_assert_int_eq(r->rows, 15);
		ck_assert_int_eq(r->cols, 15);
		ck_assert_int_eq(r->start_row, 7);
		ck_assert_int_eq(r->start_col, 7);
		ck_assert_int_eq(r->fold_accents, r->name[0] == 'i' ? 0 : 1);
	}
}
END_TEST


START_TEST(finish_matches_builtin)
{
	const char *const *n;

	/* The built-ins' precomputed lookup equals what rules_finish derives. */
	for (n = rules_builtin_names(); *n != NULL; n++) {
		const struct rules *b = get(*n);
		struct rules r = *b;
		uint32_t cp;
		int t;

		ck_assert_int_eq(b->finished, 1);
		ck_assert_int_eq(b->multi, 0);
		memset(r.cpmap, 0xEE, sizeof r.cpmap);
		r.multi = 1;
		rules_finish(&r);
		ck_assert_int_eq(r.finished, 1);
		ck_assert_int_eq(r.multi, 0);
		ck_assert_msg(memcmp(r.cpmap, b->cpmap, sizeof r.cpmap) == 0, "%s", *n);
		/* And the fast lookup agrees with the slow scan everywhere. */
		r.finished = 0;
		for (cp = 0; cp < 0x300; cp++) {
			int lo1 = -1, lo2 = -1;
			int t1 = rules_letter_from_cp(b, cp, &lo1);
			int t2 = rules_letter_from_cp(&r, cp, &lo2);

			ck_assert_msg(t1 == t2, "%s U+%04X: %d vs %d", *n, (unsigned)cp, t1, t2);
			if (t1 != 0)
				ck_assert_int_eq(lo1, lo2);
		}
		for (t = 1; t <= b->nletters; t++) {
			int lo = -1;

			ck_assert_int_eq(rules_letter_from_cp(b, b->upper[t], &lo), t);
			ck_assert_int_eq(lo, 0);
			ck_assert_int_eq(rules_letter_from_cp(b, b->lower[t], &lo), t);
			ck_assert_int_eq(lo, 1);
		}
	}
}
END_TEST

/* ---- boards: compared with SPEC 1.2's own drawings ---- */

static const char *const spec_standard[15] = {
	"=..'...=...'..=", ".-...\"...\"...-.", "..-...'.'...-..", "'..-...'...-..'",
	"....-.....-....", ".\"...\"...\"...\".", "..'...'.'...'..", "=..'...-...'..=",
	"..'...'.'...'..", ".\"...\"...\"...\".", "....-.....-....", "'..-...'...-..'",
	"..-...'.'...-..", ".-...\"...\"...-.", "=..'...=...'..=",
};
static const char *const spec_explo[15] = {
	"=...'..=...'..=", ".\"...'..-....\".", "..'...\"..-..'..", "...-...'..\"...'",
	"'...-......\"...", ".'...-...'..-..", "..\"...-.'....-.", "=..'...-...'..=",
	".-....'.-...\"..", "..-..'...-...'.", "...\"......-...'", "'...\"..'...-...",
	"..'..-..\"...'..", ".\"....-..'...\".", "=..'...=..'...=",
};

static int
sq(char c)
{
	switch (c) {
	case '\'': return SQ_DL;
	case '"': return SQ_TL;
	case '-': return SQ_DW;
	case '=': return SQ_TW;
	default: return SQ_PLAIN;
	}
}

static void
ck_board(const struct rules *r, const char *const rows[15])
{
	int i, j;

	ck_assert_int_eq(r->rows, 15);
	ck_assert_int_eq(r->cols, 15);
	for (i = 0; i < 15; i++)
		for (j = 0; j < 15; j++)
			ck_assert_msg(r->premium[i * 15 + j] == sq(rows[i][j]),
				"%s board %s: row %d col %d", r->name, r->layout, i + 1, j + 1);
}

START_TEST(boards)
{
	struct rules r = *get("no");
	struct err e;

	ck_board(&r, spec_standard);
	ck_assert_int_eq(r.premium[7 * 15 + 7], SQ_DW);     /* H8 */
	ck_assert_int_eq(rules_layout(&r, "explo", &e), 0);
	ck_board(&r, spec_explo);
	ck_assert_str_eq(r.layout, "explo");
	ck_assert_int_eq(r.start_row, 3);                   /* D4, a double word */
	ck_assert_int_eq(r.start_col, 3);
	ck_assert_int_eq(r.premium[3 * 15 + 3], SQ_DW);
	ck_assert_int_eq(rules_layout(&r, "standard", &e), 0);
	ck_board(&r, spec_standard);
	ck_assert_int_eq(r.start_row, 7);
	ck_assert_int_eq(rules_layout(&r, "nonexistent-layout", &e), -1);
	ck_assert_msg(strstr(e.msg, "nonexistent-layout") != NULL, "%s", e.msg);
}
END_TEST

/* ---- UTF-8 ---- */

START_TEST(utf8_valid)
{
	uint32_t cp = 0;
	char buf[4];
	uint32_t c;

	ck_assert_int_eq(utf8_decode("A", 1, &cp), 1);
	ck_assert_uint_eq(cp, 'A');
	ck_assert_int_eq(utf8_decode("\xC3\xA6x", 3, &cp), 2);
	ck_assert_uint_eq(cp, 0xE6);
	ck_assert_int_eq(utf8_decode("\xE2\x82\xAC", 3, &cp), 3);
	ck_assert_uint_eq(cp, 0x20AC);
	ck_assert_int_eq(utf8_decode("\xF0\x9F\x98\x80", 4, &cp), 4);
	ck_assert_uint_eq(cp, 0x1F600);
	ck_assert_int_eq(utf8_decode("\xF4\x8F\xBF\xBF", 4, &cp), 4);
	ck_assert_uint_eq(cp, 0x10FFFF);
	/* Round trip at every length boundary and a sample in between. */
	for (c = 0; c <= 0x10FFFF; c += (c < 0x3000 ? 1 : 97)) {
		int n;

		if (c >= 0xD800 && c <= 0xDFFF)
			continue;
		n = utf8_encode(c, buf);
		ck_assert_int_eq(utf8_decode(buf, (size_t)n, &cp), n);
		ck_assert_uint_eq(cp, c);
		ck_assert_int_eq(n, c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4);
	}
	ck_assert_int_eq(utf8_encode(0xD800, buf), 3);        /* U+FFFD */
	ck_assert_int_eq(memcmp(buf, "\xEF\xBF\xBD", 3), 0);
	/* Code points, not bytes: Þ Ó R, a euro sign, nothing. */
	ck_assert_int_eq(utf8_count("\xC3\x9E\xC3\x93R"), 3);
	ck_assert_int_eq(utf8_count("\xE2\x82\xAC"), 1);
	ck_assert_int_eq(utf8_count(""), 0);
}
END_TEST

START_TEST(utf8_invalid)
{
	uint32_t cp;

	ck_assert_int_eq(utf8_decode("", 0, &cp), -1);
	ck_assert_int_eq(utf8_decode("\x80", 1, &cp), -1);             /* lone continuation */
	ck_assert_int_eq(utf8_decode("\xC0\xAF", 2, &cp), -1);         /* overlong '/' */
	ck_assert_int_eq(utf8_decode("\xC1\xBF", 2, &cp), -1);
	ck_assert_int_eq(utf8_decode("\xE0\x80\xAF", 3, &cp), -1);     /* overlong */
	ck_assert_int_eq(utf8_decode("\xF0\x80\x80\xAF", 4, &cp), -1); /* overlong */
	ck_assert_int_eq(utf8_decode("\xED\xA0\x80", 3, &cp), -1);     /* surrogate */
	ck_assert_int_eq(utf8_decode("\xED\xBF\xBF", 3, &cp), -1);
	ck_assert_int_eq(utf8_decode("\xF4\x90\x80\x80", 4, &cp), -1); /* > U+10FFFF */
	ck_assert_int_eq(utf8_decode("\xF8\x88\x80\x80\x80", 5, &cp), -1);
	ck_assert_int_eq(utf8_decode("\xC3", 1, &cp), -1);             /* truncated */
	ck_assert_int_eq(utf8_decode("\xE2\x82", 2, &cp), -1);
	ck_assert_int_eq(utf8_decode("\xC3\xA6", 1, &cp), -1);         /* len cuts it */
	ck_assert_int_eq(utf8_decode("\xC3" "A", 2, &cp), -1);         /* bad continuation */
}
END_TEST

START_TEST(latin_tables)
{
	ck_assert_uint_eq(utf8_compose('e', 0x301), 0xE9);
	ck_assert_uint_eq(utf8_compose('A', 0x30A), 0xC5);
	ck_assert_uint_eq(utf8_compose('u', 0x308), 0xFC);
	ck_assert_uint_eq(utf8_compose('c', 0x327), 0xE7);
	ck_assert_uint_eq(utf8_compose('o', 0x30B), 0x151);
	ck_assert_uint_eq(utf8_compose('Z', 0x30C), 0x17D);
	ck_assert_uint_eq(utf8_compose('g', 0x306), 0x11F);
	ck_assert_uint_eq(utf8_compose('N', 0x303), 0xD1);
	ck_assert_uint_eq(utf8_compose('q', 0x301), 0);
	ck_assert_uint_eq(utf8_compose('e', 'e'), 0);
	ck_assert_uint_eq(utf8_latin_upper(0xE9), 0xC9);
	ck_assert_uint_eq(utf8_latin_upper(0xFF), 0x178);
	ck_assert_uint_eq(utf8_latin_upper('q'), 'Q');
	ck_assert_uint_eq(utf8_latin_upper(0xDF), 0xDF);      /* ß has no one-letter uppercase */
	ck_assert_uint_eq(utf8_latin_upper('-'), '-');
	ck_assert_uint_eq(utf8_latin_lower(0xC9), 0xE9);
	ck_assert_uint_eq(utf8_latin_lower(0xDE), 0xFE);      /* Þ þ */
	ck_assert_uint_eq(utf8_latin_lower('Q'), 'q');
	ck_assert_uint_eq(utf8_latin_base(0xC9), 'E');
	ck_assert_uint_eq(utf8_latin_base(0xE8), 'E');
	ck_assert_uint_eq(utf8_latin_base(0xDC), 'U');
	ck_assert_uint_eq(utf8_latin_base(0x159), 'R');       /* ř */
	ck_assert_uint_eq(utf8_latin_base(0xC6), 0);          /* Æ */
	ck_assert_uint_eq(utf8_latin_base(0xD8), 0);          /* Ø */
	ck_assert_uint_eq(utf8_latin_base('E'), 0);
	ck_assert_int_eq(utf8_is_combining(0x301), 1);
	ck_assert_int_eq(utf8_is_combining('e'), 0);
}
END_TEST

/* ---- letters and words ---- */

START_TEST(decode_letter)
{
	const struct rules *no = get("no"), *is = get("is");
	uint8_t t = 0;
	int lo = -1;

	ck_assert_int_eq(rules_decode_letter(no, "\xC3\xA5rer", 5, &t, &lo), 2);
	ck_assert_int_eq(t, 29);
	ck_assert_int_eq(lo, 1);
	ck_assert_int_eq(rules_decode_letter(no, "K", 1, &t, &lo), 1);
	ck_assert_int_eq(t, 11);
	ck_assert_int_eq(lo, 0);
	/* a + combining ring = å, consumed together. */
	ck_assert_int_eq(rules_decode_letter(no, "a\xCC\x8A", 3, &t, &lo), 3);
	ck_assert_int_eq(t, 29);
	ck_assert_int_eq(lo, 1);
	ck_assert_int_eq(rules_decode_letter(is, "E\xCC\x81", 3, &t, &lo), 3);
	ck_assert_int_eq(t, tile(is, "\xC3\x89"));
	ck_assert_int_eq(lo, 0);
	/* Bracketed single letter. */
	ck_assert_int_eq(rules_decode_letter(is, "[\xC3\xBE]x", 5, &t, &lo), 4);
	ck_assert_int_eq(t, tile(is, "\xC3\x9E"));
	ck_assert_int_eq(lo, 1);
	/* Not letters: 0; bad UTF-8: -1. */
	ck_assert_int_eq(rules_decode_letter(no, "?", 1, &t, &lo), 0);
	ck_assert_int_eq(rules_decode_letter(no, ".", 1, &t, &lo), 0);
	ck_assert_int_eq(rules_decode_letter(no, "7", 1, &t, &lo), 0);
	ck_assert_int_eq(rules_decode_letter(no, "", 0, &t, &lo), 0);
	ck_assert_int_eq(rules_decode_letter(no, "[CH]", 4, &t, &lo), 0);
	ck_assert_int_eq(rules_decode_letter(no, "[A", 2, &t, &lo), 0);
	ck_assert_int_eq(rules_decode_letter(is, "C", 1, &t, &lo), 0);
	ck_assert_int_eq(rules_decode_letter(no, "\xFF", 1, &t, &lo), -1);
	ck_assert_int_eq(rules_decode_letter(no, "\xC3", 1, &t, &lo), -1);
}
END_TEST

/* norm: normalises s under ruleset name, expects res and (if want) the
 * tiles written back as UTF-8. */
static void
norm(const char *name, const char *s, enum norm_result res, const char *want)
{
	const struct rules *r = get(name);
	uint8_t tiles[RULES_MAX_WORD];
	char out[128];
	int n = -1;
	uint32_t bad = 0;
	enum norm_result got = rules_normalise_word(r, s, strlen(s), tiles, &n, &bad);

	ck_assert_msg(got == res, "%s '%s': %s, want %s", name, s,
		rules_norm_message(got), rules_norm_message(res));
	if (want != NULL) {
		ck_assert_int_ge(rules_word_to_utf8(r, tiles, n, out, sizeof out), 0);
		ck_assert_msg(strcmp(out, want) == 0, "%s '%s' -> '%s', want '%s'",
			name, s, out, want);
	}
}

START_TEST(normalise_folding)
{
	/* SPEC 1.3: IDÉ and ALLÉ are IDE and ALLE in Norwegian and Danish. */
	norm("no", "ID\xC3\x89", NORM_FOLDED, "IDE");
	norm("no", "ALL\xC3\x89", NORM_FOLDED, "ALLE");
	norm("no-nsf", "id\xC3\xA9", NORM_FOLDED, "IDE");
	norm("da", "ID\xC3\x89", NORM_FOLDED, "IDE");
	norm("da", "all\xC3\xA9", NORM_FOLDED, "ALLE");
	norm("en", "caf\xC3\xA9", NORM_FOLDED, "CAFE");
	norm("en", "na\xC3\xAFve", NORM_FOLDED, "NAIVE");
	/* Other accents: È Ê Ë -> E, Á À Â -> A, Ó Ò Ô -> O. */
	norm("no", "\xC3\x88\xC3\x8A\xC3\x8B\xC3\x81\xC3\x80\xC3\x82\xC3\x93\xC3\x92\xC3\x94",
		NORM_FOLDED, "EEEAAAOOO");
	/* Ü is a letter in Norwegian (kept), folds to U in Danish and English. */
	norm("no", "m\xC3\xBCsli", NORM_OK, "M\xC3\x9CSLI");
	norm("da", "m\xC3\xBCsli", NORM_FOLDED, "MUSLI");
	norm("en", "\xC3\xBC" "ber", NORM_FOLDED, "UBER");
	/* Danish: Ä and Ö are written Æ and Ø. */
	norm("da", "\xC3\xB6l", NORM_FOLDED, "\xC3\x98L");
	/* Icelandic folds nothing: É is a letter; other accents reject. */
	norm("is", "ID\xC3\x89", NORM_OK, "ID\xC3\x89");
	norm("is", "\xC3\xA9g", NORM_OK, "\xC3\x89G");
	norm("is", "m\xC3\xBCsli", NORM_OUTSIDE, NULL);
	norm("is", "\xC3\xA8g", NORM_OUTSIDE, NULL);
	norm("is", "CAF\xC3\x89", NORM_OUTSIDE, NULL);       /* no C */
	/* Æ Ø Å are letters in no/da, outside in en (no base letter). */
	norm("no", "bl\xC3\xA5" "b\xC3\xA6r", NORM_OK, "BL\xC3\x85" "B\xC3\x86R");
	norm("en", "\xC3\xA6on", NORM_OUTSIDE, NULL);
	norm("no", "stra\xC3\x9F" "e", NORM_OUTSIDE, NULL);
}
END_TEST

START_TEST(normalise_reject)
{
	const struct rules *no = get("no");
	uint8_t tiles[RULES_MAX_WORD];
	int n;
	uint32_t bad = 0;

	norm("no", "ABC-BOK", NORM_NOT_LETTER, NULL);
	norm("no", "A4-FORMAT", NORM_NOT_LETTER, NULL);
	norm("no", "AL DENTE", NORM_NOT_LETTER, NULL);
	norm("da", "ABC-BOK", NORM_NOT_LETTER, NULL);
	norm("en", "don't", NORM_NOT_LETTER, NULL);
	norm("en", "etc.", NORM_NOT_LETTER, NULL);
	norm("no", "KVINNE ", NORM_NOT_LETTER, NULL);
	norm("no", "\xC2\xB5m", NORM_OUTSIDE, NULL);          /* micro sign: a letter, not ours */
	norm("no", "\xC2\xA7" "A", NORM_NOT_LETTER, NULL);     /* section sign */
	norm("da", "\xCE\xBCm", NORM_OUTSIDE, NULL);          /* Greek mu */
	ck_assert_int_eq(rules_normalise_word(no, "A4-FORMAT", 9, tiles, &n, &bad),
		NORM_NOT_LETTER);
	ck_assert_uint_eq(bad, '4');
	ck_assert_int_eq(rules_normalise_word(no, "AL DENTE", 8, tiles, &n, &bad),
		NORM_NOT_LETTER);
	ck_assert_uint_eq(bad, ' ');
	ck_assert_int_eq(rules_normalise_word(no, "\xC5\x82\xC3\xB3" "dz", 6, tiles, &n, &bad),
		NORM_OUTSIDE);                                     /* łódź: ł has no base */
	ck_assert_uint_eq(bad, 0x142);
	/* Invalid UTF-8: overlong, surrogate, truncated; reported before the rest. */
	norm("no", "AB\xC0\xAF", NORM_BAD_UTF8, NULL);
	norm("no", "AB\xED\xA0\x80", NORM_BAD_UTF8, NULL);
	norm("no", "AB\xC3", NORM_BAD_UTF8, NULL);
	norm("no", "A-B\xFF", NORM_BAD_UTF8, NULL);
	/* Lengths. */
	norm("no", "", NORM_EMPTY, NULL);
	norm("no", "A", NORM_TOO_SHORT, NULL);
	norm("no", "AB", NORM_OK, "AB");
	norm("no", "ABCDEFGHIJKLMNO", NORM_OK, "ABCDEFGHIJKLMNO");
	norm("no", "ABCDEFGHIJKLMNOP", NORM_TOO_LONG, NULL);
	norm("no", "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZ", NORM_TOO_LONG, NULL);
	/* A bad character past the 15th letter is still found. */
	norm("no", "ABCDEFGHIJKLMNOPQ-R", NORM_NOT_LETTER, NULL);
}
END_TEST

START_TEST(normalise_nfc_and_case)
{
	/* e + U+0301 composes to é, then folds (no) or stays (is). */
	norm("no", "ide\xCC\x81", NORM_FOLDED, "IDE");
	norm("is", "e\xCC\x81g", NORM_OK, "\xC3\x89G");
	/* NFC singletons: the Angstrom sign is Å. */
	norm("no", "p\xE2\x84\xAB", NORM_OK, "P\xC3\x85");
	norm("da", "\xE2\x84\xAA" "at", NORM_OK, "KAT");
	/* a + ring is å, a letter: no folding. */
	norm("no", "pa\xCC\x8A", NORM_OK, "P\xC3\x85");
	norm("is", "tho\xCC\x88l", NORM_OK, "TH\xC3\x96L");   /* o + diaeresis = ö */
	/* Lowercase and mixed case by the alphabet's table. */
	norm("no", "kvinne", NORM_OK, "KVINNE");
	norm("no", "\xC3\xA6rf\xC3\xB8s", NORM_OK, "\xC3\x86RF\xC3\x98S");
	norm("is", "\xC3\xBE\xC3\xBA", NORM_OK, "\xC3\x9E\xC3\x9A");
	norm("is", "\xC3\xB0\xC3\xAD", NORM_OK, "\xC3\x90\xC3\x8D");
	norm("en", "QuIz", NORM_OK, "QUIZ");
	/* A combining mark that composes with nothing: not a letter here. */
	norm("no", "a\xCC\xB1", NORM_OUTSIDE, NULL);
}
END_TEST

START_TEST(appended_multi_letter)
{
	/* A letter of two characters appended by hand to a copy of en (as a
	 * test elsewhere does) is read in words without rules_finish. */
	struct rules r = *get("en");
	uint8_t tiles[RULES_MAX_WORD];
	int n, ch = r.nletters + 1;

	r.nletters = ch;
	snprintf(r.utf8[ch], sizeof r.utf8[ch], "CH");
	snprintf(r.utf8_lower[ch], sizeof r.utf8_lower[ch], "ch");
	ck_assert_int_eq(rules_normalise_word(&r, "chat", 4, tiles, &n, NULL), NORM_OK);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(tiles[0], ch);
	rules_finish(&r);
	ck_assert_int_eq(r.multi, 1);
	ck_assert_int_eq(rules_normalise_word(&r, "ACH", 3, tiles, &n, NULL), NORM_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(tiles[1], ch);
}
END_TEST

START_TEST(word_to_utf8)
{
	const struct rules *is = get("is");
	uint8_t w[4];
	char out[32];

	w[0] = (uint8_t)tile(is, "\xC3\x9E");
	w[1] = (uint8_t)(tile(is, "\xC3\x81") | TILE_BLANK);
	w[2] = TILE_BLANK;
	w[3] = 0;
	ck_assert_int_eq(rules_word_to_utf8(is, w, 4, out, sizeof out), 6);
	ck_assert_str_eq(out, "\xC3\x9E\xC3\xA1?.");
	ck_assert_int_eq(rules_word_to_utf8(is, w, 0, out, sizeof out), 0);
	ck_assert_str_eq(out, "");
	/* Exactly fits / one byte short. */
	ck_assert_int_eq(rules_word_to_utf8(is, w, 2, out, 5), 4);
	ck_assert_int_eq(rules_word_to_utf8(is, w, 2, out, 4), -1);
	ck_assert_str_eq(out, "");
	w[0] = 40;      /* not a letter of is */
	ck_assert_int_eq(rules_word_to_utf8(is, w, 1, out, sizeof out), -1);
}
END_TEST

START_TEST(racks)
{
	const struct rules *no = get("no"), *is = get("is");
	uint8_t rack[RULES_MAX_TILES];
	char out[64];
	struct err e;
	const char *s;

	s = "KV?inne\xC3\xA5?";
	ck_assert_int_eq(rules_rack_parse(no, s, strlen(s), rack, &e), 9);
	ck_assert_int_eq(rack[0], 2);
	ck_assert_int_eq(rack[tile(no, "N")], 2);
	ck_assert_int_eq(rack[tile(no, "\xC3\x85")], 1);
	ck_assert_int_eq(rules_rack_format(no, rack, out, sizeof out), 10);
	ck_assert_str_eq(out, "EIKNNV\xC3\x85??");
	ck_assert_int_eq(rules_rack_parse(no, "", 0, rack, &e), 0);
	ck_assert_int_eq(rules_rack_format(no, rack, out, sizeof out), 0);
	ck_assert_str_eq(out, "");
	s = "\xC3\xBE" "a\xCC\x81[\xC3\xB0]";                    /* þ, a+acute, [ð] */
	ck_assert_int_eq(rules_rack_parse(is, s, strlen(s), rack, &e), 3);
	ck_assert_int_eq(rack[tile(is, "\xC3\x81")], 1);
	ck_assert_int_eq(rules_rack_format(is, rack, out, sizeof out), 6);
	ck_assert_str_eq(out, "\xC3\x81\xC3\x90\xC3\x9E");
	ck_assert_int_eq(rules_rack_format(is, rack, out, 6), -1);
	ck_assert_int_eq(rules_rack_parse(is, "ABC", 3, rack, &e), -1);
	ck_assert_msg(strstr(e.msg, "'C'") != NULL, "%s", e.msg);
	ck_assert_int_eq(rules_rack_parse(no, "AB1", 3, rack, &e), -1);
	ck_assert_int_eq(rules_rack_parse(no, "A B", 3, rack, &e), -1);
	ck_assert_int_eq(rules_rack_parse(no, "AB\xC3", 3, rack, &e), -1);
	ck_assert_msg(strstr(e.msg, "UTF-8") != NULL, "%s", e.msg);
	ck_assert_int_eq(rules_rack_parse(no, "AAAAAAAAAAAAAAAA", 16, rack, &e), 16);
	ck_assert_int_eq(rules_rack_parse(no, "AAAAAAAAAAAAAAAAA", 17, rack, &e), -1);
}
END_TEST

START_TEST(get_by_name)
{
	struct rules r;
	struct err e;

	ck_assert_int_eq(rules_get(&r, "no-nsf", &e), 0);
	ck_assert_str_eq(r.name, "no-nsf");
	ck_assert_int_eq(r.ntiles, 100);
	ck_assert_int_eq(rules_get(&r, "english", &e), 0);
	ck_assert_str_eq(r.name, "en");
	ck_assert_int_eq(rules_get(&r, "norwegian", &e), 0);
	ck_assert_str_eq(r.name, "no");
	ck_assert_int_eq(rules_get(&r, "danish", &e), 0);
	ck_assert_str_eq(r.name, "da");
	ck_assert_int_eq(rules_get(&r, "icelandic", &e), 0);
	ck_assert_str_eq(r.name, "is");
	ck_assert_int_eq(rules_get(&r, "Icelandic", &e), 0);
	ck_assert_str_eq(r.name, "is");
	ck_assert_int_eq(rules_get(&r, "IS-OLD", &e), 0);
	ck_assert_str_eq(r.name, "is-old");
	ck_assert_int_eq(r.ntiles, 104);
	ck_assert_int_eq(rules_get(&r, "englis", &e), -1);
	ck_assert_int_eq(rules_get(&r, "englishh", &e), -1);
	ck_assert_int_eq(rules_get(&r, "klingon", &e), -1);
	ck_assert_msg(strstr(e.msg, "klingon") != NULL, "%s", e.msg);
	ck_assert_int_eq(rules_get(&r, "", &e), -1);
	ck_assert_int_eq(rules_get(&r, "/nonexistent/x.rules", &e), -1);
	ck_assert_msg(strstr(e.msg, "cannot open") != NULL, "%s", e.msg);
	ck_assert_int_eq(rules_get(&r, "x.rules", &e), -1);     /* a path, not a name */
	ck_assert_msg(strstr(e.msg, "cannot open") != NULL, "%s", e.msg);
}
END_TEST


/* ---- ruleset and layout files ---- */

/* A private directory for the files these tests write. */
static char tmpdir[64];

static void
tmp_setup(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/check_rules.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void
tmp_teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
}

/* put_file: writes n bytes of text to tmpdir/name; returns the path (static). */
static const char *
put_file_n(const char *name, const char *text, size_t n)
{
	static char path[2][256];
	static int which;
	char *p = path[which ^= 1];
	FILE *fp;

	snprintf(p, sizeof path[0], "%s/%s", tmpdir, name);
	fp = fopen(p, "wb");
	ck_assert_ptr_nonnull(fp);
	ck_assert_uint_eq(fwrite(text, 1, n, fp), n);
	ck_assert_int_eq(fclose(fp), 0);
	return p;
}

static const char *
put_file(const char *name, const char *text)
{
	return put_file_n(name, text, strlen(text));
}

/* load_err: loading text as a ruleset fails at line with a message holding sub. */
static void
load_err(const char *text, long line, const char *sub)
{
	struct rules r;
	struct err e;
	const char *p = put_file("bad.rules", text);

	err_clear(&e);
	ck_assert_msg(rules_load(&r, p, &e) == -1, "loaded: %s", text);
	ck_assert_msg(e.line == line, "line %ld, want %ld (%s) for: %s", e.line, line,
		e.msg, text);
	ck_assert_msg(strstr(e.msg, sub) != NULL, "message '%s' lacks '%s'", e.msg, sub);
}

/* ck_same_rules: every field of a and b but the names is equal. */
static void
ck_same_rules(const struct rules *a, const struct rules *b)
{
	int t, i;

	ck_assert_str_eq(a->game, b->game);
	ck_assert_str_eq(a->lexicon_hint, b->lexicon_hint);
	ck_assert_int_eq(a->nletters, b->nletters);
	for (t = 0; t <= a->nletters; t++) {
		ck_assert_uint_eq(a->upper[t], b->upper[t]);
		ck_assert_uint_eq(a->lower[t], b->lower[t]);
		ck_assert_str_eq(a->utf8[t], b->utf8[t]);
		ck_assert_str_eq(a->utf8_lower[t], b->utf8_lower[t]);
		ck_assert_int_eq(a->counts[t], b->counts[t]);
		ck_assert_int_eq(a->values[t], b->values[t]);
	}
	{
		/* KWG numbering: the tile order written out equals none given. */
		uint8_t ta[RULES_MAX_TILES], fa[RULES_MAX_TILES];
		uint8_t tb[RULES_MAX_TILES], fb[RULES_MAX_TILES];

		ck_assert_int_eq(rules_kwg_map(a, ta, fa), rules_kwg_map(b, tb, fb));
		ck_assert_mem_eq(ta, tb, sizeof ta);
		ck_assert_mem_eq(fa, fb, sizeof fa);
	}
	ck_assert_int_eq(a->ntiles, b->ntiles);
	ck_assert_int_eq(a->fold_accents, b->fold_accents);
	ck_assert_int_eq(a->nfold, b->nfold);
	for (i = 0; i < a->nfold; i++) {
		ck_assert_uint_eq(a->fold[i].from, b->fold[i].from);
		ck_assert_int_eq(a->fold[i].to, b->fold[i].to);
	}
	ck_assert_str_eq(a->layout, b->layout);
	ck_assert_int_eq(a->rows, b->rows);
	ck_assert_int_eq(a->cols, b->cols);
	ck_assert_int_eq(a->start_row, b->start_row);
	ck_assert_int_eq(a->start_col, b->start_col);
	ck_assert_int_eq(memcmp(a->premium, b->premium, sizeof a->premium), 0);
	ck_assert_int_eq(a->rack_size, b->rack_size);
	ck_assert_int_eq(a->bingo_bonus, b->bingo_bonus);
	ck_assert_int_eq(a->exchange_min, b->exchange_min);
	ck_assert_int_eq(a->end_kind, b->end_kind);
	ck_assert_int_eq(a->end_turns_per_player, b->end_turns_per_player);
	ck_assert_int_eq(a->settle, b->settle);
	ck_assert_int_eq(a->challenge, b->challenge);
	ck_assert_int_eq(a->min_players, b->min_players);
	ck_assert_int_eq(a->max_players, b->max_players);
	ck_assert_int_eq(a->min_word, b->min_word);
	ck_assert_int_eq(a->max_word, b->max_word);
	ck_assert_int_eq(a->two_letter_list, b->two_letter_list);
}

/* man_examples: the literal blocks of EXAMPLES in man/ordverk-rules.5 (roff
 * escapes \& and \e undone), shell examples ("$ ...") left out.  Returns the
 * count, or -1 if the page is not found (the test runs from the tree's top). */
static int
man_examples(char blocks[][2048], int max)
{
	FILE *fp = fopen("man/ordverk-rules.5", "r");
	char line[512];
	int n = 0, in_ex = 0, in_bd = 0;

	if (fp == NULL)
		return -1;
	while (fgets(line, sizeof line, fp) != NULL) {
		if (strncmp(line, ".Sh ", 4) == 0)
			in_ex = strncmp(line, ".Sh EXAMPLES", 12) == 0;
		else if (in_ex && strncmp(line, ".Bd -literal", 12) == 0 && n < max) {
			in_bd = 1;
			blocks[n][0] = '\0';
		} else if (in_bd && strncmp(line, ".Ed", 3) == 0) {
			in_bd = 0;
			if (blocks[n][0] != '$')
				n++;
		} else if (in_bd) {
			char *o = blocks[n] + strlen(blocks[n]);
			const char *s;

			for (s = line; *s != '\0'; s++) {
				if (s[0] == '\\' && s[1] == '&') {
					s++;
					continue;
				}
				if (s[0] == '\\' && s[1] == 'e')
					s++;
				ck_assert_int_lt(o - blocks[n], 2040);
				*o++ = *s;
			}
			*o = '\0';
		}
	}
	fclose(fp);
	return n;
}

START_TEST(man_page_examples)
{
	static char ex[8][2048];
	struct rules r, want;
	struct err e;
	int n = man_examples(ex, 8);
	const char *p;

	if (n < 0) {
		fprintf(stderr, "SKIP man_page_examples: man/ordverk-rules.5 not found "
			"(run from the top of the tree)\n");
		return;
	}
	ck_assert_int_eq(n, 3);
	/* 1: Ordspill on the explo board, 8-tile racks. */
	p = put_file("ordspill-explo.rules", ex[0]);
	ck_assert_msg(rules_load(&r, p, &e) == 0, "example 1: line %ld: %s", e.line, e.msg);
	want = *get("no");
	ck_assert_int_eq(rules_layout(&want, "explo", &e), 0);
	want.rack_size = 8;
	snprintf(want.game, sizeof want.game, "Ordspill, explo board, 8-tile racks");
	ck_same_rules(&r, &want);
	ck_assert_str_eq(r.name, "no-explo");
	ck_assert_str_eq(r.lexicon_hint, "no");
	ck_assert_int_eq(r.start_row, 3);
	/* 2: English in full = the built-in en. */
	p = put_file("en-copy.rules", ex[1]);
	ck_assert_msg(rules_load(&r, p, &e) == 0, "example 2: line %ld: %s", e.line, e.msg);
	ck_assert_str_eq(r.name, "en-copy");
	ck_same_rules(&r, get("en"));
	/* 3: a 7x7 board written in the file. */
	p = put_file("mini.rules", ex[2]);
	ck_assert_msg(rules_load(&r, p, &e) == 0, "example 3: line %ld: %s", e.line, e.msg);
	ck_assert_str_eq(r.name, "en-mini");
	ck_assert_str_eq(r.layout, "en-mini");
	ck_assert_int_eq(r.rows, 7);
	ck_assert_int_eq(r.cols, 7);
	ck_assert_int_eq(r.start_row, 3);
	ck_assert_int_eq(r.start_col, 3);
	ck_assert_int_eq(r.premium[0], SQ_TW);
	ck_assert_int_eq(r.premium[3], SQ_DL);
	ck_assert_int_eq(r.premium[1 * 7 + 1], SQ_DW);
	ck_assert_int_eq(r.premium[3 * 7 + 3], SQ_DW);
	ck_assert_int_eq(r.premium[6 * 7 + 6], SQ_TW);
	ck_assert_int_eq(r.premium[7 * 7], SQ_PLAIN);    /* nothing past the board */
	ck_assert_int_eq(r.ntiles, 100);
}
END_TEST

START_TEST(load_own_alphabet)
{
	/* An alphabet with a letter of two characters, a lowercase-written
	 * letter, an explicit fold, CRLF line ends and a BOM. */
	static const char text[] =
		"\xEF\xBB\xBF# test\r\n"
		"name  test-ch\r\n"
		"game  A test  alphabet  \r\n"
		"letter A 5 1\r\n"
		"letter CH 2 5\r\n"
		"letter \xC3\xBE 1 7\r\n"              /* þ written in lowercase */
		"letter LL ll 1 8\r\n"
		"letter T 4 1\r\n"
		"blank 1 0\r\n"
		"fold \xC3\xA5 A\r\n"                  /* å -> A */
		"fold-accents no\r\n"
		"words 2 7\r\n"
		"players 2 3\r\n"
		"end passes 2\r\n"
		"settle transfer\r\n"
		"challenge 10pt\r\n"
		"rack 5\r\n"
		"bingo 35\r\n"
		"exchange 3\r\n"
		"two-letter-list yes\r\n";
	struct rules r;
	struct err e;
	uint8_t tiles[RULES_MAX_WORD], rack[RULES_MAX_TILES];
	char out[64];
	int n;
	const char *p = put_file("own.rules", text);

	ck_assert_msg(rules_load(&r, p, &e) == 0, "line %ld: %s", e.line, e.msg);
	ck_assert_str_eq(r.name, "test-ch");
	ck_assert_str_eq(r.game, "A test  alphabet");
	ck_assert_str_eq(r.lexicon_hint, "test-ch");
	ck_assert_int_eq(r.nletters, 5);
	ck_assert_int_eq(r.ntiles, 14);
	ck_assert_uint_eq(r.upper[3], 0xDE);
	ck_assert_uint_eq(r.lower[3], 0xFE);
	ck_assert_str_eq(r.utf8[2], "CH");
	ck_assert_str_eq(r.utf8_lower[2], "ch");
	ck_assert_uint_eq(r.upper[2], 0);
	ck_assert_int_eq(r.values[4], 8);
	ck_assert_int_eq(r.rack_size, 5);
	ck_assert_int_eq(r.bingo_bonus, 35);
	ck_assert_int_eq(r.exchange_min, 3);
	ck_assert_int_eq(r.end_kind, END_PASSES);
	ck_assert_int_eq(r.end_turns_per_player, 2);
	ck_assert_int_eq(r.settle, SETTLE_TRANSFER);
	ck_assert_int_eq(r.challenge, CHALLENGE_10PT);
	ck_assert_int_eq(r.max_players, 3);
	ck_assert_int_eq(r.max_word, 7);
	ck_assert_int_eq(r.two_letter_list, 1);
	ck_assert_str_eq(r.layout, "standard");
	/* Words: CH matched in either case, å folded by the pair, é not folded. */
	ck_assert_int_eq(rules_normalise_word(&r, "chat", 4, tiles, &n, NULL), NORM_OK);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(tiles[0], 2);
	ck_assert_int_eq(rules_word_to_utf8(&r, tiles, n, out, sizeof out), 6);
	ck_assert_str_eq(out, "[CH]AT");
	tiles[0] |= TILE_BLANK;
	ck_assert_int_eq(rules_word_to_utf8(&r, tiles, n, out, sizeof out), 6);
	ck_assert_str_eq(out, "[ch]AT");
	ck_assert_int_eq(rules_normalise_word(&r, "T\xC3\x85LL", 5, tiles, &n, NULL),
		NORM_FOLDED);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(tiles[2], 4);
	ck_assert_int_eq(rules_normalise_word(&r, "T\xC3\xA9", 3, tiles, &n, NULL),
		NORM_OUTSIDE);
	ck_assert_int_eq(rules_normalise_word(&r, "ATATATAT", 8, tiles, &n, NULL),
		NORM_TOO_LONG);
	/* Racks: [CH] in brackets, either case. */
	ck_assert_int_eq(rules_rack_parse(&r, "[ch]A?[LL]", 10, rack, &e), 4);
	ck_assert_int_eq(rack[2], 1);
	ck_assert_int_eq(rack[4], 1);
	ck_assert_int_eq(rules_rack_format(&r, rack, out, sizeof out), 10);
	ck_assert_str_eq(out, "A[CH][LL]?");
	/* rules_get takes the path too. */
	ck_assert_int_eq(rules_get(&r, p, &e), 0);
	ck_assert_str_eq(r.name, "test-ch");
}
END_TEST

START_TEST(load_defaults_and_names)
{
	struct rules r;
	struct err e;
	const char *p;

	/* No name line: the file name; no base: the defaults. */
	p = put_file("tiny.rules", "letter A 4 1\nletter B 3 2\nblank 0 0\n");
	ck_assert_msg(rules_load(&r, p, &e) == 0, "line %ld: %s", e.line, e.msg);
	ck_assert_str_eq(r.name, "tiny");
	ck_assert_str_eq(r.game, "tiny");
	ck_assert_str_eq(r.lexicon_hint, "tiny");
	ck_assert_int_eq(r.ntiles, 7);
	ck_assert_int_eq(r.rack_size, 7);
	ck_assert_int_eq(r.bingo_bonus, 50);
	ck_assert_int_eq(r.end_kind, END_SCORELESS);
	ck_assert_int_eq(r.settle, SETTLE_DOUBLE);
	ck_assert_int_eq(r.challenge, CHALLENGE_NONE);
	ck_assert_int_eq(r.fold_accents, 1);
	ck_assert_int_eq(r.start_row, 7);
	/* base + tile: Icelandic with one more X; the lexicon stays "is". */
	p = put_file("isx.rules", "base is\nname is-x\ntile x 2 10\n");
	ck_assert_msg(rules_load(&r, p, &e) == 0, "line %ld: %s", e.line, e.msg);
	ck_assert_str_eq(r.lexicon_hint, "is");
	ck_assert_int_eq(r.ntiles, 101);
	ck_assert_int_eq(r.counts[tile(&r, "X")], 2);
	ck_assert_int_eq(r.two_letter_list, 1);
	/* base + own letters: the base's folds go, the lexicon is the name. */
	p = put_file("da2.rules", "base da\nname da-ab\nletter A 9 1\nletter B 9 1\n");
	ck_assert_msg(rules_load(&r, p, &e) == 0, "line %ld: %s", e.line, e.msg);
	ck_assert_int_eq(r.nletters, 2);
	ck_assert_int_eq(r.nfold, 0);
	ck_assert_int_eq(r.ntiles, 20);
	ck_assert_str_eq(r.lexicon_hint, "da-ab");
	ck_assert_int_eq(r.max_players, 4);
}
END_TEST

START_TEST(load_errors)
{
	struct rules r;
	struct err e;

	load_err("base en\nfrobnicate 3\n", 2, "unknown setting 'frobnicate'");
	load_err("name x\nbase en\n", 2, "first");
	load_err("base klingon\n", 1, "base NAME");
	load_err("base en\nname has space\n", 2, "name NAME");
	load_err("base en\nname \xC3\xA6\n", 2, "name NAME");
	load_err("letter A 1 1\nletter a 2 2\n", 2, "twice");
	load_err("letter A 1 1\nletter 7 2 2\n", 2, "digits");
	load_err("letter A 1 1\nletter ? 2 2\n", 2, "punctuation");
	load_err("letter A 1 1\nletter B 256 2\n", 2, "0..255");
	load_err("letter A 1 1\nletter B x 2\n", 2, "0..255");
	load_err("letter A 1 1\nletter B\n", 2, "letter UPPER");
	load_err("letter A 1 1\nletter \xE4\xB8\xAD 2 2\n", 2, "lowercase");   /* 中 */
	load_err("letter A 1 1\nletter \xC3 1 1\n", 2, "UTF-8");
	load_err("letter A 1 1\nletter ABCDEFGH 1 1\n", 2, "7 bytes");
	load_err("base en\ntile \xC3\x86 1 1\n", 2, "not a letter");
	load_err("base en\nfold \xC3\xA9 \xC3\x86\n", 2, "not a letter");
	load_err("base en\nfold E A\n", 2, "outside the alphabet");
	load_err("base en\nfold-accents maybe\n", 2, "fold-accents");
	load_err("base en\nkwg-order ABC\n", 2, "D is missing");
	load_err("base en\nkwg-order ABCDEFGHIJKLMNOPQRSTUVWXYZA\n", 2, "A twice");
	load_err("base en\nkwg-order ABCDEFGHIJKLMNOPQRSTUVWXY\xC3\x86\n", 2,
	    "not an uppercase letter");
	load_err("base en\nkwg-order A B\n", 2, "kwg-order LETTERS");
	load_err("base en\nrack 0\n", 2, "rack N");
	load_err("base en\nrack 17\n", 2, "rack N");
	load_err("base en\nplayers 3 2\n", 2, "players");
	load_err("base en\nplayers 5\n", 2, "players");
	load_err("base en\nwords 1 15\n", 2, "words");
	load_err("base en\nwords 2 16\n", 2, "words");
	load_err("base en\nend sometimes 3\n", 2, "end passes");
	load_err("base en\nsettle half\n", 2, "settle");
	load_err("base en\nchallenge 7pt\n", 2, "challenge");
	load_err("base en\ngame\n", 2, "game TEXT");
	load_err("base en\nlayout no-such-board\n", 2, "no-such-board");
	load_err("letter A 1 1\nletter B 1 1\nblank 2 0\n", 0, "cannot fill");
	load_err("# nothing\n\n", 0, "no letters");
	/* Inline boards. */
	load_err("base en\nboard\n=.=\n.-\nstart A1\n", 4, "first had 3");
	load_err("base en\nboard\n=.=\n.x.\nstart A1\n", 4, "'x'");
	load_err("base en\nboard\n=.=\n", 3, "start");
	load_err("base en\nboard\n=.=\nstart D1\n", 4, "off the");
	load_err("base en\nboard\n=.=\nstart A2\n", 4, "off the");
	load_err("base en\nboard\n=.=\nstart 1\n", 4, "start COORD");
	load_err("base en\nboard\nstart A1\n", 3, "before any");
	load_err("base en\nboard\n======================\nstart A1\n", 3, "longer");
	/* Not text, or not there. */
	ck_assert_int_eq(rules_load(&r, put_file_n("u16.rules", "\xFF\xFE" "b\0a\0", 6),
		&e), -1);
	ck_assert_msg(strstr(e.msg, "NUL") != NULL, "%s", e.msg);
	ck_assert_int_eq(rules_load(&r, "/nonexistent/dir/x.rules", &e), -1);
	ck_assert_int_eq(e.line, 0);
	ck_assert_msg(strstr(e.msg, "cannot open") != NULL, "%s", e.msg);
}
END_TEST

START_TEST(layout_files)
{
	struct rules r = *get("en");
	struct err e;
	const char *p;
	char rp[300];
	int i;

	/* A layout file: comments, blank lines, 21 x 3, quadruple squares. */
	p = put_file("long.layout",
		"# a long thin board\n\n"
		"=...................~\n"
		"^.......'.....\".....-\n"
		".....................\n"
		"  start 2k\n\n# end\n");
	ck_assert_msg(rules_layout(&r, p, &e) == 0, "line %ld: %s", e.line, e.msg);
	ck_assert_int_eq(r.rows, 3);
	ck_assert_int_eq(r.cols, 21);
	ck_assert_int_eq(r.start_row, 1);
	ck_assert_int_eq(r.start_col, 10);
	ck_assert_str_eq(r.layout, "long.layout");
	ck_assert_int_eq(r.premium[0], SQ_TW);
	ck_assert_int_eq(r.premium[20], SQ_QW);
	ck_assert_int_eq(r.premium[21], SQ_QL);
	ck_assert_int_eq(r.premium[21 + 8], SQ_DL);
	ck_assert_int_eq(r.premium[21 + 14], SQ_TL);
	ck_assert_int_eq(r.premium[41], SQ_DW);
	for (i = 42; i < RULES_MAX_SQUARES; i++)
		ck_assert_int_eq(r.premium[i], SQ_PLAIN);
	/* The SPEC's standard board as a file gives the built-in board. */
	{
		char text[512] = "";

		for (i = 0; i < 15; i++) {
			strcat(text, spec_standard[i]);
			strcat(text, "\n");
		}
		strcat(text, "start H8\n");
		p = put_file("std.layout", text);
		ck_assert_int_eq(rules_layout(&r, p, &e), 0);
		ck_board(&r, spec_standard);
		ck_assert_int_eq(r.start_row, 7);
		ck_assert_int_eq(r.start_col, 7);
	}
	/* Errors leave r as it was. */
	p = put_file("bad.layout", "=.=\n.-.\nstart B2\nextra\n");
	ck_assert_int_eq(rules_layout(&r, p, &e), -1);
	ck_assert_int_eq(e.line, 4);
	ck_assert_int_eq(r.rows, 15);
	ck_assert_str_eq(r.layout, "std.layout");
	ck_assert_int_eq(rules_layout(&r, "explo2", &e), -1);
	ck_assert_msg(strstr(e.msg, "standard, explo") != NULL, "%s", e.msg);
	ck_assert_int_eq(rules_layout(&r, "", &e), -1);
	/* A ruleset naming a layout file beside it. */
	put_file("small.layout", "'.'\n.=.\n'.'\nstart B2\n");
	p = put_file("small.rules", "base no\nlayout small.layout\n");
	ck_assert_msg(rules_load(&r, p, &e) == 0, "line %ld: %s", e.line, e.msg);
	ck_assert_int_eq(r.rows, 3);
	ck_assert_int_eq(r.premium[4], SQ_TW);
	ck_assert_str_eq(r.layout, "small.layout");
	ck_assert_str_eq(r.name, "small");
	/* ... and an error inside it, reported with both lines. */
	put_file("broken.layout", "'.'\n.=.\n'.\nstart B2\n");
	p = put_file("broken.rules", "base no\n\nlayout broken.layout\n");
	ck_assert_int_eq(rules_load(&r, p, &e), -1);
	ck_assert_int_eq(e.line, 3);
	snprintf(rp, sizeof rp, "broken.layout:3:");
	ck_assert_msg(strstr(e.msg, rp) != NULL, "%s", e.msg);
}
END_TEST



/* round_trip: rules_format then rules_load gives r back. */
static void
round_trip(const struct rules *r)
{
	static char text[8192];
	struct rules back;
	struct err e;
	int n = rules_format(r, text, sizeof text);
	const char *p;

	ck_assert_msg(n > 0, "%s: rules_format failed", r->name);
	ck_assert_int_eq((int)strlen(text), n);
	p = put_file("rt.rules", text);
	ck_assert_msg(rules_load(&back, p, &e) == 0, "%s: line %ld: %s\n%s", r->name,
		e.line, e.msg, text);
	ck_assert_str_eq(back.name, r->name);
	ck_same_rules(&back, r);
}

START_TEST(format_round_trip)
{
	const char *const *n;
	struct rules r;
	struct err e;
	char small[64];
	int i;

	for (n = rules_builtin_names(); *n != NULL; n++)
		round_trip(get(*n));
	r = *get("da");
	ck_assert_int_eq(rules_layout(&r, "explo", &e), 0);
	round_trip(&r);
	/* Own alphabet with CH, lowercase-only-known letters, folds, a 21x3
	 * board with quadruple squares. */
	ck_assert_int_eq(rules_load(&r, put_file("own.rules",
		"name own\nletter A 5 1\nletter CH 2 5\nletter LL lL 1 8\n"
		"letter \xE4\xB8\xAD \xE4\xB8\xAE 1 9\n"            /* a made-up case pair */
		"blank 1 0\nfold \xC3\xA5 A\nfold \xC3\xA6 CH\nfold-accents no\n"
		"board\n=...................~\n^.......'.....\".....-\nstart U2\n"
		"rack 4\nend passes 1\nchallenge 5pt\nplayers 1 4\nwords 3 9\n"
		"two-letter-list yes\n"), &e), 0);
	ck_assert_str_eq(r.utf8_lower[3], "lL");
	ck_assert_int_eq(r.start_col, 20);
	ck_assert_int_eq(r.start_row, 1);
	round_trip(&r);
	/* English numbered backwards in KWG files; a new alphabet drops the
	 * base's numbering. */
	ck_assert_int_eq(rules_load(&r, put_file("back.rules",
		"base en\nkwg-order ZYXWVUTSRQPONMLKJIHGFEDCBA\n"), &e), 0);
	{
		uint8_t to_file[RULES_MAX_TILES], from_file[RULES_MAX_TILES];

		ck_assert_int_eq(rules_kwg_map(&r, to_file, from_file), 1);
		ck_assert_int_eq(to_file[1], 26);
		ck_assert_int_eq(from_file[1], 26);
		ck_assert_int_eq(to_file[0], 0);
		ck_assert_int_eq(to_file[27], 27);
		round_trip(&r);
		ck_assert_int_eq(rules_kwg_map(get("no"), to_file, from_file), 1);
		ck_assert_int_eq(to_file[32], 26);     /* Ü */
		ck_assert_int_eq(from_file[32], 29);   /* Å */
		ck_assert_int_eq(rules_kwg_map(get("is"), to_file, from_file), 0);
		ck_assert_int_eq(rules_load(&r, put_file("own2.rules",
			"base no\nletter A 5 1\nletter B 5 1\n"), &e), 0);
		ck_assert_int_eq(rules_kwg_map(&r, to_file, from_file), 0);
	}
	/* Too small a buffer; an invalid struct. */
	ck_assert_int_eq(rules_format(get("en"), small, sizeof small), -1);
	ck_assert_str_eq(small, "");
	memset(&r, 0, sizeof r);
	ck_assert_int_eq(rules_format(&r, small, sizeof small), -1);
	/* No room at all. */
	i = rules_format(get("is"), small, 0);
	ck_assert_int_eq(i, -1);
}
END_TEST

/* xorshift for the fuzz tests: fixed seeds, so failures reproduce. */
static uint32_t
fuzz_next(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

START_TEST(fuzz_text)
{
	/* Random bytes, biased toward UTF-8 lead bytes and combining marks:
	 * every function returns a sane answer and never reads out of bounds
	 * (the buffer is exactly n bytes on the heap, checked by ASan). */
	static const unsigned char pool[] = {
		'A', 'e', 'Z', '?', '[', ']', '-', ' ', '0', 0xC3, 0xA6, 0x85, 0x89,
		0xCC, 0x81, 0x8A, 0xCD, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0xED, 0xA0,
		0xC0, 0xFF, 0x80, 0xBF
	};
	const char *const *nm;
	uint32_t x = 2463534242u;
	int it;

	for (it = 0; it < 5000; it++) {
		size_t n = fuzz_next(&x) % 24, i;
		char *buf = malloc(n + 1);
		const struct rules *r;
		uint8_t tiles[RULES_MAX_WORD], rack[RULES_MAX_TILES], t;
		char out[RULES_MAX_WORD * 16 + 1];
		int nt, lo, k, total;
		enum norm_result res;
		struct err e;

		ck_assert_ptr_nonnull(buf);
		for (i = 0; i < n; i++)
			buf[i] = (char)pool[fuzz_next(&x) % sizeof pool];
		nm = rules_builtin_names();
		r = get(nm[it % 6]);
		res = rules_normalise_word(r, buf, n, tiles, &nt, NULL);
		ck_assert_int_ge((int)res, NORM_OK);
		ck_assert_int_le((int)res, NORM_EMPTY);
		ck_assert_int_ge(nt, 0);
		ck_assert_int_le(nt, RULES_MAX_WORD);
		if (res == NORM_OK || res == NORM_FOLDED) {
			uint8_t again[RULES_MAX_WORD];
			int nt2;

			/* What a word writes back normalises to itself. */
			ck_assert_int_ge(rules_word_to_utf8(r, tiles, nt, out, sizeof out), nt);
			ck_assert_int_eq(rules_normalise_word(r, out, strlen(out), again, &nt2,
				NULL), NORM_OK);
			ck_assert_int_eq(nt2, nt);
			ck_assert_int_eq(memcmp(again, tiles, (size_t)nt), 0);
		}
		k = rules_decode_letter(r, buf, n, &t, &lo);
		ck_assert_int_ge(k, -1);
		ck_assert_int_le(k, (int)n);
		if (k > 0)
			ck_assert_int_le(t, r->nletters);
		total = rules_rack_parse(r, buf, n, rack, &e);
		if (total >= 0) {
			int sum = 0;

			for (k = 0; k < RULES_MAX_TILES; k++)
				sum += rack[k];
			ck_assert_int_eq(sum, total);
			ck_assert_int_ge(rules_rack_format(r, rack, out, sizeof out), total);
		}
		free(buf);
	}
}
END_TEST

START_TEST(fuzz_files)
{
	/* Damaged ruleset files: truncated, bytes flipped or replaced.  Each
	 * loads or fails with a message; never a crash. */
	static const char base[] =
		"name  fz\ngame  fuzz\nletter A 5 1\nletter CH 2 5\nletter \xC3\x86 1 4\n"
		"blank 2 0\nfold \xC3\x84 \xC3\x86\nboard\n=.'\n.-.\n'.=\nstart B2\n"
		"rack 3\nend passes 2\nplayers 2 4\nwords 2 9\n";
	uint32_t x = 88172645u;
	char buf[sizeof base];
	int it, ok = 0;

	for (it = 0; it < 400; it++) {
		size_t n = sizeof base - 1, j;
		struct rules r;
		struct err e;
		int flips = 1 + (int)(fuzz_next(&x) % 3);

		memcpy(buf, base, sizeof base);
		if (it % 4 == 0)
			n = fuzz_next(&x) % n;
		for (j = 0; j < (size_t)flips && n > 0; j++) {
			size_t at = fuzz_next(&x) % n;

			if (it % 2)
				buf[at] = (char)(buf[at] ^ (1u << (fuzz_next(&x) % 8)));
			else
				buf[at] = " \n#\xC3-9="[fuzz_next(&x) % 8];
		}
		err_clear(&e);
		if (rules_load(&r, put_file_n("fz.rules", buf, n), &e) == 0) {
			ok++;
			ck_assert_int_ge(r.nletters, 1);
			ck_assert_int_ge(r.ntiles, r.rack_size);
			ck_assert_int_le(r.rows, RULES_MAX_DIM);
			ck_assert_int_lt(r.start_row, r.rows);
			ck_assert_int_lt(r.start_col, r.cols);
		} else {
			ck_assert_msg(e.msg[0] != '\0', "failure without a message");
		}
	}
	ck_assert_int_gt(ok, 0);
	ck_assert_int_lt(ok, 400);
}
END_TEST

/* ---- the real word lists: every entry of the small lists is a word ---- */

static void
whole_list(const char *rel, const char *name, int lower_only)
{
	char path[1024], line[256];
	const char *p = test_conformance_path(rel, path, sizeof path, NULL);
	const struct rules *r = get(name);
	FILE *fp;
	long ok = 0, lines = 0;

	fp = fopen(p, "r");
	ck_assert_ptr_nonnull(fp);
	while (fgets(line, sizeof line, fp) != NULL) {
		uint8_t tiles[RULES_MAX_WORD];
		char back[128];
		size_t n = strcspn(line, "\r\n");
		int nt;
		enum norm_result res;

		line[n] = '\0';
		if (lower_only && line[0] >= 'A' && line[0] <= 'Z')
			continue;
		lines++;
		res = rules_normalise_word(r, line, n, tiles, &nt, NULL);
		ck_assert_msg(res == NORM_OK, "%s: %s line %ld '%s': %s", name, rel,
			lines, line, rules_norm_message(res));
		ck_assert_int_gt(rules_word_to_utf8(r, tiles, nt, back, sizeof back), 0);
		ok++;
	}
	fclose(fp);
	ck_assert_int_gt(ok, 100);
}

START_TEST(shared_lists)
{
	whole_list("wordlists/small/no-bokmaal-2to4.txt", "no", 0);
	whole_list("wordlists/small/is-2to4.txt", "is", 0);
	whole_list("wordlists/is-twoletter.txt", "is", 0);
	whole_list("wordlists/small/en-enable-2to4.txt", "en", 0);
	whole_list("conformance/da-2to4-lower.txt", "da", 0);
}
END_TEST

static Suite *
rules_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc;

	tc = tcase_create("builtin");
	tcase_add_test(tc, builtin_names);
	tcase_add_test(tc, tile_totals);
	tcase_add_test(tc, tile_tables_whole);
	tcase_add_test(tc, tile_tables_no);
	tcase_add_test(tc, tile_tables_da);
	tcase_add_test(tc, tile_tables_is);
	tcase_add_test(tc, tile_tables_en);
	tcase_add_test(tc, play_fields);
	tcase_add_test(tc, finish_matches_builtin);
	tcase_add_test(tc, boards);
	tcase_add_test(tc, get_by_name);
	suite_add_tcase(s, tc);

	tc = tcase_create("text");
	tcase_add_test(tc, utf8_valid);
	tcase_add_test(tc, utf8_invalid);
	tcase_add_test(tc, latin_tables);
	tcase_add_test(tc, decode_letter);
	tcase_add_test(tc, normalise_folding);
	tcase_add_test(tc, normalise_reject);
	tcase_add_test(tc, normalise_nfc_and_case);
	tcase_add_test(tc, word_to_utf8);
	tcase_add_test(tc, appended_multi_letter);
	tcase_add_test(tc, fuzz_text);
	tcase_add_test(tc, racks);
	suite_add_tcase(s, tc);

	tc = tcase_create("files");
	tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
	tcase_add_test(tc, man_page_examples);
	tcase_add_test(tc, load_own_alphabet);
	tcase_add_test(tc, load_defaults_and_names);
	tcase_add_test(tc, load_errors);
	tcase_add_test(tc, layout_files);
	tcase_add_test(tc, fuzz_files);
	tcase_add_test(tc, format_round_trip);
	suite_add_tcase(s, tc);

	tc = tcase_create("shared");
	tcase_add_test(tc, shared_lists);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(rules_suite());
}
