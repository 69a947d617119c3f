/**
 * One ACP session: a composed lug (host, approvals, Lua, conversation) whose
 * events reach the editor as updates, whose approvals and confirms the editor
 * answers, and whose turns the editor starts and cancels.
 */
import { RequestError, type AgentContext, type PromptRequest, type PromptResponse, type SessionModeState, type SessionUpdate, type StopReason } from '@agentclientprotocol/sdk';
import type { TurnEndReason } from '@lug/core';
import { forwardEvents, messageChunk, noticeText, type ForwardedEvents } from './event-updates.js';
import { approvalModeOf, modeState } from './modes.js';
import { serveApprovals, serveConfirms, type PermissionParts } from './permissions.js';
import { promptOf, PromptContentError } from './prompt-blocks.js';
import type { AcpLug } from './types.js';
import { UpdateQueue } from './update-queue.js';

/** How each way a lug turn ends is told to the editor (the words, where there are any, came as a notice). */
const STOP_REASONS: Record<TurnEndReason, StopReason | 'error'> = {
  done: 'end_turn',
  cancelled: 'cancelled',
  max_turns: 'max_turn_requests',
  max_tokens: 'max_tokens',
  context_window: 'max_tokens',
  refusal: 'refusal',
  content_filter: 'refusal',
  max_cost: 'end_turn',
  hook: 'end_turn',
  error: 'error',
};

export class AcpSession {
  readonly id: string;
  private readonly queue: UpdateQueue;
  private readonly events: ForwardedEvents;
  private readonly stops: Array<() => void> = [];
  private readonly closing = new AbortController();
  private closed = false;
  /** The running prompt's answer, settled or not: what a prompt sent after session/cancel waits for. */
  private answering: Promise<void> = Promise.resolve();
  /** session/cancel came for the running turn. */
  private cancelled = false;

  constructor(
    readonly lug: AcpLug,
    client: AgentContext,
    private readonly log: (message: string) => void,
  ) {
    this.id = lug.session.id;
    this.queue = new UpdateQueue((update) => client.notify('session/update', { sessionId: this.id, update }), log);
    this.events = forwardEvents(lug.host, this.queue, this.closing.signal);
    const parts: PermissionParts = {
      sessionId: this.id,
      request: (params, signal) => client.request('session/request_permission', params, { cancellationSignal: signal, stopWaitingOnCancel: true }),
      updatesSent: () => this.queue.flush(),
      diffOf: (callId) => this.events.diffOf(callId),
      log,
    };
    this.stops.push(serveApprovals(lug.approvals.queue, parts));
    if (lug.host.ui.interactive) this.stops.push(serveConfirms(lug.host.ui.confirms, parts));
  }

  /** Queue updates (a replayed conversation) for the editor; resolves once they are sent. */
  send(updates: SessionUpdate[]): Promise<void> {
    for (const update of updates) this.queue.push(update);
    return this.queue.flush();
  }

  /** Tell the editor lug's notices, each a line of the agent's message. */
  tell(notices: Array<{ message: string; level?: 'info' | 'warn' | 'error' }>): Promise<void> {
    return this.send(notices.map((n) => messageChunk(noticeText(n.message, n.level))));
  }

  modes(): SessionModeState {
    return modeState(this.lug.approvals.mode(), this.lug.host.modes);
  }

  /** An approval mode (lifting a plugin's mode that was on), or a plugin's mode (the approval mode stays as it is). */
  async setMode(modeId: string): Promise<void> {
    const { host, approvals } = this.lug;
    if (host.modes.has(modeId)) return await this.switch(() => host.modes.set(modeId, true));
    let mode;
    try {
      mode = approvalModeOf(modeId, host.modes);
    } catch (err) {
      throw RequestError.invalidParams({ modeId }, (err as Error).message);
    }
    await this.switch(() => host.modes.clear());
    if (mode !== approvals.mode()) host.options.set('approval', mode);
  }

  /** A plugin's mode that fails to switch is the request's error, with its reason. */
  private async switch(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      throw RequestError.internalError({ sessionId: this.id }, (err as Error)?.message ?? String(err));
    }
  }

  async prompt(params: PromptRequest): Promise<PromptResponse> {
    let prompt;
    try {
      prompt = promptOf(params.prompt);
    } catch (err) {
      if (err instanceof PromptContentError) throw RequestError.invalidParams({ sessionId: this.id }, err.message);
      throw err;
    }
    if (!prompt.text && !prompt.images.length) throw RequestError.invalidParams({ sessionId: this.id }, 'the prompt is empty: send at least one text block');
    // An editor may send its next prompt right after session/cancel, before the cancelled one has answered: it waits for that answer.
    // The SDK may hand the prompt over before the session/cancel sent ahead of it: that cancel is let in first.
    if (this.lug.session.running && !this.cancelled) await new Promise((resolve) => setImmediate(resolve));
    if (this.lug.session.running && this.cancelled) await this.answering;
    if (this.lug.session.running) throw RequestError.invalidRequest({ sessionId: this.id }, 'a prompt is already running in this session; send session/cancel first, or wait for its response');
    this.cancelled = false;
    const answer = this.answer(prompt);
    this.answering = answer.then(
      () => {},
      () => {},
    );
    return await answer;
  }

  /** Run the prompt's turn; its response once every update of it is sent. */
  private async answer(prompt: ReturnType<typeof promptOf>): Promise<PromptResponse> {
    const { session, host } = this.lug;
    const end = await session.submit(prompt.text, { images: prompt.images });
    if (end.reason === 'max_turns') await this.tell([{ message: `stopped after ${host.options.get('max_turns')} model requests (option max_turns)`, level: 'warn' }]);
    await this.queue.flush();
    const stop = STOP_REASONS[end.reason];
    if (stop === 'error') throw RequestError.internalError({ sessionId: this.id }, end.error ?? 'the turn failed');
    return { stopReason: stop };
  }

  /** session/cancel: Esc's semantics, one signal for the turn (its request, its calls, its waiting approvals). */
  cancel(): void {
    if (this.lug.session.running) this.cancelled = true;
    this.lug.session.cancel();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.lug.session.cancel();
    for (const stop of this.stops) stop();
    this.closing.abort();
    this.events.unsubscribe();
    try {
      this.lug.approvals.dispose();
      await this.lug.close?.();
    } catch (err) {
      this.log(`closing session ${this.id}: ${(err as Error)?.message ?? String(err)}`);
    }
  }
}
