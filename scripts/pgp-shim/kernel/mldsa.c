// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/mldsa.c for pgp-sign-module.
 */
#include "../../../crypto/mldsa.c"
