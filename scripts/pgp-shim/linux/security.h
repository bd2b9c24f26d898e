/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: see kcompat.h; securityfs as security/pgp_keys/keyring.c
 * uses it (implemented by tests/host/pgp_keys/boot_test.c).
 */
#ifndef _COMPAT_LINUX_SECURITY_H
#define _COMPAT_LINUX_SECURITY_H
#include "../kcompat.h"
#include <linux/fs.h>

struct dentry;
struct dentry *securityfs_create_dir(const char *name, struct dentry *parent);
struct dentry *securityfs_create_file(const char *name, unsigned short mode,
				      struct dentry *parent, void *data,
				      const struct file_operations *fops);
void securityfs_remove(struct dentry *dentry);
#endif
