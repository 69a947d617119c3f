/** The module-boundary check (tools/check-boundaries.mjs) passes on the repo and fails when an arrow goes up. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../../tools/check-boundaries.mjs', import.meta.url));

function check(root?: string) {
  return spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, ...(root ? { LUG_BOUNDARY_ROOT: root } : {}) }, encoding: 'utf8' });
}

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'lug-bounds-'));
  for (const dir of ['packages', 'packages/providers', 'plugins']) mkdirSync(join(root, dir), { recursive: true });
  const pkg = (dir: string, name: string) => {
    mkdirSync(join(root, dir, 'src'), { recursive: true });
    writeFileSync(join(root, dir, 'package.json'), JSON.stringify({ name }));
  };
  pkg('packages/core', '@lug/core');
  pkg('packages/tools', '@lug/tools');
  pkg('packages/tui', '@lug/tui');
  pkg('plugins/read', '@lug/plugin-read');
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  return root;
}

describe('the module-boundary check', () => {
  it('passes on this repository', () => {
    const r = check();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('fails when core imports another package of ours', () => {
    const r = check(tree({ 'packages/core/src/a.ts': "import { x } from '@lug/tools';\n" }));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('packages/core/src/a.ts: @lug/core imports @lug/tools');
  });

  it('fails when core imports React, ink or fengari', () => {
    const r = check(tree({ 'packages/core/src/a.ts': "const ink = await import('ink');\n" }));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('@lug/core must not import ink');
  });

  it("fails when a package reaches into another's src/", () => {
    const r = check(tree({ 'packages/tui/src/a.ts': "import { y } from '../../tools/src/walker.js';\n" }));
    expect(r.stderr).toMatch(/another package's source/);
    expect(r.status).toBe(1);
  });

  it('fails when a plugin imports the interface', () => {
    const r = check(tree({ 'plugins/read/src/a.ts': "import { App } from '@lug/tui';\n" }));
    expect(r.stderr).toContain('@lug/plugin-read imports @lug/tui');
    expect(r.status).toBe(1);
  });

  it('passes an arrow that goes down', () => {
    const r = check(tree({ 'plugins/read/src/a.ts': "import { defineTool } from '@lug/tools';\n", 'packages/tools/src/b.ts': "export * from '@lug/core';\n" }));
    expect(r.status).toBe(0);
  });
});
