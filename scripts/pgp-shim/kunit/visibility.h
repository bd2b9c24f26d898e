/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <kunit/visibility.h>: kcompat.h defines EXPORT_SYMBOL_IF_KUNIT. */
#include <linux/kernel.h>
