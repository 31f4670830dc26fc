/* check_gcg.c — GCG reading, writing and replay: the conformance games,
 * mutated copies that must fail on the right line, malformed input, the
 * liberal forms, and the hand-checked games of tests/data/gcg. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "err.h"
#include "gcg.h"
#include "lex.h"
#include "rules.h"

/* ------------------------------------------------------------ helpers */

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	ck_assert_msg(fp != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(fp, 0, SEEK_END), 0);
	n = ftell(fp);
	ck_assert_int_ge(n, 0);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, fp), (size_t)n);
	buf[n] = '\0';
	fclose(fp);
	*len = (size_t)n;
	return buf;
}

struct variant {
	const char *name;
	const char *wordlist;   /* as under ../shared (test_conformance_path) */
	const char *game;
	int final0, final1;     /* final scores of ../shared's conformance game */
	int own0, own1;         /* and of the project's (tests/data/conformance) */
	const char *own_note;   /* the #note of the project's */
};

static const struct variant variants[] = {
	{ "no", "wordlists/small/no-bokmaal-2to4.txt", "conformance/no-game.gcg",
	  457, 380, 390, 439, "bagsim seed 11 game 0" },
	{ "da", "conformance/da-2to4-lower.txt", "conformance/da-game.gcg",
	  454, 436, 441, 378, "bagsim seed 2 game 0" },
	{ "is", "wordlists/small/is-2to4.txt", "conformance/is-game.gcg",
	  400, 401, 352, 406, "bagsim seed 2 game 0" },
	{ "en", "wordlists/small/en-enable-2to4.txt", "conformance/en-game.gcg",
	  297, 353, 328, 348, "bagsim seed 8 game 0" },
};

/* Cached lexicons (built once per process; Check forks per test, so each
 * test builds what it needs). */
static struct lex *
variant_lex(const struct variant *v)
{
	char path[1024];

	test_conformance_path(v->wordlist, path, sizeof path, NULL);
	return test_lex_from_file(rules_builtin(v->name), path, 1);
}

/* The game's text; *own (may be NULL) 1 if it is the project's. */
static char *
variant_game(const struct variant *v, size_t *len, int *own)
{
	char path[1024];

	test_conformance_path(v->game, path, sizeof path, own);
	return slurp(path, len);
}

/* replay_text: parses and replays text; returns 0 if consistent, else -1
 * with *e set (parse errors included). */
static int
replay_text(const char *text, size_t len, const struct lex *lex,
	struct gcg_result *res, struct err *e)
{
	struct gcg_game *g;
	int rc;

	err_clear(e);
	g = gcg_parse_mem(text, len, NULL, e);
	if (g == NULL)
		return -1;
	rc = gcg_replay(g, lex, NULL, NULL, res, e);
	gcg_game_destroy(g);
	return rc;
}

/* Replaces the first occurrence of `from` by `to` in text; returns a new
 * string and the 1-based line the change is on. */
static char *
mutate(const char *text, const char *from, const char *to, long *line)
{
	const char *at = strstr(text, from);
	size_t a, nf = strlen(from), nt = strlen(to), n = strlen(text);
	char *out;
	const char *s;

	ck_assert_msg(at != NULL, "'%s' not in the game", from);
	a = (size_t)(at - text);
	out = malloc(n - nf + nt + 1);
	ck_assert_ptr_nonnull(out);
	memcpy(out, text, a);
	memcpy(out + a, to, nt);
	memcpy(out + a + nt, at + nf, n - a - nf + 1);
	*line = 1;
	for (s = text; s < at; s++)
		if (*s == '\n')
			(*line)++;
	return out;
}

/* ------------------------------------------------ conformance games */

START_TEST(conformance_games_replay)
{
	const struct variant *v = &variants[_i];
	struct lex *lex;
	struct gcg_result res;
	struct err e;
	size_t len;
	int own;
	char *text = variant_game(v, &len, &own);

	lex = variant_lex(v);
	ck_assert_ptr_nonnull(lex);
	ck_assert_msg(replay_text(text, len, lex, &res, &e) == 0,
	    "%s: line %ld: %s", v->game, e.line, e.msg);
	ck_assert_int_eq(res.nplayers, 2);
	ck_assert_int_eq(res.scores[0], own ? v->own0 : v->final0);
	ck_assert_int_eq(res.scores[1], own ? v->own1 : v->final1);
	ck_assert_int_eq(res.ended, 1);
	ck_assert_int_eq(res.settled, 1);
	ck_assert_int_eq(res.phonies, 0);
	/* and with no lexicon */
	ck_assert_int_eq(replay_text(text, len, NULL, &res, &e), 0);
	lex_destroy(lex);
	free(text);
}
END_TEST

/* Reading and writing back gives the file byte for byte. */
START_TEST(conformance_games_round_trip)
{
	const struct variant *v = &variants[_i];
	struct gcg_game *g;
	struct err e;
	size_t len, olen = 0;
	int own;
	char *text = variant_game(v, &len, &own), *out = NULL;
	FILE *fp;

	g = gcg_parse_mem(text, len, NULL, &e);
	ck_assert_msg(g != NULL, "%ld: %s", e.line, e.msg);
	ck_assert_str_eq(g->players[0].nick, "anna");
	ck_assert_str_eq(g->players[1].name, "Bjørn");
	ck_assert_str_eq(g->rules.name, v->name);
	ck_assert_int_eq(g->totals[0], own ? v->own0 : v->final0);
	ck_assert_int_eq(g->totals[1], own ? v->own1 : v->final1);
	ck_assert_int_eq(g->has_end, 1);
	fp = open_memstream(&out, &olen);
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(gcg_write(fp, g, &e), 0);
	fclose(fp);
	ck_assert_uint_eq(olen, len);
	ck_assert(memcmp(out, text, len) == 0);
	free(out);
	gcg_game_destroy(g);
	free(text);
}
END_TEST

/* Building a game event by event with the writer's API and settling it
 * gives the conformance file (but its #note). */
