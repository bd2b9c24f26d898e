#!/usr/bin/env node
// SPDX-License-Identifier: GPL-2.0
//
// OpenPGP v6 (RFC 9580), ML-DSA-65+Ed25519, ML-DSA-87+Ed448 and SLH-DSA (RFC 9980) keys,
// certificates and signatures for the tests, made from fixed seeds with independent
// implementations of the primitives: @noble/curves (Ed25519, Ed448), @noble/post-quantum
// (ML-DSA, SLH-DSA) and Node's own SHA-1/SHA-2/SHA-3 (OpenSSL).  noble signs SLH-DSA slowly
// (SLH-DSA-SHAKE-128f in seconds, -128s and -256s in a minute or two): the tests sign
// -128s and -256s modules with the signing tool and verify here.  GnuPG 2.2 makes neither
// v6 keys nor ML-DSA signatures; this is the test side's signer and verifier, written from
// the RFCs, not from crypto/pgp.  It also makes v4 keys of the native Ed25519 algorithm 27,
// which gpg 2.2 does not make either.
//
// Library (imported by gen-pgpv6-vectors.mjs) and command line (the guest cases, make-keys).
// Usage:
//   pgpv6.mjs cert KEY [--uid U] [--time T] [--flags F] [--sub KEY]... [--certify-by KEY]
//                  [--revoked] [--expires SECONDS] [--no-direct]
//       a transferable public key: the primary, its direct-key self-signature (v6), a user ID
//       with a positive certification, each signing subkey with its binding signature and
//       back-signature; --certify-by adds a certification of the user ID by another key,
//       --revoked a key revocation (0x20).  Binary, to stdout.
//   pgpv6.mjs seckey KEY [--uid U] [--time T] [--flags F] [--sub KEY]... [--revoked]
//                  [--expires SECONDS] [--cert FILE]
//       the same as an unprotected transferable secret key (v6 keys; binary, to stdout);
//       --cert FILE also writes the certificate, its public part
//   pgpv6.mjs fpr KEY            the key's fingerprint (hex)
//   pgpv6.mjs sign KEY [--hash H] [--time T] [--salt-seed S] [--type N]
//       a detached signature packet over stdin (binary, to stdout): v6 for a v6 key, v4 for
//       a v4 one.
//   pgpv6.mjs verify CERT SIG DATA
//       checks each signature packet in SIG over DATA against the keys of CERT (files):
//       prints "OK FPR" or "BAD reason" per signature, exit 0 when one is good.
//   pgpv6.mjs openpgpjs-verify CERT SIG DATA
//       the same question to OpenPGP.js 6 (v4 and v6 Ed25519; it has no algorithm 30):
//       prints "OK FPR", "BAD reason" or "UNSUPPORTED reason".
//
// KEY is ALGO:SEED[:CREATED] with ALGO one of ed25519 (v6, algorithm 27), mldsa65-ed25519
// (v6, algorithm 30), ed25519-v4 (v4, algorithm 27), ed448 (v6, algorithm 28), ed448-v4,
// mldsa87-ed448 (v6, algorithm 31), slhdsa128s, slhdsa128f, slhdsa256s (v6, algorithms 32 to
// 34); SEED any string (the key material is
// derived from it); CREATED the creation time (seconds, default 1704067200, 2024-01-01).
// Times default to 1704067200 + 3600.  The modules are found in $NODE_MODULES_DIR, else in
// build/node/node_modules of this repository (mk/node-deps.sh).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const nodeModules = process.env.NODE_MODULES_DIR || join(here, '..', '..', 'build', 'node', 'node_modules');
if (!existsSync(join(nodeModules, '@noble', 'post-quantum')))
	throw new Error(`${nodeModules}: no @noble/post-quantum (run mk/node-deps.sh)`);
const imp = (p) => import(pathToFileURL(join(nodeModules, p)));
const { ed25519 } = await imp('@noble/curves/ed25519.js');
const { ed448 } = await imp('@noble/curves/ed448.js');
const { ml_dsa65, ml_dsa87 } = await imp('@noble/post-quantum/ml-dsa.js');
const slh = await imp('@noble/post-quantum/slh-dsa.js');

export const DEFAULT_CREATED = 1704067200;
export const ALGO = { ed25519: 27, ed448: 28, 'mldsa65-ed25519': 30, 'mldsa87-ed448': 31,
	slhdsa128s: 32, slhdsa128f: 33, slhdsa256s: 34 };
