#!/bin/sh
# elocalc --state: two runs split by time (or by file) give exactly the
# state and table of one run; a rerun over the same input changes nothing;
# --at before the state's time and a bad state file are errors (exit 2)
# and leave the file alone.
set -eu
E="$BIN/elocalc"
R="$DATA/elo/results.tsv"
fail() { echo "FAIL: $*"; exit 1; }

"$E" --state one.state "$R" > one.out
"$E" --state two.state -a 2026-12-02 "$R" > /dev/null
grep -q '^through	2026-12-02T00:00:00Z$' two.state || fail "through after --at"
"$E" --state two.state "$R" > two.out
cmp -s one.state two.state || { diff one.state two.state; fail "split by --at differs"; }
cmp -s one.out two.out || fail "table differs"

# Split by file: the first three games, then the rest.
head -4 "$R" > part1.tsv
tail -n +5 "$R" > part2.tsv
"$E" --state three.state part1.tsv > /dev/null
"$E" --state three.state part2.tsv > three.out
cmp -s one.state three.state || { diff one.state three.state; fail "split by file differs"; }
cmp -s one.out three.out || fail "table differs (files)"

# The same input again: everything is older than the state's time.
cp one.state again.state
"$E" --state again.state "$R" > again.out
cmp -s one.state again.state || fail "rerun changed the state"
cmp -s one.out again.out || fail "rerun changed the table"

# Each list comes back from the state.
for l in human manual; do
	"$E" -L "$l" "$R" > full.$l
	"$E" -L "$l" --state again.state /dev/null > state.$l
	cmp -s full.$l state.$l || fail "list $l from the state"
done

# --at before the state's time: exit 2, state untouched.
set +e
"$E" --state again.state -a 2026-12-01 "$R" > /dev/null 2> err
rc=$?
set -e
[ $rc = 2 ] || fail "--at before the state: exit $rc"
grep -q 'before' err || fail "no message for --at before the state"
cmp -s one.state again.state || fail "state changed after an error"

# A bad state file: exit 2, file:line in the message, file untouched.
cp "$DATA/elo/bad.state" bad.state
set +e
"$E" --state bad.state "$R" > /dev/null 2> err
rc=$?
set -e
[ $rc = 2 ] || fail "bad state: exit $rc"
grep -q '^elocalc: bad.state:3: all list: wins + losses + draws is not games$' err ||
	{ cat err; fail "bad state message"; }
cmp -s bad.state "$DATA/elo/bad.state" || fail "bad state was overwritten"

# A state that cannot be written: exit 2.
set +e
"$E" --state no/such/dir/x.state "$R" > /dev/null 2> err
rc=$?
set -e
[ $rc = 2 ] || fail "unwritable state: exit $rc"
ls ./*.tmp* 2>/dev/null && fail "temporary file left behind"
echo ok
