# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "tamper": every region of a signed module tampered with; the container as the kernel reads it (placeholder.c, elf.c: the kernel's locator).
# Sourced by run.sh after its setup (SIGN_TEST_PART=tamper runs it alone).

# --- tampering ------------------------------------------------------------------
tamper_matrix()
{
	local src=$1 key=$2 label=$3 shoff cls64 name o s plen gap

	cls64=0
	readelf -h -- "$src" | grep -q 'Class: *ELF64' && cls64=1
	shoff=$(readelf -h -- "$src" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p')
	if ((cls64)); then
		tamper_one "$label ELF header (e_flags)" "$src" 48 "$key"
		tamper_one "$label section header table (sh_addr of section 1)" "$src" $((shoff + 64 + 16)) "$key"
	else
		tamper_one "$label ELF header (e_flags)" "$src" 36 "$key"
		tamper_one "$label section header table (sh_addr of section 1)" "$src" $((shoff + 40 + 12)) "$key"
	fi
	for name in .text .init.text .rodata .data .modinfo .symtab .strtab .rela.text; do
		read -r o s < <(sec "$name" "$src") || true
		if [[ -z ${o:-} || ${s:-0} -eq 0 ]]; then
			if [[ -n ${SIGN_TEST_MODULE:-} ]]; then
				skip "$label $name: no such section"
			else
				nok "$label $name: section present in the test object"
			fi
			continue
		fi
		tamper_one "$label $name" "$src" $((o + s / 2)) "$key"
		o='' s=''
	done
	# Padding: the first gap between two consecutive section contents.
	gap=$(sections "$src" |
		awk '$2 != "NOBITS" && $2 != "NULL" { print $3, $4 }' |
		sort -n | awk 'NR > 1 && $1 > end { print end; exit } { if ($1 + $2 > end) end = $1 + $2 }')
	if [[ -n $gap ]]; then
		tamper_one "$label inter-section padding" "$src" "$gap" "$key"
	else
		skip "$label inter-section padding: none"
	fi
	read -r o s < <(sec module_sig "$src")
	plen=$(od -An -t u4 --endian=big -j $((o + 12)) -N 4 -- "$src" | tr -d ' ')
	tamper_one "$label signature packet (last byte)" "$src" $((o + 16 + plen - 1)) "$key"
	tamper_one "$label signature packet (hashed area)" "$src" $((o + 16 + 12)) "$key"
}
tamper_matrix "$good" "$kr" "ed25519:"
if [[ -f $T/m/dsa3072-sha256.ko ]]; then
	tamper_matrix "$T/m/dsa3072-sha256.ko" "$T/keys/dsa3072.pub" "dsa3072:"
fi
if [[ -f $T/m/rsa2048-sha256.ko ]]; then
	tamper_matrix "$T/m/rsa2048-sha256.ko" "$T/keys/rsa2048.pub" "rsa2048:"
fi

# Wrong keyring: a good module and an untrusted key.
check "module signed by a key not in the keyring: all three reject" \
	all_reject "$T/keys/untrusted.pub" "$good"
check "armoured keyring accepted (gpgv)" "$verify" -q --keyring "$T/ed25519.asc" "$good"
check "armoured keyring accepted (sqv)" "$verify" -q --sqv --keyring "$T/ed25519.asc" "$good"
check "armoured keyring accepted (raw sqv)" raw_sqv "$T/ed25519.asc" "$good"

# --- container strictness (verify-module.sh) -----------------------------------
read -r so ss < <(sec module_sig "$good")
shoff_good=$(readelf -h -- "$good" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p')
plen=$(od -An -t u4 --endian=big -j $((so + 12)) -N 4 -- "$good" | tr -d ' ')
container_case()
{
	local desc=$1 off=$2 hex=$3 f=$T/m/container.ko rc=0

	cp -- "$good" "$f"
	printf '%b' "$(sed 's/../\\x&/g' <<< "$hex")" |
		dd of="$f" bs=1 seek="$off" conv=notrunc status=none
	"$verify" --keyring "$kr" -- "$f" > "$T/out" 2>&1 || rc=$?
	if ((rc == 1)) && grep -qE "BAD[ :]" "$T/out"; then
		ok "container: $desc -> rejected ($(tail -n 1 "$T/out" | cut -c1-90))"
	else
		nok "container: $desc -> rejected (rc $rc)"
		sed 's/^/# /' "$T/out"
	fi
}
container_case "bad magic" "$so" 58
container_case "version 2" $((so + 8)) 02
container_case "reserved byte set" $((so + 10)) 01
container_case "payload_len beyond the section" $((so + 12)) "$(printf '%08x' $((ss - 15)))"
container_case "payload_len zero" $((so + 12)) 00000000
container_case "payload_len one short" $((so + 12)) "$(printf '%08x' $((plen - 1)))"
container_case "payload_len one long" $((so + 12)) "$(printf '%08x' $((plen + 1)))"
container_case "non-zero byte in the tail" $((so + ss - 1)) 01
container_case "non-signature packet" $((so + 16)) b4

unsigned=$T/m/unsigned.ko
cp -- "$base" "$unsigned"
rc=0
"$verify" --keyring "$kr" -- "$unsigned" > /dev/null 2>&1 || rc=$?
((rc == 2)) && ok "unsigned module: verify exit 2" || nok "unsigned module: verify exit 2 (got $rc)"
objcopy --add-section module_sig="$T/zeros" "$base" "$T/m/placeholder.ko"
rc=0
"$verify" --keyring "$kr" -- "$T/m/placeholder.ko" > /dev/null 2>&1 || rc=$?
((rc == 1)) && ok "empty placeholder: malformed, verify exit 1 (as the kernel: EBADMSG)" ||
	nok "empty placeholder: malformed, verify exit 1 (got $rc)"
rc=0
"$verify" --keyring "$kr" -- "$good" "$unsigned" "$T/m/tampered1.ko" > /dev/null 2>&1 || rc=$?
((rc == 1)) && ok "good + unsigned + bad: verify exit 1" || nok "good + unsigned + bad: verify exit 1 (got $rc)"
rc=0
"$verify" --keyring "$kr" > /dev/null 2>&1 || rc=$?
((rc == 2)) && ok "verify usage error: exit 2" || nok "verify usage error: exit 2 (got $rc)"
objcopy --set-section-flags module_sig=alloc,contents,readonly "$good" "$T/m/alloc.ko"
rc=0
"$verify" --keyring "$kr" -- "$T/m/alloc.ko" > "$T/out" 2>&1 || rc=$?
((rc == 1)) && grep -q SHF_ALLOC "$T/out" && ok "module_sig with SHF_ALLOC: rejected" ||
	nok "module_sig with SHF_ALLOC: rejected (rc $rc)"
# A second module_sig section (objcopy refuses duplicates: rename another).
cp -- "$good" "$T/m/two.ko"
objcopy --rename-section .comment=module_sig "$T/m/two.ko" "$T/m/two2.ko" 2> /dev/null || true
if [[ -f $T/m/two2.ko ]] && (($(readelf -S -W "$T/m/two2.ko" | grep -c ' module_sig ') == 2)); then
	rc=0
	"$verify" --keyring "$kr" -- "$T/m/two2.ko" > "$T/out" 2>&1 || rc=$?
	((rc == 1)) && grep -q "more than one" "$T/out" && ok "two module_sig sections: rejected" ||
		nok "two module_sig sections: rejected (rc $rc)"
else
	skip "two module_sig sections: objcopy cannot make one"
fi

# module_sig moved onto .text (its header's sh_offset): must be refused.
idx=$(readelf -S -W "$good" | sed -n 's/^ *\[ *\([0-9]*\)\] module_sig .*/\1/p')
read -r to _ < <(sec .text "$good")
cp -- "$good" "$T/m/overlap.ko"
printf "%b" "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((to & 255)) $((to >> 8 & 255)) $((to >> 16 & 255)) $((to >> 24 & 255)))" |
	dd of="$T/m/overlap.ko" bs=1 seek=$((shoff_good + idx * 64 + 24)) conv=notrunc status=none
rc=0
"$verify" --keyring "$kr" -- "$T/m/overlap.ko" > "$T/out" 2>&1 || rc=$?
((rc == 1)) && grep -q "overlaps another section (section " "$T/out" && ok "module_sig overlapping .text: rejected" ||
	{ nok "module_sig overlapping .text: rejected (rc $rc)"; sed 's/^/# /' "$T/out"; }

# At most 16 signatures (MODULE_PGP_MAX_SIGS).
# (--append replaces a key's own signature: the 15 by one key are written with dd)
cp -- "$base" "$T/m/sixteen.ko"
"$sign" -q --homedir "$H" -u "${fpr[untrusted]}" --reserve 4096 "$T/m/sixteen.ko"
raw_split "$T/m/sixteen.ko" "$T/sixteen-u" || true
"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" --reserve 4096 "$T/m/sixteen.ko"
raw_split "$T/m/sixteen.ko" "$T/sixteen-e" || true
cp -- "$T/sixteen-e/sig" "$T/sixteen.sigs"
for i in $(seq 2 16); do
	cat -- "$T/sixteen-u/sig" >> "$T/sixteen.sigs"
done
raw_attach "$T/m/sixteen.ko" "$T/sixteen.sigs" || diag "raw_attach of 16 signatures failed"
out=$("$verify" --keyring "$kr" "$T/m/sixteen.ko" 2>&1) && rc=0 || rc=$?
((rc == 0)) && grep -q "good (1 of 16 " <<< "$out" && ok "16 signatures: accepted" ||
	{ nok "16 signatures: accepted (rc $rc)"; tail -n 2 <<< "$out" | sed 's/^/# /'; }
want="16 signatures"
expect_fail "--append of a 17th signature" "$T/m/sixteen.ko" \
	"$sign" -q --homedir "$H" -u "${fpr[rsa2048]:-${fpr[dsa3072]}}" --append "$T/m/sixteen.ko"
