// SPDX-License-Identifier: GPL-2.0
/*
 * ML-DSA-65 key generation and signing for pgp-sign-module, written from
 * FIPS 204: ML-DSA.KeyGen_internal (Algorithm 6) from the 32-octet seed
 * (the secret key OpenPGP stores, RFC 9980), ML-DSA.Sign (Algorithm 2, pure,
 * empty context, hedged: rnd is fresh randomness) and Sign_internal
 * (Algorithm 7), with ExpandS (Algorithm 33), ExpandMask (34),
 * Power2Round (35), Decompose (36), MakeHint (39) and the encodings
 * pkEncode (22), sigEncode (26) and HintBitPack (20).
 *
 * The kernel's verifier, crypto/mldsa.c, is compiled in this file, so that
 * signing uses its NTT, Montgomery arithmetic, ExpandA sampler,
 * SampleInBall, t1 and z decoders (z's decoder is ExpandMask's BitUnpack),
 * and crypto/shake.c's SHAKE: nothing of the verifier is written twice and
 * the kernel's build of it is unchanged.  Everything signing adds is here.
 *
 * Secret values are wiped when freed.  Nothing here is constant time: the
 * signer runs on the build machine, not where an attacker can time it.
 */
#include "../../crypto/mldsa.c"
#include "pgp-sign.h"

#define MLDSA65_ETA		4
#define MLDSA_MONT_ONE		4193792		/* 2^32 mod q */
#define MLDSA_T0_HALF		(1 << (MLDSA_D - 1))

static_assert(PGP_MLDSA65_PK_SIZE == MLDSA65_PUBLIC_KEY_SIZE, "pgp-sign.h's sizes");
static_assert(PGP_MLDSA65_SIG_SIZE == MLDSA65_SIGNATURE_SIZE, "pgp-sign.h's sizes");

struct mldsa65_key {
	u32 ahat[MLDSA65_K][MLDSA65_L][MLDSA_N];	/* NTT(A), as sampled */
	u32 s1hat[MLDSA65_L][MLDSA_N];
	u32 s2hat[MLDSA65_K][MLDSA_N];
	u32 t0hat[MLDSA65_K][MLDSA_N];
	u8 key[32];					/* K */
	u8 tr[64];
	u8 pk[MLDSA65_PUBLIC_KEY_SIZE];
};

/* a mod q as the signed representative in (-(q-1)/2, (q-1)/2] */
static s32 mldsa_centered(u32 a)
{
	return a > (MLDSA_Q - 1) / 2 ? (s32)a - MLDSA_Q : (s32)a;
}

static u32 mldsa_abs(u32 a)
{
	return a > (MLDSA_Q - 1) / 2 ? MLDSA_Q - a : a;
}

/* RejBoundedPoly (Algorithm 31) for eta = 4, coefficients stored mod q */
static void mldsa65_rej_bounded(u32 w[MLDSA_N], const u8 rho1[64], u16 idx,
				struct shake_ctx *xof)
{
	u8 n[2] = { idx & 0xff, idx >> 8 }, b;
	unsigned int j = 0, k;

	shake256_init(xof);
	shake_absorb(xof, rho1, 64);
	shake_absorb(xof, n, 2);
	while (j < MLDSA_N) {
		shake_squeeze(xof, &b, 1);
		for (k = 0; k < 2 && j < MLDSA_N; k++) {
			unsigned int h = k ? b >> 4 : b & 15;

			/* CoeffFromHalfByte: 4 - h for h < 9 */
			if (h < 9)
				w[j++] = h <= MLDSA65_ETA ? MLDSA65_ETA - h : MLDSA_Q + MLDSA65_ETA - h;
		}
	}
}

/* Decompose (Algorithm 36): r1, and r0 as a signed value */
static u32 mldsa65_decompose(u32 r, s32 *r0)
{
	s32 lo = r % (2 * MLDSA65_GAMMA2);

	if (lo > MLDSA65_GAMMA2)
		lo -= 2 * MLDSA65_GAMMA2;
	if ((s32)r - lo == MLDSA_Q - 1) {
		*r0 = lo - 1;
		return 0;
	}
	*r0 = lo;
	return ((s32)r - lo) / (2 * MLDSA65_GAMMA2);
}

