// SPDX-License-Identifier: GPL-2.0
/*
 * Test module for pgp-modsign: small, but with every kind of section the
 * tamper tests change (.text, .init.text, .exit.text, .rodata, .data, .bss,
 * .modinfo, symbols, relocations, a module parameter).
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>

static const char pgptest_banner[] = "pgptest: the quick brown fox jumps over the lazy dog";
static int pgptest_counter = 42;
static int pgptest_scratch[16];
static int verbose;
module_param(verbose, int, 0444);
MODULE_PARM_DESC(verbose, "print a line when loaded");

static noinline int pgptest_mix(int v)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(pgptest_scratch); i++)
		pgptest_scratch[i] = v * (i + 1) + pgptest_counter;
	return pgptest_scratch[3] ^ pgptest_banner[4];
}

static int (*pgptest_fn)(int) = pgptest_mix;

static int __init pgptest_init(void)
{
	int v = pgptest_fn(7);

	if (verbose)
		pr_info("%s (%d)\n", pgptest_banner, v);
	return 0;
}

static void __exit pgptest_exit(void)
{
	pgptest_counter = 0;
}

module_init(pgptest_init);
module_exit(pgptest_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("pgp-modsign test module");
