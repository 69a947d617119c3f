/**
 * Compaction headless, through the real binary and both wires: a context
 * overflow from the server is answered by one compaction and the request
 * made again, and --continue afterwards sends the compacted conversation
 * while the session file keeps every message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { httpError, startScriptedServer, text, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox, type Wire } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const FIRST = 'Fix the parser. Never touch vendor/.';
const TOO_LONG: Record<Wire, string> = {
  anthropic: 'prompt is too long: 210000 tokens > 200000 maximum',
  openai: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.",
};

describe.each<Wire>(['anthropic', 'openai'])('compaction headless over the %s wire', (wire) => {
  it('an overflow compacts once and the request is made again; --continue then sends the summary, and the file keeps everything', async () => {
    const box = sandbox();
    server = await startScriptedServer([
      text('first answer'),
      httpError(400, { message: TOO_LONG[wire] }),
      text('## Goal\nFix the parser.'),
      text('second answer'),
      text('third answer'),
    ]);
    const env = lugEnv(server, wire, box);
    expect((await runLug(['-p', FIRST], { cwd: box.project, env })).code).toBe(0);
    const second = await runLug(['-p', 'now the tests', '--continue'], { cwd: box.project, env });
    expect(second.stderr).toMatch(/lug: compacted 2 older messages into a summary \(overflow/);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('second answer\n');

    const third = await runLug(['-p', 'and the docs', '--continue'], { cwd: box.project, env });
    expect(third.code).toBe(0);
    const sent = JSON.stringify(server.modelRequests()[4]!.body.messages);
    expect(sent).toContain('## Goal\\nFix the parser.');
    expect(sent).toContain(FIRST); // the user's words, verbatim, in the summary
    expect(sent).not.toContain('first answer');

    const dir = join(box.state, 'lug', 'sessions');
    const [file] = readdirSync(dir);
    const records = readFileSync(join(dir, file!), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const kept = records.filter((r) => r.type === 'message').map((r) => (r.message.role === 'user' ? r.message.content : r.message.content?.[0]?.text));
    expect(kept).toEqual([FIRST, 'first answer', 'now the tests', 'second answer', 'and the docs', 'third answer']);
    expect(records.filter((r) => r.type === 'compaction')).toHaveLength(1);
  }, 60_000);
});
