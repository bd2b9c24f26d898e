// SPDX-License-Identifier: GPL-2.0
/*
 * The Assuan protocol of gpg-agent, client side: commands out, answer lines
 * in (each read from untrusted bytes: at most PGP_ASSUAN_MAX_LINE bytes,
 * percent-escapes checked), and the passphrase when the agent asks for it.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pgp-sign.h"

int assuan_put(struct pgp_agent *a, const char *line)
{
	size_t n = strlen(line);
	char *l = xrealloc(NULL, n + 1);
	int ret = 0;

	memcpy(l, line, n);
	l[n] = '\n';
	if (write_all(a->out, l, n + 1)) {
		snprintf(a->err, sizeof(a->err), "gpg-agent connection lost: %s", strerror(errno));
		ret = -1;
	}
	explicit_bzero(l, n + 1);	/* it may have been the passphrase */
	free(l);
	return ret;
}

/*
 * The passphrase as D lines (percent-escaped, each within Assuan's line
 * length of 1000 bytes), then END; every copy is wiped.
 */
static int assuan_put_passphrase(struct pgp_agent *a)
{
	static const char hex[] = "0123456789ABCDEF";
	const char *q = a->passphrase;
	struct buf e = {};
	int ret = 0;

	while (*q && !ret) {
		buf_add(&e, "D ", 2);
		for (; *q && e.len < 900; q++) {
			if (*q == '%' || *q == '\r' || *q == '\n' || *q == '\\') {
				u8 h[3] = { '%', hex[(u8)*q >> 4], hex[(u8)*q & 15] };

				buf_add(&e, h, 3);
			} else {
				buf_addc(&e, *q);
			}
		}
		buf_addc(&e, 0);
		ret = assuan_put(a, (char *)e.p);
		explicit_bzero(e.p, e.cap);
		e.len = 0;
	}
	buf_free(&e);
	return ret ? ret : assuan_put(a, "END");
}

/* One line (without the newline) into @line; -1 when the connection ended. */
int assuan_getline(struct pgp_agent *a, char **line, size_t *len)
{
	struct buf *b = &a->buf;

	if (a->consumed) {
		memmove(b->p, b->p + a->consumed, b->len - a->consumed);
		b->len -= a->consumed;
		a->consumed = 0;
	}
	for (;;) {
		u8 *nl = b->len ? memchr(b->p, '\n', b->len) : NULL;
		ssize_t r;

		if (nl) {
			*nl = 0;
			*line = (char *)b->p;
			*len = nl - b->p;
			a->consumed = *len + 1;
			return 0;
		}
		if (b->len > PGP_ASSUAN_MAX_LINE) {
			snprintf(a->err, sizeof(a->err),
				 "unexpected answer from gpg-agent: line too long");
			return -1;
		}
		buf_reserve(b, 4096);
		r = read(a->in, b->p + b->len, 4096);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			snprintf(a->err, sizeof(a->err), "gpg-agent connection lost%s%s",
				 r ? ": " : "", r ? strerror(errno) : "");
			return -1;
		}
		b->len += r;
	}
}

/*
 * assuan_parse_line() - classify one line of a server's answer
 * Returns the kind; for D lines the percent-decoded data is appended to
 * @data, for ERR the message (or "error N") goes to @msg, for S lines the
 * rest of the line.  Unescaped control characters are refused.
 */
int assuan_parse_line(const char *l, size_t n, struct buf *data,
		      char *msg, size_t msglen)
{
	size_t i;

	msg[0] = 0;
	/* (a D line may hold any byte but CR and LF, NUL included) */
	for (i = 0; i < n; i++)
		if (l[i] == '\n' || l[i] == '\r' || (l[i] == 0 && l[0] != 'D'))
			return A_BAD;
	if (n >= 2 && l[0] == 'O' && l[1] == 'K' && (n == 2 || l[2] == ' '))
		return A_OK;
	if (n >= 4 && !memcmp(l, "ERR ", 4)) {
		const char *p = l + 4, *e = l + n;
		const char *t;

		if (p == e || !isdigit((unsigned char)*p))
			return A_BAD;
		t = p;
		while (t < e && isdigit((unsigned char)*t))
			t++;
		while (t < e && *t == ' ')
			t++;
		if (t == e)
			snprintf(msg, msglen, "error %.*s", (int)(t - p > 12 ? 12 : t - p), p);
		else
			snprintf(msg, msglen, "%.*s", (int)(e - t), t);
		return A_ERR;
	}
	if (n >= 2 && l[0] == 'D' && l[1] == ' ') {
		for (i = 2; i < n; i++) {
			if (l[i] == '%') {
				unsigned int v;
				char hx[3];

				if (n - i < 3 || !isxdigit((unsigned char)l[i + 1]) ||
				    !isxdigit((unsigned char)l[i + 2]))
					return A_BAD;
				hx[0] = l[i + 1];
				hx[1] = l[i + 2];
				hx[2] = 0;
				v = strtoul(hx, NULL, 16);
				buf_addc(data, v);
				i += 2;
			} else {
				buf_addc(data, l[i]);
			}
		}
		return A_DATA;
	}
	if (n >= 2 && l[0] == 'S' && l[1] == ' ') {
		snprintf(msg, msglen, "%.*s", (int)(n - 2), l + 2);
		return A_STATUS;
	}
	if (n >= 8 && !memcmp(l, "INQUIRE ", 8)) {
		snprintf(msg, msglen, "%.*s", (int)(n - 8), l + 8);
		return A_INQUIRE;
	}
	if (n == 0 || l[0] == '#')
		return A_COMMENT;
	return A_BAD;
}

/*
 * assuan_transact() - read the answer to one command
 * Returns 0 on OK (data in @data, status lines in @status when given),
 * 1 on ERR (message in a->err), -1 when the connection is unusable.
 */
int assuan_transact(struct pgp_agent *a, struct buf *data, struct buf *status)
{
	struct buf discard = {};
	int inquiries = 0, ret;

	for (;;) {
		char msg[512], *l;
		size_t n;

		if (assuan_getline(a, &l, &n)) {
			ret = -1;
			break;
		}
		switch (assuan_parse_line(l, n, data ? data : &discard, msg, sizeof(msg))) {
		case A_OK:
			ret = 0;
			goto out;
		case A_ERR:
			snprintf(a->err, sizeof(a->err), "%s", msg);
			ret = 1;
			goto out;
		case A_STATUS:
			if (status) {
				buf_addstr(status, msg);
				buf_addc(status, '\n');
			}
			continue;
		case A_INQUIRE:
			if (!strncmp(msg, "PASSPHRASE", 10) && a->passphrase && inquiries++ < 3)
				ret = assuan_put_passphrase(a);
			else
				ret = assuan_put(a, "CAN");
			if (ret)
				goto out;
			continue;
		case A_DATA:
		case A_COMMENT:
			continue;
		}
		snprintf(a->err, sizeof(a->err), "unexpected answer from gpg-agent: %.60s", l);
		ret = -1;
		break;
	}
out:
	buf_free(&discard);
	return ret;
}

int assuan_cmd(struct pgp_agent *a, const char *cmd, struct buf *data, struct buf *status)
{
	if (assuan_put(a, cmd))
		return -1;
	return assuan_transact(a, data, status);
}
