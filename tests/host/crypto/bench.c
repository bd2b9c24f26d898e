// SPDX-License-Identifier: GPL-2.0
/*
 * Native timing of crypto/rsassa.c and crypto/dsa.c (and crypto/ed25519.c
 * when built with -DBENCH_ED25519) next to OpenSSL verifying the same
 * signature with the same key; with -DBENCH_MLDSA also crypto/mldsa_verify.c
 * (ML-DSA-65 on a vector of crypto/tests/mldsa_kunit_vectors.h: OpenSSL 3.0
 * has no ML-DSA) with the heap it takes, and crypto/shake.c's throughput
 * next to OpenSSL's SHAKE; with -DBENCH_SLHDSA crypto/slhdsa.c (pure
 * SLH-DSA-SHAKE-128s, -128f and -256s on crypto/tests/slhdsa_kunit_vectors.h:
 * OpenSSL 3.0 has none).  Build and run: tests/host/crypto/bench.sh
 *
 * Prints one line per operation: microseconds of thread CPU time per verify
 * (so that other load on the machine counts less), ours and
 * OpenSSL's, and the ratio ours/OpenSSL.
 */
#include <linux/kernel.h>	/* tests/compat (see kshim.h) */
#include <linux/slab.h>

#include <time.h>

#include <openssl/bn.h>
#include <openssl/dsa.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>

#include <crypto/dsa.h>
#include <crypto/rsassa.h>
#ifdef BENCH_ED25519
#include <crypto/ed25519.h>
#ifdef BENCH_ED448
#include <crypto/ed448.h>
#endif
#endif
#ifdef BENCH_MLDSA
#include <crypto/mldsa_verify.h>
#include <crypto/shake.h>
#include "mldsa_kunit_vectors.h"
#ifdef BENCH_SLHDSA
#include <crypto/slhdsa.h>
#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
#include <crypto/keccak_x4.h>
#endif
#include "slhdsa_kunit_vectors.h"
#endif

/* bench.sh links with -Wl,--wrap=kmalloc: the largest block asked for */
void *__real_kmalloc(size_t size, gfp_t flags);
static size_t kmalloc_max;

void *__wrap_kmalloc(size_t size, gfp_t flags)
{
	kmalloc_max = max(kmalloc_max, size);
	return __real_kmalloc(size, flags);
}
#endif

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static double min_time;	/* seconds of measurement per figure */

/* Run fn until min_time has passed; return microseconds per call (best of 3). */
#define TIME_IT(result, expr) do {					\
	double __best = 1e30;						\
	for (int __round = 0; __round < 3; __round++) {			\
		long __n = 0;						\
		double __t0 = now_us(), __t;				\
		do {							\
			if ((expr) != __expect) {			\
				fprintf(stderr, "bench: %s failed\n", #expr); \
				exit(1);				\
			}						\
			__n++;						\
			__t = now_us() - __t0;				\
		} while (__t < min_time * 1e6 / 3);			\
		if (__t / __n < __best)					\
			__best = __t / __n;				\
	}								\
	(result) = __best;						\
} while (0)

static void report(const char *name, double ours, double ossl)
{
	printf("%-24s ours %9.1f us   openssl %9.1f us   ratio %.2f\n", name, ours, ossl,
	       ours / ossl);
	fflush(stdout);
}

static void bench_rsa(int bits, int nid, enum hash_algo algo, int dlen, const char *hname)
{
	RSA *r = RSA_new();
	BIGNUM *e = BN_new();
	const BIGNUM *bn, *be;
	u8 n[1024], ev[16], dg[64], sig[1024];
	unsigned int sl;
	int nl, el, __expect;
	double ours, cold, ossl;
	char name[64];

	BN_set_word(e, 65537);
	if (!RSA_generate_key_ex(r, bits, e, NULL))
		exit(1);
	RSA_get0_key(r, &bn, &be, NULL);
	nl = BN_bn2bin(bn, n);
	el = BN_bn2bin(be, ev);
	RAND_bytes(dg, sizeof(dg));
	RSA_sign(nid, dg, dlen, sig, &sl, r);
	{
		struct rsa_pub_key_raw key = { n, ev, nl, el };

		__expect = 0;
		TIME_IT(cold, rsassa_pkcs1_verify(&key, algo, dg, dlen, sig, sl));
		/* as a key of the keyring verifies: its context kept from key load */
		key.pre = rsassa_precompute(&key);
		if (IS_ERR(key.pre))
			exit(1);
		TIME_IT(ours, rsassa_pkcs1_verify(&key, algo, dg, dlen, sig, sl));
		rsassa_precomp_free(key.pre);
	}
	__expect = 1;
	TIME_IT(ossl, RSA_verify(nid, dg, dlen, sig, sl, r));
	snprintf(name, sizeof(name), "rsa%d/%s verify", bits, hname);
	report(name, ours, ossl);
	snprintf(name, sizeof(name), "rsa%d/%s, no kept context", bits, hname);
	report(name, cold, ossl);
	RSA_free(r);
	BN_free(e);
}

