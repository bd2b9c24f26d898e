/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: the sizes the sources use (see kcompat.h). */
#ifndef _KCOMPAT_LINUX_SIZES_H
#define _KCOMPAT_LINUX_SIZES_H
#include "../kcompat.h"
#define SZ_32K	0x00008000
#define SZ_64K	0x00010000
#define SZ_128K	0x00020000
#define SZ_256K	0x00040000
#define SZ_1M	0x00100000
#endif