START_TEST(conformance_games_rebuilt)
{
	const struct variant *v = &variants[_i];
	const struct rules *r = rules_builtin(v->name);
	struct gcg_game *g, *b;
	struct err e;
	size_t len, olen = 0;
	int own;
	char *text = variant_game(v, &len, &own), *out = NULL, *note;
	uint8_t racks[2][RULES_MAX_TILES];
	int i, fin = -1;
	FILE *fp;

	g = gcg_parse_mem(text, len, NULL, &e);
	ck_assert_ptr_nonnull(g);
	b = gcg_game_create(r, &e);
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(gcg_game_set_player(b, 0, "anna", "Anna", &e), 0);
	ck_assert_int_eq(gcg_game_set_player(b, 1, "bjorn", "Bjørn", &e), 0);
	ck_assert_int_eq(gcg_game_add_pragma(b, "note",
	    own ? v->own_note : "reference self-play, seed 7 game 0", &e), 0);
	memset(racks, 0, sizeof racks);
	for (i = 0; i < g->nevents; i++) {
		const struct gcg_event *ev = &g->events[i];

		if (ev->kind == GCG_END_POINTS) {
			fin = ev->player;
			memcpy(racks[1 - fin], ev->other, RULES_MAX_TILES);
			continue;
		}
		if (ev->kind == GCG_RACK_PENALTY) {
			memcpy(racks[ev->player], ev->other, RULES_MAX_TILES);
			continue;
		}
		{
			struct move m = ev->move;

			m.score = ev->score;
			ck_assert_int_eq(gcg_game_add_move(b, ev->player, ev->rack,
			    &m, &e), 0);
		}
	}
	ck_assert_int_eq(gcg_game_settle(b, racks, fin, &e), 0);
	fp = open_memstream(&out, &olen);
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(gcg_write(fp, b, &e), 0);
	fclose(fp);
	/* The original has #note after #tile-distribution: the same place. */
	note = strstr(out, "#note");
	ck_assert_ptr_nonnull(note);
	ck_assert_msg(olen == len && memcmp(out, text, len) == 0,
	    "rebuilt game differs:\n%s", out);
	free(out);
	gcg_game_destroy(b);
	gcg_game_destroy(g);
	free(text);
}
END_TEST

/* ------------------------------------------------- mutated copies */

struct mutation {
	int variant;            /* index into variants[] */
	const char *from, *to;
	const char *msg;        /* substring of the expected message */
	int line_delta;         /* error line = changed line + this */
};

static const struct mutation mutations[] = {
	/* a score one too high, total kept in step */
	{ 0, ">bjorn: ABDFKOR 9G BAO +28 28", ">bjorn: ABDFKOR 9G BAO +29 29",
	  "scores +28, not +29", 0 },
	/* a cumulative total off by one */
	{ 0, ">bjorn: ABDFKOR 9G BAO +28 28", ">bjorn: ABDFKOR 9G BAO +28 27",
	  "cumulative total 27 written, 28", 0 },
	/* a later total off by one */
	{ 3, ">anna: DINNNRU 15M .UD +21 55", ">anna: DINNNRU 15M .UD +21 56",
	  "cumulative total 56", 0 },
	/* the rack does not hold the played tiles */
	{ 0, ">anna: ABEILRT 8H BLIR", ">anna: ACEILRT 8H BLIR",
	  "rack lacks B", 0 },
	/* more C than the Norwegian bag has (1) */
	{ 0, ">anna: ABEILRT 8H BLIR", ">anna: ABCCIRT 8H BLIR",
	  "more than the bag's 1", 0 },
	/* play off turn */
	{ 0, ">bjorn: ABDFKOR 9G BAO", ">anna: ABDFKOR 9G BAO",
	  "play off turn", 0 },
	/* not a word (challenge none: every play is checked) */
	{ 0, ">anna: ABEILRT 8H BLIR +18 18", ">anna: ABEILRT 8H BLRI +18 18",
	  "BLRI is not a word", 0 },
	/* a move after the game ended on six passes */
	{ 0, ">anna: DFRT (DFRT) -5 457",
	  ">anna: DFRT - +0 462\n>anna: DFRT (DFRT) -5 457",
	  "after the game ended", 0 },
	/* end-of-game rack penalty that does not match the rack */
	{ 0, ">anna: DFRT (DFRT) -5 457", ">anna: DFRT (DFRT) -4 458",
	  "rack penalty -4 written, the rack gives -5", 0 },
	/* penalty rack not what the player holds */
	{ 1, ">anna: AE (AE) -2 454", ">anna: AA (AA) -2 454",
	  "rack (AA), but anna holds AE", 0 },
	/* double settling: twice the opponent's rack; once is transfer
	 * settling, which needs the other's rack penalty too */
	{ 3, ">bjorn: (L) +2 353", ">bjorn: (L) +1 352",
	  "settling incomplete: no rack penalty for anna", -1 },
	{ 3, ">bjorn: (L) +2 353", ">bjorn: (L) +3 354",
	  "the racks give +2 (double settling) or +1 (transfer)", 0 },
	{ 2, ">anna: (D) +10 400", ">anna: (D) +6 396",
	  "the racks give +10 (double settling) or +5", 0 },
	/* end-of-game rack that is not the opponent's */
	{ 3, ">bjorn: (L) +2 353", ">bjorn: (T) +2 353",
	  "but the others hold L", 0 },
	/* transfer settling left half done */
	{ 1, ">bjorn: AAN (AAN) -3 436\n", "", "settling incomplete", -1 },
	/* an exchange with the bag empty */
	{ 3, ">anna: LLT 6M ..T +6 291", ">anna: LLT -L +0 285",
	  "exchange with 0 tiles in the bag (needs 7)", 0 },
	/* unknown event */
	{ 2, ">anna: AAEKMRU 8H EKUM +18 18", ">anna: AAEKMRU %% +18 18",
	  "unknown event", 0 },
	/* truncated line */
	{ 2, ">anna: AAEKMRU 8H EKUM +18 18", ">anna: AAEKMRU 8H EKUM",
	  "truncated event", 0 },
	/* a rack of fewer tiles is what is known of it, but it must hold
	 * the tiles played */
	{ 2, ">bjorn: AAGLRSÁ 9G GRÁ", ">bjorn: AAGLSÁ 9G GRÁ",
	  "rack lacks R", 0 },
	/* a rack that drops a tile kept from the last turn (a slip) and
	 * then plays it */
	{ 2, ">anna: AAANNRÁ 10G ÁRAN", ">anna: AAANNSÁ 10G ÁRAN",
	  "rack lacks R", 0 },
	/* unknown player */
	{ 1, ">anna: ABEKMRT 8H KBM", ">carl: ABEKMRT 8H KBM",
	  "unknown player 'carl'", 0 },
	/* end-of-game points before the end */
	{ 3, ">bjorn: I F6 ..I +3 351", ">bjorn: (I) +2 349",
	  "before the game ended", 0 },
	/* wrong ruleset */
	{ 0, "#tile-distribution no", "#tile-distribution xx",
	  "unknown tile distribution 'xx'", 0 },
};

/* The same mutations, row by row, of the project's games (without
 * ../shared); the settling rows where the kind of ending differs use the
 * game that ends that way (is goes out under double settling). */
