/**
 * The agent loop: stream the model's answer, run the tool calls it made, feed
 * the results back, until the model stops (or the turn limit is reached).
 * Cancelling stops the stream and gives every unfinished call the result
 * "cancelled by the user", so the history stays valid. An answer that stopped
 * for another reason than finishing (the output cap, a refusal, a filter, a
 * full context window) ends the turn with that reason and words saying what
 * to do; its calls are not run. An answer cut because the conversation no
 * longer fits the window (a `context_window` stop, or an error saying so) is
 * answered once a turn by `recoverOverflow` (a compaction) and the request
 * made again.
 */
import type { EventBus, TurnEndReason } from './events.js';
import type { AssistantMessage, Message, ToolCallPart, ToolResultsMessage, Usage } from './messages.js';
import { assistantText } from './messages.js';
import { ProviderError, type ModelRequest, type Provider, type StopReason, type ThinkingLevel } from './provider.js';
import { childSignal } from './child-signals.js';
import { CANCELLED, runToolCalls, type SchedulerDeps } from './scheduler.js';
import { isContextOverflowError, stopEnding } from './stop-endings.js';
import type { ToolSpec } from './tool.js';
import type { HookRegistry } from './hooks.js';
import { rewriteToolCalls } from './call-hooks.js';
import { estimateTokens, messagesTokens, toolSpecsTokens } from './token-estimate.js';

export interface LoopInput {
  provider: Provider;
  model: string;
  /** Shown in request_start events: "anthropic/claude-sonnet-5-5". */
  modelName: string;
  /** The system prompt of the next request (a compaction builds it afresh). */
  system: () => string;
  tools: () => ToolSpec[];
  maxTurns: number;
  maxTokens: number;
  /** The reasoning asked for, the same for every request of the turn. */
  thinking?: ThinkingLevel;
  scheduler: () => SchedulerDeps;
  events: EventBus;
  signal: AbortSignal;
  /** The conversation so far (the new user message included). */
  history: () => Message[];
  /** Append a finished message to the conversation (and the session file). */
  append(message: Message): void;
  addUsage(usage: Usage): void;
  /** Asked before every request: words saying why the loop must stop (lug.opt.max_cost passed), or undefined to go on. */
  stopBeforeRequest?(): string | undefined;
  /** Run before every request: clear old tool output, compact when the context is past its thresholds. */
  prepareRequest?(signal: AbortSignal): Promise<void>;
  /** The conversation overflowed the window: make room (compact); true when the request is worth making again. Asked once a turn. */
  recoverOverflow?(signal: AbortSignal): Promise<boolean>;
  /** The host's hook points: before_request before each request (tool_call and tool_result are the scheduler's: `scheduler().hooks`). */
  hooks?: HookRegistry;
}

/** How the loop ended; `message` says in plain words why and what to do, for every reason but done and cancelled. */
export type LoopEnd =
  | { reason: 'done' | 'cancelled'; text: string }
  | { reason: Exclude<TurnEndReason, 'done' | 'cancelled' | 'error'>; text: string; message: string }
  | { reason: 'error'; text: string; error: string };

interface StreamedAnswer {
  message: AssistantMessage;
  stop: StopReason | undefined;
  stopDetail?: string;
  error?: unknown;
}

function requestBody(input: LoopInput): ModelRequest {
  return {
    model: input.model,
    system: input.system(),
    messages: input.history(),
    tools: input.tools(),
    maxTokens: input.maxTokens,
    ...(input.thinking && input.thinking !== 'off' ? { thinking: input.thinking } : {}),
  };
}

/** The before_request hooks' reason to cancel the request, if one gave it. */
async function cancelledByHook(input: LoopInput, step: number, body: ModelRequest): Promise<string | undefined> {
  if (!input.hooks?.has('before_request')) return undefined;
  const tokens = estimateTokens(body.system) + toolSpecsTokens(body.tools) + messagesTokens(body.messages);
  let reason: string | undefined;
  await input.hooks.run(
    'before_request',
    { type: 'before_request', step, model: input.modelName, messages: body.messages.length, tokens },
    (current, result, source) => {
      if (result.cancel !== undefined) reason = `the request was cancelled by the before_request hook made at ${source}: ${result.cancel}`;
      return current;
    },
    { until: () => reason !== undefined },
  );
  return reason;
}