static void bench_dsa(int pbits, int qbits)
{
	EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(NULL, "DSA", NULL);
	EVP_PKEY *pk = NULL;
	BIGNUM *bp = NULL, *bq = NULL, *bg = NULL;
	const BIGNUM *br, *bs, *by;
	DSA *d = DSA_new();
	DSA_SIG *sig;
	u8 p[1024], q[64], g[1024], y[1024], dg[32], r[64], s[64];
	int pl, ql, gl, yl, rl, sl, __expect;
	double ours, ossl;
	char name[64];

	if (!pc || EVP_PKEY_paramgen_init(pc) <= 0 ||
	    EVP_PKEY_CTX_set_dsa_paramgen_bits(pc, pbits) <= 0 ||
	    EVP_PKEY_CTX_set_dsa_paramgen_q_bits(pc, qbits) <= 0 ||
	    EVP_PKEY_paramgen(pc, &pk) <= 0)
		exit(1);
	EVP_PKEY_get_bn_param(pk, "p", &bp);
	EVP_PKEY_get_bn_param(pk, "q", &bq);
	EVP_PKEY_get_bn_param(pk, "g", &bg);
	DSA_set0_pqg(d, bp, bq, bg);
	DSA_generate_key(d);
	DSA_get0_key(d, &by, NULL);
	pl = BN_bn2bin(bp, p);
	ql = BN_bn2bin(bq, q);
	gl = BN_bn2bin(bg, g);
	yl = BN_bn2bin(by, y);
	RAND_bytes(dg, sizeof(dg));
	sig = DSA_do_sign(dg, 32, d);
	DSA_SIG_get0(sig, &br, &bs);
	rl = BN_bn2bin(br, r);
	sl = BN_bn2bin(bs, s);
	{
		struct dsa_pub_key key = { p, q, g, y, pl, ql, gl, yl };

		__expect = 0;
		TIME_IT(ours, dsa_verify(&key, dg, 32, r, rl, s, sl));
	}
	__expect = 1;
	TIME_IT(ossl, DSA_do_verify(dg, 32, sig, d));
	snprintf(name, sizeof(name), "dsa%d/%d verify", pbits, qbits);
	report(name, ours, ossl);
	DSA_SIG_free(sig);
	DSA_free(d);
	EVP_PKEY_free(pk);
	EVP_PKEY_CTX_free(pc);
}

#ifdef BENCH_ED25519
static void bench_ed25519(void)
{
	EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(NULL, "ED25519", NULL);
	EVP_PKEY *pk = NULL;
	EVP_MD_CTX *mc = EVP_MD_CTX_new();
	u8 pub[32], sig[64], msg[64];
	size_t pl = 32, sl = 64;
	int __expect;
	double ours, ossl;

	if (!pc || EVP_PKEY_keygen_init(pc) <= 0 || EVP_PKEY_keygen(pc, &pk) <= 0)
		exit(1);
	EVP_PKEY_get_raw_public_key(pk, pub, &pl);
	RAND_bytes(msg, sizeof(msg));
	EVP_DigestSignInit(mc, NULL, NULL, NULL, pk);
	EVP_DigestSign(mc, sig, &sl, msg, sizeof(msg));
	__expect = 0;
	TIME_IT(ours, ed25519_verify(pub, msg, sizeof(msg), sig));
	__expect = 1;
	TIME_IT(ossl, (EVP_DigestVerifyInit(mc, NULL, NULL, NULL, pk),
		       EVP_DigestVerify(mc, sig, sl, msg, sizeof(msg))));
	report("ed25519 verify (64 B)", ours, ossl);
	EVP_MD_CTX_free(mc);
	EVP_PKEY_free(pk);
	EVP_PKEY_CTX_free(pc);
}
#endif