// SLH-DSA (RFC 9980 6.1, Table 8): noble's parameter set, n, the signature's length
export const SLHDSA = {
	32: { S: slh.slh_dsa_shake_128s, n: 16, sig: 7856 },
	33: { S: slh.slh_dsa_shake_128f, n: 16, sig: 17088 },
	34: { S: slh.slh_dsa_shake_256s, n: 32, sig: 29792 },
};
export const HASH = { sha256: 8, sha384: 9, sha512: 10, sha224: 11, 'sha3-256': 12, 'sha3-512': 14,
	sha1: 2 };
export const SALT = { 8: 16, 9: 24, 10: 32, 11: 16, 12: 16, 14: 32 };	// RFC 9580 9.5
const HASHNAME = { 8: 'sha256', 9: 'sha384', 10: 'sha512', 11: 'sha224', 12: 'sha3-256',
	14: 'sha3-512', 2: 'sha1' };

export const enc = (s) => new TextEncoder().encode(s);
export const ed25519PublicKey = (sk) => ed25519.getPublicKey(sk);
export const hex = (b) => Buffer.from(b).toString('hex');
export function cat(...parts) {
	const n = parts.reduce((a, p) => a + p.length, 0), out = new Uint8Array(n);
	let o = 0;
	for (const p of parts) {
		out.set(p, o);
		o += p.length;
	}
	return out;
}
export const u8 = (...v) => Uint8Array.from(v);
export const u16 = (n) => u8(n >> 8 & 255, n & 255);
export const u32 = (n) => u8(n >>> 24 & 255, n >>> 16 & 255, n >>> 8 & 255, n & 255);
export function digest(name, ...parts) {
	const h = createHash(name);
	for (const p of parts)
		h.update(p);
	return new Uint8Array(h.digest());
}
// n bytes derived from a label (SHA-512 in counter mode)
export function derive(label, n) {
	const out = [];
	for (let i = 0; out.length < n; i++)
		out.push(...digest('sha512', enc(`${label}#${i}`)));
	return Uint8Array.from(out.slice(0, n));
}

// ---- packets (RFC 9580 4.2) ----
export function newLen(n) {
	if (n < 192)
		return u8(n);
	if (n < 8384)
		return u8(((n - 192) >> 8) + 192, (n - 192) & 255);
	return cat(u8(255), u32(n));
}
export const packet = (tag, body) => cat(u8(0xc0 | tag), newLen(body.length), body);
export const subpacket = (type, data, critical = false) =>
	cat(newLen(data.length + 1), u8(type | (critical ? 0x80 : 0)), data);

// Split a binary packet stream into [tag, body] (new and old headers, no partial lengths).
export function packets(buf) {
	const out = [];
	let p = 0;
	while (p < buf.length) {
		const ctb = buf[p++];
		let tag, len;
		if (!(ctb & 0x80))
			throw new Error('not an OpenPGP packet');
		if (ctb & 0x40) {
			tag = ctb & 0x3f;
			const o = buf[p++];
			if (o < 192)
				len = o;
			else if (o < 224)
				len = ((o - 192) << 8) + buf[p++] + 192;
			else if (o === 255) {
				len = (buf[p] << 24 >>> 0) + (buf[p + 1] << 16) + (buf[p + 2] << 8) + buf[p + 3];
				p += 4;
			} else
				throw new Error('partial length');
		} else {
			tag = (ctb >> 2) & 15;
			const lt = ctb & 3;
			if (lt === 3)
				throw new Error('indeterminate length');
			len = 0;
			for (let i = 0; i < [1, 2, 4][lt]; i++)
				len = len * 256 + buf[p++];
		}
		if (p + len > buf.length)
			throw new Error('packet past the end');
		out.push([tag, buf.subarray(p, p + len)]);
		p += len;
	}
	return out;
}

