// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the OpenPGP parser: every malformed packet, MPI and
 * subpacket shape, and parses and verifications of real GnuPG output
 * (pgp_kunit_vectors.h, made by tests/vectors/gen-pgp-vectors.sh).
 *
 * Each bad-input case asserts the exact errno and, where the function
 * advances a cursor, that nothing was consumed.
 */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <crypto/hash.h>
#include <crypto/internal/hash.h>
#include <crypto/sha2.h>
#include <crypto/pgp_compat.h>
#include <crypto/pgp.h>
#include "pgp_kunit_vectors.h"
#include "pgp_kunit_weak.h"

/* kunit_kmemdup() is newer than 6.12 */
static void *test_memdup(struct kunit *test, const void *src, size_t len, gfp_t gfp)
{
	void *p = kunit_kmalloc(test, len, gfp);

	if (p && len)
		memcpy(p, src, len);
	return p;
}

/* ---- packet headers ---- */

struct pkt_case {
	const char *desc;
	u8 data[12];
	size_t len;
	int err;
	u8 tag;
	size_t body_off, body_len;
};

static const struct pkt_case pkt_cases[] = {
	{ "new format 1-octet length", { 0xc2, 0x02, 0xaa, 0xbb }, 4, 0, 2, 2, 2 },
	{ "2-octet length 192 past end", { 0xc2, 0xc0, 0x00 }, 3, -EBADMSG },
	{ "new format 5-octet length", { 0xc2, 0xff, 0, 0, 0, 3, 1, 2, 3 }, 9, 0, 2, 6, 3 },
	{ "new format zero length", { 0xcd, 0x00 }, 2, 0, 13, 2, 0 },
	{ "old format 1-octet length", { 0x88, 0x01, 0x55 }, 3, 0, 2, 2, 1 },
	{ "old format 2-octet length", { 0x89, 0x00, 0x02, 1, 2 }, 5, 0, 2, 3, 2 },
	{ "old format 4-octet length", { 0x8a, 0, 0, 0, 1, 7 }, 6, 0, 2, 5, 1 },
	{ "truncated header: ctb only", { 0xc2 }, 1, -EBADMSG },
	{ "truncated header: 2-octet length cut", { 0xc2, 0xc5 }, 2, -EBADMSG },
	{ "truncated header: 5-octet length cut", { 0xc2, 0xff, 0, 0 }, 4, -EBADMSG },
	{ "truncated header: old 2-octet cut", { 0x89, 0x00 }, 2, -EBADMSG },
	{ "truncated header: old 4-octet cut", { 0x8a, 0, 0, 0 }, 4, -EBADMSG },
	{ "length past end (new)", { 0xc2, 0x05, 1, 2 }, 4, -EBADMSG },
	{ "length past end (old)", { 0x88, 0x03, 1, 2 }, 4, -EBADMSG },
	{ "5-octet length 0xffffffff", { 0xc2, 0xff, 0xff, 0xff, 0xff, 0xff, 0 }, 7, -EBADMSG },
	{ "old 4-octet length 0xffffffff", { 0x8a, 0xff, 0xff, 0xff, 0xff, 0 }, 6, -EBADMSG },
	{ "5-octet length 0x80000000", { 0xc2, 0xff, 0x80, 0, 0, 0, 0 }, 7, -EBADMSG },
	{ "partial length 224", { 0xc2, 0xe0, 0xaa }, 3, -EBADMSG },
	{ "partial length 254", { 0xcb, 0xfe, 0xaa }, 3, -EBADMSG },
	{ "old format indeterminate length", { 0x8b, 1, 2, 3 }, 4, -EBADMSG },
	{ "bit 7 clear", { 0x42, 0x01, 0x00 }, 3, -EBADMSG },
	{ "reserved tag 0 (new)", { 0xc0, 0x01, 0x00 }, 3, -EBADMSG },
	{ "reserved tag 0 (old)", { 0x80, 0x01, 0x00 }, 3, -EBADMSG },
};

static void pkt_case_desc(const struct pkt_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(pkt, pkt_cases, pkt_case_desc);

static void pgp_test_packet_header(struct kunit *test)
{
	const struct pkt_case *c = test->param_value;
	struct pgp_packet pkt = { .tag = 0x77, .body = NULL, .len = 0x55 };
	const u8 *buf, *p;
	int ret;

	/* Exact-size heap copy so that an over-read shows up under KASAN */
	buf = test_memdup(test, c->data, c->len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	p = buf;
	ret = pgp_next_packet(&p, buf + c->len, &pkt);
	KUNIT_EXPECT_EQ(test, ret, c->err);
	if (c->err) {
		KUNIT_EXPECT_PTR_EQ(test, p, buf);
		KUNIT_EXPECT_EQ(test, pkt.tag, 0x77);
		KUNIT_EXPECT_EQ(test, pkt.len, (size_t)0x55);
		return;
	}
	KUNIT_EXPECT_EQ(test, pkt.tag, c->tag);
	KUNIT_EXPECT_PTR_EQ(test, pkt.body, buf + c->body_off);
	KUNIT_EXPECT_EQ(test, pkt.len, c->body_len);
	KUNIT_EXPECT_PTR_EQ(test, p, buf + c->len);
}

static void pgp_test_packet_stream(struct kunit *test)
{
	size_t len = 3 + 192 + 3;
	u8 *buf = kunit_kzalloc(test, len, GFP_KERNEL);
	struct pgp_packet pkt;
	const u8 *p;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	/* 0xc0 0x00: the smallest two-octet length, 192 */
	buf[0] = 0xc2;
	buf[1] = 0xc0;
	buf[2] = 0x00;
	/* then a one-octet-length user ID packet */
	buf[3 + 192] = 0xcd;
	buf[3 + 192 + 1] = 1;
	buf[3 + 192 + 2] = 'x';
	p = buf;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, buf + len, &pkt), 0);
	KUNIT_EXPECT_EQ(test, pkt.tag, 2);
	KUNIT_EXPECT_EQ(test, pkt.len, (size_t)192);
	KUNIT_EXPECT_PTR_EQ(test, pkt.body, buf + 3);
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, buf + len, &pkt), 0);
	KUNIT_EXPECT_EQ(test, pkt.tag, 13);
	KUNIT_EXPECT_EQ(test, pkt.len, (size_t)1);
	KUNIT_EXPECT_EQ(test, pkt.body[0], 'x');
	KUNIT_EXPECT_EQ(test, pgp_next_packet(&p, buf + len, &pkt), -ENODATA);
	KUNIT_EXPECT_PTR_EQ(test, p, buf + len);

	/* 0xdf 0xff: the largest two-octet length, 8383, is past the end */
	buf[1] = 0xdf;
	buf[2] = 0xff;
	p = buf;
	KUNIT_EXPECT_EQ(test, pgp_next_packet(&p, buf + len, &pkt), -EBADMSG);
	KUNIT_EXPECT_PTR_EQ(test, p, buf);
}

/*
 * Partial body lengths (224..254) are refused even where the buffer is long
 * enough for any other reading of the octets (two-octet length, 1 << n).
 */
static void pgp_test_partial_lengths(struct kunit *test)
{
	size_t len = 3 + 16384;
	u8 *buf = kunit_kzalloc(test, len, GFP_KERNEL);
	struct pgp_packet pkt;
	const u8 *p;
	unsigned int o;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	buf[0] = 0xc2;
	for (o = 224; o <= 254; o++) {
		buf[1] = o;
		p = buf;
		KUNIT_EXPECT_EQ(test, pgp_next_packet(&p, buf + len, &pkt), -EBADMSG);
		KUNIT_EXPECT_PTR_EQ(test, p, buf);
	}
	/* the same octets are ordinary lengths inside a subpacket area */
	buf[1] = 223;
	buf[2] = 0xff;
	p = buf;
	KUNIT_EXPECT_EQ(test, pgp_next_packet(&p, buf + len, &pkt), 0);
	KUNIT_EXPECT_EQ(test, pkt.len, (size_t)8383);
}

/* ---- MPIs ---- */

