// SPDX-License-Identifier: GPL-2.0
/*
 * ML-DSA-65 and ML-DSA-87 signature verification, written from FIPS 204:
 * ML-DSA.Verify (Algorithm 3, "pure", empty context) and
 * ML-DSA.Verify_internal (Algorithm 8) with the encodings of section 7.2
 * (pkDecode, sigDecode, HintBitUnpack, w1Encode), the samplers of section
 * 7.3 (SampleInBall, RejNTTPoly, ExpandA), Decompose and UseHint (section
 * 7.4) and the NTT of section 7.5.  SHAKE128 and SHAKE256 come from
 * crypto/shake.c.
 *
 * The two parameter sets (FIPS 204 Table 1) are data, struct mldsa_params:
 * one code takes them, inlined into each set's entry points so that the
 * compiler works with constants, as if each set were written out.  Both
 * have gamma1 = 2^19 and gamma2 = (q - 1) / 32, so z is encoded in 20 bits
 * a coefficient and w1 in 4 (checked when the sets are defined).
 *
 * Everything here is public, so nothing is constant time; but every
 * well-formed signature costs the same work: the z bound is checked while
 * decoding and the result is combined with the c~ comparison at the end.
 * Only bad lengths and a malformed hint encoding return early.
 *
 * Memory: one heap workspace (NTT(z), NTT(c), one row of w and two SHAKE
 * states): under 8 KiB for ML-DSA-65, under 10 KiB for ML-DSA-87.  Without
 * a prepared key the k x l matrix A is never stored: each row of
 * w = A z - c t1 2^d is computed from NTT(t1) and the l entries of that row
 * of A, each sampled straight into the products with NTT(z), then its w1
 * encoding is absorbed into the hash that gives c~'.  A key prepared by
 * mldsa65_precompute() or mldsa87_precompute() holds A, NTT(t1 2^d) and
 * tr = H(pk, 64) (about 36 KiB and 64 KiB), so that a verification with it
 * costs a few SHAKE256 blocks and k + l + 1 NTTs instead of some 170 (270)
 * Keccak-f permutations and 2k + l + 1 NTTs.
 *
 * Arithmetic mod q = 8380417 keeps every coefficient in [0, q) and
 * multiplies with Montgomery reduction by 2^32 (only 32x32-bit products and
 * shifts: the same code on 32-bit machines).  The NTT constants are
 * zeta^BitRev8(m) times 2^32 mod q, with zeta = 1753 (Appendix B).
 */

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <crypto/mldsa_verify.h>
#include <crypto/shake.h>

#define MLDSA_Q			8380417
#define MLDSA_N			256
#define MLDSA_D			13

/* Encoded sizes common to both sets: rho, t1 (10 bits a coefficient), z (20), w1 (4) */
#define MLDSA_RHO_SIZE		32
#define MLDSA_T1_POLY_SIZE	320
#define MLDSA_Z_POLY_SIZE	640
#define MLDSA_W1_POLY_SIZE	128
#define MLDSA_GAMMA1		524288		/* 2^19 */
#define MLDSA_GAMMA2		((MLDSA_Q - 1) / 32)
#define MLDSA_CTILDE_MAX	64

/**
 * struct mldsa_params - an ML-DSA parameter set (FIPS 204 Table 1)
 * @k: rows of A (polynomials of t1, w and h)
 * @l: columns of A (polynomials of z)
 * @eta: the bound of the secret vectors (key generation)
 * @tau: the +-1 coefficients of c
 * @beta: tau eta, the margin of the z bound
 * @gamma1: the range of y, z's bound
 * @gamma2: the low-order rounding range
 * @omega: the most 1s the hint may hold
 * @lambda: the collision strength of c~, which is lambda / 4 bytes
 * @pk_size: bytes of an encoded public key: 32 + 320 k
 * @sig_size: bytes of an encoded signature: lambda / 4 + 640 l + omega + k
 */
struct mldsa_params {
	u8 k, l, eta, tau;
	u16 beta;
	u32 gamma1, gamma2;
	u8 omega;
	u16 lambda;
	u16 pk_size, sig_size;
};

#define MLDSA_PARAMS(K, L, ETA, TAU, OMEGA, LAMBDA) {				\
	.k = K, .l = L, .eta = ETA, .tau = TAU, .beta = (TAU) * (ETA),		\
	.gamma1 = MLDSA_GAMMA1, .gamma2 = MLDSA_GAMMA2, .omega = OMEGA,		\
	.lambda = LAMBDA, .pk_size = MLDSA_RHO_SIZE + (K) * MLDSA_T1_POLY_SIZE,	\
	.sig_size = (LAMBDA) / 4 + (L) * MLDSA_Z_POLY_SIZE + (OMEGA) + (K),	\
}

