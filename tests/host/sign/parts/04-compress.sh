# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "compress": .ko.xz, .ko.zst, .ko.gz signed as shipped (compress.c, module.c).
# Sourced by run.sh after its setup (SIGN_TEST_PART=compress runs it alone).

# --- compressed modules ------------------------------------------------------------
for c in xz zst gz; do
	f=$T/m/comp.ko.$c
	case $c in
	xz) xz --check=crc32 -c "$base" > "$f" ;;
	zst) zstd -q -c "$base" > "$f" ;;
	gz) gzip -n -c "$base" > "$f" ;;
	esac
	if "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$f" 2> "$T/err"; then
		check ".ko.$c: signed in place, verifies three ways" all_accept "$kr" "$f"
		case $c in
		xz) check ".ko.$c: still valid $c" xz -t "$f" ;;
		zst) check ".ko.$c: still valid $c" zstd -tq "$f" ;;
		gz) check ".ko.$c: still valid $c" gzip -t "$f" ;;
		esac
	else
		nok ".ko.$c: signed"
		sed 's/^/# /' "$T/err"
	fi
done
# .ko.xz in the process (liblzma) and through the xz program: the same file,
# the stream "xz --check=crc32 --lzma2=dict=1MiB" (Kbuild's options) writes
if pkg-config --exists liblzma 2> /dev/null; then
	check "built with liblzma when pkg-config finds it (--help says so)" \
		grep -q '^This build: .ko.xz with liblzma' <("$sign" --help)
else
	skip "built with liblzma when pkg-config finds it: liblzma-dev not installed (make deps)"
fi
xz --check=crc32 -c "$base" > "$T/m/lz1.ko.xz"
cp -- "$T/m/lz1.ko.xz" "$T/m/lz2.ko.xz"
cp -- "$T/m/lz1.ko.xz" "$T/m/lz1b.ko.xz"
# (two modules in one run: the second one through the reused encoder)
SOURCE_DATE_EPOCH=$((key_epoch + 200)) "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/lz1.ko.xz" "$T/m/lz1b.ko.xz"
PGP_SIGN_MODULE_XZ=1 SOURCE_DATE_EPOCH=$((key_epoch + 200)) "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/m/lz2.ko.xz"
xz -dc -- "$T/m/lz1.ko.xz" > "$T/m/lz1.ko"
if cmp -s "$T/m/lz1.ko.xz" "$T/m/lz2.ko.xz" && cmp -s "$T/m/lz1b.ko.xz" "$T/m/lz2.ko.xz" &&
   xz --check=crc32 --lzma2=dict=1MiB -c < "$T/m/lz1.ko" | cmp -s - "$T/m/lz1.ko.xz" &&
   "$verify" -q --keyring "$kr" "$T/m/lz1.ko.xz"; then
	ok ".ko.xz: liblzma and the xz program write the same file, as Kbuild's xz options do"
else
	nok ".ko.xz: liblzma and the xz program write the same file, as Kbuild's xz options do"
fi
cp -- "$T/m/comp.ko.xz" "$T/m/comp-bad.ko.xz"
xz -dc "$T/m/comp.ko.xz" > "$T/m/comp-bad.ko"
flip "$T/m/comp-bad.ko" 200
xz --check=crc32 -c "$T/m/comp-bad.ko" > "$T/m/comp-bad.ko.xz"
rc=0
"$verify" --keyring "$kr" "$T/m/comp-bad.ko.xz" > /dev/null 2>&1 || rc=$?
((rc == 1)) && ok ".ko.xz tampered inside: rejected" || nok ".ko.xz tampered inside: rejected (rc $rc)"
