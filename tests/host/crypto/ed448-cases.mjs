// SPDX-License-Identifier: GPL-2.0
// Differential cases for crypto/ed448.c, judged by @noble/curves (an independent Ed448,
// RFC 8032 strict decoding: zip215 off): random keys and messages (OpenPGP digest sizes
// among them) signed by noble, some with a context string, then each signature mutated
// (a bit of R, of S, S + L, R's unused bits), the message and the key (a bit, the sign
// bit, a non-canonical y = p + small).  Every case carries noble's verdict; test_ed448
// checks that the kernel code agrees.
//
// Usage: node ed448-cases.mjs KEYS SEED > cases.txt
//   lines: "K <pub hex>" starts a key; "C <0|1> <msg hex> <sig hex> <ctx hex>" is a case on
//   the last key (1: noble accepts; "-" is empty).
import { ed448 } from '@noble/curves/ed448.js';
import { shake256 } from '@noble/hashes/sha3.js';

const keys = Number(process.argv[2] || 20);
const seed = process.argv[3] || '1';
const L = 2n ** 446n - 13818066809895115352007386748515426880336692474882178609894547503885n;

let counter = 0;
function rnd(n) {
	const c = new TextEncoder().encode(`ed448/${seed}/${counter++}`);
	return shake256(c, { dkLen: n });
}
function rndInt(n) {
	const b = rnd(4);
	return ((b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0) % n;
}
const hex = (b) => (b && b.length ? Buffer.from(b).toString('hex') : '-');
const leToInt = (b) => b.reduceRight((a, v) => (a << 8n) | BigInt(v), 0n);
const intToLe = (x, n) => Uint8Array.from({ length: n }, (_, i) => Number((x >> BigInt(8 * i)) & 255n));

function judge(sig, msg, pub, ctx) {
	try {
		return ed448.verify(sig, msg, pub, { zip215: false, ...(ctx ? { context: ctx } : {}) });
	} catch {
		return false;
	}
}

function emit(sig, msg, pub, ctx) {
	console.log(`C ${judge(sig, msg, pub, ctx) ? 1 : 0} ${hex(msg)} ${hex(sig)} ${hex(ctx)}`);
}

const flip = (b, off, bit) => { const c = b.slice(); c[off] ^= 1 << bit; return c; };

for (let k = 0; k < keys; k++) {
	const sk = rnd(57);
	const pub = ed448.getPublicKey(sk);
	console.log(`K ${hex(pub)}`);
	const mlen = [0, 1, 32, 48, 64][k % 5] + (k >= 5 && k % 3 == 0 ? rndInt(300) : 0);
	const msg = rnd(mlen);
	const ctx = k % 4 == 3 ? rnd(1 + rndInt(40)) : undefined;
	const sig = ed448.sign(msg, sk, ctx ? { context: ctx } : {});
	emit(sig, msg, pub, ctx);
	for (let i = 0; i < 4; i++)
		emit(flip(sig, rndInt(57), rndInt(8)), msg, pub, ctx);	// R
	for (let i = 0; i < 4; i++)
		emit(flip(sig, 57 + rndInt(56), rndInt(8)), msg, pub, ctx);	// S
	emit(flip(sig, 56, rndInt(7)), msg, pub, ctx);			// R's unused bits
	emit(flip(sig, 113, rndInt(8)), msg, pub, ctx);			// S's top byte
	{								// S + L
		const s = sig.slice();
		s.set(intToLe(leToInt(sig.subarray(57)) + L, 57), 57);
		emit(s, msg, pub, ctx);
	}
	if (msg.length)
		emit(sig, flip(msg, rndInt(msg.length), rndInt(8)), pub, ctx);
	emit(sig, Uint8Array.from([...msg, 0]), pub, ctx);
	if (ctx)
		emit(sig, msg, pub, undefined);				// the context left out
	else
		emit(sig, msg, pub, Uint8Array.of(0x61));		// a context added
	emit(rnd(114), msg, pub, ctx);					// garbage
	// the key: a bit, its sign bit, a bit of the last byte's unused ones
	for (const [off, bit] of [[rndInt(56), rndInt(8)], [56, 7], [56, rndInt(7)]]) {
		const pub2 = flip(pub, off, bit);
		console.log(`K ${hex(pub2)}`);
		emit(sig, msg, pub2, ctx);
	}
	// a non-canonical key: y = p + y0 for a small y0 on the curve (3 and 4 are)
	const y0 = 3 + rndInt(2);
	const nc = intToLe(2n ** 448n - 2n ** 224n - 1n + BigInt(y0), 57);
	console.log(`K ${hex(nc)}`);
	emit(sig, msg, nc, ctx);
}