static const struct mldsa_params mldsa65_params = MLDSA_PARAMS(6, 5, 4, 49, 55, 192);
static const struct mldsa_params mldsa87_params = MLDSA_PARAMS(8, 7, 2, 60, 75, 256);

static_assert(MLDSA_RHO_SIZE + 6 * MLDSA_T1_POLY_SIZE == MLDSA65_PUBLIC_KEY_SIZE);
static_assert(192 / 4 + 5 * MLDSA_Z_POLY_SIZE + 55 + 6 == MLDSA65_SIGNATURE_SIZE);
static_assert(MLDSA_RHO_SIZE + 8 * MLDSA_T1_POLY_SIZE == MLDSA87_PUBLIC_KEY_SIZE);
static_assert(256 / 4 + 7 * MLDSA_Z_POLY_SIZE + 75 + 8 == MLDSA87_SIGNATURE_SIZE);
/* z in 20 bits needs gamma1 = 2^19; w1 in 4 bits needs (q - 1) / (2 gamma2) = 16 */
static_assert(MLDSA_Z_POLY_SIZE * 8 == MLDSA_N * 20 && MLDSA_GAMMA1 == 1 << 19);
static_assert((MLDSA_Q - 1) / (2 * MLDSA_GAMMA2) == 16 && MLDSA_W1_POLY_SIZE * 8 == MLDSA_N * 4);

/* Where a signature's parts start: c~ || z || h */
static __always_inline unsigned int mldsa_ctilde_size(const struct mldsa_params *P)
{
	return P->lambda / 4;
}

static __always_inline unsigned int mldsa_sig_z(const struct mldsa_params *P)
{
	return mldsa_ctilde_size(P);
}

static __always_inline unsigned int mldsa_sig_h(const struct mldsa_params *P)
{
	return mldsa_sig_z(P) + P->l * MLDSA_Z_POLY_SIZE;
}

/* -q^-1 mod 2^32, and 2^64 / 256 mod q: the inverse NTT's final factor */
#define MONT_QINV_NEG		0xfc7fdfffU
#define MONT_INV256		41978

/* zeta^BitRev8(m) * 2^32 mod q, m = 0..255 (zetas[0] is not used) */
static const u32 mldsa_zetas[MLDSA_N] = {
	4193792,   25847, 5771523, 7861508,  237124, 7602457, 7504169,  466468,
	1826347, 2353451, 8021166, 6288512, 3119733, 5495562, 3111497, 2680103,
	2725464, 1024112, 7300517, 3585928, 7830929, 7260833, 2619752, 6271868,
	6262231, 4520680, 6980856, 5102745, 1757237, 8360995, 4010497,  280005,
	2706023,   95776, 3077325, 3530437, 6718724, 4788269, 5842901, 3915439,
	4519302, 5336701, 3574422, 5512770, 3539968, 8079950, 2348700, 7841118,
	6681150, 6736599, 3505694, 4558682, 3507263, 6239768, 6779997, 3699596,
	 811944,  531354,  954230, 3881043, 3900724, 5823537, 2071892, 5582638,
	4450022, 6851714, 4702672, 5339162, 6927966, 3475950, 2176455, 6795196,
	7122806, 1939314, 4296819, 7380215, 5190273, 5223087, 4747489,  126922,
	3412210, 7396998, 2147896, 2715295, 5412772, 4686924, 7969390, 5903370,
	7709315, 7151892, 8357436, 7072248, 7998430, 1349076, 1852771, 6949987,
	5037034,  264944,  508951, 3097992,   44288, 7280319,  904516, 3958618,
	4656075, 8371839, 1653064, 5130689, 2389356, 8169440,  759969, 7063561,
	 189548, 4827145, 3159746, 6529015, 5971092, 8202977, 1315589, 1341330,
	1285669, 6795489, 7567685, 6940675, 5361315, 4499357, 4751448, 3839961,
	2091667, 3407706, 2316500, 3817976, 5037939, 2244091, 5933984, 4817955,
	 266997, 2434439, 7144689, 3513181, 4860065, 4621053, 7183191, 5187039,
	 900702, 1859098,  909542,  819034,  495491, 6767243, 8337157, 7857917,
	7725090, 5257975, 2031748, 3207046, 4823422, 7855319, 7611795, 4784579,
	 342297,  286988, 5942594, 4108315, 3437287, 5038140, 1735879,  203044,
	2842341, 2691481, 5790267, 1265009, 4055324, 1247620, 2486353, 1595974,
	4613401, 1250494, 2635921, 4832145, 5386378, 1869119, 1903435, 7329447,
	7047359, 1237275, 5062207, 6950192, 7929317, 1312455, 3306115, 6417775,
	7100756, 1917081, 5834105, 7005614, 1500165,  777191, 2235880, 3406031,
	7838005, 5548557, 6709241, 6533464, 5796124, 4656147,  594136, 4603424,
	6366809, 2432395, 2454455, 8215696, 1957272, 3369112,  185531, 7173032,
	5196991,  162844, 1616392, 3014001,  810149, 1652634, 4686184, 6581310,
	5341501, 3523897, 3866901,  269760, 2213111, 7404533, 1717735,  472078,
	7953734, 1723600, 6577327, 1910376, 6712985, 7276084, 8119771, 4546524,
	5441381, 6144432, 7959518, 6094090,  183443, 7403526, 1612842, 4834730,
	7826001, 3919660, 8332111, 7018208, 3937738, 1400424, 7534263, 1976782,
};

