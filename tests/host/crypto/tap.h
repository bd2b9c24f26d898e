/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TAP output of the host crypto tests (test_*.c): tap() prints one "ok N - ..." or
 * "not ok N - ..." line, flushed, and counts the failures in tap_failed.
 */
#ifndef TESTS_HOST_CRYPTO_TAP_H
#define TESTS_HOST_CRYPTO_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static int tap_n, tap_failed;

static void tap(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", ok ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);	/* in order with what the test prints to stderr */
	if (!ok)
		tap_failed++;
}

#endif
