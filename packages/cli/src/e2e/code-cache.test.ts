// The binary runs its bundles from V8 code caches (startup/start.ts): the
// first run writes them, the next runs take them (a cache V8 rejects would be
// written again as the run exits), and a broken one costs nothing but time.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the V8 code caches of lug -p', () => {
  it('are written by the first run, taken by the next, and replaced when broken', async () => {
    const box = sandbox();
    server = await startScriptedServer([text('one'), text('two'), text('three')]);
    const env = lugEnv(server, 'anthropic', box);
    const cacheDir = join(box.home, '.cache', 'lug', 'v8');
    const caches = () => Object.fromEntries(readdirSync(cacheDir).map((f) => [f.replace(/-[0-9a-f]{16}\.v8cache$/, ''), join(cacheDir, f)]));

    const first = await runLug(['-p', 'hi'], { cwd: box.project, env });
    expect(first.stdout).toBe('one\n');
    // The interface's bundle, the shared packages' copies (startup/shared-bundles.ts), the SDK's, which this
    // run loaded for its request, and fengari's (the Lua bridge's bundle, run by start.ts's loader).
    expect(Object.keys(caches()).sort()).toEqual(['anthropic-sdk', 'approvals', 'core', 'fengari', 'lua-bridge', 'lug', 'tools']);
    const written = Object.fromEntries(Object.entries(caches()).map(([name, file]) => [name, statSync(file).mtimeMs]));

    const second = await runLug(['-p', 'hi'], { cwd: box.project, env });
    expect(second.stdout).toBe('two\n');
    for (const [name, file] of Object.entries(caches())) expect(statSync(file).mtimeMs, name).toBe(written[name]);

    writeFileSync(caches().lug!, 'not a code cache');
    const third = await runLug(['-p', 'hi'], { cwd: box.project, env });
    expect(third.code).toBe(0);
    expect(third.stdout).toBe('three\n');
    expect(readFileSync(caches().lug!, 'latin1')).not.toBe('not a code cache');
  });
});
