// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for crypto/mldsa_verify.c (and crypto/shake.c under it): the
 * public key and signature decoders of ML-DSA-65 and ML-DSA-87
 * verification, built from the kernel sources through tests/compat.
 *
 * Input: a mode byte, then the public key (1952 or 2592 bytes), the
 * signature (3309 or 4627 bytes) and the message (the rest; for external mu
 * its first 64 bytes).  Mode bit 6 chooses ML-DSA-87.
 * Mode bit 7 asks for other lengths: the two bytes after the mode byte give
 * the public key's and the signature's length deltas.  Every buffer is an
 * exact-size heap copy, so that ASan sees any read past its end.
 *
 * Asserted for every input:
 *  - the answer is 0, -EKEYREJECTED, -EBADMSG or -EINVAL, and -ENOMEM only
 *    when an allocation was made to fail (every 7th input);
 *  - -EINVAL exactly when a length is not the set's;
 *  - -EBADMSG exactly when the hint is not a canonical encoding, decided
 *    here another way: decode the positions into a bitmap and encode it
 *    again (FIPS 204 HintBitPack), which must give the same bytes;
 *  - the inputs are unchanged and nothing is left allocated.
 */
#include <linux/kernel.h>
#include <linux/slab.h>

#include <crypto/mldsa_verify.h>

/* the set's sizes, omega and k: ML-DSA-65's, or ML-DSA-87's for mode bit 6 */
static size_t PK, SIG;
static unsigned int OMEGA, K;
#define K_MAX	8

extern long compat_alloc_fail_after, compat_alloc_live;

/* HintBitPack(HintBitUnpack(y)) == y, with the counts in range and in order */
static bool hint_canonical(const u8 *y)
{
	u8 h[K_MAX][256] = {}, again[75 + K_MAX] = {};
	unsigned int i, j, idx = 0, prev = 0;

	for (i = 0; i < K; i++) {
		if (y[OMEGA + i] < prev || y[OMEGA + i] > OMEGA)
			return false;
		for (j = prev; j < y[OMEGA + i]; j++)
			h[i][y[j]] = 1;
		prev = y[OMEGA + i];
	}
	for (i = 0; i < K; i++) {
		for (j = 0; j < 256; j++)
			if (h[i][j])
				again[idx++] = j;
		again[OMEGA + i] = idx;
	}
	return !memcmp(again, y, OMEGA + K);
}

static u8 *dup(const u8 *p, size_t len)
{
	u8 *q = malloc(len ? len : 1);

	memcpy(q, p, len);
	return q;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static unsigned long inputs;
	size_t pk_len, sig_len, msg_len;
	u8 *pk, *sig, *msg, *pk0, *sig0, *msg0;
	bool fail_alloc, lengths_ok, canonical;
	long live = compat_alloc_live;
	unsigned int mode;
	int ret;

	if (size < 3)
		return 0;
	mode = data[0];
	PK = mode & 0x40 ? MLDSA87_PUBLIC_KEY_SIZE : MLDSA65_PUBLIC_KEY_SIZE;
	SIG = mode & 0x40 ? MLDSA87_SIGNATURE_SIZE : MLDSA65_SIGNATURE_SIZE;
	OMEGA = mode & 0x40 ? 75 : 55;
	K = mode & 0x40 ? 8 : 6;
	pk_len = PK;
	sig_len = SIG;
	if (mode & 0x80) {
		/* lengths off by -128 .. +127 */
		pk_len = PK + (s8)data[1];
		sig_len = SIG + (s8)data[2];
		data += 2;
		size -= 2;
	}
	data++;
	size--;
	if (size < pk_len + sig_len)
		return 0;
	msg_len = size - pk_len - sig_len;
	if ((mode & 3) == 2 && msg_len < MLDSA_MU_SIZE)
		return 0;
	pk = dup(data, pk_len);
	sig = dup(data + pk_len, sig_len);
	msg = dup(data + pk_len + sig_len, msg_len);
	pk0 = dup(pk, pk_len);
	sig0 = dup(sig, sig_len);
	msg0 = dup(msg, msg_len);

	fail_alloc = ++inputs % 7 == 0;
	if (fail_alloc)
		compat_alloc_fail_after = 0;
	switch ((mode & 3) | (mode & 0x40 ? 4 : 0)) {
	case 0:
	case 3:
		ret = mldsa65_verify(pk, pk_len, msg, msg_len, sig, sig_len);
		break;
	case 1:
		ret = mldsa65_verify_internal(pk, pk_len, msg, msg_len, sig, sig_len);
		break;
	case 2:
		ret = mldsa65_verify_mu(pk, pk_len, msg, sig, sig_len);
		break;
	case 4:
	case 7:
		ret = mldsa87_verify(pk, pk_len, msg, msg_len, sig, sig_len);
		break;
	case 5:
		ret = mldsa87_verify_internal(pk, pk_len, msg, msg_len, sig, sig_len);
		break;
	default:
		ret = mldsa87_verify_mu(pk, pk_len, msg, sig, sig_len);
		break;
	}
	compat_alloc_fail_after = -1;

	lengths_ok = pk_len == PK && sig_len == SIG;
	canonical = lengths_ok && hint_canonical(sig + SIG - OMEGA - K);
	if (!lengths_ok && ret != -EINVAL)
		__builtin_trap();
	if (lengths_ok && !canonical && ret != -EBADMSG)
		__builtin_trap();
	if (canonical && ret != 0 && ret != -EKEYREJECTED && !(fail_alloc && ret == -ENOMEM))
		__builtin_trap();
	if (memcmp(pk, pk0, pk_len) || memcmp(sig, sig0, sig_len) || memcmp(msg, msg0, msg_len))
		__builtin_trap();
	if (compat_alloc_live != live)
		__builtin_trap();

	free(pk);
	free(sig);
	free(msg);
	free(pk0);
	free(sig0);
	free(msg0);
	return 0;
}
