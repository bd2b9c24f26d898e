// SPDX-License-Identifier: GPL-2.0
// Differential cases for crypto/mldsa_verify.c, judged by @noble/post-quantum (an independent
// ML-DSA-65 and ML-DSA-87): random keys and messages signed by noble in the three interfaces (pure
// ML-DSA.Verify with the empty context, Verify_internal on M', external mu), then each
// signature mutated in every field (c~, z, hint, lengths), the message and the key.
// Every case carries noble's verdict; test_mldsa checks that the kernel code agrees.
//
// Usage: node mldsa-cases.mjs KEYS SEED [65|87] > cases.txt
//   lines: "S <65|87>" first, the parameter set; "K <pk hex>" starts a key;
//   "C <pure|internal|mu> <0|1> <msg hex> <sig hex>" is a case on the last key (1: noble
//   accepts; msg "-" is empty).
import * as mldsa from '@noble/post-quantum/ml-dsa.js';
import { shake256 } from '@noble/hashes/sha3.js';

const keys = Number(process.argv[2] || 20);
const seed = process.argv[3] || '1';
const SET = process.argv[4] || '65';
const ml_dsa65 = mldsa[`ml_dsa${SET}`];
if (!ml_dsa65 || (SET !== '65' && SET !== '87'))
	throw new Error(`${SET}: no such parameter set (65 or 87)`);
// FIPS 204 Table 1: omega, k, l, c~ bytes; the signature's sizes
const { OMEGA, K, L, CT } = {
	65: { OMEGA: 55, K: 6, L: 5, CT: 48 }, 87: { OMEGA: 75, K: 8, L: 7, CT: 64 },
}[SET];
const SIG_H = CT + L * 640, SIG = SIG_H + OMEGA + K, PK = 32 + 320 * K;
console.log(`S ${SET}`);

