// SPDX-License-Identifier: GPL-2.0
/*
 * The module file: opened (and decompressed) as at most the largest module,
 * and replaced whole or not at all, keeping its owner, mode and extended
 * attributes; new files written the same way.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "pgp-sign.h"

/*
 * An .xz module is written again with a CRC32 check, the one the kernel's
 * decompressor (lib/xz, CONFIG_MODULE_DECOMPRESS) verifies and what
 * scripts/Makefile.modinst writes: a note says so when the module had
 * another (xz's default is CRC64).
 */
static void xz_check_note(struct pgp_job *j, const struct pgp_module *m, int fd)
{
	static const char *const name[16] = {
		[0] = "none", [1] = "CRC32", [4] = "CRC64", [10] = "SHA-256",
	};
	static const u8 magic[6] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
	u8 h[8];

	if (pread(fd, h, sizeof(h), 0) != sizeof(h) || memcmp(h, magic, sizeof(magic)) ||
	    (h[7] & 0x0f) == 1)
		return;
	note_once(j->run, "%s: its xz check %s becomes CRC32 in the signed module, the check the kernel's xz decompressor verifies (as scripts/Makefile.modinst writes it)",
		  m->name, name[h[7] & 0x0f] ? name[h[7] & 0x0f] : "(unknown)");
}

int mod_open(struct pgp_job *j, struct pgp_module *m, bool need_write, char *why, size_t wl)
{
	const struct pgp_opts *opt = &j->run->opt;
	struct stat ds;
	char *slash;
	int fd;

	memset(&m->elf, 0, sizeof(m->elf));
	if (comp_unsupported(m->name)) {
		snprintf(why, wl, "%s compression is not supported (the kernel loads .ko, .ko.xz, .ko.zst and .ko.gz): decompress it, sign the .ko and compress that with xz, zstd or gzip",
			 comp_unsupported(m->name));
		return -1;
	}
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
		/*
		 * Replacing a module takes its directory, not the file: like
		 * scripts/sign-file (a new file renamed over it), a read-only
		 * module is signed where its directory may be written, and it
		 * keeps its mode.
		 */
		if (stat(m->dir, &ds) || access(m->dir, W_OK) || !(ds.st_mode & 0222)) {
			snprintf(why, wl, "directory %s is read-only (the signed module replaces the file there)",
				 m->dir);
			return -1;
		}
		if (access(m->real, W_OK) || !(m->st.st_mode & 0222))
			note_once(j->run, "%s is read-only (mode %04o): signed as scripts/sign-file signs it, through a new file renamed over it, and kept read-only",
				  m->name, (unsigned int)(m->st.st_mode & 07777));
	}
	fd = open(m->real, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, wl, "cannot read file");
		return -1;
	}
	m->comp = comp_of(m->real);
	if (need_write && m->comp == C_XZ)
		xz_check_note(j, m, fd);
	if (m->comp != C_NONE) {
		double t0 = now_ms();
		const char *w;

		if (decompress(opt, j->xz, m->comp, fd, &m->elf, &w)) {
			close(fd);
			if (w)
				snprintf(why, wl, "decompressed (%s): %s%s", comp_tool(m->comp), w,
					 strcmp(w, "not an ELF file") ? "" :
					 " (refused at its first bytes)");
			else
				snprintf(why, wl, "cannot decompress (%s)", comp_tool(m->comp));
			return -1;
		}
		j->tm.decompress += now_ms() - t0;
	} else if (read_fd(fd, &m->elf, opt->max_size)) {
		close(fd);
		snprintf(why, wl, errno == EFBIG ? "larger than the largest module" :
			 "cannot read file");
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
 * @path with content @d (@mode less the umask), written whole or not at
 * all: a temporary file beside it, synced, renamed over it (a symlink at
 * @path is replaced, never followed); removed again on any failure.
 */
int write_new(const char *path, const u8 *d, size_t n, mode_t mode, char *why, size_t wl)
{
	char *tmp = pgp_cleanup.tbs;
	int fd, e;

	fd = open_tmp_beside(path, tmp, sizeof(pgp_cleanup.tbs), mode);
	if (fd < 0) {
		snprintf(why, wl, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	if (write_all(fd, d, n) || fsync(fd)) {
		e = errno;
		close(fd);
		goto fail;
	}
	if (close(fd) || rename(tmp, path)) {
		e = errno;
		goto fail;
	}
	tmp[0] = 0;
	return 0;
fail:
	unlink(tmp);
	tmp[0] = 0;
	snprintf(why, wl, "cannot write %s: %s", path, strerror(e ? e : EIO));
	return -1;
}

/* A new file @dir/@name (never through a link); 0 or -1 with a message. */
int write_file(const char *dir, const char *name, const u8 *d, size_t n)
{
	char path[PATH_MAX + 32];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || write_all(fd, d, n) || close(fd)) {
		fprintf(stderr, "%s: %s: cannot write\n", prog_name(), path);
		return -1;
	}
	return 0;
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
				prog_name(), name, a);
		free(v);
		free(have);
	}
	free(names);
	return ret;
}

