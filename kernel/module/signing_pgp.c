// SPDX-License-Identifier: GPL-2.0
/*
 * Check the OpenPGP signature in a module's "module_sig" section against the
 * OpenPGP keys of the system's trusted keyrings (built-in and secondary).
 *
 * The signed data is the whole module file with the content of module_sig
 * replaced by zeros, so every byte the loader later reads is covered.  The
 * section holds "OPGPMSIG", version 1, the payload length and one or more
 * OpenPGP signature packets (key rollover: any one good signature by a
 * trusted key accepts the module).  Hash transforms are allocated by the
 * OpenPGP layer without module autoloading, because this runs while a module
 * is being loaded.
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <kunit/visibility.h>
#include <crypto/pgp.h>
#include <crypto/sha2.h>
#include <crypto/pgp_compat.h>
#include <keys/pgp_keys.h>
#include <keys/system_keyring.h>
#include "internal.h"
#include "signing_pgp.h"
#include "signing_pgp_elf.h"

/* The file is hashed this much at a time, with cond_resched() in between. */
#define MODULE_PGP_HASH_CHUNK	SZ_1M

/*
 * module_pgp_check_one(): a good signature by a classical key while only
 * post-quantum signatures count (pgp_keys.pq_only); not an errno
 */
#define MODULE_PGP_CLASSICAL	1

/*
 * Feed @len bytes at @p, or zeros when @p is NULL, to @ctx (if any) and the
 * SHA-256 state @sha (if any), a chunk at a time.
 */
static int module_pgp_feed(struct pgp_hash_ctx *ctx, struct pgp_sha256_ctx *sha,
			   const u8 *p, size_t len)
{
	const u8 *zeros = page_address(ZERO_PAGE(0));
	size_t n;
	int ret;

	while (len) {
		n = min_t(size_t, len, p ? MODULE_PGP_HASH_CHUNK : PAGE_SIZE);
		if (ctx) {
			ret = pgp_hash_update(ctx, p ? p : zeros, n);
			if (ret)
				return ret;
		}
		if (sha)
			sha256_update(sha, p ? p : zeros, n);
		if (p)
			p += n;
		len -= n;
		if (len)
			cond_resched();
	}
	return 0;
}

/*
 * The blacklist's digests from a pass whose own digest is plain SHA-256 of
 * the signed data (a v4 signature's): @ctx after the signed data is the
 * signed data's digest, and a copy of it taken before module_sig, fed the
 * section as it is and the rest of the file, the whole file's.  Only the
 * bytes from module_sig on are hashed a second time.
 */
static int module_pgp_shared_sha256(struct pgp_hash_ctx *ctx,
				    struct pgp_hash_ctx *file_ctx,
				    struct module_pgp_hashes *h, const u8 *file,
				    size_t len, const struct module_pgp_sig_loc *loc)
{
	const size_t end = loc->sec_off + loc->sec_size;
	unsigned int dlen, flen;
	int ret;

	ret = pgp_hash_peek(ctx, h->data_sha256, &dlen);
	if (!ret)
		ret = module_pgp_feed(file_ctx, NULL, file + loc->sec_off, loc->sec_size);
	if (!ret)
		ret = module_pgp_feed(file_ctx, NULL, file + end, len - end);
	if (!ret)
		ret = pgp_hash_peek(file_ctx, h->file_sha256, &flen);
	if (!ret && (dlen != SHA256_DIGEST_SIZE || flen != SHA256_DIGEST_SIZE))
		ret = -EINVAL;
	return ret;
}

/**
 * module_pgp_hash_pass() - one pass over a module file
 * @ctx: digest to feed the signed data to, or NULL
 * @h: when not NULL, @h->data_sha256 and @h->file_sha256 are computed in
 *	the same pass, and @h->have_sha256 set
 * @file: the module file
 * @len: its length
 * @loc: where module_sig lies in it (inside the file)
 * @shared: @ctx is plain SHA-256 of what it is fed (a v4 signature's
 *	digest): @h's digests are taken from it instead of being computed
 *	beside it
 *
 * The signed data is the file with the content of module_sig replaced by
 * zeros.  The file is read in chunks of %MODULE_PGP_HASH_CHUNK bytes, with
 * cond_resched() between them; both SHA-256 digests share the state of the
 * bytes before module_sig.
 *
 * Context: process context; may sleep.
 * Return: 0, or the error of pgp_hash_update(), pgp_hash_clone() or
 * pgp_hash_peek().
 */
