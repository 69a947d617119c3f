/** docs/workflows.md shows each workflow's own code: every Lua excerpt under a workflow's heading is a piece of its file. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STOCK_WORKFLOWS } from './workflow-test-support.js';

const PAGE = path.resolve(STOCK_WORKFLOWS, '../../docs/workflows.md');

/** The page's `## name: …` sections, each with its ```lua excerpts. */
function excerpts(): Array<[string, string[]]> {
  const text = fs.readFileSync(PAGE, 'utf8');
  return text
    .split(/^## /m)
    .slice(1)
    .flatMap((section) => {
      const name = /^(\w+):/.exec(section)?.[1];
      if (!name || !fs.existsSync(path.join(STOCK_WORKFLOWS, `${name}.lua`))) return [];
      return [[name, [...section.matchAll(/```lua\n([\s\S]*?)```/g)].map((m) => m[1]!)] as [string, string[]]];
    });
}

describe('the workflows page', () => {
  it('has a section for every stock workflow', () => {
    const stock = fs.readdirSync(STOCK_WORKFLOWS).filter((f) => f.endsWith('.lua')).map((f) => f.slice(0, -4));
    const documented = excerpts().map(([name]) => name);
    for (const name of ['todo', 'plan', 'prompts', 'skills']) expect(documented).toContain(name);
    for (const name of documented) expect(stock).toContain(name);
  });

  it.each(excerpts())('shows %s\'s own code', (name, blocks) => {
    const file = fs.readFileSync(path.join(STOCK_WORKFLOWS, `${name}.lua`), 'utf8');
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(file).toContain(block);
  });
});
