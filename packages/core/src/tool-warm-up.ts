/**
 * Tools get ready before their first call (issue 15: the first call of a
 * process costs what later ones do): each tool's `warm` runs once a host,
 * when the host is idle anyway. The interface calls warmTools while the user
 * types the first prompt; otherwise it runs at the host's first
 * `response_start`, in the time the model takes to answer (not at
 * `request_start`: a process started then held the request's own sending
 * back, ~3 ms for ripgrep's in `lug -p`). Then the first
 * process start and ripgrep's lookup no longer land on the first call. A
 * warm-up that fails is said as a warning (the tool's calls will fail the
 * same way, and say so then too); it never fails a turn.
 */
import type { LugHost } from './host.js';
import type { ToolRegistry } from './tool-registry.js';

/** What a warm-up reads of the host. */
type WarmHost = Pick<LugHost, 'cwd' | 'tools' | 'events'>;

const warmed = new WeakSet<ToolRegistry>();

/** Runs the `warm` of every tool registered now, once a host (later calls do nothing). */
export function warmTools({ cwd, tools, events }: WarmHost): void {
  if (warmed.has(tools)) return;
  warmed.add(tools);
  for (const { tool } of tools.list()) {
    const warm = tool.warm;
    if (typeof warm !== 'function') continue;
    Promise.resolve()
      .then(() => warm.call(tool, { cwd }))
      .catch((err: unknown) => {
        const why = err instanceof Error ? err.message : String(err);
        events.emit('notify', { message: `the ${tool.name} tool could not get ready: ${why} (its calls will say the same)`, level: 'warn' });
      });
  }
}

/** Warms the tools once the first request has gone out and its answer begun, unless something warmed them before. */
export function warmToolsAtFirstResponse(host: WarmHost): void {
  const stop = host.events.on('response_start', () => {
    stop();
    setImmediate(() => warmTools(host)).unref();
  });
}