static const struct mutation own_mutations[] = {
	{ 0, ">bjorn: AELRTVV 7C VAVR +22 22", ">bjorn: AELRTVV 7C VAVR +23 23",
	  "scores +22, not +23", 0 },
	{ 0, ">bjorn: AELRTVV 7C VAVR +22 22", ">bjorn: AELRTVV 7C VAVR +22 21",
	  "cumulative total 21 written, 22", 0 },
	{ 3, ">anna: CFHILRX E5 CHI. +25 39", ">anna: CFHILRX E5 CHI. +25 40",
	  "cumulative total 40", 0 },
	{ 0, ">anna: FIKLPTÅ 8F PÅK", ">anna: FIKLPTA 8F PÅK",
	  "rack lacks Å", 0 },
	{ 0, ">anna: FIKLPTÅ 8F PÅK", ">anna: CCKLPTÅ 8F PÅK",
	  "more than the bag's 1", 0 },
	{ 0, ">bjorn: AELRTVV 7C VAVR", ">anna: AELRTVV 7C VAVR",
	  "play off turn", 0 },
	{ 0, ">anna: FIKLPTÅ 8F PÅK +22 22", ">anna: FIKLPTÅ 8F PKÅ +22 22",
	  "PKÅ is not a word", 0 },
	{ 0, ">anna: J (J) -4 390",
	  ">anna: J - +0 394\n>anna: J (J) -4 390",
	  "after the game ended", 0 },
	{ 0, ">anna: J (J) -4 390", ">anna: J (J) -3 391",
	  "rack penalty -3 written, the rack gives -4", 0 },
	{ 1, ">anna: N (N) -1 441", ">anna: E (E) -1 441",
	  "rack (E), but anna holds N", 0 },
	{ 2, ">anna: (II) +4 352", ">anna: (II) +2 350",
	  "settling incomplete: no rack penalty for bjorn", -1 },
	{ 2, ">anna: (II) +4 352", ">anna: (II) +5 353",
	  "the racks give +4 (double settling) or +2 (transfer)", 0 },
	{ 2, ">anna: (II) +4 352", ">anna: (II) +3 351",
	  "the racks give +4 (double settling) or +2", 0 },
	{ 2, ">anna: (II) +4 352", ">anna: (NN) +4 352",
	  "but the others hold II", 0 },
	{ 1, ">anna: N (N) -1 441\n", "", "settling incomplete", -1 },
	{ 3, ">anna: CNQ 2D .N +2 341", ">anna: CNQ -N +0 339",
	  "exchange with 0 tiles in the bag (needs 7)", 0 },
	{ 2, ">anna: EFKKLRT 8E EFLT +20 20", ">anna: EFKKLRT %% +20 20",
	  "unknown event", 0 },
	{ 2, ">anna: EFKKLRT 8E EFLT +20 20", ">anna: EFKKLRT 8E EFLT",
	  "truncated event", 0 },
	{ 2, ">bjorn: IKNSUYÓ E8 .YKI", ">bjorn: IKNSUÓ E8 .YKI",
	  "rack lacks Y", 0 },
	{ 2, ">anna: IKKRSUÁ F8 .RÁ", ">anna: IKKSSUÁ F8 .RÁ",
	  "rack lacks R", 0 },
	{ 1, ">anna: EEJKLRT 8E TJEK", ">carl: EEJKLRT 8E TJEK",
	  "unknown player 'carl'", 0 },
	{ 3, ">anna: CNQ 2D .N +2 341", ">anna: (LR) +4 343",
	  "before the game ended", 0 },
	{ 0, "#tile-distribution no", "#tile-distribution xx",
	  "unknown tile distribution 'xx'", 0 },
};
_Static_assert(sizeof mutations / sizeof mutations[0] ==
    sizeof own_mutations / sizeof own_mutations[0], "a row each");

/* 1 if the conformance games are the project's (../shared absent). */
static int
own_games(void)
{
	char path[1024];
	int own;

	test_conformance_path("conformance/no-game.gcg", path, sizeof path, &own);
	return own;
}

START_TEST(mutated_games_fail)
{
	const struct mutation *mu = own_games() ? &own_mutations[_i] :
	    &mutations[_i];
	const struct variant *v = &variants[mu->variant];
	struct lex *lex;
	struct err e;
	size_t len;
	long line;
	char *text = variant_game(v, &len, NULL), *bad;

	lex = variant_lex(v);
	bad = mutate(text, mu->from, mu->to, &line);
	ck_assert_int_eq(replay_text(bad, strlen(bad), lex, NULL, &e), -1);
	ck_assert_msg(strstr(e.msg, mu->msg) != NULL,
	    "mutation %d: got '%s', want '%s'", _i, e.msg, mu->msg);
	if (mu->line_delta >= 0)
		ck_assert_int_eq(e.line, line + mu->line_delta);
	else
		ck_assert_int_ge(e.line, line - 1);
	free(bad);
	lex_destroy(lex);
	free(text);
}
END_TEST

/* --------------------------------------------------- liberal forms */

START_TEST(liberal_forms)
{
	/* ../shared's no game, else the project's: a play to write with a
	 * lowercase coordinate and text after the total, the first move and
	 * the same down (column first: a legal first move through H8, the
	 * same score), the next line (cut there), a late line of anna's and
	 * her total before it, the final scores. */
	static const struct liberal {
		const char *play, *play_liberal, *first, *first_down, *second;
		int first_score;
		const char *late;
		int late_total, final0, final1;
	} sets[] = {
		{ ">bjorn: ABDFKOR 9G BAO +28 28",
		  ">bjorn: ABDFKOR 9g BAO +28 28 BAO, BE, AT",
		  ">anna: ABEILRT 8H BLIR +18 18\n",
		  ">anna: ABEILRT h8 BLIR +18 18\n", ">bjorn: ABDFKOR", 18,
		  ">anna: DDEFFNR", 445, 457, 380 },
		/* PÅK on H6-H8: (4 + 4 + 3) x 2 = 22 as on F8-H8 */
		{ ">bjorn: AELRTVV 7C VAVR +22 22",
		  ">bjorn: AELRTVV 7c VAVR +22 22 VAVR",
		  ">anna: FIKLPTÅ 8F PÅK +22 22\n",
		  ">anna: FIKLPTÅ h6 PÅK +22 22\n", ">bjorn: AELRTVV", 22,
		  ">anna: DDJS B4", 379, 390, 439 },
	};
	const struct liberal *l = &sets[own_games()];
	const struct variant *v = &variants[0];
	struct gcg_result res;
	struct err e;
	size_t len;
	long line;
	char *text = variant_game(v, &len, NULL), *t1, *t2, *t3, *crlf;
	size_t i, k;

	/* lowercase coordinates, text after the total */
	t1 = mutate(text, l->play, l->play_liberal, &line);
	/* column first is a down play */
	t2 = strdup(l->first_down);
	ck_assert_ptr_nonnull(t2);
	ck_assert_int_eq(replay_text(t1, strlen(t1), NULL, &res, &e), 0);
	ck_assert_int_eq(res.scores[0], l->final0);
	{
		char *t4 = mutate(text, l->first, t2, &line);

		*strstr(t4, l->second) = '\0';
		ck_assert_msg(replay_text(t4, strlen(t4), NULL, &res, &e) == 0,
		    "%ld: %s", e.line, e.msg);
		ck_assert_int_eq(res.scores[0], l->first_score);
		free(t4);
	}
	/* CRLF line ends */
	crlf = malloc(2 * len + 1);
	ck_assert_ptr_nonnull(crlf);
	for (i = k = 0; i < len; i++) {
		if (text[i] == '\n')
			crlf[k++] = '\r';
		crlf[k++] = text[i];
	}
	crlf[k] = '\0';
	ck_assert_msg(replay_text(crlf, k, NULL, &res, &e) == 0, "%ld: %s",
	    e.line, e.msg);
	ck_assert_int_eq(res.scores[1], l->final1);
	/* no end lines: incomplete, not an error */
	t3 = strdup(text);
	ck_assert_ptr_nonnull(t3);
	*strstr(t3, l->late) = '\0';
	ck_assert_int_eq(replay_text(t3, strlen(t3), NULL, &res, &e), 0);
	ck_assert_int_eq(res.ended, 0);
	ck_assert_int_eq(res.settled, 0);
	ck_assert_int_eq(res.scores[0], l->late_total);
	free(t1);
	free(t2);
	free(t3);
	free(crlf);
	free(text);
}
END_TEST

