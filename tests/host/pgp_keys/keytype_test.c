// SPDX-License-Identifier: GPL-2.0
/*
 * Host driver of OpenPGP keys in keyrings: the boot glue (security/pgp_keys/
 * keyring.c, compiled into this file unchanged) loads the keyring that
 * certs/pgp_keyring.S embeds into .builtin_trusted_keys, then each operation
 * acts on the system's keyrings of tests/compat/keys.c as user space would
 * through add_key(2) and as the module loader does through pgp_keys_find().
 *
 *   keytype_test [--fail-alloc N] OP...
 *	add FILE		add_key("asymmetric", "", FILE) to
 *				.secondary_trusted_keys: "add NAME: 0" or
 *				"add NAME: ERRNO"
 *	add-as DESC FILE	the same with the description DESC
 *	find FPR|KEYID TIME	pgp_keys_find() at signature time TIME:
 *				"find ID: 0 FPR" or "find ID: ERRNO"
 *	keyring builtin|secondary  "keyring NAME N", then one line per key as
 *				/proc/keys describes it
 *	unlink-all		unlink every key of .secondary_trusted_keys
 *				(what root may do)
 *	signed-by-builtin	from now on only built-in keys vouch for keys
 *				of .secondary_trusted_keys
 *				(CONFIG_SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN;
 *				a build with that option starts so)
 *	uadd FILE		add_key() to a keyring of a user's own,
 *				restricted with "builtin_and_secondary_trusted"
 *				(made at the first uadd): "uadd NAME: ..."
 *	uadd-as DESC FILE	the same with the description DESC
 *	signal N		the next add's task gets a fatal signal at its
 *				(N+1)th fatal_signal_pending()
 *	x509 PKEY SIG		the policy on a key of mainline's X.509 subtype
 *				that mainline's restriction admitted (its
 *				algorithm PKEY, its certificate's signature
 *				algorithm SIG, "-" for none): "x509 PKEY SIG: 0"
 *				or "x509 PKEY SIG: ERRNO"
 *	records			"records N runtime M": the records of trust
 *				(records.c), M of them made at run time
 * --fail-alloc N makes the (N+1)th allocation of the first "add" fail;
 * --cpu adds the CPU time of each add to its line (" cpu_us N"; make bench).
 * Exits 0 whenever the operations ran, 2 on usage or I/O errors; at the
 * end, with every keyring dropped, "leaks N" counts the blocks and keys
 * still allocated.
 */
#include "../../../security/pgp_keys/records.c"
#include "../../../security/pgp_keys/keyring.c"

#include <sys/resource.h>

void compat_system_keyrings_reset(void);
extern bool compat_signed_by_builtin;
extern long compat_fatal_signal_after;

static struct key *user_ring;
static long next_signal = -1;
static bool show_cpu;

struct dentry *securityfs_create_dir(const char *name, struct dentry *parent)
{
	return (struct dentry *)1;
}

struct dentry *securityfs_create_file(const char *name, unsigned short mode,
				      struct dentry *parent, void *data,
				      const struct file_operations *fops)
{
	return (struct dentry *)1;
}

void securityfs_remove(struct dentry *dentry)
{
}

int single_open(struct file *file, int (*show)(struct seq_file *, void *), void *data)
{
	return -ENOMEM;
}

int single_release(struct inode *inode, struct file *file)
{
	return 0;
}

ssize_t seq_read(struct file *file, char *buf, size_t len, loff_t *pos)
{
	return 0;
}

loff_t seq_lseek(struct file *file, loff_t off, int whence)
{
	return -ESPIPE;
}