/* ---- arithmetic mod q, values in [0, q) ---- */

/* x * 2^-32 mod q in [0, q), for x < q * 2^32 */
static inline u32 mont_reduce(u64 x)
{
	u32 m = (u32)x * MONT_QINV_NEG;
	u32 t = (x + (u64)m * MLDSA_Q) >> 32;	/* < 2q */

	return t >= MLDSA_Q ? t - MLDSA_Q : t;
}

static inline u32 mont_mul(u32 a, u32 b)
{
	return mont_reduce((u64)a * b);
}

static inline u32 mod_add(u32 a, u32 b)
{
	u32 s = a + b;

	return s >= MLDSA_Q ? s - MLDSA_Q : s;
}

static inline u32 mod_sub(u32 a, u32 b)
{
	return a >= b ? a - b : a + MLDSA_Q - b;
}

/* NTT(w) in place (Algorithm 41) */
static void mldsa_ntt(u32 w[MLDSA_N])
{
	unsigned int len, start, j, m = 0;

	for (len = MLDSA_N / 2; len >= 1; len >>= 1) {
		for (start = 0; start < MLDSA_N; start += 2 * len) {
			u32 z = mldsa_zetas[++m];

			for (j = start; j < start + len; j++) {
				u32 t = mont_mul(z, w[j + len]);

				w[j + len] = mod_sub(w[j], t);
				w[j] = mod_add(w[j], t);
			}
		}
	}
}

/*
 * NTT^-1(w) in place (Algorithm 42), times 2^32: its input carries the
 * factor 2^-32 of the Montgomery products it was made of.  Inlined in each
 * set's verification, its only caller there.
 */
static __always_inline void mldsa_invntt(u32 w[MLDSA_N])
{
	unsigned int len, start, j, m = MLDSA_N;

	for (len = 1; len < MLDSA_N; len <<= 1) {
		for (start = 0; start < MLDSA_N; start += 2 * len) {
			u32 z = mldsa_zetas[--m];

			for (j = start; j < start + len; j++) {
				u32 t = w[j];

				w[j] = mod_add(t, w[j + len]);
				/* -zeta (t - w[j + len]) */
				w[j + len] = mont_mul(z, mod_sub(w[j + len], t));
			}
		}
	}
	for (j = 0; j < MLDSA_N; j++)
		w[j] = mont_mul(MONT_INV256, w[j]);
}

/* ---- encodings (section 7.2) ---- */

/* Row i of t1 (SimpleBitUnpack, 10 bits), times 2^d: at most q - 1 */
static void mldsa_t1_decode(u32 w[MLDSA_N], const u8 *p)
{
	unsigned int i, k;

	for (i = 0; i < MLDSA_N; i += 4, p += 5) {
		u64 v = get_unaligned_le32(p) | (u64)p[4] << 32;

		for (k = 0; k < 4; k++)
			w[i + k] = (u32)((v >> (10 * k)) & 0x3ff) << MLDSA_D;
	}
}

/*
 * One polynomial of z (BitUnpack with a = gamma1 - 1, b = gamma1: 20 bits,
 * z = gamma1 - the value), stored mod q.  Return: true if every coefficient
 * is below gamma1 - beta in absolute value.
 */
static __always_inline bool mldsa_z_decode(const struct mldsa_params *P, u32 w[MLDSA_N],
					   const u8 *p)
{
	bool in_bound = true;
	unsigned int i, k;

	for (i = 0; i < MLDSA_N; i += 2, p += 5) {
		u64 v = get_unaligned_le32(p) | (u64)p[4] << 32;

		for (k = 0; k < 2; k++) {
			s32 z = P->gamma1 - (s32)((v >> (20 * k)) & 0xfffff);

			in_bound &= abs(z) < (s32)(P->gamma1 - P->beta);
			w[i + k] = z < 0 ? z + MLDSA_Q : z;
		}
	}
	return in_bound;
}

/*
 * The checks of HintBitUnpack (Algorithm 21) on the omega + k bytes y of
 * the encoded hint: the cumulative counts y[omega + i] never decrease and
 * never exceed omega, the positions of each polynomial strictly increase,
 * and the unused positions are zero.  A position is a byte, always < 256.
 */