VISIBLE_IF_KUNIT int module_pgp_hash_pass(struct pgp_hash_ctx *ctx,
					  struct module_pgp_hashes *h,
					  const u8 *file, size_t len,
					  const struct module_pgp_sig_loc *loc,
					  bool shared)
{
	const size_t end = loc->sec_off + loc->sec_size;
	struct pgp_sha256_ctx data_sha, file_sha;
	struct pgp_hash_ctx *file_ctx = NULL;
	struct pgp_sha256_ctx *sha;
	int ret;

	if (!ctx)
		shared = false;
	sha = h && !shared ? &data_sha : NULL;
	sha256_init(&data_sha);
	ret = module_pgp_feed(ctx, sha, file, loc->sec_off);
	if (ret)
		goto out;
	if (h && shared) {
		ret = pgp_hash_clone(&file_ctx, ctx);
		if (ret)
			goto out;
	}
	file_sha = data_sha;
	ret = module_pgp_feed(ctx, sha, NULL, loc->sec_size);
	if (ret)
		goto out;
	ret = module_pgp_feed(ctx, sha, file + end, len - end);
	if (ret || !h)
		goto out;
	if (shared) {
		ret = module_pgp_shared_sha256(ctx, file_ctx, h, file, len, loc);
		if (ret)
			goto out;
	} else {
		sha256_update(&file_sha, file + loc->sec_off, loc->sec_size);
		ret = module_pgp_feed(NULL, &file_sha, file + end, len - end);
		if (ret)
			goto out;
		sha256_final(&data_sha, h->data_sha256);
		sha256_final(&file_sha, h->file_sha256);
	}
	h->have_sha256 = true;
out:
	pgp_hash_free(file_ctx);
	memzero_explicit(&data_sha, sizeof(data_sha));
	memzero_explicit(&file_sha, sizeof(file_sha));
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(module_pgp_hash_pass);

/* Does pass @pass hash what @sig needs: the same algorithm and salt? */
static bool module_pgp_pass_for(const struct module_pgp_pass *pass,
				const struct pgp_sig *sig)
{
	return pass->hash == sig->hash && pass->salt_len == sig->salt_len &&
	       (!sig->salt_len || !memcmp(pass->salt, sig->salt, sig->salt_len));
}

/**
 * module_pgp_digest() - the digest of the signed data for one signature
 * @h: the module's digests so far
 * @sig: a parsed signature
 * @file: the module file
 * @len: its length
 * @loc: where module_sig lies
 * @ctx: set to a copy of the digest, to be finished by pgp_sig_verify()
 *
 * The file is hashed once per hash algorithm of v4 signatures and once per
 * v6 signature (its salt comes first), for at most %MODULE_PGP_MAX_HASHES
 * passes; when @h->blacklist, the first pass also gives the SHA-256 digests
 * the blacklist is checked against, from the signature's own digest when that
 * is plain SHA-256 (a v4 SHA-256 signature), else from a SHA-256 beside it.
 *
 * Context: process context; may sleep.
 * Return: 0; -ENOPKG for a hash this kernel lacks, or a further pass beyond
 * %MODULE_PGP_MAX_HASHES; -ENOMEM; -EKEYREJECTED when hashing failed.
 */
VISIBLE_IF_KUNIT int module_pgp_digest(struct module_pgp_hashes *h,
				       const struct pgp_sig *sig,
				       const u8 *file, size_t len,
				       const struct module_pgp_sig_loc *loc,
				       struct pgp_hash_ctx **ctx)
{
	struct module_pgp_pass *pass;
	unsigned int i;
	bool first;
	int ret;

	*ctx = NULL;
	if (sig->salt_len > PGP_SALT_MAX)
		return -EBADMSG;
	for (i = 0; i < h->nr; i++)
		if (module_pgp_pass_for(&h->pass[i], sig))
			break;
	if (i == h->nr) {
		if (h->nr == MODULE_PGP_MAX_HASHES) {
			pr_debug("Signature needs a hash pass beyond %d: not checked\n",
				 MODULE_PGP_MAX_HASHES);
			return -ENOPKG;
		}
		ret = pgp_hash_init(&h->ctx[i], sig);
		if (ret)
			return ret == -ENOMEM ? ret : -ENOPKG;
		first = h->blacklist && !h->have_sha256;
		ret = module_pgp_hash_pass(h->ctx[i], first ? h : NULL, file, len, loc,
					   sig->version == 4 && sig->hash == HASH_ALGO_SHA256);
		if (ret) {
			pgp_hash_free(h->ctx[i]);
			h->ctx[i] = NULL;
			return ret == -ENOMEM ? ret : -EKEYREJECTED;
		}
		pass = &h->pass[i];
		pass->hash = sig->hash;
		pass->salt_len = sig->salt_len;
		if (sig->salt_len)
			memcpy(pass->salt, sig->salt, sig->salt_len);
		h->nr++;
	}
	ret = pgp_hash_clone(ctx, h->ctx[i]);
	if (ret)
		return ret == -ENOMEM ? ret : -ENOPKG;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(module_pgp_digest);

static void module_pgp_hashes_free(struct module_pgp_hashes *h)
{
	unsigned int i;

	for (i = 0; i < h->nr; i++)
		pgp_hash_free(h->ctx[i]);
	h->nr = 0;
}

/*
 * Check one signature packet.  On success the signer's fingerprint is
 * copied to @info.  Returns 0, %MODULE_PGP_CLASSICAL for a good signature
 * that does not count (a classical key's while pgp_keys_pq_only(); the
 * key's fingerprint is copied to @info all the same) or the code
 * module_pgp_sig_check() documents.
 */
static int module_pgp_check_one(struct load_info *info,
				const struct module_pgp_sig_loc *loc,
				const struct pgp_packet *pkt,
				struct module_pgp_hashes *hashes)
{
	const bool legacy = IS_ENABLED(CONFIG_MODULE_SIG_PGP_LEGACY);
	const struct pgp_builtin_key *key;
	struct pgp_hash_ctx *ctx = NULL;
	struct pgp_sig sig;
	int ret, why;

	if (pkt->tag != PGP_PKT_SIGNATURE)
		return -EBADMSG;
	ret = pgp_parse_sig(pkt->body, pkt->len, &sig, legacy);
	if (ret)
		return ret == -ENOPKG || ret == -ENOMEM ? ret : -EBADMSG;
	if (sig.type != PGP_SIG_BINARY)
		return -EBADMSG;

	key = pgp_keys_find(sig.issuer_fpr_len ? sig.issuer_fpr : NULL,
			    sig.issuer_fpr_len,
			    sig.has_issuer_keyid ? sig.issuer_keyid : NULL,
			    sig.creation_time, &why);
	if (!key) {
		if (why == -EKEYREVOKED || why == -EKEYEXPIRED) {
			pr_notice("Signature by %s key %*phN refused\n",
				  why == -EKEYREVOKED ? "revoked" :
				  "expired (or not yet valid)",
				  sig.issuer_fpr_len ? sig.issuer_fpr_len : PGP_KEYID_LEN,
				  sig.issuer_fpr_len ? sig.issuer_fpr : sig.issuer_keyid);
			return -EKEYREJECTED;
		}
		pr_debug("No trusted key for signature by %*phN\n",
			 sig.issuer_fpr_len ? sig.issuer_fpr_len : PGP_KEYID_LEN,
			 sig.issuer_fpr_len ? sig.issuer_fpr : sig.issuer_keyid);
		return -ENOKEY;
	}
retry:
	ret = module_pgp_digest(hashes, &sig, (const u8 *)info->hdr, info->len,
				loc, &ctx);
	if (ret)
		goto out;
	ret = pgp_sig_verify(ctx, &sig, &key->pub);
	if (ret) {
		/* anything but these means the trusted key did not accept it */
		if (ret != -ENOPKG && ret != -EBADMSG && ret != -ENOMEM)
			ret = -EKEYREJECTED;
		if (ret == -EKEYREJECTED)
			pr_notice("Bad signature by key %*phN\n",
				  key->pub.fpr_len, key->pub.fpr);
		/* a key ID can name several trusted keys: try each in turn */
		if (ret == -EKEYREJECTED && !sig.issuer_fpr_len) {
			const struct pgp_builtin_key *next;

			next = pgp_keys_find_next(key, NULL, 0, sig.issuer_keyid,
						  sig.creation_time, &why);
			pgp_keys_put(key);
			key = next;
			if (key)
				goto retry;
		}
		goto out;
	}

	BUILD_BUG_ON(sizeof(info->pgp_signer) < PGP_FPR_MAX);
	memcpy(info->pgp_signer, key->pub.fpr, key->pub.fpr_len);
	info->pgp_signer_len = key->pub.fpr_len;
	if (pgp_keys_pq_only() && !pgp_keys_algo_pq(key->pub.algo))
		ret = MODULE_PGP_CLASSICAL;
out:
	pgp_keys_put(key);
	return ret;
}

/*
 * Which error to report when no signature verified.  Lack of memory comes
 * first: some signature could not be checked, so nothing can be concluded
 * (and the caller may retry).  Then a bad signature by a trusted key (or one
 * by a revoked or expired key), which is evidence of tampering; then
 * malformed data, which no well-behaved signer produces; then unsupported
 * algorithms, which the administrator could fix; last, signatures by keys
 * that are simply not built in.  -ENOPKG and -ENOKEY are the codes mainline
 * lets through (tainting) when signatures are not enforced, so they are
 * reported only when every signature was well-formed and fully checked.
 */
static int module_pgp_rank(int err)
{
	switch (err) {
	case -ENOMEM:
		return 5;
	case -EKEYREJECTED:
		return 4;
	case -EBADMSG:
		return 3;
	case -ENOPKG:
		return 2;
	case -ENOKEY:
		return 1;
	default:
		return 3;	/* anything unexpected counts as malformed */
	}
}

/* Refuse a module whose SHA-256 @digest is a "bin:" entry of the system blacklist. */
static int module_pgp_hash_blacklisted(const u8 *digest)
{
	int ret = is_hash_blacklisted(digest, SHA256_DIGEST_SIZE,
				      BLACKLIST_HASH_BINARY);

	if (ret == -EKEYREJECTED)
		pr_err("Module hash %*phN is blacklisted\n",
		       SHA256_DIGEST_SIZE, digest);
	return ret;
}

/*
 * The system blacklist applies to the SHA-256 of the signed data, which no
 * re-encoding of the signature container changes, and to the SHA-256 of the
 * whole file, the hash a module with an appended signature is looked up by
 * where the loader checks those.  While the blacklist holds no such hash
 * (blacklist_has_binary_hashes()), there is nothing to look up and the file
 * is not hashed for it: a hash blacklisted while the module is checked
 * applies from the next load on, as for a module loaded just before.
 */
static bool module_pgp_blacklist_active(void)
{
	return IS_ENABLED(CONFIG_SYSTEM_BLACKLIST_KEYRING) && blacklist_has_binary_hashes();
}

static int module_pgp_blacklisted(const struct module_pgp_hashes *h)
{
	int ret;

	if (!h->blacklist)
		return 0;
	if (WARN_ON_ONCE(!h->have_sha256))
		return -EKEYREJECTED;
	ret = module_pgp_hash_blacklisted(h->data_sha256);
	if (!ret)
		ret = module_pgp_hash_blacklisted(h->file_sha256);
	return ret;
}

/**
 * module_pgp_sig_check() - verify a module's OpenPGP signature
 * @info: load info; @info->hdr and @info->len hold the whole (decompressed)
 *	module file, not yet validated as ELF
 *
 * Locates module_sig (see module_pgp_sig_locate()), then checks each
 * signature packet in turn: it must be a v4 or v6 binary-document signature
 * (type 0x00) by a trusted key of its version (of the built-in or the
 * secondary trusted keyring) that is usable at the signature's creation
 * time.  The signed data (the file with the module_sig content as zeros) is
 * hashed once per hash algorithm the v4 signatures by trusted keys use and
 * once per v6 signature by a trusted key (its salt is hashed first), for at
 * most %MODULE_PGP_MAX_HASHES passes; each such signature finishes its own
 * copy of that digest.  A signature needing a further pass is not checked
 * and counts as %-ENOPKG.
 * The first good signature accepts the module, after which the system hash
 * blacklist still applies, to the SHA-256 of the signed data and to the
 * SHA-256 of the whole file: the container's own bytes are not signed, and
 * re-encoding them changes only the latter (both hashed only while the
 * blacklist holds module hashes).  On success the signer's
 * fingerprint is stored in @info->pgp_signer.
 *
 * While only post-quantum signatures count (pgp_keys_pq_only()), a good
 * signature by a classical key accepts nothing: a module with no other is
 * treated as signed by no trusted key (%-ENOKEY, unless another signature
 * gave a weightier error), which is logged with the key, and the blacklist
 * still refuses it.
 *
 * When no signature verifies, the most telling error is returned, in this
 * order: %-ENOMEM, %-EKEYREJECTED, %-EBADMSG, %-ENOPKG, %-ENOKEY.
 *
 * Context: process context; may sleep.
 * Return:
 * * %0			- a signature verified with a trusted key
 * * %-ENODATA		- no module_sig section: an unsigned module, or a
 *			  file whose ELF headers cannot be read
 * * %-EKEYREJECTED	- a signature by a trusted key does not verify, or
 *			  its key is revoked or was expired (or not yet valid)
 *			  at the signature's creation time, or the SHA-256
 *			  of the signed data or of the file is blacklisted
 * * %-EBADMSG		- duplicate, allocated, misplaced, oversized or
 *			  malformed module_sig (see module_pgp_sig_locate()),
 *			  malformed packet, a packet that is not a signature,
 *			  a signature type other than 0x00, or more than
 *			  %MODULE_PGP_MAX_SIGS packets
 * * %-ENOMEM		- out of memory while checking a signature (and no
 *			  other signature verified)
 * * %-ENOPKG		- unsupported signature version, public-key or hash
 *			  algorithm (SHA-1 without CONFIG_MODULE_SIG_PGP_LEGACY),
 *			  a digest too short for the key, or a pass over the
 *			  file beyond the first %MODULE_PGP_MAX_HASHES
 * * %-ENOKEY		- no signature was made by a trusted key, or only
 *			  classical ones while only post-quantum ones count
 */
int module_pgp_sig_check(struct load_info *info)
{
	struct module_pgp_hashes hashes = {};
	const u8 *file = (const u8 *)info->hdr;
	struct module_pgp_sig_loc loc;
	struct pgp_packet pkt;
	u8 classical[PGP_FPR_MAX];
	unsigned int classical_len = 0;
	const u8 *p, *end;
	unsigned int nr = 0;
	int ret, err = -ENOKEY;

	info->pgp_signer_len = 0;
	hashes.blacklist = module_pgp_blacklist_active();
	ret = module_pgp_sig_locate(file, info->len,
				    IS_ENABLED(CONFIG_64BIT) ? MODULE_PGP_ELF64 : 0, &loc);
	if (ret) {
		if (ret == -EBADMSG)
			pr_notice("Malformed module_sig section\n");
		pr_debug("module_sig: %s (section %u)\n",
			 module_pgp_sig_reason(loc.reason), loc.section);
		return ret;
	}

	/* The container must hold only well-formed signature packets. */
	p = file + loc.payload_off;
	end = p + loc.payload_len;
	while (p < end) {
		if (++nr > MODULE_PGP_MAX_SIGS || pgp_next_packet(&p, end, &pkt) ||
		    pkt.tag != PGP_PKT_SIGNATURE) {
			pr_notice("Malformed module_sig payload\n");
			return -EBADMSG;
		}
	}

	p = file + loc.payload_off;
	ret = -ENOKEY;
	while (p < end) {
		if (pgp_next_packet(&p, end, &pkt)) {
			/* cannot happen: checked above */
			ret = -EBADMSG;
			err = ret;
			break;
		}
		ret = module_pgp_check_one(info, &loc, &pkt, &hashes);
		if (!ret)
			break;
		if (ret == MODULE_PGP_CLASSICAL) {
			if (!classical_len) {
				classical_len = info->pgp_signer_len;
				memcpy(classical, info->pgp_signer, classical_len);
			}
			info->pgp_signer_len = 0;
			continue;
		}
		if (module_pgp_rank(ret) > module_pgp_rank(err))
			err = ret;
	}
	module_pgp_hashes_free(&hashes);

	if (ret && classical_len) {
		pr_notice("Module signed by classical key %*phN only: not counted, only post-quantum signatures count (pgp_keys.pq_only)\n",
			  classical_len, classical);
		/* what a trusted key signed stays subject to the blacklist */
		if (hashes.have_sha256 && module_pgp_blacklisted(&hashes))
			return -EKEYREJECTED;
	}
	if (ret) {
		/* a rejection by a trusted key has been logged with its fingerprint */
		if (err == -EBADMSG)
			pr_notice("Malformed module signature\n");
		else
			pr_debug("No usable OpenPGP signature (%d)\n", err);
		return err;
	}

	ret = module_pgp_blacklisted(&hashes);
	if (ret) {
		info->pgp_signer_len = 0;
		return ret;
	}
	pr_debug("Module signed by %*phN accepted\n",
		 info->pgp_signer_len, info->pgp_signer);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(module_pgp_sig_check);

/**
 * module_pgp_sig_check_fallback() - check module_sig when PKCS#7 could not
 * @info: load info; @info->len no longer covers an appended PKCS#7
 *	signature that was found
 * @err: what the appended PKCS#7 signature gave: -ENODATA when there is none
 *
 * An appended PKCS#7 signature that cannot be checked (-ENOKEY: no trusted
 * key, -ENOPKG: unsupported) does not hide an OpenPGP signature: module_sig
 * is checked then too, over the file without the PKCS#7 part, so nothing
 * the OpenPGP signature does not cover is trusted.  Any other PKCS#7 error
 * stands.
 *
 * Context: process context; may sleep.
 * Return: 0 when module_sig verified; @err when it is a hard PKCS#7 error
 * or the module has no module_sig; else the error of module_pgp_sig_check().
 */
int module_pgp_sig_check_fallback(struct load_info *info, int err)
{
	int ret;

	if (err != -ENODATA && err != -ENOKEY && err != -ENOPKG)
		return err;
	ret = module_pgp_sig_check(info);
	return ret == -ENODATA ? err : ret;
}

/**
 * module_pgp_set_signer() - record the OpenPGP signer in the module
 * @mod: the module being set up
 * @info: its load info, after module_sig_check()
 */
void module_pgp_set_signer(struct module *mod, const struct load_info *info)
{
	BUILD_BUG_ON(sizeof(mod->pgp_signer) != sizeof(info->pgp_signer));
	memcpy(mod->pgp_signer, info->pgp_signer, sizeof(mod->pgp_signer));
	mod->pgp_signer_len = info->pgp_signer_len;
}

static ssize_t module_pgp_signer_show(PGP_MODULE_ATTR_CONST struct module_attribute *mattr,
				      struct module_kobject *mk, char *buf)
{
	const struct module *mod = mk->mod;

	if (!mod->pgp_signer_len)
		return sysfs_emit(buf, "\n");
	return sysfs_emit(buf, "%*phN\n", (int)mod->pgp_signer_len, mod->pgp_signer);
}

static int module_pgp_signer_exists(struct module *mod)
{
	return mod->pgp_signer_len > 0;
}

PGP_MODULE_ATTR_CONST struct module_attribute modinfo_pgp_signer = {
	.attr = { .name = "pgp_signer", .mode = 0444 },
	.show = module_pgp_signer_show,
	.test = module_pgp_signer_exists,
};
