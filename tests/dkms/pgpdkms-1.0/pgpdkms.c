// SPDX-License-Identifier: GPL-2.0
/*
 * pgpdkms - an out-of-tree module built by DKMS for the pgp-modsign tests:
 * DKMS builds it against the test kernel's build tree and signs it through
 * its sign_file setting (scripts/sign-file-pgp.sh); the guest loads it and
 * reads its signer from /sys/module/pgpdkms/pgp_signer.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>

static const char pgpdkms_banner[] = "pgpdkms: built and signed by DKMS";
static int loads;
module_param(loads, int, 0444);
MODULE_PARM_DESC(loads, "a read-only parameter so the module has one");

static int __init pgpdkms_init(void)
{
	loads++;
	pr_debug("%s\n", pgpdkms_banner);
	return 0;
}

static void __exit pgpdkms_exit(void)
{
	loads = 0;
}

module_init(pgpdkms_init);
module_exit(pgpdkms_exit);
MODULE_DESCRIPTION("pgp-modsign DKMS test module");
MODULE_LICENSE("GPL");
