// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of OpenPGP certificates as asymmetric keys: what vouches for a
 * new key (a certification by a trusted key, a subkey's binding signature
 * with its back-signature) and what does not, on certificates made with gpg
 * (pgp_key_type_kunit_vectors.h, from tests/vectors/gen-keytype-vectors.sh).
 *
 * Each case adds certificates to a keyring of its own, restricted the way
 * .secondary_trusted_keys is (restrict_link_by_signature() through
 * restrict_link_by_key_or_keyring()) to keys a second keyring holds: the
 * system's trusted keyrings are left alone.
 */

#include <kunit/test.h>
#include <linux/cred.h>
#include <linux/err.h>
#include <linux/key.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/public_key.h>
#include <keys/asymmetric-type.h>
#include <keys/pgp_keys.h>
#include <crypto/pgp_compat.h>
#include "pgp_key_type_kunit_vectors.h"
#include "pgp_key_type_kunit_v6.h"

struct kt_ctx {
	struct key *trust;	/* the keys that may vouch */
	struct key *ring;	/* restricted to what they vouch for */
};

static struct key *kt_keyring(struct kunit *test, const char *desc,
			      struct key *trust)
{
	struct key_restriction *restrict_link = NULL;
	struct key *ring;

	if (trust) {
		restrict_link = kzalloc(sizeof(*restrict_link), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, restrict_link);
		restrict_link->check = restrict_link_by_key_or_keyring;
		restrict_link->key = key_get(trust);
		restrict_link->keytype = &key_type_asymmetric;
	}
	ring = keyring_alloc(desc, GLOBAL_ROOT_UID, GLOBAL_ROOT_GID, current_cred(),
			     KEY_POS_ALL | KEY_USR_VIEW | KEY_USR_READ | KEY_USR_SEARCH,
			     KEY_ALLOC_NOT_IN_QUOTA, restrict_link, NULL);
	if (IS_ERR(ring) && restrict_link) {
		key_put(trust);
		kfree(restrict_link);
	}
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ring);
	return ring;
}

static int kt_init(struct kunit *test)
{
	struct kt_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->trust = kt_keyring(test, "pgp_kunit_trust", NULL);
	c->ring = kt_keyring(test, "pgp_kunit_ring", c->trust);
	test->priv = c;
	return 0;
}

static void kt_exit(struct kunit *test)
{
	struct kt_ctx *c = test->priv;

	key_put(c->ring);
	key_put(c->trust);
}

/* Add @cert to @ring; the key (a reference) or the error. */
static struct key *kt_add(struct key *ring, const char *desc, const u8 *cert,
			  size_t len)
{
	key_ref_t ref;

	ref = key_create_or_update(make_key_ref(ring, true), "asymmetric", desc,
				   cert, len, KEY_POS_ALL | KEY_USR_VIEW,
				   KEY_ALLOC_NOT_IN_QUOTA);
	if (IS_ERR(ref))
		return ERR_CAST(ref);
	return key_ref_to_ptr(ref);
}

/* Add @cert to @ring and expect @want (0: added). */
static void kt_expect(struct kunit *test, struct key *ring, const char *desc,
		      const u8 *cert, size_t len, int want)
{
	struct key *key = kt_add(ring, desc, cert, len);

	if (want) {
		KUNIT_EXPECT_EQ(test, IS_ERR(key) ? PTR_ERR(key) : 0, want);
		if (!IS_ERR(key))
			key_put(key);
	} else {
		KUNIT_EXPECT_FALSE_MSG(test, IS_ERR(key), "error %ld",
				       IS_ERR(key) ? PTR_ERR(key) : 0);
		if (!IS_ERR(key))
			key_put(key);
	}
}

/* Trust @cert: add it to the trust keyring, which takes anything. */
static void kt_trust(struct kunit *test, const u8 *cert, size_t len)
{
	struct kt_ctx *c = test->priv;
	struct key *key = kt_add(c->trust, NULL, cert, len);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	key_put(key);
}

#define KT_TRUST(test, name)	kt_trust(test, name, sizeof(name))

/* Add @cert to the case's restricted keyring and expect @want. */
static void kt_expect_ring(struct kunit *test, const u8 *cert, size_t len, int want)
{
	struct kt_ctx *c = test->priv;

	kt_expect(test, c->ring, NULL, cert, len, want);
}

#define KT_EXPECT(test, name, want)	kt_expect_ring(test, name, sizeof(name), want)

