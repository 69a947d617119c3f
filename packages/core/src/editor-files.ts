/**
 * The editor's view of files, when lug runs inside an editor that offers one
 * (`lug --acp`, with a client that has `fs/read_text_file` and
 * `fs/write_text_file`): the tools that read and change a file's text go
 * through it, so an unsaved buffer is what they read and a change lands in the
 * editor's buffer. It is set when the host is made (`createHost({ files })`)
 * and never replaced; without it, or without one of its methods, tools use the
 * disk as always. Paths are absolute, symlinks followed, after approvals
 * judged the call.
 */
export interface EditorFiles {
  /** The file's text as the editor has it (an open buffer's, saved or not). Rejects when the editor cannot read it. */
  readText?(absPath: string, signal: AbortSignal): Promise<string>;
  /** Give the file this text through the editor (its buffer, and the file). Rejects when the editor could not. */
  writeText?(absPath: string, text: string, signal: AbortSignal): Promise<void>;
}
