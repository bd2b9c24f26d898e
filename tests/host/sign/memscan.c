// SPDX-License-Identifier: GPL-2.0
/*
 * tests/host/sign: a probe of the signing tool's secrets, loaded with
 * LD_PRELOAD by memscan.py (part "secrets").  It writes to $MEMSCAN_LOG, one
 * line each, the secrets the tool hands to the C library and libcrypto:
 *
 *   rand HEX    what getrandom() gave the tool itself (secret seeds, ML-DSA's
 *               rnd, and the salts, which the caller tells apart: they are
 *               public)
 *   priv HEX    an Ed25519 seed (EVP_PKEY_new_raw_private_key())
 *   key HEX     a cipher key (EVP_DecryptInit_ex(): the S2K key or the KEK)
 *   hkdf HEX    HKDF's input key (EVP_PKEY_CTX_set1_hkdf_key(): the S2K key)
 *   kek HEX     HKDF's output (EVP_PKEY_derive())
 *
 * each followed by "dumpable=D core=C", the process's PR_GET_DUMPABLE and
 * RLIMIT_CORE at that moment (core dumps must be off while secrets are held);
 * and "exit" when the process ends.  With $MEMSCAN_STOP set, the process then
 * stops itself (SIGSTOP) in its last destructor, after main() returned and
 * everything the tool frees and wipes is done, for memscan.py to search its
 * memory; with $MEMSCAN_STOP naming a function hooked here, at that
 * function's first call instead (EVP_PKEY_new_raw_private_key: a secret key
 * was just decrypted, what its decryption derived must be gone).  The bytes are written as hex from where the tool keeps them: no
 * raw copy is made here.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <unistd.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>

#define REAL(name) ({ static __typeof__(name) *r; if (!r) r = dlsym(RTLD_NEXT, #name); r; })

static int logfd = -1;
static uintptr_t exe_lo, exe_hi;	/* the main program's loaded segments */

/* The first object dl_iterate_phdr() reports is the main program. */
static int exe_range(struct dl_phdr_info *i, size_t size, void *d)
{
	int k;

	(void)size;
	(void)d;
	for (k = 0; k < i->dlpi_phnum; k++) {
		const ElfW(Phdr) *ph = &i->dlpi_phdr[k];
		uintptr_t lo = i->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;

		if (ph->p_type != PT_LOAD)
			continue;
		if (!exe_lo || lo < exe_lo)
			exe_lo = lo;
		if (hi > exe_hi)
			exe_hi = hi;
	}
	return 1;
}

static void note(const char *kind, const void *p, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *b = p;
	char line[1200];
	struct rlimit rl = {};
	size_t i, l;

	if (logfd < 0)
		return;
	if (n > 256)
		n = 256;
	l = snprintf(line, sizeof(line), "%s ", kind);
	for (i = 0; i < n; i++) {
		line[l++] = hex[b[i] >> 4];
		line[l++] = hex[b[i] & 15];
	}
	getrlimit(RLIMIT_CORE, &rl);
	l += snprintf(line + l, sizeof(line) - l, "%sdumpable=%d core=%llu\n", n ? " " : "",
		      prctl(PR_GET_DUMPABLE), (unsigned long long)rl.rlim_cur);
	if (write(logfd, line, l) != (ssize_t)l)
		return;
}

__attribute__((constructor)) static void memscan_init(void)
{
	const char *log = getenv("MEMSCAN_LOG");

	if (log)
		logfd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	dl_iterate_phdr(exe_range, NULL);
}

/* Stop here for memscan.py when $MEMSCAN_STOP names @where. */
static void stop_at(const char *where)
{
	static int stopped;
	const char *s = getenv("MEMSCAN_STOP");

	if (stopped || !s || strcmp(s, where))
		return;
	stopped = 1;
	note(where, NULL, 0);
	raise(SIGSTOP);
}

__attribute__((destructor)) static void memscan_fini(void)
{
	note("exit", NULL, 0);
	stop_at("exit");
}

int EVP_DigestSignInit(EVP_MD_CTX *ctx, EVP_PKEY_CTX **pctx, const EVP_MD *type, ENGINE *e,
		       EVP_PKEY *pkey)
{
	stop_at("EVP_DigestSignInit");
	return REAL(EVP_DigestSignInit)(ctx, pctx, type, e, pkey);
}

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
	uintptr_t ra = (uintptr_t)__builtin_return_address(0);
	ssize_t r = REAL(getrandom)(buf, len, flags);

	if (r > 0 && ra >= exe_lo && ra < exe_hi)
		note("rand", buf, r);
	return r;
}

EVP_PKEY *EVP_PKEY_new_raw_private_key(int type, ENGINE *e, const unsigned char *priv,
				       size_t len)
{
	stop_at("EVP_PKEY_new_raw_private_key");
	note("priv", priv, len);
	return REAL(EVP_PKEY_new_raw_private_key)(type, e, priv, len);
}

int EVP_DecryptInit_ex(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *type, ENGINE *impl,
		       const unsigned char *key, const unsigned char *iv)
{
	int r = REAL(EVP_DecryptInit_ex)(ctx, type, impl, key, iv);

	if (key && r == 1)
		note("key", key, EVP_CIPHER_CTX_get_key_length(ctx));
	return r;
}

int EVP_PKEY_CTX_set1_hkdf_key(EVP_PKEY_CTX *ctx, const unsigned char *key, int keylen)
{
	note("hkdf", key, keylen);
	return REAL(EVP_PKEY_CTX_set1_hkdf_key)(ctx, key, keylen);
}

int EVP_PKEY_derive(EVP_PKEY_CTX *ctx, unsigned char *key, size_t *keylen)
{
	int r = REAL(EVP_PKEY_derive)(ctx, key, keylen);

	if (r == 1 && key)
		note("kek", key, *keylen);
	return r;
}
