// SPDX-License-Identifier: GPL-2.0
/*
 * modtest - the guest side of the pgp-modsign QEMU tests.
 *
 *   modtest run BOOT CASEFILE
 *
 * CASEFILE has one case per line:
 *
 *   EXPECT_PERMISSIVE|EXPECT_ENFORCE|FILE|MODNAME|SIGNER|DESCRIPTION
 *
 * BOOT selects the expectation column ("permissive" or "enforce").  An
 * expectation is one of
 *   ok        finit_module() succeeds and the module has no 'E' taint; when
 *             SIGNER is not empty /sys/module/MODNAME/pgp_signer must equal it
 *   taint     finit_module() succeeds, the module has 'E' taint and no signer
 *   ERRNO     finit_module() fails with that errno (EKEYREJECTED, EBADMSG, ...)
 *   refused   finit_module() fails with any errno
 *   A/B       either expectation A or B (e.g. EBADMSG/EKEYREJECTED)
 *   listing   FILE (e.g. /sys/kernel/security/pgp_keys/keys) has a line holding every
 *             word of the SIGNER field
 *   skip      not run in this boot (e.g. damaged modules that would load unsigned
 *             when not enforcing and run damaged code)
 *   reject    finit_module() fails (any errno), or loads with 'E' and no signer
 *             (a change that only hides the signer may load as unsigned when the
 *             boot is permissive)
 *   sweep:MASK  the exhaustive single-byte tamper sweep: for every byte offset
 *             of FILE, load a copy with that byte xor MASK; every copy must be
 *             refused, or (permissive boot only) load with 'E' taint and no
 *             signer.  One TAP line and a summary by errno.
 *   exec      run FILE with the SIGNER field as its arguments (through
 *             /bin/sh); passes when it exits 0 (e.g. tests/qemu/keyadd.c)
 *   concurrent:N  FILE is a comma-separated list of PATH:MODNAME; one process per
 *             entry loads and unloads its module N times at the same time as the
 *             others; every load must be accepted as signed.
 * Each case prints one TAP line; a loaded module is unloaded again.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const struct {
	const char *name;
	int err;
} errnames[] = {
	{ "EKEYREJECTED", EKEYREJECTED }, { "EBADMSG", EBADMSG },
	{ "ENOKEY", ENOKEY }, { "ENOPKG", ENOPKG }, { "ENODATA", ENODATA },
	{ "ENOEXEC", ENOEXEC }, { "EINVAL", EINVAL }, { "ENOENT", ENOENT },
	{ "EEXIST", EEXIST }, { "ENOMEM", ENOMEM }, { "EPERM", EPERM },
	{ "EFAULT", EFAULT }, { "EKEYREVOKED", EKEYREVOKED },
	{ "EKEYEXPIRED", EKEYEXPIRED }, { "ENOSPC", ENOSPC },
	{ "EACCES", EACCES }, { "ENOTSUPP", 524 }, { "EFBIG", EFBIG },
};

static const char *errname(int err)
{
	static char buf[16];
	size_t i;

	for (i = 0; i < sizeof(errnames) / sizeof(errnames[0]); i++)
		if (errnames[i].err == err)
			return errnames[i].name;
	snprintf(buf, sizeof(buf), "errno %d", err);
	return buf;
}

static int errnum(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(errnames) / sizeof(errnames[0]); i++)
		if (!strcmp(errnames[i].name, name))
			return errnames[i].err;
	return -1;
}

/* Read a small sysfs file into buf without the trailing newline; "" if absent. */
static void read_attr(const char *mod, const char *attr, char *buf, size_t len)
{
	char path[256];
	ssize_t n;
	int fd;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "/sys/module/%s/%s", mod, attr);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		n = 0;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
}

struct outcome {
	int err;		/* 0 loaded, else errno */
	char taint[32];
	char signer[80];
};

