// SPDX-License-Identifier: GPL-2.0
/*
 * pgp-sign-module's command line: the options of every mode read into the
 * run's options and the configuration of the kernel judged for, the
 * environment the tool reads, and the checks of both; a usage error is one
 * line on stderr and exit status 2.
 */
#define _GNU_SOURCE
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgp-sign.h"

/* The tree's version, as pgp-sign-module-build.sh --version prints it. */
#ifndef PGP_SIGN_VERSION
#define PGP_SIGN_VERSION "(version unknown)"
#endif

enum {
	OPT_DIGEST = 256, OPT_RESERVE, OPT_HOMEDIR, OPT_PASSFILE, OPT_APPEND, OPT_STRIP, OPT_AGENT,
	OPT_NOAGENT, OPT_TIMINGS, OPT_REPLACE, OPT_VERIFY, OPT_DEARMOR, OPT_PREPARE, OPT_ATTACH,
	OPT_KEYRING, OPT_SQV, OPT_SIGSUFFIX, OPT_LEGACY, OPT_ALGOS, OPT_DATA, OPT_VERSION, OPT_SECKEY,
	OPT_GENKEY, OPT_JSON, OPT_PQONLY, OPT_DETERMINISTIC,
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
	{ "deterministic", no_argument, NULL, OPT_DETERMINISTIC },
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

void bad_usage(const char *fmt, const char *a)
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
	k->slhdsa = false;
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
		else if (!strcmp(w, "slhdsa"))
			k->slhdsa = true;
		else
			bad_usage("--algos: unknown algorithm '%s' (rsa, dsa, eddsa, ecdsa, mldsa, ed448, slhdsa)",
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
		o->pq_only = true;
		break;
	case OPT_DATA:
		o->data_dir = arg;
		break;
	case OPT_SECKEY:
		o->secret_key = arg;
		break;
	case OPT_DETERMINISTIC:
		o->deterministic = true;
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
void read_environment(struct pgp_opts *o)
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
int parse_args(int argc, char **argv, struct pgp_opts *o, struct kern_config *k)
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
			usage_print(o->mode);
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
void absolute_paths(struct pgp_opts *o, char bufs[3][PATH_MAX])
{
	if (o->homedir && realpath(o->homedir, bufs[0]))
		o->homedir = bufs[0];
	if (o->passfile && realpath(o->passfile, bufs[1]))
		o->passfile = bufs[1];
	if (o->keyring && realpath(o->keyring, bufs[2]))
		o->keyring = bufs[2];
}

/* verify-module.sh's short usage, for a command line without a keyring or a module. */
void verify_missing(const struct pgp_opts *o, int names)
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
 * SOURCE_DATE_EPOCH: -1 when unset or empty, else a time an OpenPGP packet
 * can carry (decimal digits, at most 2^32 - 1); anything else is refused.
 */
long long source_date_epoch(void)
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
void check_args(struct pgp_opts *o, int names)
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