static void pgp_test_mpi(struct kunit *test)
{
	static const u8 good[] = { 0x00, 0x09, 0x01, 0xff };
	static const u8 zero_len[] = { 0x00, 0x00 };
	static const u8 short_bytes[] = { 0x00, 0x11, 0x01, 0xff };	/* 17 bits, 2 bytes */
	static const u8 leading_zero[] = { 0x00, 0x10, 0x00, 0xff };	/* 16 bits, top byte 0 */
	static const u8 count_too_big[] = { 0x00, 0x0a, 0x01, 0xff };	/* says 10, is 9 */
	static const u8 count_too_small[] = { 0x00, 0x08, 0x01, 0xff };	/* says 8 */
	static const u8 hdr_only[] = { 0x00 };
	const u8 *p, *m = NULL;
	size_t mlen = 0;
	unsigned int bits = 0;

	p = good;
	KUNIT_EXPECT_EQ(test, pgp_read_mpi(&p, good + 4, 16, &m, &mlen, &bits), 0);
	KUNIT_EXPECT_PTR_EQ(test, m, good + 2);
	KUNIT_EXPECT_EQ(test, mlen, (size_t)2);
	KUNIT_EXPECT_EQ(test, bits, 9U);
	KUNIT_EXPECT_PTR_EQ(test, p, good + 4);

	/* above max_bits */
	p = good;
	KUNIT_EXPECT_EQ(test, pgp_read_mpi(&p, good + 4, 8, &m, &mlen, NULL), -EBADMSG);
	KUNIT_EXPECT_PTR_EQ(test, p, &good[0]);
	/* bytes cut short by the end of the packet */
	p = good;
	KUNIT_EXPECT_EQ(test, pgp_read_mpi(&p, good + 3, 16, &m, &mlen, NULL), -EBADMSG);
	KUNIT_EXPECT_PTR_EQ(test, p, &good[0]);

	p = zero_len;
	KUNIT_EXPECT_EQ(test, pgp_read_mpi(&p, zero_len + 2, 16, &m, &mlen, NULL), -EBADMSG);
	KUNIT_EXPECT_PTR_EQ(test, p, &zero_len[0]);
	p = short_bytes;
	KUNIT_EXPECT_EQ(test, pgp_read_mpi(&p, short_bytes + 4, 64, &m, &mlen, NULL), -EBADMSG);
	KUNIT_EXPECT_PTR_EQ(test, p, &short_bytes[0]);
	p = leading_zero;
	KUNIT_EXPECT_EQ(test, pgp_read_mpi(&p, leading_zero + 4, 64, &m, &mlen, NULL), -EBADMSG);
	p = count_too_big;
	KUNIT_EXPECT_EQ(test, pgp_read_mpi(&p, count_too_big + 4, 64, &m, &mlen, NULL), -EBADMSG);
	p = count_too_small;
	KUNIT_EXPECT_EQ(test, pgp_read_mpi(&p, count_too_small + 4, 64, &m, &mlen, NULL),
			-EBADMSG);
	p = hdr_only;
	KUNIT_EXPECT_EQ(test, pgp_read_mpi(&p, hdr_only + 1, 64, &m, &mlen, NULL), -EBADMSG);
	KUNIT_EXPECT_PTR_EQ(test, p, &hdr_only[0]);
}

/* ---- real keys from gpg ---- */

struct vec_key {
	const char *name;
	const u8 *key;
	size_t key_len;
	const u8 *fpr;
	u8 algo;
	unsigned int bits;
	int policy, policy_legacy;
};

static const struct vec_key vec_keys[] = {
	{ "dsa2048", pgp_vec_dsa2048_key, sizeof(pgp_vec_dsa2048_key), pgp_vec_dsa2048_fpr,
	  PGP_PUBKEY_DSA, 2048, 0, 0 },
	{ "dsa1024", pgp_vec_dsa1024_key, sizeof(pgp_vec_dsa1024_key), pgp_vec_dsa1024_fpr,
	  PGP_PUBKEY_DSA, 1024, -EKEYREJECTED, 0 },
	{ "rsa2048", pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key), pgp_vec_rsa2048_fpr,
	  PGP_PUBKEY_RSA, 2048, 0, 0 },
	{ "ed25519", pgp_vec_ed25519_key, sizeof(pgp_vec_ed25519_key), pgp_vec_ed25519_fpr,
	  PGP_PUBKEY_EDDSA_LEGACY, 255,
	  IS_REACHABLE(CONFIG_CRYPTO_ED25519) ? 0 : -ENOPKG,
	  IS_REACHABLE(CONFIG_CRYPTO_ED25519) ? 0 : -ENOPKG },
};

KUNIT_ARRAY_PARAM_DESC(vec_key, vec_keys, name);

/* Splits a gpg export into its key, first user ID and self-signature. */
static void split_keyring(struct kunit *test, const u8 *data, size_t len,
			  struct pgp_packet *key, struct pgp_packet *uid,
			  struct pgp_packet *selfsig)
{
	const u8 *p = data, *end = data + len;
	struct pgp_packet pkt;
	int n = 0, ret;

	memset(key, 0, sizeof(*key));
	memset(uid, 0, sizeof(*uid));
	memset(selfsig, 0, sizeof(*selfsig));
	while ((ret = pgp_next_packet(&p, end, &pkt)) == 0) {
		if (n == 0)
			KUNIT_EXPECT_EQ(test, pkt.tag, PGP_PKT_PUBLIC_KEY);
		if (pkt.tag == PGP_PKT_PUBLIC_KEY && !key->body)
			*key = pkt;
		else if (pkt.tag == PGP_PKT_USER_ID && !uid->body)
			*uid = pkt;
		else if (pkt.tag == PGP_PKT_SIGNATURE && uid->body && !selfsig->body)
			*selfsig = pkt;
		n++;
	}
	KUNIT_EXPECT_EQ(test, ret, -ENODATA);
	KUNIT_EXPECT_PTR_EQ(test, p, end);
	KUNIT_ASSERT_NOT_NULL(test, key->body);
	KUNIT_ASSERT_NOT_NULL(test, uid->body);
	KUNIT_ASSERT_NOT_NULL(test, selfsig->body);
}

static void pgp_test_real_key(struct kunit *test)
{
	const struct vec_key *v = test->param_value;
	struct pgp_packet kp, up, sp;
	struct pgp_pubkey key;
	struct pgp_sig sig;
	struct pgp_hash_ctx *ctx;
	int ret;

	split_keyring(test, v->key, v->key_len, &kp, &up, &sp);
	ret = pgp_parse_pubkey(kp.body, kp.len, &key);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, key.version, 4);
	KUNIT_EXPECT_EQ(test, key.algo, v->algo);
	KUNIT_EXPECT_EQ(test, key.bits, v->bits);
	KUNIT_EXPECT_EQ(test, key.creation_time, 1767225600U);
	KUNIT_EXPECT_EQ(test, key.fpr_len, 20);
	KUNIT_EXPECT_MEMEQ(test, key.fpr, v->fpr, 20);
	KUNIT_EXPECT_MEMEQ(test, key.keyid, v->fpr + 12, 8);
	KUNIT_EXPECT_PTR_EQ(test, key.body, kp.body);
	KUNIT_EXPECT_EQ(test, key.body_len, kp.len);
	if (v->algo == PGP_PUBKEY_DSA) {
		KUNIT_EXPECT_EQ(test, key.dsa.p_len, (size_t)(v->bits / 8));
		KUNIT_EXPECT_TRUE(test, key.dsa.q_len == 20 || key.dsa.q_len == 28 ||
				  key.dsa.q_len == 32);
	} else if (v->algo == PGP_PUBKEY_RSA) {
		KUNIT_EXPECT_EQ(test, key.rsa.n_len, (size_t)256);
	} else {
		KUNIT_EXPECT_EQ(test, key.ec.curve, PGP_CURVE_ED25519);
		KUNIT_EXPECT_EQ(test, key.ec.point_len, (size_t)33);
	}
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, false), v->policy);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, true), v->policy_legacy);

	/* The self-signature: positive certification over key + user ID */
	ret = pgp_parse_sig(sp.body, sp.len, &sig, true);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, sig.type, PGP_SIG_CERT_POSITIVE);
	KUNIT_EXPECT_EQ(test, sig.issuer_fpr_len, 20);
	KUNIT_EXPECT_MEMEQ(test, sig.issuer_fpr, v->fpr, 20);
	KUNIT_EXPECT_TRUE(test, sig.has_issuer_keyid);
	KUNIT_EXPECT_MEMEQ(test, sig.issuer_keyid, v->fpr + 12, 8);
	KUNIT_EXPECT_TRUE(test, sig.has_key_flags);
	KUNIT_EXPECT_TRUE(test, sig.key_flags & PGP_KEY_FLAG_SIGN);
	KUNIT_EXPECT_EQ(test, sig.creation_time, 1767225600U);

	if (pgp_check_key_policy(&key, true) == -ENOPKG)
		return;
	ret = pgp_hash_init(&ctx, &sig);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_pubkey(ctx, &key), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_userid(ctx, up.body, up.len), 0);
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(ctx, &sig, &key), 0);

	/* the same certification over another user ID fails */
	ret = pgp_hash_init(&ctx, &sig);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_pubkey(ctx, &key), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_userid(ctx, up.body, up.len - 1), 0);
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(ctx, &sig, &key), -EKEYREJECTED);
}

/* ---- real signatures from gpg ---- */

struct vec_sig {
	const char *name;
	const u8 *key;
	size_t key_len;
	const u8 *sig;
	size_t sig_len;
	u8 hash_id;
	int parse, parse_legacy;	/* pgp_parse_sig() without / with legacy */
	int verify;			/* pgp_sig_verify() of the legacy parse */
};

#define ED25519_RESULT (IS_REACHABLE(CONFIG_CRYPTO_ED25519) ? 0 : -ENOPKG)

