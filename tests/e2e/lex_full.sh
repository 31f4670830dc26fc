#!/bin/sh
# lex_full.sh — a whole real list (ENABLE, 172,823 entries): after compile
# and load every word of 2..15 letters is found and exactly the longer ones
# are not; near-misses of the 2..4-letter list (a letter changed, added,
# removed) are found exactly when they are words themselves.
set -u
fail() { echo "FAIL: $*"; exit 1; }
L=$BIN/lexcompile W=$BIN/wordcheck
[ -n "$SHARED" ] && [ -r "$SHARED/wordlists/en-enable.txt.gz" ] ||
	{ echo "no ../shared/wordlists/en-enable.txt.gz"; exit 77; }

$L -r en -o enable.lex "$SHARED/wordlists/en-enable.txt.gz" 2> err || fail compile
grep -qx 'lexcompile: 172823 words in, 168551 kept, 4272 rejected, 0 folded, 0 duplicates' err ||
	fail "summary: $(tail -2 err)"
[ $(grep -c ': too long$' err) = 4272 ] || fail "too-long reports"
gzip -dc "$SHARED/wordlists/en-enable.txt.gz" > enable.txt
$W -l enable.lex --invalid < enable.txt > got; rc=$?
[ $rc = 1 ] || fail "exit $rc"
awk 'length($0) > 15' enable.txt > want   # not word forms: as written
cmp -s want got || fail "not found: $(diff want got | head -5)"
[ $(wc -l < got) = 4272 ] || fail "count"
$W -l enable.lex --list | wc -l | tr -d ' ' > got
echo 168551 | cmp -s - got || fail "list count $(cat got)"

# Near-misses: expected verdicts from awk's own set of the list.
small=$SHARED/wordlists/small/en-enable-2to4.txt
$L -q -r en -o small.lex "$small" || fail "compile small"
tr a-z A-Z < "$small" > words.txt
awk 'BEGIN { n = split("A E I O S T Z Q", L, " ") }
	NR == FNR { ok[$0] = 1; next }
	{
		w = $0; k = length(w)
		for (i = 1; i <= n; i++) {
			v[1] = w L[i]                               # added at the end
			v[2] = L[i] w                               # added at the start
			v[3] = L[i] substr(w, 2)                    # first changed
			v[4] = substr(w, 1, k - 1) L[i]             # last changed
			for (j = 1; j <= 4; j++)
				if (length(v[j]) >= 2)
					print v[j] "\t" (v[j] in ok ? "ok" : "no")
		}
		if (k > 2) {
			d = substr(w, 1, k - 1)                     # last removed
			print d "\t" (d in ok ? "ok" : "no")
			d = substr(w, 2)                            # first removed
			print d "\t" (d in ok ? "ok" : "no")
		}
	}' words.txt words.txt > want
cut -f1 want | $W -l small.lex > got
cmp -s want got || fail "near-misses: $(diff want got | head -5)"
grep -c '	ok$' want > /dev/null || fail "no near-miss is a word: the test is vacuous"
grep -c '	no$' want > /dev/null || fail "every near-miss is a word"
echo ok
