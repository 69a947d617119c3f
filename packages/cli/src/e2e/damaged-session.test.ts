/**
 * Session files that a kill, a full disk or a hand cut short or filled with
 * lines of the wrong shape: the real binary continues what is whole, says
 * which lines it skipped, and refuses a broken header with what is wrong.
 */
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function sessionFile(box: ReturnType<typeof sandbox>): string {
  const dir = join(box.state, 'lug', 'sessions');
  const files = readdirSync(dir);
  expect(files).toHaveLength(1);
  return join(dir, files[0]!);
}

describe('a damaged session file, through the binary', () => {
  it('continues after a cut last line and lines of the wrong shape, with one notice naming the file and lines', async () => {
    const box = sandbox();
    server = await startScriptedServer([text('first answer'), text('second answer'), text('third answer')]);
    const env = lugEnv(server, 'anthropic', box);
    expect((await runLug(['-p', 'remember 42'], { cwd: box.project, env })).code).toBe(0);
    const file = sessionFile(box);
    appendFileSync(file, 'null\n42\n{"type":"message","message":{"role":"tool"}}\n{"type":"message","message":{"role":"robot","content":"x"}}\n');
    appendFileSync(file, '{"type":"message","message":{"role":"user","con'); // a kill in the middle of a line

    const second = await runLug(['-p', 'what number?', '--continue'], { cwd: box.project, env });
    expect(second.stderr).not.toMatch(/retrying|TypeError/);
    expect(second.code).toBe(0);
    const notices = second.stderr.split('\n').filter((l) => l.includes('not a valid record'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`lug: session ${file}: skipped 5 lines that are not a valid record: line 5 (a record must be an object, got null), line 6 (a record must be an object, got the number 42)`);
    expect(notices[0]).toMatch(/line 7 \(a tool message must have results .*line 8 .*role must be .*line 9 \(not valid JSON/);
    const sent = JSON.stringify(server.modelRequests()[1]!.body.messages);
    expect(sent).toContain('remember 42');
    expect(sent).toContain('first answer');

    // The prompt appended after the cut line was not glued onto it: the next load still has it.
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.some((l) => l.startsWith('{"type":"message","message":{"role":"user","content":"what number?"'))).toBe(true);
    const third = await runLug(['-p', 'again', '--continue'], { cwd: box.project, env });
    expect(third.code).toBe(0);
    expect(JSON.stringify(server.modelRequests()[2]!.body.messages)).toContain('what number?');
  });

  for (const [what, damage] of [
    ['cut', (h: string) => h.slice(0, 40)],
    ['null', () => 'null'],
    ['of the wrong shape', (h: string) => h.replace('"version":1', '"version":"one"')],
  ] as const) {
    it(`refuses --continue on a header that is ${what}, saying what is wrong (exit 1, no request)`, async () => {
      const box = sandbox();
      server = await startScriptedServer([text('first answer'), text('never sent')]);
      const env = lugEnv(server, 'openai', box);
      expect((await runLug(['-p', 'remember 42'], { cwd: box.project, env })).code).toBe(0);
      const file = sessionFile(box);
      const [header, ...rest] = readFileSync(file, 'utf8').split('\n');
      writeFileSync(file, [damage(header!), ...rest].join('\n'));
      const r = await runLug(['-p', 'what number?', '--continue'], { cwd: box.project, env });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`lug: ${file} cannot be continued: its first line is not a lug session header (`);
      expect(r.stderr).not.toMatch(/retrying|connection/);
      expect(server.modelRequests()).toHaveLength(1);
    });
  }
});