static const struct vec_sig vec_sigs[] = {
	{ "dsa2048/sha256", pgp_vec_dsa2048_key, sizeof(pgp_vec_dsa2048_key),
	  pgp_vec_dsa2048_sig, sizeof(pgp_vec_dsa2048_sig), PGP_HASH_SHA256, 0, 0, 0 },
	{ "dsa1024/sha1", pgp_vec_dsa1024_key, sizeof(pgp_vec_dsa1024_key),
	  pgp_vec_dsa1024_sig, sizeof(pgp_vec_dsa1024_sig), PGP_HASH_SHA1, -ENOPKG, 0, 0 },
	{ "rsa2048/sha256", pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key),
	  pgp_vec_rsa2048_sig, sizeof(pgp_vec_rsa2048_sig), PGP_HASH_SHA256, 0, 0, 0 },
	{ "rsa2048/sha512", pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key),
	  pgp_vec_rsa2048_sig_sha512, sizeof(pgp_vec_rsa2048_sig_sha512), PGP_HASH_SHA512,
	  0, 0, 0 },
	{ "rsa2048/sha1", pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key),
	  pgp_vec_rsa2048_sig_sha1, sizeof(pgp_vec_rsa2048_sig_sha1), PGP_HASH_SHA1,
	  -ENOPKG, 0, 0 },
	{ "ed25519/sha256", pgp_vec_ed25519_key, sizeof(pgp_vec_ed25519_key),
	  pgp_vec_ed25519_sig, sizeof(pgp_vec_ed25519_sig), PGP_HASH_SHA256, 0, 0,
	  ED25519_RESULT },
};

KUNIT_ARRAY_PARAM_DESC(vec_sig, vec_sigs, name);

static int verify_msg(struct kunit *test, const struct pgp_sig *sig,
		      const struct pgp_pubkey *key, const u8 *msg, size_t len)
{
	struct pgp_hash_ctx *ctx;
	int ret;

	ret = pgp_hash_init(&ctx, sig);
	KUNIT_EXPECT_EQ(test, ret, 0);
	if (ret)
		return ret;
	ret = pgp_hash_update(ctx, msg, len);
	KUNIT_EXPECT_EQ(test, ret, 0);
	if (ret) {
		pgp_hash_free(ctx);
		return ret;
	}
	return pgp_sig_verify(ctx, sig, key);
}

static void pgp_test_real_sig(struct kunit *test)
{
	const struct vec_sig *v = test->param_value;
	struct pgp_packet kp, up, sp, pkt;
	struct pgp_pubkey key;
	struct pgp_sig sig, bad;
	const u8 *p;
	u8 *msg;

	split_keyring(test, v->key, v->key_len, &kp, &up, &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &key), 0);

	p = v->sig;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, v->sig + v->sig_len, &pkt), 0);
	KUNIT_ASSERT_EQ(test, pkt.tag, PGP_PKT_SIGNATURE);
	KUNIT_EXPECT_PTR_EQ(test, p, v->sig + v->sig_len);

	KUNIT_EXPECT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &sig, false), v->parse);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &sig, true), v->parse_legacy);
	KUNIT_EXPECT_EQ(test, sig.version, 4);
	KUNIT_EXPECT_EQ(test, sig.type, PGP_SIG_BINARY);
	KUNIT_EXPECT_EQ(test, sig.hash_id, v->hash_id);
	KUNIT_EXPECT_EQ(test, sig.pubkey_algo, key.algo);
	KUNIT_EXPECT_EQ(test, sig.creation_time, 1767225600U);
	KUNIT_EXPECT_EQ(test, sig.issuer_fpr_len, 20);
	KUNIT_EXPECT_MEMEQ(test, sig.issuer_fpr, key.fpr, 20);
	KUNIT_EXPECT_MEMEQ(test, sig.issuer_keyid, key.keyid, 8);
	KUNIT_EXPECT_PTR_EQ(test, sig.hashed, pkt.body);
	KUNIT_EXPECT_EQ(test, sig.hashed_len, (size_t)6 + get_unaligned_be16(pkt.body + 4));
	KUNIT_EXPECT_EQ(test, sig.nr_mpi, key.algo == PGP_PUBKEY_RSA ? 1U : 2U);

	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &key, pgp_vec_msg, sizeof(pgp_vec_msg)),
			v->verify);
	if (v->verify)
		return;

	/* one bit of the message changed */
	msg = test_memdup(test, pgp_vec_msg, sizeof(pgp_vec_msg), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	msg[3] ^= 0x01;
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &key, msg, sizeof(pgp_vec_msg)),
			-EKEYREJECTED);
	/* message truncated */
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &key, pgp_vec_msg,
					 sizeof(pgp_vec_msg) - 1), -EKEYREJECTED);

	/* digest prefix changed: refused before the public-key operation */
	bad = sig;
	bad.digest_prefix[1] ^= 0x80;
	KUNIT_EXPECT_EQ(test, verify_msg(test, &bad, &key, pgp_vec_msg, sizeof(pgp_vec_msg)),
			-EKEYREJECTED);

	/* signature value changed (prefix still right) */
	{
		u8 *body = test_memdup(test, pkt.body, pkt.len, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, body);
		body[pkt.len - 1] ^= 0x01;
		KUNIT_ASSERT_EQ(test, pgp_parse_sig(body, pkt.len, &bad, true), 0);
		KUNIT_EXPECT_EQ(test, verify_msg(test, &bad, &key, pgp_vec_msg,
						 sizeof(pgp_vec_msg)), -EKEYREJECTED);
	}
}

/* A signature checked with a key of another algorithm or another key */
static void pgp_test_wrong_key(struct kunit *test)
{
	struct pgp_packet kp, up, sp, pkt;
	struct pgp_pubkey dsa, dsa1024, rsa;
	struct pgp_sig sig;
	const u8 *p;

	split_keyring(test, pgp_vec_dsa2048_key, sizeof(pgp_vec_dsa2048_key), &kp, &up, &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &dsa), 0);
	split_keyring(test, pgp_vec_dsa1024_key, sizeof(pgp_vec_dsa1024_key), &kp, &up, &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &dsa1024), 0);
	split_keyring(test, pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key), &kp, &up, &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &rsa), 0);

	p = pgp_vec_rsa2048_sig;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, p + sizeof(pgp_vec_rsa2048_sig), &pkt), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &sig, false), 0);
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &dsa, pgp_vec_msg, sizeof(pgp_vec_msg)),
			-EKEYREJECTED);

	p = pgp_vec_dsa2048_sig;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, p + sizeof(pgp_vec_dsa2048_sig), &pkt), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &sig, false), 0);
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &rsa, pgp_vec_msg, sizeof(pgp_vec_msg)),
			-EKEYREJECTED);
	/* right algorithm, wrong DSA key */
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &dsa1024, pgp_vec_msg,
					 sizeof(pgp_vec_msg)), -EKEYREJECTED);
}

/*
 * A key prepared for many verifications (DSA: fixed-base tables; RSA: its
 * Montgomery context) verifies as before; a second preparation is refused;
 * release leaves a plain key.
 */
static void pgp_test_pubkey_prepare(struct kunit *test)
{
	static const u8 one = 1;
	struct pgp_packet kp, up, sp, pkt;
	struct pgp_pubkey dsa, rsa, ed, bad;
	struct pgp_sig sig;
	const char *what;
	const u8 *p;
	ssize_t n;

	/* RSA: the Montgomery context of n, kept */
	split_keyring(test, pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key), &kp, &up, &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &rsa), 0);
	what = "unset";
	n = pgp_pubkey_prepare(&rsa, &what);
	KUNIT_EXPECT_GT(test, n, 0);
	KUNIT_EXPECT_STREQ(test, what, "RSA context");
	KUNIT_EXPECT_NOT_NULL(test, rsa.rsa.pre);
	KUNIT_EXPECT_EQ(test, pgp_pubkey_prepare(&rsa, &what), -EBUSY);
	p = pgp_vec_rsa2048_sig;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, p + sizeof(pgp_vec_rsa2048_sig), &pkt), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &sig, false), 0);
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &rsa, pgp_vec_msg, sizeof(pgp_vec_msg)), 0);
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &rsa, pgp_vec_msg,
					 sizeof(pgp_vec_msg) - 1), -EKEYREJECTED);
	pgp_pubkey_release(&rsa);
	KUNIT_EXPECT_NULL(test, rsa.rsa.pre);
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &rsa, pgp_vec_msg, sizeof(pgp_vec_msg)), 0);

	/* Ed25519: nothing to keep */
	split_keyring(test, pgp_vec_ed25519_key, sizeof(pgp_vec_ed25519_key), &kp, &up, &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &ed), 0);
	what = "unset";
	KUNIT_EXPECT_EQ(test, pgp_pubkey_prepare(&ed, &what), 0);
	KUNIT_EXPECT_NULL(test, what);
	pgp_pubkey_release(&ed);

	split_keyring(test, pgp_vec_dsa2048_key, sizeof(pgp_vec_dsa2048_key), &kp, &up, &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &dsa), 0);
	bad = dsa;
	n = pgp_pubkey_prepare(&dsa, &what);
	KUNIT_ASSERT_GT(test, n, 0);
	KUNIT_EXPECT_STREQ(test, what, "DSA tables");
	KUNIT_EXPECT_NOT_NULL(test, dsa.dsa.pre);
	KUNIT_EXPECT_EQ(test, pgp_pubkey_prepare(&dsa, &what), -EBUSY);

	p = pgp_vec_dsa2048_sig;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, p + sizeof(pgp_vec_dsa2048_sig), &pkt), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &sig, false), 0);
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &dsa, pgp_vec_msg, sizeof(pgp_vec_msg)), 0);
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &dsa, pgp_vec_msg,
					 sizeof(pgp_vec_msg) - 1), -EKEYREJECTED);
	pgp_pubkey_release(&dsa);
	KUNIT_EXPECT_NULL(test, dsa.dsa.pre);
	KUNIT_EXPECT_EQ(test, verify_msg(test, &sig, &dsa, pgp_vec_msg, sizeof(pgp_vec_msg)), 0);

	/* g = 1 generates nothing: no tables, the key is left as it was */
	bad.dsa.g = &one;
	bad.dsa.g_len = 1;
	KUNIT_EXPECT_EQ(test, pgp_pubkey_prepare(&bad, &what), -EINVAL);
	KUNIT_EXPECT_STREQ(test, what, "DSA tables");
	KUNIT_EXPECT_NULL(test, bad.dsa.pre);
}

