/**
 * The editor's file system, when the client offers it (`initialize`'s
 * `clientCapabilities.fs`): a file's text is read with `fs/read_text_file`
 * (an unsaved buffer as the editor has it) and written with
 * `fs/write_text_file` (the change lands in the editor's buffer). What the
 * client does not offer, lug does on disk as always. An answer that is not
 * text is an error for the call, never taken as an empty file.
 */
import type { AgentContext, ClientCapabilities } from '@agentclientprotocol/sdk';
import type { EditorFiles } from '@lug/core';

export function editorFiles(client: AgentContext, capabilities: ClientCapabilities | undefined, sessionId: () => string): EditorFiles | undefined {
  const fs = capabilities?.fs;
  if (!fs?.readTextFile && !fs?.writeTextFile) return undefined;
  const files: EditorFiles = {};
  if (fs.readTextFile) {
    files.readText = async (path, signal) => {
      const answer: unknown = await client.request('fs/read_text_file', { sessionId: sessionId(), path }, { cancellationSignal: signal, stopWaitingOnCancel: true });
      const content = (answer as { content?: unknown } | null)?.content;
      if (typeof content !== 'string') throw new Error(`the editor's fs/read_text_file answered for ${path} without its text (content must be a string)`);
      return content;
    };
  }
  if (fs.writeTextFile) {
    files.writeText = async (path, content, signal) => {
      await client.request('fs/write_text_file', { sessionId: sessionId(), path, content }, { cancellationSignal: signal, stopWaitingOnCancel: true });
    };
  }
  return Object.freeze(files);
}
