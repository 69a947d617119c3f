/**
 * lug.opt.openai_compat through the real `lug -p`: a bad table is an error at
 * the line that set it (like every other option), not at the next request
 * (--auto refused so: openai-servers.test.ts).
 * The option's check is the provider's own (@lug/core's parseCompatTable).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const BAD_API = 'option openai_compat: openai_compat.api must be "responses", "chat", got "x"';

describe('lug.opt.openai_compat', () => {
  it('in policy mode the error is reported at start-up and the bad table is never kept: the request goes with the defaults', async () => {
    const box = sandbox(`lug.opt.openai_compat = { stream_usage = false }\nlug.opt.openai_compat = { api = "x" }\n`);
    server = await startScriptedServer([text('fine')]);
    const r = await runLug(['-p', 'go'], { cwd: box.project, env: lugEnv(server, 'openai', box) });
    expect(r.stderr).toContain(`init.lua:2: lug.opt: ${BAD_API}`);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('fine\n');
    // The table set on line 1 stays: stream_options is not sent.
    expect('stream_options' in server.modelRequests()[0]!.body).toBe(false);
  });
});