/* A key certified by a trusted key joins; its description and IDs are its own. */
static void kt_certified(struct kunit *test)
{
	struct kt_ctx *c = test->priv;
	const struct asymmetric_key_ids *kids;
	struct key *key;
	char want[128];

	KT_TRUST(test, kt_d);
	key = kt_add(c->ring, NULL, kt_v, sizeof(kt_v));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	snprintf(want, sizeof(want), "KUnit V <V@kunit.example>: %*phN",
		 (int)sizeof(kt_v_fpr), kt_v_fpr);
	KUNIT_EXPECT_STREQ(test, key->description, want);
	kids = asymmetric_key_ids(key);
	KUNIT_ASSERT_NOT_NULL(test, kids);
	KUNIT_EXPECT_EQ(test, ((struct asymmetric_key_id *)kids->id[0])->len, 20);
	KUNIT_EXPECT_MEMEQ(test, ((struct asymmetric_key_id *)kids->id[0])->data,
			   kt_v_fpr, 20);
	/* the key ID: the low 8 bytes of the fingerprint */
	KUNIT_EXPECT_MEMEQ(test, ((struct asymmetric_key_id *)kids->id[1])->data,
			   kt_v_fpr + 12, 8);
	key_put(key);
}

/* Nobody certified it: no trusted key vouches (mainline's answer: -ENOKEY). */
static void kt_uncertified(struct kunit *test)
{
	KT_TRUST(test, kt_d);
	KT_EXPECT(test, kt_u, -ENOKEY);
}

/* Certified by a key that is not trusted. */
static void kt_wrong_issuer(struct kunit *test)
{
	KT_TRUST(test, kt_d);
	KT_EXPECT(test, kt_w, -ENOKEY);
	/* once the issuer is trusted, the same certificate joins */
	KT_TRUST(test, kt_x);
	KT_EXPECT(test, kt_w, 0);
}

/* The trusted issuer's certification does not verify. */
static void kt_wrong_signature(struct kunit *test)
{
	KT_TRUST(test, kt_d);
	KT_EXPECT(test, kt_vbad, -EKEYREJECTED);
	KT_EXPECT(test, kt_v, 0);
}

/* A certification made after the certifier expired; and one made before. */
static void kt_expired_certifier(struct kunit *test)
{
	KT_TRUST(test, kt_de);
	KT_EXPECT(test, kt_late, -EKEYREJECTED);
	KT_EXPECT(test, kt_early, 0);
}

/* A revoked certifier vouches for nothing, whenever it certified. */
static void kt_revoked_certifier(struct kunit *test)
{
	KT_TRUST(test, kt_dr);
	KT_EXPECT(test, kt_r, -EKEYREJECTED);
}

/* A signing subkey of a trusted primary joins by its binding signature. */
static void kt_subkey_binding(struct kunit *test)
{
	struct kt_ctx *c = test->priv;
	struct key *key;
	char want[128];

	KT_TRUST(test, kt_ps);
	key = kt_add(c->ring, KT_S_FPR_HEX, kt_ps, sizeof(kt_ps));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	KUNIT_EXPECT_STREQ(test, key->description, KT_S_FPR_HEX);
	/* found by its own fingerprint */
	KUNIT_EXPECT_MEMEQ(test, ((struct asymmetric_key_id *)
				  asymmetric_key_ids(key)->id[0])->data, kt_s_fpr, 20);
	key_put(key);
	/* the primary itself: a self-signature vouches for nothing */
	snprintf(want, sizeof(want), "%*phN", (int)sizeof(kt_p_fpr), kt_p_fpr);
	kt_expect(test, c->ring, want, kt_ps, sizeof(kt_ps), -ENOKEY);
}

/* Without its back-signature (or with a bad one) the subkey is no signing subkey. */
static void kt_missing_back_signature(struct kunit *test)
{
	struct pgp_builtin_key keys[4];
	struct kt_ctx *c = test->priv;

	KUNIT_EXPECT_EQ(test, pgp_keys_parse(kt_ps, sizeof(kt_ps), keys, 4, false), 2);
	KUNIT_EXPECT_EQ(test, pgp_keys_parse(kt_psnoback, sizeof(kt_psnoback), keys, 4,
					     false), 1);
	KUNIT_EXPECT_EQ(test, pgp_keys_parse(kt_psbadback, sizeof(kt_psbadback), keys, 4,
					     false), 1);
	KT_TRUST(test, kt_ps);
	/* the subkey is not found; the primary has no certification by another key */
	kt_expect(test, c->ring, KT_S_FPR_HEX, kt_psnoback, sizeof(kt_psnoback), -ENOKEY);
	kt_expect(test, c->ring, KT_S_FPR_HEX, kt_psbadback, sizeof(kt_psbadback), -ENOKEY);
}

