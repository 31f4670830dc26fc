/*
 * rules_builtin.c — the six built-in rulesets of SPEC §1 and the two
 * built-in board layouts of SPEC §1.2, as read-only data.
 *
 * Sources (facts, see SPEC §1.1): Norwegian tiles from scrabbleforbundet.no
 * "Brikkefordeling"; Danish counts from Ordkamp's rules page, values
 * provisional; Icelandic from Netskrafl src/languages.py (NewTileSet,
 * OldTileSet); English from NASPA/WESPA.  The explo board is Netskrafl's
 * (src/skraflmechanics.py).  tests/check_rules.c checks these tables
 * against the SPEC's own text.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "rules.h"

/* Short names for the board tables below: one row of 15 per line. */
#define PL SQ_PLAIN
#define DL SQ_DL
#define TL SQ_TL
#define DW SQ_DW
#define TW SQ_TW

#define PREMIUM_STANDARD \
	TW, PL, PL, DL, PL, PL, PL, TW, PL, PL, PL, DL, PL, PL, TW, \
	PL, DW, PL, PL, PL, TL, PL, PL, PL, TL, PL, PL, PL, DW, PL, \
	PL, PL, DW, PL, PL, PL, DL, PL, DL, PL, PL, PL, DW, PL, PL, \
	DL, PL, PL, DW, PL, PL, PL, DL, PL, PL, PL, DW, PL, PL, DL, \
	PL, PL, PL, PL, DW, PL, PL, PL, PL, PL, DW, PL, PL, PL, PL, \
	PL, TL, PL, PL, PL, TL, PL, PL, PL, TL, PL, PL, PL, TL, PL, \
	PL, PL, DL, PL, PL, PL, DL, PL, DL, PL, PL, PL, DL, PL, PL, \
	TW, PL, PL, DL, PL, PL, PL, DW, PL, PL, PL, DL, PL, PL, TW, \
	PL, PL, DL, PL, PL, PL, DL, PL, DL, PL, PL, PL, DL, PL, PL, \
	PL, TL, PL, PL, PL, TL, PL, PL, PL, TL, PL, PL, PL, TL, PL, \
	PL, PL, PL, PL, DW, PL, PL, PL, PL, PL, DW, PL, PL, PL, PL, \
	DL, PL, PL, DW, PL, PL, PL, DL, PL, PL, PL, DW, PL, PL, DL, \
	PL, PL, DW, PL, PL, PL, DL, PL, DL, PL, PL, PL, DW, PL, PL, \
	PL, DW, PL, PL, PL, TL, PL, PL, PL, TL, PL, PL, PL, DW, PL, \
	TW, PL, PL, DL, PL, PL, PL, TW, PL, PL, PL, DL, PL, PL, TW

#define PREMIUM_EXPLO \
	TW, PL, PL, PL, DL, PL, PL, TW, PL, PL, PL, DL, PL, PL, TW, \
	PL, TL, PL, PL, PL, DL, PL, PL, DW, PL, PL, PL, PL, TL, PL, \
	PL, PL, DL, PL, PL, PL, TL, PL, PL, DW, PL, PL, DL, PL, PL, \
	PL, PL, PL, DW, PL, PL, PL, DL, PL, PL, TL, PL, PL, PL, DL, \
	DL, PL, PL, PL, DW, PL, PL, PL, PL, PL, PL, TL, PL, PL, PL, \
	PL, DL, PL, PL, PL, DW, PL, PL, PL, DL, PL, PL, DW, PL, PL, \
	PL, PL, TL, PL, PL, PL, DW, PL, DL, PL, PL, PL, PL, DW, PL, \
	TW, PL, PL, DL, PL, PL, PL, DW, PL, PL, PL, DL, PL, PL, TW, \
	PL, DW, PL, PL, PL, PL, DL, PL, DW, PL, PL, PL, TL, PL, PL, \
	PL, PL, DW, PL, PL, DL, PL, PL, PL, DW, PL, PL, PL, DL, PL, \
	PL, PL, PL, TL, PL, PL, PL, PL, PL, PL, DW, PL, PL, PL, DL, \
	DL, PL, PL, PL, TL, PL, PL, DL, PL, PL, PL, DW, PL, PL, PL, \
	PL, PL, DL, PL, PL, DW, PL, PL, TL, PL, PL, PL, DL, PL, PL, \
	PL, TL, PL, PL, PL, PL, DW, PL, PL, DL, PL, PL, PL, TL, PL, \
	TW, PL, PL, DL, PL, PL, PL, TW, PL, PL, DL, PL, PL, PL, TW

