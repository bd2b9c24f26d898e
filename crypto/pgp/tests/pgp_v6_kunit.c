// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for OpenPGP v6 keys and signatures (RFC 9580: Ed25519 and
 * Ed448), the ML-DSA-65+Ed25519 and ML-DSA-87+Ed448 composites and SLH-DSA
 * (RFC 9980) in the OpenPGP layer: the standards' own samples, keys and signatures made
 * from fixed seeds by an independent implementation (pgp_v6_kunit_vectors.h),
 * signatures altered octet by octet, and every field of a v6 signature
 * broken in turn.
 */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <crypto/hash.h>
#include <crypto/sha2.h>
#include <crypto/pgp.h>
#if IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY)
#include <crypto/mldsa_verify.h>
#endif
#include "pgp_v6_kunit_vectors.h"

/* An exact-size copy: any read past the end is out of bounds */
static u8 *v6_dup(struct kunit *test, const void *src, size_t len)
{
	u8 *p = kunit_kmalloc(test, len ? len : 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	memcpy(p, src, len);
	return p;
}

static void v6_key(struct kunit *test, const u8 *body, size_t len, struct pgp_pubkey *key)
{
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(v6_dup(test, body, len), len, key), 0);
}

/* Parse @sig and check it over @data with @key: pgp_sig_verify()'s answer. */
static int v6_verify(struct kunit *test, const struct pgp_pubkey *key, const struct pgp_sig *sig,
		     const u8 *data, size_t len)
{
	struct pgp_hash_ctx *ctx;
	int ret;

	ret = pgp_hash_init(&ctx, sig);
	if (ret)
		return ret;
	ret = pgp_hash_update(ctx, data, len);
	if (ret) {
		pgp_hash_free(ctx);
		return ret;
	}
	return pgp_sig_verify(ctx, sig, key);
}

/*
 * A key with tables (ML-DSA-65+Ed25519: its ML-DSA-65 half's;
 * ML-DSA-87+Ed448: both halves'; Ed448) answers again once prepared: the
 * same answer, else -ERANGE, which no case expects.
 */
static int v6_verify_prepared(struct kunit *test, struct pgp_pubkey *key,
			      const struct pgp_sig *sig, const u8 *data, size_t len)
{
	int ret = v6_verify(test, key, sig, data, len), ret_pre;
	const char *what, *want;
	ssize_t n, min;

	switch (key->algo) {
	case PGP_PUBKEY_MLDSA65_ED25519:
		if (!IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY))
			return ret;
		want = "ML-DSA-65 tables";
		min = 30 * 1024;
		break;
	case PGP_PUBKEY_MLDSA87_ED448:
		if (!IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY) || !IS_REACHABLE(CONFIG_CRYPTO_ED448))
			return ret;
		want = "ML-DSA-87 and Ed448 tables";
		min = 60 * 1024;
		break;
	case PGP_PUBKEY_ED448:
		if (!IS_REACHABLE(CONFIG_CRYPTO_ED448))
			return ret;
		want = "Ed448 tables";
		min = 4 * 1024;
		break;
	default:
		return ret;
	}
	n = pgp_pubkey_prepare(key, &what);
	KUNIT_EXPECT_STREQ(test, what, want);
	KUNIT_EXPECT_GT(test, n, min);
	KUNIT_EXPECT_EQ(test, pgp_pubkey_prepare(key, &what), -EBUSY);
	ret_pre = v6_verify(test, key, sig, data, len);
	pgp_pubkey_release(key);
	if (key->algo == PGP_PUBKEY_MLDSA65_ED25519)
		KUNIT_EXPECT_NULL(test, key->pq.pre);
	if (key->algo == PGP_PUBKEY_MLDSA87_ED448) {
		KUNIT_EXPECT_NULL(test, key->pq87.pre);
		KUNIT_EXPECT_NULL(test, key->pq87.ed448_pre);
	}
	if (key->algo == PGP_PUBKEY_ED448)
		KUNIT_EXPECT_NULL(test, key->ec.ed448_pre);
	return ret == ret_pre ? ret : -ERANGE;
}