static __always_inline bool mldsa_hint_valid(const struct mldsa_params *P, const u8 *y)
{
	unsigned int i, idx = 0, first;

	for (i = 0; i < P->k; i++) {
		unsigned int end = y[P->omega + i];

		if (end < idx || end > P->omega)
			return false;
		for (first = idx; idx < end; idx++)
			if (idx > first && y[idx - 1] >= y[idx])
				return false;
	}
	for (; idx < P->omega; idx++)
		if (y[idx])
			return false;
	return true;
}

/* ---- sampling (section 7.3) ---- */

/* c = SampleInBall(c~) (Algorithm 29): tau coefficients +-1, stored mod q */
static __always_inline void mldsa_sample_in_ball(const struct mldsa_params *P, u32 c[MLDSA_N],
						 const u8 *ctilde, struct shake_ctx *xof)
{
	unsigned int i;
	u64 signs;
	u8 s[8], j;

	memset(c, 0, MLDSA_N * sizeof(*c));
	shake256_init(xof);
	shake_absorb(xof, ctilde, mldsa_ctilde_size(P));
	shake_squeeze(xof, s, sizeof(s));
	signs = get_unaligned_le64(s);
	for (i = MLDSA_N - P->tau; i < MLDSA_N; i++) {
		do {
			shake_squeeze(xof, &j, 1);
		} while (j > i);
		c[i] = c[j];
		c[j] = signs & 1 ? MLDSA_Q - 1 : 1;
		signs >>= 1;
	}
}

/*
 * A[r][s] = RejNTTPoly(rho || s || r) (Algorithms 30 and 32), its
 * coefficients used as they are sampled: stored in @a when @a is given,
 * else w += A[r][s] o zhat (times 2^-32).  A block of SHAKE128 output is 56
 * candidates of three bytes.
 */
static __always_inline void mldsa_expand_a(u32 *a, u32 w[MLDSA_N], const u8 *rho,
					   unsigned int r, unsigned int s, const u32 *zhat,
					   struct shake_ctx *xof, u8 buf[SHAKE128_RATE])
{
	const u8 idx[2] = { s, r };
	unsigned int j = 0, b;

	BUILD_BUG_ON(SHAKE128_RATE % 3);
	shake128_init(xof);
	shake_absorb(xof, rho, MLDSA_RHO_SIZE);
	shake_absorb(xof, idx, sizeof(idx));
	while (j < MLDSA_N) {
		shake_squeeze(xof, buf, SHAKE128_RATE);
		for (b = 0; b < SHAKE128_RATE && j < MLDSA_N; b += 3) {
			/* CoeffFromThreeBytes: 23 bits, rejected unless < q */
			u32 c = buf[b] | (u32)buf[b + 1] << 8 | (u32)(buf[b + 2] & 0x7f) << 16;

			if (c < MLDSA_Q) {
				if (a)
					a[j] = c;
				else
					w[j] = mod_add(w[j], mont_mul(c, zhat[j]));
				j++;
			}
		}
	}
}

static void mldsa_expand_a_mul_acc(u32 w[MLDSA_N], const u8 *rho, unsigned int r,
				   unsigned int s, const u32 zhat[MLDSA_N],
				   struct shake_ctx *xof, u8 buf[SHAKE128_RATE])
{
	mldsa_expand_a(NULL, w, rho, r, s, zhat, xof, buf);
}

/* ---- rounding (section 7.4) ---- */

/* UseHint(h, r) (Algorithm 40) with Decompose (Algorithm 36), r in [0, q) */
static __always_inline unsigned int mldsa_use_hint(const struct mldsa_params *P, u32 r, bool h)
{
	const unsigned int m = (MLDSA_Q - 1) / (2 * P->gamma2);
	s32 r0 = r % (2 * P->gamma2);
	u32 r1;

	if (r0 > (s32)P->gamma2)
		r0 -= 2 * P->gamma2;
	if ((s32)r - r0 == MLDSA_Q - 1) {
		r1 = 0;
		r0--;
	} else {
		r1 = ((s32)r - r0) / (2 * P->gamma2);
	}
	if (!h)
		return r1;
	return (r0 > 0 ? r1 + 1 : r1 - 1) % m;	/* m = 16: mod m is & 15 */
}

/* ---- verification ---- */

/* M' of pure ML-DSA with the empty context: 0 || |ctx| = 0 || M */
static const u8 mldsa_pure_empty_ctx[2] = { 0, 0 };

/*
 * What a public key gives every verification: tr = H(pk, 64), the matrix
 * A = ExpandA(rho) in the NTT domain and NTT(t1 2^d).  mldsa65_precomp and
 * mldsa87_precomp are this, typed by their set.
 */
