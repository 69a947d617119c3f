/**
 * The TCP ports something listens on in lug's own network (the host's, not
 * a sandbox's), read from /proc/net/tcp and tcp6 (state 0A, LISTEN): to tell
 * a connection refused in the sandbox because its network is its own (a
 * server of the host listens there) from one refused because nothing
 * listens anywhere. Linux only; an empty set where /proc has no such file.
 */
import { readFileSync } from 'node:fs';

const LISTEN = '0A';

export function hostListeningPorts(files = ['/proc/net/tcp', '/proc/net/tcp6']): Set<number> {
  const ports = new Set<number>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== LISTEN || !local) continue;
      const port = Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16);
      if (Number.isInteger(port)) ports.add(port);
    }
  }
  return ports;
}
