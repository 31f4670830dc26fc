/*
 * rules.h — rulesets: alphabet, tiles, board, and the rules of play.
 *
 * TILE ENCODING (used by every module of ordverk):
 *   - A letter is a small integer 1..nletters in the ruleset's tile order
 *     (Norwegian: A=1 ... Å=29).  0 is never a letter: it is the GADDAG
 *     separator in lexicons, "empty" on the board, "played through" in moves.
 *   - On the board and in moves a blank standing for letter t is t|TILE_BLANK.
 *     A blank with no letter yet (on a rack, in an exchange) is TILE_BLANK.
 *   - A rack is a count array `uint8_t rack[RULES_MAX_TILES]` where index 0
 *     counts blanks and index t counts letter t (the same layout as
 *     struct rules' counts[] and values[], where index 0 is the blank).
 *   - Letters that have no tile (count 0: Norwegian Q X Z Ü Ä Ö, Danish Q W)
 *     are letters all the same: they appear in words and are played with a
 *     blank.
 *
 * A struct rules is plain data with no pointers: copy it freely.  Built-in
 * rulesets are static and read-only; rules_load() fills a caller's struct.
 * Nothing here allocates memory that outlives a call, prints or exits.
 *
 * Built-in tile orders (ordverk-rules(5)): no, no-nsf: A-Z Æ Ø Å Ä Ö Ü;
 * da: A-Z Æ Ø Å; is, is-old: A Á B D Ð E É F G H I Í J K L M N O Ó P R S T
 * U Ú V X Y Ý Þ Æ Ö; en: A-Z.  KWG and KLV2 files number no and no-nsf as
 * Macondo does (A-Y Ü Z Æ Ä Ø Ö Å, kwg_tile); the others as above.
 */
#ifndef ORDVERK_RULES_H
#define ORDVERK_RULES_H

#include <stddef.h>
#include <stdint.h>
#include "err.h"

#define RULES_MAX_TILES   64    /* index 0 (blank) + letters 1..63 */
#define RULES_MAX_LETTERS 63
#define RULES_MAX_DIM     21    /* board rows/columns */
#define RULES_MAX_SQUARES (RULES_MAX_DIM * RULES_MAX_DIM)
#define RULES_MAX_WORD    15    /* longest word a lexicon holds */
#define RULES_MAX_RACK    16
#define RULES_MAX_PLAYERS 4
#define RULES_MAX_FOLD    128
#define RULES_NAME_MAX    32
#define RULES_CPMAP       0x250 /* code points below this have a fast lookup */
#define TILE_BLANK        0x80
#define TILE_LETTER(t)    ((uint8_t)((t) & 0x3f))
#define TILE_IS_BLANK(t)  (((t) & TILE_BLANK) != 0)

enum premium {            /* board squares; rules.premium[] */
	SQ_PLAIN = 0,
	SQ_DL,                /* double letter  ' */
	SQ_TL,                /* triple letter  " */
	SQ_DW,                /* double word    - */
	SQ_TW,                /* triple word    = */
	SQ_QL,                /* quadruple letter ^ (layout files only) */
	SQ_QW                 /* quadruple word   ~ (layout files only) */
};

/* What a premium square multiplies: a new tile's points, a word's sum. */
static inline int
rules_letter_mult(int prem)
{
	return prem == SQ_DL ? 2 : prem == SQ_TL ? 3 : prem == SQ_QL ? 4 : 1;
}

static inline int
rules_word_mult(int prem)
{
	return prem == SQ_DW ? 2 : prem == SQ_TW ? 3 : prem == SQ_QW ? 4 : 1;
}

enum rules_end {          /* which turns count toward the "scoreless" end */
	END_PASSES,           /* only passes (Ordspill, Ordkamp) */
	END_SCORELESS,        /* passes, exchanges, withdrawn plays, 0-point turns */
	END_NOPLAY            /* passes and exchanges; any tile play resets the
	                         count, one scoring 0 or later withdrawn too
	                         (Netskrafl, src/skraflmechanics.py) */
};

