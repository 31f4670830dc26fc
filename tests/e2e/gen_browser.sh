#!/bin/sh
# movegen's analysis page in a real browser (Debian's chromium, headless,
# driven by tests/browser/pagecheck.py over the DevTools protocol on a
# pipe): no console error, no request beyond the file, the arrow keys and
# the move list step the board, and at 390 CSS pixels the body does not
# overflow.  make setup installs chromium and python3.
set -eu
command -v chromium >/dev/null && command -v python3 >/dev/null || {
	echo "chromium or python3 missing: make setup installs them"; exit 1; }
[ -f "$ORDVERK_LEXDIR/en.lex" ] || { echo "no default en lexicon"; exit 77; }
TOP=$(cd "$DATA/../.." && pwd)
# Run as root (containers, CI): the sandbox needs --no-sandbox, which the
# check passes; a browser that cannot start even so is a skip, said.
if ! timeout 60 chromium --headless --no-sandbox --disable-gpu \
    --user-data-dir="$WORK/probe" --dump-dom about:blank >/dev/null 2>&1; then
	echo "chromium does not start here (even with --no-sandbox): skipped"
	exit 77
fi
# A game with a withdrawn phony, an exchange, notes; by equity.
"$BIN/movegen" -a --html page.html "$DATA/gcg/en-public.gcg" > /dev/null
xmllint --noout page.html
timeout 120 python3 "$TOP/tests/browser/pagecheck.py" chromium page.html
