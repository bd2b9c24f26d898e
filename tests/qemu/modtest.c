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
 *   sweep:MASK[:STRIDE]  the single-byte tamper sweep.  First the untouched FILE is
 *             loaded through the same scratch file: it must load, untainted, signed
 *             by SIGNER (the positive control).  Then for every byte offset of FILE
 *             (with STRIDE > 1, every STRIDE-th byte of the bulk regions -- signed
 *             data, section header table, container padding -- and every byte
 *             elsewhere) a copy with that byte xor MASK is loaded; its
 *             outcome must be one FILE.MASK.map allows for that offset (written by
 *             tests/qemu/siglayout.py: "START END CLASS[/CLASS...] LABEL", classes
 *             EKEYREJECTED, EBADMSG, ENOEXEC, unsigned; "unsigned" is a load with
 *             taint E and no signer, which an enforcing boot must refuse with
 *             EKEYREJECTED instead).  One TAP line, a summary by outcome and the
 *             first mismatches.
 *   exec      run FILE with the SIGNER field as its arguments (through /bin/sh);
 *             passes when it exits 0 (e.g. tests/qemu/keyadd.c)
 *   concurrent:N  FILE is a comma-separated list of PATH:MODNAME:SIGNER; one process
 *             per entry loads and unloads its module N times at the same time as the
 *             others; every load must be accepted as signed by that SIGNER.
 * A failed open() of FILE never matches an errno expectation.
 * Each case prints one TAP line; a loaded module is unloaded again.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
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
	int open_err;		/* FILE could not be opened: matches no expectation */
	char taint[32];
	char signer[80];
};

/*
 * finit_module()'s flags for FILE: a compressed module (.ko.xz, .ko.zst, .ko.gz) is
 * given to the kernel to decompress (MODULE_INIT_COMPRESSED_FILE), as kmod does when
 * /sys/module/compression names the kernel's own; the loader refuses it otherwise.
 */
static int load_flags(const char *file)
{
	size_t n = strlen(file);

	if ((n > 3 && (!strcmp(file + n - 3, ".xz") || !strcmp(file + n - 3, ".gz"))) ||
	    (n > 4 && !strcmp(file + n - 4, ".zst")))
		return 4;	/* MODULE_INIT_COMPRESSED_FILE */
	return 0;
}

static void load_once(const char *file, const char *mod, struct outcome *o)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC);

	memset(o, 0, sizeof(*o));
	if (fd < 0) {
		o->err = errno;
		o->open_err = 1;
		return;
	}
	if (syscall(SYS_finit_module, fd, "", load_flags(file)) != 0) {
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
	if (o->open_err)
		snprintf(buf, len, "cannot open the module: %s", errname(o->err));
	else if (o->err)
		snprintf(buf, len, "refused %s", errname(o->err));
	else
		snprintf(buf, len, "loaded taint='%s' signer='%s'", o->taint, o->signer);
}

/* Returns 1 when the outcome matches the expectation. */
static int judge(const char *expect, const char *want_signer, const struct outcome *o)
{
	int unsigned_load = !o->err && strchr(o->taint, 'E') && !o->signer[0];

	if (o->open_err)
		return 0;
	if (!strcmp(expect, "ok"))
		return !o->err && !strchr(o->taint, 'E') &&
		       (!want_signer[0] || !strcmp(want_signer, o->signer));
	if (!strcmp(expect, "taint"))
		return unsigned_load;
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

/* Outcome classes of the tamper sweep (see the "sweep" expectation above). */
enum { C_REJ = 1, C_BAD = 2, C_NOEXEC = 4, C_UNS = 8, C_SIGNED = 16, C_OTHER = 32 };
static const char *const class_names[] = { "EKEYREJECTED", "EBADMSG", "ENOEXEC", "unsigned",
					   "signed", "other" };
#define NCLASS 6

static int classify(const struct outcome *o, const char *want_signer)
{
	if (o->err == EKEYREJECTED)
		return C_REJ;
	if (o->err == EBADMSG)
		return C_BAD;
	if (o->err == ENOEXEC)
		return C_NOEXEC;
	if (!o->err && strchr(o->taint, 'E') && !o->signer[0])
		return C_UNS;
	if (!o->err && !strchr(o->taint, 'E') && !strcmp(o->signer, want_signer))
		return C_SIGNED;
	return C_OTHER;
}

static void class_str(int c, char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < NCLASS; i++)
		if ((c & (1 << i)) && used < len)
			used += snprintf(buf + used, len - used, "%s%s", used ? "/" : "",
					 class_names[i]);
}

