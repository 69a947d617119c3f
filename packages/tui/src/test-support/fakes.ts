/**
 * Small in-memory stand-ins for the objects the CLI passes to the TUI: an
 * approval queue and approvals, a session that emits events like the core's,
 * and a process table. They follow the contracts in ../contracts.ts.
 */
import type { ApprovalMode, LugHost, Usage } from '@lug/core';
import type { ApprovalCall, ApprovalQueueView, DialogAnswer, PendingApproval, Preview, TuiApprovals, TuiSession, TurnResult } from '../contracts.js';

export class FakeQueue implements ApprovalQueueView {
  items: PendingApproval[] = [];
  answers: Array<{ id: string; answer: DialogAnswer }> = [];
  private listeners = new Set<() => void>();

  add(call: ApprovalCall, preview: Preview): void {
    this.items.push({ call, preview, since: Date.now() });
    this.changed();
  }
  current() {
    return this.items[0];
  }
  pending() {
    return [...this.items];
  }
  answer(callId: string, answer: DialogAnswer): void {
    this.answers.push({ id: callId, answer });
    this.items = this.items.filter((p) => p.call.id !== callId);
    this.changed();
  }
  onChange(fn: () => void) {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }
  private changed() {
    for (const fn of this.listeners) fn();
  }
}

export class FakeApprovals implements TuiApprovals {
  queue = new FakeQueue();
  private always = new Set<string>();
  private approvalMode: ApprovalMode = 'policy';
  private before: ApprovalMode = 'policy';
  constructor(private host?: LugHost) {}
  allowedAlways = {
    list: () => [...this.always].sort(),
    clear: () => this.always.clear(),
    add: (tool: string) => void this.always.add(tool),
  };
  mode() {
    return this.approvalMode;
  }
  isAuto() {
    return this.approvalMode === 'off';
  }
  toggleAuto() {
    const from = this.approvalMode;
    if (from === 'off') this.approvalMode = this.before === 'off' ? 'policy' : this.before;
    else {
      this.before = from;
      this.approvalMode = 'off';
    }
    this.host?.events.emit('mode_change', { from, to: this.approvalMode, auto: this.approvalMode === 'off' });
  }
}

/** A session whose turns are scripted by the test: `script` runs with the host to emit events. */
export class FakeSession implements TuiSession {
  id = 'session-1';
  messages = [];
  usage: Usage = { inputTokens: 0, outputTokens: 0 };
  running = false;
  prompts: string[] = [];
  cancelled = 0;
  resets = 0;
  model: string | undefined = 'anthropic/claude-sonnet-4-5';
  private finish: ((r: TurnResult) => void) | undefined;

  constructor(private host: LugHost, public script: (prompt: string, session: FakeSession) => void = () => undefined) {}

  submit(prompt: string): Promise<TurnResult> {
    this.prompts.push(prompt);
    this.running = true;
    this.host.events.emit('turn_start', { prompt });
    return new Promise((resolve) => {
      this.finish = resolve;
      this.script(prompt, this);
    });
  }
  /** End the running turn the way the loop does. */
  end(reason: TurnResult['reason'] = 'done', text = ''): void {
    if (!this.running) return;
    this.running = false;
    this.host.events.emit('turn_end', { reason, text });
    this.finish?.({ text, reason });
  }
  cancel(): void {
    this.cancelled++;
    this.end('cancelled');
  }
  reset(): void {
    this.resets++;
    this.id = `session-${this.resets + 1}`;
  }
  modelName() {
    return this.model;
  }
}
