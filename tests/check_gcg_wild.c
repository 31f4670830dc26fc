/* check_gcg_wild.c — game records as they come from the wild (issue 31's
 * shapes): partial racks, slips, a failed challenge of the play that went
 * out, the other settling rule, two players with one nick, #rack pragmas.
 * Each starts from a self-play game (Fullsterkur, the default English
 * lexicon) written as GCG, reshaped through the GCG structures, written
 * again and replayed. */
#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "board.h"
#include "game.h"
#include "gcg.h"
#include "lex.h"
#include "move.h"
#include "robot.h"
#include "rules.h"


/* A self-play game of ruleset v from seed as GCG text (malloc'd), played
 * to its end by going out (seeds are tried from seed on until one is). */
static char *
selfplay(const char *v, const struct lex *lex, uint64_t seed)
{
	const struct rules *r = rules_builtin(v);
	struct robot_opts ro = { .strategy = ROBOT_FULLSTERKUR };
	struct robot *rb;
	struct game *g;
	struct err e;
	char *buf = NULL;
	size_t len = 0;
	static const char *const nicks[] = { "doug", "josh" };

	rb = robot_create(r, lex, &ro, &e);
	g = game_create(r, 2, &e);
	ck_assert_ptr_nonnull(rb);
	ck_assert_ptr_nonnull(g);
	for (;; seed++) {
		ck_assert_int_eq(game_start(g, seed, &e), 0);
		while (game_over(g) == 0) {
			struct move m;

			ck_assert_int_eq(robot_choose(rb, game_position(g),
			    game_bag_count(g), NULL, &m, &e), 0);
			ck_assert_msg(game_play(g, &m, &e) == 0, "%s", e.msg);
		}
		if (strcmp(game_end_name(game_over(g)), "out") == 0)
			break;
	}
	{
		FILE *fp = open_memstream(&buf, &len);

		ck_assert_ptr_nonnull(fp);
		ck_assert_int_eq(game_write_gcg(g, fp, nicks, nicks, NULL, NULL,
		    &e), 0);
		fclose(fp);
	}
	game_destroy(g);
	robot_destroy(rb);
	return buf;
}

/* Parses text, or fails the test. */
static struct gcg_game *
parse(const char *text)
{
	struct err e;
	struct gcg_game *g = gcg_parse_mem(text, strlen(text), NULL, &e);

	ck_assert_msg(g != NULL, "%ld: %s", e.line, e.msg);
	return g;
}

/* g written and read back, then replayed (flags, lex NULL: scores and
 * placement).  Returns gcg_replay_ex's. */
static int
rewrite_replay(const struct gcg_game *g, int flags, struct gcg_result *res,
	struct err *e)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct gcg_game *h;
	int rc;

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(gcg_write(fp, g, e), 0);
	fclose(fp);
	h = gcg_parse_mem(buf, len, NULL, e);
	free(buf);
	if (h == NULL)
		return -1;
	rc = gcg_replay_ex(h, NULL, flags, NULL, NULL, res, e);
	gcg_game_destroy(h);
	return rc;
}

/* The tiles a turn event lays or exchanges, as a rack. */
static int
tiles_used(const struct gcg_event *ev, uint8_t *rack)
{
	int k, n = 0;

	memset(rack, 0, RULES_MAX_TILES);
	if (ev->kind != GCG_PLAY && ev->kind != GCG_EXCHANGE)
		return 0;
	for (k = 0; k < ev->move.len; k++) {
		uint8_t t = ev->move.tiles[k];

		if (t == 0)
			continue;
		rack[TILE_IS_BLANK(t) ? 0 : TILE_LETTER(t)]++;
		n++;
	}
	return n;
}

/* An annotator's record: josh's racks show only the tiles he played or
 * exchanged (or nothing, on a pass).  The game replays with every score
 * as before; a partial rack holding three Z does not. */
