/**
 * A conversation with the model in the project directory: the history, the
 * session file, the running turn and its AbortController. `submit` runs one
 * user prompt through the agent loop.
 */
import { runAgentLoop, type LoopEnd } from './agent-loop.js';
import { hostSchedulerDeps } from './scheduler.js';
import type { LugHost } from './host.js';
import { emptyUsage, type ImagePart, type Message, type Usage } from './messages.js';
import type { ModelPricing } from './pricing.js';
import { overBudget, SessionSpend, type SpendAdded } from './session-spend.js';
import { defaultModel, NO_MODEL_MESSAGE, ProviderError, type ModelInfo, type Provider, type ThinkingLevel } from './provider.js';
import { newSessionId } from './session-store.js';
import { SessionFile } from './session-file.js';
import { TurnInProgressError, type PromptPoint, type SessionOptions, type SubmitOptions, type TurnResult } from './session-types.js';
import { buildSystemPrompt, renderSections } from './system-prompt.js';
import type { StateValue } from './session-state.js';
import type { Compaction } from './compaction-record.js';
import type { ConversationContext, ContextMeasure } from './conversation-context.js';
import { ContextKeeper, type ContextReport, type ModelRun } from './context-keeper.js';
import { turnStarts } from './tool-output-clearing.js';
import { promptStates, restoreState } from './state-rewind.js';
import { writeForkedFile } from './session-fork.js';
import { subagentsOf, type StoredSubagent } from './subagent-record.js';
import { ModelFacts } from './model-facts.js';
import type { Hydrate } from './hollow-messages.js';

export type { ContextReport, ModelRun } from './context-keeper.js';
export { endOfLifePassed, MODEL_INFO_TIMEOUT_MS } from './model-facts.js';
export { TurnInProgressError, type PromptPoint, type SessionOptions, type SubmitOptions, type TurnResult } from './session-types.js';

export class Session {
  id: string;
  running = false;
  /** Its tokens and cost: the host's (subagents add theirs) when it owns the host's state, else its own. */
  private readonly spend: SessionSpend;
  /** What each model's provider knows of it, its price, its deprecation said once. */
  private readonly models: ModelFacts;
  private history: Message[];
  private controller: AbortController | undefined;
  private readonly file: SessionFile;
  private systemPrompt: string | undefined;
  /** Plugins' sections as the last request rendered them (host.prompt). */
  private sections: string | undefined;
  /** What of the history is sent, how much of the window it fills, and making room. */
  private keeper: ContextKeeper;
  private get context(): ConversationContext {
    return this.keeper.context;
  }
  /** Branches the session file holds. */
  private branchCount = 0;
  /** Fills in messages read back hollow (a resumed big session); none for a session made here. */
  private hydrate: Hydrate | undefined;
  /** Its subagents' conversations, kept beside the history and never sent (the interface shows them under their calls). */
  private subagentRuns: StoredSubagent[];
  /** Whether this session fills and saves host.state (it has a file, or was given a state). */
  private readonly ownsState: boolean;

  constructor(
    readonly host: LugHost,
    private opts: SessionOptions = {},
  ) {
    // A stored conversation goes on here only while no other running lug writes to it (session-claim.ts).
    if (opts.store && opts.id !== undefined) opts.store.claim(opts.id);
    this.models = new ModelFacts(host);
    // The conversation lug runs (one with a file) owns the host's plugin state; a session without a file (a test's, a helper's) leaves it alone.
    this.ownsState = opts.store !== undefined || opts.state !== undefined;
    this.file = new SessionFile({ store: opts.store, host, ownsState: this.ownsState, id: () => this.id, spent: () => ({ usage: this.usage, cost: this.cost }) }, opts.id !== undefined);
    this.keeper = new ContextKeeper({
      host: this.host,
      history: () => this.history,
      system: () => this.system(),
      freshSystem: () => void (this.systemPrompt = this.opts.systemPrompt),
      recordUsage: (u, pricing) => this.recordUsage(u, pricing),
      writeRecord: (line) => this.file.write(line),
    });
    this.id = opts.id ?? newSessionId();
    this.history = [...(opts.messages ?? [])];
    this.subagentRuns = [...(opts.subagents ?? [])];
    this.systemPrompt = opts.systemPrompt;
    this.context.restore(opts.compactions ?? (opts.compaction ? [opts.compaction] : []));
    this.branchCount = opts.branches ?? 0;
    this.hydrate = opts.hydrate;
    if (this.ownsState) {
      host.state.replace(opts.state ?? []);
      host.state.subscribe((change) => this.file.saveState(change));
    }
    this.spend = this.ownsState ? host.spend : new SessionSpend();
    this.spend.replace(opts.usage ?? emptyUsage(), opts.id !== undefined && opts.usage ? opts.cost : 0);
    this.spend.subscribe((added) => this.spent(added));
    // A subagent's conversation is kept beside the parent's, never in it: its file reads it back, no request sends it.
    host.events.on('subagent_end', ({ agent, reason, messages }) => {
      this.subagentRuns.push({ agent, reason, messages });
      if (this.ownsState) this.file.write({ type: 'subagent', agent, reason, messages });
    });
    host.events.emit('session_start', { sessionId: this.id, cwd: host.cwd, resumed: opts.id !== undefined });
  }

