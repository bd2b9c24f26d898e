/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel integer types for the userspace compatibility layer (see kcompat.h). */
#ifndef _KCOMPAT_TYPES_H
#define _KCOMPAT_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <asm/types.h>		/* __u8 .. __u64, __s8 .. __s64 */

typedef __u8 u8;
typedef __s8 s8;
typedef __u16 u16;
typedef __s16 s16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;
#ifndef __bitwise
#define __bitwise
#endif
#ifndef _LINUX_TYPES_H		/* the uapi header also defines these */
typedef __u16 __be16;
typedef __u32 __be32;
typedef __u64 __be64;
typedef __u16 __le16;
typedef __u32 __le32;
typedef __u64 __le64;
#endif
typedef unsigned long ulong;
#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;
typedef __int128 s128;
#endif
typedef u64 phys_addr_t;
typedef u64 dma_addr_t;

#endif /* _KCOMPAT_TYPES_H */
