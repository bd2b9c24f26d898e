// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the built-in OpenPGP keyring parser and lookup: the key
 * usability rules of keyring_parse.c on keyrings made with gpg
 * (keyring_kunit_vectors.h, from tests/vectors/gen-keyring-vectors.sh), and
 * on v6 certificates (keyring_kunit_v6.h, from gen-pgpv6-vectors.sh).
 */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <crypto/pgp_compat.h>
#include <keys/pgp_keys.h>
#include "keyring_kunit_vectors.h"
#include "keyring_kunit_crafted.h"
#include "keyring_kunit_v6.h"

struct kv_ctx {
	struct pgp_builtin_key *keys;
	unsigned int nr;
};

static int kv_init(struct kunit *test)
{
	struct kv_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->keys = kunit_kcalloc(test, PGP_KEYS_MAX, sizeof(*c->keys), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->keys);
	test->priv = c;
	return 0;
}

/* Parse @ring and expect @want keys. */
static struct kv_ctx *kv_parse(struct kunit *test, const u8 *ring, size_t len,
			       int want)
{
	struct kv_ctx *c = test->priv;
	int nr;

	nr = pgp_keys_parse(ring, len, c->keys, PGP_KEYS_MAX, false);
	KUNIT_ASSERT_EQ(test, nr, want);
	c->nr = nr;
	return c;
}

/* Look @fpr up at @t; expect @want (0 = found, and then that very key). */
static void kv_expect(struct kunit *test, const struct kv_ctx *c,
		      const u8 *fpr, u32 t, int want)
{
	const struct pgp_builtin_key *k;
	int why = 1;

	k = pgp_keys_lookup(c->keys, c->nr, fpr, PGP_V4_FPR_LEN, NULL, t, &why);
	KUNIT_EXPECT_EQ(test, why, want);
	if (want) {
		KUNIT_EXPECT_NULL(test, k);
	} else {
		KUNIT_ASSERT_NOT_NULL(test, k);
		KUNIT_EXPECT_MEMEQ(test, k->pub.fpr, fpr, PGP_V4_FPR_LEN);
	}
}

#define KV_PARSE(test, name, want) kv_parse(test, name, sizeof(name), want)
#define KV_NOW	(KV_T_2024 + 86400)

static void kv_good_key(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv_good, 1);
	const struct pgp_builtin_key *k;
	u8 unknown[PGP_V4_FPR_LEN];
	int why = 1;

	KUNIT_EXPECT_EQ(test, c->keys[0].primary, -1);
	KUNIT_EXPECT_FALSE(test, c->keys[0].revoked);
	KUNIT_EXPECT_TRUE(test, c->keys[0].can_sign);
	KUNIT_EXPECT_EQ(test, c->keys[0].expires, 0u);
	KUNIT_EXPECT_EQ(test, c->keys[0].pub.algo, PGP_PUBKEY_DSA);
	KUNIT_EXPECT_EQ(test, c->keys[0].pub.bits, 2048u);
	kv_expect(test, c, kv_good_fpr, KV_NOW, 0);
	/* by key ID (the low 8 bytes of a v4 fingerprint) */
	k = pgp_keys_lookup(c->keys, c->nr, NULL, 0, kv_good_fpr + 12, KV_NOW, &why);
	KUNIT_EXPECT_EQ(test, why, 0);
	KUNIT_EXPECT_PTR_EQ(test, k, &c->keys[0]);
	/* a signature made before the key existed */
	kv_expect(test, c, kv_good_fpr, KV_T_2024 - 1, -EKEYEXPIRED);
	memcpy(unknown, kv_good_fpr, sizeof(unknown));
	unknown[19] ^= 1;
	kv_expect(test, c, unknown, KV_NOW, -ENOKEY);
}