/* The content of the replacement: @elf, compressed as the module was. */
static int mod_write(struct pgp_job *j, const struct pgp_module *m, int fd, char *why,
		     size_t wl)
{
	double t1;

	if (m->comp == C_NONE)
		return write_all(fd, m->elf.p, m->elf.len) ? 1 : 0;
	t1 = now_ms();
	if (compress(&j->run->opt, j->xz, m->comp, m->elf.p, m->elf.len, fd)) {
		snprintf(why, wl, "%s compression failed", comp_tool(m->comp));
		return -1;
	}
	j->tm.recompress += now_ms() - t1;
	return 0;
}

/*
 * Writes m->elf (compressed as the module was) beside the module, with its
 * owner, mode and extended attributes, synced, and renames it over the
 * module.  A name that is one of several hard links of the file gets the
 * new file; the other names keep the old one (as with any editor that
 * writes a copy and renames it): a note says so.
 */
int mod_replace(struct pgp_job *j, struct pgp_module *m, char *why, size_t wl)
{
	char *tmp = pgp_cleanup.tmp;
	double t0 = now_ms(), r0 = j->tm.recompress;
	int fd, e, r;

	fd = open_tmp_beside(m->real, tmp, sizeof(pgp_cleanup.tmp), 0600);
	if (fd < 0) {
		e = errno;
		snprintf(why, wl, "cannot write a temporary copy in %s: %s", m->dir, strerror(e));
		return -1;
	}
	if (geteuid() == 0 && (m->st.st_uid || m->st.st_gid))
		(void)!fchown(fd, m->st.st_uid, m->st.st_gid);
	if (fchmod(fd, m->st.st_mode & 07777))
		goto err;
	if (copy_xattrs(m->real, fd, m->name, why, wl))
		goto err_why;
	r = mod_write(j, m, fd, why, wl);
	if (r < 0)
		goto err_why;
	if (r || fsync(fd))
		goto err;
	if (close(fd)) {
		fd = -1;
		goto err;
	}
	fd = -1;
	if (rename(tmp, m->real)) {
		e = errno;
		unlink(tmp);
		tmp[0] = 0;
		snprintf(why, wl, "cannot replace the module: %s", strerror(e));
		return -1;
	}
	tmp[0] = 0;
	if (m->st.st_nlink > 1)
		fprintf(stderr, "%s: %s: note: the file had %lu hard links; only this name has the signed module\n",
			prog_name(), m->name, (unsigned long)m->st.st_nlink);
	j->tm.write += now_ms() - t0 - (j->tm.recompress - r0);
	return 0;
err:
	e = errno;
	snprintf(why, wl, "cannot write a temporary copy in %s: %s", m->dir, strerror(e));
err_why:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	tmp[0] = 0;
	return -1;
}

/*
 * What the kernel makes of the end of the file @f (@len bytes): mainline's
 * module_sig_check() and mod_check_sig(), rule for rule.  The 28-byte
 * marker must end a file longer than itself; the 12-byte struct
 * module_signature before it, in a file then longer than 12 bytes, must
 * give a signature length below what precedes it (else EBADMSG), id_type
 * PKEY_ID_PKCS7 (else ENOPKG: the kernel passes over the block and checks
 * what follows over the file without the marker alone) and zero for every
 * other field (else EBADMSG).  *@kernel_len: the bytes the kernel's later
 * checks (module_sig, the hash list) read; *@bare_len: the file without the
 * whole block (APPENDED_PKCS7 and APPENDED_OTHER), else @len.
 */
enum pgp_appended appended_sig(const u8 *f, size_t len, size_t *kernel_len, size_t *bare_len)
{
	static const char marker[] = "~Module signature appended~\n";
	const size_t ml = sizeof(marker) - 1, msl = 12;
	const u8 *ms;
	size_t modlen;
	u32 sl;

	*kernel_len = *bare_len = len;
	if (len <= ml || memcmp(f + len - ml, marker, ml))
		return APPENDED_NONE;
	modlen = len - ml;
	*kernel_len = modlen;
	if (modlen <= msl)
		return APPENDED_BAD;
	/* struct module_signature: algo, hash, id_type, signer_len, key_id_len, pad[3], sig_len */
	ms = f + modlen - msl;
	sl = get_be32(ms + 8);
	if (sl >= modlen - msl)
		return APPENDED_BAD;
	*bare_len = modlen - msl - sl;
	if (ms[2] != 2)			/* PKEY_ID_PKCS7 */
		return APPENDED_OTHER;
	if (ms[0] || ms[1] || ms[3] || ms[4] || ms[5] || ms[6] || ms[7]) {
		*bare_len = len;
		return APPENDED_BAD;
	}
	*kernel_len = *bare_len;
	return APPENDED_PKCS7;
}