// Deterministic bytes: SHAKE256(seed || counter)
let counter = 0;
function rnd(n) {
	const c = new TextEncoder().encode(`${seed}/${counter++}`);
	return shake256(c, { dkLen: n });
}
function rndInt(n) {
	const b = rnd(4);
	return ((b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0) % n;
}
const hex = (b) => (b.length ? Buffer.from(b).toString('hex') : '-');

function judge(mode, sig, msg, pk) {
	try {
		if (mode === 'pure')
			return ml_dsa65.verify(sig, msg, pk);
		if (mode === 'internal')
			return ml_dsa65.internal.verify(sig, msg, pk);
		return ml_dsa65.internal.verify(sig, msg, pk, { externalMu: true });
	} catch {
		return false;	// noble refuses wrong lengths by throwing
	}
}

function emit(mode, sig, msg, pk) {
	const ok = judge(mode, sig, msg, pk);
	console.log(`C ${mode} ${ok ? 1 : 0} ${hex(msg)} ${hex(sig)}`);
}

// The mutations of one good signature: each field, and the hint's encoding rules.
function mutations(sig) {
	const out = [];
	const flip = (off, bit) => { const s = sig.slice(); s[off] ^= 1 << bit; return s; };
	out.push(flip(rndInt(CT), rndInt(8)));				// c~
	out.push(flip(CT + rndInt(L * 640), rndInt(8)));		// z
	out.push(flip(rndInt(sig.length), rndInt(8)));			// anywhere
	// z = gamma1 - raw: raw 0, beta, 2^20 - beta, 2^20 - 1 are |z| >= gamma1 - beta,
	// beta + 1 and 2^20 - beta - 1 the largest |z| allowed (the signature is then wrong anyway)
	const BETA = SET === '65' ? 196 : 120;
	for (const raw of [0, BETA, BETA + 1, 2 ** 20 - BETA - 1, 2 ** 20 - BETA, 2 ** 20 - 1]) {
		const s = sig.slice(), i = rndInt(L * 256) & ~1;	// an even coefficient
		const off = CT + (i >> 1) * 5;
		s[off] = raw & 0xff; s[off + 1] = (raw >> 8) & 0xff;
		s[off + 2] = (s[off + 2] & 0xf0) | (raw >> 16);
		out.push(s);
	}
	const h = sig.subarray(SIG_H);
	const total = h[OMEGA + K - 1];
	// a hint position changed, one added to the last row, one removed, rows' counts changed
	if (total > 0) {
		const s = sig.slice();
		s[SIG_H + rndInt(total)] ^= 1 << rndInt(8);
		out.push(s);
	}
	if (total < OMEGA) {
		const s = sig.slice();
		const last = total ? s[SIG_H + total - 1] : 0;
		s[SIG_H + total] = last < 255 ? last + 1 : 255;
		s[SIG_H + OMEGA + K - 1]++;
		out.push(s);
	}
	if (total > 0) {
		const s = sig.slice();
		s[SIG_H + OMEGA + K - 1]--;		// the last position is now an unused non-zero
		out.push(s);
		const t = sig.slice();
		t[SIG_H + total - 1] = 0;
		t[SIG_H + OMEGA + K - 1]--;		// removed properly
		out.push(t);
	}
	for (let i = 0; i < K; i++) {			// each count one up and one down
		for (const d of [1, -1]) {
			const s = sig.slice();
			s[SIG_H + OMEGA + i] = (s[SIG_H + OMEGA + i] + d) & 0xff;
			out.push(s);
		}
	}
	{						// count over omega, unused position non-zero
		const s = sig.slice();
		s[SIG_H + OMEGA + K - 1] = OMEGA + 1;
		out.push(s);
		if (total < OMEGA) {
			const t = sig.slice();
			t[SIG_H + OMEGA - 1] = 1;
			out.push(t);
		}
	}
	if (total >= 2) {				// two positions of one row swapped or equal
		for (let i = 0; i < K; i++) {
			const lo = i ? h[OMEGA + i - 1] : 0, hi = h[OMEGA + i];
			if (hi - lo >= 2) {
				const s = sig.slice();
				[s[SIG_H + lo], s[SIG_H + lo + 1]] = [s[SIG_H + lo + 1], s[SIG_H + lo]];
				out.push(s);
				const t = sig.slice();
				t[SIG_H + lo + 1] = t[SIG_H + lo];
				out.push(t);
				break;
			}
		}
	}
	out.push(sig.subarray(0, sig.length - 1));	// lengths
	out.push(Uint8Array.from([...sig, 0]));
	return out;
}

for (let k = 0; k < keys; k++) {
	const { publicKey: pk, secretKey: sk } = ml_dsa65.keygen(rnd(32));
	console.log(`K ${hex(pk)}`);
	const mlen = [0, 1, 32, 64, 200][k % 5] + (k >= 5 ? rndInt(300) : 0);
	const msg = rnd(mlen);
	const rndOpt = { extraEntropy: k % 2 ? rnd(32) : false };
	const pure = ml_dsa65.sign(msg, sk, rndOpt);
	emit('pure', pure, msg, pk);
	for (const s of mutations(pure))
		emit('pure', s, msg, pk);
	if (msg.length) {
		const m2 = msg.slice(); m2[rndInt(m2.length)] ^= 1 << rndInt(8);
		emit('pure', pure, m2, pk);
	}
	emit('pure', pure, Uint8Array.from([...msg, 0]), pk);
	emit('internal', pure, msg, pk);		// the pure signature is not one on M = msg
	const internal = ml_dsa65.internal.sign(msg, sk, rndOpt);
	emit('internal', internal, msg, pk);
	emit('internal', mutations(internal)[1], msg, pk);
	const mu = rnd(64);
	const musig = ml_dsa65.internal.sign(mu, sk, { ...rndOpt, externalMu: true });
	emit('mu', musig, mu, pk);
	emit('mu', mutations(musig)[0], mu, pk);
	// random garbage signature of the right length (noble decides its hint too)
	emit('pure', rnd(SIG), msg, pk);
	// the key with one bit flipped in rho, then in t1; a key one byte short
	for (const off of [rndInt(32), 32 + rndInt(PK - 32)]) {
		const pk2 = pk.slice();
		pk2[off] ^= 1 << rndInt(8);
		console.log(`K ${hex(pk2)}`);
		emit('pure', pure, msg, pk2);
	}
	console.log(`K ${hex(pk.subarray(0, PK - 1))}`);
	emit('pure', pure, msg, pk.subarray(0, PK - 1));
}
