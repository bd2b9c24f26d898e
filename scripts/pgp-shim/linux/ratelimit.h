/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: see kcompat.h. */
#include "../kcompat.h"
