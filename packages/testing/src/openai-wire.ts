/**
 * The OpenAI Chat Completions wire format: `POST /v1/chat/completions` with
 * `stream: true` as `chat.completion.chunk` objects — `delta.content`,
 * `delta.tool_calls[i]` with index / id / function.name / argument fragments,
 * a chunk with `finish_reason`, a usage chunk when
 * `stream_options.include_usage` asked for it, then `data: [DONE]`.
 */
import type { ScriptedStop, TurnStep } from './scenario.js';
import { openAIErrorBody } from './openai-error-body.js';
import { callId, sseFrame, stopOf, usageOf, type AnswerContext, type StreamPlan, type WireFormat } from './wire.js';

const FINISH: Record<ScriptedStop, string> = { end_turn: 'stop', tool_use: 'tool_calls', max_tokens: 'length' };

function completionId(ctx: AnswerContext): string {
  return `chatcmpl-scripted-${String(ctx.serial).padStart(3, '0')}`;
}

function usageBody(turn: TurnStep, ctx: AnswerContext) {
  const u = usageOf(turn, ctx.request);
  return { prompt_tokens: u.inputTokens, completion_tokens: u.outputTokens, total_tokens: u.inputTokens + u.outputTokens };
}

function includeUsage(ctx: AnswerContext): boolean {
  return ctx.request.body?.stream_options?.include_usage === true;
}

export const openaiWire: WireFormat = {
  stream(turn: TurnStep, ctx: AnswerContext): StreamPlan {
    const withUsage = includeUsage(ctx);
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      sseFrame({
        id: completionId(ctx),
        object: 'chat.completion.chunk',
        created: 1_700_000_000 + ctx.serial,
        model: ctx.model,
        choices,
        ...(withUsage ? { usage: null } : {}),
        ...extra,
      });
    const delta = (d: Record<string, unknown>, finish: string | null = null) => chunk([{ index: 0, delta: d, logprobs: null, finish_reason: finish }]);

    const frames = [delta({ role: 'assistant', content: '' })];
    let toolIndex = 0;
    turn.parts.forEach((part, position) => {
      if (part.type === 'text') {
        for (const content of part.chunks) frames.push(delta({ content }));
        return;
      }
      const index = toolIndex++;
      const id = callId('call_scripted_', ctx, position, part.id);
      frames.push(delta({ tool_calls: [{ index, id, type: 'function', function: { name: part.name, arguments: '' } }] }));
      for (const args of part.fragments) frames.push(delta({ tool_calls: [{ index, function: { arguments: args } }] }));
    });
    const closingFrom = frames.length;
    frames.push(delta({}, FINISH[stopOf(turn)]));
    if (withUsage) frames.push(chunk([], { usage: usageBody(turn, ctx) }));
    frames.push(sseFrame('[DONE]'));
    return { frames, closingFrom };
  },

  streamError(errorType: string, message: string): string {
    return sseFrame({ error: { message, type: errorType, param: null, code: null } });
  },

  json(turn: TurnStep, ctx: AnswerContext): unknown {
    const content = turn.parts.flatMap((p) => (p.type === 'text' ? [p.chunks.join('')] : [])).join('');
    const toolCalls = turn.parts.flatMap((p, position) =>
      p.type === 'tool_call'
        ? [{ id: callId('call_scripted_', ctx, position, p.id), type: 'function', function: { name: p.name, arguments: p.fragments.join('') } }]
        : [],
    );
    return {
      id: completionId(ctx),
      object: 'chat.completion',
      created: 1_700_000_000 + ctx.serial,
      model: ctx.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: content || null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
          logprobs: null,
          finish_reason: FINISH[stopOf(turn)],
        },
      ],
      usage: usageBody(turn, ctx),
    };
  },

  errorBody: openAIErrorBody,
};
