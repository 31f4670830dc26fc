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
		{ "is", END_SCORELESS, SETTLE_DOUBLE, CHALLENGE_NONE, 2, 1 },
		{ "is-old", END_SCORELESS, SETTLE_DOUBLE, CHALLENGE_NONE, 2, 1 },
		{ "en", END_SCORELESS, SETTLE_DOUBLE, CHALLENGE_DOUBLE, 2, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct rules *r = get(want[i].name);

		ck_assert_str_eq(r->lexicon_hint, want[i].name);
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
	ck_assert_int_eq(rules_get(&r, "klingon", &e), -1);
	ck_assert_msg(strstr(e.msg, "klingon") != NULL, "%s", e.msg);
	ck_assert_int_eq(rules_get(&r, "", &e), -1);
	ck_assert_int_eq(rules_get(&r, "/nonexistent/x.rules", &e), -1);
	ck_assert_msg(strstr(e.msg, "/nonexistent/x.rules") != NULL, "%s", e.msg);
}
END_TEST

/* ---- the real word lists: every entry of the small lists is a word ---- */

static void
whole_list(const char *rel, const char *name, int lower_only)
{
	char path[1024], line[256];
	const char *p = test_shared_path(rel, path, sizeof path, name);
	const struct rules *r = get(name);
	FILE *fp;
	long ok = 0, lines = 0;

	if (p == NULL)
		return;
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
	tcase_add_test(tc, tile_tables_no);
	tcase_add_test(tc, tile_tables_da);
	tcase_add_test(tc, tile_tables_is);
	tcase_add_test(tc, tile_tables_en);
	tcase_add_test(tc, play_fields);
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
	tcase_add_test(tc, racks);
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
