// SPDX-License-Identifier: GPL-2.0
/*
 * SLH-DSA signature verification, written from FIPS 205: slh_verify
 * (Algorithm 24, "pure", with a context string) and slh_verify_internal
 * (Algorithm 20), with fors_pkFromSig (Algorithm 17), ht_verify
 * (Algorithm 13), xmss_pkFromSig (Algorithm 11), wots_pkFromSig
 * (Algorithm 8), chain (Algorithm 5) and base_2b (Algorithm 4), for the
 * SHAKE parameter sets SLH-DSA-SHAKE-128s, -128f and -256s (Table 2) and
 * the SHAKE instantiation of H_msg, F, H and T_l (section 11.1) on
 * crypto/shake.c's SHAKE256.
 *
 * The parameter sets are data, struct slhdsa_params: one code takes them,
 * inlined into each set's entry point so that the compiler works with
 * constants.  All three have w = 16 (lg_w = 4), so a WOTS+ message digit
 * is a nibble, and len2 = 3.
 *
 * Everything here is public: nothing is constant time.  The work is fixed
 * by the parameter set but for the WOTS+ chains, whose lengths follow the
 * digits of the message each one signs; a verification makes at most
 *	1 + k (a + 1) + 1 + d (c_max + 1 + h')
 * SHAKE256 computations, where c_max is the most chain steps one WOTS+
 * verification can take: 480 + 30 = 510 for n = 16 (every message digit 0,
 * so the checksum is 480, whose three digits 1, 14 and 0 add 30 steps) and
 * 960 + 30 = 990 for n = 32.  That is 3824 for SLH-DSA-SHAKE-128s, 11541
 * for -128f and 8324 for -256s (on average about 2150, 6140 and 4370), one
 * Keccak-f[1600] permutation each but for H_msg and the two T_l, whose
 * inputs run over several SHAKE256 blocks.  Bad lengths return at once.
 *
 * The F and H computations of the WOTS+ chains of one layer and of the
 * FORS trees do not depend on one another: they are made four at a time
 * (struct slhdsa_work's ways), the chains taken longest first as ways
 * come free and the FORS trees in groups of four, so that where
 * <crypto/keccak_x4.h> can run (x86-64 with AVX2) one four-way
 * permutation serves four of them; elsewhere each is one shake256().
 * The values that T_l compresses are absorbed in their order either way.
 *
 * Memory: a heap workspace of under 4 KiB (a SHAKE state for T_l and
 * H_msg, four hash inputs PK.seed || ADRS || M, a WOTS+ key's chain ends,
 * the four-way state) and under 2 KiB of stack (the one-shot shake256()
 * and its permutation, or the four-way permutation's 1.6 KiB frame).
 */

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <crypto/shake.h>
#include <crypto/slhdsa.h>
#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
#include <crypto/keccak_x4.h>
#endif

#define SLHDSA_N_MAX		32
#define SLHDSA_M_MAX		47
#define SLHDSA_ADRS_SIZE	32
#define SLHDSA_LG_W		4
#define SLHDSA_W		16
#define SLHDSA_LEN2		3
#define SLHDSA_LEN_MAX		(2 * SLHDSA_N_MAX + SLHDSA_LEN2)
#define SLHDSA_IN_MAX		(SLHDSA_N_MAX + SLHDSA_ADRS_SIZE + 2 * SLHDSA_N_MAX)
#define SLHDSA_WAYS		4

/* ADRS types (FIPS 205 section 4.2) */
#define SLHDSA_WOTS_HASH	0
#define SLHDSA_WOTS_PK		1
#define SLHDSA_TREE		2
#define SLHDSA_FORS_TREE	3
#define SLHDSA_FORS_ROOTS	4

/**
 * struct slhdsa_params - an SLH-DSA parameter set (FIPS 205 Table 2)
 * @n: bytes of a hash value and of each seed
 * @h: height of the hypertree
 * @d: its layers
 * @hp: h' = h / d, the height of one XMSS tree
 * @a: height of a FORS tree
 * @k: FORS trees
 * @m: bytes of H_msg's output: ceil(k a / 8) + ceil((h - h') / 8) + ceil(h' / 8)
 * @len: WOTS+ chains, len1 + len2 = 2n + 3
 * @pk_size: bytes of a public key PK.seed || PK.root, 2n
 * @sig_size: bytes of a signature, (1 + k (1 + a) + h + d len) n
 */
