/*
 * tool_engine.h — the engines (engine.h) of the rulesets a tool meets in
 * one run: a CGP line's ld, a GCG file's ruleset, -r.  Support for the
 * mains only, like tool.h: it takes the rulesets' default files
 * (tool_default_lexicon, tool_default_leaves) and prints its messages.
 *
 * Each ruleset (with a bingo bonus that overrides its own, as a CGP "bb"
 * does) is opened on first use with the tool's options and kept for the
 * run; a ruleset that failed is tried again, and its message printed
 * again, when it comes up again.
 *
 * struct tool_engines is plain data the tool owns (about 100 KB: keep it
 * static, not on the stack); it owns the engines it opened, freed by
 * tool_engines_close.  The leave table given is borrowed.
 */
#ifndef ORDVERK_TOOL_ENGINE_H
#define ORDVERK_TOOL_ENGINE_H

#include "engine.h"
#include "gcg.h"
#include "klv.h"
#include "rules.h"

#define TOOL_ENGINES_MAX 8

struct tool_engines {
	/* Set by the tool before the first tool_engine_get: */
	const char *lexicon;        /* -l, or NULL: the ruleset's default */
	const char *vocab;          /* -v, or NULL */
	const struct klv *leaves;   /* a table for every ruleset, or NULL */
	const char *leaves_path;    /* -k, or NULL: loaded for each ruleset
	                               (klv_load renumbers it to its tiles) */
	int default_leaves;         /* without -k: the ruleset's own table
	                               (NAME.klv2 beside its default lexicon)
	                               where there is one */
	int robot;                  /* enum robot_strategy, or -1: none */
	int need_leaves;            /* a ruleset without a table is refused
	                               (--sort equity) */
	const char *named;          /* the game's "#lexicon NAME", or NULL:
	                               without -l, NAME.lex or NAME.kwg where
	                               the default lexicons are, else the
	                               ruleset's own after a note */
	/* The engines opened so far, by "NAME/BINGO" (BINGO -1: its own): */
	int n;
	char key[TOOL_ENGINES_MAX][RULES_NAME_MAX + 160];
	struct engine en[TOOL_ENGINES_MAX];
	/* What each engine's files are called (the last part of the path),
	 * for a report to name: leaves "" when moves go by score. */
	struct {
		char lexicon[128], leaves[128];
	} names[TOOL_ENGINES_MAX];
};

/* tool_engine_get: the engine of ruleset name, with bingo bonus bb when
 * bb >= 0.  On failure prints a message (naming file:line when it is about
 * that input: an unknown ruleset, no default lexicon, too many rulesets;
 * else the file that could not be loaded) and returns NULL; exits 2 when
 * memory runs out. */
struct engine *tool_engine_get(struct tool_engines *t, const char *name,
	int bb, const char *file, long line);

/* tool_engines_game: before the engine of a game read from file with -r
 * def (NULL: none): the note when the game's ruleset overrides def
 * (tool_game_rules_note) and its "#lexicon" for the next tool_engine_get
 * (t->named, to be reset to NULL before the game is freed). */
void tool_engines_game(struct tool_engines *t, const char *file,
	const struct rules *def, const struct gcg_game *game);

/* tool_engines_close: closes every engine opened; t can be used again. */
void tool_engines_close(struct tool_engines *t);

/* tool_engine_cgp: parses CGP line s (len bytes) into *p with the engine
 * of its ruleset: its ld, else rules_name (-r; NULL: a line without ld is
 * an error); a "bb" other than the ruleset's bonus takes an engine of its
 * own.  The position must not hold more of a tile than the bag.  Returns
 * the engine, or NULL after a message naming file and line. */
struct engine *tool_engine_cgp(struct tool_engines *engines,
	const char *rules_name, const char *s, size_t len, struct position *p,
	const char *file, long line);

#endif
