// SPDX-License-Identifier: GPL-2.0
/*
 * The records of trust of the OpenPGP keys: what the kernel knows about
 * trust lasts until reboot, whatever becomes of the key objects, in a list
 * of records that only grows: one for each key that is or was trusted
 * (built in, listed in CONFIG_PGP_KEYS_REVOKED, or admitted to
 * .secondary_trusted_keys), saying whether it is revoked, and one for each
 * certification a trusted key took back.  Records are kept by fingerprint
 * alone: this file knows no key objects and no keyrings, and calls nothing
 * of the key type (pgp_key_type.c) or of the keyrings (keyring.c), which
 * are built on it.
 *
 * Records are made only when .secondary_trusted_keys admits a key and at
 * boot; never by verifying a signature, which any user can make the kernel
 * do for a keyring of their own.  A run-time key takes its record when it
 * joins, so that revoking it later needs no room: when
 * CONFIG_PGP_KEYS_RUNTIME_MAX run-time records exist, further keys are
 * refused rather than a revocation dropped.  Each lookup walks the list
 * once, under a spinlock: at most the built-in keys, the build's revoked
 * fingerprints and CONFIG_PGP_KEYS_RUNTIME_MAX run-time records.
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include "internal.h"

/*
 * A record: of a key that is or was trusted (@issuer_len 0), revoked or not;
 * or of a certification taken back: @issuer's certifications of the key
 * made at or before @time vouch for nothing.
 */
struct pgp_keys_record {
	struct list_head list;
	bool revoked;
	u8 len;
	u8 fpr[PGP_FPR_MAX];
	u8 issuer_len;
	u8 issuer[PGP_FPR_MAX];
	u32 time;
};

static LIST_HEAD(pgp_keys_records);
static DEFINE_SPINLOCK(pgp_keys_records_lock);
static unsigned int pgp_keys_records_nr;	/* all of them */
static unsigned int pgp_keys_runtime_nr;	/* those made at run time */

/* The record of key @fpr (@issuer NULL) or of its certification by @issuer. */
static struct pgp_keys_record *pgp_keys_record_find(const u8 *fpr, size_t len,
						    const u8 *issuer, size_t ilen)
{
	struct pgp_keys_record *r;

	lockdep_assert_held(&pgp_keys_records_lock);
	list_for_each_entry(r, &pgp_keys_records, list)
		if (r->len == len && !memcmp(r->fpr, fpr, len) &&
		    r->issuer_len == (issuer ? ilen : 0) &&
		    (!issuer || !memcmp(r->issuer, issuer, ilen)))
			return r;
	return NULL;
}

/**
 * pgp_keys_revoked() - is a key revoked?
 * @fpr: its fingerprint
 * @len: its length
 *
 * Context: any context.
 * Return: true when CONFIG_PGP_KEYS_REVOKED lists it or a revocation of it
 * joined the trusted keyrings.
 */
bool pgp_keys_revoked(const u8 *fpr, size_t len)
{
	struct pgp_keys_record *r;
	bool revoked;

	spin_lock(&pgp_keys_records_lock);
	r = pgp_keys_record_find(fpr, len, NULL, 0);
	revoked = r && r->revoked;
	spin_unlock(&pgp_keys_records_lock);
	return revoked;
}

/**
 * pgp_keys_known() - is or was a key trusted since boot?
 * @fpr: its fingerprint
 * @len: its length
 *
 * Context: any context.
 * Return: true when it has a record: a built-in key, one listed in
 * CONFIG_PGP_KEYS_REVOKED, one that joined .secondary_trusted_keys.
 */
bool pgp_keys_known(const u8 *fpr, size_t len)
{
	bool known;

	spin_lock(&pgp_keys_records_lock);
	known = pgp_keys_record_find(fpr, len, NULL, 0);
	spin_unlock(&pgp_keys_records_lock);
	return known;
}

/**
 * pgp_keys_taken_back() - was a certification taken back?
 * @fpr: the certified key's fingerprint
 * @len: its length
 * @issuer: the certifier's fingerprint
 * @ilen: its length
 * @time: the certification's creation time
 *
 * Context: any context.
 * Return: true when a certification revocation by @issuer of the key, made
 * at or after @time, joined the trusted keyrings.
 */
bool pgp_keys_taken_back(const u8 *fpr, size_t len, const u8 *issuer, size_t ilen,
			 u32 time)
{
	struct pgp_keys_record *r;
	bool back;

	spin_lock(&pgp_keys_records_lock);
	r = pgp_keys_record_find(fpr, len, issuer, ilen);
	back = r && r->time >= time;
	spin_unlock(&pgp_keys_records_lock);
	return back;
}

/*
 * Add record @n unless one for its key (and issuer) exists: returns @n when
 * added, else the existing one (NULL when none and no room).  A run-time
 * record needs room below CONFIG_PGP_KEYS_RUNTIME_MAX.
 */
