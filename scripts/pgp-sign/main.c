// SPDX-License-Identifier: GPL-2.0
/*
 * pgp-sign-module: sign kernel modules with OpenPGP signatures kept in the
 * "module_sig" ELF section, the per-module work of scripts/sign-module.sh;
 * this file reads the command line and runs the mode it names.
 *
 * For each module: decompress (.ko.xz/.zst/.gz: xz with liblzma when built
 * with it, else with the tool that compressed it), find module_sig with
 * the kernel's own locator (kernel/module/signing_pgp_elf.c, compiled in),
 * add the placeholder or zero the existing section, hash the file, have
 * gpg-agent sign the digest over its Assuan socket (or run gpg
 * --detach-sign), build the signature packet exactly as gpg writes it
 * (checked once per run against a signature gpg makes), write the container
 * into the placeholder, recompress and atomically replace the module.  On
 * any failure the module is left byte-identical and one line
 * "TOOL: FILE: reason" is printed.
 *
 * Also: --verify (the kernel's verdict, for verify-module.sh), --prepare
 * and --attach (signatures made elsewhere), --dearmor.
 */
#define _GNU_SOURCE
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pgp-sign.h"

/* The tree's version, as pgp-sign-module-build.sh --version prints it. */
#ifndef PGP_SIGN_VERSION
#define PGP_SIGN_VERSION "(version unknown)"
#endif

