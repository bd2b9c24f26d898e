// SPDX-License-Identifier: GPL-2.0
/*
 * A 1 MiB module of the kernel's own build, for timing the loading of
 * modules accepted by their hash (CONFIG_MODULE_HASH_LIST): its size is one
 * large read-only table, so hashing the file dominates the check.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sizes.h>

#define MODHASH_BIG_SIZE	SZ_1M

static const unsigned char modhash_big_table[MODHASH_BIG_SIZE] = {
	[0] = 0x5a, [MODHASH_BIG_SIZE / 2] = 0xa5, [MODHASH_BIG_SIZE - 1] = 0x3c,
};

static int index;
module_param(index, int, 0444);
MODULE_PARM_DESC(index, "table entry to print when loaded");

static int __init modhash_big_init(void)
{
	if (index > 0 && index < MODHASH_BIG_SIZE)
		pr_info("modhash_big: table[%d] = %u\n", index, modhash_big_table[index]);
	return 0;
}

static void __exit modhash_big_exit(void)
{
}

module_init(modhash_big_init);
module_exit(modhash_big_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("1 MiB test module for the list of module hashes");