struct slhdsa_params {
	u8 n, h, d, hp, a, k, m, len;
	u16 pk_size;
	u16 sig_size;
};

#define SLHDSA_PARAMS(N, H, D, A, K, M) {					\
	.n = N, .h = H, .d = D, .hp = (H) / (D), .a = A, .k = K, .m = M,	\
	.len = 2 * (N) + SLHDSA_LEN2, .pk_size = 2 * (N),			\
	.sig_size = (1 + (K) * (1 + (A)) + (H) + (D) * (2 * (N) + SLHDSA_LEN2)) * (N), \
}

static const struct slhdsa_params slhdsa_shake_128s = SLHDSA_PARAMS(16, 63, 7, 12, 14, 30);
static const struct slhdsa_params slhdsa_shake_128f = SLHDSA_PARAMS(16, 66, 22, 6, 33, 34);
static const struct slhdsa_params slhdsa_shake_256s = SLHDSA_PARAMS(32, 64, 8, 14, 22, 47);

#define SLHDSA_M(K, A, H, D)	(DIV_ROUND_UP((K) * (A), 8) + DIV_ROUND_UP((H) - (H) / (D), 8) + \
				 DIV_ROUND_UP((H) / (D), 8))
static_assert(SLHDSA_M(14, 12, 63, 7) == 30 && SLHDSA_M(33, 6, 66, 22) == 34 &&
	      SLHDSA_M(22, 14, 64, 8) == 47 && SLHDSA_M_MAX == 47);
static_assert((1 + 14 * 13 + 63 + 7 * 35) * 16 == SLHDSA_SHAKE_128S_SIGNATURE_SIZE);
static_assert((1 + 33 * 7 + 66 + 22 * 35) * 16 == SLHDSA_SHAKE_128F_SIGNATURE_SIZE);
static_assert((1 + 22 * 15 + 64 + 8 * 67) * 32 == SLHDSA_SHAKE_256S_SIGNATURE_SIZE);
/* len2 = floor(log2(len1 (w - 1)) / lg_w) + 1 = 3: len1 (w - 1) = 480 or 960, in [2^8, 2^12) */
static_assert(32 * 15 >= 1 << 8 && 64 * 15 < 1 << 12);

/**
 * struct slhdsa_work - the workspace of one verification
 * @t: SHAKE256 of H_msg, then of the T_l being absorbed (FORS roots, a WOTS+ public key)
 * @in: the inputs of F and H, one a way: PK.seed (n bytes) || ADRS (32) ||
 *	one or two n-byte values; way 0 serves the computations made alone
 * @ends: the chain ends of a WOTS+ public key, in chain order
 * @node: the node being computed
 * @digest: H_msg's output
 * @x4: the four-way permutation is used
 * @st: its four interleaved states
 */
struct slhdsa_work {
	struct shake_ctx t;
	u8 in[SLHDSA_WAYS][SLHDSA_IN_MAX];
	u8 ends[SLHDSA_LEN_MAX][SLHDSA_N_MAX];
	u8 node[SLHDSA_N_MAX];
	u8 digest[SLHDSA_M_MAX];
#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
	bool x4;
	u64 st[25][KECCAK_X4_WAYS];
#endif
};

/* ---- ADRS (FIPS 205 section 4.3), kept in the hash input after PK.seed ---- */

static __always_inline u8 *slhdsa_adrs(const struct slhdsa_params *P, struct slhdsa_work *w)
{
	return w->in[0] + P->n;
}

static inline void adrs_set_layer(u8 *adrs, u32 layer)
{
	put_unaligned_be32(layer, adrs);
}

/* The tree address is 12 bytes; h - h' < 64, so its first 4 are always 0 */
static inline void adrs_set_tree(u8 *adrs, u64 tree)
{
	put_unaligned_be32(0, adrs + 4);
	put_unaligned_be64(tree, adrs + 8);
}

static inline void adrs_set_type_and_clear(u8 *adrs, u32 type)
{
	put_unaligned_be32(type, adrs + 16);
	memset(adrs + 20, 0, 12);
}

static inline void adrs_set_keypair(u8 *adrs, u32 keypair)
{
	put_unaligned_be32(keypair, adrs + 20);
}

