// SPDX-License-Identifier: GPL-2.0
/*
 * Check the OpenPGP signature in a module's "module_sig" section against the
 * built-in OpenPGP keyring.
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
#include <linux/module.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <kunit/visibility.h>
#include <crypto/pgp.h>
#include <crypto/sha2.h>
#include <keys/pgp_keys.h>
#include <keys/system_keyring.h>
#include "internal.h"
#include "signing_pgp_elf.h"

/* More signature packets than this in one module is malformed. */
#define MODULE_PGP_MAX_SIGS	16

static const u8 module_pgp_zeros[256];

/* Hash the module with the module_sig content as zeros. */
static int module_pgp_hash_file(struct pgp_hash_ctx *ctx, const u8 *file,
				size_t len, const struct module_pgp_sig_loc *loc)
{
	size_t left = loc->sec_size, n;
	int ret;

	ret = pgp_hash_update(ctx, file, loc->sec_off);
	while (!ret && left) {
		n = min(left, sizeof(module_pgp_zeros));
		ret = pgp_hash_update(ctx, module_pgp_zeros, n);
		left -= n;
	}
	if (!ret)
		ret = pgp_hash_update(ctx, file + loc->sec_off + loc->sec_size,
				      len - loc->sec_off - loc->sec_size);
	return ret;
}

/*
 * Check one signature packet.  On success the signer's fingerprint is
 * copied to @info.  Returns 0 or the code module_pgp_sig_check() documents.
 */
static int module_pgp_check_one(struct load_info *info,
				const struct module_pgp_sig_loc *loc,
				const struct pgp_packet *pkt,
				struct pgp_hash_ctx **hashed)
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
		pr_debug("No built-in key for signature by %*phN\n",
			 sig.issuer_fpr_len ? sig.issuer_fpr_len : PGP_KEYID_LEN,
			 sig.issuer_fpr_len ? sig.issuer_fpr : sig.issuer_keyid);
		return -ENOKEY;
	}
	/* The file is hashed once per hash algorithm, then copied. */
	if (sig.hash >= HASH_ALGO__LAST)
		return -ENOPKG;
	if (!hashed[sig.hash]) {
		ret = pgp_hash_init(&hashed[sig.hash], &sig);
		if (ret)
			return ret == -ENOMEM ? ret : -ENOPKG;
		ret = module_pgp_hash_file(hashed[sig.hash], (const u8 *)info->hdr,
					   info->len, loc);
		if (ret) {
			pgp_hash_free(hashed[sig.hash]);
			hashed[sig.hash] = NULL;
			return ret == -ENOMEM ? ret : -EKEYREJECTED;
		}
	}
retry:
	ret = pgp_hash_clone(&ctx, hashed[sig.hash]);
	if (ret)
		return ret == -ENOMEM ? ret : -ENOPKG;
	ret = pgp_sig_verify(ctx, &sig, &key->pub);
	if (ret) {
		/* anything but these means the trusted key did not accept it */
		if (ret != -ENOPKG && ret != -EBADMSG && ret != -ENOMEM)
			ret = -EKEYREJECTED;
		if (ret == -EKEYREJECTED)
			pr_notice("Bad signature by key %*phN\n",
				  key->pub.fpr_len, key->pub.fpr);
		/* a key ID can name several built-in keys: try each in turn */
		if (ret == -EKEYREJECTED && !sig.issuer_fpr_len) {
			key = pgp_keys_find_next(key, NULL, 0, sig.issuer_keyid,
						 sig.creation_time, &why);
			if (key)
				goto retry;
		}
		return ret;
	}

	BUILD_BUG_ON(sizeof(info->pgp_signer) < PGP_FPR_MAX);
	memcpy(info->pgp_signer, key->pub.fpr, key->pub.fpr_len);
	info->pgp_signer_len = key->pub.fpr_len;
	return 0;
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

/* SHA-256 of the whole file against the system blacklist, as mainline. */
static int module_pgp_blacklisted(const u8 *file, size_t len)
{
	u8 digest[SHA256_DIGEST_SIZE];
	int ret;

	if (!IS_ENABLED(CONFIG_SYSTEM_BLACKLIST_KEYRING))
		return 0;
	if (len > UINT_MAX)
		return -EBADMSG;	/* no module is 4 GiB */
	sha256(file, len, digest);
	ret = is_hash_blacklisted(digest, sizeof(digest), BLACKLIST_HASH_BINARY);
	if (ret == -EKEYREJECTED)
		pr_err("Module hash %*phN is blacklisted\n",
		       (int)sizeof(digest), digest);
	return ret;
}

