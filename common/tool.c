/* tool.c — diagnostics, allocation, line reading and atomic output for the
 * tools.  See tool.h; the library proper never uses this module. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "klv.h"
#include "lex.h"
#include "lines.h"
#include "tool.h"

static const char *progname = "ordverk";
static volatile sig_atomic_t interrupted;

void
tool_init(const char *argv0)
{
	const char *slash;

	if (argv0 == NULL || *argv0 == '\0')
		return;
	slash = strrchr(argv0, '/');
	progname = slash ? slash + 1 : argv0;
}

const char *
tool_name(void)
{
	return progname;
}

static void
vwarn(const char *file, long line, const char *fmt, va_list ap)
{
	int saved = errno;
	size_t n = strlen(fmt);

	fprintf(stderr, "%s: ", progname);
	if (file != NULL) {
		if (line > 0)
			fprintf(stderr, "%s:%ld: ", file, line);
		else
			fprintf(stderr, "%s: ", file);
	}
	vfprintf(stderr, fmt, ap);
	if (n > 0 && fmt[n - 1] == ':')
		fprintf(stderr, " %s", strerror(saved));
	fputc('\n', stderr);
}

void
tool_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(NULL, 0, fmt, ap);
	va_end(ap);
}

void
tool_warnfl(const char *file, long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(file, line, fmt, ap);
	va_end(ap);
}

void
tool_warnerr(const char *file, const struct err *e)
{
	tool_warnfl(file, e->line, "%s", e->msg[0] ? e->msg : "error");
}

void
tool_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(NULL, 0, fmt, ap);
	va_end(ap);
	exit(TOOL_ERR);
}

void *
tool_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		tool_die("out of memory:");
	return p;
}

void *
tool_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		tool_die("out of memory:");
	return p;
}

void *
tool_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		tool_die("out of memory:");
	return p;
}

char *
tool_xstrdup(const char *s)
{
	char *p = strdup(s);

	if (p == NULL)
		tool_die("out of memory:");
	return p;
}

int
tool_parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (s == NULL || *s == '\0')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
tool_fshut(FILE *fp, const char *name, int ret)
{
	int bad = 0;

	if (fflush(fp) == EOF)
		bad = 1;
	if (ferror(fp))
		bad = 1;
	if (fp != stdout && fp != stderr) {
		if (fclose(fp) == EOF)
			bad = 1;
	}
	if (bad) {
		tool_warn("%s: write error:", name);
		return TOOL_ERR;
	}
	return ret;
}

void
tool_out_init(struct tool_out *o, FILE *fp, const char *name, size_t cap)
{
	memset(o, 0, sizeof *o);
	o->fp = fp;
	o->name = name;
	o->cap = cap;
	o->b = tool_xmalloc(cap);
}

static void
out_write(struct tool_out *o, const char *s, size_t n)
{
	if (n > 0 && !o->bad && fwrite(s, 1, n, o->fp) != n) {
		o->bad = 1;
		o->err = errno;
	}
}

void
tool_out_spill(struct tool_out *o, const char *s, size_t n)
{
	out_write(o, o->b, o->n);
	o->n = 0;
	if (n > o->cap) {
		out_write(o, s, n);
		return;
	}
	memcpy(o->b, s, n);
	o->n = n;
}

int
tool_out_close(struct tool_out *o, int ret)
{
	out_write(o, o->b, o->n);
	o->n = 0;
	free(o->b);
	o->b = NULL;
	if (o->bad) {
		errno = o->err;
		tool_warn("%s: write error:", o->name);
		return TOOL_ERR;
	}
	return tool_fshut(o->fp, o->name, ret);
}

unsigned char *
tool_read_all(const char *path, size_t max, const char *what, size_t *len)
{
	int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY);
	size_t cap = 1 << 16, n = 0;
	unsigned char *buf;
	ssize_t r;

	if (fd < 0) {
		tool_warn("%s:", path);
		return NULL;
	}
	if (fd == STDIN_FILENO)
		path = "<stdin>";
	buf = tool_xmalloc(cap);
	for (;;) {
		if (n == cap) {
			if (cap >= max) {
				tool_warn("%s: larger than %zu bytes: not %s", path,
					max, what);
				goto fail;
			}
			cap *= 2;
			buf = tool_xrealloc(buf, cap);
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			tool_warn("%s:", path);
			goto fail;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	if (fd != STDIN_FILENO)
		close(fd);
	*len = n;
	return buf;
fail:
	if (fd != STDIN_FILENO)
		close(fd);
	free(buf);
	return NULL;
}

struct lex *
tool_load_lexicon(const char *path, const struct rules *r, int full,
	size_t *bytes)
{
	const size_t max = (size_t)1 << 30;
	size_t len = 0;
	unsigned char *buf;
	struct err e;
	struct lex *lex;
	struct stat st;

	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		lex = full ? lex_load(path, r, &e) : lex_load_dawg(path, r, &e);
		if (lex == NULL)
			tool_warn("%s", e.msg);     /* names the file */
		if (bytes != NULL)
			*bytes = (size_t)st.st_size;
		return lex;
	}
	buf = tool_read_all(path, max, "a lexicon", &len);
	if (buf == NULL)
		return NULL;
	lex = full ? lex_load_mem(buf, len, r, &e) :
	    lex_load_mem_dawg(buf, len, r, &e);
	free(buf);
	if (bytes != NULL)
		*bytes = len;
	if (lex == NULL)
		tool_warnerr(strcmp(path, "-") == 0 ? "<stdin>" : path, &e);
	return lex;
}