/* chain address (WOTS+) or tree height (XMSS, FORS) */
static inline void adrs_set_word2(u8 *adrs, u32 v)
{
	put_unaligned_be32(v, adrs + 24);
}

/* hash address (WOTS+) or tree index (XMSS, FORS) */
static inline void adrs_set_word3(u8 *adrs, u32 v)
{
	put_unaligned_be32(v, adrs + 28);
}

/* ---- the tweakable hashes (section 11.1) ---- */

/* w->node = F(PK.seed, ADRS, x) = SHAKE256(PK.seed || ADRS || x, 8n) */
static __always_inline void slhdsa_f(const struct slhdsa_params *P, struct slhdsa_work *w,
				     const u8 *x)
{
	u8 *data = w->in[0] + P->n + SLHDSA_ADRS_SIZE;

	memcpy(data, x, P->n);
	shake256(w->in[0], P->n + SLHDSA_ADRS_SIZE + P->n, w->node, P->n);
}

/* w->node = H(PK.seed, ADRS, l || r) */
static __always_inline void slhdsa_h(const struct slhdsa_params *P, struct slhdsa_work *w,
				     const u8 *l, const u8 *r)
{
	u8 *data = w->in[0] + P->n + SLHDSA_ADRS_SIZE;

	memcpy(data, l, P->n);
	memcpy(data + P->n, r, P->n);
	shake256(w->in[0], P->n + SLHDSA_ADRS_SIZE + 2 * P->n, w->node, P->n);
}

/*
 * The ways of @ways (a bit each): the n-byte SHAKE256 of w->in[j]'s first
 * @len bytes (F or H, one block) into w->in[j] + @out, which may overlap
 * the input.
 */
static __always_inline void slhdsa_hash_ways(const struct slhdsa_params *P,
					     struct slhdsa_work *w, unsigned int ways,
					     unsigned int len, unsigned int out)
{
	unsigned int j;

#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
	if (w->x4) {
		unsigned int i;

		/* absorb one block: the input's lanes, SHAKE's 1111 suffix and pad10*1 */
		memset(w->st, 0, sizeof(w->st));
		for (j = 0; j < SLHDSA_WAYS; j++) {
			if (!(ways & BIT(j)))
				continue;
			for (i = 0; i < len / 8; i++)
				w->st[i][j] = get_unaligned_le64(w->in[j] + 8 * i);
			w->st[len / 8][j] = 0x1f;
			w->st[SHAKE256_RATE / 8 - 1][j] ^= 0x80ULL << 56;
		}
		keccakf1600_x4(w->st);
		for (j = 0; j < SLHDSA_WAYS; j++)
			if (ways & BIT(j))
				for (i = 0; i < P->n / 8; i++)
					put_unaligned_le64(w->st[i][j], w->in[j] + out + 8 * i);
		return;
	}
#endif
	for (j = 0; j < SLHDSA_WAYS; j++)
		if (ways & BIT(j))
			shake256(w->in[j], len, w->in[j] + out, P->n);
}

/* Start T_l(PK.seed, ADRS, ...) in w->t: its l values are absorbed as they come */
static __always_inline void slhdsa_t_start(const struct slhdsa_params *P, struct slhdsa_work *w)
{
	shake256_init(&w->t);
	shake_absorb(&w->t, w->in[0], P->n + SLHDSA_ADRS_SIZE);
}

/* Give every way PK.seed and the ADRS that way 0 holds */
static __always_inline void slhdsa_ways_start(const struct slhdsa_params *P,
					      struct slhdsa_work *w)
{
	unsigned int j;

	for (j = 1; j < SLHDSA_WAYS; j++)
		memcpy(w->in[j], w->in[0], P->n + SLHDSA_ADRS_SIZE);
}

/*
 * The authentication path of a Merkle tree: w->node is the node of index
 * @idx at height 0 (ADRS set to that tree, type TREE or FORS_TREE, with
 * the index @base + @idx), @auth its @height siblings from the leaf up.
 * Leaves the root in w->node.
 */
static __always_inline void slhdsa_auth_path(const struct slhdsa_params *P,
					     struct slhdsa_work *w, u32 base, u32 idx,
					     const u8 *auth, unsigned int height)
{
	u8 *adrs = slhdsa_adrs(P, w);
	u32 index = base + idx;
	unsigned int j;

	for (j = 0; j < height; j++, auth += P->n) {
		/* the parent of index i at height j + 1 is i / 2 either way */
		index >>= 1;
		adrs_set_word2(adrs, j + 1);
		adrs_set_word3(adrs, index);
		if (!((idx >> j) & 1))
			slhdsa_h(P, w, w->node, auth);
		else
			slhdsa_h(P, w, auth, w->node);
	}
}

