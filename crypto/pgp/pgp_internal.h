/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Definitions shared by the files of the OpenPGP parser module.
 */
#ifndef _CRYPTO_PGP_INTERNAL_H
#define _CRYPTO_PGP_INTERNAL_H

#include <crypto/hash.h>
#include <crypto/pgp.h>

struct crypto_shash *pgp_alloc_shash(const char *name);
unsigned int pgp_mpi_bits(const u8 *p, size_t len);

#endif /* _CRYPTO_PGP_INTERNAL_H */
