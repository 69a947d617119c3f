/**
 * The first process inside bubblewrap's PID namespace: it runs the command,
 * writes its report to fd 3 (the runner ends the call there), then waits
 * while any other process of the namespace still runs (a background job),
 * because the namespace, and all in it, ends when this script does. The
 * common case, nothing left, exits at once; otherwise it looks once a
 * second (one `sleep`, from a shell that does the counting itself).
 *
 * Arguments: `$1` is `net` when the call has a network namespace of its own
 * (the counters below are then the call's alone), else `-`; `$2` is perl's
 * path, or `-`; `$3…` is the command.
 *
 * The report, one line each, ended by `end`:
 * - `exit N` or `signal N`: how the command ended. A shell's `$?` cannot tell
 *   a command killed by signal 9 from one that ran `exit 137` (both 137), and
 *   neither can bwrap (its --json-status-fd says `"exit-code": 137` for both),
 *   so where perl is installed a few lines of it start the command and read
 *   the real wait status (EXIT_RELAY). Without perl: `status N`, the shell's
 *   number, which the runner reports as an exit status (README: what is left).
 * - with `net`: the kernel's network counters of the namespace
 *   (/proc/net/snmp, and Ip6OutNoRoutes of /proc/net/snmp6), which start at
 *   zero with it: they say whether the command tried the network and failed
 *   (network-counters.ts), without reading its messages.
 */

/**
 * Perl, as a program that calls waitpid and says what it found: fd 3 (the
 * report) is duplicated to a descriptor closed on exec and the original
 * closed, so the command never sees it; the command is exec'd as given (no
 * shell), 127 when it is not found, as a shell says. Perl starts with
 * PERL_BADLANG=0, or a locale it cannot set (LANG of a locale that is not
 * installed) would print three lines of warnings into the command's
 * stderr; the command gets the variable as it was (the second argument:
 * `=VALUE`, or empty when it was not set; the first is the supervisor's
 * `net` or `-`: perl then writes the network counters after the status). Warnings are off (`$^W`, so a
 * PERL5OPT=-w of the user's adds nothing either). No single quote in it: it
 * goes into the shell script in single quotes.
 */
export const EXIT_RELAY = [
  'BEGIN { $^W = 0 }',
  'my $net = shift @ARGV; my $badlang = shift @ARGV; if ($badlang eq "") { delete $ENV{PERL_BADLANG} } else { $ENV{PERL_BADLANG} = substr($badlang, 1) }',
  'open(my $st, ">&3") or die "lug-sandbox: no report descriptor: $!\\n"; my $o; open($o, ">&=3") and close($o);',
  'my $pid = fork() // die "lug-sandbox: cannot fork: $!\\n";',
  'if (!$pid) { { exec { $ARGV[0] } @ARGV } my $e = $! + 0; print STDERR "lug-sandbox: cannot run $ARGV[0]: $!\\n"; exit($e == 2 ? 127 : 126) }',
  'waitpid($pid, 0); my $w = $?;',
  'syswrite($st, ($w & 127) ? "signal " . ($w & 127) . "\\n" : "exit " . ($w >> 8) . "\\n");',
  // The counters (see above), read here where perl runs anyway: the shell's `read` takes a byte a call, 1.7 ms a call.
  'if ($net eq "net") {',
  '  if (open(my $f, "<", "/proc/net/snmp")) { while (<$f>) { syswrite($st, $_) if /^(Ip|Tcp|Udp):/ } }',
  '  if (open(my $f, "<", "/proc/net/snmp6")) { while (<$f>) { syswrite($st, "Ip6OutNoRoutes $1\\n") if /^Ip6OutNoRoutes\\s+(\\d+)/ } }',
  '}',
  'exit(($w & 127) ? 128 + ($w & 127) : $w >> 8);',
].join(' ');

export const SUPERVISOR_SCRIPT = [
  'n=$1 p=$2; shift 2',
  `if [ "$p" != - ]; then PERL_BADLANG=0 "$p" -e '${EXIT_RELAY}' -- "$n" "\${PERL_BADLANG+=}\${PERL_BADLANG-}" "$@"; s=$?; n=-; else "$@" 3>&-; s=$?; echo "status $s" >&3; fi`,
  // Without perl: builtins only (read, echo), no process more for the counters.
  'if [ "$n" = net ]; then',
  '  while IFS= read -r l; do case $l in Ip:*|Tcp:*|Udp:*) echo "$l";; esac; done </proc/net/snmp >&3',
  '  [ -r /proc/net/snmp6 ] && while read -r k v; do [ "$k" = Ip6OutNoRoutes ] && echo "$k $v"; done </proc/net/snmp6 >&3',
  'fi',
  'echo end >&3',
  'exec 3>&- >/dev/null 2>&1 </dev/null',
  // Left in /proc: pid 1 (bwrap's init) and this shell; anything more is a job still running.
  'while :; do set -- /proc/[0-9]*; [ "$#" -le 2 ] && exit "$s"; sleep 1; done',
].join('\n');
