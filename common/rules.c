/*
 * rules.c — letters and words of a ruleset: decoding letters from UTF-8
 * (with NFC composition), normalising word-list entries (case, folding,
 * length), writing tiles back as UTF-8, racks, and finding a ruleset by
 * name.  Everything goes by the ruleset's own tables; no locale.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "rules.h"

void
rules_finish(struct rules *r)
{
	int t;

	memset(r->cpmap, 0, sizeof r->cpmap);
	r->multi = 0;
	for (t = 1; t <= r->nletters && t <= RULES_MAX_LETTERS; t++) {
		if (r->upper[t] == 0) {
			r->multi = 1;
			continue;
		}
		/* First letter wins, as in the scan below. */
		if (r->upper[t] < RULES_CPMAP && r->cpmap[r->upper[t]] == 0)
			r->cpmap[r->upper[t]] = (uint8_t)t;
		if (r->lower[t] < RULES_CPMAP && r->lower[t] != 0 && r->cpmap[r->lower[t]] == 0)
			r->cpmap[r->lower[t]] = (uint8_t)(t | 0x80);
	}
	r->finished = 1;
}

int
rules_letter_from_cp(const struct rules *r, uint32_t cp, int *lower)
{
	int t;

	if (cp == 0)
		return 0;
	if (r->finished && cp < RULES_CPMAP) {
		t = r->cpmap[cp];
		if (t != 0 && lower != NULL)
			*lower = t >> 7;
		return t & 0x7f;
	}
	for (t = 1; t <= r->nletters; t++) {
		if (r->upper[t] == cp) {
			if (lower != NULL)
				*lower = 0;
			return t;
		}
		if (r->lower[t] == cp) {
			if (lower != NULL)
				*lower = 1;
			return t;
		}
	}
	return 0;
}

/* decode_nfc: one code point from s[0..len), composed with the combining
 * marks that follow it as far as Unicode composes them.  Returns bytes used
 * or -1 on invalid UTF-8. */
static int
decode_nfc(const char *s, size_t len, uint32_t *cp)
{
	uint32_t c, m, k;
	int n, used;

	n = utf8_decode(s, len, &c);
	if (n < 0)
		return -1;
	/* NFC replaces these singletons by the letters themselves. */
	if (c == 0x212B)                /* ANGSTROM SIGN */
		c = 0xC5;
	else if (c == 0x212A)           /* KELVIN SIGN */
		c = 'K';
	used = n;
	while ((size_t)used < len) {
		n = utf8_decode(s + used, len - (size_t)used, &m);
		if (n < 0 || !utf8_is_combining(m) || (k = utf8_compose(c, m)) == 0)
			break;
		c = k;
		used += n;
	}
	*cp = c;
	return used;
}

/* multi_letter: the letter of several characters (utf8[t] or utf8_lower[t]
 * with upper[t] == 0) that s[0..len) starts with, longest first; returns its
 * byte length and sets *tile and *lower, or 0. */
static int
multi_letter(const struct rules *r, const char *s, size_t len, uint8_t *tile,
	int *lower)
{
	size_t best = 0;
	int t;

	for (t = 1; t <= r->nletters; t++) {
		size_t nu, nl;

		if (r->upper[t] != 0)
			continue;
		nu = strlen(r->utf8[t]);
		nl = strlen(r->utf8_lower[t]);
		if (nu > best && nu <= len && memcmp(s, r->utf8[t], nu) == 0) {
			best = nu;
			*tile = (uint8_t)t;
			*lower = 0;
		}
		if (nl > best && nl <= len && memcmp(s, r->utf8_lower[t], nl) == 0) {
			best = nl;
			*tile = (uint8_t)t;
			*lower = 1;
		}
	}
	return (int)best;
}

int
rules_decode_letter(const struct rules *r, const char *s, size_t len,
	uint8_t *tile, int *lower)
{
	uint32_t cp;
	int n, t, lo = 0;

	if (len == 0)
		return 0;
	if (s[0] == '[') {
		/* "[CH]": a letter of several characters, or one letter in brackets. */
		const char *end = memchr(s, ']', len);
		size_t inner;
		uint8_t mt;

		if (end == NULL)
			return 0;
		inner = (size_t)(end - s) - 1;
		if (inner == 0)
			return 0;
		n = multi_letter(r, s + 1, inner, &mt, &lo);
		if (n > 0 && (size_t)n == inner) {
			*tile = mt;
			if (lower != NULL)
				*lower = lo;
			return (int)inner + 2;
		}
		n = decode_nfc(s + 1, inner, &cp);
		if (n < 0)
			return -1;
		if ((size_t)n != inner || (t = rules_letter_from_cp(r, cp, &lo)) == 0)
			return 0;
		*tile = (uint8_t)t;
		if (lower != NULL)
			*lower = lo;
		return (int)inner + 2;
	}
	n = decode_nfc(s, len, &cp);
	if (n < 0)
		return -1;
	t = rules_letter_from_cp(r, cp, &lo);
	if (t == 0)
		return 0;
	*tile = (uint8_t)t;
	if (lower != NULL)
		*lower = lo;
	return n;
}