enum rules_settle {
	SETTLE_TRANSFER,      /* finisher gains what the others lose */
	SETTLE_DOUBLE         /* finisher gains twice the others' racks */
};

enum rules_challenge {
	CHALLENGE_NONE, CHALLENGE_SINGLE, CHALLENGE_DOUBLE,
	CHALLENGE_5PT, CHALLENGE_10PT
};

struct rules {
	char name[RULES_NAME_MAX];      /* "no", "da", ... as in CGP ld */
	char game[64];                  /* human description */
	char lexicon_hint[RULES_NAME_MAX]; /* default lexicon name, usually = name */

	/* Alphabet.  upper[t]/lower[t]: Unicode code points of letter t
	 * (t = 1..nletters); index 0 unused.  Every letter is one code point in
	 * the built-in rulesets; utf8[t] is the uppercase letter in UTF-8. */
	int nletters;
	uint32_t upper[RULES_MAX_TILES];
	uint32_t lower[RULES_MAX_TILES];
	char utf8[RULES_MAX_TILES][8];
	char utf8_lower[RULES_MAX_TILES][8];

	/* KWG and KLV2 files (wolges, Macondo, MAGPIE) number the letters in
	 * those engines' order, which may differ from ours: kwg_tile[t] is
	 * letter t's number in them (1..nletters, each once).  All 0: the
	 * tile order itself.  rules_kwg_map turns it into two maps. */
	uint8_t kwg_tile[RULES_MAX_TILES];

	/* Tiles: counts[0]/values[0] are the blank's. */
	uint8_t counts[RULES_MAX_TILES];
	uint8_t values[RULES_MAX_TILES];
	int ntiles;                     /* sum of counts[] including blanks */

	/* Folding of letters outside the alphabet (after NFC and uppercasing):
	 * fold_accents = 1 folds any accented Latin letter whose base letter is in
	 * the alphabet and which is not itself a letter (É -> E in no/da/en);
	 * fold[] adds explicit pairs (code point -> letter tile). */
	int fold_accents;
	int nfold;
	struct { uint32_t from; uint8_t to; } fold[RULES_MAX_FOLD];

	/* Board. premium[r * cols + c]. */
	char layout[RULES_NAME_MAX];    /* "standard", "explo" or a file name */
	int rows, cols;
	int start_row, start_col;       /* 0-based */
	uint8_t premium[RULES_MAX_SQUARES];

	/* Play. */
	int rack_size;                  /* 7 */
	int bingo_bonus;                /* 50, for playing rack_size tiles */
	int exchange_min;               /* exchange allowed when bag >= this */
	enum rules_end end_kind;
	int end_turns_per_player;       /* game ends after players*this such turns in a row */
	enum rules_settle settle;
	enum rules_challenge challenge;
	int min_players, max_players;
	int min_word, max_word;         /* 2, 15 */
	int two_letter_list;            /* 1: two-letter words only from a separate list (is) */

	/* Derived from the alphabet by rules_finish(), for speed.  The built-in
	 * rulesets and rules_load() come finished; code that changes upper[],
	 * lower[], utf8[] or nletters by hand calls rules_finish() again.
	 * When finished is 0 the lookups fall back to scanning the alphabet. */
	int finished;
	int multi;                      /* 1 if a letter is several characters */
	uint8_t cpmap[RULES_CPMAP];     /* cp -> tile, |0x80 if lowercase; 0: none */
};

/* rules_builtin: the built-in ruleset called name ("no", "no-nsf", "da",
 * "is", "is-old", "en"), or NULL.  The result is static; do not modify. */
const struct rules *rules_builtin(const char *name);

/* rules_builtin_names: NULL-terminated list of the built-in names. */
const char *const *rules_builtin_names(void);

/* rules_finish: recomputes the derived fields of r (finished, multi, cpmap)
 * from its alphabet.  Never fails. */
void rules_finish(struct rules *r);

/* rules_load: fills *out from the ruleset file at path (grammar in
 * ordverk-rules(5)), finished (rules_finish).  Returns 0, or -1 with e set
 * and *out untouched: e->line is the line of path at fault (0: the file as a
 * whole, e.g. it cannot be opened); e->msg does not repeat the path. */
