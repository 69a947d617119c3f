/**
 * The neutral message model. Providers translate it to and from their wire
 * formats; sessions store it as JSON lines.
 */

export interface TextPart {
  type: 'text';
  text: string;
}

export interface ToolCallPart {
  type: 'tool_call';
  /** The id the model gave the call; results refer back to it. */
  id: string;
  name: string;
  /** The arguments exactly as the model sent them (JSON text, maybe invalid). */
  argsText: string;
}

export interface ToolResultPart {
  type: 'tool_result';
  callId: string;
  name: string;
  content: string;
  isError: boolean;
}

export interface UserMessage {
  role: 'user';
  content: string;
}

export interface AssistantMessage {
  role: 'assistant';
  content: Array<TextPart | ToolCallPart>;
}

/** The results of one assistant message's tool calls, in the order of the calls. */
export interface ToolResultsMessage {
  role: 'tool';
  results: ToolResultPart[];
}

export type Message = UserMessage | AssistantMessage | ToolResultsMessage;

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export function addUsage(a: Usage, b: Usage): Usage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
}

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0 };
}

export function assistantText(message: AssistantMessage): string {
  return message.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
}

export function toolCallsOf(message: AssistantMessage): ToolCallPart[] {
  return message.content.filter((p): p is ToolCallPart => p.type === 'tool_call');
}
