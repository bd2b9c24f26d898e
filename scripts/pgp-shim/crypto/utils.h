/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: crypto_memneq() lives in kcompat.h. */
#include "../kcompat.h"
