// SPDX-License-Identifier: GPL-2.0
/*
 * The OpenPGP keys of the system's trusted keyrings: the keyring that
 * certs/pgp_keyring.S embeds joins .builtin_trusted_keys at boot, one
 * asymmetric key per OpenPGP key; run-time keys join .secondary_trusted_keys
 * when a trusted key vouches for them (pgp_key_type.c).  Module signatures
 * find their key here by issuer fingerprint (or key ID) in both keyrings,
 * as mainline's module signing does with VERIFY_USE_SECONDARY_KEYRING.
 *
 * The layers run one way: this file is on top of the key type
 * (pgp_key_type.c: the asymmetric key parser and subtype, and the search of
 * a keyring for OpenPGP keys), which is on top of the records of trust
 * (records.c), which know neither.  Records are made only at boot (here)
 * and when .secondary_trusted_keys admits a key: its restriction, which
 * this file puts around mainline's, calls pgp_key_join().
 *
 * The built-in keys are added at device_initcall_sync time: the trusted
 * keyrings are made at device_initcall time (certs/ is linked before
 * crypto/, whose asymmetric key type registers then too); mainline loads its
 * X.509 certificates later still (late_initcall).  The parsed keys point
 * into the keyring blob in .rodata, which is never freed; they are also
 * listed read-only in securityfs.
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/hex.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/key.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <crypto/public_key.h>
#include <keys/asymmetric-subtype.h>
#include <keys/asymmetric-type.h>
#include "internal.h"

extern const u8 pgp_keyring_start[];
extern const u8 pgp_keyring_end[];

/* The built-in keys as parsed at boot, for the securityfs listing. */
static struct pgp_builtin_key *pgp_builtin_keys __ro_after_init;
static unsigned int pgp_builtin_nr __ro_after_init;

/* Longest line pgp_keys_describe() writes, plus slack. */
#define PGP_KEYS_LINE_MAX	(4 * PGP_FPR_MAX + PGP_KEYS_UID_MAX + 96)

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

/* The key @key if it may sign at @sig_time (a payload reference), else NULL. */
static const struct pgp_builtin_key *pgp_keys_take(struct key *key, u32 sig_time,
						   int *why)
{
	struct pgp_key *pk = pgp_key_get(key);
	int err;

	key_put(key);
	if (!pk) {
		*why = -ENOKEY;
		return NULL;
	}
	/* a revocation record stands for its key: revoked */
	err = pgp_key_usable(pk, sig_time, false);
	if (!err && !pgp_key_trusted(pk))
		err = -ENOKEY;
	if (err) {
		pgp_key_put(pk);
		*why = err;
		return NULL;
	}
	*why = 0;
	return &pk->k;
}

/* Key ID lookups walk the keys sharing the ID from index @idx on. */
static const struct pgp_builtin_key *
pgp_keys_find_keyid(unsigned int idx, const u8 *keyid, u32 sig_time, int *why)
{
	struct key *ring = pgp_keys_trusted(false), *key;
	const struct pgp_builtin_key *k;
	int best = -ENOKEY, err;

	for (; idx <= U8_MAX; idx++) {
		key = pgp_keys_search_keyid(ring, keyid, idx);
		if (IS_ERR(key))
			break;
		k = pgp_keys_take(key, sig_time, &err);
		if (k) {
			*why = 0;
			return k;
		}
		if (pgp_keys_reason_rank(err) > pgp_keys_reason_rank(best))
			best = err;
	}
	*why = best;
	return NULL;
}

/**
 * pgp_keys_find() - find a trusted key usable for a signature
 * @fpr: issuer fingerprint from the signature, or NULL
 * @fpr_len: length of @fpr; 0 to look up by @keyid
 * @keyid: issuer key ID (8 bytes), used when @fpr_len is 0
 * @sig_time: the signature's creation time, against which key expiry is
 *	judged
 * @why: set to 0 on success, else to the reason no key was returned
 *
 * Looks in .secondary_trusted_keys and .builtin_trusted_keys (the built-in
 * one alone without CONFIG_SECONDARY_TRUSTED_KEYRING).  The key returned
 * stays valid until pgp_keys_put(), whatever becomes of the key object.
 *
 * Context: process context.
 * Return: the key, or NULL with *@why set to %-ENOKEY (no such trusted key,
 * or it may not sign), %-EKEYREVOKED (the key, or a key it depends on, is
 * revoked) or %-EKEYEXPIRED (@sig_time is outside the key's validity, or
 * that of a key it depends on).
 */
