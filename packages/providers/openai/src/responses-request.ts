/**
 * The neutral conversation as a Responses API request. Nothing is stored on
 * the server (`store: false`): every request carries the whole conversation as
 * input items, in order — user messages (with `input_image` parts), the
 * model's reasoning items with their encrypted content, its messages, its
 * `function_call`s, and a `function_call_output` per result.
 */
import type OpenAI from 'openai';
import type { AssistantMessage, Message, ModelRequest, ReasoningPart, ToolSpec } from '@lug/core';
import { argumentsText, checkImages, effortOf } from './chat-request.js';
import type { OpenAICompat } from './compat.js';

type InputItem = OpenAI.Responses.ResponseInputItem;
type Params = OpenAI.Responses.ResponseCreateParamsStreaming;

/** The source lug gives reasoning read from the Responses API; only such parts go back to it. */
export const RESPONSES_SOURCE = 'openai-responses';

function reasoningItem(part: ReasoningPart): InputItem | undefined {
  // An item is sent back by its id with its encrypted content; one without an id cannot be.
  if (part.source !== RESPONSES_SOURCE || !part.id) return undefined;
  return {
    type: 'reasoning',
    id: part.id,
    summary: part.text ? [{ type: 'summary_text', text: part.text }] : [],
    ...(part.redacted ? { encrypted_content: part.redacted } : {}),
  };
}

function assistantItems(message: AssistantMessage): InputItem[] {
  const items: InputItem[] = [];
  let text = '';
  const flushText = () => {
    if (text) items.push({ role: 'assistant', content: text });
    text = '';
  };
  for (const part of message.content) {
    if (part.type === 'text') {
      text += part.text;
      continue;
    }
    flushText();
    if (part.type === 'reasoning') {
      const item = reasoningItem(part);
      if (item) items.push(item);
    } else {
      items.push({ type: 'function_call', call_id: part.id, name: part.name, arguments: argumentsText(part.argsText) });
    }
  }
  flushText();
  return items;
}

function inputItems(message: Message, request: ModelRequest, compat: OpenAICompat): InputItem[] {
  switch (message.role) {
    case 'user': {
      checkImages(message, request.model, compat);
      if (!message.images?.length) return [{ role: 'user', content: message.content }];
      return [
        {
          role: 'user',
          content: [
            ...(message.content ? [{ type: 'input_text' as const, text: message.content }] : []),
            ...message.images.map((img) => ({ type: 'input_image' as const, image_url: `data:${img.mediaType};base64,${img.data}`, detail: 'auto' as const })),
          ],
        },
      ];
    }
    case 'assistant':
      return assistantItems(message);
    case 'tool':
      return message.results.map((r) => ({ type: 'function_call_output' as const, call_id: r.callId, output: r.content }));
  }
}

export function toResponsesInput(request: ModelRequest, compat: OpenAICompat): InputItem[] {
  return request.messages.flatMap((m) => inputItems(m, request, compat));
}

export function toResponsesTools(tools: readonly ToolSpec[]): OpenAI.Responses.FunctionTool[] {
  return tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters as Record<string, unknown>, strict: false }));
}

/**
 * The request body. A model that reasons (the record's `reasoning`, or any
 * model when thinking was asked for) gets its reasoning back encrypted
 * (`include: ["reasoning.encrypted_content"]`), the effort asked for and the
 * summary the record names.
 */
export function toResponsesParams(request: ModelRequest, compat: OpenAICompat): Params {
  const tools = toResponsesTools(request.tools);
  const effort = effortOf(request, compat);
  const reasons = compat.reasoning ?? effort !== undefined;
  const reasoning = {
    ...(effort ? { effort: effort as OpenAI.ReasoningEffort } : {}),
    ...(reasons && compat.reasoningSummary ? { summary: compat.reasoningSummary } : {}),
  };
  return {
    model: request.model,
    ...(request.system ? { instructions: request.system } : {}),
    input: toResponsesInput(request, compat),
    ...(tools.length ? { tools } : {}),
    max_output_tokens: request.maxTokens,
    stream: true,
    store: false,
    ...(reasons ? { include: ['reasoning.encrypted_content' as const] } : {}),
    ...(Object.keys(reasoning).length ? { reasoning } : {}),
  };
}