/* Hash the common prefix once, finish a copy per signature */
static void pgp_test_hash_clone(struct kunit *test)
{
	struct pgp_packet kp, up, sp, pkt;
	struct pgp_hash_ctx *ctx, *copy, *copy2;
	struct pgp_pubkey key;
	struct pgp_sig sig;
	size_t half = sizeof(pgp_vec_msg) / 2;
	const u8 *p;

	split_keyring(test, pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key), &kp, &up, &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &key), 0);
	p = pgp_vec_rsa2048_sig_sha512;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, p + sizeof(pgp_vec_rsa2048_sig_sha512),
					      &pkt), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &sig, false), 0);

	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, pgp_vec_msg, half), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_clone(&copy, ctx), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_clone(&copy2, ctx), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, pgp_vec_msg + half,
					      sizeof(pgp_vec_msg) - half), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_update(copy, pgp_vec_msg + half,
					      sizeof(pgp_vec_msg) - half), 0);
	/* the second copy sees different data */
	KUNIT_ASSERT_EQ(test, pgp_hash_update(copy2, pgp_vec_msg, sizeof(pgp_vec_msg) - half),
			0);
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(ctx, &sig, &key), 0);
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(copy, &sig, &key), 0);
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(copy2, &sig, &key), -EKEYREJECTED);
}

#if IS_BUILTIN(CONFIG_CRYPTO_HASH) && IS_BUILTIN(CONFIG_CRYPTO_SHA256)
/*
 * A "sha256" of higher priority whose descriptor holds a marker in front of
 * the state: importing another driver's exported state into it reads past
 * that state and leaves no marker, and its digest is then all zeros.
 */
#define PGP_DECOY_MAGIC 0x70677064656379ULL

struct pgp_decoy_state {
	u64 magic;
	struct pgp_sha256_ctx s;
};

static int pgp_decoy_init(struct shash_desc *desc)
{
	struct pgp_decoy_state *st = shash_desc_ctx(desc);

	st->magic = PGP_DECOY_MAGIC;
	sha256_init(&st->s);
	return 0;
}

static int pgp_decoy_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	struct pgp_decoy_state *st = shash_desc_ctx(desc);

	sha256_update(&st->s, data, len);
	return 0;
}

static int pgp_decoy_final(struct shash_desc *desc, u8 *out)
{
	struct pgp_decoy_state *st = shash_desc_ctx(desc);

	if (st->magic != PGP_DECOY_MAGIC) {
		memset(out, 0, SHA256_DIGEST_SIZE);
		return 0;
	}
	sha256_final(&st->s, out);
	return 0;
}

static struct shash_alg pgp_decoy_sha256 = {
	.digestsize	= SHA256_DIGEST_SIZE,
	.init		= pgp_decoy_init,
	.update		= pgp_decoy_update,
	.final		= pgp_decoy_final,
	.descsize	= sizeof(struct pgp_decoy_state),
	.base		= {
		.cra_name	 = "sha256",
		.cra_driver_name = "sha256-pgp-kunit-decoy",
		.cra_priority	 = 30000,
		.cra_blocksize	 = SHA256_BLOCK_SIZE,
		.cra_module	 = THIS_MODULE,
	},
};

/*
 * A copy of a digest in progress stays on the source's transform, even when
 * a driver of the same name and another state layout is registered between
 * the start of the digest and the copy.
 */
static void pgp_test_hash_clone_same_driver(struct kunit *test)
{
	struct pgp_packet kp, up, sp, pkt;
	struct pgp_hash_ctx *ctx, *copy;
	struct pgp_pubkey key;
	struct pgp_sig sig;
	const u8 *p;

	split_keyring(test, pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key), &kp, &up, &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &key), 0);
	p = pgp_vec_rsa2048_sig;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, p + sizeof(pgp_vec_rsa2048_sig), &pkt), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &sig, false), 0);
	KUNIT_ASSERT_EQ(test, sig.hash, HASH_ALGO_SHA256);

	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, pgp_vec_msg, sizeof(pgp_vec_msg)), 0);
	if (crypto_register_shash(&pgp_decoy_sha256)) {
		pgp_hash_free(ctx);
		kunit_skip(test, "cannot register the decoy sha256");
	}
	copy = NULL;
	KUNIT_EXPECT_EQ(test, pgp_hash_clone(&copy, ctx), 0);
	if (copy)
		KUNIT_EXPECT_EQ(test, pgp_sig_verify(copy, &sig, &key), 0);
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(ctx, &sig, &key), 0);
	crypto_unregister_shash(&pgp_decoy_sha256);
}
#else
static void pgp_test_hash_clone_same_driver(struct kunit *test)
{
	kunit_skip(test, "needs the crypto API's shash registration");
}
#endif

/*
 * Digests too short for the key (RFC 9580 5.2.3.4, 5.1.4, 5.2.3.2): valid
 * DSA and Ed25519 signatures over SHA-224 and a valid ECDSA P-384 signature
 * over SHA-256 are refused as unsupported, while the same keys' SHA-256
 * (SHA-384) signatures verify.
 */
static void pgp_test_weak_digest(struct kunit *test)
{
	static const struct {
		const u8 *key, *sig;
		size_t key_len, sig_len;
		int want;
	} cases[] = {
		{ pgp_weak_dsa_key, pgp_weak_dsa_sha256, sizeof(pgp_weak_dsa_key),
		  sizeof(pgp_weak_dsa_sha256), 0 },
		{ pgp_weak_dsa_key, pgp_weak_dsa_sha224, sizeof(pgp_weak_dsa_key),
		  sizeof(pgp_weak_dsa_sha224), -ENOPKG },
		{ pgp_weak_ed_key, pgp_weak_ed_sha256, sizeof(pgp_weak_ed_key),
		  sizeof(pgp_weak_ed_sha256), 0 },
		{ pgp_weak_ed_key, pgp_weak_ed_sha224, sizeof(pgp_weak_ed_key),
		  sizeof(pgp_weak_ed_sha224), -ENOPKG },
		{ pgp_weak_p384_key, pgp_weak_p384_sha384, sizeof(pgp_weak_p384_key),
		  sizeof(pgp_weak_p384_sha384), 0 },
		{ pgp_weak_p384_key, pgp_weak_p384_sha256, sizeof(pgp_weak_p384_key),
		  sizeof(pgp_weak_p384_sha256), -ENOPKG },
	};
	struct pgp_pubkey key;
	struct pgp_sig sig;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(cases[i].key, cases[i].key_len, &key), 0);
		if (key.algo == PGP_PUBKEY_EDDSA_LEGACY && !IS_REACHABLE(CONFIG_CRYPTO_ED25519))
			continue;
		if (key.algo == PGP_PUBKEY_ECDSA && !IS_REACHABLE(CONFIG_CRYPTO_ECDSA_RAW))
			continue;
		KUNIT_ASSERT_EQ(test, pgp_parse_sig(cases[i].sig, cases[i].sig_len, &sig,
						    false), 0);
		KUNIT_EXPECT_EQ_MSG(test, verify_msg(test, &sig, &key, pgp_weak_msg,
						     sizeof(pgp_weak_msg)), cases[i].want,
				    "case %u", i);
	}
}

/* ---- malformed keys ---- */

