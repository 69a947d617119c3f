/**
 * Subagents: a self-contained job handed to a separate conversation that
 * shares the host (its approvals, path locks, limits, providers) but has its
 * own history, a chosen subset of the host's tools (a ToolView), optionally
 * another model, and gives back only its final answer. Its events reach the
 * host wrapped in `subagent_event` with its AgentRef, so an interface or a
 * log never takes them for the parent's; its calls are authorised by the
 * host's guard with the AgentRef on the request (the dialog names it). The
 * caller's signal is the child's: cancelling the parent call cancels it.
 */
import { runAgentLoop } from './agent-loop.js';
import { hostSchedulerDeps } from './scheduler.js';
import type { Authorizer } from './authorizer.js';
import { EventBus, type AgentRef, type TurnEndReason } from './events.js';
import type { LugHost } from './host.js';
import { addUsage, emptyUsage, type Message, type Usage } from './messages.js';
import { ModelFacts } from './model-facts.js';
import { costOf } from './pricing.js';
import { overBudget } from './session-spend.js';
import { defaultModel, NO_MODEL_MESSAGE, ProviderError, type ThinkingLevel } from './provider.js';
import { buildSystemPrompt } from './system-prompt.js';
import { ToolView } from './tool-view.js';

/** What an agent is: lug.agent.define(name, { description, tools, prompt, model }). */
export interface SubagentSpec {
  name: string;
  description?: string;
  /** Its instructions, after lug's own system prompt. */
  prompt?: string;
  /** The host tools it may use, by name; undefined: every tool of the host. */
  tools?: readonly string[];
  /** The model it talks to ("anthropic/claude-haiku-4-5"); undefined: the session's (lug.opt.model). */
  model?: string;
}

export interface SubagentRunOptions {
  /** The parent call's signal: aborting it cancels the subagent and its calls. */
  signal: AbortSignal;
  /** The parent conversation's call that started it (the interface nests the subagent under it). */
  parentCallId?: string;
}

export interface SubagentResult {
  agent: AgentRef;
  reason: TurnEndReason;
  /** Its final answer (the text of its last answer that had text). */
  text: string;
  /** Why it stopped, when it did not finish (an error, the turn limit, the output cap). */
  error?: string;
  usage: Usage;
  /** What its requests cost in US dollars (they count in the session's cost too); absent when its model's price is not known. */
  cost?: number;
}

export class SubagentError extends Error {
  override name = 'SubagentError';
}

const AGENT_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

/** What each host's subagents know of their models (asked once per model, as the session does). */
const facts = new WeakMap<LugHost, ModelFacts>();

function factsOf(host: LugHost): ModelFacts {
  let known = facts.get(host);
  if (!known) facts.set(host, (known = new ModelFacts(host)));
  return known;
}

/** How many subagents each host has started, per agent name (labels and ids are numbered from it). */
const started = new WeakMap<LugHost, Map<string, number>>();

function newAgentRef(host: LugHost, name: string, parentCallId: string | undefined): AgentRef {
  let counts = started.get(host);
  if (!counts) started.set(host, (counts = new Map()));
  const n = (counts.get(name) ?? 0) + 1;
  counts.set(name, n);
  return { id: `${name}-${n}`, name, label: n === 1 ? name : `${name} #${n}`, ...(parentCallId ? { parentCallId } : {}) };
}

/** The tools of the host a spec names; an unknown name is an error listing the tools there are. */
function toolsOf(host: LugHost, spec: SubagentSpec): ToolView {
  if (spec.tools === undefined) return new ToolView(host.tools, () => true);
  const unknown = spec.tools.filter((t) => !host.tools.get(t));
  if (unknown.length) {
    throw new SubagentError(`the agent ${spec.name} names tools the host does not have: ${unknown.join(', ')}; the tools are: ${host.tools.names().join(', ')}`);
  }
  const allowed = new Set(spec.tools);
  return new ToolView(host.tools, (name) => allowed.has(name));
}

/** The subagent's system prompt: lug's, then who it is and that its last answer is all its caller gets, then its own instructions. */
export function subagentSystemPrompt(cwd: string, spec: SubagentSpec): string {
  const lines = [
    buildSystemPrompt({ cwd }),
    '',
    `# You are the subagent "${spec.name}"`,
    '',
    'Another agent handed you the job in the user message. Do it with the tools you have, then answer once, in full: your last message is all that agent will see of your work.',
  ];
  if (spec.prompt?.trim()) lines.push('', spec.prompt.trim());
  return lines.join('\n');
}

