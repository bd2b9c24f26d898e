// SPDX-License-Identifier: GPL-2.0
// Differential cases for crypto/slhdsa.c, judged by @noble/post-quantum (an independent
// SLH-DSA): random keys and messages signed by noble, pure (slh_verify with the empty
// context), with a context string, and through the internal interface on M', then each
// signature changed in every part (R, each FORS tree's secret value and authentication
// path, each layer's WOTS+ signature and XMSS authentication path), its length, the
// message, the context and the key.  Every case carries noble's verdict; test_slhdsa checks
// that the kernel code agrees.
//
// Usage: node slhdsa-cases.mjs KEYS SEED 128s|128f|256s > cases.txt
//   lines: "S <128s|128f|256s>" first; "K <pk hex>" starts a key;
//   "C <pure|ctx|internal> <0|1> <ctx hex> <msg hex> <sig hex>" is a case on the last key
//   (1: noble accepts; "-" is empty; ctx only in mode ctx).
// noble signs slowly (a 128s signature takes about a minute here, a 256s one two): KEYS is
// the number of signed keys per set.
import * as slh from '@noble/post-quantum/slh-dsa.js';
import { shake256 } from '@noble/hashes/sha3.js';

const keys = Number(process.argv[2] || 1);
const seed = process.argv[3] || '1';
const SET = process.argv[4] || '128f';
// FIPS 205 Table 2
const P = {
	'128s': { n: 16, h: 63, d: 7, a: 12, k: 14 },
	'128f': { n: 16, h: 66, d: 22, a: 6, k: 33 },
	'256s': { n: 32, h: 64, d: 8, a: 14, k: 22 },
}[SET];
if (!P)
	throw new Error(`${SET}: no such parameter set (128s, 128f or 256s)`);
const S = slh[`slh_dsa_shake_${SET}`];
const { n, h, d, a, k } = P;
const len = 2 * n + 3, hp = h / d;
const FORS = n + k * (1 + a) * n, XMSS = (len + hp) * n, SIG = FORS + d * XMSS;
console.log(`S ${SET}`);

// Deterministic bytes: SHAKE256(seed || counter)
let counter = 0;
function rnd(nb) {
	const c = new TextEncoder().encode(`${seed}/${SET}/${counter++}`);
	return shake256(c, { dkLen: nb });
}
function rndInt(m) {
	const b = rnd(4);
	return ((b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0) % m;
}
const hex = (b) => (b && b.length ? Buffer.from(b).toString('hex') : '-');

function judge(mode, sig, ctx, msg, pk) {
	try {
		if (mode === 'pure')
			return S.verify(sig, msg, pk);
		if (mode === 'ctx')
			return S.verify(sig, msg, pk, { context: ctx });
		return S.internal.verify(sig, msg, pk);
	} catch {
		return false;	// noble refuses wrong lengths by throwing
	}
}

function emit(mode, sig, ctx, msg, pk) {
	const ok = judge(mode, sig, ctx, msg, pk);
	console.log(`C ${mode} ${ok ? 1 : 0} ${hex(ctx)} ${hex(msg)} ${hex(sig)}`);
}

// One bit flipped in each part of a signature, and its length one byte off either way
function mutations(sig) {
	const out = [];
	const flip = (off, span) => {
		const s = sig.slice();
		s[off + rndInt(span)] ^= 1 << rndInt(8);
		return s;
	};
	out.push(flip(0, n));					// R
	const t = rndInt(k);					// one FORS tree: its value, its path
	out.push(flip(n + t * (1 + a) * n, n));
	out.push(flip(n + t * (1 + a) * n + n, a * n));
	out.push(flip(n + (k - 1) * (1 + a) * n + n + (a - 1) * n, n));	// the last node of all
	for (let l = 0; l < d; l++) {				// each layer: WOTS+ signature, path
		out.push(flip(FORS + l * XMSS, len * n));
		out.push(flip(FORS + l * XMSS + len * n, hp * n));
	}
	out.push(flip(FORS + (d - 1) * XMSS + (len - 3) * n, 3 * n));	// a checksum chain
	out.push(sig.subarray(0, sig.length - 1));
	out.push(Uint8Array.from([...sig, 0]));
	return out;
}

for (let i = 0; i < keys; i++) {
	const { publicKey: pk, secretKey: sk } = S.keygen(rnd(3 * n));
	console.log(`K ${hex(pk)}`);
	// OpenPGP signs a digest of 32 to 64 bytes; other lengths too
	const msg = rnd([32, 64, 0, 1, 200][i % 5] + (i >= 5 ? rndInt(300) : 0));
	const opts = { extraEntropy: i % 2 ? rnd(n) : false };
	const pure = S.sign(msg, sk, opts);
	emit('pure', pure, null, msg, pk);
	for (const s of mutations(pure))
		emit('pure', s, null, msg, pk);
	if (msg.length) {
		const m2 = msg.slice();
		m2[rndInt(m2.length)] ^= 1 << rndInt(8);
		emit('pure', pure, null, m2, pk);
	}
	emit('pure', pure, null, Uint8Array.from([...msg, 0]), pk);
	// with a context: the pure signature is not one with a context; M' = 0 || 0 || M
	// through the internal interface is the pure one
	const ctx = rnd(1 + rndInt(255));
	emit('ctx', pure, ctx, msg, pk);
	emit('internal', pure, null, Uint8Array.from([0, 0, ...msg]), pk);
	emit('internal', pure, null, msg, pk);
	if (SET === '128f') {
		// signatures of their own (noble signs 128f in seconds): with a context, internal
		const csig = S.sign(msg, sk, { ...opts, context: ctx });
		emit('ctx', csig, ctx, msg, pk);
		emit('ctx', csig, ctx.subarray(0, ctx.length - 1), msg, pk);
		emit('pure', csig, null, msg, pk);
		const isig = S.internal.sign(msg, sk, opts);
		emit('internal', isig, null, msg, pk);
		emit('internal', mutations(isig)[3], null, msg, pk);
	}
	// random bytes of the right length
	emit('pure', rnd(SIG), null, msg, pk);
	// the key with one bit flipped in PK.seed, then in PK.root; a key one byte short
	for (const off of [rndInt(n), n + rndInt(n)]) {
		const pk2 = pk.slice();
		pk2[off] ^= 1 << rndInt(8);
		console.log(`K ${hex(pk2)}`);
		emit('pure', pure, null, msg, pk2);
	}
	console.log(`K ${hex(pk.subarray(0, 2 * n - 1))}`);
	emit('pure', pure, null, msg, pk.subarray(0, 2 * n - 1));
}
