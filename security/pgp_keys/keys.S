/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The built-in OpenPGP keyring: the binary form of CONFIG_MODULE_SIG_PGP_KEYS,
 * made by security/pgp_keys/Makefile.  It lives in .rodata rather than in an
 * init section because the parsed keys point into it for the kernel's
 * lifetime (key material, user IDs).
 */
#include <linux/linkage.h>

	.section .rodata, "a"

	.align 8
	.globl pgp_keyring_start
pgp_keyring_start:
	.incbin "security/pgp_keys/keyring.bin"
	.globl pgp_keyring_end
pgp_keyring_end:
