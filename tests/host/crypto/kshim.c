// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace implementations behind kshim.h: allocation accounting, the
 * digest size table, crypto_shash on OpenSSL EVP, and a KUnit runner that
 * prints TAP (used when built with -DKSHIM_KUNIT_MAIN).
 */
#include "kshim.h"

#include <openssl/evp.h>

long kshim_fail_alloc_after = -1;
long kshim_live_allocs;

const int hash_digest_size[HASH_ALGO__LAST] = {
	[HASH_ALGO_MD4] = 16, [HASH_ALGO_MD5] = 16, [HASH_ALGO_SHA1] = 20,
	[HASH_ALGO_RIPE_MD_160] = 20, [HASH_ALGO_SHA256] = 32,
	[HASH_ALGO_SHA384] = 48, [HASH_ALGO_SHA512] = 64,
	[HASH_ALGO_SHA224] = 28, [HASH_ALGO_RIPE_MD_128] = 16,
	[HASH_ALGO_RIPE_MD_256] = 32, [HASH_ALGO_RIPE_MD_320] = 40,
	[HASH_ALGO_WP_256] = 32, [HASH_ALGO_WP_384] = 48, [HASH_ALGO_WP_512] = 64,
	[HASH_ALGO_TGR_128] = 16, [HASH_ALGO_TGR_160] = 20, [HASH_ALGO_TGR_192] = 24,
	[HASH_ALGO_SM3_256] = 32, [HASH_ALGO_STREEBOG_256] = 32,
	[HASH_ALGO_STREEBOG_512] = 64, [HASH_ALGO_SHA3_256] = 32,
	[HASH_ALGO_SHA3_384] = 48, [HASH_ALGO_SHA3_512] = 64,
};

const char *const hash_algo_name[HASH_ALGO__LAST] = {
	[HASH_ALGO_MD4] = "md4", [HASH_ALGO_MD5] = "md5", [HASH_ALGO_SHA1] = "sha1",
	[HASH_ALGO_RIPE_MD_160] = "rmd160", [HASH_ALGO_SHA256] = "sha256",
	[HASH_ALGO_SHA384] = "sha384", [HASH_ALGO_SHA512] = "sha512",
	[HASH_ALGO_SHA224] = "sha224", [HASH_ALGO_RIPE_MD_128] = "rmd128",
	[HASH_ALGO_RIPE_MD_256] = "rmd256", [HASH_ALGO_RIPE_MD_320] = "rmd320",
	[HASH_ALGO_WP_256] = "wp256", [HASH_ALGO_WP_384] = "wp384", [HASH_ALGO_WP_512] = "wp512",
	[HASH_ALGO_TGR_128] = "tgr128", [HASH_ALGO_TGR_160] = "tgr160",
	[HASH_ALGO_TGR_192] = "tgr192", [HASH_ALGO_SM3_256] = "sm3",
	[HASH_ALGO_STREEBOG_256] = "streebog256", [HASH_ALGO_STREEBOG_512] = "streebog512",
	[HASH_ALGO_SHA3_256] = "sha3-256", [HASH_ALGO_SHA3_384] = "sha3-384",
	[HASH_ALGO_SHA3_512] = "sha3-512",
};

struct crypto_shash {
	const EVP_MD *md;
};

struct crypto_shash *crypto_alloc_shash(const char *name, u32 type, u32 mask)
{
	struct crypto_shash *tfm;
	const EVP_MD *md;

	(void)type;
	(void)mask;
	if (!strcmp(name, "sha512"))
		md = EVP_sha512();
	else if (!strcmp(name, "sha256"))
		md = EVP_sha256();
	else
		return ERR_PTR(-ENOENT);
	tfm = kmalloc(sizeof(*tfm), GFP_KERNEL);
	if (!tfm)
		return ERR_PTR(-ENOMEM);
	tfm->md = md;
	return tfm;
}

void crypto_free_shash(struct crypto_shash *tfm)
{
	if (tfm && !IS_ERR(tfm))
		kfree(tfm);
}

