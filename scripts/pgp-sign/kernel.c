// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's OpenPGP code in pgp-sign-module: its verdicts, not a second
 * opinion.  The loader's check (kernel/module/signing_pgp.c, with its
 * container rules and signature cap), the built-in keyring's rules
 * (security/pgp_keys/keyring_parse.c: self-signatures, subkey bindings and
 * back-signatures, revocations, expiry at the signature's creation time,
 * key ID collisions, the key policy), the OpenPGP parser and verifier
 * (crypto/pgp) and the kernel's DSA, RSA, Ed25519, Ed448, SHAKE, ML-DSA and
 * SLH-DSA code are compiled in unchanged through the userspace stand-ins of
 * scripts/pgp-shim (ECDSA, which the kernel does on its ECC code, through
 * OpenSSL there).  This file and elf.c are the ones of the tool that see
 * kernel types: they answer the others in the plain C of pgp-sign.h.
 *
 * The kernel it stands for is chosen at run time (kcompat.h's
 * KCOMPAT_RUNTIME_CONFIG): CONFIG_MODULE_SIG_PGP_LEGACY, CONFIG_CRYPTO_ED25519,
 * CONFIG_CRYPTO_ECDSA_RAW, CONFIG_CRYPTO_MLDSA_VERIFY, CONFIG_CRYPTO_ED448,
 * CONFIG_CRYPTO_SLHDSA, and the post-quantum-only policy (pgp_keys.pq_only).
 * A module is read in its own class and byte order, as a kernel of its
 * architecture reads it.
 */
#include <time.h>
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/hash.h>
#include <crypto/pgp.h>
#include <keys/pgp_keys.h>
#include <keys/system_keyring.h>
#include "internal.h"
#include "pgp-sign.h"
#include "kernel.h"

/* The configuration of the kernel judged for (see kcompat.h). */
bool kcompat_config_CONFIG_64BIT, kcompat_config_CONFIG_SYSTEM_BLACKLIST_KEYRING;
bool kcompat_config_CONFIG_MODULE_SIG_PGP_LEGACY;
bool kcompat_config_CONFIG_CRYPTO_ED25519 = true, kcompat_config_CONFIG_CRYPTO_ECDSA_RAW = true;
bool kcompat_config_CONFIG_CRYPTO_MLDSA_VERIFY = true, kcompat_config_CONFIG_CRYPTO_ED448 = true;
bool kcompat_config_CONFIG_CRYPTO_SLHDSA = true;

static bool kern_pq_only;

void kern_set_config(const struct kern_config *cfg)
{
	kcompat_config_CONFIG_MODULE_SIG_PGP_LEGACY = cfg->legacy;
	kcompat_config_CONFIG_CRYPTO_ED25519 = cfg->ed25519;
	kcompat_config_CONFIG_CRYPTO_ECDSA_RAW = cfg->ecdsa;
	kcompat_config_CONFIG_CRYPTO_MLDSA_VERIFY = cfg->mldsa;
	kcompat_config_CONFIG_CRYPTO_ED448 = cfg->ed448;
	kcompat_config_CONFIG_CRYPTO_SLHDSA = cfg->slhdsa;
	kern_pq_only = cfg->pq_only;
}

/* pgp_keys.pq_only of the kernel judged for: only post-quantum signatures count */
bool pgp_keys_pq_only(void)
{
	return kern_pq_only;
}

/* The keyring module_pgp_sig_check() looks keys up in (one at a time). */
static const struct kern_keyring *cur_ring;

const struct pgp_builtin_key *pgp_keys_find(const u8 *fpr, size_t fpr_len,
					    const u8 *keyid, u32 sig_time, int *why)
{
	if (!cur_ring) {
		*why = -ENOKEY;
		return NULL;
	}
	return pgp_keys_lookup(cur_ring->keys, cur_ring->nr, fpr, fpr_len, keyid,
			       sig_time, why);
}

