// SPDX-License-Identifier: GPL-2.0
/*
 * A small key system for host tests and fuzzers of security/pgp_keys: keys
 * and keyrings (a keyring links keys and other keyrings and is searched with
 * the keyrings it links, its own keys first), the asymmetric key type (its
 * parsers, key IDs, find_asymmetric_key()), mainline's
 * restrict_link_by_signature(), and the system's built-in and secondary
 * trusted keyrings as certs/system_keyring.c makes them (the secondary one
 * links the built-in one and takes a key only when a key of either vouches
 * for it).  The contracts are the kernel's (6.12), written for a
 * single-threaded host: what the kernel's key code does around them
 * (permissions, quotas, RCU, garbage collection) is left out.
 */
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/key-type.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <keys/asymmetric-parser.h>
#include <keys/asymmetric-subtype.h>
#include <keys/asymmetric-type.h>
#include <crypto/public_key.h>
#include <keys/pgp_keys.h>

long compat_keys_live;

/* mainline's X.509 subtype: host tests make its payloads by hand (no X.509 parser here) */
struct asymmetric_key_subtype public_key_subtype = {
	.name = "public_key",
	.name_len = sizeof("public_key") - 1,
};
static key_serial_t compat_next_serial = 0x100;
static LIST_HEAD(compat_parsers);

/* ---- seq_file output for describe() ---- */

int seq_write(struct seq_file *m, const void *data, size_t len)
{
	char *p = realloc(m->buf, m->count + len + 1);

	if (!p)
		return -1;
	memcpy(p + m->count, data, len);
	m->count += len;
	p[m->count] = '\0';
	m->buf = p;
	return 0;
}

void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = compat_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > 0)
		seq_write(m, buf, min_t(size_t, n, sizeof(buf) - 1));
}

/* ---- key IDs ---- */

struct asymmetric_key_id *asymmetric_key_generate_id(const void *val_1, size_t len_1,
						     const void *val_2, size_t len_2)
{
	struct asymmetric_key_id *kid = kmalloc(sizeof(*kid) + len_1 + len_2, GFP_KERNEL);

	if (!kid)
		return ERR_PTR(-ENOMEM);
	kid->len = len_1 + len_2;
	memcpy(kid->data, val_1, len_1);
	if (len_2)
		memcpy(kid->data + len_1, val_2, len_2);
	return kid;
}

bool asymmetric_key_id_same(const struct asymmetric_key_id *kid1,
			    const struct asymmetric_key_id *kid2)
{
	return kid1 && kid2 && kid1->len == kid2->len &&
	       !memcmp(kid1->data, kid2->data, kid1->len);
}

bool asymmetric_key_id_partial(const struct asymmetric_key_id *kid1,
			       const struct asymmetric_key_id *kid2)
{
	return kid1 && kid2 && kid1->len >= kid2->len &&
	       !memcmp(kid1->data + (kid1->len - kid2->len), kid2->data, kid2->len);
}

/* ---- the asymmetric key type ---- */

int register_asymmetric_key_parser(struct asymmetric_key_parser *parser)
{
	struct asymmetric_key_parser *p;

	list_for_each_entry(p, &compat_parsers, link)
		if (!strcmp(p->name, parser->name))
			return -EEXIST;
	list_add_tail(&parser->link, &compat_parsers);
	return 0;
}

void unregister_asymmetric_key_parser(struct asymmetric_key_parser *parser)
{
	list_del(&parser->link);
}

static int asymmetric_preparse(struct key_preparsed_payload *prep)
{
	struct asymmetric_key_parser *parser;
	int ret = -EBADMSG;

	if (!prep->datalen)
		return -EINVAL;
	list_for_each_entry(parser, &compat_parsers, link) {
		ret = parser->parse(prep);
		if (ret != -EBADMSG)
			break;
	}
	return ret;
}

static void asymmetric_free_kids(struct asymmetric_key_ids *kids)
{
	unsigned int i;

	if (!kids)
		return;
	for (i = 0; i < ARRAY_SIZE(kids->id); i++)
		kfree(kids->id[i]);
	kfree(kids);
}

