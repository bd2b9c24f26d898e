/* SPDX-License-Identifier: GPL-2.0 */
/* Host-test stand-in for include/crypto/ed25519.h (math owner, later). */
#ifndef _CRYPTO_ED25519_H
#define _CRYPTO_ED25519_H
#include <linux/types.h>

int ed25519_verify(const u8 pub[32], const u8 *msg, size_t msg_len, const u8 sig[64]);
#endif
