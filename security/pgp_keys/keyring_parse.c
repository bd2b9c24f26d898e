// SPDX-License-Identifier: GPL-2.0
/*
 * Parse a binary OpenPGP keyring ("gpg --export") into the keys that may
 * sign kernel modules, and look keys up at a signature's creation time.
 *
 * A keyring is a sequence of transferable public keys (RFC 4880 11.1):
 *
 *	Public-Key [Revocation] [Direct-Key-Sig]... (User-ID [Sig]...)...
 *	    (Public-Subkey [Revocation] Binding-Sig)...
 *
 * Rules:
 *  - a v4 primary key needs a valid self-signature: a certification
 *    (0x10-0x13) over the key and a user ID that has not been revoked (0x30),
 *    or a direct-key signature (0x1f); a v6 primary key needs a valid
 *    direct-key self-signature, which alone gives its flags and expiry (RFC
 *    9580 5.2.3.10);
 *  - the subkeys of a v4 primary are v4 keys, those of a v6 primary v6 keys:
 *    a subkey of the other version is skipped; every signature is of its
 *    issuer's version, and a v4 and a v6 key hash differently into it;
 *  - a subkey needs a valid binding signature (0x18) by the primary whose key
 *    flags allow signing, and in it a valid back-signature (0x19) by the
 *    subkey over the primary;
 *  - a valid key revocation (0x20) or subkey revocation (0x28) issued by the
 *    primary marks the key revoked, whatever its reason code;
 *  - expiry comes from the newest valid self-signature or binding signature
 *    and is judged at lookup time against the signature's creation time;
 *  - keys that fail pgp_check_key_policy() are skipped;
 *  - a certificate that appears again later in the keyring (an older and a
 *    newer export concatenated) is merged into the first copy: its valid
 *    revocations and any signing subkeys it adds apply; the first copy's
 *    self-signature (expiry, flags, user ID) stays;
 *  - a revocation counts only from the primary of the certificate it sits
 *    in, and only for that certificate's keys: designated revokers
 *    (subpacket 12) are not honoured.
 * Nothing here is fatal: an unusable packet or key is skipped with an error
 * in the log.  A certificate added at run time, which any user can feed the
 * parser (add_key() runs it before any keyring's restriction), is read with
 * the limits of PGP_KEYS_CERT_*: what it may carry, what is verified, what
 * is logged; the parse is killable.  What cannot be read completely (a malformed packet, a
 * revocation that cannot be parsed, a revocation by another key, a
 * designated revoker, a later copy of a certificate with a newer
 * self-signature, a key in two certificates) is also counted, so that a
 * build can refuse such a keyring before it is ever embedded.
 *
 * This file uses only the OpenPGP layer and string functions, so the host
 * tests and fuzzers compile it unchanged.
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <kunit/visibility.h>
#include <keys/pgp_keys.h>

/* Room for a hex fingerprint and its NUL. */
#define PGP_KEYS_HEX_MAX	(2 * PGP_FPR_MAX + 1)

/*
 * The largest RSA public exponent a key of a keyring may have, in bits.
 * Every current generator uses e = 65537 and old PGP keys 17 or 41;
 * CryptoAPI keeps e in 32 bits and Go's crypto/rsa takes e < 2^31 (OpenSSL
 * refuses more than 64 bits above 3072-bit moduli).  An RSA-8192
 * verification then costs at most twice what it costs with e = 65537,
 * where an exponent as large as the modulus costs 350 times as much.
 */
#define PGP_KEYS_RSA_E_MAX_BITS	32

/*
 * The largest DSA modulus a key of a keyring may have, in bits: FIPS 186-4's
 * largest, the largest gpg makes.  An 8192-bit one (what the packet parser
 * takes) costs six times as much to verify.
 */
#define PGP_KEYS_DSA_P_MAX_BITS	3072

/* One parse: whether limits apply (at run time), and what it counted. */
struct pgp_keys_ctx {
	bool runtime;
	unsigned int *lost;		/* what could not be read or honoured */
	unsigned int sigs;		/* signature packets */
	unsigned int checks;		/* signatures verified */
	unsigned int others;		/* signatures by other keys */
	unsigned int uids;		/* user ID and attribute packets */
	unsigned int subkeys;		/* subkey packets */
	unsigned int logged;		/* lines of the log */
};

/* Newest valid self-signature (or binding signature) seen so far. */
struct pgp_selfsig {
	bool valid;
	u32 time;
	u32 expires;		/* absolute, 0 = never */
	u8 flags;
	bool has_flags;
};

/* Parsing state of one certificate (primary key and what follows it). */
struct pgp_cert {
	struct pgp_builtin_key *keys;
	unsigned int max;
	unsigned int *nr;
	unsigned int first;		/* index of the primary in @keys */
	bool merge;			/* a second copy of a stored primary */
	bool legacy;
	struct pgp_keys_ctx *ctx;

	struct pgp_pubkey primary;
	struct pgp_selfsig self;
	bool revoked;
	const u8 *rev_sig;		/* the primary's valid revocation (body) */
	size_t rev_sig_len;
	const u8 *uid;			/* first valid user ID */
	size_t uid_len;

	/* current user ID */
	const u8 *cur_uid;
	size_t cur_uid_len;
	struct pgp_selfsig cur_cert;
	bool cur_uid_revoked;
	u32 cur_uid_rev_time;

	/* current subkey */
	bool in_sub;			/* a subkey packet was seen */
	bool sub_ok;			/* it parsed and passed the policy */
	struct pgp_pubkey sub;
	struct pgp_selfsig binding;
	bool binding_backsig;		/* newest binding carries a good 0x19 */
	const u8 *binding_sig;		/* the newest valid binding (body) */
	size_t binding_sig_len;
	bool sub_revoked;
	const u8 *sub_rev_sig;		/* the subkey's valid revocation (body) */
	size_t sub_rev_sig_len;
};

static void pgp_keys_hex(char *dst, const u8 *src, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		*dst++ = digits[src[i] >> 4];
		*dst++ = digits[src[i] & 15];
	}
	*dst = '\0';
}

static const char *pgp_keys_fpr(char buf[PGP_KEYS_HEX_MAX],
				const struct pgp_pubkey *key)
{
	size_t len = min_t(size_t, key->fpr_len, PGP_FPR_MAX);

	pgp_keys_hex(buf, key->fpr, len);
	return buf;
}

/**
 * pgp_keys_algo() - a key's algorithm and size as the logs show them
 * @buf: room for the text
 * @key: the key
 *
 * "rsa4096", "eddsa255": the algorithm's name and the key's size in bits;
 * the name alone when it ends in a digit, which names an algorithm of one
 * size ("ed25519", "mldsa65-ed25519").
 *
 * Return: @buf.
 */
const char *pgp_keys_algo(char buf[PGP_KEYS_ALGO_MAX], const struct pgp_pubkey *key)
{
	const char *name = pgp_pubkey_algo_name(key->algo);
	size_t n = strlen(name);

	if (key->bits && n && (name[n - 1] < '0' || name[n - 1] > '9'))
		snprintf(buf, PGP_KEYS_ALGO_MAX, "%s%u", name, key->bits);
	else
		snprintf(buf, PGP_KEYS_ALGO_MAX, "%s", name);
	return buf;
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_algo);

/**
 * pgp_keys_bits() - a key's size in bits, as the listing shows it
 * @key: the key
 *
 * The size of its modulus or curve; for a key of two halves (ML-DSA-65 and
 * Ed25519) the size of its public key material, as OpenSSL counts an
 * ML-DSA key's bits.
 *
 * Return: the size in bits, 0 when unknown.
 */
unsigned int pgp_keys_bits(const struct pgp_pubkey *key)
{
	/* version, creation time, algorithm, material length: RFC 9580 5.5.2.3 */
	const size_t v6_head = 1 + 4 + 1 + 4;

	if (key->bits)
		return key->bits;
	if (key->version == 6 && key->body_len > v6_head &&
	    key->body_len - v6_head <= UINT_MAX / 8)
		return (key->body_len - v6_head) * 8;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_bits);

/*
 * May a line of the log about the keyring be printed?  At run time, where
 * any user can feed the parser, the lines are rate-limited (@rs, of the
 * line's call site) and at most PGP_KEYS_CERT_LOG_MAX a parse.
 */
