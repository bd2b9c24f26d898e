/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: uapi types plus the kernel's u8..s64 (see kcompat.h). */
#include_next <linux/types.h>
#include "../kcompat_types.h"
