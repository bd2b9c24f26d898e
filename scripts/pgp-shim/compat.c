// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace runtime for the kernel compatibility layer: printk, kmalloc
 * with fault injection, kernel-flavoured vsnprintf (%*ph), string helpers.
 */
#include "kcompat.h"
#include <malloc.h>
#include <time.h>

/* This file formats through libc: drop the kernel-flavoured redirections. */
#undef snprintf
#undef vsnprintf
#undef sprintf

long compat_alloc_fail_after = -1;
unsigned long compat_alloc_count;
long compat_alloc_live;
/* bytes held by live allocations (malloc_usable_size) and their high-water mark */
size_t compat_alloc_bytes, compat_alloc_bytes_peak;

static void compat_bytes(const void *p, bool add)
{
	size_t n = p ? malloc_usable_size((void *)p) : 0;

	if (add) {
		compat_alloc_bytes += n;
		if (compat_alloc_bytes > compat_alloc_bytes_peak)
			compat_alloc_bytes_peak = compat_alloc_bytes;
	} else {
		compat_alloc_bytes -= n;
	}
}

unsigned long compat_printk_count[8];

/*
 * fatal_signal_pending(): with compat_fatal_signal_after = N >= 0, the
 * (N+1)th call and every later one see a fatal signal.
 */
long compat_fatal_signal_after = -1;

bool fatal_signal_pending(struct task_struct *p)
{
	if (compat_fatal_signal_after < 0)
		return false;
	if (compat_fatal_signal_after == 0)
		return true;
	compat_fatal_signal_after--;
	return false;
}

unsigned long compat_warn_count;
const char hex_asc[] = "0123456789abcdef";
const unsigned char kcompat_zero_page[PAGE_SIZE];

void compat_warn(const char *file, int line, const char *cond)
{
	compat_warn_count++;
	fprintf(stderr, "WARNING: %s:%d: %s\n", file, line, cond);
}

static bool compat_alloc_ok(void)
{
	compat_alloc_count++;
	if (compat_alloc_fail_after < 0)
		return true;
	if (compat_alloc_fail_after == 0)
		return false;
	compat_alloc_fail_after--;
	return true;
}

void *kmalloc(size_t size, gfp_t flags)
{
	void *p;

	if (!compat_alloc_ok())
		return NULL;
	if (size > (1UL << 30))		/* like KMALLOC_MAX_SIZE-ish limits */
		return NULL;
	p = malloc(size ? size : 1);
	if (p) {
		compat_alloc_live++;
		compat_bytes(p, true);
	}
	if (p && (flags & __GFP_ZERO))
		memset(p, 0, size);
	return p;
}

void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}

void *kmalloc_array(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return kmalloc(bytes, flags);
}

void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array(n, size, flags | __GFP_ZERO);
}

void *krealloc(const void *p, size_t size, gfp_t flags)
{
	void *q;

	if (!compat_alloc_ok())
		return NULL;
	compat_bytes(p, false);
	q = realloc((void *)p, size ? size : 1);
	if (q && !p)
		compat_alloc_live++;
	compat_bytes(q ? q : p, true);
	return q;
}

void *kmemdup(const void *src, size_t len, gfp_t flags)
{
	void *p = kmalloc(len, flags);

	if (p)
		memcpy(p, src, len);
	return p;
}

char *kstrndup(const char *s, size_t max, gfp_t flags)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strnlen(s, max);
	p = kmalloc(len + 1, flags);
	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

char *kstrdup(const char *s, gfp_t flags)
{
	return s ? kstrndup(s, strlen(s), flags) : NULL;
}

void kfree(const void *p)
{
	if (p) {
		compat_alloc_live--;
		compat_bytes(p, false);
	}
	free((void *)p);
}

void kfree_sensitive(const void *p)
{
	kfree(p);
}

ssize_t strscpy(char *dst, const char *src, size_t count)
{
	size_t len;

	if (!count)
		return -E2BIG;
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dst, src, count - 1);
		dst[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return len;
}

char *bin2hex(char *dst, const void *src, size_t count)
{
	const u8 *s = src;

	while (count--) {
		*dst++ = hex_asc_hi(*s);
		*dst++ = hex_asc_lo(*s);
		s++;
	}
	return dst;
}

int hex_to_bin(unsigned char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	ch = tolower(ch);
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return -1;
}

int hex2bin(u8 *dst, const char *src, size_t count)
{
	while (count--) {
		int hi = hex_to_bin(*src++), lo;

		if (hi < 0)
			return -EINVAL;
		lo = hex_to_bin(*src++);
		if (lo < 0)
			return -EINVAL;
		*dst++ = (hi << 4) | lo;
	}
	return 0;
}

time64_t ktime_get_real_seconds(void)
{
	return time(NULL);
}

/* Append to a bounded buffer the way vsnprintf counts: always advance pos. */
static void out_ch(char *buf, size_t size, size_t *pos, char c)
{
	if (*pos + 1 < size)
		buf[*pos] = c;
	(*pos)++;
}

static void out_str(char *buf, size_t size, size_t *pos, const char *s, size_t n)
{
	while (n--)
		out_ch(buf, size, pos, *s++);
}