// ---- keys ----
export class Key {
	// algo: 'ed25519' | 'ed448' | 'mldsa65-ed25519' | 'mldsa87-ed448' | 'ed25519-v4' |
	// 'ed448-v4'; seed: string
	constructor(algo, seed, created = DEFAULT_CREATED) {
		const v4 = algo === 'ed25519-v4' || algo === 'ed448-v4';
		this.version = v4 ? 4 : 6;
		this.name = algo;
		this.algo = ALGO[v4 ? algo.slice(0, -3) : algo];
		if (!this.algo)
			throw new Error(`${algo}: unknown algorithm`);
		this.created = created;
		/*
		 * the Ed25519 (half) of a seed is the same in v4, v6 and composite keys, and so is
		 * the Ed448 (half)
		 */
		this.ed448 = this.algo === 28 || this.algo === 31;
		this.slh = SLHDSA[this.algo];
		if (this.slh) {
			// SK.seed || SK.prf || PK.seed from the seed (slh_keygen_internal)
			this.slhSeed = derive(`pgpv6 ${algo} ${seed}`, 3 * this.slh.n);
			const kp = this.slh.S.keygen(this.slhSeed);
			this.slhSec = kp.secretKey;
			this.material = kp.publicKey;
		} else if (this.ed448) {
			this.edSeed = derive(`pgpv6 ed448 ${seed}`, 57);
			this.edPub = ed448.getPublicKey(this.edSeed);
		} else {
			this.edSeed = derive(`pgpv6 ed25519 ${seed}`, 32);
			this.edPub = ed25519.getPublicKey(this.edSeed);
		}
		if (this.algo === 30 || this.algo === 31) {
			this.ml = this.algo === 30 ? ml_dsa65 : ml_dsa87;
			this.mlSeed = derive(`pgpv6 mldsa${this.algo === 30 ? 65 : 87} ${seed}`, 32);
			const ml = this.ml.keygen(this.mlSeed);
			this.mlPub = ml.publicKey;
			this.mlSec = ml.secretKey;
			this.material = cat(this.edPub, this.mlPub);
		} else if (!this.slh) {
			this.material = this.edPub;
		}
		this.seed = seed;
		this.body = this.version === 6 ?
			cat(u8(6), u32(created), u8(this.algo), u32(this.material.length), this.material) :
			cat(u8(4), u32(created), u8(this.algo), this.material);
		if (this.version === 6) {
			this.fpr = digest('sha256', u8(0x9b), u32(this.body.length), this.body);
			this.keyid = this.fpr.subarray(0, 8);
		} else {
			this.fpr = digest('sha1', u8(0x99), u16(this.body.length), this.body);
			this.keyid = this.fpr.subarray(12, 20);
		}
	}

	// How the key is hashed into a signature of version v (RFC 9580 5.2.4)
	hashed(v) {
		return v === 6 ? cat(u8(0x9b), u32(this.body.length), this.body) :
			cat(u8(0x99), u16(this.body.length), this.body);
	}

	packet(sub = false) {
		return packet(sub ? 14 : 6, this.body);
	}

	// The algorithm-specific signature fields over a digest; rnd: ML-DSA's randomness
	// (SLH-DSA's: its first n octets)
	signRaw(d, rnd) {
		if (this.slh)
			return this.slh.S.sign(d, this.slhSec,
				{ extraEntropy: (rnd || derive(`rnd ${hex(d)}`, 32)).subarray(0, this.slh.n) });
		const ed = this.ed448 ? ed448.sign(d, this.edSeed) : ed25519.sign(d, this.edSeed);
		if (this.algo !== 30 && this.algo !== 31)
			return ed;
		const ml = this.ml.sign(d, this.mlSec, { extraEntropy: rnd || derive(`rnd ${hex(d)}`, 32) });
		return cat(ed, ml);
	}
}

// Parse a key packet body (v4/v6; algorithms 27, 28, 30 and 31; anything else: material only)
export function parseKey(body) {
	const version = body[0], created = (body[1] << 24 >>> 0) + (body[2] << 16) + (body[3] << 8) + body[4];
	const algo = body[5];
	let material;
	if (version === 6) {
		const n = (body[6] << 24 >>> 0) + (body[7] << 16) + (body[8] << 8) + body[9];
		if (n !== body.length - 10)
			throw new Error('v6 key material count');
		material = body.subarray(10);
	} else if (version === 4) {
		material = body.subarray(6);
	} else {
		throw new Error(`key version ${version}`);
	}
	const fpr = version === 6 ? digest('sha256', u8(0x9b), u32(body.length), body) :
		digest('sha1', u8(0x99), u16(body.length), body);
	return { version, created, algo, material, body, fpr,
		hashed: (v) => v === 6 ? cat(u8(0x9b), u32(body.length), body) :
			cat(u8(0x99), u16(body.length), body) };
}