static void kv_listing(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv_good, 1);
	char line[256];
	int n;

	n = pgp_keys_describe(c->keys, c->nr, 0, KV_NOW, line, sizeof(line));
	KUNIT_ASSERT_GT(test, n, 0);
	KUNIT_EXPECT_EQ(test, (size_t)n, strlen(line));
	KUNIT_EXPECT_NOT_NULL(test, strstr(line, " dsa 2048 usable primary "));
	KUNIT_EXPECT_NOT_NULL(test, strstr(line, "\"KUnit Good <good@kunit.example>\"\n"));
	KUNIT_EXPECT_EQ(test, pgp_keys_describe(c->keys, c->nr, 1, KV_NOW, line,
						sizeof(line)), -EINVAL);
	KUNIT_EXPECT_EQ(test, pgp_keys_describe(c->keys, c->nr, 0, KV_NOW, line, 20),
			-ENOSPC);
}

static void kv_no_self_signature(struct kunit *test)
{
	KV_PARSE(test, kv_noself, 0);
}

static void kv_signing_subkey(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv_sub, 2);

	KUNIT_EXPECT_FALSE(test, c->keys[0].can_sign);
	KUNIT_EXPECT_EQ(test, c->keys[1].primary, 0);
	kv_expect(test, c, kv_sub_sign_fpr, KV_NOW, 0);
	/* certify-only primary, and a subkey without the sign flag */
	kv_expect(test, c, kv_sub_fpr, KV_NOW, -ENOKEY);
	kv_expect(test, c, kv_sub_auth_fpr, KV_NOW, -ENOKEY);
}

static void kv_no_back_signature(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv_noback, 1);

	kv_expect(test, c, kv_sub_sign_fpr, KV_NOW, -ENOKEY);
}

static void kv_bad_back_signature(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv_badback, 1);

	kv_expect(test, c, kv_sub_sign_fpr, KV_NOW, -ENOKEY);
}

static void kv_revoked_primary(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv_revoked, 2);

	KUNIT_EXPECT_TRUE(test, c->keys[0].revoked);
	kv_expect(test, c, kv_revoked_fpr, KV_NOW, -EKEYREVOKED);
	kv_expect(test, c, kv_revoked_sub_fpr, KV_NOW, -EKEYREVOKED);
}

static void kv_revoked_subkey(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv_subrev, 2);

	kv_expect(test, c, kv_subrev_fpr, KV_NOW, 0);
	kv_expect(test, c, kv_subrev_sub_fpr, KV_NOW, -EKEYREVOKED);
}

static void kv_expiry_at_signature_time(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv_expiring, 2);

	KUNIT_EXPECT_EQ(test, c->keys[0].expires, KV_T_2020_EXPIRY);
	KUNIT_EXPECT_EQ(test, c->keys[1].expires, KV_T_2020_SUB_EXPIRY);
	kv_expect(test, c, kv_expiring_fpr, KV_T_2020_EXPIRY - 1, 0);
	kv_expect(test, c, kv_expiring_fpr, KV_T_2020_EXPIRY, -EKEYEXPIRED);
	kv_expect(test, c, kv_expiring_fpr, KV_T_2020 - 1, -EKEYEXPIRED);
	kv_expect(test, c, kv_expiring_sub_fpr, KV_T_2020_SUB + 86400, 0);
	kv_expect(test, c, kv_expiring_sub_fpr, KV_T_2020_SUB_EXPIRY, -EKEYEXPIRED);
}

/* Ed25519 keys are usable when the kernel has Ed25519 built in. */
static void kv_ed25519_key(struct kunit *test)
{
	struct kv_ctx *c = test->priv;
	int nr;

	nr = pgp_keys_parse(kv_ed25519, sizeof(kv_ed25519), c->keys, PGP_KEYS_MAX, false);
	if (!IS_BUILTIN(CONFIG_CRYPTO_ED25519) && nr == 0)
		kunit_skip(test, "Ed25519 verification not built in");
	KUNIT_ASSERT_EQ(test, nr, 1);
	c->nr = nr;
	KUNIT_EXPECT_EQ(test, c->keys[0].pub.algo, PGP_PUBKEY_EDDSA_LEGACY);
	kv_expect(test, c, kv_ed25519_fpr, KV_NOW, 0);
}

