// SPDX-License-Identifier: GPL-2.0
/*
 * SLH-DSA-SHAKE-128s, -128f and -256s key generation and signing for
 * pgp-sign-module, written from FIPS 205: slh_keygen_internal (Algorithm
 * 18) from SK.seed, SK.prf and PK.seed, slh_sign (Algorithm 22, pure, with
 * the empty context) and slh_sign_internal (Algorithm 19), hedged (opt_rand
 * fresh randomness) or deterministic (opt_rand = PK.seed), with fors_sign
 * (Algorithm 16), fors_node (15), fors_skGen (14), ht_sign (12), xmss_sign
 * (10), xmss_node (9), wots_sign (7), wots_pkGen (6) and PRF_msg, H_msg
 * and PRF of section 11.1.
 *
 * The kernel's verifier, crypto/slhdsa.c, is compiled in this file (as
 * mldsa_sign.c compiles crypto/mldsa_verify.c): signing uses its parameter sets
 * (struct slhdsa_params), ADRS, F, H, T_l and chain code on crypto/shake.c's
 * SHAKE256, and every signature is checked by the kernel's slh_verify
 * before it is handed out (a fault while signing would otherwise publish a
 * bad one-time signature).  The tool's verdicts are the kernel's.
 *
 * xmss_node and fors_node are one tree hash over the leaves, left to
 * right, keeping one node a height: it gives the root and picks up the
 * authentication path of one leaf as its nodes are made.  The top layer's
 * XMSS tree is the same for every signature: the key keeps all its nodes
 * (2^(h'+1) - 1 of them, 16 KiB for -128s), made once by key generation,
 * which needs its root PK.root anyway.
 *
 * Secret values are wiped when freed.  Nothing here is constant time: the
 * signer runs on the build machine, not where an attacker can time it.
 */
#include "../../crypto/slhdsa.c"
#include "pgp-sign.h"
#include "pqsign.h"

#define SLHDSA_WOTS_PRF		5
#define SLHDSA_FORS_PRF		6
#define SLHDSA_HEIGHT_MAX	14	/* the largest h' (9) or a (14) */

static_assert(PGP_SLHDSA_N_MAX == SLHDSA_N_MAX, "pgp-sign.h's sizes");
static_assert(PGP_SLHDSA_SIG_SIZE_MAX == SLHDSA_SHAKE_256S_SIGNATURE_SIZE, "pgp-sign.h's sizes");

struct slhdsa_key {
	const struct slhdsa_params *p;
	enum slhdsa_alg alg;
	u8 sk_seed[SLHDSA_N_MAX];
	u8 sk_prf[SLHDSA_N_MAX];
	u8 pk[2 * SLHDSA_N_MAX];	/* PK.seed || PK.root */
	u8 *top;			/* the top layer's tree, level by level from the leaves */
};

/* The set of OpenPGP algorithm @algo (RFC 9980: 32, 33, 34) */
static const struct slhdsa_params *slhdsa_set(unsigned int algo, enum slhdsa_alg *alg)
{
	switch (algo) {
	case PGP_ALGO_SLHDSA_SHAKE_128S:
		*alg = SLHDSA_SHAKE_128S;
		return &slhdsa_shake_128s;
	case PGP_ALGO_SLHDSA_SHAKE_128F:
		*alg = SLHDSA_SHAKE_128F;
		return &slhdsa_shake_128f;
	case PGP_ALGO_SLHDSA_SHAKE_256S:
		*alg = SLHDSA_SHAKE_256S;
		return &slhdsa_shake_256s;
	default:
		return NULL;
	}
}

size_t slhdsa_n(unsigned int algo)
{
	enum slhdsa_alg alg;
	const struct slhdsa_params *P = slhdsa_set(algo, &alg);

	return P ? P->n : 0;
}

size_t slhdsa_sig_size(unsigned int algo)
{
	enum slhdsa_alg alg;
	const struct slhdsa_params *P = slhdsa_set(algo, &alg);

	return P ? P->sig_size : 0;
}

/* ADRS's type, cleared, with the key pair address @keypair */
static void adrs_set_type_keypair(u8 *adrs, u32 type, u32 keypair)
{
	adrs_set_type_and_clear(adrs, type);
	adrs_set_keypair(adrs, keypair);
}

/* chain (Algorithm 5): w->node advanced @steps steps from step @start */
static void slhdsa_chain(const struct slhdsa_params *P, struct slhdsa_work *w,
			 unsigned int start, unsigned int steps)
{
	u8 *adrs = slhdsa_adrs(P, w);
	unsigned int j;

	for (j = start; j < start + steps; j++) {
		adrs_set_word3(adrs, j);
		slhdsa_f(P, w, w->node);
	}
}

