// SPDX-License-Identifier: GPL-2.0
/*
 * A small module of the kernel's own build, for testing and timing the
 * loading of modules accepted by their hash (CONFIG_MODULE_HASH_LIST): some
 * code, read-only and writable data, a parameter.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>

static const char modhash_banner[] = "modhash_small: listed by the build that made it";
static int modhash_counter = 42;
static int modhash_scratch[16];
static int verbose;
module_param(verbose, int, 0444);
MODULE_PARM_DESC(verbose, "print a line when loaded");

static noinline int modhash_mix(int v)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(modhash_scratch); i++)
		modhash_scratch[i] = v * (i + 1) + modhash_counter;
	return modhash_scratch[3] ^ modhash_banner[4];
}

static int __init modhash_small_init(void)
{
	int v = modhash_mix(7);

	if (verbose)
		pr_info("%s (%d)\n", modhash_banner, v);
	return 0;
}

static void __exit modhash_small_exit(void)
{
	modhash_counter = 0;
}

module_init(modhash_small_init);
module_exit(modhash_small_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test module for the list of module hashes");
