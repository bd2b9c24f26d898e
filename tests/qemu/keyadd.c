// SPDX-License-Identifier: GPL-2.0
/*
 * keyadd - the guest side of run-time keyring additions in the QEMU tests.
 *
 *   keyadd [--uid UID] [--expect ERRNO] TYPE DESCRIPTION PAYLOAD-FILE KEYRING
 *   keyadd --each LIST KEYRING
 *   keyadd --remove DESCRIPTION-PART KEYRING
 *
 * Adds a key of TYPE with DESCRIPTION ("" for the one the key type proposes)
 * and the content of PAYLOAD-FILE (at most 1 MiB) to the keyring whose
 * description is KEYRING (looked up in /proc/keys), as "keyctl padd" does,
 * e.g.
 *
 *   keyadd blacklist bin:<sha256 hex> /mods/entry.p7s .blacklist
 *   keyadd asymmetric "" /mods/vendor.pgp .secondary_trusted_keys
 *
 * KEYRING may also be @u, the user's own keyring, or restricted:RESTRICTION,
 * a new keyring of the user's own (in @u) restricted as "keyctl
 * restrict_keyring KEYRING asymmetric RESTRICTION" does (e.g.
 * restricted:builtin_and_secondary_trusted).  --uid UID drops root for
 * UID (and group UID) once the payload is read: the rest is what any user
 * can do.  Options come in any order.
 *
 * Exits 0 when add_key() succeeded; with --expect, when it failed with that
 * errno (ENOKEY, EKEYREJECTED, E2BIG, ...) instead; else prints the error and
 * exits 1.  --each adds the asymmetric keys of LIST, one "EXPECT DESCRIPTION
 * FILE" line each (EXPECT 0 or an errno name; DESCRIPTION - for ""), and
 * exits 0 when each add_key() gave its EXPECT.
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
#define KEYCTL_RESTRICT_KEYRING	29
#define KEY_SPEC_USER_KEYRING	(-4)

static const struct {
	const char *name;
	int err;
} errnames[] = {
	{ "ENOKEY", ENOKEY }, { "EKEYREJECTED", EKEYREJECTED }, { "EEXIST", EEXIST },
	{ "ENOPKG", ENOPKG }, { "EBADMSG", EBADMSG }, { "EACCES", EACCES },
	{ "EPERM", EPERM }, { "EKEYREVOKED", EKEYREVOKED }, { "EINVAL", EINVAL },
	{ "E2BIG", E2BIG }, { "EINTR", EINTR }, { "ENOSPC", ENOSPC }, { "EDQUOT", EDQUOT },
	{ "EMSGSIZE", EMSGSIZE },
};

static char payload[1 << 20];

/* The keyring KEYRING names (see above), or 0. */
static long keyring_of(const char *name);

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

/* The keyring KEYRING names (see above), or 0. */
static long keyring_of(const char *name)
{
	long ring;

	if (!strcmp(name, "@u"))
		return KEY_SPEC_USER_KEYRING;
	if (strncmp(name, "restricted:", 11))
		return find_key("keyring", name, 0);
	ring = syscall(SYS_add_key, "keyring", "keyadd-restricted", NULL, 0,
		       KEY_SPEC_USER_KEYRING);
	if (ring < 0 || syscall(SYS_keyctl, KEYCTL_RESTRICT_KEYRING, (int)ring, "asymmetric",
				name + 11) < 0) {
		fprintf(stderr, "keyadd: %s: %s\n", name, strerror(errno));
		return 0;
	}
	printf("# keyadd: keyring %lx restricted with %s\n", ring, name + 11);
	return ring;
}

/* Read FILE into payload[]: its length, or -1. */
static long read_payload(const char *file)
{
	size_t len;
	FILE *f;

	f = fopen(file, "rb");
	if (!f) {
		fprintf(stderr, "keyadd: %s: %s\n", file, strerror(errno));
		return -1;
	}
	len = fread(payload, 1, sizeof(payload), f);
	fclose(f);
	return len;
}