/* The --help text; every %s is the program's name. */
static const char usage_text[] =
	"Usage: %s [options] MODULE...\n"
	"       %s --prepare [--reserve N] [--strip] [--replace-pkcs7] MODULE...\n"
	"       %s --attach --keyring PUBRING [--sqv] [--sig-suffix S] [--append] MODULE...\n"
	"       %s --verify --keyring PUBRING [--sqv] [--legacy] [--algos LIST] [--pq-only]\n"
	"          [--quiet | --json] MODULE...\n"
	"       %s --dearmor IN OUT\n"
	"       %s --gen-key mldsa65-ed25519|mldsa87-ed448|ed25519-v6|ed448-v6 UID SECRET PUBLIC\n"
	"\n"
	"Signs each MODULE (.ko, .ko.xz, .ko.zst, .ko.gz) with gpg. The OpenPGP\n"
	"signature is stored in the \"module_sig\" ELF section; the signed data is the\n"
	"whole module file with that section's content zeroed.\n"
	"\n"
	"Options:\n"
	"  -u, --local-user KEY     sign with KEY (any form gpg accepts: fingerprint,\n"
	"                           FINGERPRINT! for a subkey, key ID, user ID, e-mail);\n"
	"                           default: gpg's default key\n"
	"  --digest ALGO            sha256, sha384, sha512 (default) or sha224\n"
	"  --reserve BYTES          size of a new module_sig section (default 2048,\n"
	"                           8192 with --prepare and --attach: room for an\n"
	"                           ML-DSA+EdDSA signature beside v4 ones;\n"
	"                           at most 65536);\n"
	"                           an existing section of another size is resized\n"
	"  --homedir DIR            GnuPG home directory (default: $GNUPGHOME)\n"
	"  --passphrase-file FILE   passphrase for the key (pinentry loopback mode)\n"
	"  --secret-key FILE        sign without gpg, with the first signing key of an\n"
	"                           RFC 9580 transferable secret key (v6: Ed25519, Ed448,\n"
	"                           ML-DSA-65+Ed25519, ML-DSA-87+Ed448), binary or\n"
	"                           armoured; unprotected\n"
	"                           or with --passphrase-file (CFB, OCB, GCM; Argon2);\n"
	"                           default without -u: --homedir's pgp-modsign-v6.key\n"
	"                           (pgp-modsign-genkey.sh's v6 key), when there\n"
	"  --append                 keep existing signature(s) and add one (key rollover);\n"
	"                           a key's own earlier signature is replaced, and\n"
	"                           module_sig keeps its size (no --reserve of another)\n"
	"  --strip                  strip debug information (objcopy --strip-debug) first\n"
	"  --replace-pkcs7          remove mainline's appended PKCS#7 signature and sign\n"
	"                           (re-signing a distribution's modules); without it\n"
	"                           such modules are refused\n"
	"  -j, --jobs N             sign N modules in parallel\n"
	"  --agent                  sign through gpg-agent even a single module\n"
	"                           (the default for two modules or more)\n"
	"  --no-agent, --gpg        run gpg --detach-sign once per module\n"
	"  --timings                print where the time of one module goes\n"
	"  --legacy, --algos LIST   the kernel signed for (see Checking below): a\n"
	"                           signature it would refuse is not made\n"
	"  -q, --quiet              no progress lines and no summary\n"
	"  -h, --help               this text\n"
	"  --version                the version of the tree the tool was built from\n"
	"  --print-tool             (sign-module.sh) print the path of the program it\n"
	"                           runs, for scripts that run it for many modules\n"
	"\n"
	"Before signing, the key gpg will use is judged by the kernel's own rules\n"
	"(compiled in) with what gpg exports for it as the kernel's keyring: the key\n"
	"policy (RSA and DSA of 2048 bits or more, DSA-1024 only with --legacy),\n"
	"expiry and revocation at the signature's time and now (SOURCE_DATE_EPOCH\n"
	"does not revive an expired key), and the digest the key needs (256 bits for\n"
	"Ed25519, 384 for P-384, q's size for DSA); each signature made is checked\n"
	"the same way, as the module will carry it, before the module is written.\n"
	"Unless -q, the last line is \"N signed, M failed\" (prepared, attached).\n"
	"\n"
	"Signing through gpg-agent: gpg signs an empty input once (its key choice,\n"
	"options and errors apply); then each job keeps one gpg-agent conversation\n"
	"(the Assuan protocol over a pipe or the agent's socket), hashes each module\n"
	"itself and builds the same signature packet as gpg's, with gpg's subpackets\n"
	"(issuer fingerprint, creation time, the signer's user ID when -u names one,\n"
	"gpg.conf's notations). A key on disk that needs no pinentry is used through\n"
	"a private \"gpg-agent --server\" per job; other keys (smartcards,\n"
	"passphrases cached in the running agent) through the running agent. When\n"
	"this path cannot be used, a note says why and gpg signs each module.\n"
	"\n"
	"Remote signing: --prepare writes the empty placeholder into each module and\n"
	"MODULE.tbs, the exact bytes to sign (for a .ko the module itself). Any\n"
	"OpenPGP signer makes a detached binary signature of MODULE.tbs, saved as\n"
	"MODULE.sig (--sig-suffix); --attach checks each signature in it as the\n"
	"kernel would with the keys of --keyring, and with gpgv (or --sqv), and\n"
	"writes them into module_sig only when every one verifies with the same key\n"
	"both ways; v6 signatures and the Ed25519 (27), Ed448 (28) and ML-DSA+EdDSA\n"
	"(30, 31) algorithms, which gpgv 2.2 and sqv 1.1 cannot read, by the kernel's code\n"
	"alone (a note says so). MODULE.tbs is written through a new file renamed\n"
	"into place.\n"
	"\n"
	"Checking: --verify is verify-module.sh (see its --help): the kernel's\n"
	"verdict on each MODULE (the loader's check, keyring rules, key policy and\n"
	"verifiers of this kernel tree, compiled in) and gpgv's or sqv's beside it.\n"
	"  --keyring FILE           the kernel's built-in keyring (binary or armoured)\n"
	"  --sqv                    check with Sequoia's sqv instead of gpgv\n"
	"  --legacy                 as with CONFIG_MODULE_SIG_PGP_LEGACY\n"
	"  --algos LIST             public-key algorithms of the kernel: rsa,dsa and any\n"
	"                           of eddsa (CONFIG_CRYPTO_ED25519), ecdsa\n"
	"                           (CONFIG_CRYPTO_ECDSA_RAW), mldsa (CONFIG_CRYPTO_MLDSA_VERIFY:\n"
	"                           with eddsa, ML-DSA-65+Ed25519), ed448\n"
	"                           (CONFIG_CRYPTO_ED448: with mldsa, ML-DSA-87+Ed448);\n"
	"                           default rsa,dsa,eddsa,ecdsa,mldsa,ed448\n"
	"  --pq-only                as with pgp_keys.pq_only=1: only post-quantum\n"
	"                           signatures (algorithms 30 and 31) count\n"
	"  --json                   one JSON array, an object per module\n"
	"  --data DIR               (one MODULE) write DIR/data (the signed data),\n"
	"                           DIR/sig.N and DIR/keyring, what gpgv is given\n"
	"\n"
	"The replaced module keeps its owner, mode and extended attributes and is\n"
	"synced before the rename; a name that is one of several hard links gets\n"
	"the new file, the other names keep the old one (a note says so). As with\n"
	"scripts/sign-file, a read-only module is signed when its directory may be\n"
	"written (it stays read-only; a note says so). A .ko.xz is written with a\n"
	"CRC32 check, which the kernel's xz decompressor verifies (what\n"
	"scripts/Makefile.modinst writes); a note says so when it had another (xz's\n"
	"default is CRC64). .ko.bz2 and other compressions the kernel does not\n"
	"load are refused.\n"
	"\n"
	"On any failure the module is left byte-identical and a line\n"
	"\"%s: MODULE: reason\" is printed.  Exit status: 0 every module done,\n"
	"1 a module failed, 2 usage error (--verify: as verify-module.sh's),\n"
	"130 interrupted (SIGINT; 143 SIGTERM, 129 SIGHUP), nothing left\n"
	"half-written.\n"
	"Compressed modules are refused at their first bytes when they are not ELF,\n"
	"and beyond INT_MAX bytes (what finit_module() reads), or the lower limit\n"
	"PGP_SIGN_MODULE_MAX_SIZE sets; liblzma and xz -d get a 256 MiB memory limit.\n"
	"Environment: GPG, GPG_AGENT, OBJCOPY, GPGV, SQV, SOURCE_DATE_EPOCH, GNUPGHOME,\n"
	"PGP_MODSIGN_AGENT=auto|private|shared (which agent the jobs use; auto: a\n"
	"private one for a key on disk without a passphrase, else the running one),\n"
	"PGP_MODSIGN_LOCK_DIR (where a key on a card or token has its lock, shared by\n"
	"concurrent runs, one signature at a time: default /run/pgp-modsign for root,\n"
	"$XDG_RUNTIME_DIR/pgp-modsign for others; made 0700, used only when nobody\n"
	"else may write it),\n"
	"for sign-module.sh: PGP_SIGN_MODULE (this program; else pgp-sign-module\n"
	"beside the script: the one Kbuild built in a kernel tree, or the one make\n"
	"install-tools installed; nothing is built or taken from a cache),\n"
	"PGP_SIGN_MODULE_XZ=1 (.ko.xz through the xz program even when built with\n"
	"liblzma), PGP_SIGN_MODULE_OBJCOPY=1 (placeholder added by objcopy).\n";

