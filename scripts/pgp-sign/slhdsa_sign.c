// SPDX-License-Identifier: GPL-2.0
/*
 * SLH-DSA-SHAKE-128s, -128f and -256s for pgp-sign-module.
 *
 * The kernel's verifier, crypto/slhdsa.c, is compiled in this file (as
 * mldsa_sign.c compiles crypto/mldsa.c), on crypto/shake.c's SHAKE256: the
 * tool's verdicts are the kernel's.
 */
#include "../../crypto/slhdsa.c"
#include "pgp-sign.h"
