/**
 * OAuth against the SDK's own example server that requires it
 * (examples/server/simpleStreamableHttp.js --oauth: a real authorization
 * server with client registration, PKCE and a login that approves at once):
 * the sign-in URL shown, the browser's redirect to lug's loopback, tokens
 * kept with mode 0600 and used by the next lug without signing in again.
 */
import { mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnProcess, type ProcessHandle } from '@lug/tools';
import { configured, mcpTestHost, until } from './test-support/mcp-test-host.js';

const require = createRequire(import.meta.url);
const EXAMPLE = join(dirname(require.resolve('@modelcontextprotocol/sdk/server/mcp.js')), '../examples/server/simpleStreamableHttp.js');

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

const state = mkdtempSync(join(tmpdir(), 'lug-mcp-oauth-'));
let example: ProcessHandle;
let url: string;
const opened: string[] = [];

/** The browser: follow the authorization server's redirects until one goes to lug's loopback, and go there. */
async function browser(authorizationUrl: URL): Promise<void> {
  opened.push(authorizationUrl.href);
  let next = authorizationUrl.href;
  for (let hops = 0; hops < 10; hops++) {
    const res = await fetch(next, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (!location) throw new Error(`the authorization server answered ${res.status} without a redirect: ${await res.text()}`);
    next = new URL(location, next).href;
    if (next.startsWith('http://127.0.0.1:') && next.includes('/callback')) {
      await fetch(next);
      return;
    }
  }
  throw new Error('too many redirects');
}

beforeAll(async () => {
  const [mcpPort, authPort] = await Promise.all([freePort(), freePort()]);
  let out = '';
  example = spawnProcess([process.execPath, EXAMPLE, '--oauth'], { env: { MCP_PORT: String(mcpPort), MCP_AUTH_PORT: String(authPort) }, timeoutSecs: 0, onOutput: (t) => void (out += t) });
  await until(() => /MCP Streamable HTTP Server listening/.test(out) && /Authorization Server listening/.test(out), 30_000, `the example server (${out})`);
  url = `http://localhost:${mcpPort}/mcp`;
}, 60_000);

afterAll(async () => {
  await example?.kill();
  rmSync(state, { recursive: true, force: true });
});

describe('an HTTP server that requires OAuth', () => {
  it('signs in through the browser and the loopback redirect, then offers its tools', async () => {
    const t = mcpTestHost(process.cwd(), [configured('secure', { url })], { oauth: { stateDir: state, open: (u) => void browser(u) } });
    await t.manager.ready();
    expect(t.manager.status()[0]).toMatchObject({ state: 'ready' });
    expect(opened).toHaveLength(1);
    expect(new URL(opened[0]!).searchParams.get('code_challenge_method')).toBe('S256');
    expect(new URL(opened[0]!).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect((await t.call('mcp__secure__greet', { name: 'lug' })).content).toMatch(/Hello, lug/);
    await t.close();
  });

  it('keeps the tokens only the user can read, and the next lug uses them without signing in', async () => {
    const dir = join(state, 'mcp-oauth');
    const [file] = readdirSync(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, file!)).mode & 0o777).toBe(0o600);
    const t = mcpTestHost(process.cwd(), [configured('secure', { url })], { oauth: { stateDir: state, open: (u) => void browser(u) } });
    await t.manager.ready();
    expect(t.manager.status()[0]).toMatchObject({ state: 'ready' });
    expect(opened).toHaveLength(1);
    await t.close();
  });

  it('gives up waiting for a sign-in when the server is stopped', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'lug-mcp-oauth-stop-'));
    let shown = 0;
    const t = mcpTestHost(process.cwd(), [configured('secure', { url })], { oauth: { stateDir: fresh, open: () => void shown++ } });
    await until(() => shown === 1, 30_000, 'the sign-in URL');
    await t.manager.get('secure')!.disable();
    expect(t.manager.status()[0]).toMatchObject({ state: 'disabled' });
    await t.close();
    rmSync(fresh, { recursive: true, force: true });
  });

  it('fails to start with the reason when nobody can sign in (headless)', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'lug-mcp-oauth-headless-'));
    const t = mcpTestHost(process.cwd(), [configured('secure', { url })], {
      oauth: {
        stateDir: fresh,
        open: () => {
          throw new Error('signing in needs the interface');
        },
      },
    });
    await t.manager.ready();
    expect(t.manager.status()[0]).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/signing in needs the interface/) });
    await t.close();
    rmSync(fresh, { recursive: true, force: true });
  });

  it('fails to start, saying so, without a way to sign in', async () => {
    const t = mcpTestHost(process.cwd(), [configured('secure', { url })]);
    await t.manager.ready();
    expect(t.manager.status()[0]).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/Unauthorized|401/) });
    await t.close();
  });
});
