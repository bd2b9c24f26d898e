/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for the bits of <linux/fs.h> security/pgp_keys/keyring.c uses. */
#ifndef _KEYRING_SHIM_FS_H
#define _KEYRING_SHIM_FS_H
#include <linux/kernel.h>

struct inode {
	void *i_private;
};

struct file {
	void *private_data;
};

struct file_operations {
	int (*open)(struct inode *inode, struct file *file);
	ssize_t (*read)(struct file *file, char *buf, size_t len, loff_t *pos);
	loff_t (*llseek)(struct file *file, loff_t off, int whence);
	int (*release)(struct inode *inode, struct file *file);
};
#endif