/* Norwegian, Ordspill.no: Wordfeud Norwegian bag, SPEC 1.1 (scrabbleforbundet.no
 * "Brikkefordeling").  Tile order: A-Z, Æ Ø Å, then Ä Ö Ü (letters of NSF
 * words with no tiles of their own; code point order). */

/* The Norwegian and Icelandic alphabets (letters in tile order, their case
 * pairs and spellings) and code point -> tile maps, each shared by the two
 * rulesets of its language. */
#define ALPHABET_NO \
	.nletters = 32, \
	/* A B C D E F G H I J K L M N O P Q R S T U V W X Y Z Æ Ø Å Ä Ö Ü */ \
	.upper = { \
		0x0, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, \
		0x4A, 0x4B, 0x4C, 0x4D, 0x4E, 0x4F, 0x50, 0x51, 0x52, 0x53, \
		0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0xC6, 0xD8, 0xC5, \
		0xC4, 0xD6, 0xDC, \
	}, \
	.lower = { \
		0x0, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, \
		0x6A, 0x6B, 0x6C, 0x6D, 0x6E, 0x6F, 0x70, 0x71, 0x72, 0x73, \
		0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0xE6, 0xF8, 0xE5, \
		0xE4, 0xF6, 0xFC, \
	}, \
	.utf8 = { \
		"", "A", "B", "C", "D", "E", "F", "G", \
		"H", "I", "J", "K", "L", "M", "N", "O", \
		"P", "Q", "R", "S", "T", "U", "V", "W", \
		"X", "Y", "Z", "\xC3\x86", "\xC3\x98", "\xC3\x85", "\xC3\x84", "\xC3\x96", \
		"\xC3\x9C", \
	}, \
	.utf8_lower = { \
		"", "a", "b", "c", "d", "e", "f", "g", \
		"h", "i", "j", "k", "l", "m", "n", "o", \
		"p", "q", "r", "s", "t", "u", "v", "w", \
		"x", "y", "z", "\xC3\xA6", "\xC3\xB8", "\xC3\xA5", "\xC3\xA4", "\xC3\xB6", \
		"\xC3\xBC", \
	},

/* The numbers KWG and KLV2 files give the Norwegian letters: Macondo's
 * alphabet (domino14/macondo, data/letterdistributions/norwegian, read
 * 2026-12-07: ?, A-Y, Ü, Z, Æ, Ä, Ø, Ö, Å), which Woogles' and MAGPIE's
 * files share.  Letter t of ours (A-Z Æ Ø Å Ä Ö Ü) is number [t] there. */
#define KWG_NO \
	.kwg_tile = { \
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, \
		16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 27, 28, 30, 32, 29, 31, \
		26, \
	},

#define CPMAP_NO \
	.cpmap = { \
		[0x41] = 1, [0x42] = 2, [0x43] = 3, [0x44] = 4, \
		[0x45] = 5, [0x46] = 6, [0x47] = 7, [0x48] = 8, \
		[0x49] = 9, [0x4A] = 10, [0x4B] = 11, [0x4C] = 12, \
		[0x4D] = 13, [0x4E] = 14, [0x4F] = 15, [0x50] = 16, \
		[0x51] = 17, [0x52] = 18, [0x53] = 19, [0x54] = 20, \
		[0x55] = 21, [0x56] = 22, [0x57] = 23, [0x58] = 24, \
		[0x59] = 25, [0x5A] = 26, [0x61] = 0x81, [0x62] = 0x82, \
		[0x63] = 0x83, [0x64] = 0x84, [0x65] = 0x85, [0x66] = 0x86, \
		[0x67] = 0x87, [0x68] = 0x88, [0x69] = 0x89, [0x6A] = 0x8A, \
		[0x6B] = 0x8B, [0x6C] = 0x8C, [0x6D] = 0x8D, [0x6E] = 0x8E, \
		[0x6F] = 0x8F, [0x70] = 0x90, [0x71] = 0x91, [0x72] = 0x92, \
		[0x73] = 0x93, [0x74] = 0x94, [0x75] = 0x95, [0x76] = 0x96, \
		[0x77] = 0x97, [0x78] = 0x98, [0x79] = 0x99, [0x7A] = 0x9A, \
		[0xC4] = 30, [0xC5] = 29, [0xC6] = 27, [0xD6] = 31, \
		[0xD8] = 28, [0xDC] = 32, [0xE4] = 0x9E, [0xE5] = 0x9D, \
		[0xE6] = 0x9B, [0xF6] = 0x9F, [0xF8] = 0x9C, [0xFC] = 0xA0, \
	},

