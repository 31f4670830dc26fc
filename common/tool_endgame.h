/*
 * tool_endgame.h — movegen's endgame mode (movegen(1), ENDGAME): the exact
 * solver of endgame.h over CGP lines, and the merge of sharded runs.
 * Support for the mains only, like tool.h: it parses its own options,
 * prints and exits.
 */
#ifndef ORDVERK_TOOL_ENDGAME_H
#define ORDVERK_TOOL_ENDGAME_H

/* tool_endgame_hook: if argv (before a "--") holds --endgame or
 * --endgame-merge, runs that mode with the whole command line and exits
 * with its status (TOOL_OK, TOOL_ERR); else returns at once. */
void tool_endgame_hook(int argc, char *argv[]);

#endif
