/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pgp-sign-module: the structures its files share and the functions they
 * offer each other (what each file does is said at its head).
 *
 * State lives in structures passed explicitly: the run (options, work
 * directory), a job (one worker of the pool, with its gpg-agent
 * conversation), the signer (what gpg's reference signature told), a module
 * being signed, the keyring a signature is judged with.  The one global is
 * what the signal handler undoes (struct pgp_cleanup).
 */
#ifndef _PGP_SIGN_H
#define _PGP_SIGN_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>

#ifndef _KCOMPAT_TYPES_H	/* the kernel's own, in the files that see kernel code */
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
#endif

/*
 * The largest module: finit_module() reads at most INT_MAX bytes
 * (kernel_read_file() in kernel/module/main.c).  A file or a decompressed
 * stream beyond it is refused before more is read;
 * PGP_SIGN_MODULE_MAX_SIZE can lower the limit.
 */
#define PGP_MODULE_MAX_SIZE	((size_t)INT_MAX)
/* liblzma's memory for one .ko.xz: xz -9's 64 MiB dictionary and more */
#define PGP_XZ_MEMLIMIT		(256ULL << 20)
#define PGP_WHY_MAX		(3 * PATH_MAX + 1024)	/* a message naming paths */
#define PGP_ASSUAN_MAX_LINE	65536	/* longer answer lines are refused */
#define PGP_PASSPHRASE_MAX	1023	/* gpg --passphrase-file reads one line */
#define PGP_MAX_JOBS		64
#define PGP_MAX_KEYRINGS	64	/* --keyring files of one --verify */

#define PGP_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* ---- util.c: buffers, bytes, files, the work directory, signals ---- */

struct buf {
	u8 *p;
	size_t len, cap;
};

const char *prog_name(void);
void *xrealloc(void *p, size_t n);
void buf_check(const struct buf *b);
void buf_reserve(struct buf *b, size_t more);
void buf_add(struct buf *b, const void *d, size_t n);
void buf_addc(struct buf *b, u8 c);
void buf_addstr(struct buf *b, const char *s);
void buf_free(struct buf *b);
void wipe_stack(size_t n);
void secrets_held(void);
double now_ms(void);
void last_line(const struct buf *b, char *out, size_t n);
int write_all(int fd, const void *d, size_t n);
int read_fd(int fd, struct buf *b, size_t max);
int read_file(const char *path, struct buf *b, size_t max);
void hex_upper(const u8 *d, size_t n, char *out);

static inline u16 get_be16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static inline u32 get_be32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static inline void put_be16(u8 *p, unsigned int v)
{
	p[0] = v >> 8;
	p[1] = v;
}

static inline void put_be32(u8 *p, u32 v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

/*
 * What the signal handler undoes (on_signal(): SIGINT, SIGTERM, SIGHUP):
 * the one global state of the tool.  Each part is registered where it is
 * made and cleared where it is undone.
 */
struct pgp_cleanup {
	const char *tmpdir;		/* the run's work directory */
	char tmp[3 * PATH_MAX];		/* a signed copy being written */
	char tbs[3 * PATH_MAX];		/* --prepare's MODULE.tbs being written */
	char *passphrase;		/* wiped */
	volatile pid_t child;		/* the program running (run_cmd()) */
	volatile pid_t agent;		/* a private gpg-agent */
	volatile sig_atomic_t parent;	/* the process that made the pool */
	pid_t workers[PGP_MAX_JOBS];
	volatile sig_atomic_t nworkers;
};

extern struct pgp_cleanup pgp_cleanup;

void signals_install(void);
int tmpdir_make(char *dir, size_t size);
void tmpdir_remove(char *dir);

/* ---- the run and its options ---- */

enum pgp_mode { MODE_SIGN, MODE_PREPARE, MODE_ATTACH, MODE_VERIFY, MODE_DEARMOR, MODE_GENKEY };

/* The command line, read-only once parsed (args.c). */
struct pgp_opts {
	enum pgp_mode mode;
	const char *local_user, *homedir, *passfile, *keyring, *data_dir;
	const char *keyrings[PGP_MAX_KEYRINGS];	/* --verify: every --keyring */
	int nkeyrings;
	const char *secret_key;		/* --secret-key: sign with this file, not gpg */
	bool deterministic;		/* --deterministic: SLH-DSA with opt_rand = PK.seed */
	const char *gen_algo;		/* --gen-key ALGO */
	int hashalgo;			/* OpenPGP hash id */
	unsigned long reserve;
	bool reserve_set, append, strip, quiet, timings, replace_pkcs7, use_sqv, json;
	bool pq_only;			/* --pq-only (--verify): as the kernel's policy */
	int agent_opt;			/* -1 no, 0 auto, 1 yes */
	int jobs;
	long long sde;			/* SOURCE_DATE_EPOCH or -1 */
	const char *gpg, *objcopy;
	char gpg_agent[PATH_MAX], gpgconf[PATH_MAX], gpg_connect_agent[PATH_MAX];
	const char *sig_suffix;
	const char *agent_how;		/* PGP_MODSIGN_AGENT: auto, private, shared */
	bool xz_program;		/* PGP_SIGN_MODULE_XZ: xz even with liblzma */
	bool objcopy_only;		/* PGP_SIGN_MODULE_OBJCOPY */
	size_t max_size;		/* the largest module taken */
};

/* One run: its options and its work directory. */
struct pgp_run {
	struct pgp_opts opt;
	char tmpdir[PATH_MAX];
};

void note_once(const struct pgp_run *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- args.c, usage.c: the command line and its --help ---- */

struct kern_config;

int parse_args(int argc, char **argv, struct pgp_opts *o, struct kern_config *k);
void read_environment(struct pgp_opts *o);
void check_args(struct pgp_opts *o, int names);
void absolute_paths(struct pgp_opts *o, char bufs[3][PATH_MAX]);
long long source_date_epoch(void);
void bad_usage(const char *fmt, const char *a) __attribute__((noreturn));
void verify_missing(const struct pgp_opts *o, int names) __attribute__((noreturn));
void usage_print(enum pgp_mode mode);

/* ---- proc.c: child processes, programs, objcopy ---- */

struct proc_io {
	const u8 *in;		/* stdin data (when in_fd < 0) */
	size_t in_len;
	int in_fd;		/* stdin fd, or -1 */
	struct buf *out;	/* stdout to this buffer, or */
	int out_fd;		/* to this fd (-1: /dev/null) */
	struct buf *err;	/* stderr, or /dev/null */
	size_t out_max;		/* stdout to a buffer: at most this much (0: no limit) */
	bool out_elf;		/* ... and it must start as an ELF file does */
	const char *refused;	/* set when the child was stopped for either */
};

int run_cmd(char *const argv[], struct proc_io *io);
const char *out_refused(const struct buf *b, size_t max, bool elf);
bool have_prog(const char *name);
void gnupg_tool(const char *gpg, const char *name, char *out, size_t size);
struct pgp_job;
int run_objcopy(struct pgp_job *j, struct buf *elf, const char *op, const char *arg,
		char *why, size_t wl);
int objcopy_sig(struct pgp_job *j, struct buf *elf, bool add, char *why, size_t wl);

/* ---- compress.c: .ko.xz, .ko.zst, .ko.gz ---- */

enum pgp_comp { C_NONE, C_XZ, C_ZSTD, C_GZIP };

struct pgp_xz;			/* liblzma's streams, kept by a job */

enum pgp_comp comp_of(const char *name);
const char *comp_unsupported(const char *name);
const char *comp_tool(enum pgp_comp c);
struct pgp_xz *xz_new(void);
void xz_free(struct pgp_xz *xz);
int decompress(const struct pgp_opts *opt, struct pgp_xz *xz, enum pgp_comp c, int fd,
	       struct buf *out, const char **why);
int compress(const struct pgp_opts *opt, struct pgp_xz *xz, enum pgp_comp c,
	     const u8 *d, size_t n, int fd);
const char *comp_build_note(char *out, size_t size);

/* ---- pool.c: the jobs of a run, one scheduler for every mode ---- */

struct pgp_signer;
struct pgp_ring;
struct pgp_agent;

struct pgp_timings {
	unsigned long modules;
	double decompress, placeholder, hash, sign, write, recompress;
};

/* One job (a worker process with -j, else the run itself). */
struct pgp_job {
	struct pgp_run *run;
	int id;				/* names its temporary files */
	struct pgp_signer *signer;	/* signing: the key, from the preflight */
	struct pgp_agent *agent;	/* its gpg-agent conversation, or NULL */
	struct pgp_ring *ring;		/* --attach: the keyring */
	struct pgp_xz *xz;
	unsigned long zeros_made;	/* bytes in its objcopy zeros file */
	struct pgp_timings tm;
};

/*
 * What a mode does with a job: @start before its first module, @one per
 * module (0, 1 for a failed module, 2 when the job can go on only another
 * way, then @degrade is told why), @end after its last.
 */
struct pgp_pool_ops {
	void (*start)(struct pgp_job *j);
	int (*one)(struct pgp_job *j, const char *name, char *why, size_t wl);
	void (*degrade)(struct pgp_job *j, const char *why);
	void (*end)(struct pgp_job *j);
};

int pool_run(struct pgp_job *proto, char **names, int total, const struct pgp_pool_ops *ops);

/* ---- module.c: the module file, its atomic replacement ---- */

struct pgp_module {
	const char *name;	/* as given */
	char real[PATH_MAX];
	char dir[PATH_MAX];
	struct stat st;
	enum pgp_comp comp;
	struct buf elf;		/* the ELF data */
};

int mod_open(struct pgp_job *j, struct pgp_module *m, bool need_write, char *why, size_t wl);
int mod_replace(struct pgp_job *j, struct pgp_module *m, char *why, size_t wl);
int write_new(const char *path, const u8 *d, size_t n, mode_t mode, char *why, size_t wl);
int write_file(const char *dir, const char *name, const u8 *d, size_t n);
/* An appended signature block, as the kernel takes it (appended_sig()) */
enum pgp_appended {
	APPENDED_NONE,		/* no marker */
	APPENDED_PKCS7,		/* mainline's PKCS#7 signature, checked first */
	APPENDED_OTHER,		/* not PKCS#7 (ENOPKG): passed over, the marker alone removed */
	APPENDED_BAD,		/* malformed: the kernel refuses the module (EBADMSG) */
};

enum pgp_appended appended_sig(const u8 *f, size_t len, size_t *kernel_len, size_t *bare_len);

/* ---- placeholder.c: module_sig found, made, filled ---- */

#include "../../kernel/module/signing_pgp_elf.h"

enum sig_state { SIG_NONE, SIG_EMPTY, SIG_BAD, SIG_GOOD };

struct modsig {
	enum sig_state state;
	struct module_pgp_sig_loc loc;	/* sec_off/sec_size unless SIG_NONE */
	char why[200];			/* SIG_BAD, or the ELF error */
};

int locate(const u8 *f, size_t len, struct modsig *m);
int count_sig_packets(const u8 *p, size_t n, char *why, size_t wl);
int drop_own(struct buf *old, const struct buf *pkt);
int add_section(struct buf *elf, unsigned long reserve);
int placeholder(struct pgp_job *j, struct pgp_module *m, struct buf *old,
		struct module_pgp_sig_loc *loc, char *why, size_t wl);
int fill(struct buf *elf, const struct module_pgp_sig_loc *loc, const u8 *payload,
	 size_t plen, char *why, size_t wl);

/* ---- elf.c: the kernel's locator, and the layout add_section() writes ---- */

struct elf_layout {
	bool elf64, be;
	u64 shoff;
	unsigned int shnum, shstrndx, shentsize;
	u64 strtab_off, strtab_size;
	u64 content_end;		/* the end of the last section's content */
};

int elf_locate(const void *f, size_t len, struct module_pgp_sig_loc *loc);
int kern_sig_locate(const void *f, size_t len, unsigned int how,
		    struct module_pgp_sig_loc *loc);
int elf_layout(const void *f, size_t len, struct elf_layout *l);

/* ---- armor.c, sexp.c, assuan.c: parsers of untrusted input ---- */

u32 pgp_crc24(const u8 *d, size_t n);
int pgp_dearmor(const u8 *in, size_t n, struct buf *out);
int dearmor_file(const char *in, const char *out);

int sexp_sig_values(const u8 *s, size_t n, char algo[16],
		    const u8 **r, size_t *rlen, const u8 **sv, size_t *slen);

/* Kinds of Assuan answer lines (assuan_parse_line()) */
enum { A_BAD, A_OK, A_ERR, A_DATA, A_STATUS, A_INQUIRE, A_COMMENT };

/* A conversation with gpg-agent (a pipe to a private one, or its socket). */
struct pgp_agent {
	int in, out;
	bool private;
	pid_t pid;			/* a private agent */
	struct buf buf;			/* what was read and not yet taken */
	size_t consumed;		/* of buf: the line assuan_getline() returned */
	const char *passphrase;		/* for INQUIRE PASSPHRASE, or NULL */
	int card_lock;			/* the key is on a card: the jobs' lock, or -1 */
	char err[1024];			/* what went wrong */
};

int assuan_parse_line(const char *l, size_t n, struct buf *data, char *msg, size_t msglen);
int assuan_put(struct pgp_agent *a, const char *line);
int assuan_getline(struct pgp_agent *a, char **line, size_t *len);
int assuan_transact(struct pgp_agent *a, struct buf *data, struct buf *status);
int assuan_cmd(struct pgp_agent *a, const char *cmd, struct buf *data, struct buf *status);

/* ---- agent.c: a gpg-agent for a job ---- */

void agent_start(struct pgp_job *j);
void agent_stop(struct pgp_job *j);
int token_lock_open(struct pgp_run *r, const char *id);
int read_passphrase(const char *path, char **out);
void wipe_passphrase(char **p);

/* ---- packet.c: the OpenPGP signature packet, written ---- */

/* A signature packet as gpg wrote it, read by the kernel's parser. */
struct sigraw {
	unsigned int version, type, pkalgo, hashalgo;
	u32 ctime;
	u8 issuer_fpr[32];
	size_t issuer_fpr_len;
	const u8 *body, *hashed, *unhashed, *left16;
	size_t body_len, hashed_len, unhashed_len, ctime_off;	/* in hashed */
};

int sig_raw(const u8 *pkt, size_t n, struct sigraw *s);
int sig_subpacket_types(const struct sigraw *s, unsigned int *bad);
void pkt_header(struct buf *b, size_t len);
void pkt_header_new(struct buf *b, unsigned int tag, size_t len);
int add_mpi(struct buf *b, const u8 *v, size_t n);
const char *hash_name(int h);
bool hash_known(int h);
int digest_of(int halgo, const u8 *d, size_t n, size_t zoff, size_t zlen,
	      const struct buf *prefix, u8 *md, unsigned int *mdlen);

/* ---- sign.c, preflight.c: the signer ---- */

/* What gpg's reference signature and key listing told (preflight()). */
struct pgp_signer {
	bool agent_ok;			/* the agent path can be used */
	char grip[41];
	int pkalgo, hashalgo;
	struct buf hashed, unhashed;	/* gpg's subpacket areas */
	size_t ctime_off;		/* creation time inside @hashed */
	char fpr_hex[41];
	char keydesc[512];		/* SETKEYDESC for a shared agent */
	char card_serial[80];		/* the card holding the key, or "" */
	char *passphrase;		/* --passphrase-file's line */
	struct kern_pubkeys *keys;	/* what gpg exports for the key */
	struct kern_keyring *kring;	/* that, as the kernel's keyring takes it */
};

void sig_prefix(const struct pgp_signer *s, struct buf *b, u32 t);
int agent_sign(struct pgp_job *j, const u8 *d, size_t n, size_t zoff, size_t zlen,
	       u32 t, struct buf *pkt);
int gpg_sign(struct pgp_job *j, const u8 *d, size_t n, struct buf *sig, char *msg,
	     size_t msglen);
int gpg_run(const struct pgp_opts *opt, const char *const *extra, struct buf *out);
/*
 * How a job makes the signature packet @pkt over module @m with module_sig
 * at @loc (zeros there): 0, 1 (the module failed) or 2 (failed, and the
 * job's agent connection is gone), the reason in @why.
 */
typedef int (*pgp_sig_maker)(struct pgp_job *j, const struct pgp_module *m,
			     const struct module_pgp_sig_loc *loc, struct buf *pkt,
			     char *why, size_t wl);
int sign_module(struct pgp_job *j, const char *name, pgp_sig_maker make, char *why,
		size_t wl);
int sign_one(struct pgp_job *j, const char *name, char *why, size_t wl);
void sign_degrade(struct pgp_job *j, const char *why);
void sign_start(struct pgp_job *j);
void sign_end(struct pgp_job *j);
void fail_all(struct pgp_run *r, int total, const char *first, const char *fmt, ...)
	__attribute__((format(printf, 4, 5), noreturn));
int signer_judge(const struct pgp_opts *opt, const struct pgp_signer *s, const u8 *fpr,
		 size_t len, u32 t, char *w, size_t wl);
void preflight(struct pgp_run *r, struct pgp_signer *s, int total, const char *first,
	       bool want_agent);

/* ---- remote.c: --prepare and --attach ---- */

struct pgp_ring {
	struct kern_keyring *kr;	/* as the kernel parses it */
	unsigned int keys, lost;
	/* its packets up to where the kernel stops, less the v6 keys gpgv and sqv cannot read */
	struct buf read;
	char file[PATH_MAX + 16];	/* that, for gpgv and sqv (--attach) */
};

int ring_load_bin(struct pgp_ring *ring, const u8 *bin, size_t len, char *why, size_t wl);
int ring_load(struct pgp_ring *ring, const char *path, char *why, size_t wl);
void ring_free(struct pgp_ring *ring);
int prepare_one(struct pgp_job *j, const char *name, char *why, size_t wl);
int attach_one(struct pgp_job *j, const char *name, char *why, size_t wl);
const char *verdict_why(int v);

/* ---- v6.c: OpenPGP v6, Ed448 and ML-DSA+EdDSA ---- */

#define PGP_ALGO_ED25519		27
#define PGP_ALGO_ED448			28
#define PGP_ALGO_MLDSA65_ED25519	30
#define PGP_ALGO_MLDSA87_ED448		31
#define PGP_ALGO_SLHDSA_SHAKE_128S	32
#define PGP_ALGO_SLHDSA_SHAKE_128F	33
#define PGP_ALGO_SLHDSA_SHAKE_256S	34
/*
 * A new placeholder for a signature made elsewhere (--prepare, --attach),
 * when --reserve does not say: one ML-DSA-65+Ed25519 signature (3.5 KB) or
 * ML-DSA-87+Ed448 one (4.8 KB) beside v4 ones (a rollover with --append),
 * under the kernel's 64 KiB.
 */
#define PGP_REMOTE_RESERVE		8192

const char *sig_not_v4(const u8 *pkt, size_t n);
unsigned int ring_v4_only(const u8 *d, size_t n, struct buf *out);

/* ---- mldsa_sign.c, slhdsa_sign.c: ML-DSA and SLH-DSA signing; pqsign.h ---- */

struct mldsa_key;
struct slhdsa_key;

/* ---- seckey*.c: signing with an RFC 9580 transferable secret key file ---- */

#define PGP_ED448_SIZE		57
#define PGP_EDDSA_MAX		PGP_ED448_SIZE

/* An algorithm this tool signs with: EdDSA through libcrypto, and a composite's ML-DSA */
struct seckey_algo {
	unsigned int algo;	/* the OpenPGP public-key algorithm */
	const char *name;	/* for --gen-key */
	int evp;		/* EVP_PKEY_ED25519 or EVP_PKEY_ED448 */
	const char *ed;		/* "Ed25519" or "Ed448" */
	size_t ed_size;		/* its public and secret keys */
	size_t ed_sig;		/* its signatures */
	unsigned int mlset;	/* the composite's ML-DSA-65 or ML-DSA-87, or 0 */
	bool slh;		/* SLH-DSA: no EdDSA, slhdsa_sign.c alone */
};

/* A signing key (of a file, or generated). */
struct pgp_seckey {
	unsigned int algo;		/* 27, 28, 30, 31, 32, 33 or 34 */
	const struct seckey_algo *a;
	u8 fpr[32];
	struct evp_pkey_st *ed;		/* the EdDSA key (a composite's first half) */
	struct mldsa_key *mldsa;	/* a composite's second half */
	struct slhdsa_key *slh;		/* an SLH-DSA key */
	bool deterministic;		/* SLH-DSA without fresh randomness (--deterministic) */
	struct kern_pubkeys *keys;	/* the file's public keys, for the check */
	struct kern_keyring *kring;	/* the same, as the kernel's keyring takes them */
	struct buf cert;		/* the file's public part */
	struct buf signer_uid;		/* subpacket 28 of its first User ID, or empty */
	char fpr_hex[65];
};

int run_seckey(struct pgp_run *r, char **mods, int total);
bool seckey_default(struct pgp_opts *o, char *buf, size_t size);
int seckey_generate(const char *algo, const char *uid, const char *sec_path,
		    const char *pub_path, long long when);
const struct seckey_algo *seckey_algo(unsigned int algo, const char *name);
size_t seckey_pub_size(const struct seckey_algo *a);
size_t seckey_sec_size(const struct seckey_algo *a);
void seckey_free(struct pgp_seckey *k);
int v6_body(const struct pgp_seckey *k, unsigned int type, unsigned int halgo, u32 t,
	    const u8 *extra, size_t extra_len, struct buf *body, size_t *pre, size_t *vals,
	    char *why, size_t wl);
int v6_values(const struct pgp_seckey *k, struct buf *body, size_t pre, size_t vals,
	      const u8 *md, unsigned int mdlen, char *why, size_t wl);

/* ---- argon2.c: Argon2id (RFC 9106) over BLAKE2b (RFC 7693) ---- */

void blake2b(u8 *out, size_t outlen, const void *in, size_t len);
int argon2id(const u8 *pw, size_t pwl, const u8 *salt, size_t sl, const u8 *key, size_t kl,
	     const u8 *ad, size_t al, u32 t, u32 p, u32 m, u8 *out, size_t outlen);

/* ---- s2k.c: a secret key packet's passphrase protection ---- */

int seckey_unprotect(const u8 *body, size_t publen, unsigned int tag, unsigned int usage,
		     const u8 *p, size_t n, const char *pass, u8 *out, size_t max,
		     size_t *outlen, char *why, size_t wl);

/* ---- kernel.c: the kernel's OpenPGP code, in plain C ---- */

/* The configuration of the kernel judged for. */
struct kern_config {
	bool legacy;		/* CONFIG_MODULE_SIG_PGP_LEGACY */
	bool ed25519;		/* CONFIG_CRYPTO_ED25519 */
	bool ecdsa;		/* CONFIG_CRYPTO_ECDSA_RAW */
	bool mldsa;		/* CONFIG_CRYPTO_MLDSA_VERIFY (with ed25519: algorithm 30) */
	bool ed448;		/* CONFIG_CRYPTO_ED448 (28; with mldsa: 31) */
	bool slhdsa;		/* CONFIG_CRYPTO_SLHDSA (32, 33, 34) */
	bool pq_only;		/* pgp_keys.pq_only: only 30 to 34 count */
};

struct kern_keyring;		/* a built-in keyring as the kernel parses it */
struct kern_pubkeys;		/* public keys, by fingerprint */

/* Who made the signature the kernel accepted. */
struct kern_signer {
	u8 fpr[32], primary[32];	/* the (sub)key; its primary */
	size_t fpr_len, primary_len;
	char desc[32];			/* "RSA-4096", "EdDSA-ed25519" ... */
};

/* What the kernel's parser reads of a signature packet. */
struct kern_sig_info {
	unsigned int version, type, pkalgo, hashalgo;	/* when 4 bytes are there */
	u32 ctime;
	bool has_ctime, has_keyid;
	u8 issuer_fpr[32], keyid[8];
	size_t issuer_fpr_len;
	const u8 *hashed;		/* version .. the hashed area's end */
	size_t hashed_len;
};

void kern_set_config(const struct kern_config *cfg);
int kern_keyring_load(const u8 *data, size_t len, struct kern_keyring **kr,
		      unsigned int *lost);
void kern_keyring_free(struct kern_keyring *kr);
int kern_module_check(const struct kern_keyring *kr, const u8 *file, size_t len,
		      struct kern_signer *signer);
int kern_next_packet(const u8 **p, const u8 *end, unsigned int *tag,
		     const u8 **body, size_t *len);
int kern_sig_info(const u8 *body, size_t len, struct kern_sig_info *si);
int kern_pubkeys_load(const u8 *data, size_t len, struct kern_pubkeys **pk);
void kern_pubkeys_free(struct kern_pubkeys *pk);
int kern_sig_verify(struct kern_pubkeys *pk, const u8 *body, size_t len,
		    const u8 *d, size_t n, size_t zoff, size_t zlen);
int kern_explain(const struct kern_keyring *kr, const u8 *body, size_t len,
		 int verdict, char *detail, size_t size);
const char *kern_errno_name(int err);
int kern_sign_check(const struct kern_keyring *kr, const u8 *fpr, size_t fpr_len,
		    int hash_id, u32 t, char *why, size_t size);
int kern_pubkey_fpr(const u8 *body, size_t len, u8 fpr[32], size_t *fpr_len,
		    unsigned int *algo);
bool kern_keyring_can_sign(const struct kern_keyring *kr, const u8 *fpr, size_t len);
int kern_salt_len(unsigned int hash_id);
int kern_sig_digest(const u8 *body, size_t len, const u8 *d, size_t n, size_t zoff,
		    size_t zlen, u8 *md, unsigned int *mdlen);
int kern_cert_digest(const u8 *body, size_t len, const u8 *key, size_t key_len,
		     const u8 *uid, size_t uid_len, u8 *md, unsigned int *mdlen);

/* ---- verify.c: --verify (verify-module.sh); verify.h: what its files share ---- */
int verify_modules(struct pgp_run *r, struct pgp_ring *ring, char **names, int n);

/* ---- hashlist.c: the list of a kernel build's module hashes; hashlist.h ---- */
int hashlist_main(int argc, char **argv);
void hashlist_usage(bool to_stderr);

#endif /* _PGP_SIGN_H */