/* w = NTT^-1(row r of A o vhat), from the stored NTT(A) */
static void mldsa65_mat_row(const struct mldsa65_key *k, unsigned int r,
			    const u32 vhat[MLDSA65_L][MLDSA_N], u32 w[MLDSA_N])
{
	unsigned int s, j;

	memset(w, 0, MLDSA_N * sizeof(*w));
	for (s = 0; s < MLDSA65_L; s++)
		for (j = 0; j < MLDSA_N; j++)
			w[j] = mod_add(w[j], mont_mul(k->ahat[r][s][j], vhat[s][j]));
	mldsa_invntt(w);
}

/* NTT^-1(a o b): the plain product of two polynomials given in the NTT domain */
static void mldsa_poly_mul(u32 out[MLDSA_N], const u32 a[MLDSA_N], const u32 b[MLDSA_N])
{
	unsigned int j;

	for (j = 0; j < MLDSA_N; j++)
		out[j] = mont_mul(a[j], b[j]);
	mldsa_invntt(out);
}

struct mldsa65_key *mldsa65_keygen(const u8 seed[PGP_MLDSA65_SEED_SIZE],
				   u8 pk[PGP_MLDSA65_PK_SIZE])
{
	static const u8 kl[2] = { MLDSA65_K, MLDSA65_L };
	struct mldsa65_key *k = calloc(1, sizeof(*k));
	u32 (*s1)[MLDSA_N] = calloc(MLDSA65_L, sizeof(*s1));
	u32 t[MLDSA_N], one[MLDSA_N];
	struct shake_ctx xof;
	u8 buf[SHAKE128_RATE], h[128];
	unsigned int r, s, j;

	if (!k || !s1) {
		free(k);
		free(s1);
		return NULL;
	}
	/* (rho, rho', K) = H(xi || k || l, 128) */
	shake256_init(&xof);
	shake_absorb(&xof, seed, PGP_MLDSA65_SEED_SIZE);
	shake_absorb(&xof, kl, 2);
	shake_squeeze(&xof, h, sizeof(h));
	memcpy(k->key, h + 96, 32);
	memcpy(k->pk, h, MLDSA_RHO_SIZE);

	/* NTT(A) = ExpandA(rho), each entry sampled times the Montgomery one */
	for (j = 0; j < MLDSA_N; j++)
		one[j] = MLDSA_MONT_ONE;
	for (r = 0; r < MLDSA65_K; r++)
		for (s = 0; s < MLDSA65_L; s++)
			mldsa_expand_a_mul_acc(k->ahat[r][s], h, r, s, one, &xof, buf);
	for (s = 0; s < MLDSA65_L; s++) {
		mldsa65_rej_bounded(s1[s], h + 32, s, &xof);
		memcpy(k->s1hat[s], s1[s], sizeof(s1[s]));
		mldsa_ntt(k->s1hat[s]);
	}
	for (r = 0; r < MLDSA65_K; r++) {
		u8 *p = k->pk + MLDSA_RHO_SIZE + r * MLDSA_T1_POLY_SIZE;

		mldsa65_rej_bounded(k->s2hat[r], h + 32, MLDSA65_L + r, &xof);
		/* t = NTT^-1(A NTT(s1)) + s2, then Power2Round */
		mldsa65_mat_row(k, r, k->s1hat, t);
		for (j = 0; j < MLDSA_N; j++) {
			u32 tp = mod_add(t[j], k->s2hat[r][j]);
			s32 t0 = tp & ((1 << MLDSA_D) - 1);
			u32 t1;

			if (t0 > MLDSA_T0_HALF)
				t0 -= 1 << MLDSA_D;
			t1 = (tp - t0) >> MLDSA_D;
			k->t0hat[r][j] = t0 < 0 ? t0 + MLDSA_Q : t0;
			/* SimpleBitPack, 10 bits a coefficient */
			if (j % 4 == 0)
				memset(p + 5 * (j / 4), 0, 5);
			for (s = 0; s < 10; s++)
				if (t1 >> s & 1)
					p[(10 * j + s) / 8] |= 1 << ((10 * j + s) % 8);
		}
		mldsa_ntt(k->s2hat[r]);
		mldsa_ntt(k->t0hat[r]);
	}
	shake256(k->pk, MLDSA65_PUBLIC_KEY_SIZE, k->tr, sizeof(k->tr));
	memcpy(pk, k->pk, MLDSA65_PUBLIC_KEY_SIZE);
	memzero_explicit(s1, MLDSA65_L * sizeof(*s1));
	free(s1);
	memzero_explicit(h, sizeof(h));
	memzero_explicit(t, sizeof(t));
	shake_zeroize(&xof);
	return k;
}

