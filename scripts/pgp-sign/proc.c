// SPDX-License-Identifier: GPL-2.0
/*
 * The programs pgp-sign-module runs (gpg, gpgv, objcopy, compressors): found
 * in PATH, run with stdin from a buffer or a file and their output read
 * under a limit, and objcopy on a module through the job's temporary files.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <elf.h>

#include "pgp-sign.h"

/*
 * Whether the output so far is refused as a module: longer than @max, or
 * not starting with the ELF magic.  The magic is checked as soon as its
 * four bytes are there, so that a decompression bomb of zeros stops at
 * once.
 */
const char *out_refused(const struct buf *b, size_t max, bool elf)
{
	if (max && b->len > max)
		return "larger than the largest module";
	if (elf && memcmp(b->p, ELFMAG, b->len < SELFMAG ? b->len : SELFMAG))
		return "not an ELF file";
	return NULL;
}

/* The child: its stdin, stdout and stderr, then the program. */
static void run_child(char *const argv[], const struct proc_io *io, const int pin[2],
		      const int pout[2], const int perr[2])
{
	int nul = open("/dev/null", O_RDWR);

	dup2(io->in_fd >= 0 ? io->in_fd : pin[0], 0);
	dup2(io->out ? pout[1] : io->out_fd >= 0 ? io->out_fd : nul, 1);
	dup2(io->err ? perr[1] : nul, 2);
	signal(SIGPIPE, SIG_DFL);
	execvp(argv[0], argv);
	_exit(127);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Output of the child on *@fdp, into @b; the child is stopped when refused. */
static void run_read(struct proc_io *io, pid_t pid, struct buf *b, int *fdp, int *in)
{
	ssize_t r;

	buf_reserve(b, 65536);
	r = read(*fdp, b->p + b->len, 65536);
	if (r > 0) {
		b->len += r;
		if (b == io->out && !io->refused)
			io->refused = out_refused(b, io->out_max, io->out_elf);
		if (io->refused) {
			/* stop the child: nothing more is read */
			kill(pid, SIGKILL);
			close_fd(fdp);
			close_fd(in);
		}
	} else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
		close_fd(fdp);
	}
}

