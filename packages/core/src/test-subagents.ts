/** What the subagent tests share: a host with a parent and a subagent provider, and a `task` tool as the workflow registers one. */
import { scriptedProvider, type ProviderStep } from '@lug/testing';
import { allowAll } from './authorizer.js';
import { createHost, type LugHost } from './host.js';
import type { ModelInfo } from './provider.js';
import { runSubagent, type SubagentSpec } from './subagent.js';
import type { Tool } from './tool.js';

export const echoTool: Tool<{ text: string }> = {
  name: 'echo',
  description: 'Echo the text.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  ask: false,
  handler: (a) => `echo: ${a.text}`,
};

/** A `task` tool running `spec` on its prompt: the subagent's answer, or its error as a failed result. */
export function subagentTask(host: LugHost, spec: SubagentSpec): Tool<{ prompt: string }> {
  return {
    name: 'task',
    description: 'Hand a job to a subagent.',
    parameters: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
    ask: false,
    async handler(a, ctx) {
      const r = await runSubagent(host, spec, a.prompt, { signal: ctx.signal, parentCallId: ctx.callId });
      return r.error ? { content: r.error, isError: true } : r.text;
    },
  };
}

/** A host whose model `test/m1` plays `parentSteps` and `small/s1` plays `childSteps`, with `tools` and a `task` tool running `spec`. */
export function hostWithSubagent(parentSteps: ProviderStep[], childSteps: ProviderStep[], spec: SubagentSpec, tools: Tool[], modelInfo?: ModelInfo) {
  const host = createHost({ cwd: '/project', env: {}, authorize: allowAll });
  const parent = scriptedProvider(parentSteps, modelInfo ? { modelInfo } : {});
  const child = scriptedProvider(childSteps, modelInfo ? { modelInfo } : {});
  host.providers.register({ name: 'test', create: () => parent });
  host.providers.register({ name: 'small', create: () => child });
  host.options.set('model', 'test/m1');
  for (const tool of tools) host.tools.register(tool, 'test');
  host.tools.register(subagentTask(host, spec), 'test');
  return { host, parent, child };
}
