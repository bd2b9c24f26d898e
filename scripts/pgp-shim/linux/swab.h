/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: swab16/32/64 are in kcompat.h. */
#include "../kcompat.h"
