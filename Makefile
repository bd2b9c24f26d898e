# pgp-modsign: OpenPGP signatures for Linux kernel modules.
#
#   make demo     build a patched kernel, sign modules, boot it under QEMU, show the verdicts
#   make check    every test: host tests, KUnit and the module matrix in QEMU
#   make check-full  make check + 1000 differential cases + a KASAN/UBSAN kernel
#   make check-matrix  the guest matrix on Linux 6.1 and 7.3, arm64 and s390x (MATRIX="6.1:arm64 ...")
#                      and check-distro-config
#   make check-distro-config  Debian's kernel configurations under W=1, sparse and clang
#   make check-reproducible  two builds of one tree in two directories, compared bit for bit
#                 (CONFIG_MODULE_HASH_LIST, no signing key; KVER=6.1), then booted
#   make apply    copy the new files into a 6.12, 6.1 or 7.3 tree and apply its series (KSRC=DIR)
#   make kernel   configure (tinyconfig + tests/config/*.config) and build the test kernel
#   make kunit    every KUnit suite under UML with KASAN (kunit.py, one .kunitconfig per dir)
#   make bench    load-time cost vs mainline, native verify vs OpenSSL, signing throughput
#                 (KVER=7.3: the load-time cost on Linux 7.3 against mainline's own ML-DSA)
#   make bench-sign  only the signing benchmarks (test module, 1000 Debian modules), no kernel build
#   make fuzz     run the libFuzzer targets (FUZZ_TIME seconds each, default 300)
#   make patches  export everything as a numbered series for git am / quilt (out/patches; KVER=6.1;
#                 KVER=7.3: git format-patch with a cover letter, out/patches-7.3)
#   make install-tools  sign-module, verify-module, sign-file-pgp with man pages and bash
#                 completion (DESTDIR, PREFIX=/usr/local; mk/install-tools.sh)
#   make deps     install the Debian packages the above need (make demo installs only its own)
#   make check-fresh  make demo and make check in a new Debian 12 root (mmdebstrap + chroot),
#                 timed, with what they install (mk/check-fresh.sh; root, network; not part of
#                 make check; FRESH_ARGS="--node debian" with Debian's nodejs 18 in the root)
#   make clean    remove build/ (the unpacked tree and all output)

SHELL := /bin/bash
TOP := $(CURDIR)
BUILD := $(TOP)/build
SRC_TARBALL ?= /usr/src/linux-source-6.12.tar.xz

.PHONY: help install-tools demo check check-fresh check-full check-matrix check-distro-config check-reproducible check-series check-host kunit deps apply kernel bench bench-sign patches fuzz fuzz-long clean

help:
	@awk '/^#   make /{ p = 1 } p && !/^#/{ exit } p { sub(/^#  ?/, ""); print }' Makefile

deps:
	@mk/deps.sh

# The signing tools outside a kernel tree, under $(DESTDIR)$(PREFIX).
PREFIX ?= /usr/local
install-tools:
	@DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" bash mk/install-tools.sh

# Without KSRC the default tree build/src is unpacked from Debian's linux-source-6.12
# (again when the patch series changed, so it never carries an old series: mk/default-tree.sh).
apply:
ifdef KSRC
	@mk/apply.sh "$(KSRC)"
else
	@mk/default-tree.sh $(SRC_TARBALL)
endif

kernel: apply
	@tests/qemu/make-keys.sh $(BUILD)/keys
	@. mk/lib.sh && mk/kernel.sh $$(guest_configs)

check:
	@mk/check.sh

check-fresh:
	@mk/check-fresh.sh $(FRESH_ARGS)

check-host:
	@mk/check.sh --host-only

# make check plus 1000 differential cases and a KASAN+UBSAN kernel through the same cases.
check-full:
	@mk/check.sh --full

demo:
	@mk/demo.sh

# KUnit under UML + KASAN; KUNIT_DIRS="crypto/pgp/tests ..." for some directories only.
kunit:
	@mk/kunit.sh $(KUNIT_DIRS)

bench:
	@mk/bench.sh $(if $(KVER),--kver $(KVER))

bench-sign:
	@mk/bench.sh --signing

# libFuzzer targets for the parsers, FUZZ_TIME seconds each (default 300).
fuzz:
	@FUZZ_TIME=$${FUZZ_TIME:-300} tests/host/fuzz/run.sh

# Every libFuzzer target to 10 M executions or FUZZ_LONG_TIME s each, corpus minimized into tests/fuzz/corpus.
fuzz-long:
	@tests/host/fuzz/long.sh

# Linux 6.1 and the arm64 and s390x guests (cross-built, signed here), one line per combination;
# then Debian's own configurations under W=1, sparse and clang (DISTRO_CONFIG=0 leaves them out).
check-matrix:
	@mk/deps.sh --matrix && rc=0 && { mk/check-matrix.sh $(MATRIX) || rc=1; } && \
	{ [ "$(DISTRO_CONFIG)" = 0 ] || mk/distro-config.sh || rc=1; } && exit $$rc

# Debian's kernel configuration (6.12 and 6.1) with CONFIG_MODULE_SIG_PGP=y: olddefconfig keeps
# our options; W=1, C=1 and LLVM=1 builds show no new warning.
check-distro-config:
	@mk/deps.sh --matrix && mk/distro-config.sh $(if $(KVER),--kver $(KVER))

# Two builds of one tree (CONFIG_MODULE_HASH_LIST, no key) compared bit for bit, then booted.
check-reproducible:
	@mk/check-reproducible.sh $(if $(KVER),--kver $(KVER))

# Bisectability: every prefix of the exported series builds (a kernel build per patch; KVER=7.3).
check-series:
	@mk/check-series.sh $(if $(KVER),--kver $(KVER))

# The whole project as a numbered series for git am / quilt (out/patches; KVER=6.1: out/patches-6.1).
patches:
	@mk/export-patches.sh --check $(if $(KVER),--kver $(KVER))

clean:
	rm -rf $(BUILD)