/* ---- key packets ---- */

KUNIT_ARRAY_PARAM_DESC(v6_key_case, pgp6_kv_keys, name);

static void pgp_v6_test_keys(struct kunit *test)
{
	const struct pgp6_kv_key *c = test->param_value;
	struct pgp_pubkey key;
	u8 *body = v6_dup(test, c->body, c->len);
	int ret;

	ret = pgp_parse_pubkey(body, c->len, &key);
	KUNIT_EXPECT_EQ(test, ret, c->parse);
	if (ret && ret != -ENOPKG)
		return;
	/* the fingerprint is valid even for an algorithm this layer cannot use */
	KUNIT_ASSERT_EQ(test, (size_t)key.fpr_len, c->fpr_len);
	KUNIT_EXPECT_MEMEQ(test, key.fpr, c->fpr, c->fpr_len);
	if (key.version == 6)
		KUNIT_EXPECT_MEMEQ(test, key.keyid, c->fpr, PGP_KEYID_LEN);
	else
		KUNIT_EXPECT_MEMEQ(test, key.keyid, c->fpr + c->fpr_len - PGP_KEYID_LEN,
				   PGP_KEYID_LEN);
	if (ret)
		return;
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, false), 0);
	if (key.algo == PGP_PUBKEY_MLDSA65_ED25519) {
		KUNIT_EXPECT_PTR_EQ(test, key.pq.ed25519, (const u8 *)body + 10);
		KUNIT_EXPECT_PTR_EQ(test, key.pq.mldsa, (const u8 *)body + 10 + 32);
	}
	if (key.algo == PGP_PUBKEY_MLDSA87_ED448) {
		KUNIT_EXPECT_PTR_EQ(test, key.pq87.ed448, (const u8 *)body + 10);
		KUNIT_EXPECT_PTR_EQ(test, key.pq87.mldsa, (const u8 *)body + 10 + 57);
	}
	if (key.algo == PGP_PUBKEY_SLHDSA_SHAKE_128S || key.algo == PGP_PUBKEY_SLHDSA_SHAKE_128F ||
	    key.algo == PGP_PUBKEY_SLHDSA_SHAKE_256S) {
		KUNIT_EXPECT_PTR_EQ(test, key.slh.pk, (const u8 *)body + 10);
		KUNIT_EXPECT_EQ(test, key.slh.pk_len, c->len - 10);
		KUNIT_EXPECT_EQ(test, key.slh.pk_len,
				key.algo == PGP_PUBKEY_SLHDSA_SHAKE_256S ? (size_t)64 : (size_t)32);
	}
	if (key.algo == PGP_PUBKEY_ED448) {
		KUNIT_EXPECT_EQ(test, key.ec.curve, PGP_CURVE_ED448);
		KUNIT_EXPECT_EQ(test, key.ec.point_len, (size_t)PGP_ED448_KEY_LEN);
		KUNIT_EXPECT_PTR_EQ(test, key.ec.point,
				    (const u8 *)body + c->len - PGP_ED448_KEY_LEN);
	}
}

/* ---- signatures over data ---- */

KUNIT_ARRAY_PARAM_DESC(v6_sig_case, pgp6_kv_sigs, name);

static void pgp_v6_test_sigs(struct kunit *test)
{
	const struct pgp6_kv_sig *c = test->param_value;
	struct pgp_pubkey key;
	struct pgp_sig sig;
	int ret;

	v6_key(test, c->key, c->key_len, &key);
	ret = pgp_parse_sig(v6_dup(test, c->sig, c->sig_len), c->sig_len, &sig, false);
	KUNIT_EXPECT_EQ(test, ret, c->parse);
	if (ret)
		return;
	KUNIT_EXPECT_EQ(test, v6_verify_prepared(test, &key, &sig, c->data, c->data_len),
			c->verify);
}

