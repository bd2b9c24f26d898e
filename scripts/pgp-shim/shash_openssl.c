// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace implementation of the kernel's crypto_shash API on OpenSSL's
 * low-level digest functions.  Those keep their whole state in a plain
 * struct, which lives inside the shash_desc exactly like a kernel shash
 * context, so no per-desc heap allocation exists to leak.  OpenSSL 3.0 has
 * no such functions for SHA-3: SHA3-256 and SHA3-512 are a small Keccak
 * sponge here (FIPS 202), checked against OpenSSL's EVP by the host tests'
 * known answers.
 */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/md5.h>
#include <openssl/sha.h>
#include <crypto/hash.h>
#include <crypto/sha2.h>

enum compat_alg { C_MD5, C_SHA1, C_SHA224, C_SHA256, C_SHA384, C_SHA512, C_SHA3_256,
		  C_SHA3_512 };

struct crypto_shash {
	enum compat_alg alg;
	const char *name;
	unsigned int digestsize, blocksize;
};

/* The Keccak-f[1600] sponge of SHA3-256 (rate 136) and SHA3-512 (rate 72) */
struct compat_sha3 {
	u64 a[25];
	unsigned int rate, pos;
};

union compat_hash_state {
	MD5_CTX md5;
	SHA_CTX sha1;
	SHA256_CTX sha256;
	SHA512_CTX sha512;
	struct compat_sha3 sha3;
};

static void compat_keccak(u64 a[25])
{
	static const u64 rc[24] = {
		0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
		0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
		0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
		0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
		0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
		0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
		0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
		0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
	};
	/* rho offsets and pi destinations, in the order lane 1 is carried along */
	static const int rho[24] = { 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14,
				     27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44 };
	static const int pi[24] = { 10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4,
				    15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1 };
	u64 c[5], t, u;
	int r, x, y, i;

	for (r = 0; r < 24; r++) {
		for (x = 0; x < 5; x++)
			c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
		for (x = 0; x < 5; x++) {
			t = c[(x + 4) % 5] ^ (c[(x + 1) % 5] << 1 | c[(x + 1) % 5] >> 63);
			for (y = 0; y < 25; y += 5)
				a[y + x] ^= t;
		}
		t = a[1];
		for (i = 0; i < 24; i++) {
			u = a[pi[i]];
			a[pi[i]] = t << rho[i] | t >> (64 - rho[i]);
			t = u;
		}
		for (y = 0; y < 25; y += 5) {
			for (x = 0; x < 5; x++)
				c[x] = a[y + x];
			for (x = 0; x < 5; x++)
				a[y + x] = c[x] ^ (~c[(x + 1) % 5] & c[(x + 2) % 5]);
		}
		a[0] ^= rc[r];
	}
}

static void compat_sha3_init(struct compat_sha3 *s, unsigned int rate)
{
	memset(s, 0, sizeof(*s));
	s->rate = rate;
}

static void compat_sha3_byte(struct compat_sha3 *s, unsigned int i, u8 b)
{
	s->a[i / 8] ^= (u64)b << (8 * (i % 8));
}

static void compat_sha3_update(struct compat_sha3 *s, const u8 *data, size_t len)
{
	while (len--) {
		compat_sha3_byte(s, s->pos++, *data++);
		if (s->pos == s->rate) {
			compat_keccak(s->a);
			s->pos = 0;
		}
	}
}

static void compat_sha3_final(struct compat_sha3 *s, u8 *out, unsigned int n)
{
	unsigned int i;

	compat_sha3_byte(s, s->pos, 0x06);	/* SHA-3 domain bits 01, then pad10*1 */
	compat_sha3_byte(s, s->rate - 1, 0x80);
	compat_keccak(s->a);
	for (i = 0; i < n; i++)
		out[i] = s->a[i / 8] >> (8 * (i % 8));
	memset(s, 0, sizeof(*s));
}

static const struct crypto_shash compat_algs[] = {
	{ C_MD5, "md5", 16, 64 },
	{ C_SHA1, "sha1", 20, 64 },
	{ C_SHA224, "sha224", 28, 64 },
	{ C_SHA256, "sha256", 32, 64 },
	{ C_SHA384, "sha384", 48, 128 },
	{ C_SHA512, "sha512", 64, 128 },
	{ C_SHA3_256, "sha3-256", 32, 136 },
	{ C_SHA3_512, "sha3-512", 64, 72 },
};

static bool compat_disabled[ARRAY_SIZE(compat_algs)];
unsigned long compat_shash_nonoload;

_Static_assert(sizeof(union compat_hash_state) <= 360, "descsize");

void compat_shash_disable(const char *name, bool disabled)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(compat_algs); i++)
		if (!strcmp(compat_algs[i].name, name))
			compat_disabled[i] = disabled;
}

struct crypto_shash *crypto_alloc_shash(const char *alg_name, u32 type, u32 mask)
{
	struct crypto_shash *tfm;
	size_t i;

	if (!(mask & CRYPTO_NOLOAD))
		compat_shash_nonoload++;
	for (i = 0; i < ARRAY_SIZE(compat_algs); i++) {
		if (strcmp(compat_algs[i].name, alg_name))
			continue;
		if (compat_disabled[i])
			return ERR_PTR(-ENOENT);
		tfm = kmalloc(sizeof(*tfm), GFP_KERNEL);
		if (!tfm)
			return ERR_PTR(-ENOMEM);
		*tfm = compat_algs[i];
		return tfm;
	}
	return ERR_PTR(-ENOENT);
}

