// SPDX-License-Identifier: GPL-2.0
/*
 * Host-only KUnit cases for crypto/pgp that need the compatibility layer's
 * test hooks (tests/compat): a hash that is not built in, allocation
 * failures, the CRYPTO_NOLOAD rule, and silence on hostile input.  Linked
 * into the same binary as crypto/pgp/tests/pgp_kunit.c by run.sh.
 */
#include <kunit/test.h>
#include <crypto/hash.h>
#include <crypto/pgp.h>
#include "../../../crypto/pgp/tests/pgp_kunit_vectors.h"

static void first_packet(struct kunit *test, const u8 *buf, size_t len, struct pgp_packet *pkt)
{
	const u8 *p = buf;

	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, buf + len, pkt), 0);
}

/* Missing hash: reported as -ENOPKG, never loaded */
static void pgp_host_hash_not_built_in(struct kunit *test)
{
	struct pgp_packet kp, sp;
	struct pgp_pubkey key;
	struct pgp_sig sig;
	struct pgp_hash_ctx *ctx, *copy;

	first_packet(test, pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key), &kp);
	first_packet(test, pgp_vec_rsa2048_sig, sizeof(pgp_vec_rsa2048_sig), &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(sp.body, sp.len, &sig, false), 0);

	compat_shash_disable("sha1", true);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &key), -ENOPKG);
	compat_shash_disable("sha1", false);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &key), 0);

	compat_shash_disable("sha256", true);
	KUNIT_EXPECT_EQ(test, pgp_hash_init(&ctx, &sig), -ENOPKG);
	KUNIT_EXPECT_NULL(test, ctx);
	compat_shash_disable("sha256", false);

	/*
	 * A copy stays on the transform of the digest it copies: it does not
	 * look the name up again, so what "sha256" names meanwhile (here:
	 * nothing) does not matter.
	 */
	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
	compat_shash_disable("sha256", true);
	KUNIT_EXPECT_EQ(test, pgp_hash_clone(&copy, ctx), 0);
	KUNIT_EXPECT_NOT_NULL(test, copy);
	compat_shash_disable("sha256", false);
	pgp_hash_free(copy);
	pgp_hash_free(ctx);
}

/*
 * Ed25519 hashes with SHA-512 internally: without it the kernel verifier
 * reports -ENOENT, which must reach the caller as -ENOPKG.  (The OpenSSL
 * oracle build does not use the crypto API for that, so it still verifies.)
 */
static void pgp_host_ed25519_without_sha512(struct kunit *test)
{
	struct pgp_packet kp, sp;
	struct pgp_pubkey key;
	struct pgp_sig sig;
	struct pgp_hash_ctx *ctx;
	int ret;

	first_packet(test, pgp_vec_ed25519_key, sizeof(pgp_vec_ed25519_key), &kp);
	first_packet(test, pgp_vec_ed25519_sig, sizeof(pgp_vec_ed25519_sig), &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &key), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(sp.body, sp.len, &sig, false), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
	pgp_hash_update(ctx, pgp_vec_msg, sizeof(pgp_vec_msg));
	compat_shash_disable("sha512", true);
	ret = pgp_sig_verify(ctx, &sig, &key);
	compat_shash_disable("sha512", false);
	if (!IS_REACHABLE(CONFIG_CRYPTO_ED25519) || IS_ENABLED(PGP_HOST_KERNEL_MATHS))
		KUNIT_EXPECT_EQ(test, ret, -ENOPKG);
	else
		KUNIT_EXPECT_EQ(test, ret, 0);
}

static void pgp_host_enomem(struct kunit *test)
{
	struct pgp_packet kp, sp;
	struct pgp_pubkey key;
	struct pgp_sig sig;
	struct pgp_hash_ctx *ctx, *copy;
	long k;
	int ret;

	first_packet(test, pgp_vec_dsa2048_key, sizeof(pgp_vec_dsa2048_key), &kp);
	first_packet(test, pgp_vec_dsa2048_sig, sizeof(pgp_vec_dsa2048_sig), &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(sp.body, sp.len, &sig, false), 0);

	compat_alloc_fail_after = 0;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &key), -ENOMEM);
	KUNIT_EXPECT_EQ(test, pgp_hash_init(&ctx, &sig), -ENOMEM);
	compat_alloc_fail_after = -1;

	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &key), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
	/* each allocation of the clone fails in turn, then it succeeds */
	for (k = 0; k < 8; k++) {
		compat_alloc_fail_after = k;
		ret = pgp_hash_clone(&copy, ctx);
		compat_alloc_fail_after = -1;
		if (!ret)
			break;
		KUNIT_EXPECT_EQ(test, ret, -ENOMEM);
		KUNIT_EXPECT_NULL(test, copy);
	}
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_GT(test, k, 0L);
	pgp_hash_free(copy);
	pgp_hash_update(ctx, pgp_vec_msg, sizeof(pgp_vec_msg));
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(ctx, &sig, &key), 0);
}

/* Hostile input is rejected quietly: no log line an attacker can flood */
static void pgp_host_silent_on_garbage(struct kunit *test)
{
	unsigned long before[5], i;
	struct pgp_pubkey key;
	struct pgp_sig sig;
	u8 buf[64];

	for (i = 0; i < 5; i++)
		before[i] = compat_printk_count[i];
	for (i = 0; i < 4096; i++) {
		size_t n = 1 + i % sizeof(buf);

		memset(buf, (int)i, sizeof(buf));
		buf[0] = 4;
		buf[1] = i >> 4;
		pgp_parse_sig(buf, n, &sig, false);
		pgp_parse_pubkey(buf, n, &key);
	}
	for (i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ(test, compat_printk_count[i], before[i]);
}

/* Must run last in this suite: nothing so far asked for a module load */
static void pgp_host_never_autoloads(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, compat_shash_nonoload, 0UL);
}

static struct kunit_case pgp_host_cases[] = {
	KUNIT_CASE(pgp_host_hash_not_built_in),
	KUNIT_CASE(pgp_host_ed25519_without_sha512),
	KUNIT_CASE(pgp_host_enomem),
	KUNIT_CASE(pgp_host_silent_on_garbage),
	KUNIT_CASE(pgp_host_never_autoloads),
	{}
};

static struct kunit_suite pgp_host_suite = {
	.name = "pgp-host",
	.test_cases = pgp_host_cases,
};

kunit_test_suite(pgp_host_suite);