/** The host's guard, asked with the subagent named on each request (and its call id made unique among subagents). */
function guardFor(host: LugHost, agent: AgentRef): Authorizer {
  return (call, signal) => host.authorize({ ...call, id: `${agent.id}/${call.id}`, agent }, signal);
}

/** Run `prompt` as a subagent of `spec` to its final answer. Rejects only before it starts (an unknown tool, no model); after that every end is a result. */
export async function runSubagent(host: LugHost, spec: SubagentSpec, prompt: string, opts: SubagentRunOptions): Promise<SubagentResult> {
  if (!AGENT_NAME.test(spec.name)) throw new SubagentError(`agent name "${spec.name}" is not allowed: use letters, digits, _ and -, starting with a letter`);
  if (typeof prompt !== 'string' || !prompt.trim()) throw new SubagentError(`the job for the agent ${spec.name} is empty: say in the prompt what it should do and answer`);
  const tools = toolsOf(host, spec);
  const modelName = spec.model ?? host.options.get<string | null>('model') ?? defaultModel(host.env);
  if (!modelName) throw new ProviderError(NO_MODEL_MESSAGE, 'config');
  const { provider, model } = await host.providers.resolve(modelName, host.env);
  const pricing = factsOf(host).pricing(modelName, await factsOf(host).info(modelName, provider, model, opts.signal));
  const agent = newAgentRef(host, spec.name, opts.parentCallId);
  const events = new EventBus();
  events.onAny((event) => {
    host.events.emit('subagent_event', { agent, event });
    // Warnings and errors stay visible where the parent's are shown.
    if (event.type === 'notify') host.events.emit('notify', { message: `${agent.label}: ${event.message}`, level: event.level });
  });
  const history: Message[] = [{ role: 'user', content: prompt }];
  // Built once for the run: AGENTS.md is read when it starts, not at each of its requests.
  const system = subagentSystemPrompt(host.cwd, spec);
  const guard = guardFor(host, agent);
  let usage = emptyUsage();
  let cost: number | undefined = 0;
  const startedAt = Date.now();
  host.events.emit('subagent_start', { agent, prompt, tools: tools.names(), model: modelName });
  let result: SubagentResult;
  try {
    const end = await runAgentLoop({
      provider,
      model,
      modelName,
      system: () => system,
      tools: () => tools.specs(),
      maxTurns: host.options.get<number>('max_turns'),
      maxTokens: host.options.get<number>('max_tokens'),
      thinking: host.options.get<ThinkingLevel>('thinking'),
      // The host's hooks (tool_call, tool_result, before_request) hold for a subagent's calls and requests too.
      scheduler: () => hostSchedulerDeps(host, { tools, events, authorize: guard }),
      hooks: host.hooks,
      events,
      signal: opts.signal,
      // The session's limit holds its subagents: their requests count in host.spend with the parent's.
      stopBeforeRequest: () => overBudget(host.options.get<number | null>('max_cost'), host.spend, modelName, pricing, 'subagent'),
      history: () => history,
      append: (m) => void history.push(m),
      addUsage: (u) => {
        usage = addUsage(usage, u);
        const requestCost = pricing ? costOf(u, pricing) : undefined;
        cost = cost !== undefined && requestCost !== undefined ? cost + requestCost : undefined;
        events.emit('usage', { usage: u, total: usage, ...(cost !== undefined ? { cost, requestCost } : {}) });
        host.spend.add(u, pricing, agent);
      },
    });
    const error = end.reason === 'error' ? end.error : 'message' in end ? end.message : undefined;
    result = { agent, reason: end.reason, text: end.text, usage, ...(cost !== undefined ? { cost } : {}), ...(error ? { error } : {}) };
  } catch (err) {
    result = { agent, reason: 'error', text: '', usage, ...(cost !== undefined ? { cost } : {}), error: (err as Error)?.message ?? String(err) };
  }
  host.events.emit('subagent_end', { agent, reason: result.reason, text: result.text, usage, durationMs: Date.now() - startedAt, messages: history, ...(result.error ? { error: result.error } : {}) });
  return result;
}
