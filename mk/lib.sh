# shellcheck shell=bash
# Shared by the mk/ scripts (sourced, not run).
# guest_configs [ARCH [VERSION]]: the config fragments of the test kernel, one per line,
# for ARCH (default x86_64) and the kernel VERSION (default 6.12).  The OpenPGP fragment
# comes with the generated test keyring's fragment (build/keys/keys.config);
# tests/config/arch-ARCH.config has what that guest needs, tests/config/linux-VERSION.config
# what that kernel adds (7.3: mainline's ML-DSA module signatures).
guest_configs() {
	echo tests/config/base.config
	[[ -f tests/config/arch-${1:-x86_64}.config ]] && echo "tests/config/arch-${1:-x86_64}.config"
	echo build/keys/x509.config
	# 7.x: mainline's ML-DSA X.509 keys trusted too (tests/qemu/mainline-mldsa.sh keys)
	[[ ${2:-6.12} == 7.* ]] && echo build/keys/x509-7.3.config
	echo tests/config/pgp.config
	echo build/keys/keys.config
	echo tests/config/hashlist.config
	echo tests/config/kunit.config
	[[ -f tests/config/linux-${2:-6.12}.config ]] && echo "tests/config/linux-${2:-6.12}.config"
	return 0
}

# series_dir VERSION: the patch directory for a kernel version ("6.12.58", "6.1.192"),
# or failure for a version the project has no series for.
series_dir() {
	local top
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	case $1 in
	6.12|6.12.*) echo "$top/patches" ;;
	6.1|6.1.*) echo "$top/patches/6.1" ;;
	7.3|7.3.*) echo "$top/patches/7.3" ;;
	*) return 1 ;;
	esac
}

# tree_version DIR: VERSION.PATCHLEVEL.SUBLEVEL of the kernel tree DIR.
tree_version() {
	awk '/^VERSION =/{v=$3} /^PATCHLEVEL =/{p=$3} /^SUBLEVEL =/{s=$3}
		END{print v "." p "." s}' "$1/Makefile"
}

# The architectures the test kernel is built for: ARCH= of Kbuild, the Debian cross
# compiler's prefix, the boot image under the object directory.
kernel_arch() {
	case $1 in
	x86_64) echo x86_64 ;;
	arm64) echo arm64 ;;
	s390x) echo s390 ;;
	*) return 1 ;;
	esac
}
cross_prefix() {
	case $1 in
	arm64) [[ $(uname -m) == aarch64 ]] || echo aarch64-linux-gnu- ;;
	s390x) [[ $(uname -m) == s390x ]] || echo s390x-linux-gnu- ;;
	*) ;;
	esac
}
kernel_image() {
	case $1 in
	x86_64) echo arch/x86/boot/bzImage ;;
	arm64) echo arch/arm64/boot/Image ;;
	s390x) echo arch/s390/boot/bzImage ;;
	esac
}

