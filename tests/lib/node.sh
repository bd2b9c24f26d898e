# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
#
# The tests' Node.js (sourced by every script that runs node).  mk/node-deps.sh (make deps)
# makes build/node/bin/node: the system's node when it is >= 20.19, else a pinned Node.js
# from the npm registry (Debian 12's own nodejs is 18, too old for the test-only packages);
# and the test-only npm packages in build/node/node_modules.
#
#   node_env [--check]  put build/node/bin first on PATH and set NODE_MODULES_DIR (both
#                       exported); installs what is missing first (mk/node-deps.sh), or
#                       with --check only checks; returns 1 with the reason on stderr
#                       when they are not there

node_env()
{
	local top nm

	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
	nm=$("$top/mk/node-deps.sh" --print "$@") || return 1
	NODE_MODULES_DIR=$nm
	PATH=${NODE_DEPS_DIR:-$top/build/node}/bin:$PATH
	export NODE_MODULES_DIR PATH
}