#define ALPHABET_IS \
	.nletters = 32, \
	/* A Á B D Ð E É F G H I Í J K L M N O Ó P R S T U Ú V X Y Ý Þ Æ Ö */ \
	.upper = { \
		0x0, 0x41, 0xC1, 0x42, 0x44, 0xD0, 0x45, 0xC9, 0x46, 0x47, \
		0x48, 0x49, 0xCD, 0x4A, 0x4B, 0x4C, 0x4D, 0x4E, 0x4F, 0xD3, \
		0x50, 0x52, 0x53, 0x54, 0x55, 0xDA, 0x56, 0x58, 0x59, 0xDD, \
		0xDE, 0xC6, 0xD6, \
	}, \
	.lower = { \
		0x0, 0x61, 0xE1, 0x62, 0x64, 0xF0, 0x65, 0xE9, 0x66, 0x67, \
		0x68, 0x69, 0xED, 0x6A, 0x6B, 0x6C, 0x6D, 0x6E, 0x6F, 0xF3, \
		0x70, 0x72, 0x73, 0x74, 0x75, 0xFA, 0x76, 0x78, 0x79, 0xFD, \
		0xFE, 0xE6, 0xF6, \
	}, \
	.utf8 = { \
		"", "A", "\xC3\x81", "B", "D", "\xC3\x90", "E", "\xC3\x89", \
		"F", "G", "H", "I", "\xC3\x8D", "J", "K", "L", \
		"M", "N", "O", "\xC3\x93", "P", "R", "S", "T", \
		"U", "\xC3\x9A", "V", "X", "Y", "\xC3\x9D", "\xC3\x9E", "\xC3\x86", \
		"\xC3\x96", \
	}, \
	.utf8_lower = { \
		"", "a", "\xC3\xA1", "b", "d", "\xC3\xB0", "e", "\xC3\xA9", \
		"f", "g", "h", "i", "\xC3\xAD", "j", "k", "l", \
		"m", "n", "o", "\xC3\xB3", "p", "r", "s", "t", \
		"u", "\xC3\xBA", "v", "x", "y", "\xC3\xBD", "\xC3\xBE", "\xC3\xA6", \
		"\xC3\xB6", \
	},

#define CPMAP_IS \
	.cpmap = { \
		[0x41] = 1, [0x42] = 3, [0x44] = 4, [0x45] = 6, \
		[0x46] = 8, [0x47] = 9, [0x48] = 10, [0x49] = 11, \
		[0x4A] = 13, [0x4B] = 14, [0x4C] = 15, [0x4D] = 16, \
		[0x4E] = 17, [0x4F] = 18, [0x50] = 20, [0x52] = 21, \
		[0x53] = 22, [0x54] = 23, [0x55] = 24, [0x56] = 26, \
		[0x58] = 27, [0x59] = 28, [0x61] = 0x81, [0x62] = 0x83, \
		[0x64] = 0x84, [0x65] = 0x86, [0x66] = 0x88, [0x67] = 0x89, \
		[0x68] = 0x8A, [0x69] = 0x8B, [0x6A] = 0x8D, [0x6B] = 0x8E, \
		[0x6C] = 0x8F, [0x6D] = 0x90, [0x6E] = 0x91, [0x6F] = 0x92, \
		[0x70] = 0x94, [0x72] = 0x95, [0x73] = 0x96, [0x74] = 0x97, \
		[0x75] = 0x98, [0x76] = 0x9A, [0x78] = 0x9B, [0x79] = 0x9C, \
		[0xC1] = 2, [0xC6] = 31, [0xC9] = 7, [0xCD] = 12, \
		[0xD0] = 5, [0xD3] = 19, [0xD6] = 32, [0xDA] = 25, \
		[0xDD] = 29, [0xDE] = 30, [0xE1] = 0x82, [0xE6] = 0x9F, \
		[0xE9] = 0x87, [0xED] = 0x8C, [0xF0] = 0x85, [0xF3] = 0x93, \
		[0xF6] = 0xA0, [0xFA] = 0x99, [0xFD] = 0x9D, [0xFE] = 0x9E, \
	},

