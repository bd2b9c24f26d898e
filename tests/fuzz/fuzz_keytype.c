// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: OpenPGP certificates as asymmetric keys (security/pgp_keys/
 * pgp_key_type.c, keyring.c's lookups) on the key system of tests/compat/keys.c.
 * The input is "be16 length of A || A || B": certificate A joins the built-in
 * trusted keyring as a built-in key would (with its record of trust);
 * certificate B is then added to the secondary trusted keyring twice
 * (add_key() takes the next key it can vouch for), which runs the run-time
 * parser with its limits, the choice of the vouching signature
 * (certification, certification revocation, binding, revocation;
 * pgp_keys_walk_certs(), pgp_keys_auth()), mainline's
 * restrict_link_by_signature(), the pgp subtype's verify_signature() and,
 * through the keyring's restriction as the boot glue wraps it,
 * pgp_key_join(); and to a keyring of a user's own restricted the same way,
 * which must record nothing.  Every key of both keyrings is then looked up by
 * fingerprint and key ID and described.  Asserted: the input is never
 * written, pgp_keys_auth() points into its certificate, lookups give only
 * their documented answers, the records of trust are at most
 * CONFIG_PGP_KEYS_RUNTIME_MAX made at run time, and dropping the keyrings
 * and the records frees everything.
 * Build: tests/fuzz/build-keyring.sh.
 */
/* the records of trust; the boot glue, for its lookups and the restriction it wraps */
#include "../../security/pgp_keys/records.c"
#include "../../security/pgp_keys/keyring.c"
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/key.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <keys/asymmetric-type.h>
#include <keys/pgp_keys.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
void compat_system_keyrings_reset(void);

/* keyring.c's initcall never runs here: no built-in keyring */
const u8 pgp_keyring_start[1], pgp_keyring_end[1];

/* Forget the records of trust (a reboot), after checking their bounds. */
static void records_reset(void)
{
	struct pgp_keys_record *r, *n;
	unsigned int nr = 0;

	if (pgp_keys_runtime_nr > CONFIG_PGP_KEYS_RUNTIME_MAX)
		abort();
	list_for_each_entry_safe(r, n, &pgp_keys_records, list) {
		list_del(&r->list);
		kfree(r);
		nr++;
	}
	if (nr != pgp_keys_records_nr)
		abort();
	pgp_keys_records_nr = 0;
	pgp_keys_runtime_nr = 0;
}

struct dentry *securityfs_create_dir(const char *name, struct dentry *parent)
{
	return NULL;
}

struct dentry *securityfs_create_file(const char *name, unsigned short mode,
				      struct dentry *parent, void *data,
				      const struct file_operations *fops)
{
	return NULL;
}

void securityfs_remove(struct dentry *dentry)
{
}

int single_open(struct file *file, int (*show)(struct seq_file *, void *), void *data)
{
	return -ENOMEM;
}

int single_release(struct inode *inode, struct file *file)
{
	return 0;
}

ssize_t seq_read(struct file *file, char *buf, size_t len, loff_t *pos)
{
	return 0;
}

loff_t seq_lseek(struct file *file, loff_t off, int whence)
{
	return 0;
}
extern bool compat_signed_by_builtin;

static key_ref_t add(struct key *ring, const u8 *p, size_t len, unsigned long flags)
{
	return key_create_or_update(make_key_ref(ring, true), "asymmetric", NULL, p, len,
				    KEY_POS_ALL | KEY_USR_VIEW, flags);
}

/* pgp_keys_auth() on every key of a certificate: results inside the input. */
static void check_auth(const u8 *p, size_t len)
{
	static struct pgp_builtin_key keys[8];
	struct pgp_keys_auth *a = kmalloc(sizeof(*a), GFP_KERNEL);
	unsigned int i, kind, nth;
	int nr, ret;

	if (!a)
		return;
	nr = pgp_keys_parse(p, len, keys, ARRAY_SIZE(keys), false);
	for (i = 0; nr > 0 && i < (unsigned int)nr; i++)
		for (kind = 0; kind < 4; kind++)
			for (nth = 0; nth < 3; nth++) {
				ret = pgp_keys_auth(p, len, keys, nr, i, kind, nth, false, a);
				if (ret && ret != -ENOENT && ret != -EINVAL && ret != -ENOPKG &&
				    ret != -EBADMSG && ret != -ENOMEM)
					abort();
				if (ret)
					continue;
				if (a->body < p || a->body_len > len ||
				    a->body > p + len - a->body_len ||
				    a->digest_len > sizeof(a->digest) || !a->digest_len ||
				    (a->uid && (a->uid < p || a->uid > p + len)))
					abort();
			}
	kfree(a);
}

