/**
 * lug.agent: subagents defined from Lua (`lug.agent.define`), listed, and run
 * (`lug.agent.run`, which waits for the subagent's final answer). The core's
 * runSubagent does the work; the stock workflow lua/workflows/agents.lua
 * offers the defined agents to the model through its `task` tool.
 */
import { runSubagent, type SubagentSpec } from '@lug/core';
import type { LuaState } from '../fengari.js';
import { pushFunctions, pushRemover, type ApiContext } from './api-context.js';
import { is, signature } from './validate.js';

const AGENT_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

const DEFINE = signature('lug.agent.define', [
  ['name', is.string.that((s) => AGENT_NAME.test(s), 'an agent name: letters, digits, _ and -, starting with a letter (like "explore")')],
  [
    'spec',
    is.fields({
      description: is.string.that((s) => s.trim().length > 0, 'a non-empty string (when the model should hand this agent a job)'),
      tools: is.listOf(is.string).optional(),
      prompt: is.string.optional(),
      model: is.string.that((s) => s.includes('/'), 'a model as "provider/model", like "anthropic/claude-haiku-4-5"').optional(),
    }),
  ],
]);
const LIST = signature('lug.agent.list', []);
const RUN = signature('lug.agent.run', [
  ['name', is.string],
  ['prompt', is.string],
  // The handler's call ({ tool, id, cwd }): the interface nests the subagent under that call.
  ['call', is.fields({ id: is.string.optional(), tool: is.string.optional(), cwd: is.string.optional() }).optional({})],
]);

/** An agent as defined, with where it was defined. */
export interface AgentDefinition extends SubagentSpec {
  description: string;
  source: string;
}

/** The agents each Lua state defined, by name (a later definition of a name replaces the earlier one). */
const definitions = new WeakMap<ApiContext['vm'], Map<string, AgentDefinition>>();

export function agentsOf(ctx: ApiContext): Map<string, AgentDefinition> {
  let map = definitions.get(ctx.vm);
  if (!map) definitions.set(ctx.vm, (map = new Map()));
  return map;
}

function listed(agent: AgentDefinition): Record<string, unknown> {
  return {
    name: agent.name,
    description: agent.description,
    ...(agent.tools ? { tools: [...agent.tools] } : {}),
    ...(agent.prompt !== undefined ? { prompt: agent.prompt } : {}),
    ...(agent.model ? { model: agent.model } : {}),
    source: agent.source,
  };
}

export function pushAgentApi(ctx: ApiContext, L: LuaState): void {
  const { vm } = ctx;
  const agents = agentsOf(ctx);
  const run = vm.asyncFn('lug.agent.run', async (Ls, call) => {
    const [name, prompt, parent] = RUN.read(vm, Ls);
    const agent = agents.get(name);
    if (!agent) {
      const known = [...agents.keys()].sort().join(', ') || 'none is defined';
      return [null, `no agent named "${name}"; the agents are: ${known}`];
    }
    const signal = call.signal ?? new AbortController().signal;
    // Without a list of tools: every tool but the one running it, so a subagent does not start subagents.
    const spec: SubagentSpec = agent.tools || !parent.tool ? agent : { ...agent, tools: ctx.host.tools.names().filter((t) => t !== parent.tool) };
    try {
      const result = await runSubagent(ctx.host, spec, prompt, { signal, ...(parent.id ? { parentCallId: parent.id } : {}) });
      if (result.reason === 'done') return [result.text];
      if (result.reason === 'cancelled') return [null, `the agent ${result.agent.label} was cancelled`];
      return [null, `the agent ${result.agent.label} stopped (${result.reason}): ${result.error ?? 'no reason given'}${result.text ? `; its last words: ${result.text}` : ''}`];
    } catch (err) {
      return [null, (err as Error).message];
    }
  });
  pushFunctions(vm, L, 'lug.agent', {
    define: (Ls) => {
      const [name, spec] = DEFINE.read(vm, Ls);
      const definition: AgentDefinition = {
        name,
        description: spec.description,
        ...(spec.tools ? { tools: spec.tools } : {}),
        ...(spec.prompt !== undefined ? { prompt: spec.prompt } : {}),
        ...(spec.model ? { model: spec.model } : {}),
        source: vm.where(Ls),
      };
      agents.set(name, definition);
      pushRemover(vm, Ls, ctx.track(() => {
        if (agents.get(name) === definition) agents.delete(name);
      }));
      return 1;
    },
    list: (Ls) => {
      LIST.read(vm, Ls);
      vm.pushJs(Ls, [...agents.values()].sort((a, b) => a.name.localeCompare(b.name)).map(listed));
      return 1;
    },
    run: (Ls) => run(Ls),
  });
}