/* ---- signatures altered: one octet, or the length ---- */

KUNIT_ARRAY_PARAM_DESC(v6_alt_case, pgp6_kv_alts, name);

static void pgp_v6_test_alts(struct kunit *test)
{
	const struct pgp6_kv_alt *c = test->param_value;
	struct pgp_pubkey key;
	struct pgp_sig sig;
	u8 *buf;
	int ret;

	v6_key(test, c->key, c->key_len, &key);
	buf = kunit_kzalloc(test, c->len, GFP_KERNEL);	/* exact size */
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memcpy(buf, c->sig, min(c->len, c->sig_len));
	if (c->off < c->len)
		buf[c->off] ^= c->xor;
	ret = pgp_parse_sig(buf, c->len, &sig, false);
	KUNIT_EXPECT_EQ(test, ret, c->parse);
	if (ret)
		return;
	KUNIT_EXPECT_EQ(test, v6_verify_prepared(test, &key, &sig, pgp6_kv_data,
						 sizeof(pgp6_kv_data)), c->verify);
}

/* ---- signatures over keys and user IDs ---- */

KUNIT_ARRAY_PARAM_DESC(v6_keysig_case, pgp6_kv_keysigs, name);

static void pgp_v6_test_keysigs(struct kunit *test)
{
	const struct pgp6_kv_keysig *c = test->param_value;
	struct pgp_pubkey signer, primary, sub;
	struct pgp_hash_ctx *ctx;
	struct pgp_sig sig;
	int ret;

	v6_key(test, c->signer, c->signer_len, &signer);
	/* a key of an algorithm this layer cannot use is still hashed as it is */
	ret = pgp_parse_pubkey(v6_dup(test, c->primary, c->primary_len), c->primary_len, &primary);
	KUNIT_ASSERT_TRUE(test, !ret || ret == -ENOPKG);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(v6_dup(test, c->sig, c->sig_len), c->sig_len, &sig,
					    false), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_pubkey(ctx, &primary), 0);
	if (c->sub) {
		ret = pgp_parse_pubkey(v6_dup(test, c->sub, c->sub_len), c->sub_len, &sub);
		KUNIT_ASSERT_TRUE(test, !ret || ret == -ENOPKG);
		KUNIT_ASSERT_EQ(test, pgp_hash_pubkey(ctx, &sub), 0);
	}
	if (c->uid)
		KUNIT_ASSERT_EQ(test, pgp_hash_userid(ctx, c->uid, c->uid_len), 0);
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(ctx, &sig, &signer), c->verify);
}

/* ---- every field of a v6 signature broken ---- */

static const struct pgp6_kv_sig *v6_find(struct kunit *test, const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pgp6_kv_sigs); i++)
		if (!strcmp(pgp6_kv_sigs[i].name, name))
			return &pgp6_kv_sigs[i];
	KUNIT_FAIL(test, "no vector %s", name);
	return NULL;
}

enum v6_field { F_VERSION, F_TYPE, F_ALGO, F_HASH, F_HCOUNT, F_UCOUNT, F_PREFIX, F_SALTLEN,
		F_SALT, F_VALUES, F_TRAILING };

struct v6_mut {
	const char *desc;
	enum v6_field field;
	long delta;		/* added to the field (xor for F_PREFIX, F_SALT, F_VALUES) */
	int parse, verify;
};