void
tool_version(void)
{
	printf("%s (ordverk) %s\n", progname, ORDVERK_VERSION);
	exit(tool_fshut(stdout, "<stdout>", TOOL_OK));
}

void
tool_usage(const char *synopsis)
{
	fputs(synopsis, stderr);
	exit(TOOL_ERR);
}

void
tool_help(const char *synopsis)
{
	fputs(synopsis, stdout);
	exit(tool_fshut(stdout, "<stdout>", TOOL_OK));
}

void
tool_lines_init(struct tool_lines *l, FILE *fp, const char *name)
{
	l->fp = fp;
	l->name = name;
	l->lineno = 0;
	l->buf = NULL;
	l->cap = 0;
}

long
tool_readline(struct tool_lines *l)
{
	return lines_read(l->fp, &l->buf, &l->cap, &l->lineno,
	    (size_t)TOOL_LINE_MAX);
}

#define FDLINES_CHUNK (1 << 20)

void
tool_fdlines_init(struct tool_fdlines *r, int fd, const char *name,
	size_t max)
{
	r->fd = fd;
	r->name = name;
	r->lineno = 0;
	r->max = max;
	r->cap = FDLINES_CHUNK + max + 2;
	r->buf = tool_xmalloc(r->cap);
	r->start = r->end = 0;
	r->eof = 0;
}

void
tool_fdlines_free(struct tool_fdlines *r)
{
	free(r->buf);
	r->buf = NULL;
}

/* fdlines_fill: moves the unread bytes to the front and reads more; 0, or
 * -1 on a read error (errno set). */
static int
fdlines_fill(struct tool_fdlines *r)
{
	ssize_t n;

	if (r->start > 0) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	do
		n = read(r->fd, r->buf + r->end, r->cap - 1 - r->end);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	if (n == 0)
		r->eof = 1;
	r->end += (size_t)n;
	return 0;
}

long
tool_fdline(struct tool_fdlines *r, char **line)
{
	size_t scanned = 0;
	int toolong = 0;

	for (;;) {
		char *nl = memchr(r->buf + r->start + scanned, '\n',
			r->end - r->start - scanned);
		size_t n;

		if (nl != NULL || (r->eof && r->end > r->start)) {
			if (nl == NULL)
				nl = r->buf + r->end;   /* last line without '\n' */
			n = (size_t)(nl - (r->buf + r->start));
			r->lineno++;
			if (toolong || n > r->max) {
				r->start += n + (nl < r->buf + r->end);
				return -3;
			}
			*line = r->buf + r->start;
			r->start += n + (nl < r->buf + r->end);
			if (n > 0 && (*line)[n - 1] == '\r')
				n--;
			(*line)[n] = '\0';
			return (long)n;
		}
		if (r->eof)
			return toolong ? (r->lineno++, -3) : -1;
		scanned = r->end - r->start;
		if (scanned > r->max) {
			/* Drop what we have of the long line and keep looking for
			 * its end. */
			toolong = 1;
			r->start = r->end;
			scanned = 0;
		}
		if (fdlines_fill(r) != 0)
			return -2;
	}
}

void
tool_lines_free(struct tool_lines *l)
{
	free(l->buf);
	l->buf = NULL;
	l->cap = 0;
}

/* link_target: where symbolic link path points (one level; a relative
 * target taken from the link's directory), malloc'ed, or NULL. */