/* --verify's --help (verify-module.sh's); every %s is the program's name. */
static const char verify_usage_text[] =
	"Usage: %s --keyring FILE [--sqv] [--legacy] [--algos LIST] [--pq-only] [--quiet | --json]\n"
	"       [--] MODULE...\n"
	"       %s --hash-list LIST|IMAGE [--quiet] [--] MODULE...\n"
	"\n"
	"Verifies the OpenPGP signature(s) in the module_sig section of each MODULE\n"
	"(.ko, .ko.xz, .ko.zst, .ko.gz) against the public keys in FILE (binary or\n"
	"ASCII-armoured, as \"gpg --export [--armor]\" writes it), as a kernel with FILE\n"
	"as its built-in keyring would: the verdict is the kernel's own code's, built\n"
	"into the signing tool (the loader's check, the keyring's rules, the key\n"
	"policy, the verifiers), and every signature it accepts must also verify with\n"
	"gpgv (or sqv) by the same key.  gpgv 2.2 and sqv 1.1 read only RFC 4880's v4\n"
	"signatures: a v6 signature (RFC 9580), and Ed25519 (algorithm 27), Ed448\n"
	"(28), ML-DSA-65+Ed25519 (30) or ML-DSA-87+Ed448 (31, RFC 9980), are judged by\n"
	"the kernel's code alone and reported \"not checked by gpgv: v6\" (or sqv, or\n"
	"the algorithm), not as bad.\n"
	"\n"
	"For each module it prints the SHA-256 of the module (as loaded, i.e.\n"
	"decompressed) and of its signed data (module_sig zeroed), the two hashes a\n"
	"blacklist entry can name; for each signature the signer, the key, the\n"
	"digest, the creation time and the verdict, with the kernel's error code when\n"
	"it refuses it.  As in the kernel, the whole file with module_sig zeroed is the\n"
	"signed data, a module is good when one of its signatures (at most 16) is,\n"
	"key expiry is judged at the signature's creation time, revoked keys are\n"
	"refused, RSA keys need 2048 bits, DSA keys 2048 with q of 224 or 256 bits\n"
	"(1024/160 with --legacy), digests are SHA-224/256/384/512 and at least as\n"
	"long as the key needs (256 bits for Ed25519 and ML-DSA+EdDSA, 512 for Ed448).\n"
	"\n"
	"  --keyring FILE  public keyring (required; may be given more than once)\n"
	"  --sqv           check with Sequoia's sqv instead of gpgv\n"
	"  --legacy        as a kernel with CONFIG_MODULE_SIG_PGP_LEGACY (SHA-1, DSA-1024)\n"
	"  --algos LIST    the kernel's public-key algorithms: rsa,dsa and any of eddsa\n"
	"                  (CONFIG_CRYPTO_ED25519), ecdsa (CONFIG_CRYPTO_ECDSA_RAW),\n"
	"                  mldsa (CONFIG_CRYPTO_MLDSA_VERIFY: with eddsa, ML-DSA-65+Ed25519),\n"
	"                  ed448 (CONFIG_CRYPTO_ED448: with mldsa, ML-DSA-87+Ed448);\n"
	"                  default rsa,dsa,eddsa,ecdsa,mldsa,ed448\n"
	"  --pq-only       as a kernel with pgp_keys.pq_only=1: only post-quantum\n"
	"                  signatures (ML-DSA+EdDSA, algorithms 30 and 31) count\n"
	"  -q, --quiet     print only failures\n"
	"  --json          print one JSON array instead, an object per module:\n"
	"                  {\"module\", \"verdict\" (good, bad, unsigned, good-pkcs7),\n"
	"                  \"reason\", \"kernel\" (its errno name or 0), \"sha256\",\n"
	"                  \"sha256_signed\", \"pkcs7\", \"signatures\": [{\"index\", \"issuer\",\n"
	"                  \"signer\", \"primary\", \"key\", \"algorithm\", \"digest\",\n"
	"                  \"created\", \"created_unix\", \"verdict\" (good, bad), \"kernel\",\n"
	"                  \"reason\"}]}; a signer is the (sub)key that verified it,\n"
	"                  primary its primary key (the same for a primary key); a\n"
	"                  good signature's reason is null or a note (a v6 one: \"the\n"
	"                  kernel's code; not checked by gpgv: v6\")\n"
	"  --hash-list LIST|IMAGE\n"
	"                  instead: is each MODULE \"in the hash list of this kernel\"\n"
	"                  (CONFIG_MODULE_HASH_LIST)?  LIST is the modules.hashlist\n"
	"                  make modules_install installs, IMAGE a kernel image\n"
	"                  (vmlinux, bzImage, Image.gz); the kernel's own code decides\n"
	"                  (pgp-sign-module --hash-list); exit 0 when all are, 1 when\n"
	"                  one is not, 2 on an error\n"
	"  -h, --help      this text\n"
	"  --version       the version of the tree this program was built from\n"
	"\n"
	"A signature made by a signing subkey names the subkey first, then its\n"
	"primary key: \"signer SUBKEY (subkey of PRIMARY)\".\n"
	"\n"
	"Exit status: 0 every module good, 1 a module is bad, malformed or signed\n"
	"only by untrusted keys, 2 a module is unsigned or usage error, 3 a module's\n"
	"OpenPGP signature is good but it also carries an appended PKCS#7 signature,\n"
	"which the kernel checks first and this program cannot (1 wins over 2, 2 over 3),\n"
	"130 interrupted (SIGINT), 143 terminated (SIGTERM).\n"
	"Environment: GPGV, SQV; PGP_SIGN_MODULE, the program verify-module.sh runs\n"
	"(pgp-sign-module --verify; else the one beside the script).\n";