static void pgp_test_bad_pubkey(struct kunit *test)
{
	struct pgp_packet kp, up, sp;
	struct pgp_pubkey key;
	u8 *body;

	split_keyring(test, pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key), &kp, &up, &sp);
	body = kunit_kzalloc(test, kp.len + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, body);
	memcpy(body, kp.body, kp.len);

	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, 0, &key), -EBADMSG);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, 5, &key), -EBADMSG);
	/* every truncation inside the key material */
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, 6, &key), -EBADMSG);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, 7, &key), -EBADMSG);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, 100, &key), -EBADMSG);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len - 1, &key), -EBADMSG);
	/* trailing byte */
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len + 1, &key), -EBADMSG);
	/* n's bit count one too large: more bytes than present */
	body[6] = 0x08;
	body[7] = 0x01;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -EBADMSG);
	/* n's bit count one too small: not canonical */
	body[7] = 0x00;
	body[6] = 0x07;
	body[7] = 0xff;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -EBADMSG);
	/* zero-length n */
	body[6] = 0;
	body[7] = 0;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -EBADMSG);
	memcpy(body, kp.body, kp.len);

	/* unknown versions: no fingerprint */
	body[0] = 3;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -ENOPKG);
	KUNIT_EXPECT_EQ(test, key.fpr_len, 0);
	body[0] = 5;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -ENOPKG);
	body[0] = 0xff;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -ENOPKG);
	body[0] = 4;

	/* unknown algorithm: still fingerprinted */
	body[5] = 16;	/* Elgamal */
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -ENOPKG);
	KUNIT_EXPECT_EQ(test, key.fpr_len, 20);
	KUNIT_EXPECT_EQ(test, key.algo, 16);
	body[5] = 99;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -ENOPKG);
	KUNIT_EXPECT_EQ(test, key.fpr_len, 20);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, true), -ENOPKG);
}

/* Builds an RSA key body with an n of nbits bits and e = 65537 */
static size_t build_rsa_key(u8 *k, unsigned int nbits)
{
	size_t nbytes = DIV_ROUND_UP(nbits, 8), n = 0;

	memcpy(k, "\x04\x69\x55\xb9\x00\x01", 6);
	n = 6;
	put_unaligned_be16(nbits, k + n);
	n += 2;
	memset(k + n, 0xc5, nbytes);
	k[n] = 1 << ((nbits - 1) % 8);
	n += nbytes;
	memcpy(k + n, "\x00\x11\x01\x00\x01", 5);
	return n + 5;
}

/* Builds a DSA key body with p of pbits and q of qbits (g, y small) */
static size_t build_dsa_key(u8 *k, unsigned int pbits, unsigned int qbits)
{
	size_t n = 6;

	memcpy(k, "\x04\x69\x55\xb9\x00\x11", 6);
	put_unaligned_be16(pbits, k + n);
	memset(k + n + 2, 0xa5, DIV_ROUND_UP(pbits, 8));
	k[n + 2] = 0x80;
	n += 2 + DIV_ROUND_UP(pbits, 8);
	put_unaligned_be16(qbits, k + n);
	memset(k + n + 2, 0x5a, DIV_ROUND_UP(qbits, 8));
	k[n + 2] = 0x80;
	n += 2 + DIV_ROUND_UP(qbits, 8);
	memcpy(k + n, "\x00\x02\x02\x00\x02\x03", 6);
	return n + 6;
}

static void pgp_test_key_policy_sizes(struct kunit *test)
{
	u8 *k = kunit_kzalloc(test, 0x10000 + 1, GFP_KERNEL);
	struct pgp_pubkey key;
	size_t n;

	KUNIT_ASSERT_NOT_NULL(test, k);
	n = build_rsa_key(k, 2047);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(k, n, &key), 0);
	KUNIT_EXPECT_EQ(test, key.bits, 2047U);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, true), -EKEYREJECTED);
	n = build_rsa_key(k, 2048);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(k, n, &key), 0);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, false), 0);
	n = build_rsa_key(k, PGP_RSA_VERIFY_MAX_BITS + 1);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(k, n, &key), 0);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, false), -ENOPKG);
	n = build_rsa_key(k, PGP_RSA_MAX_BITS + 1);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, n, &key), -EBADMSG);

	n = build_dsa_key(k, 2048, 256);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(k, n, &key), 0);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, false), 0);
	n = build_dsa_key(k, 3072, 224);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(k, n, &key), 0);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, false), 0);
	n = build_dsa_key(k, 2048, 160);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(k, n, &key), 0);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, true), -EKEYREJECTED);
	n = build_dsa_key(k, 1024, 160);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(k, n, &key), 0);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, false), -EKEYREJECTED);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, true), 0);
	n = build_dsa_key(k, 1536, 224);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(k, n, &key), 0);
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, true), -EKEYREJECTED);
	n = build_dsa_key(k, PGP_DSA_P_MAX_BITS + 8, 256);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, n, &key), -EBADMSG);
	n = build_dsa_key(k, 2048, PGP_DSA_Q_MAX_BITS + 8);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, n, &key), -EBADMSG);

	/* a v4 body longer than its two-octet fingerprint length field */
	memset(k, 0, 0x10000);
	n = build_rsa_key(k, 2048);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, 0x10000, &key), -EBADMSG);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, 0xffff, &key), -EBADMSG);	/* trailing */
}

static void pgp_test_bad_ec_key(struct kunit *test)
{
	struct pgp_packet kp, up, sp;
	struct pgp_pubkey key;
	u8 *body;

	split_keyring(test, pgp_vec_ed25519_key, sizeof(pgp_vec_ed25519_key), &kp, &up, &sp);
	body = test_memdup(test, kp.body, kp.len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, body);
	/* body: ver, time[4], algo, oidlen 9, oid[9], mpi bits[2], 0x40, point[32] */
	KUNIT_ASSERT_EQ(test, kp.len, (size_t)(6 + 1 + 9 + 2 + 33));
	body[6] = 0;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -EBADMSG);
	body[6] = 0xff;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -EBADMSG);
	body[6] = 200;	/* OID length past the end */
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -EBADMSG);
	body[6] = 9;
	body[15] ^= 0x10;	/* unknown curve */
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -ENOPKG);
	KUNIT_EXPECT_EQ(test, key.fpr_len, 20);
	body[15] ^= 0x10;
	body[18] = 0x41;	/* not the native 0x40 prefix */
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), -EBADMSG);
	body[18] = 0x40;
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(body, kp.len, &key), 0);
}

/* ---- synthetic signatures ---- */

/* Builds a v4 signature body: header, both areas, prefix, one DSA-ish MPI pair */
static size_t build_sig_type(u8 *buf, u8 version, u8 type, u8 hash, const u8 *hashed,
			     size_t hlen, const u8 *unhashed, size_t ulen)
{
	static const u8 tail[] = { 0xab, 0xcd, 0x00, 0x08, 0x99, 0x00, 0x07, 0x55 };
	size_t n = 0;

	buf[n++] = version;
	buf[n++] = type;
	buf[n++] = PGP_PUBKEY_DSA;
	buf[n++] = hash;
	put_unaligned_be16(hlen, buf + n);
	n += 2;
	memcpy(buf + n, hashed, hlen);
	n += hlen;
	put_unaligned_be16(ulen, buf + n);
	n += 2;
	if (ulen)
		memcpy(buf + n, unhashed, ulen);
	n += ulen;
	memcpy(buf + n, tail, sizeof(tail));
	return n + sizeof(tail);
}

static size_t build_sig(u8 *buf, u8 version, u8 hash, const u8 *hashed, size_t hlen,
			const u8 *unhashed, size_t ulen)
{
	return build_sig_type(buf, version, PGP_SIG_BINARY, hash, hashed, hlen, unhashed, ulen);
}

struct sig_case {
	const char *desc;
	u8 version, hash;
	u8 hashed[64];
	size_t hlen;
	u8 unhashed[24];
	size_t ulen;
	int err;
	u8 type;		/* 0: binary document */
};

