# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "pool": many modules in -j jobs with progress lines, --strip (pool.c, proc.c).
# Sourced by run.sh after its setup (SIGN_TEST_PART=pool runs it alone).

# --- many modules, parallel, progress -------------------------------------------
many=()
for i in 1 2 3 4 5 6; do
	cp -- "$base" "$T/m/many$i.ko"
	many+=("$T/m/many$i.ko")
done
if "$sign" -j 2 --homedir "$H" -u "${fpr[ed25519]}" "${many[@]}" > "$T/out" 2> "$T/err"; then
	if grep -q '^\[6/6\] ' "$T/out" && grep -q '^\[1/6\] ' "$T/out"; then
		ok "-j 2: progress lines [i/6]"
	else
		nok "-j 2: progress lines [i/6]"
	fi
	check "-j 2: all six modules verify" "$verify" -q --keyring "$kr" "${many[@]}"
else
	nok "-j 2: six modules signed"
	sed 's/^/# /' "$T/err"
fi
"$sign" -q -j 2 --homedir "$H" -u "${fpr[ed25519]}" "${many[@]}" > "$T/out" 2>&1
[[ ! -s $T/out ]] && ok "--quiet prints nothing" || nok "--quiet prints nothing"
cp -- "$base" "$T/m/many7.ko"
printf 'junk' > "$T/m/many8.ko"
rc=0
"$sign" -q -j 2 --homedir "$H" -u "${fpr[ed25519]}" "$T/m/many7.ko" "$T/m/many8.ko" > /dev/null 2>&1 || rc=$?
if ((rc != 0)) && "$verify" -q --keyring "$kr" "$T/m/many7.ko" > /dev/null 2>&1 &&
   [[ $(cat "$T/m/many8.ko") == junk ]]; then
	ok "-j 2 with one bad module: others signed, bad one untouched, exit non-zero"
else
	nok "-j 2 with one bad module: others signed, bad one untouched, exit non-zero (rc $rc)"
fi

# --- --strip -----------------------------------------------------------------------
if [[ -f $T/m/debug.ko ]]; then
	cp -- "$T/m/debug.ko" "$T/m/strip.ko"
	"$sign" -q --strip --homedir "$H" -u "${fpr[ed25519]}" "$T/m/strip.ko"
	if ! readelf -S -W "$T/m/strip.ko" | grep -q '\.debug_' &&
	   readelf -S -W "$T/m/debug.ko" | grep -q '\.debug_'; then
		ok "--strip removes debug sections"
	else
		nok "--strip removes debug sections"
	fi
	check "--strip: module verifies" all_accept "$kr" "$T/m/strip.ko"
fi