static const struct rules rules_no = {
	.name = "no",
	.game = "Ordspill.no (Norwegian)",
	.lexicon_hint = "no",
	ALPHABET_NO
	KWG_NO
	/* blank first, then the letters in tile order */
	.counts = {
		2, 7, 3, 1, 5, 9, 4, 4, 3, 6, 2, 4, 5, 3, 6, 4,
		2, 0, 7, 7, 7, 3, 3, 1, 0, 1, 0, 1, 2, 2, 0, 0,
		0,
	},
	.values = {
		0, 1, 4, 10, 1, 1, 2, 4, 3, 2, 4, 3, 2, 2, 1, 3,
		4, 0, 1, 1, 1, 4, 5, 10, 0, 8, 0, 8, 4, 4, 0, 0,
		0,
	},
	.ntiles = 104,
	.fold_accents = 1,
	.nfold = 0,
	.layout = "standard",
	.rows = 15, .cols = 15,
	.start_row = 7, .start_col = 7,
	.premium = { PREMIUM_STANDARD },
	.rack_size = 7,
	.bingo_bonus = 50,
	.exchange_min = 7,
	.end_kind = END_PASSES,
	.end_turns_per_player = 3,
	.settle = SETTLE_TRANSFER,
	.challenge = CHALLENGE_NONE,
	.min_players = 2, .max_players = 2,
	.min_word = 2, .max_word = 15,
	.two_letter_list = 0,
	.finished = 1,
	CPMAP_NO
};

/* Norwegian tournament Scrabble (NSF): same alphabet, the 100-tile board set;
 * the same word list as Ordspill (the NSF list), so the same lexicon. */

static const struct rules rules_no_nsf = {
	.name = "no-nsf",
	.game = "Norwegian tournament Scrabble (NSF)",
	.lexicon_hint = "no",
	ALPHABET_NO
	KWG_NO
	/* blank first, then the letters in tile order */
	.counts = {
		2, 7, 3, 1, 5, 9, 4, 4, 3, 5, 2, 4, 5, 3, 6, 4,
		2, 0, 6, 6, 6, 3, 3, 1, 0, 1, 0, 1, 2, 2, 0, 0,
		0,
	},
	.values = {
		0, 1, 4, 10, 1, 1, 2, 2, 3, 1, 4, 2, 1, 2, 1, 2,
		4, 0, 1, 1, 1, 4, 4, 8, 0, 6, 0, 6, 5, 4, 0, 0,
		0,
	},
	.ntiles = 100,
	.fold_accents = 1,
	.nfold = 0,
	.layout = "standard",
	.rows = 15, .cols = 15,
	.start_row = 7, .start_col = 7,
	.premium = { PREMIUM_STANDARD },
	.rack_size = 7,
	.bingo_bonus = 50,
	.exchange_min = 7,
	.end_kind = END_SCORELESS,
	.end_turns_per_player = 3,
	.settle = SETTLE_DOUBLE,
	.challenge = CHALLENGE_DOUBLE,
	.min_players = 2, .max_players = 2,
	.min_word = 2, .max_word = 15,
	.two_letter_list = 0,
	.finished = 1,
	CPMAP_NO
};

/* Danish, Ordkamp: counts from Ordkamp's rules page; values provisional (SPEC 1.1).
 * Ä and Ö fold to Æ and Ø as in Danish alphabetisation; other accents fold to
 * their base letter. */