START_TEST(partial_racks)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_default_lex(r, "en", "check_gcg_wild");
	struct gcg_result full, part;
	struct gcg_game *g;
	struct err e;
	char *text;
	int i, cut = 0, zs = -1;

	if (lex == NULL)
		return;
	text = selfplay("en", lex, 31);
	g = parse(text);
	ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, &full, &e), 0);
	for (i = 0; i < g->nevents; i++) {
		struct gcg_event *ev = &g->events[i];

		if (ev->player != 1 || (ev->kind != GCG_PLAY &&
		    ev->kind != GCG_EXCHANGE && ev->kind != GCG_PASS))
			continue;
		ev->nrack = tiles_used(ev, ev->rack);
		if (ev->nrack == 0)
			ev->nrack = -1;
		cut++;
		if (zs < 0 && ev->kind == GCG_PLAY && ev->nrack < 5)
			zs = i;
	}
	ck_assert_int_gt(cut, 5);
	ck_assert_msg(rewrite_replay(g, 0, &part, &e) == 0, "%ld: %s", e.line,
	    e.msg);
	ck_assert_int_eq(part.scores[0], full.scores[0]);
	ck_assert_int_eq(part.scores[1], full.scores[1]);
	ck_assert_int_eq(part.ended, 1);
	ck_assert_int_eq(part.slips, 0);
	/* Strict reading takes partial racks too: they are not slips. */
	ck_assert_int_eq(rewrite_replay(g, GCG_STRICT, &part, &e), 0);
	/* Three Z: more than the bag has, partial rack or not. */
	ck_assert_int_ge(zs, 0);
	g->events[zs].rack[26] = 3;
	g->events[zs].nrack += 3;
	ck_assert_int_eq(rewrite_replay(g, 0, &part, &e), -1);
	ck_assert_msg(strstr(e.msg, "more than the bag's 1") != NULL, "%s", e.msg);
	gcg_game_destroy(g);
	free(text);
	lex_destroy(lex);
}
END_TEST

/* A complete rack that lacks a tile kept from the turn before (one of
 * the tiles not played then swapped for another): a slip, reported and
 * passed over; with GCG_STRICT an error naming the kept tiles. */
START_TEST(slip_in_complete_rack)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_default_lex(r, "en", "check_gcg_wild");
	struct gcg_result res;
	struct gcg_game *g;
	struct err e;
	char *text;
	int i, done = 0;

	if (lex == NULL)
		return;
	text = selfplay("en", lex, 41);
	g = parse(text);
	/* Doug's third turn on: a tile of his rack he keeps (not used) is
	 * turned into another letter the bag still has plenty of (E or A). */
	for (i = 4; i < g->nevents && !done; i++) {
		struct gcg_event *ev = &g->events[i];
		uint8_t used[RULES_MAX_TILES];
		int t, to;

		if (ev->player != 0 || ev->kind != GCG_PLAY || ev->nrack != 7)
			continue;
		tiles_used(ev, used);
		for (t = 1; t <= r->nletters && !done; t++) {
			to = t == 5 ? 1 : 5;
			if (ev->rack[t] > used[t] && ev->rack[to] == used[to]) {
				/* Kept, and the other letter is not played. */
				ev->rack[t]--;
				ev->rack[to]++;
				done = 1;
			}
		}
	}
	ck_assert(done);
	ck_assert_msg(rewrite_replay(g, 0, &res, &e) == 0, "%ld: %s", e.line,
	    e.msg);
	ck_assert_int_eq(res.slips, 1);
	ck_assert_ptr_nonnull(strstr(res.slip[0].msg, "does not hold the tiles"));
	ck_assert_int_eq(rewrite_replay(g, GCG_STRICT, &res, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "does not hold the tiles"));
	gcg_game_destroy(g);
	free(text);
	lex_destroy(lex);
}
END_TEST

/* The last play challenged (double challenge: the challenger loses the
 * turn, written as a pass) before the end lines, as annotators write it
 * (>doug: EGOP - +0 451, then >emely: (OPEG) +14 345): accepted in
 * English, which has a challenge rule; refused in a ruleset without one;
 * a second turn after the end is refused everywhere. */
START_TEST(failed_challenge_of_last_play)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_default_lex(r, "en", "check_gcg_wild");
	struct gcg_result res, before;
	struct gcg_game *g;
	struct gcg_event pass;
	struct err e;
	char *text;
	int endp;

	if (lex == NULL)
		return;
	text = selfplay("en", lex, 51);
	g = parse(text);
	ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, &before, &e), 0);
	endp = g->nevents - 1;
	ck_assert_int_eq(g->events[endp].kind, GCG_END_POINTS);
	/* The other player's pass, his rack the end line's, before it. */
	memset(&pass, 0, sizeof pass);
	pass.kind = GCG_PASS;
	pass.player = 1 - g->events[endp].player;
	pass.move.kind = MOVE_PASS;
	strcpy(pass.text, "-");
	memcpy(pass.rack, g->events[endp].other, RULES_MAX_TILES);
	pass.nrack = g->events[endp].nother;
	pass.total = before.scores[pass.player];
	ck_assert_int_eq(gcg_game_add_event(g, &g->events[endp], &e), 0);
	g->events[endp] = pass;
	ck_assert_msg(rewrite_replay(g, 0, &res, &e) == 0, "%ld: %s", e.line,
	    e.msg);
	ck_assert_int_eq(res.settled, 1);
	ck_assert_int_eq(res.scores[0], before.scores[0]);
	ck_assert_int_eq(res.scores[1], before.scores[1]);
	/* Without a challenge rule (the same game as Icelandic bag and
	 * rules would not replay at all): r's challenge rule off. */
	g->rules.challenge = CHALLENGE_NONE;
	ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, &res, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "after the game ended"));
	g->rules.challenge = CHALLENGE_DOUBLE;
	/* Two passes after the end: the second is a real turn. */
	ck_assert_int_eq(gcg_game_add_event(g, &g->events[endp + 1], &e), 0);
	g->events[endp + 1] = pass;
	ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, &res, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "after the game ended"));
	gcg_game_destroy(g);
	free(text);
	lex_destroy(lex);
}
END_TEST

