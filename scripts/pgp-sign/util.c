// SPDX-License-Identifier: GPL-2.0
/*
 * Buffers, bytes and files for pgp-sign-module, its work directory, and the
 * signal handler that leaves no half-written file and no process behind.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pgp-sign.h"

struct pgp_cleanup pgp_cleanup = { .parent = 1 };

/* The name the tool was run as (sign-module.sh runs it under its own). */
const char *prog_name(void)
{
	return program_invocation_short_name;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "%s: out of memory\n", prog_name());
		exit(1);
	}
	return p;
}

/* A buffer's invariant, checked where it is used: abort rather than write out of bounds. */
void buf_check(const struct buf *b)
{
	if (b->len > b->cap || (b->cap && !b->p)) {
		fprintf(stderr, "%s: internal error: buffer of %zu bytes holds %zu\n",
			prog_name(), b->cap, b->len);
		abort();
	}
}

/*
 * Room for @more bytes after b->len.  A buffer may have held a secret (a
 * secret key, a passphrase): it grows into a new block and the old one is
 * wiped before it is freed, never left to realloc().
 */
void buf_reserve(struct buf *b, size_t more)
{
	u8 *n;

	buf_check(b);
	if (more > SIZE_MAX / 2 - b->len) {
		fprintf(stderr, "%s: out of memory\n", prog_name());
		exit(1);
	}
	if (b->len + more > b->cap) {
		size_t cap = (b->len + more) * 2 + 256;

		n = xrealloc(NULL, cap);
		if (b->len)
			memcpy(n, b->p, b->len);
		if (b->p)
			explicit_bzero(b->p, b->cap);
		free(b->p);
		b->p = n;
		b->cap = cap;
	}
}

void buf_add(struct buf *b, const void *d, size_t n)
{
	buf_reserve(b, n);
	if (n)
		memcpy(b->p + b->len, d, n);
	b->len += n;
}

void buf_addc(struct buf *b, u8 c)
{
	buf_add(b, &c, 1);
}

void buf_addstr(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

/* The buffer freed, wiped first (it may have held a secret). */
void buf_free(struct buf *b)
{
	if (b->p)
		explicit_bzero(b->p, b->cap);
	free(b->p);
	memset(b, 0, sizeof(*b));
}

/*
 * Wipe @n bytes of the stack below the caller's frame, where the functions
 * it called (its own, libcrypto's) left their locals: called once a secret
 * was used, so that no copy of it stays on the stack.
 */
__attribute__((noinline)) void wipe_stack(size_t n)
{
	u8 area[n];

	explicit_bzero(area, n);
}

/*
 * No core dump of this process (nor of the programs it starts: RLIMIT_CORE
 * is inherited) while it may hold a secret: a passphrase, a secret key, a
 * key derived from them.  PR_SET_DUMPABLE 0 also keeps other processes of
 * the user from reading its memory (ptrace, /proc/PID/mem).
 */
void secrets_held(void)
{
	const struct rlimit none = { 0, 0 };

	setrlimit(RLIMIT_CORE, &none);
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
}

double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The last non-empty line of @b, as a string (at most @n - 1 bytes). */
void last_line(const struct buf *b, char *out, size_t n)
{
	size_t e = b->len, s;

	out[0] = 0;
	while (e && (b->p[e - 1] == '\n' || b->p[e - 1] == '\r' || b->p[e - 1] == ' '))
		e--;
	s = e;
	while (s && b->p[s - 1] != '\n')
		s--;
	if (e - s >= n)
		s = e - (n - 1);
	memcpy(out, b->p + s, e - s);
	out[e - s] = 0;
}

int write_all(int fd, const void *d, size_t n)
{
	const u8 *p = d;

	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= w;
	}
	return 0;
}

/* All of @fd appended to @b; -1 with errno EFBIG beyond @max bytes. */
int read_fd(int fd, struct buf *b, size_t max)
{
	for (;;) {
		ssize_t r;

		buf_reserve(b, 65536);
		r = read(fd, b->p + b->len, 65536);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			return 0;
		b->len += r;
		if (b->len > max) {
			errno = EFBIG;
			return -1;
		}
	}
}

