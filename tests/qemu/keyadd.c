// SPDX-License-Identifier: GPL-2.0
/*
 * keyadd - the guest side of run-time keyring additions in the QEMU tests.
 *
 *   keyadd TYPE DESCRIPTION PAYLOAD-FILE KEYRING
 *
 * Adds a key of TYPE with DESCRIPTION and the content of PAYLOAD-FILE to the
 * keyring whose description is KEYRING (looked up in /proc/keys), e.g.
 *
 *   keyadd blacklist bin:<sha256 hex> /mods/entry.p7s .blacklist
 *
 * adds a module hash to the system blacklist (CONFIG_SYSTEM_BLACKLIST_AUTH_UPDATE:
 * the payload is a PKCS#7 signature of the description by a built-in X.509
 * key).  Exits 0 when add_key() succeeded, else prints the error and exits 1.
 * Built static by tests/qemu/cases-loader.sh and run by modtest's "exec" cases.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Serial of the keyring described as @name in /proc/keys, or 0. */
static long find_keyring(const char *name)
{
	char line[512], type[64], desc[256];
	unsigned long serial;
	long found = 0;
	FILE *f = fopen("/proc/keys", "r");

	if (!f) {
		perror("keyadd: /proc/keys");
		return 0;
	}
	/* "serial flags usage expiry perm uid gid type description: ..." */
	while (!found && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx %*s %*s %*s %*s %*s %*s %63s %255[^:]",
			   &serial, type, desc) == 3 &&
		    !strcmp(type, "keyring") && !strcmp(desc, name))
			found = (long)serial;
	}
	fclose(f);
	return found;
}

int main(int argc, char **argv)
{
	static char payload[65536];
	size_t len;
	long ring, key;
	FILE *f;

	if (argc != 5) {
		fprintf(stderr, "usage: keyadd TYPE DESCRIPTION PAYLOAD-FILE KEYRING\n");
		return 2;
	}
	f = fopen(argv[3], "rb");
	if (!f) {
		fprintf(stderr, "keyadd: %s: %s\n", argv[3], strerror(errno));
		return 1;
	}
	len = fread(payload, 1, sizeof(payload), f);
	fclose(f);
	ring = find_keyring(argv[4]);
	if (!ring) {
		fprintf(stderr, "keyadd: %s: no such keyring in /proc/keys\n", argv[4]);
		return 1;
	}
	key = syscall(SYS_add_key, argv[1], argv[2], payload, len, (int)ring);
	if (key < 0) {
		fprintf(stderr, "keyadd: %s %s: add_key: %s\n", argv[1], argv[2], strerror(errno));
		return 1;
	}
	printf("# keyadd: %s key %lx \"%s\" in %s (%lx)\n", argv[1], key, argv[2], argv[4], ring);
	return 0;
}
