#!/bin/sh
# make-conformance.sh BINDIR BRUTE [OUTDIR]
#
# Makes the project's own conformance set (tests/data/conformance, or OUTDIR),
# which the tests read when ../shared is absent; tests/data/conformance/SOURCES
# says what each file is.  For each variant:
#   VARIANT-2to4.txt   the words of 2-4 letters of the default word list, in
#                      lower case (scripts/wordlists.sh, lexcompile, wordcheck -L)
#   VARIANT-game.gcg   a Fullsterkur self-play game on that list (bagsim play,
#                      a fixed seed), players renamed anna and bjorn
#   VARIANT-moves.txt  the position before each placement of the game
#                      (scoremove -G --positions) and every placement the
#                      brute-force reference BRUTE finds (tests/ref/brute.c)
# BINDIR holds the tools (make tools: bin); BRUTE is make build/opt/ref/brute.
# Needs the word-list packages (make setup).  The same packages give the same
# files; a self-play game that exchanges is refused (the conformance games
# never exchange), so a new package version may need another seed below.
set -eu
bin=$(cd "$1" && pwd)
brute=$2
top=$(cd "$(dirname "$0")/.." && pwd)
out=${3:-$top/tests/data/conformance}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

# The seeds: one game of each kind of ending between the four (no: passes,
# transfer; da: out, transfer, with a pass in the middle; is: out, double;
# en: passes, double).
seed_of() {
	case $1 in no) echo 11 ;; da) echo 2 ;; is) echo 2 ;; en) echo 8 ;; esac
}

for v in no da is en; do
	two=""
	[ "$v" = is ] && two="--two-letter $top/wordlists/is-twoletter.txt"
	sh "$top/scripts/wordlists.sh" "$v" "$tmp/lists"
	# shellcheck disable=SC2046
	"$bin/lexcompile" -r "$v" -o "$tmp/$v-full.lex" $(cat "$tmp/lists/$v.args")
	# Lower case, as the lists' sources write words (GNU sed's \L).
	"$bin/wordcheck" -l "$tmp/$v-full.lex" -L |
		LC_ALL=C.UTF-8 grep -x '.\{2,4\}' |
		LC_ALL=C.UTF-8 sed 's/.*/\L&/' > "$out/$v-2to4.txt"
	# shellcheck disable=SC2086
	"$bin/lexcompile" -q -r "$v" $two -o "$tmp/$v.lex" "$out/$v-2to4.txt"

	seed=$(seed_of "$v")
	"$bin/bagsim" play -q -r "$v" -l "$tmp/$v.lex" -s "$seed" -g 1 \
		-d "$tmp/games-$v" > /dev/null
	# The players as the conformance games name them; no #lexicon (the
	# list is the file beside the game).
	sed -e 's/fullsterkur-1/anna/g; s/fullsterkur-2/bjorn/g' \
		-e 's/^#player1 anna .*/#player1 anna Anna/' \
		-e 's/^#player2 bjorn .*/#player2 bjorn Bjørn/' \
		-e '/^#lexicon /d' "$tmp/games-$v/game-000000.gcg" > "$out/$v-game.gcg"
	if grep -Eq '^>[^:]+: [^ ]+ -[^ ]' "$out/$v-game.gcg"; then
		echo "make-conformance.sh: $v seed $seed: the game exchanges" >&2
		exit 1
	fi
	"$bin/scoremove" -r "$v" -l "$tmp/$v.lex" -G "$out/$v-game.gcg" > /dev/null

	# The position before each turn, paired with the turn's event; only
	# the placements' positions are listed (a pass has none to list).
	"$bin/scoremove" -r "$v" -l "$tmp/$v.lex" -G --positions "$out/$v-game.gcg" |
		grep -v "$(printf '\tok$')" > "$tmp/$v.cgp"
	grep '^>' "$out/$v-game.gcg" | grep -v '^>[^:]*: [^ ]* *(' |
		awk '{ print ($3 == "-") ? "pass" : "play" }' > "$tmp/$v.kind"
	[ "$(wc -l < "$tmp/$v.kind")" = "$(wc -l < "$tmp/$v.cgp")" ] ||
		{ echo "make-conformance.sh: $v: turns and positions differ" >&2; exit 1; }
	paste "$tmp/$v.kind" "$tmp/$v.cgp" | sed -n 's/^play\t//p' |
		"$brute" -r "$v" "$out/$v-2to4.txt" > "$out/$v-moves.txt"
done

# VARIANT-gcg-words.txt: the words the hand-made games of tests/data/gcg
# play that the VARIANT list lacks (they were made with ../shared's lists),
# added to the lexicon where those games are replayed on the project's set.
for v in no da is en; do
	ls "$top"/tests/data/gcg/$v-*.gcg > /dev/null 2>&1 || continue
	: > "$tmp/add"
	i=0
	while [ $i -lt 200 ]; do
		i=$((i + 1))
		"$bin/lexcompile" -q -r "$v" -a "$tmp/add" -o "$tmp/$v-add.lex" "$out/$v-2to4.txt"
		for g in "$top"/tests/data/gcg/$v-*.gcg; do
			"$bin/scoremove" -G -l "$tmp/$v-add.lex" "$g" || true
		done | sed -n 's/.*: \([^ ]*\) is not a word$/\1/p' > "$tmp/new"
		[ -s "$tmp/new" ] || break
		cat "$tmp/new" >> "$tmp/add"
	done
	if [ -s "$tmp/add" ]; then
		LC_ALL=C.UTF-8 sed 's/.*/\L&/' "$tmp/add" | LC_ALL=C sort -u > "$out/$v-gcg-words.txt"
	else
		rm -f "$out/$v-gcg-words.txt"
	fi
done
