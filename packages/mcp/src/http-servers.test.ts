/** The reference server over HTTP: Streamable HTTP, and the older HTTP+SSE transport lug falls back to. */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnProcess, type ProcessHandle } from '@lug/tools';
import { configured, everythingServer, mcpTestHost, until, type McpTestHost } from './test-support/mcp-test-host.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** server-everything serving `mode` (streamableHttp or sse) on a port of its own, once it listens. */
async function httpServer(mode: string): Promise<{ port: number; handle: ProcessHandle }> {
  const port = await freePort();
  let stderr = '';
  const handle = spawnProcess(everythingServer(mode), { env: { PORT: String(port) }, timeoutSecs: 0, onOutput: (t, s) => void (s === 'stderr' && (stderr += t)) });
  await until(() => /listening on port|running on port/.test(stderr), 30_000, `server-everything ${mode} to listen (stderr: ${stderr})`);
  return { port, handle };
}

let streamable: { port: number; handle: ProcessHandle };
let sse: { port: number; handle: ProcessHandle };
let t: McpTestHost;

beforeAll(async () => {
  [streamable, sse] = await Promise.all([httpServer('streamableHttp'), httpServer('sse')]);
  t = mcpTestHost(process.cwd(), [
    configured('web', { url: `http://127.0.0.1:${streamable.port}/mcp`, headers: { 'X-Test': 'yes' } }),
    configured('old', { url: `http://127.0.0.1:${sse.port}/sse` }),
  ]);
  await t.manager.ready();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([streamable?.handle.kill(), sse?.handle.kill()]);
});

describe('HTTP servers', () => {
  it('speaks Streamable HTTP to a server that serves it', async () => {
    expect(t.manager.get('web')!.state).toBe('ready');
    expect(t.manager.get('web')!.transportName).toBe('Streamable HTTP');
    expect((await t.call('mcp__web__echo', { message: 'over HTTP' })).content).toBe('Echo: over HTTP');
  });

  it('falls back to HTTP+SSE for a server that only serves that', async () => {
    expect(t.manager.get('old')!.state).toBe('ready');
    expect(t.manager.get('old')!.transportName).toBe('HTTP+SSE');
    expect((await t.call('mcp__old__get-sum', { a: 2, b: 3 })).content).toMatch(/5/);
  });

  it('says why when nothing answers at the URL', async () => {
    const port = await freePort();
    t.manager.add(configured('gone', { url: `http://127.0.0.1:${port}/mcp` }));
    await t.manager.ready();
    const status = t.manager.status().find((s) => s.name === 'gone')!;
    expect(status.state).toBe('failed');
    expect(status.lastError).toMatch(/Streamable HTTP: .*; HTTP\+SSE: /);
  });
});