/* The digests the parser hands to the certifier: what pgp_keys_auth() finds. */
static void kt_auth(struct kunit *test)
{
	struct pgp_builtin_key keys[4];
	struct pgp_keys_auth *a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_EQ(test, pgp_keys_parse(kt_v, sizeof(kt_v), keys, 4, false), 1);
	KUNIT_ASSERT_EQ(test, pgp_keys_auth(kt_v, sizeof(kt_v), keys, 1, 0,
					    PGP_KEYS_AUTH_CERTIFICATION, 0, false, a), 0);
	KUNIT_EXPECT_EQ(test, a->sig.issuer_fpr_len, 20);
	KUNIT_EXPECT_MEMEQ(test, a->sig.issuer_fpr, kt_d_fpr, 20);
	KUNIT_EXPECT_EQ(test, a->digest_len, 32u);	/* gpg's default: SHA-256 */
	KUNIT_EXPECT_EQ(test, pgp_keys_auth(kt_v, sizeof(kt_v), keys, 1, 0,
					    PGP_KEYS_AUTH_CERTIFICATION, 1, false, a), -ENOENT);
	KUNIT_EXPECT_EQ(test, pgp_keys_auth(kt_v, sizeof(kt_v), keys, 1, 0,
					    PGP_KEYS_AUTH_BINDING, 0, false, a), -EINVAL);
	KUNIT_EXPECT_EQ(test, pgp_keys_auth(kt_v, sizeof(kt_v), keys, 1, 1,
					    PGP_KEYS_AUTH_CERTIFICATION, 0, false, a), -EINVAL);
	KUNIT_ASSERT_EQ(test, pgp_keys_parse(kt_ps, sizeof(kt_ps), keys, 4, false), 2);
	KUNIT_EXPECT_EQ(test, pgp_keys_auth(kt_ps, sizeof(kt_ps), keys, 2, 1,
					    PGP_KEYS_AUTH_BINDING, 0, false, a), 0);
	KUNIT_EXPECT_EQ(test, a->sig.type, PGP_SIG_SUBKEY_BINDING);
	KUNIT_EXPECT_EQ(test, pgp_keys_auth(kt_ps, sizeof(kt_ps), keys, 2, 1,
					    PGP_KEYS_AUTH_REVOCATION, 0, false, a), -ENOENT);
}

/* A signature of another kind (X.509, PKCS#7) that names an OpenPGP key. */
static void kt_foreign_signature(struct kunit *test)
{
	struct kt_ctx *c = test->priv;
	struct public_key_signature sig = {
		.pkey_algo = "rsa",
		.hash_algo = "sha1",
		.encoding = "pkcs1",
	};
	struct key *key = kt_add(c->trust, NULL, kt_d, sizeof(kt_d));

	PGP_PKS_MSG(&sig) = (u8 *)kt_d_fpr;
	PGP_PKS_MSG_SIZE(&sig) = 20;
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	KUNIT_EXPECT_EQ(test, verify_signature(key, &sig), -ENOPKG);
	key_put(key);
}

/* A v6 key certified by a trusted v6 ML-DSA-65+Ed25519 key joins by its 32-octet IDs. */
static void kt6_certified(struct kunit *test)
{
	struct kt_ctx *c = test->priv;
	const struct asymmetric_key_ids *kids;
	struct key *key;
	char want[160];

	KT_TRUST(test, kt6_distro);
	key = kt_add(c->ring, NULL, kt6_vendor, sizeof(kt6_vendor));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	snprintf(want, sizeof(want), "KUnit V6 <V6@kunit.example>: %*phN",
		 (int)sizeof(kt6_vendor_fpr), kt6_vendor_fpr);
	KUNIT_EXPECT_STREQ(test, key->description, want);
	kids = asymmetric_key_ids(key);
	KUNIT_ASSERT_NOT_NULL(test, kids);
	KUNIT_EXPECT_EQ(test, ((struct asymmetric_key_id *)kids->id[0])->len, 32);
	KUNIT_EXPECT_MEMEQ(test, ((struct asymmetric_key_id *)kids->id[0])->data,
			   kt6_vendor_fpr, 32);
	/* a v6 key ID: the first 8 bytes of the fingerprint */
	KUNIT_EXPECT_MEMEQ(test, ((struct asymmetric_key_id *)kids->id[1])->data,
			   kt6_vendor_fpr, 8);
	key_put(key);
}

/* A v4 key certified by the v6 key: a v6 certification hashes it with 0x9b. */
static void kt6_v4_certified_by_v6(struct kunit *test)
{
	KT_TRUST(test, kt6_distro);
	KT_EXPECT(test, kt6_vendor4, 0);
}

static void kt6_uncertified_test(struct kunit *test)
{
	KT_TRUST(test, kt6_distro);
	KT_EXPECT(test, kt6_uncertified, -ENOKEY);
}

/* Certified by the v6 key, which is not trusted here. */
static void kt6_untrusted_certifier(struct kunit *test)
{
	KT_TRUST(test, kt_d);
	KT_EXPECT(test, kt6_vendor, -ENOKEY);
}