#define SWEEP_LABELS 512

/*
 * Read MAP ("START END CLASSES LABEL") into per-byte allowed classes and label
 * indexes.  Returns 0, or -1 when the map is unreadable or leaves a byte out.
 */
static int read_map(const char *map, long size, unsigned char *allowed, short *label,
		    char **labels, int *nlabels)
{
	char line[512], cls[128], lab[256], *tok, *save;
	long a, b, i;
	FILE *f = fopen(map, "r");

	if (!f)
		return -1;
	*nlabels = 0;
	memset(allowed, 0, size);
	while (fgets(line, sizeof(line), f)) {
		int c = 0, n;

		if (sscanf(line, "%ld %ld %127s %n", &a, &b, cls, &n) != 3 || a < 0 || b > size ||
		    a >= b || *nlabels >= SWEEP_LABELS)
			goto bad;
		snprintf(lab, sizeof(lab), "%.*s", (int)strcspn(line + n, "\n"), line + n);
		for (tok = strtok_r(cls, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
			for (i = 0; i < NCLASS - 1 && strcmp(tok, class_names[i]); i++)
				;
			if (i == NCLASS - 1)
				goto bad;
			c |= 1 << i;
		}
		labels[*nlabels] = strdup(lab);
		for (i = a; i < b; i++) {
			allowed[i] = c;
			label[i] = *nlabels;
		}
		(*nlabels)++;
	}
	fclose(f);
	for (i = 0; i < size; i++)
		if (!allowed[i])
			return -1;
	return 0;
bad:
	fclose(f);
	return -1;
}

/* The large uniform regions a sampled sweep (STRIDE > 1) thins out. */
static int is_bulk(const char *label)
{
	return !strcmp(label, "signed data") || !strcmp(label, "section header table") ||
	       !strcmp(label, "container padding") || !strcmp(label, "ML-DSA-65 signature");
}

static void write_scratch(const char *scratch, const unsigned char *buf, long size)
{
	int fd = open(scratch, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || write(fd, buf, size) != size) {
		perror(scratch);
		exit(2);
	}
	close(fd);
}

/*
 * Tamper sweep.  The variant is written to a scratch file and the writer's fd
 * closed before finit_module(), which refuses files open for writing.
 */
static int sweep(const char *boot, const char *file, const char *mod, const char *how,
		 const char *want_signer, char *summary, size_t len)
{
	static const char scratch[] = "/tmp/sweep.ko";
	int counts[NCLASS] = { 0 }, nlabels = 0, mismatches = 0, enforce = !strcmp(boot, "enforce");
	unsigned int mask = strtoul(how, NULL, 0), stride = 1;
	unsigned char *buf, *allowed;
	char map[300], *labels[SWEEP_LABELS], got[160], want[64];
	long size, off, tested = 0;
	long long t0 = time(NULL);
	const char *colon = strchr(how, ':');
	struct outcome o;
	size_t used;
	short *label;
	FILE *f;
	int i;

	if (colon)
		stride = strtoul(colon + 1, NULL, 0);
	snprintf(map, sizeof(map), "%s.%.*s.map", file, (int)(colon ? colon - how : strlen(how)),
		 how);
	if (!mask || mask > 255 || !stride)
		return snprintf(summary, len, "bad sweep parameters '%s'", how), 0;
	f = fopen(file, "rb");
	if (!f)
		return snprintf(summary, len, "cannot open %s", file), 0;
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	buf = malloc(size);
	allowed = malloc(size);
	label = malloc(size * sizeof(*label));
	if (!buf || !allowed || !label || fread(buf, 1, size, f) != (size_t)size) {
		fclose(f);
		return snprintf(summary, len, "cannot read %s", file), 0;
	}
	fclose(f);
	if (read_map(map, size, allowed, label, labels, &nlabels))
		return snprintf(summary, len, "%s unreadable or does not cover every byte", map), 0;

	/* Positive control: the untouched module through the same path. */
	write_scratch(scratch, buf, size);
	load_once(scratch, mod, &o);
	if (o.err || strchr(o.taint, 'E') || strcmp(o.signer, want_signer)) {
		describe(&o, got, sizeof(got));
		snprintf(summary, len, "positive control: the untouched module %s, want signer %s",
			 got, want_signer);
		return 0;
	}

	for (off = 0; off < size; off++) {
		int c, ok_cls = allowed[off];

		if (stride > 1 && off % stride && is_bulk(labels[label[off]]))
			continue;
		if (enforce && (ok_cls & C_UNS))	/* no usable signature: refused */
			ok_cls = (ok_cls & ~C_UNS) | C_REJ;
		buf[off] ^= mask;
		write_scratch(scratch, buf, size);
		buf[off] ^= mask;
		load_once(scratch, mod, &o);
		tested++;
		c = classify(&o, want_signer);
		for (i = 0; i < NCLASS; i++)
			counts[i] += c == 1 << i;
		if (c & ok_cls)
			continue;
		if (++mismatches <= 20) {
			describe(&o, got, sizeof(got));
			class_str(ok_cls, want, sizeof(want));
			printf("# sweep: offset %ld (%s) xor 0x%02x: %s, allowed %s\n",
			       off, labels[label[off]], mask, got, want);
		}
	}
	unlink(scratch);
	free(buf);
	free(allowed);
	free(label);
	for (i = 0; i < nlabels; i++)
		free(labels[i]);
	used = snprintf(summary, len, "%ld of %ld offsets (stride %u) in %llds, positive control ok; ",
			tested, size, stride, (long long)time(NULL) - t0);
	for (i = 0; i < NCLASS && used < len; i++)
		used += snprintf(summary + used, len - used, "%s:%d ", class_names[i], counts[i]);
	if (used < len)
		snprintf(summary + used, len - used, "; %d outside the map", mismatches);
	printf("# tamper sweep (%s, xor 0x%02x): %s\n", enforce ? "enforcing" : "permissive",
	       mask, summary);
	return mismatches == 0 && tested > 0;
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
		char *mod = strchr(tok, ':'), *signer = mod ? strchr(mod + 1, ':') : NULL;

		if (!signer)
			return snprintf(summary, len, "bad entry %s", tok), 0;
		*mod++ = '\0';
		*signer++ = '\0';
		pid = fork();
		if (pid == 0) {
			struct outcome o;
			int i, fails = 0;

			for (i = 0; i < iters; i++) {
				load_once(tok, mod, &o);
				if (o.err || strchr(o.taint, 'E') || strcmp(o.signer, signer)) {
					if (!fails)
						printf("# concurrent: %s iteration %d: %s taint='%s' signer='%s', want '%s'\n",
						       mod, i, o.err ? errname(o.err) : "loaded",
						       o.taint, o.signer, signer);
					fails++;
				}
			}
			fflush(stdout);
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

/* One case under expectation @expect; a summary of what happened goes to @detail. */
static int run_case(const char *boot, const char *expect, char **fld, char *detail, size_t len)
{
	struct outcome o;
	int ok;

	if (!strcmp(expect, "listing"))
		return listing(fld[2], fld[4], detail, len);
	if (!strcmp(expect, "exec")) {
		char cmd[1024];

		snprintf(cmd, sizeof(cmd), "%s %s", fld[2], fld[4]);
		fflush(stdout);
		ok = system(cmd) == 0;
		snprintf(detail, len, "%s", ok ? "exit 0" : "failed");
		return ok;
	}
	if (!strncmp(expect, "sweep:", 6))
		return sweep(boot, fld[2], fld[3], expect + 6, fld[4], detail, len);
	if (!strncmp(expect, "concurrent:", 11))
		return concurrent(fld[2], atoi(expect + 11), detail, len);
	load_once(fld[2], fld[3], &o);
	ok = judge(expect, fld[4], &o);
	describe(&o, detail, len);
	return ok;
}

/*
 * Kernel messages and these results share the console; printed by another
 * CPU they used to land in the middle of a result line.  While the cases
 * run only KERN_EMERG and KERN_ALERT go to the console (an oops raises the
 * level itself), and the messages of each case are read from /dev/kmsg and
 * printed here, after the case, as "# kmsg: " lines.
 */
static int kmsg_fd = -1;

static void kmsg_begin(void)
{
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg_fd < 0) {
		printf("# modtest: /dev/kmsg: %s; kernel messages stay on the console\n",
		       strerror(errno));
		return;
	}
	lseek(kmsg_fd, 0, SEEK_END);
	if (klogctl(8, NULL, 2))	/* SYSLOG_ACTION_CONSOLE_LEVEL */
		printf("# modtest: console log level: %s\n", strerror(errno));
}

static void kmsg_drain(void)
{
	char rec[2048];
	ssize_t r;

	if (kmsg_fd < 0)
		return;
	for (;;) {
		char *msg, *end;

		r = read(kmsg_fd, rec, sizeof(rec) - 1);
		if (r < 0 && errno == EPIPE)	/* overwritten before read */
			continue;
		if (r <= 0)
			break;
		rec[r] = '\0';
		msg = strchr(rec, ';');		/* "PRI,SEQ,TS,FLAGS;text\n" */
		if (!msg)
			continue;
		msg++;
		end = strchr(msg, '\n');
		if (end)
			*end = '\0';
		printf("# kmsg: %s\n", msg);
	}
	fflush(stdout);
}

static void kmsg_end(void)
{
	kmsg_drain();
	if (kmsg_fd >= 0) {
		klogctl(8, NULL, 7);
		close(kmsg_fd);
	}
}

static int run(const char *boot, const char *casefile)
{
	char line[1024];
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
	kmsg_begin();
	fflush(stdout);
	while (fgets(line, sizeof(line), f)) {
		char *fld[6], detail[600];
		int ok, neg;

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
		neg = !strncmp(fld[col], "not:", 4);
		ok = run_case(boot, fld[col] + (neg ? 4 : 0), fld, detail, sizeof(detail));
		if (neg)	/* a self-test: this check must fail on this input */
			ok = !ok;
		kmsg_drain();
		printf("%sok %d - %s: expect %s (%s%s)\n", ok ? "" : "not ", n, fld[5], fld[col],
		       neg && ok ? "fails as it must: " : "", detail);
		fflush(stdout);
		failed += !ok;
	}
	fclose(f);
	kmsg_end();
	printf("# modtest: end %s: %d passed, %d failed\n", boot, n - failed, failed);
	return failed ? 1 : 0;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void sleep_ns(long long ns)
{
	struct timespec ts = { ns / 1000000000LL, ns % 1000000000LL };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* Open FILE and load it: 0 or an errno.  Only the finit_module() call is timed (*dt). */
static int timed_load(const char *file, long long *dt)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC), err = 0;
	long long t0;

	if (fd < 0)
		return errno;
	t0 = now_ns();
	if (syscall(SYS_finit_module, fd, "", 0) != 0)
		err = errno;
	*dt = now_ns() - t0;
	close(fd);
	return err;
}

static int unload(const char *mod, long long *dt)
{
	long long t0 = now_ns();
	int err = 0;

	if (syscall(SYS_delete_module, mod, O_NONBLOCK) != 0) {
		err = errno;
		fprintf(stderr, "modtest: cannot unload %s: %s\n", mod, strerror(errno));
	}
	*dt = now_ns() - t0;
	return err;
}

/* After an unload: long enough for the RCU callbacks and the freeing of the module's init
 * sections (a grace period, a few ticks) to be over before the next timed load. */
#define BENCH_SETTLE_NS 20000000LL

/*
 * modtest bench LISTFILE [BREAK]: lines "LABEL|FILE|MODNAME|N".  Loads each module N
 * times (after two untimed loads that warm the caches and tell whether the kernel
 * accepted the signature: no 'E' taint) and prints
 *   bench LABEL mean_ns best_ns verified|unsigned    finit_module() alone
 *   unload LABEL mean_ns best_ns                     delete_module(), for the record
 * after a comment line "# bench LABEL samples: NS..." with each timed load.
 * Under QEMU with -icount shift=0 a guest nanosecond is one guest instruction, so the
 * figures are instruction counts.  Only finit_module() is timed, on a quiet system: the
 * module is unloaded outside the timed region, and delete_module() waits for an RCU grace
 * period (free_module() calls synchronize_rcu()), which with tree RCU (CONFIG_SMP=y) ends
 * on scheduler ticks; each unload is followed by BENCH_SETTLE_NS of sleep so that the
 * grace periods and work it started do not fall into the next timed load.
 * BREAK deliberately breaks the measurement, for the self-checks of bench/report.py:
 *   sleep   a 1 ms sleep inside the timed region (figures on whole ticks)
 *   unload  load and unload timed together, no settling (the measurement before this one)
 *   jitter  every other load of an unsigned module spins 100000 ns more (unstable baseline)
 *   nosig   the timed loads of a signed variant load /mods/MODNAME-unsigned.ko (the
 *           verification left out of the timed region)
 */
static int bench(const char *listfile, const char *brk)
{
	char line[1024];
	FILE *f = fopen(listfile, "r");

	if (!f) {
		perror(listfile);
		return 2;
	}
	if (brk[0] && strcmp(brk, "sleep") && strcmp(brk, "unload") && strcmp(brk, "jitter") &&
	    strcmp(brk, "nosig")) {
		fprintf(stderr, "modtest: unknown bench break '%s'\n", brk);
		fclose(f);
		return 2;
	}
	if (brk[0])
		printf("# modtest: bench deliberately broken: %s\n", brk);
	while (fgets(line, sizeof(line), f)) {
		char *fld[4], timed_file[300], samples[2048];
		struct outcome o;
		long long best = -1, total = 0, ubest = -1, utotal = 0;
		int i, n, err = 0, is_unsigned;
		size_t used = 0;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		if (split(line, fld, 4) != 4)
			continue;
		n = atoi(fld[3]);
		if (n < 1)
			n = 1;
		is_unsigned = !strncmp(fld[0], "unsigned@", 9);
		snprintf(timed_file, sizeof(timed_file), "%s", fld[1]);
		if (!strcmp(brk, "nosig") && !is_unsigned)
			snprintf(timed_file, sizeof(timed_file), "/mods/%s-unsigned.ko", fld[2]);
		/* Two untimed loads: the page cache and the allocators warm (after one, the
		 * first timed load of a boot still cost 15% more), and the kernel's verdict. */
		load_once(fld[1], fld[2], &o);
		if (!o.err)
			load_once(fld[1], fld[2], &o);
		if (o.err) {
			printf("bench %s error %s\n", fld[0], errname(o.err));
			continue;
		}
		sleep_ns(BENCH_SETTLE_NS);
		for (i = 0; i < n && !err; i++) {
			long long dt = 0, ut = 0, t1;

			err = timed_load(timed_file, &dt);
			if (err)
				break;
			t1 = now_ns();	/* what a BREAK adds to the timed region */
			if (!strcmp(brk, "sleep"))
				sleep_ns(1000000);
			if (!strcmp(brk, "jitter") && is_unsigned && i % 2)
				while (now_ns() - t1 < 100000)
					;
			if (!strcmp(brk, "unload"))
				err = unload(fld[2], &ut);
			if (brk[0])
				dt += now_ns() - t1;
			if (strcmp(brk, "unload")) {
				err = unload(fld[2], &ut);
				sleep_ns(BENCH_SETTLE_NS);
			}
			total += dt;
			utotal += ut;
			if (used < sizeof(samples))
				used += snprintf(samples + used, sizeof(samples) - used, " %lld", dt);
			if (best < 0 || dt < best)
				best = dt;
			if (ubest < 0 || ut < ubest)
				ubest = ut;
		}
		if (err) {
			printf("bench %s error %s\n", fld[0], errname(err));
			continue;
		}
		printf("# bench %s samples:%s\n", fld[0], used ? samples : "");
		printf("bench %s %lld %lld %s\n", fld[0], total / n, best,
		       strchr(o.taint, 'E') ? "unsigned" : "verified");
		printf("unload %s %lld %lld\n", fld[0], utotal / n, ubest);
		fflush(stdout);
	}
	fclose(f);
	return 0;
}

/*
 * Host self-tests of the verdict logic (tests/host/harness): OUTCOME is ERRNAME,
 * open:ERRNAME (open() failed) or loaded:TAINT:SIGNER.
 *   modtest judge EXPECT SIGNER OUTCOME                exit 0 when the case passes
 *   modtest sweepjudge BOOT MAP SIZE OFFSET SIGNER OUTCOME   the same for one sweep offset
 */
static int parse_outcome(const char *s, struct outcome *o)
{
	const char *t;

	memset(o, 0, sizeof(*o));
	if (!strncmp(s, "loaded:", 7)) {
		t = strchr(s + 7, ':');
		if (!t)
			return -1;
		snprintf(o->taint, sizeof(o->taint), "%.*s", (int)(t - s - 7), s + 7);
		snprintf(o->signer, sizeof(o->signer), "%s", t + 1);
		return 0;
	}
	if (!strncmp(s, "open:", 5)) {
		o->open_err = 1;
		s += 5;
	}
	o->err = errnum(s);
	return o->err < 0 ? -1 : 0;
}

static int selftest(int argc, char **argv)
{
	struct outcome o;

	if (argc == 5 && !strcmp(argv[1], "judge")) {
		if (parse_outcome(argv[4], &o))
			return 2;
		return judge(argv[2], argv[3], &o) ? 0 : 1;
	}
	if (argc == 8 && !strcmp(argv[1], "sweepjudge")) {
		long size = atol(argv[4]), off = atol(argv[5]);
		unsigned char *allowed = malloc(size);
		short *label = malloc(size * sizeof(*label));
		char *labels[SWEEP_LABELS];
		int n, ok_cls;

		if (!allowed || !label || off < 0 || off >= size || parse_outcome(argv[7], &o) ||
		    read_map(argv[3], size, allowed, label, labels, &n))
			return 2;
		ok_cls = allowed[off];
		if (!strcmp(argv[2], "enforce") && (ok_cls & C_UNS))
			ok_cls = (ok_cls & ~C_UNS) | C_REJ;
		return classify(&o, argv[6]) & ok_cls ? 0 : 1;
	}
	return -1;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "run"))
		return run(argv[2], argv[3]);
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "bench"))
		return bench(argv[2], argc == 4 ? argv[3] : "");
	if (argc > 1 && selftest(argc, argv) >= 0)
		return selftest(argc, argv);
	fprintf(stderr, "usage: modtest run permissive|enforce CASEFILE\n"
		"       modtest bench LISTFILE [sleep|unload|jitter|nosig]\n"
		"       modtest judge EXPECT SIGNER OUTCOME\n"
		"       modtest sweepjudge BOOT MAP SIZE OFFSET SIGNER OUTCOME\n");
	return 2;
}