static struct pgp_keys_record *pgp_keys_record_add(struct pgp_keys_record *n,
						   bool runtime)
{
	struct pgp_keys_record *r;

	lockdep_assert_held(&pgp_keys_records_lock);
	r = pgp_keys_record_find(n->fpr, n->len, n->issuer_len ? n->issuer : NULL,
				 n->issuer_len);
	if (r)
		return r;
	if (runtime && pgp_keys_runtime_nr >= CONFIG_PGP_KEYS_RUNTIME_MAX)
		return NULL;
	list_add_tail(&n->list, &pgp_keys_records);
	pgp_keys_records_nr++;
	if (runtime)
		pgp_keys_runtime_nr++;
	return n;
}

/**
 * pgp_keys_trust() - record that a key is trusted
 * @fpr: its fingerprint
 * @len: its length, at most %PGP_FPR_MAX
 * @runtime: it joins .secondary_trusted_keys (else: a built-in key, at
 *	boot, which needs no room)
 *
 * A key that is or was trusted keeps its record until reboot, so that its
 * revocation (pgp_keys_revoke()) never needs room.
 *
 * Context: process context.
 * Return: 0; -EKEYREVOKED when the key is revoked; -ENOSPC when
 * CONFIG_PGP_KEYS_RUNTIME_MAX run-time records exist already; -EINVAL for
 * a bad @len; -ENOMEM.
 */
int pgp_keys_trust(const u8 *fpr, size_t len, bool runtime)
{
	struct pgp_keys_record *n, *r;
	int ret = 0;

	if (!len || len > PGP_FPR_MAX)
		return -EINVAL;
	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n)
		return -ENOMEM;
	n->len = len;
	memcpy(n->fpr, fpr, len);
	spin_lock(&pgp_keys_records_lock);
	r = pgp_keys_record_add(n, runtime);
	if (!r)
		ret = -ENOSPC;
	else if (r->revoked)
		ret = -EKEYREVOKED;
	spin_unlock(&pgp_keys_records_lock);
	if (r != n)
		kfree(n);
	if (ret == -ENOSPC)
		pr_err_ratelimited("Key %*phN refused: %u keys and certifications taken back are recorded already (CONFIG_PGP_KEYS_RUNTIME_MAX)\n",
				   (int)len, fpr, CONFIG_PGP_KEYS_RUNTIME_MAX);
	return ret;
}

/**
 * pgp_keys_revoke() - revoke a key that is or was trusted, for good
 * @fpr: its fingerprint
 * @len: its length
 *
 * Context: process context.
 * Return: 0 (also when it was revoked already); -ENOENT when the key was
 * never trusted (it has no record, and gets none).
 */
int pgp_keys_revoke(const u8 *fpr, size_t len)
{
	struct pgp_keys_record *r;
	int ret = 0;

	spin_lock(&pgp_keys_records_lock);
	r = pgp_keys_record_find(fpr, len, NULL, 0);
	if (r)
		r->revoked = true;
	else
		ret = -ENOENT;
	spin_unlock(&pgp_keys_records_lock);
	return ret;
}

/**
 * pgp_keys_take_back() - record that a certification was taken back
 * @fpr: the certified key's fingerprint; it is or was trusted
 * @len: its length
 * @issuer: the certifier's fingerprint
 * @ilen: its length, at most %PGP_FPR_MAX
 * @time: the certification revocation's creation time: the certifications
 *	by @issuer made at or before it vouch for nothing from now on
 *
 * When no room is left for the record, the certified key is revoked
 * instead: a certification that may have been what the key's trust rests
 * on is never left standing.
 *
 * Context: process context.
 * Return: 0; -ENOENT when the key was never trusted (nothing is recorded);
 * -EINVAL for a bad @ilen; -ENOMEM (nothing is recorded then either).
 */
int pgp_keys_take_back(const u8 *fpr, size_t len, const u8 *issuer, size_t ilen,
		       u32 time)
{
	struct pgp_keys_record *n, *r, *key;
	int ret = 0;

	if (!ilen || ilen > PGP_FPR_MAX || len > PGP_FPR_MAX)
		return -EINVAL;
	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n)
		return -ENOMEM;
	n->len = len;
	memcpy(n->fpr, fpr, len);
	n->issuer_len = ilen;
	memcpy(n->issuer, issuer, ilen);
	n->time = time;
	spin_lock(&pgp_keys_records_lock);
	key = pgp_keys_record_find(fpr, len, NULL, 0);
	if (!key) {
		ret = -ENOENT;
		r = NULL;
		goto out;
	}
	r = pgp_keys_record_add(n, true);
	if (r && r != n && r->time < time)
		r->time = time;
	if (!r)
		key->revoked = true;
out:
	spin_unlock(&pgp_keys_records_lock);
	if (r != n)
		kfree(n);
	if (!r && !ret)
		pr_warn_ratelimited("Key %*phN revoked: no room to record that %*phN took back its certification (CONFIG_PGP_KEYS_RUNTIME_MAX)\n",
				    (int)len, fpr, (int)ilen, issuer);
	return ret;
}
