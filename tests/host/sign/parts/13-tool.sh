# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/host/sign, part "tool": the program the scripts run is the one PGP_SIGN_MODULE
# names or the one beside them, resolved once and run once; nothing is compiled or taken
# from a cache (issue 33, T1 and T5).
# Sourced by run.sh after its setup (SIGN_TEST_PART=tool runs it alone).

# The review: sign-module.sh compiled the program into ~/.cache/pgp-modsign (or
# $XDG_CACHE_HOME) and ran it from there through a path others could rename under (root
# with a user's HOME), trusted a stamp newer than every source (sources unpacked with old
# dates kept running an old program), and verify-module.sh ran that path twice per module.
C=$T/tool-part
mkdir -p "$C/bare" "$C/home/.cache" "$C/tmp" "$C/beside"
chmod 0700 "$C/home" "$C/home/.cache"
# the three scripts alone (as in a tree where nothing was built)
for s in sign-module.sh verify-module.sh sign-file-pgp.sh pgp-sign-module-build.sh; do
	cp -- "$scripts/$s" "$C/bare/$s"
done
# ... with the program's sources beside them, as in a fresh clone
mkdir -p "$C/bare/pgp-sign"
cp -- "$scripts/pgp-sign/usage.c" "$scripts/pgp-sign/hashlist.c" "$C/bare/pgp-sign/"
# a private cache as the old sign-module.sh made it, with a stamp newer than every source
# naming a program of its own: it must never run
stampname=for${C//\//%}%bare
mkdir -m 0700 "$C/home/.cache/pgp-modsign"
printf '#!/bin/sh\ntouch %q\nexit 0\n' "$C/stale-ran" > "$C/home/.cache/pgp-modsign/pgp-sign-module-0123456789abcdef"
chmod 0700 "$C/home/.cache/pgp-modsign/pgp-sign-module-0123456789abcdef"
echo pgp-sign-module-0123456789abcdef > "$C/home/.cache/pgp-modsign/$stampname"
touch -d '+1 day' "$C/home/.cache/pgp-modsign/$stampname"
cp -- "$base" "$C/m.ko"
# no_program SCRIPT ARGS...: without PGP_SIGN_MODULE and with no program beside the script,
# it exits 2 saying how to build one, and compiles or runs nothing (the cache stays as it
# was, no new file in TMPDIR, the module unchanged)
no_program()
{
	local out rc=0 before

	before=$(find "$C/home" "$C/tmp" | sort | sha256sum)
	out=$(env -u PGP_SIGN_MODULE HOME="$C/home" XDG_CACHE_HOME= TMPDIR="$C/tmp" "$@" 2>&1) || rc=$?
	((rc == 2)) || { echo "exit $rc, expected 2: $out"; return 1; }
	# the one command that builds it here, and no other
	[[ $out == *"pgp-sign-module is not built here: \"$C/bare/pgp-sign-module-build.sh $C/bare/pgp-sign-module\" builds it"* &&
	   $out != *"make install-tools"* && $out != *"kernel build"* ]] ||
		{ echo "does not name the one command that builds it: $out"; return 1; }
	[[ ! -e $C/stale-ran ]] || { echo "the cached program ran"; return 1; }
	[[ $(find "$C/home" "$C/tmp" | sort | sha256sum) == "$before" ]] ||
		{ echo "files made:"; find "$C/home" "$C/tmp" -newer "$C/m.ko"; return 1; }
	cmp -s "$base" "$C/m.ko" || { echo "the module changed"; return 1; }
}
check "sign-module.sh without a program: exit 2, says how to build it, compiles and runs nothing (not the cached one)" \
	no_program "$C/bare/sign-module.sh" -q "$C/m.ko"
# help_without SCRIPT WANT-ARGS [ARGS...]: without a program, SCRIPT ARGS (--help, --version)
# exits 0 with what the program prints for WANT-ARGS (its --help: the text of its sources;
# the tree's version), plus, for --help, the one command that builds the program
help_without()
{
	local s=$1 want=$2 out rc=0 exp
	shift 2
	out=$(env -u PGP_SIGN_MODULE HOME="$C/home" XDG_CACHE_HOME= TMPDIR="$C/tmp" "$s" "$@" 2>&1) || rc=$?
	((rc == 0)) || { echo "exit $rc, expected 0: $out"; return 1; }
	# shellcheck disable=SC2086 # WANT-ARGS are words
	exp=$(exec -a "${s##*/}" "$PGP_SIGN_MODULE" $want | grep -v '^This build: ')
	if [[ $want == --version ]]; then
		exp="${s##*/} $(bash "$C/bare/pgp-sign-module-build.sh" --version)"
	else
		exp+=$'\n'"(pgp-sign-module, which ${s##*/} runs, is not built here: \"$C/bare/pgp-sign-module-build.sh $C/bare/pgp-sign-module\" builds it)"
	fi
	[[ $out == "$exp" ]] || { echo "not the program's text:"; diff <(echo "$exp") <(echo "$out") | head; return 1; }
	[[ ! -e $C/stale-ran ]] || { echo "the cached program ran"; return 1; }
}
check "sign-module.sh --help without a program: the program's help, from its sources, and how to build it, exit 0" \
	help_without "$C/bare/sign-module.sh" --help --help
check "verify-module.sh --help without a program: --verify's help, exit 0" \
	help_without "$C/bare/verify-module.sh" "--verify --help" --help
check "sign-module.sh --version without a program: the tree's version, exit 0" \
	help_without "$C/bare/sign-module.sh" --version --version
check "verify-module.sh --version without a program: the same" \
	help_without "$C/bare/verify-module.sh" --version --version
check "verify-module.sh without a program: the same" \
	no_program "$C/bare/verify-module.sh" --keyring "$kr" "$good"
check "sign-file-pgp.sh without a program: the same" \
	no_program "$C/bare/sign-file-pgp.sh" sha256 "${fpr[ed25519]}" "$kr" "$C/m.ko"
# PGP_SIGN_MODULE naming no program: said so, exit 2
rc=0
out=$(PGP_SIGN_MODULE=$C/none "$sign" -q "$C/m.ko" 2>&1) || rc=$?
((rc == 2)) && [[ $out == *"PGP_SIGN_MODULE=$C/none is not an executable program"* ]] &&
	ok "PGP_SIGN_MODULE naming no program: exit 2, said so" ||
	nok "PGP_SIGN_MODULE naming no program: exit 2, said so (rc $rc: $out)"

# What runs: a program that logs its arguments, then runs the real one.
printf '#!/bin/bash\nprintf "%%s\\n" "$*" >> %q\nexec %q "$@"\n' "$C/runs" "$PGP_SIGN_MODULE" > "$C/logging"
chmod +x "$C/logging"
# the scripts with the logging program beside them as pgp-sign-module
cp -- "$C/bare/"*.sh "$C/beside/"
cp -- "$C/logging" "$C/beside/pgp-sign-module"
: > "$C/runs"
cp -- "$base" "$C/b.ko"
env -u PGP_SIGN_MODULE "$C/beside/sign-module.sh" -q --homedir "$H" -u "${fpr[ed25519]}" "$C/b.ko" 2> "$T/err" &&
	[[ $(cat "$C/runs") == "-q --homedir $H -u ${fpr[ed25519]} $C/b.ko" ]] &&
	"$verify" -q --keyring "$kr" "$C/b.ko" &&
	ok "no PGP_SIGN_MODULE: the program beside the script runs, once, with the arguments" ||
	{ nok "no PGP_SIGN_MODULE: the program beside the script runs, once"; sed 's/^/# /' "$C/runs" "$T/err"; }
# one run for many modules: verify-module.sh ran its program twice per module (and the
# review's swap of that path between two runs made 18 of 20 modules run another program)
many=()
for i in $(seq 1 20); do
	cp -- "$good" "$C/v$i.ko"
	many+=("$C/v$i.ko")
done
: > "$C/runs"
PGP_SIGN_MODULE=$C/logging "$verify" -q --keyring "$kr" "${many[@]}" > "$T/out" 2>&1 &&
	[[ $(wc -l < "$C/runs") == 1 ]] &&
	ok "verify-module.sh of 20 modules: its program runs once" ||
	{ nok "verify-module.sh of 20 modules: its program runs once (ran $(wc -l < "$C/runs") times)"; sed 's/^/# /' "$T/out" | head -n 5; }
: > "$C/runs"
cp -- "$base" "$C/f.ko"
PGP_SIGN_MODULE=$C/logging GNUPGHOME=$H "$scripts/sign-file-pgp.sh" sha256 "${fpr[ed25519]}" "$kr" "$C/f.ko" 2> "$T/err" &&
	[[ $(wc -l < "$C/runs") == 2 && $(head -n 1 "$C/runs") != --verify* && $(tail -n 1 "$C/runs") == --verify* ]] &&
	ok "sign-file-pgp.sh: the program it resolved once runs twice (sign, then verify)" ||
	{ nok "sign-file-pgp.sh: the program it resolved once runs twice"; sed 's/^/# /' "$C/runs" "$T/err"; }
# --print-tool: the program sign-module.sh runs, for scripts that run it for many modules
[[ $("$sign" --print-tool) == "$PGP_SIGN_MODULE" &&
   $(env -u PGP_SIGN_MODULE "$C/beside/sign-module.sh" --print-tool) == "$C/beside/pgp-sign-module" ]] &&
	ok "sign-module.sh --print-tool: PGP_SIGN_MODULE, else the program beside it" ||
	nok "sign-module.sh --print-tool: PGP_SIGN_MODULE, else the program beside it"