static const char *ename(int e)
{
	static char buf[32];

	switch (e) {
	case 0: return "0";
	case -ENOKEY: return "ENOKEY";
	case -ENOPKG: return "ENOPKG";
	case -ENOMEM: return "ENOMEM";
	case -EBADMSG: return "EBADMSG";
	case -EKEYREJECTED: return "EKEYREJECTED";
	case -EKEYREVOKED: return "EKEYREVOKED";
	case -EKEYEXPIRED: return "EKEYEXPIRED";
	case -EEXIST: return "EEXIST";
	case -EINVAL: return "EINVAL";
	case -E2BIG: return "E2BIG";
	case -EINTR: return "EINTR";
	case -ENOSPC: return "ENOSPC";
	}
	snprintf(buf, sizeof(buf), "errno%d", e);
	return buf;
}

static u8 *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	u8 *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc(n);
		if (buf && fread(buf, 1, n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*len = n;
	}
	fclose(f);
	return buf;
}

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static double cpu_us(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec * 1e6 + ru.ru_utime.tv_usec +
	       ru.ru_stime.tv_sec * 1e6 + ru.ru_stime.tv_usec;
}

/* add_key() of FILE to @ring ("add" or, for a user's keyring, "uadd") */
static int op_add(const char *op, struct key *ring, const char *desc, const char *path,
		  long fail_alloc)
{
	key_ref_t ref;
	size_t len = 0;
	u8 *data = read_file(path, &len);
	double t0;

	if (!data) {
		fprintf(stderr, "keytype_test: %s: cannot read\n", path);
		return 2;
	}
	compat_alloc_fail_after = fail_alloc;
	compat_fatal_signal_after = next_signal;
	t0 = cpu_us();
	ref = key_create_or_update(make_key_ref(ring, true), "asymmetric", desc, data, len,
				   KEY_POS_ALL | KEY_USR_VIEW, KEY_ALLOC_IN_QUOTA);
	t0 = cpu_us() - t0;
	compat_alloc_fail_after = -1;
	compat_fatal_signal_after = -1;
	next_signal = -1;
	free(data);
	printf("%s %s: %s", op, base(path), IS_ERR(ref) ? ename(PTR_ERR(ref)) : "0");
	if (show_cpu)
		printf(" cpu_us %.0f", t0);
	printf("\n");
	if (!IS_ERR(ref))
		key_ref_put(ref);
	return 0;
}

static struct key *the_user_ring(void)
{
	if (!user_ring)
		user_ring = compat_keyring_alloc("_uid.1000 ring",
						 restrict_link_by_builtin_and_secondary_trusted,
						 NULL);
	if (!user_ring)
		abort();
	return user_ring;
}

static int op_find(const char *id, const char *when)
{
	const struct pgp_builtin_key *k;
	u8 bin[PGP_FPR_MAX];
	size_t n = strlen(id) / 2;
	int why = 1;

	if (n > sizeof(bin) || hex2bin(bin, id, n))
		return 2;
	if (n == PGP_KEYID_LEN)
		k = pgp_keys_find(NULL, 0, bin, strtoul(when, NULL, 0), &why);
	else
		k = pgp_keys_find(bin, n, NULL, strtoul(when, NULL, 0), &why);
	if (k) {
		char hex[2 * PGP_FPR_MAX + 1];

		snprintf(hex, sizeof(hex), "%*phN", k->pub.fpr_len, k->pub.fpr);
		printf("find %s: 0 %s\n", id, hex);
	} else
		printf("find %s: %s\n", id, ename(why));
	pgp_keys_put(k);
	return 0;
}

