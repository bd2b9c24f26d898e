/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: 64-bit division helpers and a monotonic clock (see kcompat.h). */
#ifndef _KCOMPAT_LINUX_MATH64_H
#define _KCOMPAT_LINUX_MATH64_H
#include <time.h>
#include "../kcompat.h"
#ifndef NSEC_PER_USEC
#define NSEC_PER_USEC	1000L
#endif
static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline u64 ktime_get_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}
#endif