/*
 * The secret value of WOTS+ chain @chain (ADRS of type WOTS_HASH with the
 * key pair address) into w->node: PRF(PK.seed, SK.seed, ADRS of type
 * WOTS_PRF), F's layout with SK.seed as its value.  ADRS is left set for
 * the chain's hashes.
 */
static void slhdsa_wots_sk(const struct slhdsa_params *P, struct slhdsa_work *w,
			   const struct slhdsa_key *k, unsigned int chain)
{
	u8 *adrs = slhdsa_adrs(P, w);
	u32 keypair = get_unaligned_be32(adrs + 20);

	adrs_set_type_keypair(adrs, SLHDSA_WOTS_PRF, keypair);
	adrs_set_word2(adrs, chain);
	slhdsa_f(P, w, k->sk_seed);
	adrs_set_type_keypair(adrs, SLHDSA_WOTS_HASH, keypair);
	adrs_set_word2(adrs, chain);
}

/* wots_pkGen (Algorithm 6): ADRS of type WOTS_HASH with the key pair address; into w->node */
static void slhdsa_wots_pkgen(const struct slhdsa_params *P, struct slhdsa_work *w,
			      const struct slhdsa_key *k)
{
	u8 *adrs = slhdsa_adrs(P, w);
	u32 keypair = get_unaligned_be32(adrs + 20);
	unsigned int i;

	adrs_set_type_keypair(adrs, SLHDSA_WOTS_PK, keypair);
	slhdsa_t_start(P, w);
	for (i = 0; i < P->len; i++) {
		slhdsa_wots_sk(P, w, k, i);
		slhdsa_chain(P, w, 0, SLHDSA_W - 1);
		shake_absorb(&w->t, w->node, P->n);
	}
	shake_squeeze(&w->t, w->node, P->n);
}

/* wots_sign (Algorithm 7) of the n bytes @m: ADRS as for wots_pkGen */
static void slhdsa_wots_sign(const struct slhdsa_params *P, struct slhdsa_work *w,
			     const struct slhdsa_key *k, const u8 *m, u8 *sig)
{
	const unsigned int len1 = 2 * P->n;
	unsigned int i, csum = 0, digit;

	for (i = 0; i < P->len; i++, sig += P->n) {
		if (i < len1) {
			digit = i & 1 ? m[i / 2] & 0xf : m[i / 2] >> 4;
			csum += SLHDSA_W - 1 - digit;
		} else {
			digit = csum >> (4 * (P->len - 1 - i)) & 0xf;
		}
		slhdsa_wots_sk(P, w, k, i);
		slhdsa_chain(P, w, 0, digit);
		memcpy(sig, w->node, P->n);
	}
}

/*
 * One tree of height @height: an XMSS tree (ADRS: layer and tree address)
 * or FORS tree @t (ADRS: tree address, type FORS_TREE, key pair address).
 */
struct slhdsa_tree {
	bool fors;
	u32 keypair;		/* FORS: the key pair address */
	u32 base;		/* FORS: t 2^a, the index of its first leaf among all k trees */
	unsigned int height;
	u32 leaf;		/* the leaf whose authentication path to take */
	u8 *auth;		/* room for its @height nodes, or NULL */
	u8 *all;		/* room for every node, level by level, or NULL */
};

/* Node @idx of the tree at height @z made: keep it where it is wanted */
static void slhdsa_tree_keep(const struct slhdsa_params *P, const struct slhdsa_tree *T,
			     const u8 *node, unsigned int z, u32 idx)
{
	if (T->auth && z < T->height && idx == ((T->leaf >> z) ^ 1))
		memcpy(T->auth + z * P->n, node, P->n);
	if (T->all)
		memcpy(T->all + (((2U << T->height) - (2U << (T->height - z))) + idx) * P->n,
		       node, P->n);
}

/*
 * xmss_node (Algorithm 9) or fors_node (Algorithm 15) of the root, as a
 * tree hash: the root into w->node, the nodes wanted kept on the way.
 */
