/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The few kernel definitions kernel/module/signing_pgp_elf.c needs, for
 * building it into the pgp-sign-module hostprog (userspace).
 */
#ifndef _PGP_SHIM_KERNEL_H
#define _PGP_SHIM_KERNEL_H

#include <asm-generic/errno.h>	/* the C library's <errno.h> would find linux/errno.h here */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <elf.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#define EXPORT_SYMBOL_IF_KUNIT(sym)

static inline u32 get_unaligned_be32(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] << 24 | (u32)b[1] << 16 | (u32)b[2] << 8 | b[3];
}

#endif
