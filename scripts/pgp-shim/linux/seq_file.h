/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/seq_file.h>: single_open() keeps the show
 * function; seq_read() runs it once into a growing buffer (boot_test.c).
 */
#ifndef _KEYRING_SHIM_SEQ_FILE_H
#define _KEYRING_SHIM_SEQ_FILE_H
#include <linux/fs.h>

struct seq_file {
	char *buf;
	size_t count;
	int (*show)(struct seq_file *m, void *v);
	void *private;
};

int seq_write(struct seq_file *m, const void *data, size_t len);
int single_open(struct file *file, int (*show)(struct seq_file *, void *), void *data);
int single_release(struct inode *inode, struct file *file);
ssize_t seq_read(struct file *file, char *buf, size_t len, loff_t *pos);
loff_t seq_lseek(struct file *file, loff_t off, int whence);
#endif
