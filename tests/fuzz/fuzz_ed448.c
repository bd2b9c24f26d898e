// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for crypto/ed448.c (and crypto/shake.c under it): the
 * point and scalar decoders of Ed448 verification, plain and with a key
 * ed448_precompute() prepared, built from the kernel sources through
 * tests/compat.
 *
 * Input: a mode byte, then the public key (57 bytes), the signature (114
 * bytes) and the message (the rest); mode bit 0 asks for a context: the
 * message's first byte is its length (capped by what is there).  Every
 * buffer is an exact-size heap copy, so that ASan sees any read past its
 * end.
 *
 * Asserted for every input:
 *  - the answer is 0, -EKEYREJECTED or -EINVAL, and -ENOMEM only when an
 *    allocation was made to fail (every 7th input);
 *  - S >= L (decided here on the bytes) gives -EKEYREJECTED, checked first;
 *  - a key with any of bits 448 to 454 set, or with y >= p, gives -EINVAL
 *    (when S < L);
 *  - without a context (every 16th such input: a preparation costs some
 *    thirty verifications), the prepared key gives the same answer, and
 *    ed448_precompute() refuses exactly the keys verification refuses with
 *    -EINVAL;
 *  - the inputs are unchanged and nothing is left allocated.
 */
#include <linux/kernel.h>
#include <linux/slab.h>

#include <linux/err.h>
#include <crypto/ed448.h>

extern long compat_alloc_fail_after, compat_alloc_live;

/* L and p, little-endian */
static const u8 ed448_l[57] = {
	0xf3, 0x44, 0x58, 0xab, 0x92, 0xc2, 0x78, 0x23, 0x55, 0x8f, 0xc5, 0x8d,
	0x72, 0xc2, 0x6c, 0x21, 0x90, 0x36, 0xd6, 0xae, 0x49, 0xdb, 0x4e, 0xc4,
	0xe9, 0x23, 0xca, 0x7c, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f, 0x00,
};

/* a >= b for n-byte little-endian numbers */
static bool ge_le(const u8 *a, const u8 *b, int n)
{
	while (n--)
		if (a[n] != b[n])
			return a[n] > b[n];
	return true;
}

/* y >= p = 2^448 - 2^224 - 1: the top 28 bytes all ones and the low ones at least p's */
static bool y_not_canonical(const u8 *pub)
{
	u8 p[56];

	memset(p, 0xff, sizeof(p));
	p[28] = 0xfe;
	return ge_le(pub, p, 56);
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
	u8 *pub, *sig, *msg, *ctx, *pub0, *sig0, *msg0;
	size_t msg_len, ctx_len = 0;
	long live = compat_alloc_live;
	struct ed448_precomp *kp;
	bool fail_alloc, s_big;
	unsigned int mode;
	int ret;

	if (size < 1 + 57 + 114)
		return 0;
	mode = data[0];
	data++;
	size--;
	msg_len = size - 57 - 114;
	pub = dup(data, 57);
	sig = dup(data + 57, 114);
	msg = dup(data + 57 + 114, msg_len);
	ctx = msg;
	if ((mode & 1) && msg_len) {
		ctx_len = min_t(size_t, msg[0], msg_len - 1);
		ctx = dup(msg + 1, ctx_len);
	}
	pub0 = dup(pub, 57);
	sig0 = dup(sig, 114);
	msg0 = dup(msg, msg_len);

	fail_alloc = ++inputs % 7 == 0;
	if (fail_alloc)
		compat_alloc_fail_after = 0;
	ret = (mode & 1) ? ed448_verify_ctx(pub, ctx, ctx_len, msg, msg_len, sig) :
			   ed448_verify(pub, msg, msg_len, sig);
	compat_alloc_fail_after = -1;

	s_big = ge_le(sig + 57, ed448_l, 57);
	if (ret != 0 && ret != -EKEYREJECTED && ret != -EINVAL && !(fail_alloc && ret == -ENOMEM))
		__builtin_trap();
	if (s_big && ret != -EKEYREJECTED)
		__builtin_trap();
	if (!s_big && ret != -ENOMEM && ((pub[56] & 0x7f) || y_not_canonical(pub)) &&
	    ret != -EINVAL)
		__builtin_trap();
	if (!(mode & 1) && ret != -ENOMEM && inputs % 16 == 1) {
		kp = ed448_precompute(pub);
		if (IS_ERR(kp)) {
			if (PTR_ERR(kp) != -EINVAL || (!s_big && ret != -EINVAL))
				__builtin_trap();
		} else {
			if (ret == -EINVAL || ed448_verify_precomp(kp, msg, msg_len, sig) != ret)
				__builtin_trap();
			ed448_precomp_free(kp);
		}
	}
	if (memcmp(pub, pub0, 57) || memcmp(sig, sig0, 114) || memcmp(msg, msg0, msg_len))
		__builtin_trap();
	if (compat_alloc_live != live)
		__builtin_trap();

	if (ctx != msg)
		free(ctx);
	free(pub);
	free(sig);
	free(msg);
	free(pub0);
	free(sig0);
	free(msg0);
	return 0;
}
