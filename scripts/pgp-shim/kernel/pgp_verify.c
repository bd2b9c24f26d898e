// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/pgp/pgp_verify.c for pgp-sign-module, with every verifier compiled
 * in: only keys pgp_check_key_policy() lets in reach them, and it decides at
 * run time (../kcompat.h) which algorithms the judged kernel has.
 */
#define CONFIG_CRYPTO_ED25519 1
#define CONFIG_CRYPTO_ECDSA_RAW 1
#define CONFIG_CRYPTO_MLDSA_VERIFY 1
#define CONFIG_CRYPTO_ED448 1
#define CONFIG_CRYPTO_SLHDSA 1
#include "../../../crypto/pgp/pgp_verify.c"