static char *
link_target(const char *path)
{
	char buf[PATH_MAX], *out;
	const char *slash = strrchr(path, '/');
	ssize_t n = readlink(path, buf, sizeof buf - 1);
	size_t dir = 0;

	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	if (slash != NULL && buf[0] != '/')
		dir = (size_t)(slash - path) + 1;
	out = tool_xmalloc(dir + (size_t)n + 1);
	memcpy(out, path, dir);
	memcpy(out + dir, buf, (size_t)n + 1);
	return out;
}

FILE *
tool_atomic_open(struct tool_atomic *a, const char *path)
{
	size_t n = strlen(path);
	struct stat st;
	char *real = NULL;
	int fd;

	a->fp = NULL;
	/* A device or pipe (-o /dev/stdout) is written in place: renaming
	 * over it would replace it with a file.  A symbolic link to a file
	 * is followed, so that the link stays and its target is replaced. */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		a->path = tool_xstrdup(path);
		a->tmp = NULL;
		if ((a->fp = fopen(path, "wb")) == NULL) {
			tool_warn("%s:", path);
			free(a->path);
			a->path = NULL;
		}
		return a->fp;
	}
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) &&
	    (real = link_target(path)) != NULL) {
		path = real;
		n = strlen(path);
	}
	a->path = tool_xstrdup(path);
	free(real);
	a->tmp = tool_xmalloc(n + 16);
	snprintf(a->tmp, n + 16, "%s.tmpXXXXXX", a->path);
	fd = mkstemp(a->tmp);
	if (fd < 0) {
		tool_warn("%s: cannot create temporary file:", a->path);
		free(a->path);
		free(a->tmp);
		a->path = a->tmp = NULL;
		return NULL;
	}
	/* mkstemp makes 0600; give the output the mode open(2) would. */
	{
		mode_t mask = umask(0);
		umask(mask);
		(void)fchmod(fd, 0666 & ~mask);
	}
	a->fp = fdopen(fd, "wb");
	if (a->fp == NULL) {
		tool_warn("%s:", a->tmp);
		close(fd);
		unlink(a->tmp);
		free(a->path);
		free(a->tmp);
		a->path = a->tmp = NULL;
	}
	return a->fp;
}

int
tool_atomic_commit(struct tool_atomic *a)
{
	int bad = 0;

	if (fflush(a->fp) == EOF || ferror(a->fp))
		bad = 1;
	if (!bad && fsync(fileno(a->fp)) != 0 && errno != EINVAL)
		bad = 1;
	if (fclose(a->fp) == EOF)
		bad = 1;
	a->fp = NULL;
	if (!bad && a->tmp != NULL && rename(a->tmp, a->path) != 0)
		bad = 1;
	if (bad) {
		tool_warn("%s: write error:", a->path);
		if (a->tmp != NULL)
			unlink(a->tmp);
	}
	free(a->path);
	free(a->tmp);
	a->path = a->tmp = NULL;
	return bad ? -1 : 0;
}

void
tool_atomic_abort(struct tool_atomic *a)
{
	if (a->fp != NULL)
		fclose(a->fp);
	if (a->tmp != NULL)
		unlink(a->tmp);
	free(a->path);
	free(a->tmp);
	a->fp = NULL;
	a->path = a->tmp = NULL;
}

int
tool_atomic_finish(struct tool_atomic *a, int rc, const struct err *e)
{
	if (rc >= 0)
		return tool_atomic_commit(a);
	tool_warnerr(a->path, e);
	tool_atomic_abort(a);
	return -1;
}

static void
on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

volatile sig_atomic_t *
tool_catch_sigint(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	/* SIGTERM is how GNU parallel, timeout(1), systemd and batch
	 * schedulers stop a job, SIGHUP a closed terminal: each ends a run
	 * as Ctrl-C does, keeping its work. */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	return &interrupted;
}