/*
 * fors_pkFromSig (Algorithm 17): the FORS public key that @sig_fors gives
 * for the message digest @md, into w->node.  ADRS holds the tree address
 * and type FORS_TREE with the key pair address.  The k indices are
 * base_2b(md, a, k) (Algorithm 4), taken as they are used.  The trees are
 * computed four at a time, way j taking tree i + j: its leaf F(sk), then
 * its authentication path, the node always kept in the left half of the
 * H input; their roots are absorbed into T_k in order.
 */
static __always_inline void slhdsa_fors_pk(const struct slhdsa_params *P, struct slhdsa_work *w,
					   const u8 *sig_fors, const u8 *md)
{
	const unsigned int data = P->n + SLHDSA_ADRS_SIZE;
	u8 *adrs = slhdsa_adrs(P, w);
	u32 keypair = get_unaligned_be32(adrs + 20);
	u32 acc = 0, idx[SLHDSA_WAYS], index[SLHDSA_WAYS];
	unsigned int i, j, height, ways, bits = 0;
	const u8 *auth[SLHDSA_WAYS];
	u8 roots_adrs[SLHDSA_ADRS_SIZE];

	/* T_k's ADRS: type FORS_ROOTS with the same key pair address */
	memcpy(roots_adrs, adrs, SLHDSA_ADRS_SIZE);
	adrs_set_type_and_clear(adrs, SLHDSA_FORS_ROOTS);
	adrs_set_keypair(adrs, keypair);
	slhdsa_t_start(P, w);
	memcpy(adrs, roots_adrs, SLHDSA_ADRS_SIZE);
	slhdsa_ways_start(P, w);

	for (i = 0; i < P->k; i += SLHDSA_WAYS) {
		ways = 0;
		for (j = 0; j < SLHDSA_WAYS && i + j < P->k; j++) {
			const u8 *sk = sig_fors + (i + j) * (P->a + 1) * P->n;

			/* indices[i + j]: the next a bits of md, most significant first */
			while (bits < P->a) {
				acc = acc << 8 | *md++;
				bits += 8;
			}
			bits -= P->a;
			idx[j] = acc >> bits & ((1U << P->a) - 1);
			acc &= (1U << bits) - 1;

			index[j] = ((i + j) << P->a) + idx[j];
			adrs_set_word2(w->in[j] + P->n, 0);
			adrs_set_word3(w->in[j] + P->n, index[j]);
			memcpy(w->in[j] + data, sk, P->n);
			auth[j] = sk + P->n;
			ways |= BIT(j);
		}
		slhdsa_hash_ways(P, w, ways, data + P->n, data);
		for (height = 0; height < P->a; height++) {
			for (j = 0; j < SLHDSA_WAYS; j++) {
				u8 *node = w->in[j] + data;

				if (!(ways & BIT(j)))
					continue;
				/* the parent of index i at height + 1 is i / 2 either way */
				index[j] >>= 1;
				adrs_set_word2(w->in[j] + P->n, height + 1);
				adrs_set_word3(w->in[j] + P->n, index[j]);
				if ((idx[j] >> height) & 1) {
					memcpy(node + P->n, node, P->n);
					memcpy(node, auth[j], P->n);
				} else {
					memcpy(node + P->n, auth[j], P->n);
				}
				auth[j] += P->n;
			}
			slhdsa_hash_ways(P, w, ways, data + 2 * P->n, data);
		}
		for (j = 0; j < SLHDSA_WAYS; j++)
			if (ways & BIT(j))
				shake_absorb(&w->t, w->in[j] + data, P->n);
	}
	shake_squeeze(&w->t, w->node, P->n);
}

/*
 * wots_pkFromSig (Algorithm 8) with chain (Algorithm 5): the WOTS+ public
 * key that @sig gives for the n-byte message in w->node, into w->node.
 * ADRS holds the layer and tree address, type WOTS_HASH and the key pair
 * address.  Chain i runs from the value the signature holds, at step
 * digits[i], to step w - 1.  The chains are computed four at a time: a
 * way that comes free takes the chain with the most steps still to make;
 * the chain ends are kept and absorbed into T_len in chain order.
 */
