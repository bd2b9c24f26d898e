# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "token": a signing key on a PKCS#11 token (SoftHSM2) that
# the running gpg-agent uses through gnupg-pkcs11-scd as its smartcard daemon;
# modules signed through that agent in two jobs, .ko and .ko.xz, each checked
# with the kernel's verdict (verify-module.sh) and gpgv and sqv (agent.c: the
# shared agent, the jobs taking turns on the token; sign.c); concurrent runs
# taking turns too, through one lock per token in a private directory
# (PGP_MODSIGN_LOCK_DIR here; issue 33, T9).
# Sourced by run.sh after its setup (SIGN_TEST_PART=token runs it alone).
# TOKEN_MODULES=N signs N .ko (96: enough that the two jobs would ask the
# token at the same time if they did not take turns).

# --- a key on a token, through the running agent ------------------------------------
# The token: SoftHSM2 with its objects in $T, an RSA key for signing only (gnupg-pkcs11-scd
# takes RSA, and wants a certificate beside each key) made by OpenSSL and written to the
# token by pkcs11-tool; the PIN comes from a pinentry that answers with $TOKEN_PIN's
# content.  The scdaemon is gnupg-pkcs11-scd itself, started through a wrapper that notes
# its pid (to end it however a run ended) and with its conversation logged in
# $TK/scd.log (verbose: that log holds the PIN, a test token's only).
softhsm_lib=
for l in /usr/lib/softhsm/libsofthsm2.so /usr/lib/*/softhsm/libsofthsm2.so; do
	[[ -f $l ]] && softhsm_lib=$l && break
done
token_ready=0
if [[ -z $softhsm_lib ]] || ! command -v softhsm2-util pkcs11-tool gnupg-pkcs11-scd > /dev/null; then
	deps_result "token: signing with a key on a SoftHSM token" softhsm2 opensc gnupg-pkcs11-scd
else
	TK=$T/token
	TH=$TK/gnupg
	mkdir -p "$TK/tokens"
	# the token locks: a directory of root alone, as /run/pgp-modsign is made
	LK=$TK/locks
	export PGP_MODSIGN_LOCK_DIR=$LK
	mkdir -m 700 "$TH"
	homes+=("$TH")
	export SOFTHSM2_CONF=$TK/softhsm2.conf
	printf 'directories.tokendir = %s\nobjectstore.backend = file\nlog.level = ERROR\n' \
		"$TK/tokens" > "$SOFTHSM2_CONF"
	TOKEN_PIN=$TK/pin
	echo 246810 > "$TOKEN_PIN"
	cat > "$TK/pinentry" <<-EOF
	#!/bin/sh
	# a pinentry that answers GETPIN with the first line of $TOKEN_PIN
	echo "OK Pleased to meet you"
	while read -r cmd rest; do
		case \$cmd in
		GETPIN) printf 'D %s\nOK\n' "\$(head -n 1 '$TOKEN_PIN')" ;;
		BYE) echo OK; exit 0 ;;
		*) echo OK ;;
		esac
	done
	EOF
	cat > "$TK/scd" <<-EOF
	#!/bin/sh
	# gnupg-pkcs11-scd, its pid in $TK/scd.pid
	echo \$\$ > '$TK/scd.pid'
	exec '$(command -v gnupg-pkcs11-scd)' "\$@"
	EOF
	chmod +x "$TK/pinentry" "$TK/scd"
	printf 'scdaemon-program %s\npinentry-program %s\n' "$TK/scd" "$TK/pinentry" \
		> "$TH/gpg-agent.conf"
	printf 'providers p1\nprovider-p1-library %s\nverbose\nlog-file %s\n' "$softhsm_lib" \
		"$TK/scd.log" > "$TH/gnupg-pkcs11-scd.conf"
	p11=(pkcs11-tool --module "$softhsm_lib" --login --pin "$(cat "$TOKEN_PIN")")
	if softhsm2-util --init-token --free --label modsign --pin "$(cat "$TOKEN_PIN")" \
		--so-pin 13579111 > "$TK/log" 2>&1 &&
	   openssl req -x509 -newkey rsa:2048 -nodes -keyout "$TK/key.pem" -out "$TK/cert.pem" \
		-subj "/CN=pgp-modsign token" -days 3650 >> "$TK/log" 2>&1 &&
	   openssl pkey -in "$TK/key.pem" -outform DER -out "$TK/key.der" 2>> "$TK/log" &&
	   openssl x509 -in "$TK/cert.pem" -outform DER -out "$TK/cert.der" 2>> "$TK/log" &&
	   "${p11[@]}" --write-object "$TK/key.der" --type privkey --usage-sign --id 01 \
		--label modsign >> "$TK/log" 2>&1 &&
	   "${p11[@]}" --write-object "$TK/cert.der" --type cert --id 01 --label modsign \
		>> "$TK/log" 2>&1; then
		rm -f -- "$TK/key.pem" "$TK/key.der"
		# the OpenPGP key made from the token's key (gpg's "existing key" by its keygrip);
		# --card-status has the agent learn the card first
		gpg --homedir "$TH" --batch --card-status >> "$TK/log" 2>&1 || true
		grip=$(gpg-connect-agent --homedir "$TH" "SCD LEARN --force" /bye 2>> "$TK/log" |
			awk '$2 == "KEYPAIRINFO" { print $3; exit }')
		printf '%s\n' "Key-Type: RSA" "Key-Grip: $grip" "Key-Usage: sign" \
			"Name-Real: Token Key" "Name-Email: token@example.org" "Expire-Date: 0" \
			"%no-protection" "%commit" > "$TK/params"
		if [[ $grip =~ ^[0-9A-F]{40}$ ]] &&
		   gpg --homedir "$TH" --batch --faked-system-time "$key_epoch!" --gen-key "$TK/params" \
			>> "$TK/log" 2>&1 &&
		   tfpr=$(gpg --homedir "$TH" --batch --with-colons --list-secret-keys 2> /dev/null |
			awk -F: '$1 == "fpr" { print $10; exit }') &&
		   gpg --homedir "$TH" --batch --with-colons --list-secret-keys 2> /dev/null |
			grep -q '^sec:.*:D2760001240111503131' &&
		   gpg-connect-agent --homedir "$TH" "KEYINFO $grip" /bye 2> /dev/null |
			grep -q "^S KEYINFO $grip T " &&
		   gpg --homedir "$TH" --batch --export > "$TK/token.pub" 2> /dev/null; then
			ok "token: an RSA key on a SoftHSM2 token, as gpg's key $tfpr (on the card, keygrip $grip)"
			token_ready=1
		else
			nok "token: an OpenPGP key from the token's key"
			sed 's/^/# /' "$TK/log" | tail -n 8
		fi
	else
		nok "token: SoftHSM2 token with a key and its certificate"
		sed 's/^/# /' "$TK/log" | tail -n 8
	fi
fi

# token_overlaps LOG: "SIGNATURES OVERLAPS" from gnupg-pkcs11-scd's log: the PKSIGNs it
# was asked for, and how many signing exchanges (the agent's SERIALNO, SETDATA, PKSIGN,
# until PKSIGN's answer) began on one channel while another's was under way
token_overlaps()
{
	awk '{
		for (i = 1; i <= NF; i++)
			if ($i ~ /^chan_[0-9]+$/)
				break
		if (i > NF)
			next
		c = $i; d = $(i + 1); w = $(i + 2)
	}
	d == "<-" && (w == "SERIALNO" || w == "SETDATA" || w == "PKSIGN") {
		if (!busy[c])
			for (o in busy)
				if (busy[o] && o != c)
					n++
		busy[c] = 1
		if (w == "PKSIGN") {
			pk[c] = 1
			s++
		}
	}
	d == "->" && (w == "ERR" || (w == "OK" && pk[c])) { busy[c] = 0; pk[c] = 0 }
	END { print s + 0, n + 0 }' "$1"
}

# token_stop: the agent and gnupg-pkcs11-scd end (a daemon that hung too)
token_stop()
{
	local pid i

	gpgconf --homedir "$TH" --kill all > /dev/null 2>&1 || true
	pid=$(cat "$TK/scd.pid" 2> /dev/null) || return 0
	rm -f -- "$TK/scd.pid"
	[[ $pid =~ ^[0-9]+$ ]] || return 0
	for i in 1 2 3 4 5 6 7 8 9 10; do
		kill -0 "$pid" 2> /dev/null || return 0
		sleep 0.1
	done
	kill -9 "$pid" 2> /dev/null || true
}

if ((token_ready)); then
	# The preflight (gpg signs once) needs the PIN; then the jobs sign through the running
	# agent, which asks gnupg-pkcs11-scd, which asks the token.  No private agent can use a
	# key on a card, so that is the path: no note, one gpg signature.  The two jobs take
	# turns on the token: gnupg-pkcs11-scd on SoftHSM2 crashes or spins for ever when two
	# signatures come at once, so a run that hangs fails at the time limit.
	tm=()
	for i in $(seq 1 "${TOKEN_MODULES:-96}"); do
		cp -- "$base" "$TK/t$i.ko"
		tm+=("$TK/t$i.ko")
	done
	for i in 1 2; do
		xz --check=crc32 -c "$base" > "$TK/x$i.ko.xz"
		tm+=("$TK/x$i.ko.xz")
	done
	: > "$TK/scd.log"
	t0=$(date +%s%N)
	if counted timeout -k 5 120 "$sign" -q -j2 --homedir "$TH" -u "$tfpr" "${tm[@]}" \
		2> "$T/err" && ((gpg_count == 1)) && [[ ! -s $T/err ]]; then
		ok "token: -j2, ${#tm[@]} modules (.ko, .ko.xz) signed through the running agent in $((($(date +%s%N) - t0) / 1000000)) ms (gpg signed once, no note)"
	else
		nok "token: -j2, ${#tm[@]} modules (.ko, .ko.xz) signed through the running agent (gpg signed $gpg_count times)"
		sed 's/^/# /' "$T/err" | head -n 8
	fi
	read -r tsigs tover < <(token_overlaps "$TK/scd.log")
	if ((tsigs == ${#tm[@]} + 1 && tover == 0)); then
		ok "token: the jobs took turns: $tsigs signatures on the token, none while another was asked for"
	else
		nok "token: the jobs took turns: $tsigs signatures on the token (${#tm[@]} + 1 wanted), $tover while another was asked for"
	fi
	# --- one lock per token, shared by concurrent runs (issue 33, T9) ------------------
	# The review: the lock lived in each run's own directory, so two runs on one token (two
	# DKMS builds) reached it at once.
	locks=("$LK"/token-*.lock)
	if [[ ${#locks[@]} == 1 && -f ${locks[0]} && ! -L ${locks[0]} && $(stat -c %a "$LK") == 700 ]]; then
		ok "token: its lock ${locks[0]##*/}, in a directory made 0700"
	else
		nok "token: one lock for the token in $LK (found: $(ls -lA "$LK" 2>&1 | tr '\n' ' '))"
	fi
	# three runs at once: two of 24 modules through the agent (-j2) and one of a single
	# module (gpg signs it, as for sign-file-pgp.sh): no two signatures on the token at once
	: > "$TK/scd.log"
	ca=() cb=()
	for i in $(seq 1 24); do
		cp -- "$base" "$TK/a$i.ko"
		cp -- "$base" "$TK/b$i.ko"
		ca+=("$TK/a$i.ko")
		cb+=("$TK/b$i.ko")
	done
	cp -- "$base" "$TK/c.ko"
	timeout -k 5 180 "$sign" -q -j2 --homedir "$TH" -u "$tfpr" "${ca[@]}" 2> "$TK/err-a" &
	pa=$!
	timeout -k 5 180 "$sign" -q -j2 --homedir "$TH" -u "$tfpr" "${cb[@]}" 2> "$TK/err-b" &
	pb=$!
	timeout -k 5 180 "$sign" -q --homedir "$TH" -u "$tfpr" "$TK/c.ko" 2> "$TK/err-c" &
	pc=$!
	ra=0 rb=0 rcc=0
	wait "$pa" || ra=$?
	wait "$pb" || rb=$?
	wait "$pc" || rcc=$?
	read -r tsigs tover < <(token_overlaps "$TK/scd.log")
	if ((ra == 0 && rb == 0 && rcc == 0 && tover == 0 && tsigs == 51)) &&
	   "$verify" -q --keyring "$TK/token.pub" -- "${ca[@]}" "${cb[@]}" "$TK/c.ko"; then
		ok "token: three concurrent runs took turns: $tsigs signatures, none while another was asked for"
	else
		nok "token: three concurrent runs took turns (exit $ra $rb $rcc; $tsigs signatures of 51, $tover while another was asked for)"
		cat "$TK/err-a" "$TK/err-b" "$TK/err-c" | sed 's/^/# /' | head -n 6
	fi
	# the lock held elsewhere: a run waits for it (a blocked flock on the file, /proc/locks),
	# its module untouched, and signs once it is let go
	if [[ -f ${locks[0]} ]]; then
		cp -- "$base" "$TK/held.ko"
		exec {lfd}< "${locks[0]}"
		flock "$lfd"
		"$sign" -q --homedir "$TH" -u "$tfpr" "$TK/held.ko" 2> "$TK/err-h" &
		ph=$!
		ino=$(stat -c %i -- "${locks[0]}")
		waited=0
		for i in $(seq 1 600); do
			grep -q -- "-> FLOCK .*:$ino " /proc/locks && { waited=1; break; }
			kill -0 "$ph" 2> /dev/null || break
			sleep 0.1
		done
		cmp -s -- "$base" "$TK/held.ko" && untouched=1 || untouched=0
		flock -u "$lfd"
		exec {lfd}<&-
		rh=0
		wait "$ph" || rh=$?
		if ((waited && untouched && rh == 0)) && "$verify" -q --keyring "$TK/token.pub" "$TK/held.ko"; then
			ok "token: a run waits while another holds the token's lock, then signs"
		else
			nok "token: a run waits while another holds the token's lock (waited $waited, untouched $untouched, exit $rh)"
			sed 's/^/# /' "$TK/err-h"
		fi
	else
		nok "token: a run waits while another holds the token's lock (no lock file)"
	fi
	# a lock directory others may write: not used, said so (only this run's jobs take turns)
	mkdir -m 0777 "$TK/open"
	chmod 0777 "$TK/open"
	cp -- "$base" "$TK/o.ko"
	if PGP_MODSIGN_LOCK_DIR=$TK/open timeout -k 5 60 "$sign" -q --homedir "$TH" -u "$tfpr" "$TK/o.ko" \
		2> "$TK/err-o" && grep -q "the token's lock: $TK/open is not a directory of root alone" "$TK/err-o" &&
	   [[ -z $(ls -A "$TK/open") ]]; then
		ok "token: a lock directory others may write is not used (a note says so)"
	else
		nok "token: a lock directory others may write is not used"
		sed 's/^/# /' "$TK/err-o"; ls -lA "$TK/open" | sed 's/^/# /'
	fi
	for f in "$TK/t1.ko" "${tm[$((${#tm[@]} - 3))]}" "$TK/x1.ko.xz" "$TK/x2.ko.xz"; do
		check "token: ${f##*/}: the kernel's verdict, gpgv and sqv accept" \
			all_accept "$TK/token.pub" "$f"
	done
	check "token: all ${#tm[@]} modules: the kernel's verdict" "$verify" -q \
		--keyring "$TK/token.pub" -- "${tm[@]}"
	out=$("$verify" --keyring "$TK/token.pub" -- "$TK/t1.ko" 2>&1 || true)
	if grep -q "signer $tfpr algo RSA-2048 .*: good" <<< "$out"; then
		ok "token: the signer is the token's key"
	else
		nok "token: the signer is the token's key"
		sed 's/^/# /' <<< "$out"
	fi
	# A wrong PIN: the token refuses, the modules are left as they were.
	echo 999999 > "$TOKEN_PIN"
	token_stop
	cp -- "$base" "$TK/bad.ko"
	cp -- "$base" "$TK/bad2.ko"
	want="Bad PIN"
	expect_fail "token: a wrong PIN" "$TK/bad.ko" \
		timeout -k 5 60 "$sign" -q --homedir "$TH" -u "$tfpr" "$TK/bad.ko"
	echo 246810 > "$TOKEN_PIN"
	# The token unplugged (no smartcard daemon): refused, the modules unchanged.
	token_stop
	printf '#!/bin/sh\nexit 1\n' > "$TK/scd"
	want="No SmartCard daemon"
	expect_fail "token: no smartcard daemon" "$TK/bad.ko" \
		timeout -k 5 60 "$sign" -q -j2 --homedir "$TH" -u "$tfpr" "$TK/bad.ko" "$TK/bad2.ko"
	check "token: no smartcard daemon: the other module unchanged too" cmp -- "$base" "$TK/bad2.ko"
	token_stop
fi
unset PGP_MODSIGN_LOCK_DIR
