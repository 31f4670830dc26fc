#!/bin/sh
# install.sh — `make check`'s test of an install: the tools installed under a
# temporary PREFIX (make install PREFIX=...) find their lexicons and leave
# tables there with no environment variable, and still do when the whole
# prefix is moved (so they look beside themselves, not at the build's
# PREFIX); each tool does real work from there.  Run by `make check-install`
# after `make install PREFIX=TMP/prefix` (TMP a new temporary directory).
set -u
fail() { echo "FAIL install: $*"; exit 1; }
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$1
[ -x "$tmp/prefix/bin/movegen" ] || fail "nothing installed in $tmp/prefix"
unset ORDVERK_LEXDIR

CGP='15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEIIUUQ/ 0/0 0'
# run_all P: every tool of prefix P, long options only, from another
# directory (so no ./lexicons can help).
run_all() {
	b=$1/bin
	mkdir -p "$tmp/work" && cd "$tmp/work" || fail "cd"
	[ "$("$b/wordcheck" --rules en CAT)" = "CAT	ok" ] || fail "$b: wordcheck"
	# The best move by score, then by equity: the leave table (EIU: 14.285)
	# comes from the prefix too.
	echo "$CGP" | "$b/movegen" --rules en --top 1 > out || fail "$b: movegen"
	[ "$(cat out)" = "8E QUAI	26	EIU" ] || fail "$b: movegen: $(cat out)"
	echo "$CGP" | "$b/movegen" --rules en --robot equity > out || fail "$b: movegen equity"
	[ "$(cat out)" = "8E QUAI	26	EIU	14.285" ] || fail "$b: movegen equity: $(cat out)"
	[ "$("$b/scoremove" --rules en "$CGP" '8E QUAI')" = "8E QUAI	26	QUAI=26" ] ||
		fail "$b: scoremove"
	printf 'quai\nquais\n' > list.txt
	"$b/lexcompile" --quiet --rules en --output small.lex list.txt || fail "$b: lexcompile"
	[ "$("$b/wordcheck" --lexicon small.lex QUAIS QUA)" = "QUAIS	ok
QUA	no" ] || fail "$b: wordcheck small.lex"
	printf '2026-12-01T10:00:00Z\tanna\tbjorn\t412\t388\n' | "$b/elocalc" > out ||
		fail "$b: elocalc"
	[ "$(cut -f2,3 out | tr '\t\n' ' ')" = "anna 1216 bjorn 1184 " ] || fail "$b: elocalc: $(cat out)"
	[ "$("$b/bagsim" draw --rules en --count 3 | wc -l)" = 3 ] || fail "$b: bagsim draw"
	"$b/bagsim" play --rules en --games 2 --p1 equity --quiet --stats > out ||
		fail "$b: bagsim play"
	grep -q '^turns	2	' out || fail "$b: bagsim play: $(head -3 out)"
	cd "$tmp" || fail "cd"
}

run_all "$tmp/prefix"
# Moved: the build's PREFIX (ORDVERK_LEXDIR compiled in) is not where they are.
mv "$tmp/prefix" "$tmp/moved" || fail "mv"
run_all "$tmp/moved"
# Without its lexicons the moved install finds none (unless the build's
# own PREFIX has them installed too).
rm "$tmp/moved/share/ordverk/en.lex"
built=$(sed -n 's/^PREFIX *?= *//p' "$top/Makefile")
if [ ! -e "$built/share/ordverk/en.lex" ]; then
	! echo "$CGP" | "$tmp/moved/bin/movegen" --rules en > /dev/null 2>&1 ||
		fail "found an en.lex that is not in the prefix"
fi
echo "install: ok (tools run from $tmp/prefix and moved to $tmp/moved)"
