// SPDX-License-Identifier: GPL-2.0
/*
 * ML-DSA-65 and ML-DSA-87 key generation and signing for pgp-sign-module,
 * written from FIPS 204: ML-DSA.KeyGen_internal (Algorithm 6) from the
 * 32-octet seed (the secret key OpenPGP stores, RFC 9980), ML-DSA.Sign
 * (Algorithm 2, pure, empty context, hedged: rnd is fresh randomness) and
 * Sign_internal (Algorithm 7), with ExpandS (Algorithm 33), ExpandMask (34),
 * Power2Round (35), Decompose (36), MakeHint (39) and the encodings
 * pkEncode (22), sigEncode (26) and HintBitPack (20).
 *
 * The kernel's verifier, crypto/mldsa_verify.c, is compiled in this file, so that
 * signing uses its parameter sets (struct mldsa_params), NTT, Montgomery
 * arithmetic, ExpandA sampler, SampleInBall, t1 and z decoders (z's decoder
 * is ExpandMask's BitUnpack), and crypto/shake.c's SHAKE: nothing of the
 * verifier is written twice and the kernel's build of it is unchanged.
 * Everything signing adds is here, over the parameter set as data.
 *
 * Secret values are wiped when freed.  Nothing here is constant time: the
 * signer runs on the build machine, not where an attacker can time it.
 */
#include "../../crypto/mldsa_verify.c"
#include "pgp-sign.h"
#include "pqsign.h"

#define MLDSA_MONT_ONE		4193792		/* 2^32 mod q */
#define MLDSA_T0_HALF		(1 << (MLDSA_D - 1))
#define MLDSA_K_MAX		8
#define MLDSA_L_MAX		7

static_assert(PGP_MLDSA65_PK_SIZE == MLDSA65_PUBLIC_KEY_SIZE, "pgp-sign.h's sizes");
static_assert(PGP_MLDSA65_SIG_SIZE == MLDSA65_SIGNATURE_SIZE, "pgp-sign.h's sizes");
static_assert(PGP_MLDSA87_PK_SIZE == MLDSA87_PUBLIC_KEY_SIZE, "pgp-sign.h's sizes");
static_assert(PGP_MLDSA87_SIG_SIZE == MLDSA87_SIGNATURE_SIZE, "pgp-sign.h's sizes");

/* The expanded secret key: k x l, l and k polynomials in the NTT domain */
struct mldsa_key {
	const struct mldsa_params *p;
	u32 (*ahat)[MLDSA_N];		/* NTT(A), as sampled: [r * l + s] */
	u32 (*s1hat)[MLDSA_N];		/* [l] */
	u32 (*s2hat)[MLDSA_N];		/* [k] */
	u32 (*t0hat)[MLDSA_N];		/* [k] */
	u8 key[32];			/* K */
	u8 tr[64];
	u8 pk[MLDSA87_PUBLIC_KEY_SIZE];
};

static const struct mldsa_params *mldsa_set(unsigned int set)
{
	return set == 87 ? &mldsa87_params : set == 65 ? &mldsa65_params : NULL;
}

size_t mldsa_pk_size(unsigned int set)
{
	return mldsa_set(set) ? mldsa_set(set)->pk_size : 0;
}

size_t mldsa_sig_size(unsigned int set)
{
	return mldsa_set(set) ? mldsa_set(set)->sig_size : 0;
}

/* a mod q as the signed representative in (-(q-1)/2, (q-1)/2] */
static s32 mldsa_centered(u32 a)
{
	return a > (MLDSA_Q - 1) / 2 ? (s32)a - MLDSA_Q : (s32)a;
}

static u32 mldsa_abs(u32 a)
{
	return a > (MLDSA_Q - 1) / 2 ? MLDSA_Q - a : a;
}

/*
 * RejBoundedPoly (Algorithm 31), coefficients stored mod q: CoeffFromHalfByte
 * takes h < 9 as 4 - h for eta = 4, h < 15 as 2 - (h mod 5) for eta = 2.
 */
static void mldsa_rej_bounded(const struct mldsa_params *P, u32 w[MLDSA_N], const u8 rho1[64],
			      u16 idx, struct shake_ctx *xof)
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
			s32 c;

			if (P->eta == 4 && h < 9)
				c = 4 - (s32)h;
			else if (P->eta == 2 && h < 15)
				c = 2 - (s32)(h % 5);
			else
				continue;
			w[j++] = c < 0 ? c + MLDSA_Q : c;
		}
	}
}

/* Decompose (Algorithm 36): r1, and r0 as a signed value */
static u32 mldsa_decompose(const struct mldsa_params *P, u32 r, s32 *r0)
{
	s32 lo = r % (2 * P->gamma2);

	if (lo > (s32)P->gamma2)
		lo -= 2 * P->gamma2;
	if ((s32)r - lo == MLDSA_Q - 1) {
		*r0 = lo - 1;
		return 0;
	}
	*r0 = lo;
	return ((s32)r - lo) / (2 * P->gamma2);
}

