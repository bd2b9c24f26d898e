// SPDX-License-Identifier: GPL-2.0
/*
 * The module_sig section of a module: found with the kernel's locator (its
 * reason told when it refuses the file), added as an empty placeholder (in
 * C, objcopy as the fallback and for resizing) and filled with the
 * container the kernel reads.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <elf.h>

#include "pgp-sign.h"

/*
 * Locate module_sig with the kernel's rules.  Returns 0 (state in @m) or
 * -1 when the file is one the loader would refuse (reason in m->why).
 */
int locate(const u8 *f, size_t len, struct modsig *m)
{
	enum module_pgp_sig_reason r;

	memset(m, 0, sizeof(*m));
	elf_locate(f, len, &m->loc);
	r = m->loc.reason;
	switch (r) {
	case MODULE_PGP_SIG_FOUND:
		m->state = SIG_GOOD;
		return 0;
	case MODULE_PGP_SIG_NO_SECTION:
		m->state = SIG_NONE;
		return 0;
	case MODULE_PGP_SIG_EMPTY:
		m->state = SIG_EMPTY;
		return 0;
	case MODULE_PGP_SIG_CONTAINER:
		m->state = SIG_BAD;
		snprintf(m->why, sizeof(m->why), "%s", module_pgp_sig_reason(r));
		return 0;
	case MODULE_PGP_SIG_SEC_OUTSIDE:
	case MODULE_PGP_SIG_SEC_NAME:
	case MODULE_PGP_SIG_OVER_SECTION:
		snprintf(m->why, sizeof(m->why), "%s (section %u)", module_pgp_sig_reason(r),
			 m->loc.section);
		return -1;
	default:
		snprintf(m->why, sizeof(m->why), "%s", module_pgp_sig_reason(r));
		return -1;
	}
}

/*
 * The payload's packets (the kernel's reader): their count, or -1 (reason
 * in @why) when one is malformed or not a signature.
 */
int count_sig_packets(const u8 *p, size_t n, char *why, size_t wl)
{
	const u8 *q = p, *end = p + n, *body;
	unsigned int tag;
	size_t len;
	int c = 0;

	while (q < end) {
		size_t off = q - p;

		if (kern_next_packet(&q, end, &tag, &body, &len)) {
			snprintf(why, wl, "invalid OpenPGP packet at payload offset %zu", off);
			return -1;
		}
		if (tag != 2) {
			snprintf(why, wl, "module_sig payload holds a non-signature packet (tag %u)",
				 tag);
			return -1;
		}
		c++;
	}
	return c;
}

/*
 * --append: drop from @old (signature packets) those whose issuer is the
 * issuer of @pkt, the signature about to be added (a key signs a module
 * once); the number of packets left.
 */
int drop_own(struct buf *old, const struct buf *pkt)
{
	const u8 *q = pkt->p, *end = pkt->p + pkt->len, *body;
	struct kern_sig_info me, si;
	struct buf keep = {};
	unsigned int tag;
	size_t len;
	int n = 0;

	if (kern_next_packet(&q, end, &tag, &body, &len) || kern_sig_info(body, len, &me) ||
	    (!me.issuer_fpr_len && !me.has_keyid))
		return count_sig_packets(old->p, old->len, NULL, 0);
	q = old->p;
	end = old->p + old->len;
	while (q < end) {
		const u8 *start = q;
		bool mine;

		if (kern_next_packet(&q, end, &tag, &body, &len))
			break;	/* (counted and checked before) */
		mine = !kern_sig_info(body, len, &si) &&
		       (me.issuer_fpr_len ? si.issuer_fpr_len == me.issuer_fpr_len &&
			!memcmp(si.issuer_fpr, me.issuer_fpr, me.issuer_fpr_len) :
			si.has_keyid && !memcmp(si.keyid, me.keyid, 8));
		if (!mine) {
			buf_add(&keep, start, q - start);
			n++;
		}
	}
	buf_free(old);
	*old = keep;
	return n;
}

/* @v as an @n-byte ELF field of the byte order @be at @p. */
static void wr(u8 *p, u64 v, unsigned int n, bool be)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		p[be ? n - 1 - i : i] = v >> (8 * i);
}

/* An ELF address or offset: 8 bytes in ELF64, 4 in ELF32. */
static void wr_addr(const struct elf_layout *e, u8 *p, unsigned int off64,
		    unsigned int off32, u64 v)
{
	if (e->elf64)
		wr(p + off64, v, 8, e->be);
	else
		wr(p + off32, v, 4, e->be);
}

