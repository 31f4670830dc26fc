#!/bin/sh
# hardening.sh — every tool against bad input of every kind (issue 7):
# empty, garbage, invalid UTF-8, UTF-16, CRLF, a 1 MB line, truncation,
# numbers out of range, letters outside the alphabet, the wrong ruleset for a
# lexicon, and a full stdout.  Each must end with exit 1 or 2 (never 0 on
# garbage, never a crash: sanitizer exits 98/99 or a signal), say what is
# wrong on stderr as "tool: ...", and leave no output file behind.
set -u
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# Inputs.
printf 'kvinne\nhest\nhester\nøl\nidé\nbil\nbiler\nkasse\n' > words.txt
lexcompile -q -r no -o no.lex words.txt || { echo "cannot build test lexicon"; exit 1; }
: > empty
awk 'BEGIN { srand(7); for (i = 0; i < 4096; i++) printf "%c", int(rand() * 256) }' > garbage
printf 'kvinne\n\377\376\303\n' > badutf8
printf '\377\376k\000v\000\n\000' > utf16
printf 'kvinne\r\nhest\r\n' > crlf
head -c 1048577 /dev/zero | tr '\000' 'a' > hugeline
printf '15/15/15/15/15/15/15/KVIN' > trunc.cgp
printf '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABC/DEF 0/0 0 ld no;\t8H KVINNE\n' > cgp-rack
printf '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABC/DEF 99999999999999999999/0 0 ld no;\t-\n' > cgp-range
printf '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ÞÐ/DEF 0/0 0 ld no;\t-\n' > cgp-alpha
printf '#character-encoding UTF-8\n#player1 a A\n#player2 b B\n#tile-distribution no\n>a: KVINNEA 8D KVINNE +99 99\n' > wrongscore.gcg
printf '#player1 a A\n#player2 b B\n>a: KVIN' > trunc.gcg
printf '2026-12-02T21:05:00Z\tanna\tbjorn\t420\n' > short.tsv
printf '2026-13-45T99:05:00Z\tanna\tbjorn\t420\t400\n' > badtime.tsv
printf '2026-12-02T21:05:00Z\tanna\tbjorn\t420000000000000\t400\n' > range.tsv
head -c 200 no.lex > trunc.lex

# expect RC-LIST NAME CMD...: runs CMD with stdin from $IN (default empty).
expect() {
	want=$1 name=$2; shift 2
	"$@" < "${IN:-empty}" > out.txt 2> err.txt
	rc=$?
	case " $want " in *" $rc "*) ;; *) fail "$name: exit $rc, want one of: $want"; sed 's/^/    /' err.txt | head -3; return ;; esac
	# A negative answer (1) may be told on stdout; an error (2) on stderr.
	if [ "$rc" = 2 ]; then
		tool=$(basename "$1")
		head -1 err.txt | grep -q "^$tool: " || { fail "$name: stderr does not start with '$tool: '"; head -2 err.txt | sed 's/^/    /'; }
	fi
}

# Empty standard input is nothing to do for a filter: success, no output.
for t in "wordcheck -l no.lex" "scoremove -l no.lex -r no" "movegen -l no.lex -r no" "elocalc"; do
	IN=empty expect "0" "$t < empty" $t
	[ -s out.txt ] && fail "$t < empty printed something"
done
for f in empty garbage badutf8 utf16 hugeline; do
	rm -f out.lex
	expect "2" "lexcompile $f" lexcompile -r no -o out.lex "$f"
	[ -e out.lex ] && fail "lexcompile $f left out.lex behind"
	[ $f = empty ] || IN=$f expect "1 2" "wordcheck stdin $f" wordcheck -l no.lex
	expect "2" "wordcheck -l $f" wordcheck -l "$f" KVINNE
	[ $f = empty ] || IN=$f expect "1 2" "scoremove filter $f" scoremove -l no.lex -r no
	expect "1 2" "scoremove --gcg $f" scoremove -G -N -r no "$f"
	[ $f = empty ] || IN=$f expect "1 2" "movegen $f" movegen -l no.lex -r no
	[ $f = empty ] || expect "1 2" "elocalc $f" elocalc "$f"
	expect "2" "bagsim merge $f" bagsim merge "$f"
done
# CRLF is fine for word lists and queries.
expect "0" "lexcompile crlf" lexcompile -q -r no -o crlf.lex crlf
IN=crlf expect "0" "wordcheck crlf" wordcheck -q -l no.lex
# Truncated, out-of-range, outside the alphabet, wrong ruleset.
expect "2" "wordcheck truncated lexicon" wordcheck -l trunc.lex KVINNE
expect "2" "wordcheck wrong ruleset" wordcheck -l no.lex -r is KVINNE
IN=trunc.cgp expect "1 2" "movegen truncated CGP" movegen -l no.lex -r no
IN=cgp-rack expect "1 2" "scoremove rack lacks tiles" scoremove -l no.lex -r no
IN=cgp-range expect "1 2" "scoremove score out of range" scoremove -l no.lex -r no
IN=cgp-alpha expect "1 2" "scoremove letters outside alphabet" scoremove -l no.lex -r no
expect "1 2" "scoremove wrong score" scoremove -G -N -r no wrongscore.gcg
expect "1 2" "scoremove truncated game" scoremove -G -N -r no trunc.gcg
for f in short.tsv badtime.tsv range.tsv; do
	expect "1 2" "elocalc $f" elocalc "$f"
done
expect "2" "bagsim draw bad count" bagsim draw -r no --racks -5
expect "2" "bagsim unknown ruleset" bagsim draw -r xx
expect "2" "movegen unknown option" movegen --no-such-option
# A full stdout is an error, not a silent success (sbase fshut).
if [ -w /dev/full ]; then
	printf '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 EIKNNVÆ/ 0/0 0 ld no;\n' > pos.cgp
	for cmd in "wordcheck -l no.lex --list" "lexcompile -r no words.txt" \
	    "bagsim draw -r no --racks 10" "elocalc expect 1200 1400" "wordcheck --version" \
	    "movegen -l no.lex -r no pos.cgp" "scoremove -l no.lex -r no --help" \
	    "movegen --help" "bagsim --version" "lexcompile --help" "elocalc --version"; do
		$cmd > /dev/full 2> err.txt
		rc=$?
		[ "$rc" = 2 ] || fail "$cmd > /dev/full: exit $rc, want 2"
	done
fi
echo "hardening: $fails failures"
[ "$fails" = 0 ]
