/* gcg.c — GCG games (SPEC §2.3): stub while the implementation lands. */
#include <stdlib.h>
#include "gcg.h"

struct gcg_reader {
	FILE *fp;
};

struct gcg_reader *
gcg_reader_open(FILE *fp, const char *name, const struct rules *default_rules,
	struct err *e)
{
	(void)fp; (void)name; (void)default_rules;
	err_set(e, 0, "gcg: not implemented yet");
	return NULL;
}

int
gcg_read(struct gcg_reader *rd, struct gcg_game **out, struct err *e)
{
	(void)rd;
	*out = NULL;
	err_set(e, 0, "gcg: not implemented yet");
	return -1;
}

int
gcg_reader_io_error(const struct gcg_reader *rd)
{
	(void)rd;
	return 1;
}

void
gcg_reader_close(struct gcg_reader *rd)
{
	free(rd);
}

struct gcg_game *
gcg_parse_mem(const char *buf, size_t len, const struct rules *default_rules,
	struct err *e)
{
	(void)buf; (void)len; (void)default_rules;
	err_set(e, 0, "gcg: not implemented yet");
	return NULL;
}

struct gcg_game *
gcg_game_create(const struct rules *r, struct err *e)
{
	(void)r;
	err_set(e, 0, "gcg: not implemented yet");
	return NULL;
}

void
gcg_game_destroy(struct gcg_game *g)
{
	free(g);
}

int
gcg_game_set_player(struct gcg_game *g, int i, const char *nick,
	const char *name, struct err *e)
{
	(void)g; (void)i; (void)nick; (void)name;
	err_set(e, 0, "gcg: not implemented yet");
	return -1;
}

int
gcg_game_add_pragma(struct gcg_game *g, const char *name, const char *value,
	struct err *e)
{
	(void)g; (void)name; (void)value;
	err_set(e, 0, "gcg: not implemented yet");
	return -1;
}

int
gcg_game_add_event(struct gcg_game *g, const struct gcg_event *ev,
	struct err *e)
{
	(void)g; (void)ev;
	err_set(e, 0, "gcg: not implemented yet");
	return -1;
}

int
gcg_game_add_move(struct gcg_game *g, int player,
	const uint8_t rack[RULES_MAX_TILES], const struct move *m, struct err *e)
{
	(void)g; (void)player; (void)rack; (void)m;
	err_set(e, 0, "gcg: not implemented yet");
	return -1;
}

int
gcg_game_settle(struct gcg_game *g, const uint8_t racks[][RULES_MAX_TILES],
	int finisher, struct err *e)
{
	(void)g; (void)racks; (void)finisher;
	err_set(e, 0, "gcg: not implemented yet");
	return -1;
}

int
gcg_format_event(const struct gcg_game *g, const struct gcg_event *ev,
	char *out, size_t cap)
{
	(void)g; (void)ev; (void)out; (void)cap;
	return -1;
}

int
gcg_write(FILE *fp, const struct gcg_game *g, struct err *e)
{
	(void)fp; (void)g;
	err_set(e, 0, "gcg: not implemented yet");
	return -1;
}

int
gcg_replay(const struct gcg_game *g, const struct lex *lex,
	int (*fn)(const struct gcg_turn *t, void *arg), void *arg,
	struct gcg_result *res, struct err *e)
{
	(void)g; (void)lex; (void)fn; (void)arg; (void)res;
	err_set(e, 0, "gcg: not implemented yet");
	return -1;
}
