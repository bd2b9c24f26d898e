// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of the boot glue security/pgp_keys/keyring.c, compiled into this
 * file unchanged: runs its initcall on the keyring that certs/pgp_keyring.S
 * embeds (the test assembles it around a gpg-made keyring) with the key
 * system of tests/compat/keys.c, prints the boot log (KCOMPAT_VERBOSE=1),
 * the securityfs listing as a reader sees it, and the built-in trusted
 * keyring as /proc/keys shows it.
 *
 *   boot_test [--fail-alloc N]
 *	--fail-alloc N  the (N+1)th allocation fails (tests/compat fault
 *	                injection), e.g. 0 for an out-of-memory boot
 * Output: "init R" (the initcall's return), "files PATH..." (what it
 * registered in securityfs), then the listing lines, then "end", then
 * "keyring N" (the keys in .builtin_trusted_keys) and a line per key.
 */
#include "../../../security/pgp_keys/records.c"
#include "../../../security/pgp_keys/keyring.c"

static const struct file_operations *registered_fops;
static char registered[256];
static struct dentry *fake_dentry = (struct dentry *)&registered;

struct dentry *securityfs_create_dir(const char *name, struct dentry *parent)
{
	snprintf(registered + strlen(registered), sizeof(registered) - strlen(registered),
		 " %s/", name);
	return fake_dentry;
}

struct dentry *securityfs_create_file(const char *name, unsigned short mode,
				      struct dentry *parent, void *data,
				      const struct file_operations *fops)
{
	snprintf(registered + strlen(registered), sizeof(registered) - strlen(registered),
		 "%s(%o)", name, mode);
	registered_fops = fops;
	return fake_dentry;
}

void securityfs_remove(struct dentry *dentry)
{
}

int single_open(struct file *file, int (*show)(struct seq_file *, void *), void *data)
{
	struct seq_file *m = calloc(1, sizeof(*m));

	if (!m)
		return -ENOMEM;
	m->show = show;
	m->private = data;
	file->private_data = m;
	return 0;
}

int single_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	free(m->buf);
	free(m);
	return 0;
}

/* One read of the whole file (the listing is small). */
ssize_t seq_read(struct file *file, char *buf, size_t len, loff_t *pos)
{
	struct seq_file *m = file->private_data;
	int ret;

	if (*pos)
		return 0;
	ret = m->show(m, NULL);
	if (ret)
		return ret;
	if (m->count > len)
		return -EFBIG;
	memcpy(buf, m->buf ? m->buf : "", m->count);
	*pos = m->count;
	return m->count;
}

loff_t seq_lseek(struct file *file, loff_t off, int whence)
{
	return -ESPIPE;
}

int main(int argc, char **argv)
{
	struct inode inode = {};
	struct file file = {};
	static char buf[65536];
	loff_t pos = 0;
	ssize_t n;
	int ret;

	/* made before, at device_initcall time (certs/system_keyring.c) */
	pgp_keys_system_keyring(false);
	if (argc == 3 && !strcmp(argv[1], "--fail-alloc"))
		compat_alloc_fail_after = strtol(argv[2], NULL, 0);
	ret = pgp_keys_init();
	compat_alloc_fail_after = -1;
	printf("init %d\nfiles%s\n", ret, registered);
	if (!registered_fops)
		return 0;
	ret = registered_fops->open(&inode, &file);
	if (ret) {
		printf("open %d\n", ret);
		return 0;
	}
	n = registered_fops->read(&file, buf, sizeof(buf), &pos);
	if (n < 0)
		printf("read %zd\n", n);
	else
		fwrite(buf, 1, n, stdout);
	registered_fops->release(&inode, &file);
	printf("end\n");
	{
		struct key *ring = pgp_keys_system_keyring(false);

		compat_keyring_describe(ring, buf, sizeof(buf));
		printf("keyring %u\n%s", ring->nr_links, buf);
	}
	return 0;
}