/* A phony by bjorn withdrawn (English: double challenge), written both as
 * "-- -20" and the old "-- +0"; anna then passes and the game goes on. */
START_TEST(withdrawn_phony)
{
	/* ../shared's en game, else the project's: bjorn's second move, the
	 * phony put before it (D.OZ: DIOZ is no word; on F7-F10 it scores
	 * 2 + 1 + 1 + 10 x 3 = 34 as D.TZ does), withdrawn; anna's rack and
	 * total then; the final scores. */
	static const struct phony {
		const char *real, *phony, *minus, *zero, *pass, *wrong;
		int final0, final1;
	} sets[] = {
		{ ">bjorn: AACEKOR K8 .OCK +24 24", ">bjorn: AACEKOR K8 .REK +20 20",
		  ">bjorn: AACEKOR -- -20 0", ">bjorn: AACEKOR -- +0 0",
		  ">anna: AACINNT - +0 16", ">anna: AACINNT -- -16 0", 297, 353 },
		{ ">bjorn: DEGOOTZ F7 D.TZ +34 34", ">bjorn: DEGOOTZ F7 D.OZ +34 34",
		  ">bjorn: DEGOOTZ -- -34 0", ">bjorn: DEGOOTZ -- +0 0",
		  ">anna: CFHILRX - +0 14", ">anna: CFHILRX -- -14 0", 328, 348 },
	};
	const struct phony *ph = &sets[own_games()];
	const struct variant *v = &variants[3];
	struct lex *lex;
	struct gcg_result res;
	struct err e;
	size_t len;
	long line;
	char *text = variant_game(v, &len, NULL), *t1, *t2;
	char ins[256], ins0[256], wrong[256];

	snprintf(ins, sizeof ins, "%s\n%s\n%s\n%s", ph->phony, ph->minus,
	    ph->pass, ph->real);
	snprintf(ins0, sizeof ins0, "%s\n%s\n%s\n%s", ph->phony, ph->zero,
	    ph->pass, ph->real);
	snprintf(wrong, sizeof wrong, "%s\n%s", ph->phony, ph->wrong);
	lex = variant_lex(v);
	t1 = mutate(text, ph->real, ins, &line);
	ck_assert_msg(replay_text(t1, strlen(t1), lex, &res, &e) == 0,
	    "%ld: %s", e.line, e.msg);
	ck_assert_int_eq(res.scores[0], ph->final0);
	ck_assert_int_eq(res.scores[1], ph->final1);
	ck_assert_int_eq(res.phonies, 1);
	t2 = mutate(text, ph->real, ins0, &line);
	ck_assert_msg(replay_text(t2, strlen(t2), lex, &res, &e) == 0,
	    "%ld: %s", e.line, e.msg);
	ck_assert_int_eq(res.scores[1], ph->final1);
	free(t2);
	/* a withdrawal by the wrong player */
	t2 = mutate(text, ph->real, wrong, &line);
	ck_assert_int_eq(replay_text(t2, strlen(t2), lex, NULL, &e), -1);
	ck_assert_int_eq(e.line, line + 1);
	ck_assert_ptr_nonnull(strstr(e.msg, "not a tile play"));
	free(t2);
	free(t1);
	lex_destroy(lex);
	free(text);
}
END_TEST

START_TEST(exchange_forms)
{
	struct gcg_result res;
	struct err e;
	const char *g1 =
	    "#player1 a Ann\n#player2 b Bo\n#tile-distribution en\n"
	    ">a: ABEILPT -3 +0 0\n"
	    ">b: AACEKOR -ACK +0 0\n"
	    ">a: ABEILPT 8H PLEB +16 16\n";
	const char *g2 =
	    "#player1 a Ann\n#player2 b Bo\n#tile-distribution en\n"
	    ">a: ABEILPT -XYZ +0 0\n";
	const char *g3 =
	    "#player1 a Ann\n#player2 b Bo\n#tile-distribution en\n"
	    ">a: ABEILPT -3 +5 5\n";

	ck_assert_msg(replay_text(g1, strlen(g1), NULL, &res, &e) == 0,
	    "%ld: %s", e.line, e.msg);
	ck_assert_int_eq(res.moves, 3);
	ck_assert_int_eq(res.scores[0], 16);
	ck_assert_int_eq(res.ended, 0);
	ck_assert_int_eq(replay_text(g2, strlen(g2), NULL, &res, &e), -1);
	ck_assert_int_eq(e.line, 4);
	ck_assert_ptr_nonnull(strstr(e.msg, "rack lacks"));
	ck_assert_int_eq(replay_text(g3, strlen(g3), NULL, &res, &e), -1);
	ck_assert_int_eq(e.line, 4);
}
END_TEST

/* Hand-checked scores (standard board, SPEC 1.2):
 *   8H PLEB: P3 L1 E1 B3 = 8 on H8..K8, H8 a double word: 16.
 *   K8 .OCK: B3 (already there, no premium) + O1 (K9) + C3 (K10) + K5 on
 *   K11, a double word: 12 x2 = 24.  A wrong score fails on its line. */
START_TEST(hand_scores_english)
{
	struct gcg_result res;
	struct err e;
	const char *g =
	    "#player1 a Ann\n#player2 b Bo\n#tile-distribution en\n"
	    ">a: ABEILPT 8H PLEB +16 16\n"
	    ">b: AACEKOR K8 .OCK +24 24\n";
	const char *g2 =
	    "#player1 a Ann\n#player2 b Bo\n#tile-distribution en\n"
	    ">a: ABEILPT 8H PLEB +16 16\n"
	    ">b: AACEKOR K8 .OCK +23 23\n";

	ck_assert_msg(replay_text(g, strlen(g), NULL, &res, &e) == 0,
	    "%ld: %s", e.line, e.msg);
	ck_assert_int_eq(res.scores[0], 16);
	ck_assert_int_eq(res.scores[1], 24);
	ck_assert_int_eq(replay_text(g2, strlen(g2), NULL, &res, &e), -1);
	ck_assert_int_eq(e.line, 5);
	ck_assert_ptr_nonnull(strstr(e.msg, "scores +24, not +23"));
}
END_TEST

/* -------------------------------------------------- malformed input */

