/**
 * An in-process Provider that answers each model request from a script and
 * records the requests: for tests of what sits above a provider (the core's
 * loop, the interface) and for `lug --tutor`, which needs a model but no
 * network. No wire is involved; the providers' wire formats are tested
 * against the scripted HTTP server (scripted-server.ts) instead.
 */
import { ProviderError, type ModelInfo, type ModelRequest, type Provider, type ProviderEvent } from '@lug/core';
import type { ReplyPart, TurnStep } from './scenario.js';

/**
 * One answer: exactly these events; a turn in the scenario language (its text
 * and tool calls as events, then usage and the stop reason); or a function
 * of the request, called when it comes, that streams whatever it likes (and
 * may throw) or returns the turn to play (an answer chosen by what happened
 * before it, as the tour's lessons are).
 */
export type ProviderStep =
  | ProviderEvent[]
  | TurnStep
  | ReplyPart
  | ((request: ModelRequest, signal: AbortSignal) => AsyncIterable<ProviderEvent> | TurnStep | ReplyPart);

export interface ScriptedProviderOptions {
  /** The provider's name. Default 'scripted'. */
  name?: string;
  /** Wait this long before each event (a turn's own `eventDelayMs` wins). Default 0. */
  eventDelayMs?: number;
  /** The answer to every request past the script's end. Default: the stream fails, saying the script has no more steps. */
  afterScript?: ProviderStep;
  /** What `modelInfo` answers for every model (no `modelInfo` at all when not given). */
  modelInfo?: ModelInfo;
}

export interface ScriptedProvider extends Provider {
  /** Every request received, as it was sent (copied). */
  readonly requests: ModelRequest[];
  /** Add answers to the end of the script. */
  push(...steps: ProviderStep[]): void;
}

const CANCELLED = () => new ProviderError('cancelled by the user', 'cancelled');

/** Wait `ms`, or less if the signal aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The events a turn streams: its parts, then usage and the stop reason. */
function turnEvents(step: TurnStep | ReplyPart, nextCallId: () => string): ProviderEvent[] {
  if ('type' in step) return turnEvents({ kind: 'turn', parts: [step] }, nextCallId);
  if (step.kind !== 'turn') {
    throw new Error(`a scripted provider plays turns only, not a "${(step as { kind: string }).kind}" step: use the scripted server (startScriptedServer) for errors on the wire`);
  }
  const events: ProviderEvent[] = [];
  for (const part of step.parts) {
    if (part.type === 'text') for (const chunk of part.chunks) events.push({ type: 'text_delta', text: chunk });
    else events.push({ type: 'tool_call', id: part.id ?? nextCallId(), name: part.name, argsText: part.fragments.join('') });
  }
  const hasCall = step.parts.some((p) => p.type === 'tool_call');
  events.push({ type: 'usage', usage: step.usage ?? { inputTokens: 0, outputTokens: 0 } });
  events.push({ type: 'stop', reason: step.stop ?? (hasCall ? 'tool_use' : 'end_turn') });
  return events;
}

/**
 * A provider that answers the n-th request with the n-th step:
 * `scriptedProvider([turn(text('Reading it.'), toolCall('read', { path: 'a' })), text('Done.')])`.
 * Once its signal aborts, the stream fails with "cancelled by the user", as the real providers' do.
 */
export function scriptedProvider(steps: ProviderStep[], opts: ScriptedProviderOptions = {}): ScriptedProvider {
  const queue = [...steps];
  const requests: ModelRequest[] = [];
  let calls = 0;
  const nextCallId = () => `call-${++calls}`;
  return {
    name: opts.name ?? 'scripted',
    requests,
    push: (...more) => void queue.push(...more),
    ...(opts.modelInfo ? { modelInfo: async () => opts.modelInfo } : {}),
    async *stream(request, signal) {
      requests.push(structuredClone(request));
      const next = queue.shift() ?? opts.afterScript;
      if (!next) throw new Error(`the script has no more steps (this is request ${requests.length})`);
      let step: Exclude<ProviderStep, (...args: never[]) => unknown>;
      if (typeof next === 'function') {
        const made = next(request, signal);
        if (Symbol.asyncIterator in made) {
          yield* made;
          return;
        }
        step = made;
      } else {
        step = next;
      }
      const timing: { delayMs?: number; eventDelayMs?: number } = Array.isArray(step) || 'type' in step ? {} : step;
      const eventDelayMs = timing.eventDelayMs ?? opts.eventDelayMs ?? 0;
      await pause(timing.delayMs ?? 0, signal);
      for (const event of Array.isArray(step) ? step : turnEvents(step, nextCallId)) {
        await pause(eventDelayMs, signal);
        if (signal.aborted) throw CANCELLED();
        yield event;
      }
    },
  };
}
