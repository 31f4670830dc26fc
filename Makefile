# ordverk — Makefile.  See README.md for the targets.
#
# Two builds of the same sources:
#   $(B)/opt  -O2, for bin/ (what users run and what `make bench` measures)
#   $(B)/san  -O1 -g -fsanitize=address,undefined,float-cast-overflow -Werror, for `make check`
# Sources are found by wildcard: a new common/*.c joins the library, a new
# tools/NAME.c becomes bin/NAME, a new tests/check_NAME.c becomes a Check suite.

PREFIX    ?= /usr/local
DESTDIR   ?=
BINDIR     = $(PREFIX)/bin
MANDIR     = $(PREFIX)/share/man
LEXDIR     = $(PREFIX)/share/ordverk
PKG_CONFIG ?= pkg-config
CC        ?= cc
VERSION    = 0.1.0
# Output places; a developer working beside others can say B=/tmp/me/build BIN=/tmp/me/bin
# LEXICONS_DIR=/tmp/me/lex (not LEX: that is make's built-in name for lex(1)).
B         ?= build
BIN       ?= bin
LEXICONS_DIR ?= lexicons

# Lazy (=) so that a `make setup` earlier in the same run is seen.
ZLIB_CFLAGS  = $(shell $(PKG_CONFIG) --cflags zlib 2>/dev/null)
ZLIB_LIBS    = $(shell $(PKG_CONFIG) --libs zlib 2>/dev/null || echo -lz)
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell $(PKG_CONFIG) --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -lpthread)

STD      = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
DEFS     = -DORDVERK_VERSION='"$(VERSION)"' -DORDVERK_LEXDIR='"$(LEXDIR)"'
OPTFLAGS ?= -O2 -g
SANFLAGS = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all
CFLAGS_OPT = $(STD) $(WARN) $(DEFS) $(OPTFLAGS) $(ZLIB_CFLAGS) -Icommon $(CFLAGS)
CFLAGS_SAN = $(STD) $(WARN) -Werror $(DEFS) $(SANFLAGS) $(ZLIB_CFLAGS) -Icommon $(CFLAGS)

