/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: the kernel generation the shim's stand-ins follow, 6.x
 * (<crypto/pgp_compat.h> chooses the 6.x names of the interfaces that
 * differ on 7.x).
 */
#ifndef _SHIM_LINUX_VERSION_H
#define _SHIM_LINUX_VERSION_H

#define KERNEL_VERSION(a, b, c)	(((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))
#define LINUX_VERSION_CODE	KERNEL_VERSION(6, 12, 0)

#endif