static const struct sig_case sig_cases[] = {
	{ "good: ctime + issuer fpr", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21,
		0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 },
		6 + 23,
	  { 0x09, 0x10, 13, 14, 15, 16, 17, 18, 19, 20 }, 10, 0 },
	{ "good: ctime + issuer key id only", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00 }, 6,
		{ 0x09, 0x10, 13, 14, 15, 16, 17, 18, 19, 20 }, 10, 0 },
	{ "good: unknown non-critical subpacket", 4, 10,
	  { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0x03, 0x64, 0xaa, 0xbb }, 6 + 23 + 4,
		{ 0 }, 0, 0 },
	{ "good: critical informational (primary uid)", 4, 9,
	  { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0x02, 0x99, 0x01 }, 6 + 23 + 3, { 0 }, 0,
		0 },
	{ "2-octet subpacket length past area", 4, 11,
	  { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0xc0, 0x00 }, 8, { 0 }, 0, -EBADMSG },
	{ "unknown version 3", 3, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1,
		2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 }, 29, { 0 },
		0, -ENOPKG },
	{ "unknown version 5", 5, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1,
		2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 }, 29, { 0 },
		0, -ENOPKG },
	{ "unknown version 7", 7, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1,
		2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 }, 29, { 0 },
		0, -ENOPKG },
	{ "hash MD5", 4, 1, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4,
		5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 }, 29, { 0 }, 0,
		-ENOPKG },
	{ "hash SHA-1 without legacy", 4, 2, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21,
		0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 },
		29, { 0 }, 0, -ENOPKG },
	{ "hash RIPEMD-160", 4, 3, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2,
		3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 }, 29, { 0 }, 0,
		-ENOPKG },
	{ "hash 13 (reserved)", 4, 13, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2,
		3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 }, 29, { 0 }, 0,
		-ENOPKG },
	{ "hash unknown 99", 4, 99, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2,
		3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 }, 29, { 0 }, 0,
		-ENOPKG },
	{ "unknown critical subpacket", 4, 8,
	  { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0x03, 0xe4, 0xaa, 0xbb }, 6 + 23 + 4,
		{ 0 }, 0, -EBADMSG },
	{ "critical notation (20)", 4, 8,
	  { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0x02, 0x94, 0x00 }, 6 + 23 + 3, { 0 }, 0,
		-EBADMSG },
	{ "critical regexp (6)", 4, 8,
	  { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0x02, 0x86, 0x00 }, 6 + 23 + 3, { 0 }, 0,
		-EBADMSG },
	{ "missing creation time", 4, 8, { 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
		12, 13, 14, 15, 16, 17, 18, 19, 20 }, 23, { 0x09, 0x10, 13, 14, 15, 16, 17, 18,
		19, 20 }, 10, -EBADMSG },
	{ "creation time only unhashed", 4, 8, { 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		11, 12, 13, 14, 15, 16, 17, 18, 19, 20 }, 23, { 0x05, 0x02, 0x69, 0x55, 0xb9,
		0x00 }, 6, -EBADMSG },
	{ "missing issuer", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00 }, 6, { 0 }, 0, -EBADMSG },
	{ "creation time 3 octets", 4, 8, { 0x04, 0x02, 1, 2, 3, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5,
		6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 }, 5 + 23, { 0 }, 0,
	  -EBADMSG },
	{ "duplicate creation time", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x05, 0x02,
		0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
		13, 14, 15, 16, 17, 18, 19, 20 }, 6 + 6 + 23,
	  { 0 }, 0, -EBADMSG },
	{ "issuer key id disagrees with fpr", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16,
		0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
		20 }, 29,
	  { 0x09, 0x10, 13, 14, 15, 16, 17, 18, 19, 21 }, 10, -EBADMSG },
	{ "issuer key id 7 octets", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00 }, 6,
	  { 0x08, 0x10, 13, 14, 15, 16, 17, 18, 19 }, 9, -EBADMSG },
	{ "issuer fpr unknown key version", 4, 8,
	  { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x03, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		11, 12, 13, 14, 15,
	    16, 17, 18, 19, 20 }, 29, { 0 }, 0, -EBADMSG },
	{ "zero-length subpacket", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04,
		1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0x00 },
		30, { 0 }, 0, -EBADMSG },
	{ "subpacket length past area", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21,
		0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
		0x05, 0x64 }, 31,
	  { 0 }, 0, -EBADMSG },
	{ "subpacket 5-octet length overflow", 4, 8,
	  { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
		11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0xff, 0xff, 0xff, 0xff, 0xff, 0x64 }, 35,
		{ 0 }, 0, -EBADMSG },
	{ "subpacket 5-octet length cut", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21,
		0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
		0xff, 0x00 }, 31,
	  { 0 }, 0, -EBADMSG },
	{ "document sig: extra unhashed subpacket", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00,
		0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
		19, 20 }, 29,
	  { 0x09, 0x10, 13, 14, 15, 16, 17, 18, 19, 20, 0x02, 0x64, 0x00 }, 13, -EBADMSG },
	{ "document sig: critical bit on unhashed issuer", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9,
		0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
		17, 18, 19, 20 }, 29,
	  { 0x09, 0x90, 13, 14, 15, 16, 17, 18, 19, 20 }, 10, -EBADMSG },
	{ "document sig: unhashed issuer fpr", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00 }, 6,
	  { 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
		20 }, 23, 0 },
	{ "document sig: unhashed issuer fpr repeats hashed", 4, 8, { 0x05, 0x02, 0x69, 0x55,
		0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
		16, 17, 18, 19, 20 }, 29,
	  { 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
		20 }, 23, 0 },
	{ "document sig: unhashed issuer fpr disagrees", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9,
		0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
		17, 18, 19, 20 }, 29,
	  { 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
	    21 }, 23, -EBADMSG },
	{ "document sig: critical unhashed issuer fpr", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9,
		0x00 }, 6,
	  { 0x16, 0xa1, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
	    20 }, 23, -EBADMSG },
	{ "document sig: unhashed issuer fpr v6 vs hashed v4", 4, 8, { 0x05, 0x02, 0x69, 0x55,
		0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
		16, 17, 18, 19, 20 }, 29,
	  { 0x03, 0x21, 0x06, 0x00 }, 4, -EBADMSG },
	{ "binding sig: unhashed issuer fpr is a hint", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9,
		0x00 }, 6,
	  { 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
		20 }, 23, 0, PGP_SIG_SUBKEY_BINDING },
	{ "binding sig: unhashed unknown non-critical ignored", 4, 8, { 0x05, 0x02, 0x69, 0x55,
		0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
		16, 17, 18, 19, 20 }, 29,
	  { 0x02, 0x64, 0x00 }, 3, 0, PGP_SIG_SUBKEY_BINDING },
	{ "binding sig: unhashed unknown critical", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00,
		0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
		19, 20 }, 29,
	  { 0x02, 0xe4, 0x00 }, 3, -EBADMSG, PGP_SIG_SUBKEY_BINDING },
	{ "binding sig: unhashed critical informational", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9,
		0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
		17, 18, 19, 20 }, 29,
	  { 0x02, 0x99, 0x01 }, 3, 0, PGP_SIG_SUBKEY_BINDING },
	{ "binding sig: unhashed empty embedded sig", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00,
		0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
		19, 20 }, 29,
	  { 0x01, 0x20 }, 2, -EBADMSG, PGP_SIG_SUBKEY_BINDING },
	{ "binding sig: unhashed issuer fpr malformed", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9,
		0x00 }, 6,
	  { 0x03, 0x21, 0x04, 0x00 }, 4, -EBADMSG, PGP_SIG_SUBKEY_BINDING },
	{ "key expiry 5 octets", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1,
		2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0x06, 0x09,
		0, 0, 0, 1, 2 }, 29 + 7,
	  { 0 }, 0, -EBADMSG, PGP_SIG_SUBKEY_BINDING },
	{ "sig expiry 2 octets", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1,
		2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0x03, 0x03,
		0, 1 }, 29 + 4,
	  { 0 }, 0, -EBADMSG },
	{ "revocation reason empty", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21,
		0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
		0x01, 0x1d }, 29 + 2,
	  { 0 }, 0, -EBADMSG, PGP_SIG_KEY_REVOCATION },
	{ "hashed embedded sig empty", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21,
		0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
		0x01, 0x20 }, 29 + 2,
	  { 0 }, 0, -EBADMSG, PGP_SIG_SUBKEY_BINDING },
	{ "duplicate key flags", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1,
		2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0x02, 0x1b,
		0x02, 0x02, 0x1b, 0x02 },
	  29 + 6, { 0 }, 0, -EBADMSG, PGP_SIG_SUBKEY_BINDING },
	{ "hashed issuer key ids disagree", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x09,
		0x10, 13, 14, 15, 16, 17, 18, 19, 20,
	  0x09, 0x10, 13, 14, 15, 16, 17, 18, 19, 99 }, 26, { 0 }, 0, -EBADMSG },
	{ "good: hashed issuer key id", 4, 8, { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x09, 0x10,
		13, 14, 15, 16, 17, 18, 19, 20 }, 16, { 0 }, 0, 0 },
	{ "v4 sig with a v6 issuer fpr (32 octets) plus key id", 4, 8, { 0x05, 0x02, 0x69, 0x55,
		0xb9, 0x00, 0x22, 0x21, 0x06,
	  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
	  25, 26, 27, 28, 29, 30, 31, 32 }, 6 + 35, { 0x09, 0x10, 13, 14, 15, 16, 17, 18, 19,
		20 }, 10, -EBADMSG },
};

KUNIT_ARRAY_PARAM_DESC(sig_case, sig_cases, desc);