static void usage(FILE *f, enum pgp_mode mode)
{
	const char *prog = prog_name();
	char note[128];

	if (mode == MODE_VERIFY) {
		fprintf(f, verify_usage_text, prog, prog);
		return;
	}
	fprintf(f, usage_text, prog, prog, prog, prog, prog, prog, prog);
	hashlist_usage(f == stderr);
	fprintf(f, "%s\n", comp_build_note(note, sizeof(note)));
}

enum {
	OPT_DIGEST = 256, OPT_RESERVE, OPT_HOMEDIR, OPT_PASSFILE, OPT_APPEND, OPT_STRIP, OPT_AGENT,
	OPT_NOAGENT, OPT_TIMINGS, OPT_REPLACE, OPT_VERIFY, OPT_DEARMOR, OPT_PREPARE, OPT_ATTACH,
	OPT_KEYRING, OPT_SQV, OPT_SIGSUFFIX, OPT_LEGACY, OPT_ALGOS, OPT_DATA, OPT_VERSION, OPT_SECKEY,
	OPT_GENKEY, OPT_JSON, OPT_PQONLY,
};

static const struct option long_opts[] = {
	{ "local-user", required_argument, NULL, 'u' },
	{ "digest", required_argument, NULL, OPT_DIGEST },
	{ "reserve", required_argument, NULL, OPT_RESERVE },
	{ "homedir", required_argument, NULL, OPT_HOMEDIR },
	{ "passphrase-file", required_argument, NULL, OPT_PASSFILE },
	{ "append", no_argument, NULL, OPT_APPEND },
	{ "strip", no_argument, NULL, OPT_STRIP },
	{ "jobs", required_argument, NULL, 'j' },
	{ "agent", no_argument, NULL, OPT_AGENT },
	{ "no-agent", no_argument, NULL, OPT_NOAGENT },
	{ "gpg", no_argument, NULL, OPT_NOAGENT },
	{ "timings", no_argument, NULL, OPT_TIMINGS },
	{ "replace-pkcs7", no_argument, NULL, OPT_REPLACE },
	{ "verify", no_argument, NULL, OPT_VERIFY },
	{ "legacy", no_argument, NULL, OPT_LEGACY },
	{ "algos", required_argument, NULL, OPT_ALGOS },
	{ "pq-only", no_argument, NULL, OPT_PQONLY },
	{ "data", required_argument, NULL, OPT_DATA },
	{ "secret-key", required_argument, NULL, OPT_SECKEY },
	{ "gen-key", required_argument, NULL, OPT_GENKEY },
	{ "dearmor", no_argument, NULL, OPT_DEARMOR },
	{ "prepare", no_argument, NULL, OPT_PREPARE },
	{ "attach", no_argument, NULL, OPT_ATTACH },
	{ "keyring", required_argument, NULL, OPT_KEYRING },
	{ "sqv", no_argument, NULL, OPT_SQV },
	{ "sig-suffix", required_argument, NULL, OPT_SIGSUFFIX },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ }
};

