/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The built-in OpenPGP keyring: the binary form of CONFIG_MODULE_SIG_PGP_KEYS,
 * made by certs/Makefile (parsed by security/pgp_keys/keyring.c).  It lives
 * in .rodata rather than in an init section because the parsed keys point
 * into it for the kernel's lifetime (key material, user IDs).
 */
#include <linux/linkage.h>

	.section .rodata, "a"

	.align 8
	.globl pgp_keyring_start
pgp_keyring_start:
	.incbin "certs/pgp_keyring.bin"
	.globl pgp_keyring_end
pgp_keyring_end:
