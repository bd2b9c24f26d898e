# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "agent": passphrases, the gpg-agent path (private and shared agents, the reference signature), every form of --local-user (agent.c, assuan.c, sign.c, preflight.c).
# Sourced by run.sh after its setup (SIGN_TEST_PART=agent runs it alone).

# --- passphrase-protected key -----------------------------------------------------
PH=$T/keys/pass
homes+=("$PH")
mkdir -m 700 "$PH"
echo 'correct horse' > "$T/pass.txt"
echo 'wrong' > "$T/wrong.txt"
gpg --homedir "$PH" --batch --pinentry-mode loopback --passphrase 'correct horse' \
	--quick-gen-key "Pass <pass@example.org>" ed25519 sign never > /dev/null 2>&1
gpg --homedir "$PH" --batch --export > "$T/pass.pub" 2> /dev/null
cp -- "$base" "$T/m/pass.ko"
if "$sign" -q --homedir "$PH" --passphrase-file "$T/pass.txt" "$T/m/pass.ko" 2> "$T/err"; then
	check "--passphrase-file: signed, verifies" all_accept "$T/pass.pub" "$T/m/pass.ko"
else
	nok "--passphrase-file: signed"
	sed 's/^/# /' "$T/err"
fi
gpgconf --homedir "$PH" --kill gpg-agent > /dev/null 2>&1 || true
cp -- "$base" "$T/m/pass2.ko"
want="gpg failed"
expect_fail "wrong passphrase" "$T/m/pass2.ko" \
	"$sign" -q --homedir "$PH" --passphrase-file "$T/wrong.txt" "$T/m/pass2.ko"

# --- the gpg-agent path -------------------------------------------------------------
# With two modules or more (or --agent), gpg signs an empty file once and
# pgp-sign-module has gpg-agent sign each module's digest. Its signatures
# must be gpg's own, byte for byte, and verify everywhere.
amatrix=()
for a in "${algos[@]}"; do
	amatrix+=("$a sha512")
done
amatrix+=("rsa2048 sha256" "ed25519 sha384")
[[ -n ${fpr[nistp256]:-} ]] && amatrix+=("nistp256 sha256")
[[ -n ${fpr[dsa2048]:-} ]] && amatrix+=("dsa2048 sha256")
for kd in "${amatrix[@]}"; do
	read -r a d <<< "$kd"
	[[ -n ${fpr[$a]:-} ]] || continue
	f1=$T/m/agent-$a-$d.ko f2=$T/ma/agent-$a-$d-2.ko
	cp -- "$base" "$f1"
	cp -- "$base" "$f2"
	if ! counted "$sign" -q --homedir "$H" -u "${fpr[$a]}" --digest "$d" "$f1" "$f2" 2> "$T/err"; then
		nok "agent path $a $d: two modules signed"
		sed 's/^/# /' "$T/err"
		continue
	fi
	if ((gpg_count == 1)) && [[ ! -s $T/err ]]; then
		ok "agent path $a $d: one gpg signature for two modules, no note"
	else
		nok "agent path $a $d: one gpg signature for two modules ($gpg_count), no note"
		sed 's/^/# /' "$T/err"
	fi
	check "agent path $a $d: verify-module.sh, gpgv and sqv accept" all_accept "$T/all.pub" "$f1"
	check "agent path $a $d: second module verifies" "$verify" -q --keyring "$T/all.pub" "$f2"
done

