// SPDX-License-Identifier: GPL-2.0
/*
 * security/pgp_keys/keyring_parse.c, the built-in keyring's rules, for
 * pgp-sign-module.
 */
#include "../../../security/pgp_keys/keyring_parse.c"
