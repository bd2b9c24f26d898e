/* SPDX-License-Identifier: GPL-2.0 */
/* Host-test stand-in for <linux/linkage.h>, so that keys.S assembles on the host. */
