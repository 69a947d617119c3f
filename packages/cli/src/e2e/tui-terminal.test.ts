/**
 * The stock interface in a real terminal: the real `lug` binary in tmux,
 * driven by send-keys against the scripted model server.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pollUntil, text, toolCall, turn, type startScriptedServer } from '@lug/testing';
import { LUG_BIN, lugEnv, runLug, sandbox, type Wire } from './run-lug.js';
import { hasTmux, lugsInTmux, type TmuxScreen } from './tmux.js';
import { REPO_ROOT } from './pack-install.js';

const lugs = lugsInTmux();

/** Processes whose command line contains `marker`, anywhere on the machine. */
function processesMatching(marker: string): number[] {
  const r = spawnSync('pgrep', ['-f', marker], { encoding: 'utf8' });
  return r.stdout.split('\n').filter(Boolean).map(Number);
}

async function startLug(steps: Parameters<typeof startScriptedServer>[0], opts: { args?: string[]; wire?: Wire; files?: Record<string, string> } = {}) {
  const box = sandbox();
  for (const [name, content] of Object.entries(opts.files ?? {})) writeFileSync(join(box.project, name), content);
  // CI is set as in a CI job: a person at a terminal still gets the whole interface.
  const { server, screen } = await lugs.start(steps, box, { args: opts.args, wire: opts.wire, env: { CI: 'true' } });
  return { box, server, screen };
}