int rules_load(struct rules *out, const char *path, struct err *e);

/* rules_format: writes r as the text of a ruleset file (ordverk-rules(5))
 * into out (cap bytes incl. NUL; 8192 always suffices) such that rules_load
 * of that text gives r again.  A board that is not a built-in layout is
 * written inline.  Returns the length, or -1 if it did not fit or r is not
 * a valid ruleset (out is then "" when cap > 0). */
int rules_format(const struct rules *r, char *out, size_t cap);

/* rules_get: a built-in ruleset by name, in any ASCII case, or by the long
 * names CGP files use in `ld` (english, norwegian, danish, icelandic -> en,
 * no, da, is); or the ruleset file at a path (any name containing '/' or
 * ending in ".rules", read by rules_load).  Returns 0 or -1 with e set. */
int rules_get(struct rules *out, const char *name_or_path, struct err *e);

/* rules_same_alphabet: 1 if a lexicon built for ruleset name ("" =
 * unknown, as in KWG files; a name not known is trusted too) has r's
 * alphabet (no and no-nsf share one, is and is-old), else 0.  Tiles are
 * alphabet indices: a lexicon of another alphabet would give nonsense
 * words, so every tool refuses the pair. */
int rules_same_alphabet(const struct rules *r, const char *name);

/* rules_kwg_map: fills to_file[t] (our letter t -> its number in KWG and
 * KLV2 files) and from_file (the reverse), index 0 (blank, separator) to
 * 0 and every number past nletters to itself.  Returns 1 when the files'
 * numbering is not the tile order (a loader must renumber), else 0. */
int rules_kwg_map(const struct rules *r, uint8_t to_file[RULES_MAX_TILES],
	uint8_t from_file[RULES_MAX_TILES]);

/* rules_layout: sets the board of r (layout, rows, cols, start, premium) to
 * the named built-in layout ("standard", "explo") or loads a layout file:
 * one line per row of = - " ' . ^ ~ (up to 21 x 21, all rows alike), then
 * "start COORD", the start square as column letter and row number ("H8";
 * "8H" is the same square); '#' comments.  r->layout becomes the file's base
 * name.  Returns 0, or -1 with e set (e->line = line of the layout file) and
 * r untouched. */
int rules_layout(struct rules *r, const char *name_or_path, struct err *e);

/* rules_layout_builtin: sets the board of r to the built-in layout name
 * ("standard": start H8; "explo": start D4).  Returns 0, or -1 if there is
 * no such layout (r unchanged). */
int rules_layout_builtin(struct rules *r, const char *name);

/* --- Text: UTF-8, case, NFC, folding, all by the ruleset's own tables. --- */

/* utf8_decode: decodes one code point from s[0..len).  Returns the number of
 * bytes used (1..4) and stores *cp, or -1 for an invalid or overlong
 * sequence, a surrogate, or a truncated sequence. */
int utf8_decode(const char *s, size_t len, uint32_t *cp);

/* utf8_encode: writes cp as UTF-8 into out (>= 4 bytes); returns length.
 * A value that is not a Unicode scalar value is written as U+FFFD. */
int utf8_encode(uint32_t cp, char *out);

/* utf8_count: the code points of NUL-terminated UTF-8 s (its width on a
 * terminal when, as every built-in letter, each is one column wide). */
int utf8_count(const char *s);

/* utf8_is_combining: 1 if cp is a combining diacritical mark (U+0300..036F). */
int utf8_is_combining(uint32_t cp);

/* utf8_compose: the precomposed code point of base + combining mark (e and
 * U+0301 give U+00E9), or 0 when Unicode has none.  Latin letters only. */
uint32_t utf8_compose(uint32_t base, uint32_t mark);

/* utf8_latin_upper, utf8_latin_lower: case mapping of ASCII and of the Latin
 * letters U+00C0..024F and U+1E00..1EFF; any other cp is returned as is.
 * For text outside a ruleset's alphabet (the alphabet has its own table). */