int crypto_has_shash(const char *alg_name, u32 type, u32 mask)
{
	struct crypto_shash *tfm = crypto_alloc_shash(alg_name, type, mask);

	if (IS_ERR(tfm))
		return 0;
	crypto_free_shash(tfm);
	return 1;
}

void crypto_free_shash(struct crypto_shash *tfm)
{
	if (!IS_ERR_OR_NULL(tfm))
		kfree(tfm);
}

unsigned int crypto_shash_digestsize(struct crypto_shash *tfm)
{
	return tfm->digestsize;
}

unsigned int crypto_shash_blocksize(struct crypto_shash *tfm)
{
	return tfm->blocksize;
}

unsigned int crypto_shash_descsize(struct crypto_shash *tfm)
{
	return sizeof(union compat_hash_state);
}

unsigned int crypto_shash_statesize(struct crypto_shash *tfm)
{
	return sizeof(union compat_hash_state);
}

int crypto_shash_export(struct shash_desc *desc, void *out)
{
	memcpy(out, shash_desc_ctx(desc), sizeof(union compat_hash_state));
	return 0;
}

int crypto_shash_import(struct shash_desc *desc, const void *in)
{
	memcpy(shash_desc_ctx(desc), in, sizeof(union compat_hash_state));
	return 0;
}

const char *crypto_shash_alg_name(struct crypto_shash *tfm)
{
	return tfm->name;
}

int crypto_shash_init(struct shash_desc *desc)
{
	union compat_hash_state *st = shash_desc_ctx(desc);

	switch (desc->tfm->alg) {
	case C_MD5:
		MD5_Init(&st->md5);
		break;
	case C_SHA1:
		SHA1_Init(&st->sha1);
		break;
	case C_SHA224:
		SHA224_Init(&st->sha256);
		break;
	case C_SHA256:
		SHA256_Init(&st->sha256);
		break;
	case C_SHA384:
		SHA384_Init(&st->sha512);
		break;
	case C_SHA512:
		SHA512_Init(&st->sha512);
		break;
	case C_SHA3_256:
		compat_sha3_init(&st->sha3, 136);
		break;
	case C_SHA3_512:
		compat_sha3_init(&st->sha3, 72);
		break;
	}
	return 0;
}

int crypto_shash_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	union compat_hash_state *st = shash_desc_ctx(desc);

	switch (desc->tfm->alg) {
	case C_MD5:
		MD5_Update(&st->md5, data, len);
		break;
	case C_SHA1:
		SHA1_Update(&st->sha1, data, len);
		break;
	case C_SHA224:
		SHA224_Update(&st->sha256, data, len);
		break;
	case C_SHA256:
		SHA256_Update(&st->sha256, data, len);
		break;
	case C_SHA384:
		SHA384_Update(&st->sha512, data, len);
		break;
	case C_SHA512:
		SHA512_Update(&st->sha512, data, len);
		break;
	case C_SHA3_256:
	case C_SHA3_512:
		compat_sha3_update(&st->sha3, data, len);
		break;
	}
	return 0;
}

int crypto_shash_final(struct shash_desc *desc, u8 *out)
{
	union compat_hash_state *st = shash_desc_ctx(desc);

	switch (desc->tfm->alg) {
	case C_MD5:
		MD5_Final(out, &st->md5);
		break;
	case C_SHA1:
		SHA1_Final(out, &st->sha1);
		break;
	case C_SHA224:
		SHA224_Final(out, &st->sha256);
		break;
	case C_SHA256:
		SHA256_Final(out, &st->sha256);
		break;
	case C_SHA384:
		SHA384_Final(out, &st->sha512);
		break;
	case C_SHA512:
		SHA512_Final(out, &st->sha512);
		break;
	case C_SHA3_256:
		compat_sha3_final(&st->sha3, out, 32);
		break;
	case C_SHA3_512:
		compat_sha3_final(&st->sha3, out, 64);
		break;
	}
	return 0;
}

int crypto_shash_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	crypto_shash_update(desc, data, len);
	return crypto_shash_final(desc, out);
}

int crypto_shash_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	crypto_shash_init(desc);
	return crypto_shash_finup(desc, data, len, out);
}

int crypto_shash_tfm_digest(struct crypto_shash *tfm, const u8 *data,
			    unsigned int len, u8 *out)
{
	SHASH_DESC_ON_STACK(desc, tfm);

	desc->tfm = tfm;
	return crypto_shash_digest(desc, data, len, out);
}

void sha256(const u8 *data, unsigned int len, u8 *out)
{
	SHA256(data, len, out);
}

_Static_assert(sizeof(struct sha256_state) >= sizeof(SHA256_CTX), "sha256_state");

void sha256_init(struct sha256_state *sctx)
{
	SHA256_Init((SHA256_CTX *)sctx);
}

void sha256_update(struct sha256_state *sctx, const u8 *data, unsigned int len)
{
	SHA256_Update((SHA256_CTX *)sctx, data, len);
}

void sha256_final(struct sha256_state *sctx, u8 *out)
{
	SHA256_Final(out, (SHA256_CTX *)sctx);
	memset(sctx, 0, sizeof(*sctx));
}
