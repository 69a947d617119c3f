/** docs/architecture.md is the project's map: it must name every package there is, and every file it points to must exist. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, REPO_ROOT } from './markdown.js';

const PAGE = readFileSync(join(DOCS_DIR, 'architecture.md'), 'utf8');
const ROOTS = ['packages/', 'plugins/', 'tools/', 'lua/', 'docs/', 'examples/'];

interface WorkspacePackage {
  name: string;
  folder: string;
}

function workspacePackages(): WorkspacePackage[] {
  const globs: string[] = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).workspaces;
  const found: WorkspacePackage[] = [];
  for (const glob of globs) {
    const base = glob.replace(/\/\*$/, '');
    for (const entry of readdirSync(join(REPO_ROOT, base))) {
      const manifest = join(REPO_ROOT, base, entry, 'package.json');
      if (existsSync(manifest)) found.push({ name: JSON.parse(readFileSync(manifest, 'utf8')).name, folder: `${base}/${entry}` });
    }
  }
  return found;
}

/** The rows of the table under the heading `## The packages`, as [package, folder]. */
function packageRows(): string[][] {
  const section = PAGE.split(/^## /m).find((s) => s.startsWith('The packages'))!;
  return section
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) => l.split('|').slice(1, 3).map((c) => c.trim().replace(/^`|`$/g, '')));
}

/** Every path the page names in backticks: full paths, and and file names after a full path in the same line (read relative to its folder). */
function namedPaths(): string[] {
  const paths: string[] = [];
  for (const line of PAGE.split('\n')) {
    let dir: string | undefined;
    for (const m of line.matchAll(/`([^`\s]+)`/g)) {
      const token = m[1]!.replace(/[,.:;]$/, '');
      if (token.includes('<')) continue;
      if (ROOTS.some((r) => token.startsWith(r))) {
        paths.push(token);
        dir = token.endsWith('/') ? token : dirname(token);
      } else if (dir && /^[\w/.*-]+\.(ts|tsx|md|mjs)$/.test(token)) {
        paths.push(`${dir.replace(/\/$/, '')}/${token}`);
      }
    }
  }
  return paths;
}

function exists(path: string): boolean {
  if (!path.includes('*')) return existsSync(join(REPO_ROOT, path));
  const dir = dirname(path);
  const pattern = new RegExp(`^${path.slice(dir.length + 1).replace(/\./g, '\\.').replace(/\*/g, '.*')}$`);
  return existsSync(join(REPO_ROOT, dir)) && readdirSync(join(REPO_ROOT, dir)).some((f) => pattern.test(f));
}

describe('docs/architecture.md', () => {
  it('lists every workspace package with its folder, and no package that is gone', () => {
    const rows = packageRows();
    const packages = workspacePackages();
    expect(packages.length).toBeGreaterThan(10);
    const listed = rows.map(([name, folder]) => `${name} ${folder}`).sort();
    expect(listed).toEqual(packages.map((p) => `${p.name} ${p.folder}`).sort());
  });

  it('points only to files and folders that exist', () => {
    const paths = namedPaths();
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });

  it('draws every package that may import another in its arrows', () => {
    const drawing = PAGE.split(/^## The arrows/m)[1]!.split('```')[1]!;
    for (const name of ['@lug/core', '@lug/tools', '@lug/approvals', '@lug/lua-bridge', '@lug/tui', '@lug/testing']) {
      expect(drawing, `${name} is missing from the drawing`).toContain(name);
    }
  });
});
