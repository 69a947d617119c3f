/** The MCP setup of the CLI: a project's server asks once, the answer is remembered for the project, :mcp lists and restarts. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '@lug/testing';
import { allowAll, createHost, type LugEvent } from '@lug/core';
import { McpSetup } from './mcp.js';

const MISBEHAVING = fileURLToPath(new URL('../../mcp/src/test-support/misbehaving-server.mjs', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'lug-mcp-setup-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const setups: McpSetup[] = [];
afterAll(() => Promise.all(setups.map((s) => s.close())));

function project(): string {
  const dir = join(home, `p${setups.length}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir);
  writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { proj: { command: process.execPath, args: [MISBEHAVING] } } }));
  return dir;
}

/** An interactive lug on `dir`, whose interface answers each confirm with `answer` and keeps the questions. */
function interactiveLug(dir: string, answer: boolean) {
  const env = { XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state') };
  const host = createHost({ cwd: dir, env, authorize: allowAll, interactive: true });
  if (!host.ui.interactive) throw new Error('not interactive');
  const { confirms } = host.ui;
  const asked: string[] = [];
  confirms.serve();
  confirms.subscribe(() => {
    const pending = confirms.getSnapshot();
    if (!pending) return;
    asked.push(pending.message);
    confirms.answer(pending.id, answer);
  });
  const notices: string[] = [];
  host.events.on('notify', (e: Extract<LugEvent, { type: 'notify' }>) => void notices.push(e.message));
  const mcp = new McpSetup(host, env);
  setups.push(mcp);
  return { host, mcp, asked, notices };
}

describe('the interface starting the servers soon', () => {
  it("has the first turn wait for them, so a prompt sent at once gets their tools", async () => {
    const dir = project();
    const { host, mcp } = interactiveLug(dir, true);
    mcp.startSoon(60_000);
    expect(host.tools.get('mcp__proj__echo')).toBeUndefined();
    await host.hooks.run('before_turn', { prompt: 'hi', turn: 1, sessionId: 's1' }, (input) => input);
    expect(host.tools.get('mcp__proj__echo')).toBeDefined();
    // Only the first turn waits: the hook is gone after it.
    expect(host.hooks.has('before_turn')).toBe(false);
  });
});

describe("a project's .mcp.json server", () => {
  it('asks once before it starts, and the answer is remembered for the project', async () => {
    const dir = project();
    const first = interactiveLug(dir, true);
    first.mcp.start();
    await waitUntil(() => first.host.tools.get('mcp__proj__echo') !== undefined, `the project server's tools (${JSON.stringify(first.mcp.loaded?.status())} ${first.notices})`, 60_000);
    expect(first.asked).toEqual([`This project's ${join(dir, '.mcp.json')} configures the MCP server "proj", which runs ${process.execPath} ${MISBEHAVING}. Start it? (remembered for this project)`]);
    await first.mcp.close();

    const second = interactiveLug(dir, false);
    second.mcp.start();
    await waitUntil(() => second.host.tools.get('mcp__proj__echo') !== undefined, 'the tools, without asking', 60_000);
    expect(second.asked).toEqual([]);
    expect(JSON.parse(readFileSync(join(home, 'state', 'lug', 'mcp-projects.json'), 'utf8'))[dir].proj.allowed).toBe(true);
  });

  it('stays stopped after a no, which is remembered too', async () => {
    const dir = project();
    const first = interactiveLug(dir, false);
    first.mcp.start();
    await waitUntil(() => first.mcp.loaded?.status()[0]?.state === 'disabled', 'the refusal', 60_000);
    expect(first.asked).toHaveLength(1);
    expect(first.host.tools.names().some((n) => n.startsWith('mcp__'))).toBe(false);
    const second = interactiveLug(dir, true);
    second.mcp.start();
    await waitUntil(() => second.mcp.loaded?.status()[0]?.state === 'disabled', 'the remembered refusal', 60_000);
    expect(second.asked).toEqual([]);
  });
});

describe(':mcp', () => {
  it('lists the servers with their state and tools, restarts and disables one by name, and says what it takes', async () => {
    const dir = project();
    const t = interactiveLug(dir, true);
    t.mcp.start();
    await waitUntil(() => t.mcp.loaded?.status()[0]?.state === 'ready', 'the server', 60_000);
    const command = t.host.commands.get('mcp')!;
    await command.run('');
    expect(t.notices.at(-1)).toMatch(/^proj: ready \(pid \d+\) — .*\.mcp\.json\n {2}tools: mcp__proj__echo, mcp__proj__crash/);
    const pid = t.mcp.loaded!.status()[0]!.pid;
    await command.run('restart proj');
    expect(t.mcp.loaded!.status()[0]).toMatchObject({ state: 'ready' });
    expect(t.mcp.loaded!.status()[0]!.pid).not.toBe(pid);
    await command.run('disable proj');
    expect(t.notices.at(-1)).toMatch(/^proj: disabled/);
    await command.run('restart nope');
    expect(t.notices.at(-1)).toBe('no MCP server is named "nope"; the servers are: proj');
    await command.run('frobnicate');
    expect(t.notices.at(-1)).toBe(':mcp takes nothing (list the servers), or restart NAME, disable NAME, enable NAME; got "frobnicate"');
    expect(command.complete!('re')).toEqual(['restart']);
    expect(command.complete!('restart p')).toEqual(['restart proj']);
  });
});