const struct pgp_builtin_key *pgp_keys_find(const u8 *fpr, size_t fpr_len,
					    const u8 *keyid, u32 sig_time,
					    int *why)
{
	struct key *key;

	if (!fpr_len) {
		if (!keyid) {
			*why = -ENOKEY;
			return NULL;
		}
		return pgp_keys_find_keyid(0, keyid, sig_time, why);
	}
	key = pgp_keys_search(pgp_keys_trusted(false), fpr, fpr_len);
	if (IS_ERR(key)) {
		*why = -ENOKEY;
		return NULL;
	}
	return pgp_keys_take(key, sig_time, why);
}

/**
 * pgp_keys_find_next() - find the next trusted key usable for a signature
 * @prev: the key pgp_keys_find() or this function returned last; the caller
 *	still puts it
 * @fpr: issuer fingerprint from the signature, or NULL
 * @fpr_len: length of @fpr; 0 to look up by @keyid
 * @keyid: issuer key ID (8 bytes), used when @fpr_len is 0
 * @sig_time: the signature's creation time
 * @why: set to 0 on success, else to the reason no key was returned
 *
 * Several trusted keys can share a key ID; a signature that names its
 * issuer only by key ID is tried against each of them: after a signature
 * does not verify with @prev, this returns the next candidate.  A
 * fingerprint names one key: there is no next one.
 *
 * Context: process context.
 * Return: the next usable key after @prev, or NULL with *@why set as for
 * pgp_keys_find(), counting only the keys after @prev.
 */
const struct pgp_builtin_key *
pgp_keys_find_next(const struct pgp_builtin_key *prev, const u8 *fpr,
		   size_t fpr_len, const u8 *keyid, u32 sig_time, int *why)
{
	const struct pgp_key *pk = container_of(prev, struct pgp_key, k);

	if (fpr_len || !keyid) {
		*why = -ENOKEY;
		return NULL;
	}
	return pgp_keys_find_keyid(pk->idx + 1, keyid, sig_time, why);
}

/**
 * pgp_keys_put() - release a key pgp_keys_find() or _next() returned
 * @k: the key, or NULL
 *
 * Context: process context.
 */
void pgp_keys_put(const struct pgp_builtin_key *k)
{
	if (k)
		pgp_key_put(container_of(k, struct pgp_key, k));
}

/* The listing line of built-in key @i, with the revocations of run time. */
static int pgp_keys_describe_now(unsigned int i, s64 now, char *buf, size_t size)
{
	const struct pgp_builtin_key *k = &pgp_builtin_keys[i];
	struct pgp_builtin_key two[2];

	if (k->primary < 0) {
		two[0] = *k;
		two[0].revoked |= pgp_keys_revoked(k->pub.fpr, k->pub.fpr_len);
		return pgp_keys_describe(two, 1, 0, now, buf, size);
	}
	two[0] = pgp_builtin_keys[k->primary];
	two[0].revoked |= pgp_keys_revoked(two[0].pub.fpr, two[0].pub.fpr_len);
	two[1] = *k;
	two[1].primary = 0;
	two[1].revoked |= pgp_keys_revoked(k->pub.fpr, k->pub.fpr_len);
	return pgp_keys_describe(two, 2, 1, now, buf, size);
}

static int pgp_keys_seq_show(struct seq_file *m, void *v)
{
	unsigned int i;
	char *line;
	int n;

	line = kmalloc(PGP_KEYS_LINE_MAX, GFP_KERNEL);
	if (!line)
		return -ENOMEM;
	for (i = 0; i < pgp_builtin_nr; i++) {
		n = pgp_keys_describe_now(i, ktime_get_real_seconds(), line,
					  PGP_KEYS_LINE_MAX);
		if (n > 0)
			seq_write(m, line, n);
	}
	kfree(line);
	return 0;
}

static int pgp_keys_open(struct inode *inode, struct file *file)
{
	return single_open(file, pgp_keys_seq_show, NULL);
}