/* Look a v6 key up by its 32-octet fingerprint and by its key ID (its first 8 octets). */
static void kv6_expect_at(struct kunit *test, const struct kv_ctx *c, const u8 *fpr, u32 t,
			  int want)
{
	const struct pgp_builtin_key *k;
	int why = 1;

	k = pgp_keys_lookup(c->keys, c->nr, fpr, PGP_V6_FPR_LEN, NULL, t, &why);
	KUNIT_EXPECT_EQ(test, why, want);
	if (!want) {
		KUNIT_ASSERT_NOT_NULL(test, k);
		KUNIT_EXPECT_MEMEQ(test, k->pub.fpr, fpr, PGP_V6_FPR_LEN);
		KUNIT_EXPECT_EQ(test, k->pub.version, 6);
		k = pgp_keys_lookup(c->keys, c->nr, NULL, 0, fpr, t, &why);
		KUNIT_EXPECT_EQ(test, why, 0);
		KUNIT_EXPECT_NOT_NULL(test, k);
	}
}

static void kv6_expect(struct kunit *test, const struct kv_ctx *c, const u8 *fpr, int want)
{
	kv6_expect_at(test, c, fpr, KV_NOW, want);
}

/* ML-DSA-65+Ed25519 v6 keys: a primary and its composite signing subkey. */
static void kv6_composite_test(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv6_composite, 2);
	char line[256], algo[PGP_KEYS_ALGO_MAX];
	int n;

	KUNIT_EXPECT_EQ(test, c->keys[0].pub.algo, PGP_PUBKEY_MLDSA65_ED25519);
	KUNIT_EXPECT_TRUE(test, c->keys[0].can_sign);
	KUNIT_EXPECT_TRUE(test, c->keys[0].can_certify);
	KUNIT_EXPECT_EQ(test, c->keys[1].primary, 0);
	KUNIT_EXPECT_NOT_NULL(test, c->keys[1].binding);
	kv6_expect(test, c, kv6_composite_fpr, 0);
	kv6_expect(test, c, kv6_composite_sub_fpr, 0);
	n = pgp_keys_describe(c->keys, c->nr, 1, KV_NOW, line, sizeof(line));
	KUNIT_ASSERT_GT(test, n, 0);
	/* its size: its public key material (1952 + 32 octets), as OpenSSL counts ML-DSA */
	KUNIT_EXPECT_NOT_NULL(test, strstr(line, " mldsa65-ed25519 15872 usable subkey-of-"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(line, "\"KUnit v6 <kv6@kunit.example>\"\n"));
	KUNIT_EXPECT_STREQ(test, pgp_keys_algo(algo, &c->keys[0].pub), "mldsa65-ed25519");
}

static void kv6_ed25519_test(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv6_ed25519, 2);
	char algo[PGP_KEYS_ALGO_MAX];

	KUNIT_EXPECT_EQ(test, c->keys[0].pub.algo, PGP_PUBKEY_ED25519);
	kv6_expect(test, c, kv6_ed25519_fpr, 0);
	kv6_expect(test, c, kv6_ed25519_sub_fpr, 0);
	/* the name alone: "ed25519255" ran the name and the size together */
	KUNIT_EXPECT_STREQ(test, pgp_keys_algo(algo, &c->keys[1].pub), "ed25519");
	KUNIT_EXPECT_EQ(test, pgp_keys_bits(&c->keys[1].pub), 255u);
}

/* A v6 key needs a direct-key self-signature (RFC 9580 5.2.3.10). */
static void kv6_no_direct_key_signature(struct kunit *test)
{
	KV_PARSE(test, kv6_no_direct, 0);
}

/* A v6 primary takes v6 subkeys only. */
static void kv6_v4_subkey_test(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv6_v4_subkey, 1);

	kv6_expect(test, c, kv6_ed25519_fpr, 0);
}