# Byte for byte what gpg writes, for every key type (DSA and ECDSA too: the
# agent's k is deterministic, RFC 6979): unsigned modules, and re-signing
# signed ones.
sde=$((key_epoch + 200))
for a in "${algos[@]}"; do
	[[ -n ${fpr[$a]:-} ]] || continue
	for i in 1 2; do
		cp -- "$base" "$T/ma/id-agent$i.ko"
		cp -- "$base" "$T/ma/id-gpg$i.ko"
	done
	SOURCE_DATE_EPOCH=$sde "$sign" -q --homedir "$H" -u "${fpr[$a]}" \
		"$T/ma/id-agent1.ko" "$T/ma/id-agent2.ko"
	counted env SOURCE_DATE_EPOCH=$sde "$sign" -q --no-agent --homedir "$H" -u "${fpr[$a]}" \
		"$T/ma/id-gpg1.ko" "$T/ma/id-gpg2.ko"
	if ((gpg_count == 2)) && cmp -s "$T/ma/id-agent1.ko" "$T/ma/id-gpg1.ko" &&
	   cmp -s "$T/ma/id-agent2.ko" "$T/ma/id-gpg2.ko"; then
		ok "$a: agent path and gpg (--no-agent) give byte-identical modules"
	else
		nok "$a: agent path and gpg (--no-agent) give byte-identical modules (gpg ran $gpg_count times)"
	fi
	# re-sign with another time: agent path over gpg's, gpg over the agent's
	SOURCE_DATE_EPOCH=$((sde + 1)) "$sign" -q --homedir "$H" -u "${fpr[$a]}" \
		"$T/ma/id-gpg1.ko" "$T/ma/id-gpg2.ko"
	SOURCE_DATE_EPOCH=$((sde + 1)) "$sign" -q --no-agent --homedir "$H" -u "${fpr[$a]}" \
		"$T/ma/id-agent1.ko" "$T/ma/id-agent2.ko"
	if cmp -s "$T/ma/id-agent1.ko" "$T/ma/id-gpg1.ko" && cmp -s "$T/ma/id-agent2.ko" "$T/ma/id-gpg2.ko"; then
		ok "$a: re-signing signed modules: agent path and gpg byte-identical"
	else
		nok "$a: re-signing signed modules: agent path and gpg byte-identical"
	fi
done

