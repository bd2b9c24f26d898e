/* SPDX-License-Identifier: GPL-2.0 */
/* Host-test stand-in for the securityfs part of <linux/security.h> (boot_test.c). */
#ifndef _KEYRING_SHIM_SECURITY_H
#define _KEYRING_SHIM_SECURITY_H
#include <linux/fs.h>

struct dentry;
struct dentry *securityfs_create_dir(const char *name, struct dentry *parent);
struct dentry *securityfs_create_file(const char *name, unsigned short mode,
				      struct dentry *parent, void *data,
				      const struct file_operations *fops);
void securityfs_remove(struct dentry *dentry);
#endif