START_TEST(malformed_input)
{
	struct gcg_game *g;
	struct err e;
	const char utf16[] = "\xff\xfe#\0p\0l\0a\0y\0e\0r\0";
	const char utf16nobom[] = "#\0p\0l\0a\0y\0e\0r\0\n\0";
	const char decl16[] = "#character-encoding UTF-16\n";
	const char nul[] = "#player1 a A\n>a: AB\0CD 8H AB +4 4\n";
	const char ctrl[] = "#player1 a A\n\x01\x02\x03\x04garbage\n";
	const char text[] = "this is not a GCG file\n";
	const char badtotal[] = "#tile-distribution en\n>a: ABC 8H CAB +14 x\n";
	const char badscore[] = "#tile-distribution en\n>a: ABC 8H CAB 14 14\n";
	const char nonick[] = "#tile-distribution en\n>: ABC 8H CAB +14 14\n";
	const char norules[] = ">a: ABC 8H CAB +14 14\n";
	const char badcoord[] = "#tile-distribution en\n>a: ABC 8Z CAB +14 14\n";
	const char bigrack[] = "#tile-distribution en\n>a: ABCDEFGH 8H CAB +14 14\n";
	const char badrack[] = "#tile-distribution en\n>a: AB1 8H AB +4 4\n";
	const char passpts[] = "#tile-distribution en\n>a: ABC - +3 3\n";

	ck_assert_ptr_null(g = gcg_parse_mem(utf16, sizeof utf16 - 1, NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "UTF-16"));
	ck_assert_int_eq(e.line, 1);
	ck_assert_ptr_null(gcg_parse_mem(utf16nobom, sizeof utf16nobom - 1,
	    NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "UTF-16"));
	ck_assert_ptr_null(gcg_parse_mem(decl16, sizeof decl16 - 1, NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "UTF-16"));
	ck_assert_ptr_null(gcg_parse_mem(nul, sizeof nul - 1, NULL, &e));
	ck_assert_int_eq(e.line, 2);
	ck_assert_ptr_nonnull(strstr(e.msg, "NUL"));
	ck_assert_ptr_null(gcg_parse_mem(ctrl, sizeof ctrl - 1, NULL, &e));
	ck_assert_int_eq(e.line, 2);
	ck_assert_ptr_null(gcg_parse_mem(text, sizeof text - 1, NULL, &e));
	ck_assert_int_eq(e.line, 1);
	ck_assert_ptr_nonnull(strstr(e.msg, "not a GCG line"));
	ck_assert_ptr_null(gcg_parse_mem(badtotal, sizeof badtotal - 1, NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "cumulative total"));
	ck_assert_int_eq(e.line, 2);
	ck_assert_ptr_null(gcg_parse_mem(badscore, sizeof badscore - 1, NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "bad score"));
	ck_assert_ptr_null(gcg_parse_mem(nonick, sizeof nonick - 1, NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "NICK"));
	ck_assert_ptr_null(gcg_parse_mem(norules, sizeof norules - 1, NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "no ruleset"));
	ck_assert_ptr_null(gcg_parse_mem(badcoord, sizeof badcoord - 1, NULL, &e));
	ck_assert_int_eq(e.line, 2);
	ck_assert_ptr_null(gcg_parse_mem(bigrack, sizeof bigrack - 1, NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "8 tiles"));
	ck_assert_ptr_null(gcg_parse_mem(badrack, sizeof badrack - 1, NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "bad rack"));
	ck_assert_ptr_null(gcg_parse_mem(passpts, sizeof passpts - 1, NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "must be +0"));
	ck_assert_ptr_null(gcg_parse_mem("", 0, NULL, &e));
}
END_TEST

/* Random bytes: an error or a game, never a crash (run under ASan). */
START_TEST(binary_garbage)
{
	uint64_t x = 0x9e3779b97f4a7c15u;
	char buf[4096];
	int round, i, errs = 0;
	struct err e;

	for (round = 0; round < 200; round++) {
		struct gcg_game *g;
		size_t n = (size_t)(round * 37 % 4000) + 1;

		for (i = 0; i < (int)n; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			buf[i] = (char)(x >> 24);
			/* half the rounds: mostly GCG-looking characters */
			if (round % 2 && (buf[i] & 3) != 0)
				buf[i] = ">#: 8HABC+-0123456789\n()?"[(x >> 40) % 26];
		}
		g = gcg_parse_mem(buf, n, rules_builtin("en"), &e);
		if (g == NULL) {
			errs++;
			ck_assert(e.msg[0] != '\0');
		} else {
			(void)gcg_replay(g, NULL, NULL, NULL, NULL, &e);
			gcg_game_destroy(g);
		}
	}
	ck_assert_int_gt(errs, 100);
}
END_TEST

/* A 300 KB line: an error on its line; the stream goes on with the next
 * game after #end. */
START_TEST(huge_line_and_stream)
{
	size_t big = 300 * 1024, n;
	const char *head = "#player1 a A\n#player2 b B\n#tile-distribution en\n#note ";
	const char *tail = "\n>a: ABEILPT 8H PLEB +16 16\n#end\n"
	    "#player1 c C\n#player2 d D\n#tile-distribution en\n"
	    ">c: ABEILPT 8H PLEB +16 16\n>d: AACEKOR K8 .OCK +24 24\n#end\n"
	    "\n#end\n"
	    "#tile-distribution en\n>e: ABEILPT 8H PLEB +17 17\n";
	char *buf = malloc(strlen(head) + big + strlen(tail) + 1);
	FILE *fp;
	struct gcg_reader *rd;
	struct gcg_game *g;
	struct err e;

	ck_assert_ptr_nonnull(buf);
	strcpy(buf, head);
	n = strlen(head);
	memset(buf + n, 'x', big);
	strcpy(buf + n + big, tail);
	fp = fmemopen(buf, strlen(buf), "r");
	ck_assert_ptr_nonnull(fp);
	rd = gcg_reader_open(fp, "stream", NULL, &e);
	ck_assert_ptr_nonnull(rd);
	ck_assert_int_eq(gcg_read(rd, &g, &e), -1);
	ck_assert_int_eq(e.line, 4);
	ck_assert_ptr_nonnull(strstr(e.msg, "longer than"));
	ck_assert_int_eq(gcg_read(rd, &g, &e), 1);
	ck_assert_int_eq(g->first_line, 7);
	ck_assert_str_eq(g->players[1].nick, "d");
	ck_assert_int_eq(g->nevents, 2);
	ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, NULL, &e), 0);
	gcg_game_destroy(g);
	ck_assert_int_eq(gcg_read(rd, &g, &e), 1);
	ck_assert_int_eq(g->first_line, 15);
	ck_assert_str_eq(g->players[0].nick, "e");   /* named by its event */
	ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, NULL, &e), -1);
	ck_assert_int_eq(e.line, 16);
	gcg_game_destroy(g);
	ck_assert_int_eq(gcg_read(rd, &g, &e), 0);
	ck_assert_int_eq(gcg_reader_io_error(rd), 0);
	gcg_reader_close(rd);
	fclose(fp);
	free(buf);
}
END_TEST

