/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host-test stand-in for <linux/key.h>: the key and keyring objects that
 * security/pgp_keys uses, implemented by tests/compat/keys.c (a keyring is
 * an array of links, searched with the keyrings it links, like the
 * kernel's).  See tests/compat/README.md.
 */
#ifndef _COMPAT_LINUX_KEY_H
#define _COMPAT_LINUX_KEY_H
#include "../../../../scripts/pgp-shim/kcompat.h"

typedef s32 key_serial_t;
typedef u32 key_perm_t;

struct key;
struct key_type;
typedef struct __key_reference_with_attributes *key_ref_t;

static inline key_ref_t make_key_ref(const struct key *key, bool possession)
{
	return (key_ref_t)((unsigned long)key | possession);
}

static inline struct key *key_ref_to_ptr(const key_ref_t key_ref)
{
	return (struct key *)((unsigned long)key_ref & ~1UL);
}

union key_payload {
	void *rcu_data0;
	void *data[4];
};

typedef int (*key_restrict_link_func_t)(struct key *dest_keyring,
					const struct key_type *type,
					const union key_payload *payload,
					struct key *restriction_key);

struct key_restriction {
	key_restrict_link_func_t check;
	struct key *key;
	struct key_type *keytype;
};

#define KEY_FLAG_BUILTIN	8

#define COMPAT_KEYRING_MAX	64	/* links per keyring */

struct key {
	int usage;
	key_serial_t serial;
	const struct key_type *type;
	char *description;
	unsigned long flags;
	key_perm_t perm;
	union key_payload payload;
	/* keyrings */
	struct key_restriction *restrict_link;
	struct key *links[COMPAT_KEYRING_MAX];
	unsigned int nr_links;
};

#define KEY_POS_VIEW	0x01000000
#define KEY_POS_READ	0x02000000
#define KEY_POS_WRITE	0x04000000
#define KEY_POS_SEARCH	0x08000000
#define KEY_POS_LINK	0x10000000
#define KEY_POS_SETATTR	0x20000000
#define KEY_POS_ALL	0x3f000000
#define KEY_USR_VIEW	0x00010000
#define KEY_USR_READ	0x00020000
#define KEY_USR_WRITE	0x00040000
#define KEY_USR_SEARCH	0x00080000

#define KEY_ALLOC_IN_QUOTA		0x0000
#define KEY_ALLOC_NOT_IN_QUOTA		0x0002
#define KEY_ALLOC_BUILT_IN		0x0004
#define KEY_ALLOC_BYPASS_RESTRICTION	0x0008

extern struct key_type key_type_keyring;

key_ref_t key_create_or_update(key_ref_t keyring, const char *type,
			       const char *description, const void *payload,
			       size_t plen, key_perm_t perm, unsigned long flags);
void key_put(struct key *key);
static inline void key_ref_put(key_ref_t key_ref)
{
	key_put(key_ref_to_ptr(key_ref));
}

static inline key_serial_t key_serial(const struct key *key)
{
	return key ? key->serial : 0;
}

/* tests/compat/keys.c: a keyring with @restrict (NULL for none) */
struct key *compat_keyring_alloc(const char *description,
				 key_restrict_link_func_t restrict_check,
				 struct key *restrict_key);
int compat_key_link(struct key *keyring, struct key *key);
/* mainline's restriction "builtin_and_secondary_trusted" (certs/system_keyring.c) */
int restrict_link_by_builtin_and_secondary_trusted(struct key *dest,
						   const struct key_type *type,
						   const union key_payload *payload,
						   struct key *rk);
int compat_key_unlink(struct key *keyring, struct key *key);
void compat_keyring_describe(const struct key *keyring, char *buf, size_t size);
/* keys alive (created, not yet freed): a leak check */
extern long compat_keys_live;
#endif
