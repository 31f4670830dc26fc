#!/bin/sh
# elocalc against an independent reference written in Python, whose float
# arithmetic (10.0 ** x, round() half to even) is the one Netskrafl runs:
# the three tables must be identical on a generated results file.
set -eu
command -v python3 >/dev/null 2>&1 || { echo "no python3"; exit 77; }
TOP=$(cd "$DATA/../.." && pwd)
sh "$TOP/scripts/gen-results.sh" 10000 5 200 > r.tsv
l=0
for name in all human manual; do
	python3 "$DATA/elo/netskrafl_ref.py" r.tsv $l > want.$name
	"$BIN/elocalc" -L $name r.tsv > got.$name
	cmp -s want.$name got.$name || { diff want.$name got.$name | head; echo "FAIL: list $name"; exit 1; }
	[ "$(wc -l < got.$name)" -ge 190 ] || { echo "FAIL: list $name too short"; exit 1; }
	l=$((l + 1))
done
echo ok
