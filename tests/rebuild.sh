#!/bin/sh
# rebuild.sh MAKE BIN — `make check`'s test that a lexicon depends on the list it
# is made from: after a build, `make WORDLIST_no=FILE` rebuilds no.lex (and
# shows lexcompile's report), the same command again does nothing, an edited
# FILE or another FILE rebuilds it.  In a temporary build and lexicon
# directory (B=, LEXICONS_DIR=), with the built lexcompile taken as it is.
set -u
fail() { echo "FAIL rebuild: $*"; exit 1; }
top=$(cd "$(dirname "$0")/.." && pwd)
mk=${1:-make}
binarg=${2:-bin}                     # as make names it (for -o)
bin=$(cd "$top" && cd "$binarg" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lex=$tmp/lex/no.lex
# build FILE: the Norwegian lexicon from FILE; its output in $tmp/out.
build() {
	$mk -C "$top" --no-print-directory -o "$binarg/lexcompile" BIN="$binarg" B="$tmp/b" \
		LEXICONS_DIR="$tmp/lex" WORDLIST_no="$1" "$lex" > "$tmp/out" 2>&1 ||
		{ cat "$tmp/out"; fail "make WORDLIST_no=$1"; }
}
words() { "$bin/wordcheck" -l "$lex" --list | tr '\n' ' '; }

printf 'hest\nbil\n' > "$tmp/a.txt"
build "$tmp/a.txt"
grep -q '^lexcompile: 2 words in, 2 kept' "$tmp/out" || fail "no report: $(cat "$tmp/out")"
[ "$(words)" = "BIL HEST " ] || fail "a.txt: $(words)"
build "$tmp/a.txt"
! grep -q lexcompile "$tmp/out" || fail "rebuilt with nothing changed"
printf 'hest\nbil\nbær\n' > "$tmp/a.txt"
build "$tmp/a.txt"
[ "$(words)" = "BIL BÆR HEST " ] || fail "edited a.txt: $(words)"
printf 'katt\n' > "$tmp/b.txt"
build "$tmp/b.txt"
[ "$(words)" = "KATT " ] || fail "b.txt: $(words)"
echo "rebuild: ok"
