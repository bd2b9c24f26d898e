/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel interfaces of the OpenPGP module signature code (crypto/pgp,
 * security/pgp_keys, kernel/module, crypto/ecdsa_raw.c) whose form differs
 * between the kernel generations the same files build on, Linux 6.x (6.1,
 * 6.12) and 7.x: one name for each, which on 7.x is the kernel's own form.
 */
#ifndef _CRYPTO_PGP_COMPAT_H
#define _CRYPTO_PGP_COMPAT_H

#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)

/* The SHA-256 library's incremental context (struct sha256_ctx) */
#define pgp_sha256_ctx			sha256_ctx
/* The callbacks of a module attribute take it const */
#define PGP_MODULE_ATTR_CONST		const
/* What a public_key_signature asks the key to verify: its message */
#define PGP_PKS_MSG(pks)		((pks)->m)
#define PGP_PKS_MSG_SIZE(pks)		((pks)->m_size)
/* A KUnit test module imports the symbols its code exports for it */
#define PGP_KUNIT_IMPORT_NS()		MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING")
/* The crypto API's ECDSA of a DER (X9.62) signature on NIST curve @curve */
#define PGP_ECDSA_X962(curve)		"x962(ecdsa-nist-" curve ")"

#else

#define pgp_sha256_ctx			sha256_state
#define PGP_MODULE_ATTR_CONST
#define PGP_PKS_MSG(pks)		((pks)->digest)
#define PGP_PKS_MSG_SIZE(pks)		((pks)->digest_size)
#define PGP_KUNIT_IMPORT_NS()		MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING)
#define PGP_ECDSA_X962(curve)		"ecdsa-nist-" curve

#endif

#endif /* _CRYPTO_PGP_COMPAT_H */