double
tool_seconds(clockid_t clock)
{
	struct timespec ts;

	if (clock_gettime(clock, &ts) < 0)
		return 0;
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static char *
existing(const char *dir, const char *rules_name, const char *ext)
{
	size_t n = strlen(dir) + strlen(rules_name) + strlen(ext) + 4;
	char *p = tool_xmalloc(n);

	snprintf(p, n, "%s/%s.%s", dir, rules_name, ext);
	if (access(p, R_OK) == 0)
		return p;
	free(p);
	return NULL;
}

/* The default file of ruleset r with extension ext (lex, klv2). */
static char *
default_file(const struct rules *r, const char *ext)
{
	return tool_find_file(r->lexicon_hint[0] ? r->lexicon_hint : r->name,
	    ext);
}

enum tool_input
tool_input_kind(const char *line, size_t len)
{
	static const char *const pragmas[] = { "#character-encoding",
	    "#player1", "#player2", "#player3", "#player4", "#title",
	    "#description", "#id ", "#lexicon", "#tile-distribution",
	    "#game-type", "#board-layout", "#tile-set", NULL };
	int i;

	if (len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
		line += 3;          /* a byte-order mark */
		len -= 3;
	}
	if (len > 0 && line[0] == '>')
		return TOOL_INPUT_GCG;
	if (len >= 11 && memcmp(line, "#game\tseed\t", 11) == 0)
		return TOOL_INPUT_GAMES;
	for (i = 0; pragmas[i] != NULL; i++) {
		size_t k = strlen(pragmas[i]);

		if (len >= k && memcmp(line, pragmas[i], k) == 0)
			return TOOL_INPUT_GCG;
	}
	return TOOL_INPUT_OTHER;
}

void
tool_refuse_gcg(const char *line, size_t len, const char *name,
	long lineno, const char *hint)
{
	if (tool_input_kind(line, len) != TOOL_INPUT_GCG)
		return;
	tool_warnfl(name, lineno, "this is a GCG game record, %s", hint);
	exit(tool_fshut(stdout, "<stdout>", TOOL_ERR));
}

int
tool_leaves_check(const char *path)
{
	struct err e;
	struct klv *k = klv_load(path, NULL, &e);

	if (k == NULL) {
		tool_warnfl(path, e.line, "%s", e.msg);
		return -1;
	}
	klv_destroy(k);
	return 0;
}

int
tool_ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n >= k && memcmp(s + n - k, tail, k) == 0;
}

void
tool_game_rules_note(const char *file, const struct rules *given,
	const struct rules *used)
{
	if (given != NULL && strcmp(given->name, used->name) != 0)
		tool_warn("%s: note: the record names ruleset %s, which wins "
		    "over -r %s (-r is for records that name none)", file,
		    used->name, given->name);
}

char *
tool_find_file(const char *rules_name, const char *ext)
{
	char exe[PATH_MAX], dir[PATH_MAX + 32];
	const char *env = getenv("ORDVERK_LEXDIR");
	char *p, *slash;
	ssize_t n;

	/* Ruleset and lexicon names are short identifiers; refuse anything
	 * path-like. */
	if (strchr(rules_name, '/') != NULL || rules_name[0] == '.' ||
	    rules_name[0] == '\0')
		return NULL;
	if (env != NULL && *env != '\0' && (p = existing(env, rules_name, ext)))
		return p;
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			*slash = '\0';
			snprintf(dir, sizeof dir, "%s/../lexicons", exe);
			if ((p = existing(dir, rules_name, ext)))
				return p;
			snprintf(dir, sizeof dir, "%s/../../../lexicons", exe);
			if ((p = existing(dir, rules_name, ext)))
				return p;
			/* Installed: PREFIX/bin/tool finds PREFIX/share/ordverk
			 * wherever PREFIX was at `make install`, whatever the
			 * build's PREFIX. */
			snprintf(dir, sizeof dir, "%s/../share/ordverk", exe);
			if ((p = existing(dir, rules_name, ext)))
				return p;
		}
	}
	return existing(ORDVERK_LEXDIR, rules_name, ext);
}

char *
tool_default_lexicon(const struct rules *r)
{
	return default_file(r, "lex");
}

char *
tool_default_leaves(const struct rules *r)
{
	return default_file(r, "klv2");
}

char *
tool_default_winpct(const struct rules *r)
{
	return default_file(r, "winpct");
}

int
tool_colour(FILE *fp, const char *when)
{
	const char *nc;

	if (when == NULL || strcmp(when, "auto") == 0) {
		const char *term = getenv("TERM");

		nc = getenv("NO_COLOR");
		return isatty(fileno(fp)) && (nc == NULL || *nc == '\0') &&
		    (term == NULL || strcmp(term, "dumb") != 0);
	}
	if (strcmp(when, "always") == 0)
		return 1;
	if (strcmp(when, "never") == 0)
		return 0;
	return -1;
}