int main(int argc, char **argv)
{
	static char buf[1 << 16];
	long fail_alloc = -1;
	int i = 1, ret;

	if (argc > 1 && !strcmp(argv[i], "--cpu")) {
		show_cpu = true;
		i++;
	}
	if (argc > i + 1 && !strcmp(argv[i], "--fail-alloc")) {
		fail_alloc = strtol(argv[i + 1], NULL, 0);
		i += 2;
	}
#ifdef CONFIG_SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN
	compat_signed_by_builtin = true;
#endif
	pgp_keys_system_keyring(false);	/* made at device_initcall time */
	if (pgp_keys_init())
		return 2;
	for (; i < argc; i++) {
		ret = 0;
		if (!strcmp(argv[i], "add") && i + 1 < argc) {
			ret = op_add("add", pgp_keys_system_keyring(true), NULL, argv[i + 1],
				     fail_alloc);
			fail_alloc = -1;
			i += 1;
		} else if (!strcmp(argv[i], "add-as") && i + 2 < argc) {
			ret = op_add("add", pgp_keys_system_keyring(true), argv[i + 1],
				     argv[i + 2], fail_alloc);
			fail_alloc = -1;
			i += 2;
		} else if (!strcmp(argv[i], "uadd") && i + 1 < argc) {
			ret = op_add("uadd", the_user_ring(), NULL, argv[i + 1], -1);
			i += 1;
		} else if (!strcmp(argv[i], "uadd-as") && i + 2 < argc) {
			ret = op_add("uadd", the_user_ring(), argv[i + 1], argv[i + 2], -1);
			i += 2;
		} else if (!strcmp(argv[i], "signal") && i + 1 < argc) {
			next_signal = strtol(argv[i + 1], NULL, 0);
			i += 1;
		} else if (!strcmp(argv[i], "x509") && i + 2 < argc) {
			static const u8 skid[] = { 0x5e, 0xed };
			struct asymmetric_key_id *id = asymmetric_key_generate_id(skid, 2, "", 0);
			struct asymmetric_key_ids ids = { .id = { NULL, id } };
			struct public_key pub = { .pkey_algo = argv[i + 1] };
			struct public_key_signature sig = { .pkey_algo = argv[i + 2] };
			union key_payload payload = { .data = {
				[asym_subtype] = &public_key_subtype, [asym_crypto] = &pub,
				[asym_key_ids] = &ids,
				[asym_auth] = strcmp(argv[i + 2], "-") ? &sig : NULL,
			} };

			printf("x509 %s %s: %s\n", argv[i + 1], argv[i + 2],
			       ename(pgp_keys_admit_other(&payload)));
			kfree(id);
			i += 2;
		} else if (!strcmp(argv[i], "records")) {
			printf("records %u runtime %u\n", pgp_keys_records_nr,
			       pgp_keys_runtime_nr);
		} else if (!strcmp(argv[i], "find") && i + 2 < argc) {
			ret = op_find(argv[i + 1], argv[i + 2]);
			i += 2;
		} else if (!strcmp(argv[i], "keyring") && i + 1 < argc) {
			struct key *ring = pgp_keys_system_keyring(!strcmp(argv[i + 1], "secondary"));
			unsigned int n = 0, j;

			for (j = 0; j < ring->nr_links; j++)
				n += ring->links[j]->type == &key_type_asymmetric;
			compat_keyring_describe(ring, buf, sizeof(buf));
			printf("keyring %s %u\n%s", argv[i + 1], n, buf);
			i += 1;
		} else if (!strcmp(argv[i], "signed-by-builtin")) {
			compat_signed_by_builtin = true;
			printf("signed-by-builtin\n");
		} else if (!strcmp(argv[i], "unlink-all")) {
			struct key *ring = pgp_keys_system_keyring(true);
			unsigned int j;

			for (j = ring->nr_links; j-- > 0;)
				if (ring->links[j]->type == &key_type_asymmetric)
					compat_key_unlink(ring, ring->links[j]);
			printf("unlinked\n");
		} else {
			fprintf(stderr, "keytype_test: %s: unknown operation\n", argv[i]);
			return 2;
		}
		if (ret)
			return ret;
	}
	kfree(pgp_builtin_keys);
	key_put(user_ring);
	compat_system_keyrings_reset();
	/* what stays: the records of trust (never freed) */
	printf("leaks %ld\n", compat_alloc_live - (long)pgp_keys_records_nr + compat_keys_live);
	return 0;
}
