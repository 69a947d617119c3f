/**
 * SIGTERM and SIGHUP (a supervisor stopping lug, its terminal closed) while
 * the first answer streams: the prompt and the answer so far are saved, as
 * Ctrl-C saves them, and `lug --continue` sends both; lug still ends by the
 * signal. Before, the session file was never made (it is made with the first
 * whole answer), and the session id stream-json had printed could not be
 * resumed. The same in the interface and under an editor (`lug --acp`).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cut, pollUntil, processRunning, text } from '@lug/testing';
import { LUG_BIN, lugEnv, runLug, sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';
import { startEditor } from './acp-client.js';

const lugs = lugsInTmux();

/** What the model was sent in a request, as text. */
const sent = (body: unknown) => JSON.stringify((body as { messages: unknown }).messages);

describe('a signal while the first answer streams', () => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`lug -p saves the prompt and the answer so far at ${signal}, then ends by it`, async () => {
      const box = sandbox();
      const server = await lugs.server([cut(text('Partial answ'), { holdMs: 30_000 }), text('Went on.')]);
      const env = lugEnv(server, 'anthropic', box);
      const child = spawn(process.execPath, [LUG_BIN, '-p', 'the first prompt', '--output-format', 'stream-json'], { cwd: box.project, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, sig) => resolve({ code, signal: sig })));
      expect(await pollUntil(() => out.includes('answ'), 20_000)).toBe(true);
      child.kill(signal);
      expect(await ended).toEqual({ code: null, signal });
      // stream-json's reader was told the turn's end, as at Ctrl-C.
      expect(out).toContain('{"type":"turn_end","reason":"cancelled","text":"Partial answ"}');

      const next = await runLug(['-p', 'go on', '--continue'], { cwd: box.project, env });
      expect(next.code).toBe(0);
      expect(next.stdout).toContain('Went on.');
      expect(sent(server.modelRequests()[1]!.body)).toMatch(/the first prompt.*Partial answ.*go on/);
    });
  }
});

describe.skipIf(!hasTmux())('a signal while the first answer streams in the interface', () => {
  for (const ending of ['SIGHUP', 'the terminal closed'] as const) {
    it(`saves the prompt and the answer so far when ${ending === 'SIGHUP' ? 'sent SIGHUP' : 'its terminal is closed'}`, async () => {
      const box = sandbox();
      const { server, screen: s } = await lugs.start([cut(text('Partial answ'), { holdMs: 30_000 }), text('Went on.')], box);
      await s.submit('the first prompt');
      await s.waitFor(/Partial answ/);
      const pid = s.panePid();
      if (ending === 'SIGHUP') process.kill(pid, 'SIGHUP');
      else s.kill();
      expect(await pollUntil(() => !processRunning(pid), 10_000)).toBe(true);

      const next = await runLug(['-p', 'go on', '--continue'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
      expect(next.code).toBe(0);
      expect(sent(server.modelRequests()[1]!.body)).toMatch(/the first prompt.*Partial answ.*go on/);
    });
  }
});

describe('a signal while the first answer streams to an editor', () => {
  it('lug --acp saves the prompt and the answer so far at SIGTERM, then ends by it', async () => {
    const box = sandbox();
    const server = await lugs.server([cut(text('Partial answ'), { holdMs: 30_000 }), text('Went on.')]);
    const env = lugEnv(server, 'anthropic', box);
    const e = await startEditor({ cwd: box.project, env });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => e.child.on('close', (code, sig) => resolve({ code, signal: sig })));
    const { sessionId } = await e.agent.request('session/new', { cwd: box.project, mcpServers: [] });
    void e.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'the first prompt' }] }).catch(() => undefined);
    await e.waitForUpdate((u) => u.sessionUpdate === 'agent_message_chunk' && JSON.stringify(u).includes('answ'));
    e.child.kill('SIGTERM');
    expect(await ended).toEqual({ code: null, signal: 'SIGTERM' });

    const next = await runLug(['-p', 'go on', '--continue'], { cwd: box.project, env });
    expect(next.code).toBe(0);
    expect(sent(server.modelRequests()[1]!.body)).toMatch(/the first prompt.*Partial answ.*go on/);
  });
});
