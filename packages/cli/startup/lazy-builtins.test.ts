/**
 * What a start loads before its first request leaves `node:child_process` for
 * the first process lug starts (@lug/core's childProcess(), and fengari's
 * os.execute patched in packages/lua-bridge/src/fengari-patches.ts): the packages and
 * the fengari bundle, loaded in a fresh node, have not loaded it. Nor does a
 * headless run start Node's ES module loader, which its first tool call did.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startScriptedServer, text, toolCall, turn } from '@lug/testing';
import { describe, expect, it } from 'vitest';
import { lugEnv, runLug, sandbox, toolResultsIn } from '../src/e2e/run-lug.js';

const cliDir = fileURLToPath(new URL('..', import.meta.url));
const fengari = fileURLToPath(new URL('../../lua-bridge/dist/fengari.cjs', import.meta.url));

describe('node:child_process at start-up', () => {
  it('is not loaded by @lug/core, @lug/tools, @lug/checkpoints or the fengari bundle', () => {
    const script = `
      await import('@lug/core'); await import('@lug/tools'); await import('@lug/checkpoints');
      (await import('node:module')).createRequire(import.meta.url)(${JSON.stringify(fengari)});
      const loaded = process.moduleLoadList.filter((m) => m.includes('child_process'));
      (await import('@lug/core')).childProcess();
      const after = process.moduleLoadList.filter((m) => m.includes('child_process'));
      console.log(JSON.stringify({ loaded, after: after.length > 0 }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: cliDir, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ loaded: [], after: true });
  });
});

describe("Node's ES module loader in a headless run", () => {
  it('is not started by the first tool calls (ripgrep is found without importing @vscode/ripgrep, an ES module)', async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'notes.txt'), 'alpha\nbeta\n');
    // Written at exit: whether the loader that runs ES modules (its translators) was ever loaded.
    const probe = join(box.home, 'probe.cjs');
    const report = join(box.home, 'loaded.json');
    writeFileSync(probe, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(process.moduleLoadList.filter((m) => m.includes('esm/translators')))));\n`);
    const server = await startScriptedServer([turn(toolCall('grep', { pattern: 'beta' }, { id: 'g1' }), toolCall('ls', {}, { id: 'l1' })), text('done')]);
    try {
      const r = await runLug(['-p', 'look'], { cwd: box.project, env: { ...lugEnv(server, 'anthropic', box), NODE_OPTIONS: `--require ${JSON.stringify(probe)}` } });
      expect(r.code).toBe(0);
      expect(toolResultsIn(server.modelRequests()[1]!).map((x) => x.content)).toEqual(['notes.txt:2: beta', 'notes.txt']);
      expect(JSON.parse(readFileSync(report, 'utf8'))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