  /** Every request's tokens so far, its subagents' included. */
  get usage(): Usage {
    return this.spend.usage;
  }

  /** The session's cost in US dollars so far, its subagents' included; undefined once a request was made to a model with no known price. */
  get cost(): number | undefined {
    return this.spend.cost;
  }

  get messages(): readonly Message[] {
    return this.history;
  }

  /** The subagents' conversations of this conversation, in the order they ended. */
  get subagents(): readonly StoredSubagent[] {
    return this.subagentRuns;
  }

  /** The model this session will use: the `model` option, else the default for the environment. */
  modelName(): string | undefined {
    return this.host.options.get<string | null>('model') ?? defaultModel(this.host.env);
  }

  /**
   * A message joins the conversation and its file. The file is made with the
   * model's first answer, not before: a run that never reached a model (no
   * server, a refused key) leaves no session behind to --continue.
   */
  private append(message: Message): void {
    this.history.push(message);
    this.reportContext();
    const creates = this.file.message(message);
    // The answer's usage came before it.
    if (creates && (this.usage.inputTokens || this.usage.outputTokens)) this.file.saveUsage();
  }

  /** The system prompt of the next request: built once, and again after a compaction (AGENTS.md as it is now); plugins' sections as they are at each request. */
  private system(): string {
    return (this.systemPrompt ??= buildSystemPrompt({ cwd: this.host.cwd, tools: this.host.tools.names() })) + (this.sections ??= renderSections(this.host.prompt.render()));
  }

  /** The system prompt a request sends: plugins' sections rendered again (once a request; measuring the context reuses them). */
  private requestSystem(): string {
    this.sections = undefined;
    return this.system();
  }

  /** The messages the next request sends: after the compaction, its summary in front, old tool output stubbed. */
  messagesToSend(): Message[] {
    return this.context.messages(this.history);
  }

  private recordUsage(usage: Usage, pricing: ModelPricing | undefined): void {
    this.spend.add(usage, pricing);
  }

  /** A request of this session or of one of its subagents was counted: said, and kept in the file. */
  private spent({ usage, requestCost, agent }: SpendAdded): void {
    const { cost } = this;
    this.host.events.emit('usage', { usage, total: this.usage, ...(cost !== undefined ? { cost } : {}), ...(requestCost !== undefined ? { requestCost } : {}), ...(agent ? { agent } : {}) });
    if (this.file.created) this.file.saveUsage();
  }

  /** What the model's provider knows of it, asked once per model (model-facts.ts). */
  modelInfo(modelName: string, provider: Provider, model: string, signal?: AbortSignal): Promise<ModelInfo | undefined> {
    return this.models.info(modelName, provider, model, signal);
  }

  /** The price of a model's tokens: lug.opt.prices first, then the provider's table. */
  pricingOf(modelName: string, info: ModelInfo | undefined): ModelPricing | undefined {
    return this.models.pricing(modelName, info);
  }