#ifdef BENCH_ED448
static void bench_ed448(void)
{
	EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(NULL, "ED448", NULL);
	EVP_PKEY *pk = NULL;
	EVP_MD_CTX *mc = EVP_MD_CTX_new();
	struct ed448_precomp *kp;
	u8 pub[57], sig[114], msg[64];
	size_t pl = 57, sl = 114;
	int __expect;
	double ours, pre, ossl;

	if (!pc || EVP_PKEY_keygen_init(pc) <= 0 || EVP_PKEY_keygen(pc, &pk) <= 0)
		exit(1);
	EVP_PKEY_get_raw_public_key(pk, pub, &pl);
	RAND_bytes(msg, sizeof(msg));
	EVP_DigestSignInit(mc, NULL, NULL, NULL, pk);
	EVP_DigestSign(mc, sig, &sl, msg, sizeof(msg));
	__expect = 0;
	TIME_IT(ours, ed448_verify(pub, msg, sizeof(msg), sig));
	kp = ed448_precompute(pub);
	if (IS_ERR(kp))
		exit(1);
	TIME_IT(pre, ed448_verify_precomp(kp, msg, sizeof(msg), sig));
	ed448_precomp_free(kp);
	__expect = 1;
	TIME_IT(ossl, (EVP_DigestVerifyInit(mc, NULL, NULL, NULL, pk),
		       EVP_DigestVerify(mc, sig, sl, msg, sizeof(msg))));
	report("ed448 verify (64 B)", ours, ossl);
	report("ed448, prepared key", pre, ossl);
	EVP_MD_CTX_free(mc);
	EVP_PKEY_free(pk);
	EVP_PKEY_CTX_free(pc);
}
#endif

#ifdef BENCH_MLDSA
static void bench_mldsa(void)
{
	const struct mldsa_kunit_vector *v = &mldsa_kunit_vectors[1];
	double ours;
	int __expect = 0;

	if (v->mode != MLDSA_KUNIT_PURE || !v->valid)
		exit(1);
	kmalloc_max = 0;
	TIME_IT(ours, mldsa65_verify(v->pk, MLDSA65_PUBLIC_KEY_SIZE, v->msg, v->msg_len,
				     v->sig, MLDSA65_SIGNATURE_SIZE));
	printf("%-24s ours %9.1f us   (OpenSSL 3.0 has no ML-DSA); heap %zu bytes in one kmalloc\n",
	       "mldsa65 verify (64 B)", ours, kmalloc_max);
	fflush(stdout);
}

#ifdef BENCH_SLHDSA
static const char *slhdsa_x4_note(void)
{
#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
	if (keccakf1600_x4_usable())
		return "; four-way Keccak-f (AVX2)";
#endif
	return "";
}

