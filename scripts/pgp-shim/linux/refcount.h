/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: reference counts (atomic, without the kernel's saturation). */
#ifndef _SHIM_LINUX_REFCOUNT_H
#define _SHIM_LINUX_REFCOUNT_H

#include "../kcompat.h"

typedef struct {
	unsigned int refs;
} refcount_t;

static inline void refcount_set(refcount_t *r, unsigned int n)
{
	__atomic_store_n(&r->refs, n, __ATOMIC_RELAXED);
}

static inline void refcount_inc(refcount_t *r)
{
	__atomic_add_fetch(&r->refs, 1, __ATOMIC_RELAXED);
}

static inline bool refcount_dec_and_test(refcount_t *r)
{
	return __atomic_sub_fetch(&r->refs, 1, __ATOMIC_ACQ_REL) == 0;
}

#endif
