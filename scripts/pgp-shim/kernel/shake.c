// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/shake.c for pgp-sign-module.
 */
#include "../../../crypto/shake.c"
