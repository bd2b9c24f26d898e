/* SPDX-License-Identifier: GPL-2.0 */
/* Host-test stand-in for <linux/kref.h>: single-threaded reference counts. */
#ifndef _COMPAT_LINUX_KREF_H
#define _COMPAT_LINUX_KREF_H
#include "../../../../scripts/pgp-shim/kcompat.h"

struct kref {
	int refcount;
};

static inline void kref_init(struct kref *k)
{
	k->refcount = 1;
}

static inline void kref_get(struct kref *k)
{
	BUG_ON(k->refcount <= 0);
	k->refcount++;
}

static inline int kref_put(struct kref *k, void (*release)(struct kref *k))
{
	BUG_ON(k->refcount <= 0);
	if (--k->refcount)
		return 0;
	release(k);
	return 1;
}
#endif
