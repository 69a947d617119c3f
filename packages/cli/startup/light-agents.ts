/**
 * The connection pools of lightFetch (light-fetch.ts), which can open a
 * connection ahead of the request that will use it: `preconnect(url)`.
 *
 * Why: a model's first request pays for its connection (DNS, TCP, and with
 * https the TLS handshake: one to three round trips to the provider, tens to
 * hundreds of milliseconds on a real network; on the loopback of the bench,
 * ~1-2 ms of the first turn's main thread). The interface asks for one while
 * the user types the first prompt (Provider.warm), so the request finds it
 * open. Node's own pools cannot take a connection made beforehand; these are
 * Node's `http.Agent` and `https.Agent`, with the settings of Node 20's global
 * ones (keep-alive, LIFO, 5 s idle), whose `createConnection` (the documented
 * place for a custom agent to make its sockets) first hands out a connection
 * opened ahead for the same pool key, if it is still open.
 *
 * A connection opened ahead and not taken within PRECONNECT_TTL_MS is closed,
 * so one made while the user typed and left never goes stale in the pool; it
 * holds no process open (unref) until a request takes it; a failure to
 * connect is dropped silently (the request connects again and says what is
 * wrong); at most one waits for each pool key. `node:http` and `node:https`
 * load at the first use of each, as lightFetch loaded them (a `lug -p` to a
 * local server never loads TLS).
 */
import type http from 'node:http';
import type { Socket } from 'node:net';

/** How long a connection opened ahead waits for its request before it is closed. */
export const PRECONNECT_TTL_MS = 20_000;

/** The settings of Node 20's `http.globalAgent` and `https.globalAgent`. */
const NODE_GLOBAL_AGENT = { keepAlive: true, scheduling: 'lifo', timeout: 5000 } as const;

/** What Node's Agent has that @types/node leaves out: its pools, by key. */
interface AgentPools {
  getName(options: Record<string, unknown>): string;
  freeSockets: Record<string, unknown[]>;
  sockets: Record<string, unknown[]>;
}

interface Ahead {
  socket: Socket;
  timer: NodeJS.Timeout;
  drop: () => void;
}

// A mixin's base is typed `new (...args: any[])`, as TypeScript requires of one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AgentClass = new (...args: any[]) => http.Agent;

/** Keep `socket`, opened ahead, in `ahead` under `key` until a request takes it: closed after `ttlMs` or when it fails or closes, holding no process open meanwhile. */
function holdAhead(ahead: Map<string, Ahead>, key: string, socket: Socket, ttlMs: number): void {
  const drop = () => {
    const held = ahead.get(key);
    if (held?.socket !== socket) return;
    ahead.delete(key);
    clearTimeout(held.timer);
    socket.destroy();
  };
  const timer = setTimeout(drop, ttlMs);
  timer.unref();
  socket.unref();
  socket.on('error', drop);
  socket.on('close', drop);
  ahead.set(key, { socket, timer, drop });
}

/** A held connection (taken out of `ahead`) made the request's: its timer and listeners gone, holding the process open again. */
function handOver(held: Ahead): Socket {
  clearTimeout(held.timer);
  held.socket.off('error', held.drop);
  held.socket.off('close', held.drop);
  held.socket.ref();
  return held.socket;
}

function preconnecting<T extends AgentClass>(Base: T, defaultPort: number) {
  return class PreconnectingAgent extends Base {
    /** The connections opened ahead, each waiting for a request, by pool key. */
    readonly ahead = new Map<string, Ahead>();
    /** Milliseconds a connection opened ahead waits (tests shorten it). */
    ttlMs = PRECONNECT_TTL_MS;
    /** Node's Agent keeps its settings here (untyped in @types/node): those of every connection it makes. */
    declare options: Record<string, unknown>;

    /** Open a connection to `url`'s host for the next request there, unless one is open or waiting already. */
    preconnect(url: URL): void {
      const pools = this as unknown as AgentPools;
      const port = url.port ? Number(url.port) : defaultPort;
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // What Agent.addRequest and createSocket make of a request to this URL, so that the pool key is the request's.
      const options: Record<string, unknown> = { ...this.options, host, port, servername: isIp(host) ? '' : host, encoding: null };
      const key = pools.getName(options);
      options._agentKey = key;
      if (this.ahead.has(key) || pools.freeSockets[key]?.length || pools.sockets[key]?.length) return;
      let socket: Socket | undefined;
      try {
        socket = Base.prototype.createConnection.call(this, options) as Socket | undefined;
      } catch {
        return;
      }
      if (!socket) return;
      holdAhead(this.ahead, key, socket, this.ttlMs);
    }

    override createConnection(options: Record<string, unknown>, callback?: (err: Error | null, socket: Socket) => void): Socket | undefined {
      const key = typeof options._agentKey === 'string' ? options._agentKey : undefined;
      const held = key === undefined ? undefined : this.ahead.get(key);
      if (held && !held.socket.destroyed) {
        this.ahead.delete(key!);
        return handOver(held);
      }
      return Base.prototype.createConnection.call(this, options, callback) as Socket | undefined;
    }

    override destroy(): void {
      for (const { socket, timer } of this.ahead.values()) {
        clearTimeout(timer);
        socket.destroy();
      }
      this.ahead.clear();
      super.destroy();
    }
  };
}

const isIp = (host: string) => /^[\d.]+$/.test(host) || host.includes(':');

export type PreconnectingAgent = InstanceType<ReturnType<typeof preconnecting>>;
type Protocol = 'http:' | 'https:';

const made: Partial<Record<Protocol, Promise<PreconnectingAgent>>> = {};

/** lightFetch's pool for `protocol`, made at its first use. */
export function lightAgent(protocol: Protocol): Promise<PreconnectingAgent> {
  return (made[protocol] ??= (protocol === 'https:' ? import('node:https') : import('node:http')).then(
    (mod) => new (preconnecting(mod.Agent as unknown as AgentClass, protocol === 'https:' ? 443 : 80))({ ...NODE_GLOBAL_AGENT }),
  ));
}

/** A connection to `url`'s host opened now for lightFetch's next request there (http and https URLs; anything else is ignored). */
export function preconnect(url: string | URL): void {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    return;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return;
  void lightAgent(parsed.protocol).then((agent) => agent.preconnect(parsed), () => undefined);
}