static void slhdsa_tree_hash(const struct slhdsa_params *P, struct slhdsa_work *w,
			     const struct slhdsa_key *k, const struct slhdsa_tree *T)
{
	u8 stack[(SLHDSA_HEIGHT_MAX + 1) * SLHDSA_N_MAX], *adrs = slhdsa_adrs(P, w);
	u8 heights[SLHDSA_HEIGHT_MAX + 1];
	unsigned int sp = 0, z;
	u32 j, idx;

	for (j = 0; j < 1U << T->height; j++) {
		if (T->fors) {
			/* fors_skGen (Algorithm 14), then F of it */
			adrs_set_type_keypair(adrs, SLHDSA_FORS_PRF, T->keypair);
			adrs_set_word3(adrs, T->base + j);
			slhdsa_f(P, w, k->sk_seed);
			adrs_set_type_keypair(adrs, SLHDSA_FORS_TREE, T->keypair);
			adrs_set_word3(adrs, T->base + j);
			slhdsa_f(P, w, w->node);
		} else {
			adrs_set_type_keypair(adrs, SLHDSA_WOTS_HASH, j);
			slhdsa_wots_pkgen(P, w, k);
		}
		for (z = 0, idx = j;; z++, idx >>= 1) {
			slhdsa_tree_keep(P, T, w->node, z, idx);
			if (!sp || heights[sp - 1] != z)
				break;
			/* the parent of the node below and this one */
			if (T->fors)
				adrs_set_type_keypair(adrs, SLHDSA_FORS_TREE, T->keypair);
			else
				adrs_set_type_and_clear(adrs, SLHDSA_TREE);
			adrs_set_word2(adrs, z + 1);
			adrs_set_word3(adrs, (T->base >> (z + 1)) + (idx >> 1));
			sp--;
			slhdsa_h(P, w, stack + sp * P->n, w->node);
		}
		memcpy(stack + sp * P->n, w->node, P->n);
		heights[sp++] = z;
	}
}

void slhdsa_key_free(struct slhdsa_key *k)
{
	if (!k)
		return;
	free(k->top);
	memzero_explicit(k, sizeof(*k));
	free(k);
}

/*
 * slh_keygen_internal (Algorithm 18): @seed is SK.seed || SK.prf || PK.seed,
 * 3n bytes; PK.seed || PK.root into @pk (2n bytes).
 */
struct slhdsa_key *slhdsa_keygen(unsigned int algo, const u8 *seed, u8 *pk)
{
	struct slhdsa_key *k = calloc(1, sizeof(*k));
	struct slhdsa_tree T = { 0 };
	const struct slhdsa_params *P;
	struct slhdsa_work *w;
	u8 *adrs;

	if (!k)
		return NULL;
	P = slhdsa_set(algo, &k->alg);
	if (!P) {
		free(k);
		return NULL;
	}
	k->p = P;
	k->top = calloc((2U << P->hp) - 1, P->n);
	w = kmalloc(sizeof(*w), GFP_KERNEL);
	if (!k->top || !w) {
		kfree(w);
		slhdsa_key_free(k);
		return NULL;
	}
	memcpy(k->sk_seed, seed, P->n);
	memcpy(k->sk_prf, seed + P->n, P->n);
	memcpy(k->pk, seed + 2 * P->n, P->n);
	memcpy(w->in[0], k->pk, P->n);
	adrs = slhdsa_adrs(P, w);
	memset(adrs, 0, SLHDSA_ADRS_SIZE);
	adrs_set_layer(adrs, P->d - 1);
	T.height = P->hp;
	T.all = k->top;
	slhdsa_tree_hash(P, w, k, &T);
	memcpy(k->pk + P->n, w->node, P->n);
	memcpy(pk, k->pk, P->pk_size);
	memzero_explicit(w, sizeof(*w));
	kfree(w);
	return k;
}

/*
 * slh_sign_internal (Algorithm 19) on M' = @pre || @msg; @addrnd: n bytes
 * of fresh randomness, or NULL for the deterministic variant.  Checked with
 * the kernel's verifier.  Return: 0, -ENOMEM, or -EFAULT when the signature
 * made does not verify.
 */