static const struct rules rules_da = {
	.name = "da",
	.game = "Ordkamp (Danish)",
	.lexicon_hint = "da",
	.nletters = 29,
	/* A B C D E F G H I J K L M N O P Q R S T U V W X Y Z Æ Ø Å */
	.upper = {
		0x0, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
		0x4A, 0x4B, 0x4C, 0x4D, 0x4E, 0x4F, 0x50, 0x51, 0x52, 0x53,
		0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0xC6, 0xD8, 0xC5,
	},
	.lower = {
		0x0, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
		0x6A, 0x6B, 0x6C, 0x6D, 0x6E, 0x6F, 0x70, 0x71, 0x72, 0x73,
		0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0xE6, 0xF8, 0xE5,
	},
	.utf8 = {
		"", "A", "B", "C", "D", "E", "F", "G",
		"H", "I", "J", "K", "L", "M", "N", "O",
		"P", "Q", "R", "S", "T", "U", "V", "W",
		"X", "Y", "Z", "\xC3\x86", "\xC3\x98", "\xC3\x85",
	},
	.utf8_lower = {
		"", "a", "b", "c", "d", "e", "f", "g",
		"h", "i", "j", "k", "l", "m", "n", "o",
		"p", "q", "r", "s", "t", "u", "v", "w",
		"x", "y", "z", "\xC3\xA6", "\xC3\xB8", "\xC3\xA5",
	},
	/* blank first, then the letters in tile order */
	.counts = {
		2, 7, 4, 2, 5, 9, 3, 3, 2, 4, 2, 4, 5, 3, 6, 5,
		2, 0, 6, 6, 6, 3, 3, 0, 1, 2, 1, 2, 2, 2,
	},
	.values = {
		0, 1, 3, 8, 2, 1, 3, 3, 4, 3, 4, 3, 2, 3, 1, 2,
		4, 0, 1, 2, 2, 3, 3, 0, 8, 4, 10, 4, 4, 4,
	},
	.ntiles = 102,
	.fold_accents = 1,
	.nfold = 2,
	.fold = { { 0xC4, 27 }, { 0xD6, 28 } },
	.layout = "standard",
	.rows = 15, .cols = 15,
	.start_row = 7, .start_col = 7,
	.premium = { PREMIUM_STANDARD },
	.rack_size = 7,
	.bingo_bonus = 50,
	.exchange_min = 7,
	.end_kind = END_PASSES,
	.end_turns_per_player = 3,
	.settle = SETTLE_TRANSFER,
	.challenge = CHALLENGE_NONE,
	.min_players = 2, .max_players = 4,
	.min_word = 2, .max_word = 15,
	.two_letter_list = 0,
	.finished = 1,
	.cpmap = {
		[0x41] = 1, [0x42] = 2, [0x43] = 3, [0x44] = 4,
		[0x45] = 5, [0x46] = 6, [0x47] = 7, [0x48] = 8,
		[0x49] = 9, [0x4A] = 10, [0x4B] = 11, [0x4C] = 12,
		[0x4D] = 13, [0x4E] = 14, [0x4F] = 15, [0x50] = 16,
		[0x51] = 17, [0x52] = 18, [0x53] = 19, [0x54] = 20,
		[0x55] = 21, [0x56] = 22, [0x57] = 23, [0x58] = 24,
		[0x59] = 25, [0x5A] = 26, [0x61] = 0x81, [0x62] = 0x82,
		[0x63] = 0x83, [0x64] = 0x84, [0x65] = 0x85, [0x66] = 0x86,
		[0x67] = 0x87, [0x68] = 0x88, [0x69] = 0x89, [0x6A] = 0x8A,
		[0x6B] = 0x8B, [0x6C] = 0x8C, [0x6D] = 0x8D, [0x6E] = 0x8E,
		[0x6F] = 0x8F, [0x70] = 0x90, [0x71] = 0x91, [0x72] = 0x92,
		[0x73] = 0x93, [0x74] = 0x94, [0x75] = 0x95, [0x76] = 0x96,
		[0x77] = 0x97, [0x78] = 0x98, [0x79] = 0x99, [0x7A] = 0x9A,
		[0xC5] = 29, [0xC6] = 27, [0xD8] = 28, [0xE5] = 0x9D,
		[0xE6] = 0x9B, [0xF8] = 0x9C,
	},
};

