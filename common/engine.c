/*
 * engine.c — a ruleset's lexicon, leaves, generator and robot (engine.h).
 */
#include <string.h>
#include "engine.h"
#include "game.h"
#include "winpct.h"

int
engine_open(struct engine *en, const struct rules *r,
	const struct engine_opts *opts, struct err *e)
{
	memset(en, 0, sizeof *en);
	en->rules = *r;
	if ((en->lex = lex_load(opts->lexicon, &en->rules, e)) == NULL)
		goto fail;
	/* lex_load refused a lexicon or vocabulary of another alphabet. */
	if (opts->vocab != NULL &&
	    (en->vocab = lex_load(opts->vocab, &en->rules, e)) == NULL)
		goto fail;
	en->leaves = opts->leaves;
	if (en->leaves == NULL && opts->leaves_path != NULL) {
		struct err ie;

		if ((en->own_leaves = klv_load(opts->leaves_path, &en->rules,
		    &ie)) == NULL) {
			err_file(e, opts->leaves_path, &ie);
			goto fail;
		}
		en->leaves = en->own_leaves;
	}
	if ((en->gen = gen_create(&en->rules, en->lex, e)) == NULL)
		goto nomem;
	if (opts->robot >= 0) {
		struct robot_opts ro;

		memset(&ro, 0, sizeof ro);
		ro.strategy = (enum robot_strategy)opts->robot;
		ro.vocab = en->vocab;
		ro.leaves = en->leaves;
		if (ro.strategy == ROBOT_SIM && opts->winpct_path != NULL) {
			struct err ie;

			if ((en->winpct = winpct_load(opts->winpct_path,
			    &en->rules, &ie)) == NULL) {
				err_file(e, opts->winpct_path, &ie);
				engine_close(en);
				return -1;
			}
			ro.winpct = en->winpct;
		}
		if ((en->robot = robot_create(&en->rules, en->lex, &ro, e)) == NULL)
			goto nomem;
	}
	return 0;
nomem:
	engine_close(en);
	return -2;
fail:
	engine_close(en);
	return -1;
}

void
engine_close(struct engine *en)
{
	robot_destroy(en->robot);
	gen_destroy(en->gen);
	lex_destroy(en->lex);
	lex_destroy(en->vocab);
	klv_destroy(en->own_leaves);
	winpct_destroy(en->winpct);
	memset(en, 0, sizeof *en);
}

int
engine_prepare(struct engine *en, const struct position *p, int *bag,
	const struct equity **eq, struct err *e)
{
	*eq = NULL;
	if ((*bag = position_bag_count(&en->rules, p)) < 0) {
		if (position_check_tiles(&en->rules, p, e) == 0)
			err_set(e, 0, "position holds more tiles than the bag");
		return -1;
	}
	if (en->leaves == NULL)
		return 0;
	if (equity_prepare(&en->eq, &en->rules, en->leaves, p, *bag, e) != 0)
		return -1;
	*eq = &en->eq;
	return 0;
}

int
engine_selfplay(struct engine *en, long games, uint64_t seed,
	struct rng *rng,
	int (*fn)(const struct position *p, int bag, void *arg), void *arg,
	struct err *e)
{
	struct game *gm;
	struct err why;
	long k;
	int rc = 0;

	if (en->robot == NULL) {
		struct robot_opts ro = { .strategy = ROBOT_FULLSTERKUR };

		if ((en->robot = robot_create(&en->rules, en->lex, &ro, e)) == NULL)
			return -1;
	}
	if ((gm = game_create(&en->rules, 2, e)) == NULL)
		return -1;
	for (k = 0; k < games && rc == 0; k++) {
		if (game_start(gm, rng_stream_seed(seed, (uint64_t)k), e) != 0) {
			rc = -1;
			break;
		}
		while (rc == 0 && game_over(gm) == GAME_ON) {
			const struct position *p = game_position(gm);
			struct move m;

			if ((rc = fn(p, game_bag_count(gm), arg)) != 0)
				break;
			if (robot_choose(en->robot, p, game_bag_count(gm), rng, &m,
			    &why) != 0 || game_play(gm, &m, &why) != 0) {
				err_set(e, 0, "self-play: %s", why.msg);
				rc = -1;
			}
		}
	}
	game_destroy(gm);
	return rc;
}

struct cgp_out {
	const struct engine *en;
	FILE *fp;
	int too_long;
};

static int
cgp_out(const struct position *p, int bag, void *arg)
{
	struct cgp_out *co = arg;
	struct position q = *p;
	char buf[8192];

	(void)bag;
	q.bingo_bonus = -1;
	q.max_zeros = -1;
	if (cgp_format(&co->en->rules, &q, buf, sizeof buf) < 0) {
		co->too_long = 1;
		return 1;
	}
	fprintf(co->fp, "%s\n", buf);
	return 0;
}

int
engine_selfplay_cgp(struct engine *en, long games, uint64_t seed,
	struct rng *rng, FILE *fp, struct err *e)
{
	struct cgp_out co = { en, fp, 0 };
	int rc = engine_selfplay(en, games, seed, rng, cgp_out, &co, e);

	if (co.too_long) {
		err_set(e, 0, "position too long for CGP");
		return -1;
	}
	return rc < 0 ? -1 : 0;
}