static void asymmetric_free_payload(union key_payload *payload)
{
	struct asymmetric_key_subtype *subtype = payload->data[asym_subtype];

	if (subtype)
		subtype->destroy(payload->data[asym_crypto], payload->data[asym_auth]);
	asymmetric_free_kids(payload->data[asym_key_ids]);
	memset(payload, 0, sizeof(*payload));
}

static void asymmetric_free_preparse(struct key_preparsed_payload *prep)
{
	asymmetric_free_payload(&prep->payload);
	kfree(prep->description);
}

static void asymmetric_destroy(struct key *key)
{
	asymmetric_free_payload(&key->payload);
}

struct key_type key_type_asymmetric = {
	.name		= "asymmetric",
	.preparse	= asymmetric_preparse,
	.free_preparse	= asymmetric_free_preparse,
	.destroy	= asymmetric_destroy,
};

struct key_type key_type_keyring = {
	.name		= "keyring",
};

/* ---- keys and keyrings ---- */

static struct key *key_get(struct key *key)
{
	key->usage++;
	return key;
}

void key_put(struct key *key)
{
	unsigned int i;

	if (!key || --key->usage)
		return;
	if (key->type == &key_type_keyring) {
		for (i = 0; i < key->nr_links; i++)
			key_put(key->links[i]);
		kfree(key->restrict_link);
	} else if (key->type->destroy) {
		key->type->destroy(key);
	}
	kfree(key->description);
	kfree(key);
	compat_keys_live--;
}

static struct key *compat_key_alloc(const struct key_type *type, const char *desc)
{
	struct key *key = kzalloc(sizeof(*key), GFP_KERNEL);

	if (!key)
		return NULL;
	key->description = kstrdup(desc, GFP_KERNEL);
	if (!key->description) {
		kfree(key);
		return NULL;
	}
	key->usage = 1;
	key->type = type;
	key->serial = compat_next_serial++;
	compat_keys_live++;
	return key;
}

struct key *compat_keyring_alloc(const char *description,
				 key_restrict_link_func_t restrict_check,
				 struct key *restrict_key)
{
	struct key *ring = compat_key_alloc(&key_type_keyring, description);

	if (!ring)
		return NULL;
	if (restrict_check) {
		ring->restrict_link = kzalloc(sizeof(*ring->restrict_link), GFP_KERNEL);
		if (!ring->restrict_link) {
			key_put(ring);
			return NULL;
		}
		ring->restrict_link->check = restrict_check;
		ring->restrict_link->key = restrict_key;
	}
	return ring;
}

/* Link @key into @ring in place of a key of its type and description. */
static int compat_link(struct key *ring, struct key *key)
{
	unsigned int i;

	for (i = 0; i < ring->nr_links; i++) {
		struct key *old = ring->links[i];

		if (old == key)
			return 0;
		if (old->type == key->type && !strcmp(old->description, key->description)) {
			ring->links[i] = key_get(key);
			key_put(old);
			return 0;
		}
	}
	if (ring->nr_links == COMPAT_KEYRING_MAX)
		return -ENFILE;
	ring->links[ring->nr_links++] = key_get(key);
	return 0;
}

/* keyctl link: the keyring's restriction applies to a key that exists. */
int compat_key_link(struct key *ring, struct key *key)
{
	int ret;

	if (ring->restrict_link && ring->restrict_link->check) {
		ret = ring->restrict_link->check(ring, key->type, &key->payload,
						 ring->restrict_link->key);
		if (ret)
			return ret;
	}
	return compat_link(ring, key);
}

int compat_key_unlink(struct key *ring, struct key *key)
{
	unsigned int i;

	for (i = 0; i < ring->nr_links; i++)
		if (ring->links[i] == key) {
			memmove(&ring->links[i], &ring->links[i + 1],
				(ring->nr_links - i - 1) * sizeof(ring->links[0]));
			ring->nr_links--;
			key_put(key);
			return 0;
		}
	return -ENOENT;
}

