#!/bin/sh
# lex_format5.sh — the EXAMPLES of ordverk-lex(5) run, and the bytes of a
# lexicon file are where that page says: magic, version, header size,
# ruleset name, counts that agree with wordcheck --info, file length
# 96 + 4N; the KWG is 4N bytes with node 0 pointing at the DAWG root.
set -u
fail() { echo "FAIL: $*"; exit 1; }
PATH=$BIN:$PATH; export PATH
# Stand-ins without the test lists' deliberate rejects (ABC-BOK, don't),
# as the real lists have none (--max-reject).
grep -v '[- ]' "$DATA/lex/no.txt" > nsf2023.txt
grep -v "'" "$DATA/lex/en.txt" > enable1.txt

# The EXAMPLES block, as written.
lexcompile -r no -o no.lex nsf2023.txt 2> /dev/null || fail "example 1"
lexcompile -r en --format kwg -o enable.kwg enable1.txt 2> /dev/null || fail "example 2"
od -A d -t x1 -N 96 no.lex > od.out || fail "example 3"
[ $(wc -l < od.out) = 7 ] || fail "od: $(cat od.out)"

# u32 OFFSET FILE: little-endian 32-bit integer at OFFSET
u32() { od -A n -t u1 -j "$1" -N 4 "$2" | awk '{ print $1 + 256 * ($2 + 256 * ($3 + 256 * $4)) }'; }
info() { wordcheck -l "$2" -r "$3" --info | awk -F '\t' -v k="$1" '$1 == k { print $2 }'; }

[ "$(od -A n -t x1 -N 8 no.lex | tr -d ' ')" = 894f564c45580d0a ] || fail "magic"
[ "$(u32 8 no.lex)" = 1 ] || fail "version"
[ "$(u32 12 no.lex)" = 96 ] || fail "header size"
[ "$(dd if=no.lex bs=1 skip=16 count=2 2> /dev/null)" = no ] || fail "ruleset name"
[ "$(od -A n -t u1 -j 18 -N 1 no.lex | tr -d ' ')" = 0 ] || fail "name not NUL-padded"
n=$(u32 56 no.lex)
[ "$n" = "$(info nodes no.lex no)" ] || fail "node count $n"
[ "$(u32 60 no.lex)" = "$(info dawg_nodes no.lex no)" ] || fail "DAWG node count"
[ "$(u32 48 no.lex)" = "$(info words no.lex no)" ] || fail "word count"
[ "$(u32 52 no.lex)" = 0 ] || fail "word count high half"
[ "$(wc -c < no.lex)" = $((96 + 4 * n)) ] || fail "length is not 96 + 4N"

# KWG: the same graph, no header; node 0 = DAWG root pointer, tile 0, last.
lexcompile -q -r no --format kwg -o no.kwg nsf2023.txt || fail "kwg"
[ "$(wc -c < no.kwg)" = $((4 * n)) ] || fail "KWG length is not 4N"
cmp -s no.kwg no.lex && fail "KWG equals the ordverk file"
n0=$(u32 0 no.kwg)
[ $((n0 >> 24)) = 0 ] || fail "KWG node 0 tile"
[ $(((n0 >> 22) & 1)) = 1 ] || fail "KWG node 0 last bit"
root=$((n0 & 4194303))
[ $root -ge 2 ] && [ $root -lt $n ] || fail "KWG DAWG root $root"
[ "$(wordcheck -l no.kwg -r no --list | cksum)" = "$(wordcheck -l no.lex --list | cksum)" ] ||
	fail "KWG and ordverk lexicons list different words"
[ "$(info checksum no.kwg no)" = "$(info checksum no.lex no)" ] || fail "checksums differ"
exit 0
