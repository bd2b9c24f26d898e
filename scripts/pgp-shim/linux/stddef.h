/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: uapi headers include this; forward it, then kcompat basics. */
#include_next <linux/stddef.h>