/*
 * add_section() - append an empty module_sig section of @reserve bytes
 *
 * What "objcopy --add-section" does for a relocatable object, in place of
 * a process per module (it cost several times the signature): a copy of
 * the section name table with "module_sig" added, the zeroed section and
 * the section header table with the new entry go after the existing data
 * (a section header table at the very end of the file is replaced, the
 * old name table stays as unused bytes).  The caller checks the result
 * with the kernel's locator.  Returns 0, or -1 when the file is not one
 * this handles (the caller then runs objcopy).
 */
int add_section(struct buf *elf, unsigned long reserve)
{
	static const char name[] = MODULE_PGP_SIG_SECTION;
	size_t len = elf->len, base, stroff, sigoff, taboff, ent;
	struct buf out = {};
	struct elf_layout e;
	u8 *p;

	if (elf_layout(elf->p, len, &e) || e.shnum + 1 >= SHN_LORESERVE)
		return -1;
	ent = e.shentsize;
	/* drop the old table when it ends the file and no content follows it */
	base = e.shoff + (u64)e.shnum * ent == len && e.content_end <= e.shoff ? e.shoff : len;
	buf_add(&out, elf->p, base);
	stroff = out.len;
	buf_add(&out, elf->p + e.strtab_off, e.strtab_size);
	buf_add(&out, name, sizeof(name));
	sigoff = out.len;
	buf_reserve(&out, reserve + 16);
	memset(out.p + out.len, 0, reserve + 16);
	out.len += reserve;
	out.len += (8 - out.len % 8) % 8;	/* the table: 8-byte aligned */
	taboff = out.len;
	if (!e.elf64 && taboff > UINT32_MAX) {
		buf_free(&out);
		return -1;
	}
	buf_add(&out, elf->p + e.shoff, (size_t)e.shnum * ent);
	buf_reserve(&out, ent);
	memset(out.p + out.len, 0, ent);
	out.len += ent;
	/* the name table's entry: its new place and size */
	p = out.p + taboff + (size_t)e.shstrndx * ent;
	wr_addr(&e, p, 24, 16, stroff);
	wr_addr(&e, p, 32, 20, e.strtab_size + sizeof(name));
	/* the new entry: name, SHT_PROGBITS, no flags, offset, size, align 1 */
	p = out.p + taboff + (size_t)e.shnum * ent;
	wr(p, e.strtab_size, 4, e.be);
	wr(p + 4, SHT_PROGBITS, 4, e.be);
	wr_addr(&e, p, 24, 16, sigoff);
	wr_addr(&e, p, 32, 20, reserve);
	wr_addr(&e, p, 48, 32, 1);
	/* the ELF header: e_shoff, e_shnum */
	wr_addr(&e, out.p, 40, 32, taboff);
	wr(out.p + (e.elf64 ? 60 : 48), e.shnum + 1, 2, e.be);
	buf_free(elf);
	*elf = out;
	return 0;
}

/* Bring m->elf from a module without module_sig, or of another size, to a placeholder. */
static int make_room(struct pgp_job *j, struct pgp_module *m, struct modsig *ms,
		     char *why, size_t wl)
{
	bool added = false;

	/* a new section in C; objcopy for resizing and as a fallback */
	if (ms->state == SIG_NONE && !j->run->opt.objcopy_only) {
		struct buf keep = {};

		buf_add(&keep, m->elf.p, m->elf.len);
		added = !add_section(&m->elf, j->run->opt.reserve) &&
			!locate(m->elf.p, m->elf.len, ms) && ms->state == SIG_EMPTY;
		if (!added) {
			buf_free(&m->elf);
			m->elf = keep;
		} else {
			buf_free(&keep);
		}
	}
	if (!added && objcopy_sig(j, &m->elf, ms->state == SIG_NONE, why, wl))
		return -1;
	/* whatever objcopy did, the result must be what the kernel takes */
	if (locate(m->elf.p, m->elf.len, ms)) {
		snprintf(why, wl, "%s", ms->why);
		return -1;
	}
	if (ms->state == SIG_NONE) {
		snprintf(why, wl, "objcopy did not produce a module_sig section");
		return -1;
	}
	return 0;
}

