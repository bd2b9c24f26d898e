/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: glibc includes this for PATH_MAX etc.; forward it. */
#include_next <linux/limits.h>
