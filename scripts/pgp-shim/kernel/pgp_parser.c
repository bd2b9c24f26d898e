// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/pgp/pgp_parser.c for pgp-sign-module.  pgp_check_key_policy()
 * reads CONFIG_CRYPTO_ED25519 and CONFIG_CRYPTO_ECDSA_RAW at run time (the
 * kernel the tool judges for; see ../kcompat.h).
 */
#include "../../../crypto/pgp/pgp_parser.c"
