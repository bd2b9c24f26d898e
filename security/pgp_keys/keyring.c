// SPDX-License-Identifier: GPL-2.0
/*
 * The built-in OpenPGP keyring: parse the keyring that certs/pgp_keyring.S
 * embeds once at boot, log each key, serve lookups and list the keys in
 * securityfs.
 *
 * The keys are parsed at fs_initcall time: the generic SHA-2 transforms that
 * the self-signatures need are registered at subsys_initcall (and the crypto
 * self-test manager at arch_initcall), securityfs at core_initcall, while
 * the first user space module load can happen only after rootfs_initcall has
 * unpacked the initramfs and enabled the usermode helper.  So every module
 * load sees the complete keyring.  The key array is __ro_after_init and the
 * keyring blob it points into is .rodata: nothing can change after boot.
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <keys/pgp_keys.h>

extern const u8 pgp_keyring_start[];
extern const u8 pgp_keyring_end[];

static struct pgp_builtin_key pgp_builtin_keys[PGP_KEYS_MAX] __ro_after_init;
static unsigned int pgp_builtin_nr __ro_after_init;

/* Longest line pgp_keys_describe() writes, plus slack. */
#define PGP_KEYS_LINE_MAX	(4 * PGP_FPR_MAX + PGP_KEYS_UID_MAX + 96)

/**
 * pgp_keys_find() - find a built-in key usable for a signature
 * @fpr: issuer fingerprint from the signature, or NULL
 * @fpr_len: length of @fpr; 0 to look up by @keyid
 * @keyid: issuer key ID (8 bytes), used when @fpr_len is 0
 * @sig_time: the signature's creation time, against which key expiry is
 *	judged
 * @why: set to 0 on success, else to the reason no key was returned
 *
 * Context: any context; the keyring is read-only after boot.
 * Return: the key, or NULL with *@why set to %-ENOKEY (no such key in the
 * built-in keyring, or it may not sign), %-EKEYREVOKED (the key or its
 * primary was revoked) or %-EKEYEXPIRED (@sig_time is outside the key's
 * validity).
 */
const struct pgp_builtin_key *pgp_keys_find(const u8 *fpr, size_t fpr_len,
					    const u8 *keyid, u32 sig_time,
					    int *why)
{
	return pgp_keys_lookup(pgp_builtin_keys, pgp_builtin_nr, fpr, fpr_len,
			       keyid, sig_time, why);
}

/**
 * pgp_keys_find_next() - find the next built-in key usable for a signature
 * @prev: the key pgp_keys_find() or this function returned last
 * @fpr: issuer fingerprint from the signature, or NULL
 * @fpr_len: length of @fpr; 0 to look up by @keyid
 * @keyid: issuer key ID (8 bytes), used when @fpr_len is 0
 * @sig_time: the signature's creation time
 * @why: set to 0 on success, else to the reason no key was returned
 *
 * Several built-in keys can share a key ID; a signature that names its
 * issuer only by key ID is tried against each of them: after a signature
 * does not verify with @prev, this returns the next candidate.  The walk
 * visits each built-in key at most once (at most PGP_KEYS_MAX).
 *
 * Context: any context; the keyring is read-only after boot.
 * Return: the next usable key after @prev, or NULL with *@why set as for
 * pgp_keys_find(), counting only the keys after @prev.
 */
const struct pgp_builtin_key *
pgp_keys_find_next(const struct pgp_builtin_key *prev, const u8 *fpr,
		   size_t fpr_len, const u8 *keyid, u32 sig_time, int *why)
{
	return pgp_keys_lookup_next(pgp_builtin_keys, pgp_builtin_nr, prev, fpr,
				    fpr_len, keyid, sig_time, why);
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
		n = pgp_keys_describe(pgp_builtin_keys, pgp_builtin_nr, i,
				      ktime_get_real_seconds(), line,
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
	char uid[PGP_KEYS_UID_MAX + 1];
	const struct pgp_builtin_key *p = NULL;
	unsigned int i;

	for (i = 0; i < k->uid_len && i < PGP_KEYS_UID_MAX; i++)
		uid[i] = (k->uid[i] < 0x20 || k->uid[i] == 0x7f) ? '?' : k->uid[i];
	uid[i] = '\0';

	if (k->primary >= 0)
		p = &pgp_builtin_keys[k->primary];
	if (p)
		pr_info("Loaded key %*phN (%s%u, signing subkey of %*phN%s) \"%s\"\n",
			k->pub.fpr_len, k->pub.fpr,
			pgp_pubkey_algo_name(k->pub.algo), k->pub.bits,
			p->pub.fpr_len, p->pub.fpr,
			k->revoked || p->revoked ? ", revoked" : "", uid);
	else
		pr_info("Loaded key %*phN (%s%u, %s%s) \"%s\"\n",
			k->pub.fpr_len, k->pub.fpr,
			pgp_pubkey_algo_name(k->pub.algo), k->pub.bits,
			k->can_sign ? "primary" : "certify-only primary",
			k->revoked ? ", revoked" : "", uid);
}

/*
 * A key that may sign is prepared for repeated use by the OpenPGP layer
 * (fixed-base tables for DSA: a verification then costs about a third).
 * What is built is, like the keys, never freed; without it (no memory) the
 * key still works.
 */
static void __init pgp_keys_prepare(struct pgp_builtin_key *k)
{
	const char *what;
	ssize_t size;
	u64 t0;

	if (!k->can_sign || k->revoked)
		return;
	t0 = ktime_get_ns();
	size = pgp_pubkey_prepare(&k->pub, &what);
	if (!what)
		return;
	if (size < 0) {
		pr_warn("Key %*phN: no %s (%zd), verifying without\n",
			k->pub.fpr_len, k->pub.fpr, what, size);
		return;
	}
	pr_info("Key %*phN: %s of %zu KiB built in %llu us\n",
		k->pub.fpr_len, k->pub.fpr, what, (size_t)size / 1024,
		div_u64(ktime_get_ns() - t0, NSEC_PER_USEC));
}

static int __init pgp_keys_init(void)
{
	size_t len = pgp_keyring_end - pgp_keyring_start;
	struct dentry *dir, *file;
	unsigned int i, lost;
	int ret;

	/* Weak hashes and keys are admitted only with the legacy option. */
	ret = pgp_keys_parse_checked(pgp_keyring_start, len, pgp_builtin_keys,
				     PGP_KEYS_MAX,
				     IS_ENABLED(CONFIG_MODULE_SIG_PGP_LEGACY), &lost);
	if (lost)
		pr_err("The built-in keyring was not read completely (%u problems above)\n",
		       lost);
	if (ret < 0) {
		/* A revocation may have gone unchecked: trust nothing. */
		pr_err("Cannot parse the built-in keyring (%d); no key loaded\n", ret);
		memset(pgp_builtin_keys, 0, sizeof(pgp_builtin_keys));
		pgp_builtin_nr = 0;
	} else {
		pgp_builtin_nr = ret;
		for (i = 0; i < pgp_builtin_nr; i++) {
			pgp_keys_log(&pgp_builtin_keys[i]);
			pgp_keys_prepare(&pgp_builtin_keys[i]);
		}
		if (!pgp_builtin_nr)
			pr_warn("No usable key in the built-in keyring (%zu bytes)\n", len);
		pgp_keys_keyid_collisions(pgp_builtin_keys, pgp_builtin_nr);
	}

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
fs_initcall(pgp_keys_init);