const struct pgp_builtin_key *
pgp_keys_find_next(const struct pgp_builtin_key *prev, const u8 *fpr,
		   size_t fpr_len, const u8 *keyid, u32 sig_time, int *why)
{
	if (!cur_ring) {
		*why = -ENOKEY;
		return NULL;
	}
	return pgp_keys_lookup_next(cur_ring->keys, cur_ring->nr, prev, fpr, fpr_len,
				    keyid, sig_time, why);
}

/* The keys live as long as the keyring: nothing to release. */
void pgp_keys_put(const struct pgp_builtin_key *k)
{
}

/* No system blacklist here: verify-module.sh prints the two hashes instead. */
int is_hash_blacklisted(const u8 *hash, size_t hash_len, enum blacklist_hash_type type)
{
	return 0;
}

int kern_keyring_load(const u8 *data, size_t len, struct kern_keyring **out,
		      unsigned int *lost)
{
	struct kern_keyring *kr;
	int ret;

	*out = NULL;
	*lost = 0;
	kr = calloc(1, sizeof(*kr));
	if (!kr)
		return -ENOMEM;
	kr->data = malloc(len ? len : 1);
	if (!kr->data) {
		free(kr);
		return -ENOMEM;
	}
	if (len)	/* (an empty keyring's data may be NULL) */
		memcpy(kr->data, data, len);
	kr->len = len;
	ret = pgp_keys_parse_checked(kr->data, len, kr->keys, PGP_KEYS_MAX,
				     kcompat_config_CONFIG_MODULE_SIG_PGP_LEGACY, lost);
	if (ret < 0) {
		kern_keyring_free(kr);
		return ret;
	}
	kr->nr = ret;
	pgp_keys_keyid_collisions(kr->keys, kr->nr);
	*out = kr;
	return ret;
}

void kern_keyring_free(struct kern_keyring *kr)
{
	unsigned int i;

	if (!kr)
		return;
	for (i = 0; i < kr->nr; i++)
		pgp_pubkey_release(&kr->keys[i].pub);
	free(kr->data);
	free(kr);
}

/* A name for the key's algorithm and size, as verify-module.sh prints it. */
void kern_key_desc(const struct pgp_pubkey *k, char *buf, size_t size)
{
	static const char *const curves[] = {
		[PGP_CURVE_NIST_P256] = "nistp256", [PGP_CURVE_NIST_P384] = "nistp384",
		[PGP_CURVE_NIST_P521] = "nistp521", [PGP_CURVE_ED25519] = "ed25519",
		[PGP_CURVE_ED448] = "ed448",
	};

	switch (k->algo) {
	case PGP_PUBKEY_RSA:
	case PGP_PUBKEY_RSA_SIGN:
		snprintf(buf, size, "RSA-%u", k->bits);
		break;
	case PGP_PUBKEY_DSA:
		snprintf(buf, size, "DSA-%u", k->bits);
		break;
	case PGP_PUBKEY_ECDSA:
	case PGP_PUBKEY_EDDSA_LEGACY:
	case PGP_PUBKEY_ED25519:
	case PGP_PUBKEY_ED448:
		snprintf(buf, size, "%s-%s", k->algo == PGP_PUBKEY_ECDSA ? "ECDSA" : "EdDSA",
			 k->ec.curve < ARRAY_SIZE(curves) && curves[k->ec.curve] ?
			 curves[k->ec.curve] : "unknown");
		break;
	default:
		snprintf(buf, size, "%s", pgp_pubkey_algo_name(k->algo));
	}
}

/* The key of @kr with this fingerprint (and its primary's fingerprint). */
const struct pgp_builtin_key *kern_key_by_fpr(const struct kern_keyring *kr,
					      const u8 *fpr, size_t len)
{
	unsigned int i;

	for (i = 0; kr && i < kr->nr; i++)
		if (kr->keys[i].pub.fpr_len == len && !memcmp(kr->keys[i].pub.fpr, fpr, len))
			return &kr->keys[i];
	return NULL;
}

