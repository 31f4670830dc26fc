/*
 * robot.c — the robot players (robot.h).  Stub: passes until gen lands.
 */
#include <stdlib.h>
#include <string.h>
#include "robot.h"

struct robot {
	const struct rules *r;
	const struct lex *lex;
	struct robot_opts opts;
};

static const char *const robot_names[] = {
	"fullsterkur", "midlungur", "amlodi", "equity"
};

int
robot_parse_strategy(const char *name, enum robot_strategy *out)
{
	static const struct { const char *n; enum robot_strategy s; } tab[] = {
		{ "fullsterkur", ROBOT_FULLSTERKUR }, { "Fullsterkur", ROBOT_FULLSTERKUR },
		{ "full", ROBOT_FULLSTERKUR },
		{ "midlungur", ROBOT_MIDLUNGUR }, { "Midlungur", ROBOT_MIDLUNGUR },
		{ "mi\xc3\xb0lungur", ROBOT_MIDLUNGUR }, { "Mi\xc3\xb0lungur", ROBOT_MIDLUNGUR },
		{ "amlodi", ROBOT_AMLODI }, { "Amlodi", ROBOT_AMLODI },
		{ "aml\xc3\xb3\xc3\xb0i", ROBOT_AMLODI }, { "Aml\xc3\xb3\xc3\xb0i", ROBOT_AMLODI },
		{ "equity", ROBOT_EQUITY },
	};
	size_t i;

	for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strcmp(name, tab[i].n) == 0) {
			*out = tab[i].s;
			return 0;
		}
	return -1;
}

const char *
robot_strategy_name(enum robot_strategy s)
{
	if ((unsigned)s >= sizeof robot_names / sizeof robot_names[0])
		return "?";
	return robot_names[s];
}

struct robot *
robot_create(const struct rules *r, const struct lex *lex,
	const struct robot_opts *opts, struct err *e)
{
	struct robot *rb = calloc(1, sizeof *rb);

	if (rb == NULL) {
		err_set(e, 0, "out of memory");
		return NULL;
	}
	rb->r = r;
	rb->lex = lex;
	if (opts != NULL)
		rb->opts = *opts;
	return rb;
}

void
robot_destroy(struct robot *rb)
{
	free(rb);
}

int
robot_choose(struct robot *rb, const struct position *p, int bag_count,
	struct rng *rng, struct move *out, struct err *e)
{
	(void)rb; (void)p; (void)bag_count; (void)rng; (void)e;
	memset(out, 0, sizeof *out);
	out->kind = MOVE_PASS;
	return 0;
}
