/** The conversation from Lua through the real binary: a system prompt section (lug.prompt.add) and a prompt sent as if typed (lug.session.send) in lug -p. */
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const lastUser = (body: { messages: Array<{ role: string; content: unknown }> }) => JSON.stringify(body.messages.filter((m) => m.role === 'user').at(-1));

describe('the conversation from Lua, headless', () => {
  it('a section added with lug.prompt.add ends the system prompt, under its name', async () => {
    const box = sandbox('lug.prompt.add("house-style", "Answer in British English.")');
    server = await startScriptedServer([text('ok')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(JSON.stringify(server.modelRequests()[0]!.body.system)).toContain('# house-style\\n\\nAnswer in British English.');
  });

  it('a prompt sent from a hook runs after the turn, as the next turn of the same conversation', async () => {
    const box = sandbox('local sent = false\nlug.on("turn_end", function() if not sent then sent = true lug.session.send("and now the tests") end end)');
    server = await startScriptedServer([text('first answer'), text('second answer')]);
    const r = await runLug(['-p', 'fix it'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    expect(server.modelRequests()).toHaveLength(2);
    expect(lastUser(server.modelRequests()[1]!.body)).toContain('and now the tests');
    expect(JSON.stringify(server.modelRequests()[1]!.body.messages)).toContain('first answer');
    expect(r.stdout).toContain('second answer');
  });

  it('a hook that sends at every turn\'s end is stopped after 50 prompts, with the reason', async () => {
    const box = sandbox('lug.on("turn_end", function() lug.session.send("again") end)');
    server = await startScriptedServer(Array.from({ length: 52 }, () => text('ok')));
    const r = await runLug(['-p', 'go'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('lug.session.send sent more than 50 prompts in one lug -p run');
  });
});