/* Returns the exit status, 127 when the program could not be run. */
int run_cmd(char *const argv[], struct proc_io *io)
{
	int pin[2] = { -1, -1 }, pout[2] = { -1, -1 }, perr[2] = { -1, -1 };
	size_t in_off = 0;
	int status;
	pid_t pid;

	if ((io->in_fd < 0 && pipe2(pin, O_CLOEXEC)) ||
	    (io->out && pipe2(pout, O_CLOEXEC)) ||
	    (io->err && pipe2(perr, O_CLOEXEC)))
		return 127;
	pid = fork();
	if (pid < 0)
		return 127;
	if (pid == 0)
		run_child(argv, io, pin, pout, perr);
	pgp_cleanup.child = pid;
	if (pin[0] >= 0) {
		close_fd(&pin[0]);
		fcntl(pin[1], F_SETFL, O_NONBLOCK);
	}
	close_fd(&pout[1]);
	close_fd(&perr[1]);
	for (;;) {
		struct pollfd pf[3];
		int n = 0, i;

		if (pin[1] >= 0 && in_off == io->in_len)
			close_fd(&pin[1]);
		if (pin[1] >= 0)
			pf[n++] = (struct pollfd){ .fd = pin[1], .events = POLLOUT };
		if (pout[0] >= 0)
			pf[n++] = (struct pollfd){ .fd = pout[0], .events = POLLIN };
		if (perr[0] >= 0)
			pf[n++] = (struct pollfd){ .fd = perr[0], .events = POLLIN };
		if (!n)
			break;
		if (poll(pf, n, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (i = 0; i < n; i++) {
			/* (an fd closed earlier in this round is skipped) */
			if (!pf[i].revents || pf[i].fd < 0)
				continue;
			if (pf[i].fd == pin[1]) {
				ssize_t w = write(pin[1], io->in + in_off, io->in_len - in_off);

				if (w > 0) {
					in_off += w;
				} else if (w < 0 && errno != EAGAIN && errno != EINTR) {
					close_fd(&pin[1]);	/* the child stopped reading */
					in_off = io->in_len;
				}
			} else if (pf[i].fd == pout[0]) {
				run_read(io, pid, io->out, &pout[0], &pin[1]);
			} else if (pf[i].fd == perr[0]) {
				run_read(io, pid, io->err, &perr[0], &pin[1]);
			}
		}
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			status = 127 << 8;
			break;
		}
	}
	pgp_cleanup.child = 0;
	if (io->refused)
		return 126;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/*
 * The first of @dir/@name for the directories of PATH that is executable,
 * into @out; false when there is none.
 */
static bool path_find(const char *name, char *out, size_t size)
{
	const char *path = getenv("PATH"), *p;

	if (!path)
		path = "/usr/bin:/bin";
	for (p = path; *p; ) {
		size_t n = strcspn(p, ":");

		if (n && n + strlen(name) + 2 <= size) {
			snprintf(out, size, "%.*s/%s", (int)n, p, name);
			if (access(out, X_OK) == 0)
				return true;
		}
		p += n;
		if (*p == ':')
			p++;
	}
	return false;
}

/* Is @name a program in PATH (or a path to an executable)? */
bool have_prog(const char *name)
{
	char full[PATH_MAX];

	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	return path_find(name, full, sizeof(full));
}

/*
 * The GnuPG program @name beside @gpg (a path, or a program in PATH) into
 * @out, else @name itself.
 */
void gnupg_tool(const char *gpg, const char *name, char *out, size_t size)
{
	char full[PATH_MAX], *slash;

	snprintf(out, size, "%s", name);
	if (strchr(gpg, '/'))
		snprintf(full, sizeof(full), "%s", gpg);
	else if (!path_find(gpg, full, sizeof(full)))
		return;
	slash = strrchr(full, '/');
	if (!slash || (size_t)(slash + 1 - full) + strlen(name) >= sizeof(full))
		return;
	memcpy(slash + 1, name, strlen(name) + 1);
	if (!access(full, X_OK))
		snprintf(out, size, "%s", full);
}

/* A file of @n zeros for objcopy in the job's temporary files, in @path. */
static int make_zeros(struct pgp_job *j, unsigned long n, char *path, size_t size)
{
	u8 *z;
	int fd;

	snprintf(path, size, "%s/zeros%d", j->run->tmpdir, j->id);
	if (j->zeros_made == n)
		return 0;
	z = calloc(1, n);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (!z || fd < 0 || write_all(fd, z, n) || close(fd)) {
		free(z);
		return -1;
	}
	free(z);
	j->zeros_made = n;
	return 0;
}

/* objcopy @op [@arg] on @elf, through the job's temporary files; @elf is replaced. */
int run_objcopy(struct pgp_job *j, struct buf *elf, const char *op, const char *arg,
		char *why, size_t wl)
{
	const struct pgp_opts *opt = &j->run->opt;
	char in[PATH_MAX + 32], out[PATH_MAX + 32], l[300], *argv[6];
	struct buf err = {}, nb = {};
	struct proc_io io = { .in_fd = -1, .out_fd = -1, .err = &err };
	int fd, rc, i = 0;

	snprintf(in, sizeof(in), "%s/w%d.in", j->run->tmpdir, j->id);
	snprintf(out, sizeof(out), "%s/w%d.out", j->run->tmpdir, j->id);
	fd = open(in, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write_all(fd, elf->p, elf->len) || close(fd)) {
		snprintf(why, wl, "cannot write temporary files");
		return -1;
	}
	argv[i++] = (char *)opt->objcopy;
	argv[i++] = (char *)op;
	if (arg)
		argv[i++] = (char *)arg;
	argv[i++] = in;
	argv[i++] = out;
	argv[i] = NULL;
	rc = run_cmd(argv, &io);
	last_line(&err, l, sizeof(l));
	buf_free(&err);
	unlink(in);
	if (rc) {
		unlink(out);
		snprintf(why, wl, "objcopy %s failed: %s", op, l[0] ? l : "no message");
		return -1;
	}
	if (read_file(out, &nb, opt->max_size + (1 << 20))) {
		unlink(out);
		buf_free(&nb);
		snprintf(why, wl, "cannot read objcopy's output");
		return -1;
	}
	unlink(out);
	buf_free(elf);
	*elf = nb;
	return 0;
}

/* objcopy --add-section (or --update-section) module_sig of the reserve's zeros. */
int objcopy_sig(struct pgp_job *j, struct buf *elf, bool add, char *why, size_t wl)
{
	char zp[PATH_MAX + 16], arg[PATH_MAX + 32];

	if (!have_prog(j->run->opt.objcopy)) {
		snprintf(why, wl, "objcopy not found (%s)", j->run->opt.objcopy);
		return -1;
	}
	if (make_zeros(j, j->run->opt.reserve, zp, sizeof(zp))) {
		snprintf(why, wl, "cannot write temporary files");
		return -1;
	}
	snprintf(arg, sizeof(arg), "module_sig=%s", zp);
	return run_objcopy(j, elf, add ? "--add-section" : "--update-section", arg, why, wl);
}
