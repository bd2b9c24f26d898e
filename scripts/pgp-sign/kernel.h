/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What kernel.c and kernel_sign.c, the two files of pgp-sign-module that
 * see kernel types, share: the keyring as the kernel's rules parsed it.
 */
#ifndef _PGP_SIGN_KERNEL_H
#define _PGP_SIGN_KERNEL_H

struct kern_keyring {
	struct pgp_builtin_key keys[PGP_KEYS_MAX];
	unsigned int nr;
	u8 *data;		/* the keys point into it */
	size_t len;
};

void kern_key_desc(const struct pgp_pubkey *k, char *buf, size_t size);
const struct pgp_builtin_key *kern_key_by_fpr(const struct kern_keyring *kr,
					      const u8 *fpr, size_t len);
int kern_hash_module(const struct pgp_sig *sig, const u8 *d, size_t n, size_t zoff,
		     size_t zlen, struct pgp_hash_ctx **ctx);

#endif /* _PGP_SIGN_KERNEL_H */