START_TEST(latin1_names)
{
	struct gcg_game *g;
	struct err e;
	/* declared ISO-8859-1: names and racks in Latin-1 */
	const char decl[] = "#character-encoding ISO-8859-1\n"
	    "#player1 bj Bj\xf8rn S\xe6ther\n#player2 ase \xc5se\n"
	    "#tile-distribution no\n"
	    ">bj: ABE\xd8R\xc5T 8G B\xd8R +12 12\n";
	/* undeclared, not UTF-8: taken as Latin-1 */
	const char undecl[] = "#player1 bj Bj\xf8rn\n#player2 x X\n";
	/* declared UTF-8 but not: an error */
	const char lie[] = "#character-encoding UTF-8\n#player1 bj Bj\xf8rn\n";
	struct gcg_result res;

	g = gcg_parse_mem(decl, sizeof decl - 1, NULL, &e);
	ck_assert_msg(g != NULL, "%ld: %s", e.line, e.msg);
	ck_assert_str_eq(g->players[0].name, "Bjørn Sæther");
	ck_assert_str_eq(g->players[1].name, "Åse");
	ck_assert_int_eq(g->events[0].nrack, 7);
	/* BØR: B4 Ø4 R1 = 9, G8 plain, H8 DW... 9 x2 = 18, not 12 */
	ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, &res, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "scores +18, not +12"));
	gcg_game_destroy(g);
	g = gcg_parse_mem(undecl, sizeof undecl - 1, NULL, &e);
	ck_assert_ptr_nonnull(g);
	ck_assert_str_eq(g->players[0].name, "Bjørn");
	gcg_game_destroy(g);
	ck_assert_ptr_null(gcg_parse_mem(lie, sizeof lie - 1, NULL, &e));
	ck_assert_int_eq(e.line, 2);
}
END_TEST

/* ------------------------------------------- hand-checked test games */

struct handgame {
	const char *file;       /* in tests/data/gcg */
	int variant;
	int s0, s1;             /* final scores */
	int phonies;
};

static const struct handgame handgames[] = {
	{ "tests/data/gcg/no-transfer.gcg", 0, 379, 383, 0 },
	{ "tests/data/gcg/da-transfer.gcg", 1, 388, 458, 0 },
	{ "tests/data/gcg/da-3players.gcg", 1, 375, 172, 0 },
	{ "tests/data/gcg/is-double.gcg", 2, 360, 304, 0 },
	{ "tests/data/gcg/en-double.gcg", 3, 268, 289, 0 },
	{ "tests/data/gcg/en-public.gcg", 3, 268, 279, 1 },
};

/* The lexicon the hand-made games replay with: the variant's small list,
 * and on the project's set also the words they play that it lacks
 * (tests/data/conformance/VARIANT-gcg-words.txt: they were made with
 * ../shared's lists). */
static struct lex *
hand_lex(const struct variant *v)
{
	char path[1024], words[256], tmp[] = "/tmp/check_gcg.XXXXXX";
	const char *parts[2];
	struct lex *lex;
	FILE *out;
	int own, fd, i;

	test_conformance_path(v->wordlist, path, sizeof path, &own);
	snprintf(words, sizeof words, "tests/data/conformance/%s-gcg-words.txt",
	    v->name);
	if (!own || access(words, R_OK) != 0)
		return test_lex_from_file(rules_builtin(v->name), path, 1);
	fd = mkstemp(tmp);
	ck_assert_int_ge(fd, 0);
	out = fdopen(fd, "w");
	ck_assert_ptr_nonnull(out);
	parts[0] = path;
	parts[1] = words;
	for (i = 0; i < 2; i++) {
		size_t len;
		char *text = slurp(parts[i], &len);

		ck_assert_uint_eq(fwrite(text, 1, len, out), len);
		free(text);
	}
	ck_assert_int_eq(fclose(out), 0);
	lex = test_lex_from_file(rules_builtin(v->name), tmp, 1);
	unlink(tmp);
	return lex;
}

START_TEST(hand_games_replay)
{
	const struct handgame *h = &handgames[_i];
	struct lex *lex;
	struct gcg_result res;
	struct err e;
	size_t len;
	char *text;

	if (access(h->file, R_OK) != 0) {
		fprintf(stderr, "SKIP %s: run from the top directory\n", h->file);
		return;
	}
	text = slurp(h->file, &len);
	lex = hand_lex(&variants[h->variant]);
	ck_assert_msg(replay_text(text, len, lex, &res, &e) == 0,
	    "%s:%ld: %s", h->file, e.line, e.msg);
	ck_assert_int_eq(res.ended, 1);
	ck_assert_int_eq(res.settled, 1);
	if (h->s0 || h->s1) {
		ck_assert_int_eq(res.scores[0], h->s0);
		ck_assert_int_eq(res.scores[1], h->s1);
	}
	if (lex != NULL)
		ck_assert_int_eq(res.phonies, h->phonies);
	lex_destroy(lex);
	free(text);
}
END_TEST

/* ------------------------------------------------------------ light mode */

/* What gcg_read_light gave for one call. */
struct lit {
	int rc;
	long line;              /* e.line when rc is -1 */
	char msg[ERR_MSG_MAX];
	struct gcg_light g;
};

/* light_all: every call of gcg_read_light over text[0..len) up to the
 * first 0, into out (room for max); returns the number of calls before
 * it; *ioerr = gcg_reader_io_error at the end. */
static int
light_all(const char *text, size_t len,
	int (*check)(void *, int, const char *, size_t, struct err *),
	void *arg, struct lit *out, int max, int *ioerr)
{
	FILE *fp = fmemopen((void *)text, len, "r");
	struct gcg_reader *rd;
	struct gcg_light after;
	struct err e;
	int n = 0, rc;

	ck_assert_ptr_nonnull(fp);
	rd = gcg_reader_open(fp, "t", NULL, &e);
	ck_assert_ptr_nonnull(rd);
	for (;;) {
		struct gcg_light g;

		err_clear(&e);
		rc = gcg_read_light(rd, &g, check, arg, &e);
		if (rc == 0)
			break;
		ck_assert_int_lt(n, max);
		out[n].rc = rc;
		out[n].line = e.line;
		strcpy(out[n].msg, e.msg);
		out[n].g = g;
		n++;
	}
	/* Once at the end, it stays there. */
	ck_assert_int_eq(gcg_read_light(rd, &after, check, arg, &e), 0);
	*ioerr = gcg_reader_io_error(rd);
	gcg_reader_close(rd);
	fclose(fp);
	return n;
}

#define LIGHT(text, check, arg, out, io) \
	light_all(text, sizeof text - 1, check, arg, out, \
	    (int)(sizeof out / sizeof out[0]), io)

/* Players, the last total of each (a tie, a player with no events), full
 * names, first lines of games after "#end" and blank lines, CR LF and a
 * BOM, text after a plain "#end" pragma. */
