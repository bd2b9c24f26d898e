// SPDX-License-Identifier: GPL-2.0
/*
 * For tests/host/kmod: kmod_module_get_info() of each module named, through
 * the libkmod the test built: its return value must be the number of
 * entries it lists.  Prints "MODULE ENTRIES SIG_IDS" a line.
 * Usage: info_count MODULE...
 */
#include <stdio.h>
#include <string.h>
#include <libkmod.h>

int main(int argc, char **argv)
{
	struct kmod_ctx *ctx = kmod_new(NULL, NULL);
	int i, ret = 0;

	if (ctx == NULL)
		return 2;
	for (i = 1; i < argc; i++) {
		struct kmod_module *mod;
		struct kmod_list *list = NULL, *l;
		int n, entries = 0, sigs = 0;

		if (kmod_module_new_from_path(ctx, argv[i], &mod) < 0) {
			fprintf(stderr, "%s: not a module\n", argv[i]);
			ret = 1;
			continue;
		}
		n = kmod_module_get_info(mod, &list);
		kmod_list_foreach(l, list) {
			entries++;
			sigs += !strcmp(kmod_module_info_get_key(l), "sig_id");
		}
		printf("%s %d %d\n", argv[i], entries, sigs);
		if (n != entries) {
			fprintf(stderr, "%s: kmod_module_get_info() returned %d for %d entries\n",
				argv[i], n, entries);
			ret = 1;
		}
		kmod_module_info_free_list(list);
		kmod_module_unref(mod);
	}
	kmod_unref(ctx);
	return ret;
}
