/**
 * The agent loop: stream the model's answer, run the tool calls it made, feed
 * the results back, until the model stops (or the turn limit is reached).
 * Cancelling stops the stream and gives every unfinished call the result
 * "cancelled by the user", so the history stays valid.
 */
import type { EventBus } from './events.js';
import type { AssistantMessage, Message, ToolCallPart, ToolResultsMessage, Usage } from './messages.js';
import { assistantText } from './messages.js';
import { ProviderError, type Provider, type StopReason } from './provider.js';
import { childSignal } from './child-signals.js';
import { CANCELLED, runToolCalls, type SchedulerDeps } from './scheduler.js';
import type { ToolSpec } from './tool.js';

export interface LoopInput {
  provider: Provider;
  model: string;
  /** Shown in request_start events: "anthropic/claude-sonnet-4-5". */
  modelName: string;
  system: string;
  tools: () => ToolSpec[];
  maxTurns: number;
  maxTokens: number;
  scheduler: () => SchedulerDeps;
  events: EventBus;
  signal: AbortSignal;
  /** The conversation so far (the new user message included). */
  history: () => Message[];
  /** Append a finished message to the conversation (and the session file). */
  append(message: Message): void;
  addUsage(usage: Usage): void;
}

export type LoopEnd = { reason: 'done' | 'cancelled' | 'max_turns'; text: string } | { reason: 'error'; text: string; error: string };

interface StreamedAnswer {
  message: AssistantMessage;
  stop: StopReason | undefined;
  error?: unknown;
}

async function streamAnswer(input: LoopInput, step: number): Promise<StreamedAnswer> {
  const message: AssistantMessage = { role: 'assistant', content: [] };
  let stop: StopReason | undefined;
  const addText = (text: string) => {
    const last = message.content[message.content.length - 1];
    if (last?.type === 'text') last.text += text;
    else message.content.push({ type: 'text', text });
  };
  input.events.emit('request_start', { step, model: input.modelName });
  // The request's own signal: a listener the provider's SDK leaves on it goes with it.
  const request = childSignal(input.signal);
  try {
    const body = {
      model: input.model,
      system: input.system,
      messages: input.history(),
      tools: input.tools(),
      maxTokens: input.maxTokens,
    };
    for await (const event of input.provider.stream(body, request.signal)) {
      switch (event.type) {
        case 'text_delta':
          addText(event.text);
          input.events.emit('text_delta', { text: event.text });
          break;
        case 'tool_call':
          message.content.push({ type: 'tool_call', id: event.id, name: event.name, argsText: event.argsText });
          break;
        case 'usage':
          input.addUsage(event.usage);
          break;
        case 'retry':
          input.events.emit('retry', { attempt: event.attempt, delayMs: event.delayMs, error: event.error });
          break;
        case 'stop':
          stop = event.reason;
          break;
      }
    }
  } catch (error) {
    return { message, stop, error };
  } finally {
    request.dispose();
  }
  return { message, stop };
}

function unfinishedResults(calls: ToolCallPart[], content: string): ToolResultsMessage {
  return { role: 'tool', results: calls.map((c) => ({ type: 'tool_result', callId: c.id, name: c.name, content, isError: true })) };
}

export async function runAgentLoop(input: LoopInput): Promise<LoopEnd> {
  let lastText = '';
  for (let step = 1; step <= input.maxTurns; step++) {
    const answer = await streamAnswer(input, step);
    const calls = answer.message.content.filter((p): p is ToolCallPart => p.type === 'tool_call');
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
    if (!calls.length) return { reason: 'done', text: lastText };
    const results = await runToolCalls(calls, input.scheduler(), input.signal);
    input.append({ role: 'tool', results });
    if (input.signal.aborted) return { reason: 'cancelled', text: lastText };
  }
  return { reason: 'max_turns', text: lastText };
}

