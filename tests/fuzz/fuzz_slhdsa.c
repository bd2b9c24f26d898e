// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for crypto/slhdsa.c (and crypto/shake.c under it):
 * SLH-DSA-SHAKE-128s, -128f and -256s verification on hostile keys,
 * signatures, messages and lengths, built from the kernel sources through
 * tests/compat.
 *
 * Input: a mode byte, then the public key (32 or 64 bytes), the signature
 * (7856, 17088 or 29792 bytes) and the message (the rest).  Mode bits 0-1
 * choose the set (128s, 128f, 256s; 3 is 128s again), bit 2 the internal
 * interface (the message is M').  Mode bit 7 asks for other lengths: the
 * two bytes after the mode byte give the public key's and the signature's
 * length deltas.  Every buffer is an exact-size heap copy, so that ASan sees
 * any read past its end.
 *
 * Asserted for every input:
 *  - the answer is 0, -EKEYREJECTED or -EINVAL, and -ENOMEM only when an
 *    allocation was made to fail (every 7th input);
 *  - -EINVAL exactly when a length is not the set's, and then no SHAKE256
 *    computation at all;
 *  - the SHAKE256 computations within the bound crypto/slhdsa.c states for
 *    the set (shake256() and shake256_init() are wrapped and counted);
 *  - the inputs are unchanged and nothing is left allocated.
 * Built with CONFIG_CRYPTO_KECCAK_X4 and crypto/keccak_x4.c (where the
 * machine has AVX2; -Wl,--wrap=keccakf1600_x4_avx2), the four-way
 * permutation's ways in use count as SHAKE256 computations too.
 */
#include <linux/kernel.h>
#include <linux/slab.h>

#include <crypto/shake.h>
#include <crypto/slhdsa.h>

extern long compat_alloc_fail_after, compat_alloc_live;

/* ---- SHAKE256 computations: -Wl,--wrap=shake256,--wrap=shake256_init ---- */
void __real_shake256(const u8 *in, size_t in_len, u8 *out, size_t out_len);
void __real_shake256_init(struct shake_ctx *ctx);
static long shake_calls;

void __wrap_shake256(const u8 *in, size_t in_len, u8 *out, size_t out_len)
{
	shake_calls++;
	__real_shake256(in, in_len, out, out_len);
}

void __wrap_shake256_init(struct shake_ctx *ctx)
{
	shake_calls++;
	__real_shake256_init(ctx);
}

#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
#include <crypto/keccak_x4.h>
#include <test/keccak_x4_ways.h>
void __real_keccakf1600_x4_avx2(u64 st[25][KECCAK_X4_WAYS]);

/* one four-way permutation: a SHAKE256 computation for each way in use */
void __wrap_keccakf1600_x4_avx2(u64 st[25][KECCAK_X4_WAYS])
{
	shake_calls += keccak_x4_ways_in_use(st);
	__real_keccakf1600_x4_avx2(st);
}
#endif

static const struct {
	enum slhdsa_alg alg;
	size_t pk, sig;
	long calls_max;
} sets[4] = {
	{ SLHDSA_SHAKE_128S, SLHDSA_SHAKE_128S_PUBLIC_KEY_SIZE, SLHDSA_SHAKE_128S_SIGNATURE_SIZE, 3824 },
	{ SLHDSA_SHAKE_128F, SLHDSA_SHAKE_128F_PUBLIC_KEY_SIZE, SLHDSA_SHAKE_128F_SIGNATURE_SIZE, 11541 },
	{ SLHDSA_SHAKE_256S, SLHDSA_SHAKE_256S_PUBLIC_KEY_SIZE, SLHDSA_SHAKE_256S_SIGNATURE_SIZE, 8324 },
	{ SLHDSA_SHAKE_128S, SLHDSA_SHAKE_128S_PUBLIC_KEY_SIZE, SLHDSA_SHAKE_128S_SIGNATURE_SIZE, 3824 },
};

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
	long live = compat_alloc_live;
	bool fail_alloc, lengths_ok;
	unsigned int mode;
	int ret;

	if (size < 3)
		return 0;
	mode = data[0];
	pk_len = sets[mode & 3].pk;
	sig_len = sets[mode & 3].sig;
	if (mode & 0x80) {
		/* lengths off by -128 .. +127 */
		pk_len += (s8)data[1];
		sig_len += (s8)data[2];
		data += 2;
		size -= 2;
	}
	data++;
	size--;
	if (size < pk_len + sig_len)
		return 0;
	msg_len = size - pk_len - sig_len;
	pk = dup(data, pk_len);
	sig = dup(data + pk_len, sig_len);
	msg = dup(data + pk_len + sig_len, msg_len);
	pk0 = dup(pk, pk_len);
	sig0 = dup(sig, sig_len);
	msg0 = dup(msg, msg_len);

	fail_alloc = ++inputs % 7 == 0;
	if (fail_alloc)
		compat_alloc_fail_after = 0;
	shake_calls = 0;
	if (mode & 4)
		ret = slhdsa_verify_internal(sets[mode & 3].alg, pk, pk_len, msg, msg_len, sig,
					     sig_len);
	else
		ret = slhdsa_verify(sets[mode & 3].alg, pk, pk_len, msg, msg_len, sig, sig_len);
	compat_alloc_fail_after = -1;

	lengths_ok = pk_len == sets[mode & 3].pk && sig_len == sets[mode & 3].sig;
	if (lengths_ok != (ret != -EINVAL))
		__builtin_trap();
	if (!lengths_ok && shake_calls)
		__builtin_trap();
	if (lengths_ok && ret != 0 && ret != -EKEYREJECTED && !(fail_alloc && ret == -ENOMEM))
		__builtin_trap();
	if (shake_calls > sets[mode & 3].calls_max)
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