uint32_t utf8_latin_upper(uint32_t cp);
uint32_t utf8_latin_lower(uint32_t cp);

/* utf8_latin_base: the uppercase ASCII base letter of an accented Latin
 * letter of either case (É, è -> 'E'; Ü -> 'U'), or 0 if cp has none
 * (ASCII itself, Æ, Ø, Ð, Þ and non-letters give 0). */
uint32_t utf8_latin_base(uint32_t cp);

/* rules_letter_from_cp: the tile of code point cp in either case, or 0 if cp
 * is not a letter of the alphabet (no folding).  *lower (may be NULL) is set
 * to 1 if cp was the lowercase form. */
int rules_letter_from_cp(const struct rules *r, uint32_t cp, int *lower);

/* rules_decode_letter: reads one letter from s[0..len) as written in racks,
 * moves, CGP and GCG: a code point, NFC-composed with following combining
 * marks (e + U+0301 = é), or a bracketed multi-character letter "[CH]".
 * Does not fold.  Returns bytes consumed (> 0) and sets *tile (1..nletters)
 * and *lower (1 if written in lowercase); returns 0 if s does not start with
 * a letter of the alphabet (the caller looks at s[0] for '?', '.', digits);
 * -1 on invalid UTF-8. */
int rules_decode_letter(const struct rules *r, const char *s, size_t len,
	uint8_t *tile, int *lower);

/* Outcome of normalising a word list entry. */
enum norm_result {
	NORM_OK = 0,
	NORM_FOLDED,          /* ok, but letters were folded (IDÉ -> IDE) */
	NORM_BAD_UTF8,        /* not valid UTF-8 */
	NORM_NOT_LETTER,      /* a character that is not a letter (digit, '-', ' ') */
	NORM_OUTSIDE,         /* a letter outside the alphabet, not foldable */
	NORM_TOO_SHORT,
	NORM_TOO_LONG,
	NORM_EMPTY
};

/* rules_normalise_word: turns one word-list entry (UTF-8, any case,
 * decomposed or composed) into tiles: NFC, uppercase by the alphabet's
 * table, fold per ruleset, length check against min_word..max_word.
 * tiles must hold RULES_MAX_WORD entries; *ntiles gets the length.
 * *bad_cp (may be NULL) gets the offending code point on NORM_NOT_LETTER
 * and NORM_OUTSIDE.  Returns an enum norm_result. */
enum norm_result rules_normalise_word(const struct rules *r, const char *s,
	size_t len, uint8_t *tiles, int *ntiles, uint32_t *bad_cp);

/* rules_norm_message: a short English reason for a norm_result. */
const char *rules_norm_message(enum norm_result res);

/* rules_word_to_utf8: writes tiles (letters in uppercase, letters|TILE_BLANK
 * in lowercase, a bare TILE_BLANK as '?', 0 as '.') as UTF-8 into out (cap
 * bytes incl. NUL); a letter of several characters is written in brackets
 * ("[CH]").  Returns the length, or -1 if it did not fit or a tile is not a
 * letter of r (out is then "" when cap > 0). */
int rules_word_to_utf8(const struct rules *r, const uint8_t *tiles, int n,
	char *out, size_t cap);

/* rules_rack_parse: parses a rack written as letters and '?' ("AEIK??") into
 * a count array (index 0 = blanks).  Lowercase letters are accepted as the
 * same tile; decomposed letters are composed; "[CH]" names a letter of
 * several characters.  An empty rack is 0 tiles.  Returns the number of
 * tiles, or -1 with e set (a character that is not a letter of r or '?',
 * or more than RULES_MAX_RACK tiles). */
int rules_rack_parse(const struct rules *r, const char *s, size_t len,
	uint8_t rack[RULES_MAX_TILES], struct err *e);

/* rules_rack_format: writes rack in tile order, blanks last as '?', into out
 * (cap bytes incl. NUL).  Returns the length, or -1 if it did not fit. */
int rules_rack_format(const struct rules *r, const uint8_t rack[RULES_MAX_TILES],
	char *out, size_t cap);

#endif