static const struct v6_mut v6_muts[] = {
	{ "version 5", F_VERSION, -1, -ENOPKG },
	{ "version 7", F_VERSION, 1, -ENOPKG },
	{ "version 4: v6 fields read as v4", F_VERSION, -2, -EBADMSG },
	{ "type 0x01: the type is signed", F_TYPE, 1, 0, -EKEYREJECTED },
	{ "algorithm 27: composite values as Ed25519", F_ALGO, -3, -EBADMSG },
	{ "algorithm 99", F_ALGO, 69, -ENOPKG },
	{ "hash SHA-512: a 16-octet salt", F_HASH, 2, -EBADMSG },
	{ "hash SHA-1", F_HASH, -6, -EBADMSG },
	{ "hash 100", F_HASH, 92, -ENOPKG },
	{ "hashed count + 1", F_HCOUNT, 1, -EBADMSG },
	{ "hashed count - 1", F_HCOUNT, -1, -EBADMSG },
	{ "hashed count + 2^31", F_HCOUNT, 0x80000000L, -EBADMSG },
	{ "unhashed count + 1", F_UCOUNT, 1, -EBADMSG },
	{ "unhashed count + 2^31", F_UCOUNT, 0x80000000L, -EBADMSG },
	{ "digest prefix", F_PREFIX, 0x01, 0, -EKEYREJECTED },
	{ "salt length + 1", F_SALTLEN, 1, -EBADMSG },
	{ "salt length - 1", F_SALTLEN, -1, -EBADMSG },
	{ "salt length 0", F_SALTLEN, -16, -EBADMSG },
	{ "salt changed", F_SALT, 0x80, 0, -EKEYREJECTED },
	{ "signature values", F_VALUES, 0x01, 0, -EKEYREJECTED },
	{ "trailing octet", F_TRAILING, 0, -EBADMSG },
};

KUNIT_ARRAY_PARAM_DESC(v6_mut_case, v6_muts, desc);

static void pgp_v6_test_fields(struct kunit *test)
{
	const struct v6_mut *m = test->param_value;
	const struct pgp6_kv_sig *v = v6_find(test, "v6 ML-DSA-65+Ed25519 sha256");
	struct pgp_pubkey key;
	struct pgp_sig good, sig;
	size_t len, hoff, uoff, poff, i;
	u8 *buf;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, v);
	v6_key(test, v->key, v->key_len, &key);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(v->sig, v->sig_len, &good, false), 0);
	KUNIT_ASSERT_EQ(test, good.salt_len, 16);
	len = v->sig_len + (m->field == F_TRAILING);
	buf = kunit_kzalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memcpy(buf, v->sig, v->sig_len);
	hoff = 4;
	uoff = good.hashed_len;
	poff = good.salt - v->sig - 3;		/* prefix, salt length, salt */
	switch (m->field) {
	case F_VERSION:
	case F_TYPE:
	case F_ALGO:
	case F_HASH:
		buf[m->field] += m->delta;
		break;
	case F_HCOUNT:
		put_unaligned_be32(get_unaligned_be32(buf + hoff) + m->delta, buf + hoff);
		break;
	case F_UCOUNT:
		put_unaligned_be32(get_unaligned_be32(buf + uoff) + m->delta, buf + uoff);
		break;
	case F_PREFIX:
		buf[poff] ^= m->delta;
		break;
	case F_SALTLEN:
		buf[poff + 2] += m->delta;
		break;
	case F_SALT:
		buf[poff + 3 + 5] ^= m->delta;
		break;
	case F_VALUES:
		buf[v->sig_len - 100] ^= m->delta;
		break;
	case F_TRAILING:
		break;
	}
	ret = pgp_parse_sig(buf, len, &sig, false);
	KUNIT_EXPECT_EQ(test, ret, m->parse);
	if (!ret)
		KUNIT_EXPECT_EQ(test, v6_verify_prepared(test, &key, &sig, v->data, v->data_len),
				m->verify);

	/* and every shorter body: refused, nothing read past its end */
	if (m->field != F_TRAILING)
		return;
	for (i = 0; i < v->sig_len; i++) {
		u8 *cut = kmemdup(v->sig, i ? i : 1, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, cut);
		KUNIT_EXPECT_NE_MSG(test, pgp_parse_sig(cut, i, &sig, false), 0,
				    "a v6 signature cut to %zu octets", i);
		kfree(cut);
	}
}

/* ---- the digest API with v6 signatures ---- */

