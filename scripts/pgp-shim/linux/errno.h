/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: glibc's <errno.h> includes this, so only forward it. */
#include_next <linux/errno.h>
#ifndef ENOTSUPP
#define ENOTSUPP	524
#endif
