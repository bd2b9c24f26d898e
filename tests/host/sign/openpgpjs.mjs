#!/usr/bin/env node
// SPDX-License-Identifier: GPL-2.0
//
// OpenPGP.js 6 as an independent v6 signer for the signing tool's tests (RFC 9580 keys
// and signatures of an implementation that is neither the kernel's nor the test side's
// pgpv6.mjs).  OpenPGP.js has no ML-DSA: its v6 keys are Ed25519 (algorithm 27).
// Usage:
//   openpgpjs.mjs keygen PUB SEC [TIME] [--protect cfb|gcm|ocb|argon2 PASSPHRASE]
//                                         a v6 Ed25519 key: its certificate to PUB, its
//                                         transferable secret key to SEC (binary;
//                                         unprotected unless --protect); TIME the
//                                         creation time (seconds)
//   openpgpjs.mjs sign SEC [--hash H]     a detached binary signature over stdin, to stdout
//                                         (H: sha256, sha384, sha512, sha3-256, sha3-512)
//   openpgpjs.mjs verify PUB SIG DATA     "OK FPR" or "BAD reason"; exit 0 when good
// The modules are found in $NODE_MODULES_DIR, else in build/node/node_modules.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const nm = process.env.NODE_MODULES_DIR || join(here, '..', '..', '..', 'build', 'node', 'node_modules');
if (!existsSync(join(nm, 'openpgp')))
	throw new Error(`${nm}: no openpgp (run mk/node-deps.sh)`);
const openpgp = await import(pathToFileURL(join(nm, 'openpgp', 'dist', 'node', 'openpgp.mjs')));
const HASH = { sha256: openpgp.enums.hash.sha256, sha384: openpgp.enums.hash.sha384,
	sha512: openpgp.enums.hash.sha512, 'sha3-256': openpgp.enums.hash.sha3_256,
	'sha3-512': openpgp.enums.hash.sha3_512 };

const readStdin = () => new Uint8Array(readFileSync(0));
const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'keygen') {
	const date = new Date(1000 * Number(args[2] && !args[2].startsWith('--') ? args[2] : 1704067200));
	// --protect cfb|gcm|ocb|argon2 PASSPHRASE: the secret key protected (iterated and
	// salted S2K with AES-256 in CFB, or AEAD GCM/OCB; Argon2 S2K with OCB)
	const i = args.indexOf('--protect');
	const config = { v6Keys: true };
	let passphrase;
	if (i >= 0) {
		const how = args[i + 1];
		passphrase = args[i + 2];
		if (how !== 'cfb') {
			config.aeadProtect = true;
			config.preferredAEADAlgorithm = how === 'gcm' ? openpgp.enums.aead.gcm : openpgp.enums.aead.ocb;
		}
		if (how === 'argon2')
			config.s2kType = openpgp.enums.s2k.argon2;
	}
	const { privateKey, publicKey } = await openpgp.generateKey({
		type: 'curve25519', userIDs: [{ name: 'OpenPGP.js v6', email: 'v6@example.org' }],
		date, format: 'binary', passphrase, config });
	writeFileSync(args[0], publicKey);
	writeFileSync(args[1], privateKey);
} else if (cmd === 'sign') {
	const key = await openpgp.readPrivateKey({ binaryKey: new Uint8Array(readFileSync(args[0])) });
	const i = args.indexOf('--hash');
	const config = i >= 0 ? { preferredHashAlgorithm: HASH[args[i + 1]] } : {};
	const message = await openpgp.createMessage({ binary: readStdin() });
	const sig = await openpgp.sign({ message, signingKeys: key, detached: true,
		format: 'binary', config });
	process.stdout.write(sig);
} else if (cmd === 'verify') {
	const key = await openpgp.readKey({ binaryKey: new Uint8Array(readFileSync(args[0])) });
	const signature = await openpgp.readSignature({
		binarySignature: new Uint8Array(readFileSync(args[1])) });
	const message = await openpgp.createMessage({ binary: new Uint8Array(readFileSync(args[2])) });
	const { signatures } = await openpgp.verify({ message, signature, verificationKeys: key });
	let good = false;
	for (const s of signatures) {
		try {
			await s.verified;
			console.log(`OK ${key.getFingerprint().toUpperCase()}`);
			good = true;
		} catch (e) {
			console.log(`BAD ${e.message}`);
		}
	}
	process.exit(good ? 0 : 1);
} else {
	console.error('usage: openpgpjs.mjs keygen PUB SEC [TIME] | sign SEC [--hash H] | verify PUB SIG DATA');
	process.exit(2);
}
