// SPDX-License-Identifier: GPL-2.0
/*
 * Compressed modules (.ko.xz, .ko.zst, .ko.gz): read as at most the largest
 * module and refused at their first bytes when they are not ELF, written
 * again as Kbuild writes them; .ko.xz in the process with liblzma when the
 * tool is built with it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef PGP_SIGN_LIBLZMA
#include <lzma.h>
#endif

#include "pgp-sign.h"

enum pgp_comp comp_of(const char *f)
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

/* A compressed module the kernel cannot load: its suffix, or NULL. */
const char *comp_unsupported(const char *f)
{
	static const char *const sfx[] = { ".bz2", ".lz4", ".lzma", ".lzo", ".Z", ".br" };
	size_t n = strlen(f), i;

	for (i = 0; i < PGP_ARRAY_SIZE(sfx); i++) {
		size_t l = strlen(sfx[i]);

		if (n > l && !strcmp(f + n - l, sfx[i]))
			return sfx[i];
	}
	return NULL;
}

const char *comp_tool(enum pgp_comp c)
{
	static const char *const tool[] = { "cat", "xz", "zstd", "gzip" };

	return tool[c];
}

#ifdef PGP_SIGN_LIBLZMA
/*
 * One decoder and one encoder per job, initialised again for each module:
 * liblzma then keeps their memory (the encoder's match finder is about
 * 10 MiB, which a fresh allocation would fault in for every module, as xz
 * does once for all the files of one command line).
 */
struct pgp_xz {
	lzma_stream dec, enc;
};

struct pgp_xz *xz_new(void)
{
	struct pgp_xz *xz = xrealloc(NULL, sizeof(*xz));
	static const lzma_stream init = LZMA_STREAM_INIT;

	xz->dec = init;
	xz->enc = init;
	return xz;
}

void xz_free(struct pgp_xz *xz)
{
	if (!xz)
		return;
	lzma_end(&xz->dec);
	lzma_end(&xz->enc);
	free(xz);
}

/*
 * The same stream xz writes for Kbuild (LZMA2 of preset 6 with a 1 MiB
 * dictionary, CRC32), and xz -d's reading of it (concatenated streams and
 * padding allowed).  Decoding stops one byte beyond @max.
 */
static const char xz_memlimit_why[] =
	"needs more memory than a module's stream may (xz dictionary above 256 MiB)";

static int xz_code(lzma_stream *s, const u8 *in, size_t n, struct buf *out, size_t max,
		   int fd, const char **why)
{
	u8 chunk[65536];
	lzma_ret r;

	s->next_in = in;
	s->avail_in = n;
	do {
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
				*why = xz_memlimit_why;
			return -1;
		}
		if (out) {
			out->len = s->next_out - out->p;
			*why = out_refused(out, max, true);
			if (*why)
				return -1;
		} else if (write_all(fd, chunk, sizeof(chunk) - s->avail_out)) {
			return -1;
		}
	} while (r != LZMA_STREAM_END);
	return 0;
}

static int xz_decompress(struct pgp_xz *xz, size_t max, int fd, struct buf *out,
			 const char **why)
{
	struct buf in = {};
	int rc = -1;

	if (read_fd(fd, &in, max))
		goto out;
	if (lzma_stream_decoder(&xz->dec, PGP_XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK)
		goto out;
	rc = xz_code(&xz->dec, in.p, in.len, out, max, -1, why);
out:
	buf_free(&in);
	return rc;
}

static int xz_compress(struct pgp_xz *xz, const u8 *d, size_t n, int fd)
{
	lzma_options_lzma o;
	lzma_filter f[2] = {
		{ .id = LZMA_FILTER_LZMA2, .options = &o },
		{ .id = LZMA_VLI_UNKNOWN },
	};

	if (lzma_lzma_preset(&o, LZMA_PRESET_DEFAULT))
		return -1;
	o.dict_size = 1U << 20;
	if (lzma_stream_encoder(&xz->enc, f, LZMA_CHECK_CRC32) != LZMA_OK)
		return -1;
	return xz_code(&xz->enc, d, n, NULL, 0, fd, NULL);
}

const char *comp_build_note(char *out, size_t size)
{
	snprintf(out, size, "This build: .ko.xz with liblzma %s, in this process.",
		 lzma_version_string());
	return out;
}
#else
struct pgp_xz *xz_new(void)
{
	return NULL;
}

void xz_free(struct pgp_xz *xz)
{
}

const char *comp_build_note(char *out, size_t size)
{
	snprintf(out, size, "This build: .ko.xz through the xz program (built without liblzma).");
	return out;
}
#endif

/*
 * The module in @fd, decompressed into @out: at most opt->max_size bytes,
 * and it must start with the ELF magic (checked on the first bytes out, so
 * that a stream of anything else stops at once).  Returns 0, or -1 with a
 * reason in *@why (NULL: the decompressor failed).  xz -d gets liblzma's
 * memory limit too.
 */
int decompress(const struct pgp_opts *opt, struct pgp_xz *xz, enum pgp_comp c, int fd,
	       struct buf *out, const char **why)
{
	static char *const args[][5] = {
		{ NULL }, { "xz", "-dc", "--memlimit=256MiB", NULL }, { "zstd", "-dcq", NULL },
		{ "gzip", "-dc", NULL },
	};
	struct proc_io io = {
		.in_fd = fd, .out = out, .out_max = opt->max_size, .out_elf = true,
	};
	int rc;

	*why = NULL;
#ifdef PGP_SIGN_LIBLZMA
	if (c == C_XZ && !opt->xz_program)
		return xz_decompress(xz, opt->max_size, fd, out, why);
#endif
	rc = run_cmd(args[c], &io);
	*why = io.refused;
	return rc || *why ? -1 : 0;
}

int compress(const struct pgp_opts *opt, struct pgp_xz *xz, enum pgp_comp c,
	     const u8 *d, size_t n, int fd)
{
	static char *const args[][5] = {
		{ NULL },
		{ "xz", "--check=crc32", "--lzma2=dict=1MiB", "-c", NULL },
		{ "zstd", "-q", "-c", NULL },
		{ "gzip", "-n", "-c", NULL },
	};
	struct proc_io io = { .in = d, .in_len = n, .in_fd = -1, .out_fd = fd };

#ifdef PGP_SIGN_LIBLZMA
	if (c == C_XZ && !opt->xz_program)
		return xz_compress(xz, d, n, fd);
#endif
	return run_cmd(args[c], &io) ? -1 : 0;
}