static void load_once(const char *file, const char *mod, struct outcome *o)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC);

	memset(o, 0, sizeof(*o));
	if (fd < 0) {
		o->err = errno;
		return;
	}
	if (syscall(SYS_finit_module, fd, "", 0) != 0) {
		o->err = errno;
		close(fd);
		return;
	}
	close(fd);
	read_attr(mod, "taint", o->taint, sizeof(o->taint));
	read_attr(mod, "pgp_signer", o->signer, sizeof(o->signer));
	if (syscall(SYS_delete_module, mod, O_NONBLOCK) != 0)
		fprintf(stderr, "modtest: cannot unload %s: %s\n", mod, strerror(errno));
}

static void describe(const struct outcome *o, char *buf, size_t len)
{
	if (o->err)
		snprintf(buf, len, "refused %s", errname(o->err));
	else
		snprintf(buf, len, "loaded taint='%s' signer='%s'", o->taint, o->signer);
}

/* Returns 1 when the outcome matches the expectation. */
static int judge(const char *expect, const char *want_signer, const struct outcome *o)
{
	int unsigned_load = !o->err && strchr(o->taint, 'E') && !o->signer[0];

	if (!strcmp(expect, "ok"))
		return !o->err && !strchr(o->taint, 'E') &&
		       (!want_signer[0] || !strcmp(want_signer, o->signer));
	if (!strcmp(expect, "taint"))
		return unsigned_load;
	if (!strcmp(expect, "reject"))
		return o->err || unsigned_load;
	if (!strcmp(expect, "refused"))
		return o->err != 0;
	if (strchr(expect, '/')) {	/* alternatives: EBADMSG/EKEYREJECTED */
		char alt[64], *tok, *save = NULL;

		snprintf(alt, sizeof(alt), "%s", expect);
		for (tok = strtok_r(alt, "/", &save); tok; tok = strtok_r(NULL, "/", &save))
			if (judge(tok, want_signer, o))
				return 1;
		return 0;
	}
	if (errnum(expect) < 0) {
		fprintf(stderr, "modtest: unknown expectation '%s'\n", expect);
		return 0;
	}
	return o->err == errnum(expect);
}

/*
 * Tamper sweep.  The variant is written to a scratch file and the writer's fd
 * closed before finit_module(), which refuses files open for writing.
 */