  /** Run one prompt to the end of the model's answer. */
  async submit(prompt: string, options: SubmitOptions = {}): Promise<TurnResult> {
    if (this.running) throw new TurnInProgressError('a turn is already running; cancel it first');
    this.running = true;
    const controller = (this.controller = new AbortController());
    const { host } = this;
    host.events.emit('turn_start', { prompt });
    let end: TurnResult;
    try {
      // Hooks that must see the turn before it runs (the files' checkpoint); they cannot throw.
      if (host.hooks.has('before_turn')) await host.hooks.run('before_turn', { prompt, turn: this.rewindPoints().length + 1, sessionId: this.id }, (input) => input);
      end = await this.runLoop(prompt, options.images ?? [], controller.signal);
    } catch (err) {
      const message = err instanceof ProviderError ? err.message : `${(err as Error)?.message ?? String(err)}`;
      end = { reason: 'error', text: '', error: message };
    } finally {
      this.running = false;
      this.controller = undefined;
    }
    if (end.reason === 'error') host.events.emit('error', { message: end.error! });
    // max_turns has its own notice in each front end.
    else if ('message' in end && end.message && end.reason !== 'max_turns') host.events.emit('notify', { message: end.message, level: 'warn' });
    host.events.emit('turn_end', { reason: end.reason, text: end.text });
    return end;
  }

  /** The model of the next request, resolved, with what its provider knows of it. */
  private async resolveModel(signal?: AbortSignal): Promise<ModelRun> {
    const modelName = this.modelName();
    if (!modelName) throw new ProviderError(NO_MODEL_MESSAGE, 'config');
    const { provider, model } = await this.host.providers.resolve(modelName, this.host.env);
    const info = await this.modelInfo(modelName, provider, model, signal);
    return { modelName, provider, model, info, pricing: this.pricingOf(modelName, info) };
  }

  private async runLoop(prompt: string, images: ImagePart[], signal: AbortSignal): Promise<LoopEnd> {
    const { host } = this;
    const run = await this.resolveModel(signal);
    const { modelName, provider, model, info, pricing } = run;
    this.models.announceDeprecation(modelName, info);
    // Checked before the prompt joins the conversation, so nothing is sent and the history stays as it was.
    if (images.length && info?.images === false) {
      throw new ProviderError(`${modelName} does not accept images; choose a model that does (--model, lug.opt.model), or send the prompt without them`, 'config');
    }
    this.keeper.windowOf(modelName, info);
    this.append({ role: 'user', content: prompt, ...(images.length ? { images } : {}) });
    return runAgentLoop({
      provider,
      model,
      modelName,
      system: () => this.requestSystem(),
      tools: () => host.tools.specs(),
      maxTurns: host.options.get<number>('max_turns'),
      maxTokens: host.options.get<number>('max_tokens'),
      thinking: host.options.get<ThinkingLevel>('thinking'),
      stopBeforeRequest: () => overBudget(host.options.get<number | null>('max_cost'), this.spend, modelName, pricing),
      prepareRequest: (s) => this.keeper.makeRoom(run, s),
      recoverOverflow: (s) => this.keeper.recoverOverflow(run, s),
      scheduler: () => hostSchedulerDeps(host),
      hooks: host.hooks,
      events: host.events,
      signal,
      history: () => this.messagesToSend(),
      append: (m) => this.append(m),
      addUsage: (u) => {
        // The request counted everything sent; what is appended from now on is estimated until the next one.
        this.context.counted(u.inputTokens + (u.cacheReadTokens ?? 0) + (u.cacheWriteTokens ?? 0), this.history.length);
        this.recordUsage(u, pricing);
        this.reportContext();
      },
    });
  }

  private reportContext(): ContextMeasure {
    return this.keeper.report();
  }

  /** How full the window is, and with what (`:context`). */
  contextReport(): Promise<ContextReport> {
    return this.keeper.contextReport(this.modelName(), () => this.resolveModel());
  }

  /** Compact now (`:compact [focus]`), between turns. */
  async compact(focus?: string): Promise<Compaction> {
    if (this.running) throw new TurnInProgressError('a turn is running; compact once it ends (or cancel it first)');
    this.running = true;
    const controller = (this.controller = new AbortController());
    try {
      const run = await this.resolveModel(controller.signal);
      return await this.keeper.compact(run, 'command', focus?.trim() || undefined, controller.signal);
    } finally {
      this.running = false;
      this.controller = undefined;
    }
  }

  /** The prompts of the conversation, oldest first (`:rewind` lists them). */
  rewindPoints(): PromptPoint[] {
    return turnStarts(this.history).map((index, i) => {
      const m = this.history[index]!;
      return { turn: i + 1, index, text: m.role === 'user' ? m.content : '' };
    });
  }