describe.skipIf(!hasTmux())('lug in a real terminal', () => {
  it('streams an answer, then shows an edit as a coloured diff that y applies', async () => {
    const { box, screen: s } = await startLug(
      [text('Hello from the **scripted** model.'), turn(toolCall('edit', { path: 'a.txt', old_string: 'hello', new_string: 'goodbye' })), text('Edited it.')],
      { files: { 'a.txt': 'hello\nworld\n' } },
    );
    await s.submit('hi');
    await s.waitFor(/Hello from the scripted model\./);
    await s.submit('change hello');
    const dialog = await s.waitFor(/\+goodbye/, 10_000, true);
    expect(dialog).toMatch(/\x1b\[[0-9;]*3[12]m[^\n]*[-+](hello|goodbye)/);
    expect(readFileSync(join(box.project, 'a.txt'), 'utf8')).toBe('hello\nworld\n');
    s.type('y');
    await s.waitFor(/Edited it\./);
    expect(readFileSync(join(box.project, 'a.txt'), 'utf8')).toBe('goodbye\nworld\n');
  });

  it('runs all three waiting bash calls on A, and :approvals lists and clears bash', async () => {
    const { screen: s } = await startLug([
      turn(toolCall('bash', { command: 'echo one-1' }), toolCall('bash', { command: 'echo two-2' }), toolCall('bash', { command: 'echo three-3' })),
      text('Ran all three.'),
    ]);
    await s.submit('run them');
    await s.waitFor(/echo one-1/);
    await s.waitFor(/2 more waiting/);
    s.type('A');
    const after = await s.waitFor(/Ran all three\./);
    expect(after).toMatch(/echo one-1/);
    expect(after).toMatch(/echo two-2/);
    expect(after).toMatch(/echo three-3/);
    expect(after).not.toMatch(/more waiting/);
    await s.submit(':approvals');
    await s.waitFor(/allowed for this session: bash/);
    await s.submit(':approvals clear');
    await s.waitFor(/no tool is allowed always any more \(was: bash\)/);
    await s.submit(':approvals');
    await s.waitFor(/no tool is allowed always in this session/);
  });

  it('shows AUTO after Shift-Tab, and a write then runs without a dialog', async () => {
    const { box, screen: s } = await startLug([turn(toolCall('write', { path: 'new.txt', content: 'made in auto mode\n' })), text('Wrote it.')]);
    s.send('BTab');
    await s.waitFor(/AUTO/);
    await s.submit('write it');
    const done = await s.waitFor(/Wrote it\./);
    expect(done).not.toMatch(/wants to/);
    expect(readFileSync(join(box.project, 'new.txt'), 'utf8')).toBe('made in auto mode\n');
  });

  it('kills a running command within a second of Esc', async () => {
    const marker = `sleep 100${Math.floor(Math.random() * 1000)}`;
    const { screen: s } = await startLug([turn(toolCall('bash', { command: `${marker.replace('sleep 100', 'sleep 100')}` })), text('never shown')], { args: ['--auto'] });
    await s.submit('sleep');
    expect(await pollUntil(() => processesMatching(marker).length > 0, 10_000)).toBe(true);
    const t0 = Date.now();
    s.send('Escape');
    expect(await pollUntil(() => processesMatching(marker).length === 0, 1_000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1_000);
    await s.waitFor(/cancelled/i);
  });

  it('exits on Ctrl-C twice and leaves no process of the session alive', async () => {
    const marker = `sleep 2${Math.floor(100 + Math.random() * 800)}`;
    const { screen: s } = await startLug([turn(toolCall('bash', { command: `${marker} > /dev/null 2>&1 &` })), text('Started it in the background.')], { args: ['--auto'] });
    await s.submit('start it');
    await s.waitFor(/Started it in the background\./);
    expect(processesMatching(marker).length).toBeGreaterThan(0);
    s.send('C-c');
    await s.waitFor(/Ctrl-C again/);
    s.send('C-c');
    expect(await pollUntil(() => s.paneDead(), 5_000)).toBe(true);
    expect(await pollUntil(() => processesMatching(marker).length === 0, 3_000)).toBe(true);
  });

  for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT'] as const) {
    it(`ends on ${signal} and leaves no process, not even those that left the group or session`, async () => {
      const t = `3${Math.floor(100 + Math.random() * 800)}.${signal.length}${Math.floor(Math.random() * 100)}`;
      const command = [`setsid sleep ${t} &`, `set -m; sleep ${t} &`, `sh -c 'setsid sh -c "sleep ${t} &" &'`, `sleep ${t} > /dev/null 2>&1 &`].join('\n');
      const { screen: s } = await startLug([turn(toolCall('bash', { command })), text('Started them.')], { args: ['--auto'] });
      await s.submit('start them');
      await s.waitFor(/Started them\./);
      expect(await pollUntil(() => processesMatching(`sleep ${t}`).length === 4, 5_000)).toBe(true);
      process.kill(s.panePid(), signal);
      expect(await pollUntil(() => s.paneDead(), 5_000)).toBe(true);
      expect(await pollUntil(() => processesMatching(`sleep ${t}`).length === 0, 3_000)).toBe(true);
    });
  }

  it('shows the conversation it continues with --continue', async () => {
    const box = sandbox();
    const server = await lugs.server([text('The answer is forty-two.'), text('Still forty-two.')]);
    const first = await runLug(['-p', 'what is the answer?'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(first.code).toBe(0);
    const s = lugs.screen();
    await s.startLug(server, box, { args: ['--continue'] });
    const shown = await s.waitFor(/The answer is forty-two\./);
    expect(shown).toContain('what is the answer?');
    await s.submit('and now?');
    await s.waitFor(/Still forty-two\./);
    expect(JSON.stringify(server.modelRequests()[1]!.body.messages)).toContain('The answer is forty-two.');
  });

  it('takes the tour with lug --tutor, keys sent as a new user would', async () => {
    const box = sandbox();
    const s = lugs.screen();
    s.start([process.execPath, LUG_BIN, '--tutor'], { cwd: box.project, env: { PATH: process.env.PATH, HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state } });
    await s.waitFor(/lug tutor/);
    // The tour brings its own model: no "no model" notice, even after the local-server probe's 200 ms.
    await new Promise((r) => setTimeout(r, 500));
    expect(s.capture()).not.toMatch(/No model is configured/);
    await s.submit('start');
    await s.waitFor(/edit wants to change/, 15_000);
    s.type('y');
    await s.waitFor(/2 more waiting/, 15_000);
    s.type('A');
    await s.waitFor(/Lesson 5/, 15_000);
    s.send('BTab');
    await s.waitFor(/AUTO/);
    await s.submit('go on');
    await s.waitFor(/That's the tour\./, 15_000);
    execFileSync('true');
  });
});

/** :mcp shows the servers as they are now: ask again until the server is ready. */
async function mcpReady(s: TmuxScreen): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await s.submit(':mcp');
    try {
      return await s.waitFor(/proj: ready/, 3000);
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}

describe.skipIf(!hasTmux())("a project's MCP server in a real terminal", () => {
  it('asks once before it starts, and a second lug in the project does not ask again', async () => {
    const misbehaving = join(REPO_ROOT, 'packages/mcp/src/test-support/misbehaving-server.mjs');
    const mcpJson = JSON.stringify({ mcpServers: { proj: { command: process.execPath, args: [misbehaving] } } });
    const { box, server, screen: s } = await startLug([], { files: { '.mcp.json': mcpJson } });
    await s.waitFor(/configures the MCP server "proj"/, 30_000);
    s.type('y');
    await mcpReady(s);
    s.kill();
    const again = lugs.screen();
    await again.startLug(server, box, { env: { CI: 'true' } });
    const shown = await mcpReady(again);
    expect(shown).not.toMatch(/configures the MCP server/);
  }, 120_000);
});
