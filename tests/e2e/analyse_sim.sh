#!/bin/sh
# movegen -a --sim: each turn with tiles in the bag ranked by simulation.
# The record (tests/data/gcg/en-sim.gcg) is the first three turns of
# equity self-play (bagsim play -r en -1 equity -2 equity -s 7, game 0).
# At turn 3 (BHLLRST) static equity prefers I9 .LLTH (12 points, equity
# 15.6), the move played, to H8 ..L (12, 10.8); the simulation puts H8 ..L
# first: 51.63 against 48.48 % (movegen --sim --move both, 20,000
# iterations, --stop none, seed 77: standard errors 0.07).  The played
# move's figures are checked against movegen --sim --move on the
# position the JSON gives, with the turn's seed.
set -eu
[ -f "$ORDVERK_LEXDIR/en.lex" ] || { echo "no en.lex"; exit 77; }
G=$DATA/gcg/en-sim.gcg
M=$BIN/movegen
tab=$(printf '\t')
# At the default settings (20 candidates, 2 plies, stop at 95 %).
"$M" -a --sim --top 1 "$G" > a.txt
grep -q "^# simulation${tab}plies 2${tab}iterations 1000${tab}time -${tab}stop 95${tab}seed 1${tab}winpct en.winpct$" a.txt
# Every turn simulated: a verdict each, the candidates numbered 1.. .
[ "$(grep -c "^#${tab}sim-verdict${tab}" a.txt)" = 3 ]
awk -F'\t' '$1 ~ /^[0-9]+$/ { t = $1 } $2 == "sim-verdict" { print t "\t" $3 }' a.txt > best.tsv
# Turn 3: the move played is equity's best (rank 1) but not the
# simulation's; it costs between 1 and 6 % in win chance.
grep -q "^3${tab}equity-1${tab}BHLLRST${tab}I9 .LLTH${tab}12${tab}15.627${tab}1${tab}" a.txt
grep -qx "3${tab}H8 ..L" best.tsv
# The verdict: BEST BEST_WIN BEST_SE PLAYED_WIN PLAYED_SE LOST ...
awk -F'\t' '$1 ~ /^[0-9]+$/ { t = $1 } t == 3 && $2 == "sim-verdict" {
	n++; d = $4 - $6 - $8
	if (!($3 == "H8 ..L" && $8 > 1 && $8 < 6 && d < 0.011 && d > -0.011))
		bad = 1 }
	END { exit bad || n != 1 }' a.txt
awk -F'\t' '$1 ~ /^[0-9]+$/ { t = $1 } t == 3 && $2 == "sim" && $3 == 1 { print $4 }' a.txt | grep -qx 'H8 ..L'
[ "$(awk -F'\t' '$1 ~ /^[0-9]+$/ { t = $1 } t == 3 && $2 == "sim" && $12 == "played" { print $4 }' a.txt)" = "I9 .LLTH" ]
# The candidates in sim_order: sampled most first, then by win %.
awk -F'\t' '$1 ~ /^[0-9]+$/ { t = $1; pn = 1e9; pw = 101 } $2 == "sim" {
	if ($11 > pn || ($11 == pn && $7 > pw)) bad = 1; pn = $11; pw = $7 }
	END { exit bad }' a.txt
# Reproducible: the same seed, the same analysis; another seed, another.
"$M" -a --sim --top 1 "$G" | cmp - a.txt
"$M" -a --sim --top 1 --seed 2 "$G" > b.txt
! cmp -s a.txt b.txt
# Cross-check with movegen --sim on turn 3's position (the JSON's cgp,
# the mover's rack only) and seed: --stop none and a cap, so that both
# run the same iterations; the move played's row is the same.
"$M" -a --sim --json --iterations 150 --stop none "$G" > a.json
python3 -m json.tool a.json > /dev/null
python3 - a.json > turn3 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["sim"] == {"plies": 2, "iterations": 150, "time": None,
    "stop": "none", "seed": 1, "winpct": "en.winpct"}, d["sim"]
t = d["moves"][2]
s = t["sim"]
assert t["turn"] == 3 and s["iterations"] == 150 and s["stopped"] == "the cap"
assert s["best"] == s["candidates"][0]["move"]
played = [c for c in s["candidates"] if c["played"]]
assert len(played) == 1 and played[0]["move"] == t["move"]
assert abs(s["lost_win"] - (s["best_win"] - s["played_win"])) < 0.011
for c in s["candidates"]:
    for k in ("move", "score", "equity", "win", "win_se", "spread",
              "spread_se", "iterations"):
        assert k in c, k
    assert c["iterations"] == 150
p = played[0]
print(s["seed"])
print(s["cgp"])
print("%s\t%d\t%.1f\t%.2f\t%.2f\t%.2f\t%.2f\t%d" % (p["move"], p["score"],
    p["equity"], p["win"], p["win_se"], p["spread"], p["spread_se"],
    p["iterations"]))
PY
sed -n 2p turn3 > pos.cgp
grep -q ' BHLLRST/ 30/31 ' pos.cgp
"$M" --sim --seed "$(sed -n 1p turn3)" --candidates 0 --move 'I9 .LLTH' \
    --iterations 150 --stop none pos.cgp | sed -n 2p > want
sed -n 3p turn3 | cmp - want
# The page: well formed, a simulation paragraph and table a turn.
"$M" -a --sim --html page.html "$G" > /dev/null
if command -v xmllint > /dev/null 2>&1; then xmllint --noout page.html; fi
[ "$(grep -c '<p class="sim">' page.html)" = 3 ]
[ "$(grep -c '<table class="sims">' page.html)" = 3 ]
grep -q 'best <b>H8 \.\.L</b>, wins [0-9.]* % ± [0-9.]*; the move played [0-9.]* % ± [0-9.]*: cost <b>[1-5]\.[0-9]* %</b> in win chance' page.html
# Without --sim nothing of it.
"$M" -a --html plain.html "$G" > plain.txt
! grep -q 'sim' plain.txt
! grep -q 'class="sim' plain.html
# By score: the verdicts by score, the simulation the same.
"$M" -a --sim --sort score --iterations 20 "$G" > s.txt
grep -q "^# lexicon en.lex${tab}values score$" s.txt
[ "$(grep -c "^#${tab}sim-verdict${tab}" s.txt)" = 3 ]
# The bag empty: the endgame solver's values stay, no simulation
# (tests/data/endgame/en-analyse.gcg ends with four such turns).
"$M" -r en -a --sim --candidates 2 --iterations 8 "$DATA/endgame/en-analyse.gcg" > eg.txt
[ "$(grep -c "^#${tab}endgame${tab}" eg.txt)" = 4 ]
awk -F'\t' '$1 ~ /^[0-9]+$/ { t = $1 } $2 == "endgame" { eg[t] = 1 } $2 == "sim-verdict" { sim[t] = 1 }
	END { for (t in eg) if (t in sim) exit 1 }' eg.txt
[ "$(grep -c "^#${tab}sim-verdict${tab}" eg.txt)" -ge 15 ]
# Errors: usage (2).
for bad in "--sim --sim-merge" "--sim --shard 1/2 --stop none" \
    "--sim --move 8H.FEZ" "--iterations 5" "--sim --stop 90"; do
	rc=0
	"$M" -a $bad "$G" > /dev/null 2> err || rc=$?
	[ "$rc" = 2 ] || { echo "-a $bad: exit $rc"; exit 1; }
done
echo ok
