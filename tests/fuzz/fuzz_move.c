/* fuzz_move.c — move notation, against a board with a few tiles; a parsed
 * move must format and parse back to the same move, and validation must not
 * crash whatever the move. */
#include <stdint.h>
#include <string.h>
#include "board.h"
#include "move.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct rules *r = rules_builtin("no");
	struct position p;
	struct move m, m2;
	struct err e;
	char out[128];
	int n;

	if (r == NULL)
		return 0;
	memset(&p, 0, sizeof p);
	board_init(&p.board, r);
	/* KVINNE across from H8 */
	{
		static const char word[] = "KVINNE";
		int i;
		for (i = 0; word[i]; i++) {
			uint8_t t;
			int lower;
			if (rules_decode_letter(r, word + i, 1, &t, &lower) == 1) {
				p.board.sq[7 * p.board.cols + 7 + i] = t;
				p.board.ntiles++;
			}
		}
	}
	p.nplayers = 2;
	p.racks[0][1] = 2;
	p.racks[0][0] = 1;
	p.rack_known[0] = p.rack_known[1] = 1;
	p.exchange_min = -1;
	p.challenge = -1;
	if (move_parse(r, &p.board, (const char *)data, size, (int)(size & 1), &m, &e) != 0)
		return 0;
	n = move_format(r, &m, out, sizeof out);
	if (n > 0 && move_parse(r, &p.board, out, (size_t)n, 0, &m2, &e) != 0 &&
	    m.kind == MOVE_PLACE)
		__builtin_trap();   /* our own notation must parse */
	(void)move_validate(r, NULL, &p, &m, NULL, &e);
	return 0;
}