static void pgp_v6_test_digest_api(struct kunit *test)
{
	const struct pgp6_kv_sig *a = v6_find(test, "v6 Ed25519 sha256");
	const struct pgp6_kv_sig *b = v6_find(test, "v6 ML-DSA-65+Ed25519 sha256");
	struct pgp_hash_ctx *ctx, *copy;
	struct pgp_pubkey ka, kb;
	struct pgp_sig sa, sb;
	u8 d1[HASH_MAX_DIGESTSIZE], d2[HASH_MAX_DIGESTSIZE];
	unsigned int l1, l2;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	v6_key(test, a->key, a->key_len, &ka);
	v6_key(test, b->key, b->key_len, &kb);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(a->sig, a->sig_len, &sa, false), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(b->sig, b->sig_len, &sb, false), 0);
	KUNIT_ASSERT_EQ(test, sa.hash, sb.hash);

	/* a context hashed one salt: it serves no signature with another */
	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sa), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, a->data, a->data_len), 0);
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(ctx, &sb, &kb), -EINVAL);
	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sa), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, a->data, a->data_len), 0);
	KUNIT_EXPECT_EQ(test, pgp_sig_digest(ctx, &sb, d1, &l1), -EINVAL);
	KUNIT_EXPECT_EQ(test, l1, 0U);

	/* a copy carries the salt: it finishes the same digest */
	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sb), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, b->data, b->data_len), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_clone(&copy, ctx), 0);
	KUNIT_ASSERT_EQ(test, pgp_sig_digest(ctx, &sb, d1, &l1), 0);
	KUNIT_ASSERT_EQ(test, pgp_sig_digest(copy, &sb, d2, &l2), 0);
	KUNIT_EXPECT_EQ(test, l1, 32U);
	KUNIT_EXPECT_EQ(test, l2, 32U);
	KUNIT_EXPECT_MEMEQ(test, d1, d2, 32);
	KUNIT_EXPECT_EQ(test, pgp_sig_verify_digest(&sb, &kb, d1, l1), 0);
	/* a v6 signature checked with a digest of the wrong size or a key of v4 */
	KUNIT_EXPECT_EQ(test, pgp_sig_verify_digest(&sb, &kb, d1, 48), -EINVAL);
	kb.version = 4;
	KUNIT_EXPECT_EQ(test, pgp_sig_verify_digest(&sb, &kb, d1, l1), -EKEYREJECTED);
	kb.version = 6;
	/* either half of the composite changed */
	d1[5] ^= 1;
	KUNIT_EXPECT_EQ(test, pgp_sig_verify_digest(&sb, &kb, d1, l1), -EKEYREJECTED);

	/* the salt comes first: peeking a v6 context is not the plain digest */
	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sb), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, b->data, b->data_len), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_peek(ctx, d1, &l1), 0);
	sha256(b->data, b->data_len, d2);
	KUNIT_EXPECT_EQ(test, l1, 32U);
	KUNIT_EXPECT_MEMNEQ(test, d1, d2, 32);
	KUNIT_ASSERT_EQ(test, pgp_hash_peek(ctx, d2, &l2), 0);
	KUNIT_EXPECT_MEMEQ(test, d1, d2, 32);	/* peeking changed nothing */
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(ctx, &sb, &kb), 0);

	/* a v6 key hashed into a v4 signature's digest, and the reverse */
	sa.version = 4;
	sa.salt_len = 0;
	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sa), 0);
	KUNIT_EXPECT_EQ(test, pgp_hash_pubkey(ctx, &ka), 0);
	pgp_hash_free(ctx);
	/* a v4 signature may not carry a salt */
	sa.salt_len = 16;
	KUNIT_EXPECT_EQ(test, pgp_hash_init(&ctx, &sa), -EINVAL);
}