int kern_module_check(const struct kern_keyring *kr, const u8 *file, size_t len,
		      struct kern_signer *signer)
{
	struct load_info info = {
		.name = "module",
		.hdr = (Elf_Ehdr *)file,
		.len = len,
	};
	const struct pgp_builtin_key *k, *p;
	int ret;

	memset(signer, 0, sizeof(*signer));
	cur_ring = kr;
	ret = module_pgp_sig_check(&info);
	cur_ring = NULL;
	if (ret)
		return ret;
	signer->fpr_len = info.pgp_signer_len;
	memcpy(signer->fpr, info.pgp_signer, info.pgp_signer_len);
	k = kern_key_by_fpr(kr, signer->fpr, signer->fpr_len);
	if (k) {
		kern_key_desc(&k->pub, signer->desc, sizeof(signer->desc));
		p = k->primary >= 0 ? &kr->keys[k->primary] : k;
		signer->primary_len = p->pub.fpr_len;
		memcpy(signer->primary, p->pub.fpr, p->pub.fpr_len);
	}
	return 0;
}

int kern_next_packet(const u8 **p, const u8 *end, unsigned int *tag,
		     const u8 **body, size_t *len)
{
	struct pgp_packet pkt;
	int ret = pgp_next_packet(p, end, &pkt);

	if (ret)
		return ret;
	*tag = pkt.tag;
	*body = pkt.body;
	*len = pkt.len;
	return 0;
}

int kern_sig_info(const u8 *body, size_t len, struct kern_sig_info *si)
{
	struct pgp_sig sig;
	int ret;

	memset(si, 0, sizeof(*si));
	if (len >= 4) {
		si->version = body[0];
		si->type = body[1];
		si->pkalgo = body[2];
		si->hashalgo = body[3];
	}
	/* legacy: the fields of a SHA-1 signature are shown too */
	ret = pgp_parse_sig(body, len, &sig, true);
	if (ret)
		return ret;
	si->ctime = sig.creation_time;
	si->has_ctime = true;
	si->issuer_fpr_len = sig.issuer_fpr_len;
	memcpy(si->issuer_fpr, sig.issuer_fpr, sig.issuer_fpr_len);
	si->has_keyid = sig.has_issuer_keyid;
	memcpy(si->keyid, sig.issuer_keyid, PGP_KEYID_LEN);
	si->hashed = sig.hashed;
	si->hashed_len = sig.hashed_len;
	return 0;
}

/* Public keys by fingerprint, for checking the signatures the tool makes. */
struct kern_pubkeys {
	struct pgp_pubkey *keys[PGP_KEYS_MAX];
	unsigned int nr;
	u8 *data;		/* the keys point into it */
};

int kern_pubkeys_load(const u8 *data, size_t len, struct kern_pubkeys **out)
{
	const u8 *p, *end;
	struct kern_pubkeys *pk;
	struct pgp_packet pkt;

	*out = NULL;
	pk = calloc(1, sizeof(*pk));
	if (!pk)
		return -ENOMEM;
	pk->data = malloc(len ? len : 1);
	if (!pk->data) {
		free(pk);
		return -ENOMEM;
	}
	if (len)
		memcpy(pk->data, data, len);
	p = pk->data;
	end = p + len;
	while (p < end && !pgp_next_packet(&p, end, &pkt)) {
		struct pgp_pubkey key;

		if (pkt.tag != PGP_PKT_PUBLIC_KEY && pkt.tag != PGP_PKT_PUBLIC_SUBKEY)
			continue;
		if (pgp_parse_pubkey(pkt.body, pkt.len, &key) || pk->nr == ARRAY_SIZE(pk->keys))
			continue;
		pk->keys[pk->nr] = malloc(sizeof(key));
		if (!pk->keys[pk->nr])
			break;
		memcpy(pk->keys[pk->nr++], &key, sizeof(key));
	}
	*out = pk;
	return pk->nr;
}