/* The English ruleset settles double ((RACK) +2v); older files settle by
 * transfer ((RACK) +v, and the other's RACK (RACK) -v): accepted, and
 * the result says which; end points of neither are refused. */
START_TEST(either_settling)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_default_lex(r, "en", "check_gcg_wild");
	struct gcg_result res;
	struct gcg_game *g;
	struct gcg_event pen;
	struct err e;
	char *text;
	int i, endp = -1, v;

	if (lex == NULL)
		return;
	text = selfplay("en", lex, 61);
	g = parse(text);
	ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, &res, &e), 0);
	ck_assert_int_eq(res.settle, SETTLE_DOUBLE);
	for (i = 0; i < g->nevents; i++)
		if (g->events[i].kind == GCG_END_POINTS)
			endp = i;
	ck_assert_int_eq(endp, g->nevents - 1);
	v = g->events[endp].score / 2;
	ck_assert_int_gt(v, 0);
	/* Transfer: +v to the finisher, -v for the other. */
	g->events[endp].score = v;
	g->events[endp].total -= v;
	memset(&pen, 0, sizeof pen);
	pen.kind = GCG_RACK_PENALTY;
	pen.player = 1 - g->events[endp].player;
	memcpy(pen.rack, g->events[endp].other, RULES_MAX_TILES);
	memcpy(pen.other, g->events[endp].other, RULES_MAX_TILES);
	pen.nrack = pen.nother = g->events[endp].nother;
	pen.score = -v;
	pen.total = res.scores[pen.player] - v;
	ck_assert_int_eq(gcg_game_add_event(g, &pen, &e), 0);
	ck_assert_msg(rewrite_replay(g, 0, &res, &e) == 0, "%ld: %s", e.line,
	    e.msg);
	ck_assert_int_eq(res.settle, SETTLE_TRANSFER);
	ck_assert_int_eq(res.settled, 1);
	/* Neither: three times the rack. */
	g->events[endp].score = 3 * v;
	g->events[endp].total += 2 * v;
	ck_assert_int_eq(rewrite_replay(g, 0, &res, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "(double settling) or"));
	gcg_game_destroy(g);
	free(text);
	lex_destroy(lex);
}
END_TEST

/* Both players called NoName (#player1 NoName New Player 2, #player2
 * NoName jasonkb, every event by NoName): the seats alternate and the
 * game replays with the same scores; an event by a nick that is no
 * player's is still an error. */
START_TEST(one_nick_two_players)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_default_lex(r, "en", "check_gcg_wild");
	struct gcg_result a, b;
	struct err e;
	char *text, *t2, *p;
	size_t n;

	if (lex == NULL)
		return;
	text = selfplay("en", lex, 71);
	{
		struct gcg_game *g = parse(text);

		ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, &a, &e), 0);
		gcg_game_destroy(g);
	}
	/* Every "doug" and "josh" becomes "NoName" (same length: 6 = 4 + 2
	 * is not; write a fresh text). */
	n = strlen(text);
	t2 = malloc(n * 2 + 1);
	ck_assert_ptr_nonnull(t2);
	t2[0] = '\0';
	for (p = text; *p; ) {
		if (strncmp(p, "doug", 4) == 0 || strncmp(p, "josh", 4) == 0) {
			strcat(t2, "NoName");
			p += 4;
		} else {
			size_t k = strlen(t2);

			t2[k] = *p++;
			t2[k + 1] = '\0';
		}
	}
	{
		struct gcg_game *g = parse(t2);

		ck_assert_int_eq(g->shared_nicks, 1);
		ck_assert_msg(gcg_replay(g, NULL, NULL, NULL, &b, &e) == 0,
		    "%ld: %s", e.line, e.msg);
		ck_assert_int_eq(b.scores[0], a.scores[0]);
		ck_assert_int_eq(b.scores[1], a.scores[1]);
		ck_assert_int_eq(b.settled, 1);
		gcg_game_destroy(g);
	}
	/* A nick no player has. */
	p = strstr(t2, ">NoName:");
	ck_assert_ptr_nonnull(p);
	memcpy(p + 1, "Nobody", 6);
	ck_assert_ptr_null(gcg_parse_mem(t2, strlen(t2), NULL, &e));
	ck_assert_ptr_nonnull(strstr(e.msg, "unknown player 'Nobody'"));
	free(t2);
	free(text);
	lex_destroy(lex);
}
END_TEST