int read_file(const char *path, struct buf *b, size_t max)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0)
		return -1;
	ret = read_fd(fd, b, max);
	close(fd);
	return ret;
}

void hex_upper(const u8 *d, size_t n, char *out)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i;

	for (i = 0; i < n; i++) {
		out[2 * i] = hex[d[i] >> 4];
		out[2 * i + 1] = hex[d[i] & 15];
	}
	out[2 * n] = 0;
}

/* A note, once per run (the jobs share the flag file). */
void note_once(const struct pgp_run *r, const char *fmt, ...)
{
	char p[PATH_MAX + 16];
	va_list ap;
	int fd;

	if (r->tmpdir[0]) {
		snprintf(p, sizeof(p), "%s/noted", r->tmpdir);
		fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd < 0)
			return;
		close(fd);
	}
	fprintf(stderr, "%s: note: ", prog_name());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/*
 * Remove the directory entry @name in the directory @dfd, and what it
 * holds.  System calls only (getdents64, openat, unlinkat): the signal
 * handler calls it too, where opendir() and malloc() may not be used.
 */
static void rm_tree_at(int dfd, const char *name, int depth)
{
	char dents[2048];
	ssize_t n;
	int fd;

	if (!unlinkat(dfd, name, 0) || errno == ENOENT || depth >= 4)
		return;
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		goto out;
	/* each pass removes what it saw; read again until empty */
	while ((n = getdents64(fd, dents, sizeof(dents))) > 0) {
		ssize_t off = 0;
		bool removed = false;

		while (off < n) {
			struct dirent64 *e = (struct dirent64 *)(dents + off);

			off += e->d_reclen;
			if (e->d_name[0] == '.' && (!e->d_name[1] ||
						    (e->d_name[1] == '.' && !e->d_name[2])))
				continue;
			rm_tree_at(fd, e->d_name, depth + 1);
			removed = true;
		}
		if (!removed)
			break;
		lseek(fd, 0, SEEK_SET);
	}
	close(fd);
out:
	unlinkat(dfd, name, AT_REMOVEDIR);
}

/* The run's work directory in $TMPDIR (mode 0700); 0 or -1. */
int tmpdir_make(char *dir, size_t size)
{
	const char *t = getenv("TMPDIR");

	snprintf(dir, size, "%s/sign-module.XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(dir)) {
		dir[0] = 0;
		return -1;
	}
	pgp_cleanup.tmpdir = dir;
	return 0;
}

void tmpdir_remove(char *dir)
{
	if (!dir[0])
		return;
	pgp_cleanup.tmpdir = NULL;
	rm_tree_at(AT_FDCWD, dir, 0);
	dir[0] = 0;
}

/* Async-signal-safe calls only (signal-safety(7)). */
static void on_signal(int sig)
{
	struct pgp_cleanup *c = &pgp_cleanup;
	int i;

	if (c->tmp[0])
		unlink(c->tmp);
	if (c->tbs[0])
		unlink(c->tbs);
	if (c->passphrase)
		explicit_bzero(c->passphrase, strlen(c->passphrase));
	if (c->child > 0)
		kill(c->child, SIGTERM);
	if (c->agent > 0)
		kill(c->agent, SIGTERM);
	if (c->parent) {
		for (i = 0; i < c->nworkers; i++)
			if (c->workers[i] > 0)
				kill(c->workers[i], SIGTERM);
		for (i = 0; i < c->nworkers; i++)
			if (c->workers[i] > 0)
				waitpid(c->workers[i], NULL, 0);
		if (c->tmpdir && c->tmpdir[0])
			rm_tree_at(AT_FDCWD, c->tmpdir, 0);
	}
	_exit(sig == SIGINT ? 130 : sig == SIGHUP ? 129 : 143);
}

void signals_install(void)
{
	struct sigaction sa = { .sa_handler = on_signal };

	signal(SIGPIPE, SIG_IGN);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}