static void kv6_revoked_test(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv6_revoked, 1);

	KUNIT_EXPECT_TRUE(test, c->keys[0].revoked);
	KUNIT_EXPECT_NOT_NULL(test, c->keys[0].revocation);
	kv6_expect(test, c, kv6_composite_fpr, -EKEYREVOKED);
}

/* The standards' sample certificates (their X25519 subkey: no signing key). */
static void kv6_standards(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv6_rfc9580, 1);
	int nr;

	kv6_expect(test, c, kv6_rfc9580_fpr, 0);
	/* its self-signatures hash with SHA3-256, which may not be built in */
	nr = pgp_keys_parse(kv6_rfc9980, sizeof(kv6_rfc9980), c->keys, PGP_KEYS_MAX, false);
	if (!crypto_has_shash("sha3-256", 0, CRYPTO_NOLOAD)) {
		KUNIT_EXPECT_EQ(test, nr, 0);
		kunit_skip(test, "SHA3-256 not built in: the RFC 9980 sample key is not usable");
	}
	KUNIT_ASSERT_EQ(test, nr, 1);
	c->nr = nr;
	/* made on 2025-01-01: not valid before */
	kv6_expect_at(test, c, kv6_rfc9980_fpr, 1735689600, 0);
	kv6_expect_at(test, c, kv6_rfc9980_fpr, 1735689599, -EKEYEXPIRED);
}

/*
 * SLH-DSA v6 keys (RFC 9980 6): a primary whose self-signatures are
 * SLH-DSA-SHAKE-128f ones, with a composite signing subkey; the standard's
 * SLH-DSA-SHAKE-256s and -128f samples (direct-key signatures over SHA2-512
 * and SHA3-256).  Post-quantum keys, for pgp_keys.pq_only.
 */
static void kv6_slhdsa_test(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE(test, kv6_slhdsa, 2);
	char algo[PGP_KEYS_ALGO_MAX];
	int nr;

	KUNIT_EXPECT_EQ(test, c->keys[0].pub.algo, PGP_PUBKEY_SLHDSA_SHAKE_128F);
	KUNIT_EXPECT_TRUE(test, c->keys[0].can_sign);
	KUNIT_EXPECT_TRUE(test, c->keys[0].can_certify);
	KUNIT_EXPECT_EQ(test, c->keys[1].primary, 0);
	kv6_expect(test, c, kv6_slhdsa_fpr, 0);
	KUNIT_EXPECT_STREQ(test, pgp_keys_algo(algo, &c->keys[0].pub), "slhdsa128f");
	KUNIT_EXPECT_EQ(test, pgp_keys_bits(&c->keys[0].pub), 256u);
	KUNIT_EXPECT_TRUE(test, pgp_keys_algo_pq(c->keys[0].pub.algo));
	KUNIT_EXPECT_TRUE(test, pgp_keys_algo_pq(PGP_PUBKEY_SLHDSA_SHAKE_128S));
	KUNIT_EXPECT_TRUE(test, pgp_keys_algo_pq(PGP_PUBKEY_SLHDSA_SHAKE_256S));

	nr = pgp_keys_parse(kv6_rfc9980_slh256s, sizeof(kv6_rfc9980_slh256s), c->keys,
			    PGP_KEYS_MAX, false);
	KUNIT_ASSERT_EQ(test, nr, 1);
	c->nr = nr;
	KUNIT_EXPECT_EQ(test, c->keys[0].pub.algo, PGP_PUBKEY_SLHDSA_SHAKE_256S);
	KUNIT_EXPECT_EQ(test, pgp_keys_bits(&c->keys[0].pub), 512u);
	/* made on 2025-01-01 */
	kv6_expect_at(test, c, kv6_rfc9980_slh256s_fpr, 1735689600, 0);
	kv6_expect_at(test, c, kv6_rfc9980_slh256s_fpr, 1735689599, -EKEYEXPIRED);

	nr = pgp_keys_parse(kv6_rfc9980_slh128f, sizeof(kv6_rfc9980_slh128f), c->keys,
			    PGP_KEYS_MAX, false);
	if (!crypto_has_shash("sha3-256", 0, CRYPTO_NOLOAD)) {
		KUNIT_EXPECT_EQ(test, nr, 0);
		c->nr = 0;
		kunit_skip(test, "SHA3-256 not built in: the RFC 9980 A.6 key is not usable");
	}
	KUNIT_ASSERT_EQ(test, nr, 1);
	c->nr = nr;
	kv6_expect_at(test, c, kv6_rfc9980_slh128f_fpr, 1735689600, 0);
}

