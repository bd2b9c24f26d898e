// SPDX-License-Identifier: GPL-2.0
/*
 * The jobs of a run: with -j N, N worker processes take the next module
 * from one shared counter as each finishes one (modules differ in size by
 * three orders of magnitude, so a fixed share per worker would leave one
 * working alone at the end); the same loop for every mode.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pgp-sign.h"

/* One line to a file descriptor in one write(): lines of the jobs do not mix. */
static void say(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(int fd, const char *fmt, ...)
{
	char l[PGP_WHY_MAX + PATH_MAX + 64];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(l, sizeof(l), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	(void)!write(fd, l, n < (int)sizeof(l) ? n : (int)sizeof(l) - 1);
}

static void timings_write(const struct pgp_job *j)
{
	const struct pgp_timings *t = &j->tm;
	char p[PATH_MAX + 32];
	FILE *f;

	if (!j->run->opt.timings)
		return;
	snprintf(p, sizeof(p), "%s/timings.%d", j->run->tmpdir, j->id);
	f = fopen(p, "w");
	if (!f)
		return;
	fprintf(f, "%lu %f %f %f %f %f %f\n", t->modules, t->decompress, t->placeholder,
		t->hash, t->sign, t->write, t->recompress);
	fclose(f);
}

static void timings_print(const struct pgp_run *r, int nw)
{
	double s[6] = {};
	unsigned long mods = 0;
	int w, k;

	for (w = 0; w < nw; w++) {
		char p[PATH_MAX + 32];
		double v[6];
		unsigned long n;
		FILE *f;

		snprintf(p, sizeof(p), "%s/timings.%d", r->tmpdir, w);
		f = fopen(p, "r");
		if (!f)
			continue;
		if (fscanf(f, "%lu %lf %lf %lf %lf %lf %lf", &n, &v[0], &v[1], &v[2], &v[3],
			   &v[4], &v[5]) == 7) {
			mods += n;
			for (k = 0; k < 6; k++)
				s[k] += v[k];
		}
		fclose(f);
	}
	if (!mods)
		return;
	fprintf(stderr,
		"%s: timings per module (ms, %lu modules, summed over jobs): decompress %.3f placeholder %.3f hash %.3f sign %.3f write %.3f recompress %.3f\n",
		prog_name(), mods, s[0] / mods, s[1] / mods, s[2] / mods, s[3] / mods,
		s[4] / mods, s[5] / mods);
}

/* Modules done and failed in the run (shared by the jobs). */
static int *pool_counts;

/* The run's last line: "N signed, M failed" (prepared, attached). */
static void pool_summary(const struct pgp_run *r)
{
	const char *verb = r->opt.mode == MODE_PREPARE ? "prepared" :
			   r->opt.mode == MODE_ATTACH ? "attached" : "signed";

	if (r->opt.quiet || !pool_counts)
		return;
	fflush(stdout);
	say(1, "%d %s, %d failed\n", pool_counts[0], verb, pool_counts[1]);
}

/* A job's modules, the next one from @next each time; 1 when one failed. */
static int job_work(struct pgp_job *j, int *next, char **names, int total,
		    const struct pgp_pool_ops *ops)
{
	const struct pgp_opts *opt = &j->run->opt;
	int rc = 0, i;

	j->xz = xz_new();
	if (ops->start)
		ops->start(j);
	while ((i = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED)) < total) {
		char why[PGP_WHY_MAX] = "";
		int r;

		if (!opt->quiet && total > 1)
			say(1, "[%d/%d] %s\n", i + 1, total, names[i]);
		r = ops->one(j, names[i], why, sizeof(why));
		if (pool_counts)
			__atomic_fetch_add(&pool_counts[r ? 1 : 0], 1, __ATOMIC_RELAXED);
		if (r) {
			say(2, "%s: %s: %s\n", prog_name(), names[i], why[0] ? why : "failed");
			rc = 1;
		}
		if (r == 2 && ops->degrade)
			ops->degrade(j, why);
	}
	if (ops->end)
		ops->end(j);
	xz_free(j->xz);
	j->xz = NULL;
	timings_write(j);
	return rc;
}

/* The worker processes, each a job of its own; 1 when a module failed. */
static int pool_fork(struct pgp_job *proto, int nw, int *next, char **names, int total,
		     const struct pgp_pool_ops *ops)
{
	struct pgp_cleanup *c = &pgp_cleanup;
	int rc = 0, i;

	for (i = 0; i < nw; i++) {
		pid_t p = fork();

		if (p == 0) {
			struct pgp_job j = *proto;

			c->parent = 0;
			c->nworkers = 0;
			j.id = i;
			rc = job_work(&j, next, names, total, ops);
			fflush(NULL);
			_exit(rc);
		}
		if (p < 0) {
			rc = 1;
			break;
		}
		c->workers[i] = p;
		c->nworkers = i + 1;
	}
	for (i = 0; i < c->nworkers; i++) {
		int st;

		while (waitpid(c->workers[i], &st, 0) < 0 && errno == EINTR)
			;
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			rc = 1;
		c->workers[i] = 0;
	}
	return rc;
}

/*
 * pool_run() - every module of @names through @ops, in opt.jobs jobs
 * @proto: what each job starts from (its run, signer, keyring)
 * Returns 0, or 1 when a module failed (each failure has had its line).
 */
int pool_run(struct pgp_job *proto, char **names, int total, const struct pgp_pool_ops *ops)
{
	const struct pgp_run *r = proto->run;
	int nw = r->opt.jobs < total ? r->opt.jobs : total, rc, local = 0, *next;
	int counts[2] = {};

	if (nw <= 1) {
		proto->id = 0;
		pool_counts = counts;
		rc = job_work(proto, &local, names, total, ops);
		if (r->opt.timings)
			timings_print(r, 1);
		pool_summary(r);
		return rc;
	}
	/* the next module's index and the two counts, shared by the jobs */
	next = mmap(NULL, 3 * sizeof(*next), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (next == MAP_FAILED) {
		say(2, "%s: %s: cannot share the work between jobs (%d modules not signed)\n",
		    prog_name(), names[0], total);
		return 1;
	}
	memset(next, 0, 3 * sizeof(*next));
	pool_counts = next + 1;
	rc = pool_fork(proto, nw, next, names, total, ops);
	if (r->opt.timings)
		timings_print(r, nw);
	pool_summary(r);
	pool_counts = NULL;
	munmap(next, 3 * sizeof(*next));
	return rc;
}
