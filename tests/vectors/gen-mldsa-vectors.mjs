// SPDX-License-Identifier: GPL-2.0
// Writes crypto/tests/mldsa_kunit_vectors.h (to stdout; with the argument 87,
// crypto/tests/mldsa87_kunit_vectors.h, the same vectors for ML-DSA-87, without the
// Wycheproof ones): ML-DSA-65 vectors made by
// @noble/post-quantum, an implementation independent of crypto/mldsa_verify.c.  Run it through
// tests/vectors/gen-mldsa-vectors.sh, which sets NOBLE_DIR.
//
//   - keys from fixed seeds (ML-DSA.KeyGen_internal), signatures in the three interfaces:
//     ML-DSA.Sign "pure" with the empty context (deterministic and hedged with fixed
//     randomness), Sign_internal on a given M', and on an external mu;
//   - signatures whose ||z||inf reaches gamma1 - beta (one beyond it, one exactly at it)
//     while c~ matches: noble's own
//     signer with its z rejection turned off (a copy of its ml-dsa.js with the three
//     "GAMMA1 - BETA" norm bounds made infinite, made here and removed again).  Its
//     verifier with the same change accepts that signature and the real one refuses it,
//     so the z bound alone refuses it;
//   - C2SP Wycheproof's ML-DSA-65 verification vectors transcribed in
//     wycheproof-mldsa65.txt (a baseline, two bit flips, a z at its boundary), each
//     verdict checked against noble.
//   (NIST's ACVP sigVer file that could be read here, ACVP-Server commit eb31c8ef, is of
//   the FIPS 204 draft: its ML-DSA-65 signatures verify only with SampleInBall on the first
//   32 bytes of c~, so none is used.)
// The errno each invalid vector must give is decided here: -EBADMSG when its hint is not
// a canonical encoding (decoded and encoded again), -EKEYREJECTED otherwise.
import { readFileSync, writeFileSync, unlinkSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const noble = process.env.NOBLE_DIR;
if (!noble)
	throw new Error('NOBLE_DIR is not set (run gen-mldsa-vectors.sh)');
const pq = join(noble, '@noble/post-quantum');
const SET = process.argv[2] || '65';
if (SET !== '65' && SET !== '87')
	throw new Error(`${SET}: no such parameter set (65 or 87)`);
const ml_dsa = (await import(pathToFileURL(join(pq, 'ml-dsa.js'))))[`ml_dsa${SET}`];
const { shake256 } = await import(pathToFileURL(join(noble, '@noble/hashes/sha3.js')));
const version = JSON.parse(readFileSync(join(pq, 'package.json'))).version;
const here = dirname(fileURLToPath(import.meta.url));

// FIPS 204 Table 1, and the sizes of the keys and signatures
const { BETA, OMEGA, K, L, CTILDE, PK, SIG } = {
	65: { BETA: 196, OMEGA: 55, K: 6, L: 5, CTILDE: 48, PK: 1952, SIG: 3309 },
	87: { BETA: 120, OMEGA: 75, K: 8, L: 7, CTILDE: 64, PK: 2592, SIG: 4627 },
}[SET];
const GAMMA1 = 1 << 19;
// the names in the header: ML-DSA-65's as they always were
const pre = SET === '65' ? 'mldsa' : 'mldsa87';
const bytes = (tag, n) => shake256(new TextEncoder().encode(tag), { dkLen: n });
const fail = (m) => { throw new Error(m); };

// ||z||inf of an encoded signature
function zNorm(sig) {
	let max = 0;
	for (let i = 0; i < L * 256; i += 2) {
		const o = CTILDE + (i >> 1) * 5;
		const v = sig[o] + sig[o + 1] * 2 ** 8 + sig[o + 2] * 2 ** 16 + sig[o + 3] * 2 ** 24 +
			  sig[o + 4] * 2 ** 32;
		for (const raw of [v % 2 ** 20, Math.floor(v / 2 ** 20)])
			max = Math.max(max, Math.abs(GAMMA1 - raw));
	}
	return max;
}

// HintBitPack(HintBitUnpack(y)) == y, with the counts in order and at most omega
function hintCanonical(sig) {
	const y = sig.subarray(sig.length - OMEGA - K), again = new Uint8Array(OMEGA + K);
	let prev = 0, idx = 0;
	const h = Array.from({ length: K }, () => new Uint8Array(256));
	for (let i = 0; i < K; i++) {
		if (y[OMEGA + i] < prev || y[OMEGA + i] > OMEGA)
			return false;
		for (let j = prev; j < y[OMEGA + i]; j++)
			h[i][y[j]] = 1;
		prev = y[OMEGA + i];
	}
	for (let i = 0; i < K; i++) {
		for (let j = 0; j < 256; j++)
			if (h[i][j])
				again[idx++] = j;
		again[OMEGA + i] = idx;
	}
	return again.every((v, i) => v === y[i]);
}

// noble with the z norm bound made infinite, in signing and verifying
async function zUnchecked() {
	const src = readFileSync(join(pq, 'ml-dsa.js'), 'utf8');
	const n = src.split('GAMMA1 - BETA)').length - 1;
	if (n !== 3)
		fail(`ml-dsa.js of @noble/post-quantum ${version}: ${n} z bounds, expected 3`);
	const tmp = join(pq, `ml-dsa.zunchecked-${process.pid}.js`);
	writeFileSync(tmp, src.replaceAll('GAMMA1 - BETA)', 'Infinity)'));
	try {
		return (await import(pathToFileURL(tmp)))[`ml_dsa${SET}`];
	} finally {
		unlinkSync(tmp);
	}
}

const vectors = [];
const keys = new Map();
function addKey(name, pk) {
	if (pk.length !== PK)
		fail(`${name}: public key of ${pk.length} bytes`);
	keys.set(name, pk);
}
function add(name, mode, key, msg, sig, expect, why, zBound = false) {
	const pk = keys.get(key);
	const ok = mode === 'pure' ? ml_dsa.verify(sig, msg, pk) :
		mode === 'internal' ? ml_dsa.internal.verify(sig, msg, pk) :
		ml_dsa.internal.verify(sig, msg, pk, { externalMu: true });
	if (ok !== (expect === 0))
		fail(`${name}: noble ${ok ? 'accepts' : 'refuses'} it`);
	if (expect !== 0)
		expect = sig.length === SIG && !hintCanonical(sig) ? 'EBADMSG' : 'EKEYREJECTED';
	vectors.push({ name, mode, key, msg, sig, expect, why, zBound });
}

// Keys from fixed seeds
const kp = [0, 1, 2].map((i) => ml_dsa.keygen(bytes(`pgp-modsign mldsa${SET === '65' ? '' : SET} key ${i}`, 32)));
kp.forEach((k, i) => addKey(`key${i}`, k.publicKey));

const m0 = new Uint8Array(0);
const m64 = bytes('pgp-modsign message 64', 64);	// a SHA-512-sized digest
const m32 = bytes('pgp-modsign message 32', 32);
const m300 = bytes('pgp-modsign message 300', 300);
add('pure, empty message', 'pure', 'key0', m0,
    ml_dsa.sign(m0, kp[0].secretKey, { extraEntropy: false }), 0, 'deterministic');
add('pure, 64-byte digest', 'pure', 'key0', m64,
    ml_dsa.sign(m64, kp[0].secretKey, { extraEntropy: false }), 0, 'deterministic');
add('pure, 32-byte digest, hedged', 'pure', 'key1', m32,
    ml_dsa.sign(m32, kp[1].secretKey, { extraEntropy: bytes('rnd', 32) }), 0, 'hedged');
add('pure, 300 bytes', 'pure', 'key2', m300,
    ml_dsa.sign(m300, kp[2].secretKey, { extraEntropy: false }), 0, 'deterministic');
add('internal, M\' of 300 bytes', 'internal', 'key1', m300,
    ml_dsa.internal.sign(m300, kp[1].secretKey, { extraEntropy: false }), 0, 'deterministic');
add('external mu', 'mu', 'key2', m64,
    ml_dsa.internal.sign(m64, kp[2].secretKey, { extraEntropy: false, externalMu: true }), 0,
    'deterministic');

// ML-DSA-87: a valid signature with ||z||inf within ML-DSA-65's beta (196) of gamma1, so
// that only beta = 120 lets it through (about one honest signature in four)
if (SET === '87') {
	let i = 0, sig, m;
	do {
		m = bytes(`pgp-modsign z near ${i++}`, 64);
		sig = ml_dsa.sign(m, kp[0].secretKey, { extraEntropy: false });
	} while (zNorm(sig) < GAMMA1 - 196 && i < 200);
	if (zNorm(sig) < GAMMA1 - 196)
		fail('no honest signature with ||z||inf >= gamma1 - 196 in 200 tries');
	add(`pure, ||z||inf = ${zNorm(sig)}, within 65's beta of gamma1`, 'pure', 'key0', m,
	    sig, 0, `deterministic, message ${i - 1}`);
}

// Valid but for ||z||inf >= gamma1 - beta
{
	const unchecked = await zUnchecked();
	// zFound LABEL TRIES WHAT PRED: the first of the unchecked signer's signatures of
	// "pgp-modsign z LABEL i" whose ||z||inf passes PRED and that its own verifier accepts
	// (one whose true z exceeds gamma1 does not: its 20-bit encoding wraps around)
	const zFound = (label, tries, what, pred) => {
		let wrapped = 0;
		for (let i = 0; i < tries; i++) {
			const m = bytes(`pgp-modsign z ${label} ${i}`, 64);
			const sig = unchecked.sign(m, kp[0].secretKey, { extraEntropy: false });
			if (!pred(zNorm(sig)))
				continue;
			if (!unchecked.verify(sig, m, kp[0].publicKey)) {
				wrapped++;
				continue;
			}
			return { m, sig, i };
		}
		fail(`no signature with ||z|| ${what} in ${tries} tries (${wrapped} wrapped)`);
	};
	const found = zFound('bound', 200, '>= gamma1 - beta', (z) => z >= GAMMA1 - BETA);
	add(`pure, ||z||inf = ${zNorm(found.sig)} >= gamma1 - beta, c~ matches`, 'pure', 'key0',
	    found.m, found.sig, -1, `z-unchecked noble signer, message ${found.i}`, true);
	// ... and one at the bound itself, ||z||inf = gamma1 - beta exactly: refused by "<",
	// taken by a "<=" (about one signature in 700 of the unchecked signer)
	const edge = zFound('edge', 20000, '= gamma1 - beta', (z) => z === GAMMA1 - BETA);
	add(`pure, ||z||inf = gamma1 - beta exactly, c~ matches`, 'pure', 'key0',
	    edge.m, edge.sig, -1, `z-unchecked noble signer, message ${edge.i}`, true);
}

// C2SP Wycheproof vectors, transcribed (see the file's head for their source)
if (SET === '65') {
	const lines = readFileSync(join(here, 'wycheproof-mldsa65.txt'), 'utf8').split('\n')
		.filter((l) => l && !l.startsWith('#'));
	const sigs = new Map(), msgs = new Map();
	for (const l of lines) {
		const f = l.split(/\s+/);
		if (f[0] === 'pk') {
			addKey('wycheproof', Buffer.from(f[1], 'hex'));
		} else if (f[0] === 'tc' || f[0] === 'flip') {
			const [, id, result, comment] = f;
			let msg, sig;
			if (f[0] === 'tc') {
				msg = Buffer.from(f[4], 'hex');
				sig = Buffer.from(f[5], 'hex');
			} else {
				msg = msgs.get(f[4]);
				sig = Buffer.from(sigs.get(f[4]));
				sig[Number(f[5])] = parseInt(f[6], 16);
			}
			msgs.set(id, msg);
			sigs.set(id, sig);
			add(`Wycheproof tcId ${id}: ${comment.replaceAll('_', ' ')}`, 'pure', 'wycheproof',
			    msg, sig, result === 'valid' ? 0 : -1, 'C2SP Wycheproof');
		} else {
			fail(`wycheproof-mldsa65.txt: ${l.slice(0, 20)}...: bad line`);
		}
	}
}

// ---- the header ----
const cArray = (b) => {
	const out = [];
	for (let i = 0; i < b.length; i += 12)
		out.push('\t' + [...b.subarray(i, i + 12)].map((x) => `0x${x.toString(16).padStart(2, '0')},`)
			.join(' '));
	return out.join('\n');
};
let h = SET === '65' ? `/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ML-DSA-65 (FIPS 204) vectors for crypto/tests/mldsa_kunit.c.
 *
 * Generated by tests/vectors/gen-mldsa-vectors.sh with @noble/post-quantum
 * ${version}; do not edit.  Keys from fixed seeds, signatures in the three
 * interfaces (pure with the empty context, internal on M', external mu), one
 * signature valid but for its z bound (noble's signer and verifier without
 * that bound accept it, noble refuses it), and C2SP Wycheproof vectors.
 * Every verdict below is noble's.
 */
#ifndef _MLDSA_KUNIT_VECTORS_H
#define _MLDSA_KUNIT_VECTORS_H

enum mldsa_kunit_mode { MLDSA_KUNIT_PURE, MLDSA_KUNIT_INTERNAL, MLDSA_KUNIT_MU };

struct mldsa_kunit_vector {
	const char *name;
	enum mldsa_kunit_mode mode;
	const u8 *pk;
	const u8 *msg;		/* M, M' or mu */
	size_t msg_len;
	const u8 *sig;
	bool valid;
	int expect;		/* 0, -EKEYREJECTED, -EBADMSG (a malformed hint) */
	bool z_bound;		/* valid but for ||z||inf >= gamma1 - beta */
};
` : `/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ML-DSA-87 (FIPS 204) vectors for crypto/tests/mldsa_kunit.c, after
 * mldsa_kunit_vectors.h (its struct mldsa_kunit_vector).
 *
 * Generated by tests/vectors/gen-mldsa-vectors.sh with @noble/post-quantum
 * ${version}; do not edit.  Keys from fixed seeds, signatures in the three
 * interfaces (pure with the empty context, internal on M', external mu), and
 * signatures valid but for their z bound (noble's signer and verifier
 * without that bound accept them, noble refuses them).  Every verdict below
 * is noble's.
 */
#ifndef _MLDSA87_KUNIT_VECTORS_H
#define _MLDSA87_KUNIT_VECTORS_H
`;
for (const [name, pk] of keys)
	h += `\nstatic const u8 ${pre}_kv_${name}[${pk.length}] = {\n${cArray(pk)}\n};\n`;
vectors.forEach((v, i) => {
	if (v.msg.length)
		h += `\nstatic const u8 ${pre}_kv_msg${i}[] = {\n${cArray(v.msg)}\n};\n`;
	h += `\n/* ${v.name}: ${v.why} */\nstatic const u8 ${pre}_kv_sig${i}[${v.sig.length}] = {\n` +
		`${cArray(v.sig)}\n};\n`;
});
h += `\nstatic const struct mldsa_kunit_vector ${pre}_kunit_vectors[] = {\n`;
vectors.forEach((v, i) => {
	const mode = { pure: 'PURE', internal: 'INTERNAL', mu: 'MU' }[v.mode];
	h += `\t{ "${v.name}", MLDSA_KUNIT_${mode}, ${pre}_kv_${v.key},\n` +
		`\t  ${v.msg.length ? `${pre}_kv_msg${i}` : 'NULL'}, ${v.msg.length}, ${pre}_kv_sig${i}, ` +
		`${v.expect === 0}, ${v.expect === 0 ? '0' : `-${v.expect}`}, ` +
		`${v.zBound} },\n`;
});
h += `};\n\n#endif /* _${pre.toUpperCase()}_KUNIT_VECTORS_H */\n`;
process.stdout.write(h);
process.stderr.write(`gen-mldsa-vectors: ML-DSA-${SET}: ${vectors.length} vectors on ${keys.size} keys\n`);
