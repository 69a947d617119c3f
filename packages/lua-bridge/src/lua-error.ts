/**
 * A Lua error seen from JavaScript: the Lua message (which starts with
 * "file:line:" when Lua knows where it happened), the Lua traceback, and the
 * file and line of the first frame in user code.
 */
export class LuaError extends Error {
  override name = 'LuaError';
  /** The Lua error message, as `tostring(err)` would show it. */
  readonly luaMessage: string;
  /** "stack traceback:\n\t..." as Lua prints it. */
  readonly traceback: string;
  readonly file: string | undefined;
  readonly line: number | undefined;

  constructor(luaMessage: string, traceback = '') {
    super(luaMessage);
    this.luaMessage = luaMessage;
    this.traceback = traceback;
    const at = locate(luaMessage) ?? locateInTraceback(traceback);
    this.file = at?.file;
    this.line = at?.line;
    if (traceback) this.stack = `${this.name}: ${luaMessage}\n${traceback}`;
  }
}

const POSITION = /^(.+?):(\d+): /;

/** "file:line: message" → file and line. */
export function locate(message: string): { file: string; line: number } | undefined {
  const m = POSITION.exec(message);
  if (!m || m[1]!.startsWith('[')) return undefined;
  return { file: m[1]!, line: Number(m[2]) };
}

/** The first traceback frame that is Lua code in a file (not "[C]" or "[string ...]"). */
function locateInTraceback(traceback: string): { file: string; line: number } | undefined {
  for (const line of traceback.split('\n')) {
    const m = /^\s+(.+?):(\d+): in /.exec(line);
    if (m && !m[1]!.startsWith('[')) return { file: m[1]!, line: Number(m[2]) };
  }
  return undefined;
}

/** The message of what a call into Lua threw: a LuaError's Lua message, another error's message, anything else as text. */
export function messageOf(err: unknown): string {
  if (err instanceof LuaError) return err.luaMessage;
  return err instanceof Error ? err.message : String(err);
}