key_ref_t key_create_or_update(key_ref_t keyring_ref, const char *type,
			       const char *description, const void *payload,
			       size_t plen, key_perm_t perm, unsigned long flags)
{
	struct key *ring = key_ref_to_ptr(keyring_ref), *key;
	struct key_preparsed_payload prep = {
		.orig_description = description,
		.data = payload,
		.datalen = plen,
	};
	const char *desc;
	int ret;

	if (strcmp(type, "asymmetric") || ring->type != &key_type_keyring)
		return ERR_PTR(-EINVAL);
	ret = asymmetric_preparse(&prep);
	if (ret)
		goto out;
	desc = description && *description ? description : prep.description;
	ret = -EINVAL;
	if (!desc)
		goto out;
	if (!(flags & KEY_ALLOC_BYPASS_RESTRICTION) && ring->restrict_link &&
	    ring->restrict_link->check) {
		ret = ring->restrict_link->check(ring, &key_type_asymmetric, &prep.payload,
						 ring->restrict_link->key);
		if (ret)
			goto out;
	}
	ret = -ENOMEM;
	key = compat_key_alloc(&key_type_asymmetric, desc);
	if (!key)
		goto out;
	key->perm = perm;
	if (flags & KEY_ALLOC_BUILT_IN)
		key->flags |= 1UL << KEY_FLAG_BUILTIN;
	key->payload = prep.payload;
	memset(&prep.payload, 0, sizeof(prep.payload));
	ret = compat_link(ring, key);
	if (ret) {
		key_put(key);
		goto out;
	}
	asymmetric_free_preparse(&prep);
	return make_key_ref(key, true);
out:
	asymmetric_free_preparse(&prep);
	return ERR_PTR(ret);
}

/* Search @ring's keys, then the keyrings it links (the kernel's order). */
static struct key *compat_search(struct key *ring,
				 bool (*match)(const struct key *key, const void *data),
				 const void *data, unsigned int depth)
{
	struct key *found;
	unsigned int i;

	for (i = 0; i < ring->nr_links; i++)
		if (ring->links[i]->type == &key_type_asymmetric &&
		    match(ring->links[i], data))
			return key_get(ring->links[i]);
	if (depth >= 6)
		return NULL;
	for (i = 0; i < ring->nr_links; i++)
		if (ring->links[i]->type == &key_type_keyring) {
			found = compat_search(ring->links[i], match, data, depth + 1);
			if (found)
				return found;
		}
	return NULL;
}

struct compat_match {
	const struct asymmetric_key_id *id;
	bool partial, third;
};

static bool compat_match_id(const struct key *key, const void *data)
{
	const struct compat_match *m = data;
	const struct asymmetric_key_ids *kids = asymmetric_key_ids(key);
	unsigned int i;

	if (!kids)
		return false;
	if (m->third)
		return asymmetric_key_id_same(kids->id[2], m->id);
	for (i = 0; i < 2; i++)
		if (m->partial ? asymmetric_key_id_partial(kids->id[i], m->id) :
				 asymmetric_key_id_same(kids->id[i], m->id))
			return true;
	return false;
}

struct key *find_asymmetric_key(struct key *keyring,
				const struct asymmetric_key_id *id_0,
				const struct asymmetric_key_id *id_1,
				const struct asymmetric_key_id *id_2,
				bool partial)
{
	struct compat_match m = { .partial = partial };
	const struct asymmetric_key_ids *kids;
	struct key *key;
	char *req;

	if (id_0)
		m.id = id_0;
	else if (id_1)
		m.id = id_1;
	else if (id_2)
		m.id = id_2, m.third = true;
	else
		return ERR_PTR(-EINVAL);
	/* the kernel builds "id:<hex>" for the search: an allocation */
	req = kmalloc(2 + 1 + 2 * m.id->len + 1, GFP_KERNEL);
	if (!req)
		return ERR_PTR(-ENOMEM);
	kfree(req);
	key = compat_search(keyring, compat_match_id, &m, 0);
	if (!key)
		return ERR_PTR(-ENOKEY);
	if (id_0 && id_1) {
		kids = asymmetric_key_ids(key);
		if (!kids->id[1] || !asymmetric_key_id_same(id_1, kids->id[1])) {
			key_put(key);
			return ERR_PTR(-EKEYREJECTED);
		}
	}
	return key;
}