/* A keyring cut anywhere inside its last certificate keeps the earlier one. */
static void kv_truncated(struct kunit *test)
{
	struct kv_ctx *c = test->priv;
	size_t cuts[] = { 1, 2, 3, 100, sizeof(kv_sub) / 2, sizeof(kv_sub) - 1 };
	u8 *buf;
	unsigned int i;
	int nr;

	buf = kunit_kmalloc(test, sizeof(kv_good) + sizeof(kv_sub), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memcpy(buf, kv_good, sizeof(kv_good));
	memcpy(buf + sizeof(kv_good), kv_sub, sizeof(kv_sub));
	for (i = 0; i < ARRAY_SIZE(cuts); i++) {
		nr = pgp_keys_parse(buf, sizeof(kv_good) + cuts[i], c->keys,
				    PGP_KEYS_MAX, false);
		KUNIT_EXPECT_GE(test, nr, 1);
		KUNIT_EXPECT_LE(test, nr, 3);
		KUNIT_EXPECT_MEMEQ(test, c->keys[0].pub.fpr, kv_good_fpr, PGP_V4_FPR_LEN);
	}
	/* the whole buffer: three keys; a capacity of two keeps the first two */
	KUNIT_EXPECT_EQ(test, pgp_keys_parse(buf, sizeof(kv_good) + sizeof(kv_sub),
					     c->keys, PGP_KEYS_MAX, false), 3);
	KUNIT_EXPECT_EQ(test, pgp_keys_parse(buf, sizeof(kv_good) + sizeof(kv_sub),
					     c->keys, 2, false), 2);
}

/*
 * Two keys that share a key ID (constructed: the second key's ID is
 * overwritten with the first's, as a forged or unlucky key would have it).
 * A signature naming only that ID is tried against each key in turn, the
 * way the module loader walks pgp_keys_find_next(): the first candidate
 * (RSA) refuses the Ed25519 signature, the second verifies it.
 */
static void kv_keyid_collision(struct kunit *test)
{
	struct kv_ctx *c = test->priv;
	const struct pgp_builtin_key *k;
	struct pgp_hash_ctx *ctx;
	struct pgp_packet pkt;
	struct pgp_sig sig;
	u8 id[PGP_KEYID_LEN];
	const u8 *p;
	int nr, why, ret, tried = 0;
	u32 t;

	p = pgp_vec_ed25519_sig;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, p + sizeof(pgp_vec_ed25519_sig), &pkt), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &sig, false), 0);
	t = sig.creation_time;

	nr = pgp_keys_parse(pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key),
			    c->keys, PGP_KEYS_MAX, false);
	KUNIT_ASSERT_EQ(test, nr, 1);
	nr = pgp_keys_parse(pgp_vec_ed25519_key, sizeof(pgp_vec_ed25519_key),
			    c->keys + 1, PGP_KEYS_MAX - 1, false);
	if (!IS_BUILTIN(CONFIG_CRYPTO_ED25519) && nr == 0)
		kunit_skip(test, "Ed25519 verification not built in");
	KUNIT_ASSERT_EQ(test, nr, 1);
	c->nr = 2;
	KUNIT_EXPECT_EQ(test, pgp_keys_keyid_collisions(c->keys, c->nr), 0u);
	memcpy(id, c->keys[0].pub.keyid, sizeof(id));
	memcpy(c->keys[1].pub.keyid, id, sizeof(id));
	KUNIT_EXPECT_EQ(test, pgp_keys_keyid_collisions(c->keys, c->nr), 1u);

	/* the walk: both keys, in order, then the end */
	k = pgp_keys_lookup_next(c->keys, c->nr, NULL, NULL, 0, id, t, &why);
	KUNIT_EXPECT_PTR_EQ(test, k, &c->keys[0]);
	k = pgp_keys_lookup_next(c->keys, c->nr, k, NULL, 0, id, t, &why);
	KUNIT_EXPECT_PTR_EQ(test, k, &c->keys[1]);
	k = pgp_keys_lookup_next(c->keys, c->nr, k, NULL, 0, id, t, &why);
	KUNIT_EXPECT_NULL(test, k);
	KUNIT_EXPECT_EQ(test, why, -ENOKEY);
	/* a fingerprint still names exactly one key */
	k = pgp_keys_lookup_next(c->keys, c->nr, NULL, c->keys[1].pub.fpr,
				 PGP_V4_FPR_LEN, NULL, t, &why);
	KUNIT_EXPECT_PTR_EQ(test, k, &c->keys[1]);
	KUNIT_EXPECT_NULL(test, pgp_keys_lookup_next(c->keys, c->nr, k,
						     c->keys[1].pub.fpr,
						     PGP_V4_FPR_LEN, NULL,
						     t, &why));
	/* a revoked first candidate is passed over */
	c->keys[0].revoked = true;
	k = pgp_keys_lookup(c->keys, c->nr, NULL, 0, id, t, &why);
	KUNIT_EXPECT_PTR_EQ(test, k, &c->keys[1]);
	c->keys[0].revoked = false;

	/* the Ed25519 signature, by key ID only: verified by the second key */
	ret = -ENOKEY;
	for (k = pgp_keys_lookup(c->keys, c->nr, NULL, 0, id, t, &why);
	     k; k = pgp_keys_lookup_next(c->keys, c->nr, k, NULL, 0, id,
					 t, &why)) {
		tried++;
		KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
		KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, pgp_vec_msg, sizeof(pgp_vec_msg)), 0);
		ret = pgp_sig_verify(ctx, &sig, &k->pub);
		if (!ret)
			break;
		KUNIT_EXPECT_EQ(test, ret, -EKEYREJECTED);
	}
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, tried, 2);
	KUNIT_EXPECT_PTR_EQ(test, k, &c->keys[1]);
}

