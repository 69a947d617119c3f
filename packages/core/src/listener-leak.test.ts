/**
 * A long turn leaves no abort listener behind: 200 model requests from a
 * provider that, like the OpenAI SDK, adds a listener to every request's
 * signal and never removes it, and a batch of 50 concurrent tool calls whose
 * handlers listen too, with no MaxListenersExceededWarning.
 */
import { describe, expect, it } from 'vitest';
import { allowAll } from './authorizer.js';
import { createHost } from './host.js';
import type { ProviderEvent } from './provider.js';
import { Session } from './session.js';
import { scriptedProvider, type ProviderStep as ScriptStep } from '@lug/testing';
import type { Tool } from './tool.js';

const waiting: Tool = {
  name: 'wait',
  description: 'Wait a little, listening to the signal.',
  parameters: { type: 'object', properties: {} },
  async handler(_args, ctx) {
    ctx.signal.addEventListener('abort', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return 'ok';
  },
};

/** A step that, as the OpenAI SDK does, leaves a listener on the request's signal. */
function leaky(events: ProviderEvent[]): ScriptStep {
  return async function* (_req, signal) {
    signal.addEventListener('abort', () => undefined, { once: true });
    yield* events;
  };
}

const calls = (n: number, prefix: string): ProviderEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'tool_call' as const, id: `${prefix}${i}`, name: 'wait', argsText: '{}' }));

describe('abort listeners in a long turn', () => {
  it('stay bounded over 200 requests and 50 concurrent calls: no MaxListenersExceededWarning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const steps: ScriptStep[] = [leaky([...calls(50, 'batch'), { type: 'stop', reason: 'tool_use' }])];
      for (let i = 0; i < 198; i++) steps.push(leaky([...calls(1, `c${i}-`), { type: 'stop', reason: 'tool_use' }]));
      steps.push(leaky([{ type: 'text_delta', text: 'done' }, { type: 'stop', reason: 'end_turn' }]));
      const host = createHost({ cwd: '/tmp', env: {}, authorize: allowAll });
      const provider = scriptedProvider(steps);
      host.providers.register({ name: 'test', create: () => provider });
      host.options.set('model', 'test/m');
      host.options.set('max_turns', 1000);
      host.options.set('tool_concurrency', 50);
      host.tools.register(waiting, 'test');
      const errors: string[] = [];
      host.events.on('error', (e) => errors.push(e.message));
      const end = await new Session(host, { systemPrompt: 'S' }).submit('go');
      // A warning is emitted on the next tick after the listener that set it off.
      await new Promise((resolve) => setImmediate(resolve));
      expect(end).toEqual({ reason: 'done', text: 'done' });
      expect(provider.requests).toHaveLength(200);
      expect(errors).toEqual([]);
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  }, 30_000);
});
