/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Build-time check of the built-in OpenPGP keyring (host program, see
 * pgp_keyring_check.c); also linked into the fuzz target that compares it with
 * the kernel's parser.
 */
#ifndef _PGP_KEYRING_CHECK_H
#define _PGP_KEYRING_CHECK_H

#include <linux/types.h>

/* Called once per problem: byte offset of the packet, its tag (or -1). */
typedef void (*kc_report_fn)(void *arg, size_t off, int tag, const char *msg);

/* Return: the number of problems found in the keyring @buf of @len bytes. */
unsigned int keyring_check(const u8 *buf, size_t len, kc_report_fn report, void *arg);

#endif /* _PGP_KEYRING_CHECK_H */