void kern_pubkeys_free(struct kern_pubkeys *pk)
{
	unsigned int i;

	if (!pk)
		return;
	for (i = 0; i < pk->nr; i++) {
		pgp_pubkey_release(pk->keys[i]);
		free(pk->keys[i]);
	}
	free(pk->data);
	free(pk);
}

/*
 * A hash context for @sig over @d with [@zoff, @zoff + @zlen) as zeros (the
 * signed data of a module, zoff/zlen checked here): 0 with *@ctx to finish
 * or free, or the error with nothing left to free.
 */
int kern_hash_module(const struct pgp_sig *sig, const u8 *d, size_t n, size_t zoff,
		     size_t zlen, struct pgp_hash_ctx **ctx)
{
	static const u8 zeros[4096];
	int ret;

	if (zoff > n || zlen > n - zoff)
		return -EINVAL;
	ret = pgp_hash_init(ctx, sig);
	if (ret)
		return ret;
	ret = pgp_hash_update(*ctx, d, zoff);
	for (size_t z = zlen; !ret && z; ) {
		size_t k = z < sizeof(zeros) ? z : sizeof(zeros);

		ret = pgp_hash_update(*ctx, zeros, k);
		z -= k;
	}
	if (!ret)
		ret = pgp_hash_update(*ctx, d + zoff + zlen, n - zoff - zlen);
	if (ret) {
		pgp_hash_free(*ctx);
		*ctx = NULL;
	}
	return ret;
}

int kern_sig_verify(struct kern_pubkeys *pk, const u8 *body, size_t len,
		    const u8 *d, size_t n, size_t zoff, size_t zlen)
{
	struct pgp_hash_ctx *ctx = NULL;
	struct pgp_pubkey *key = NULL;
	struct pgp_sig sig;
	unsigned int i;
	int ret;

	if (zoff > n || zlen > n - zoff)
		return -EINVAL;
	ret = pgp_parse_sig(body, len, &sig, true);
	if (ret)
		return ret;
	for (i = 0; pk && i < pk->nr && !key; i++) {
		struct pgp_pubkey *k = pk->keys[i];

		if (sig.issuer_fpr_len ? sig.issuer_fpr_len == k->fpr_len &&
		    !memcmp(sig.issuer_fpr, k->fpr, k->fpr_len) :
		    !memcmp(sig.issuer_keyid, k->keyid, PGP_KEYID_LEN))
			key = k;
	}
	if (!key)
		return -ENOKEY;
	if (key->algo == PGP_PUBKEY_DSA && !key->dsa.pre) {
		const char *what;

		pgp_pubkey_prepare(key, &what);	/* faster, when it can be built */
	}
	ret = kern_hash_module(&sig, d, n, zoff, zlen, &ctx);
	return ret ? ret : pgp_sig_verify(ctx, &sig, key);
}

/*
 * The key packet of the keyring as it is (before the kernel's rules) that
 * @sig names: 1 and what pgp_parse_pubkey() said of it in *@ret, or 0.
 */
static bool kern_raw_key(const struct kern_keyring *kr, const struct pgp_sig *sig,
			 struct pgp_pubkey *key, int *ret)
{
	const u8 *p = kr->data, *end = kr->data + kr->len;
	struct pgp_packet pkt;

	while (p < end && !pgp_next_packet(&p, end, &pkt)) {
		if (pkt.tag != PGP_PKT_PUBLIC_KEY && pkt.tag != PGP_PKT_PUBLIC_SUBKEY)
			continue;
		*ret = pgp_parse_pubkey(pkt.body, pkt.len, key);
		if (*ret && !key->fpr_len)
			continue;
		if (sig->issuer_fpr_len ? sig->issuer_fpr_len == key->fpr_len &&
		    !memcmp(sig->issuer_fpr, key->fpr, key->fpr_len) :
		    !memcmp(sig->issuer_keyid, key->keyid, PGP_KEYID_LEN))
			return true;
	}
	return false;
}