static bool pgp_keys_may_log(struct pgp_keys_ctx *ctx, struct ratelimit_state *rs)
{
	if (!ctx->runtime)
		return true;
	if (ctx->logged++ >= PGP_KEYS_CERT_LOG_MAX)
		return false;
	return __ratelimit(rs);
}

/* pr_err(), pr_warn() or pr_info() @print a line about the keyring of @ctx */
#define pgp_keys_log(ctx, print, fmt, ...)					\
	do {									\
		static DEFINE_RATELIMIT_STATE(_rs, DEFAULT_RATELIMIT_INTERVAL,	\
					      DEFAULT_RATELIMIT_BURST);		\
		if (pgp_keys_may_log(ctx, &_rs))				\
			print(fmt, ##__VA_ARGS__);				\
	} while (0)

#define pgp_keys_err(c, fmt, ...)	pgp_keys_log((c)->ctx, pr_err, fmt, ##__VA_ARGS__)
#define pgp_keys_warn(c, fmt, ...)	pgp_keys_log((c)->ctx, pr_warn, fmt, ##__VA_ARGS__)
#define pgp_keys_info(c, fmt, ...)	pgp_keys_log((c)->ctx, pr_info, fmt, ##__VA_ARGS__)

/* Something in the keyring that cannot be read or honoured: log and count. */
#define pgp_keys_lost(c, fmt, ...)				\
	do {							\
		struct pgp_keys_ctx *__ctx = (c)->ctx;		\
								\
		pgp_keys_log(__ctx, pr_err, fmt, ##__VA_ARGS__);	\
		(*__ctx->lost)++;				\
	} while (0)

/* Let other tasks run; stop when the task is being killed. */
static int pgp_keys_yield(void)
{
	cond_resched();
	return fatal_signal_pending(current) ? -EINTR : 0;
}

/*
 * Count @count more of what a run-time certificate may carry at most @max of
 * (@what, for the log).  Return: 0, or -E2BIG beyond @max.
 */
static int pgp_keys_count(struct pgp_keys_ctx *ctx, unsigned int *n,
			  unsigned int count, unsigned int max, const char *what)
{
	*n += count;
	if (!ctx->runtime || *n <= max)
		return 0;
	pr_notice_ratelimited("Certificate refused: more than %u %s\n", max, what);
	return -E2BIG;
}

static int pgp_keys_one_more(struct pgp_keys_ctx *ctx, unsigned int *n,
			     unsigned int max, const char *what)
{
	return pgp_keys_count(ctx, n, 1, max, what);
}

/*
 * A verification with @key counted against PGP_KEYS_CERT_CHECKS_MAX: one,
 * or PGP_KEYS_ECDSA_CHECK for an ECDSA key, whose verification (the
 * kernel's generic curve arithmetic, the public point validated each time)
 * costs several times the others': P-521 about seven times an RSA-8192 one.
 */
#define PGP_KEYS_ECDSA_CHECK	4

static unsigned int pgp_keys_check_cost(const struct pgp_pubkey *key)
{
	return key->algo == PGP_PUBKEY_ECDSA ? PGP_KEYS_ECDSA_CHECK : 1;
}

/* Does an error end the parse (rather than skip a signature or a key)? */
static bool pgp_keys_fatal(int err)
{
	return err == -ENOMEM || err == -E2BIG || err == -EINTR;
}

/* Absolute end of validity: @base + @delta seconds, 0 = never, saturated. */
static u32 pgp_keys_abs_expiry(u32 base, u32 delta)
{
	u64 t;

	if (!delta)
		return 0;
	t = (u64)base + delta;
	return t > U32_MAX ? U32_MAX : (u32)t;
}

/* Was @sig issued by @key?  The fingerprint wins over the key ID. */
static bool pgp_keys_issued_by(const struct pgp_sig *sig,
			       const struct pgp_pubkey *key)
{
	if (sig->issuer_fpr_len)
		return sig->issuer_fpr_len == key->fpr_len &&
		       !memcmp(sig->issuer_fpr, key->fpr, key->fpr_len);
	return sig->has_issuer_keyid &&
	       !memcmp(sig->issuer_keyid, key->keyid, PGP_KEYID_LEN);
}

/*
 * Verify @sig by @signer over the primary key, then (optionally) a subkey or
 * a user ID; one of the PGP_KEYS_CERT_CHECKS_MAX verifications of a
 * certificate added at run time (four with an ECDSA key).  Returns 0, -E2BIG beyond that many,
 * -EINTR when the task is being killed, or the OpenPGP layer's error code.
 */
static noinline_for_stack int
pgp_keys_verify(struct pgp_cert *c, const struct pgp_sig *sig,
		const struct pgp_pubkey *signer, const struct pgp_pubkey *primary,
		const struct pgp_pubkey *sub, const u8 *uid, size_t uid_len)
{
	struct pgp_hash_ctx *ctx = NULL;
	int ret;

	if (sig->creation_time < signer->creation_time ||
	    sig->creation_time < primary->creation_time)
		return -EKEYREJECTED;
	ret = pgp_keys_count(c->ctx, &c->ctx->checks, pgp_keys_check_cost(signer),
			     PGP_KEYS_CERT_CHECKS_MAX,
			     "signatures to verify (an ECDSA one counts as 4)");
	if (!ret)
		ret = pgp_keys_yield();
	if (ret)
		return ret;

	ret = pgp_hash_init(&ctx, sig);
	if (ret)
		return ret;
	ret = pgp_hash_pubkey(ctx, primary);
	if (!ret && sub)
		ret = pgp_hash_pubkey(ctx, sub);
	if (!ret && uid)
		ret = pgp_hash_userid(ctx, uid, uid_len);
	if (ret) {
		pgp_hash_free(ctx);
		return ret;
	}
	return pgp_sig_verify(ctx, sig, signer);
}

/* Take @sig as the newest self-signature if it is not older than @ss. */
static void pgp_keys_take_selfsig(struct pgp_selfsig *ss,
				  const struct pgp_sig *sig, u32 key_created)
{
	if (ss->valid && sig->creation_time < ss->time)
		return;
	ss->valid = true;
	ss->time = sig->creation_time;
	ss->expires = pgp_keys_abs_expiry(key_created,
					  sig->has_key_expiry ? sig->key_expiry : 0);
	ss->expires = pgp_keys_earliest(ss->expires,
					pgp_keys_abs_expiry(sig->creation_time,
							    sig->sig_expiry));
	ss->flags = sig->key_flags;
	ss->has_flags = sig->has_key_flags;
}

/* The user ID context ends: fold a valid, unrevoked certification in. */
static void pgp_keys_end_uid(struct pgp_cert *c)
{
	if (!c->cur_uid)
		return;
	if (c->cur_cert.valid &&
	    !(c->cur_uid_revoked && c->cur_uid_rev_time >= c->cur_cert.time)) {
		if (!c->uid) {
			c->uid = c->cur_uid;
			c->uid_len = c->cur_uid_len;
		}
		/* a v6 key's flags and expiry come from its direct-key signature */
		if (c->primary.version == 4 &&
		    (!c->self.valid || c->cur_cert.time >= c->self.time))
			c->self = c->cur_cert;
	}
	c->cur_uid = NULL;
	c->cur_uid_len = 0;
	memset(&c->cur_cert, 0, sizeof(c->cur_cert));
	c->cur_uid_revoked = false;
	c->cur_uid_rev_time = 0;
}

/* Bits of a big-endian number (leading zero bytes allowed). */
static unsigned int pgp_keys_num_bits(const u8 *p, size_t len)
{
	while (len && !*p) {
		p++;
		len--;
	}
	if (!len)
		return 0;
	return (len - 1) * 8 + fls(*p);
}

/*
 * The key policy of the keyrings: pgp_check_key_policy(), an RSA public
 * exponent of at most PGP_KEYS_RSA_E_MAX_BITS and a DSA modulus of at most
 * PGP_KEYS_DSA_P_MAX_BITS (what a verification may cost).  Returns 0,
 * -EDOM for such an exponent or modulus, or pgp_check_key_policy()'s error.
 */
static int pgp_keys_key_policy(const struct pgp_pubkey *key, bool legacy)
{
	int ret = pgp_check_key_policy(key, legacy);

	if (ret)
		return ret;
	switch (key->algo) {
	case PGP_PUBKEY_RSA:
	case PGP_PUBKEY_RSA_SIGN:
		if (pgp_keys_num_bits(key->rsa.e, key->rsa.e_len) > PGP_KEYS_RSA_E_MAX_BITS)
			return -EDOM;
		break;
	case PGP_PUBKEY_DSA:
		if (key->bits > PGP_KEYS_DSA_P_MAX_BITS)
			return -EDOM;
		break;
	}
	return 0;
}

/* Why pgp_keys_key_policy() said no, for the log. */
static const char *pgp_keys_policy_why(int err)
{
	if (err == -ENOPKG)
		return "not supported by this kernel";
	if (err == -EKEYREJECTED)
		return "refused by the size policy (see CONFIG_MODULE_SIG_PGP_LEGACY)";
	if (err == -EDOM)
		return "refused: RSA exponent over 32 bits or DSA modulus over 3072 bits";
	return "refused by the key policy";
}

/* Index of the key with @key's fingerprint in @keys, or -1. */
static int pgp_keys_index(const struct pgp_builtin_key *keys, unsigned int nr,
			  const struct pgp_pubkey *key)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (keys[i].pub.fpr_len == key->fpr_len &&
		    !memcmp(keys[i].pub.fpr, key->fpr, key->fpr_len))
			return i;
	return -1;
}

/* The subkey context ends: store the subkey if it is usable for signing. */
static noinline_for_stack void pgp_keys_end_sub(struct pgp_cert *c)
{
	char hex[PGP_KEYS_HEX_MAX];
	struct pgp_builtin_key *k;
	int dup;

	if (!c->in_sub)
		return;
	c->in_sub = false;
	if (!c->sub_ok)
		return;

	pgp_keys_fpr(hex, &c->sub);
	dup = pgp_keys_index(c->keys, *c->nr, &c->sub);
	if (dup >= 0) {
		/*
		 * Seen before.  A revocation here counts only when the key is
		 * a subkey of this very certificate (a later copy of it): a
		 * primary speaks for its own subkeys, never for a key of
		 * another certificate, nor for another certificate's primary.
		 */
		if (c->keys[dup].primary != (s16)c->first) {
			pgp_keys_lost(c, "Subkey %s: already a key of another certificate; its binding and revocations here are ignored\n",
				      hex);
			return;
		}
		if (c->sub_revoked && !c->keys[dup].revoked) {
			pgp_keys_warn(c, "Subkey %s: revoked by a later copy of its certificate\n",
				      hex);
			c->keys[dup].revoked = true;
			c->keys[dup].revocation = c->sub_rev_sig;
			c->keys[dup].revocation_len = c->sub_rev_sig_len;
		}
		return;
	}
	if (!c->binding.valid) {
		pgp_keys_err(c, "Skipping subkey %s: no valid binding signature\n", hex);
		return;
	}
	if (!c->binding.has_flags || !(c->binding.flags & PGP_KEY_FLAG_SIGN)) {
		pgp_keys_info(c, "Skipping subkey %s: not a signing subkey\n", hex);
		return;
	}
	if (!c->binding_backsig) {
		pgp_keys_err(c, "Skipping subkey %s: no valid primary key binding (back-signature)\n",
			     hex);
		return;
	}
	if (*c->nr >= c->max) {
		pgp_keys_err(c, "Skipping subkey %s: keyring full (%u keys)\n", hex, c->max);
		return;
	}
	k = &c->keys[(*c->nr)++];
	memset(k, 0, sizeof(*k));
	k->pub = c->sub;
	k->expires = c->binding.expires;
	k->primary = c->first;
	k->revoked = c->sub_revoked;
	k->can_sign = true;
	k->binding = c->binding_sig;
	k->binding_len = c->binding_sig_len;
	k->revocation = c->sub_rev_sig;
	k->revocation_len = c->sub_rev_sig_len;
}

/* Parse a signature packet; revocations are honoured even with legacy hashes. */
static int pgp_keys_parse_sig(const struct pgp_packet *pkt, struct pgp_sig *sig,
			      bool legacy)
{
	int ret;

	ret = pgp_parse_sig(pkt->body, pkt->len, sig, legacy);
	if (ret == -ENOPKG && !legacy) {
		ret = pgp_parse_sig(pkt->body, pkt->len, sig, true);
		if (!ret && sig->type != PGP_SIG_KEY_REVOCATION &&
		    sig->type != PGP_SIG_SUBKEY_REVOCATION &&
		    sig->type != PGP_SIG_CERT_REVOCATION)
			ret = -ENOPKG;
	}
	return ret;
}

/* Type of a signature packet that did not parse, or -1 when unreadable. */
static int pgp_keys_raw_sig_type(const struct pgp_packet *pkt)
{
	if (pkt->len >= 2 && (pkt->body[0] == 4 || pkt->body[0] == 6))
		return pkt->body[1];
	if (pkt->len >= 3 && pkt->body[0] == 3)
		return pkt->body[2];
	return -1;
}

/* Check the back-signature (0x19) embedded in a subkey binding signature. */
static noinline_for_stack int
pgp_keys_check_backsig(struct pgp_cert *c, const struct pgp_sig *binding)
{
	struct pgp_sig back;
	int ret;

	if (!binding->embedded_sig)
		return -ENOKEY;
	ret = pgp_parse_sig(binding->embedded_sig, binding->embedded_sig_len,
			    &back, c->legacy);
	if (ret)
		return ret;
	if (back.type != PGP_SIG_PRIMARY_BINDING || !pgp_keys_issued_by(&back, &c->sub))
		return -EKEYREJECTED;
	return pgp_keys_verify(c, &back, &c->sub, &c->primary, &c->sub, NULL, 0);
}

static noinline_for_stack int pgp_keys_handle_sig(struct pgp_cert *c, const struct pgp_packet *pkt)
{
	char hex[PGP_KEYS_HEX_MAX];
	struct pgp_sig sig;
	int ret;

	ret = pgp_keys_parse_sig(pkt, &sig, c->legacy);
	if (ret == -ENOMEM)
		return ret;
	if (ret) {
		int type = pgp_keys_raw_sig_type(pkt);

		if (type < 0 || type == PGP_SIG_KEY_REVOCATION ||
		    type == PGP_SIG_SUBKEY_REVOCATION ||
		    type == PGP_SIG_CERT_REVOCATION)
			pgp_keys_lost(c, "Key %s: cannot read a revocation signature (type %d): %d\n",
				      pgp_keys_fpr(hex, &c->primary), type, ret);
		else
			pgp_keys_err(c, "Key %s: ignoring unusable signature packet of type 0x%02x (%d)\n",
				     pgp_keys_fpr(hex, &c->primary), type, ret);
		return 0;
	}
	/*
	 * Third-party certifications play no part in trust here, and a key
	 * or subkey revocation counts only from the certificate's primary.
	 */
	if (!pgp_keys_issued_by(&sig, &c->primary)) {
		ret = pgp_keys_one_more(c->ctx, &c->ctx->others, PGP_KEYS_CERT_OTHERS_MAX,
					"signatures by other keys");
		if (ret)
			return ret;
		if (sig.type == PGP_SIG_KEY_REVOCATION ||
		    sig.type == PGP_SIG_SUBKEY_REVOCATION)
			pgp_keys_lost(c, "Key %s: revocation of type 0x%02x by another key (a designated revoker) is not honoured\n",
				      pgp_keys_fpr(hex, &c->primary), sig.type);
		return 0;
	}
	if (sig.has_revocation_key)
		pgp_keys_lost(c, "Key %s: designates a revocation key, whose revocations are not honoured\n",
			      pgp_keys_fpr(hex, &c->primary));

	switch (sig.type) {
	case PGP_SIG_KEY_REVOCATION:
		ret = pgp_keys_verify(c, &sig, &c->primary, &c->primary, NULL, NULL, 0);
		if (!ret && !c->revoked) {
			c->revoked = true;
			c->rev_sig = pkt->body;
			c->rev_sig_len = pkt->len;
		}
		break;
	case PGP_SIG_DIRECT_KEY:
		ret = pgp_keys_verify(c, &sig, &c->primary, &c->primary, NULL, NULL, 0);
		if (!ret)
			pgp_keys_take_selfsig(&c->self, &sig, c->primary.creation_time);
		break;
	case PGP_SIG_CERT_GENERIC:
	case PGP_SIG_CERT_PERSONA:
	case PGP_SIG_CERT_CASUAL:
	case PGP_SIG_CERT_POSITIVE:
		if (!c->cur_uid || c->in_sub)
			return 0;
		ret = pgp_keys_verify(c, &sig, &c->primary, &c->primary, NULL,
				      c->cur_uid, c->cur_uid_len);
		if (!ret)
			pgp_keys_take_selfsig(&c->cur_cert, &sig,
					      c->primary.creation_time);
		break;
	case PGP_SIG_CERT_REVOCATION:
		if (!c->cur_uid || c->in_sub)
			return 0;
		ret = pgp_keys_verify(c, &sig, &c->primary, &c->primary, NULL,
				      c->cur_uid, c->cur_uid_len);
		if (!ret && (!c->cur_uid_revoked ||
			     sig.creation_time > c->cur_uid_rev_time)) {
			c->cur_uid_revoked = true;
			c->cur_uid_rev_time = sig.creation_time;
		}
		break;
	case PGP_SIG_SUBKEY_BINDING:
		if (!c->in_sub || !c->sub_ok)
			return 0;
		ret = pgp_keys_verify(c, &sig, &c->primary, &c->primary, &c->sub,
				      NULL, 0);
		if (ret)
			break;
		if (c->binding.valid && sig.creation_time < c->binding.time)
			return 0;	/* an older binding is superseded */
		pgp_keys_take_selfsig(&c->binding, &sig, c->sub.creation_time);
		c->binding_sig = pkt->body;
		c->binding_sig_len = pkt->len;
		c->binding_backsig = false;
		if (sig.has_key_flags && (sig.key_flags & PGP_KEY_FLAG_SIGN)) {
			ret = pgp_keys_check_backsig(c, &sig);
			if (!ret)
				c->binding_backsig = true;
			else if (pgp_keys_fatal(ret))
				return ret;
			ret = 0;
		}
		break;
	case PGP_SIG_SUBKEY_REVOCATION:
		if (!c->in_sub || !c->sub_ok)
			return 0;
		ret = pgp_keys_verify(c, &sig, &c->primary, &c->primary, &c->sub,
				      NULL, 0);
		if (!ret && !c->sub_revoked) {
			c->sub_revoked = true;
			c->sub_rev_sig = pkt->body;
			c->sub_rev_sig_len = pkt->len;
		}
		break;
	default:
		return 0;
	}

	if (pgp_keys_fatal(ret))
		return ret;
	if (ret == -ENOPKG)
		pgp_keys_err(c, "Key %s: cannot check signature of type 0x%02x: unsupported algorithm\n",
			     pgp_keys_fpr(hex, &c->primary), sig.type);
	else if (ret)
		pgp_keys_err(c, "Key %s: ignoring signature of type 0x%02x that does not verify (%d)\n",
			     pgp_keys_fpr(hex, &c->primary), sig.type, ret);
	return 0;
}

static noinline_for_stack int pgp_keys_begin_sub(struct pgp_cert *c, const struct pgp_packet *pkt)
{
	char hex[PGP_KEYS_HEX_MAX], algo[PGP_KEYS_ALGO_MAX];
	int ret;

	c->in_sub = true;
	c->sub_ok = false;
	memset(&c->binding, 0, sizeof(c->binding));
	c->binding_backsig = false;
	c->binding_sig = NULL;
	c->binding_sig_len = 0;
	c->sub_revoked = false;
	c->sub_rev_sig = NULL;
	c->sub_rev_sig_len = 0;
	memset(&c->sub, 0, sizeof(c->sub));

	ret = pgp_parse_pubkey(pkt->body, pkt->len, &c->sub);
	if (ret == -ENOMEM)
		return ret;
	if (ret) {
		if (ret == -ENOPKG && c->sub.fpr_len)
			pgp_keys_info(c, "Skipping subkey %s: unsupported version or algorithm\n",
				      pgp_keys_fpr(hex, &c->sub));
		else
			pgp_keys_err(c, "Key %s: skipping malformed subkey (%d)\n",
				     pgp_keys_fpr(hex, &c->primary), ret);
		return 0;
	}
	if (c->sub.version != c->primary.version) {
		pgp_keys_err(c, "Skipping subkey %s: a v%u subkey of a v%u key\n",
			     pgp_keys_fpr(hex, &c->sub), c->sub.version, c->primary.version);
		return 0;
	}
	ret = pgp_keys_key_policy(&c->sub, c->legacy);
	if (ret) {
		pgp_keys_warn(c, "Skipping subkey %s: %s %s\n", pgp_keys_fpr(hex, &c->sub),
			      pgp_keys_algo(algo, &c->sub), pgp_keys_policy_why(ret));
		return 0;
	}
	c->sub_ok = true;
	return 0;
}

/*
 * Parse one certificate: the primary key packet @pkt, then the packets in
 * [@p, @end).  The primary is stored first, then its usable subkeys; all are
 * dropped again when the primary turns out to have no valid self-signature.
 */
static noinline_for_stack int
pgp_keys_parse_cert(struct pgp_cert *c, const struct pgp_packet *first,
		    const u8 *p, const u8 *end)
{
	char hex[PGP_KEYS_HEX_MAX], algo[PGP_KEYS_ALGO_MAX];
	struct pgp_builtin_key *k;
	struct pgp_packet pkt;
	unsigned int i, added;
	int ret, dup;

	ret = pgp_parse_pubkey(first->body, first->len, &c->primary);
	if (ret == -ENOMEM)
		return ret;
	if (ret) {
		if (ret == -ENOPKG && c->primary.fpr_len)
			pgp_keys_warn(c, "Skipping key %s: unsupported version or algorithm\n",
				      pgp_keys_fpr(hex, &c->primary));
		else
			pgp_keys_err(c, "Skipping malformed public key packet (%d)\n", ret);
		return 0;
	}
	pgp_keys_fpr(hex, &c->primary);
	ret = pgp_keys_key_policy(&c->primary, c->legacy);
	if (ret) {
		pgp_keys_warn(c, "Skipping key %s: %s %s\n", hex,
			      pgp_keys_algo(algo, &c->primary), pgp_keys_policy_why(ret));
		return 0;
	}
	dup = pgp_keys_index(c->keys, *c->nr, &c->primary);
	if (dup >= 0 && c->keys[dup].primary < 0) {
		/*
		 * A second copy of a certificate (say, an older and a newer
		 * export concatenated): merge its revocations and the
		 * signing subkeys it adds.
		 */
		c->merge = true;
		c->first = dup;
	} else if (dup >= 0) {
		pgp_keys_lost(c, "Skipping key %s: already present as a subkey of another certificate\n",
			      hex);
		return 0;
	} else if (*c->nr >= c->max) {
		pgp_keys_err(c, "Skipping key %s: keyring full (%u keys)\n", hex, c->max);
		return 0;
	}
	if (!c->merge) {
		c->first = (*c->nr)++;
		k = &c->keys[c->first];
		memset(k, 0, sizeof(*k));
		k->pub = c->primary;	/* for the duplicate check of subkeys */
		k->primary = -1;
	}
	added = *c->nr;

	while (p < end) {
		ret = pgp_next_packet(&p, end, &pkt);
		if (ret)
			break;	/* the caller already bounded the certificate */
		ret = pgp_keys_yield();
		if (ret)
			return ret;
		switch (pkt.tag) {
		case PGP_PKT_SIGNATURE:
			ret = pgp_keys_one_more(c->ctx, &c->ctx->sigs, PGP_KEYS_CERT_SIGS_MAX,
						"signature packets");
			if (!ret)
				ret = pgp_keys_handle_sig(c, &pkt);
			if (ret)
				return ret;
			break;
		case PGP_PKT_USER_ID:
			ret = pgp_keys_one_more(c->ctx, &c->ctx->uids, PGP_KEYS_CERT_UIDS_MAX,
						"user IDs and attributes");
			if (!ret && c->ctx->runtime && pkt.len > PGP_KEYS_CERT_UID_LEN_MAX) {
				pr_notice_ratelimited("Certificate refused: a user ID of more than %u bytes\n",
						      PGP_KEYS_CERT_UID_LEN_MAX);
				ret = -E2BIG;
			}
			if (ret)
				return ret;
			pgp_keys_end_uid(c);
			pgp_keys_end_sub(c);
			c->cur_uid = pkt.body;
			c->cur_uid_len = pkt.len;
			break;
		case PGP_PKT_PUBLIC_SUBKEY:
			ret = pgp_keys_one_more(c->ctx, &c->ctx->subkeys,
						PGP_KEYS_CERT_SUBKEYS_MAX, "subkeys");
			if (ret)
				return ret;
			pgp_keys_end_uid(c);
			pgp_keys_end_sub(c);
			ret = pgp_keys_begin_sub(c, &pkt);
			if (ret)
				return ret;
			break;
		case PGP_PKT_USER_ATTR:
			ret = pgp_keys_one_more(c->ctx, &c->ctx->uids, PGP_KEYS_CERT_UIDS_MAX,
						"user IDs and attributes");
			if (ret)
				return ret;
			/* photo IDs: their certifications are not used */
			pgp_keys_end_uid(c);
			pgp_keys_end_sub(c);
			break;
		default:
			break;	/* trust, marker and unknown packets */
		}
	}
	pgp_keys_end_uid(c);
	pgp_keys_end_sub(c);

	k = &c->keys[c->first];
	if (c->merge) {
		if (c->self.valid && c->self.time > k->self_time)
			pgp_keys_lost(c, "Key %s: a later copy of its certificate has a newer self-signature, which is not used\n",
				      hex);
		if (c->revoked && !k->revoked) {
			pgp_keys_warn(c, "Key %s: revoked by a later copy of its certificate\n",
				      hex);
			k->revoked = true;
			k->revocation = c->rev_sig;
			k->revocation_len = c->rev_sig_len;
		}
		for (i = added; i < *c->nr; i++) {
			c->keys[i].uid = k->uid;
			c->keys[i].uid_len = k->uid_len;
		}
		return 0;
	}
	if (!c->self.valid) {
		pgp_keys_err(c, "Skipping key %s: no valid %sself-signature\n", hex,
			     c->primary.version == 6 ? "direct-key " : "");
		*c->nr = c->first;
		return 0;
	}
	k->self_time = c->self.time;
	k->expires = c->self.expires;
	k->revoked = c->revoked;
	k->revocation = c->rev_sig;
	k->revocation_len = c->rev_sig_len;
	k->can_sign = !c->self.has_flags || (c->self.flags & PGP_KEY_FLAG_SIGN);
	k->can_certify = !c->self.has_flags || (c->self.flags & PGP_KEY_FLAG_CERTIFY);
	k->uid = c->uid;
	k->uid_len = min_t(size_t, c->uid_len, PGP_KEYS_UID_MAX);
	for (i = c->first + 1; i < *c->nr; i++) {
		c->keys[i].uid = k->uid;
		c->keys[i].uid_len = k->uid_len;
	}
	return 0;
}

/* pgp_keys_parse_checked() and pgp_keys_parse_runtime(): one parse of @ctx. */
static int pgp_keys_parse_keyring(const u8 *data, size_t len,
				  struct pgp_builtin_key *keys, unsigned int max,
				  bool legacy, struct pgp_keys_ctx *ctx)
{
	const u8 *p = data, *end = data + len;
	unsigned int nr = 0;
	struct pgp_packet pkt, primary;
	bool have_primary = false;
	const u8 *cert = NULL, *q;
	int ret;

	*ctx->lost = 0;
	for (;;) {
		q = p;
		ret = p < end ? pgp_next_packet(&p, end, &pkt) : -ENODATA;
		if (ret && ret != -ENODATA) {
			pgp_keys_log(ctx, pr_err,
				     "Malformed packet at keyring offset %zu; ignoring the rest\n",
				     (size_t)(q - data));
			(*ctx->lost)++;
		}
		if (ret || pkt.tag == PGP_PKT_PUBLIC_KEY) {
			/* [cert, q) holds the packets after the previous primary */
			if (have_primary) {
				struct pgp_cert c = {
					.keys = keys, .max = max, .nr = &nr,
					.legacy = legacy, .ctx = ctx,
				};
				int err = pgp_keys_parse_cert(&c, &primary, cert, q);

				if (err)
					return err;
			}
			if (ret)
				break;
			primary = pkt;
			have_primary = true;
			cert = p;
			continue;
		}
		if (!have_primary && pkt.tag != PGP_PKT_MARKER &&
		    pkt.tag != PGP_PKT_TRUST) {
			pgp_keys_log(ctx, pr_err,
				     "Ignoring packet of tag %u at keyring offset %zu, before the first public key\n",
				     pkt.tag, (size_t)(q - data));
			(*ctx->lost)++;
		}
	}
	return nr;
}

/**
 * pgp_keys_parse_checked() - parse a keyring and count what it cannot use
 * @data: the keyring, as written by "gpg --export"; must outlive @keys
 * @len: its length in bytes
 * @keys: array to fill; each primary precedes its subkeys
 * @max: capacity of @keys
 * @legacy: admit SHA-1 self-signatures and DSA-1024/160 keys
 * @lost: set to the number of things in the keyring that could not be read
 *	or honoured (see below); each is also logged as an error
 *
 * Keys without a valid self-signature, subkeys without a valid binding and
 * back-signature or without the signing flag, keys refused by the key
 * policy (sizes; an RSA public exponent over 32 bits; a DSA modulus over
 * 3072 bits), duplicates and malformed packets are skipped, with an error in
 * the log (keys refused by the policy: a warning).  Revoked keys are stored
 * (marked revoked) so that lookups can say why they fail.  A malformed
 * packet header ends the parse; keys before it are kept.
 *
 * *@lost counts what may hide a revocation or a newer self-signature: a
 * malformed packet header (the rest is not read), a packet before the first
 * public key, a revocation signature that cannot be parsed (or a signature
 * whose type cannot be read), a key or subkey revocation by a key other
 * than the certificate's primary, a signature that designates a revocation
 * key, a later copy of a certificate with a newer self-signature, and a key
 * that belongs to two certificates.  A keyring for which it is not 0 should
 * not be built into a kernel.
 *
 * Context: process context; allocates hash transforms; may sleep.
 * Return: the number of keys stored in @keys (0..@max), or %-ENOMEM when a
 * signature could not be checked for lack of memory (the caller should then
 * trust no key at all, since a revocation may have gone unseen), or
 * %-EINTR when the task was killed.
 */
int pgp_keys_parse_checked(const u8 *data, size_t len,
			   struct pgp_builtin_key *keys, unsigned int max,
			   bool legacy, unsigned int *lost)
{
	struct pgp_keys_ctx ctx = { .lost = lost };

	return pgp_keys_parse_keyring(data, len, keys, max, legacy, &ctx);
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_parse_checked);

/**
 * pgp_keys_parse_runtime() - parse a certificate added at run time
 * @data: the certificate (or certificates) that add_key() was given
 * @len: its length in bytes
 * @keys: array to fill; each primary precedes its subkeys
 * @max: capacity of @keys
 * @legacy: admit SHA-1 self-signatures and DSA-1024/160 keys
 * @lost: as for pgp_keys_parse_checked()
 *
 * pgp_keys_parse_checked() for what any user can hand the kernel: the parse
 * stops at the first of PGP_KEYS_CERT_SIGS_MAX signature packets,
 * PGP_KEYS_CERT_CHECKS_MAX signatures to verify, PGP_KEYS_CERT_OTHERS_MAX
 * signatures by other keys, PGP_KEYS_CERT_UIDS_MAX user IDs and
 * attributes, PGP_KEYS_CERT_SUBKEYS_MAX subkeys or a user ID longer than
 * PGP_KEYS_CERT_UID_LEN_MAX it would exceed; its log lines are rate-limited
 * and at most PGP_KEYS_CERT_LOG_MAX.  Time: linear in @len, plus at most
 * PGP_KEYS_CERT_CHECKS_MAX signature verifications.
 *
 * Context: process context; allocates hash transforms; may sleep.
 * Return: as pgp_keys_parse_checked(), or %-E2BIG when the certificate
 * carries more than the limits allow.
 */
int pgp_keys_parse_runtime(const u8 *data, size_t len,
			   struct pgp_builtin_key *keys, unsigned int max,
			   bool legacy, unsigned int *lost)
{
	struct pgp_keys_ctx ctx = { .runtime = true, .lost = lost };
	int ret = pgp_keys_parse_keyring(data, len, keys, max, legacy, &ctx);

	if (ctx.logged > PGP_KEYS_CERT_LOG_MAX)
		pr_notice_ratelimited("%u more lines about this certificate not logged\n",
				      ctx.logged - PGP_KEYS_CERT_LOG_MAX);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_parse_runtime);

/**
 * pgp_keys_parse() - parse a binary OpenPGP keyring into usable keys
 * @data: the keyring, as written by "gpg --export"; must outlive @keys
 * @len: its length in bytes
 * @keys: array to fill; each primary precedes its subkeys
 * @max: capacity of @keys
 * @legacy: admit SHA-1 self-signatures and DSA-1024/160 keys
 *
 * pgp_keys_parse_checked() without the count of what could not be used.
 *
 * Context: process context; allocates hash transforms.
 * Return: see pgp_keys_parse_checked().
 */
int pgp_keys_parse(const u8 *data, size_t len, struct pgp_builtin_key *keys,
		   unsigned int max, bool legacy)
{
	unsigned int lost;

	return pgp_keys_parse_checked(data, len, keys, max, legacy, &lost);
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_parse);

/* May @k sign at @sig_time?  0 or the reason it may not. */
static int pgp_keys_usable(const struct pgp_builtin_key *keys, unsigned int nr,
			   const struct pgp_builtin_key *k, u32 sig_time)
{
	const struct pgp_builtin_key *p = NULL;

	if (k->primary >= 0) {
		if ((unsigned int)k->primary >= nr)
			return -ENOKEY;
		p = &keys[k->primary];
	}
	if (k->revoked || (p && p->revoked))
		return -EKEYREVOKED;
	if (!k->can_sign)
		return -ENOKEY;
	if (sig_time < k->pub.creation_time)
		return -EKEYEXPIRED;	/* not valid yet */
	if (k->expires && sig_time >= k->expires)
		return -EKEYEXPIRED;
	if (p && p->expires && sig_time >= p->expires)
		return -EKEYEXPIRED;
	return 0;
}

/* Order of the reasons a lookup reports: the most specific wins. */
static int pgp_keys_reason_rank(int err)
{
	switch (err) {
	case -EKEYREVOKED:
		return 3;
	case -EKEYEXPIRED:
		return 2;
	default:
		return 1;
	}
}

/**
 * pgp_keys_lookup_next() - find the next key usable for a signature
 * @keys: array filled by pgp_keys_parse()
 * @nr: number of keys in @keys
 * @prev: the key this lookup returned last, or NULL to start
 * @fpr: issuer fingerprint from the signature (preferred), or NULL
 * @fpr_len: length of @fpr; 0 to look up by @keyid
 * @keyid: issuer key ID (8 bytes), used when @fpr_len is 0; may be NULL
 * @sig_time: the signature's creation time (seconds since the epoch)
 * @why: set to 0 on success, else to the reason no key was returned
 *
 * A fingerprint names at most one key of the array (pgp_keys_parse() keeps
 * no duplicates), but a key ID may name several: a signature that carries
 * only a key ID must be tried against each of them in turn, which calling
 * this again with the key it returned does.  The walk only moves forward
 * through @keys, so it ends after at most @nr keys.  Key expiry is judged
 * against @sig_time, never against a clock.
 *
 * Return: the next usable key after @prev, or NULL with *@why set to
 * %-ENOKEY (no such key, or it may not sign), %-EKEYREVOKED (the key or its
 * primary is revoked) or %-EKEYEXPIRED (@sig_time is outside the key's or
 * its primary's validity); these reasons count only the keys after @prev.
 */
const struct pgp_builtin_key *
pgp_keys_lookup_next(const struct pgp_builtin_key *keys, unsigned int nr,
		     const struct pgp_builtin_key *prev, const u8 *fpr,
		     size_t fpr_len, const u8 *keyid, u32 sig_time, int *why)
{
	int best = -ENOKEY, err;
	unsigned int i = 0;

	if (prev) {
		if (prev < keys || prev >= keys + nr) {
			*why = -ENOKEY;
			return NULL;
		}
		i = prev - keys + 1;
	}
	for (; i < nr; i++) {
		const struct pgp_builtin_key *k = &keys[i];

		if (fpr_len) {
			if (!fpr || k->pub.fpr_len != fpr_len ||
			    memcmp(k->pub.fpr, fpr, fpr_len))
				continue;
		} else if (!keyid || memcmp(k->pub.keyid, keyid, PGP_KEYID_LEN)) {
			continue;
		}
		err = pgp_keys_usable(keys, nr, k, sig_time);
		if (!err) {
			*why = 0;
			return k;
		}
		if (pgp_keys_reason_rank(err) > pgp_keys_reason_rank(best))
			best = err;
	}
	*why = best;
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_lookup_next);

/**
 * pgp_keys_lookup() - find the first key usable for a signature
 * @keys: array filled by pgp_keys_parse()
 * @nr: number of keys in @keys
 * @fpr: issuer fingerprint from the signature (preferred), or NULL
 * @fpr_len: length of @fpr; 0 to look up by @keyid
 * @keyid: issuer key ID (8 bytes), used when @fpr_len is 0; may be NULL
 * @sig_time: the signature's creation time (seconds since the epoch)
 * @why: set to 0 on success, else to the reason no key was returned
 *
 * The same as pgp_keys_lookup_next() with no previous key.
 *
 * Return: see pgp_keys_lookup_next().
 */
const struct pgp_builtin_key *
pgp_keys_lookup(const struct pgp_builtin_key *keys, unsigned int nr,
		const u8 *fpr, size_t fpr_len, const u8 *keyid, u32 sig_time,
		int *why)
{
	return pgp_keys_lookup_next(keys, nr, NULL, fpr, fpr_len, keyid,
				    sig_time, why);
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_lookup);

/**
 * pgp_keys_keyid_collisions() - warn about keys that share a key ID
 * @keys: array filled by pgp_keys_parse()
 * @nr: number of keys in @keys
 *
 * Two keys with the same 64-bit key ID are legitimate but unusual (the ID
 * is a truncated fingerprint, and can be forged for any key): a signature
 * that names its issuer only by key ID is then tried against each of them.
 * Each pair is logged once.
 *
 * Return: the number of pairs of keys in @keys that share a key ID.
 */
unsigned int pgp_keys_keyid_collisions(const struct pgp_builtin_key *keys,
				       unsigned int nr)
{
	char a[PGP_KEYS_HEX_MAX], b[PGP_KEYS_HEX_MAX];
	unsigned int i, j, pairs = 0;

	for (i = 0; i < nr; i++)
		for (j = i + 1; j < nr; j++) {
			if (memcmp(keys[i].pub.keyid, keys[j].pub.keyid,
				   PGP_KEYID_LEN))
				continue;
			pr_warn("Keys %s and %s share the key ID %*phN: signatures naming only that ID are tried against both\n",
				pgp_keys_fpr(a, &keys[i].pub),
				pgp_keys_fpr(b, &keys[j].pub),
				PGP_KEYID_LEN, keys[i].pub.keyid);
			pairs++;
		}
	return pairs;
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_keyid_collisions);

/* Proleptic Gregorian date of day @days since 1970-01-01. */
static void pgp_keys_civil(s64 days, int *y, unsigned int *m, unsigned int *d)
{
	s64 era, z = days + 719468;
	unsigned int doe, yoe, doy, mp;

	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = (unsigned int)(z - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = (int)(yoe + era * 400 + (*m <= 2));
}

/**
 * pgp_keys_describe() - one listing line for key @i
 * @keys: array filled by pgp_keys_parse()
 * @nr: number of keys in @keys
 * @i: index of the key to describe
 * @now: current time, only to tell "expired" from "expires" in the listing
 * @buf: output buffer
 * @size: size of @buf
 *
 * Writes "FINGERPRINT ALGO BITS STATE ROLE "USER ID"\n", where STATE is
 * "usable", "usable-until-YYYY-MM-DD", "expired-YYYY-MM-DD", "revoked" or
 * "certify-only", and ROLE is "primary" or "subkey-of-FINGERPRINT".  Control
 * characters, quotes and backslashes in the user ID are shown as '?'.
 *
 * Return: the length of the line (without NUL), or %-EINVAL for a bad @i,
 * or %-ENOSPC when @buf is too small.
 */
int pgp_keys_describe(const struct pgp_builtin_key *keys, unsigned int nr,
		      unsigned int i, s64 now, char *buf, size_t size)
{
	char hex[PGP_KEYS_HEX_MAX], phex[PGP_KEYS_HEX_MAX];
	char state[48], uid[PGP_KEYS_UID_MAX + 1];
	const struct pgp_builtin_key *k, *p = NULL;
	unsigned int mon, day, j;
	u32 expires;
	int year, n;

	if (i >= nr)
		return -EINVAL;
	k = &keys[i];
	if (k->primary >= 0) {
		if ((unsigned int)k->primary >= nr)
			return -EINVAL;
		p = &keys[k->primary];
	}

	expires = pgp_keys_earliest(k->expires, p ? p->expires : 0);
	if (k->revoked || (p && p->revoked)) {
		strscpy(state, "revoked", sizeof(state));
	} else if (!k->can_sign) {
		strscpy(state, "certify-only", sizeof(state));
	} else if (expires) {
		pgp_keys_civil((s64)expires / 86400, &year, &mon, &day);
		snprintf(state, sizeof(state), "%s-%04d-%02u-%02u",
			 now >= (s64)expires ? "expired" : "usable-until",
			 year, mon, day);
	} else {
		strscpy(state, "usable", sizeof(state));
	}

	for (j = 0; j < k->uid_len && j < PGP_KEYS_UID_MAX; j++) {
		u8 ch = k->uid[j];

		uid[j] = (ch < 0x20 || ch == 0x7f || ch == '"' || ch == '\\') ? '?' : ch;
	}
	uid[j] = '\0';

	pgp_keys_fpr(hex, &k->pub);
	if (p)
		pgp_keys_fpr(phex, &p->pub);
	n = snprintf(buf, size, "%s %s %u %s %s%s \"%s\"\n", hex,
		     pgp_pubkey_algo_name(k->pub.algo), pgp_keys_bits(&k->pub), state,
		     p ? "subkey-of-" : "primary", p ? phex : "", uid);
	if (n < 0 || (size_t)n >= size)
		return -ENOSPC;
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_describe);

/* Is @body the body of a key packet equal to @key's? */
static bool pgp_keys_same_key(const struct pgp_packet *pkt,
			      const struct pgp_pubkey *key)
{
	return pkt->len == key->body_len && !memcmp(pkt->body, key->body, pkt->len);
}

/* Digest of @auth->sig over @primary and then @sub or @uid (if any). */
static int pgp_keys_auth_digest(struct pgp_keys_auth *auth,
				const struct pgp_pubkey *primary,
				const struct pgp_pubkey *sub)
{
	struct pgp_hash_ctx *ctx;
	int ret;

	ret = pgp_hash_init(&ctx, &auth->sig);
	if (ret)
		return ret;
	ret = pgp_hash_pubkey(ctx, primary);
	if (!ret && sub)
		ret = pgp_hash_pubkey(ctx, sub);
	if (!ret && auth->uid)
		ret = pgp_hash_userid(ctx, auth->uid, auth->uid_len);
	if (ret) {
		pgp_hash_free(ctx);
		return ret;
	}
	return pgp_sig_digest(ctx, &auth->sig, auth->digest, &auth->digest_len);
}

/* A certification revocation (0x30) by another key among a user ID's signatures. */
struct pgp_keys_rev {
	u8 fpr[PGP_FPR_MAX];
	u8 fpr_len;
	u8 keyid[PGP_KEYID_LEN];
	bool has_keyid;
	u32 time;
};

static bool pgp_keys_is_cert(const struct pgp_sig *sig)
{
	return sig->type >= PGP_SIG_CERT_GENERIC && sig->type <= PGP_SIG_CERT_POSITIVE;
}

/*
 * The certification revocations by other keys among the signatures in
 * [@p, @end) (those of one user ID), at most @max into @revs.  Returns how
 * many, @max + 1 when there are more, -EINTR or -ENOMEM.
 */
static noinline_for_stack int
pgp_keys_cert_revs(const u8 *p, const u8 *end, const struct pgp_pubkey *primary,
		   bool legacy, struct pgp_keys_rev *revs, unsigned int max)
{
	struct pgp_packet pkt;
	struct pgp_sig sig;
	unsigned int n = 0;
	int ret;

	while (p < end && !pgp_next_packet(&p, end, &pkt) &&
	       pkt.tag == PGP_PKT_SIGNATURE) {
		ret = pgp_keys_yield();
		if (ret)
			return ret;
		ret = pgp_keys_parse_sig(&pkt, &sig, legacy);
		if (ret == -ENOMEM)
			return ret;
		if (ret || sig.type != PGP_SIG_CERT_REVOCATION ||
		    pgp_keys_issued_by(&sig, primary))
			continue;
		if (n == max)
			return max + 1;
		memcpy(revs[n].fpr, sig.issuer_fpr, sig.issuer_fpr_len);
		revs[n].fpr_len = sig.issuer_fpr_len;
		memcpy(revs[n].keyid, sig.issuer_keyid, PGP_KEYID_LEN);
		revs[n].has_keyid = sig.has_issuer_keyid;
		revs[n].time = sig.creation_time;
		n++;
	}
	return n;
}

/* Is the certification @cert by the issuer of one of @revs, made no later? */
static bool pgp_keys_in_revs(const struct pgp_sig *cert,
			     const struct pgp_keys_rev *revs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct pgp_keys_rev *r = &revs[i];
		bool same;

		if (r->time < cert->creation_time)
			continue;
		if (cert->issuer_fpr_len && r->fpr_len)
			same = cert->issuer_fpr_len == r->fpr_len &&
			       !memcmp(cert->issuer_fpr, r->fpr, r->fpr_len);
		else
			same = cert->has_issuer_keyid && r->has_keyid &&
			       !memcmp(cert->issuer_keyid, r->keyid, PGP_KEYID_LEN);
		if (same)
			return true;
	}
	return false;
}

/**
 * pgp_keys_walk_certs() - the signatures over a key's user IDs by other keys
 * @data: the certificate (later copies of it included)
 * @len: its length
 * @primary: the certificate's primary key, as pgp_keys_parse() found it
 * @legacy: admit SHA-1
 * @walk: its @walk->fn is called, in the order of @data, for each
 *	certification (0x10-0x13) of a user ID of @primary by another key, not
 *	older than @primary, and for each certification revocation (0x30) by
 *	another key; its return value, when not 0, ends the walk
 *
 * The signatures are not verified: their issuers' keys are not at hand.
 * A certification is marked taken back when a certification revocation by
 * the same issuer, not older than it, is among the user ID's signatures
 * (gpg exports them in any order).  Each user ID's signatures are read
 * twice, once for its certification revocations and once for @fn: the walk
 * is linear in @len.  A user ID with more than %PGP_KEYS_CERT_OTHERS_MAX
 * certification revocations has each of its certifications marked taken
 * back.
 *
 * Context: process context; may sleep.
 * Return: 0 when @walk->fn never ended the walk, else its value; -ENOMEM;
 * -EINTR when the task was killed.
 */
int pgp_keys_walk_certs(const u8 *data, size_t len,
			const struct pgp_pubkey *primary, bool legacy,
			struct pgp_keys_cert_walk *walk)
{
	const u8 *p = data, *end = data + len, *sigs;
	struct pgp_keys_cert *cert;
	struct pgp_keys_rev *revs;
	struct pgp_packet pkt;
	bool in_cert = false;
	int nrevs = 0, ret = 0;

	cert = kzalloc(sizeof(*cert), GFP_KERNEL);
	revs = kmalloc_array(PGP_KEYS_CERT_OTHERS_MAX, sizeof(*revs), GFP_KERNEL);
	if (!cert || !revs) {
		ret = -ENOMEM;
		goto out;
	}
	while (p < end && !pgp_next_packet(&p, end, &pkt)) {
		ret = pgp_keys_yield();
		if (ret)
			break;
		switch (pkt.tag) {
		case PGP_PKT_PUBLIC_KEY:
			/* this certificate, or a later copy of it */
			in_cert = pgp_keys_same_key(&pkt, primary);
			cert->uid = NULL;
			continue;
		case PGP_PKT_USER_ID:
			if (!in_cert)
				continue;
			cert->uid = pkt.body;
			cert->uid_len = pkt.len;
			sigs = p;
			nrevs = pgp_keys_cert_revs(sigs, end, primary, legacy, revs,
						   PGP_KEYS_CERT_OTHERS_MAX);
			if (nrevs < 0) {
				ret = nrevs;
				goto out;
			}
			continue;
		case PGP_PKT_SIGNATURE:
			break;
		default:
			cert->uid = NULL;	/* subkeys, attributes: not certified here */
			continue;
		}
		if (!in_cert || !cert->uid)
			continue;
		ret = pgp_keys_parse_sig(&pkt, &cert->sig, legacy);
		if (ret == -ENOMEM)
			goto out;
		if (ret || pgp_keys_issued_by(&cert->sig, primary)) {
			ret = 0;
			continue;
		}
		if (pgp_keys_is_cert(&cert->sig)) {
			if (cert->sig.creation_time < primary->creation_time)
				continue;
			cert->taken_back = nrevs > PGP_KEYS_CERT_OTHERS_MAX ||
					   pgp_keys_in_revs(&cert->sig, revs, nrevs);
		} else if (cert->sig.type == PGP_SIG_CERT_REVOCATION) {
			cert->taken_back = false;
		} else {
			continue;
		}
		cert->body = pkt.body;
		cert->body_len = pkt.len;
		ret = walk->fn(walk, cert);
		if (ret)
			break;
	}
out:
	kfree(revs);
	kfree(cert);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_walk_certs);

/**
 * pgp_keys_cert_auth() - the digest a certification's issuer must verify
 * @cert: a signature pgp_keys_walk_certs() reported
 * @primary: the certified key
 * @auth: filled with the signature, its packet, its user ID and its digest
 *	over @primary and the user ID
 *
 * Context: process context; allocates a hash transform.
 * Return: 0; -ENOPKG when the signature's hash is not available; -ENOMEM.
 */
int pgp_keys_cert_auth(const struct pgp_keys_cert *cert,
		       const struct pgp_pubkey *primary, struct pgp_keys_auth *auth)
{
	memset(auth, 0, sizeof(*auth));
	auth->sig = cert->sig;
	auth->body = cert->body;
	auth->body_len = cert->body_len;
	auth->uid = cert->uid;
	auth->uid_len = cert->uid_len;
	auth->expires = pgp_keys_abs_expiry(auth->sig.creation_time,
					    auth->sig.sig_expiry);
	return pgp_keys_auth_digest(auth, primary, NULL);
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_cert_auth);

/* pgp_keys_auth()'s walk: the @nth signature of the wanted type, not taken back. */
struct pgp_keys_nth {
	struct pgp_keys_cert_walk walk;
	bool revocation;
	unsigned int nth;
	struct pgp_keys_cert *found;
};

static int pgp_keys_nth_cert(struct pgp_keys_cert_walk *walk,
			     const struct pgp_keys_cert *cert)
{
	struct pgp_keys_nth *w = container_of(walk, struct pgp_keys_nth, walk);
	bool revocation = cert->sig.type == PGP_SIG_CERT_REVOCATION;

	if (revocation != w->revocation || cert->taken_back)
		return 0;
	if (w->nth--)
		return 0;
	*w->found = *cert;
	return 1;
}

/**
 * pgp_keys_auth() - a signature that vouches for (or revokes) a key
 * @data: the keyring @keys was parsed from
 * @len: its length
 * @keys: array filled by pgp_keys_parse() from @data
 * @nr: number of keys in @keys
 * @i: index of the key in @keys
 * @kind: which signature
 * @nth: for %PGP_KEYS_AUTH_CERTIFICATION and
 *	%PGP_KEYS_AUTH_CERT_REVOCATION, which one (0 for the first); 0 for the
 *	other kinds
 * @legacy: admit SHA-1 signatures
 * @auth: filled with the signature and its digest
 *
 * %PGP_KEYS_AUTH_CERTIFICATION: the @nth certification (0x10-0x13) of a
 * user ID of the primary key @i made by another key, in the order of @data
 * (later copies of the certificate included), leaving out a certification
 * that predates the key and one taken back by a certification revocation
 * (0x30) of the same issuer (pgp_keys_walk_certs()).  Its issuer's key
 * is not known here: the signature is not verified, its digest is what the
 * issuer's key must verify.
 * %PGP_KEYS_AUTH_CERT_REVOCATION: the @nth certification revocation (0x30)
 * of a user ID of the primary key @i by another key, likewise.
 * A caller that looks at every certification walks them once with
 * pgp_keys_walk_certs() instead: each call here walks @data.
 * %PGP_KEYS_AUTH_BINDING: the binding signature (0x18) of subkey @i that
 * pgp_keys_parse() checked, with its back-signature.
 * %PGP_KEYS_AUTH_REVOCATION: the revocation of key @i (0x20 of a primary,
 * 0x28 of a subkey) that pgp_keys_parse() checked.
 *
 * Context: process context; allocates hash transforms; may sleep.
 * Return: 0; -ENOENT when there is no such signature; -EINVAL for a bad @i
 * or @kind; -ENOPKG when the signature's hash is not available (or SHA-1
 * without @legacy); -ENOMEM; -EINTR when the task was killed.
 */
int pgp_keys_auth(const u8 *data, size_t len, const struct pgp_builtin_key *keys,
		  unsigned int nr, unsigned int i, enum pgp_keys_auth_kind kind,
		  unsigned int nth, bool legacy, struct pgp_keys_auth *auth)
{
	const struct pgp_builtin_key *k, *p = NULL;
	struct pgp_packet pkt;
	int ret;

	memset(auth, 0, sizeof(*auth));
	if (i >= nr)
		return -EINVAL;
	k = &keys[i];
	if (k->primary >= 0) {
		if ((unsigned int)k->primary >= nr)
			return -EINVAL;
		p = &keys[k->primary];
	}

	switch (kind) {
	case PGP_KEYS_AUTH_CERTIFICATION:
	case PGP_KEYS_AUTH_CERT_REVOCATION: {
		struct pgp_keys_nth w = {
			.walk.fn = pgp_keys_nth_cert,
			.revocation = kind == PGP_KEYS_AUTH_CERT_REVOCATION,
			.nth = nth,
		};

		if (p)
			return -EINVAL;
		w.found = kmalloc(sizeof(*w.found), GFP_KERNEL);
		if (!w.found)
			return -ENOMEM;
		ret = pgp_keys_walk_certs(data, len, &k->pub, legacy, &w.walk);
		if (ret > 0)
			ret = pgp_keys_cert_auth(w.found, &k->pub, auth);
		else if (!ret)
			ret = -ENOENT;
		kfree(w.found);
		return ret;
	}
	case PGP_KEYS_AUTH_BINDING:
		if (!p)
			return -EINVAL;
		pkt.body = k->binding;
		pkt.len = k->binding_len;
		break;
	case PGP_KEYS_AUTH_REVOCATION:
		pkt.body = k->revocation;
		pkt.len = k->revocation_len;
		break;
	default:
		return -EINVAL;
	}
	if (nth || !pkt.body)
		return -ENOENT;
	/* checked by pgp_keys_parse(); a revocation may use a legacy hash */
	ret = pgp_keys_parse_sig(&pkt, &auth->sig, legacy);
	if (ret)
		return ret;
	auth->body = pkt.body;
	auth->body_len = pkt.len;
	auth->expires = pgp_keys_abs_expiry(auth->sig.creation_time,
					    auth->sig.sig_expiry);
	return pgp_keys_auth_digest(auth, p ? &p->pub : &k->pub, p ? &k->pub : NULL);
}
EXPORT_SYMBOL_IF_KUNIT(pgp_keys_auth);