// ---- signatures ----
// opts: type, hash (name), created, subs (extra hashed subpackets), unhashed (raw area),
// data (what is hashed before the signature's fields), salt (Uint8Array), saltSeed,
// issuerFpr (default true), issuerKeyid (default v4: true), rnd (ML-DSA randomness).
// Returns { body, digest, hashedFields, salt }.
export function signature(signer, opts = {}) {
	const v = opts.version ?? signer.version;
	const type = opts.type ?? 0x00;
	const hashId = typeof opts.hash === 'number' ? opts.hash : HASH[opts.hash ?? 'sha512'];
	const created = opts.created ?? DEFAULT_CREATED + 3600;
	let hashedArea = cat(subpacket(2, u32(created)), ...(opts.subs ?? []));
	if (opts.issuerFpr !== false)
		hashedArea = cat(hashedArea, subpacket(33, opts.issuerFprData ?? cat(u8(v), signer.fpr)));
	let unhashed = opts.unhashed ?? new Uint8Array(0);
	if (v === 4 && opts.issuerKeyid !== false && !opts.unhashed)
		unhashed = subpacket(16, signer.keyid);
	const algo = opts.algo ?? signer.algo;
	const fields = v === 6 ?
		cat(u8(6, type, algo, hashId), u32(hashedArea.length), hashedArea) :
		cat(u8(4, type, algo, hashId), u16(hashedArea.length), hashedArea);
	const trailer = opts.trailer ? opts.trailer(fields) : cat(u8(v, 0xff), u32(fields.length));
	const salt = v === 6 ? (opts.salt ?? derive(`salt ${opts.saltSeed ?? ''} ${hex(signer.fpr)} ${type} ${created}`,
		SALT[hashId] ?? 16)) : new Uint8Array(0);
	const data = opts.data ?? new Uint8Array(0);
	// opts.hashed(salt, data, fields, trailer): the hashed stream, for wrong constructions
	const stream = opts.hashed ? opts.hashed(salt, data, fields, trailer) : [salt, data, fields, trailer];
	const d = digest(HASHNAME[hashId] ?? 'sha256', ...stream);
	const values = opts.values ?? signer.signRaw(d, opts.rnd);
	const body = v === 6 ?
		cat(fields, u32(unhashed.length), unhashed, d.subarray(0, 2), u8(salt.length), salt, values) :
		cat(fields, u16(unhashed.length), unhashed, d.subarray(0, 2), values);
	return { body, digest: d, fields, salt };
}

export const uidHashed = (uid) => cat(u8(0xb4), u32(uid.length), uid);

// A transferable public key.  opts: uid, time, flags (primary), expires (key expiry,
// seconds), subs: [{ key, flags, time }], certifyBy: [Key], revoked, noDirect,
// hash (self-signatures).
export function cert(primary, opts = {}) {
	const t = opts.time ?? DEFAULT_CREATED + 60;
	const v = primary.version;
	const hash = opts.hash ?? 'sha512';
	const uid = enc(opts.uid ?? `pgp-modsign test ${primary.name} ${primary.seed} <${primary.seed}@pgp-modsign.test>`);
	const flags = opts.flags ?? 0x03;
	const keyProps = [subpacket(27, u8(flags))];
	if (opts.expires)
		keyProps.push(subpacket(9, u32(opts.expires)));
	const out = [primary.packet()];
	const self = (type, data, subs) => packet(2, signature(primary, { type, hash, created: t, data, subs }).body);
	if (opts.revoked)
		out.push(packet(2, signature(primary, { type: 0x20, hash, created: t + 100,
			data: primary.hashed(v), subs: [subpacket(29, u8(0))] }).body));
	if (v === 6 && !opts.noDirect)
		out.push(self(0x1f, primary.hashed(v), keyProps));
	out.push(packet(13, uid));
	out.push(self(0x13, cat(primary.hashed(v), uidHashed(uid)),
		v === 4 ? [...keyProps, subpacket(25, u8(1))] : [subpacket(25, u8(1))]));
	for (const c of opts.certifyBy ?? [])
		out.push(packet(2, signature(c, { type: 0x10, hash, created: t + 10,
			data: cat(primary.hashed(c.version), uidHashed(uid)) }).body));
	for (const s of opts.subs ?? []) {
		const st = s.time ?? t + 20;
		const bound = cat(primary.hashed(v), s.key.hashed(v));
		const back = signature(s.key, { type: 0x19, hash, created: st, data: cat(primary.hashed(s.key.version),
			s.key.hashed(s.key.version)) }).body;
		out.push(s.key.packet(true));
		out.push(packet(2, signature(primary, { type: 0x18, hash, created: st, data: bound,
			subs: [subpacket(27, u8(s.flags ?? 0x02)), subpacket(32, back)] }).body));
		if (s.revoked)
			out.push(packet(2, signature(primary, { type: 0x28, hash, created: st + 100, data: bound,
				subs: [subpacket(29, u8(0))] }).body));
	}
	return cat(...out);
}

