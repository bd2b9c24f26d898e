# Shared by mk/check.sh and mk/demo.sh (sourced, not run).
# guest_configs: the config fragments of the test kernel, one per line.  The OpenPGP
# fragment comes with the generated test keyring's fragment (build/keys/keys.config).
guest_configs() {
	echo tests/config/base.config
	echo build/keys/x509.config
	if [[ -f tests/config/pgp.config ]]; then
		echo tests/config/pgp.config
		echo build/keys/keys.config
	fi
	[[ -f tests/config/kunit.config ]] && echo tests/config/kunit.config
	return 0
}
