/** The manual as a whole: every page the design promises, links that lead somewhere, and the same pages shipped for :help. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, REPO_ROOT } from './markdown.js';

const PAGES = ['tools.md', 'approvals.md', 'configuration.md', 'keys.md', 'lua-api.md', 'plugins.md', 'providers.md'];
const SHIPPED = join(REPO_ROOT, 'packages/cli/docs');

function markdownFiles(): string[] {
  const files = readdirSync(DOCS_DIR).filter((f) => f.endsWith('.md')).map((f) => join(DOCS_DIR, f));
  for (const base of ['packages', 'packages/providers', 'plugins', 'examples']) {
    for (const name of readdirSync(join(REPO_ROOT, base))) {
      const readme = join(REPO_ROOT, base, name, 'README.md');
      if (existsSync(readme)) files.push(readme);
    }
  }
  return files;
}

describe('the manual', () => {
  it('has every page: tools, approvals, configuration, keys, lua-api, plugins, providers', () => {
    expect(PAGES.filter((p) => !existsSync(join(DOCS_DIR, p)))).toEqual([]);
  });

  it('links only to files that exist', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!.split('#')[0]!;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        if (!existsSync(join(dirname(file), decodeURI(target)))) broken.push(`${relative(REPO_ROOT, file)} → ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('ships with the binary, page for page, so :help shows the same text (rebuild the cli after editing docs/)', () => {
    for (const page of readdirSync(DOCS_DIR).filter((f) => f.endsWith('.md'))) {
      const shipped = join(SHIPPED, page);
      expect(existsSync(shipped), `packages/cli/docs/${page} is missing: run node scripts/copy-docs.mjs in packages/cli`).toBe(true);
      expect(readFileSync(shipped, 'utf8') === readFileSync(join(DOCS_DIR, page), 'utf8'), `packages/cli/docs/${page} differs from docs/${page}`).toBe(true);
    }
  });
});