static void pgp_test_sig_shapes(struct kunit *test)
{
	const struct sig_case *c = test->param_value;
	struct pgp_sig sig;
	size_t len;
	u8 *buf;
	int ret;

	buf = kunit_kzalloc(test, 256, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	len = build_sig_type(buf, c->version, c->type, c->hash, c->hashed, c->hlen,
			     c->unhashed, c->ulen);
	/* exact-size copy: any over-read is out of bounds */
	buf = test_memdup(test, buf, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	ret = pgp_parse_sig(buf, len, &sig, false);
	KUNIT_EXPECT_EQ(test, ret, c->err);
	if (ret)
		return;
	KUNIT_EXPECT_EQ(test, sig.creation_time, 0x6955b900U);
	KUNIT_EXPECT_TRUE(test, sig.has_issuer_keyid);
	KUNIT_EXPECT_EQ(test, sig.issuer_keyid[0], 13);
	KUNIT_EXPECT_EQ(test, sig.issuer_keyid[7], 20);
	KUNIT_EXPECT_EQ(test, sig.hashed_len, 6 + c->hlen);
	KUNIT_EXPECT_EQ(test, sig.digest_prefix[0], 0xab);
	KUNIT_EXPECT_EQ(test, sig.nr_mpi, 2U);
	KUNIT_EXPECT_EQ(test, sig.mpi_len[0], (size_t)1);
	KUNIT_EXPECT_EQ(test, sig.mpi[0][0], 0x99);
	KUNIT_EXPECT_EQ(test, sig.mpi[1][0], 0x55);
}

/* Every value-carrying subpacket lands in its field */
static void pgp_test_sig_values(struct kunit *test)
{
	static const u8 hashed[] = {
		0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9,
			10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
		0x05, 0x03, 0x00, 0x00, 0x0e, 0x10,		/* sig expiry 3600 */
		0x05, 0x09, 0x00, 0x01, 0x51, 0x80,		/* key expiry 86400 */
		0x02, 0x1b, 0x02,				/* key flags: sign */
		0x03, 0x1d, 0x02, 'x',				/* revoked: compromised */
		0x04, 0xa0, 0x04, 0x19, 0x01,			/* critical embedded sig */
	};
	struct pgp_sig sig;
	u8 buf[128];
	size_t len;

	len = build_sig_type(buf, 4, PGP_SIG_SUBKEY_BINDING, PGP_HASH_SHA384, hashed,
			     sizeof(hashed), NULL, 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(buf, len, &sig, false), 0);
	KUNIT_EXPECT_EQ(test, sig.type, PGP_SIG_SUBKEY_BINDING);
	KUNIT_EXPECT_EQ(test, sig.hash, HASH_ALGO_SHA384);
	KUNIT_EXPECT_EQ(test, sig.sig_expiry, 3600U);
	KUNIT_EXPECT_TRUE(test, sig.has_key_expiry);
	KUNIT_EXPECT_EQ(test, sig.key_expiry, 86400U);
	KUNIT_EXPECT_TRUE(test, sig.has_key_flags);
	KUNIT_EXPECT_EQ(test, sig.key_flags, PGP_KEY_FLAG_SIGN);
	KUNIT_EXPECT_TRUE(test, sig.has_revocation_reason);
	KUNIT_EXPECT_EQ(test, sig.revocation_reason, 2);
	KUNIT_EXPECT_PTR_EQ(test, sig.embedded_sig, buf + 6 + sizeof(hashed) - 3);
	KUNIT_EXPECT_EQ(test, sig.embedded_sig_len, (size_t)3);
	KUNIT_EXPECT_EQ(test, sig.issuer_fpr_len, 20);
	KUNIT_EXPECT_EQ(test, sig.issuer_fpr[0], 1);
}

/* ECDSA, ECDH and native Ed25519 (algorithm 27) keys; a native signature */
static void pgp_test_other_algos(struct kunit *test)
{
	u8 *k = kunit_kzalloc(test, 128, GFP_KERNEL);
	struct pgp_pubkey key;
	struct pgp_sig sig;
	size_t n;
	u8 buf[128];
	static const u8 hashed[] = { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2,
		3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 };

	KUNIT_ASSERT_NOT_NULL(test, k);
	/* ECDSA P-256: OID, then MPI 0x04 || X || Y (515 bits) */
	memcpy(k, "\x04\x69\x55\xb9\x00\x13\x08\x2a\x86\x48\xce\x3d\x03\x01\x07"
	       "\x02\x03\x04", 18);
	memset(k + 18, 0x5a, 64);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, 82, &key), 0);
	KUNIT_EXPECT_EQ(test, key.ec.curve, PGP_CURVE_NIST_P256);
	KUNIT_EXPECT_EQ(test, key.bits, 256U);
	KUNIT_EXPECT_EQ(test, key.ec.point_len, (size_t)65);
	/* Usable exactly when the raw ECDSA verifier is built in */
	KUNIT_EXPECT_EQ(test, pgp_check_key_policy(&key, true),
			IS_REACHABLE(CONFIG_CRYPTO_ECDSA_RAW) ? 0 : -ENOPKG);
	k[17] = 0x05;		/* not an uncompressed point */
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, 82, &key), -EBADMSG);
	k[17] = 0x04;
	k[6] = 5;		/* P-384 OID length: wrong curve bytes -> unknown */
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, 82, &key), -EBADMSG);

	/* ECDH Curve25519: OID, 0x40 point, KDF parameters 03 01 08 07 */
	memcpy(k, "\x04\x69\x55\xb9\x00\x12\x0a\x2b\x06\x01\x04\x01\x97\x55\x01\x05\x01"
	       "\x01\x07\x40", 20);
	memset(k + 20, 0x11, 32);
	memcpy(k + 52, "\x03\x01\x08\x07", 4);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, 56, &key), -ENOPKG);
	KUNIT_EXPECT_EQ(test, key.fpr_len, 20);
	KUNIT_EXPECT_EQ(test, key.ec.curve, PGP_CURVE_CURVE25519);
	KUNIT_EXPECT_STREQ(test, pgp_pubkey_algo_name(key.algo), "ecdh");
	k[52] = 0x04;		/* KDF length past the end */
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, 56, &key), -EBADMSG);

	/* Native Ed25519 (RFC 9580 algorithm 27): 32 raw octets */
	memcpy(k, "\x04\x69\x55\xb9\x00\x1b", 6);
	memset(k + 6, 0x22, 32);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, 38, &key), 0);
	KUNIT_EXPECT_EQ(test, key.ec.point_len, (size_t)32);
	KUNIT_EXPECT_EQ(test, key.bits, 255U);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, 37, &key), -EBADMSG);
	KUNIT_EXPECT_EQ(test, pgp_parse_pubkey(k, 39, &key), -EBADMSG);

	/* Native Ed25519 signature: exactly 64 octets after the prefix */
	n = build_sig(buf, 4, PGP_HASH_SHA256, hashed, sizeof(hashed), NULL, 0);
	n -= 6;			/* drop the two DSA MPIs, keep the prefix */
	buf[2] = PGP_PUBKEY_ED25519;
	memset(buf + n, 0x33, 64);
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, n + 64, &sig, false), 0);
	KUNIT_EXPECT_EQ(test, sig.nr_mpi, 1U);
	KUNIT_EXPECT_EQ(test, sig.mpi_len[0], (size_t)64);
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, n + 63, &sig, false), -EBADMSG);
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, n + 65, &sig, false), -EBADMSG);
}

/* A context made for one hash cannot finish a signature of another */
static void pgp_test_ctx_mismatch(struct kunit *test)
{
	struct pgp_packet kp, up, sp, pkt;
	struct pgp_sig s256, s512;
	struct pgp_pubkey key;
	struct pgp_hash_ctx *ctx;
	const u8 *p;

	split_keyring(test, pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key), &kp, &up, &sp);
	KUNIT_ASSERT_EQ(test, pgp_parse_pubkey(kp.body, kp.len, &key), 0);
	p = pgp_vec_rsa2048_sig;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, p + sizeof(pgp_vec_rsa2048_sig), &pkt), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &s256, false), 0);
	p = pgp_vec_rsa2048_sig_sha512;
	KUNIT_ASSERT_EQ(test, pgp_next_packet(&p, p + sizeof(pgp_vec_rsa2048_sig_sha512),
					      &pkt), 0);
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(pkt.body, pkt.len, &s512, false), 0);

	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &s256), 0);
	KUNIT_ASSERT_EQ(test, pgp_hash_update(ctx, pgp_vec_msg, sizeof(pgp_vec_msg)), 0);
	KUNIT_EXPECT_EQ(test, pgp_sig_verify(ctx, &s512, &key), -EINVAL);
}

static void pgp_test_sig_legacy_hash(struct kunit *test)
{
	static const u8 hashed[] = { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2,
		3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 };
	struct pgp_sig sig;
	u8 buf[128];
	size_t len;

	len = build_sig(buf, 4, PGP_HASH_SHA1, hashed, sizeof(hashed), NULL, 0);
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, false), -ENOPKG);
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, true), 0);
	KUNIT_EXPECT_EQ(test, sig.hash, HASH_ALGO_SHA1);
	len = build_sig(buf, 4, PGP_HASH_MD5, hashed, sizeof(hashed), NULL, 0);
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, true), -ENOPKG);
	len = build_sig(buf, 4, PGP_HASH_RIPEMD160, hashed, sizeof(hashed), NULL, 0);
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, true), -ENOPKG);
}