static __always_inline void slhdsa_wots_pk(const struct slhdsa_params *P, struct slhdsa_work *w,
					   const u8 *sig)
{
	const unsigned int len1 = 2 * P->n, data = P->n + SLHDSA_ADRS_SIZE;
	u8 *adrs = slhdsa_adrs(P, w);
	u8 digits[SLHDSA_LEN_MAX], order[SLHDSA_LEN_MAX], wots_adrs[SLHDSA_ADRS_SIZE];
	u8 first[SLHDSA_W + 1] = { 0 };
	u32 keypair = get_unaligned_be32(adrs + 20);
	unsigned int chain[SLHDSA_WAYS], step[SLHDSA_WAYS];
	unsigned int i, j, c, csum = 0, next = 0, ways = 0;

	for (i = 0; i < len1; i++) {
		/* base_2b(M, lg_w, len1): the high nibble first */
		digits[i] = i & 1 ? w->node[i / 2] & 0xf : w->node[i / 2] >> 4;
		csum += SLHDSA_W - 1 - digits[i];
	}
	/*
	 * base_2b(toByte(csum << 4, 2), lg_w, len2): the checksum's 12 bits
	 * (at most 32 n 15 < 2^12) as three nibbles, the high one first
	 * (len2 lg_w = 12, shifted into 16 bits)
	 */
	for (i = len1; i < P->len; i++)
		digits[i] = csum >> (4 * (P->len - 1 - i)) & 0xf;
	/*
	 * The chains in order of their digits, the longest first (a counting
	 * sort), so that the four ways run out of work together
	 */
	for (i = 0; i < P->len; i++)
		first[digits[i] + 1]++;
	for (i = 1; i < SLHDSA_W; i++)
		first[i] += first[i - 1];
	for (i = 0; i < P->len; i++)
		order[first[digits[i]]++] = i;

	/* T_len's ADRS: type WOTS_PK with the same key pair address */
	memcpy(wots_adrs, adrs, SLHDSA_ADRS_SIZE);
	adrs_set_type_and_clear(adrs, SLHDSA_WOTS_PK);
	adrs_set_keypair(adrs, keypair);
	slhdsa_t_start(P, w);
	memcpy(adrs, wots_adrs, SLHDSA_ADRS_SIZE);
	slhdsa_ways_start(P, w);

	for (;;) {
		for (j = 0; j < SLHDSA_WAYS; j++) {
			if (ways & BIT(j))
				continue;
			/* a chain at step w - 1 already is its own end */
			while (next < P->len && digits[order[next]] == SLHDSA_W - 1) {
				c = order[next++];
				memcpy(w->ends[c], sig + c * P->n, P->n);
			}
			if (next == P->len)
				break;
			c = order[next++];
			chain[j] = c;
			step[j] = digits[c];
			adrs_set_word2(w->in[j] + P->n, c);
			memcpy(w->in[j] + data, sig + c * P->n, P->n);
			ways |= BIT(j);
		}
		if (!ways)
			break;
		for (j = 0; j < SLHDSA_WAYS; j++)
			if (ways & BIT(j))
				adrs_set_word3(w->in[j] + P->n, step[j]);
		slhdsa_hash_ways(P, w, ways, data + P->n, data);
		for (j = 0; j < SLHDSA_WAYS; j++) {
			if (!(ways & BIT(j)) || ++step[j] < SLHDSA_W - 1)
				continue;
			memcpy(w->ends[chain[j]], w->in[j] + data, P->n);
			ways &= ~BIT(j);
		}
	}
	for (i = 0; i < P->len; i++)
		shake_absorb(&w->t, w->ends[i], P->n);
	shake_squeeze(&w->t, w->node, P->n);
}

/*
 * xmss_pkFromSig (Algorithm 11): the root of the XMSS tree that @sig_xmss
 * (a WOTS+ signature, then h' authentication nodes) gives for leaf @idx
 * and the message in w->node, into w->node.  ADRS holds the layer and
 * tree address.
 */