struct mldsa_tables {
	u32 (*ahat)[MLDSA_N];		/* [k * l]: 30 or 56 KiB of its own */
	u8 tr[64];
	u32 t1hat[][MLDSA_N];		/* [k] */
};

struct mldsa65_precomp {
	struct mldsa_tables t;
};

struct mldsa87_precomp {
	struct mldsa_tables t;
};

struct mldsa_work {
	u32 chat[MLDSA_N];		/* NTT(c) */
	u32 w[MLDSA_N];			/* one row of w, then of w'_approx */
	struct shake_ctx xof;		/* tr, mu, SampleInBall, ExpandA */
	struct shake_ctx h;		/* c~' = H(mu || w1Encode(w1)) */
	u8 buf[SHAKE128_RATE];		/* tr, A's samples, a row of w1, c~' */
	u8 mu[MLDSA_MU_SIZE];
	u32 zhat[][MLDSA_N];		/* [l]: NTT(z) */
};

/*
 * Row r of A NTT(z) - NTT(c) NTT(t1 2^d) from a key's precomputed A and
 * NTT(t1 2^d), times 2^-32: the l + 1 products of a coefficient, each below
 * q^2 < 2^46, are summed before one reduction (the sum, at most 8 q^2, is
 * below q 2^32).
 */
static __always_inline void mldsa_row_pre(const struct mldsa_params *P, struct mldsa_work *w,
					  const struct mldsa_tables *kp, unsigned int r)
{
	unsigned int j, s;

	for (j = 0; j < MLDSA_N; j++) {
		u64 acc = (u64)MLDSA_Q * MLDSA_Q - (u64)w->chat[j] * kp->t1hat[r][j];

		for (s = 0; s < P->l; s++)
			acc += (u64)kp->ahat[r * P->l + s][j] * w->zhat[s][j];
		w->w[j] = mont_reduce(acc);
	}
}

/*
 * ML-DSA.Verify_internal (Algorithm 8) of the set @P on mu when @mu is
 * given, otherwise on M' = @pre || @msg: mu = H(H(pk, 64) || M', 64); or,
 * when @kp is given, on the key its tables were computed from (@pk is then
 * not read).
 */
static __always_inline int mldsa_verify_core(const struct mldsa_params *P, const u8 *pk,
					     size_t pk_len, const struct mldsa_tables *kp,
					     const u8 *pre, size_t pre_len,
					     const u8 *msg, size_t msg_len, const u8 *mu,
					     const u8 *sig, size_t sig_len)
{
	const u8 *hint = sig + mldsa_sig_h(P);
	struct mldsa_work *w;
	unsigned int r, s, j;
	bool z_ok = true;
	int ret;

	BUILD_BUG_ON(MLDSA_CTILDE_MAX > SHAKE128_RATE || MLDSA_W1_POLY_SIZE > SHAKE128_RATE);
	if ((!kp && pk_len != P->pk_size) || sig_len != P->sig_size)
		return -EINVAL;
	if (!mldsa_hint_valid(P, hint))
		return -EBADMSG;

	w = kmalloc(struct_size(w, zhat, P->l), GFP_KERNEL);
	if (!w)
		return -ENOMEM;

	if (mu) {
		memcpy(w->mu, mu, MLDSA_MU_SIZE);
	} else {
		if (!kp)
			shake256(pk, pk_len, w->buf, 64);	/* tr */
		shake256_init(&w->xof);
		shake_absorb(&w->xof, kp ? kp->tr : w->buf, 64);
		shake_absorb(&w->xof, pre, pre_len);
		shake_absorb(&w->xof, msg, msg_len);
		shake_squeeze(&w->xof, w->mu, MLDSA_MU_SIZE);
	}

	for (s = 0; s < P->l; s++) {
		z_ok &= mldsa_z_decode(P, w->zhat[s], sig + mldsa_sig_z(P) + s * MLDSA_Z_POLY_SIZE);
		mldsa_ntt(w->zhat[s]);
	}
	mldsa_sample_in_ball(P, w->chat, sig, &w->xof);
	mldsa_ntt(w->chat);

	shake256_init(&w->h);
	shake_absorb(&w->h, w->mu, MLDSA_MU_SIZE);
	for (r = 0; r < P->k; r++) {
		/* this row's hint positions: hint[p .. end - 1], increasing */
		unsigned int p = r ? hint[P->omega + r - 1] : 0;
		unsigned int end = hint[P->omega + r];

		/* w = NTT^-1(A[r] o NTT(z) - NTT(c) o NTT(t1[r] 2^d)) */
		if (kp) {
			mldsa_row_pre(P, w, kp, r);
		} else {
			mldsa_t1_decode(w->w, pk + MLDSA_RHO_SIZE + r * MLDSA_T1_POLY_SIZE);
			mldsa_ntt(w->w);
			for (j = 0; j < MLDSA_N; j++)
				w->w[j] = mont_reduce((u64)MLDSA_Q * MLDSA_Q -
						      (u64)w->chat[j] * w->w[j]);
			for (s = 0; s < P->l; s++)
				mldsa_expand_a_mul_acc(w->w, pk, r, s, w->zhat[s], &w->xof, w->buf);
		}
		mldsa_invntt(w->w);

		/* w1 = UseHint(h, w), w1Encode: two 4-bit coefficients a byte */
		for (j = 0; j < MLDSA_N; j++) {
			bool h = p < end && hint[p] == j;
			unsigned int w1 = mldsa_use_hint(P, w->w[j], h);

			p += h;
			if (j & 1)
				w->buf[j / 2] |= w1 << 4;
			else
				w->buf[j / 2] = w1;
		}
		shake_absorb(&w->h, w->buf, MLDSA_W1_POLY_SIZE);
	}
	shake_squeeze(&w->h, w->buf, mldsa_ctilde_size(P));

	ret = z_ok && !memcmp(w->buf, sig, mldsa_ctilde_size(P)) ? 0 : -EKEYREJECTED;
	kfree_sensitive(w);	/* holds mu and c~', compared in place: wipe by habit */
	return ret;
}

