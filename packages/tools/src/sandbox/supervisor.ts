/**
 * The first process inside bubblewrap's PID namespace: it runs the command,
 * writes its exit status to fd 3 (the runner ends the call there), then
 * waits while any other process of the namespace still runs (a background
 * job), because the namespace, and all in it, ends when this script does.
 * The common case, nothing left, exits at once; otherwise it looks once a
 * second (one `sleep`, from a shell that does the counting itself).
 *
 * `$1…` is the command. Its status is reported as the number `$?` (a
 * command killed by signal N reports 128+N, as a shell does).
 */
export const SUPERVISOR_SCRIPT = [
  '"$@" 3>&-',
  's=$?',
  'echo "$s" >&3',
  'exec 3>&- >/dev/null 2>&1 </dev/null',
  // Left in /proc: pid 1 (bwrap's init) and this shell; anything more is a job still running.
  'while :; do set -- /proc/[0-9]*; [ "$#" -le 2 ] && exit "$s"; sleep 1; done',
].join('\n');
