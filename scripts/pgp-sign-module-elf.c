// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's module_sig locator, kernel/module/signing_pgp_elf.c, built
 * for the pgp-sign-module hostprog through the minimal kernel headers in
 * scripts/pgp-shim (its own translation unit: those headers must not meet
 * the C library's).  One implementation: signing and verifying tools find
 * and check module_sig exactly as the loader does.
 */
#include "../kernel/module/signing_pgp_elf.c"