# MPIs with leading zero bits and bytes: the agent path signs many modules
# (copies of a signed module with a different tail each: the container
# stays where it is), and gpg signs the signed data of the ones whose r or
# s (or RSA s) is shorter than the group order (or modulus) by a whole
# byte, and a few more, with the same key and time: the packets must be
# identical.
# mpi_bits HEX: REPLY = the bit counts of the signature packet's MPIs
mpi_bits()
{
	local h=$1 p n

	p=4
	[[ ${h:0:2} == 89 ]] && p=6
	p=$((p + 8))
	n=$((16#${h:p:4}))
	p=$((p + 4 + 2 * n))
	n=$((16#${h:p:4}))
	p=$((p + 4 + 2 * n + 4))
	REPLY=''
	while ((p < ${#h})); do
		n=$((16#${h:p:4}))
		REPLY+=" $n"
		p=$((p + 4 + 2 * ((n + 7) / 8)))
	done
	REPLY=${REPLY# }
}
# zero_mpis ALGO BATCH MAX: signs batches of BATCH files until one MPI is
# short by a byte (or MAX files), then compares with gpg
zero_mpis()
{
	local a=$1 batch=$2 max=$3 d=$T/lz-$1 i b full=0 cmpd=0 same=0 short=0 g start=0 so plen
	local -a hex=() bits=() pick=() files=()

	mkdir -p "$d"
	cp -- "$base" "$d/base.ko"
	"$sign" -q --homedir "$H" -u "${fpr[$a]}!" --digest sha256 "$d/base.ko"
	read -r so _ < <(sec module_sig "$d/base.ko")
	local ga=(--homedir "$H" --batch --no-tty --yes --no-armor -u "${fpr[$a]}!" --digest-algo SHA256
		  --faked-system-time "$sde!" --ignore-time-conflict)
	while ((start < max)); do
		files=()
		for ((i = start; i < start + batch; i++)); do
			files+=("$d/$i.ko")
		done
		# the batch's modules: the signed one with a line appended, "tail I" (one process)
		python3 -c 'import sys
base = open(sys.argv[1] + "/base.ko", "rb").read()
for i in range(int(sys.argv[2]), int(sys.argv[3])):
	open("%s/%d.ko" % (sys.argv[1], i), "wb").write(base + b"tail %d\n" % i)' \
			"$d" "$start" "$((start + batch))"
		if ! SOURCE_DATE_EPOCH=$sde "$sign" -q --homedir "$H" -u "${fpr[$a]}!" --digest sha256 \
			"${files[@]}" 2> "$d/err" || [[ -s $d/err ]]; then
			nok "$a: the agent path signed $batch modules without a note"
			sed 's/^/# /' "$d/err" | head -n 5
			return
		fi
		# each module's signature packet (its length at module_sig + 12), in hex (one process)
		while read -r i plen; do
			hex[i]=$plen
			mpi_bits "${hex[i]}"
			bits[i]=$REPLY
			for b in $REPLY; do
				((b > full)) && full=$b
			done
		done < <(python3 -c 'import sys
so = int(sys.argv[2])
for i in range(int(sys.argv[3]), int(sys.argv[4])):
	m = open("%s/%d.ko" % (sys.argv[1], i), "rb").read()
	n = int.from_bytes(m[so + 12:so + 16], "big")
	print(i, m[so + 16:so + 16 + n].hex())' "$d" "$so" "$start" "$((start + batch))")
		start=$((start + batch))
		# full: the size of the group order (or modulus) in whole bytes
		g=$(((full + 7) / 8 * 8))
		for ((i = 0; i < start; i++)); do
			for b in ${bits[i]}; do
				((b <= g - 8)) && break 2
			done
		done
		((i < start)) && break
	done
	full=$g
	for ((i = 0; i < start; i++)); do
		for b in ${bits[i]}; do
			if ((b <= full - 8)); then
				pick+=("$i")
				short=$((short + 1))
				break
			fi
		done
		# a few with leading zero bits only
		((i < 4)) && pick+=("$i")
	done
	for i in "${pick[@]}"; do
		raw_split "$d/$i.ko" "$d/split" || { nok "$a: split module $i"; return; }
		g=$(gpg "${ga[@]}" -o - --detach-sign "$d/split/data" 2> /dev/null | od -An -v -t x1 | tr -d ' \n')
		cmpd=$((cmpd + 1))
		if [[ $g == "${hex[i]}" ]]; then
			same=$((same + 1))
		else
			echo "# $a module $i: MPI bits ${bits[i]}"
			echo "# gpg:       $g"
			echo "# agent path: ${hex[i]}"
		fi
	done
	rm -rf -- "$d"
	if ((short == 0)); then
		skip "$a: no signature with a short MPI in $start tries ($cmpd compared with gpg)"
	elif ((same == cmpd)); then
		ok "$a: MPIs with leading zero bytes ($short of $start) and bits: the agent path's packets are gpg's ($cmpd compared)"
	else
		nok "$a: MPIs with leading zero bytes and bits: the agent path's packets are gpg's ($same of $cmpd)"
	fi
}
# (a short MPI comes once in 128 signatures for Ed25519 and P-256, once in
# 128 to 256 for RSA: a skip, very rare, means none was found)
zero_mpis ed25519 500 4000
[[ -n ${fpr[nistp256]:-} ]] && zero_mpis nistp256 500 4000
[[ -n ${fpr[rsa2048]:-} ]] && zero_mpis rsa2048 300 3000

cat > "$T/logagent" <<'EOF'
#!/bin/bash
tee -a "$AGENT_LOG" | gpg-agent "$@"
EOF
chmod +x "$T/logagent"
# The other ways in: compressed modules, --append, --strip with --reserve,
# a passphrase (private agents, and the running agent), a single module.
cm=()
for c in xz zst gz; do
	f=$T/ma/agent-comp.ko.$c
	case $c in
	xz) xz --check=crc32 -c "$base" > "$f" ;;
	zst) zstd -q -c "$base" > "$f" ;;
	gz) gzip -n -c "$base" > "$f" ;;
	esac
	cm+=("$f")
done
if counted "$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "${cm[@]}" 2> "$T/err" && ((gpg_count == 1)); then
	for f in "${cm[@]}"; do
		check "agent path ${f##*.}: signed in place, verifies three ways" all_accept "$kr" "$f"
	done
else
	nok "agent path: compressed modules signed (gpg ran $gpg_count times)"
	sed 's/^/# /' "$T/err"
fi

for v in agent gpg; do
	for i in 1 2; do
		cp -- "$base" "$T/ma/ap-$v$i.ko"
	done
	opt=()
	[[ $v == gpg ]] && opt=(--no-agent)
	SOURCE_DATE_EPOCH=$sde "$sign" -q "${opt[@]}" --homedir "$H" -u "${fpr[untrusted]}" \
		"$T/ma/ap-${v}1.ko" "$T/ma/ap-${v}2.ko"
	SOURCE_DATE_EPOCH=$sde "$sign" -q "${opt[@]}" --homedir "$H" -u "${fpr[ed25519]}" --append \
		"$T/ma/ap-${v}1.ko" "$T/ma/ap-${v}2.ko"
done
cat -- "$T/keys/untrusted.pub" "$kr" > "$T/both2.pub"
out=$("$verify" --keyring "$T/both2.pub" "$T/ma/ap-agent1.ko" "$T/ma/ap-agent2.ko" 2>&1) && rc=0 || rc=$?
if ((rc == 0)) && (($(grep -c 'good (2 of 2' <<< "$out") == 2)) &&
   cmp -s "$T/ma/ap-agent1.ko" "$T/ma/ap-gpg1.ko" && cmp -s "$T/ma/ap-agent2.ko" "$T/ma/ap-gpg2.ko"; then
	ok "agent path --append: two signatures each, byte-identical to gpg's"
else
	nok "agent path --append: two signatures each, byte-identical to gpg's (rc $rc)"
	sed 's/^/# /' <<< "$out"
fi
check "agent path --append: sqv (independent) accepts" raw_sqv "$kr" "$T/ma/ap-agent2.ko"

if [[ -f $T/m/debug.ko ]]; then
	cp -- "$T/m/debug.ko" "$T/ma/as1.ko"
	cp -- "$T/m/debug.ko" "$T/ma/as2.ko"
	"$sign" -q --strip --reserve 4096 --homedir "$H" -u "${fpr[ed25519]}" "$T/ma/as1.ko" "$T/ma/as2.ko"
	read -r o s < <(sec module_sig "$T/ma/as2.ko")
	if [[ $s == 4096 ]] && ! readelf -S -W "$T/ma/as2.ko" | grep -q '\.debug_'; then
		ok "agent path --strip --reserve 4096: stripped, section of 4096 bytes"
	else
		nok "agent path --strip --reserve 4096: stripped, section of 4096 bytes ($s)"
	fi
	check "agent path --strip: module verifies three ways" all_accept "$kr" "$T/ma/as2.ko"
fi

for mode in private shared; do
	gpgconf --homedir "$PH" --kill gpg-agent > /dev/null 2>&1 || true
	cp -- "$base" "$T/ma/ppa1.ko"
	cp -- "$base" "$T/ma/ppa2.ko"
	if counted env PGP_MODSIGN_AGENT=$mode "$sign" -q --homedir "$PH" --passphrase-file "$T/pass.txt" \
		"$T/ma/ppa1.ko" "$T/ma/ppa2.ko" 2> "$T/err" && ((gpg_count == 1)) && [[ ! -s $T/err ]]; then
		check "agent path ($mode agent), --passphrase-file: verifies" all_accept "$T/pass.pub" "$T/ma/ppa2.ko"
	else
		nok "agent path ($mode agent), --passphrase-file: signed, one gpg signature ($gpg_count)"
		sed 's/^/# /' "$T/err"
	fi
done
gpgconf --homedir "$PH" --kill gpg-agent > /dev/null 2>&1 || true
cp -- "$base" "$T/ma/ppa1.ko"
cp -- "$base" "$T/ma/ppa2.ko"
want="Bad passphrase"
expect_fail "agent path: wrong passphrase" "$T/ma/ppa1.ko" \
	"$sign" -q --homedir "$PH" --passphrase-file "$T/wrong.txt" "$T/ma/ppa1.ko" "$T/ma/ppa2.ko"
cmp -s "$base" "$T/ma/ppa2.ko" && ok "agent path: wrong passphrase: second module untouched too" ||
	nok "agent path: wrong passphrase: second module untouched too"

cp -- "$base" "$T/ma/one.ko"
: > "$T/agent.log"
counted env AGENT_LOG="$T/agent.log" GPG_AGENT="$T/logagent" "$sign" -q --homedir "$H" \
	-u "${fpr[ed25519]}" "$T/ma/one.ko" 2> "$T/err"
[[ ! -s $T/err && ! -s $T/agent.log ]] && ((gpg_count == 1)) &&
	ok "a single module: gpg signs it, no agent conversation" ||
	{ nok "a single module: gpg signs it, no agent conversation ($gpg_count)"; sed 's/^/# /' "$T/err"; }
cp -- "$base" "$T/ma/one.ko"
counted env GPG_AGENT=/nonexistent/gpg-agent PGP_MODSIGN_AGENT=private "$sign" -q --agent \
	--homedir "$H" -u "${fpr[ed25519]}" "$T/ma/one.ko" 2> "$T/err"
grep -q "note: not signing through gpg-agent: /nonexistent/gpg-agent --server did not start" "$T/err" &&
	((gpg_count == 2)) && "$verify" -q --keyring "$kr" "$T/ma/one.ko" &&
	ok "--agent, no private gpg-agent: a note saying why, then gpg signs" ||
	{ nok "--agent, no private gpg-agent: a note saying why, then gpg signs ($gpg_count)"; sed 's/^/# /' "$T/err"; }

# Which agent signs: a private gpg-agent --server per job for a key on disk,
# the running agent for a key gpg-agent reports on a smartcard (KEYINFO
# type T, faked here) and when PGP_MODSIGN_AGENT=shared; the private
# agent's log shows whether it signed.
cat > "$T/cardagent" <<'EOF'
#!/bin/bash
# gpg-agent that logs its requests and says the keys are on a card
tee -a "$AGENT_LOG" | gpg-agent "$@" | sed -u 's/^\(S KEYINFO [0-9A-F]* \)D /\1T /'
EOF
chmod +x "$T/cardagent"
for c in "logagent auto private" "cardagent auto shared" "logagent shared shared"; do
	read -r prog how want <<< "$c"
	: > "$T/agent.log"
	cp -- "$base" "$T/ma/w1.ko"
	cp -- "$base" "$T/ma/w2.ko"
	rc=0
	env AGENT_LOG="$T/agent.log" GPG_AGENT="$T/$prog" PGP_MODSIGN_AGENT="$how" "$sign" -q \
		--homedir "$H" -u "${fpr[ed25519]}" "$T/ma/w1.ko" "$T/ma/w2.ko" 2> "$T/err" || rc=$?
	got=shared
	grep -q '^PKSIGN' "$T/agent.log" && got=private
	if ((rc == 0)) && [[ ! -s $T/err && $got == "$want" ]] &&
	   "$verify" -q --keyring "$kr" "$T/ma/w1.ko" "$T/ma/w2.ko"; then
		ok "$prog, PGP_MODSIGN_AGENT=$how: the $want agent signs, modules verify"
	else
		nok "$prog, PGP_MODSIGN_AGENT=$how: the $want agent signs, modules verify (got $got, rc $rc)"
		sed 's/^/# /' "$T/err"
	fi
done

# Falling back to gpg for every module, with a note: gpg.conf makes gpg
# write other subpackets; no gpg-agent for private agents; the agent going
# away in the middle (that module fails untouched, the others are signed).
NH=$T/keys/notation
homes+=("$NH")
mkdir -m 700 "$NH"
gpg --homedir "$T/keys/ed25519" --batch --export-secret-keys 2> /dev/null |
	gpg --homedir "$NH" --batch --import > /dev/null 2>&1
echo "sig-notation test@example.org=1" > "$NH/gpg.conf"
for i in 1 2; do
	cp -- "$base" "$T/ma/nt$i.ko"
	cp -- "$base" "$T/ma/ntg$i.ko"
done
counted env SOURCE_DATE_EPOCH=$sde "$sign" -q --homedir "$NH" "$T/ma/nt1.ko" "$T/ma/nt2.ko" 2> "$T/err"
env SOURCE_DATE_EPOCH=$sde "$sign" -q --no-agent --homedir "$NH" "$T/ma/ntg1.ko" "$T/ma/ntg2.ko"
if [[ ! -s $T/err ]] && ((gpg_count == 1)) && cmp -s "$T/ma/nt1.ko" "$T/ma/ntg1.ko" &&
   cmp -s "$T/ma/nt2.ko" "$T/ma/ntg2.ko" && raw_gpgv "$kr" "$T/ma/nt1.ko"; then
	ok "gpg.conf adds a notation: the agent path writes it too, byte-identical to gpg's"
else
	nok "gpg.conf adds a notation: the agent path writes it too, byte-identical to gpg's (gpg ran $gpg_count times)"
	sed 's/^/# /' "$T/err"
fi
# A subpacket the agent path does not reproduce: the key block.
echo "include-key-block" > "$NH/gpg.conf"
cp -- "$base" "$T/ma/nt1.ko"
cp -- "$base" "$T/ma/nt2.ko"
counted "$sign" -q --homedir "$NH" --reserve 4096 "$T/ma/nt1.ko" "$T/ma/nt2.ko" 2> "$T/err"
if grep -q "note: .*subpacket type 38 (the key block" "$T/err" && ((gpg_count == 3)) &&
   raw_gpgv "$kr" "$T/ma/nt1.ko" && raw_gpgv "$kr" "$T/ma/nt2.ko"; then
	ok "gpg.conf include-key-block: a note saying why, gpg signs each module"
else
	nok "gpg.conf include-key-block: a note saying why, gpg signs each module (gpg ran $gpg_count times)"
	sed 's/^/# /' "$T/err"
fi
cp -- "$base" "$T/ma/na1.ko"
cp -- "$base" "$T/ma/na2.ko"
counted env GPG_AGENT=/nonexistent/gpg-agent PGP_MODSIGN_AGENT=private \
	"$sign" -q --homedir "$H" -u "${fpr[ed25519]}" "$T/ma/na1.ko" "$T/ma/na2.ko" 2> "$T/err"
if (($(wc -l < "$T/err") == 1)) && grep -q "note: .*did not start" "$T/err" && ((gpg_count == 3)) &&
   "$verify" -q --keyring "$kr" "$T/ma/na1.ko" "$T/ma/na2.ko"; then
	ok "private gpg-agent cannot start: one note, gpg signs each module"
else
	nok "private gpg-agent cannot start: one note, gpg signs each module (gpg ran $gpg_count times)"
	sed 's/^/# /' "$T/err"
fi
cat > "$T/dyingagent" <<'EOF'
#!/bin/bash
# a gpg-agent whose input ends after KEYINFO, OPTION and one signature
n=0
while IFS= read -r l; do n=$((n + 1)); ((n > 6)) && exit 0; printf '%s\n' "$l"; done | gpg-agent "$@"
EOF
chmod +x "$T/dyingagent"
dm=()
for i in 1 2 3 4; do
	cp -- "$base" "$T/ma/dy$i.ko"
	dm+=("$T/ma/dy$i.ko")
done
rc=0
env GPG_AGENT="$T/dyingagent" PGP_MODSIGN_AGENT=private "$sign" -q -j 1 --homedir "$H" \
	-u "${fpr[ed25519]}" "${dm[@]}" 2> "$T/err" || rc=$?
if ((rc == 1)) && cmp -s "$base" "$T/ma/dy2.ko" && grep -q "^sign-module.sh: $T/ma/dy2.ko: gpg-agent connection lost" "$T/err" &&
   grep -q "note: .*connection lost" "$T/err" &&
   "$verify" -q --keyring "$kr" "$T/ma/dy1.ko" "$T/ma/dy3.ko" "$T/ma/dy4.ko"; then
	ok "gpg-agent gone in the middle: that module untouched, the others signed (gpg), exit 1"
else
	nok "gpg-agent gone in the middle: that module untouched, the others signed (gpg), exit 1 (rc $rc)"
	sed 's/^/# /' "$T/err"
fi
if ! ls -A "$T/m" "$T/ma" | grep -q '^\.'; then
	ok "agent path: no temporary file left beside the modules"
else
	nok "agent path: no temporary file left beside the modules"
fi
# Every run so far ended by itself (no SIGKILL): no work directory is left.
left=$(find "$T/tmp" -mindepth 1 -maxdepth 1 -name 'sign-module.*' | wc -l)
((left == 0)) && ok "no temporary directory left behind (agent and gpg paths, failures, fallbacks)" ||
	nok "no temporary directory left behind ($left in \$TMPDIR)"
check "sign-module.sh --help (the C tool's usage)" bash -c "'$sign' --help | grep -q 'Usage: sign-module.sh'"

# --- every form of --local-user takes the agent path ------------------------------
# gpg adds the signer's user ID subpacket when -u names a user ID or an
# e-mail address: the agent path writes it too (byte-identical to gpg's).
uspecs=("${fpr[ed25519]}" "${fpr[ed25519]: -16}" "ed25519@example.org" "Test ed25519"
	"Test ed25519 <ed25519@example.org>" "${fpr[ed25519]}!")
for u in "${uspecs[@]}"; do
	for i in 1 2; do
		cp -- "$base" "$T/ma/u-a$i.ko"
		cp -- "$base" "$T/ma/u-g$i.ko"
	done
	rc=0
	counted env SOURCE_DATE_EPOCH=$sde "$sign" -q --homedir "$H" -u "$u" \
		"$T/ma/u-a1.ko" "$T/ma/u-a2.ko" 2> "$T/err" || rc=$?
	env SOURCE_DATE_EPOCH=$sde "$sign" -q --no-agent --homedir "$H" -u "$u" "$T/ma/u-g1.ko" "$T/ma/u-g2.ko"
	if ((rc == 0 && gpg_count == 1)) && [[ ! -s $T/err ]] && cmp -s "$T/ma/u-a1.ko" "$T/ma/u-g1.ko" &&
	   cmp -s "$T/ma/u-a2.ko" "$T/ma/u-g2.ko" && "$verify" -q --keyring "$kr" "$T/ma/u-a2.ko"; then
		ok "-u '$u': agent path, no note, byte-identical to gpg's"
	else
		nok "-u '$u': agent path, no note, byte-identical to gpg's (rc $rc, gpg ran $gpg_count times)"
		sed 's/^/# /' "$T/err"
	fi
done
# Self-test of the check above: gpg's own packets for -u e-mail and -u
# fingerprint differ (the signer's user ID subpacket), so an agent path
# that left that subpacket out could not pass it.
cp -- "$base" "$T/ma/st1.ko"
cp -- "$base" "$T/ma/st2.ko"
env SOURCE_DATE_EPOCH=$sde "$sign" -q --no-agent --homedir "$H" -u "${fpr[ed25519]}" "$T/ma/st1.ko"
env SOURCE_DATE_EPOCH=$sde "$sign" -q --no-agent --homedir "$H" -u ed25519@example.org "$T/ma/st2.ko"
! cmp -s "$T/ma/st1.ko" "$T/ma/st2.ko" &&
	ok "self-test: gpg's packets for -u e-mail and -u fingerprint differ (the byte-identity check can fail)" ||
	nok "self-test: gpg's packets for -u e-mail and -u fingerprint differ"
# (the subkey case: FINGERPRINT! of a signing subkey)
sfpr=$(gpg --homedir "$SH" --batch --with-colons --list-keys 2> /dev/null | awk -F: '$1 == "fpr" { f = $10 } END { print f }')
cp -- "$base" "$T/ma/sub1.ko"
cp -- "$base" "$T/ma/sub2.ko"
counted "$sign" -q --homedir "$SH" -u "$sfpr!" "$T/ma/sub1.ko" "$T/ma/sub2.ko" 2> "$T/err"
((gpg_count == 1)) && [[ ! -s $T/err ]] && "$verify" -q --keyring "$T/subkey.pub" "$T/ma/sub1.ko" "$T/ma/sub2.ko" &&
	ok "-u SUBKEY-FINGERPRINT!: agent path, verifies" ||
	{ nok "-u SUBKEY-FINGERPRINT!: agent path, verifies ($gpg_count)"; sed 's/^/# /' "$T/err"; }

# --timings: where the time of one module goes
cp -- "$base" "$T/ma/t1.ko"
xz --check=crc32 -c "$base" > "$T/ma/t2.ko.xz"
"$sign" -q --timings --homedir "$H" -u "${fpr[ed25519]}" "$T/ma/t1.ko" "$T/ma/t2.ko.xz" 2> "$T/err"
grep -q "timings per module (ms, 2 modules, .*decompress [0-9.]* placeholder [0-9.]* hash [0-9.]* sign [0-9.]* write [0-9.]* recompress [0-9.]*" "$T/err" &&
	ok "--timings: decompress, placeholder, hash, sign, write, recompress" ||
	{ nok "--timings: decompress, placeholder, hash, sign, write, recompress"; sed 's/^/# /' "$T/err"; }

# verify-module.sh prints the SHA-256 of the module and of its signed data
read -r h1 _ < <(sha256sum "$good")
raw_split "$good" "$T/hs"
read -r h2 _ < <(sha256sum "$T/hs/data")
out=$("$verify" --keyring "$kr" "$good" 2>&1 || true)
grep -q "sha256 $h1 (module), $h2 (signed data, module_sig zeroed)" <<< "$out" &&
	ok "verify-module.sh prints the module's and the signed data's SHA-256 (blacklist entries)" ||
	{ nok "verify-module.sh prints the module's and the signed data's SHA-256"; sed 's/^/# /' <<< "$out"; }