// ---- verification, independent of crypto/pgp ----
// Parse a v4 or v6 signature body into its fields.
export function parseSig(b) {
	const v = b[0];
	if (v !== 4 && v !== 6)
		throw new Error(`signature version ${v}`);
	const wide = v === 6, cnt = (o) => wide ?
		(b[o] << 24 >>> 0) + (b[o + 1] << 16) + (b[o + 2] << 8) + b[o + 3] : (b[o] << 8) + b[o + 1];
	const w = wide ? 4 : 2;
	const type = b[1], algo = b[2], hashId = b[3];
	const hl = cnt(4);
	let p = 4 + w;
	const hashed = b.subarray(p, p + hl);
	if (p + hl > b.length)
		throw new Error('hashed area past the end');
	p += hl;
	const fields = b.subarray(0, p);
	const ul = cnt(p);
	p += w;
	const unhashed = b.subarray(p, p + ul);
	if (p + ul > b.length)
		throw new Error('unhashed area past the end');
	p += ul;
	const prefix = b.subarray(p, p + 2);
	p += 2;
	let salt = new Uint8Array(0);
	if (wide) {
		const n = b[p++];
		if (n !== SALT[hashId])
			throw new Error(`salt of ${n} octets for hash ${hashId}`);
		salt = b.subarray(p, p + n);
		p += n;
	}
	const values = b.subarray(p);
	const subs = (area) => {
		const r = [];
		for (let q = 0; q < area.length;) {
			let n = area[q++];
			if (n >= 192 && n < 255)
				n = ((n - 192) << 8) + area[q++] + 192;
			else if (n === 255) {
				n = (area[q] << 24 >>> 0) + (area[q + 1] << 16) + (area[q + 2] << 8) + area[q + 3];
				q += 4;
			}
			if (n < 1 || q + n > area.length)
				throw new Error('subpacket length');
			r.push({ type: area[q] & 0x7f, critical: !!(area[q] & 0x80), data: area.subarray(q + 1, q + n) });
			q += n;
		}
		return r;
	};
	return { version: v, type, algo, hashId, fields, hashed: subs(hashed), unhashed: subs(unhashed),
		prefix, salt, values };
}

