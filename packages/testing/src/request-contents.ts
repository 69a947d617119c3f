/**
 * What a recorded model request carried, whatever its wire format (Anthropic,
 * Chat Completions, Responses): its tools, its system prompt, and the tool
 * results it sent back to the model.
 */
import type { RecordedRequest } from './scenario.js';

/** The tools a model request carried, whatever its wire format: name, description, JSON Schema. */
export function toolsOf(request: RecordedRequest): Array<{ name: string; description: string; parameters: unknown }> {
  const tools: any[] = Array.isArray(request.body?.tools) ? request.body.tools : [];
  return tools.map((t) =>
    request.format === 'openai'
      ? { name: t.function?.name, description: t.function?.description, parameters: t.function?.parameters }
      : request.format === 'openai-responses'
        ? { name: t.name, description: t.description, parameters: t.parameters }
        : { name: t.name, description: t.description, parameters: t.input_schema },
  );
}

/** The system prompt a model request carried, whatever its wire format. */
export function systemPromptOf(request: RecordedRequest): string | undefined {
  const body = request.body;
  if (request.format === 'openai-responses') return typeof body?.instructions === 'string' ? body.instructions : undefined;
  if (request.format === 'openai') {
    const sys = (body?.messages ?? []).find((m: any) => m.role === 'system' || m.role === 'developer');
    return typeof sys?.content === 'string' ? sys.content : undefined;
  }
  if (typeof body?.system === 'string') return body.system;
  if (Array.isArray(body?.system)) return body.system.map((b: any) => b.text ?? '').join('');
  return undefined;
}

/**
 * The tool results a model request carried back to the model, whatever its
 * wire format, in order: the `role: "tool"` messages after the last assistant
 * message (Chat Completions), the `function_call_output` items after the
 * model's last items (Responses), or the `tool_result` blocks of the last
 * message (Anthropic).
 */
export function toolResultsOf(request: RecordedRequest): Array<{ id: string; content: string }> {
  const out: Array<{ id: string; content: string }> = [];
  if (request.format === 'openai-responses') {
    const items: any[] = Array.isArray(request.body?.input) ? request.body.input : [];
    const modelItem = (i: any) => i.role === 'assistant' || i.type === 'function_call' || i.type === 'reasoning';
    for (const i of items.slice(items.findLastIndex(modelItem) + 1)) {
      if (i.type === 'function_call_output') out.push({ id: i.call_id, content: typeof i.output === 'string' ? i.output : JSON.stringify(i.output) });
    }
    return out;
  }
  const messages: any[] = request.body?.messages ?? [];
  const last = request.format === 'openai' ? messages.slice(messages.findLastIndex((m) => m.role === 'assistant') + 1) : messages.slice(-1);
  for (const m of last) {
    if (request.format === 'openai' && m.role === 'tool') out.push({ id: m.tool_call_id, content: String(m.content) });
    if (request.format === 'anthropic' && Array.isArray(m.content)) {
      for (const b of m.content) {
        if (b.type !== 'tool_result') continue;
        const content = typeof b.content === 'string' ? b.content : (b.content ?? []).map((c: any) => c.text ?? '').join('');
        out.push({ id: b.tool_use_id, content });
      }
    }
  }
  return out;
}
