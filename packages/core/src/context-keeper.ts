/**
 * A session's context, kept: how full the window is (the `context` event),
 * old tool output stubbed past lug.opt.clear_tool_output_at, compaction past
 * lug.opt.compact_at, on an overflow and on `:compact`, and what `:context`
 * shows. The session owns the history and the file; this reads the one and
 * writes records to the other through its deps.
 */
import { breakdownContext, type ContextBreakdown } from './context-breakdown.js';
import { contextWindowOf, type ContextWindow } from './context-window.js';
import type { Compaction, CompactionReason } from './compaction-record.js';
import { compactConversation, NothingToCompact } from './compaction.js';
import { ConversationContext, summaryMessage, type ContextMeasure } from './conversation-context.js';
import type { LugHost } from './host.js';
import type { Message, Usage } from './messages.js';
import type { ModelPricing } from './pricing.js';
import type { ModelInfo, Provider } from './provider.js';
import type { SessionLine } from './session-records.js';
import { keptPartStart, turnStarts } from './tool-output-clearing.js';
import { messageTokens } from './token-estimate.js';

/** The model a turn talks to, resolved once per turn. */
export interface ModelRun {
  modelName: string;
  provider: Provider;
  model: string;
  info: ModelInfo | undefined;
  pricing: ModelPricing | undefined;
}

/** What `:context` shows. */
export interface ContextReport extends ContextMeasure {
  model: string | undefined;
  window: ContextWindow;
  fraction: number;
  breakdown: ContextBreakdown;
  /** The compaction that stands: its summary, and how many messages of the history it replaces. */
  compaction?: { summary: string; replaced: number; reason: CompactionReason; by: 'model' | 'hook'; created: string; focus?: string };
  /** Messages of the history whose tool results are sent as stubs. */
  clearedBefore: number;
}

export interface ContextKeeperDeps {
  host: LugHost;
  history(): Message[];
  system(): string;
  /** Build the system prompt afresh for the next request (after a compaction). */
  freshSystem(): void;
  recordUsage(usage: Usage, pricing: ModelPricing | undefined): void;
  writeRecord(line: SessionLine): void;
}

export class ContextKeeper {
  readonly context = new ConversationContext();
  /** The window of the model last used (for the `context` event between turns). */
  private lastWindow: ContextWindow | undefined;

  constructor(private readonly deps: ContextKeeperDeps) {}

  windowOf(modelName: string, info: ModelInfo | undefined): ContextWindow {
    return (this.lastWindow = contextWindowOf(modelName, info, this.deps.host.options.get<number | null>('context_window')));
  }

  measure(): ContextMeasure {
    return this.context.measure(this.deps.history(), this.deps.system(), this.deps.host.tools.specs());
  }

  /** Tell subscribers how full the window is (after a request, a message, a compaction). */
  report(): ContextMeasure {
    const measure = this.measure();
    const window = this.lastWindow;
    if (window) this.deps.host.events.emit('context', { ...measure, window: window.tokens, fraction: measure.used / window.tokens, source: window.source });
    return measure;
  }

  /**
   * Before a request: past lug.opt.clear_tool_output_at, send old tool output
   * as stubs; past lug.opt.compact_at, compact. A compaction that fails is
   * reported and the turn goes on (an overflow still compacts once).
   */
  async makeRoom(run: ModelRun, signal: AbortSignal): Promise<void> {
    const window = this.windowOf(run.modelName, run.info).tokens;
    const opt = this.deps.host.options;
    const keepTurns = opt.get<number>('keep_turns');
    const clearAt = opt.get<number | false>('clear_tool_output_at');
    let used = this.measure().used;
    if (clearAt !== false && used >= clearAt * window) {
      const before = keptPartStart(this.deps.history(), this.context.start, keepTurns);
      if (before !== undefined && this.context.clearBefore(before)) used = this.report().used;
    }
    const compactAt = opt.get<number | false>('compact_at');
    if (compactAt === false || used < compactAt * window) return;
    try {
      await this.compact(run, 'threshold', undefined, signal);
    } catch (err) {
      if (err instanceof NothingToCompact || signal.aborted) return;
      this.deps.host.events.emit('notify', { message: `compaction failed: ${(err as Error).message}; the turn goes on without it`, level: 'warn' });
    }
  }

