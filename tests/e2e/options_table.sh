#!/bin/sh
# options_table.sh — every tool's options against the toolkit's option
# table, the OPTIONS list of man/ordverk.7 (its ".It Fl x , Fl -long Ar ARG"
# items, each with a "Tools:" and/or "Reserved:" line):
#   - the table itself: no long name twice, no letter twice;
#   - each option line of each tool's (and bagsim command's) --help: an
#     option in the table has the table's letter and argument and is one of
#     the tools the table names (or reserves it for); any other option is
#     that tool's alone: no table letter, and no other tool has its name;
#   - each option the table gives a tool: listed in its --help, accepted as
#     letter and as long name (-x ARG --version prints the version), and
#     named on the tool's man page.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
PAGE=${OPTIONS_PAGE:-$TOP/man/ordverk.7}
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# Every tool and command, as "tool" or "tool:command".
CMDS="lexcompile wordcheck movegen scoremove elocalc elocalc:expect bagsim
bagsim:draw bagsim:play bagsim:merge bagsim:leaves bagsim:leaves-merge
bagsim:winpct bagsim:winpct-merge bagsim:winpct-show"
for src in "$TOP"/tools/*.c; do
	t=$(basename "$src" .c)
	case " $(echo $CMDS) " in *" $t "*) ;; *) fail "tool $t is not in this test's list";; esac
done

# The table: LETTER LONG ARG TOOLS RESERVED (tab-separated; "-" for none),
# TOOLS and RESERVED as command keys separated by spaces.
awk -v all="$(echo $CMDS)" '
function keys(s,   n, i, a, w, t, out, k) {
	sub(/\.$/, "", s)
	if (s == "all") return all
	n = split(s, a, /, */)
	out = ""; t = ""
	for (i = 1; i <= n; i++) {
		split(a[i], w, / /)
		if (w[1] ~ /^(lexcompile|wordcheck|movegen|scoremove|elocalc|bagsim)$/) {
			t = w[1]; sub(/^[a-z]+ ?/, "", a[i])
		}
		gsub(/ /, "-", a[i])
		k = a[i] == "" ? t : t ":" a[i]
		out = out (out == "" ? "" : " ") k
	}
	return out
}
function flush() { if (long != "") print letter "\t" long "\t" arg "\t" (tools == "" ? "-" : tools) "\t" (res == "" ? "-" : res) }
/^\.Sh OPTIONS/ { on = 1; next }
/^\.Sh / { if (on) flush(); on = 0 }
!on { next }
/^\.It Fl / {
	flush(); letter = "-"; long = ""; arg = "-"; tools = ""; res = ""
	s = $0; sub(/^\.It /, "", s)
	if (s ~ /^Fl [^ -] , /) { letter = substr(s, 4, 1); s = substr(s, 8) }
	if (s !~ /^Fl -[a-z0-9-]+( Ar [^ ]+)?$/) { print "BAD\t" $0; next }
	split(s, w, / /); long = substr(w[2], 2); if (w[4] != "") arg = w[4]
	next
}
/^Tools: / { tools = keys(substr($0, 8)) }
/^Reserved: / { res = keys(substr($0, 11)) }
' "$PAGE" > table
grep '^BAD' table && fail "items of $PAGE this test cannot read"
[ "$(wc -l < table)" -ge 20 ] || fail "only $(wc -l < table) options in $PAGE's table"
dup=$(cut -f2 table | sort | uniq -d); [ -z "$dup" ] || fail "long name twice in the table: $dup"
dup=$(cut -f1 table | grep -v '^-$' | sort | uniq -d); [ -z "$dup" ] || fail "letter twice in the table: $dup"

# The option lines of a --help: LETTER LONG ARG.
help_opts() {
	awk '/^  -[^-], --[a-z0-9-]+/ || /^      --[a-z0-9-]+/ {
		s = $0; letter = "-"
		if (s ~ /^  -/) { letter = substr(s, 4, 1); s = substr(s, 7) } else s = substr(s, 7)
		n = split(s, w, / +/); long = substr(w[1], 3)
		arg = (s ~ /^--[a-z0-9-]+ [^ ]/) ? w[2] : "-"
		print letter "\t" long "\t" arg
	}'
}
run() {         # run KEY ARGS...: the tool and command of KEY with ARGS
	k=$1; shift
	case $k in
	*:*) t=${k%%:*}; c=$(echo "${k#*:}" | tr - ' ')
		# shellcheck disable=SC2086
		"$BIN/$t" $c "$@";;
	*) "$BIN/$k" "$@";;
	esac
}
example() {     # a value an argument name accepts
	case $1 in RULESET) echo en;; N|SECONDS|PCT) echo 1;; K/N) echo 1/2;; WHEN) echo never;;
	*'|'*) echo "${1%%|*}";; *) echo x;; esac
}

: > onetool
for k in $CMDS; do
	run "$k" --help > help.out 2> help.err || { fail "$k --help: exit $?"; continue; }
	[ -s help.err ] && fail "$k --help wrote to standard error"
	help_opts < help.out > opts.$k
	[ -s opts.$k ] || fail "$k --help lists no options"
	while IFS="$(printf '\t')" read -r letter long arg; do
		row=$(awk -F'\t' -v l="$long" '$2 == l' table)
		if [ -n "$row" ]; then
			tl=$(echo "$row" | cut -f1); ta=$(echo "$row" | cut -f3)
			who=" $(echo "$row" | cut -f4) $(echo "$row" | cut -f5) "
			[ "$letter" = "$tl" ] || fail "$k: --$long is -$letter, the table says -$tl"
			[ "$arg" = "$ta" ] || fail "$k: --$long takes $arg, the table says $ta"
			case $who in *" $k "*) ;; *) fail "$k takes --$long; the table does not say so";; esac
		else
			[ "$letter" != - ] && awk -F'\t' -v l="$letter" '$1 == l' table | grep -q . &&
			    fail "$k: -$letter (--$long) is a letter of the table's $(awk -F'\t' -v l="$letter" '$1 == l { print "--" $2 }' table)"
			printf '%s\t%s\n' "$long" "${k%%:*}" >> onetool
		fi
	done < opts.$k
done
# An option of one tool alone is in one tool.
sort -u onetool | cut -f1 | uniq -d | while read -r long; do
	echo "FAIL: --$long is in $(awk -F'\t' -v l="$long" '$1 == l { print $2 }' onetool | sort -u | tr '\n' ' ')but not in the table"
done > twice
[ -s twice ] && { cat twice; fails=$((fails + 1)); }

# Each option the table gives a tool: listed, accepted, documented.
while IFS="$(printf '\t')" read -r letter long arg tools res; do
	[ "$tools" = "-" ] && continue
	for k in $tools; do
		grep -q "$(printf '\t')$long$(printf '\t')" "opts.$k" 2>/dev/null ||
		    fail "$k --help does not list --$long"
		set --; [ "$arg" != "-" ] && set -- "$(example "$arg")"
		for o in "--$long" "-$letter"; do
			[ "$o" = "--" ] || [ "$long" = help ] && continue
			out=$(run "$k" "$o" "$@" --version 2>&1 | head -1)
			case $out in *"(ordverk)"*) ;; *) fail "$k does not take $o $*: $out";; esac
		done
		grep -Eq -- "(-|Fl )$long([^a-z0-9-]|$)" "$TOP/man/${k%%:*}.1" ||
		    fail "man/${k%%:*}.1 does not name --$long"
	done
done < table

echo "options_table: $(wc -l < table) options in the table, $fails failures"
[ "$fails" = 0 ]