static void pgp_v6_test_salt_len(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, pgp_salt_len(PGP_HASH_SHA256), 16);
	KUNIT_EXPECT_EQ(test, pgp_salt_len(PGP_HASH_SHA384), 24);
	KUNIT_EXPECT_EQ(test, pgp_salt_len(PGP_HASH_SHA512), 32);
	KUNIT_EXPECT_EQ(test, pgp_salt_len(PGP_HASH_SHA224), 16);
	KUNIT_EXPECT_EQ(test, pgp_salt_len(PGP_HASH_SHA3_256), 16);
	KUNIT_EXPECT_EQ(test, pgp_salt_len(PGP_HASH_SHA3_512), 32);
	KUNIT_EXPECT_EQ(test, pgp_salt_len(PGP_HASH_SHA1), 0);
	KUNIT_EXPECT_EQ(test, pgp_salt_len(PGP_HASH_MD5), 0);
	KUNIT_EXPECT_EQ(test, pgp_salt_len(13), 0);
}

/*
 * Ed448 and ML-DSA-87+Ed448 over a finished SHA-512 digest, each also with
 * the key prepared: ns per verification, for the log.
 */
static void v6_speed448(struct kunit *test)
{
	static const char *const names[] = { "v6 Ed448 sha512", "v6 ML-DSA-87+Ed448 sha512" };
	u8 digest[HASH_MAX_DIGESTSIZE];
	const int iters = 4;
	u64 ns[2][2] = { { 0 } };
	unsigned int i, j, k, dlen = 0;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		const struct pgp6_kv_sig *v = v6_find(test, names[i]);
		struct pgp_hash_ctx *ctx;
		struct pgp_pubkey key;
		struct pgp_sig sig;
		const char *what;
		u64 t0;

		KUNIT_ASSERT_NOT_NULL(test, v);
		v6_key(test, v->key, v->key_len, &key);
		if (pgp_check_key_policy(&key, false))
			return;		/* not built */
		KUNIT_ASSERT_EQ(test, pgp_parse_sig(v->sig, v->sig_len, &sig, false), 0);
		KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
		KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, v->data, v->data_len), 0);
		KUNIT_ASSERT_EQ(test, pgp_sig_digest(ctx, &sig, digest, &dlen), 0);
		KUNIT_ASSERT_EQ(test, pgp_sig_verify_digest(&sig, &key, digest, dlen), 0);
		for (k = 0; k < 2; k++) {
			if (k)
				KUNIT_ASSERT_GT(test, pgp_pubkey_prepare(&key, &what), 0);
			t0 = ktime_get_ns();
			for (j = 0; j < iters; j++)
				KUNIT_EXPECT_EQ(test, pgp_sig_verify_digest(&sig, &key, digest,
									    dlen), 0);
			ns[i][k] = div_u64(ktime_get_ns() - t0, iters);
		}
		pgp_pubkey_release(&key);
	}
	kunit_info(test, "Ed448 %llu ns, ML-DSA-87+Ed448 %llu ns per verification of a digest; prepared key: Ed448 %llu ns, ML-DSA-87+Ed448 %llu ns\n",
		   ns[0][0], ns[1][0], ns[0][1], ns[1][1]);
}

/*
 * The public-key work of one verification, over a finished SHA-512 digest:
 * v6 Ed25519, ML-DSA-65+Ed25519, and its ML-DSA-65 half alone, the latter
 * two also with the key prepared (in an -icount boot, ns are guest
 * instructions).  Never a pass/fail criterion.
 */