/* Icelandic, Netskrafl new bag (src/languages.py NewTileSet, 227 points). */

static const struct rules rules_is = {
	.name = "is",
	.game = "Netskrafl, new bag (Icelandic)",
	.lexicon_hint = "is",
	ALPHABET_IS
	/* blank first, then the letters in tile order */
	.counts = {
		2, 11, 2, 1, 1, 4, 3, 1, 3, 3, 1, 7, 1, 1, 4, 5,
		3, 7, 1, 2, 1, 8, 7, 6, 6, 1, 1, 1, 1, 1, 1, 2,
		1,
	},
	.values = {
		0, 1, 3, 5, 5, 2, 3, 7, 3, 3, 4, 1, 4, 6, 2, 2,
		2, 1, 5, 3, 5, 1, 1, 2, 2, 4, 5, 10, 6, 5, 7, 4,
		6,
	},
	.ntiles = 100,
	.fold_accents = 0,
	.nfold = 0,
	.layout = "standard",
	.rows = 15, .cols = 15,
	.start_row = 7, .start_col = 7,
	.premium = { PREMIUM_STANDARD },
	.rack_size = 7,
	.bingo_bonus = 50,
	.exchange_min = 7,
	.end_kind = END_NOPLAY,
	.end_turns_per_player = 3,
	.settle = SETTLE_DOUBLE,
	.challenge = CHALLENGE_NONE,
	.min_players = 2, .max_players = 2,
	.min_word = 2, .max_word = 15,
	.two_letter_list = 1,
	.finished = 1,
	CPMAP_IS
};

/* Icelandic, Netskrafl old bag (OldTileSet, 227 points); the lexicon of is. */

static const struct rules rules_is_old = {
	.name = "is-old",
	.game = "Netskrafl, old bag (Icelandic)",
	.lexicon_hint = "is",
	ALPHABET_IS
	/* blank first, then the letters in tile order */
	.counts = {
		2, 10, 2, 1, 2, 5, 6, 1, 3, 4, 2, 8, 2, 1, 3, 3,
		3, 8, 3, 1, 1, 7, 6, 5, 6, 1, 2, 1, 1, 1, 1, 1,
		1,
	},
	.values = {
		0, 1, 4, 6, 4, 2, 1, 6, 3, 2, 3, 1, 4, 5, 2, 2,
		2, 1, 3, 6, 8, 1, 1, 1, 1, 8, 3, 10, 7, 9, 4, 5,
		7,
	},
	.ntiles = 104,
	.fold_accents = 0,
	.nfold = 0,
	.layout = "standard",
	.rows = 15, .cols = 15,
	.start_row = 7, .start_col = 7,
	.premium = { PREMIUM_STANDARD },
	.rack_size = 7,
	.bingo_bonus = 50,
	.exchange_min = 7,
	.end_kind = END_NOPLAY,
	.end_turns_per_player = 3,
	.settle = SETTLE_DOUBLE,
	.challenge = CHALLENGE_NONE,
	.min_players = 2, .max_players = 2,
	.min_word = 2, .max_word = 15,
	.two_letter_list = 1,
	.finished = 1,
	CPMAP_IS
};

/* English Scrabble (NASPA/WESPA). */