int kern_explain(const struct kern_keyring *kr, const u8 *body, size_t len,
		 int verdict, char *detail, size_t size)
{
	const bool legacy = kcompat_config_CONFIG_MODULE_SIG_PGP_LEGACY;
	const struct pgp_builtin_key *k;
	struct pgp_pubkey key;
	struct pgp_sig sig;
	int ret, why;

	snprintf(detail, size, "-");
	if (!verdict)
		return 0;
	ret = pgp_parse_sig(body, len, &sig, legacy);
	if (ret == -ENOPKG) {
		if (len && body[0] != 4)
			snprintf(detail, size, "version:%u", body[0]);
		else if (len >= 4 && body[3] == PGP_HASH_SHA1 && !legacy &&
			 !pgp_parse_sig(body, len, &sig, true))
			snprintf(detail, size, "sha1");
		else if (len >= 4 && pgp_hash_algo(body[3], true, &sig.hash))
			snprintf(detail, size, "hash:%u", body[3]);
		else
			snprintf(detail, size, "algo:%u", len >= 3 ? body[2] : 0);
		return 0;
	}
	if (ret) {
		snprintf(detail, size, "malformed");
		return 0;
	}
	if (sig.type != PGP_SIG_BINARY) {
		snprintf(detail, size, "type:0x%02x", sig.type);
		return 0;
	}
	k = pgp_keys_lookup(kr->keys, kr->nr, sig.issuer_fpr_len ? sig.issuer_fpr : NULL,
			    sig.issuer_fpr_len, sig.issuer_keyid, sig.creation_time, &why);
	switch (verdict) {
	case -EKEYREJECTED:
		snprintf(detail, size, "%s", why == -EKEYREVOKED ? "revoked" :
			 why == -EKEYEXPIRED ? "expired" : "bad-signature");
		break;
	case -ENOKEY:
		if (k && pgp_keys_pq_only() && !pgp_keys_algo_pq(k->pub.algo))
			/* a good signature that does not count (pgp_keys.pq_only) */
			snprintf(detail, size, "classical:%s", pgp_pubkey_algo_name(k->pub.algo));
		else if (!kern_raw_key(kr, &sig, &key, &ret))
			snprintf(detail, size, "absent");
		else if (ret)
			snprintf(detail, size, "policy-%s:%s", kern_errno_name(ret),
				 pgp_pubkey_algo_name(key.algo));
		else if (pgp_check_key_policy(&key, legacy))
			/* no size for a key of fixed size (bits 0: Ed25519, composite) */
			snprintf(detail, size, "policy-%s:%s%.0u",
				 kern_errno_name(pgp_check_key_policy(&key, legacy)),
				 pgp_pubkey_algo_name(key.algo), key.bits);
		else
			snprintf(detail, size, "unusable");
		break;
	case -ENOPKG:
		/* it parses and a key takes it: what is left is the digest's size */
		if (k)
			snprintf(detail, size, "digest-short:%u:%s%u",
				 hash_digest_size[sig.hash] * 8, pgp_pubkey_algo_name(k->pub.algo),
				 k->pub.bits);
		else
			snprintf(detail, size, "unsupported");
		break;
	default:
		snprintf(detail, size, "%s", kern_errno_name(verdict));
	}
	return 0;
}

const char *kern_errno_name(int err)
{
	switch (err) {
	case 0: return "0";
	case -ENODATA: return "ENODATA";
	case -EBADMSG: return "EBADMSG";
	case -ENOKEY: return "ENOKEY";
	case -ENOPKG: return "ENOPKG";
	case -ENOMEM: return "ENOMEM";
	case -EKEYREJECTED: return "EKEYREJECTED";
	case -EKEYREVOKED: return "EKEYREVOKED";
	case -EKEYEXPIRED: return "EKEYEXPIRED";
	case -EINVAL: return "EINVAL";
	}
	return "EOTHER";
}