LIB_SRC   = $(sort $(wildcard common/*.c))
LIB_HDR   = $(wildcard common/*.h)
TOOL_SRC  = $(sort $(wildcard tools/*.c))
TOOLS     = $(TOOL_SRC:tools/%.c=%)
TEST_SRC  = $(sort $(wildcard tests/check_*.c))
TESTS     = $(TEST_SRC:tests/%.c=%)

OPT_OBJ   = $(LIB_SRC:common/%.c=$(B)/opt/common/%.o)
SAN_OBJ   = $(LIB_SRC:common/%.c=$(B)/san/common/%.o)
BINS      = $(TOOLS:%=$(BIN)/%)
SAN_BINS  = $(TOOLS:%=$(B)/san/bin/%)
SAN_TESTS = $(TESTS:%=$(B)/san/tests/%)

VARIANTS  = no da is en
LEXICONS  = $(VARIANTS:%=$(LEXICONS_DIR)/%.lex)
# Leave tables we ship (learned by bagsim leaves: wordlists/README.md),
# put beside the default lexicons, where the tools look for NAME.klv2.
LEAVES    = $(patsubst wordlists/leaves/%,$(LEXICONS_DIR)/%,$(wildcard wordlists/leaves/*.klv2))
# Win tables we ship (learned by bagsim winpct: wordlists/README.md), put
# there too, where the tools look for NAME.winpct.
WINPCT    = $(patsubst wordlists/winpct/%,$(LEXICONS_DIR)/%,$(wildcard wordlists/winpct/*.winpct))

.PHONY: all tools lexicons setup check check-unit check-cli check-fuzz check-install check-rebuild demo bench install uninstall clean fuzz FORCE
.DELETE_ON_ERROR:

all: tools lexicons
tools: $(BINS)

$(B)/opt/common/%.o: common/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_OPT) -c -o $@ $<
$(B)/san/common/%.o: common/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_SAN) -c -o $@ $<
$(B)/opt/libordverk.a: $(OPT_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(B)/san/libordverk.a: $(SAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BIN)/%: tools/%.c $(B)/opt/libordverk.a $(LIB_HDR)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS_OPT) -o $@ $< $(B)/opt/libordverk.a $(ZLIB_LIBS) -lm
$(B)/san/bin/%: tools/%.c $(B)/san/libordverk.a $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_SAN) -o $@ $< $(B)/san/libordverk.a $(ZLIB_LIBS) -lm
$(B)/san/tests/%: tests/%.c $(B)/san/libordverk.a $(LIB_HDR) tests/testutil.h tests/png.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_SAN) $(CHECK_CFLAGS) -Itests -o $@ $< $(B)/san/libordverk.a $(CHECK_LIBS) $(ZLIB_LIBS) -lm
# The brute-force reference of the conformance data (tests/ref/brute.c; scripts/make-conformance.sh
# runs it, check_brute includes it): a test helper, never installed.
$(B)/san/tests/check_brute: tests/ref/brute.c
$(B)/opt/ref/brute: tests/ref/brute.c $(B)/opt/libordverk.a $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_OPT) -o $@ $< $(B)/opt/libordverk.a $(ZLIB_LIBS) -lm

# Default lexicons: one per variant, from the word lists scripts/wordlists.sh
# derives from Debian and npm packages (or from WORDLIST_xx=FILE).  They stay
# under lexcompile's default --max-reject 5 % (entries rejected for their
# characters: no 0.47 %, da 0.41 %, is 1.24 %, en 0; the many entries over 15
# letters do not count), so no explicit value is needed.
lexicons: $(LEXICONS) $(LEAVES) $(WINPCT)
$(LEXICONS_DIR)/%.klv2: wordlists/leaves/%.klv2
	@mkdir -p $(LEXICONS_DIR)
	cp $< $@
$(LEXICONS_DIR)/%.winpct: wordlists/winpct/%.winpct
	@mkdir -p $(LEXICONS_DIR)
	cp $< $@
$(LEXICONS_DIR)/%.lex: $(BIN)/lexcompile scripts/wordlists.sh $(B)/wordlists/%.source
	@mkdir -p $(LEXICONS_DIR) $(B)/wordlists
	sh scripts/wordlists.sh $* $(B)/wordlists "$(WORDLIST_$*)"
	$(BIN)/lexcompile -r $* -o $@ $$(cat $(B)/wordlists/$*.args)
# A lexicon depends on the list it is made from: the stamp holds WORDLIST_xx
# and the list's checksum, and is rewritten (so the lexicon rebuilt) only
# when either changes, so `make WORDLIST_no=FILE` after a build, an edited
# FILE, or going back to the default list each rebuild no.lex.
$(B)/wordlists/%.source: FORCE
	@mkdir -p $(@D)
	@{ echo 'WORDLIST=$(WORDLIST_$*)'; if [ -n '$(WORDLIST_$*)' ]; then \
	  cksum < '$(WORDLIST_$*)' || echo unreadable; fi; } > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
.PRECIOUS: $(B)/wordlists/%.source
FORCE:

setup:
	sh scripts/setup.sh

# `make check`: installs what it needs, builds the sanitizer build, runs every
# Check suite and every CLI test.  ASAN_OPTIONS makes leaks fail the run.
check: setup
	$(MAKE) check-unit check-fuzz check-cli check-install check-rebuild
# The default lexicons too: check_equity plays on them.
check-unit: $(SAN_TESTS) lexicons
	@set -e; for t in $(SAN_TESTS); do echo "== $$t"; CK_DEFAULT_TIMEOUT=600 ORDVERK_SHARED=$(CURDIR)/../shared ORDVERK_LEXDIR=$(abspath $(LEXICONS_DIR)) $$t; done
# Every fuzz target replays its saved corpus (seeds and past findings) under
# the sanitizers, without libFuzzer.
FUZZ_SRC  = $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS = $(FUZZ_SRC:tests/fuzz/%.c=$(B)/san/fuzz/%)
$(B)/san/fuzz/%: tests/fuzz/%.c tests/fuzz/replay.c $(B)/san/libordverk.a $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_SAN) -o $@ $< tests/fuzz/replay.c $(B)/san/libordverk.a $(ZLIB_LIBS) -lm
check-fuzz: $(FUZZ_BINS)
	@set -e; for f in $(FUZZ_BINS); do n=$$(basename $$f); n=$${n#fuzz_}; \
	  if [ -d tests/fuzz/corpus/$$n ]; then echo "== $$f"; $$f tests/fuzz/corpus/$$n/*; fi; done
check-cli: $(SAN_BINS) tools
	ORDVERK_LEXDIR=$(abspath $(LEXICONS_DIR)) sh tests/run-cli.sh $(B)/san/bin

# The tools installed into a temporary prefix (and that prefix moved) find
# their lexicons and leave tables there, with no environment variable.
check-install: all
	@tmp=$$(mktemp -d) && { $(MAKE) -s install PREFIX="$$tmp/prefix" DESTDIR= > "$$tmp/install.log" 2>&1 || \
	  { cat "$$tmp/install.log"; false; }; } && sh tests/install.sh "$$tmp"; rc=$$?; rm -rf "$$tmp"; exit $$rc

# make WORDLIST_xx=FILE rebuilds a lexicon when FILE or the variable changes.
check-rebuild: tools
	sh tests/rebuild.sh "$(MAKE)" "$(BIN)"

demo: setup
	$(MAKE) all
	ORDVERK_LEXDIR=$(abspath $(LEXICONS_DIR)) sh scripts/demo.sh $(BIN)

bench: setup
	$(MAKE) all
	ORDVERK_LEXDIR=$(abspath $(LEXICONS_DIR)) sh scripts/bench.sh $(BIN)

fuzz:
	sh scripts/fuzz.sh

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(LEXDIR)
	for t in $(TOOLS); do install -m 755 $(BIN)/$$t $(DESTDIR)$(BINDIR)/$$t; done
	for m in man/*.1; do install -m 644 $$m $(DESTDIR)$(MANDIR)/man1/; done
	for m in man/*.5; do [ -e "$$m" ] && install -m 644 $$m $(DESTDIR)$(MANDIR)/man5/ || true; done
	for m in man/*.7; do [ -e "$$m" ] && install -m 644 $$m $(DESTDIR)$(MANDIR)/man7/ || true; done
	for l in $(LEXICONS) $(LEAVES) $(WINPCT); do install -m 644 $$l $(DESTDIR)$(LEXDIR)/; done

uninstall:
	for t in $(TOOLS); do rm -f $(DESTDIR)$(BINDIR)/$$t; done
	for m in man/*.1; do rm -f $(DESTDIR)$(MANDIR)/man1/$${m#man/}; done
	for m in man/*.5; do rm -f $(DESTDIR)$(MANDIR)/man5/$${m#man/}; done
	for m in man/*.7; do rm -f $(DESTDIR)$(MANDIR)/man7/$${m#man/}; done
	for l in $(LEXICONS) $(LEAVES) $(WINPCT); do rm -f $(DESTDIR)$(LEXDIR)/$$(basename $$l); done
	-rmdir $(DESTDIR)$(LEXDIR)

clean:
	rm -rf $(BIN) $(B) $(LEXICONS_DIR)