static_assert(MODULE_PGP_SIG_MAX_SIZE == 65536, "--reserve's message and --help name 65536");

static void bad_usage(const char *fmt, const char *a) __attribute__((noreturn));

static void bad_usage(const char *fmt, const char *a)
{
	fprintf(stderr, "%s: ", prog_name());
	fprintf(stderr, fmt, a);
	fputc('\n', stderr);
	exit(2);
}

static int digest_id(const char *name)
{
	static const struct { const char *name; int id; } d[] = {
		{ "sha256", 8 }, { "sha384", 9 }, { "sha512", 10 }, { "sha224", 11 },
	};
	size_t i;

	for (i = 0; i < PGP_ARRAY_SIZE(d); i++)
		if (!strcasecmp(name, d[i].name))
			return d[i].id;
	bad_usage("unsupported digest '%s' (sha224, sha256, sha384, sha512)", name);
}

static unsigned long reserve_size(const char *arg)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(arg, &end, 10);
	if (errno || *end || !isdigit((unsigned char)*arg) || v < 64 ||
	    v > MODULE_PGP_SIG_MAX_SIZE)
		bad_usage("--reserve must be a number of bytes between 64 and %s (the kernel refuses a larger module_sig)",
			  "65536");
	return v;
}

static int job_count(const char *arg)
{
	char *end;
	long j = strtol(arg, &end, 10);

	if (*end || j < 1 || !isdigit((unsigned char)*arg))
		bad_usage("-j needs a positive number%s", "");
	return j > PGP_MAX_JOBS ? PGP_MAX_JOBS : j;
}

/* --algos: the public-key algorithms of the kernel judged for. */
static void parse_algos(struct kern_config *k, const char *arg)
{
	char *list = strdup(arg), *w, *sv;
	bool rsa = false, dsa = false;

	k->ed25519 = false;
	k->ecdsa = false;
	k->mldsa = false;
	k->ed448 = false;
	for (w = strtok_r(list, ",", &sv); w; w = strtok_r(NULL, ",", &sv)) {
		if (!strcmp(w, "rsa"))
			rsa = true;
		else if (!strcmp(w, "dsa"))
			dsa = true;
		else if (!strcmp(w, "eddsa"))
			k->ed25519 = true;
		else if (!strcmp(w, "ecdsa"))
			k->ecdsa = true;
		else if (!strcmp(w, "mldsa"))
			k->mldsa = true;
		else if (!strcmp(w, "ed448"))
			k->ed448 = true;
		else
			bad_usage("--algos: unknown algorithm '%s' (rsa, dsa, eddsa, ecdsa, mldsa, ed448)",
				  w);
	}
	free(list);
	if (!rsa || !dsa)
		bad_usage("--algos must name rsa and dsa: the kernel's OpenPGP code always has them%s",
			  "");
}

