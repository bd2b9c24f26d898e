/* SPDX-License-Identifier: GPL-2.0 */
/* Host-test stand-in for <linux/linkage.h>, so that certs/pgp_keyring.S assembles on the host. */