/* is_nonletter: characters that are plainly not letters of any alphabet:
 * ASCII other than A-Z a-z, Latin-1 punctuation and symbols, × ÷, general
 * punctuation and spaces.  Everything else counts as a letter that is
 * outside the alphabet. */
static int
is_nonletter(uint32_t cp)
{
	if (cp < 0x80)
		return !((cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z'));
	if (cp < 0xC0 && cp != 0xAA && cp != 0xB5 && cp != 0xBA)
		return 1;
	if (cp == 0xD7 || cp == 0xF7)
		return 1;
	if (cp >= 0x2000 && cp <= 0x206F)       /* general punctuation, spaces */
		return 1;
	if (cp == 0x3000 || cp == 0xFEFF)
		return 1;
	return 0;
}

/* fold_cp: the tile a code point outside the alphabet folds to under r, or 0. */
static int
fold_cp(const struct rules *r, uint32_t cp)
{
	uint32_t up = utf8_latin_upper(cp), base;
	int i;

	for (i = 0; i < r->nfold && i < RULES_MAX_FOLD; i++)
		if (r->fold[i].from == cp || r->fold[i].from == up)
			return r->fold[i].to;
	if (r->fold_accents && (base = utf8_latin_base(cp)) != 0)
		return rules_letter_from_cp(r, base, NULL);
	return 0;
}

/* valid_utf8: 1 if s[0..len) is valid UTF-8. */
static int
valid_utf8(const char *s, size_t len)
{
	size_t i = 0;
	uint32_t cp;

	while (i < len) {
		int k;

		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		if ((k = utf8_decode(s + i, len - i, &cp)) < 0)
			return 0;
		i += (size_t)k;
	}
	return 1;
}

/* reject: a word is rejected for res at code point cp; invalid UTF-8 later
 * in the line takes precedence, since then the line is not text at all. */
static enum norm_result
reject(const char *s, size_t len, enum norm_result res, uint32_t cp,
	uint32_t *bad_cp)
{
	if (!valid_utf8(s, len))
		return NORM_BAD_UTF8;
	if (bad_cp != NULL)
		*bad_cp = cp;
	return res;
}

enum norm_result
rules_normalise_word(const struct rules *r, const char *s, size_t len,
	uint8_t *tiles, int *ntiles, uint32_t *bad_cp)
{
	const unsigned char *u = (const unsigned char *)s;
	/* Locals, not r->: stores into uint8_t arrays may alias anything, so the
	 * compiler would reload every field of r after each one. */
	const uint8_t *map = r->finished ? r->cpmap : NULL;
	uint8_t buf[RULES_MAX_WORD];
	size_t i;
	int n = 0, folded = 0, has_multi = 0, t, cap;
	uint32_t cp;

	*ntiles = 0;
	if (len == 0)
		return NORM_EMPTY;
	/* (A letter appended by hand to a finished copy is seen all the same.) */
	if (r->finished && r->nletters > 0 && r->nletters <= RULES_MAX_LETTERS)
		has_multi = r->multi || r->upper[r->nletters] == 0;
	else
		for (t = 1; t <= r->nletters; t++)
			if (r->upper[t] == 0)
				has_multi = 1;
	cap = r->max_word < RULES_MAX_WORD ? r->max_word : RULES_MAX_WORD;
	for (i = 0; i < len; ) {
		uint8_t mt;
		int lo, k;

		if (has_multi && (k = multi_letter(r, s + i, len - i, &mt, &lo)) > 0) {
			t = mt;
		} else {
			/* Fast paths: ASCII and two-byte sequences (all of Latin-1
			 * and the Nordic letters), unless a combining mark follows:
			 * U+0300..036F are the UTF-8 sequences CC xx and CD xx. */
			if (u[i] < 0x80) {
				cp = u[i];
				k = 1;
			} else if (u[i] >= 0xC2 && u[i] < 0xE0 && i + 1 < len &&
			    (u[i + 1] & 0xC0) == 0x80) {
				cp = (uint32_t)(u[i] & 0x1F) << 6 | (u[i + 1] & 0x3F);
				k = 2;
			} else {
				k = 0;
			}
			if (k == 0 || (i + (size_t)k < len &&
			    (u[i + (size_t)k] == 0xCC || u[i + (size_t)k] == 0xCD))) {
				uint32_t c2;

				if ((k = decode_nfc(s + i, len - i, &c2)) < 0)
					return NORM_BAD_UTF8;
				cp = c2;        /* cp itself stays in a register */
			}
			if (map != NULL && cp < RULES_CPMAP)
				t = map[cp] & 0x7f;
			else
				t = rules_letter_from_cp(r, cp, NULL);
			if (t == 0) {
				if ((t = fold_cp(r, cp)) == 0)
					return reject(s, len, is_nonletter(cp) ?
						NORM_NOT_LETTER : NORM_OUTSIDE, cp, bad_cp);
				folded = 1;
			}
		}
		/* Past the longest word: keep reading, to report bad characters first. */
		if (n < cap)
			buf[n] = (uint8_t)t;
		n++;
		i += (size_t)k;
	}
	*ntiles = n < cap ? n : cap;
	memcpy(tiles, buf, (size_t)*ntiles);
	if (n < r->min_word)
		return NORM_TOO_SHORT;
	if (n > cap)
		return NORM_TOO_LONG;
	return folded ? NORM_FOLDED : NORM_OK;
}

const char *
rules_norm_message(enum norm_result res)
{
	switch (res) {
	case NORM_OK:         return "ok";
	case NORM_FOLDED:     return "folded to letters of the alphabet";
	case NORM_BAD_UTF8:   return "invalid UTF-8";
	case NORM_NOT_LETTER: return "character that is not a letter";
	case NORM_OUTSIDE:    return "letter outside the alphabet";
	case NORM_TOO_SHORT:  return "too short";
	case NORM_TOO_LONG:   return "too long";
	case NORM_EMPTY:      return "empty";
	}
	return "unknown result";
}

/* put: appends the n bytes of p to out at *len (cap incl. NUL); -1 if full. */
static int
put(char *out, size_t cap, size_t *len, const char *p, size_t n)
{
	if (*len + n + 1 > cap)
		return -1;
	memcpy(out + *len, p, n);
	*len += n;
	out[*len] = '\0';
	return 0;
}

/* put_letter: letter t, lowercase if lo, bracketed if it is several characters. */
static int
put_letter(const struct rules *r, int t, int lo, char *out, size_t cap,
	size_t *len)
{
	const char *p = lo ? r->utf8_lower[t] : r->utf8[t];

	if (r->upper[t] == 0)
		return put(out, cap, len, "[", 1) < 0 ||
			put(out, cap, len, p, strlen(p)) < 0 ||
			put(out, cap, len, "]", 1) < 0 ? -1 : 0;
	return put(out, cap, len, p, strlen(p));
}

int
rules_word_to_utf8(const struct rules *r, const uint8_t *tiles, int n,
	char *out, size_t cap)
{
	size_t len = 0;
	int i;

	if (cap == 0)
		return -1;
	out[0] = '\0';
	for (i = 0; i < n; i++) {
		int t = TILE_LETTER(tiles[i]), rc;

		if (tiles[i] == TILE_BLANK)
			rc = put(out, cap, &len, "?", 1);
		else if (tiles[i] == 0)
			rc = put(out, cap, &len, ".", 1);
		else if (t > r->nletters || (tiles[i] & 0x40) != 0)
			rc = -1;
		else
			rc = put_letter(r, t, TILE_IS_BLANK(tiles[i]), out, cap, &len);
		if (rc < 0) {
			out[0] = '\0';
			return -1;
		}
	}
	return (int)len;
}

int
rules_rack_parse(const struct rules *r, const char *s, size_t len,
	uint8_t rack[RULES_MAX_TILES], struct err *e)
{
	size_t i = 0;
	int total = 0;

	memset(rack, 0, RULES_MAX_TILES);
	while (i < len) {
		uint8_t t = 0;
		int n;

		if (s[i] == '?') {
			n = 1;
		} else {
			n = rules_decode_letter(r, s + i, len - i, &t, NULL);
			if (n < 0) {
				err_set(e, 0, "rack: invalid UTF-8");
				return -1;
			}
			if (n == 0) {
				uint32_t cp;
				char buf[8];
				int k = utf8_decode(s + i, len - i, &cp);

				if (k < 0) {
					err_set(e, 0, "rack: invalid UTF-8");
					return -1;
				}
				memcpy(buf, s + i, (size_t)k);
				buf[k] = '\0';
				err_set(e, 0, "rack: '%s' is not a letter of %s or '?'",
					buf, r->name);
				return -1;
			}
		}
		if (++total > RULES_MAX_RACK) {
			err_set(e, 0, "rack: more than %d tiles", RULES_MAX_RACK);
			return -1;
		}
		rack[t]++;
		i += (size_t)n;
	}
	return total;
}

int
rules_rack_format(const struct rules *r, const uint8_t rack[RULES_MAX_TILES],
	char *out, size_t cap)
{
	size_t len = 0;
	int t, k;

	if (cap == 0)
		return -1;
	out[0] = '\0';
	for (t = 1; t <= r->nletters; t++)
		for (k = 0; k < rack[t]; k++)
			if (put_letter(r, t, 0, out, cap, &len) < 0)
				goto full;
	for (k = 0; k < rack[0]; k++)
		if (put(out, cap, &len, "?", 1) < 0)
			goto full;
	return (int)len;
full:
	out[0] = '\0';
	return -1;
}

/* Names CGP files in the wild use in `ld` for our rulesets. */
static const struct { const char *alias, *name; } rules_aliases[] = {
	{ "english", "en" }, { "norwegian", "no" }, { "danish", "da" },
	{ "icelandic", "is" },
};

/* ascii_lower_eq: a and b are equal ignoring ASCII case. */
static int
ascii_lower_eq(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++) {
		char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
		char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;

		if (x != y)
			return 0;
	}
	return *a == *b;
}

int
rules_get(struct rules *out, const char *name, struct err *e)
{
	const char *const *bn;
	const struct rules *b = NULL;
	size_t n, i;

	if (name == NULL || *name == '\0') {
		err_set(e, 0, "empty ruleset name");
		return -1;
	}
	n = strlen(name);
	if (strchr(name, '/') != NULL || (n > 6 && strcmp(name + n - 6, ".rules") == 0))
		return rules_load(out, name, e);
	/* Names and the long aliases, in any ASCII case ("EN", "Norwegian"). */
	for (bn = rules_builtin_names(); b == NULL && *bn != NULL; bn++)
		if (ascii_lower_eq(name, *bn))
			b = rules_builtin(*bn);
	for (i = 0; b == NULL && i < sizeof rules_aliases / sizeof rules_aliases[0]; i++)
		if (ascii_lower_eq(name, rules_aliases[i].alias))
			b = rules_builtin(rules_aliases[i].name);
	if (b == NULL) {
		err_set(e, 0, "unknown ruleset '%s' (built in: no, no-nsf, da, is, "
			"is-old, en; or a file NAME.rules)", name);
		return -1;
	}
	*out = *b;
	return 0;
}

int
rules_same_alphabet(const struct rules *r, const char *name)
{
	struct rules other;
	struct err e;

	if (name[0] == '\0' || strcmp(name, r->name) == 0)
		return 1;
	if (rules_get(&other, name, &e) < 0)
		return 1;       /* not a name we know: trust the user */
	return other.nletters == r->nletters &&
	    memcmp(other.upper, r->upper, sizeof other.upper) == 0;
}

int
rules_kwg_map(const struct rules *r, uint8_t to_file[RULES_MAX_TILES],
	uint8_t from_file[RULES_MAX_TILES])
{
	int t, other = 0;

	for (t = 0; t < RULES_MAX_TILES; t++)
		to_file[t] = from_file[t] = (uint8_t)t;
	for (t = 1; t <= r->nletters && t < RULES_MAX_TILES; t++)
		if (r->kwg_tile[t] != 0 && r->kwg_tile[t] != t)
			other = 1;
	if (!other)
		return 0;
	/* The loader checked that kwg_tile is a permutation of 1..nletters;
	 * a hand-made struct that is not one keeps the tile order. */
	for (t = 1; t <= r->nletters; t++) {
		int f = r->kwg_tile[t];

		if (f < 1 || f > r->nletters || from_file[f] != f) {
			for (t = 0; t < RULES_MAX_TILES; t++)
				to_file[t] = from_file[t] = (uint8_t)t;
			return 0;
		}
		from_file[f] = (uint8_t)(t | 0x40);   /* taken; stripped below */
	}
	for (t = 1; t <= r->nletters; t++) {
		to_file[t] = r->kwg_tile[t];
		from_file[r->kwg_tile[t]] = (uint8_t)t;
	}
	return 1;
}
