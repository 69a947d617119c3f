/**
 * The session stand-in the app tests drive: it takes prompts, emits a turn's
 * start and end as the core's Session does, and leaves what happens in the
 * turn to the test (which replays a recorded turn, test-support/recorded.ts).
 * It follows the TuiSession contract in ../contracts.ts.
 */
import type { LugHost, Usage } from '@lug/core';
import type { TuiSession, TurnResult } from '../contracts.js';

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
