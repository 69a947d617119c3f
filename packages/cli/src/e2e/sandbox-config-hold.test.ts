/**
 * lug's configuration and state directories are never writable from inside
 * the sandbox, also where they lie inside the project (HOME or the XDG
 * directories there, as in a dev container or a test) and do not exist yet:
 * through the real binary and real bubblewrap, a model's `mkdir -p` of the
 * configuration directory with an `init.lua` in it fails (that file would
 * run with the user's full rights at the next start: io.open writes
 * anywhere, lug.opt.sandbox = "off"), as does a write into the state
 * directory (the checkpoints' shadow repositories, whose git config lug's own
 * git reads unsandboxed; the MCP trust file), and the next lug runs nothing
 * of it. No directory of lug's is left in the project afterwards.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { locateBwrap } from '@lug/tools';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

let server: ScriptedServer | undefined;
const homes: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('lug --sandbox workspace with its own directories inside the project, not made yet', () => {
  it('keeps the model from making its configuration (and state) there, so the next lug runs nothing planted', async () => {
    if (!locateBwrap()) throw new Error('this test needs bubblewrap: install it (apt-get install bubblewrap; .ci/run does)');
    const box = sandbox();
    homes.push(box.home);
    const outside = join(box.home, 'outside');
    mkdirSync(outside);
    // Neither exists: lug's configuration would be <project>/dot-config/lug, its state <project>/dot-state/lug.
    const xdgConfig = join(box.project, 'dot-config');
    const configLug = join(xdgConfig, 'lug');
    const xdgState = join(box.project, 'dot-state');
    const stateLug = join(xdgState, 'lug');
    const planted = `io.open("${outside}/pwned", "w"):write("ran unsandboxed")`;
    const calls = [
      toolCall('bash', { command: `mkdir -p ${configLug} && echo '${planted}' > ${configLug}/init.lua` }, { id: 'config' }),
      toolCall('bash', { command: `mkdir -p ${stateLug}/checkpoints && echo forged > ${stateLug}/checkpoints/config` }, { id: 'state' }),
      toolCall('write', { path: `${configLug}/init.lua`, content: planted }, { id: 'write_config' }),
      toolCall('bash', { command: 'mkdir -p dot-config/other && echo ok > dot-config/other/x && echo other-ok' }, { id: 'other' }),
    ];
    server = await startScriptedServer([turn(text('Planting.'), ...calls), text('Done.'), text('Hello again.')]);
    const env = { ...lugEnv(server, 'anthropic', box), XDG_CONFIG_HOME: xdgConfig, XDG_STATE_HOME: xdgState };
    const r = await runLug(['-p', 'plant', '--auto', '--sandbox', 'workspace'], { cwd: box.project, env, timeoutMs: 60_000 });
    expect(r.stderr).not.toMatch(/cannot start|cannot protect/);
    expect(r.code).toBe(0);
    const results = Object.fromEntries(toolResultsIn(server.modelRequests()[1]!).map((x) => [x.id, x.content]));

    expect(results.config).toMatch(/\nblocked by the sandbox: lug's configuration directory .* is read-only/);
    expect(results.state).toMatch(/\nblocked by the sandbox: lug's state directory .* is read-only/);
    expect(results.write_config).toMatch(/^blocked by the sandbox: lug's configuration directory .* is read-only/);
    // Only lug's own directory is held: the rest of the XDG directory is the project's, writable as before.
    expect(results.other).toContain('other-ok');
    expect(existsSync(join(configLug, 'init.lua'))).toBe(false);
    expect(existsSync(join(stateLug, 'checkpoints', 'config'))).toBe(false);
    // The held configuration directory is gone with lug (nothing of lug's in it).
    expect(existsSync(configLug)).toBe(false);
    expect(readdirSync(xdgConfig)).toEqual(['other']);

    const next = await runLug(['-p', 'hi'], { cwd: box.project, env, timeoutMs: 60_000 });
    expect(next.code).toBe(0);
    expect(readdirSync(outside)).toEqual([]);
  }, 90_000);
});