/* --append: the signatures the module carries, into @old. */
static int keep_old(const struct pgp_module *m, const struct modsig *ms, struct buf *old,
		    char *why, size_t wl)
{
	char w2[160];
	int n;

	if (ms->state == SIG_BAD) {
		snprintf(why, wl, "existing signature container is malformed (%s); re-sign without --append",
			 ms->why);
		return -1;
	}
	if (ms->state != SIG_GOOD)
		return 0;
	n = count_sig_packets(m->elf.p + ms->loc.payload_off, ms->loc.payload_len, w2,
			      sizeof(w2));
	if (n < 0) {
		snprintf(why, wl, "existing signature container is malformed (%s); re-sign without --append",
			 w2);
		return -1;
	}
	/* (the cap is checked once the signer's own old signature is dropped) */
	buf_add(old, m->elf.p + ms->loc.payload_off, ms->loc.payload_len);
	return 0;
}

/*
 * Brings m->elf to a module with an empty module_sig placeholder (PKCS#7
 * trailer removed when asked, stripped when asked).  @old receives the
 * existing signature packets for --append.  Fills @loc.
 */
int placeholder(struct pgp_job *j, struct pgp_module *m, struct buf *old,
		struct module_pgp_sig_loc *loc, char *why, size_t wl)
{
	const struct pgp_opts *opt = &j->run->opt;
	double t0 = now_ms();
	struct modsig ms;
	enum pgp_appended a;
	size_t kl, l;

	a = appended_sig(m->elf.p, m->elf.len, &kl, &l);
	if (a != APPENDED_NONE && !opt->replace_pkcs7) {
		snprintf(why, wl, "module carries an appended %s (run %s before scripts/sign-file, or --replace-pkcs7 to replace it)",
			 a == APPENDED_OTHER ? "signature block that is not PKCS#7" : "PKCS#7 signature",
			 prog_name());
		return -1;
	}
	if (a == APPENDED_BAD) {
		snprintf(why, wl, "malformed appended PKCS#7 signature (the kernel refuses such a module: EBADMSG)");
		return -1;
	}
	m->elf.len = l;
	if (locate(m->elf.p, m->elf.len, &ms)) {
		snprintf(why, wl, "%s", ms.why);
		return -1;
	}
	if (opt->strip) {
		if (run_objcopy(j, &m->elf, "--strip-debug", NULL, why, wl))
			return -1;
		if (locate(m->elf.p, m->elf.len, &ms)) {
			snprintf(why, wl, "%s", ms.why);
			return -1;
		}
	}
	if (ms.state != SIG_NONE && opt->append && keep_old(m, &ms, old, why, wl))
		return -1;
	if (ms.state == SIG_NONE || (opt->reserve_set && ms.loc.sec_size != opt->reserve)) {
		if (ms.state != SIG_NONE && old->len) {
			snprintf(why, wl, "--append cannot resize module_sig (%zu bytes) to %lu bytes: the signatures it keeps cover the section's size; sign without --append with --reserve %lu first, then --append each other key (or --append without --reserve)",
				 ms.loc.sec_size, opt->reserve, opt->reserve);
			return -1;
		}
		if (make_room(j, m, &ms, why, wl))
			return -1;
	}
	if (ms.loc.sec_size < MODULE_PGP_SIG_HDR_LEN) {
		snprintf(why, wl, "module_sig section of %zu bytes is too small", ms.loc.sec_size);
		return -1;
	}
	memset(m->elf.p + ms.loc.sec_off, 0, ms.loc.sec_size);
	*loc = ms.loc;
	j->tm.placeholder += now_ms() - t0;
	return 0;
}

/* The container (header + @payload) into the placeholder at @loc. */
int fill(struct buf *elf, const struct module_pgp_sig_loc *loc,
	 const u8 *payload, size_t plen, char *why, size_t wl)
{
	u8 *s = elf->p + loc->sec_off;
	size_t need = MODULE_PGP_SIG_HDR_LEN + plen;

	if (need > loc->sec_size) {
		snprintf(why, wl, "signature needs %zu bytes but module_sig has %zu (use --reserve %zu or more)",
			 need, loc->sec_size, need);
		return -1;
	}
	memcpy(s, MODULE_PGP_SIG_MAGIC, 8);
	s[8] = MODULE_PGP_SIG_VERSION;
	s[9] = 0;
	s[10] = 0;
	s[11] = 0;
	put_be32(s + 12, plen);
	if (plen)
		memcpy(s + MODULE_PGP_SIG_HDR_LEN, payload, plen);
	return 0;
}