// Verify signature body sb over data by key k ({version, algo, material, fpr}).
// Returns null when good, else the reason.
export function verifySig(sb, k, data) {
	let s;
	try {
		s = parseSig(sb);
	} catch (e) {
		return `malformed: ${e.message}`;
	}
	if (s.version !== k.version)
		return `a v${s.version} signature by a v${k.version} key`;
	if (s.algo !== k.algo)
		return 'algorithm differs from the key';
	const name = HASHNAME[s.hashId];
	if (!name || s.hashId === 2)
		return `hash ${s.hashId} not accepted`;
	const known = new Set([2, 3, 4, 9, 11, 16, 21, 22, 23, 25, 27, 28, 29, 30, 32, 33, 34, 39]);
	for (const sp of s.hashed)
		if (sp.critical && !known.has(sp.type))
			return `unknown critical subpacket ${sp.type}`;
	if (!s.hashed.some((sp) => sp.type === 2))
		return 'no creation time';
	const trailer = cat(u8(s.version, 0xff), u32(s.fields.length));
	const d = digest(name, s.salt, data, s.fields, trailer);
	if (d[0] !== s.prefix[0] || d[1] !== s.prefix[1])
		return 'digest prefix differs';
	if (d.length < 32)
		return 'digest shorter than 256 bits';
	if (k.algo === 27) {
		if (s.values.length !== 64)
			return 'Ed25519 signature is not 64 octets';
		return ed25519.verify(s.values, d, k.material, { zip215: false }) ? null : 'Ed25519 does not verify';
	}
	if (k.algo === 28) {
		if (d.length < 64)
			return 'digest shorter than 512 bits for Ed448';
		if (s.values.length !== 114 || k.material.length !== 57)
			return 'Ed448 lengths';
		return ed448.verify(s.values, d, k.material, { zip215: false }) ? null : 'Ed448 does not verify';
	}
	if (k.algo === 30) {
		if (s.version !== 6)
			return 'ML-DSA-65+Ed25519 in a v4 signature';
		if (s.values.length !== 64 + 3309 || k.material.length !== 32 + 1952)
			return 'ML-DSA-65+Ed25519 lengths';
		if (!ed25519.verify(s.values.subarray(0, 64), d, k.material.subarray(0, 32), { zip215: false }))
			return 'Ed25519 half does not verify';
		if (!ml_dsa65.verify(s.values.subarray(64), d, k.material.subarray(32)))
			return 'ML-DSA-65 half does not verify';
		return null;
	}
	if (k.algo === 31) {
		if (s.version !== 6)
			return 'ML-DSA-87+Ed448 in a v4 signature';
		if (s.values.length !== 114 + 4627 || k.material.length !== 57 + 2592)
			return 'ML-DSA-87+Ed448 lengths';
		if (!ed448.verify(s.values.subarray(0, 114), d, k.material.subarray(0, 57), { zip215: false }))
			return 'Ed448 half does not verify';
		if (!ml_dsa87.verify(s.values.subarray(114), d, k.material.subarray(57)))
			return 'ML-DSA-87 half does not verify';
		return null;
	}
	if (SLHDSA[k.algo]) {
		const { S, n, sig } = SLHDSA[k.algo];
		if (s.version !== 6)
			return 'SLH-DSA in a v4 signature';
		if (s.values.length !== sig || k.material.length !== 2 * n)
			return 'SLH-DSA lengths';
		return S.verify(s.values, d, k.material) ? null : 'SLH-DSA does not verify';
	}
	return `algorithm ${k.algo} not supported here`;
}

// The keys of a certificate (primaries and subkeys; self-signatures are not judged here).
export function certKeys(buf) {
	return packets(buf).filter(([t]) => t === 6 || t === 14).map(([, b]) => parseKey(b));
}

// ---- command line ----
function keyOf(spec) {
	const [algo, seed, created] = spec.split(':');
	if (!seed)
		throw new Error(`${spec}: want ALGO:SEED[:CREATED]`);
	return new Key(algo, seed, created ? Number(created) : DEFAULT_CREATED);
}

async function openpgpjsVerify(certBuf, sigBuf, data) {
	const openpgp = await imp('openpgp/dist/node/openpgp.mjs');
	let key, sig;
	try {
		key = await openpgp.readKey({ binaryKey: certBuf });
		sig = await openpgp.readSignature({ binarySignature: sigBuf });
	} catch (e) {
		return [`UNSUPPORTED ${e.message}`];
	}
	const msg = await openpgp.createMessage({ binary: data });
	const r = await openpgp.verify({ message: msg, signature: sig, verificationKeys: key,
		format: 'binary', config: { minRSABits: 2048 } });
	const out = [];
	for (const s of r.signatures) {
		try {
			await s.verified;
			const k = key.getKeys(s.keyID)[0];
			out.push(`OK ${k ? k.getFingerprint() : s.keyID.toHex()}`);
		} catch (e) {
			out.push(`BAD ${e.message}`);
		}
	}
	return out.length ? out : ['BAD no signature'];
}

