/* SPDX-License-Identifier: GPL-2.0 */
/* Host-test stand-in for <keys/asymmetric-parser.h> (tests/compat/keys.c). */
#ifndef _COMPAT_KEYS_ASYMMETRIC_PARSER_H
#define _COMPAT_KEYS_ASYMMETRIC_PARSER_H
#include "../../../../scripts/pgp-shim/kcompat.h"

struct key_preparsed_payload;

struct asymmetric_key_parser {
	struct list_head link;
	struct module *owner;
	const char *name;
	int (*parse)(struct key_preparsed_payload *prep);
};

int register_asymmetric_key_parser(struct asymmetric_key_parser *parser);
void unregister_asymmetric_key_parser(struct asymmetric_key_parser *parser);
#endif
