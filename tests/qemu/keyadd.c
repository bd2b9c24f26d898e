// SPDX-License-Identifier: GPL-2.0
/*
 * keyadd - the guest side of run-time keyring additions in the QEMU tests.
 *
 *   keyadd [--expect ERRNO] TYPE DESCRIPTION PAYLOAD-FILE KEYRING
 *   keyadd --remove DESCRIPTION-PART KEYRING
 *
 * Adds a key of TYPE with DESCRIPTION ("" for the one the key type proposes)
 * and the content of PAYLOAD-FILE to the keyring whose description is
 * KEYRING (looked up in /proc/keys), as "keyctl padd" does, e.g.
 *
 *   keyadd blacklist bin:<sha256 hex> /mods/entry.p7s .blacklist
 *   keyadd asymmetric "" /mods/vendor.pgp .secondary_trusted_keys
 *
 * Exits 0 when add_key() succeeded; with --expect, when it failed with that
 * errno (ENOKEY, EKEYREJECTED, ...) instead; else prints the error and exits 1.
 *
 * --remove tries to take the key whose /proc/keys line holds
 * DESCRIPTION-PART out of KEYRING in every way root has (KEYCTL_UNLINK,
 * KEYCTL_INVALIDATE, KEYCTL_REVOKE) and exits 0 when each one was refused
 * and the key is still listed.
 *
 * Built static by tests/qemu/cases-loader.sh and run by modtest's "exec" cases.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define KEYCTL_REVOKE		3
#define KEYCTL_UNLINK		9
#define KEYCTL_INVALIDATE	21

static const struct {
	const char *name;
	int err;
} errnames[] = {
	{ "ENOKEY", ENOKEY }, { "EKEYREJECTED", EKEYREJECTED }, { "EEXIST", EEXIST },
	{ "ENOPKG", ENOPKG }, { "EBADMSG", EBADMSG }, { "EACCES", EACCES },
	{ "EPERM", EPERM }, { "EKEYREVOKED", EKEYREVOKED }, { "EINVAL", EINVAL },
};

static int errnum(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(errnames) / sizeof(errnames[0]); i++)
		if (!strcmp(errnames[i].name, name))
			return errnames[i].err;
	return -1;
}

/*
 * Serial of the first key of /proc/keys whose type is @type (NULL: any) and
 * whose description (or, with @part, the rest of the line) matches @name.
 */
static long find_key(const char *type, const char *name, int part)
{
	char line[1024], t[64], desc[768];
	unsigned long serial;
	long found = 0;
	FILE *f = fopen("/proc/keys", "r");

	if (!f) {
		perror("keyadd: /proc/keys");
		return 0;
	}
	/* "serial flags usage expiry perm uid gid type description: ..." */
	while (!found && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx %*s %*s %*s %*s %*s %*s %63s %767[^\n]",
			   &serial, t, desc) != 3 || (type && strcmp(t, type)))
			continue;
		if (part ? strstr(desc, name) != NULL :
			   !strncmp(desc, name, strlen(name)) && desc[strlen(name)] == ':')
			found = (long)serial;
	}
	fclose(f);
	return found;
}

static int do_remove(const char *part, const char *ring_name)
{
	static const struct {
		int op;
		const char *name;
	} ops[] = {
		{ KEYCTL_UNLINK, "unlink" }, { KEYCTL_INVALIDATE, "invalidate" },
		{ KEYCTL_REVOKE, "revoke" },
	};
	long key = find_key(NULL, part, 1), ring = find_key("keyring", ring_name, 0);
	int bad = 0;
	size_t i;

	if (!key || !ring) {
		fprintf(stderr, "keyadd: %s: no such key, or no keyring %s\n", part, ring_name);
		return 1;
	}
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		long ret = syscall(SYS_keyctl, ops[i].op, (int)key,
				   ops[i].op == KEYCTL_UNLINK ? (int)ring : 0);

		printf("# keyadd: %s %lx: %s\n", ops[i].name, key,
		       ret ? strerror(errno) : "done");
		if (!ret)
			bad = 1;
	}
	if (find_key(NULL, part, 1) != key) {
		fprintf(stderr, "keyadd: %s: gone from /proc/keys\n", part);
		bad = 1;
	}
	return bad;
}

int main(int argc, char **argv)
{
	static char payload[65536];
	int expect = 0;
	size_t len;
	long ring, key;
	FILE *f;

	if (argc == 4 && !strcmp(argv[1], "--remove"))
		return do_remove(argv[2], argv[3]);
	if (argc == 7 && !strcmp(argv[1], "--expect")) {
		expect = errnum(argv[2]);
		if (expect < 0) {
			fprintf(stderr, "keyadd: %s: unknown errno name\n", argv[2]);
			return 2;
		}
		argv += 2;
		argc -= 2;
	}
	if (argc != 5) {
		fprintf(stderr, "usage: keyadd [--expect ERRNO] TYPE DESCRIPTION PAYLOAD-FILE KEYRING\n"
				"       keyadd --remove DESCRIPTION-PART KEYRING\n");
		return 2;
	}
	f = fopen(argv[3], "rb");
	if (!f) {
		fprintf(stderr, "keyadd: %s: %s\n", argv[3], strerror(errno));
		return 1;
	}
	len = fread(payload, 1, sizeof(payload), f);
	fclose(f);
	ring = find_key("keyring", argv[4], 0);
	if (!ring) {
		fprintf(stderr, "keyadd: %s: no such keyring in /proc/keys\n", argv[4]);
		return 1;
	}
	key = syscall(SYS_add_key, argv[1], argv[2], payload, len, (int)ring);
	if (key < 0) {
		if (expect && errno == expect) {
			printf("# keyadd: %s %s refused as expected: %s\n", argv[1], argv[3],
			       strerror(errno));
			return 0;
		}
		fprintf(stderr, "keyadd: %s %s: add_key: %s\n", argv[1], argv[2], strerror(errno));
		return 1;
	}
	printf("# keyadd: %s key %lx \"%s\" in %s (%lx)\n", argv[1], key, argv[2], argv[4], ring);
	if (expect) {
		fprintf(stderr, "keyadd: %s: added, but %s was expected\n", argv[3],
			strerror(expect));
		return 1;
	}
	return 0;
}