/* Each set's verification, compiled once with its parameters as constants */
static noinline int mldsa65_verify_core(const u8 *pk, size_t pk_len,
					const struct mldsa_tables *kp, const u8 *pre,
					size_t pre_len, const u8 *msg, size_t msg_len,
					const u8 *mu, const u8 *sig, size_t sig_len)
{
	return mldsa_verify_core(&mldsa65_params, pk, pk_len, kp, pre, pre_len, msg, msg_len,
				 mu, sig, sig_len);
}

static noinline int mldsa87_verify_core(const u8 *pk, size_t pk_len,
					const struct mldsa_tables *kp, const u8 *pre,
					size_t pre_len, const u8 *msg, size_t msg_len,
					const u8 *mu, const u8 *sig, size_t sig_len)
{
	return mldsa_verify_core(&mldsa87_params, pk, pk_len, kp, pre, pre_len, msg, msg_len,
				 mu, sig, sig_len);
}

/*
 * The tables of mldsa_tables for the key @pk of the set @P: three
 * allocations (the tables, A, a SHAKE state).
 */
static __always_inline struct mldsa_tables *mldsa_precompute(const struct mldsa_params *P,
							     const u8 *pk, size_t pk_len)
{
	struct mldsa_tables *kp;
	struct shake_ctx *xof;
	unsigned int r, s;
	u8 *buf;

	if (pk_len != P->pk_size)
		return ERR_PTR(-EINVAL);
	kp = kmalloc(struct_size(kp, t1hat, P->k), GFP_KERNEL);
	if (!kp)
		return ERR_PTR(-ENOMEM);
	kp->ahat = kmalloc_array(P->k * P->l, sizeof(*kp->ahat), GFP_KERNEL);
	xof = kmalloc(sizeof(*xof) + SHAKE128_RATE, GFP_KERNEL);
	if (!kp->ahat || !xof) {
		kfree(xof);
		kfree(kp->ahat);
		kfree(kp);
		return ERR_PTR(-ENOMEM);
	}
	buf = (u8 *)(xof + 1);
	shake256(pk, pk_len, kp->tr, sizeof(kp->tr));
	for (r = 0; r < P->k; r++) {
		mldsa_t1_decode(kp->t1hat[r], pk + MLDSA_RHO_SIZE + r * MLDSA_T1_POLY_SIZE);
		mldsa_ntt(kp->t1hat[r]);
		for (s = 0; s < P->l; s++)
			mldsa_expand_a(kp->ahat[r * P->l + s], NULL, pk, r, s, NULL, xof, buf);
	}
	kfree(xof);
	return kp;
}

static size_t mldsa_tables_size(const struct mldsa_params *P, const struct mldsa_tables *kp)
{
	return struct_size(kp, t1hat, P->k) + P->k * P->l * sizeof(*kp->ahat);
}

static void mldsa_tables_free(struct mldsa_tables *kp)
{
	if (kp)
		kfree(kp->ahat);
	kfree(kp);
}

/**
 * mldsa65_verify() - verify an ML-DSA-65 signature (FIPS 204 Algorithm 3)
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA65_PUBLIC_KEY_SIZE
 * @msg: the message M (for OpenPGP: the digest of the signed data)
 * @msg_len: its length in bytes
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA65_SIGNATURE_SIZE
 *
 * ML-DSA.Verify, "pure" ML-DSA with the empty context string: M' is
 * 0 || 0 || M.  Computes with a heap workspace of under 8 KiB and no crypto
 * API allocation (nothing to autoload).
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: 0 if the signature is valid; -EKEYREJECTED if it is not (z out of
 * bound, c~ does not match); -EBADMSG if its hint is not a valid encoding
 * (sigDecode fails); -EINVAL if @pk_len or @sig_len is not the size of an
 * ML-DSA-65 key or signature; -ENOMEM.
 */