static void pgp_v6_test_speed(struct kunit *test)
{
	static const char *const names[] = { "v6 Ed25519 sha512", "v6 ML-DSA-65+Ed25519 sha512" };
	u8 digest[HASH_MAX_DIGESTSIZE];
	const int iters = 4;
	u64 ns[5] = { 0 };
	unsigned int i, j, dlen = 0;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		const struct pgp6_kv_sig *v = v6_find(test, names[i]);
		struct pgp_hash_ctx *ctx;
		struct pgp_pubkey key;
		struct pgp_sig sig;
		u64 t0;

		KUNIT_ASSERT_NOT_NULL(test, v);
		v6_key(test, v->key, v->key_len, &key);
		KUNIT_ASSERT_EQ(test, pgp_parse_sig(v->sig, v->sig_len, &sig, false), 0);
		KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
		KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, v->data, v->data_len), 0);
		KUNIT_ASSERT_EQ(test, pgp_sig_digest(ctx, &sig, digest, &dlen), 0);
		/* one untimed run: caches */
		KUNIT_ASSERT_EQ(test, pgp_sig_verify_digest(&sig, &key, digest, dlen), 0);
		t0 = ktime_get_ns();
		for (j = 0; j < iters; j++)
			KUNIT_EXPECT_EQ(test, pgp_sig_verify_digest(&sig, &key, digest, dlen), 0);
		ns[i] = div_u64(ktime_get_ns() - t0, iters);
#if IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY)
		if (key.algo == PGP_PUBKEY_MLDSA65_ED25519) {
			const char *what;

			t0 = ktime_get_ns();
			for (j = 0; j < iters; j++)
				KUNIT_EXPECT_EQ(test, mldsa65_verify(key.pq.mldsa,
								     MLDSA65_PUBLIC_KEY_SIZE,
								     digest, dlen, sig.mpi[1],
								     sig.mpi_len[1]), 0);
			ns[2] = div_u64(ktime_get_ns() - t0, iters);
			/* the same with the key prepared, as the keyring prepares it */
			KUNIT_ASSERT_GT(test, pgp_pubkey_prepare(&key, &what), 0);
			t0 = ktime_get_ns();
			for (j = 0; j < iters; j++)
				KUNIT_EXPECT_EQ(test, pgp_sig_verify_digest(&sig, &key, digest,
									    dlen), 0);
			ns[3] = div_u64(ktime_get_ns() - t0, iters);
			t0 = ktime_get_ns();
			for (j = 0; j < iters; j++)
				KUNIT_EXPECT_EQ(test, mldsa65_verify_precomp(key.pq.pre, digest,
									     dlen, sig.mpi[1],
									     sig.mpi_len[1]), 0);
			ns[4] = div_u64(ktime_get_ns() - t0, iters);
			pgp_pubkey_release(&key);
		}
#endif
	}
	kunit_info(test, "Ed25519 %llu ns, ML-DSA-65+Ed25519 %llu ns, its ML-DSA-65 half %llu ns per verification of a digest\n",
		   ns[0], ns[1], ns[2]);
	kunit_info(test, "prepared key: ML-DSA-65+Ed25519 %llu ns, its ML-DSA-65 half %llu ns per verification of a digest\n",
		   ns[3], ns[4]);
	v6_speed448(test);
}

static struct kunit_case pgp_v6_test_cases[] = {
	KUNIT_CASE_PARAM(pgp_v6_test_keys, v6_key_case_gen_params),
	KUNIT_CASE_PARAM(pgp_v6_test_sigs, v6_sig_case_gen_params),
	KUNIT_CASE_PARAM(pgp_v6_test_alts, v6_alt_case_gen_params),
	KUNIT_CASE_PARAM(pgp_v6_test_keysigs, v6_keysig_case_gen_params),
	KUNIT_CASE_PARAM(pgp_v6_test_fields, v6_mut_case_gen_params),
	KUNIT_CASE(pgp_v6_test_digest_api),
	KUNIT_CASE(pgp_v6_test_salt_len),
	KUNIT_CASE(pgp_v6_test_speed),
	{}
};

static struct kunit_suite pgp_v6_test_suite = {
	.name = "pgp-v6",
	.test_cases = pgp_v6_test_cases,
};

kunit_test_suite(pgp_v6_test_suite);

MODULE_DESCRIPTION("KUnit tests for OpenPGP v6, ML-DSA-65+Ed25519, ML-DSA-87+Ed448 and SLH-DSA signatures");
MODULE_LICENSE("GPL");
