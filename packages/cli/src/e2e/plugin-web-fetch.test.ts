/**
 * The optional web-fetch plugin through the real binary: absent unless
 * init.lua names it, enabled by one line, asking by default, and fetching a
 * page from a local HTTP server (a real socket) as Markdown.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, toolsOf, turn, type ScriptedServer } from '@lug/testing';
import { REPO_ROOT } from './pack-install.js';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

const ENABLE = 'lug.plugin("@lug/plugin-web-fetch")\n';
let server: ScriptedServer | undefined;
let site: http.Server;
let siteUrl: string;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === '/docs') res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Docs</title></head><body><h2>Install</h2><p>Run <code>make</code>.</p></body></html>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A project with the plugin installed in its node_modules (a link to the workspace's package, as npm install would resolve it). */
function projectWithWebFetch(initLua: string) {
  const box = sandbox(initLua);
  mkdirSync(join(box.project, 'node_modules', '@lug'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'plugins/web-fetch'), join(box.project, 'node_modules/@lug/plugin-web-fetch'), 'dir');
  return box;
}

const fetchDocs = () => [turn(toolCall('web_fetch', { url: `${siteUrl}/docs` }, { id: 'wf1' })), text('Run make.')];

describe('@lug/plugin-web-fetch, enabled by one line of init.lua', () => {
  it('is not offered when init.lua does not name it, even installed', async () => {
    const box = projectWithWebFetch('');
    server = await startScriptedServer([text('hello')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'openai', box) });
    expect(r.code).toBe(0);
    expect(toolsOf(server.modelRequests()[0]!).map((t) => t.name)).not.toContain('web_fetch');
  });

  it('asks by default: refused headless without --auto, the decision logged', async () => {
    const box = projectWithWebFetch(ENABLE);
    server = await startScriptedServer(fetchDocs());
    const r = await runLug(['-p', 'how do I install?'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(toolsOf(server.modelRequests()[0]!).map((t) => t.name)).toContain('web_fetch');
    expect(toolResultsIn(server.modelRequests()[1]!)[0]!.content).toMatch(/needs approval: run with --auto, or allow it with a rule/);
    const log = readFileSync(join(box.state, 'lug', 'approvals.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(log).toEqual([expect.objectContaining({ tool: 'web_fetch', decision: 'deny' })]);
  });

  it('fetches the page as Markdown when allowed', async () => {
    const box = projectWithWebFetch(ENABLE);
    server = await startScriptedServer(fetchDocs());
    const r = await runLug(['-p', 'how do I install?', '--auto'], { cwd: box.project, env: lugEnv(server, 'openai', box) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Run make.\n');
    const [result] = toolResultsIn(server.modelRequests()[1]!);
    expect(result!.content).toBe(`${siteUrl}/docs\nHTTP 200 OK · text/html · 103 bytes\ntitle: Docs\n\n## Install\n\nRun \`make\`.`);
  });
});
