/**
 * The OpenAI Responses wire format: `POST /v1/responses` with `stream: true`
 * as typed events (`event: <type>` and `data: {"type": …, "sequence_number": n}`):
 * response.created, response.in_progress, then per output item
 * output_item.added, its deltas (output_text.delta, function_call_arguments.delta)
 * and output_item.done, and last response.completed (or response.incomplete
 * for an answer cut by max_output_tokens) with the usage. Shapes from the
 * `openai` SDK's types (resources/responses/responses.d.ts).
 */
import type { ScriptedStop, TurnStep } from './scenario.js';
import { openAIErrorBody } from './openai-error-body.js';
import { callId, sseFrame, stopOf, usageOf, type AnswerContext, type StreamPlan, type WireFormat } from './wire.js';

const serial = (ctx: AnswerContext) => String(ctx.serial).padStart(3, '0');

function usageBody(turn: TurnStep, ctx: AnswerContext) {
  const u = usageOf(turn, ctx.request);
  return {
    input_tokens: u.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: u.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: u.inputTokens + u.outputTokens,
  };
}

/** The output items of a turn, finished. */
function outputItems(turn: TurnStep, ctx: AnswerContext): Array<Record<string, unknown>> {
  return turn.parts.map((part, position) =>
    part.type === 'text'
      ? {
          type: 'message',
          id: `msg_scripted_${serial(ctx)}_${position}`,
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: part.chunks.join(''), annotations: [], logprobs: [] }],
        }
      : {
          type: 'function_call',
          id: `fc_scripted_${serial(ctx)}_${position}`,
          call_id: callId('call_scripted_', ctx, position, part.id),
          name: part.name,
          arguments: part.fragments.join(''),
          status: 'completed',
        },
  );
}

function responseBody(turn: TurnStep, ctx: AnswerContext, status: string, output: unknown[], stop?: ScriptedStop) {
  return {
    id: `resp_scripted_${serial(ctx)}`,
    object: 'response',
    created_at: 1_700_000_000 + ctx.serial,
    status,
    error: null,
    incomplete_details: stop === 'max_tokens' ? { reason: 'max_output_tokens' } : null,
    model: ctx.model,
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    usage: status === 'in_progress' ? null : usageBody(turn, ctx),
  };
}

export const responsesWire: WireFormat = {
  stream(turn: TurnStep, ctx: AnswerContext): StreamPlan {
    let sequence = 0;
    const event = (type: string, data: Record<string, unknown>) => sseFrame({ type, sequence_number: sequence++, ...data }, type);
    const items = outputItems(turn, ctx);
    const frames = [
      event('response.created', { response: responseBody(turn, ctx, 'in_progress', []) }),
      event('response.in_progress', { response: responseBody(turn, ctx, 'in_progress', []) }),
    ];
    turn.parts.forEach((part, output_index) => {
      const item = items[output_index]!;
      const item_id = item.id;
      if (part.type === 'text') {
        frames.push(event('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } }));
        frames.push(event('response.content_part.added', { output_index, item_id, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } }));
        for (const delta of part.chunks) frames.push(event('response.output_text.delta', { output_index, item_id, content_index: 0, delta, logprobs: [] }));
        frames.push(event('response.output_text.done', { output_index, item_id, content_index: 0, text: part.chunks.join(''), logprobs: [] }));
        frames.push(event('response.content_part.done', { output_index, item_id, content_index: 0, part: (item.content as unknown[])[0] }));
      } else {
        frames.push(event('response.output_item.added', { output_index, item: { ...item, arguments: '', status: 'in_progress' } }));
        for (const delta of part.fragments) frames.push(event('response.function_call_arguments.delta', { output_index, item_id, delta }));
        frames.push(event('response.function_call_arguments.done', { output_index, item_id, arguments: part.fragments.join('') }));
      }
      frames.push(event('response.output_item.done', { output_index, item }));
    });
    const closingFrom = frames.length;
    const stop = stopOf(turn);
    if (stop === 'max_tokens') frames.push(event('response.incomplete', { response: responseBody(turn, ctx, 'incomplete', items, stop) }));
    else frames.push(event('response.completed', { response: responseBody(turn, ctx, 'completed', items) }));
    return { frames, closingFrom };
  },

  streamError(errorType: string, message: string): string {
    return sseFrame({ type: 'error', code: errorType, message, param: null, sequence_number: 0 }, 'error');
  },

  json(turn: TurnStep, ctx: AnswerContext): unknown {
    const stop = stopOf(turn);
    return responseBody(turn, ctx, stop === 'max_tokens' ? 'incomplete' : 'completed', outputItems(turn, ctx), stop);
  },

  errorBody: openAIErrorBody,
};
