# shellcheck shell=bash disable=SC2034 # sets the variables its callers use
# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/fuzz/build-*.sh once they have defined prog, usage() and the defaults
# of secs and out: fuzz_args "$@" takes --time SECONDS, --no-run (--time 0), --out DIR
# and -h/--help, and --oracle (oracle=1) where the caller has set oracle before the call.
# Anything else: a line naming it, the usage, exit 2.

fuzz_args() {
	while (($#)); do
		case $1 in
		-h|--help) usage; exit 0 ;;
		--time) [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || { usage >&2; exit 2; }; secs=$2; shift ;;
		--no-run) secs=0 ;;
		--out) [[ $# -ge 2 ]] || { usage >&2; exit 2; }; out=$2; shift ;;
		--oracle) [[ -v oracle ]] || { fuzz_args_unknown "$1"; }; oracle=1 ;;
		*) fuzz_args_unknown "$1" ;;
		esac
		shift
	done
}

fuzz_args_unknown() {
	echo "$prog: $1: unknown argument" >&2
	usage >&2
	exit 2
}
