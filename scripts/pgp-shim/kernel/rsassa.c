// SPDX-License-Identifier: GPL-2.0
/*
 * crypto/rsassa.c for pgp-sign-module.
 */
#include "arch.h"
#include "../../../crypto/rsassa.c"