static int sweep(const char *boot, const char *file, const char *mod, unsigned int mask,
		 char *summary, size_t len)
{
	static const char scratch[] = "/tmp/sweep.ko";
	int counts[200] = { 0 }, loaded_unsigned = 0, loaded_bad = 0, refused = 0;
	int enforce = !strcmp(boot, "enforce");
	unsigned char *buf;
	long size, off;
	struct outcome o;
	size_t used = 0;
	FILE *f;
	int e;

	f = fopen(file, "rb");
	if (!f)
		return snprintf(summary, len, "cannot open %s", file), 0;
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	buf = malloc(size);
	if (!buf || fread(buf, 1, size, f) != (size_t)size) {
		fclose(f);
		return snprintf(summary, len, "cannot read %s", file), 0;
	}
	fclose(f);
	for (off = 0; off < size; off++) {
		int fd = open(scratch, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		buf[off] ^= mask;
		if (fd < 0 || write(fd, buf, size) != size) {
			perror(scratch);
			exit(2);
		}
		close(fd);
		buf[off] ^= mask;
		load_once(scratch, mod, &o);
		if (o.err) {
			refused++;
			counts[o.err < 200 ? o.err : 0]++;
		} else if (strchr(o.taint, 'E') && !o.signer[0]) {
			loaded_unsigned++;
		} else {
			loaded_bad++;
			printf("# sweep: offset %ld xor 0x%02x loaded taint='%s' signer='%s'\n",
			       off, mask, o.taint, o.signer);
		}
	}
	unlink(scratch);
	free(buf);
	printf("# tamper sweep: %d/%ld single-byte changes refused (%s, xor 0x%02x)\n",
	       refused, size, enforce ? "enforcing" : "permissive", mask);
	used = snprintf(summary, len, "%d refused", refused);
	for (e = 0; e < 200; e++)
		if (counts[e] && used < len)
			used += snprintf(summary + used, len - used, " %s:%d",
					 e ? errname(e) : "other", counts[e]);
	if (used < len)
		snprintf(summary + used, len - used, ", %d loaded unsigned (taint E), %d loaded as signed",
			 loaded_unsigned, loaded_bad);
	printf("# tamper sweep breakdown: %s\n", summary);
	if (enforce)
		return refused == size;
	return loaded_bad == 0;
}

/*
 * Concurrency: one child process per "FILE:MODNAME" entry of the comma-separated
 * @list, each loading and unloading its module @iters times; every load must succeed
 * without the unsigned taint.
 */
static int concurrent(const char *list, int iters, char *summary, size_t len)
{
	char buf[1024], *tok, *save = NULL;
	int nproc = 0, bad = 0, status;
	pid_t pid;

	snprintf(buf, sizeof(buf), "%s", list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *mod = strchr(tok, ':');

		if (!mod)
			return snprintf(summary, len, "bad entry %s", tok), 0;
		*mod++ = '\0';
		pid = fork();
		if (pid == 0) {
			struct outcome o;
			int i, fails = 0;

			for (i = 0; i < iters; i++) {
				load_once(tok, mod, &o);
				if (o.err || strchr(o.taint, 'E') || !o.signer[0]) {
					if (!fails)
						printf("# concurrent: %s iteration %d: %s taint='%s'\n",
						       mod, i, o.err ? errname(o.err) : "loaded",
						       o.taint);
					fails++;
				}
			}
			_exit(fails ? 1 : 0);
		}
		if (pid > 0)
			nproc++;
	}
	while (wait(&status) > 0)
		bad += !WIFEXITED(status) || WEXITSTATUS(status);
	snprintf(summary, len, "%d processes x %d load/unload cycles, %d failed", nproc, iters, bad);
	return nproc > 1 && bad == 0;
}

/*
 * "listing": FILE must have a line holding every space-separated word of @words
 * (e.g. a fingerprint and the word "revoked").
 */
static int listing(const char *file, const char *words, char *got, size_t len)
{
	char line[512], w[256], *tok, *save;
	FILE *f = fopen(file, "r");
	int found = 0;

	snprintf(got, len, "no matching line");
	if (!f) {
		snprintf(got, len, "cannot open %s: %s", file, strerror(errno));
		return 0;
	}
	while (!found && fgets(line, sizeof(line), f)) {
		found = 1;
		snprintf(w, sizeof(w), "%s", words);
		for (tok = strtok_r(w, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
			if (!strstr(line, tok))
				found = 0;
		if (found)
			snprintf(got, len, "%.*s", (int)strcspn(line, "\n"), line);
	}
	fclose(f);
	return found;
}

static int split(char *line, char **f, int max)
{
	int n = 0;

	while (n < max) {
		f[n++] = line;
		line = strchr(line, '|');
		if (!line)
			break;
		*line++ = '\0';
	}
	return n;
}

static int run(const char *boot, const char *casefile)
{
	char line[1024], got[160];
	int col, n = 0, failed = 0, total = 0;
	FILE *f = fopen(casefile, "r");

	if (!f) {
		perror(casefile);
		return 2;
	}
	if (!strcmp(boot, "permissive"))
		col = 0;
	else if (!strcmp(boot, "enforce"))
		col = 1;
	else {
		fprintf(stderr, "modtest: unknown boot '%s'\n", boot);
		return 2;
	}
	while (fgets(line, sizeof(line), f))
		if (line[0] != '#' && line[0] != '\n')
			total++;
	rewind(f);

	printf("# modtest: begin %s\n1..%d\n", boot, total);
	fflush(stdout);
	while (fgets(line, sizeof(line), f)) {
		char *fld[6];
		struct outcome o;
		int ok;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		n++;
		if (split(line, fld, 6) != 6) {
			printf("not ok %d - malformed case line\n", n);
			failed++;
			continue;
		}
		if (!strcmp(fld[col], "skip")) {
			printf("ok %d - %s # SKIP not run in this boot\n", n, fld[5]);
			continue;
		}
		if (!strcmp(fld[col], "exec")) {
			char cmd[1024];

			snprintf(cmd, sizeof(cmd), "%s %s", fld[2], fld[4]);
			fflush(stdout);
			ok = system(cmd) == 0;
			printf("%sok %d - %s\n", ok ? "" : "not ", n, fld[5]);
			failed += !ok;
			continue;
		}
		if (!strcmp(fld[col], "listing")) {
			char got[512];

			ok = listing(fld[2], fld[4], got, sizeof(got));
			printf("%sok %d - %s (%s)\n", ok ? "" : "not ", n, fld[5], got);
			failed += !ok;
			continue;
		}
		if (!strncmp(fld[col], "sweep:", 6)) {
			char summary[512];

			ok = sweep(boot, fld[2], fld[3], strtoul(fld[col] + 6, NULL, 0),
				   summary, sizeof(summary));
			printf("%sok %d - %s (%s)\n", ok ? "" : "not ", n, fld[5], summary);
			fflush(stdout);
			failed += !ok;
			continue;
		}
		if (!strncmp(fld[col], "concurrent:", 11)) {
			char summary[256];

			ok = concurrent(fld[2], atoi(fld[col] + 11), summary, sizeof(summary));
			printf("%sok %d - %s (%s)\n", ok ? "" : "not ", n, fld[5], summary);
			fflush(stdout);
			failed += !ok;
			continue;
		}
		load_once(fld[2], fld[3], &o);
		ok = judge(fld[col], fld[4], &o);
		describe(&o, got, sizeof(got));
		printf("%sok %d - %s: expect %s", ok ? "" : "not ", n, fld[5], fld[col]);
		if (ok && o.err)
			printf(" (%s)\n", errname(o.err));
		else if (ok)
			printf("\n");
		else
			printf(", got %s\n", got);
		fflush(stdout);
		failed += !ok;
	}
	fclose(f);
	printf("# modtest: end %s: %d passed, %d failed\n", boot, n - failed, failed);
	return failed ? 1 : 0;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/*
 * modtest bench LISTFILE: lines "LABEL|FILE|MODNAME|N".  Loads and unloads
 * each module N times and prints "bench LABEL mean_ns best_ns verified|unsigned"
 * (whether the signature was accepted: no 'E' taint). Under QEMU with
 * -icount shift=0 a guest nanosecond is one guest instruction, so the figures
 * are deterministic instruction counts.
 */
static int bench(const char *listfile)
{
	char line[1024];
	FILE *f = fopen(listfile, "r");

	if (!f) {
		perror(listfile);
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		char *fld[4];
		struct outcome o;
		long long t0, best = -1, total = 0;
		char warm_taint[32];
		int i, n;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		if (split(line, fld, 4) != 4)
			continue;
		n = atoi(fld[3]);
		load_once(fld[1], fld[2], &o);	/* warm the page cache */
		if (o.err) {
			printf("bench %s error %s\n", fld[0], errname(o.err));
			continue;
		}
		snprintf(warm_taint, sizeof(warm_taint), "%s", o.taint);
		for (i = 0; i < n; i++) {
			long long dt;

			t0 = now_ns();
			load_once(fld[1], fld[2], &o);
			dt = now_ns() - t0;
			total += dt;
			if (best < 0 || dt < best)
				best = dt;
		}
		printf("bench %s %lld %lld %s\n", fld[0], total / (n ? n : 1), best,
		       strchr(warm_taint, 'E') ? "unsigned" : "verified");
		fflush(stdout);
	}
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "run"))
		return run(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "bench"))
		return bench(argv[2]);
	fprintf(stderr, "usage: modtest run permissive|enforce CASEFILE\n"
		"       modtest bench LISTFILE\n");
	return 2;
}
