/* SPDX-License-Identifier: GPL-2.0 */
/* Host-test stand-in for <linux/atomic.h>: single-threaded counters. */
#ifndef _COMPAT_LINUX_ATOMIC_H
#define _COMPAT_LINUX_ATOMIC_H
#include "../../../../scripts/pgp-shim/kcompat.h"

typedef struct {
	int counter;
} atomic_t;

#define ATOMIC_INIT(i)		{ (i) }
#define atomic_read(v)		((v)->counter)
#define atomic_set(v, i)	((v)->counter = (i))
#define atomic_inc_return(v)	(++(v)->counter)
#define atomic_dec(v)		((void)((v)->counter -= 1))
#endif