/**
 * module_pgp_sig_check() - verify a module's OpenPGP signature
 * @info: load info; @info->hdr and @info->len hold the whole (decompressed)
 *	module file, not yet validated as ELF
 *
 * Locates module_sig (see module_pgp_sig_locate()), then checks each
 * signature packet in turn: it must be a v4 binary-document signature (type
 * 0x00) by a key of the built-in keyring that is usable at the signature's
 * creation time.  The file, with the module_sig content as zeros, is hashed
 * once per hash algorithm the signatures by built-in keys use; each such
 * signature finishes its own copy of that digest.
 * The first good signature accepts the module, after which mainline's module
 * hash blacklist (SHA-256 of the whole file) still applies.  On success the
 * signer's fingerprint is stored in @info->pgp_signer.
 *
 * When no signature verifies, the most telling error is returned, in this
 * order: %-ENOMEM, %-EKEYREJECTED, %-EBADMSG, %-ENOPKG, %-ENOKEY.
 *
 * Context: process context; may sleep.
 * Return:
 * * %0			- a signature verified with a built-in key
 * * %-ENODATA		- no module_sig section: an unsigned module
 * * %-EKEYREJECTED	- a signature by a built-in key does not verify, or
 *			  its key is revoked or was expired (or not yet valid)
 *			  at the signature's creation time, or the module's
 *			  hash is blacklisted
 * * %-EBADMSG		- malformed ELF header or section table, duplicate,
 *			  allocated, misplaced or malformed module_sig,
 *			  malformed packet, a packet that is not a signature,
 *			  a signature type other than 0x00, or more than
 *			  %MODULE_PGP_MAX_SIGS packets, or a file of 4 GiB or more
 * * %-ENOMEM		- out of memory while checking a signature (and no
 *			  other signature verified)
 * * %-ENOPKG		- unsupported signature version, public-key or hash
 *			  algorithm (SHA-1 without CONFIG_MODULE_SIG_PGP_LEGACY)
 * * %-ENOKEY		- no signature was made by a key in the built-in
 *			  keyring
 */
int module_pgp_sig_check(struct load_info *info)
{
	struct pgp_hash_ctx *hashed[HASH_ALGO__LAST] = {};
	const u8 *file = (const u8 *)info->hdr;
	struct module_pgp_sig_loc loc;
	struct pgp_packet pkt;
	const u8 *p, *end;
	unsigned int nr = 0, i;
	int ret, err = -ENOKEY;

	info->pgp_signer_len = 0;
	ret = module_pgp_sig_locate(file, info->len, IS_ENABLED(CONFIG_64BIT), &loc);
	if (ret) {
		if (ret == -EBADMSG)
			pr_notice("Malformed module_sig section or ELF headers\n");
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
		ret = module_pgp_check_one(info, &loc, &pkt, hashed);
		if (!ret)
			break;
		if (module_pgp_rank(ret) > module_pgp_rank(err))
			err = ret;
	}
	for (i = 0; i < ARRAY_SIZE(hashed); i++)
		pgp_hash_free(hashed[i]);

	if (ret) {
		/* a rejection by a trusted key has been logged with its fingerprint */
		if (err == -EBADMSG)
			pr_notice("Malformed module signature\n");
		else
			pr_debug("No usable OpenPGP signature (%d)\n", err);
		return err;
	}

	ret = module_pgp_blacklisted(file, info->len);
	if (ret) {
		info->pgp_signer_len = 0;
		return ret;
	}
	pr_debug("Module signed by %*phN accepted\n",
		 info->pgp_signer_len, info->pgp_signer);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(module_pgp_sig_check);

static ssize_t module_pgp_signer_show(struct module_attribute *mattr,
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

struct module_attribute modinfo_pgp_signer = {
	.attr = { .name = "pgp_signer", .mode = 0444 },
	.show = module_pgp_signer_show,
	.test = module_pgp_signer_exists,
};