static const struct rules rules_en = {
	.name = "en",
	.game = "English Scrabble (NASPA/WESPA)",
	.lexicon_hint = "en",
	.nletters = 26,
	/* A B C D E F G H I J K L M N O P Q R S T U V W X Y Z */
	.upper = {
		0x0, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
		0x4A, 0x4B, 0x4C, 0x4D, 0x4E, 0x4F, 0x50, 0x51, 0x52, 0x53,
		0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A,
	},
	.lower = {
		0x0, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
		0x6A, 0x6B, 0x6C, 0x6D, 0x6E, 0x6F, 0x70, 0x71, 0x72, 0x73,
		0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A,
	},
	.utf8 = {
		"", "A", "B", "C", "D", "E", "F", "G",
		"H", "I", "J", "K", "L", "M", "N", "O",
		"P", "Q", "R", "S", "T", "U", "V", "W",
		"X", "Y", "Z",
	},
	.utf8_lower = {
		"", "a", "b", "c", "d", "e", "f", "g",
		"h", "i", "j", "k", "l", "m", "n", "o",
		"p", "q", "r", "s", "t", "u", "v", "w",
		"x", "y", "z",
	},
	/* blank first, then the letters in tile order */
	.counts = {
		2, 9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8,
		2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1,
	},
	.values = {
		0, 1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1,
		3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10,
	},
	.ntiles = 100,
	.fold_accents = 1,
	.nfold = 0,
	.layout = "standard",
	.rows = 15, .cols = 15,
	.start_row = 7, .start_col = 7,
	.premium = { PREMIUM_STANDARD },
	.rack_size = 7,
	.bingo_bonus = 50,
	.exchange_min = 7,
	.end_kind = END_SCORELESS,
	.end_turns_per_player = 3,
	.settle = SETTLE_DOUBLE,
	.challenge = CHALLENGE_DOUBLE,
	.min_players = 2, .max_players = 2,
	.min_word = 2, .max_word = 15,
	.two_letter_list = 0,
	.finished = 1,
	.cpmap = {
		[0x41] = 1, [0x42] = 2, [0x43] = 3, [0x44] = 4,
		[0x45] = 5, [0x46] = 6, [0x47] = 7, [0x48] = 8,
		[0x49] = 9, [0x4A] = 10, [0x4B] = 11, [0x4C] = 12,
		[0x4D] = 13, [0x4E] = 14, [0x4F] = 15, [0x50] = 16,
		[0x51] = 17, [0x52] = 18, [0x53] = 19, [0x54] = 20,
		[0x55] = 21, [0x56] = 22, [0x57] = 23, [0x58] = 24,
		[0x59] = 25, [0x5A] = 26, [0x61] = 0x81, [0x62] = 0x82,
		[0x63] = 0x83, [0x64] = 0x84, [0x65] = 0x85, [0x66] = 0x86,
		[0x67] = 0x87, [0x68] = 0x88, [0x69] = 0x89, [0x6A] = 0x8A,
		[0x6B] = 0x8B, [0x6C] = 0x8C, [0x6D] = 0x8D, [0x6E] = 0x8E,
		[0x6F] = 0x8F, [0x70] = 0x90, [0x71] = 0x91, [0x72] = 0x92,
		[0x73] = 0x93, [0x74] = 0x94, [0x75] = 0x95, [0x76] = 0x96,
		[0x77] = 0x97, [0x78] = 0x98, [0x79] = 0x99, [0x7A] = 0x9A,
	},
};

static const uint8_t premium_standard[RULES_MAX_SQUARES] = { PREMIUM_STANDARD };
static const uint8_t premium_explo[RULES_MAX_SQUARES] = { PREMIUM_EXPLO };

#undef PL
#undef DL
#undef TL
#undef DW
#undef TW

static const struct rules *const builtins[] = {
	&rules_no, &rules_no_nsf, &rules_da, &rules_is, &rules_is_old, &rules_en
};

static const char *const builtin_names[] = {
	"no", "no-nsf", "da", "is", "is-old", "en", NULL
};

const struct rules *
rules_builtin(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
		if (strcmp(builtins[i]->name, name) == 0)
			return builtins[i];
	return NULL;
}

const char *const *
rules_builtin_names(void)
{
	return builtin_names;
}

/* rules_layout_builtin: sets r's board to the built-in layout name; 0, or -1
 * if there is no such layout.  The start squares: standard H8, explo D4. */
int
rules_layout_builtin(struct rules *r, const char *name)
{
	const uint8_t *p;
	int row, col;

	if (strcmp(name, "standard") == 0) {
		p = premium_standard;
		row = 7;
		col = 7;
	} else if (strcmp(name, "explo") == 0) {
		p = premium_explo;
		row = 3;
		col = 3;
	} else {
		return -1;
	}
	memset(r->premium, 0, sizeof r->premium);
	memcpy(r->premium, p, 15 * 15);
	r->rows = 15;
	r->cols = 15;
	r->start_row = row;
	r->start_col = col;
	snprintf(r->layout, sizeof r->layout, "%s", name);
	return 0;
}