/* Parse @a followed by @b; expect @want keys and @want_lost problems. */
static struct kv_ctx *kv_parse2(struct kunit *test, const u8 *a, size_t alen,
				const u8 *b, size_t blen, int want,
				unsigned int want_lost)
{
	struct kv_ctx *c = test->priv;
	unsigned int lost = 12345;
	u8 *buf;
	int nr;

	buf = kunit_kmalloc(test, alen + blen + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memcpy(buf, a, alen);
	if (blen)
		memcpy(buf + alen, b, blen);
	nr = pgp_keys_parse_checked(buf, alen + blen, c->keys, PGP_KEYS_MAX,
				    false, &lost);
	if (!IS_BUILTIN(CONFIG_CRYPTO_ED25519) && nr == 0)
		kunit_skip(test, "Ed25519 verification not built in");
	KUNIT_ASSERT_EQ(test, nr, want);
	KUNIT_EXPECT_EQ(test, lost, want_lost);
	c->nr = nr;
	return c;
}

#define KV_PARSE2(test, a, b, want, lost) \
	kv_parse2(test, a, sizeof(a), b, sizeof(b), want, lost)
#define KV_PARSE1(test, a, want, lost) \
	kv_parse2(test, a, sizeof(a), NULL, 0, want, lost)
#define KX_NOW	(KX_T1 + 86400)

/*
 * A subkey revocation (0x28) counts only for a subkey of the certificate
 * whose primary issued it: certificate B cannot revoke A's subkey, nor A's
 * primary, by listing it as a subkey of its own and revoking it there.
 */
static void kv_revocation_scope(struct kunit *test)
{
	struct kv_ctx *c;

	c = KV_PARSE1(test, kx_a, 2, 0);
	kv_expect(test, c, kx_a_fpr, KX_NOW, 0);
	kv_expect(test, c, kx_sa_fpr, KX_NOW, 0);

	c = KV_PARSE2(test, kx_a, kx_b_revokes_sa, 3, 1);
	KUNIT_EXPECT_FALSE(test, c->keys[1].revoked);
	kv_expect(test, c, kx_sa_fpr, KX_NOW, 0);
	kv_expect(test, c, kx_a_fpr, KX_NOW, 0);
	kv_expect(test, c, kx_b_fpr, KX_NOW, 0);
}

static void kv_revocation_scope_primary(struct kunit *test)
{
	struct kv_ctx *c = KV_PARSE2(test, kx_a, kx_b_revokes_a, 3, 1);

	KUNIT_EXPECT_FALSE(test, c->keys[0].revoked);
	kv_expect(test, c, kx_a_fpr, KX_NOW, 0);
	kv_expect(test, c, kx_sa_fpr, KX_NOW, 0);
	kv_expect(test, c, kx_b_fpr, KX_NOW, 0);
}

/*
 * What a keyring holds but the parser cannot read or honour is counted
 * (and logged as an error), so that a build can refuse the keyring; the
 * keyrings gpg made for the other cases count nothing.
 */
static void kv_lost(struct kunit *test)
{
	struct kv_ctx *c;

	KV_PARSE1(test, kv_good, 1, 0);
	KV_PARSE1(test, kv_sub, 2, 0);
	KV_PARSE1(test, kv_revoked, 2, 0);
	KV_PARSE1(test, kv_subrev, 2, 0);
	KV_PARSE1(test, kv_expiring, 2, 0);
	KV_PARSE1(test, kx_a_b, 3, 0);

	/* a key revocation of A issued by B: not honoured, and counted */
	c = KV_PARSE1(test, kx_a_revoked_by_b, 2, 1);
	kv_expect(test, c, kx_a_fpr, KX_NOW, 0);
	/* a designated revoker */
	KV_PARSE1(test, kx_c_designates_b, 1, 1);
	/* A's own revocation, hashed with MD5: cannot be parsed */
	c = KV_PARSE1(test, kx_a_revoked_md5, 2, 1);
	kv_expect(test, c, kx_a_fpr, KX_NOW, 0);
	/* a later copy of A with a newer self-signature */
	KV_PARSE1(test, kx_a_then_newer_a, 2, 1);
	/* a signature packet before the first key */
	KV_PARSE1(test, kx_sig_before_key, 2, 1);
	/* a malformed packet: B after it is not read */
	c = KV_PARSE1(test, kx_a_malformed_b, 2, 1);
	kv_expect(test, c, kx_b_fpr, KX_NOW, -ENOKEY);
}

/*
 * kv_good (a DSA-2048 key with one self-signature) followed by @copies copies
 * of its self-signature and, when @uid_len, a user ID of that many bytes: a
 * run-time certificate with 1 + @copies signatures to verify.
 */
static u8 *kv_grown(struct kunit *test, unsigned int copies, size_t uid_len,
		    size_t *len)
{
	const u8 *p = kv_good, *end = kv_good + sizeof(kv_good), *q;
	size_t sig_len = 0, n = sizeof(kv_good);
	struct pgp_packet pkt;
	const u8 *sig = NULL;
	unsigned int i;
	u8 *buf, *w;

	while (!sig && p < end) {
		q = p;
		KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, end, &pkt), 0);
		if (pkt.tag == PGP_PKT_SIGNATURE) {
			sig = q;
			sig_len = p - q;
		}
	}
	KUNIT_ASSERT_NOT_NULL(test, sig);
	buf = kunit_kmalloc(test, n + copies * sig_len + uid_len + 3, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memcpy(buf, kv_good, n);
	w = buf + n;
	for (i = 0; i < copies; i++, w += sig_len)
		memcpy(w, sig, sig_len);
	if (uid_len) {
		/* a new-format user ID packet, two-octet length (192..8383) */
		*w++ = 0xc0 | PGP_PKT_USER_ID;
		*w++ = ((uid_len - 192) >> 8) + 192;
		*w++ = (uid_len - 192) & 0xff;
		memset(w, 'U', uid_len);
		w += uid_len;
	}
	*len = w - buf;
	return buf;
}