  async recoverOverflow(run: ModelRun, signal: AbortSignal): Promise<boolean> {
    try {
      await this.compact(run, 'overflow', undefined, signal);
      return true;
    } catch (err) {
      // With nothing to compact the turn ends as it would have, saying so.
      if (!signal.aborted && !(err instanceof NothingToCompact)) this.deps.host.events.emit('notify', { message: `the conversation overflowed the context window and could not be compacted: ${(err as Error).message}`, level: 'warn' });
      return false;
    }
  }

  async compact(run: ModelRun, reason: CompactionReason, focus: string | undefined, signal: AbortSignal): Promise<Compaction> {
    const window = this.windowOf(run.modelName, run.info).tokens;
    const tokensBefore = this.measure().used;
    const from = this.context.start;
    const compaction = await compactConversation({
      provider: run.provider,
      model: run.model,
      history: this.deps.history(),
      previous: this.context.compaction,
      reason,
      focus,
      keepTurns: this.deps.host.options.get<number>('keep_turns'),
      window,
      tokens: tokensBefore,
      maxTokens: this.deps.host.options.get<number>('max_tokens'),
      hooks: this.deps.host.hooks,
      signal,
      addUsage: (u) => this.deps.recordUsage(u, run.pricing),
      started: (messages) => this.deps.host.events.emit('compaction_start', { reason, messages, tokens: tokensBefore, window, ...(focus ? { focus } : {}) }),
    });
    this.context.setCompaction(compaction);
    // Rebuilt fresh, never summarised: today's date, AGENTS.md as it is now.
    this.deps.freshSystem();
    compaction.tokensAfter = this.measure().used;
    this.deps.writeRecord({ type: 'compaction', compaction, kept: this.deps.history().length - compaction.keptFrom });
    this.deps.host.events.emit('after_compact', {
      reason,
      summary: compaction.summary,
      replaced: compaction.keptFrom - from,
      kept: this.deps.history().length - compaction.keptFrom,
      tokensBefore,
      tokensAfter: compaction.tokensAfter,
      by: compaction.by,
      ...(compaction.focus ? { focus: compaction.focus } : {}),
    });
    this.report();
    return compaction;
  }

  /** How full the window is, and with what (`:context`). */
  async contextReport(modelName: string | undefined, resolve: () => Promise<ModelRun>): Promise<ContextReport> {
    let window = this.lastWindow ?? contextWindowOf(modelName ?? '', undefined, this.deps.host.options.get<number | null>('context_window'));
    if (modelName) {
      try {
        const run = await resolve();
        window = this.windowOf(run.modelName, run.info);
      } catch {
        // No provider for it (no key): the window lug would assume is still worth showing.
      }
    }
    const measure = this.measure();
    const c = this.context.compaction;
    const sent = this.context.messages(this.deps.history());
    const summaryTokens = c ? messageTokens(summaryMessage(c, undefined)) : 0;
    const breakdown = breakdownContext({ system: this.deps.system(), tools: this.deps.host.tools.specs(), sent, turnsBefore: turnStarts(this.deps.history().slice(0, this.context.start)).length, summaryTokens });
    return {
      ...measure,
      model: modelName,
      window,
      fraction: measure.used / window.tokens,
      breakdown,
      clearedBefore: this.context.clearedBefore,
      ...(c ? { compaction: { summary: c.summary, replaced: c.keptFrom, reason: c.reason, by: c.by, created: c.created, ...(c.focus ? { focus: c.focus } : {}) } } : {}),
    };
  }
}
