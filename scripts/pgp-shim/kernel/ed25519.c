// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/ed25519.c for pgp-sign-module.
 */
#include "arch.h"
#include "../../../crypto/ed25519.c"