int mldsa65_verify(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
		   const u8 *sig, size_t sig_len)
{
	return mldsa65_verify_core(pk, pk_len, NULL, mldsa_pure_empty_ctx,
				   sizeof(mldsa_pure_empty_ctx), msg, msg_len, NULL, sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa65_verify);

/**
 * mldsa65_verify_internal() - ML-DSA-65.Verify_internal (FIPS 204 Algorithm 8)
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA65_PUBLIC_KEY_SIZE
 * @mprime: the formatted message M' as the caller built it (for a context
 *	string or HashML-DSA)
 * @mprime_len: its length in bytes
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA65_SIGNATURE_SIZE
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: as mldsa65_verify().
 */
int mldsa65_verify_internal(const u8 *pk, size_t pk_len, const u8 *mprime, size_t mprime_len,
			    const u8 *sig, size_t sig_len)
{
	return mldsa65_verify_core(pk, pk_len, NULL, NULL, 0, mprime, mprime_len, NULL,
				   sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa65_verify_internal);

/**
 * mldsa65_verify_mu() - ML-DSA-65.Verify_internal on a given mu
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA65_PUBLIC_KEY_SIZE
 * @mu: the message representative H(H(pk, 64) || M', 64), computed by the
 *	caller (FIPS 204 section 6.3, "external mu")
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA65_SIGNATURE_SIZE
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: as mldsa65_verify().
 */
int mldsa65_verify_mu(const u8 *pk, size_t pk_len, const u8 mu[MLDSA_MU_SIZE],
		      const u8 *sig, size_t sig_len)
{
	return mldsa65_verify_core(pk, pk_len, NULL, NULL, 0, NULL, 0, mu, sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa65_verify_mu);

/**
 * mldsa65_precompute() - prepare an ML-DSA-65 public key for many verifications
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA65_PUBLIC_KEY_SIZE
 *
 * Computes once what every verification with @pk would otherwise compute
 * again: tr = H(pk, 64), the matrix A = ExpandA(rho) and NTT(t1 2^d), about
 * 36 KiB (mldsa65_precomp_size()).  A verification with them
 * (mldsa65_verify_precomp()) then skips its 150 or so SHAKE128 blocks of
 * ExpandA, the hash of the key and six NTTs; it checks exactly what
 * mldsa65_verify() checks.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: the tables, to be freed with mldsa65_precomp_free();
 * ERR_PTR(-EINVAL) if @pk_len is not the size of an ML-DSA-65 key;
 * ERR_PTR(-ENOMEM).
 */
struct mldsa65_precomp *mldsa65_precompute(const u8 *pk, size_t pk_len)
{
	return (struct mldsa65_precomp *)mldsa_precompute(&mldsa65_params, pk, pk_len);
}
EXPORT_SYMBOL_GPL(mldsa65_precompute);

/**
 * mldsa65_precomp_size() - the bytes held by mldsa65_precompute()'s tables
 * @kp: the tables
 *
 * Context: any context.
 * Return: their size.
 */
size_t mldsa65_precomp_size(const struct mldsa65_precomp *kp)
{
	return mldsa_tables_size(&mldsa65_params, &kp->t);
}
EXPORT_SYMBOL_GPL(mldsa65_precomp_size);

/**
 * mldsa65_precomp_free() - free mldsa65_precompute()'s tables
 * @kp: the tables, or NULL
 *
 * Context: any context.
 */
void mldsa65_precomp_free(struct mldsa65_precomp *kp)
{
	mldsa_tables_free(kp ? &kp->t : NULL);
}
EXPORT_SYMBOL_GPL(mldsa65_precomp_free);

/**
 * mldsa65_verify_precomp() - mldsa65_verify() with a prepared key
 * @kp: the tables mldsa65_precompute() made for the public key
 * @msg: the message M
 * @msg_len: its length in bytes
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA65_SIGNATURE_SIZE
 *
 * The same verification as mldsa65_verify() (pure ML-DSA, empty context)
 * with the public key the tables were made from, the same heap workspace.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: as mldsa65_verify().
 */
int mldsa65_verify_precomp(const struct mldsa65_precomp *kp, const u8 *msg, size_t msg_len,
			   const u8 *sig, size_t sig_len)
{
	if (!kp)
		return -EINVAL;
	return mldsa65_verify_core(NULL, 0, &kp->t, mldsa_pure_empty_ctx,
				   sizeof(mldsa_pure_empty_ctx), msg, msg_len, NULL, sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa65_verify_precomp);

/**
 * mldsa87_verify() - verify an ML-DSA-87 signature (FIPS 204 Algorithm 3)
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA87_PUBLIC_KEY_SIZE
 * @msg: the message M (for OpenPGP: the digest of the signed data)
 * @msg_len: its length in bytes
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA87_SIGNATURE_SIZE
 *
 * mldsa65_verify() for the parameter set ML-DSA-87, with a heap workspace
 * of under 10 KiB.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: 0 if the signature is valid; -EKEYREJECTED if it is not (z out of
 * bound, c~ does not match); -EBADMSG if its hint is not a valid encoding
 * (sigDecode fails); -EINVAL if @pk_len or @sig_len is not the size of an
 * ML-DSA-87 key or signature; -ENOMEM.
 */
int mldsa87_verify(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
		   const u8 *sig, size_t sig_len)
{
	return mldsa87_verify_core(pk, pk_len, NULL, mldsa_pure_empty_ctx,
				   sizeof(mldsa_pure_empty_ctx), msg, msg_len, NULL, sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa87_verify);

/**
 * mldsa87_verify_internal() - ML-DSA-87.Verify_internal (FIPS 204 Algorithm 8)
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA87_PUBLIC_KEY_SIZE
 * @mprime: the formatted message M'
 * @mprime_len: its length in bytes
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA87_SIGNATURE_SIZE
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: as mldsa87_verify().
 */
int mldsa87_verify_internal(const u8 *pk, size_t pk_len, const u8 *mprime, size_t mprime_len,
			    const u8 *sig, size_t sig_len)
{
	return mldsa87_verify_core(pk, pk_len, NULL, NULL, 0, mprime, mprime_len, NULL,
				   sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa87_verify_internal);

/**
 * mldsa87_verify_mu() - ML-DSA-87.Verify_internal on a given mu
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA87_PUBLIC_KEY_SIZE
 * @mu: the message representative H(H(pk, 64) || M', 64)
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA87_SIGNATURE_SIZE
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: as mldsa87_verify().
 */
int mldsa87_verify_mu(const u8 *pk, size_t pk_len, const u8 mu[MLDSA_MU_SIZE],
		      const u8 *sig, size_t sig_len)
{
	return mldsa87_verify_core(pk, pk_len, NULL, NULL, 0, NULL, 0, mu, sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa87_verify_mu);

/**
 * mldsa87_precompute() - prepare an ML-DSA-87 public key for many verifications
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA87_PUBLIC_KEY_SIZE
 *
 * mldsa65_precompute() for ML-DSA-87: about 64 KiB of tables
 * (mldsa87_precomp_size()).
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: the tables, to be freed with mldsa87_precomp_free();
 * ERR_PTR(-EINVAL) if @pk_len is not the size of an ML-DSA-87 key;
 * ERR_PTR(-ENOMEM).
 */
struct mldsa87_precomp *mldsa87_precompute(const u8 *pk, size_t pk_len)
{
	return (struct mldsa87_precomp *)mldsa_precompute(&mldsa87_params, pk, pk_len);
}
EXPORT_SYMBOL_GPL(mldsa87_precompute);

/**
 * mldsa87_precomp_size() - the bytes held by mldsa87_precompute()'s tables
 * @kp: the tables
 *
 * Context: any context.
 * Return: their size.
 */
size_t mldsa87_precomp_size(const struct mldsa87_precomp *kp)
{
	return mldsa_tables_size(&mldsa87_params, &kp->t);
}
EXPORT_SYMBOL_GPL(mldsa87_precomp_size);

/**
 * mldsa87_precomp_free() - free mldsa87_precompute()'s tables
 * @kp: the tables, or NULL
 *
 * Context: any context.
 */
void mldsa87_precomp_free(struct mldsa87_precomp *kp)
{
	mldsa_tables_free(kp ? &kp->t : NULL);
}
EXPORT_SYMBOL_GPL(mldsa87_precomp_free);

/**
 * mldsa87_verify_precomp() - mldsa87_verify() with a prepared key
 * @kp: the tables mldsa87_precompute() made for the public key
 * @msg: the message M
 * @msg_len: its length in bytes
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA87_SIGNATURE_SIZE
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: as mldsa87_verify().
 */
int mldsa87_verify_precomp(const struct mldsa87_precomp *kp, const u8 *msg, size_t msg_len,
			   const u8 *sig, size_t sig_len)
{
	if (!kp)
		return -EINVAL;
	return mldsa87_verify_core(NULL, 0, &kp->t, mldsa_pure_empty_ctx,
				   sizeof(mldsa_pure_empty_ctx), msg, msg_len, NULL, sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa87_verify_precomp);

MODULE_DESCRIPTION("ML-DSA-65 and ML-DSA-87 signature verification (FIPS 204)");
MODULE_LICENSE("GPL");