  /**
   * Take the conversation back to before its `turn`-th prompt (`:rewind`):
   * that prompt and all after it stay in the session file as a branch, which
   * `:resume` lists. Returns the prompt (to edit and send again) and the
   * branch's number.
   */
  rewind(turn: number): { prompt: PromptPoint; branch: number } {
    if (this.running) throw new TurnInProgressError('a turn is running; rewind once it ends (or cancel it first)');
    const prompts = this.rewindPoints();
    const prompt = prompts[turn - 1];
    if (!prompt) throw new RangeError(prompts.length ? `there is no prompt ${turn}: this conversation has prompts 1 to ${prompts.length}` : 'this conversation has no prompt to rewind to');
    const branch = ++this.branchCount;
    // Read before the rewind record is written: the state the prompt found, from the file.
    const store = this.ownsState && this.file.created ? this.opts.store : undefined;
    const state = store && promptStates(store, this.id)(prompt.index);
    this.file.write({ type: 'rewind', to: prompt.index, turn, branch, created: new Date().toISOString() });
    const sentFrom = this.context.start;
    this.history = this.history.slice(0, prompt.index);
    this.subagentRuns = subagentsOf(this.subagentRuns, this.history);
    this.context.rewindTo(prompt.index);
    // Messages that were behind the dropped compaction are sent again: whole.
    if (this.context.start < sentFrom) this.hydrate?.(this.history, this.context.start, sentFrom);
    this.reportContext();
    if (state) for (const line of restoreState(this.host.state, state)) this.file.write(line);
    this.host.events.emit('rewind', { sessionId: this.id, turn, branch });
    return { prompt, branch };
  }

  /**
   * Go on in a new session from here (`:fork`): a new file holds the
   * conversation so far (its compactions too), and the old one is kept as it
   * is. Returns the old session's id.
   */
  fork(): string {
    if (this.running) throw new TurnInProgressError('a turn is running; fork once it ends (or cancel it first)');
    const from = this.id;
    this.id = newSessionId();
    this.branchCount = 0;
    const store = this.opts.store;
    const written = store !== undefined && this.history.length > 0;
    if (written) {
      const messages = this.history.map((message) => {
        const one = [message];
        this.hydrate?.(one, 0, 1);
        return one[0]!;
      });
      const own = this.ownsState;
      writeForkedFile(store, this.id, from, { cwd: this.host.cwd, messages, stateAt: own ? promptStates(store, from) : () => undefined, state: own ? this.host.state.entries() : [], compactions: this.context.all(), subagents: this.subagentRuns, usage: this.usage, cost: this.cost });
    }
    this.file.startOver(written);
    store?.release(from);
    this.host.events.emit('session_start', { sessionId: this.id, cwd: this.host.cwd, resumed: true });
    return from;
  }

  /** Cancel the running turn, if any. */
  cancel(): void {
    this.controller?.abort();
  }

  /** Start a new conversation (`:clear`): a new id and file, empty history, and a system prompt built again (today's date, AGENTS.md as it is now). */
  reset(): void {
    this.cancel();
    this.opts.store?.release(this.id);
    this.systemPrompt = this.opts.systemPrompt;
    this.id = newSessionId();
    this.history = [];
    this.subagentRuns = [];
    this.context.forget();
    this.branchCount = 0;
    this.hydrate = undefined;
    this.spend.replace(emptyUsage(), 0);
    this.file.startOver(false);
    if (this.ownsState) this.host.state.replace([]);
    this.host.events.emit('session_start', { sessionId: this.id, cwd: this.host.cwd, resumed: false });
  }

  /** Switch to a stored conversation (`:resume`); its system prompt is built again, as at start-up. */
  resume(id: string, messages: Message[], usage: Usage = emptyUsage(), cost?: number, compactions?: Compaction | readonly Compaction[], branches = 0, hydrate?: Hydrate, state: readonly [string, StateValue][] = [], subagents: readonly StoredSubagent[] = []): void {
    // Claimed before anything changes: a session another lug writes to is refused, and this one goes on as it was.
    if (id !== this.id) this.opts.store?.claim(id);
    this.cancel();
    if (id !== this.id) this.opts.store?.release(this.id);
    this.systemPrompt = this.opts.systemPrompt;
    this.id = id;
    this.history = [...messages];
    this.subagentRuns = [...subagents];
    this.context.restore(compactions === undefined ? [] : Array.isArray(compactions) ? compactions : [compactions as Compaction]);
    this.branchCount = branches;
    this.hydrate = hydrate;
    this.spend.replace(usage, cost);
    this.file.startOver(true);
    if (this.ownsState) this.host.state.replace(state);
    this.host.events.emit('session_start', { sessionId: id, cwd: this.host.cwd, resumed: true });
  }
}
