// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/dsa.c for pgp-sign-module.
 */
#include "arch.h"
#include "../../../crypto/dsa.c"