int verify_signature(const struct key *key, const struct public_key_signature *sig)
{
	const struct asymmetric_key_subtype *subtype;

	if (key->type != &key_type_asymmetric)
		return -EINVAL;
	subtype = asymmetric_key_subtype(key);
	if (!subtype || !key->payload.data[0])
		return -EINVAL;
	if (!subtype->verify_signature)
		return -ENOTSUPP;
	return subtype->verify_signature(key, sig);
}

/* CONFIG_SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN in the tests */
bool compat_signed_by_builtin;

int restrict_link_by_signature(struct key *dest_keyring, const struct key_type *type,
			       const union key_payload *payload, struct key *trust_keyring)
{
	const struct public_key_signature *sig;
	struct key *key;
	int ret;

	if (!trust_keyring)
		return -ENOKEY;
	if (type != &key_type_asymmetric)
		return -EOPNOTSUPP;
	sig = payload->data[asym_auth];
	if (!sig)
		return -ENOPKG;
	if (!sig->auth_ids[0] && !sig->auth_ids[1] && !sig->auth_ids[2])
		return -ENOKEY;
	key = find_asymmetric_key(trust_keyring, sig->auth_ids[0], sig->auth_ids[1],
				  sig->auth_ids[2], false);
	if (IS_ERR(key))
		return -ENOKEY;
	if (compat_signed_by_builtin &&
	    !strcmp(dest_keyring->description, ".secondary_trusted_keys") &&
	    !(key->flags & (1UL << KEY_FLAG_BUILTIN)))
		ret = -ENOKEY;
	else
		ret = verify_signature(key, sig);
	key_put(key);
	return ret;
}

/* ---- the system's trusted keyrings (certs/system_keyring.c) ---- */

static struct key *compat_builtin, *compat_secondary;
/* the keyrings do not exist yet (before system_trusted_keyring_init()) */
bool compat_no_system_keyrings;

/*
 * The restriction of .secondary_trusted_keys, and what a user gets with
 * "keyctl restrict_keyring KEYRING asymmetric builtin_and_secondary_trusted"
 */
int restrict_link_by_builtin_and_secondary_trusted(struct key *dest,
						   const struct key_type *type,
						   const union key_payload *payload,
						   struct key *rk)
{
	return restrict_link_by_signature(dest, type, payload, compat_secondary);
}

struct key *pgp_keys_system_keyring(bool secondary)
{
	if (compat_no_system_keyrings)
		return NULL;
	if (!compat_builtin) {
		compat_builtin = compat_keyring_alloc(".builtin_trusted_keys", NULL, NULL);
		compat_secondary = compat_keyring_alloc(".secondary_trusted_keys",
							restrict_link_by_builtin_and_secondary_trusted,
							NULL);
		if (!compat_builtin || !compat_secondary || compat_link(compat_secondary,
									compat_builtin))
			abort();
	}
	return secondary ? compat_secondary : compat_builtin;
}

/* Drop the system keyrings and what they hold (leak checks, fuzzing). */
void compat_system_keyrings_reset(void)
{
	key_put(compat_secondary);
	key_put(compat_builtin);
	compat_secondary = NULL;
	compat_builtin = NULL;
}

/* One line per key of @ring, as /proc/keys shows it: "DESCRIPTION: DESCRIBE\n". */
void compat_keyring_describe(const struct key *ring, char *buf, size_t size)
{
	struct seq_file m = {};
	unsigned int i;

	for (i = 0; i < ring->nr_links; i++) {
		const struct key *key = ring->links[i];
		const struct asymmetric_key_subtype *subtype;

		if (key->type != &key_type_asymmetric)
			continue;
		seq_printf(&m, "%s: ", key->description);
		subtype = asymmetric_key_subtype(key);
		if (subtype)
			subtype->describe(key, &m);
		seq_write(&m, "\n", 1);
	}
	snprintf(buf, size, "%s", m.buf ? m.buf : "");
	free(m.buf);
}
