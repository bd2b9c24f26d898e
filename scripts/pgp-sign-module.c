// SPDX-License-Identifier: GPL-2.0
/*
 * pgp-sign-module: sign kernel modules with OpenPGP signatures kept in the
 * "module_sig" ELF section, the per-module work of scripts/sign-module.sh.
 *
 * For each module: decompress (.ko.xz/.zst/.gz: xz with liblzma when
 * built with it, else with the tool that compressed it), find module_sig with the kernel's own locator
 * (kernel/module/signing_pgp_elf.c, compiled in), add the placeholder
 * (objcopy) or zero the existing section, hash the file, have gpg-agent
 * sign the digest over its Assuan socket (or run gpg --detach-sign), build
 * the signature packet exactly as gpg writes it (checked once per run
 * against a signature gpg makes), write the container into the
 * placeholder, recompress and atomically replace the module.  On any
 * failure the module is left byte-identical and one line
 * "TOOL: FILE: reason" is printed.
 *
 * Also: --extract (signed data and packets for verify-module.sh), --prepare
 * and --attach (signatures made elsewhere), --dearmor.
 */

#define _GNU_SOURCE
#include <assert.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>
#include <openssl/evp.h>
#ifdef PGP_SIGN_LIBLZMA
#include <lzma.h>
#endif

#include <elf.h>
#include "pgp-sign-module.h"

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

/* The kernel's module_sig locator (pgp-sign-module-elf.c) and its constants. */
#include "../kernel/module/signing_pgp_elf.h"

static u32 get_unaligned_be32(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] << 24 | (u32)b[1] << 16 | (u32)b[2] << 8 | b[3];
}

static u16 get_unaligned_be16(const void *p)
{
	const u8 *b = p;

	return (u16)(b[0] << 8 | b[1]);
}

/*
 * The largest module: finit_module() reads at most INT_MAX bytes
 * (kernel_read_file() in kernel/module/main.c).  A file or a decompressed
 * stream beyond it is refused before more is read;
 * PGP_SIGN_MODULE_MAX_SIZE can lower the limit (max_module_size()).
 */
#define MODULE_MAX_SIZE	((size_t)INT_MAX)
/* liblzma's memory for one .ko.xz: xz -9's 64 MiB dictionary and more */
#define XZ_MEMLIMIT	(256ULL << 20)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define WHY_MAX		(3 * PATH_MAX + 1024)	/* a message naming paths */

static const char *prog = "pgp-sign-module";

/* ------------------------------------------------------------------------
 * Small helpers
 */

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(1);
	}
	return p;
}

/* A buffer's invariant, checked where it is used: abort rather than write out of bounds. */
static void buf_check(const struct buf *b)
{
	if (b->len > b->cap || (b->cap && !b->p)) {
		fprintf(stderr, "%s: internal error: buffer of %zu bytes holds %zu\n", prog,
			b->cap, b->len);
		abort();
	}
}

static void buf_reserve(struct buf *b, size_t more)
{
	buf_check(b);
	if (more > SIZE_MAX / 2 - b->len) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(1);
	}
	if (b->len + more > b->cap) {
		b->cap = (b->len + more) * 2 + 256;
		b->p = xrealloc(b->p, b->cap);
	}
}

static void buf_add(struct buf *b, const void *d, size_t n)
{
	buf_reserve(b, n);
	if (n)
		memcpy(b->p + b->len, d, n);
	b->len += n;
}

static void buf_addc(struct buf *b, u8 c)
{
	buf_add(b, &c, 1);
}