START_TEST(light_players_and_totals)
{
	static const char text[] =
	    "\xef\xbb\xbf#character-encoding UTF-8\r\n"
	    "#player1 anna Anna  Berg  \r\n"
	    "#player2 bo\r\n"
	    "#title not needed\r\n"
	    ">anna: ABEILPT 8H PLEB +16 16\r\n"
	    ">bo: AACEKOR K8 .OCK +24 24   \r\n"
	    ">anna: ACINNTT - +0 16\r\n"
	    "#end\n"
	    "\n"
	    "\n"
	    "#player1 x X\n"
	    "#player2 y Y\n"
	    ">x: A 8H ZZZ +30 30\n"              /* moves are not read */
	    ">y: B 9H QQQ +30 30\n"
	    "#end\n"
	    "#player1 p\n"
	    "#player2 q\n"
	    ">q: (AB) -4 -4\n";                   /* p has no events: 0 */
	struct lit r[4];
	int io, n = LIGHT(text, NULL, NULL, r, &io);

	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(io, 0);
	ck_assert_int_eq(r[0].rc, 1);
	ck_assert_int_eq(r[0].g.first_line, 1);
	ck_assert_str_eq(r[0].g.player[0].nick, "anna");
	ck_assert_uint_eq(r[0].g.player[0].nick_len, 4);
	ck_assert_str_eq(r[0].g.player[0].name, "Anna  Berg");
	ck_assert_uint_eq(r[0].g.player[0].name_len, 10);
	ck_assert_str_eq(r[0].g.player[1].nick, "bo");
	ck_assert_str_eq(r[0].g.player[1].name, "");
	ck_assert_uint_eq(r[0].g.player[1].name_len, 0);
	ck_assert_int_eq(r[0].g.player[0].total, 16);
	ck_assert_int_eq(r[0].g.player[1].total, 24);
	ck_assert_int_eq(r[0].g.nevents, 3);
	ck_assert_int_eq(r[0].g.player[0].robot + r[0].g.player[1].robot, 0);
	ck_assert_int_eq(r[1].rc, 1);
	ck_assert_int_eq(r[1].g.first_line, 11);
	ck_assert_int_eq(r[1].g.player[0].total, 30);
	ck_assert_int_eq(r[1].g.player[1].total, 30);
	ck_assert_int_eq(r[2].rc, 1);
	ck_assert_int_eq(r[2].g.first_line, 16);
	ck_assert_int_eq(r[2].g.player[0].total, 0);
	ck_assert_int_eq(r[2].g.player[1].total, -4);
	ck_assert_int_eq(r[2].g.nevents, 1);
}
END_TEST

/* Bad games: each reported once, on the line of its first problem, and
 * reading goes on after its "#end"; empty games are passed over. */
START_TEST(light_errors)
{
	static const char text[] =
	    "#player1 a\n"                       /* 1 */
	    "#player2 b\n"
	    ">a: X 8H X +5\n"                    /* 3: no total */
	    ">c: X 8H X +5 5\n"                  /* a second problem: not told */
	    "#end\n"                             /* 5 */
	    "#player1 a\n"
	    ">a: X 8H X +5 5\n"
	    "#end\n"                             /* 8: no #player2 (game of 6) */
	    "\n"
	    "#title only\n"                      /* 10: an empty game */
	    "#end\n"
	    "#player1 a\n"
	    "#player2 b\n"
	    ">c: X 8H X +5 5\n"                  /* 14: not a player */
	    "#end\n"
	    "#player1 a\n"
	    "#player2 b\n"
	    ">a X 8H X +5 5\n"                   /* 18: no ':' */
	    "#end\n"
	    "#player1 a\n"                       /* 20 */
	    "#player2 b\n"
	    ">a: X 8H X +5 +5\n"                 /* 22: a score, no total */
	    "#end\n"
	    "#player1 a\n"
	    "#player2 b\n"
	    ">a: X 8H X +5 1000001\n"            /* 26: out of range */
	    "#end\n"
	    "#player3 c\n"                       /* 28: three players */
	    "#end\n"
	    "#character-encoding UTF-7\n"        /* 30 */
	    "#end\n"
	    "#player1  \n"                       /* 32: no nick */
	    "#end\n"
	    "#note robot z\n"                    /* 34: robot before players */
	    "#end\n"
	    "#player1 a\n"                       /* 36 */
	    "#player2 b\n"
	    ">a: X 8H X +5 -3\n";                /* a negative total is one */
	struct lit r[16];
	int io, n = LIGHT(text, NULL, NULL, r, &io);
	static const struct { long line; const char *msg; } want[] = {
		{ 3, "event without a cumulative total at its end" },
		{ 6, "game without #player1 and #player2" },
		{ 14, "event by a nick that is not #player1 or #player2" },
		{ 18, "event without ':'" },
		{ 22, "event without a cumulative total at its end" },
		{ 26, "event without a cumulative total at its end" },
		{ 28, "more than two players: not rated" },
		{ 30, "unknown character encoding (want UTF-8 or ISO-8859-1)" },
		{ 32, "bad player nick" },
		{ 34, "#note robot names a nick that is not a player (declare "
		    "#player1 and #player2 first)" },
	};
	int i;

	ck_assert_int_eq(io, 0);
	ck_assert_int_eq(n, 11);
	for (i = 0; i < 10; i++) {
		ck_assert_int_eq(r[i].rc, -1);
		ck_assert_int_eq(r[i].line, want[i].line);
		ck_assert_str_eq(r[i].msg, want[i].msg);
	}
	ck_assert_int_eq(r[10].rc, 1);
	ck_assert_int_eq(r[10].g.first_line, 36);
	ck_assert_int_eq(r[10].g.player[0].total, -3);
}
END_TEST

/* A game needs #player1 and #player2, both before its first event: a
 * game with #player2 alone is not rated with a nameless player 1, and
 * two files joined without "#end" are not read as one game. */
START_TEST(light_players_required)
{
	static const char text[] =
	    "#player2 bo Bo\n"                   /* 1 */
	    ">bo: X 8H X +5 5\n"
	    "#end\n"
	    "#player2 bo Bo\n"                   /* 4 */
	    ">: X 8H X +5 5\n"                   /* 5: player 1's empty nick */
	    "#end\n"
	    "#player1 a\n"
	    "#player2 b\n"
	    ">a: X 8H X +5 5\n"
	    ">b: X 8H X +5 3\n"
	    "#player1 c\n"                       /* 11: the next game */
	    "#player2 d\n"
	    ">c: X 8H X +5 7\n"
	    "#end\n"
	    "#player1 a\n"                       /* 15 */
	    "#player1 c\n"                       /* before events: c it is */
	    "#player2 b\n"
	    ">c: X 8H X +5 7\n";
	struct lit r[5];
	int io, n = LIGHT(text, NULL, NULL, r, &io);

	ck_assert_int_eq(n, 4);
	ck_assert_int_eq(r[0].rc, -1);
	ck_assert_int_eq(r[0].line, 1);
	ck_assert_str_eq(r[0].msg, "game without #player1 and #player2");
	ck_assert_int_eq(r[1].rc, -1);
	ck_assert_int_eq(r[1].line, 5);
	ck_assert_str_eq(r[1].msg, "event by a nick that is not #player1 or "
	    "#player2");
	ck_assert_int_eq(r[2].rc, -1);
	ck_assert_int_eq(r[2].line, 11);
	ck_assert_str_eq(r[2].msg, "#player1 after the first event");
	ck_assert_int_eq(r[3].rc, 1);
	ck_assert_int_eq(r[3].g.first_line, 15);
	ck_assert_str_eq(r[3].g.player[0].nick, "c");
	ck_assert_int_eq(r[3].g.player[0].total, 7);
}
END_TEST