static const struct file_operations pgp_keys_fops = {
	.open		= pgp_keys_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static void __init pgp_keys_log(const struct pgp_builtin_key *k)
{
	char uid[PGP_KEYS_UID_MAX + 1], algo[PGP_KEYS_ALGO_MAX];
	const struct pgp_builtin_key *p = NULL;
	unsigned int i;

	for (i = 0; i < k->uid_len && i < PGP_KEYS_UID_MAX; i++)
		uid[i] = (k->uid[i] < 0x20 || k->uid[i] == 0x7f) ? '?' : k->uid[i];
	uid[i] = '\0';

	if (k->primary >= 0)
		p = &pgp_builtin_keys[k->primary];
	if (p)
		pr_info("Loaded key %*phN (%s, signing subkey of %*phN%s) \"%s\"\n",
			k->pub.fpr_len, k->pub.fpr, pgp_keys_algo(algo, &k->pub),
			p->pub.fpr_len, p->pub.fpr,
			k->revoked || p->revoked ? ", revoked" : "", uid);
	else
		pr_info("Loaded key %*phN (%s, %s%s) \"%s\"\n",
			k->pub.fpr_len, k->pub.fpr, pgp_keys_algo(algo, &k->pub),
			k->can_sign ? "primary" : "certify-only primary",
			k->revoked ? ", revoked" : "", uid);
}

/*
 * A key that may sign (or certify) is prepared for repeated use by the
 * OpenPGP layer (fixed-base tables for DSA: a verification then costs about
 * a third; the Montgomery context for RSA).  Without it (no memory) the key
 * still works.
 */
static void __init pgp_keys_prepare(struct pgp_key *pk)
{
	const char *what;
	ssize_t size;
	u64 t0;

	if (pk->k.revoked)
		return;
	t0 = ktime_get_ns();
	size = pgp_pubkey_prepare(&pk->k.pub, &what);
	if (!what)
		return;
	if (size < 0) {
		pr_warn("Key %*phN: no %s (%zd), verifying without\n",
			pk->k.pub.fpr_len, pk->k.pub.fpr, what, size);
		return;
	}
	pr_info("Key %*phN: %s of %zu KiB built in %llu us\n",
		pk->k.pub.fpr_len, pk->k.pub.fpr, what, DIV_ROUND_UP(size, 1024),
		div_u64(ktime_get_ns() - t0, NSEC_PER_USEC));
}

/* Add built-in key @i to .builtin_trusted_keys. */
static int __init pgp_keys_add_builtin(struct key *ring, unsigned int i)
{
	const struct pgp_builtin_key *k = &pgp_builtin_keys[i];
	struct pgp_key *pk;
	key_ref_t ref;
	unsigned int j;
	char *desc;
	int ret;

	pk = pgp_key_new(pgp_builtin_keys, pgp_builtin_nr, i, true);
	if (IS_ERR(pk))
		return PTR_ERR(pk);
	for (j = 0; j < i; j++)
		if (!memcmp(pgp_builtin_keys[j].pub.keyid, k->pub.keyid, PGP_KEYID_LEN))
			pk->idx++;
	pk->origin = PGP_KEY_BUILTIN;
	/* its record: revoking it at run time needs no room (revoked: listed so) */
	ret = pgp_keys_trust(k->pub.fpr, k->pub.fpr_len, false);
	if (ret && ret != -EKEYREVOKED) {
		pgp_key_put(pk);
		return ret;
	}
	pgp_keys_prepare(pk);
	desc = kasprintf(GFP_KERNEL, "%s: %*phN", pk->uid, k->pub.fpr_len, k->pub.fpr);
	if (!desc) {
		pgp_key_put(pk);
		return -ENOMEM;
	}
	pgp_key_handover(pk);
	ref = key_create_or_update(make_key_ref(ring, 1), "asymmetric", desc, pk,
				   sizeof(*pk),
				   (KEY_POS_ALL & ~KEY_POS_SETATTR) | KEY_USR_VIEW |
				   KEY_USR_READ,
				   KEY_ALLOC_NOT_IN_QUOTA | KEY_ALLOC_BUILT_IN |
				   KEY_ALLOC_BYPASS_RESTRICTION);
	pgp_key_handover(NULL);
	kfree(desc);
	pgp_key_put(pk);	/* the key holds its own reference */
	if (IS_ERR(ref))
		return PTR_ERR(ref);
	key_ref_put(ref);
	return 0;
}

/* The fingerprints CONFIG_PGP_KEYS_REVOKED lists (hex, blank-separated). */
static void __init pgp_keys_revoke_builtin(void)
{
	const char *s = CONFIG_PGP_KEYS_REVOKED;
	u8 fpr[PGP_FPR_MAX];
	size_t n;

	while (*s) {
		if (*s == ' ' || *s == ',' || *s == '\t' || *s == '\n') {
			s++;
			continue;
		}
		for (n = 0; s[n] && s[n] != ' ' && s[n] != ',' && s[n] != '\t' &&
		     s[n] != '\n'; n++)
			;
		if ((n != 2 * PGP_V4_FPR_LEN && n != 2 * PGP_FPR_MAX) ||
		    hex2bin(fpr, s, n / 2)) {
			pr_err("CONFIG_PGP_KEYS_REVOKED: '%.*s' is no fingerprint\n",
			       (int)n, s);
		} else if (!pgp_keys_trust(fpr, n / 2, false) &&
			   !pgp_keys_revoke(fpr, n / 2)) {
			pr_info("Key %*phN revoked at build time\n", (int)(n / 2), fpr);
		}
		s += n;
	}
}

/* Mainline's restriction of .secondary_trusted_keys, which ours wraps. */
static key_restrict_link_func_t pgp_keys_secondary_check __ro_after_init;

/*
 * While only post-quantum signatures count, an asymmetric key of another
 * subtype (mainline's X.509 keys) that mainline's restriction admits joins
 * only when its algorithm is post-quantum and so is the signature that
 * vouches for it (the issuer's algorithm): else it could sign modules
 * through PKCS#7, or vouch for further keys, as a classical key.
 */
static int pgp_keys_admit_other(const union key_payload *payload)
{
	const struct asymmetric_key_subtype *subtype = payload->data[asym_subtype];
	const struct asymmetric_key_ids *ids = payload->data[asym_key_ids];
	const struct public_key_signature *sig = payload->data[asym_auth];
	const struct public_key *pub = payload->data[asym_crypto];
	const struct asymmetric_key_id *id = NULL;
	const char *why;

	if (!pgp_keys_pq_only())
		return 0;
	if (subtype != &public_key_subtype || !pub)
		why = "not a key of the public_key subtype";
	else if (!pgp_keys_pq_pkey_algo(pub->pkey_algo))
		why = "a classical key";
	else if (!sig || !pgp_keys_pq_pkey_algo(sig->pkey_algo))
		why = "vouched for by a classical key";
	else
		return 0;
	if (ids)
		id = ids->id[1] ? ids->id[1] : ids->id[0];
	if (id)
		pr_notice_ratelimited("X.509 key %*phN refused: %s (%s), only post-quantum keys count (pgp_keys.pq_only)\n",
				      min_t(int, id->len, 32), id->data, why,
				      pub && pub->pkey_algo ? pub->pkey_algo : "-");
	else
		pr_notice_ratelimited("Key refused: %s, only post-quantum keys count (pgp_keys.pq_only)\n",
				      why);
	return -EKEYREJECTED;
}

/*
 * The restriction of .secondary_trusted_keys: mainline's, then, for an
 * OpenPGP key it admits, pgp_key_join(), which records what the key brings
 * (its trust, a revocation, a certification taken back), and for another
 * asymmetric key the post-quantum-only policy.  This is the one place where
 * a system trusted keyring gains a run-time key, by add_key() or keyctl
 * link alike, and so the one place where that state changes: not
 * verify_signature(), which a keyring of any user's restricted with
 * "builtin_and_secondary_trusted" runs too.
 */
static int pgp_keys_restrict_secondary(struct key *dest, const struct key_type *type,
				       const union key_payload *payload,
				       struct key *restriction_key)
{
	int ret = pgp_keys_secondary_check(dest, type, payload, restriction_key);

	if (ret || type != &key_type_asymmetric)
		return ret;
	if (payload->data[asym_subtype] != &pgp_key_subtype)
		return pgp_keys_admit_other(payload);
	return pgp_key_join(payload);
}

/*
 * Put pgp_keys_restrict_secondary() around the restriction of
 * .secondary_trusted_keys, before anything but the kernel can add keys
 * there.  Without that keyring (no CONFIG_SECONDARY_TRUSTED_KEYRING) no key
 * joins at run time.
 */
static void __init pgp_keys_hook_secondary(void)
{
	struct key *ring = pgp_keys_trusted(false);

	if (!ring || ring == pgp_keys_trusted(true))
		return;
	if (!ring->restrict_link || !ring->restrict_link->check) {
		pr_err("The secondary trusted keyring has no restriction: no OpenPGP key joins it\n");
		return;
	}
	pgp_keys_secondary_check = ring->restrict_link->check;
	WRITE_ONCE(ring->restrict_link->check, pgp_keys_restrict_secondary);
}

/* Key and subkey packets in a keyring: an upper bound of its keys. */
static unsigned int __init pgp_keys_count(const u8 *p, const u8 *end)
{
	struct pgp_packet pkt;
	unsigned int n = 0;

	while (p < end && !pgp_next_packet(&p, end, &pkt))
		if (pkt.tag == PGP_PKT_PUBLIC_KEY || pkt.tag == PGP_PKT_PUBLIC_SUBKEY)
			n++;
	return n;
}

static int __init pgp_keys_init(void)
{
	size_t len = pgp_keyring_end - pgp_keyring_start;
	struct key *ring = pgp_keys_trusted(true);
	struct dentry *dir, *file;
	unsigned int i, lost, max;
	int ret;

	ret = pgp_key_type_init();
	if (ret)
		pr_err("Cannot register the OpenPGP key parser (%d)\n", ret);
	pgp_keys_hook_secondary();
	pgp_keys_revoke_builtin();

	max = pgp_keys_count(pgp_keyring_start, pgp_keyring_end);
	pgp_builtin_keys = kcalloc(max ?: 1, sizeof(*pgp_builtin_keys), GFP_KERNEL);
	if (!pgp_builtin_keys) {
		pr_err("Cannot parse the built-in keyring: out of memory; no key loaded\n");
		goto listing;
	}
	/* Weak hashes and keys are admitted only with the legacy option. */
	ret = pgp_keys_parse_checked(pgp_keyring_start, len, pgp_builtin_keys, max,
				     IS_ENABLED(CONFIG_MODULE_SIG_PGP_LEGACY), &lost);
	if (lost)
		pr_err("The built-in keyring was not read completely (%u problems above)\n",
		       lost);
	if (ret < 0) {
		/* A revocation may have gone unchecked: trust nothing. */
		pr_err("Cannot parse the built-in keyring (%d); no key loaded\n", ret);
		goto listing;
	}
	pgp_builtin_nr = ret;
	if (!pgp_builtin_nr)
		pr_warn("No usable key in the built-in keyring (%zu bytes)\n", len);
	pgp_keys_keyid_collisions(pgp_builtin_keys, pgp_builtin_nr);
	for (i = 0; i < pgp_builtin_nr; i++) {
		pgp_keys_log(&pgp_builtin_keys[i]);
		ret = ring ? pgp_keys_add_builtin(ring, i) : -ENOKEY;
		if (ret)
			pr_err("Key %*phN: cannot add it to the built-in trusted keys (%d)\n",
			       pgp_builtin_keys[i].pub.fpr_len, pgp_builtin_keys[i].pub.fpr,
			       ret);
	}
	pr_info("%u built-in keys; %zu bytes of state per key\n", pgp_builtin_nr,
		sizeof(struct pgp_key));

listing:
	dir = securityfs_create_dir("pgp_keys", NULL);
	if (IS_ERR(dir)) {
		pr_warn("Cannot create securityfs directory pgp_keys (%ld)\n",
			PTR_ERR(dir));
		return 0;
	}
	file = securityfs_create_file("keys", 0444, dir, NULL, &pgp_keys_fops);
	if (IS_ERR(file)) {
		pr_warn("Cannot create securityfs file pgp_keys/keys (%ld)\n",
			PTR_ERR(file));
		securityfs_remove(dir);
	}
	return 0;
}
device_initcall_sync(pgp_keys_init);
