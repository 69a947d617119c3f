/**
 * A server's tool result as a lug tool result: text the model reads, under
 * the output cap, with what was cut or could not be shown said in place.
 * Images, audio and binary resources cannot be sent to the model as a tool
 * result (lug's results are text), so each is named with its type and size.
 * Structured content is sent as JSON when the server gave no text (the
 * specification asks servers to repeat it as text).
 */
import { truncateOutput } from '@lug/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { wellFormed } from './well-formed.js';

type Block = CallToolResult['content'][number];

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function size(n: number): string {
  return n < 1024 ? `${n} bytes` : `${(n / 1024).toFixed(1)} KB`;
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[an image (${block.mimeType}, ${size(base64Bytes(block.data))}) the model cannot be shown as a tool result]`;
    case 'audio':
      return `[audio (${block.mimeType}, ${size(base64Bytes(block.data))}) the model cannot be shown as a tool result]`;
    case 'resource': {
      const r = block.resource;
      if ('text' in r && typeof r.text === 'string') return `[resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}]\n${r.text}`;
      const blob = 'blob' in r && typeof r.blob === 'string' ? r.blob : '';
      return `[binary resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}, ${size(base64Bytes(blob))}, not shown]`;
    }
    case 'resource_link':
      return `[resource link: ${block.uri}${block.name ? ` (${block.name})` : ''}${block.description ? ` — ${block.description}` : ''}]`;
    default:
      return `[a part of type ${JSON.stringify((block as { type?: unknown }).type)} lug does not know]`;
  }
}

export interface ConvertedResult {
  content: string;
  isError: boolean;
}

/** `maxBytes`: the tool output cap (limits.outputBytes, 30,000 by default). */
export function convertToolResult(result: CallToolResult, maxBytes: number): ConvertedResult {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const parts = blocks.map(blockText);
  if (!blocks.some((b) => b.type === 'text') && result.structuredContent !== undefined) {
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  }
  const text = parts.length ? wellFormed(parts.join('\n')) : '(the tool returned nothing)';
  const kinds = blocks.map((b) => b.type);
  const hint = kinds.length > 1 ? `the result had ${kinds.length} parts (${kinds.join(', ')}); the later ones may be among what was cut` : '';
  return { content: truncateOutput(text, maxBytes, 'start', hint).text, isError: result.isError === true };
}