void mldsa65_key_free(struct mldsa65_key *k)
{
	if (!k)
		return;
	memzero_explicit(k, sizeof(*k));
	free(k);
}

/* The work of one signature: the candidates of the rejection loop. */
struct mldsa65_sign_work {
	u32 yhat[MLDSA65_L][MLDSA_N];
	u32 z[MLDSA65_L][MLDSA_N];
	u32 w[MLDSA65_K][MLDSA_N];
	u32 c[MLDSA_N], t[MLDSA_N];
	u8 h[MLDSA65_K][MLDSA_N];
	u8 mu[MLDSA_MU_SIZE], rho2[64], ctilde[MLDSA65_CTILDE_SIZE];
	u8 v[MLDSA65_Z_POLY_SIZE];
	struct shake_ctx xof;
};

/* One attempt of Sign_internal's loop with kappa; true when it gives a signature. */
static bool mldsa65_attempt(const struct mldsa65_key *k, struct mldsa65_sign_work *w,
			    unsigned int kappa)
{
	unsigned int r, s, j, ones = 0;

	/* y = ExpandMask(rho'', kappa), kept as z's start and as NTT(y) */
	for (s = 0; s < MLDSA65_L; s++) {
		u8 n[2] = { (kappa + s) & 0xff, (kappa + s) >> 8 };

		shake256_init(&w->xof);
		shake_absorb(&w->xof, w->rho2, 64);
		shake_absorb(&w->xof, n, 2);
		shake_squeeze(&w->xof, w->v, MLDSA65_Z_POLY_SIZE);
		mldsa65_z_decode(w->z[s], w->v);
		memcpy(w->yhat[s], w->z[s], sizeof(w->z[s]));
		mldsa_ntt(w->yhat[s]);
	}
	/* w = NTT^-1(A NTT(y)); c~ = H(mu || w1Encode(HighBits(w)), 48) */
	shake256_init(&w->xof);
	shake_absorb(&w->xof, w->mu, MLDSA_MU_SIZE);
	for (r = 0; r < MLDSA65_K; r++) {
		u8 enc[MLDSA65_W1_POLY_SIZE];
		s32 r0;

		mldsa65_mat_row(k, r, w->yhat, w->w[r]);
		for (j = 0; j < MLDSA_N; j += 2)
			enc[j / 2] = mldsa65_decompose(w->w[r][j], &r0) |
				     mldsa65_decompose(w->w[r][j + 1], &r0) << 4;
		shake_absorb(&w->xof, enc, sizeof(enc));
	}
	shake_squeeze(&w->xof, w->ctilde, MLDSA65_CTILDE_SIZE);
	mldsa65_sample_in_ball(w->c, w->ctilde, &w->xof);
	mldsa_ntt(w->c);

	/* z = y + c s1, within gamma1 - beta */
	for (s = 0; s < MLDSA65_L; s++) {
		mldsa_poly_mul(w->t, w->c, k->s1hat[s]);
		for (j = 0; j < MLDSA_N; j++) {
			w->z[s][j] = mod_add(w->z[s][j], w->t[j]);
			if (mldsa_abs(w->z[s][j]) >= MLDSA65_GAMMA1 - MLDSA65_BETA)
				return false;
		}
	}
	for (r = 0; r < MLDSA65_K; r++) {
		/* r0 = LowBits(w - c s2) within gamma2 - beta */
		mldsa_poly_mul(w->t, w->c, k->s2hat[r]);
		for (j = 0; j < MLDSA_N; j++) {
			s32 r0;

			w->w[r][j] = mod_sub(w->w[r][j], w->t[j]);
			mldsa65_decompose(w->w[r][j], &r0);
			if (abs(r0) >= MLDSA65_GAMMA2 - MLDSA65_BETA)
				return false;
		}
		/* h = MakeHint(-c t0, w - c s2 + c t0), c t0 within gamma2 */
		mldsa_poly_mul(w->t, w->c, k->t0hat[r]);
		for (j = 0; j < MLDSA_N; j++) {
			s32 r0;

			if (mldsa_abs(w->t[j]) >= MLDSA65_GAMMA2)
				return false;
			w->h[r][j] = mldsa65_decompose(mod_add(w->w[r][j], w->t[j]), &r0) !=
				     mldsa65_decompose(w->w[r][j], &r0);
			ones += w->h[r][j];
		}
		if (ones > MLDSA65_OMEGA)
			return false;
	}
	return true;
}