/* What a certificate added at run time may carry: pgp_keys_parse_runtime(). */
static void kv_runtime_limits(struct kunit *test)
{
	struct kv_ctx *c = test->priv;
	unsigned int lost;
	size_t len;
	u8 *cert;

	/* 64 signatures to verify: read as at boot */
	cert = kv_grown(test, PGP_KEYS_CERT_CHECKS_MAX - 1, 0, &len);
	KUNIT_EXPECT_EQ(test, pgp_keys_parse_runtime(cert, len, c->keys, PGP_KEYS_MAX,
						     false, &lost), 1);
	/* 65: refused at run time, read at boot (and by the tools) */
	cert = kv_grown(test, PGP_KEYS_CERT_CHECKS_MAX, 0, &len);
	KUNIT_EXPECT_EQ(test, pgp_keys_parse_runtime(cert, len, c->keys, PGP_KEYS_MAX,
						     false, &lost), -E2BIG);
	KUNIT_EXPECT_EQ(test, pgp_keys_parse(cert, len, c->keys, PGP_KEYS_MAX, false), 1);
	/* a user ID of 4 KiB, and one byte more */
	cert = kv_grown(test, 0, PGP_KEYS_CERT_UID_LEN_MAX, &len);
	KUNIT_EXPECT_EQ(test, pgp_keys_parse_runtime(cert, len, c->keys, PGP_KEYS_MAX,
						     false, &lost), 1);
	cert = kv_grown(test, 0, PGP_KEYS_CERT_UID_LEN_MAX + 1, &len);
	KUNIT_EXPECT_EQ(test, pgp_keys_parse_runtime(cert, len, c->keys, PGP_KEYS_MAX,
						     false, &lost), -E2BIG);
	KUNIT_EXPECT_EQ(test, pgp_keys_parse(cert, len, c->keys, PGP_KEYS_MAX, false), 1);
}