/* #rack1 naming tiles the unseen pool cannot hold (three Z) is refused
 * with its line; one it can hold is fine.  A withdrawn play whose rack
 * is not the play's is refused. */
START_TEST(rack_pragmas_and_withdrawals)
{
	const struct rules *r = rules_builtin("en");
	struct lex *lex = test_default_lex(r, "en", "check_gcg_wild");
	struct gcg_result res;
	struct err e;
	char *text, *t2;
	size_t n;

	if (lex == NULL)
		return;
	text = selfplay("en", lex, 81);
	n = strlen(text);
	t2 = malloc(n + 64);
	ck_assert_ptr_nonnull(t2);
	snprintf(t2, n + 64, "%s#rack1 ZZZ\n", text);
	{
		struct gcg_game *g = parse(t2);

		ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, &res, &e), -1);
		ck_assert_ptr_nonnull(strstr(e.msg, "more than the bag's 1"));
		gcg_game_destroy(g);
	}
	snprintf(t2, n + 64, "%s#rack1 \n", text);
	{
		struct gcg_game *g = parse(t2);

		ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, &res, &e), 0);
		gcg_game_destroy(g);
	}
	/* A withdrawal right after doug's first play, its rack changed. */
	{
		struct gcg_game *g = parse(text);
		struct gcg_event w;
		int i;

		for (i = 0; g->events[i].kind != GCG_PLAY; i++)
			;
		memset(&w, 0, sizeof w);
		w = g->events[i];
		w.kind = GCG_WITHDRAWN;
		w.score = -g->events[i].score;
		w.total = 0;
		/* A tile of the rack swapped for one it does not hold. */
		{
			int t = 1, u = 1;

			while (w.rack[t] == 0)
				t++;
			while (w.rack[u] != 0)
				u++;
			w.rack[t]--;
			w.rack[u]++;
		}
		/* Only the line is needed: the rest of the game is not
		 * replayed past it. */
		g->nevents = i + 1;
		ck_assert_int_eq(gcg_game_add_event(g, &w, &e), 0);
		ck_assert_int_eq(rewrite_replay(g, 0, &res, &e), -1);
		ck_assert_msg(strstr(e.msg, "withdrawn play: rack") != NULL, "%s",
		    e.msg);
		gcg_game_destroy(g);
	}
	free(t2);
	free(text);
	lex_destroy(lex);
}
END_TEST

/* Netskrafl's end counter in a record (is, is-old): five passes, a play
 * of two blanks scoring 0 (it resets the count), then six turns without
 * a play end the game, and a seventh is after the end.  In English the
 * 0-point play is itself the sixth scoreless turn. */
START_TEST(netskrafl_counter_in_records)
{
	static const char *const names[] = { "is", "is-old", "en" };
	char text[2048];
	int v, i;

	for (v = 0; v < 3; v++) {
		struct gcg_game *g;
		struct gcg_result res;
		struct err e;
		size_t n;

		n = (size_t)snprintf(text, sizeof text, "#tile-distribution %s\n"
		    "#player1 a A\n#player2 b B\n", names[v]);
		for (i = 0; i < 5; i++)
			n += (size_t)snprintf(text + n, sizeof text - n,
			    ">%c: - +0 0\n", "ab"[i % 2]);
		n += (size_t)snprintf(text + n, sizeof text - n,
		    ">b: ?? 8G ab +0 0\n");
		for (i = 0; i < 7; i++)
			n += (size_t)snprintf(text + n, sizeof text - n,
			    ">%c: - +0 0\n", "ab"[i % 2]);
		g = parse(text);
		ck_assert_int_eq(gcg_replay(g, NULL, NULL, NULL, &res, &e), -1);
		ck_assert_ptr_nonnull(strstr(e.msg, "after the game ended"));
		/* is: the seventh pass after the play (line 3 + 5 + 1 + 7);
		 * en: the first pass after it. */
		ck_assert_int_eq(e.line, v < 2 ? 16 : 10);
		gcg_game_destroy(g);
	}
}
END_TEST

static Suite *
wild_suite(void)
{
	Suite *s = suite_create("gcg_wild");
	TCase *tc = tcase_create("shapes");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, partial_racks);
	tcase_add_test(tc, slip_in_complete_rack);
	tcase_add_test(tc, failed_challenge_of_last_play);
	tcase_add_test(tc, either_settling);
	tcase_add_test(tc, one_nick_two_players);
	tcase_add_test(tc, rack_pragmas_and_withdrawals);
	tcase_add_test(tc, netskrafl_counter_in_records);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return test_run(wild_suite());
}
