#!/bin/sh
# run-cli.sh BINDIR — the end-to-end tests of the tools.
#
# Data-driven cases: tests/cli/TOOL/CASE.args holds the command line after the
# tool name (one line, expanded by the shell, so $SHARED, $CONF, $TESTLEX and
# $DATA may be used); CASE.in is standard input (default: empty); CASE.out the
# expected standard output; CASE.err the expected standard error; CASE.rc the
# expected exit status (default 0).  Files that are absent are not compared.
# A case whose args mention $SHARED is skipped when ../shared is absent.
# $CONF is the conformance set, ../shared's or else the project's own
# (tests/data/conformance); a case CASE.out has CASE.own.out beside it when
# the outputs differ (the project's set is used when OWN=1).
#
# Script cases: tests/e2e/*.sh, each run with BIN, SHARED, CONF, OWN, DATA and
# WORK (a fresh temporary directory) set, and LIST_no, LIST_da, LIST_is,
# LIST_en (the small 2-4 letter word lists of the conformance set) and
# TWOLETTER (the Icelandic two-letter words); exit 0 = pass, 77 = skipped.
#
# Ends with the line "N passed, N failed, N skipped".
set -u
BIN=$(cd "$1" && pwd)
TOP=$(cd "$(dirname "$0")/.." && pwd)
DATA=$TOP/tests/data
SHARED=${ORDVERK_SHARED:-$TOP/../shared}
[ -d "$SHARED" ] || SHARED=""
if [ -n "$SHARED" ]; then
	CONF=$SHARED/conformance OWN=0
	LIST_no=$SHARED/wordlists/small/no-bokmaal-2to4.txt
	LIST_da=$CONF/da-2to4-lower.txt
	LIST_is=$SHARED/wordlists/small/is-2to4.txt
	LIST_en=$SHARED/wordlists/small/en-enable-2to4.txt
	TWOLETTER=$SHARED/wordlists/is-twoletter.txt
else
	CONF=$DATA/conformance OWN=1
	LIST_no=$CONF/no-2to4.txt LIST_da=$CONF/da-2to4.txt
	LIST_is=$CONF/is-2to4.txt LIST_en=$CONF/en-2to4.txt
	TWOLETTER=$TOP/wordlists/is-twoletter.txt
fi
export CONF OWN LIST_no LIST_da LIST_is LIST_en TWOLETTER
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export BIN DATA SHARED WORK
export ORDVERK_LEXDIR="${ORDVERK_LEXDIR:-$TOP/lexicons}"
export PATH="$BIN:$PATH"
# Leaks are failures (LeakSanitizer is part of AddressSanitizer).
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=99"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=98"
pass=0 fail=0 skip=0

for args in "$TOP"/tests/cli/*/*.args; do
	[ -e "$args" ] || continue
	dir=$(dirname "$args")
	tool=$(basename "$dir")
	case=${args%.args}
	name="$tool/$(basename "$case")"
	if grep -q 'SHARED' "$args" && [ -z "$SHARED" ]; then
		echo "SKIP $name (no ../shared)"; skip=$((skip + 1)); continue
	fi
	in=/dev/null; [ -f "$case.in" ] && in="$case.in"
	want_rc=0; [ -f "$case.rc" ] && want_rc=$(cat "$case.rc")
	out=$case.out; [ "$OWN" = 1 ] && [ -f "$case.own.out" ] && out=$case.own.out
	line=$(cat "$args")
	(cd "$WORK" && eval "\"$BIN/$tool\" $line") <"$in" >"$WORK/out" 2>"$WORK/err"
	rc=$?
	ok=1
	[ "$rc" = "$want_rc" ] || { echo "FAIL $name: exit $rc, want $want_rc"; ok=0; }
	if [ -f "$out" ] && ! cmp -s "$out" "$WORK/out"; then
		echo "FAIL $name: stdout differs"; diff "$out" "$WORK/out" | head -20; ok=0
	fi
	if [ -f "$case.err" ] && ! cmp -s "$case.err" "$WORK/err"; then
		echo "FAIL $name: stderr differs"; diff "$case.err" "$WORK/err" | head -20; ok=0
	fi
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); sed 's/^/  stderr: /' "$WORK/err" | head -5; fi
done

for t in "$TOP"/tests/e2e/*.sh; do
	[ -e "$t" ] || continue
	name=e2e/$(basename "$t" .sh)
	mkdir -p "$WORK/$name"
	(cd "$WORK/$name" && WORK="$WORK/$name" sh "$t") >"$WORK/e2e.log" 2>&1
	rc=$?
	if [ $rc = 0 ]; then pass=$((pass + 1))
	elif [ $rc = 77 ]; then skip=$((skip + 1)); echo "SKIP $name: $(tail -1 "$WORK/e2e.log")"
	else fail=$((fail + 1)); echo "FAIL $name (exit $rc)"; tail -20 "$WORK/e2e.log" | sed 's/^/  /'; fi
done

echo "cli: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