int compat_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	size_t pos = 0;

	while (*fmt) {
		char spec[32], tmp[512];
		const char *start = fmt;
		int width = -1, prec = -1, n;
		bool wstar = false, pstar = false;
		size_t sl;
		char conv;

		if (*fmt != '%') {
			out_ch(buf, size, &pos, *fmt++);
			continue;
		}
		fmt++;
		if (*fmt == '%') {
			out_ch(buf, size, &pos, '%');
			fmt++;
			continue;
		}
		while (*fmt && strchr("-+ #0", *fmt))
			fmt++;
		if (*fmt == '*') {
			width = va_arg(ap, int);
			wstar = true;
			fmt++;
		} else if (isdigit((unsigned char)*fmt)) {
			width = 0;
			while (isdigit((unsigned char)*fmt))
				width = width * 10 + (*fmt++ - '0');
		}
		if (*fmt == '.') {
			fmt++;
			prec = 0;
			if (*fmt == '*') {
				prec = va_arg(ap, int);
				pstar = true;
				fmt++;
			} else {
				while (isdigit((unsigned char)*fmt))
					prec = prec * 10 + (*fmt++ - '0');
			}
		}
		while (*fmt && strchr("hlzjtL", *fmt))
			fmt++;
		conv = *fmt;
		if (!conv)
			break;
		fmt++;
		sl = fmt - start;
		if (sl >= sizeof(spec))
			sl = sizeof(spec) - 1;
		memcpy(spec, start, sl);
		spec[sl] = '\0';

		if (conv == 'p' && *fmt == 'h') {
			const u8 *p = va_arg(ap, const u8 *);
			char sep = ' ';
			int i, len = width < 0 ? 1 : width;

			fmt++;
			if (*fmt == 'N') {
				sep = 0;
				fmt++;
			} else if (*fmt == 'C') {
				sep = ':';
				fmt++;
			} else if (*fmt == 'D') {
				sep = '-';
				fmt++;
			}
			if (len > 64)
				len = 64;
			for (i = 0; i < len; i++) {
				if (i && sep)
					out_ch(buf, size, &pos, sep);
				out_ch(buf, size, &pos, hex_asc_hi(p[i]));
				out_ch(buf, size, &pos, hex_asc_lo(p[i]));
			}
			continue;
		}
		if (conv == 'p') {
			void *p = va_arg(ap, void *);

			while (isalnum((unsigned char)*fmt))
				fmt++;
			n = snprintf(tmp, sizeof(tmp), "%p", p);
			out_str(buf, size, &pos, tmp, min_t(size_t, n, sizeof(tmp) - 1));
			continue;
		}

		/* Re-run the single conversion through libc with the right type. */
#define ONE(type) do {							\
		type v = va_arg(ap, type);				\
		if (wstar && pstar)					\
			n = snprintf(tmp, sizeof(tmp), spec, width, prec, v); \
		else if (wstar)						\
			n = snprintf(tmp, sizeof(tmp), spec, width, v);	\
		else if (pstar)						\
			n = snprintf(tmp, sizeof(tmp), spec, prec, v);	\
		else							\
			n = snprintf(tmp, sizeof(tmp), spec, v);	\
	} while (0)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
		if (conv == 's') {
			const char *s = va_arg(ap, const char *);
			int slen;

			if (!s)
				s = "(null)";
			slen = prec >= 0 ? (int)strnlen(s, prec) : (int)strlen(s);
			if (width > slen && !strchr(spec, '-')) {
				for (n = slen; n < width; n++)
					out_ch(buf, size, &pos, ' ');
			}
			out_str(buf, size, &pos, s, slen);
			if (width > slen && strchr(spec, '-')) {
				for (n = slen; n < width; n++)
					out_ch(buf, size, &pos, ' ');
			}
			continue;
		} else if (strchr("diouxXc", conv)) {
			if (strstr(spec, "ll") || strchr(spec, 'j'))
				ONE(long long);
			else if (strchr(spec, 'l') || strchr(spec, 'z') || strchr(spec, 't'))
				ONE(long);
			else
				ONE(int);
		} else if (strchr("eEfgGaA", conv)) {
			ONE(double);
		} else {
			n = snprintf(tmp, sizeof(tmp), "%s", spec);
		}
#pragma GCC diagnostic pop
#undef ONE
		if (n > 0)
			out_str(buf, size, &pos, tmp, min_t(size_t, n, sizeof(tmp) - 1));
	}
	if (size)
		buf[pos < size ? pos : size - 1] = '\0';
	return pos > INT_MAX ? INT_MAX : (int)pos;
}

int compat_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = compat_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!size)
		return 0;
	va_start(ap, fmt);
	n = compat_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return (size_t)n >= size ? (int)size - 1 : n;
}

char *kasprintf(gfp_t gfp, const char *fmt, ...)
{
	va_list ap;
	char *buf;
	int n;

	va_start(ap, fmt);
	n = compat_vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	buf = kmalloc(n + 1, gfp);
	if (!buf)
		return NULL;
	va_start(ap, fmt);
	compat_vsnprintf(buf, n + 1, fmt, ap);
	va_end(ap);
	return buf;
}

int printk(const char *fmt, ...)
{
	static int verbose = -1;
	char line[1024];
	int level = 4;
	va_list ap;

	if (fmt[0] == KERN_SOH[0] && fmt[1]) {
		if (fmt[1] >= '0' && fmt[1] <= '7')
			level = fmt[1] - '0';
		fmt += 2;
	}
	compat_printk_count[level]++;
	if (verbose < 0)
		verbose = !!getenv("KCOMPAT_VERBOSE");
	if (!verbose)
		return 0;
	va_start(ap, fmt);
	compat_vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	fprintf(stderr, "<%d>%s", level, line);
	return 0;
}