static void lookups(struct key *ring)
{
	static const u32 times[] = { 0, 1700000000u, 0xffffffffu };
	unsigned int i, t;

	for (i = 0; i < ring->nr_links; i++) {
		const struct pgp_key *pk;

		if (!pgp_key_is_pgp(ring->links[i]))
			continue;
		pk = ring->links[i]->payload.data[asym_crypto];
		for (t = 0; t < ARRAY_SIZE(times); t++) {
			const struct pgp_builtin_key *k, *next;
			int why = 1;

			k = pgp_keys_find(pk->k.pub.fpr, pk->k.pub.fpr_len, NULL, times[t], &why);
			if (k ? why : why != -ENOKEY && why != -EKEYREVOKED && why != -EKEYEXPIRED)
				abort();
			pgp_keys_put(k);
			k = pgp_keys_find(NULL, 0, pk->k.pub.keyid, times[t], &why);
			while (k) {
				if (memcmp(k->pub.keyid, pk->k.pub.keyid, PGP_KEYID_LEN))
					abort();
				next = pgp_keys_find_next(k, NULL, 0, pk->k.pub.keyid, times[t], &why);
				pgp_keys_put(k);
				k = next;
			}
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static long base = -1;
	char desc[4096];
	struct key *builtin, *secondary, *user;
	unsigned int records;
	size_t alen;
	key_ref_t ref;
	u8 *copy;

	if (size < 2)
		return 0;
	alen = (size_t)data[0] << 8 | data[1];
	if (alen > size - 2)
		alen = size - 2;
	copy = malloc(size);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	if (base < 0)
		base = compat_alloc_live;
	compat_signed_by_builtin = size & 1;
	builtin = pgp_keys_system_keyring(false);
	secondary = pgp_keys_system_keyring(true);

	/* the parser registers at boot (keyring.c's initcall) */
	static bool registered;

	if (!registered) {
		pgp_key_type_init();
		registered = true;
	}
	/* the secondary keyring is made anew each run: wrap its restriction again */
	pgp_keys_hook_secondary();
	check_auth(data + 2, alen);
	check_auth(data + 2 + alen, size - 2 - alen);
	/* A: as the boot glue adds a built-in key */
	ref = add(builtin, data + 2, alen, KEY_ALLOC_BUILT_IN | KEY_ALLOC_BYPASS_RESTRICTION);
	if (!IS_ERR(ref)) {
		struct pgp_key *pk = key_ref_to_ptr(ref)->payload.data[asym_crypto];

		if (pgp_key_is_pgp(key_ref_to_ptr(ref))) {
			pk->origin = PGP_KEY_BUILTIN;
			pgp_keys_trust(pk->k.pub.fpr, pk->k.pub.fpr_len, false);
		}
		key_ref_put(ref);
	}
	/* B in a keyring of a user's own, restricted as the secondary one is: no record */
	records = pgp_keys_records_nr;
	user = compat_keyring_alloc("user", restrict_link_by_builtin_and_secondary_trusted, NULL);
	if (user) {
		ref = add(user, data + 2 + alen, size - 2 - alen, 0);
		if (!IS_ERR(ref))
			key_ref_put(ref);
		key_put(user);
	}
	if (pgp_keys_records_nr != records)
		abort();	/* verify_signature() recorded something */
	/* B: twice, as "keyctl padd" would add it */
	ref = add(secondary, data + 2 + alen, size - 2 - alen, 0);
	if (!IS_ERR(ref))
		key_ref_put(ref);
	ref = add(secondary, data + 2 + alen, size - 2 - alen, 0);
	if (!IS_ERR(ref))
		key_ref_put(ref);
	lookups(secondary);
	lookups(builtin);
	compat_keyring_describe(secondary, desc, sizeof(desc));
	compat_keyring_describe(builtin, desc, sizeof(desc));

	if (memcmp(copy, data, size))
		abort();		/* the input was written */
	free(copy);
	compat_system_keyrings_reset();
	records_reset();
	if (compat_keys_live || compat_alloc_live != base)
		abort();
	return 0;
}