/* One option into @o and @k; -1 for an unknown one. */
static int parse_opt(struct pgp_opts *o, struct kern_config *k, int c, const char *arg)
{
	switch (c) {
	case 'u':
		o->local_user = arg;
		break;
	case OPT_DIGEST:
		o->hashalgo = digest_id(arg);
		break;
	case OPT_RESERVE:
		o->reserve = reserve_size(arg);
		o->reserve_set = true;
		break;
	case OPT_HOMEDIR:
		o->homedir = arg;
		break;
	case OPT_PASSFILE:
		o->passfile = arg;
		break;
	case OPT_APPEND:
		o->append = true;
		break;
	case OPT_STRIP:
		o->strip = true;
		break;
	case 'j':
		o->jobs = job_count(arg);
		break;
	case OPT_AGENT:
		o->agent_opt = 1;
		break;
	case OPT_NOAGENT:
		o->agent_opt = -1;
		break;
	case OPT_TIMINGS:
		o->timings = true;
		break;
	case OPT_REPLACE:
		o->replace_pkcs7 = true;
		break;
	case OPT_VERIFY:
		o->mode = MODE_VERIFY;
		break;
	case OPT_LEGACY:
		k->legacy = true;
		break;
	case OPT_ALGOS:
		parse_algos(k, arg);
		break;
	case OPT_PQONLY:
		k->pq_only = true;
		break;
	case OPT_DATA:
		o->data_dir = arg;
		break;
	case OPT_SECKEY:
		o->secret_key = arg;
		break;
	case OPT_GENKEY:
		o->mode = MODE_GENKEY;
		o->gen_algo = arg;
		break;
	case OPT_DEARMOR:
		o->mode = MODE_DEARMOR;
		break;
	case OPT_PREPARE:
		o->mode = MODE_PREPARE;
		break;
	case OPT_ATTACH:
		o->mode = MODE_ATTACH;
		break;
	case OPT_KEYRING:
		o->keyring = arg;
		if (o->nkeyrings == PGP_MAX_KEYRINGS)
			bad_usage("more than %s --keyring files", "64");
		o->keyrings[o->nkeyrings++] = arg;
		break;
	case OPT_JSON:
		o->json = true;
		break;
	case OPT_SQV:
		o->use_sqv = true;
		break;
	case OPT_SIGSUFFIX:
		o->sig_suffix = arg;
		break;
	case 'q':
		o->quiet = true;
		break;
	default:
		return -1;
	}
	return 0;
}

/* The largest module: PGP_MODULE_MAX_SIZE, or the lower PGP_SIGN_MODULE_MAX_SIZE. */
static size_t max_size(void)
{
	const char *e = getenv("PGP_SIGN_MODULE_MAX_SIZE");
	unsigned long long v;
	char *end;

	if (!e || !*e)
		return PGP_MODULE_MAX_SIZE;
	errno = 0;
	v = strtoull(e, &end, 10);
	if (errno || *end || !isdigit((unsigned char)*e) || !v || v >= PGP_MODULE_MAX_SIZE)
		return PGP_MODULE_MAX_SIZE;
	return v;
}

/* What the environment says, checked. */
static void environment(struct pgp_opts *o)
{
	const char *e = getenv("PGP_MODSIGN_AGENT");

	o->gpg = getenv("GPG") ? getenv("GPG") : "gpg";
	o->objcopy = getenv("OBJCOPY") ? getenv("OBJCOPY") : "objcopy";
	o->xz_program = getenv("PGP_SIGN_MODULE_XZ");
	o->objcopy_only = getenv("PGP_SIGN_MODULE_OBJCOPY");
	o->max_size = max_size();
	o->agent_how = e && *e ? e : "auto";
}

/* The command line into @o and @k; the first name's index. */
static int parse_args(int argc, char **argv, struct pgp_opts *o, struct kern_config *k)
{
	int c;

	opterr = 0;		/* its messages are this program's, below */
	while ((c = getopt_long(argc, argv, "+:u:j:qh", long_opts, NULL)) != -1) {
		if (c == '?' || c == ':') {
			const char *o = argv[optind - 1];

			if (c == '?' && optopt && optopt < 256 && o[0] == '-' && o[1] != '-')
				fprintf(stderr, "%s: unknown option -%c (see --help)\n", prog_name(),
					optopt);
			else if (c == '?')
				fprintf(stderr, "%s: unknown option %s (see --help)\n", prog_name(), o);
			else
				fprintf(stderr, "%s: option %s needs a value (see --help)\n",
					prog_name(), o);
			exit(2);
		}
		if (c == 'h') {
			usage(stdout, o->mode);
			exit(0);
		}
		if (c == OPT_VERSION) {
			printf("%s %s\n", prog_name(), PGP_SIGN_VERSION);
			exit(0);
		}
		if (parse_opt(o, k, c, optarg)) {
			fprintf(stderr, "%s: unknown option %s (see --help)\n", prog_name(),
				argv[optind - 1]);
			exit(2);
		}
	}
	return optind;
}

/* Paths the tool hands to programs that run elsewhere, made absolute. */
static void absolute_paths(struct pgp_opts *o, char bufs[3][PATH_MAX])
{
	if (o->homedir && realpath(o->homedir, bufs[0]))
		o->homedir = bufs[0];
	if (o->passfile && realpath(o->passfile, bufs[1]))
		o->passfile = bufs[1];
	if (o->keyring && realpath(o->keyring, bufs[2]))
		o->keyring = bufs[2];
}

/* verify-module.sh's short usage, for a command line without a keyring or a module. */
static void verify_missing(const struct pgp_opts *o, int names)
{
	const char *prog = prog_name();

	if (!o->nkeyrings)
		fprintf(stderr, "%s: --keyring FILE is required\n", prog);
	if (!names)
		fprintf(stderr, "%s: no module given\n", prog);
	fprintf(stderr, "Usage: %s --keyring FILE [options] [--] MODULE...  (see --help)\n", prog);
	exit(2);
}

