// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/ed448.c for pgp-sign-module.
 */
#include "arch.h"
#include "../../../crypto/ed448.c"
