// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/mont.c for pgp-sign-module.
 */
#include "arch.h"
#include "../../../crypto/mont.c"
