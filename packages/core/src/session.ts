/**
 * A conversation with the model in the project directory: the history, the
 * session file, the running turn and its AbortController. `submit` runs one
 * user prompt through the agent loop.
 */
import { runAgentLoop, type LoopEnd } from './agent-loop.js';
import type { LugHost } from './host.js';
import { addUsage, emptyUsage, type Message, type Usage } from './messages.js';
import { defaultModel, NO_MODEL_MESSAGE, ProviderError } from './provider.js';
import type { SessionStore } from './session-store.js';
import { newSessionId } from './session-store.js';
import { buildSystemPrompt } from './system-prompt.js';

export interface SessionOptions {
  store?: SessionStore;
  /** Resume this session: its id and messages. */
  id?: string;
  messages?: Message[];
  usage?: Usage;
  systemPrompt?: string;
}

export type TurnResult = LoopEnd & { error?: string };

export class TurnInProgressError extends Error {
  override name = 'TurnInProgressError';
}

export class Session {
  id: string;
  usage: Usage;
  running = false;
  private history: Message[];
  private controller: AbortController | undefined;
  private fileCreated: boolean;
  private systemPrompt: string | undefined;

  constructor(
    readonly host: LugHost,
    private opts: SessionOptions = {},
  ) {
    this.id = opts.id ?? newSessionId();
    this.history = [...(opts.messages ?? [])];
    this.usage = opts.usage ?? emptyUsage();
    this.fileCreated = opts.id !== undefined;
    this.systemPrompt = opts.systemPrompt;
    host.events.emit('session_start', { sessionId: this.id, cwd: host.cwd, resumed: opts.id !== undefined });
  }

  get messages(): readonly Message[] {
    return this.history;
  }

  /** The model this session will use: the `model` option, else the default for the environment. */
  modelName(): string | undefined {
    return this.host.options.get<string | null>('model') ?? defaultModel(this.host.env);
  }

  private append(message: Message): void {
    this.history.push(message);
    const store = this.opts.store;
    if (!store) return;
    if (!this.fileCreated) {
      store.create(this.id, this.host.cwd);
      this.fileCreated = true;
    }
    store.append(this.id, { type: 'message', message });
  }

  private recordUsage(usage: Usage): void {
    this.usage = addUsage(this.usage, usage);
    this.host.events.emit('usage', { usage, total: this.usage });
    if (this.opts.store && this.fileCreated) this.opts.store.append(this.id, { type: 'usage', usage: this.usage });
  }

  /** Run one prompt to the end of the model's answer. */
  async submit(prompt: string): Promise<TurnResult> {
    if (this.running) throw new TurnInProgressError('a turn is already running; cancel it first');
    this.running = true;
    const controller = (this.controller = new AbortController());
    const { host } = this;
    host.events.emit('turn_start', { prompt });
    let end: TurnResult;
    try {
      this.append({ role: 'user', content: prompt });
      end = await this.runLoop(controller.signal);
    } catch (err) {
      const message = err instanceof ProviderError ? err.message : `${(err as Error)?.message ?? String(err)}`;
      end = { reason: 'error', text: '', error: message };
    } finally {
      this.running = false;
      this.controller = undefined;
    }
    if (end.reason === 'error') host.events.emit('error', { message: end.error! });
    host.events.emit('turn_end', { reason: end.reason, text: end.text });
    return end;
  }

  private async runLoop(signal: AbortSignal): Promise<LoopEnd> {
    const { host } = this;
    const modelName = this.modelName();
    if (!modelName) throw new ProviderError(NO_MODEL_MESSAGE, 'config');
    const { provider, model } = await host.providers.resolve(modelName, host.env);
    const system = (this.systemPrompt ??= buildSystemPrompt({ cwd: host.cwd }));
    return runAgentLoop({
      provider,
      model,
      modelName,
      system,
      tools: () => host.tools.specs(),
      maxTurns: host.options.get<number>('max_turns'),
      maxTokens: host.options.get<number>('max_tokens'),
      scheduler: () => ({
        tools: host.tools,
        events: host.events,
        locks: host.locks,
        limits: host.limits,
        cwd: host.cwd,
        concurrency: host.options.get<number>('tool_concurrency'),
        authorize: host.authorize,
      }),
      events: host.events,
      signal,
      history: () => this.history,
      append: (m) => this.append(m),
      addUsage: (u) => this.recordUsage(u),
    });
  }

  /** Cancel the running turn, if any. */
  cancel(): void {
    this.controller?.abort();
  }

  /** Start a new conversation (`:clear`): a new id and file, empty history, and a system prompt built again (today's date, AGENTS.md as it is now). */
  reset(): void {
    this.cancel();
    this.systemPrompt = this.opts.systemPrompt;
    this.id = newSessionId();
    this.history = [];
    this.usage = emptyUsage();
    this.fileCreated = false;
    this.host.events.emit('session_start', { sessionId: this.id, cwd: this.host.cwd, resumed: false });
  }

  /** Switch to a stored conversation (`:resume`); its system prompt is built again, as at start-up. */
  resume(id: string, messages: Message[], usage: Usage = emptyUsage()): void {
    this.cancel();
    this.systemPrompt = this.opts.systemPrompt;
    this.id = id;
    this.history = [...messages];
    this.usage = usage;
    this.fileCreated = true;
    this.host.events.emit('session_start', { sessionId: id, cwd: this.host.cwd, resumed: true });
  }
}
