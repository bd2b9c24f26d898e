// SPDX-License-Identifier: GPL-2.0
/*
 * A 1 MiB test module for the load-time benchmark: its size is one large
 * .rodata table, so hashing dominates the verification cost.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>

#ifndef PGPBIG_SIZE
#define PGPBIG_SIZE (1 << 20)
#endif

static const unsigned char pgpbig_table[PGPBIG_SIZE] = {
	[0] = 0x5a, [PGPBIG_SIZE / 2] = 0xa5, [PGPBIG_SIZE - 1] = 0x3c,
};
static int index;
module_param(index, int, 0444);
MODULE_PARM_DESC(index, "table entry to print when loaded");

static int __init pgpbig_init(void)
{
	if (index > 0 && index < PGPBIG_SIZE)
		pr_info("pgpbig: table[%d] = %u\n", index, pgpbig_table[index]);
	return 0;
}

static void __exit pgpbig_exit(void)
{
}

module_init(pgpbig_init);
module_exit(pgpbig_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("pgp-modsign 1 MiB benchmark module");
