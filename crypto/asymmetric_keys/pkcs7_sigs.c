// SPDX-License-Identifier: GPL-2.0
/*
 * The public-key signatures a parsed PKCS#7 message holds, for a caller
 * whose policy depends on their algorithms: each signer's signature over
 * the content (or its authenticated attributes) and the signature of each
 * certificate the message carries.  A good signature's algorithm is its
 * key's (public_key_verify_signature() refuses any other), so the
 * algorithms of a message that verified name the keys it rests on: the
 * signers', those on their chains, and the trusted key at the top.
 */

#include <linux/export.h>
#include <crypto/pkcs7.h>
#include "pkcs7_parser.h"

/**
 * pkcs7_for_each_sig() - visit every signature of a PKCS#7 message
 * @pkcs7: the message, as pkcs7_parse_message() returned it
 * @fn: called with @ctx, each signature, and whether it is a signer's
 *	(true) or a certificate's (false): the signers' first, in the order
 *	of the message; a non-zero return stops the walk
 * @ctx: passed to @fn
 *
 * Visits each signer's and each certificate's signature once: at most as
 * many calls as the message has SignerInfos and certificates.  Changes
 * nothing.
 *
 * Context: any context in which @fn may run.
 * Return: 0 when @fn returned 0 for every signature, else what @fn
 * returned when it stopped the walk.
 */
int pkcs7_for_each_sig(const struct pkcs7_message *pkcs7,
		       int (*fn)(void *ctx, const struct public_key_signature *sig,
				 bool signer),
		       void *ctx)
{
	const struct pkcs7_signed_info *sinfo;
	const struct x509_certificate *x509;
	int ret;

	for (sinfo = pkcs7->signed_infos; sinfo; sinfo = sinfo->next) {
		ret = fn(ctx, sinfo->sig, true);
		if (ret)
			return ret;
	}
	for (x509 = pkcs7->certs; x509; x509 = x509->next) {
		ret = fn(ctx, x509->sig, false);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(pkcs7_for_each_sig);
