/**
 * What the kernel counted in a call's own network namespace (the supervisor
 * reports /proc/net/snmp at the command's end): counters that start at zero
 * with the namespace, so they are the call's alone. They say, without
 * reading any message, whether the command tried the network and failed:
 * - `noRoute`: packets with no route (Ip OutNoRoutes, Ip6OutNoRoutes). With
 *   only loopback in the namespace, every address of another machine has
 *   none: the command tried to reach one, and only the sandbox stopped it.
 * - `refused`: TCP connections that failed (Tcp AttemptFails) and UDP
 *   datagrams to a closed port (Udp NoPorts): on loopback, where nothing of
 *   the host listens. The sandbox's doing when the command meant a server of
 *   the host; not when it meant a port of its own it had not opened yet.
 */
export interface NetworkCounters {
  noRoute: number;
  refused: number;
}

/** The counters from the report's lines (`Ip: names…` then `Ip: values…`, and `Ip6OutNoRoutes N`); null when they are not there. */
export function parseNetworkCounters(lines: readonly string[]): NetworkCounters | null {
  const table = new Map<string, number>();
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const [head, ...fields] = line.trim().split(/\s+/);
    if (!head) continue;
    if (head === 'Ip6OutNoRoutes') table.set(head, Number(fields[0]));
    else if (!headers.has(head)) headers.set(head, fields);
    else headers.get(head)!.forEach((name, i) => table.set(`${head}${name}`, Number(fields[i])));
  }
  const count = (key: string) => (Number.isFinite(table.get(key)) ? table.get(key)! : 0);
  if (!table.has('Ip:OutNoRoutes') || !table.has('Tcp:AttemptFails')) return null;
  return { noRoute: count('Ip:OutNoRoutes') + count('Ip6OutNoRoutes'), refused: count('Tcp:AttemptFails') + count('Udp:NoPorts') };
}