static __always_inline void slhdsa_xmss_pk(const struct slhdsa_params *P, struct slhdsa_work *w,
					   u32 idx, const u8 *sig_xmss)
{
	u8 *adrs = slhdsa_adrs(P, w);

	adrs_set_type_and_clear(adrs, SLHDSA_WOTS_HASH);
	adrs_set_keypair(adrs, idx);
	slhdsa_wots_pk(P, w, sig_xmss);
	adrs_set_type_and_clear(adrs, SLHDSA_TREE);
	slhdsa_auth_path(P, w, 0, idx, sig_xmss + P->len * P->n, P->hp);
}

/*
 * slh_verify_internal (Algorithm 20) of the set @P on M' = @pre || @msg,
 * with ht_verify (Algorithm 13) written out in it.
 */
static __always_inline int slhdsa_verify_core(const struct slhdsa_params *P,
					      const u8 *pk, size_t pk_len,
					      const u8 *pre, size_t pre_len,
					      const u8 *msg, size_t msg_len,
					      const u8 *sig, size_t sig_len)
{
	const unsigned int md_len = DIV_ROUND_UP(P->k * P->a, 8);
	const unsigned int tree_len = DIV_ROUND_UP(P->h - P->hp, 8);
	const unsigned int leaf_len = DIV_ROUND_UP(P->hp, 8);
	const u8 *pk_seed = pk, *pk_root = pk + P->n;
	const u8 *sig_ht = sig + (1 + P->k * (1 + P->a)) * P->n;
	struct slhdsa_work *w;
	u64 idx_tree = 0;
	u32 idx_leaf = 0;
	unsigned int i, layer;
	u8 *adrs;
	int ret;

	BUILD_BUG_ON(SLHDSA_IN_MAX >= SHAKE256_RATE);
	if (pk_len != P->pk_size || sig_len != P->sig_size)
		return -EINVAL;
	w = kmalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	adrs = slhdsa_adrs(P, w);

	/* digest = H_msg(R, PK.seed, PK.root, M') */
	shake256_init(&w->t);
	shake_absorb(&w->t, sig, P->n);
	shake_absorb(&w->t, pk, P->pk_size);
	shake_absorb(&w->t, pre, pre_len);
	shake_absorb(&w->t, msg, msg_len);
	shake_squeeze(&w->t, w->digest, P->m);
	/* idx_tree mod 2^(h - h'), idx_leaf mod 2^h' from the bytes after md */
	for (i = 0; i < tree_len; i++)
		idx_tree = idx_tree << 8 | w->digest[md_len + i];
	idx_tree &= (1ULL << (P->h - P->hp)) - 1;
	for (i = 0; i < leaf_len; i++)
		idx_leaf = idx_leaf << 8 | w->digest[md_len + tree_len + i];
	idx_leaf &= (1U << P->hp) - 1;

#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
	w->x4 = keccakf1600_x4_usable();
#endif
	memcpy(w->in[0], pk_seed, P->n);
	memset(adrs, 0, SLHDSA_ADRS_SIZE);
	adrs_set_tree(adrs, idx_tree);
	adrs_set_type_and_clear(adrs, SLHDSA_FORS_TREE);
	adrs_set_keypair(adrs, idx_leaf);
	slhdsa_fors_pk(P, w, sig + P->n, w->digest);

	/* ht_verify: the FORS key signed by layer 0, each root by the next layer */
	for (layer = 0; layer < P->d; layer++) {
		if (layer) {
			idx_leaf = idx_tree & ((1U << P->hp) - 1);
			idx_tree >>= P->hp;
		}
		adrs_set_layer(adrs, layer);
		adrs_set_tree(adrs, idx_tree);
		slhdsa_xmss_pk(P, w, idx_leaf, sig_ht);
		sig_ht += (P->len + P->hp) * P->n;
	}
	ret = memcmp(w->node, pk_root, P->n) ? -EKEYREJECTED : 0;
	kfree(w);
	return ret;
}

/* M' of pure SLH-DSA with the empty context: 0 || |ctx| = 0 || M */
static const u8 slhdsa_pure_empty_ctx[2] = { 0, 0 };

/* Each set's verification, compiled once with its parameters as constants */
static noinline int slhdsa_shake_128s_verify(const u8 *pk, size_t pk_len, const u8 *pre,
					     size_t pre_len, const u8 *msg, size_t msg_len,
					     const u8 *sig, size_t sig_len)
{
	return slhdsa_verify_core(&slhdsa_shake_128s, pk, pk_len, pre, pre_len, msg, msg_len,
				  sig, sig_len);
}

