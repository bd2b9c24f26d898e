// SPDX-License-Identifier: GPL-2.0
/*
 * Runner for the userspace KUnit shim: runs every registered suite and
 * prints KTAP v1.  Exit status 0 only when no case failed.  An optional
 * argument selects suites by name (glob).
 */
#include <kunit/test.h>
#include <fnmatch.h>

/* what a case leaves to be undone: a kunit_kmalloc() block, or an action */
struct kunit_resource_node {
	struct kunit_resource_node *next;
	void *p;
	kunit_action_t *action;		/* NULL: p is a block to kfree() */
};

static struct kunit_suite *suites[64];
static int nr_suites;

void kunit_compat_register(struct kunit_suite *suite)
{
	if (nr_suites < (int)ARRAY_SIZE(suites))
		suites[nr_suites++] = suite;
}

void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	struct kunit_resource_node *n = malloc(sizeof(*n));
	void *p;

	if (!n)
		return NULL;
	p = kmalloc(size, gfp);
	if (!p) {
		free(n);
		return NULL;
	}
	n->p = p;
	n->action = NULL;
	n->next = test->allocs;
	test->allocs = n;
	return p;
}

int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	struct kunit_resource_node *n = malloc(sizeof(*n));

	if (!n)
		return -ENOMEM;
	n->p = ctx;
	n->action = action;
	n->next = test->allocs;
	test->allocs = n;
	return 0;
}

int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action, void *ctx)
{
	int ret = kunit_add_action(test, action, ctx);

	if (ret)
		action(ctx);
	return ret;
}

void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc(test, size, gfp | __GFP_ZERO);
}

void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size, gfp_t gfp)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	return kunit_kmalloc(test, bytes, gfp);
}

void *kunit_kcalloc(struct kunit *test, size_t n, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, n, size, gfp | __GFP_ZERO);
}

void *kunit_kmemdup(struct kunit *test, const void *src, size_t len, gfp_t gfp)
{
	void *p = kunit_kmalloc(test, len, gfp);

	if (p)
		memcpy(p, src, len);
	return p;
}

void kunit_kfree(struct kunit *test, const void *p)
{
	struct kunit_resource_node **pp;

	for (pp = &test->allocs; *pp; pp = &(*pp)->next) {
		if ((*pp)->p == p && !(*pp)->action) {
			struct kunit_resource_node *n = *pp;

			*pp = n->next;
			kfree(n->p);
			free(n);
			return;
		}
	}
}

static void free_all(struct kunit *test)
{
	while (test->allocs) {
		struct kunit_resource_node *n = test->allocs;

		test->allocs = n->next;
		if (n->action)
			n->action(n->p);
		else
			kfree(n->p);
		free(n);
	}
}

void kunit_compat_log(struct kunit *test, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	compat_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printf("        # %s: %s%s", test->name, buf,
	       buf[0] && buf[strlen(buf) - 1] == '\n' ? "" : "\n");
}

void kunit_compat_fail(struct kunit *test, bool assert, const char *file, int line,
		       const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	compat_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printf("        # %s: %s failed at %s:%d: %s\n", test->name,
	       assert ? "ASSERTION" : "EXPECTATION", file, line, buf);
	test->failed = 1;
	if (assert)
		longjmp(test->abort, 1);
}

static int run_one(struct kunit_suite *s, struct kunit_case *c, const void *param)
{
	struct kunit test = { .name = c->name, .param_value = param };

	if (s->init && s->init(&test)) {
		printf("        # %s: init failed\n", c->name);
		return 1;
	}
	if (!setjmp(test.abort))
		c->run_case(&test);
	if (s->exit)
		s->exit(&test);
	free_all(&test);
	return test.skipped ? -1 : test.failed;
}

int main(int argc, char **argv)
{
	int i, total_fail = 0, total = 0, nr_run = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 0; i < nr_suites; i++)
		if (argc < 2 || !fnmatch(argv[1], suites[i]->name, 0))
			nr_run++;
	printf("KTAP version 1\n1..%d\n", nr_run);
	nr_run = 0;
	for (i = 0; i < nr_suites; i++) {
		struct kunit_suite *s = suites[i];
		struct kunit_case *c;
		int n = 0, sfail = 0;

		if (argc >= 2 && fnmatch(argv[1], s->name, 0))
			continue;
		nr_run++;
		for (c = s->test_cases; c->run_case; c++)
			n++;
		printf("    KTAP version 1\n    # Subtest: %s\n    1..%d\n", s->name, n);
		if (s->suite_init && s->suite_init(s)) {
			printf("not ok %d %s # suite_init failed\n", nr_run, s->name);
			total_fail++;
			continue;
		}
		n = 0;
		for (c = s->test_cases; c->run_case; c++) {
			int r;

			n++;
			total++;
			if (c->generate_params) {
				char desc[KUNIT_PARAM_DESC_SIZE];
				const void *param = NULL;
				int pn = 0, pfail = 0;

				printf("        KTAP version 1\n        # Subtest: %s\n", c->name);
				desc[0] = '\0';
				while ((param = c->generate_params(param, desc))) {
					pn++;
					r = run_one(s, c, param);
					printf("        %s %d %s%s\n", r > 0 ? "not ok" : "ok", pn,
					       desc[0] ? desc : "param", r < 0 ? " # SKIP" : "");
					if (r > 0)
						pfail = 1;
					desc[0] = '\0';
				}
				printf("        1..%d\n", pn);
				r = pfail;
			} else {
				r = run_one(s, c, NULL);
			}
			printf("    %s %d %s%s\n", r > 0 ? "not ok" : "ok", n, c->name,
			       r < 0 ? " # SKIP" : "");
			if (r > 0) {
				sfail++;
				total_fail++;
			}
		}
		if (s->suite_exit)
			s->suite_exit(s);
		printf("%s %d %s\n", sfail ? "not ok" : "ok", nr_run, s->name);
	}
	printf("# kunit-compat: %d cases, %d failed\n", total, total_fail);
	return total_fail ? 1 : 0;
}
