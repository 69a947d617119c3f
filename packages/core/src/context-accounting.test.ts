/** Context accounting: the window each model has, how much of it the next request uses, and what fills it. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedProvider, text, toolCall, turn } from '@lug/testing';
import { allowAll } from './authorizer.js';
import { contextWindowOf } from './context-window.js';
import type { LugEvent } from './events.js';
import { createHost } from './host.js';
import type { ModelInfo } from './provider.js';
import { Session } from './session.js';
import { estimateTokens } from './token-estimate.js';
import type { Tool } from './tool.js';

const look: Tool<{ path: string }> = {
  name: 'look',
  description: 'Look at a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } } },
  ask: false,
  handler: (a) => (a.path === 'big.ts' ? 'b'.repeat(8_000) : 'small'),
};

function setup(steps: Parameters<typeof scriptedProvider>[0], modelInfo?: ModelInfo, files: Record<string, string> = {}) {
  const cwd = mkdtempSync(join(tmpdir(), 'lug-context-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(cwd, name), body);
  const host = createHost({ cwd, env: {}, authorize: allowAll });
  const provider = scriptedProvider(steps, modelInfo ? { modelInfo } : {});
  host.providers.register({ name: 'test', create: () => provider });
  host.options.set('model', 'test/m');
  host.tools.register(look, 'test');
  const events: LugEvent[] = [];
  host.events.onAny((e) => events.push(e));
  return { host, provider, events, session: new Session(host) };
}

describe("a model's context window", () => {
  it('is lug.opt.context_window first, then what the provider knows, then the table, then an assumed 128,000', () => {
    expect(contextWindowOf('anthropic/claude-x', { contextWindow: 1_000_000 }, 50_000)).toEqual({ tokens: 50_000, source: 'option' });
    expect(contextWindowOf('openai/qwen', { contextWindow: 32_768 }, null)).toEqual({ tokens: 32_768, source: 'provider' });
    expect(contextWindowOf('openai/gpt-5.6-sol', undefined, null)).toEqual({ tokens: 400_000, source: 'table' });
    expect(contextWindowOf('mystery/model', undefined, null)).toEqual({ tokens: 128_000, source: 'assumed' });
  });

  it('lug.opt.context_window refuses what is not a window', () => {
    const { host } = setup([]);
    expect(() => host.options.set('context_window', 12.5)).toThrow(/context_window must be an integer from 1000 to 100000000 \(tokens\), or nil/);
  });
});

describe('how much of the window the next request uses', () => {
  it("is the last request's input as the provider counted it, plus an estimate of what was added since", async () => {
    const { session, events } = setup(
      [
        [
          { type: 'tool_call', id: 'c1', name: 'look', argsText: '{"path":"big.ts"}' },
          { type: 'usage', usage: { inputTokens: 900, outputTokens: 5, cacheReadTokens: 100 } },
          { type: 'stop', reason: 'tool_use' },
        ],
        text('Seen.'),
      ],
      { contextWindow: 20_000 },
    );
    await session.submit('look at big.ts');
    const contexts = events.filter((e): e is Extract<LugEvent, { type: 'context' }> => e.type === 'context');
    // Right after the first request: 1,000 counted (cache reads included); then the call and its 8,000-character result are estimated on top.
    const afterResult = contexts.find((c) => !c.estimated && c.used > 2_900)!;
    expect(afterResult.used).toBeGreaterThanOrEqual(1_000 + estimateTokens('b'.repeat(8_000)));
    expect(afterResult).toMatchObject({ window: 20_000, source: 'provider', fraction: afterResult.used / 20_000 });
  });
});

describe(':context', () => {
  it('breaks the context down: system prompt, AGENTS.md, tools, messages, tool results, and the ten largest items with their turn', async () => {
    const { session } = setup(
      [turn(toolCall('look', { path: 'big.ts' })), text('Seen.'), turn(toolCall('look', { path: 'a.ts' })), text('Small.')],
      { contextWindow: 100_000 },
      { 'AGENTS.md': 'Always run the tests. '.repeat(40) },
    );
    await session.submit('look at big.ts');
    await session.submit('and a.ts');
    const report = await session.contextReport();
    expect(report.window).toEqual({ tokens: 100_000, source: 'provider' });
    const b = report.breakdown;
    expect(b.agentsMd).toBeGreaterThan(200);
    expect(b.systemPrompt).toBeGreaterThan(50);
    expect(b.tools).toBeGreaterThan(10);
    expect(b.toolResults).toBe(estimateTokens('b'.repeat(8_000)) + estimateTokens('small'));
    expect(b.largest[0]).toEqual({ what: 'result of look big.ts', turn: 1, tokens: 2_000 });
    expect(b.largest.find((i) => i.what === 'result of look a.ts')).toMatchObject({ turn: 2 });
    expect(b.largest.length).toBeLessThanOrEqual(10);
    expect(report.fraction).toBeCloseTo(report.used / 100_000);
  });
});