static void bench_slhdsa(void)
{
	static const char *const names[] = { "slhdsa-shake-128s verify", "slhdsa-shake-128f verify",
					     "slhdsa-shake-256s verify" };
	static const size_t sig_len[] = { SLHDSA_SHAKE_128S_SIGNATURE_SIZE,
					  SLHDSA_SHAKE_128F_SIGNATURE_SIZE,
					  SLHDSA_SHAKE_256S_SIGNATURE_SIZE };
	static const size_t pk_len[] = { SLHDSA_SHAKE_128S_PUBLIC_KEY_SIZE,
					 SLHDSA_SHAKE_128F_PUBLIC_KEY_SIZE,
					 SLHDSA_SHAKE_256S_PUBLIC_KEY_SIZE };
	unsigned int i, a;

	for (a = 0; a < ARRAY_SIZE(names); a++) {
		for (i = 0; i < ARRAY_SIZE(slhdsa_kunit_vectors); i++) {
			const struct slhdsa_kunit_vector *v = &slhdsa_kunit_vectors[i];
			double ours;
			int __expect = 0;

			if (v->mode != SLHDSA_KUNIT_PURE || v->alg != (enum slhdsa_alg)a)
				continue;
			kmalloc_max = 0;
			TIME_IT(ours, slhdsa_verify(v->alg, v->pk, pk_len[a], v->msg, v->msg_len,
						    v->sig, sig_len[a]));
			printf("%-24s ours %9.1f us   (OpenSSL 3.0 has no SLH-DSA); heap %zu bytes in one kmalloc%s\n",
			       names[a], ours, kmalloc_max, slhdsa_x4_note());
#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
			if (keccakf1600_x4_usable()) {
				/* the same without the four-way permutation (kcompat's switch) */
				setenv("KCOMPAT_NO_AVX2", "1", 1);
				TIME_IT(ours, slhdsa_verify(v->alg, v->pk, pk_len[a], v->msg,
							    v->msg_len, v->sig, sig_len[a]));
				unsetenv("KCOMPAT_NO_AVX2");
				printf("%-24s ours %9.1f us   one hash at a time (no AVX2)\n",
				       names[a], ours);
			}
#endif
			fflush(stdout);
			break;
		}
	}
}
#endif

/* MB/s of absorbing 64 KiB, then of squeezing 64 KiB */
static int shake_ours(int bits, const u8 *in, u8 *out, size_t len, bool squeeze)
{
	struct shake_ctx ctx;

	if (bits == 128)
		shake128_init(&ctx);
	else
		shake256_init(&ctx);
	shake_absorb(&ctx, in, squeeze ? 32 : len);
	shake_squeeze(&ctx, out, squeeze ? len : 32);
	return 0;
}

static int shake_ossl(int bits, const u8 *in, u8 *out, size_t len, bool squeeze)
{
	EVP_MD_CTX *mc = EVP_MD_CTX_new();

	EVP_DigestInit_ex(mc, bits == 128 ? EVP_shake128() : EVP_shake256(), NULL);
	EVP_DigestUpdate(mc, in, squeeze ? 32 : len);
	EVP_DigestFinalXOF(mc, out, squeeze ? len : 32);
	EVP_MD_CTX_free(mc);
	return 0;
}

static void bench_shake(int bits)
{
	static u8 in[65536], out[65536];
	const size_t len = sizeof(in);
	double ours, ossl, ours_sq, ossl_sq;
	int __expect = 0;

	RAND_bytes(in, sizeof(in));
	TIME_IT(ours, shake_ours(bits, in, out, len, false));
	TIME_IT(ossl, shake_ossl(bits, in, out, len, false));
	TIME_IT(ours_sq, shake_ours(bits, in, out, len, true));
	TIME_IT(ossl_sq, shake_ossl(bits, in, out, len, true));
	printf("shake%d absorb            ours %6.0f MB/s  openssl %6.0f MB/s  ratio %.2f\n",
	       bits, len / ours, len / ossl, ossl / ours);
	printf("shake%d squeeze           ours %6.0f MB/s  openssl %6.0f MB/s  ratio %.2f\n",
	       bits, len / ours_sq, len / ossl_sq, ossl_sq / ours_sq);
	fflush(stdout);
}
#endif

int main(int argc, char **argv)
{
	min_time = argc > 1 ? atof(argv[1]) : 1.0;
	if (min_time <= 0)
		min_time = 1.0;
	bench_rsa(2048, NID_sha256, HASH_ALGO_SHA256, 32, "sha256");
	bench_rsa(3072, NID_sha256, HASH_ALGO_SHA256, 32, "sha256");
	bench_rsa(4096, NID_sha512, HASH_ALGO_SHA512, 64, "sha512");
	bench_dsa(2048, 224);
	bench_dsa(2048, 256);
	bench_dsa(3072, 256);
#ifdef BENCH_ED25519
	bench_ed25519();
#endif
#ifdef BENCH_ED448
	bench_ed448();
#endif
#ifdef BENCH_MLDSA
	bench_mldsa();
#ifdef BENCH_SLHDSA
	bench_slhdsa();
#endif
	bench_shake(128);
	bench_shake(256);
#endif
	return 0;
}