static struct kunit_case pgp_keys_test_cases[] = {
	KUNIT_CASE(kv_good_key),
	KUNIT_CASE(kv_listing),
	KUNIT_CASE(kv_no_self_signature),
	KUNIT_CASE(kv_signing_subkey),
	KUNIT_CASE(kv_no_back_signature),
	KUNIT_CASE(kv_bad_back_signature),
	KUNIT_CASE(kv_revoked_primary),
	KUNIT_CASE(kv_revoked_subkey),
	KUNIT_CASE(kv_expiry_at_signature_time),
	KUNIT_CASE(kv_ed25519_key),
	KUNIT_CASE(kv_truncated),
	KUNIT_CASE(kv_keyid_collision),
	KUNIT_CASE(kv_revocation_scope),
	KUNIT_CASE(kv_revocation_scope_primary),
	KUNIT_CASE(kv_lost),
	KUNIT_CASE(kv_runtime_limits),
	KUNIT_CASE(kv6_composite_test),
	KUNIT_CASE(kv6_ed25519_test),
	KUNIT_CASE(kv6_no_direct_key_signature),
	KUNIT_CASE(kv6_v4_subkey_test),
	KUNIT_CASE(kv6_revoked_test),
	KUNIT_CASE(kv6_standards),
	KUNIT_CASE(kv6_slhdsa_test),
	{}
};

static struct kunit_suite pgp_keys_test_suite = {
	.name = "pgp_keys",
	.init = kv_init,
	.test_cases = pgp_keys_test_cases,
};

kunit_test_suite(pgp_keys_test_suite);

MODULE_DESCRIPTION("KUnit tests for the built-in OpenPGP keyring");
MODULE_LICENSE("GPL");
PGP_KUNIT_IMPORT_NS();