# count MODE LOG: add a TAP/console log's results to the caller's passed/failed/skipped
# (tests/tap.py MODE; TAP_PY=FILE counts with another tap.py).  tap.py failing, or printing
# no "counts P F S" line, is one failure, never a zero.
count() {
	local out rc p f s
	out=$(python3 "${TAP_PY:-$(dirname "${BASH_SOURCE[0]}")/../tests/tap.py}" "$1" "$2" 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep -v '^counts ' || true
	read -r _ p f s < <(printf '%s\n' "$out" | grep '^counts ' | tail -n 1) || true
	if ((rc != 0)) || ! [[ $p =~ ^[0-9]+$ && $f =~ ^[0-9]+$ && $s =~ ^[0-9]+$ ]]; then
		echo "   $(basename "$2" .log): FAILED: tests/tap.py $1 exited $rc without counts"
		failed=$((failed + 1))
		return 1
	fi
	echo "   $(basename "$2" .log): $p passed, $f failed, $s skipped"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

# ---- the guest pipeline of make check, make demo and make check-matrix ----
# keys -> apply -> kernel -> cases -> initramfs -> boots.  Each step runs as RUNNER NAME CMD...,
# where RUNNER is the caller's function that times and logs a step and returns its status.

# guest_paths VERSION ARCH: set tarball, src, obj, mods, cases, cpio, image and cross for that
# guest: build/src and build/obj, build/mods, build/cases, build/initramfs.cpio for 6.12 on
# x86_64 (make check), build/src-VERSION and build/obj-VERSION-ARCH, ... for the others;
# GUEST_VARIANT=NAME adds -NAME (another configuration of the same guest: obj-san).
guest_paths() {
	local top sfx=
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	[[ $1:$2 == 6.12:x86_64 ]] || sfx=-$1-$2
	sfx+=${GUEST_VARIANT:+-$GUEST_VARIANT}
	tarball=$("$top/mk/linux-source.sh" --path "$1")
	src=$top/build/src
	[[ $1 == 6.12 ]] || src=$top/build/src-$1
	obj=$top/build/obj$sfx mods=$top/build/mods$sfx cases=$top/build/cases$sfx
	cpio=$top/build/initramfs$sfx.cpio
	image=$obj/$(kernel_image "$2")
	cross=${CROSS_COMPILE-$(cross_prefix "$2")}
}

# guest_kernel RUNNER VERSION ARCH [CONFIG...]: keys (KEYS_DIR), the patched tree (7.x: and
# mainline's ML-DSA keys and sign-file, tests/qemu/mainline-mldsa.sh), the test kernel and
# its modules (CONFIG...: default guest_configs ARCH VERSION).
guest_kernel() {
	local run=$1 ver=$2 arch=$3 tarball src obj mods cases cpio image cross
	shift 3
	local -a configs=("$@")
	((${#configs[@]})) || mapfile -t configs < <(guest_configs "$arch" "$ver")
	guest_paths "$ver" "$arch"
	"$run" keys tests/qemu/make-keys.sh "${KEYS_DIR:?}" &&
		"$run" apply mk/default-tree.sh "$tarball" "$src" &&
		{ [[ $ver != 7.* ]] ||
			"$run" mlkeys tests/qemu/mainline-mldsa.sh keys "$KEYS_DIR" "$src"; } &&
		"$run" kernel mk/kernel.sh --arch "$arch" --ksrc "$src" --obj "$obj" --mods "$mods" \
			"${configs[@]}"
}

# guest_cases RUNNER VERSION ARCH: the module cases (signed on this host, with the target's
# objcopy) and the initramfs with the guest's busybox and modtest.
guest_cases() {
	local run=$1 ver=$2 arch=$3 tarball src obj mods cases cpio image cross bb
	guest_paths "$ver" "$arch"
	"$run" cases env OBJCOPY="${cross}objcopy" ARCH="$(kernel_arch "$arch")" \
		CROSS_COMPILE="$cross" tests/qemu/make-cases.sh "$obj" "$mods/pgptest.ko" "$cases" &&
		bb=$(busybox_for "$arch") &&
		"$run" initramfs env BUSYBOX="$bb" MODTEST_CC="${cross}gcc" \
			mk/initramfs.sh "$cases" "$cpio"
}

# boot_args BOOT: the kernel command line of the permissive boot (the KUnit suites run
# there) or of the enforcing one (module.sig_enforce=1); pq-permissive and pq-enforce: the
# same with only post-quantum signatures counting (pgp_keys.pq_only=1), the cases of
# cases-pqonly.list (tests/qemu/cases-pq.sh).
boot_args() {
	local pq="modtest.cases=/cases-pqonly.list pgp_keys.pq_only=1 kunit.enable=0"
	case $1 in
	permissive) echo "modtest.boot=permissive" ;;
	enforce) echo "modtest.boot=enforce module.sig_enforce=1 kunit.enable=0" ;;
	pq-permissive) echo "modtest.boot=permissive $pq" ;;
	pq-enforce) echo "modtest.boot=enforce module.sig_enforce=1 $pq" ;;
	*) return 1 ;;
	esac
}

# guest_boot RUNNER NAME VERSION ARCH BOOT LOG [KERNEL-ARG...]: boot the guest under QEMU
# (TCG) with boot_args BOOT plus KERNEL-ARG..., the console in LOG.
guest_boot() {
	local run=$1 name=$2 ver=$3 arch=$4 boot=$5 log=$6 tarball src obj mods cases cpio image cross
	shift 6
	guest_paths "$ver" "$arch"
	# shellcheck disable=SC2046 # boot_args is a word list
	"$run" "$name" mk/qemu.sh --arch "$arch" --timeout 1800 "$image" "$cpio" "$log" \
		$(boot_args "$boot") "$@"
}

# busybox_for ARCH: a static busybox for the guest: the host's for x86_64, else Debian's
# busybox-static of that architecture, downloaded with apt-get in a private configuration
# (mk/apt-private.sh: that architecture's index under build/apt, nothing of the machine's
# apt or dpkg set-up read or changed: dpkg gains no architecture), kept in build/debs
# (BUSYBOX_DEBS overrides it).
busybox_for() {
	local arch=$1 deb top dir
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	dir=${BUSYBOX_DEBS:-$top/build/debs}
	if [[ $arch == x86_64 ]]; then
		command -v busybox || echo /bin/busybox	# mk/initramfs.sh says when it is missing
		return
	fi
	mkdir -p "$dir"
	if [[ ! -x $dir/busybox-$arch/bin/busybox ]]; then
		deb=$(find "$dir" -maxdepth 1 -name "busybox-static_*_$arch.deb" | head -n 1)
		if [[ -z $deb ]]; then
			(cd "$dir" && "$top/mk/apt-private.sh" --arch "$arch" download "busybox-static:$arch") >&2 ||
				return 1
			deb=$(find "$dir" -maxdepth 1 -name "busybox-static_*_$arch.deb" | head -n 1)
			[[ -n $deb ]] || { echo "busybox_for: no busybox-static_*_$arch.deb downloaded" >&2; return 1; }
		fi
		rm -rf "$dir/busybox-$arch"
		dpkg-deb -x "$deb" "$dir/busybox-$arch" || return 1
	fi
	echo "$dir/busybox-$arch/bin/busybox"
}