/*
 * --verify MODULE... (verify-module.sh): every --keyring file, binary or
 * armoured, read into one keyring as the kernel's built-in one; then each
 * module judged (verify.c).  The exit status is verify_modules()'s, 2 for
 * a usage error or a keyring that cannot be read.
 */
static int run_verify(struct pgp_run *r, char **names, int n)
{
	const struct pgp_opts *o = &r->opt;
	const char *v = o->use_sqv ? (getenv("SQV") ? getenv("SQV") : "sqv") :
			(getenv("GPGV") ? getenv("GPGV") : "gpgv");
	struct buf all = {};
	struct pgp_ring ring = {};
	char why[PGP_WHY_MAX];
	int i, rc;

	if (!o->nkeyrings || !n)
		verify_missing(o, n);
	if (o->data_dir && n != 1)
		bad_usage("--data takes one MODULE%s", "");
	if (!have_prog(v)) {
		fprintf(stderr, "%s: %s not found\n", prog_name(), v);
		return 2;
	}
	for (i = 0; i < o->nkeyrings; i++) {
		const char *k = o->keyrings[i];
		struct buf b = {};
		size_t before = all.len;
		struct stat st;

		if (stat(k, &st) || !S_ISREG(st.st_mode) || read_file(k, &b, 64 << 20)) {
			fprintf(stderr, "%s: %s: cannot read keyring\n", prog_name(), k);
			exit(2);
		}
		if (pgp_dearmor(b.p, b.len, &all) || all.len == before) {
			fprintf(stderr, "%s: %s: not an OpenPGP keyring (or its armour is damaged)\n",
				prog_name(), k);
			exit(2);
		}
		buf_free(&b);
	}
	rc = ring_load_bin(&ring, all.p, all.len, why, sizeof(why));
	buf_free(&all);
	if (rc) {
		fprintf(stderr, "%s: %s: the kernel's keyring parser fails (%s)\n", prog_name(),
			o->keyrings[0], why);
		return 2;
	}
	/* gpgv's and sqv's messages as the report quotes them */
	setenv("LC_ALL", "C", 1);
	/* a line at a time, in order with the messages on stderr */
	setvbuf(stdout, NULL, _IOLBF, 0);
	signals_install();
	if (tmpdir_make(r->tmpdir, sizeof(r->tmpdir))) {
		fprintf(stderr, "%s: cannot create a temporary directory\n", prog_name());
		return 2;
	}
	rc = verify_modules(r, &ring, names, n);
	ring_free(&ring);
	tmpdir_remove(r->tmpdir);
	return rc;
}

/* Signing (and --prepare): the key, once, then every module in the pool. */
static int run_sign(struct pgp_run *r, char **mods, int total)
{
	static const struct pgp_pool_ops sign_ops = {
		.start = sign_start, .one = sign_one, .degrade = sign_degrade, .end = sign_end,
	};
	static const struct pgp_pool_ops prepare_ops = { .one = prepare_one };
	struct pgp_opts *o = &r->opt;
	struct pgp_signer s = {};
	struct pgp_job j = { .run = r, .signer = &s };
	char seckey[PATH_MAX + 32];
	int rc;

	if (o->mode == MODE_PREPARE)
		return pool_run(&j, mods, total, &prepare_ops);
	if (o->secret_key || seckey_default(o, seckey, sizeof(seckey)))
		return run_seckey(r, mods, total);
	gnupg_tool(o->gpg, "gpg-agent", o->gpg_agent, sizeof(o->gpg_agent));
	if (getenv("GPG_AGENT"))
		snprintf(o->gpg_agent, sizeof(o->gpg_agent), "%s", getenv("GPG_AGENT"));
	gnupg_tool(o->gpg, "gpgconf", o->gpgconf, sizeof(o->gpgconf));
	gnupg_tool(o->gpg, "gpg-connect-agent", o->gpg_connect_agent,
		   sizeof(o->gpg_connect_agent));
	if (o->passfile && read_passphrase(o->passfile, &s.passphrase))
		fail_all(r, total, mods[0],
			 "passphrase file %s: the first line is longer than %d bytes (or unreadable)",
			 o->passfile, PGP_PASSPHRASE_MAX);
	preflight(r, &s, total, mods[0],
		  o->agent_opt > 0 || (o->agent_opt == 0 && total > 1));
	rc = pool_run(&j, mods, total, &sign_ops);
	wipe_passphrase(&s.passphrase);
	kern_pubkeys_free(s.keys);
	kern_keyring_free(s.kring);
	buf_free(&s.hashed);
	buf_free(&s.unhashed);
	return rc;
}