unsigned int crypto_shash_digestsize(struct crypto_shash *tfm)
{
	return EVP_MD_get_size(tfm->md);
}

unsigned int crypto_shash_descsize(struct crypto_shash *tfm)
{
	(void)tfm;
	return 0;
}

int crypto_shash_init(struct shash_desc *desc)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();

	if (!c)
		return -ENOMEM;
	if (!EVP_DigestInit_ex(c, desc->tfm->md, NULL)) {
		EVP_MD_CTX_free(c);
		return -EINVAL;
	}
	desc->ctx = c;
	return 0;
}

int crypto_shash_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	return EVP_DigestUpdate(desc->ctx, data, len) ? 0 : -EINVAL;
}

int crypto_shash_final(struct shash_desc *desc, u8 *out)
{
	int ok = EVP_DigestFinal_ex(desc->ctx, out, NULL);

	EVP_MD_CTX_free(desc->ctx);
	desc->ctx = NULL;
	return ok ? 0 : -EINVAL;
}

int crypto_shash_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out)
{
	int ret = crypto_shash_init(desc);

	if (!ret)
		ret = crypto_shash_update(desc, data, len);
	if (!ret)
		return crypto_shash_final(desc, out);
	EVP_MD_CTX_free(desc->ctx);
	desc->ctx = NULL;
	return ret;
}

int crypto_shash_tfm_digest(struct crypto_shash *tfm, const u8 *data, unsigned int len, u8 *out)
{
	struct shash_desc d = { .tfm = tfm };

	return crypto_shash_digest(&d, data, len, out);
}

/* ---- KUnit subset ---- */

#define KSHIM_MAX_SUITES 16
static struct kunit_suite *suites[KSHIM_MAX_SUITES];
static int nr_suites;

void kshim_register_suite(struct kunit_suite *s)
{
	if (nr_suites < KSHIM_MAX_SUITES)
		suites[nr_suites++] = s;
}

int kshim_check(struct kunit *t, bool ok, const char *file, int line, const char *expr)
{
	if (!ok) {
		t->failed++;
		fprintf(stderr, "# %s: %s:%d: expectation failed: %s\n", t->name, file, line, expr);
	}
	return ok;
}

#define KSHIM_MAX_KALLOC 256
static void *kunit_allocs[KSHIM_MAX_KALLOC];
static int nr_kunit_allocs;

void *kunit_kmalloc(struct kunit *t, size_t size, gfp_t gfp)
{
	void *p;

	(void)t;
	(void)gfp;
	if (nr_kunit_allocs == KSHIM_MAX_KALLOC)
		return NULL;
	p = malloc(size ? size : 1);
	if (p)
		kunit_allocs[nr_kunit_allocs++] = p;
	return p;
}

#ifdef KSHIM_KUNIT_MAIN
int main(void)
{
	int total = 0, failed = 0, i, n = 0;
	struct kunit_case *c;

	for (i = 0; i < nr_suites; i++)
		for (c = suites[i]->test_cases; c->run_case; c++)
			total++;
	printf("1..%d\n", total);
	for (i = 0; i < nr_suites; i++) {
		for (c = suites[i]->test_cases; c->run_case; c++) {
			struct kunit t = { .name = c->name };
			long live = kshim_live_allocs;

			if (suites[i]->init && suites[i]->init(&t)) {
				t.failed++;
			} else {
				c->run_case(&t);
				if (suites[i]->exit)
					suites[i]->exit(&t);
			}
			while (nr_kunit_allocs)
				free(kunit_allocs[--nr_kunit_allocs]);
			kshim_fail_alloc_after = -1;
			if (kshim_live_allocs != live) {
				fprintf(stderr, "# %s: leaked %ld kmalloc blocks\n", c->name,
					kshim_live_allocs - live);
				t.failed++;
			}
			n++;
			if (t.failed)
				failed++;
			printf("%sok %d - %s.%s\n", t.failed ? "not " : "", n,
			       suites[i]->name, c->name);
		}
	}
	fprintf(stderr, "# %d passed, %d failed\n", total - failed, failed);
	return failed ? 1 : 0;
}
#endif