static void pgp_test_sig_truncations(struct kunit *test)
{
	static const u8 hashed[] = { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2,
		3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 };
	static const u8 unhashed[] = { 0x09, 0x10, 13, 14, 15, 16, 17, 18, 19, 20 };
	struct pgp_sig sig;
	size_t len, i;
	u8 *buf, *copy;

	buf = kunit_kzalloc(test, 128, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	len = build_sig(buf, 4, 8, hashed, sizeof(hashed), unhashed, sizeof(unhashed));
	KUNIT_ASSERT_EQ(test, pgp_parse_sig(buf, len, &sig, false), 0);
	/* every proper prefix is malformed */
	for (i = 0; i < len; i++) {
		copy = test_memdup(test, buf, i, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, i ? copy : buf);
		KUNIT_EXPECT_EQ(test, pgp_parse_sig(i ? copy : buf, i, &sig, false), -EBADMSG);
	}
	/* trailing octet after the MPIs */
	copy = kunit_kzalloc(test, len + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	memcpy(copy, buf, len);
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(copy, len + 1, &sig, false), -EBADMSG);

	/* MPI bit count larger than its bytes: last MPI says 9 bits, 1 byte */
	buf[len - 2] = 0x09;
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, false), -EBADMSG);
	/* zero-length MPI */
	buf[len - 3] = 0;
	buf[len - 2] = 0;
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len - 1, &sig, false), -EBADMSG);

	/* hashed length larger than the packet */
	len = build_sig(buf, 4, 8, hashed, sizeof(hashed), unhashed, sizeof(unhashed));
	put_unaligned_be16(0xffff, buf + 4);
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, false), -EBADMSG);
	/* unhashed length larger than the packet */
	len = build_sig(buf, 4, 8, hashed, sizeof(hashed), unhashed, sizeof(unhashed));
	put_unaligned_be16(0xffff, buf + 6 + sizeof(hashed));
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, false), -EBADMSG);
	/* unknown public-key algorithm */
	len = build_sig(buf, 4, 8, hashed, sizeof(hashed), unhashed, sizeof(unhashed));
	buf[2] = 16;
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, false), -ENOPKG);
}

/* The largest hashed area (65535 octets of non-critical padding) parses */
static void pgp_test_sig_huge_area(struct kunit *test)
{
	static const u8 head[] = { 0x05, 0x02, 0x69, 0x55, 0xb9, 0x00, 0x16, 0x21, 0x04, 1, 2, 3,
		4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 };
	static const u8 tail[] = { 0xab, 0xcd, 0x00, 0x08, 0x99, 0x00, 0x07, 0x55 };
	size_t hlen = 0xffff, len = 6 + hlen + 2 + sizeof(tail), fill;
	struct pgp_sig sig;
	u8 *buf, *p;

	buf = kunit_kzalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	buf[0] = 4;
	buf[2] = PGP_PUBKEY_DSA;
	buf[3] = PGP_HASH_SHA256;
	put_unaligned_be16(hlen, buf + 4);
	memcpy(buf + 6, head, sizeof(head));
	/* one 5-octet-length subpacket (type 100, not critical) fills the rest */
	p = buf + 6 + sizeof(head);
	fill = hlen - sizeof(head) - 5;
	p[0] = 0xff;
	put_unaligned_be32(fill, p + 1);
	p[5] = 100;
	memcpy(buf + 6 + hlen + 2, tail, sizeof(tail));
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, false), 0);
	KUNIT_EXPECT_EQ(test, sig.hashed_len, (size_t)6 + 0xffff);
	/* the same subpacket one octet longer than the area */
	put_unaligned_be32(fill + 1, p + 1);
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, false), -EBADMSG);
	/* and critical */
	put_unaligned_be32(fill, p + 1);
	p[5] = 100 | 0x80;
	KUNIT_EXPECT_EQ(test, pgp_parse_sig(buf, len, &sig, false), -EBADMSG);
}

/*
 * Not a timed assertion: the cost of hashing 1 MiB with the shash drivers
 * that verification uses, what make bench sets the 1 MiB load overhead
 * against (under QEMU -icount shift=0 a guest nanosecond is an instruction).
 */
static void pgp_test_hash_speed(struct kunit *test)
{
	static const char *const algs[] = { "sha256", "sha512" };
	const int iters = 2;
	u8 out[64];
	size_t i;
	u8 *buf;

	buf = kvmalloc(SZ_1M, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < SZ_1M; i++)
		buf[i] = i * 131 + (i >> 9);
	for (i = 0; i < ARRAY_SIZE(algs); i++) {
		struct crypto_shash *tfm = crypto_alloc_shash(algs[i], 0, CRYPTO_NOLOAD);
		u64 t0;
		int j;

		if (IS_ERR(tfm)) {
			kunit_info(test, "%s: not available (%ld)\n", algs[i], PTR_ERR(tfm));
			continue;
		}
		/* one untimed pass: page faults and cache */
		KUNIT_EXPECT_EQ(test, crypto_shash_tfm_digest(tfm, buf, SZ_1M, out), 0);
		t0 = ktime_get_ns();
		for (j = 0; j < iters; j++)
			KUNIT_EXPECT_EQ(test, crypto_shash_tfm_digest(tfm, buf, SZ_1M, out), 0);
		kunit_info(test, "%s (%s) 1 MiB: %llu ns per pass\n", algs[i],
			   crypto_shash_driver_name(tfm),
			   div_u64(ktime_get_ns() - t0, iters));
		crypto_free_shash(tfm);
	}
	kvfree(buf);
}

static void pgp_test_hash_helpers(struct kunit *test)
{
	enum hash_algo h;
	struct pgp_sig sig = { .version = 4, .hash = HASH_ALGO_SHA256 };
	struct pgp_pubkey key = { .version = 3 };
	struct pgp_hash_ctx *ctx;

	KUNIT_EXPECT_EQ(test, pgp_hash_algo(8, false, &h), 0);
	KUNIT_EXPECT_EQ(test, h, HASH_ALGO_SHA256);
	KUNIT_EXPECT_EQ(test, pgp_hash_algo(9, false, &h), 0);
	KUNIT_EXPECT_EQ(test, h, HASH_ALGO_SHA384);
	KUNIT_EXPECT_EQ(test, pgp_hash_algo(10, false, &h), 0);
	KUNIT_EXPECT_EQ(test, h, HASH_ALGO_SHA512);
	KUNIT_EXPECT_EQ(test, pgp_hash_algo(11, false, &h), 0);
	KUNIT_EXPECT_EQ(test, h, HASH_ALGO_SHA224);
	KUNIT_EXPECT_EQ(test, pgp_hash_algo(2, false, &h), -ENOPKG);
	KUNIT_EXPECT_EQ(test, pgp_hash_algo(2, true, &h), 0);
	KUNIT_EXPECT_EQ(test, h, HASH_ALGO_SHA1);
	KUNIT_EXPECT_EQ(test, pgp_hash_algo(1, true, &h), -ENOPKG);
	KUNIT_EXPECT_EQ(test, pgp_hash_algo(3, true, &h), -ENOPKG);
	KUNIT_EXPECT_EQ(test, pgp_hash_algo(0, true, &h), -ENOPKG);

	KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
	KUNIT_EXPECT_EQ(test, pgp_hash_pubkey(ctx, &key), -EINVAL);
	/* a length that does not fit be32: refused before any byte is read */
	if (sizeof(size_t) > 4)
		KUNIT_EXPECT_EQ(test, pgp_hash_userid(ctx, (const u8 *)test,
						      (size_t)U32_MAX + 1), -EINVAL);
	pgp_hash_free(ctx);
	pgp_hash_free(NULL);

	KUNIT_EXPECT_STREQ(test, pgp_pubkey_algo_name(17), "dsa");
	KUNIT_EXPECT_STREQ(test, pgp_pubkey_algo_name(1), "rsa");
	KUNIT_EXPECT_STREQ(test, pgp_pubkey_algo_name(200), "unknown");
}

static struct kunit_case pgp_test_cases[] = {
	KUNIT_CASE_PARAM(pgp_test_packet_header, pkt_gen_params),
	KUNIT_CASE(pgp_test_packet_stream),
	KUNIT_CASE(pgp_test_partial_lengths),
	KUNIT_CASE(pgp_test_mpi),
	KUNIT_CASE_PARAM(pgp_test_real_key, vec_key_gen_params),
	KUNIT_CASE_PARAM(pgp_test_real_sig, vec_sig_gen_params),
	KUNIT_CASE(pgp_test_wrong_key),
	KUNIT_CASE(pgp_test_pubkey_prepare),
	KUNIT_CASE(pgp_test_hash_clone),
	KUNIT_CASE(pgp_test_hash_clone_same_driver),
	KUNIT_CASE(pgp_test_weak_digest),
	KUNIT_CASE(pgp_test_bad_pubkey),
	KUNIT_CASE(pgp_test_bad_ec_key),
	KUNIT_CASE(pgp_test_key_policy_sizes),
	KUNIT_CASE_PARAM(pgp_test_sig_shapes, sig_case_gen_params),
	KUNIT_CASE(pgp_test_sig_values),
	KUNIT_CASE(pgp_test_other_algos),
	KUNIT_CASE(pgp_test_ctx_mismatch),
	KUNIT_CASE(pgp_test_sig_legacy_hash),
	KUNIT_CASE(pgp_test_sig_truncations),
	KUNIT_CASE(pgp_test_sig_huge_area),
	KUNIT_CASE(pgp_test_hash_helpers),
	KUNIT_CASE(pgp_test_hash_speed),
	{}
};

static struct kunit_suite pgp_test_suite = {
	.name = "pgp-parser",
	.test_cases = pgp_test_cases,
};

kunit_test_suite(pgp_test_suite);

MODULE_DESCRIPTION("KUnit tests for the OpenPGP parser");
MODULE_LICENSE("GPL");
