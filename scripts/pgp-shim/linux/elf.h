/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: the uapi ELF definitions plus the kcompat basics. */
#include_next <linux/elf.h>
#include "../kcompat.h"