static void buf_free(struct buf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

static void put_be16(u8 *p, unsigned int v)
{
	p[0] = v >> 8;
	p[1] = v;
}

static void put_be32(u8 *p, u32 v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

/* MODULE_MAX_SIZE, or the lower limit PGP_SIGN_MODULE_MAX_SIZE sets */
static size_t max_module_size(void)
{
	static size_t max;
	const char *e;

	if (!max) {
		unsigned long long v;
		char *end;

		max = MODULE_MAX_SIZE;
		e = getenv("PGP_SIGN_MODULE_MAX_SIZE");
		if (e && *e) {
			errno = 0;
			v = strtoull(e, &end, 10);
			if (!errno && !*end && isdigit((unsigned char)*e) && v && v < max)
				max = v;
		}
	}
	return max;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The last non-empty line of @b, as a string (at most 300 bytes). */
static void last_line(const struct buf *b, char *out, size_t n)
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

static int write_all(int fd, const void *d, size_t n)
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

static int read_fd(int fd, struct buf *b, size_t max)
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

/* ------------------------------------------------------------------------
 * Child processes (gpg, objcopy, compressors): stdin from a buffer or an
 * fd, stdout to a buffer or an fd, stderr to a buffer or /dev/null.
 */

static volatile pid_t cur_child;

struct proc_io {
	const u8 *in;		/* stdin data (when in_fd < 0) */
	size_t in_len;
	int in_fd;		/* stdin fd, or -1 */
	struct buf *out;	/* stdout to this buffer, or */
	int out_fd;		/* to this fd (-1: /dev/null) */
	struct buf *err;	/* stderr, or /dev/null */
	size_t out_max;		/* stdout to a buffer: at most this much (0: no limit) */
	bool out_elf;		/* ... and it must start as an ELF file does */
	const char *refused;	/* set when the child was stopped for either */
};

/*
 * Whether the output so far is refused as a module: longer than @max, or
 * not starting with the ELF magic.  The magic is checked as soon as its
 * four bytes are there, so that a decompression bomb of zeros stops at
 * once.
 */
static const char *out_refused(const struct buf *b, size_t max, bool elf)
{
	if (max && b->len > max)
		return "larger than the largest module";
	if (elf && memcmp(b->p, ELFMAG, b->len < SELFMAG ? b->len : SELFMAG))
		return "not an ELF file";
	return NULL;
}

/* Returns the exit status, 127 when the program could not be run. */
static int run_cmd(char *const argv[], struct proc_io *io)
{
	int pin[2] = { -1, -1 }, pout[2] = { -1, -1 }, perr[2] = { -1, -1 };
	size_t in_off = 0;
	int status, nul;
	pid_t pid;

	if ((io->in_fd < 0 && pipe2(pin, O_CLOEXEC)) ||
	    (io->out && pipe2(pout, O_CLOEXEC)) ||
	    (io->err && pipe2(perr, O_CLOEXEC)))
		return 127;
	pid = fork();
	if (pid < 0)
		return 127;
	if (pid == 0) {
		nul = open("/dev/null", O_RDWR);
		dup2(io->in_fd >= 0 ? io->in_fd : pin[0], 0);
		dup2(io->out ? pout[1] : io->out_fd >= 0 ? io->out_fd : nul, 1);
		dup2(io->err ? perr[1] : nul, 2);
		signal(SIGPIPE, SIG_DFL);
		execvp(argv[0], argv);
		_exit(127);
	}
	cur_child = pid;
	if (pin[0] >= 0) {
		close(pin[0]);
		fcntl(pin[1], F_SETFL, O_NONBLOCK);
	}
	if (pout[1] >= 0)
		close(pout[1]);
	if (perr[1] >= 0)
		close(perr[1]);
	for (;;) {
		struct pollfd pf[3];
		int n = 0, i;

		if (pin[1] >= 0) {
			if (in_off == io->in_len) {
				close(pin[1]);
				pin[1] = -1;
			} else {
				pf[n].fd = pin[1];
				pf[n++].events = POLLOUT;
			}
		}
		if (pout[0] >= 0) {
			pf[n].fd = pout[0];
			pf[n++].events = POLLIN;
		}
		if (perr[0] >= 0) {
			pf[n].fd = perr[0];
			pf[n++].events = POLLIN;
		}
		if (!n)
			break;
		if (poll(pf, n, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (i = 0; i < n; i++) {
			/* (an fd closed earlier in this round is skipped) */
			if (!pf[i].revents || pf[i].fd < 0 ||
			    (pf[i].fd != pin[1] && pf[i].fd != pout[0] && pf[i].fd != perr[0]))
				continue;
			if (pf[i].fd == pin[1]) {
				ssize_t w = write(pin[1], io->in + in_off, io->in_len - in_off);

				if (w > 0) {
					in_off += w;
				} else if (w < 0 && errno != EAGAIN && errno != EINTR) {
					close(pin[1]);	/* the child stopped reading */
					pin[1] = -1;
					in_off = io->in_len;
				}
			} else {
				struct buf *b = pf[i].fd == pout[0] ? io->out : io->err;
				int *fdp = pf[i].fd == pout[0] ? &pout[0] : &perr[0];
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
						close(*fdp);
						*fdp = -1;
						if (pin[1] >= 0) {
							close(pin[1]);
							pin[1] = -1;
						}
					}
				} else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
					close(*fdp);
					*fdp = -1;
				}
			}
		}
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			status = 127 << 8;
			break;
		}
	}
	cur_child = 0;
	if (io->refused)
		return 126;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* Is @name a program in PATH (or a path to an executable)? */
static bool have_prog(const char *name)
{
	const char *path, *p;
	char full[PATH_MAX];

	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	path = getenv("PATH");
	if (!path)
		path = "/usr/bin:/bin";
	for (p = path; *p; ) {
		size_t n = strcspn(p, ":");

		if (n && n < sizeof(full) - strlen(name) - 2) {
			snprintf(full, sizeof(full), "%.*s/%s", (int)n, p, name);
			if (access(full, X_OK) == 0)
				return true;
		}
		p += n;
		if (*p == ':')
			p++;
	}
	return false;
}

/* ------------------------------------------------------------------------
 * Options and run state
 */

static struct {
	const char *local_user, *homedir, *passfile, *keyring;
	int hashalgo;			/* OpenPGP hash id */
	unsigned long reserve;
	bool reserve_set, append, strip, quiet, timings, replace_pkcs7;
	bool use_sqv;
	int agent_opt;			/* -1 no, 0 auto, 1 yes */
	int jobs;
	long long sde;			/* SOURCE_DATE_EPOCH or -1 */
	const char *gpg, *objcopy, *gpg_agent, *gpgconf, *gpg_connect_agent;
	const char *sig_suffix;
	enum { MODE_SIGN, MODE_PREPARE, MODE_ATTACH } mode;
} opt = { .hashalgo = 10, .reserve = 2048, .jobs = 1, .sde = -1 };

static char *passphrase;
static char tmpdir[PATH_MAX];	/* the run's work directory */
static int worker_id;
static bool is_parent = true;
static pid_t workers[256];
static int nworkers;
static char cur_tmp[3 * PATH_MAX];	/* signed copy beside the module */
static char cur_tbs[3 * PATH_MAX];	/* --prepare's MODULE.tbs being written */
static volatile pid_t agent_pid;

static const char *hash_name(int h)
{
	switch (h) {
	case 2:
		return "SHA1";
	case 8:
		return "SHA256";
	case 9:
		return "SHA384";
	case 10:
		return "SHA512";
	case 11:
		return "SHA224";
	}
	return NULL;
}

static const EVP_MD *hash_md(int h)
{
	switch (h) {
	case 2:
		return EVP_sha1();
	case 8:
		return EVP_sha256();
	case 9:
		return EVP_sha384();
	case 10:
		return EVP_sha512();
	case 11:
		return EVP_sha224();
	}
	return NULL;
}

/*
 * Remove the directory entry @name in the directory @dfd, and what it
 * holds.  System calls only (getdents64, openat, unlinkat): the signal
 * handler calls it too, where opendir() and malloc() may not be used.
 */
static void rm_tree_at(int dfd, const char *name, int depth)
{
	static char dents[4][2048];
	int fd;

	if (!unlinkat(dfd, name, 0) || errno == ENOENT)
		return;
	if (depth >= (int)ARRAY_SIZE(dents))
		return;
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0) {
		ssize_t n;

		/* each pass removes what it saw; read again until empty */
		while ((n = getdents64(fd, dents[depth], sizeof(dents[depth]))) > 0) {
			ssize_t off = 0;
			bool removed = false;

			while (off < n) {
				struct dirent64 *e = (struct dirent64 *)(dents[depth] + off);

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
	}
	unlinkat(dfd, name, AT_REMOVEDIR);
}

static void rm_tmpdir(void)
{
	if (!tmpdir[0])
		return;
	rm_tree_at(AT_FDCWD, tmpdir, 0);
	tmpdir[0] = 0;
}

/* Async-signal-safe calls only (signal-safety(7)). */
static void on_signal(int sig)
{
	int i;

	if (cur_tmp[0])
		unlink(cur_tmp);
	if (cur_tbs[0])
		unlink(cur_tbs);
	if (passphrase)
		explicit_bzero(passphrase, strlen(passphrase));
	if (cur_child > 0)
		kill(cur_child, SIGTERM);
	if (agent_pid > 0)
		kill(agent_pid, SIGTERM);
	if (is_parent) {
		for (i = 0; i < nworkers; i++)
			if (workers[i] > 0)
				kill(workers[i], SIGTERM);
		for (i = 0; i < nworkers; i++)
			if (workers[i] > 0)
				waitpid(workers[i], NULL, 0);
		if (tmpdir[0])
			rm_tree_at(AT_FDCWD, tmpdir, 0);
	}
	_exit(sig == SIGINT ? 130 : sig == SIGHUP ? 129 : 143);
}

/* A note, once per run (workers share the flag file). */
static void note_once(const char *fmt, ...)
{
	char p[PATH_MAX + 16];
	va_list ap;
	int fd;

	if (tmpdir[0]) {
		snprintf(p, sizeof(p), "%s/noted", tmpdir);
		fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0600);
		if (fd < 0)
			return;
		close(fd);
	}
	fprintf(stderr, "%s: note: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* ------------------------------------------------------------------------
 * OpenPGP packets: read with the kernel's reader (pgp-sign-module-kernel.c)
 */

/*
 * A signature packet as gpg wrote it: the kernel's parser reads it (and so
 * checks every length), then its areas are located for copying.
 */
struct sigraw {
	struct kern_sig_info info;
	const u8 *body, *hashed, *unhashed, *left16;
	size_t body_len, hashed_len, unhashed_len, ctime_off;	/* in hashed */
};

static int sig_raw(const u8 *pkt, size_t n, struct sigraw *s)
{
	const u8 *p = pkt;
	unsigned int tag;
	size_t off;

	memset(s, 0, sizeof(*s));
	if (kern_next_packet(&p, pkt + n, &tag, &s->body, &s->body_len) || tag != 2 ||
	    p != pkt + n || kern_sig_info(s->body, s->body_len, &s->info) ||
	    s->info.version != 4 || s->body_len < 6)
		return -1;
	s->hashed = s->body + 6;
	s->hashed_len = get_unaligned_be16(s->body + 4);
	off = 6 + s->hashed_len;
	if (s->body_len - off < 4)	/* (cannot be: the parser read past it) */
		return -1;
	s->unhashed = s->body + off + 2;
	s->unhashed_len = get_unaligned_be16(s->body + off);
	if (s->body_len - off - 2 < s->unhashed_len + 2)
		return -1;
	s->left16 = s->unhashed + s->unhashed_len;
	/* the hashed creation time (the parser allows exactly one) */
	for (size_t q = 0; q < s->hashed_len; ) {
		size_t sl = s->hashed[q], h = 1;

		if (sl >= 255) {
			sl = get_unaligned_be32(s->hashed + q + 1);
			h = 5;
		} else if (sl >= 192) {
			sl = ((sl - 192) << 8) + s->hashed[q + 1] + 192;
			h = 2;
		}
		if ((s->hashed[q + h] & 0x7f) == 2 && sl == 5)
			s->ctime_off = q + h + 1;
		q += h + sl;
	}
	return s->ctime_off ? 0 : -1;
}

/* The public keys gpg exports for the signing key: what its signatures are checked with. */
static struct kern_pubkeys *signer_keys;

static void load_signer_keys(const char *fpr)
{
	const char * const extra[] = { "--export", "--", fpr, NULL };
	char *argv[16];
	struct buf out = {};
	struct proc_io io = { .in_fd = -1, .out = &out };
	int i = 0;

	argv[i++] = (char *)opt.gpg;
	if (opt.homedir) {
		argv[i++] = "--homedir";
		argv[i++] = (char *)opt.homedir;
	}
	argv[i++] = "--batch";
	argv[i++] = "--no-tty";
	for (int k = 0; extra[k]; k++)
		argv[i++] = (char *)extra[k];
	argv[i] = NULL;
	if (!run_cmd(argv, &io) && out.len)
		kern_pubkeys_load(out.p, out.len, &signer_keys);
	buf_free(&out);
}

/*
 * RFC 4880 3.2 MPI of a big-endian number (leading zeros removed).  Returns
 * 0, or -1 for a value the two-octet bit count cannot describe (more than
 * 65535 bits) or zero, which no signature value is.
 */
static int add_mpi(struct buf *b, const u8 *v, size_t n)
{
	unsigned int bits;
	u8 hdr[2];

	while (n && !*v) {
		v++;
		n--;
	}
	if (!n || n > 0xFFFF / 8 + 1)
		return -1;
	bits = n * 8;
	for (u8 top = v[0]; !(top & 0x80); top <<= 1)
		bits--;
	if (bits > 0xFFFF)
		return -1;
	put_be16(hdr, bits);
	buf_add(b, hdr, 2);
	buf_add(b, v, n);
	return 0;
}

/* ------------------------------------------------------------------------
 * Canonical S-expressions (gpg-agent's PKSIGN answer)
 */

/*
 * sexp_sig_values() - the signature values of a (sig-val (ALGO (r R) (s S)))
 * @s, @n: the canonical S-expression (untrusted)
 * @algo: the algorithm name found ("rsa", "dsa", "ecdsa", "eddsa"), NUL-ended
 * @r, @rlen: value "r" (or "s" for RSA, which has only one)
 * @sv, @slen: value "s" (NULL for RSA)
 * Returns 0, or -1 when malformed.
 */
int sexp_sig_values(const u8 *s, size_t n, char algo[16],
		    const u8 **r, size_t *rlen, const u8 **sv, size_t *slen)
{
	/* tokens: '(' ')' or strings; depth at most 8 */
	struct { const u8 *p; size_t len; int depth; } tok[64];
	int nt = 0, depth = 0, i, alg_depth = -1;
	size_t p = 0;

	*r = *sv = NULL;
	*rlen = *slen = 0;
	algo[0] = 0;
	while (p < n) {
		if (s[p] == '(') {
			if (++depth > 8 || nt >= 64)
				return -1;
			tok[nt].p = NULL;
			tok[nt].len = 0;
			tok[nt++].depth = depth;
			p++;
		} else if (s[p] == ')') {
			if (depth-- <= 0 || nt >= 64)
				return -1;
			tok[nt].p = NULL;
			tok[nt].len = 1;	/* close */
			tok[nt++].depth = depth + 1;
			p++;
		} else if (s[p] >= '0' && s[p] <= '9') {
			size_t l = 0;

			if (s[p] == '0' && p + 1 < n && s[p + 1] != ':')
				return -1;
			while (p < n && s[p] >= '0' && s[p] <= '9') {
				if (l > 100000)
					return -1;
				l = l * 10 + (s[p] - '0');
				p++;
			}
			if (p >= n || s[p] != ':')
				return -1;
			p++;
			if (l > n - p || nt >= 64 || !depth)
				return -1;
			tok[nt].p = s + p;
			tok[nt].len = l;
			tok[nt++].depth = depth;
			p += l;
		} else {
			return -1;
		}
		if (!depth && p < n)
			return -1;	/* one expression only */
	}
	if (depth || nt < 3)
		return -1;
	/* (sig-val ... */
	if (tok[0].p || !tok[1].p || tok[1].len != 7 || memcmp(tok[1].p, "sig-val", 7))
		return -1;
	/* the algorithm list: a list at depth 2 whose head is not flags/hash */
	for (i = 2; i + 1 < nt; i++) {
		if (tok[i].p || tok[i].len || tok[i].depth != 2)
			continue;
		if (!tok[i + 1].p || tok[i + 1].depth != 2)
			return -1;
		if ((tok[i + 1].len == 5 && !memcmp(tok[i + 1].p, "flags", 5)) ||
		    (tok[i + 1].len == 4 && !memcmp(tok[i + 1].p, "hash", 4)))
			continue;
		if (tok[i + 1].len >= 16)
			return -1;
		memcpy(algo, tok[i + 1].p, tok[i + 1].len);
		algo[tok[i + 1].len] = 0;
		alg_depth = i;
		break;
	}
	if (alg_depth < 0)
		return -1;
	/* (NAME VALUE) lists at depth 3 inside it */
	for (i = alg_depth + 2; i + 3 < nt; i++) {
		if (tok[i].depth < 3 && !tok[i].p && tok[i].len)
			break;	/* the algorithm list closed */
		if (tok[i].p || tok[i].len || tok[i].depth != 3)
			continue;
		if (!tok[i + 1].p || !tok[i + 2].p || tok[i + 3].p || !tok[i + 3].len)
			continue;
		if (tok[i + 1].len == 1 && tok[i + 1].p[0] == 'r' && !*r) {
			*r = tok[i + 2].p;
			*rlen = tok[i + 2].len;
		} else if (tok[i + 1].len == 1 && tok[i + 1].p[0] == 's' && !*sv) {
			*sv = tok[i + 2].p;
			*slen = tok[i + 2].len;
		}
	}
	if (!strcmp(algo, "rsa")) {
		if (!*sv || *r)
			return -1;
		*r = *sv;
		*rlen = *slen;
		*sv = NULL;
		*slen = 0;
		return 0;
	}
	return *r && *sv ? 0 : -1;
}

/* ------------------------------------------------------------------------
 * Assuan client (gpg-agent)
 */

static int a_in = -1, a_out = -1;
static bool a_private;
static struct buf a_buf;
static size_t a_consumed;	/* of a_buf: the line a_getline() returned */
static char a_err[1024];

static int a_put(const char *line)
{
	size_t n = strlen(line);
	char *l = xrealloc(NULL, n + 1);

	memcpy(l, line, n);
	l[n] = '\n';
	if (write_all(a_out, l, n + 1)) {
		explicit_bzero(l, n + 1);
		free(l);
		snprintf(a_err, sizeof(a_err), "gpg-agent connection lost: %s", strerror(errno));
		return -1;
	}
	explicit_bzero(l, n + 1);	/* it may have been the passphrase */
	free(l);
	return 0;
}

/* Longest passphrase taken (gpg --passphrase-file reads the first line). */
#define PASSPHRASE_MAX	1023

/*
 * The first line of @path (without its line end) into passphrase.  Returns
 * -1 when the file cannot be read or the line is longer than PASSPHRASE_MAX
 * bytes: a longer one is refused, never cut.  The copies are wiped.
 */
static int read_passphrase(const char *path)
{
	char l[PASSPHRASE_MAX + 2];
	size_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = -1;

	if (fd < 0)
		return -1;
	while (n < sizeof(l)) {
		ssize_t r = read(fd, l + n, sizeof(l) - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (memchr(l + n, '\n', r)) {
			n += r;
			break;
		}
		n += r;
	}
	close(fd);
	{
		char *nl = memchr(l, '\n', n);
		size_t len = nl ? (size_t)(nl - l) : n;

		if (len <= PASSPHRASE_MAX && (nl || n < sizeof(l))) {
			passphrase = malloc(len + 1);
			if (passphrase) {
				memcpy(passphrase, l, len);
				passphrase[len] = 0;
				ret = 0;
			}
		}
	}
	explicit_bzero(l, sizeof(l));
	return ret;
}

static void wipe_passphrase(void)
{
	if (passphrase) {
		explicit_bzero(passphrase, strlen(passphrase));
		free(passphrase);
		passphrase = NULL;
	}
}

/*
 * The passphrase as D lines (percent-escaped, each within Assuan's line
 * length of 1000 bytes), then END; every copy is wiped.
 */
static int a_put_passphrase(void)
{
	struct buf e = {};
	const char *q = passphrase;
	int ret = 0;

	while (*q && !ret) {
		buf_add(&e, "D ", 2);
		for (; *q && e.len < 900; q++) {
			if (*q == '%' || *q == '\r' || *q == '\n' || *q == '\\') {
				static const char hex[] = "0123456789ABCDEF";
				u8 h[3] = { '%', hex[(u8)*q >> 4], hex[(u8)*q & 15] };

				buf_add(&e, h, 3);
			} else {
				buf_addc(&e, *q);
			}
		}
		buf_addc(&e, 0);
		ret = a_put((char *)e.p);
		explicit_bzero(e.p, e.cap);
		e.len = 0;
	}
	buf_free(&e);
	return ret ? ret : a_put("END");
}

/* One line (without the newline) into @line; -1 when the connection ended. */
static int a_getline(char **line, size_t *len)
{
	if (a_consumed) {
		memmove(a_buf.p, a_buf.p + a_consumed, a_buf.len - a_consumed);
		a_buf.len -= a_consumed;
		a_consumed = 0;
	}
	for (;;) {
		u8 *nl = a_buf.len ? memchr(a_buf.p, '\n', a_buf.len) : NULL;
		ssize_t r;

		if (nl) {
			*nl = 0;
			*line = (char *)a_buf.p;
			*len = nl - a_buf.p;
			a_consumed = *len + 1;
			return 0;
		}
		if (a_buf.len > ASSUAN_MAX_LINE) {
			snprintf(a_err, sizeof(a_err), "unexpected answer from gpg-agent: line too long");
			return -1;
		}
		buf_reserve(&a_buf, 4096);
		r = read(a_in, a_buf.p + a_buf.len, 4096);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			snprintf(a_err, sizeof(a_err), "gpg-agent connection lost%s%s",
				 r ? ": " : "", r ? strerror(errno) : "");
			return -1;
		}
		a_buf.len += r;
	}
}

/*
 * assuan_parse_line() - classify one line of a server's answer
 * Returns the kind; for D lines the percent-decoded data is appended to
 * @data, for ERR the message (or "error N") goes to @msg, for S lines the
 * rest of the line.  Unescaped control characters are refused.
 */
int assuan_parse_line(const char *l, size_t n, struct buf *data,
		      char *msg, size_t msglen)
{
	size_t i;

	msg[0] = 0;
	/* (a D line may hold any byte but CR and LF, NUL included) */
	for (i = 0; i < n; i++)
		if (l[i] == '\n' || l[i] == '\r' || (l[i] == 0 && l[0] != 'D'))
			return A_BAD;
	if (n >= 2 && l[0] == 'O' && l[1] == 'K' && (n == 2 || l[2] == ' '))
		return A_OK;
	if (n >= 4 && !memcmp(l, "ERR ", 4)) {
		const char *p = l + 4, *e = l + n;
		const char *t;

		if (p == e || !isdigit((unsigned char)*p))
			return A_BAD;
		t = p;
		while (t < e && isdigit((unsigned char)*t))
			t++;
		while (t < e && *t == ' ')
			t++;
		if (t == e)
			snprintf(msg, msglen, "error %.*s", (int)(t - p > 12 ? 12 : t - p), p);
		else
			snprintf(msg, msglen, "%.*s", (int)(e - t), t);
		return A_ERR;
	}
	if (n >= 2 && l[0] == 'D' && l[1] == ' ') {
		for (i = 2; i < n; i++) {
			if (l[i] == '%') {
				unsigned int v;
				char hx[3];

				if (n - i < 3 || !isxdigit((unsigned char)l[i + 1]) ||
				    !isxdigit((unsigned char)l[i + 2]))
					return A_BAD;
				hx[0] = l[i + 1];
				hx[1] = l[i + 2];
				hx[2] = 0;
				v = strtoul(hx, NULL, 16);
				buf_addc(data, v);
				i += 2;
			} else {
				buf_addc(data, l[i]);
			}
		}
		return A_DATA;
	}
	if (n >= 2 && l[0] == 'S' && l[1] == ' ') {
		snprintf(msg, msglen, "%.*s", (int)(n - 2), l + 2);
		return A_STATUS;
	}
	if (n >= 8 && !memcmp(l, "INQUIRE ", 8)) {
		snprintf(msg, msglen, "%.*s", (int)(n - 8), l + 8);
		return A_INQUIRE;
	}
	if (n == 0 || l[0] == '#')
		return A_COMMENT;
	return A_BAD;
}

/*
 * a_transact() - read the answer to one command
 * Returns 0 on OK (data in @data, status lines in @status when given),
 * 1 on ERR (message in a_err), -1 when the connection is unusable.
 */
static int a_transact(struct buf *data, struct buf *status)
{
	int inquiries = 0;

	for (;;) {
		char msg[512], *l;
		size_t n;
		int k;

		if (a_getline(&l, &n))
			return -1;
		k = assuan_parse_line(l, n, data ? data : &(struct buf){}, msg, sizeof(msg));
		switch (k) {
		case A_OK:
			return 0;
		case A_ERR:
			snprintf(a_err, sizeof(a_err), "%s", msg);
			return 1;
		case A_STATUS:
			if (status) {
				buf_add(status, msg, strlen(msg));
				buf_addc(status, '\n');
			}
			break;
		case A_INQUIRE:
			if (!strncmp(msg, "PASSPHRASE", 10) && passphrase && inquiries++ < 3) {
				if (a_put_passphrase())
					return -1;
			} else if (a_put("CAN")) {
				return -1;
			}
			break;
		case A_DATA:
		case A_COMMENT:
			break;
		default:
			snprintf(a_err, sizeof(a_err), "unexpected answer from gpg-agent: %.60s", l);
			return -1;
		}
	}
}

static int a_cmd(const char *cmd, struct buf *data, struct buf *status)
{
	if (a_put(cmd))
		return -1;
	return a_transact(data, status);
}

static void agent_stop(void)
{
	if (a_out >= 0 && a_out != a_in)
		close(a_out);
	if (a_in >= 0)
		close(a_in);
	a_in = a_out = -1;
	buf_free(&a_buf);
	a_consumed = 0;
	if (agent_pid > 0) {
		kill(agent_pid, SIGTERM);
		waitpid(agent_pid, NULL, 0);
	}
	agent_pid = 0;
}

/* The GnuPG program @name beside opt.gpg when that is a path, else @name. */
static const char *gnupg_tool(const char *name)
{
	static char path[4][PATH_MAX];
	static int next;
	const char *g = opt.gpg;
	char *slash, *p, full[PATH_MAX];	/* g may point into full after the loop */

	if (!strchr(g, '/')) {
		/* resolve through PATH */
		const char *pth = getenv("PATH");

		if (!pth)
			return name;
		for (const char *q = pth; *q; ) {
			size_t n = strcspn(q, ":");

			snprintf(full, sizeof(full), "%.*s/%s", (int)n, q, g);
			if (n && access(full, X_OK) == 0) {
				g = full;
				break;
			}
			q += n;
			if (*q == ':')
				q++;
		}
		if (!strchr(g, '/'))
			return name;
	}
	p = path[next % ARRAY_SIZE(path)];
	snprintf(p, PATH_MAX, "%s", g);
	slash = strrchr(p, '/');
	snprintf(slash + 1, PATH_MAX - (slash + 1 - p), "%s", name);
	if (access(p, X_OK))
		return name;
	next++;
	return p;
}

static int start_private(void)
{
	int p1[2], p2[2];
	char *argv[6];
	char *l;
	size_t n;
	int i = 0;
	pid_t pid;

	if (pipe2(p1, O_CLOEXEC) || pipe2(p2, O_CLOEXEC)) {
		snprintf(a_err, sizeof(a_err), "pipe: %s", strerror(errno));
		return -1;
	}
	argv[i++] = (char *)opt.gpg_agent;
	if (opt.homedir) {
		argv[i++] = "--homedir";
		argv[i++] = (char *)opt.homedir;
	}
	argv[i++] = "--server";
	argv[i] = NULL;
	pid = fork();
	if (pid < 0) {
		snprintf(a_err, sizeof(a_err), "fork: %s", strerror(errno));
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
	a_in = p2[0];
	a_out = p1[1];
	agent_pid = pid;
	if (a_getline(&l, &n) || n < 2 || memcmp(l, "OK", 2)) {
		agent_stop();
		snprintf(a_err, sizeof(a_err), "%s --server did not start", opt.gpg_agent);
		return -1;
	}
	a_private = true;
	return 0;
}

static int connect_shared(void)
{
	char *argv[6];
	struct buf out = {};
	struct proc_io io = { .in_fd = -1, .out = &out, .out_fd = -1 };
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	char *l;
	size_t n;
	int i = 0, try, s;

	argv[i++] = (char *)opt.gpgconf;
	if (opt.homedir) {
		argv[i++] = "--homedir";
		argv[i++] = (char *)opt.homedir;
	}
	argv[i++] = "--list-dirs";
	argv[i++] = "agent-socket";
	argv[i] = NULL;
	if (run_cmd(argv, &io) || !out.len || out.len >= sizeof(sa.sun_path)) {
		buf_free(&out);
		snprintf(a_err, sizeof(a_err),
			 "cannot find the gpg-agent socket (%s --list-dirs failed)", opt.gpgconf);
		return -1;
	}
	while (out.len && (out.p[out.len - 1] == '\n' || out.p[out.len - 1] == '\r'))
		out.len--;
	memcpy(sa.sun_path, out.p, out.len);
	buf_free(&out);
	for (try = 0; try < 2; try++) {
		if (try) {
			char *cv[5];
			struct proc_io io2 = { .in_fd = -1, .out_fd = -1 };

			i = 0;
			cv[i++] = (char *)opt.gpg_connect_agent;
			if (opt.homedir) {
				cv[i++] = "--homedir";
				cv[i++] = (char *)opt.homedir;
			}
			cv[i++] = "/bye";
			cv[i] = NULL;
			run_cmd(cv, &io2);
		}
		s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (s < 0)
			break;
		if (connect(s, (struct sockaddr *)&sa, sizeof(sa))) {
			close(s);
			continue;
		}
		a_in = a_out = s;
		if (a_getline(&l, &n) || n < 2 || memcmp(l, "OK", 2)) {
			agent_stop();
			snprintf(a_err, sizeof(a_err), "gpg-agent at %s did not answer", sa.sun_path);
			return -1;
		}
		a_private = false;
		{
			/* what gpg tells the agent for a pinentry */
			static const char *const env[][2] = {
				{ "display", "DISPLAY" }, { "ttytype", "TERM" },
				{ "xauthority", "XAUTHORITY" },
			};
			const char *tty = getenv("GPG_TTY");
			char cmd[1024];
			size_t k;

			if (!tty && isatty(0))
				tty = ttyname(0);
			if (tty && *tty && !strpbrk(tty, "\r\n")) {
				snprintf(cmd, sizeof(cmd), "OPTION ttyname=%s", tty);
				if (a_cmd(cmd, NULL, NULL) < 0)
					return -1;
			}
			for (k = 0; k < 3; k++) {
				const char *v = getenv(env[k][1]);

				if (!v || !*v || strpbrk(v, "\r\n") || strlen(v) > 900)
					continue;
				snprintf(cmd, sizeof(cmd), "OPTION %s=%s", env[k][0], v);
				if (a_cmd(cmd, NULL, NULL) < 0)
					return -1;
			}
		}
		return 0;
	}
	snprintf(a_err, sizeof(a_err), "cannot connect to gpg-agent at %s: %s",
		 sa.sun_path, strerror(errno));
	return -1;
}

/* ------------------------------------------------------------------------
 * The signer: what gpg's reference signature told us
 */

static struct {
	bool ok;			/* agent path possible */
	char grip[41];
	int pkalgo, hashalgo;
	struct buf hashed, unhashed;	/* gpg's subpacket areas */
	size_t ctime_off;		/* creation time inside @hashed */
	char fpr_hex[41];
	char *keydesc;
} signer;

/* The body of our signature up to the hashed area's end, for time @t. */
static void sig_prefix(struct buf *b, u32 t)
{
	u8 h[6] = { 4, 0, signer.pkalgo, signer.hashalgo };

	put_be16(h + 4, signer.hashed.len);
	buf_add(b, h, 6);
	buf_add(b, signer.hashed.p, signer.hashed.len);
	put_be32(b->p + b->len - signer.hashed.len + signer.ctime_off, t);
}

/* H(data with [zoff, zoff+zlen) as zeros || prefix || trailer) */
static int digest_of(int halgo, const u8 *d, size_t n, size_t zoff, size_t zlen,
		     const struct buf *prefix, u8 *md, unsigned int *mdlen)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	static const u8 zeros[4096];
	u8 tr[6] = { 4, 0xff };
	int ok;

	if (!c)
		return -1;
	put_be32(tr + 2, prefix->len);
	ok = EVP_DigestInit_ex(c, hash_md(halgo), NULL) &&
	     EVP_DigestUpdate(c, d, zoff);
	for (size_t z = zlen; ok && z; ) {
		size_t k = z < sizeof(zeros) ? z : sizeof(zeros);

		ok = EVP_DigestUpdate(c, zeros, k);
		z -= k;
	}
	ok = ok && EVP_DigestUpdate(c, d + zoff + zlen, n - zoff - zlen) &&
	     EVP_DigestUpdate(c, prefix->p, prefix->len) &&
	     EVP_DigestUpdate(c, tr, 6) &&
	     EVP_DigestFinal_ex(c, md, mdlen);
	EVP_MD_CTX_free(c);
	return ok ? 0 : -1;
}

static void pkt_header(struct buf *b, size_t len)
{
	u8 h[5];

	if (len < 256) {
		h[0] = 0x88;
		h[1] = len;
		buf_add(b, h, 2);
	} else if (len < 65536) {
		h[0] = 0x89;
		put_be16(h + 1, len);
		buf_add(b, h, 3);
	} else {
		h[0] = 0x8a;
		put_be32(h + 1, len);
		buf_add(b, h, 5);
	}
}

static double t_sign_ms, t_hash_ms;

/*
 * agent_sign() - the signature packet over @d (zeros at [zoff, zoff+zlen))
 * Returns 0, 1 on an error of this signature (message in a_err), -1 when
 * the connection is lost.
 */
static int agent_sign(const u8 *d, size_t n, size_t zoff, size_t zlen, u32 t,
		      struct buf *pkt)
{
	struct buf prefix = {}, sexp = {}, body = {};
	u8 md[EVP_MAX_MD_SIZE];
	unsigned int mdlen, i;
	char cmd[300], *p, algo[16];
	const u8 *r, *s;
	size_t rl, sl;
	double t0 = now_ms();
	int ret, k;
	static const char *const want[] = {
		[1] = "rsa", [3] = "rsa", [17] = "dsa", [19] = "ecdsa", [22] = "eddsa",
	};

	sig_prefix(&prefix, t);
	if (digest_of(signer.hashalgo, d, n, zoff, zlen, &prefix, md, &mdlen)) {
		snprintf(a_err, sizeof(a_err), "hashing failed");
		buf_free(&prefix);
		return 1;
	}
	t_hash_ms += now_ms() - t0;
	t0 = now_ms();
	/* pipelined: SIGKEY, [SETKEYDESC], SETHASH, PKSIGN; then the answers */
	p = cmd + snprintf(cmd, sizeof(cmd), "SETHASH %d ", signer.hashalgo);
	for (i = 0; i < mdlen; i++)
		p += sprintf(p, "%02X", md[i]);
	{
		struct buf all = {};
		char sk[64];

		snprintf(sk, sizeof(sk), "SIGKEY %s\n", signer.grip);
		buf_add(&all, sk, strlen(sk));
		if (!a_private) {
			buf_add(&all, "SETKEYDESC ", 11);
			buf_add(&all, signer.keydesc, strlen(signer.keydesc));
			buf_addc(&all, '\n');
		}
		buf_add(&all, cmd, strlen(cmd));
		buf_add(&all, "\nPKSIGN\n", 8);
		if (write_all(a_out, all.p, all.len)) {
			buf_free(&all);
			buf_free(&prefix);
			snprintf(a_err, sizeof(a_err), "gpg-agent connection lost: %s", strerror(errno));
			return -1;
		}
		buf_free(&all);
	}
	ret = 0;
	for (k = 0; k < (a_private ? 2 : 3); k++) {
		int rr = a_transact(NULL, NULL);

		if (rr < 0) {
			buf_free(&prefix);
			return -1;
		}
		if (rr && !ret) {
			char m[512];

			snprintf(m, sizeof(m), "%.500s", a_err);
			snprintf(a_err, sizeof(a_err), "gpg-agent: %s: %s",
				 k == 0 ? "SIGKEY" : (k == 1 && !a_private) ? "SETKEYDESC" : "SETHASH", m);
			ret = 1;
		}
	}
	k = a_transact(&sexp, NULL);
	if (k < 0) {
		buf_free(&prefix);
		buf_free(&sexp);
		return -1;
	}
	if (k && !ret) {
		char m[512];

		snprintf(m, sizeof(m), "%.500s", a_err);
		snprintf(a_err, sizeof(a_err), "gpg-agent: %s", m);
		ret = 1;
	}
	if (ret)
		goto out;
	if (sexp_sig_values(sexp.p, sexp.len, algo, &r, &rl, &s, &sl)) {
		snprintf(a_err, sizeof(a_err), "malformed S-expression from gpg-agent");
		ret = -1;
		goto out;
	}
	if (signer.pkalgo >= (int)ARRAY_SIZE(want) || !want[signer.pkalgo] ||
	    strcmp(algo, want[signer.pkalgo])) {
		snprintf(a_err, sizeof(a_err),
			 "gpg-agent made a %s signature, gpg's key is OpenPGP algorithm %d",
			 algo, signer.pkalgo);
		ret = 1;
		goto out;
	}
	buf_add(&body, prefix.p, prefix.len);
	{
		u8 ul[2];

		put_be16(ul, signer.unhashed.len);
		buf_add(&body, ul, 2);
	}
	buf_add(&body, signer.unhashed.p, signer.unhashed.len);
	buf_add(&body, md, 2);
	if (add_mpi(&body, r, rl) || (s && add_mpi(&body, s, sl))) {
		snprintf(a_err, sizeof(a_err), "gpg-agent's signature values do not fit an OpenPGP MPI");
		ret = 1;
		goto out;
	}
	/*
	 * gpg checks each signature it makes (a faulty agent or card, an RSA-CRT
	 * fault); so does this tool, with the kernel's verifier and the key gpg
	 * exports, before anything is written.
	 */
	k = kern_sig_verify(signer_keys, body.p, body.len, d, n, zoff, zlen);
	if (k) {
		snprintf(a_err, sizeof(a_err),
			 "the signature gpg-agent made does not verify with key %s (%s); not written",
			 signer.fpr_hex, kern_errno_name(k));
		ret = 1;
		goto out;
	}
	pkt_header(pkt, body.len);
	buf_add(pkt, body.p, body.len);
out:
	t_sign_ms += now_ms() - t0;
	buf_free(&prefix);
	buf_free(&sexp);
	buf_free(&body);
	return ret;
}

/* ------------------------------------------------------------------------
 * gpg
 */

static char **gpg_argv(const char * const *extra)
{
	static char *argv[40];
	static char digest[16], ftime[32];
	int i = 0;

	argv[i++] = (char *)opt.gpg;
	if (opt.homedir) {
		argv[i++] = "--homedir";
		argv[i++] = (char *)opt.homedir;
	}
	argv[i++] = "--batch";
	argv[i++] = "--no-tty";
	argv[i++] = "--quiet";
	argv[i++] = "--yes";
	argv[i++] = "--no-armor";
	argv[i++] = "--no-textmode";
	argv[i++] = "--digest-algo";
	snprintf(digest, sizeof(digest), "%s", hash_name(opt.hashalgo));
	argv[i++] = digest;
	if (opt.local_user) {
		argv[i++] = "--local-user";
		argv[i++] = (char *)opt.local_user;
	}
	if (opt.passfile) {
		argv[i++] = "--pinentry-mode";
		argv[i++] = "loopback";
		argv[i++] = "--passphrase-file";
		argv[i++] = (char *)opt.passfile;
	}
	if (opt.sde >= 0) {
		snprintf(ftime, sizeof(ftime), "%lld!", opt.sde);
		argv[i++] = "--faked-system-time";
		argv[i++] = ftime;
		argv[i++] = "--ignore-time-conflict";
	}
	while (extra && *extra)
		argv[i++] = (char *)*extra++;
	argv[i] = NULL;
	return argv;
}

/* gpg --detach-sign over @d; the packet to @sig, or a message in @msg. */
static int gpg_sign(const u8 *d, size_t n, struct buf *sig, char *msg, size_t msglen)
{
	static const char * const extra[] = { "--output", "-", "--detach-sign", NULL };
	struct buf err = {};
	struct proc_io io = { .in = d, .in_len = n, .in_fd = -1, .out = sig, .err = &err };
	char l[300];
	double t0 = now_ms();
	int rc;

	rc = run_cmd(gpg_argv(extra), &io);
	t_sign_ms += now_ms() - t0;
	last_line(&err, l, sizeof(l));
	buf_free(&err);
	if (rc) {
		snprintf(msg, msglen, "gpg failed: %s", l[0] ? l : "no message");
		return -1;
	}
	if (!sig->len) {
		snprintf(msg, msglen, "gpg produced no signature");
		return -1;
	}
	{
		const u8 *p = sig->p, *body;
		unsigned int tag;
		size_t len;

		if (kern_next_packet(&p, sig->p + sig->len, &tag, &body, &len) || tag != 2 ||
		    p != sig->p + sig->len) {
			snprintf(msg, msglen, "gpg output is not a single binary signature packet");
			return -1;
		}
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * Modules: ELF checks, placeholder, container
 */

struct elf {
	bool elf64, swap;
	u64 shoff;
	unsigned int shnum, shstrndx, shentsize;
};

static u16 rd16(const u8 *p, bool be)
{
	return be ? (u16)(p[0] << 8 | p[1]) : (u16)(p[1] << 8 | p[0]);
}

static u32 rd32(const u8 *p, bool be)
{
	return be ? get_unaligned_be32(p) :
		(u32)p[3] << 24 | (u32)p[2] << 16 | (u32)p[1] << 8 | p[0];
}

static u64 rd64(const u8 *p, bool be)
{
	return be ? (u64)rd32(p, 1) << 32 | rd32(p + 4, 1) :
		(u64)rd32(p + 4, 0) << 32 | rd32(p, 0);
}

static bool host_be(void)
{
	const u16 one = 1;

	return *(const u8 *)&one == 0;
}

/* The ELF header: the checks that give a reason before the kernel's locator. */
static const char *elf_header(const u8 *f, size_t len, struct elf *e)
{
	static char why[128];
	bool be;
	u16 type;

	if (len < 52)
		return "not an ELF file (too short)";
	if (memcmp(f, ELFMAG, SELFMAG))
		return "not an ELF file";
	if (f[EI_CLASS] != ELFCLASS32 && f[EI_CLASS] != ELFCLASS64) {
		snprintf(why, sizeof(why), "invalid ELF class %u", f[EI_CLASS]);
		return why;
	}
	e->elf64 = f[EI_CLASS] == ELFCLASS64;
	if (f[EI_DATA] != ELFDATA2LSB && f[EI_DATA] != ELFDATA2MSB) {
		snprintf(why, sizeof(why), "invalid ELF data encoding %u", f[EI_DATA]);
		return why;
	}
	be = f[EI_DATA] == ELFDATA2MSB;
	e->swap = be != host_be();
	if (f[EI_VERSION] != EV_CURRENT) {
		snprintf(why, sizeof(why), "invalid ELF version %u", f[EI_VERSION]);
		return why;
	}
	if (len < (e->elf64 ? 64u : 52u))
		return "truncated ELF header";
	type = rd16(f + 16, be);
	if (type != ET_REL) {
		snprintf(why, sizeof(why),
			 "not a relocatable ELF object (e_type %u, modules are ET_REL)", type);
		return why;
	}
	if (e->elf64) {
		e->shoff = rd64(f + 40, be);
		e->shentsize = rd16(f + 58, be);
		e->shnum = rd16(f + 60, be);
		e->shstrndx = rd16(f + 62, be);
	} else {
		e->shoff = rd32(f + 32, be);
		e->shentsize = rd16(f + 46, be);
		e->shnum = rd16(f + 48, be);
		e->shstrndx = rd16(f + 50, be);
	}
	if (e->shentsize != (e->elf64 ? 64u : 40u)) {
		snprintf(why, sizeof(why), "inconsistent ELF header (e_shentsize %u)", e->shentsize);
		return why;
	}
	if (!e->shnum) {
		snprintf(why, sizeof(why), "no usable section header table (e_shnum 0)");
		return why;
	}
	if (!e->shstrndx || e->shstrndx >= e->shnum) {
		snprintf(why, sizeof(why), "inconsistent ELF header (e_shstrndx %u)", e->shstrndx);
		return why;
	}
	if (e->shoff >= len || (u64)e->shnum * e->shentsize > len - e->shoff)
		return "truncated or inconsistent ELF: section header table outside the file";
	return NULL;
}

/* A copy of the ELF header and section table in host byte order. */
static u8 *native_view(const u8 *f, size_t len, const struct elf *e)
{
	u8 *v = xrealloc(NULL, len);
	unsigned int i, k;
	/* field sizes of Elf{32,64}_Ehdr after e_ident, and of a section header */
	static const u8 eh64[] = { 2, 2, 4, 8, 8, 8, 4, 2, 2, 2, 2, 2, 2 };
	static const u8 eh32[] = { 2, 2, 4, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2 };
	static const u8 sh64[] = { 4, 4, 8, 8, 8, 8, 4, 4, 8, 8 };
	static const u8 sh32[] = { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4 };

	memcpy(v, f, len);
	if (!e->swap)
		return v;
	{
		const u8 *sz = e->elf64 ? eh64 : eh32;
		u8 *p = v + EI_NIDENT;

		for (k = 0; k < 13; k++) {
			for (unsigned int a = 0, b = sz[k] - 1; a < b; a++, b--) {
				u8 t = p[a];

				p[a] = p[b];
				p[b] = t;
			}
			p += sz[k];
		}
	}
	for (i = 0; i < e->shnum; i++) {
		const u8 *sz = e->elf64 ? sh64 : sh32;
		u8 *p = v + e->shoff + (size_t)i * e->shentsize;

		for (k = 0; k < 10; k++) {
			for (unsigned int a = 0, b = sz[k] - 1; a < b; a++, b--) {
				u8 t = p[a];

				p[a] = p[b];
				p[b] = t;
			}
			p += sz[k];
		}
	}
	return v;
}

uint8_t *elf_native_view(const uint8_t *f, size_t len, int *elf64)
{
	struct elf e;

	if (elf_header(f, len, &e)) {
		/* a class the loader's locator can try: the header's own */
		if (len > EI_CLASS && (f[EI_CLASS] == ELFCLASS32 || f[EI_CLASS] == ELFCLASS64))
			*elf64 = f[EI_CLASS] == ELFCLASS64;
		return NULL;
	}
	*elf64 = e.elf64;
	return e.swap ? native_view(f, len, &e) : NULL;
}

struct shdr {
	u32 name, type;
	u64 flags, off, size;
};

static void get_shdr(const u8 *v, const struct elf *e, unsigned int i, struct shdr *s)
{
	const u8 *p = v + e->shoff + (size_t)i * e->shentsize;
	bool be = host_be();

	s->name = rd32(p, be);
	s->type = rd32(p + 4, be);
	if (e->elf64) {
		s->flags = rd64(p + 8, be);
		s->off = rd64(p + 24, be);
		s->size = rd64(p + 32, be);
	} else {
		s->flags = rd32(p + 8, be);
		s->off = rd32(p + 16, be);
		s->size = rd32(p + 20, be);
	}
}

/*
 * Why the kernel's locator refused the file (it says only -EBADMSG), or,
 * for a file it reports without module_sig, whether the section table is
 * still inconsistent (the loader would refuse it): the same rules, looked
 * at again only to name the one that failed.  NULL when there is no
 * module_sig and nothing else is wrong.
 */
static const char *explain(const u8 *v, size_t len, const struct elf *e)
{
	static char why[160];
	struct shdr st, s, sig = {};
	unsigned int i, found = 0, idx = 0;

	get_shdr(v, e, e->shstrndx, &st);
	if (st.type != SHT_STRTAB || !st.size || st.off > len || st.size > len - st.off)
		return "inconsistent ELF: bad section name table";
	for (i = 1; i < e->shnum; i++) {
		get_shdr(v, e, i, &s);
		if (s.type == SHT_NULL)
			continue;
		if (s.type != SHT_NOBITS && (s.off > len || s.size > len - s.off)) {
			snprintf(why, sizeof(why),
				 "truncated or inconsistent ELF: section %u lies outside the file", i);
			return why;
		}
		if (s.name >= st.size) {
			snprintf(why, sizeof(why),
				 "inconsistent ELF: section %u name outside the name table", i);
			return why;
		}
		if (st.size - s.name >= 11 && !memcmp(v + st.off + s.name, "module_sig", 11)) {
			found++;
			if (found == 1) {
				sig = s;
				idx = i;
			}
		}
	}
	if (found > 1)
		return "more than one module_sig section";
	if (!found)
		return NULL;
	if (sig.flags & SHF_ALLOC)
		return "module_sig has SHF_ALLOC (the loader would map it)";
	if (sig.type != SHT_PROGBITS) {
		snprintf(why, sizeof(why), "module_sig is not SHT_PROGBITS (type %u)", sig.type);
		return why;
	}
	if (sig.size && sig.off < (e->elf64 ? 64u : 52u))
		return "module_sig overlaps the ELF header";
	if (sig.size && sig.off < e->shoff + (u64)e->shnum * e->shentsize &&
	    e->shoff < sig.off + sig.size)
		return "module_sig overlaps the section header table";
	for (i = 1; i < e->shnum; i++) {
		if (i == idx)
			continue;
		get_shdr(v, e, i, &s);
		if (s.type == SHT_NULL || s.type == SHT_NOBITS || !s.size || !sig.size)
			continue;
		if (sig.off < s.off + s.size && s.off < sig.off + sig.size) {
			snprintf(why, sizeof(why), "module_sig overlaps section %u", i);
			return why;
		}
	}
	return "malformed ELF";
}

enum sig_state { SIG_NONE, SIG_EMPTY, SIG_BAD, SIG_GOOD };

struct modsig {
	enum sig_state state;
	struct module_pgp_sig_loc loc;	/* sec_off/sec_size unless SIG_NONE */
	char why[200];			/* SIG_BAD, or the ELF error */
};

/*
 * Locate module_sig with the kernel's rules.  Returns 0 (state in @m) or
 * -1 when the ELF file is malformed (reason in m->why).
 */
static int locate(const u8 *f, size_t len, struct modsig *m)
{
	struct elf e;
	const char *why;
	u8 *v;
	int ret;
	size_t i;

	memset(m, 0, sizeof(*m));
	why = elf_header(f, len, &e);
	if (why) {
		snprintf(m->why, sizeof(m->why), "%s", why);
		return -1;
	}
	v = native_view(f, len, &e);
	m->loc.sec_off = SIZE_MAX;
	ret = module_pgp_sig_locate(v, len, e.elf64, &m->loc);
	if (!ret) {
		m->state = SIG_GOOD;
	} else if (ret == -ENODATA) {
		/* a section table the loader would refuse gets no placeholder */
		why = explain(v, len, &e);
		if (why) {
			snprintf(m->why, sizeof(m->why), "%s", why);
			free(v);
			return -1;
		}
		m->state = SIG_NONE;
	} else if (m->loc.sec_off != SIZE_MAX) {
		/*
		 * The section passed the ELF rules (the locator sets sec_off
		 * and sec_size before it checks the container): an empty
		 * placeholder or a malformed container.
		 */
		m->state = SIG_EMPTY;
		for (i = 0; i < m->loc.sec_size; i++)
			if (f[m->loc.sec_off + i])
				break;
		if (i < m->loc.sec_size) {
			m->state = SIG_BAD;
			snprintf(m->why, sizeof(m->why), "malformed module_sig container");
		}
	} else {
		why = explain(v, len, &e);
		snprintf(m->why, sizeof(m->why), "%s", why ? why : "malformed ELF");
		free(v);
		return -1;
	}
	free(v);
	return 0;
}

/*
 * The payload's packets (the kernel's reader): their count, or -1 (reason
 * in @why) when one is malformed or not a signature.
 */
static int count_sig_packets(const u8 *p, size_t n, char *why, size_t wl)
{
	const u8 *q = p, *end = p + n, *body;
	unsigned int tag;
	size_t len;
	int c = 0;

	while (q < end) {
		size_t off = q - p;

		if (kern_next_packet(&q, end, &tag, &body, &len)) {
			snprintf(why, wl, "invalid OpenPGP packet at payload offset %zu", off);
			return -1;
		}
		if (tag != 2) {
			snprintf(why, wl, "module_sig payload holds a non-signature packet (tag %u)",
				 tag);
			return -1;
		}
		c++;
	}
	return c;
}

static const char p7_marker[] = "~Module signature appended~\n";

/* Length of the file without mainline's appended signature (or @len). */
static size_t strip_pkcs7(const u8 *f, size_t len, bool *had, bool *bad)
{
	size_t ml = sizeof(p7_marker) - 1;
	u32 sl;

	*had = *bad = false;
	if (len < ml || memcmp(f + len - ml, p7_marker, ml))
		return len;
	*had = true;
	if (len - ml < 12) {
		*bad = true;
		return len;
	}
	sl = get_unaligned_be32(f + len - ml - 4);
	if (sl > len - ml - 12) {
		*bad = true;
		return len;
	}
	return len - ml - 12 - sl;
}

/* ------------------------------------------------------------------------
 * Compression
 */

enum comp { C_NONE, C_XZ, C_ZSTD, C_GZIP };

static enum comp comp_of(const char *f)
{
	size_t n = strlen(f);

	if (n > 3 && !strcmp(f + n - 3, ".xz"))
		return C_XZ;
	if (n > 4 && !strcmp(f + n - 4, ".zst"))
		return C_ZSTD;
	if (n > 3 && !strcmp(f + n - 3, ".gz"))
		return C_GZIP;
	return C_NONE;
}

static const char * const comp_tool[] = { "cat", "xz", "zstd", "gzip" };

#ifdef PGP_SIGN_LIBLZMA
/*
 * .ko.xz in this process with liblzma: starting xz twice per module costs
 * more than signing it.  The same stream xz writes for Kbuild (LZMA2 of
 * preset 6 with a 1 MiB dictionary, CRC32), and xz -d's reading of it
 * (concatenated streams and padding allowed).
 */
static int xz_code(lzma_stream *s, const u8 *in, size_t n, struct buf *out, int fd,
		   const char **why)
{
	size_t max = max_module_size();
	u8 chunk[65536];
	lzma_ret r;

	s->next_in = in;
	s->avail_in = n;
	do {
		size_t got;

		if (out) {
			/* never more than one byte beyond the limit */
			buf_reserve(out, sizeof(chunk));
			s->next_out = out->p + out->len;
			s->avail_out = out->cap - out->len;
			if (s->avail_out > max + 1 - out->len)
				s->avail_out = max + 1 - out->len;
		} else {
			s->next_out = chunk;
			s->avail_out = sizeof(chunk);
		}
		r = lzma_code(s, LZMA_FINISH);
		if (r != LZMA_OK && r != LZMA_STREAM_END) {
			if (why && r == LZMA_MEMLIMIT_ERROR)
				*why = "needs more memory than a module's stream may (xz dictionary above 256 MiB)";
			return -1;
		}
		if (out) {
			out->len = s->next_out - out->p;
			if (why)
				*why = out_refused(out, max, true);
			if (why && *why)
				return -1;
		} else {
			got = sizeof(chunk) - s->avail_out;
			if (write_all(fd, chunk, got))
				return -1;
		}
	} while (r != LZMA_STREAM_END);
	return 0;
}

/*
 * One decoder and one encoder per process, initialised again for each
 * module: liblzma then keeps their memory (the encoder's match finder is
 * about 10 MiB, which a fresh allocation would fault in for every module,
 * as xz does once for all the files of one command line).
 */
static lzma_stream xz_dec = LZMA_STREAM_INIT, xz_enc = LZMA_STREAM_INIT;

static int xz_decompress(int fd, struct buf *out, const char **why)
{
	struct buf in = {};
	int rc = -1;

	if (read_fd(fd, &in, max_module_size()))
		goto out;
	if (lzma_stream_decoder(&xz_dec, XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK)
		goto out;
	rc = xz_code(&xz_dec, in.p, in.len, out, -1, why);
out:
	buf_free(&in);
	return rc;
}

static int xz_compress(const u8 *d, size_t n, int fd)
{
	lzma_options_lzma o;
	lzma_filter f[2] = {
		{ .id = LZMA_FILTER_LZMA2, .options = &o },
		{ .id = LZMA_VLI_UNKNOWN },
	};

	if (lzma_lzma_preset(&o, LZMA_PRESET_DEFAULT))
		return -1;
	o.dict_size = 1U << 20;
	if (lzma_stream_encoder(&xz_enc, f, LZMA_CHECK_CRC32) != LZMA_OK)
		return -1;
	return xz_code(&xz_enc, d, n, NULL, fd, NULL);
}
#endif

/*
 * The module in @fd, decompressed into @out: at most max_module_size()
 * bytes, and it must start with the ELF magic (checked on the first bytes
 * out, so that a stream of anything else stops at once).  Returns 0, or -1
 * with a reason in *@why (NULL: the decompressor failed).  xz -d gets
 * liblzma's memory limit too.
 */
static int decompress(enum comp c, int fd, struct buf *out, const char **why)
{
	static char *const args[][5] = {
		{ NULL }, { "xz", "-dc", "--memlimit=256MiB", NULL }, { "zstd", "-dcq", NULL },
		{ "gzip", "-dc", NULL },
	};
	struct proc_io io = {
		.in_fd = fd, .out = out, .out_max = max_module_size(), .out_elf = true,
	};
	int rc;

	*why = NULL;
#ifdef PGP_SIGN_LIBLZMA
	if (c == C_XZ && !getenv("PGP_SIGN_MODULE_XZ"))
		return xz_decompress(fd, out, why);
#endif
	rc = run_cmd(args[c], &io);
	*why = io.refused;
	return rc || *why ? -1 : 0;
}

static int compress(enum comp c, const u8 *d, size_t n, int fd)
{
	static char *const args[][5] = {
		{ NULL },
		{ "xz", "--check=crc32", "--lzma2=dict=1MiB", "-c", NULL },
		{ "zstd", "-q", "-c", NULL },
		{ "gzip", "-n", "-c", NULL },
	};
	struct proc_io io = { .in = d, .in_len = n, .in_fd = -1, .out_fd = fd };

#ifdef PGP_SIGN_LIBLZMA
	if (c == C_XZ && !getenv("PGP_SIGN_MODULE_XZ"))
		return xz_compress(d, n, fd);
#endif
	return run_cmd(args[c], &io) ? -1 : 0;
}

/* ------------------------------------------------------------------------
 * objcopy
 */

static char zeros_path[PATH_MAX + 16];

static int objcopy(struct buf *elf, const char *op, const char *arg, char *why, size_t wl)
{
	char in[PATH_MAX + 32], out[PATH_MAX + 32], l[300];
	char *argv[6];
	struct buf err = {}, nb = {};
	int fd, rc, i = 0;

	snprintf(in, sizeof(in), "%s/w%d.in", tmpdir, worker_id);
	snprintf(out, sizeof(out), "%s/w%d.out", tmpdir, worker_id);
	fd = open(in, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write_all(fd, elf->p, elf->len) || close(fd)) {
		snprintf(why, wl, "cannot write temporary files");
		return -1;
	}
	argv[i++] = (char *)opt.objcopy;
	argv[i++] = (char *)op;
	if (arg)
		argv[i++] = (char *)arg;
	argv[i++] = in;
	argv[i++] = out;
	argv[i] = NULL;
	{
		struct proc_io io = { .in_fd = -1, .out_fd = -1, .err = &err };

		rc = run_cmd(argv, &io);
	}
	last_line(&err, l, sizeof(l));
	buf_free(&err);
	unlink(in);
	if (rc) {
		unlink(out);
		snprintf(why, wl, "objcopy %s failed: %s", op, l[0] ? l : "no message");
		return -1;
	}
	fd = open(out, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || read_fd(fd, &nb, max_module_size() + (1 << 20))) {
		if (fd >= 0)
			close(fd);
		unlink(out);
		buf_free(&nb);
		snprintf(why, wl, "cannot read objcopy's output");
		return -1;
	}
	close(fd);
	unlink(out);
	buf_free(elf);
	*elf = nb;
	return 0;
}

static int make_zeros(unsigned long n)
{
	static unsigned long made;
	u8 *z;
	int fd;

	if (made == n)
		return 0;
	snprintf(zeros_path, sizeof(zeros_path), "%s/zeros%d", tmpdir, worker_id);
	z = calloc(1, n);
	fd = open(zeros_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (!z || fd < 0 || write_all(fd, z, n) || close(fd)) {
		free(z);
		return -1;
	}
	free(z);
	made = n;
	return 0;
}

/* ------------------------------------------------------------------------
 * Per module
 */

static struct {
	double decompress, placeholder, write, recompress;
	unsigned long modules;
} tm;

struct modfile {
	const char *name;	/* as given */
	char real[PATH_MAX];
	char dir[PATH_MAX];
	struct stat st;
	enum comp comp;
	struct buf raw;		/* the file as read (compressed or not) */
	struct buf elf;		/* the ELF data */
};

static int mod_open(struct modfile *m, char *why, size_t wl, bool need_write)
{
	char *slash;
	struct stat ds;
	int fd;

	memset(&m->raw, 0, sizeof(m->raw));
	memset(&m->elf, 0, sizeof(m->elf));
	if (lstat(m->name, &m->st)) {
		snprintf(why, wl, errno == ENOENT ? "no such file" : "cannot stat: %s",
			 strerror(errno));
		return -1;
	}
	if (!realpath(m->name, m->real)) {
		snprintf(why, wl, "cannot resolve path");
		return -1;
	}
	if (stat(m->real, &m->st) || !S_ISREG(m->st.st_mode)) {
		snprintf(why, wl, "not a regular file");
		return -1;
	}
	snprintf(m->dir, sizeof(m->dir), "%s", m->real);
	slash = strrchr(m->dir, '/');
	if (slash == m->dir)
		slash[1] = 0;
	else
		*slash = 0;
	if (need_write) {
		if (access(m->real, W_OK) || !(m->st.st_mode & 0222)) {
			snprintf(why, wl, "file is read-only");
			return -1;
		}
		if (stat(m->dir, &ds) || access(m->dir, W_OK) || !(ds.st_mode & 0222)) {
			snprintf(why, wl, "directory %s is read-only", m->dir);
			return -1;
		}
	}
	fd = open(m->real, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, wl, "cannot read file");
		return -1;
	}
	m->comp = comp_of(m->real);
	if (m->comp != C_NONE) {
		double t0 = now_ms();

		const char *w;

		if (decompress(m->comp, fd, &m->elf, &w)) {
			close(fd);
			if (w)
				snprintf(why, wl, "decompressed (%s): %s%s", comp_tool[m->comp], w,
					 strcmp(w, "not an ELF file") ? "" : " (refused at its first bytes)");
			else
				snprintf(why, wl, "cannot decompress (%s)", comp_tool[m->comp]);
			return -1;
		}
		tm.decompress += now_ms() - t0;
	} else if (read_fd(fd, &m->elf, max_module_size())) {
		close(fd);
		snprintf(why, wl, errno == EFBIG ? "larger than the largest module" : "cannot read file");
		return -1;
	}
	close(fd);
	return 0;
}

/*
 * A temporary file beside @path, made with O_EXCL | O_NOFOLLOW (never
 * through a link someone put there); its name in @tmp.  Returns the fd.
 */
static int open_tmp_beside(const char *path, char *tmp, size_t tl, mode_t mode)
{
	const char *slash = strrchr(path, '/');
	int fd = -1, i;

	for (i = 0; i < 10; i++) {
		snprintf(tmp, tl, "%.*s.%s.%d.%ld", slash ? (int)(slash + 1 - path) : 0, path,
			 slash ? slash + 1 : path, (int)getpid(), random());
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST)
			break;
	}
	if (fd < 0)
		tmp[0] = 0;
	return fd;
}

/*
 * @path with content @d (mode 0644 less the umask), written whole or not
 * at all: a temporary file beside it, synced, renamed over it (a symlink
 * at @path is replaced, never followed); removed again on any failure.
 */
static int write_new(const char *path, const u8 *d, size_t n, char *why, size_t wl)
{
	int fd, e;

	fd = open_tmp_beside(path, cur_tbs, sizeof(cur_tbs), 0644);
	if (fd < 0) {
		snprintf(why, wl, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	if (write_all(fd, d, n) || fsync(fd)) {
		e = errno;
		close(fd);
		goto fail;
	}
	if (close(fd) || rename(cur_tbs, path)) {
		e = errno;
		goto fail;
	}
	cur_tbs[0] = 0;
	return 0;
fail:
	unlink(cur_tbs);
	cur_tbs[0] = 0;
	snprintf(why, wl, "cannot write %s: %s", path, strerror(e ? e : EIO));
	return -1;
}

/*
 * The extended attributes of @src onto the file @fd (SELinux labels,
 * security.ima ...): the replacement must carry what the module carried.
 * An attribute that cannot be set fails the module, unless the new file
 * already has the same value (a label the policy gave it).  Returns 0 or
 * -1 (reason in @why).
 */
static int copy_xattrs(const char *src, int fd, const char *name, char *why, size_t wl)
{
	ssize_t n = listxattr(src, NULL, 0), k;
	char *names, *a;
	int ret = 0;

	if (n < 0 && errno != ENOTSUP) {
		snprintf(why, wl, "cannot read its extended attributes: %s", strerror(errno));
		return -1;
	}
	if (n <= 0)
		return 0;
	names = xrealloc(NULL, n);
	n = listxattr(src, names, n);
	for (a = names; n > 0 && a < names + n && !ret; a += strlen(a) + 1) {
		u8 *v = NULL, *have = NULL;

		k = getxattr(src, a, NULL, 0);
		if (k < 0)
			continue;	/* gone meanwhile */
		v = xrealloc(NULL, k);
		k = getxattr(src, a, v, k);
		if (k >= 0 && fsetxattr(fd, a, v, k, 0)) {
			ssize_t h = fgetxattr(fd, a, NULL, 0);

			have = xrealloc(NULL, h > 0 ? h : 1);
			if (h != k || fgetxattr(fd, a, have, h) != k || memcmp(have, v, k)) {
				snprintf(why, wl, "cannot keep the extended attribute %s: %s", a,
					 strerror(errno));
				ret = -1;
			}
		}
		if (!ret && k >= 0 && (!strcmp(a, "security.ima") || !strcmp(a, "security.evm")))
			fprintf(stderr, "%s: %s: note: %s kept from the unsigned file; make it again for the signed one (evmctl)\n",
				prog, name, a);
		free(v);
		free(have);
	}
	free(names);
	return ret;
}

/*
 * Writes @elf (compressed as the module was) beside the module, with its
 * owner, mode and extended attributes, synced, and renames it over the
 * module.  A name that is one of several hard links of the file gets the
 * new file; the other names keep the old one (as with any editor that
 * writes a copy and renames it): a note says so.
 */
static int mod_replace(struct modfile *m, const struct buf *elf, char *why, size_t wl)
{
	double t0 = now_ms();
	int fd, e;

	fd = open_tmp_beside(m->real, cur_tmp, sizeof(cur_tmp), 0600);
	if (fd < 0) {
		e = errno;
		snprintf(why, wl, "cannot write a temporary copy in %s: %s", m->dir, strerror(e));
		return -1;
	}
	if (geteuid() == 0 && (m->st.st_uid || m->st.st_gid))
		(void)!fchown(fd, m->st.st_uid, m->st.st_gid);
	if (fchmod(fd, m->st.st_mode & 07777))
		goto err;
	if (copy_xattrs(m->real, fd, m->name, why, wl)) {
		e = 0;
		goto err_why;
	}
	if (m->comp == C_NONE) {
		if (write_all(fd, elf->p, elf->len))
			goto err;
	} else {
		double t1 = now_ms();

		if (compress(m->comp, elf->p, elf->len, fd)) {
			snprintf(why, wl, "%s compression failed", comp_tool[m->comp]);
			e = 0;
			goto err_why;
		}
		tm.recompress += now_ms() - t1;
		t0 += now_ms() - t1;
	}
	if (fsync(fd))
		goto err;
	if (close(fd)) {
		fd = -1;
		goto err;
	}
	fd = -1;
	if (rename(cur_tmp, m->real)) {
		e = errno;
		unlink(cur_tmp);
		cur_tmp[0] = 0;
		snprintf(why, wl, "cannot replace the module: %s", strerror(e));
		return -1;
	}
	cur_tmp[0] = 0;
	if (m->st.st_nlink > 1)
		fprintf(stderr, "%s: %s: note: the file had %lu hard links; only this name has the signed module\n",
			prog, m->name, (unsigned long)m->st.st_nlink);
	tm.write += now_ms() - t0;
	return 0;
err:
	e = errno;
	snprintf(why, wl, "cannot write a temporary copy in %s: %s", m->dir, strerror(e));
err_why:
	if (fd >= 0)
		close(fd);
	unlink(cur_tmp);
	cur_tmp[0] = 0;
	return -1;
}

static void wr(u8 *p, u64 v, unsigned int n, bool be)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		p[be ? n - 1 - i : i] = v >> (8 * i);
}

/*
 * add_section() - append an empty module_sig section of @reserve bytes
 *
 * What "objcopy --add-section" does for a relocatable object, in place of
 * a process per module (it cost several times the signature): a copy of
 * the section name table with "module_sig" added, the zeroed section and
 * the section header table with the new entry go after the existing data
 * (a section header table at the very end of the file is replaced, the
 * old name table stays as unused bytes).  The caller checks the result
 * with the kernel's locator.  Returns 0, or -1 when the file is not one
 * this handles (the caller then runs objcopy).
 */
static int add_section(struct buf *elf, unsigned long reserve)
{
	const u8 *f = elf->p;
	size_t len = elf->len, base, stroff, sigoff, taboff, ent;
	struct buf out = {};
	struct shdr st, sh;
	struct elf e;
	unsigned int i;
	u64 max_end = 0;
	bool be;
	u8 *v, *p;

	if (elf_header(f, len, &e) || e.shnum + 1 >= SHN_LORESERVE)
		return -1;
	be = f[EI_DATA] == ELFDATA2MSB;
	ent = e.shentsize;
	v = native_view(f, len, &e);
	get_shdr(v, &e, e.shstrndx, &st);
	for (i = 1; i < e.shnum; i++) {
		get_shdr(v, &e, i, &sh);
		if (sh.type != SHT_NULL && sh.type != SHT_NOBITS && sh.off + sh.size > max_end)
			max_end = sh.off + sh.size;
	}
	free(v);
	if (st.type != SHT_STRTAB || st.off > len || st.size > len - st.off)
		return -1;
	/* drop the old table when it ends the file and no content follows it */
	base = e.shoff + (u64)e.shnum * ent == len && max_end <= e.shoff ? e.shoff : len;
	buf_add(&out, f, base);
	stroff = out.len;
	buf_add(&out, f + st.off, st.size);
	buf_add(&out, MODULE_PGP_SIG_SECTION, sizeof(MODULE_PGP_SIG_SECTION));
	sigoff = out.len;
	buf_reserve(&out, reserve + 16);
	memset(out.p + out.len, 0, reserve + 16);
	out.len += reserve;
	out.len += (8 - out.len % 8) % 8;	/* the table: 8-byte aligned */
	taboff = out.len;
	buf_add(&out, f + e.shoff, (size_t)e.shnum * ent);
	buf_reserve(&out, ent);
	memset(out.p + out.len, 0, ent);
	out.len += ent;
	/* the name table's entry: its new place and size */
	p = out.p + taboff + (size_t)e.shstrndx * ent;
	if (e.elf64) {
		wr(p + 24, stroff, 8, be);
		wr(p + 32, st.size + sizeof(MODULE_PGP_SIG_SECTION), 8, be);
	} else {
		wr(p + 16, stroff, 4, be);
		wr(p + 20, st.size + sizeof(MODULE_PGP_SIG_SECTION), 4, be);
	}
	/* the new entry: name, SHT_PROGBITS, no flags, offset, size, align 1 */
	p = out.p + taboff + (size_t)e.shnum * ent;
	wr(p, st.size, 4, be);
	wr(p + 4, SHT_PROGBITS, 4, be);
	if (e.elf64) {
		wr(p + 24, sigoff, 8, be);
		wr(p + 32, reserve, 8, be);
		wr(p + 48, 1, 8, be);
	} else {
		wr(p + 16, sigoff, 4, be);
		wr(p + 20, reserve, 4, be);
		wr(p + 32, 1, 4, be);
	}
	/* the ELF header: e_shoff, e_shnum */
	if (e.elf64) {
		wr(out.p + 40, taboff, 8, be);
		wr(out.p + 60, e.shnum + 1, 2, be);
	} else {
		if (taboff > UINT32_MAX) {
			buf_free(&out);
			return -1;
		}
		wr(out.p + 32, taboff, 4, be);
		wr(out.p + 48, e.shnum + 1, 2, be);
	}
	buf_free(elf);
	*elf = out;
	return 0;
}

/*
 * Brings m->elf to a module with an empty module_sig placeholder (PKCS#7
 * trailer removed when asked, stripped when asked).  @old receives the
 * existing signature packets for --append.  Fills @loc.
 */
static int placeholder(struct modfile *m, struct buf *old, struct module_pgp_sig_loc *loc,
		       char *why, size_t wl)
{
	struct modsig ms;
	bool had, bad;
	size_t l;
	double t0 = now_ms();
	int n;

	l = strip_pkcs7(m->elf.p, m->elf.len, &had, &bad);
	if (had) {
		if (!opt.replace_pkcs7) {
			snprintf(why, wl, "module carries an appended PKCS#7 signature (run %s before scripts/sign-file, or --replace-pkcs7 to replace it)",
				 prog);
			return -1;
		}
		if (bad) {
			snprintf(why, wl, "malformed appended PKCS#7 signature");
			return -1;
		}
		m->elf.len = l;
	}
	if (locate(m->elf.p, m->elf.len, &ms)) {
		snprintf(why, wl, "%s", ms.why);
		return -1;
	}
	if (opt.strip) {
		if (objcopy(&m->elf, "--strip-debug", NULL, why, wl))
			return -1;
		if (locate(m->elf.p, m->elf.len, &ms)) {
			snprintf(why, wl, "%s", ms.why);
			return -1;
		}
	}
	if (ms.state != SIG_NONE && opt.append) {
		if (ms.state == SIG_BAD) {
			snprintf(why, wl, "existing signature container is malformed (%s); re-sign without --append",
				 ms.why);
			return -1;
		}
		if (ms.state == SIG_GOOD) {
			char w2[160];

			n = count_sig_packets(m->elf.p + ms.loc.payload_off, ms.loc.payload_len,
					      w2, sizeof(w2));
			if (n < 0) {
				snprintf(why, wl, "existing signature container is malformed (%s); re-sign without --append",
					 w2);
				return -1;
			}
			if (n >= MODULE_PGP_MAX_SIGS) {
				snprintf(why, wl, "module already carries %d signatures, the most the kernel reads",
					 MODULE_PGP_MAX_SIGS);
				return -1;
			}
			buf_add(old, m->elf.p + ms.loc.payload_off, ms.loc.payload_len);
		}
	}
	if (ms.state == SIG_NONE || (opt.reserve_set && ms.loc.sec_size != opt.reserve)) {
		char arg[PATH_MAX + 32];

		if (ms.state != SIG_NONE && old->len) {
			snprintf(why, wl, "--append cannot resize module_sig (%zu bytes) to %lu bytes",
				 ms.loc.sec_size, opt.reserve);
			return -1;
		}
		struct buf keep = {};
		bool added = false;

		/* a new section in C; objcopy for resizing and as a fallback */
		if (ms.state == SIG_NONE && !getenv("PGP_SIGN_MODULE_OBJCOPY")) {
			buf_add(&keep, m->elf.p, m->elf.len);
			added = !add_section(&m->elf, opt.reserve) &&
				!locate(m->elf.p, m->elf.len, &ms) && ms.state == SIG_EMPTY;
			if (!added) {
				buf_free(&m->elf);
				m->elf = keep;
				keep = (struct buf){};
			}
			buf_free(&keep);
		}
		if (!added) {
			if (!have_prog(opt.objcopy)) {
				snprintf(why, wl, "objcopy not found (%s)", opt.objcopy);
				return -1;
			}
			if (make_zeros(opt.reserve)) {
				snprintf(why, wl, "cannot write temporary files");
				return -1;
			}
			snprintf(arg, sizeof(arg), "module_sig=%s", zeros_path);
			if (objcopy(&m->elf, ms.state == SIG_NONE ? "--add-section" : "--update-section",
				    arg, why, wl))
				return -1;
		}
		/* whatever objcopy did, the result must be what the kernel takes */
		if (locate(m->elf.p, m->elf.len, &ms)) {
			snprintf(why, wl, "%s", ms.why);
			return -1;
		}
		if (ms.state == SIG_NONE) {
			snprintf(why, wl, "objcopy did not produce a module_sig section");
			return -1;
		}
	}
	if (ms.loc.sec_size < MODULE_PGP_SIG_HDR_LEN) {
		snprintf(why, wl, "module_sig section of %zu bytes is too small", ms.loc.sec_size);
		return -1;
	}
	memset(m->elf.p + ms.loc.sec_off, 0, ms.loc.sec_size);
	*loc = ms.loc;
	tm.placeholder += now_ms() - t0;
	return 0;
}

/* The container (header + @payload) into the placeholder at @loc. */
static int fill(struct buf *elf, const struct module_pgp_sig_loc *loc,
		const u8 *payload, size_t plen, char *why, size_t wl)
{
	u8 *s = elf->p + loc->sec_off;
	size_t need = MODULE_PGP_SIG_HDR_LEN + plen;

	if (need > loc->sec_size) {
		snprintf(why, wl, "signature needs %zu bytes but module_sig has %zu (use --reserve %zu or more)",
			 need, loc->sec_size, need);
		return -1;
	}
	memcpy(s, MODULE_PGP_SIG_MAGIC, 8);
	s[8] = MODULE_PGP_SIG_VERSION;
	s[9] = s[10] = s[11] = 0;
	put_be32(s + 12, plen);
	memcpy(s + 16, payload, plen);
	return 0;
}

static bool use_agent;		/* this job signs through gpg-agent */

/* Returns 0, 1 (module failed), 2 (failed and the agent connection is gone). */
static int sign_module(const char *name, char *why, size_t wl)
{
	struct modfile m = { .name = name };
	struct buf old = {}, pkt = {};
	struct module_pgp_sig_loc loc;
	int ret = 1, r;

	if (mod_open(&m, why, wl, true))
		goto out;
	if (placeholder(&m, &old, &loc, why, wl))
		goto out;
	if (opt.mode == MODE_PREPARE) {
		char tbs[PATH_MAX + 8];

		snprintf(tbs, sizeof(tbs), "%s.tbs", m.real);
		if (write_new(tbs, m.elf.p, m.elf.len, why, wl))
			goto out;
		if (mod_replace(&m, &m.elf, why, wl)) {
			unlink(tbs);
			goto out;
		}
		ret = 0;
		goto out;
	}
	if (use_agent) {
		u32 t = opt.sde >= 0 ? (u32)opt.sde : (u32)time(NULL);

		r = agent_sign(m.elf.p, m.elf.len, loc.sec_off, loc.sec_size, t, &pkt);
		if (r) {
			snprintf(why, wl, "%s", a_err);
			ret = r < 0 ? 2 : 1;
			goto out;
		}
	} else if (gpg_sign(m.elf.p, m.elf.len, &pkt, why, wl)) {
		goto out;
	} else {
		/*
		 * gpg checked its signature; it is checked again here when the
		 * kernel's verifiers take the key (else gpg's check stands).
		 */
		struct sigraw sr;

		r = sig_raw(pkt.p, pkt.len, &sr) ? -EBADMSG :
		    kern_sig_verify(signer_keys, sr.body, sr.body_len, m.elf.p, m.elf.len,
				    loc.sec_off, loc.sec_size);
		if (r && r != -ENOKEY && r != -ENOPKG) {
			snprintf(why, wl, "gpg's signature does not verify with its key (%s); not written",
				 kern_errno_name(r));
			goto out;
		}
	}
	buf_add(&old, pkt.p, pkt.len);
	if (fill(&m.elf, &loc, old.p, old.len, why, wl))
		goto out;
	if (mod_replace(&m, &m.elf, why, wl))
		goto out;
	tm.modules++;
	ret = 0;
out:
	buf_free(&m.elf);
	buf_free(&old);
	buf_free(&pkt);
	return ret;
}

/* ------------------------------------------------------------------------
 * Once per run: the key, gpg's reference signature
 */

static void fail_all(int total, const char *first, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (total > 1)
		fprintf(stderr, "%s: %s: %s (%d modules not signed)\n", prog, first, msg, total);
	else
		fprintf(stderr, "%s: %s: %s\n", prog, first, msg);
	wipe_passphrase();
	rm_tmpdir();
	exit(1);
}

/* Fields of gpg --with-colons output. */
static int colon_fields(char *line, char **f, int max)
{
	int n = 0;

	f[n++] = line;
	while (n < max && (line = strchr(line, ':'))) {
		*line++ = 0;
		f[n++] = line;
	}
	return n;
}

static void preflight(int total, const char *first, bool want_agent)
{
	const char * const list_extra[] = { "--with-colons", "--with-keygrip", "--list-secret-keys",
				     opt.local_user ? "--" : NULL, opt.local_user, NULL };
	char *argv[16];
	struct buf out = {}, ref = {};
	char fpr[41] = "", *line, *save, *f[22];
	long long ctime = -1;
	bool seen = false;
	int i = 0, k;

	if (!have_prog(opt.gpg))
		fail_all(total, first, "gpg not found (%s)", opt.gpg);
	if (opt.strip && !have_prog(opt.objcopy))
		fail_all(total, first, "objcopy not found (%s)", opt.objcopy);
	if (opt.passfile && access(opt.passfile, R_OK))
		fail_all(total, first, "cannot read passphrase file %s", opt.passfile);
	if (opt.homedir) {
		struct stat st;

		if (stat(opt.homedir, &st) || !S_ISDIR(st.st_mode))
			fail_all(total, first, "GnuPG home directory %s does not exist", opt.homedir);
	}
	argv[i++] = (char *)opt.gpg;
	if (opt.homedir) {
		argv[i++] = "--homedir";
		argv[i++] = (char *)opt.homedir;
	}
	argv[i++] = "--batch";
	argv[i++] = "--no-tty";
	for (k = 0; list_extra[k]; k++)
		argv[i++] = (char *)list_extra[k];
	argv[i] = NULL;
	{
		struct proc_io io = { .in_fd = -1, .out = &out };

		run_cmd(argv, &io);
	}
	buf_addc(&out, 0);
	/* the first secret key listed: its creation time and fingerprint */
	{
		char *copy = strdup((char *)out.p);

		for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			int nf = colon_fields(line, f, 22);

			if (!strcmp(f[0], "sec")) {
				if (seen)
					break;
				seen = true;
				ctime = nf > 5 ? atoll(f[5]) : -1;
			} else if (seen && !strcmp(f[0], "fpr") && nf > 9) {
				snprintf(fpr, sizeof(fpr), "%s", f[9]);
				break;
			}
		}
		free(copy);
	}
	if (!fpr[0])
		fail_all(total, first, "unknown key '%s' (no secret key%s%s)",
			 opt.local_user ? opt.local_user : "<default>",
			 opt.homedir ? " in " : "", opt.homedir ? opt.homedir : "");
	if (opt.sde >= 0 && ctime > 0 && opt.sde < ctime)
		fail_all(total, first,
			 "SOURCE_DATE_EPOCH (%lld) is older than key %s (created %lld); its signatures would not verify",
			 opt.sde, fpr, ctime);
	load_signer_keys(fpr);
	if (!want_agent) {
		buf_free(&out);
		return;
	}

	/* gpg signs an empty input: its key choice, options and errors apply */
	{
		char msg[512];
		struct sigraw s;
		char last[41] = "";
		struct buf mine = {};
		u8 md[EVP_MAX_MD_SIZE];
		unsigned int mdlen;
		int r;

		if (gpg_sign((const u8 *)"", 0, &ref, msg, sizeof(msg)))
			fail_all(total, first, "%s", msg);
		if (sig_raw(ref.p, ref.len, &s) || !s.info.issuer_fpr_len) {
			note_once("not signing through gpg-agent: gpg's signature names no issuer fingerprint; running gpg for each module");
			goto done;
		}
		if (s.info.type != 0 || !hash_md(s.info.hashalgo) ||
		    !(s.info.pkalgo == 1 || s.info.pkalgo == 17 || s.info.pkalgo == 19 ||
		      s.info.pkalgo == 22)) {
			note_once("not signing through gpg-agent: gpg's signature (class %u, algorithms %u/%u) is not one this tool builds; running gpg for each module",
				  s.info.type, s.info.pkalgo, s.info.hashalgo);
			goto done;
		}
		/* what the agent signs is checked with the key before it is written */
		r = signer_keys ? kern_sig_verify(signer_keys, s.body, s.body_len,
						  (const u8 *)"", 0, 0, 0) : -ENOKEY;
		if (r) {
			note_once("not signing through gpg-agent: gpg's signature cannot be checked here with the key gpg exports (%s); running gpg for each module",
				  kern_errno_name(r));
			goto done;
		}
		for (k = 0; k < 20; k++)
			sprintf(signer.fpr_hex + 2 * k, "%02X", s.info.issuer_fpr[k]);
		/* the keygrip of the (sub)key gpg signed with */
		for (line = strtok_r((char *)out.p, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			int nf = colon_fields(line, f, 22);

			if (!strcmp(f[0], "fpr") && nf > 9)
				snprintf(last, sizeof(last), "%s", f[9]);
			else if (!strcmp(f[0], "grp") && nf > 9 && !strcmp(last, signer.fpr_hex)) {
				snprintf(signer.grip, sizeof(signer.grip), "%s", f[9]);
				break;
			}
		}
		if (strlen(signer.grip) != 40) {
			note_once("not signing through gpg-agent: no keygrip listed for key %s; running gpg for each module",
				  signer.fpr_hex);
			goto done;
		}
		/*
		 * The subpacket areas are gpg's own, with the creation time
		 * set per signature; only subpackets that cannot depend on
		 * the data are taken (gpg.conf may add notations, a policy
		 * URL, an expiry; -u as a user ID adds the signer's user ID).
		 */
		{
			size_t p = 0;

			/* (the kernel's parser checked the lengths) */
			while (p < s.hashed_len) {
				size_t sl = s.hashed[p], h = 1;
				u8 t;

				if (sl >= 255) {
					sl = get_unaligned_be32(s.hashed + p + 1);
					h = 5;
				} else if (sl >= 192) {
					sl = ((sl - 192) << 8) + s.hashed[p + 1] + 192;
					h = 2;
				}
				t = s.hashed[p + h] & 0x7f;
				if (t != 2 && t != 3 && t != 16 && t != 20 && t != 24 &&
				    t != 26 && t != 28 && t != 33) {
					note_once("not signing through gpg-agent: gpg writes subpacket type %u (%s), which this tool does not reproduce; running gpg for each module",
						  t, t == 38 ? "the key block, include-key-block in gpg.conf" : "see RFC 4880 5.2.3.1");
					goto done;
				}
				p += h + sl;
			}
		}
		signer.pkalgo = s.info.pkalgo;
		signer.hashalgo = s.info.hashalgo;
		buf_add(&signer.hashed, s.hashed, s.hashed_len);
		buf_add(&signer.unhashed, s.unhashed, s.unhashed_len);
		signer.ctime_off = s.ctime_off;
		/* the packet built here must be gpg's, byte for byte but the MPIs */
		sig_prefix(&mine, s.info.ctime);
		if (mine.len != 6 + s.hashed_len || memcmp(mine.p, s.body, mine.len) ||
		    digest_of(s.info.hashalgo, (const u8 *)"", 0, 0, 0, &mine, md, &mdlen) ||
		    memcmp(md, s.left16, 2)) {
			note_once("not signing through gpg-agent: the digest computed here is not gpg's; running gpg for each module");
			buf_free(&mine);
			goto done;
		}
		buf_free(&mine);
		{
			char d[512];

			snprintf(d, sizeof(d),
				 "Please+enter+the+passphrase+to+unlock+the+OpenPGP+secret+key%%0Ato+sign+kernel+modules+(%s):%%0A%s%%0A",
				 prog, signer.fpr_hex);
			signer.keydesc = strdup(d);
		}
		signer.ok = true;
	}
done:
	buf_free(&out);
	buf_free(&ref);
}

/* Connects this job to an agent; on failure the job signs with gpg. */
static void agent_start(void)
{
	const char *how = getenv("PGP_MODSIGN_AGENT");
	char reason[600] = "";
	bool priv_ok = false;

	use_agent = false;
	if (!signer.ok)
		return;
	if (!how || !*how)
		how = "auto";
	if (strcmp(how, "shared")) {
		if (!start_private()) {
			struct buf st = {};
			char cmd[64];
			int r;

			snprintf(cmd, sizeof(cmd), "KEYINFO %s", signer.grip);
			r = a_cmd(cmd, NULL, &st);
			buf_addc(&st, 0);
			if (r) {
				snprintf(reason, sizeof(reason), "private gpg-agent: %.500s", a_err);
			} else {
				/* KEYINFO GRIP TYPE SERIAL IDSTR CACHED PROTECTION ... */
				char *f[10] = {}, *p = (char *)st.p, *sv;
				int n = 0;

				for (char *w = strtok_r(p, "\n ", &sv); w && n < 10;
				     w = strtok_r(NULL, "\n ", &sv))
					f[n++] = w;
				if (n < 7 || strcmp(f[0], "KEYINFO") || strcmp(f[2], "D"))
					snprintf(reason, sizeof(reason), "key not on disk (smartcard?)");
				else if (strcmp(f[6], "C") && !passphrase)
					snprintf(reason, sizeof(reason),
						 "key protected by a passphrase (cached only in the running agent)");
				else
					priv_ok = true;
			}
			buf_free(&st);
			if (!priv_ok)
				agent_stop();
		} else {
			snprintf(reason, sizeof(reason), "%.580s", a_err);
		}
		if (!priv_ok && !strcmp(how, "private")) {
			note_once("not signing through gpg-agent: %s; running gpg for each module", reason);
			return;
		}
	}
	if (!priv_ok && connect_shared()) {
		note_once("not signing through gpg-agent: %s; running gpg for each module", a_err);
		return;
	}
	{
		int r = a_cmd(passphrase ? "OPTION pinentry-mode=loopback" :
			      a_private ? "OPTION pinentry-mode=error" : "NOP", NULL, NULL);

		if (r < 0 || (r && passphrase)) {
			note_once("not signing through gpg-agent: gpg-agent: %s; running gpg for each module",
				  a_err);
			agent_stop();
			return;
		}
	}
	use_agent = true;
}

/*
 * The next module to sign, shared by the -j workers: each takes the next one
 * when it is done (modules differ in size by three orders of magnitude, so
 * a fixed share per worker leaves one of them working alone at the end).
 */
static int *next_module;

static int work(char **mods, int total)
{
	int rc = 0, i, local = 0;
	int *next = next_module ? next_module : &local;

	while ((i = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED)) < total) {
		char why[WHY_MAX];
		int r;

		if (!opt.quiet && total > 1) {
			char l[PATH_MAX + 32];
			int n = snprintf(l, sizeof(l), "[%d/%d] %s\n", i + 1, total, mods[i]);

			(void)!write(1, l, n < (int)sizeof(l) ? n : (int)sizeof(l) - 1);
		}
		why[0] = 0;
		r = sign_module(mods[i], why, sizeof(why));
		if (r) {
			char l[WHY_MAX + PATH_MAX + 64];
			int n = snprintf(l, sizeof(l), "%s: %s: %s\n", prog, mods[i],
					 why[0] ? why : "failed");

			(void)!write(2, l, n < (int)sizeof(l) ? n : (int)sizeof(l) - 1);
			rc = 1;
		}
		if (r == 2) {
			agent_stop();
			use_agent = false;
			note_once("not signing through gpg-agent: %s; running gpg for each module",
				  why);
		}
	}
	return rc;
}

static void write_timings(void)
{
	char p[PATH_MAX + 32];
	FILE *f;

	if (!opt.timings)
		return;
	snprintf(p, sizeof(p), "%s/timings.%d", tmpdir, worker_id);
	f = fopen(p, "w");
	if (!f)
		return;
	fprintf(f, "%lu %f %f %f %f %f %f\n", tm.modules, tm.decompress, tm.placeholder,
		t_hash_ms, t_sign_ms, tm.write, tm.recompress);
	fclose(f);
}

static void print_timings(int nw)
{
	double s[6] = {};
	unsigned long mods = 0;
	int w;

	for (w = 0; w < nw; w++) {
		char p[PATH_MAX + 32];
		double v[6];
		unsigned long n;
		FILE *f;

		snprintf(p, sizeof(p), "%s/timings.%d", tmpdir, w);
		f = fopen(p, "r");
		if (!f)
			continue;
		if (fscanf(f, "%lu %lf %lf %lf %lf %lf %lf", &n, &v[0], &v[1], &v[2], &v[3],
			   &v[4], &v[5]) == 7) {
			mods += n;
			for (int k = 0; k < 6; k++)
				s[k] += v[k];
		}
		fclose(f);
	}
	if (!mods)
		return;
	fprintf(stderr,
		"%s: timings per module (ms, %lu modules, summed over jobs): decompress %.3f placeholder %.3f hash %.3f sign %.3f write %.3f recompress %.3f\n",
		prog, mods, s[0] / mods, s[1] / mods, s[2] / mods, s[3] / mods, s[4] / mods,
		s[5] / mods);
}

/* ------------------------------------------------------------------------
 * --extract: signed data and packets for verify-module.sh
 */

static void hex_of(const u8 *d, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

static int sha256_hex(const u8 *d, size_t n, size_t zoff, size_t zlen, char out[65])
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	u8 md[32], z[4096] = {};
	unsigned int l;
	int ok;

	ok = c && EVP_DigestInit_ex(c, EVP_sha256(), NULL) && EVP_DigestUpdate(c, d, zoff);
	for (size_t k = zlen; ok && k; ) {
		size_t m = k < sizeof(z) ? k : sizeof(z);

		ok = EVP_DigestUpdate(c, z, m);
		k -= m;
	}
	ok = ok && EVP_DigestUpdate(c, d + zoff + zlen, n - zoff - zlen) &&
	     EVP_DigestFinal_ex(c, md, &l);
	EVP_MD_CTX_free(c);
	if (ok)
		hex_of(md, 32, out);
	return ok ? 0 : -1;
}

/* The keyring --keyring names (binary or armoured), as the kernel parses it. */
static struct kern_keyring *ring;
static unsigned int ring_keys, ring_lost;
/*
 * Its packets as the kernel reads them: up to the first malformed packet
 * header, where the kernel stops.  What gpgv and sqv get, so that the
 * independent check sees the keys the kernel saw.
 */
static struct buf ring_read;

static void ring_prefix(const u8 *d, size_t n)
{
	const u8 *p = d, *body;
	unsigned int tag;
	size_t len;

	while (p < d + n) {
		const u8 *q = p;

		if (kern_next_packet(&q, d + n, &tag, &body, &len))
			break;
		p = q;
	}
	buf_free(&ring_read);
	buf_add(&ring_read, d, p - d);
}

static int load_ring(const char *path, char *why, size_t wl)
{
	struct buf b = {}, bin = {};
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0 || read_fd(fd, &b, 64 << 20)) {
		if (fd >= 0)
			close(fd);
		snprintf(why, wl, "cannot read keyring %s", path);
		buf_free(&b);
		return -1;
	}
	close(fd);
	if (pgp_dearmor(b.p, b.len, &bin) || !bin.len) {
		snprintf(why, wl, "%s: not an OpenPGP keyring (or damaged armour)", path);
		buf_free(&b);
		buf_free(&bin);
		return -1;
	}
	ret = kern_keyring_load(bin.p, bin.len, &ring, &ring_lost);
	ring_prefix(bin.p, bin.len);
	buf_free(&b);
	buf_free(&bin);
	if (ret < 0) {
		snprintf(why, wl, "keyring %s: %s", path, kern_errno_name(ret));
		return -1;
	}
	ring_keys = ret;
	return 0;
}

static void hex_upper(const u8 *d, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02X", d[i]);
	out[2 * n] = 0;
}

/*
 * The kernel's verdict on the module @f (@len bytes, mainline's appended
 * signature already set aside) when its module_sig holds only the packet
 * [@pkt, @pkt + @plen): the signed data is the same (module_sig counts as
 * zeros), so this is the verdict on that one signature.
 */
static int verdict_one(const u8 *f, size_t len, const struct module_pgp_sig_loc *loc,
		       const u8 *pkt, size_t plen, struct kern_signer *who)
{
	u8 *copy = xrealloc(NULL, len);
	u8 *sec = copy + loc->sec_off;
	int ret;

	memcpy(copy, f, len);
	memset(sec + MODULE_PGP_SIG_HDR_LEN, 0, loc->sec_size - MODULE_PGP_SIG_HDR_LEN);
	put_be32(sec + 12, plen);
	memcpy(sec + MODULE_PGP_SIG_HDR_LEN, pkt, plen);
	ret = kern_module_check(ring, copy, len, who);
	free(copy);
	return ret;
}

static int write_file(const char *dir, const char *name, const u8 *d, size_t n)
{
	char path[PATH_MAX + 32];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || write_all(fd, d, n) || close(fd)) {
		fprintf(stderr, "%s: %s: cannot write\n", prog, path);
		return -1;
	}
	return 0;
}

/*
 * --verify: the kernel's verdict on MODULE with the keyring of --keyring,
 * as a kernel of the configuration --legacy and --algos describe.  Prints
 *   appended-pkcs7          mainline's trailer was set aside (the loader
 *                           checks it first; this tool cannot)
 *   sha256 FILE SIGNED|-    the two hashes a blacklist entry can name
 *   keyring KEYS LOST       keys the kernel takes; things it would not
 *                           read (a build refuses such a keyring)
 *   sig N PKALGO HASH CLASS CTIME ISSUER VERDICT WHY SIGNER PRIMARY KEY
 *                           per packet: ISSUER a fingerprint, keyid:ID or
 *                           -; VERDICT 0 or the errno name the kernel gives
 *                           a module carrying this signature alone, WHY
 *                           what made it so (kern_explain(); - for 0);
 *                           SIGNER, PRIMARY (fingerprints) and KEY
 *                           (RSA-4096 ...) of the key that verified it, or -
 *   kernel VERDICT SIGNER   module_pgp_sig_check() on the module as it is
 *   unsigned | BAD: REASON
 * With --data DIR it writes DIR/data (the signed data), DIR/sig.N and
 * DIR/keyring (the keyring's packets the kernel reads, for gpgv or sqv).
 * Exit: 0 the kernel accepts it, 1 it refuses it (or the loader would
 * refuse the file), 2 unsigned, 3 I/O error.
 */
static int do_verify(const char *dir, const char *file)
{
	struct modfile m = { .name = file };
	struct modsig ms;
	struct kern_signer who;
	char why[WHY_MAX], h1[65], h2[65], sh[65], ph[65], kh[65];
	bool had, bad, elf_ok;
	const u8 *q, *end, *body;
	unsigned int tag;
	size_t l, blen;
	int n = 0, kv, rc;

	if (mod_open(&m, why, sizeof(why), false)) {
		printf("BAD: %s\n", why);
		return 1;
	}
	l = strip_pkcs7(m.elf.p, m.elf.len, &had, &bad);
	if (had) {
		if (bad) {
			printf("BAD: malformed appended signature\n");
			rc = 1;
			goto out;
		}
		printf("appended-pkcs7\n");
		m.elf.len = l;
	}
	printf("keyring %u %u\n", ring_keys, ring_lost);
	/* the loader's verdict on the module as it is */
	kv = kern_module_check(ring, m.elf.p, m.elf.len, &who);
	snprintf(kh, sizeof(kh), "-");
	if (!kv)
		hex_upper(who.fpr, who.fpr_len, kh);
	elf_ok = !locate(m.elf.p, m.elf.len, &ms);
	sha256_hex(m.elf.p, m.elf.len, 0, 0, h1);
	if (elf_ok && ms.state != SIG_NONE) {
		sha256_hex(m.elf.p, m.elf.len, ms.loc.sec_off, ms.loc.sec_size, h2);
		printf("sha256 %s %s\n", h1, h2);
	} else {
		printf("sha256 %s -\n", h1);
	}
	if (elf_ok && ms.state == SIG_GOOD &&
	    count_sig_packets(m.elf.p + ms.loc.payload_off, ms.loc.payload_len,
			      why, sizeof(why)) > 0) {
		q = m.elf.p + ms.loc.payload_off;
		end = q + ms.loc.payload_len;
		while (q < end) {
			const u8 *pkt = q;
			struct kern_sig_info si;
			char issuer[80] = "-", sig_name[16], detail[80];
			int v;

			kern_next_packet(&q, end, &tag, &body, &blen);	/* (counted above) */
			kern_sig_info(body, blen, &si);
			if (si.issuer_fpr_len) {
				hex_upper(si.issuer_fpr, si.issuer_fpr_len, issuer);
			} else if (si.has_keyid) {
				memcpy(issuer, "keyid:", 6);
				hex_upper(si.keyid, 8, issuer + 6);
			}
			v = verdict_one(m.elf.p, m.elf.len, &ms.loc, pkt, q - pkt, &who);
			snprintf(sh, sizeof(sh), "-");
			snprintf(ph, sizeof(ph), "-");
			if (!v) {
				hex_upper(who.fpr, who.fpr_len, sh);
				hex_upper(who.primary, who.primary_len, ph);
			}
			kern_explain(ring, body, blen, v, detail, sizeof(detail));
			printf("sig %d %u %u %u %lld %s %s %s %s %s %s\n", n, si.pkalgo,
			       si.hashalgo, si.type, si.has_ctime ? (long long)si.ctime : -1LL,
			       issuer, kern_errno_name(v), detail, sh, ph,
			       !v && who.desc[0] ? who.desc : "-");
			snprintf(sig_name, sizeof(sig_name), "sig.%d", n);
			if (dir && write_file(dir, sig_name, pkt, q - pkt)) {
				rc = 3;
				goto out;
			}
			n++;
		}
		if (dir) {
			memset(m.elf.p + ms.loc.sec_off, 0, ms.loc.sec_size);
			if (write_file(dir, "keyring", ring_read.p, ring_read.len) ||
			    write_file(dir, "data", m.elf.p, m.elf.len)) {
				rc = 3;
				goto out;
			}
		}
	}
	/* the loader's verdict, then what this tool's ELF rules add */
	printf("kernel %s %s\n", kern_errno_name(kv), kh);
	if (!elf_ok) {
		printf("BAD: %s\n", ms.why);
		rc = 1;
	} else if (ms.state == SIG_NONE) {
		printf("unsigned\n");
		rc = kv == -ENODATA ? 2 : 1;
	} else if (ms.state == SIG_EMPTY) {
		printf("BAD: empty module_sig placeholder (not signed)\n");
		rc = 1;
	} else if (ms.state == SIG_BAD) {
		printf("BAD: %s\n", ms.why);
		rc = 1;
	} else if (n == 0) {
		printf("BAD: %s\n", why);
		rc = 1;
	} else {
		rc = kv ? 1 : 0;
	}
out:
	buf_free(&m.elf);
	return rc;
}

/* ------------------------------------------------------------------------
 * --dearmor: ASCII armour to binary packets (binary input copied)
 *
 * Radix-64 as RFC 4880 section 6 and RFC 9580 section 6 define it, decoded
 * here (not by a library whose output length is not known in advance):
 * each block "-----BEGIN PGP X-----", armour headers ("Key: Value") up to a
 * blank line, base64 lines with their "=" padding at the very end, an
 * optional checksum line "=" + 4 characters, "-----END PGP X-----".  The
 * output length is computed from the validated base64 text before a byte is
 * written.  The CRC-24 checksum is checked when present: RFC 9580 makes it
 * optional and says a receiver must not reject a mismatch, but what comes
 * here is a keyring to build into a kernel or a signature to attach, and a
 * damaged file is refused with that reason rather than half-read.
 */

static int b64_value(u8 c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* RFC 4880 6.1: CRC-24 of @n bytes */
static u32 crc24(const u8 *d, size_t n)
{
	u32 crc = 0xB704CE;

	while (n--) {
		crc ^= (u32)*d++ << 16;
		for (int i = 0; i < 8; i++) {
			crc <<= 1;
			if (crc & 0x1000000)
				crc ^= 0x1864CFB;
		}
	}
	return crc & 0xFFFFFF;
}

/* One line of @in from @p: [*l, *l + *ll) without CR/LF and trailing blanks. */
static size_t next_line(const u8 *in, size_t n, size_t p, const u8 **l, size_t *ll)
{
	size_t e = p;

	while (e < n && in[e] != '\n')
		e++;
	*l = in + p;
	*ll = e - p;
	while (*ll && ((*l)[*ll - 1] == '\r' || (*l)[*ll - 1] == ' ' || (*l)[*ll - 1] == '\t'))
		(*ll)--;
	return e < n ? e + 1 : n;
}

/*
 * Decode the base64 characters of [@d, @d + @dl) (lines with their line
 * ends, blanks allowed) into out->p + out->len.  Returns 0, or -1 when the
 * text is not radix-64: a character outside the alphabet, padding that is
 * not at the end, a length that is not a whole number of 4-character
 * groups, or bits left over in the last group.
 */
static int b64_decode(const u8 *d, size_t dl, struct buf *out)
{
	size_t chars = 0, pads = 0, olen, i;
	u32 acc = 0;
	unsigned int k = 0;
	u8 *o;

	/* first pass: validate and count, nothing written */
	for (i = 0; i < dl; i++) {
		u8 c = d[i];

		if (c == '\r' || c == '\n' || c == ' ' || c == '\t')
			continue;
		if (c == '=') {
			pads++;
			continue;
		}
		if (b64_value(c) < 0 || pads)
			return -1;	/* not base64, or data after the padding */
		chars++;
	}
	if ((chars + pads) % 4 || pads > 2 || (pads && chars % 4 != 4 - pads))
		return -1;
	olen = (chars + pads) / 4 * 3 - pads;
	buf_reserve(out, olen);
	o = out->p + out->len;
	/* second pass: exactly olen bytes */
	for (i = 0; i < dl; i++) {
		int v = b64_value(d[i]);

		if (v < 0)
			continue;
		acc = acc << 6 | v;
		if (++k == 4) {
			*o++ = acc >> 16;
			*o++ = acc >> 8;
			*o++ = acc;
			acc = 0;
			k = 0;
		}
	}
	if (k == 2) {		/* 12 bits: one byte, 4 bits that must be zero */
		if (acc & 0xF)
			return -1;
		*o++ = acc >> 4;
	} else if (k == 3) {	/* 18 bits: two bytes, 2 bits that must be zero */
		if (acc & 0x3)
			return -1;
		*o++ = acc >> 10;
		*o++ = acc >> 2;
	}
	assert((size_t)(o - (out->p + out->len)) == olen);
	out->len += olen;
	return 0;
}

/*
 * pgp_dearmor() - the binary packets of an armoured (or binary) input
 * @in, @n: the input (untrusted)
 * @out: the packets of every armour block, one after the other, are
 *	appended; a binary input (its first byte a packet tag, bit 7 set) is
 *	copied
 * Returns 0, or -1 when there is no armour block, a block is not
 * terminated, its base64 text is malformed or its checksum does not match.
 */
int pgp_dearmor(const u8 *in, size_t n, struct buf *out)
{
	static const char begin[] = "-----BEGIN PGP ", end[] = "-----END PGP ";
	size_t p = 0;
	bool armoured = false;

	if (n && (in[0] & 0x80)) {
		buf_add(out, in, n);
		return 0;
	}
	while (p < n) {
		const u8 *l, *label, *data = NULL, *csum = NULL;
		size_t ll, labellen, start = out->len, datalen = 0;
		bool hdr = true, closed = false;

		p = next_line(in, n, p, &l, &ll);
		if (ll < sizeof(begin) - 1 + 5 || memcmp(l, begin, sizeof(begin) - 1) ||
		    memcmp(l + ll - 5, "-----", 5))
			continue;
		label = l + sizeof(begin) - 1;
		labellen = ll - (sizeof(begin) - 1) - 5;
		armoured = true;
		while (p < n) {
			size_t at = p;

			p = next_line(in, n, p, &l, &ll);
			if (ll >= 5 && !memcmp(l, "-----", 5)) {
				/* the tail line must name the block the head line named */
				if (ll != sizeof(end) - 1 + labellen + 5 ||
				    memcmp(l, end, sizeof(end) - 1) ||
				    memcmp(l + sizeof(end) - 1, label, labellen) ||
				    memcmp(l + ll - 5, "-----", 5))
					return -1;
				closed = true;
				break;
			}
			if (hdr) {
				/* "Key: Value" lines up to a blank line (base64 has no ':') */
				if (!ll) {
					hdr = false;
					continue;
				}
				if (memchr(l, ':', ll))
					continue;
				hdr = false;
			}
			if (!ll)
				continue;
			if (csum)
				return -1;	/* text after the checksum line */
			if (l[0] == '=' && !data)
				return -1;	/* a checksum without data */
			if (ll == 5 && l[0] == '=') {
				csum = l + 1;
			} else {
				if (!data)
					data = in + at;
				datalen = (size_t)(l + ll - data);
			}
		}
		if (!closed || !data)
			return -1;
		if (b64_decode(data, datalen, out))
			return -1;
		if (csum) {
			struct buf c = {};
			u32 want;

			if (b64_decode(csum, 4, &c) || c.len != 3) {
				buf_free(&c);
				return -1;
			}
			want = (u32)c.p[0] << 16 | (u32)c.p[1] << 8 | c.p[2];
			buf_free(&c);
			if (crc24(out->p + start, out->len - start) != want)
				return -1;
		}
		buf_check(out);
	}
	return armoured ? 0 : -1;
}

static int do_dearmor(const char *in, const char *outp)
{
	struct buf b = {}, o = {};
	int fd = open(in, O_RDONLY | O_CLOEXEC), ret = 2;

	if (fd < 0 || read_fd(fd, &b, 64 << 20)) {
		fprintf(stderr, "%s: %s: cannot read keyring\n", prog, in);
		goto out;
	}
	if (pgp_dearmor(b.p, b.len, &o) || !o.len) {
		fprintf(stderr, "%s: %s: not an OpenPGP keyring\n", prog, in);
		goto out;
	}
	close(fd);
	fd = open(outp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write_all(fd, o.p, o.len) || close(fd)) {
		fprintf(stderr, "%s: %s: cannot write\n", prog, outp);
		fd = -1;
		goto out;
	}
	fd = -1;
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	buf_free(&b);
	buf_free(&o);
	return ret;
}

/* ------------------------------------------------------------------------
 * --attach: a detached signature made elsewhere, checked, then written
 */

/* What an errno of the kernel's check means, for a message. */
static const char *verdict_why(int v)
{
	switch (v) {
	case -ENOKEY:
		return "no key of the keyring may make it: not there, not a signing key, or refused by the key policy";
	case -EKEYREJECTED:
		return "a key of the keyring does not accept it: a bad signature, or a key revoked or expired when it was made";
	case -EBADMSG:
		return "malformed, or more signatures than the kernel reads";
	case -ENOPKG:
		return "an algorithm, hash or version this kernel does not support";
	case -ENODATA:
		return "no module_sig section";
	}
	return "refused";
}

/* The binary keyring gpgv and sqv read (--keyring, armour removed), in tmpdir. */
static char ring_file[PATH_MAX + 16];

/*
 * gpgv (or sqv with --sqv) on the signature file @sigf over @dataf with the
 * keyring: 0 when it verifies, with the fingerprint it names in @fpr (gpgv:
 * the key that made it, from VALIDSIG; sqv: its certificate's), else -1
 * with its last words in @msg.  The independent check beside the kernel's.
 */
static int ext_verify(const char *sigf, const char *dataf, char fpr[65], char *msg, size_t ml)
{
	struct buf out = {}, err = {};
	struct proc_io io = { .in_fd = -1, .out = &out, .err = &err };
	char home[PATH_MAX + 16], l[300];
	char *argv[12], *v;
	int i = 0, rc;

	fpr[0] = 0;
	snprintf(home, sizeof(home), "%s/gnupg", tmpdir);
	mkdir(home, 0700);
	if (opt.use_sqv) {
		argv[i++] = getenv("SQV") ? getenv("SQV") : "sqv";
		argv[i++] = "--keyring";
		argv[i++] = ring_file;
	} else {
		argv[i++] = getenv("GPGV") ? getenv("GPGV") : "gpgv";
		argv[i++] = "--homedir";
		argv[i++] = home;
		argv[i++] = "--status-fd";
		argv[i++] = "1";
		argv[i++] = "--keyring";
		argv[i++] = ring_file;
	}
	argv[i++] = "--";
	argv[i++] = (char *)sigf;
	argv[i++] = (char *)dataf;
	argv[i] = NULL;
	rc = run_cmd(argv, &io);
	buf_addc(&out, 0);
	last_line(&err, l, sizeof(l));
	if (opt.use_sqv) {
		/* one line: the fingerprint of the certificate that verified it */
		if (!rc && out.len > 40 && strspn((char *)out.p, "0123456789ABCDEFabcdef") >= 40)
			snprintf(fpr, 65, "%.*s", (int)strspn((char *)out.p, "0123456789ABCDEFabcdef"),
				 (char *)out.p);
	} else {
		v = strstr((char *)out.p, "[GNUPG:] VALIDSIG ");
		if (v) {
			v += 18;
			snprintf(fpr, 65, "%.*s", (int)strspn(v, "0123456789ABCDEFabcdef"), v);
		}
	}
	buf_free(&out);
	buf_free(&err);
	for (char *c = fpr; *c; c++)
		*c = toupper((unsigned char)*c);
	if (strlen(fpr) < 32) {
		snprintf(msg, ml, "%s: %s", opt.use_sqv ? "sqv" : "gpgv", l[0] ? l : "failed");
		return -1;
	}
	return 0;
}

/*
 * --attach: a detached signature made elsewhere, checked packet by packet,
 * then written.  Each packet must be a signature the kernel would accept
 * with the keyring (a module carrying it alone), and gpgv (sqv) must verify
 * it with the same key; else nothing is written.  The module with all its
 * signatures must then be one the kernel accepts (no more than it reads).
 */
static int attach_one(const char *name, char *why, size_t wl)
{
	struct modfile m = { .name = name };
	struct buf sig = {}, bin = {}, old = {};
	struct module_pgp_sig_loc loc;
	char sp[PATH_MAX + 16], dp[PATH_MAX + 32] = "", kp[PATH_MAX + 32] = "";
	const u8 *q, *end, *body;
	unsigned int tag;
	size_t blen;
	int fd, ret = 1, n, k;

	snprintf(sp, sizeof(sp), "%s%s", name, opt.sig_suffix);
	fd = open(sp, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || read_fd(fd, &sig, 1 << 20)) {
		if (fd >= 0)
			close(fd);
		snprintf(why, wl, "cannot read the signature %s", sp);
		buf_free(&sig);
		return 1;
	}
	close(fd);
	if (pgp_dearmor(sig.p, sig.len, &bin) || !bin.len) {
		snprintf(why, wl, "%s is not an OpenPGP signature (or its armour is damaged)", sp);
		goto out;
	}
	n = count_sig_packets(bin.p, bin.len, why, wl);
	if (n < 0)
		goto out;
	if (mod_open(&m, why, wl, true))
		goto out;
	if (placeholder(&m, &old, &loc, why, wl))
		goto out;
	/* the signed data, for gpgv/sqv */
	snprintf(dp, sizeof(dp), "%s/w%d.data", tmpdir, worker_id);
	snprintf(kp, sizeof(kp), "%s/w%d.sig", tmpdir, worker_id);
	unlink(dp);
	fd = open(dp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0 || write_all(fd, m.elf.p, m.elf.len) || close(fd)) {
		snprintf(why, wl, "cannot write temporary files");
		goto out;
	}
	for (q = bin.p, end = bin.p + bin.len, k = 1; q < end; k++) {
		const u8 *pkt = q;
		struct kern_signer who;
		char fpr[65], want[65], msg[400];
		int v;

		kern_next_packet(&q, end, &tag, &body, &blen);	/* (counted above) */
		if (fill(&m.elf, &loc, pkt, q - pkt, why, wl))
			goto out;
		v = kern_module_check(ring, m.elf.p, m.elf.len, &who);
		memset(m.elf.p + loc.sec_off, 0, loc.sec_size);
		if (v) {
			snprintf(why, wl, "%s: signature %d of %d does not verify with %s as the kernel checks it (%s: %s); nothing written",
				 sp, k, n, opt.keyring, kern_errno_name(v), verdict_why(v));
			goto out;
		}
		unlink(kp);
		fd = open(kp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd < 0 || write_all(fd, pkt, q - pkt) || close(fd)) {
			snprintf(why, wl, "cannot write temporary files");
			goto out;
		}
		if (opt.use_sqv)
			hex_upper(who.primary, who.primary_len, want);
		else
			hex_upper(who.fpr, who.fpr_len, want);
		if (ext_verify(kp, dp, fpr, msg, sizeof(msg))) {
			snprintf(why, wl, "%s: signature %d of %d does not verify with %s (%s); nothing written",
				 sp, k, n, opt.keyring, msg);
			goto out;
		}
		if (strcmp(fpr, want)) {
			snprintf(why, wl, "%s: signature %d of %d: the kernel and %s name different keys (%s, %s); nothing written",
				 sp, k, n, opt.use_sqv ? "sqv" : "gpgv", want, fpr);
			goto out;
		}
	}
	buf_add(&old, bin.p, bin.len);
	if (count_sig_packets(old.p, old.len, why, wl) > MODULE_PGP_MAX_SIGS) {
		snprintf(why, wl, "more than %d signatures, the most the kernel reads",
			 MODULE_PGP_MAX_SIGS);
		goto out;
	}
	if (fill(&m.elf, &loc, old.p, old.len, why, wl))
		goto out;
	{
		struct kern_signer who;
		int v = kern_module_check(ring, m.elf.p, m.elf.len, &who);

		if (v) {
			snprintf(why, wl, "the module with its signatures would be refused (%s: %s); nothing written",
				 kern_errno_name(v), verdict_why(v));
			goto out;
		}
	}
	if (mod_replace(&m, &m.elf, why, wl))
		goto out;
	ret = 0;
out:
	if (dp[0])
		unlink(dp);
	if (kp[0])
		unlink(kp);
	buf_free(&sig);
	buf_free(&bin);
	buf_free(&old);
	buf_free(&m.elf);
	return ret;
}

/* ------------------------------------------------------------------------
 * main
 */

static void usage(FILE *f)
{
	fprintf(f,
"Usage: %s [options] MODULE...\n"
"       %s --prepare [--reserve N] [--strip] [--replace-pkcs7] MODULE...\n"
"       %s --attach --keyring PUBRING [--sqv] [--sig-suffix S] [--append] MODULE...\n"
"       %s --verify --keyring PUBRING [--legacy] [--algos LIST] [--data DIR] MODULE\n"
"       %s --dearmor IN OUT\n"
"\n"
"Signs each MODULE (.ko, .ko.xz, .ko.zst, .ko.gz) with gpg. The OpenPGP\n"
"signature is stored in the \"module_sig\" ELF section; the signed data is the\n"
"whole module file with that section's content zeroed.\n"
"\n"
"Options:\n"
"  -u, --local-user KEY     sign with KEY (any form gpg accepts: fingerprint,\n"
"                           FINGERPRINT! for a subkey, key ID, user ID, e-mail);\n"
"                           default: gpg's default key\n"
"  --digest ALGO            sha256, sha384, sha512 (default) or sha224\n"
"  --reserve BYTES          size of a new module_sig section (default 2048,\n"
"                           at most 65536);\n"
"                           an existing section of another size is resized\n"
"  --homedir DIR            GnuPG home directory (default: $GNUPGHOME)\n"
"  --passphrase-file FILE   passphrase for the key (pinentry loopback mode)\n"
"  --append                 keep existing signature(s) and add one (key rollover)\n"
"  --strip                  strip debug information (objcopy --strip-debug) first\n"
"  --replace-pkcs7          remove mainline's appended PKCS#7 signature and sign\n"
"                           (re-signing a distribution's modules); without it\n"
"                           such modules are refused\n"
"  -j, --jobs N             sign N modules in parallel\n"
"  --agent                  sign through gpg-agent even a single module\n"
"                           (the default for two modules or more)\n"
"  --no-agent, --gpg        run gpg --detach-sign once per module\n"
"  --timings                print where the time of one module goes\n"
"  -q, --quiet              no progress lines\n"
"  -h, --help               this text\n"
"\n"
"Signing through gpg-agent: gpg signs an empty input once (its key choice,\n"
"options and errors apply); then each job keeps one gpg-agent conversation\n"
"(the Assuan protocol over a pipe or the agent's socket), hashes each module\n"
"itself and builds the same signature packet as gpg's, with gpg's subpackets\n"
"(issuer fingerprint, creation time, the signer's user ID when -u names one,\n"
"gpg.conf's notations). A key on disk that needs no pinentry is used through\n"
"a private \"gpg-agent --server\" per job; other keys (smartcards,\n"
"passphrases cached in the running agent) through the running agent. When\n"
"this path cannot be used, a note says why and gpg signs each module.\n"
"\n"
"Remote signing: --prepare writes the empty placeholder into each module and\n"
"MODULE.tbs, the exact bytes to sign (for a .ko the module itself). Any\n"
"OpenPGP signer makes a detached binary signature of MODULE.tbs, saved as\n"
"MODULE.sig (--sig-suffix); --attach checks each signature in it as the\n"
"kernel would with the keys of --keyring, and with gpgv (or --sqv), and\n"
"writes them into module_sig only when every one verifies with the same key\n"
"both ways. MODULE.tbs is written through a new file renamed into place.\n"
"\n"
"Checking: --verify prints the kernel's verdict on MODULE (the loader's\n"
"check, keyring rules, key policy and verifiers of this kernel tree,\n"
"compiled in), for each signature and for the module: see\n"
"scripts/verify-module.sh, which runs it and gpgv or sqv beside it.\n"
"  --keyring FILE           the kernel's built-in keyring (binary or armoured)\n"
"  --legacy                 as with CONFIG_MODULE_SIG_PGP_LEGACY\n"
"  --algos LIST             public-key algorithms of the kernel: rsa,dsa and any\n"
"                           of eddsa (CONFIG_CRYPTO_ED25519), ecdsa\n"
"                           (CONFIG_CRYPTO_ECDSA_RAW); default rsa,dsa,eddsa,ecdsa\n"
"  --data DIR               write DIR/data (the signed data) and DIR/sig.N\n"
"\n"
"The replaced module keeps its owner, mode and extended attributes and is\n"
"synced before the rename; a name that is one of several hard links gets\n"
"the new file, the other names keep the old one (a note says so).\n"
"\n"
"On any failure the module is left byte-identical, a line\n"
"\"%s: MODULE: reason\" is printed and the exit status is non-zero.\n"
"Compressed modules are refused at their first bytes when they are not ELF,\n"
"and beyond INT_MAX bytes (what finit_module() reads), or the lower limit\n"
"PGP_SIGN_MODULE_MAX_SIZE sets; liblzma and xz -d get a 256 MiB memory limit.\n"
"Environment: GPG, GPG_AGENT, OBJCOPY, GPGV, SQV, SOURCE_DATE_EPOCH, GNUPGHOME,\n"
"PGP_MODSIGN_AGENT=private|shared (which agent the jobs use),\n"
"PGP_SIGN_MODULE_XZ=1 (.ko.xz through the xz program even when built with\n"
"liblzma), PGP_SIGN_MODULE_OBJCOPY=1 (placeholder added by objcopy).\n",
		prog, prog, prog, prog, prog, prog);
#ifdef PGP_SIGN_LIBLZMA
	fprintf(f, "This build: .ko.xz with liblzma %s, in this process.\n", lzma_version_string());
#else
	fprintf(f, "This build: .ko.xz through the xz program (built without liblzma).\n");
#endif
}

enum {
	OPT_DIGEST = 256, OPT_RESERVE, OPT_HOMEDIR, OPT_PASSFILE, OPT_APPEND, OPT_STRIP, OPT_AGENT,
	OPT_NOAGENT, OPT_TIMINGS, OPT_REPLACE, OPT_VERIFY, OPT_DEARMOR, OPT_PREPARE, OPT_ATTACH,
	OPT_KEYRING, OPT_SQV, OPT_SIGSUFFIX, OPT_LEGACY, OPT_ALGOS, OPT_DATA,
};

static_assert(MODULE_PGP_SIG_MAX_SIZE == 65536, "--reserve's message and --help name 65536");

static void bad_usage(const char *fmt, const char *a)
{
	fprintf(stderr, "%s: ", prog);
	fprintf(stderr, fmt, a);
	fputc('\n', stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "local-user", required_argument, NULL, 'u' },
		{ "digest", required_argument, NULL, OPT_DIGEST },
		{ "reserve", required_argument, NULL, OPT_RESERVE },
		{ "homedir", required_argument, NULL, OPT_HOMEDIR },
		{ "passphrase-file", required_argument, NULL, OPT_PASSFILE },
		{ "append", no_argument, NULL, OPT_APPEND },
		{ "strip", no_argument, NULL, OPT_STRIP },
		{ "jobs", required_argument, NULL, 'j' },
		{ "agent", no_argument, NULL, OPT_AGENT },
		{ "no-agent", no_argument, NULL, OPT_NOAGENT },
		{ "gpg", no_argument, NULL, OPT_NOAGENT },
		{ "timings", no_argument, NULL, OPT_TIMINGS },
		{ "replace-pkcs7", no_argument, NULL, OPT_REPLACE },
		{ "verify", no_argument, NULL, OPT_VERIFY },
		{ "legacy", no_argument, NULL, OPT_LEGACY },
		{ "algos", required_argument, NULL, OPT_ALGOS },
		{ "data", required_argument, NULL, OPT_DATA },
		{ "dearmor", no_argument, NULL, OPT_DEARMOR },
		{ "prepare", no_argument, NULL, OPT_PREPARE },
		{ "attach", no_argument, NULL, OPT_ATTACH },
		{ "keyring", required_argument, NULL, OPT_KEYRING },
		{ "sqv", no_argument, NULL, OPT_SQV },
		{ "sig-suffix", required_argument, NULL, OPT_SIGSUFFIX },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	const char *data_dir = NULL, *e;
	struct kern_config kcfg = { .ed25519 = true, .ecdsa = true };
	bool dearmor = false, verify = false;
	char **mods, homebuf[PATH_MAX], passbuf[PATH_MAX], keybuf[PATH_MAX];
	int c, total, rc = 0, i;
	struct sigaction sa = { .sa_handler = on_signal };

	e = strrchr(argv[0], '/');
	prog = e ? e + 1 : argv[0];
	opt.gpg = getenv("GPG") ? getenv("GPG") : "gpg";
	opt.objcopy = getenv("OBJCOPY") ? getenv("OBJCOPY") : "objcopy";
	opt.sig_suffix = ".sig";
	while ((c = getopt_long(argc, argv, "+u:j:qh", lo, NULL)) != -1) {
		switch (c) {
		case 'u':
			opt.local_user = optarg;
			break;
		case OPT_DIGEST:
			if (!strcasecmp(optarg, "sha256"))
				opt.hashalgo = 8;
			else if (!strcasecmp(optarg, "sha384"))
				opt.hashalgo = 9;
			else if (!strcasecmp(optarg, "sha512"))
				opt.hashalgo = 10;
			else if (!strcasecmp(optarg, "sha224"))
				opt.hashalgo = 11;
			else
				bad_usage("unsupported digest '%s' (sha224, sha256, sha384, sha512)", optarg);
			break;
		case OPT_RESERVE: {
			char *end;

			errno = 0;
			opt.reserve = strtoul(optarg, &end, 10);
			if (errno || *end || !isdigit((unsigned char)*optarg) ||
			    opt.reserve < 64 || opt.reserve > MODULE_PGP_SIG_MAX_SIZE)
				bad_usage("--reserve must be a number of bytes between 64 and %s (the kernel refuses a larger module_sig)",
					  "65536");
			opt.reserve_set = true;
			break;
		}
		case OPT_HOMEDIR:
			opt.homedir = optarg;
			break;
		case OPT_PASSFILE:
			opt.passfile = optarg;
			break;
		case OPT_APPEND:
			opt.append = true;
			break;
		case OPT_STRIP:
			opt.strip = true;
			break;
		case 'j': {
			char *end;
			long j = strtol(optarg, &end, 10);

			if (*end || j < 1 || !isdigit((unsigned char)*optarg))
				bad_usage("-j needs a positive number%s", "");
			opt.jobs = j > 64 ? 64 : j;
			break;
		}
		case OPT_AGENT:
			opt.agent_opt = 1;
			break;
		case OPT_NOAGENT:
			opt.agent_opt = -1;
			break;
		case OPT_TIMINGS:
			opt.timings = true;
			break;
		case OPT_REPLACE:
			opt.replace_pkcs7 = true;
			break;
		case OPT_VERIFY:
			verify = true;
			break;
		case OPT_LEGACY:
			kcfg.legacy = true;
			break;
		case OPT_ALGOS: {
			char *list = strdup(optarg), *w, *sv;
			bool rsa = false, dsa = false;

			kcfg.ed25519 = kcfg.ecdsa = false;
			for (w = strtok_r(list, ",", &sv); w; w = strtok_r(NULL, ",", &sv)) {
				if (!strcmp(w, "rsa"))
					rsa = true;
				else if (!strcmp(w, "dsa"))
					dsa = true;
				else if (!strcmp(w, "eddsa"))
					kcfg.ed25519 = true;
				else if (!strcmp(w, "ecdsa"))
					kcfg.ecdsa = true;
				else
					bad_usage("--algos: unknown algorithm '%s' (rsa, dsa, eddsa, ecdsa)", w);
			}
			free(list);
			if (!rsa || !dsa)
				bad_usage("--algos must name rsa and dsa: the kernel's OpenPGP code always has them%s", "");
			break;
		}
		case OPT_DATA:
			data_dir = optarg;
			break;
		case OPT_DEARMOR:
			dearmor = true;
			break;
		case OPT_PREPARE:
			opt.mode = MODE_PREPARE;
			break;
		case OPT_ATTACH:
			opt.mode = MODE_ATTACH;
			break;
		case OPT_KEYRING:
			opt.keyring = optarg;
			break;
		case OPT_SQV:
			opt.use_sqv = true;
			break;
		case OPT_SIGSUFFIX:
			opt.sig_suffix = optarg;
			break;
		case 'q':
			opt.quiet = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			fprintf(stderr, "%s: unknown option (see --help)\n", prog);
			return 2;
		}
	}
	if (dearmor) {
		if (argc - optind != 2)
			bad_usage("--dearmor needs IN and OUT%s", "");
		return do_dearmor(argv[optind], argv[optind + 1]);
	}
	kern_set_config(&kcfg);
	if (verify) {
		char why[WHY_MAX];

		if (argc - optind != 1 || !opt.keyring)
			bad_usage("--verify needs --keyring and one MODULE%s", "");
		if (load_ring(opt.keyring, why, sizeof(why))) {
			fprintf(stderr, "%s: %s\n", prog, why);
			return 3;
		}
		return do_verify(data_dir, argv[optind]);
	}
	if (opt.append && opt.strip)
		bad_usage("--append cannot be combined with --strip (stripping invalidates the existing signatures)%s", "");
	if (opt.mode == MODE_ATTACH && !opt.keyring)
		bad_usage("--attach needs --keyring (the public keys the signature must verify with)%s", "");
	e = getenv("PGP_MODSIGN_AGENT");
	if (e && *e && strcmp(e, "auto") && strcmp(e, "private") && strcmp(e, "shared"))
		bad_usage("PGP_MODSIGN_AGENT must be auto, private or shared%s", "");
	e = getenv("SOURCE_DATE_EPOCH");
	if (e && *e) {
		char *end;

		opt.sde = strtoll(e, &end, 10);
		if (*end || !isdigit((unsigned char)*e) || opt.sde > 0xffffffffLL)
			bad_usage("SOURCE_DATE_EPOCH is not a number%s", "");
	}
	if (opt.homedir && realpath(opt.homedir, homebuf))
		opt.homedir = homebuf;
	if (opt.passfile && realpath(opt.passfile, passbuf))
		opt.passfile = passbuf;
	if (opt.keyring && realpath(opt.keyring, keybuf))
		opt.keyring = keybuf;
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	mods = argv + optind;
	total = argc - optind;

	signal(SIGPIPE, SIG_IGN);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	srandom(getpid() ^ time(NULL));
	umask(umask(077) & 077);
	{
		const char *t = getenv("TMPDIR");

		snprintf(tmpdir, sizeof(tmpdir), "%s/sign-module.XXXXXX", t && *t ? t : "/tmp");
		if (!mkdtemp(tmpdir)) {
			tmpdir[0] = 0;
			fail_all(total, mods[0], "cannot create a temporary directory");
		}
	}
	if (opt.mode == MODE_SIGN) {
		bool want = (opt.agent_opt > 0 || (opt.agent_opt == 0 && total > 1));

		opt.gpg_agent = getenv("GPG_AGENT") ? getenv("GPG_AGENT") : gnupg_tool("gpg-agent");
		opt.gpgconf = gnupg_tool("gpgconf");
		opt.gpg_connect_agent = gnupg_tool("gpg-connect-agent");
		if (opt.passfile && read_passphrase(opt.passfile))
			fail_all(total, mods[0],
				 "passphrase file %s: the first line is longer than %d bytes (or unreadable)",
				 opt.passfile, PASSPHRASE_MAX);
		preflight(total, mods[0], want && opt.agent_opt >= 0);
	} else if (opt.mode == MODE_ATTACH) {
		char why[WHY_MAX];

		if (load_ring(opt.keyring, why, sizeof(why)))
			fail_all(total, mods[0], "%s", why);
		snprintf(ring_file, sizeof(ring_file), "%s/keyring.gpg", tmpdir);
		if (write_file(tmpdir, "keyring.gpg", ring_read.p, ring_read.len))
			fail_all(total, mods[0], "cannot write temporary files");
		if (ring_lost)
			note_once("the kernel would not read %s completely (%u problems; a build refuses it)",
				  opt.keyring, ring_lost);
	}

	if (opt.jobs > 1 && total > 1) {
		int nw = opt.jobs < total ? opt.jobs : total;

		next_module = mmap(NULL, sizeof(*next_module), PROT_READ | PROT_WRITE,
				   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (next_module == MAP_FAILED)
			fail_all(total, mods[0], "cannot share the work between jobs");
		*next_module = 0;

		for (i = 0; i < nw; i++) {
			pid_t p = fork();

			if (p == 0) {
				is_parent = false;
				nworkers = 0;
				worker_id = i;
				if (opt.mode == MODE_SIGN)
					agent_start();
				if (opt.mode == MODE_ATTACH) {
					int r = 0;

					for (int k = i; k < total; k += nw) {
						char why[WHY_MAX] = "";

						if (attach_one(mods[k], why, sizeof(why))) {
							fprintf(stderr, "%s: %s: %s\n", prog, mods[k], why);
							r = 1;
						}
					}
					_exit(r);
				}
				rc = work(mods, total);
				agent_stop();
				wipe_passphrase();
				write_timings();
				fflush(NULL);
				_exit(rc);
			}
			if (p < 0) {
				rc = 1;
				break;
			}
			workers[nworkers++] = p;
		}
		for (i = 0; i < nworkers; i++) {
			int st;

			while (waitpid(workers[i], &st, 0) < 0 && errno == EINTR)
				;
			if (!WIFEXITED(st) || WEXITSTATUS(st))
				rc = 1;
			workers[i] = 0;
		}
		if (opt.timings)
			print_timings(nworkers);
	} else {
		if (opt.mode == MODE_ATTACH) {
			for (i = 0; i < total; i++) {
				char why[WHY_MAX] = "";

				if (attach_one(mods[i], why, sizeof(why))) {
					fprintf(stderr, "%s: %s: %s\n", prog, mods[i], why);
					rc = 1;
				}
			}
		} else {
			if (opt.mode == MODE_SIGN)
				agent_start();
			rc = work(mods, total);
			agent_stop();
			write_timings();
			if (opt.timings)
				print_timings(1);
		}
	}
	wipe_passphrase();
	kern_pubkeys_free(signer_keys);
	kern_keyring_free(ring);
	buf_free(&ring_read);
	rm_tmpdir();
	return rc;
}
