/**
 * A long session through the real binary and the official SDKs: 200 model
 * requests in one prompt, the first with 50 concurrent calls, and not one
 * MaxListenersExceededWarning (the OpenAI SDK leaves a listener on each
 * request's signal; lug gives each request and each call a signal of its own).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox, type Wire } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each<Wire>(['anthropic', 'openai'])('a 200-request session over the %s wire format', (wire) => {
  it('runs to the end with no listener warning', async () => {
    const box = sandbox('lug.opt.max_turns = 1000\nlug.opt.tool_concurrency = 50\n');
    writeFileSync(join(box.project, 'a.txt'), 'x\n');
    const concurrent = Array.from({ length: 50 }, (_, i) => toolCall('bash', { command: `sleep 0.2; echo ${i}` }, { id: `b${i}` }));
    const reads = Array.from({ length: 198 }, (_, i) => turn(toolCall('read', { path: 'a.txt' }, { id: `r${i}` })));
    server = await startScriptedServer([turn(...concurrent), ...reads, text('done')]);
    const r = await runLug(['-p', 'go', '--auto'], { cwd: box.project, env: { ...lugEnv(server, wire, box), NODE_OPTIONS: '--trace-warnings' }, timeoutMs: 120_000 });
    expect(r.stderr).not.toMatch(/MaxListenersExceededWarning|Warning:/);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('done\n');
    expect(server.modelRequests()).toHaveLength(200);
  }, 150_000);
});
