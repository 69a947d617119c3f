/**
 * The second use the design promises: a headless agent from parts. The parts
 * are packed and installed into an empty project with nothing else, and the
 * example runs there against the scripted model server.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, toolsOf, turn, type ScriptedServer } from '@lug/testing';
import { findInstalled, installTarballs, packPackages, REPO_ROOT } from './pack-install.js';
import { runNodeScript } from './run-lug.js';
import { toolResultsIn } from './run-lug.js';

const PARTS = ['packages/core', 'packages/tools', 'packages/approvals', 'plugins/read', 'plugins/grep', 'packages/providers/openai'];
const EXAMPLE = join(REPO_ROOT, 'examples/headless-agent/agent.mjs');

let project: string;
let tarballs: string[] = [];
let server: ScriptedServer | undefined;

beforeAll(() => {
  tarballs = packPackages(PARTS);
  project = installTarballs(tarballs);
  copyFileSync(EXAMPLE, join(project, 'agent.mjs'));
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(project, { recursive: true, force: true });
  if (tarballs[0]) rmSync(dirname(tarballs[0]), { recursive: true, force: true });
});

function repository(): string {
  const repo = mkdtempSync(join(tmpdir(), 'lug-repo-'));
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'src', 'config.ts'), 'export const retries = 3;\nexport const port = 8080;\n');
  writeFileSync(join(repo, 'README.md'), '# demo\n');
  return repo;
}

describe('the headless agent, installed from packed tarballs alone', () => {
  it('installs without React, ink or fengari', () => {
    expect(findInstalled(join(project, 'node_modules'), ['react', 'ink', 'fengari', '@lug/tui', '@lug/lua-bridge', 'lug'])).toEqual([]);
    for (const part of ['core', 'tools', 'approvals', 'plugin-read', 'plugin-grep', 'provider-openai']) {
      expect(existsSync(join(project, 'node_modules', '@lug', part, 'dist', 'index.js')), part).toBe(true);
    }
  });

  it('answers a question about a repository with grep and read, and keeps out of files outside it', async () => {
    const repo = repository();
    const state = mkdtempSync(join(tmpdir(), 'lug-state-'));
    server = await startScriptedServer([
      turn(text('Searching.'), toolCall('grep', { pattern: 'port =', glob: '*.ts' }, { id: 'g1' }), toolCall('read', { path: '/etc/hostname' }, { id: 'r0' })),
      turn(toolCall('read', { path: 'src/config.ts' }, { id: 'r1' })),
      text('The port is 8080, set in src/config.ts.'),
    ]);
    const env = { PATH: process.env.PATH, HOME: state, XDG_STATE_HOME: state, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.openaiBaseUrl };
    const r = await runNodeScript(join(project, 'agent.mjs'), [repo, 'Which port does the server use?'], { cwd: project, env });
    expect(r.stderr).not.toMatch(/agent: stopped|Error/);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Searching.The port is 8080, set in src/config.ts.\n');

    const requests = server.modelRequests();
    expect(requests).toHaveLength(3);
    expect(toolsOf(requests[0]!).map((t) => t.name)).toEqual(['read', 'grep']);
    expect(JSON.stringify(requests[0]!.body.messages)).toContain('Which port does the server use?');
    const [grep, outside] = toolResultsIn(requests[1]!);
    expect(grep!.content).toBe('src/config.ts:2: export const port = 8080;');
    expect(outside!.content).toMatch(/only files inside .* may be read/);
    expect(toolResultsIn(requests[2]!)[0]!.content).toBe('     1\texport const retries = 3;\n     2\texport const port = 8080;');
    expect(r.stderr).toMatch(/• read \{"path":"\/etc\/hostname"\} — denied/);
  });

  it('type-checks against the installed packages', () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          allowJs: true,
          checkJs: true,
          noEmit: true,
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2023'],
          types: ['node'],
          typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
          skipLibCheck: true,
        },
        files: ['agent.mjs'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: project, encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
