/**
 * The interface loads the provider the first turn will use while the user
 * types (onFirstFrame's warmProvider): with no `model` option set, that is the
 * environment's default, as the session will pick it. It warmed nothing then,
 * so the first turn loaded the SDK itself (~65 ms). The tools get ready at
 * the same moment (core's warmTools), once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Provider } from '@lug/core';
import { parseCliArgs } from '../args.js';
import { composeLug, type Lug } from '../compose.js';
import { sandbox } from './run-lug.js';

let lug: Lug | undefined;
afterEach(() => {
  lug?.lua?.close();
  lug?.approvals.dispose();
  lug = undefined;
});

async function createdOnWarm(env: Record<string, string | undefined>, cliArgs: string[] = []): Promise<string[]> {
  const box = sandbox();
  lug = await composeLug({ cwd: box.project, env: { HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state, PATH: process.env.PATH, ...env }, args: parseCliArgs(cliArgs), interactive: true });
  // Nothing has asked for a provider yet: a factory put in the stock one's place sees the warm-up's request.
  const created: string[] = [];
  for (const name of lug.host.providers.names()) {
    lug.host.providers.register({ name, create: () => (created.push(name), {} as Provider) });
  }
  lug.warmProvider();
  await new Promise((r) => setTimeout(r, 0));
  return created;
}

describe('the interface warms the provider of its first turn', () => {
  it('the default one when no model is set', async () => {
    expect(await createdOnWarm({ ANTHROPIC_API_KEY: 'test-key' })).toEqual(['anthropic']);
    expect(lug!.session.modelName()).toMatch(/^anthropic\//);
  });

  it('the one --model names', async () => {
    expect(await createdOnWarm({ ANTHROPIC_API_KEY: 'test-key' }, ['--model', 'openai/gpt-5.6-sol'])).toEqual(['openai']);
  });

  it('none without a model', async () => {
    expect(await createdOnWarm({})).toEqual([]);
  });
});

describe('the interface gets the tools ready while the first prompt is typed', () => {
  it("runs each tool's warm once, with the project directory, and the first request warms nothing again", async () => {
    const box = sandbox();
    lug = await composeLug({ cwd: box.project, env: { HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state, PATH: process.env.PATH }, args: parseCliArgs([]), interactive: true });
    const warmed: string[] = [];
    lug.host.tools.register({ name: 'probe', description: 'probe', parameters: { type: 'object', properties: {} }, handler: () => '', warm: ({ cwd }) => void warmed.push(cwd) }, 'test');
    lug.warmProvider();
    lug.host.events.emit('request_start', { step: 1, model: 'm' });
    for (let i = 0; i < 4; i++) await new Promise((r) => setImmediate(r));
    expect(warmed).toEqual([box.project]);
  });

  it('leaves them to the first answer when a turn runs by then (the warm-up started as its request is made)', async () => {
    const box = sandbox();
    lug = await composeLug({ cwd: box.project, env: { HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state, PATH: process.env.PATH }, args: parseCliArgs([]), interactive: true });
    const warmed: string[] = [];
    lug.host.tools.register({ name: 'probe', description: 'probe', parameters: { type: 'object', properties: {} }, handler: () => '', warm: ({ cwd }) => void warmed.push(cwd) }, 'test');
    lug.warmProvider(() => true);
    for (let i = 0; i < 4; i++) await new Promise((r) => setImmediate(r));
    expect(warmed).toEqual([]);
    lug.host.events.emit('response_start', { step: 1 });
    for (let i = 0; i < 4; i++) await new Promise((r) => setImmediate(r));
    expect(warmed).toEqual([box.project]);
  });
});