/* Robots by "#note robot", ISO-8859-1 names converted, name lengths. */
START_TEST(light_robots_latin1)
{
	static const char text[] =
	    "#player1 a\n#player2 b\n#note robot\n>a: X +5 5\n#end\n"
	    "#player1 a\n#player2 b\n#note robot  b \n>a: X +5 5\n#end\n"
	    "#character-encoding ISO-8859-1\n"
	    "#player1 bj\xf8rn Bj\xf8rn \xc5s\n#player2 ole\n"
	    ">bj\xf8rn: X 8H X +14 14\n";
	struct lit r[4];
	int io, n = LIGHT(text, NULL, NULL, r, &io);

	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(r[0].g.player[0].robot, 1);
	ck_assert_int_eq(r[0].g.player[1].robot, 1);
	ck_assert_int_eq(r[1].g.player[0].robot, 0);
	ck_assert_int_eq(r[1].g.player[1].robot, 1);
	ck_assert_int_eq(r[2].rc, 1);
	ck_assert_str_eq(r[2].g.player[0].nick, "bj\xc3\xb8rn");
	ck_assert_uint_eq(r[2].g.player[0].nick_len, 6);
	ck_assert_str_eq(r[2].g.player[0].name, "Bj\xc3\xb8rn \xc3\x85s");
	ck_assert_int_eq(r[2].g.player[0].total, 14);
}
END_TEST

/* The caller's name check: called on nicks and non-empty full names,
 * its message reported on the #player line. */
static int
refuse_x(void *arg, int full, const char *name, size_t len, struct err *e)
{
	int *calls = arg;

	calls[full]++;
	if (memchr(name, 'x', len) != NULL) {
		err_set(e, 0, "%s has an x", full ? "name" : "nick");
		return -1;
	}
	return 0;
}

START_TEST(light_name_check)
{
	static const char text[] =
	    "#player1 a Anna\n#player2 b\n>a: X +5 5\n#end\n"
	    "#player1 a Xena x\n#player2 b\n>b: X +5 5\n#end\n"
	    "#player1 a\n#player2 bx B\n>q: X +5 5\n";
	struct lit r[4];
	int calls[2] = { 0, 0 };
	int io, n = LIGHT(text, refuse_x, calls, r, &io);

	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(r[0].rc, 1);
	ck_assert_int_eq(r[1].rc, -1);
	ck_assert_int_eq(r[1].line, 5);
	ck_assert_str_eq(r[1].msg, "name has an x");
	ck_assert_int_eq(r[2].rc, -1);
	ck_assert_int_eq(r[2].line, 10);         /* before line 11's problem */
	ck_assert_str_eq(r[2].msg, "nick has an x");
	ck_assert_int_eq(calls[0], 5);           /* the bad game's b unread */
	ck_assert_int_eq(calls[1], 2);           /* "Anna", "Xena x" */
}
END_TEST

/* Unreadable input ends the stream; a line over GCG_LINE_MAX (a CR
 * counted) is a bad game, one byte less is not. */
START_TEST(light_unreadable_and_long)
{
	static const char utf16[] = "\xff\xfe#\0p\0\n\0";
	static const char nul[] =
	    "#player1 a\n#player2 b\n>a: X +5\n>b: \0 +3 3\n#end\n"
	    "#player1 a\n#player2 b\n>a: X +5 5\n";
	struct lit r[4];
	size_t len = 3 * GCG_LINE_MAX;
	char *big = malloc(len);
	int io, n, k;

	n = LIGHT(utf16, NULL, NULL, r, &io);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(io, 1);
	ck_assert_int_eq(r[0].line, 1);
	ck_assert_str_eq(r[0].msg, "UTF-16 is not supported: convert the "
	    "file to UTF-8");
	n = LIGHT(nul, NULL, NULL, r, &io);
	ck_assert_int_eq(n, 2);                  /* the bad game, then NUL */
	ck_assert_int_eq(r[0].line, 3);
	ck_assert_int_eq(r[1].line, 4);
	ck_assert_str_eq(r[1].msg, "NUL byte in line (binary data, or UTF-16?)");
	ck_assert_int_eq(io, 1);

	ck_assert_ptr_nonnull(big);
	for (k = 0; k < 2; k++) {
		/* "#note " + x... + CR: GCG_LINE_MAX bytes (k 0), one more (1) */
		size_t m = 0, body = GCG_LINE_MAX - 7 + (size_t)k;

		m += (size_t)sprintf(big, "#player1 a\n#player2 b\n#note ");
		memset(big + m, 'x', body);
		m += body;
		m += (size_t)sprintf(big + m, "\r\n>a: X +5 5\n");
		n = light_all(big, m, NULL, NULL, r, 4, &io);
		ck_assert_int_eq(n, 1);
		ck_assert_int_eq(io, 0);
		if (k == 0) {
			ck_assert_int_eq(r[0].rc, 1);
			ck_assert_int_eq(r[0].g.player[0].total, 5);
		} else {
			ck_assert_int_eq(r[0].rc, -1);
			ck_assert_int_eq(r[0].line, 3);
			ck_assert_str_eq(r[0].msg, "line too long");
		}
	}
	free(big);
}
END_TEST

static Suite *
gcg_suite(void)
{
	Suite *s = suite_create("gcg");
	TCase *tc;
	int nv = (int)(sizeof variants / sizeof variants[0]);

	tc = tcase_create("conformance");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, conformance_games_replay, 0, nv);
	tcase_add_loop_test(tc, conformance_games_round_trip, 0, nv);
	tcase_add_loop_test(tc, conformance_games_rebuilt, 0, nv);
	suite_add_tcase(s, tc);

	tc = tcase_create("mutations");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, mutated_games_fail, 0,
	    (int)(sizeof mutations / sizeof mutations[0]));
	tcase_add_test(tc, withdrawn_phony);
	suite_add_tcase(s, tc);

	tc = tcase_create("forms");
	tcase_add_test(tc, liberal_forms);
	tcase_add_test(tc, exchange_forms);
	tcase_add_test(tc, hand_scores_english);
	tcase_add_test(tc, latin1_names);
	suite_add_tcase(s, tc);

	tc = tcase_create("malformed");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, malformed_input);
	tcase_add_test(tc, binary_garbage);
	tcase_add_test(tc, huge_line_and_stream);
	suite_add_tcase(s, tc);

	tc = tcase_create("light");
	tcase_add_test(tc, light_players_and_totals);
	tcase_add_test(tc, light_errors);
	tcase_add_test(tc, light_players_required);
	tcase_add_test(tc, light_robots_latin1);
	tcase_add_test(tc, light_name_check);
	tcase_add_test(tc, light_unreadable_and_long);
	suite_add_tcase(s, tc);

	tc = tcase_create("handgames");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, hand_games_replay, 0,
	    (int)(sizeof handgames / sizeof handgames[0]));
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(gcg_suite());
}