int mldsa65_sign(const struct mldsa65_key *k, const u8 *msg, size_t msg_len,
		 const u8 rnd[32], u8 sig[PGP_MLDSA65_SIG_SIZE])
{
	static const u8 pure_empty_ctx[2] = { 0, 0 };
	struct mldsa65_sign_work *w = calloc(1, sizeof(*w));
	unsigned int kappa, s, j, r, idx = 0;
	u8 *p, *hint;

	if (!w)
		return -ENOMEM;
	/* mu = H(tr || M', 64), M' = 0 || |ctx| || ctx || M; rho'' = H(K || rnd || mu, 64) */
	shake256_init(&w->xof);
	shake_absorb(&w->xof, k->tr, sizeof(k->tr));
	shake_absorb(&w->xof, pure_empty_ctx, sizeof(pure_empty_ctx));
	shake_absorb(&w->xof, msg, msg_len);
	shake_squeeze(&w->xof, w->mu, MLDSA_MU_SIZE);
	shake256_init(&w->xof);
	shake_absorb(&w->xof, k->key, sizeof(k->key));
	shake_absorb(&w->xof, rnd, 32);
	shake_absorb(&w->xof, w->mu, MLDSA_MU_SIZE);
	shake_squeeze(&w->xof, w->rho2, sizeof(w->rho2));

	for (kappa = 0; !mldsa65_attempt(k, w, kappa); kappa += MLDSA65_L)
		if (kappa > 0xffff - 2 * MLDSA65_L) {	/* never, but bounded */
			memzero_explicit(w, sizeof(*w));
			free(w);
			return -EAGAIN;
		}

	/* sigEncode: c~, BitPack(z, gamma1 - 1, gamma1) in 20 bits, HintBitPack(h) */
	memcpy(sig, w->ctilde, MLDSA65_CTILDE_SIZE);
	p = sig + MLDSA65_SIG_Z;
	memset(p, 0, MLDSA65_L * MLDSA65_Z_POLY_SIZE);
	for (s = 0; s < MLDSA65_L; s++, p += MLDSA65_Z_POLY_SIZE)
		for (j = 0; j < MLDSA_N; j++) {
			u32 v = MLDSA65_GAMMA1 - mldsa_centered(w->z[s][j]);
			unsigned int bit = 20 * j;

			p[bit / 8] |= v << (bit % 8);
			p[bit / 8 + 1] |= v >> (8 - bit % 8);
			p[bit / 8 + 2] |= v >> (16 - bit % 8);
		}
	hint = sig + MLDSA65_SIG_H;
	memset(hint, 0, MLDSA65_OMEGA + MLDSA65_K);
	for (r = 0; r < MLDSA65_K; r++) {
		for (j = 0; j < MLDSA_N; j++)
			if (w->h[r][j])
				hint[idx++] = j;
		hint[MLDSA65_OMEGA + r] = idx;
	}
	memzero_explicit(w, sizeof(*w));
	free(w);
	return 0;
}