async function streamAnswer(input: LoopInput, step: number, body: ModelRequest): Promise<StreamedAnswer> {
  const answer: StreamedAnswer = { message: { role: 'assistant', content: [] }, stop: undefined };
  const { content } = answer.message;
  const addText = (text: string) => {
    const last = content[content.length - 1];
    if (last?.type === 'text') last.text += text;
    else content.push({ type: 'text', text });
  };
  input.events.emit('request_start', { step, model: input.modelName });
  // The request's own signal: a listener the provider's SDK leaves on it goes with it.
  const request = childSignal(input.signal);
  let answering = false;
  try {
    for await (const event of input.provider.stream(body, request.signal)) {
      if (!answering) {
        answering = true;
        input.events.emit('response_start', { step });
      }
      switch (event.type) {
        case 'text_delta':
          addText(event.text);
          input.events.emit('text_delta', { text: event.text });
          break;
        case 'reasoning_delta':
          input.events.emit('reasoning_delta', { text: event.text });
          break;
        case 'reasoning':
          content.push({ ...event.part });
          break;
        case 'tool_call':
          content.push({ type: 'tool_call', id: event.id, name: event.name, argsText: event.argsText });
          break;
        case 'usage':
          input.addUsage(event.usage);
          break;
        case 'retry':
          input.events.emit('retry', { attempt: event.attempt, delayMs: event.delayMs, error: event.error });
          break;
        case 'stop':
          answer.stop = event.reason;
          answer.stopDetail = event.detail;
          break;
      }
    }
  } catch (error) {
    answer.error = error;
  } finally {
    request.dispose();
  }
  return answer;
}

function unfinishedResults(calls: ToolCallPart[], content: string): ToolResultsMessage {
  return { role: 'tool', results: calls.map((c) => ({ type: 'tool_result', callId: c.id, name: c.name, content, isError: true })) };
}

export async function runAgentLoop(input: LoopInput): Promise<LoopEnd> {
  let lastText = '';
  let recovered = false;
  for (let step = 1; step <= input.maxTurns; step++) {
    const stopWhy = input.stopBeforeRequest?.();
    if (stopWhy) return { reason: 'max_cost', text: lastText, message: stopWhy };
    await input.prepareRequest?.(input.signal);
    if (input.signal.aborted) return { reason: 'cancelled', text: lastText };
    const body = requestBody(input);
    const hookStop = await cancelledByHook(input, step, body);
    if (hookStop) return { reason: 'hook', text: lastText, message: hookStop };
    if (input.signal.aborted) return { reason: 'cancelled', text: lastText };
    const answer = await streamAnswer(input, step, body);
    const calls = answer.message.content.filter((p): p is ToolCallPart => p.type === 'tool_call');
    const overflowed = !input.signal.aborted && (answer.stop === 'context_window' || isContextOverflowError(answer.error));
    if (overflowed && !recovered && input.recoverOverflow) {
      recovered = true;
      // The cut answer is dropped: the request is made again once there is room.
      if (await input.recoverOverflow(input.signal)) {
        step--;
        continue;
      }
    }
    const ending = stopEnding(answer.stop, { maxTokens: input.maxTokens, detail: answer.stopDetail, calls });
    // The calls that will run are rewritten (tool_call hooks) before the answer joins the conversation, so it keeps what ran.
    const deps = calls.length > 0 && answer.error === undefined && !input.signal.aborted && !ending ? input.scheduler() : undefined;
    const denials = deps ? await rewriteToolCalls(calls, deps) : undefined;
    if (answer.message.content.length) {
      input.append(answer.message);
      input.events.emit('assistant_message', { message: answer.message });
      lastText = assistantText(answer.message) || lastText;
    }
    if (answer.error !== undefined || input.signal.aborted) {
      const cancelled = input.signal.aborted;
      if (calls.length) input.append(unfinishedResults(calls, cancelled ? CANCELLED : 'not run: the answer that made this call was cut off'));
      if (cancelled) return { reason: 'cancelled', text: lastText };
      const e = answer.error;
      const message = e instanceof ProviderError ? e.message : `the model request failed: ${(e as Error)?.message ?? String(e)}`;
      return { reason: 'error', text: lastText, error: message };
    }
    if (ending) {
      if (calls.length) input.append(unfinishedResults(calls, ending.callResult));
      return { reason: ending.reason, text: lastText, message: ending.message };
    }
    // The server paused a long turn: sending the conversation again (the paused answer last) lets the model go on.
    if (answer.stop === 'pause_turn' && !calls.length) continue;
    if (!calls.length) return { reason: 'done', text: lastText };
    // deps is set: the calls got here with no error, no cancel and no ending.
    const results = await runToolCalls(calls, deps!, input.signal, denials);
    input.append({ role: 'tool', results });
    if (input.signal.aborted) return { reason: 'cancelled', text: lastText };
  }
  return { reason: 'max_turns', text: lastText, message: `stopped after ${input.maxTurns} model requests (lug.opt.max_turns); raise it, or ask for a smaller step` };
}