/* --attach: the keyring, once (and its file for gpgv), then every module in the pool. */
static int run_attach(struct pgp_run *r, char **mods, int total)
{
	static const struct pgp_pool_ops attach_ops = { .one = attach_one };
	struct pgp_ring ring = {};
	struct pgp_job j = { .run = r, .ring = &ring };
	char why[PGP_WHY_MAX];
	int rc;

	if (ring_load(&ring, r->opt.keyring, why, sizeof(why)))
		fail_all(r, total, mods[0], "%s", why);
	snprintf(ring.file, sizeof(ring.file), "%s/keyring.gpg", r->tmpdir);
	if (write_file(r->tmpdir, "keyring.gpg", ring.read.p, ring.read.len))
		fail_all(r, total, mods[0], "cannot write temporary files");
	if (ring.lost)
		note_once(r, "the kernel would not read %s completely (%u problems; a build refuses it)",
			  r->opt.keyring, ring.lost);
	rc = pool_run(&j, mods, total, &attach_ops);
	ring_free(&ring);
	return rc;
}

/*
 * SOURCE_DATE_EPOCH: -1 when unset or empty, else a time an OpenPGP packet
 * can carry (decimal digits, at most 2^32 - 1); anything else is refused.
 */
static long long source_date_epoch(void)
{
	const char *e = getenv("SOURCE_DATE_EPOCH");
	long long v;
	char *end;

	if (!e || !*e)
		return -1;
	errno = 0;
	v = strtoll(e, &end, 10);
	if (errno || *end || !isdigit((unsigned char)*e) || v > 0xffffffffLL)
		bad_usage("SOURCE_DATE_EPOCH is not a number of seconds OpenPGP can carry (0 to 4294967295): '%s'",
			  e);
	return v;
}

/* The checks of a signing, --prepare or --attach command line and environment. */
static void check_args(struct pgp_opts *o, int names)
{
	const char *e = o->agent_how;

	if (strcmp(e, "auto") && strcmp(e, "private") && strcmp(e, "shared"))
		bad_usage("PGP_MODSIGN_AGENT must be auto, private or shared%s", "");
	o->sde = source_date_epoch();
	if (o->append && o->strip)
		bad_usage("--append cannot be combined with --strip (stripping invalidates the existing signatures)%s",
			  "");
	if (o->mode == MODE_ATTACH && !o->keyring)
		bad_usage("--attach needs --keyring (the public keys the signature must verify with)%s",
			  "");
	if (!names) {
		const char *prog = prog_name();

		fprintf(stderr, "%s: no module given\nUsage: %s [options] MODULE...\nTry '%s --help' for the options.\n",
			prog, prog, prog);
		exit(2);
	}
}

int main(int argc, char **argv)
{
	struct pgp_run r = {
		.opt = {
			.hashalgo = 10, .reserve = 2048, .jobs = 1, .sde = -1,
			.sig_suffix = ".sig",
		},
	};
	struct kern_config kcfg = { .ed25519 = true, .ecdsa = true, .mldsa = true, .ed448 = true };
	char paths[3][PATH_MAX];
	int first, n, rc;

	if (argc > 1 && !strncmp(argv[1], "--hash-list", 11))
		return hashlist_main(argc, argv);
	first = parse_args(argc, argv, &r.opt, &kcfg);
	n = argc - first;
	/* every mode but --verify may hold a passphrase or a secret key */
	if (r.opt.mode != MODE_VERIFY)
		secrets_held();
	if (r.opt.mode == MODE_DEARMOR) {
		if (n != 2)
			bad_usage("--dearmor needs IN and OUT%s", "");
		return dearmor_file(argv[first], argv[first + 1]);
	}
	kern_set_config(&kcfg);
	if (r.opt.mode == MODE_GENKEY) {
		if (n != 3)
			bad_usage("--gen-key needs ALGO UID SECRET PUBLIC%s", "");
		return seckey_generate(r.opt.gen_algo, argv[first], argv[first + 1],
				       argv[first + 2], source_date_epoch());
	}
	environment(&r.opt);
	if (r.opt.mode == MODE_VERIFY)
		return run_verify(&r, argv + first, n);
	check_args(&r.opt, n);
	if (!r.opt.reserve_set && r.opt.mode != MODE_SIGN)
		r.opt.reserve = PGP_REMOTE_RESERVE;
	absolute_paths(&r.opt, paths);
	signals_install();
	srandom(getpid() ^ time(NULL));
	umask(umask(077) & 077);
	if (tmpdir_make(r.tmpdir, sizeof(r.tmpdir)))
		fail_all(&r, n, argv[first], "cannot create a temporary directory");
	if (r.opt.mode == MODE_ATTACH)
		rc = run_attach(&r, argv + first, n);
	else
		rc = run_sign(&r, argv + first, n);
	tmpdir_remove(r.tmpdir);
	return rc;
}
