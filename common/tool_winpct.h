/*
 * tool_winpct.h — `bagsim winpct`: learning win tables by equity
 * self-play, merging them, showing them (bagsim(1), ordverk-winpct(5)).
 * Support for bagsim's main only, like tool.h: it parses its options,
 * prints its messages and exits on error.  The tables are winpct.h's.
 */
#ifndef ORDVERK_TOOL_WINPCT_H
#define ORDVERK_TOOL_WINPCT_H

/* tool_winpct: the command, argv[0] "winpct", then "merge", "show" or
 * the options of a run.  Returns the exit status. */
int tool_winpct(int argc, char **argv);

#endif
