# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign: the helpers every part uses, sourced by run.sh: readers of a
# signed module that do not use the scripts' own parser (readelf, dd, od), the
# three independent checks of a signature (verify-module.sh, gpgv, sqv), the
# failure check (expect_fail: the module byte-identical, one line naming it).

# --- independent helpers (readelf, dd, od: not the scripts' parser) ----------

# sections FILE -> "name type offset size" per section (decimal), from readelf
sections()
{
	local name type off size

	readelf -S -W -- "$1" |
		sed -n 's/^ *\[ *[0-9]*\] \([^ ]\+\) \+\([A-Z_0-9]\+\) \+[0-9a-f]\+ \([0-9a-f]\+\) \([0-9a-f]\+\) .*/\1 \2 \3 \4/p' |
		while read -r name type off size; do
			echo "$name $type $((16#$off)) $((16#$size))"
		done
}

# sec NAME FILE -> "offset size" in decimal, for the first section NAME
sec()
{
	sections "$2" | awk -v n="$1" '$1 == n { print $3, $4; exit }'
}

# raw_split FILE OUTDIR: writes OUTDIR/data (module_sig zeroed) and
# OUTDIR/sig (the payload) using readelf offsets.
raw_split()
{
	local f=$1 o=$2 off size plen

	mkdir -p "$o"
	read -r off size < <(sec module_sig "$f") || return 1
	[[ -n $off ]] || return 1
	cp -- "$f" "$o/data"
	head -c "$size" /dev/zero | dd of="$o/data" bs=1 seek="$off" conv=notrunc status=none
	plen=$(od -An -t u4 --endian=big -j $((off + 12)) -N 4 -- "$f" | tr -d ' ')
	((plen > 0 && plen <= size - 16)) || return 1
	dd if="$f" of="$o/sig" bs=1 skip=$((off + 16)) count="$plen" status=none
}

# raw_gpgv KEYRING FILE / raw_sqv KEYRING FILE: verify without our scripts
raw_gpgv()
{
	local d=$T/raw.$RANDOM

	raw_split "$2" "$d" || return 1
	# gpgv exits 0 for revoked keys too: also ask for GOODSIG (or
	# EXPKEYSIG: key expired after the signature was made).
	gpgv --homedir "$T/empty-gnupg" --status-fd 1 --keyring "$1" -- "$d/sig" "$d/data" \
		> "$d/status" 2> /dev/null || return 1
	grep -q '^\[GNUPG:\] \(GOODSIG\|EXPKEYSIG\) ' "$d/status"
}
raw_sqv()
{
	local d=$T/raw.$RANDOM

	raw_split "$2" "$d" || return 1
	sqv --keyring "$1" -- "$d/sig" "$d/data" > /dev/null 2>&1
}

# all_accept KEYRING FILE [verify-args]: the three verifiers accept
all_accept()
{
	local kr=$1 f=$2 plain=$2

	shift 2
	local out

	# (on failure, the per-signature lines say why)
	out=$("$verify" --keyring "$kr" "$@" -- "$f" 2>&1) || { printf '%s\n' "$out"; echo "verify-module.sh rejected"; return 1; }
	out=$("$verify" --sqv --keyring "$kr" "$@" -- "$f" 2>&1) || { printf '%s\n' "$out"; echo "verify-module.sh --sqv rejected"; return 1; }
	case $f in
	*.xz) plain=$T/plain.ko; xz -dc -- "$f" > "$plain" ;;
	*.zst) plain=$T/plain.ko; zstd -dcq -- "$f" > "$plain" ;;
	*.gz) plain=$T/plain.ko; gzip -dc -- "$f" > "$plain" ;;
	esac
	raw_gpgv "$kr" "$plain" || { echo "gpgv rejected"; return 1; }
	raw_sqv "$kr" "$plain" || { echo "sqv rejected"; return 1; }
}