/* A composite signing subkey of the trusted v6 primary joins by its binding. */
static void kt6_subkey_binding(struct kunit *test)
{
	struct kt_ctx *c = test->priv;
	struct key *key;
	char desc[2 * PGP_V6_FPR_LEN + 1];

	KT_TRUST(test, kt6_distro);
	snprintf(desc, sizeof(desc), "%*phN", (int)sizeof(kt6_bound_fpr), kt6_bound_fpr);
	key = kt_add(c->ring, desc, kt6_bound, sizeof(kt6_bound));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	KUNIT_EXPECT_MEMEQ(test, ((struct asymmetric_key_id *)
				  asymmetric_key_ids(key)->id[0])->data, kt6_bound_fpr, 32);
	key_put(key);
}

/*
 * SLH-DSA-SHAKE-128f (RFC 9980 6) keys: one certified by the trusted
 * composite key joins; a composite key certified by a trusted SLH-DSA key
 * joins; the SLH-DSA key untrusted, it does not.
 */
static void kt6_slhdsa_certified(struct kunit *test)
{
	struct kt_ctx *c = test->priv;
	struct key *key;
	char want[160];

	KT_TRUST(test, kt6_distro);
	key = kt_add(c->ring, NULL, kt6_slh_vendor, sizeof(kt6_slh_vendor));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	snprintf(want, sizeof(want), "KUnit HV6 <HV6@kunit.example>: %*phN",
		 (int)sizeof(kt6_slh_vendor_fpr), kt6_slh_vendor_fpr);
	KUNIT_EXPECT_STREQ(test, key->description, want);
	key_put(key);
	KT_EXPECT(test, kt6_by_slh, -ENOKEY);
}

static void kt6_certified_by_slhdsa(struct kunit *test)
{
	struct kt_ctx *c = test->priv;
	struct key *key;

	KT_TRUST(test, kt6_slh_distro);
	key = kt_add(c->ring, NULL, kt6_by_slh, sizeof(kt6_by_slh));
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	KUNIT_EXPECT_MEMEQ(test, ((struct asymmetric_key_id *)
				  asymmetric_key_ids(key)->id[0])->data, kt6_by_slh_fpr, 32);
	key_put(key);
	KT_EXPECT(test, kt6_vendor, -ENOKEY);
}

/*
 * What counts of mainline's X.509 and PKCS#7 keys under the post-quantum-only
 * policy: ML-DSA by the names the kernel gives it, none of this kernel's.
 */
static void kt_pq_pkey_algo(struct kunit *test)
{
	static const char *const classical[] = {
		"rsa", "ecdsa", "ecdsa-nist-p256", "ecdsa-nist-p384", "ecrdsa", "sm2", "pgp",
		"", "mlds",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(classical); i++)
		KUNIT_EXPECT_FALSE_MSG(test, pgp_keys_pq_pkey_algo(classical[i]), "%s",
				       classical[i]);
	KUNIT_EXPECT_FALSE(test, pgp_keys_pq_pkey_algo(NULL));
	KUNIT_EXPECT_TRUE(test, pgp_keys_pq_pkey_algo("mldsa44"));
	KUNIT_EXPECT_TRUE(test, pgp_keys_pq_pkey_algo("mldsa65"));
	KUNIT_EXPECT_TRUE(test, pgp_keys_pq_pkey_algo("mldsa87"));
}

static struct kunit_case pgp_key_type_cases[] = {
	KUNIT_CASE(kt_pq_pkey_algo),
	KUNIT_CASE(kt6_certified),
	KUNIT_CASE(kt6_v4_certified_by_v6),
	KUNIT_CASE(kt6_uncertified_test),
	KUNIT_CASE(kt6_untrusted_certifier),
	KUNIT_CASE(kt6_subkey_binding),
	KUNIT_CASE(kt6_slhdsa_certified),
	KUNIT_CASE(kt6_certified_by_slhdsa),
	KUNIT_CASE(kt_certified),
	KUNIT_CASE(kt_uncertified),
	KUNIT_CASE(kt_wrong_issuer),
	KUNIT_CASE(kt_wrong_signature),
	KUNIT_CASE(kt_expired_certifier),
	KUNIT_CASE(kt_revoked_certifier),
	KUNIT_CASE(kt_subkey_binding),
	KUNIT_CASE(kt_missing_back_signature),
	KUNIT_CASE(kt_auth),
	KUNIT_CASE(kt_foreign_signature),
	{}
};

static struct kunit_suite pgp_key_type_suite = {
	.name = "pgp_key_type",
	.init = kt_init,
	.exit = kt_exit,
	.test_cases = pgp_key_type_cases,
};

kunit_test_suite(pgp_key_type_suite);

MODULE_DESCRIPTION("KUnit tests for OpenPGP keys as asymmetric keys");
MODULE_LICENSE("GPL");