static noinline int slhdsa_shake_128f_verify(const u8 *pk, size_t pk_len, const u8 *pre,
					     size_t pre_len, const u8 *msg, size_t msg_len,
					     const u8 *sig, size_t sig_len)
{
	return slhdsa_verify_core(&slhdsa_shake_128f, pk, pk_len, pre, pre_len, msg, msg_len,
				  sig, sig_len);
}

static noinline int slhdsa_shake_256s_verify(const u8 *pk, size_t pk_len, const u8 *pre,
					     size_t pre_len, const u8 *msg, size_t msg_len,
					     const u8 *sig, size_t sig_len)
{
	return slhdsa_verify_core(&slhdsa_shake_256s, pk, pk_len, pre, pre_len, msg, msg_len,
				  sig, sig_len);
}

static int slhdsa_verify_set(enum slhdsa_alg alg, const u8 *pk, size_t pk_len,
			     const u8 *pre, size_t pre_len, const u8 *msg, size_t msg_len,
			     const u8 *sig, size_t sig_len)
{
	switch (alg) {
	case SLHDSA_SHAKE_128S:
		return slhdsa_shake_128s_verify(pk, pk_len, pre, pre_len, msg, msg_len,
						sig, sig_len);
	case SLHDSA_SHAKE_128F:
		return slhdsa_shake_128f_verify(pk, pk_len, pre, pre_len, msg, msg_len,
						sig, sig_len);
	case SLHDSA_SHAKE_256S:
		return slhdsa_shake_256s_verify(pk, pk_len, pre, pre_len, msg, msg_len,
						sig, sig_len);
	default:
		return -EINVAL;
	}
}

/**
 * slhdsa_verify() - verify an SLH-DSA signature (FIPS 205 Algorithm 24)
 * @alg: the parameter set
 * @pk: the public key PK.seed || PK.root
 * @pk_len: its length: SLHDSA_SHAKE_128S_PUBLIC_KEY_SIZE and so on
 * @msg: the message M (for OpenPGP: the digest of the signed data)
 * @msg_len: its length in bytes
 * @sig: the signature
 * @sig_len: its length: SLHDSA_SHAKE_128S_SIGNATURE_SIZE and so on
 *
 * slh_verify, "pure" SLH-DSA with the empty context string: M' is
 * 0 || 0 || M.  Computes with a heap workspace of under 4 KiB and no
 * crypto API allocation (nothing to autoload); the SHAKE256 computations it
 * makes are bounded by the parameter set (see the head of this file).
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: 0 if the signature is valid; -EKEYREJECTED if it is not (the
 * hypertree's root is not PK.root); -EINVAL for an unknown @alg or when
 * @pk_len or @sig_len is not the set's size; -ENOMEM.
 */
int slhdsa_verify(enum slhdsa_alg alg, const u8 *pk, size_t pk_len,
		  const u8 *msg, size_t msg_len, const u8 *sig, size_t sig_len)
{
	return slhdsa_verify_set(alg, pk, pk_len, slhdsa_pure_empty_ctx,
				 sizeof(slhdsa_pure_empty_ctx), msg, msg_len, sig, sig_len);
}
EXPORT_SYMBOL_GPL(slhdsa_verify);

/**
 * slhdsa_verify_internal() - slh_verify_internal (FIPS 205 Algorithm 20)
 * @alg: the parameter set
 * @pk: the public key PK.seed || PK.root
 * @pk_len: its length
 * @mprime: the formatted message M' as the caller built it (for a context
 *	string or HashSLH-DSA), or the message of the internal interface
 * @mprime_len: its length in bytes
 * @sig: the signature
 * @sig_len: its length
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: as slhdsa_verify().
 */
int slhdsa_verify_internal(enum slhdsa_alg alg, const u8 *pk, size_t pk_len,
			   const u8 *mprime, size_t mprime_len,
			   const u8 *sig, size_t sig_len)
{
	return slhdsa_verify_set(alg, pk, pk_len, NULL, 0, mprime, mprime_len, sig, sig_len);
}
EXPORT_SYMBOL_GPL(slhdsa_verify_internal);

MODULE_DESCRIPTION("SLH-DSA signature verification (FIPS 205)");
MODULE_LICENSE("GPL");