/* w = NTT^-1(row r of A o vhat), from the stored NTT(A) */
static void mldsa_mat_row(const struct mldsa_key *k, unsigned int r,
			  const u32 (*vhat)[MLDSA_N], u32 w[MLDSA_N])
{
	unsigned int s, j;

	memset(w, 0, MLDSA_N * sizeof(*w));
	for (s = 0; s < k->p->l; s++)
		for (j = 0; j < MLDSA_N; j++)
			w[j] = mod_add(w[j], mont_mul(k->ahat[r * k->p->l + s][j], vhat[s][j]));
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

void mldsa_key_free(struct mldsa_key *k)
{
	if (!k)
		return;
	if (k->ahat) {
		/* one block: A, s1, s2, t0 */
		memzero_explicit(k->ahat, (k->p->k * k->p->l + k->p->l + 2 * k->p->k) *
				 sizeof(*k->ahat));
		free(k->ahat);
	}
	memzero_explicit(k, sizeof(*k));
	free(k);
}

struct mldsa_key *mldsa_keygen(unsigned int set, const u8 seed[PGP_MLDSA_SEED_SIZE], u8 *pk)
{
	const struct mldsa_params *P = mldsa_set(set);
	struct mldsa_key *k = P ? calloc(1, sizeof(*k)) : NULL;
	u32 (*s1)[MLDSA_N] = P ? calloc(P->l, sizeof(*s1)) : NULL;
	u32 t[MLDSA_N], one[MLDSA_N];
	struct shake_ctx xof;
	u8 buf[SHAKE128_RATE], h[128], kl[2];
	unsigned int r, s, j;

	if (k)
		k->ahat = calloc(P->k * P->l + P->l + 2 * P->k, sizeof(*k->ahat));
	if (!k || !s1 || !k->ahat) {
		free(s1);
		if (k)
			free(k->ahat);
		free(k);
		return NULL;
	}
	k->p = P;
	k->s1hat = k->ahat + P->k * P->l;
	k->s2hat = k->s1hat + P->l;
	k->t0hat = k->s2hat + P->k;
	/* (rho, rho', K) = H(xi || k || l, 128) */
	kl[0] = P->k;
	kl[1] = P->l;
	shake256_init(&xof);
	shake_absorb(&xof, seed, PGP_MLDSA_SEED_SIZE);
	shake_absorb(&xof, kl, 2);
	shake_squeeze(&xof, h, sizeof(h));
	memcpy(k->key, h + 96, 32);
	memcpy(k->pk, h, MLDSA_RHO_SIZE);

	/* NTT(A) = ExpandA(rho), each entry sampled times the Montgomery one */
	for (j = 0; j < MLDSA_N; j++)
		one[j] = MLDSA_MONT_ONE;
	for (r = 0; r < P->k; r++)
		for (s = 0; s < P->l; s++)
			mldsa_expand_a_mul_acc(k->ahat[r * P->l + s], h, r, s, one, &xof, buf);
	for (s = 0; s < P->l; s++) {
		mldsa_rej_bounded(P, s1[s], h + 32, s, &xof);
		memcpy(k->s1hat[s], s1[s], sizeof(s1[s]));
		mldsa_ntt(k->s1hat[s]);
	}
	for (r = 0; r < P->k; r++) {
		u8 *p = k->pk + MLDSA_RHO_SIZE + r * MLDSA_T1_POLY_SIZE;

		mldsa_rej_bounded(P, k->s2hat[r], h + 32, P->l + r, &xof);
		/* t = NTT^-1(A NTT(s1)) + s2, then Power2Round */
		mldsa_mat_row(k, r, (const u32 (*)[MLDSA_N])k->s1hat, t);
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
	shake256(k->pk, P->pk_size, k->tr, sizeof(k->tr));
	memcpy(pk, k->pk, P->pk_size);
	memzero_explicit(s1, P->l * sizeof(*s1));
	free(s1);
	memzero_explicit(h, sizeof(h));
	memzero_explicit(t, sizeof(t));
	shake_zeroize(&xof);
	return k;
}

/* The work of one signature: the candidates of the rejection loop. */
struct mldsa_sign_work {
	u32 yhat[MLDSA_L_MAX][MLDSA_N];
	u32 z[MLDSA_L_MAX][MLDSA_N];
	u32 w[MLDSA_K_MAX][MLDSA_N];
	u32 c[MLDSA_N], t[MLDSA_N];
	u8 h[MLDSA_K_MAX][MLDSA_N];
	u8 mu[MLDSA_MU_SIZE], rho2[64], ctilde[MLDSA_CTILDE_MAX];
	u8 v[MLDSA_Z_POLY_SIZE];
	struct shake_ctx xof;
};

/* One attempt of Sign_internal's loop with kappa; true when it gives a signature. */
static bool mldsa_attempt(const struct mldsa_key *k, struct mldsa_sign_work *w,
			  unsigned int kappa)
{
	const struct mldsa_params *P = k->p;
	unsigned int r, s, j, ones = 0;

	/* y = ExpandMask(rho'', kappa), kept as z's start and as NTT(y) */
	for (s = 0; s < P->l; s++) {
		u8 n[2] = { (kappa + s) & 0xff, (kappa + s) >> 8 };

		shake256_init(&w->xof);
		shake_absorb(&w->xof, w->rho2, 64);
		shake_absorb(&w->xof, n, 2);
		shake_squeeze(&w->xof, w->v, MLDSA_Z_POLY_SIZE);
		mldsa_z_decode(P, w->z[s], w->v);
		memcpy(w->yhat[s], w->z[s], sizeof(w->z[s]));
		mldsa_ntt(w->yhat[s]);
	}
	/* w = NTT^-1(A NTT(y)); c~ = H(mu || w1Encode(HighBits(w)), lambda / 4) */
	shake256_init(&w->xof);
	shake_absorb(&w->xof, w->mu, MLDSA_MU_SIZE);
	for (r = 0; r < P->k; r++) {
		u8 enc[MLDSA_W1_POLY_SIZE];
		s32 r0;

		mldsa_mat_row(k, r, (const u32 (*)[MLDSA_N])w->yhat, w->w[r]);
		for (j = 0; j < MLDSA_N; j += 2)
			enc[j / 2] = mldsa_decompose(P, w->w[r][j], &r0) |
				     mldsa_decompose(P, w->w[r][j + 1], &r0) << 4;
		shake_absorb(&w->xof, enc, sizeof(enc));
	}
	shake_squeeze(&w->xof, w->ctilde, mldsa_ctilde_size(P));
	mldsa_sample_in_ball(P, w->c, w->ctilde, &w->xof);
	mldsa_ntt(w->c);

	/* z = y + c s1, within gamma1 - beta */
	for (s = 0; s < P->l; s++) {
		mldsa_poly_mul(w->t, w->c, k->s1hat[s]);
		for (j = 0; j < MLDSA_N; j++) {
			w->z[s][j] = mod_add(w->z[s][j], w->t[j]);
			if (mldsa_abs(w->z[s][j]) >= P->gamma1 - P->beta)
				return false;
		}
	}
	for (r = 0; r < P->k; r++) {
		/* r0 = LowBits(w - c s2) within gamma2 - beta */
		mldsa_poly_mul(w->t, w->c, k->s2hat[r]);
		for (j = 0; j < MLDSA_N; j++) {
			s32 r0;

			w->w[r][j] = mod_sub(w->w[r][j], w->t[j]);
			mldsa_decompose(P, w->w[r][j], &r0);
			if (abs(r0) >= (s32)(P->gamma2 - P->beta))
				return false;
		}
		/* h = MakeHint(-c t0, w - c s2 + c t0), c t0 within gamma2 */
		mldsa_poly_mul(w->t, w->c, k->t0hat[r]);
		for (j = 0; j < MLDSA_N; j++) {
			s32 r0;

			if (mldsa_abs(w->t[j]) >= P->gamma2)
				return false;
			w->h[r][j] = mldsa_decompose(P, mod_add(w->w[r][j], w->t[j]), &r0) !=
				     mldsa_decompose(P, w->w[r][j], &r0);
			ones += w->h[r][j];
		}
		if (ones > P->omega)
			return false;
	}
	return true;
}

int mldsa_sign(const struct mldsa_key *k, const u8 *msg, size_t msg_len, const u8 rnd[32],
	       u8 *sig)
{
	static const u8 pure_empty_ctx[2] = { 0, 0 };
	const struct mldsa_params *P = k->p;
	struct mldsa_sign_work *w = calloc(1, sizeof(*w));
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

	for (kappa = 0; !mldsa_attempt(k, w, kappa); kappa += P->l)
		if (kappa > 0xffff - 2 * P->l) {	/* never, but bounded */
			memzero_explicit(w, sizeof(*w));
			free(w);
			return -EAGAIN;
		}

	/* sigEncode: c~, BitPack(z, gamma1 - 1, gamma1) in 20 bits, HintBitPack(h) */
	memcpy(sig, w->ctilde, mldsa_ctilde_size(P));
	p = sig + mldsa_sig_z(P);
	memset(p, 0, P->l * MLDSA_Z_POLY_SIZE);
	for (s = 0; s < P->l; s++, p += MLDSA_Z_POLY_SIZE)
		for (j = 0; j < MLDSA_N; j++) {
			u32 v = P->gamma1 - mldsa_centered(w->z[s][j]);
			unsigned int bit = 20 * j;

			p[bit / 8] |= v << (bit % 8);
			p[bit / 8 + 1] |= v >> (8 - bit % 8);
			p[bit / 8 + 2] |= v >> (16 - bit % 8);
		}
	hint = sig + mldsa_sig_h(P);
	memset(hint, 0, P->omega + P->k);
	for (r = 0; r < P->k; r++) {
		for (j = 0; j < MLDSA_N; j++)
			if (w->h[r][j])
				hint[idx++] = j;
		hint[P->omega + r] = idx;
	}
	memzero_explicit(w, sizeof(*w));
	free(w);
	return 0;
}
