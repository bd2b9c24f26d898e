# Shared by the mk/ scripts (sourced, not run).
# guest_configs [ARCH]: the config fragments of the test kernel, one per line, for ARCH
# (default x86_64).  The OpenPGP fragment comes with the generated test keyring's fragment
# (build/keys/keys.config); tests/config/arch-ARCH.config has what that guest needs.
guest_configs() {
	echo tests/config/base.config
	[[ -f tests/config/arch-${1:-x86_64}.config ]] && echo "tests/config/arch-${1:-x86_64}.config"
	echo build/keys/x509.config
	if [[ -f tests/config/pgp.config ]]; then
		echo tests/config/pgp.config
		echo build/keys/keys.config
	fi
	[[ -f tests/config/kunit.config ]] && echo tests/config/kunit.config
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