int
tool_numbered_name(const char *name, long n, char *out, size_t cap)
{
	size_t len = 0;
	int found = 0, k;

	for (; *name; name++) {
		char num[32];
		const char *add = num;

		if (name[0] != '%') {
			num[0] = name[0];
			num[1] = '\0';
		} else if (name[1] == '%') {
			strcpy(num, "%");
			name++;
		} else if (name[1] == 'd' && !found) {
			snprintf(num, sizeof num, "%ld", n);
			found = 1;
			name++;
		} else if (name[1] == '0' && name[2] >= '1' && name[2] <= '9' &&
		    name[3] == 'd' && !found) {
			snprintf(num, sizeof num, "%0*ld", name[2] - '0', n);
			found = 1;
			name += 3;
		} else {
			return -1;
		}
		k = (int)strlen(add);
		if (len + (size_t)k + 1 > cap)
			return -1;
		memcpy(out + len, add, (size_t)k);
		len += (size_t)k;
	}
	if (cap == 0)
		return -1;
	out[len] = '\0';
	return found;
}

struct lex *
tool_lexicon_get(struct tool_lexicons *c, const char *lexpath,
	const struct rules *r)
{
	return tool_lexicon_named(c, lexpath, r, "", NULL);
}

/* The lexicon a record names: NAME.lex, else NAME.kwg (a KWG of another
 * engine, renumbered for r), or NULL. */
static char *
named_lexicon(const char *named)
{
	char *p = tool_find_file(named, "lex");

	return p != NULL ? p : tool_find_file(named, "kwg");
}

struct lex *
tool_lexicon_named(struct tool_lexicons *c, const char *lexpath,
	const struct rules *r, const char *named, const char *file)
{
	char key[sizeof c->name[0]];
	char *path = NULL;
	struct err e;
	int i;

	if (lexpath != NULL || named == NULL)
		named = "";
	/* "" a -l file; "no" a ruleset's default; "no@NSF23" a record's. */
	snprintf(key, sizeof key, "%s%s%s", lexpath ? "" : r->name,
	    named[0] ? "@" : "", named);
	for (i = 0; i < c->n; i++)
		if (strcmp(c->name[i], key) == 0)
			return c->lex[i];
	if (c->n == TOOL_LEXICONS_MAX)
		return NULL;
	i = c->n++;
	snprintf(c->name[i], sizeof c->name[i], "%s", key);
	c->lex[i] = NULL;
	c->path[i] = NULL;
	if (lexpath) {
		path = tool_xstrdup(lexpath);
	} else if (named[0] && (path = named_lexicon(named)) == NULL) {
		tool_warn("%s%snote: #lexicon %s: no %s.lex or %s.kwg in the "
		    "lexicon directory; using ruleset %s's default lexicon",
		    file ? file : "", file ? ": " : "", named, named, named,
		    r->name);
	}
	if (path == NULL && (path = tool_default_lexicon(r)) == NULL) {
		tool_warn("no lexicon for ruleset %s: give -l LEX or "
		    "--no-lexicon", r->name);
		return NULL;
	}
	err_clear(&e);
	/* Another alphabet would give nonsense words: refused. */
	if ((c->lex[i] = lex_load_for(path, r, &e)) == NULL) {
		tool_warn("%s", e.msg);     /* it names the file */
		free(path);
		return NULL;
	}
	c->path[i] = path;
	return c->lex[i];
}

const char *
tool_lexicon_path(const struct tool_lexicons *c, const struct lex *lex)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (c->lex[i] == lex && lex != NULL && c->path[i] != NULL)
			return c->path[i];
	return "";
}

void
tool_lexicons_free(struct tool_lexicons *c)
{
	int i;

	for (i = 0; i < c->n; i++) {
		lex_destroy(c->lex[i]);
		free(c->path[i]);
	}
	c->n = 0;
}

int
tool_each_line(const char *path, int (*fn)(char *line, size_t len,
	const char *name, long lineno, void *arg), void *arg)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	const char *name = fp == stdin ? "<stdin>" : path;
	struct tool_lines l;
	long len;
	int ret = TOOL_OK, rc;

	if (fp == NULL) {
		tool_warn("%s:", path);
		return TOOL_ERR;
	}
	tool_lines_init(&l, fp, name);
	while ((len = tool_readline(&l)) != -1) {
		if (len == -2) {
			tool_warnfl(name, l.lineno, "read error:");
			ret = TOOL_ERR;
			break;
		}
		if (len == -3) {
			tool_warnfl(name, l.lineno, "line too long");
			ret = TOOL_ERR;
			continue;
		}
		if (len == 0 || l.buf[0] == '#')
			continue;
		rc = fn(l.buf, (size_t)len, name, l.lineno, arg);
		if (rc > ret)
			ret = rc;
	}
	tool_lines_free(&l);
	if (fp != stdin)
		fclose(fp);
	return ret;
}
