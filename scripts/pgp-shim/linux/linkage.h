/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/linkage.h>, so that certs/pgp_keyring.S assembles on the host. */