/* add_key() of @len bytes of payload[] to @ring; 0 when it gave @expect (0: success). */
static int add_payload(const char *type, const char *desc, const char *file, long len,
		       long ring, int expect, int quiet)
{
	long key;

	key = syscall(SYS_add_key, type, desc, payload, (size_t)len, (int)ring);
	if (key < 0) {
		if (expect && errno == expect) {
			if (!quiet)
				printf("# keyadd: %s %s refused as expected: %s\n", type, file,
				       strerror(errno));
			return 0;
		}
		fprintf(stderr, "keyadd: %s %s: add_key: %s\n", type, file, strerror(errno));
		return 1;
	}
	if (!quiet)
		printf("# keyadd: %s key %lx \"%s\" in %lx\n", type, key, desc, ring);
	if (expect) {
		fprintf(stderr, "keyadd: %s: added, but %s was expected\n", file,
			strerror(expect));
		return 1;
	}
	return 0;
}

/* --each LIST: every line's add_key() gives its EXPECT. */
static int add_each(const char *list, long ring)
{
	char line[1024], want[32], desc[256], file[512];
	unsigned int n = 0, bad = 0;
	FILE *f = fopen(list, "r");
	long len;

	if (!f) {
		fprintf(stderr, "keyadd: %s: %s\n", list, strerror(errno));
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		int expect = 0;

		if (sscanf(line, "%31s %255s %511s", want, desc, file) != 3)
			continue;
		if (strcmp(want, "0")) {
			expect = errnum(want);
			if (expect < 0) {
				fprintf(stderr, "keyadd: %s: unknown errno name\n", want);
				bad++;
				continue;
			}
		}
		n++;
		len = read_payload(file);
		bad += len < 0 || add_payload("asymmetric", strcmp(desc, "-") ? desc : "", file, len,
					      ring, expect, 1) != 0;
	}
	fclose(f);
	printf("# keyadd: %u keys of %s added, %u not as expected\n", n, list, bad);
	return bad || !n;
}

int main(int argc, char **argv)
{
	const char *each = NULL;
	int expect = 0;
	long ring, len, uid = -1;

	if (argc == 4 && !strcmp(argv[1], "--remove"))
		return do_remove(argv[2], argv[3]);
	while (argc > 2 && !strncmp(argv[1], "--", 2)) {
		if (!strcmp(argv[1], "--uid")) {
			uid = strtol(argv[2], NULL, 10);
		} else if (!strcmp(argv[1], "--each")) {
			each = argv[2];
		} else if (!strcmp(argv[1], "--expect")) {
			expect = errnum(argv[2]);
			if (expect < 0) {
				fprintf(stderr, "keyadd: %s: unknown errno name\n", argv[2]);
				return 2;
			}
		} else {
			break;
		}
		argv += 2;
		argc -= 2;
	}
	if (each ? argc != 2 || uid >= 0 : argc != 5) {
		fprintf(stderr, "usage: keyadd [--uid UID] [--expect ERRNO] TYPE DESCRIPTION PAYLOAD-FILE KEYRING\n"
				"       keyadd --each LIST KEYRING\n"
				"       keyadd --remove DESCRIPTION-PART KEYRING\n");
		return 2;
	}
	if (each) {
		ring = keyring_of(argv[1]);
		return ring ? add_each(each, ring) : 1;
	}
	len = read_payload(argv[3]);
	if (len < 0)
		return 1;
	if (uid >= 0 && (setresgid(uid, uid, uid) || setresuid(uid, uid, uid))) {
		perror("keyadd: --uid");
		return 2;
	}
	ring = keyring_of(argv[4]);
	if (!ring) {
		fprintf(stderr, "keyadd: %s: no such keyring\n", argv[4]);
		return 1;
	}
	return add_payload(argv[1], argv[2], argv[3], len, ring, expect, 0);
}
