#!/bin/sh
# doc_examples.sh — every command line the README's code blocks and the man
# pages' EXAMPLES sections show runs as written, so that none can rot: each
# is run with bash -o pipefail in a directory holding the files it names
# (made from the project's own data and default lexicons), and must end
# with status 0 or 1 (a negative answer, such as grep finding nothing; 141,
# a reader such as head closing the pipe, also passes) without a usage
# message or an option refused on standard error.  Examples whose output
# the page shows are compared by score_examples.sh and elo_manpage.sh.
#
# Conventions of the documents (ordverk(7), EXAMPLES):
#   README.md: an indented code block runs unless the line before it is
#     "<!-- not run: REASON -->"; lines starting with '#' are comments.
#   man pages: ".Dl COMMAND" lines and "$ COMMAND" lines of literal
#     blocks (continued on lines ending in "\e" or "|"); a roff comment
#     ".\" not run: REASON" before a command skips it.
#   Runs are made small: a number of games (-g N, --games N) of 100 or
#     more runs as 20 games, and a simulation as 40 iterations.  A command needing a program that is not installed
#     (jq, GNU parallel, rsvg-convert) is skipped with a note.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
command -v bash > /dev/null || { echo "no bash"; exit 77; }
for t in lexcompile wordcheck movegen scoremove elocalc bagsim; do
	[ -x "$BIN/$t" ] || { echo "no $t"; exit 77; }
done
LEX=$ORDVERK_LEXDIR
[ -r "$LEX/no.lex" ] && [ -r "$LEX/en.lex" ] && [ -r "$LEX/is.lex" ] &&
    [ -r "$LEX/da.lex" ] || { echo "no default lexicons in $LEX"; exit 77; }
