#!/bin/sh
# fuzz.sh [TARGET...] — runs each libFuzzer target in tests/fuzz/ for
# FUZZ_SECONDS (default 60) seconds.  Seeds: tests/fuzz/corpus/TARGET/ (kept
# in git, replayed by `make check`).  A crash input is kept in
# fuzz-crashes/TARGET/; fix the bug, then copy the input into the corpus as a
# regression case.  Needs clang and its runtime (libclang-rt-14-dev): as root
# this script installs them.
set -eu
cd "$(dirname "$0")/.."
secs=${FUZZ_SECONDS:-60}
if ! command -v clang >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ]; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang libclang-rt-14-dev >/dev/null
	else
		echo "fuzz.sh: needs clang: apt-get install clang libclang-rt-14-dev" >&2; exit 2
	fi
fi
targets=${*:-$(ls tests/fuzz/fuzz_*.c | sed 's|.*/fuzz_||; s|\.c$||')}
mkdir -p build/fuzz
status=0
for t in $targets; do
	exe=build/fuzz/fuzz_$t
	clang -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -O1 -g \
		-DORDVERK_VERSION='"fuzz"' -DORDVERK_LEXDIR='"/nonexistent"' \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-Icommon -o "$exe" "tests/fuzz/fuzz_$t.c" common/*.c -lz -lm
	mkdir -p "build/fuzz/corpus_$t" "fuzz-crashes/$t"
	seeds=""
	[ -d "tests/fuzz/corpus/$t" ] && seeds="tests/fuzz/corpus/$t"
	echo "== fuzz_$t: $secs s"
	if ! "$exe" -max_total_time="$secs" -max_len=65536 -timeout=10 \
		-artifact_prefix="fuzz-crashes/$t/" "build/fuzz/corpus_$t" $seeds \
		> "build/fuzz/$t.log" 2>&1; then
		echo "fuzz_$t: FOUND A CRASH, input kept in fuzz-crashes/$t/"; tail -30 "build/fuzz/$t.log"
		status=1
	else
		tail -1 "build/fuzz/$t.log"
	fi
done
exit $status
