/* SPDX-License-Identifier: GPL-2.0 */
/* Host-test stand-in for <linux/key-type.h> (tests/compat/keys.c). */
#ifndef _COMPAT_LINUX_KEY_TYPE_H
#define _COMPAT_LINUX_KEY_TYPE_H
#include <linux/key.h>

struct key_preparsed_payload {
	const char *orig_description;
	char *description;
	union key_payload payload;
	const void *data;
	size_t datalen;
	size_t quotalen;
	time64_t expiry;
};

struct key_type {
	const char *name;
	int (*preparse)(struct key_preparsed_payload *prep);
	void (*free_preparse)(struct key_preparsed_payload *prep);
	void (*destroy)(struct key *key);
};
#endif
