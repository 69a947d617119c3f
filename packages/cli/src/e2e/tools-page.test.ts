/**
 * The test the user's page promises: the tools lug offers the model are the
 * page's, word for word — descriptions, arguments, types, bounds, required
 * flags, defaults — and each asks by default exactly when the page says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readToolsPage, startScriptedServer, text, toolCall, toolPageDifferences, toolsOf, turn, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

const TOOLS_PAGE = fileURLToPath(new URL('../../../../docs/tools.md', import.meta.url));
/** The user's original, where ../shared is laid beside the repository. */
const SPEC_PAGE = fileURLToPath(new URL('../../../../../shared/spec/tools.md', import.meta.url));

const page = readToolsPage(TOOLS_PAGE);
let server: ScriptedServer;
let offered: ReturnType<typeof toolsOf>;

beforeAll(async () => {
  server = await startScriptedServer([text('ok')]);
  const box = sandbox();
  const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
  expect(r.code).toBe(0);
  offered = toolsOf(server.modelRequests()[0]!);
});
afterAll(() => server.close());

describe("the user's Tools page", () => {
  it('is in the repo word for word', () => {
    if (!existsSync(SPEC_PAGE)) return; // only where ../shared is laid beside the repo
    expect(readFileSync(TOOLS_PAGE)).toEqual(readFileSync(SPEC_PAGE));
  });

  it('lists six tools, read by this test', () => {
    expect(page.map((t) => t.name)).toEqual(['read', 'write', 'edit', 'grep', 'ls', 'bash']);
  });

  describe.each(page.map((t) => [t.name, t] as const))('%s', (_, tool) => {
    it('is offered with exactly the page description, arguments, types, bounds, required flags, defaults and descriptions', () => {
      const sent = offered.find((t) => t.name === tool.name);
      expect(sent, `${tool.name} is not offered`).toBeDefined();
      expect(toolPageDifferences(sent!, page)).toEqual([]);
    });
  });

  it('asks by default exactly for the tools the page says', async () => {
    const box = sandbox();
    const args: Record<string, unknown> = {
      read: { path: 'missing.txt' },
      write: { path: 'w.txt', content: 'x' },
      edit: { path: 'e.txt', old_string: 'a', new_string: 'b' },
      grep: { pattern: 'x' },
      ls: {},
      bash: { command: 'true' },
    };
    const s = await startScriptedServer([turn(...page.map((t) => toolCall(t.name, args[t.name], { id: `id_${t.name}` }))), text('done')]);
    try {
      const r = await runLug(['-p', 'try every tool'], { cwd: box.project, env: lugEnv(s, 'openai', box) });
      expect(r.code).toBe(0);
      const results = toolResultsIn(s.modelRequests()[1]!);
      for (const t of page) {
        const result = results.find((x) => x.id === `id_${t.name}`)!;
        expect({ tool: t.name, asked: /needs approval/.test(result.content) }).toEqual({ tool: t.name, asked: t.asks });
      }
    } finally {
      await s.close();
    }
  });
});
