/*
 * wordlint.h — what lexcompile tells a word list's maintainer beyond the
 * per-entry rejections: the share of entries rejected for their
 * characters (a list of another language, or read in the wrong encoding),
 * mojibake (UTF-8 read as Latin-1), and capitalised entries (proper nouns).
 *
 * The share that --max-reject bounds counts only the entries rejected for
 * their characters or encoding (not a letter, a letter outside the
 * alphabet, invalid UTF-8): those say the ruleset or the encoding is wrong.
 * Entries too long or too short for the board are not counted: every full
 * list of a language with compounds has many (measured on the default
 * lists: Norwegian 22 %, Danish 15 %, Icelandic 10 % too long, against
 * 0.5 %, 0.4 % and 1.2 % rejected for their characters).
 *
 * Pure functions over UTF-8 text; no state, no allocation.
 */
#ifndef ORDVERK_WORDLINT_H
#define ORDVERK_WORDLINT_H

#include <stddef.h>
#include "rules.h"

#define WORDLINT_MAX_REJECT_DEFAULT 5.0   /* per cent */

/* wordlint_mojibake: whether the UTF-8 text s[0..len) holds the UTF-8 form
 * of a character read as Latin-1 bytes: a lead byte of a 2-byte sequence
 * (C2..DF, read as Â..ß) or of a 3-byte one (E0..EF, à..ï) followed by
 * continuation bytes (80..BF, read as U+0080..U+00BF).  "Ã¦" is æ, "Ã¸"
 * ø, "Ã¥" å.  No real word of the rulesets' languages has such a pair. */
int wordlint_mojibake(const char *s, size_t len);

/* wordlint_capitalised: whether s (UTF-8) starts with an uppercase letter
 * and has a lowercase one after it ("Oslo", not "OSLO" or "oslo"): a proper
 * noun in a lowercase list.  Letters of ASCII and Latin-1 only, by code
 * point (no locale). */
int wordlint_capitalised(const char *s, size_t len);

/* wordlint_chars: the code points in the UTF-8 text s[0..len) (continuation
 * bytes not counted). */
size_t wordlint_chars(const char *s, size_t len);

/* wordlint_counts: whether an entry rejected with res counts toward the
 * share that --max-reject bounds (see above). */
int wordlint_counts(enum norm_result res);

/* wordlint_parse_pct: a percentage 0..100 (decimal, a fraction allowed)
 * into *pct.  Returns 0, or -1. */
int wordlint_parse_pct(const char *s, double *pct);

/* wordlint_share: whether bad of in entries is more than pct per cent;
 * if it is, the warning about it (rules the ruleset's name) into msg (cap
 * bytes, truncated to fit). */
int wordlint_share(char *msg, size_t cap, unsigned long bad, unsigned long in,
	double pct, const char *rules);

/* wordlint_mojibake_hint: the warning about n entries with mojibake, and
 * the way out, into msg (cap bytes): latin1, the list was read as Latin-1
 * (give -e utf8); else it holds UTF-8 encoded twice (convert it). */
void wordlint_mojibake_hint(char *msg, size_t cap, unsigned long n,
	int latin1);

#endif