PATH=$BIN:$PATH; export PATH
fails=0 ran=0 skipped=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# The commands of a document, one a file NAME.N.cmd (joined lines), or a
# file NAME.N.skip holding why not.
extract_readme() {
	awk -v out="$1" '
	function flush() {
		if (cmd != "") { n++; f = out "." n; print cmd > (f (skip != "" ? ".skip" : ".cmd")); close(f (skip != "" ? ".skip" : ".cmd")) }
		cmd = ""
	}
	/^<!-- not run:/ { pending = $0; next }
	/^    / && (prev == "" || inblock) {
		if (!inblock) { skip = pending; inblock = 1 }
		line = substr($0, 5)
		if (line ~ /^ *#/ && cmd == "") next
		cmd = cmd (cmd == "" ? "" : "\n") line
		# a command goes on while it ends in \ or | or is inside for ... done
		if (line ~ /[\\|]$/ || line ~ /(do|then)$/) next
		if (cmd ~ /^(for|while|if) / && line !~ /^ *(done|fi)/) next
		flush(); next
	}
	{ if (inblock) flush(); inblock = 0; pending = (/^<!--/ ? $0 : ""); prev = $0 }
	END { flush() }
	' "$2"
}
extract_man() {
	awk -v out="$1" '
	function flush() {
		if (cmd != "") { n++; f = out "." n (skip ? ".skip" : ".cmd"); print cmd > f; close(f) }
		cmd = ""; skip = 0
	}
	/^\.Sh EXAMPLES/ { on = 1; next }
	/^\.Sh / { on = 0 }
	!on { next }
	/^\.\\" not run:/ { skip = 1; next }
	/^\.Dl / { cmd = substr($0, 5); flush(); next }
	/^\.Bd -literal/ { lit = 1; next }
	/^\.Ed/ { lit = 0; next }
	lit && /^\$ / { cmd = substr($0, 3); if (cmd !~ /(\\e|\|)$/) flush(); next }
	lit && cmd != "" { cmd = cmd "\n" $0; if ($0 !~ /(\\e|\|)$/) flush(); next }
	' "$2"
	# mdoc escapes: \e is a backslash, \& nothing
	for f in "$1".*.cmd; do
		[ -e "$f" ] || continue
		sed 's/\\e/\\/g; s/\\&//g' "$f" > "$f.tmp" && mv "$f.tmp" "$f"
	done
}

# The files the examples name, made once; each document gets a copy, its
# files hard links (the tools replace a file they write, never write into
# it, so a copy's change does not reach the others).
fixtures() {
	d=$1; mkdir -p "$d" && cd "$d" || exit 2
	cp "$LEX"/*.lex "$LEX"/*.klv2 .
	cp "$LEX/en.klv2" leaves.klv
	cp "$LEX/en.lex" sowpods.lex
	cp "$LEX/da.klv2" other.klv2
	cp "$LEX/da.klv2" round1.klv2
	cp "$LEX/no.lex" old.lex
	cp "$LEX/no.lex" nsf2022.lex
	# The hand-made lists less their deliberate rejects (13 %: past
	# lexcompile's --max-reject), as a maintainer's list would be.
	lexcompile -q --max-reject 100 -r no -o clean-no.lex "$DATA/lex/no.txt"
	lexcompile -q --max-reject 100 -r en -o clean-en.lex "$DATA/lex/en.txt"
	wordcheck -l clean-no.lex --list > list.txt
	wordcheck -l clean-en.lex --list > sowpods.txt
	cp list.txt nsf.txt
	cp list.txt nsf2023.txt
	cp sowpods.txt enable1.txt
	cp "$DATA/lex/is-two.txt" is-twoletter.txt
	gzip -c "$DATA/lex/is.txt" > is.txt.gz
	printf 'ordspill\n' > added.txt
	printf 'zoo\n' > removed.txt
	printf 'cat\ncow\nretains\n' > candidates.txt
	lexcompile -q -r no -a added.txt -o new.lex list.txt
	lexcompile -q -r no -a added.txt -o nsf2023.lex list.txt
	lexcompile -q -r en -o CSW21.kwg sowpods.txt
	cp "$DATA"/elo/* .
	# Games the default lexicons accept: self-play.
	bagsim play -q -r no -g 3 -s 11 -d no-games > /dev/null
	bagsim play -q -r is -g 3 -s 12 -d games > /dev/null
	cp no-games/game-000000.gcg game.gcg
	for g in no-games/*.gcg; do cat "$g"; echo '#end'; done > round3.gcg
	# ordverk-rules(5)'s first example file
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh /p' "$TOP/man/ordverk-rules.5" |
	    awk '/^\.Bd -literal/ { n++; next } /^\.Ed/ { if (n == 1) exit } n == 1' |
	    sed 's/\\&//g' > ordspill-explo.rules
	# bagsim(1)'s win tables: ours, and one in MAGPIE's layout standing
	# in for MAGPIE-DATA's winpct.csv.
	mkdir -p lexicons
	cp "$LEX/en.winpct" lexicons/
	bagsim winpct merge --magpie -o winpct.csv "$LEX/en.winpct"
	movegen -P 1 -r en > positions.cgp
	sed -n 12p positions.cgp > position.cgp
	cp "$DATA/endgame/en-small.cgp" endgames.cgp
	cd - > /dev/null || exit 2
}

run_all() {     # run_all NAME DIR: every NAME.N.cmd in DIR
	for c in $(ls "$1".*.cmd "$1".*.skip 2>/dev/null | sort -t. -k2,2n); do
		case $c in *.skip) skipped=$((skipped + 1)); echo "not run ($1): $(head -1 "$c")"; continue;; esac
		cmd=$(sed -E 's/(-g|--games) [0-9]*[0-9]{2}[0-9]/\1 20/g
		    s/--iterations [0-9]+/--iterations 40/g
		    /--iterations/!s/--sim( |$)/--sim --iterations 40\1/' "$c")
		need=""
		for p in jq parallel rsvg-convert; do
			case $cmd in *"$p "*) command -v $p > /dev/null || need=$p;; esac
		done
		if [ -n "$need" ]; then
			skipped=$((skipped + 1)); echo "skipped ($1, no $need): $(head -1 "$c")"; continue
		fi
		(cd "$2" && bash -o pipefail -c "$cmd") > "$c.out" 2> "$c.err" < /dev/null
		rc=$?
		ran=$((ran + 1))
		if [ $rc != 0 ] && [ $rc != 1 ] && [ $rc != 141 ]; then
			fail "$1: exit $rc: $cmd"; sed 's/^/  /' "$c.err" | head -5
		elif grep -Eq '^usage:|unknown option|is not an option|needs an argument|ambiguous option|takes no argument' "$c.err"; then
			fail "$1: options refused: $cmd"; sed 's/^/  /' "$c.err" | head -5
		fi
	done
}

extract_readme readme "$TOP/README.md"
fixtures "$PWD/template"
cp -al template d.readme 2>/dev/null || cp -R template d.readme
run_all readme "$PWD/d.readme"
for page in "$TOP"/man/*.[157]; do
	name=$(basename "$page")
	extract_man "$name" "$page"
	ls "$name".* > /dev/null 2>&1 || continue
	cp -al template "d.$name" 2>/dev/null || cp -R template "d.$name"
	run_all "$name" "$PWD/d.$name"
done
[ $ran -ge 40 ] || fail "only $ran commands found"
echo "doc_examples: $ran commands ran, $skipped not run, $fails failures"
[ $fails = 0 ]