static int slhdsa_sign_set(const struct slhdsa_key *k, const u8 *pre, size_t pre_len,
			   const u8 *msg, size_t msg_len, const u8 *addrnd, u8 *sig)
{
	const struct slhdsa_params *P = k->p;
	const unsigned int md_len = DIV_ROUND_UP(P->k * P->a, 8);
	const unsigned int tree_len = DIV_ROUND_UP(P->h - P->hp, 8);
	const unsigned int leaf_len = DIV_ROUND_UP(P->hp, 8);
	struct slhdsa_tree T = { 0 };
	struct slhdsa_work *w;
	struct shake_ctx ctx;
	u8 *adrs, *s = sig, m[SLHDSA_N_MAX];
	const u8 *md;
	u64 idx_tree = 0;
	u32 idx_leaf = 0, acc = 0, idx;
	unsigned int i, bits = 0, layer;
	int ret;

	w = kmalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	adrs = slhdsa_adrs(P, w);

	/* R = PRF_msg(SK.prf, opt_rand, M'); digest = H_msg(R, PK.seed, PK.root, M') */
	shake256_init(&ctx);
	shake_absorb(&ctx, k->sk_prf, P->n);
	shake_absorb(&ctx, addrnd ? addrnd : k->pk, P->n);
	shake_absorb(&ctx, pre, pre_len);
	shake_absorb(&ctx, msg, msg_len);
	shake_squeeze(&ctx, s, P->n);
	shake256_init(&ctx);
	shake_absorb(&ctx, s, P->n);
	shake_absorb(&ctx, k->pk, P->pk_size);
	shake_absorb(&ctx, pre, pre_len);
	shake_absorb(&ctx, msg, msg_len);
	shake_squeeze(&ctx, w->digest, P->m);
	memzero_explicit(&ctx, sizeof(ctx));
	s += P->n;
	for (i = 0; i < tree_len; i++)
		idx_tree = idx_tree << 8 | w->digest[md_len + i];
	idx_tree &= (1ULL << (P->h - P->hp)) - 1;
	for (i = 0; i < leaf_len; i++)
		idx_leaf = idx_leaf << 8 | w->digest[md_len + tree_len + i];
	idx_leaf &= (1U << P->hp) - 1;

	memcpy(w->in[0], k->pk, P->n);
	memset(adrs, 0, SLHDSA_ADRS_SIZE);
	adrs_set_tree(adrs, idx_tree);

	/* fors_sign (Algorithm 16), its public key T_k of the k roots as they come */
	adrs_set_type_keypair(adrs, SLHDSA_FORS_ROOTS, idx_leaf);
	slhdsa_t_start(P, w);
	T.fors = true;
	T.keypair = idx_leaf;
	T.height = P->a;
	for (i = 0, md = w->digest; i < P->k; i++, s += (P->a + 1) * P->n) {
		while (bits < P->a) {
			acc = acc << 8 | *md++;
			bits += 8;
		}
		bits -= P->a;
		idx = acc >> bits & ((1U << P->a) - 1);
		acc &= (1U << bits) - 1;

		/* the secret value of leaf idx, then the tree's authentication path */
		adrs_set_type_keypair(adrs, SLHDSA_FORS_PRF, idx_leaf);
		adrs_set_word3(adrs, (i << P->a) + idx);
		slhdsa_f(P, w, k->sk_seed);
		memcpy(s, w->node, P->n);
		T.base = i << P->a;
		T.leaf = idx;
		T.auth = s + P->n;
		slhdsa_tree_hash(P, w, k, &T);
		shake_absorb(&w->t, w->node, P->n);
	}
	shake_squeeze(&w->t, m, P->n);

	/* ht_sign (Algorithm 12): the FORS key signed by layer 0, each root by the next */
	memset(&T, 0, sizeof(T));
	T.height = P->hp;
	for (layer = 0; layer < P->d; layer++, s += (P->len + P->hp) * P->n) {
		if (layer) {
			idx_leaf = idx_tree & ((1U << P->hp) - 1);
			idx_tree >>= P->hp;
		}
		adrs_set_layer(adrs, layer);
		adrs_set_tree(adrs, idx_tree);
		/* xmss_sign (Algorithm 10): the WOTS+ signature, then the path */
		adrs_set_type_keypair(adrs, SLHDSA_WOTS_HASH, idx_leaf);
		slhdsa_wots_sign(P, w, k, m, s);
		if (layer == P->d - 1) {
			/* the top tree, kept: the path from its levels */
			for (i = 0; i < P->hp; i++)
				memcpy(s + (P->len + i) * P->n,
				       k->top + (((2U << P->hp) - (2U << (P->hp - i))) +
						 ((idx_leaf >> i) ^ 1)) * P->n, P->n);
			break;
		}
		T.leaf = idx_leaf;
		T.auth = s + P->len * P->n;
		slhdsa_tree_hash(P, w, k, &T);
		memcpy(m, w->node, P->n);
	}
	memzero_explicit(w, sizeof(*w));
	kfree(w);

	ret = slhdsa_verify_set(k->alg, k->pk, P->pk_size, pre, pre_len, msg, msg_len,
				sig, P->sig_size);
	return ret == -ENOMEM ? ret : ret ? -EFAULT : 0;
}

/* slh_sign (Algorithm 22): pure SLH-DSA with the empty context, M' = 0 || 0 || M */
int slhdsa_sign(const struct slhdsa_key *k, const u8 *msg, size_t msg_len, const u8 *addrnd,
		u8 *sig)
{
	return slhdsa_sign_set(k, slhdsa_pure_empty_ctx, sizeof(slhdsa_pure_empty_ctx), msg,
			       msg_len, addrnd, sig);
}

/* slh_sign_internal (Algorithm 19) on M' as it is: the known answers of ACVP */
int slhdsa_sign_internal(const struct slhdsa_key *k, const u8 *mprime, size_t len,
			 const u8 *addrnd, u8 *sig)
{
	return slhdsa_sign_set(k, NULL, 0, mprime, len, addrnd, sig);
}