# all_reject KEYRING FILE: verify-module.sh exits 1 and gpgv and sqv fail
all_reject()
{
	local kr=$1 f=$2 rc=0

	"$verify" --quiet --keyring "$kr" -- "$f" > /dev/null 2>&1 || rc=$?
	((rc == 1)) || { echo "verify-module.sh exit $rc, expected 1"; return 1; }
	rc=0
	"$verify" --quiet --sqv --keyring "$kr" -- "$f" > /dev/null 2>&1 || rc=$?
	((rc == 1)) || { echo "verify-module.sh --sqv exit $rc, expected 1"; return 1; }
	! raw_gpgv "$kr" "$f" || { echo "gpgv accepted"; return 1; }
	! raw_sqv "$kr" "$f" || { echo "sqv accepted"; return 1; }
}

# flip FILE OFFSET: XOR one byte with 0x01
flip()
{
	local b

	b=$(od -An -t u1 -j "$2" -N 1 -- "$1" | tr -d ' ')
	# shellcheck disable=SC2059
	printf "$(printf '\\%03o' $((b ^ 1)))" |
		dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# expect_fail DESC FILE CMD...: CMD fails, FILE unchanged, exactly one line
# on stderr of the form "sign-module.sh: FILE: reason" (grep pattern in
# $want, when set).
want=
expect_fail()
{
	local desc=$1 f=$2 before after rc=0 lines

	shift 2
	before=$(sha256sum < "$f")
	"$@" > "$T/out" 2> "$T/err" || rc=$?
	after=$(sha256sum < "$f")
	lines=$(wc -l < "$T/err")
	if ((rc == 0)); then
		nok "$desc: exit status non-zero"
	elif [[ $before != "$after" ]]; then
		nok "$desc: file byte-identical"
	elif ((lines != 1)) || ! grep -q "^sign-module.sh: $f: " "$T/err"; then
		nok "$desc: one-line message naming the file"
	elif [[ -n $want ]] && ! grep -q -- "$want" "$T/err"; then
		nok "$desc: message mentions '$want'"
	else
		ok "$desc (rc $rc: $(cut -c1-110 < "$T/err"))"
		want=
		return 0
	fi
	sed 's/^/# /' "$T/err"
	want=
}

# tamper_one DESC FILE OFFSET KEYRING: FILE with the byte at OFFSET changed must be
# refused three ways
tamper_one()
{
	local desc=$1 src=$2 off=$3 f

	# one file per case, so that the kernel agreement check sees them all
	tamper_n=$((${tamper_n:-0} + 1))
	f=$T/m/tampered$tamper_n.ko

	cp -- "$src" "$f"
	flip "$f" "$off"
	if cmp -s "$src" "$f"; then
		nok "tamper $desc: file changed"
		return
	fi
	check "one byte changed in $desc (offset $off): all three reject" all_reject "$4" "$f"
}

# A gpg that counts its signatures (in $COUNT_FILE), for the agent path's checks.
cat > "$T/countgpg" <<'EOF'
#!/bin/sh
for a; do [ "$a" = --detach-sign ] && echo x >> "$COUNT_FILE"; done
exec gpg "$@"
EOF
chmod +x "$T/countgpg"
# counted CMD...: runs CMD with a gpg that counts its signatures; the count
# goes to gpg_count.
gpg_count=0
counted()
{
	local rc=0

	: > "$T/gpg-count"
	env COUNT_FILE="$T/gpg-count" GPG="$T/countgpg" "$@" || rc=$?
	gpg_count=$(wc -l < "$T/gpg-count")
	return "$rc"
}

# raw_attach FILE SIG: writes the detached signature packet SIG into FILE's
# empty module_sig (from --prepare) with dd, as the container the kernel
# reads: "OPGPMSIG", version 1, three zero bytes, the payload's length
# (big-endian), the payload.  For signatures the signer refuses to make.
raw_attach()
{
	local f=$1 sig=$2 off size plen

	read -r off size < <(sec module_sig "$f") || return 1
	[[ -n $off ]] || return 1
	plen=$(stat -c %s -- "$sig")
	((plen + 16 <= size)) || return 1
	# shellcheck disable=SC2059
	printf "OPGPMSIG\\001\\000\\000\\000$(printf '\\%03o' $((plen >> 24 & 255)) $((plen >> 16 & 255)) $((plen >> 8 & 255)) $((plen & 255)))" |
		dd of="$f" bs=1 seek="$off" conv=notrunc status=none
	dd if="$sig" of="$f" bs=1 seek=$((off + 16)) conv=notrunc status=none
}
