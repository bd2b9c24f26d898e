// SPDX-License-Identifier: GPL-2.0
/*
 * A gpg-agent for each job: a private "gpg-agent --server" when the key is
 * on disk and needs no pinentry, else the user's running agent over its
 * socket (smartcards, tokens, passphrases it has cached); and the
 * passphrase of --passphrase-file.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pgp-sign.h"

/*
 * The first line of @path (without its line end) into *@out.  Returns -1
 * when the file cannot be read or the line is longer than
 * PGP_PASSPHRASE_MAX bytes: a longer one is refused, never cut.  The copies
 * are wiped.
 */
int read_passphrase(const char *path, char **out)
{
	char l[PGP_PASSPHRASE_MAX + 2], *nl;
	size_t n = 0, len;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = -1;

	if (fd < 0)
		return -1;
	while (n < sizeof(l)) {
		ssize_t r = read(fd, l + n, sizeof(l) - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += r;
		if (memchr(l + n - r, '\n', r))
			break;
	}
	close(fd);
	nl = memchr(l, '\n', n);
	len = nl ? (size_t)(nl - l) : n;
	if (len <= PGP_PASSPHRASE_MAX && (nl || n < sizeof(l))) {
		*out = malloc(len + 1);
		if (*out) {
			memcpy(*out, l, len);
			(*out)[len] = 0;
			pgp_cleanup.passphrase = *out;
			ret = 0;
		}
	}
	explicit_bzero(l, sizeof(l));
	return ret;
}

void wipe_passphrase(char **p)
{
	char *pass = *p;

	if (!pass)
		return;
	*p = NULL;
	if (pgp_cleanup.passphrase == pass)
		pgp_cleanup.passphrase = NULL;
	explicit_bzero(pass, strlen(pass));
	free(pass);
}

/* The job's conversation ends; a private agent is stopped. */
void agent_stop(struct pgp_job *j)
{
	struct pgp_agent *a = j->agent;

	if (!a)
		return;
	if (a->out >= 0 && a->out != a->in)
		close(a->out);
	if (a->in >= 0)
		close(a->in);
	if (a->card_lock >= 0)
		close(a->card_lock);
	buf_free(&a->buf);
	if (a->pid > 0) {
		kill(a->pid, SIGTERM);
		waitpid(a->pid, NULL, 0);
	}
	pgp_cleanup.agent = 0;
	free(a);
	j->agent = NULL;
}

static struct pgp_agent *agent_new(struct pgp_job *j)
{
	struct pgp_agent *a = xrealloc(NULL, sizeof(*a));

	memset(a, 0, sizeof(*a));
	a->in = -1;
	a->out = -1;
	a->card_lock = -1;
	a->passphrase = j->signer->passphrase;
	return a;
}

/* "gpg-agent --server" on two pipes; 0, or -1 with the reason in a->err. */
static int start_private(const struct pgp_opts *opt, struct pgp_agent *a)
{
	int p1[2], p2[2], i = 0;
	char *argv[6], *l;
	size_t n;
	pid_t pid;

	if (pipe2(p1, O_CLOEXEC) || pipe2(p2, O_CLOEXEC)) {
		snprintf(a->err, sizeof(a->err), "pipe: %s", strerror(errno));
		return -1;
	}
	argv[i++] = (char *)opt->gpg_agent;
	if (opt->homedir) {
		argv[i++] = "--homedir";
		argv[i++] = (char *)opt->homedir;
	}
	argv[i++] = "--server";
	argv[i] = NULL;
	pid = fork();
	if (pid < 0) {
		snprintf(a->err, sizeof(a->err), "fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		int nul = open("/dev/null", O_WRONLY);

		dup2(p1[0], 0);
		dup2(p2[1], 1);
		dup2(nul, 2);
		signal(SIGPIPE, SIG_DFL);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(p1[0]);
	close(p2[1]);
	a->in = p2[0];
	a->out = p1[1];
	a->pid = pid;
	pgp_cleanup.agent = pid;
	a->private = true;
	if (assuan_getline(a, &l, &n) || n < 2 || memcmp(l, "OK", 2)) {
		snprintf(a->err, sizeof(a->err), "%.900s --server did not start", opt->gpg_agent);
		return -1;
	}
	return 0;
}

/* What gpg tells the agent for a pinentry: the terminal and the display. */
static int agent_options(struct pgp_agent *a)
{
	static const char *const env[][2] = {
		{ "display", "DISPLAY" }, { "ttytype", "TERM" }, { "xauthority", "XAUTHORITY" },
	};
	const char *tty = getenv("GPG_TTY");
	char cmd[1024];
	size_t k;

	if (!tty && isatty(0))
		tty = ttyname(0);
	if (tty && *tty && !strpbrk(tty, "\r\n")) {
		snprintf(cmd, sizeof(cmd), "OPTION ttyname=%s", tty);
		if (assuan_cmd(a, cmd, NULL, NULL) < 0)
			return -1;
	}
	for (k = 0; k < PGP_ARRAY_SIZE(env); k++) {
		const char *v = getenv(env[k][1]);

		if (!v || !*v || strpbrk(v, "\r\n") || strlen(v) > 900)
			continue;
		snprintf(cmd, sizeof(cmd), "OPTION %s=%s", env[k][0], v);
		if (assuan_cmd(a, cmd, NULL, NULL) < 0)
			return -1;
	}
	return 0;
}

/* The socket the running agent listens on (gpgconf), into @sa. */
static int agent_socket(const struct pgp_opts *opt, struct sockaddr_un *sa, char *err,
			size_t el)
{
	struct buf out = {};
	struct proc_io io = { .in_fd = -1, .out = &out, .out_fd = -1 };
	char *argv[6];
	int i = 0, ret = 0;

	argv[i++] = (char *)opt->gpgconf;
	if (opt->homedir) {
		argv[i++] = "--homedir";
		argv[i++] = (char *)opt->homedir;
	}
	argv[i++] = "--list-dirs";
	argv[i++] = "agent-socket";
	argv[i] = NULL;
	if (run_cmd(argv, &io) || !out.len || out.len >= sizeof(sa->sun_path)) {
		snprintf(err, el, "cannot find the gpg-agent socket (%.900s --list-dirs failed)",
			 opt->gpgconf);
		ret = -1;
	} else {
		while (out.len && (out.p[out.len - 1] == '\n' || out.p[out.len - 1] == '\r'))
			out.len--;
		memcpy(sa->sun_path, out.p, out.len);
	}
	buf_free(&out);
	return ret;
}

/* The running agent (started by gpg-connect-agent when it is not); 0 or -1. */
static int connect_shared(const struct pgp_opts *opt, struct pgp_agent *a)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int try, s, i;
	size_t n;
	char *l;

	if (agent_socket(opt, &sa, a->err, sizeof(a->err)))
		return -1;
	for (try = 0; try < 2; try++) {
		if (try) {
			struct proc_io io = { .in_fd = -1, .out_fd = -1 };
			char *cv[5];

			i = 0;
			cv[i++] = (char *)opt->gpg_connect_agent;
			if (opt->homedir) {
				cv[i++] = "--homedir";
				cv[i++] = (char *)opt->homedir;
			}
			cv[i++] = "/bye";
			cv[i] = NULL;
			run_cmd(cv, &io);
		}
		s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (s < 0)
			break;
		if (connect(s, (struct sockaddr *)&sa, sizeof(sa))) {
			close(s);
			continue;
		}
		a->in = s;
		a->out = s;
		a->private = false;
		if (assuan_getline(a, &l, &n) || n < 2 || memcmp(l, "OK", 2)) {
			snprintf(a->err, sizeof(a->err), "gpg-agent at %s did not answer",
				 sa.sun_path);
			return -1;
		}
		return agent_options(a);
	}
	snprintf(a->err, sizeof(a->err), "cannot connect to gpg-agent at %s: %s",
		 sa.sun_path, strerror(errno));
	return -1;
}

/*
 * KEYINFO GRIP TYPE SERIAL IDSTR CACHED PROTECTION ...: the key's type ("D"
 * on disk, "T" on a card or token, "X" unknown) and whether its passphrase
 * is cached ("C"); 0, or -1 with the reason in a->err.
 */
static int keyinfo(struct pgp_agent *a, const char *grip, char *type, bool *cached,
		   char *serial, size_t sl)
{
	char cmd[64], *f[10] = {}, *sv, *w;
	struct buf st = {};
	int n = 0;

	snprintf(cmd, sizeof(cmd), "KEYINFO %s", grip);
	if (assuan_cmd(a, cmd, NULL, &st)) {
		buf_free(&st);
		return -1;
	}
	buf_addc(&st, 0);
	for (w = strtok_r((char *)st.p, "\n ", &sv); w && n < 10; w = strtok_r(NULL, "\n ", &sv))
		f[n++] = w;
	*type = n >= 7 && !strcmp(f[0], "KEYINFO") && strlen(f[2]) == 1 ? f[2][0] : 0;
	*cached = n >= 7 && !strcmp(f[6], "C");
	if (serial)	/* the card's serial number ("-" for none) */
		snprintf(serial, sl, "%s", n >= 7 ? f[3] : "-");
	buf_free(&st);
	return 0;
}

/*
 * Can the private agent sign with the key without a pinentry: a key on
 * disk, not protected or with a passphrase given?  Else the reason in
 * @reason.
 */
static bool private_usable(struct pgp_job *j, struct pgp_agent *a, char *reason, size_t rl)
{
	bool cached;
	char type;

	if (keyinfo(a, j->signer->grip, &type, &cached, NULL, 0)) {
		snprintf(reason, rl, "private gpg-agent: %.500s", a->err);
		return false;
	}
	if (type != 'D')
		snprintf(reason, rl, "key not on disk (smartcard?)");
	else if (!cached && !a->passphrase)
		snprintf(reason, rl, "key protected by a passphrase (cached only in the running agent)");
	else
		return true;
	return false;
}

/*
 * The directory of the token locks into @dir: PGP_MODSIGN_LOCK_DIR, else
 * /run/pgp-modsign for root and $XDG_RUNTIME_DIR/pgp-modsign for others,
 * made (0700) when missing.  Used only when it is a directory, not a
 * symlink, of the caller (or root) that nobody else may write, in one that
 * nobody else may write either (else a lock file could be planted there, or
 * the directory renamed away).  Its fd, or -1 with the reason in @why.
 */
static int lock_dir(char *dir, size_t size, char *why, size_t wl)
{
	const char *e = getenv("PGP_MODSIGN_LOCK_DIR"), *x = getenv("XDG_RUNTIME_DIR");
	char parent[PATH_MAX], *slash;
	struct stat st;
	int fd, i;

	if (e && *e) {
		snprintf(dir, size, "%s", e);
	} else if (!geteuid()) {
		snprintf(dir, size, "/run/pgp-modsign");
	} else if (x && x[0] == '/') {
		snprintf(dir, size, "%s/pgp-modsign", x);
	} else {
		snprintf(why, wl, "no directory for it (XDG_RUNTIME_DIR is not set)");
		return -1;
	}
	if (dir[0] != '/') {
		snprintf(why, wl, "%s is not an absolute path", dir);
		return -1;
	}
	if (mkdir(dir, 0700) && errno != EEXIST) {
		snprintf(why, wl, "cannot make %s: %s", dir, strerror(errno));
		return -1;
	}
	snprintf(parent, sizeof(parent), "%s", dir);
	slash = strrchr(parent, '/');
	if (slash == parent)
		slash[1] = 0;
	else
		*slash = 0;
	for (i = 0; i < 2; i++) {
		const char *d = i ? dir : parent;

		if (lstat(d, &st) || !S_ISDIR(st.st_mode) ||
		    (st.st_uid != geteuid() && st.st_uid != 0) ||
		    (st.st_mode & 022)) {
			snprintf(why, wl, "%s is not a directory of %s alone (owner %u, mode %04o)",
				 d, geteuid() ? "this user" : "root", (unsigned int)st.st_uid,
				 (unsigned int)(st.st_mode & 07777));
			return -1;
		}
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		snprintf(why, wl, "cannot open %s: %s", dir, strerror(errno));
	return fd;
}

/*
 * A key on a card or token signs one digest at a time: the jobs take turns,
 * and so do concurrent runs (two DKMS builds), the preflight's gpg
 * signature included, so that a smartcard daemon never sees two of them at
 * once (gnupg-pkcs11-scd with SoftHSM2 then crashes or hangs).  One lock
 * file per token, token-SERIAL.lock (@id: the card's serial number, else the
 * key's keygrip), in lock_dir(), opened here (flock() it for each
 * signature).  Without a safe directory a note says so and -1 is returned.
 */
int token_lock_open(struct pgp_run *r, const char *id)
{
	char dir[PATH_MAX], name[96], why[PATH_MAX + 128];
	int dfd, fd = -1;

	if (!id[0] || id[strspn(id, "0123456789ABCDEFabcdef")] || strlen(id) > 64) {
		note_once(r, "the token's lock: no usable serial number (%.80s); only this run's jobs take turns on the token",
			  id);
		return -1;
	}
	snprintf(name, sizeof(name), "token-%s.lock", id);
	dfd = lock_dir(dir, sizeof(dir), why, sizeof(why));
	if (dfd >= 0) {
		fd = openat(dfd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0)
			snprintf(why, sizeof(why), "cannot open %s/%s: %s", dir, name,
				 strerror(errno));
		close(dfd);
	}
	if (fd < 0)
		note_once(r, "the token's lock: %s; only this run's jobs take turns on the token",
			  why);
	return fd;
}

/* The job's lock for a key on a card: the token's, else one in the run's directory. */
static void card_lock_open(struct pgp_job *j, struct pgp_agent *a)
{
	char serial[80], path[PATH_MAX + 16], type;
	bool cached;

	if (keyinfo(a, j->signer->grip, &type, &cached, serial, sizeof(serial)) || type != 'T')
		return;
	/* the serial number gpg lists (the preflight's lock), else the agent's, else the keygrip */
	if (j->signer->card_serial[0])
		snprintf(serial, sizeof(serial), "%s", j->signer->card_serial);
	else if (!strcmp(serial, "-"))
		snprintf(serial, sizeof(serial), "%s", j->signer->grip);
	a->card_lock = token_lock_open(j->run, serial);
	if (a->card_lock >= 0)
		return;
	snprintf(path, sizeof(path), "%s/card.lock", j->run->tmpdir);
	a->card_lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
}

/* A private agent for the job when it can sign alone; NULL else (the reason in @reason). */
static struct pgp_agent *agent_private(struct pgp_job *j, char *reason, size_t rl)
{
	struct pgp_agent *a = agent_new(j);

	j->agent = a;
	if (start_private(&j->run->opt, a))
		snprintf(reason, rl, "%.580s", a->err);
	else if (private_usable(j, a, reason, rl))
		return a;
	agent_stop(j);
	return NULL;
}

/*
 * Connects the job to an agent (PGP_MODSIGN_AGENT: auto, private, shared);
 * on failure a note says why and the job signs with gpg.
 */
void agent_start(struct pgp_job *j)
{
	const char *how = j->run->opt.agent_how;
	const char *pass = j->signer->passphrase;
	struct pgp_agent *a = NULL;
	char reason[600] = "";
	int r;

	if (!j->signer->agent_ok)
		return;
	if (strcmp(how, "shared")) {
		a = agent_private(j, reason, sizeof(reason));
		if (!a && !strcmp(how, "private")) {
			note_once(j->run, "not signing through gpg-agent: %s; running gpg for each module",
				  reason);
			return;
		}
	}
	if (!a) {
		a = agent_new(j);
		j->agent = a;
		if (connect_shared(&j->run->opt, a)) {
			note_once(j->run, "not signing through gpg-agent: %s; running gpg for each module",
				  a->err);
			agent_stop(j);
			return;
		}
		card_lock_open(j, a);
	}
	r = assuan_cmd(a, pass ? "OPTION pinentry-mode=loopback" :
		       a->private ? "OPTION pinentry-mode=error" : "NOP", NULL, NULL);
	if (r < 0 || (r && pass)) {
		note_once(j->run, "not signing through gpg-agent: gpg-agent: %s; running gpg for each module",
			  a->err);
		agent_stop(j);
	}
}
