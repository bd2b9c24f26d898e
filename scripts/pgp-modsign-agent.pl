#!/usr/bin/env perl
# SPDX-License-Identifier: GPL-2.0
#
# Signing co-process of sign-module.sh: one long-lived gpg-agent conversation
# per worker. For each module it hashes the file (module_sig content taken as
# zeros) with the OpenPGP v4 signature trailer (RFC 4880 5.2.3, 5.2.4), has
# the agent sign the digest (SIGKEY, SETHASH, PKSIGN), builds the signature
# packet exactly as gpg 2.2 writes it and writes the signed copy. It also
# reads bytes and file status for the shell and parses a module's ELF
# section table for it (the shell's own parser, a loop in bash arithmetic,
# took half of the time per module), so that signing a module needs no
# other process in the common case.
#
# Only core Perl: Digest::SHA, Fcntl; Socket and POSIX for the running
# agent (loaded only then: they take longer to load than a signature).

use strict;
use warnings;
use Fcntl qw(O_RDONLY O_WRONLY O_CREAT O_EXCL O_TRUNC SEEK_SET);

my $prog = 'pgp-modsign-agent.pl';

sub usage
{
	print <<"EOF";
Usage: $prog --keygrip GRIP --check-sig SIG --check-data FILE [options]

Co-process of sign-module.sh (not meant to be run by hand). Talks to
gpg-agent over the Assuan protocol and signs modules for the shell script,
one request line on stdin, one reply line ("OK ..." or "ERR ...") on stdout.

  --keygrip GRIP          keygrip of the signing (sub)key
  --check-sig SIG         a signature gpg made with the same options over
  --check-data FILE       FILE: gives the issuer, algorithms and layout, and
                          the helper checks that it builds the same packet
  --homedir DIR           GnuPG home directory
  --time T                signature creation time (default: now, per module)
  --passphrase-file FILE  passphrase (first line), given to the agent when it
                          asks (pinentry loopback)
  --agent MODE            private: a gpg-agent --server of our own (parallel
                          signing; only for keys on disk), shared: the running
                          agent's socket, auto (default): private when the key
                          is on disk and needs no pinentry, else shared
  --gpg-agent PROG        gpg-agent for private mode (default gpg-agent)
  --gpgconf PROG          gpgconf, to find the running agent's socket
  --gpg-connect-agent PROG  to start the agent when it is not running

Requests (arguments percent-escaped):
  R FMT FILE OFF LEN [OUT]
                          bytes as od would print them: FMT x1 (one hex
                          string), u1, u4le, u4be (numbers, space separated);
                          written as one line to OUT when given (the shell
                          reads a file faster than a pipe)
  SIZE FILE               its size
  SCAN FILE SIZE OUT      pms_elf_scan FILE [SIZE] of pgp-modsign-lib.sh (SIZE
                          - for the file's own): the same checks, messages
                          and results, written to OUT as lines: the message
                          (empty when the module is well-formed); SIG_COUNT
                          SIG_IDX SIG_OFF SIG_SIZE SIG_TYPE SIG_FLAGS and the
                          ELF_* values the scan got to (ELF_SIZE ELF_CLASS
                          ELF_EHSIZE ELF_ENDIAN ELF_TYPE ELF_SHOFF
                          ELF_SHENTSIZE ELF_SHNUM ELF_SHSTRNDX ELF_END) and,
                          when well-formed, the first section the module_sig
                          section overlaps (0: none; pms_check_sig_section's
                          loop); SH_NAME, SH_TYPE, SH_FLAGS, SH_OFF and
                          SH_SIZE (as far as the scan got); when well-formed,
                          the section name table in hex. Reply "OK", or
                          "ERR message" (malformed: OUT is written too)
  STAT FILE DIR           "mode uid gid size dirmode" (modes in octal)
  SIGN SRC OFF SIZE FSIZE DST MODE OWNER OLDHEX [FINAL]
                          sign SRC (FSIZE bytes) with SIZE bytes at OFF as
                          zeros, write SRC with the module_sig container
                          (OLDHEX: earlier signature packets, or -) to DST,
                          created exclusively with MODE and, as root, owner
                          OWNER (uid:gid); MODE - replaces DST. Then rename
                          DST to FINAL when given (errors: "write ...",
                          "rename ...", DST removed)
  SIGNDATA FILE           the signature packet (hex) over FILE as it is
  QUIT                    end (as does the end of the input)
Replies: "OK [value]", "ERR message", or "ERR! message" when the helper
cannot go on (agent connection lost) and ends.
EOF
}

my %opt = (agent => 'auto', 'gpg-agent' => 'gpg-agent', gpgconf => 'gpgconf',
	   'gpg-connect-agent' => 'gpg-connect-agent');
while (@ARGV) {
	my $a = shift @ARGV;
	if ($a eq '-h' || $a eq '--help') {
		usage();
		exit 0;
	}
	my $names = 'keygrip|check-sig|check-data|homedir|time|passphrase-file|agent|' .
		'gpg-agent|gpgconf|gpg-connect-agent';
	if ($a =~ /^--($names)(?:=(.*))?$/s) {
		my $k = $1;
		my $v = defined $2 ? $2 : shift @ARGV;
		die "$prog: option --$k needs an argument\n" unless defined $v;
		$opt{$k} = $v;
		next;
	}
	die "$prog: unknown argument $a (see --help)\n";
}

$| = 1;

# ------------------------------------------------------------------------
# Replies to the shell

sub reply_ok { print 'OK', (@_ ? ' ' . join(' ', @_) : ''), "\n"; }

sub oneline
{
	my $s = shift;
	$s =~ s/[\r\n]+/ /g;
	$s =~ s/\s+$//;
	return $s;
}

sub reply_err { print 'ERR ', oneline(join(' ', @_)), "\n"; }

# ------------------------------------------------------------------------
# Assuan client (one connection to one agent)

my ($ain, $aout, $agent_pid, $transport);
my $passphrase;

sub aput
{
	my $line = shift;
	my $off = 0;

	$line .= "\n";
	while ($off < length $line) {
		my $n = syswrite($aout, $line, length($line) - $off, $off);
		die "gpg-agent connection lost: $!\n" unless defined $n && $n > 0;
		$off += $n;
	}
}

my $abuf = '';

sub aline
{
	while (1) {
		my $i = index($abuf, "\n");
		if ($i >= 0) {
			my $l = substr($abuf, 0, $i);
			substr($abuf, 0, $i + 1) = '';
			return $l;
		}
		my $n = sysread($ain, $abuf, 65536, length $abuf);
		die "gpg-agent connection lost" . (defined $n ? '' : ": $!") . "\n" unless $n;
	}
}

sub unescape
{
	my $s = shift;
	$s =~ s/%([0-9A-Fa-f]{2})/chr(hex($1))/ge;
	return $s;
}

sub escape_data
{
	my $s = shift;
	$s =~ s/([%\r\n\\])/sprintf('%%%02X', ord($1))/ge;
	return $s;
}

# atransact: reads the answer to one command. Returns (undef, data, status
# lines) on OK, (error text) on ERR.
sub atransact
{
	my ($data, @status) = ('');
	my $inquiries = 0;

	while (1) {
		my $l = aline();
		if ($l =~ /^OK(?: |$)/) {
			return (undef, $data, @status);
		} elsif ($l =~ /^ERR (\d+)\s*(.*)$/) {
			my ($code, $text) = ($1, $2);
			$text = "error $code" if $text eq '';
			return ($text);
		} elsif ($l =~ /^D (.*)$/s) {
			$data .= unescape($1);
		} elsif ($l =~ /^S (.*)$/s) {
			push @status, $1;
		} elsif ($l =~ /^INQUIRE (\S+)/) {
			# The agent asks for the passphrase (pinentry loopback);
			# a wrong one is asked again: answer three times at most.
			if ($1 eq 'PASSPHRASE' && defined $passphrase && $inquiries++ < 3) {
				my $e = escape_data($passphrase);
				aput('D ' . substr($e, 0, 900, '')) while length $e;
				aput('END');
			} else {
				aput('CAN');
			}
		} elsif ($l =~ /^#/ || $l eq '') {
			next;
		} else {
			die "unexpected answer from gpg-agent: " . substr($l, 0, 60) . "\n";
		}
	}
}

sub acmd
{
	aput(shift);
	return atransact();
}

# start_private: gpg-agent --server on a pair of pipes, stderr to /dev/null.
sub start_private
{
	my ($r1, $w1, $r2, $w2);

	pipe($r1, $w1) or return "pipe: $!";
	pipe($r2, $w2) or return "pipe: $!";
	my @cmd = ($opt{'gpg-agent'});
	push @cmd, '--homedir', $opt{homedir} if defined $opt{homedir};
	push @cmd, '--server';
	my $pid = fork();
	return "fork: $!" unless defined $pid;
	if ($pid == 0) {
		$SIG{PIPE} = "DEFAULT";
		close $w1;
		close $r2;
		# (nothing is buffered: exit is safe in the child)
		open(STDIN, '<&', $r1) or exit 127;
		open(STDOUT, '>&', $w2) or exit 127;
		open(STDERR, '>', '/dev/null') or exit 127;
		{ no warnings "exec"; exec { $cmd[0] } @cmd; }
		exit 127;
	}
	close $r1;
	close $w2;
	($ain, $aout, $agent_pid) = ($r2, $w1, $pid);
	my $greet = eval { aline() };
	return "$cmd[0] --server did not start" unless defined $greet && $greet =~ /^OK/;
	$transport = 'private';
	return undef;
}

sub stop_agent
{
	close $aout if $aout;
	close $ain if $ain;
	($ain, $aout) = ();
	$abuf = '';
	if ($agent_pid) {
		waitpid($agent_pid, 0);
		$agent_pid = undef;
	}
}

sub run_capture
{
	my @cmd = @_;
	my $pid = open(my $fh, '-|');
	return undef unless defined $pid;
	if ($pid == 0) {
		$SIG{PIPE} = "DEFAULT";
		open(STDERR, '>', '/dev/null');
		{ no warnings "exec"; exec { $cmd[0] } @cmd; }
		exit 127;
	}
	local $/;
	my $out = <$fh>;
	close $fh;
	return $? == 0 ? $out : undef;
}

# connect_shared: the agent gpg itself uses (started when needed).
sub connect_shared
{
	require Socket;
	my @h = defined $opt{homedir} ? ('--homedir', $opt{homedir}) : ();
	my $sock = run_capture($opt{gpgconf}, @h, '--list-dirs', 'agent-socket');
	return "cannot find the gpg-agent socket ($opt{gpgconf} --list-dirs failed)"
		unless defined $sock && $sock =~ /\S/;
	chomp $sock;
	for my $try (0, 1) {
		run_capture($opt{'gpg-connect-agent'}, @h, '/bye') if $try;
		socket(my $s, Socket::AF_UNIX(), Socket::SOCK_STREAM(), 0) or return "socket: $!";
		next unless connect($s, Socket::pack_sockaddr_un($sock));
		($ain, $aout, $agent_pid) = ($s, $s, undef);
		my $greet = eval { aline() };
		return "gpg-agent at $sock did not answer" unless defined $greet && $greet =~ /^OK/;
		$transport = 'shared';
		# What gpg tells the agent for a pinentry, when it has to ask.
		my %env = (display => 'DISPLAY', ttytype => 'TERM', xauthority => 'XAUTHORITY');
		my $tty = $ENV{GPG_TTY};
		if (!defined $tty && -t STDIN) {
			require POSIX;
			$tty = POSIX::ttyname(0);
		}
		acmd("OPTION ttyname=$tty") if defined $tty && $tty ne '';
		for my $k (sort keys %env) {
			my $v = $ENV{$env{$k}};
			acmd("OPTION $k=$v") if defined $v && $v ne '' && $v !~ /[\r\n]/;
		}
		return undef;
	}
	return "cannot connect to gpg-agent at $sock: $!";
}

# ------------------------------------------------------------------------
# OpenPGP

my %digest_name = (2 => 'sha1', 8 => 'sha256', 9 => 'sha384', 10 => 'sha512', 11 => 'sha224');
my ($pkalgo, $hashalgo, $fpr, $keyid, $fixed_time);

# packet_header BODYLEN: the old-format header gpg writes for a signature.
sub packet_header
{
	my $len = shift;

	return pack('CC', 0x88, $len) if $len < 256;
	return pack('Cn', 0x89, $len) if $len < 65536;
	return pack('CN', 0x8a, $len);
}

# mpi BYTES: RFC 4880 3.2 multiprecision integer, leading zeros removed.
sub mpi
{
	my $v = shift;

	$v =~ s/^\0+//;
	return pack('n', 0) if $v eq '';
	my $bits = 8 * length($v);
	my $top = ord($v);
	while (!($top & 0x80)) {
		$bits--;
		$top <<= 1;
	}
	return pack('n', $bits) . $v;
}

sub hashed_area
{
	my $t = shift;

	# issuer fingerprint (33, v4 key), signature creation time (2):
	# gpg 2.2's order.
	return pack('CCC', 22, 33, 4) . $fpr . pack('CCN', 5, 2, $t);
}

sub unhashed_area
{
	return pack('CC', 9, 16) . $keyid;
}

# sig_prefix TIME: the packet body up to the hashed area's end
sub sig_prefix
{
	my $h = hashed_area(shift);

	return pack('CCCCn', 4, 0x00, $pkalgo, $hashalgo, length $h) . $h;
}

# digest_of REF_TO_DATA PREFIX: the hash over data, prefix and trailer
sub digest_of
{
	my ($dref, $prefix) = @_;
	my $d = Digest::SHA->new($digest_name{$hashalgo});

	$d->add($$dref);
	$d->add($prefix);
	$d->add(pack('CCN', 4, 0xff, length $prefix));
	return $d->digest;
}

# parse_sexp CANONICAL: nested array refs and strings
sub parse_sexp
{
	my $s = shift;
	my @stack = ([]);
	my $p = 0;

	while ($p < length $s) {
		my $c = substr($s, $p, 1);
		if ($c eq '(') {
			push @stack, [];
			$p++;
		} elsif ($c eq ')') {
			die "malformed S-expression from gpg-agent\n" if @stack < 2;
			my $l = pop @stack;
			push @{$stack[-1]}, $l;
			$p++;
		} elsif (substr($s, $p) =~ /^(\d+):/) {
			my $n = $1;
			$p += length($n) + 1;
			die "malformed S-expression from gpg-agent\n" if $p + $n > length $s;
			push @{$stack[-1]}, substr($s, $p, $n);
			$p += $n;
		} else {
			die "malformed S-expression from gpg-agent\n";
		}
	}
	die "malformed S-expression from gpg-agent\n" unless @stack == 1 && @{$stack[0]} == 1;
	return $stack[0][0];
}

# sig_mpis SIGVAL: the MPIs of the signature in OpenPGP order
sub sig_mpis
{
	my $e = parse_sexp(shift);

	die "gpg-agent returned no sig-val\n" unless ref $e && !ref $e->[0] && $e->[0] eq 'sig-val';
	my ($alg) = grep { ref $_ && !ref $_->[0] && $_->[0] ne 'flags' && $_->[0] ne 'hash' }
		@{$e}[1 .. $#$e];
	die "gpg-agent returned no signature algorithm\n" unless $alg;
	my %want = (1 => 'rsa', 3 => 'rsa', 17 => 'dsa', 19 => 'ecdsa', 22 => 'eddsa');
	die "gpg-agent made a $alg->[0] signature, gpg's key is OpenPGP algorithm $pkalgo\n"
		unless defined $want{$pkalgo} && $alg->[0] eq $want{$pkalgo};
	my %v;
	for my $p (@{$alg}[1 .. $#$alg]) {
		$v{$p->[0]} = $p->[1] if ref $p && @$p == 2 && !ref $p->[1];
	}
	my @names = $pkalgo == 1 || $pkalgo == 3 ? ('s') : ('r', 's');
	for (@names) {
		die "gpg-agent's $alg->[0] signature has no $_\n" unless defined $v{$_};
	}
	return join('', map { mpi($v{$_}) } @names);
}

my $keydesc;

# sign_data REF_TO_DATA: the whole signature packet
sub sign_data
{
	my $dref = shift;
	my $t = defined $fixed_time ? $fixed_time : time;
	my $prefix = sig_prefix($t);
	my $digest = digest_of($dref, $prefix);

	aput("SIGKEY $opt{keygrip}");
	aput("SETKEYDESC $keydesc") if $transport eq 'shared';
	aput("SETHASH $hashalgo " . unpack('H*', $digest));
	aput('PKSIGN');
	for my $what ('SIGKEY', $transport eq 'shared' ? ('SETKEYDESC') : (), 'SETHASH') {
		my ($err) = atransact();
		die "gpg-agent: $what: $err\n" if defined $err;
	}
	my ($err, $sexp) = atransact();
	die "gpg-agent: $err\n" if defined $err;
	my $body = $prefix . pack('n', length unhashed_area()) . unhashed_area() .
		substr($digest, 0, 2) . sig_mpis($sexp);
	return packet_header(length $body) . $body;
}

# ------------------------------------------------------------------------
# Start-up: learn issuer and algorithms from gpg's own signature, check that
# the packet built here is gpg's, connect to an agent.

sub slurp
{
	my ($file, $want) = @_;
	my $fh;

	sysopen($fh, $file, O_RDONLY) or die "cannot read $file: $!\n";
	my $data = '';
	while (1) {
		my $n = sysread($fh, $data, 1 << 20, length $data);
		die "cannot read $file: $!\n" unless defined $n;
		last if $n == 0;
	}
	close $fh;
	die "$file changed while being signed\n" if defined $want && length($data) != $want;
	return $data;
}

sub startup
{
	eval { require Digest::SHA; 1 } or return "perl module Digest::SHA not available";
	for (qw(keygrip check-sig check-data)) {
		return "--$_ missing" unless defined $opt{$_};
	}
	return "bad keygrip" unless $opt{keygrip} =~ /^[0-9A-Fa-f]{40}$/;
	return "bad --time" if defined $opt{time} && $opt{time} !~ /^\d+$/;
	$fixed_time = $opt{time};
	my $sig = eval { slurp($opt{'check-sig'}) };
	return "cannot read gpg's signature" unless defined $sig;
	my $data = eval { slurp($opt{'check-data'}) };
	return "cannot read $opt{'check-data'}" unless defined $data;

	# gpg's packet: old-format tag 2, v4, class 0, the two subpacket areas
	my ($ctb) = unpack('C', $sig);
	my $notsig = "gpg's output is not a signature packet";
	return $notsig unless defined $ctb && ($ctb & 0xfc) == 0x88;
	my $hl = (1, 2, 4)[$ctb & 3];
	return $notsig unless defined $hl && length($sig) > 1 + $hl;
	my $blen = $hl == 1 ? unpack('C', substr($sig, 1, 1)) :
		$hl == 2 ? unpack('n', substr($sig, 1, 2)) : unpack('N', substr($sig, 1, 4));
	return "gpg wrote more than one packet" unless length($sig) == 1 + $hl + $blen;
	my $body = substr($sig, 1 + $hl);
	return "gpg's signature is too short" if length($body) < 10;
	my ($ver, $class, $pa, $ha, $hlen) = unpack('CCCCn', $body);
	return "gpg wrote a v$ver signature" unless $ver == 4;
	return "gpg wrote a signature of class $class" unless $class == 0;
	return "gpg chose hash algorithm $ha" unless $digest_name{$ha};
	return "gpg's signature is truncated" if length($body) < 6 + $hlen + 2;
	my $hashed = substr($body, 6, $hlen);
	# find the issuer fingerprint and creation time
	my ($p, $ctime) = (0);
	($fpr, $ctime) = ();
	while ($p < length $hashed) {
		my $l = ord(substr($hashed, $p, 1));
		return "unexpected subpacket length encoding in gpg's signature" if $l >= 192;
		my $t = ord(substr($hashed, $p + 1, 1)) & 0x7f;
		$fpr = substr($hashed, $p + 3, 20) if $t == 33 && $l == 22;
		$ctime = unpack('N', substr($hashed, $p + 2, 4)) if $t == 2 && $l == 5;
		$p += 1 + $l;
	}
	return "gpg's signature has no issuer fingerprint" unless defined $fpr && defined $ctime;
	return "gpg's key has OpenPGP algorithm $pa"
		unless $pa == 1 || $pa == 17 || $pa == 19 || $pa == 22;
	($pkalgo, $hashalgo, $keyid) = ($pa, $ha, substr($fpr, 12, 8));
	my $mine = sig_prefix($ctime);
	my $ulen = length unhashed_area();
	if (substr($body, 0, length $mine) ne $mine ||
	    substr($body, length $mine, 2 + $ulen) ne pack('n', $ulen) . unhashed_area()) {
		return "gpg writes other subpackets than issuer fingerprint, creation time and " .
			"issuer (gpg.conf?)";
	}
	my $digest = digest_of(\$data, $mine);
	if (substr($body, length($mine) + 2 + $ulen, 2) ne substr($digest, 0, 2)) {
		return "the digest computed here is not gpg's";
	}
	$keydesc = 'Please+enter+the+passphrase+to+unlock+the+OpenPGP+secret+key%0A' .
		'to+sign+kernel+modules+(sign-module.sh):%0A' . uc(unpack('H*', $fpr)) . '%0A';

	if (defined $opt{'passphrase-file'}) {
		open(my $fh, '<', $opt{'passphrase-file'}) or
			return "cannot read passphrase file $opt{'passphrase-file'}: $!";
		$passphrase = <$fh>;
		close $fh;
		$passphrase = '' unless defined $passphrase;
		$passphrase =~ s/\n$//;
	}

	my $mode = $opt{agent};
	return "bad --agent $mode" unless $mode =~ /^(auto|private|shared)$/;
	my $err;
	if ($mode ne 'shared') {
		$err = start_private();
		if (!defined $err) {
			my ($e, undef, @st) = acmd("KEYINFO $opt{keygrip}");
			my ($type, $prot) = ('', '');
			for (@st) {
				($type, $prot) = (split ' ')[2, 6] if /^KEYINFO /;
			}
			$type //= '';
			$prot //= '';
			if (defined $e || $type ne 'D') {
				$err = defined $e ? "private gpg-agent: $e" :
					"key not on disk (smartcard?)";
			} elsif ($prot ne 'C' && !defined $passphrase) {
				$err = 'key protected by a passphrase (cached only in the running agent)';
			}
			stop_agent() if defined $err;
		}
		return $err if defined $err && $mode eq 'private';
	}
	if ($mode eq 'shared' || defined $err) {
		$err = connect_shared();
		return $err if defined $err;
	}
	my ($e) = acmd(defined $passphrase ? 'OPTION pinentry-mode=loopback' :
		       $transport eq 'private' ? 'OPTION pinentry-mode=error' : 'NOP');
	return "gpg-agent: $e" if defined $e && defined $passphrase;
	return undef;
}

# ------------------------------------------------------------------------
# Requests

# od_format FMT DATA: what "od -An -v -t FMT" prints, on one line
sub od_format
{
	my ($fmt, $d) = @_;

	return unpack('H*', $d) if $fmt eq 'x1';
	return join(' ', unpack('C*', $d)) if $fmt eq 'u1';
	$d .= "\0" x ((4 - length($d) % 4) % 4);
	return join(' ', unpack($fmt eq 'u4le' ? 'V*' : 'N*', $d));
}

# read_at FH OFF LEN: up to LEN bytes at OFF (fewer at the end of the file)
sub read_at
{
	my ($fh, $off, $len) = @_;
	my $d = '';

	if ($len > 0 && sysseek($fh, $off, SEEK_SET)) {
		while (length($d) < $len) {
			# (sysread makes room for all it is asked for: LEN
			# comes from the file and can be anything)
			my $want = $len - length($d);
			$want = 1 << 20 if $want > 1 << 20;
			my $n = sysread($fh, $d, $want, length $d);
			die "cannot read file: $!\n" unless defined $n;
			last if $n == 0;
		}
	}
	return $d;
}

# write_out FILE TEXT: FILE (the shell's scratch file) holds TEXT. It is
# overwritten, then cut to length: emptied first (O_TRUNC), on ext4 (its
# auto_da_alloc) the close starts writing it back, which made a request
# take several times as long.
sub write_out
{
	my ($out, $text) = @_;
	my ($o, $p) = (undef, 0);

	sysopen($o, $out, O_WRONLY | O_CREAT, 0600) or die "cannot write $out: $!\n";
	while ($p < length $text) {
		my $n = syswrite($o, $text, length($text) - $p, $p);
		die "cannot write $out: $!\n" unless defined $n;
		$p += $n;
	}
	truncate($o, $p) && close($o) or die "cannot write $out: $!\n";
}

sub req_read
{
	my ($fmt, $file, $off, $len, $out) = @_;

	die "usage: R FMT FILE OFF LEN [OUT]\n"
		unless defined $len && $fmt =~ /^(x1|u1|u4le|u4be)$/ && "$off $len" =~ /^\d+ \d+$/;
	sysopen(my $fh, $file, O_RDONLY) or die "cannot read file: $!\n";
	my $d = read_at($fh, $off, $len);
	close $fh;
	if (defined $out) {
		write_out($out, od_format($fmt, $d) . "\n");
		reply_ok();
	} else {
		reply_ok(od_format($fmt, $d));
	}
}

# The shell's ELF parser (_pms_elf_scan in pgp-modsign-lib.sh), here in one
# request: the same checks in the same order, the same messages and the
# same values, also for files it rejects (its variables as far as it got).
# The shell counts in signed 64-bit numbers: a 64-bit offset or size of
# 2^47 or more (high word 0x8000 or more; no file is that large) is
# PMS_BIG there, so that sums cannot overflow, and a 64-bit sh_flags is
# signed. The file is read as the shell reads it, through R: a short read
# gives fewer bytes, a failed one none, and a last partial 32-bit word of
# the section header table is padded with zeros (as od does).

use constant PMS_BIG => 1 << 62;

# scan_elf FILE SIZE: hash of the results (err: the message when malformed)
sub scan_elf
{
	my ($file, $size) = @_;
	# SIG_* are set at the start; ELF_* in this order, as far as the
	# checks get (the shell leaves the others as they were)
	my %r = (sig => [0, -1, 0, 0, 0, 0], elf => [], sh => [[], [], [], [], []]);
	my $elf = $r{elf};
	my ($name, $type, $flags, $off, $len) = @{$r{sh}};
	my $fail = sub { $r{err} = shift; return \%r; };

	if ($size eq '-') {
		my @st = stat $file;
		return $fail->('cannot read file') unless @st;
		$size = $st[7];
	}
	push @$elf, $size;
	return $fail->('not an ELF file (too short)') if $size < 52;
	my $fh;
	undef $fh unless sysopen($fh, $file, O_RDONLY);
	my $rd = sub {
		my $d = $fh ? eval { read_at($fh, $_[0], $_[1]) } : '';
		return defined $d ? $d : '';
	};

	my @b = unpack('C*', $rd->(0, 64));
	return $fail->('not an ELF file')
		if @b < 52 || $b[0] != 127 || $b[1] != 69 || $b[2] != 76 || $b[3] != 70;
	my ($class, $ehsize);
	if ($b[4] == 1) {
		($class, $ehsize) = (32, 52);
	} elsif ($b[4] == 2) {
		($class, $ehsize) = (64, 64);
	} else {
		return $fail->("invalid ELF class $b[4]");
	}
	push @$elf, $class, $ehsize;
	return $fail->("invalid ELF data encoding $b[5]") unless $b[5] == 1 || $b[5] == 2;
	my $le = $b[5] == 1;
	push @$elf, $le ? 'little' : 'big';
	return $fail->("invalid ELF version $b[6]") if $b[6] != 1;
	return $fail->('truncated ELF header') if $size < $ehsize || @b < $ehsize;

	# _pms_uint: N bytes at O of the header, PMS_BIG for 8 bytes >= 2^47
	my $uint = sub {
		my ($o, $n) = @_;
		my @x = @b[$o .. $o + $n - 1];
		@x = reverse @x if $le;
		return PMS_BIG if $n == 8 && ($x[0] || $x[1] || $x[2] >= 128);
		my $v = 0;
		$v = $v * 256 + $_ for @x;
		return $v;
	};
	my $etype = $uint->(16, 2);
	push @$elf, $etype;
	return $fail->("not a relocatable ELF object (e_type $etype, modules are ET_REL)")
		if $etype != 1;
	my ($shoff, $w, $entwords) = $class == 64 ? ($uint->(40, 8), 52, 16) :
		($uint->(32, 4), 40, 10);
	my ($entsize, $shnum, $strndx) = map { $uint->($w + $_, 2) } 6, 8, 10;
	push @$elf, $shoff, $entsize, $shnum, $strndx;
	return $fail->("inconsistent ELF header (e_shentsize $entsize)")
		if $entsize != $entwords * 4;
	return $fail->("no usable section header table (e_shnum $shnum)") if $shnum == 0;
	return $fail->("inconsistent ELF header (e_shstrndx $strndx)")
		if $strndx == 0 || $strndx >= $shnum;
	return $fail->('truncated or inconsistent ELF: section header table outside the file')
		if $shoff >= $size || $shnum * $entsize > $size - $shoff;
	push @$elf, $shoff + $shnum * $entsize;		# ELF_END, grows below

	my $t = $rd->($shoff, $shnum * $entsize);
	$t .= "\0" x ((4 - length($t) % 4) % 4);
	my @wd = unpack($le ? 'V*' : 'N*', $t);
	return $fail->('truncated section header table') if @wd != $shnum * $entwords;
	# 64-bit fields as two words: the low one first in a little-endian file
	my ($lo, $hi) = $le ? (0, 1) : (1, 0);
	for my $i (0 .. $shnum - 1) {
		my $base = $i * $entwords;
		my ($o, $l, $ty) = (undef, undef, $wd[$base + 1]);
		push @$name, $wd[$base];
		push @$type, $ty;
		if ($class == 64) {
			if ($wd[$base + 6 + $hi] >= 0x8000 || $wd[$base + 8 + $hi] >= 0x8000) {
				($o, $l) = (PMS_BIG, PMS_BIG);
			} else {
				$o = $wd[$base + 6 + $lo] + $wd[$base + 6 + $hi] * 4294967296;
				$l = $wd[$base + 8 + $lo] + $wd[$base + 8 + $hi] * 4294967296;
			}
			push @$flags, unpack($le ? 'q<' : 'q>', substr($t, $i * 64 + 8, 8));
		} else {
			push @$flags, $wd[$base + 2];
			($o, $l) = @wd[$base + 4, $base + 5];
		}
		push @$off, $o;
		push @$len, $l;
		# SHT_NULL and SHT_NOBITS take no room in the file; section 0
		# is not looked at
		if ($i > 0 && $ty != 0 && $ty != 8) {
			return $fail->("truncated or inconsistent ELF: section $i lies outside the file")
				if $o > $size || $l > $size - $o;
			$elf->[-1] = $o + $l if $o + $l > $elf->[-1];
		}
	}

	my ($str_off, $str_size) = ($off->[$strndx], $len->[$strndx]);
	return $fail->('inconsistent ELF: bad section name table')
		if $type->[$strndx] != 3 || $str_size == 0;
	my $tab = $rd->($str_off, $str_size);
	my $sig = $r{sig};
	for my $i (1 .. $shnum - 1) {
		next if $type->[$i] == 0;
		my $n = $name->[$i];
		return $fail->("inconsistent ELF: section $i name outside the name table")
			if $n >= $str_size;
		# (the name table may have been read short)
		next unless $n + 11 <= length($tab) && substr($tab, $n, 11) eq "module_sig\0";
		@$sig[1 .. 5] = ($i, $off->[$i], $len->[$i], $type->[$i], $flags->[$i])
			if $sig->[0] == 0;
		$sig->[0]++;
	}
	$r{tab} = unpack('H*', $tab);

	# pms_check_sig_section's last check: the first section other than
	# the first module_sig that shares bytes with it (its earlier checks
	# reject a module_sig for which this loop would not be safe)
	my ($so, $ss) = @$sig[2, 3];
	$r{overlap} = 0;
	for my $i (1 .. $shnum - 1) {
		next if $i == $sig->[1] || $type->[$i] == 0 || $type->[$i] == 8 || $len->[$i] == 0;
		if ($so < $off->[$i] + $len->[$i] && $off->[$i] < $so + $ss) {
			$r{overlap} = $i;
			last;
		}
	}
	return \%r;
}

sub req_scan
{
	my ($file, $size, $out) = @_;

	die "usage: SCAN FILE SIZE OUT\n"
		unless defined $out && $size =~ /^(-|0|[1-9][0-9]{0,17})$/;
	# (64-bit sh_flags need perl's 64-bit integers)
	die "this perl has no 64-bit integers\n" unless ~0 > 0xffffffff;
	my $r = scan_elf($file, $size);
	my $text = (defined $r->{err} ? $r->{err} : '') . "\n" .
		join(' ', @{$r->{sig}}, @{$r->{elf}},
		     defined $r->{err} ? () : $r->{overlap}) . "\n";
	$text .= join(' ', @$_) . "\n" for @{$r->{sh}};
	$text .= "$r->{tab}\n" unless defined $r->{err};
	write_out($out, $text);
	die "$r->{err}\n" if defined $r->{err};
	reply_ok();
}

sub req_size
{
	my @s = stat($_[0]);
	die "cannot read file\n" unless @s;
	reply_ok($s[7]);
}

sub req_stat
{
	my @s = stat($_[0]);
	die "cannot stat file: $!\n" unless @s;
	my @d = stat($_[1]);
	die "cannot stat directory: $!\n" unless @d;
	reply_ok(sprintf('%o %d %d %d %o', $s[2] & 07777, $s[4], $s[5], $s[7], $d[2] & 07777));
}

my $cur_dst;

sub req_sign
{
	my ($src, $off, $size, $fsize, $dst, $mode, $owner, $old, $final) = @_;

	die "usage: SIGN SRC OFF SIZE FSIZE DST MODE OWNER OLDHEX [FINAL]\n" unless defined $old &&
		"$off $size $fsize" =~ /^\d+ \d+ \d+$/ && $mode =~ /^([0-7]+|-)$/ &&
		$old =~ /^(-|([0-9a-fA-F]{2})+)$/;
	my $data = slurp($src, $fsize);
	die "module_sig lies outside the file\n" if $size < 16 || $off + $size > length $data;
	substr($data, $off, $size) = "\0" x $size;
	my $pkt = sign_data(\$data);
	my $payload = ($old eq '-' ? '' : pack('H*', $old)) . $pkt;
	my $need = 16 + length $payload;
	die "signature needs $need bytes but module_sig has $size (use --reserve $need or more)\n"
		if $need > $size;
	substr($data, $off, $need) = pack('H16CCCCN', '4f5047504d534947', 1, 0, 0, 0,
					  length $payload) . $payload;

	my $fh;
	if ($mode eq '-') {
		sysopen($fh, $dst, O_WRONLY | O_CREAT | O_TRUNC, 0600) or die "write $!\n";
	} else {
		my $m = oct($mode);
		sysopen($fh, $dst, O_WRONLY | O_CREAT | O_EXCL, $m & 0666) or die "write $!\n";
		$cur_dst = $dst;
		# as sign-module.sh's cp/chown/chmod: owner (root only), then
		# the bits the creation mode cannot give
		if ($> == 0 && $owner =~ /^(\d+):(\d+)$/ && ($1 || $2)) {
			chown($1, $2, $fh);
		}
		chmod($m, $fh) if $m & 07111;
	}
	my $o = 0;
	while ($o < length $data) {
		my $n = syswrite($fh, $data, length($data) - $o, $o);
		if (!defined $n) {
			my $e = "$!";
			close $fh;
			unlink $dst;
			$cur_dst = undef;
			die "write $e\n";
		}
		$o += $n;
	}
	if (!close $fh) {
		my $e = "$!";
		unlink $dst;
		$cur_dst = undef;
		die "write $e\n";
	}
	if (defined $final && !rename($dst, $final)) {
		my $e = "$!";
		unlink $dst;
		$cur_dst = undef;
		die "rename $e\n";
	}
	$cur_dst = undef;
	reply_ok();
}

sub req_signdata
{
	my $data = slurp($_[0]);

	reply_ok(unpack('H*', sign_data(\$data)));
}

# A signal while a copy is being written: do not leave it behind. A closed
# pipe is an error where it happens.
$SIG{PIPE} = 'IGNORE';
for my $s (qw(TERM INT HUP)) {
	$SIG{$s} = sub {
		unlink $cur_dst if defined $cur_dst;
		stop_agent();
		exit 1;
	};
}

umask 0;
my $err = eval { startup() };
$err = $@ if !defined $err && $@;
if (defined $err) {
	reply_err($err);
	stop_agent();
	exit 1;
}
reply_ok($transport, sprintf('%d %d', $pkalgo, $hashalgo), uc(unpack('H*', $fpr)));

while (defined(my $line = <STDIN>)) {
	chomp $line;
	my ($cmd, @arg) = map { unescape($_) } split / /, $line;
	next unless defined $cmd;
	last if $cmd eq 'QUIT';
	my $ok = eval {
		if ($cmd eq 'R') {
			req_read(@arg);
		} elsif ($cmd eq 'SCAN') {
			req_scan(@arg);
		} elsif ($cmd eq 'SIZE') {
			req_size(@arg);
		} elsif ($cmd eq 'STAT') {
			req_stat(@arg);
		} elsif ($cmd eq 'SIGN') {
			req_sign(@arg);
		} elsif ($cmd eq 'SIGNDATA') {
			req_signdata(@arg);
		} else {
			die "unknown request $cmd\n";
		}
		1;
	};
	if (!$ok) {
		my $e = $@;
		$e =~ s/\n.*//s;
		# the connection is in an unknown state after a broken exchange:
		# say so ("ERR!") and end
		if ($e =~ /^gpg-agent connection lost|^unexpected answer|^malformed S-exp/) {
			print 'ERR! ', oneline($e), "\n";
			last;
		}
		reply_err($e);
	}
}
stop_agent();
exit 0;
