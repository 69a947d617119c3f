/**
 * The test the user's page promises: the tools lug offers the model are the
 * page's, word for word — descriptions, arguments, types, bounds, required
 * flags, defaults — and each asks by default exactly when the page says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, toolsOf, turn, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';
import { readToolsPage, SPEC_PAGE, TOOLS_PAGE } from './tools-page.js';

const page = readToolsPage();
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
    it('is offered with the page description', () => {
      const sent = offered.find((t) => t.name === tool.name);
      expect(sent, `${tool.name} is not offered`).toBeDefined();
      expect(sent!.description).toBe(tool.description);
    });

    it('has exactly the page arguments, with their types, bounds, required flags, defaults and descriptions', () => {
      const schema = offered.find((t) => t.name === tool.name)!.parameters as any;
      expect(schema.type).toBe('object');
      expect(Object.keys(schema.properties).sort()).toEqual(tool.arguments.map((a) => a.name).sort());
      for (const arg of tool.arguments) {
        const p = schema.properties[arg.name];
        expect({ arg: arg.name, type: p.type, minimum: p.minimum, maximum: p.maximum, default: p.default, description: p.description }).toEqual({
          arg: arg.name,
          type: arg.type,
          minimum: arg.minimum,
          maximum: arg.maximum,
          default: arg.default,
          description: arg.description,
        });
        expect({ arg: arg.name, required: (schema.required ?? []).includes(arg.name) }).toEqual({ arg: arg.name, required: arg.required });
      }
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