async function main(argv) {
	const [cmd, ...rest] = argv;
	const opt = {}, pos = [];
	for (let i = 0; i < rest.length; i++) {
		const a = rest[i];
		if (!a.startsWith('--')) {
			pos.push(a);
			continue;
		}
		const k = a.slice(2);
		if (['revoked', 'no-direct'].includes(k)) {
			opt[k] = true;
			continue;
		}
		if (i + 1 >= rest.length)
			throw new Error(`${a}: needs a value`);
		if (k === 'sub' || k === 'certify-by')
			(opt[k] ??= []).push(rest[++i]);
		else
			opt[k] = rest[++i];
	}
	const out = (b) => process.stdout.write(Buffer.from(b));
	switch (cmd) {
	case 'cert': {
		const k = keyOf(pos[0]);
		out(cert(k, { uid: opt.uid, time: opt.time && Number(opt.time), revoked: opt.revoked,
			flags: opt.flags && Number(opt.flags), expires: opt.expires && Number(opt.expires),
			noDirect: opt['no-direct'], hash: opt.hash,
			subs: (opt.sub ?? []).map((s) => ({ key: keyOf(s) })),
			certifyBy: (opt['certify-by'] ?? []).map(keyOf) }));
		return 0;
	}
	case 'seckey': {
		// the certificate of 'cert' as an unprotected transferable secret key (RFC 9580
		// 5.5.3: S2K usage 0, no checksum in v6; algorithm 30's secret is the Ed25519
		// secret then the ML-DSA-65 seed, 31's the Ed448 secret then the ML-DSA-87 seed,
		// 32 to 34's the FIPS 205 secret key SK.seed || SK.prf || PK.seed || PK.root,
		// RFC 9980)
		const k = keyOf(pos[0]);
		const subs = (opt.sub ?? []).map((sp) => ({ key: keyOf(sp) }));
		const secret = (key) => key.slh ? cat(key.body, u8(0), key.slhSec) :
			cat(key.body, u8(0), key.edSeed, key.mlSeed ?? u8());
		const outp = [];
		const pub = cert(k, { uid: opt.uid, time: opt.time && Number(opt.time),
			flags: opt.flags && Number(opt.flags), hash: opt.hash, subs,
			expires: opt.expires && Number(opt.expires), revoked: opt.revoked });
		// --cert FILE: the certificate too, from the same signing (SLH-DSA signs slowly)
		if (opt.cert)
			writeFileSync(opt.cert, pub);
		for (const [tag, body] of packets(pub)) {
			const key = [k, ...subs.map((x) => x.key)].find((x) => hex(x.body) === hex(body));
			if ((tag === 6 || tag === 14) && key && key.version === 6)
				outp.push(packet(tag === 6 ? 5 : 7, secret(key)));
			else
				outp.push(packet(tag, body));
		}
		out(cat(...outp));
		return 0;
	}
	case 'fpr':
		console.log(hex(keyOf(pos[0]).fpr));
		return 0;
	case 'sign': {
		const k = keyOf(pos[0]);
		const data = readFileSync(0);
		out(packet(2, signature(k, { hash: opt.hash, created: opt.time && Number(opt.time),
			saltSeed: opt['salt-seed'], type: opt.type && Number(opt.type), data,
			rnd: derive(`rnd ${opt['salt-seed'] ?? ''} ${hex(digest('sha256', data))}`, 32) }).body));
		return 0;
	}
	case 'verify': {
		const keys = certKeys(readFileSync(pos[0]));
		const data = readFileSync(pos[2]);
		let good = false;
		for (const [tag, body] of packets(readFileSync(pos[1]))) {
			if (tag !== 2) {
				console.log(`BAD packet of tag ${tag}`);
				continue;
			}
			let why = 'no key of the certificate made it';
			try {
				const s = parseSig(body);
				const fp = s.hashed.concat(s.unhashed).find((sp) => sp.type === 33);
				const k = fp && keys.find((c) => hex(c.fpr) === hex(fp.data.subarray(1)));
				if (k) {
					why = verifySig(body, k, data);
					if (!why) {
						console.log(`OK ${hex(k.fpr)}`);
						good = true;
						continue;
					}
				}
			} catch (e) {
				why = `malformed: ${e.message}`;
			}
			console.log(`BAD ${why}`);
		}
		return good ? 0 : 1;
	}
	case 'openpgpjs-verify': {
		const r = await openpgpjsVerify(readFileSync(pos[0]), readFileSync(pos[1]), readFileSync(pos[2]));
		r.forEach((l) => console.log(l));
		return r.some((l) => l.startsWith('OK')) ? 0 : 1;
	}
	case '--help':
	case '-h':
	case undefined:
		process.stdout.write(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n')
			.filter((l) => l.startsWith('//')).slice(1, 34).map((l) => l.slice(3)).join('\n') + '\n');
		return cmd ? 0 : 2;
	default:
		throw new Error(`${cmd}: unknown command (--help)`);
	}
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	try {
		process.exitCode = await main(process.argv.slice(2));
	} catch (e) {
		process.stderr.write(`pgpv6.mjs: ${e.message}\n`);
		process.exitCode = 2;
	}
}
