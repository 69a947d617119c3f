/**
 * Where a read from the terminal becomes key presses, before ink sees it.
 *
 * ink cuts a chunk of input only at escape sequences, so keys typed fast (or
 * over SSH, or by tmux send-keys) that arrive in one read with other
 * characters, "fix\x7f\x7fne", reach useInput as one string: the Backspaces,
 * Ctrl-U, Ctrl-W, Ctrl-A would be inserted as invisible bytes instead of
 * acting. Cut here into text runs and single control keys, each one is a key
 * press of its own for every handler (the input, the dialog, the app's keys).
 *
 * A chunk of text whose only control characters are CR and LF is left whole:
 * it is a paste from a terminal without bracketed paste, or text typed ahead
 * and Enter, and the input store tells those apart (input-store.ts). A chunk
 * that also holds another control key was typed, not pasted, so its CRs are
 * Enter presses and are cut too; and so is a CR that starts a chunk of one
 * line: Enter, then the first keys of the next prompt, read together while
 * lug was busy (the first prompt's warm-up): taken whole for a paste, the
 * Enter became a new line in the prompt, which was never sent (a paste
 * rarely starts with a line end, and a terminal with bracketed paste, as
 * lug asks for, marks its pastes anyway). Escape sequences are ink's to parse: ESC and
 * the character after it are never cut apart (Alt-Backspace is ESC DEL).
 */

const ESC = 0x1b;

function isControl(code: number): boolean {
  return (code < 0x20 && code !== ESC) || code === 0x7f;
}

const isLineEnd = (code: number) => code === 0x0d || code === 0x0a;

/** The chunk as ink should receive it: text runs and single control keys, in order. */
export function splitKeyChunk(chunk: string): string[] {
  if (chunk.length > 1 && chunk.charCodeAt(0) === 0x0d && !/[\r\n]/.test(chunk.slice(1))) return ['\r', ...splitKeyChunk(chunk.slice(1))];
  let typed = false;
  for (let i = 0; i < chunk.length; i++) {
    const code = chunk.charCodeAt(i);
    if (isControl(code) && !isLineEnd(code) && chunk.charCodeAt(i - 1) !== ESC) {
      typed = true;
      break;
    }
  }
  if (!typed) return [chunk];
  const pieces: string[] = [];
  let start = 0;
  for (let i = 0; i < chunk.length; i++) {
    if (!isControl(chunk.charCodeAt(i)) || chunk.charCodeAt(i - 1) === ESC) continue;
    if (i > start) pieces.push(chunk.slice(start, i));
    pieces.push(chunk[i]!);
    start = i + 1;
  }
  if (start < chunk.length) pieces.push(chunk.slice(start));
  return pieces;
}

/**
 * The terminal's stdin as ink reads it: the same stream, whose `read()` hands
 * out a chunk's key presses one at a time (ink reads until null, so all of a
 * chunk is handled in the same turn, in order). Everything else is the stream's own.
 */
export function keyChunkedStdin(stdin: NodeJS.ReadStream): NodeJS.ReadStream {
  const pending: string[] = [];
  const read = (size?: number): unknown => {
    if (pending.length > 0) return pending.shift()!;
    const chunk: unknown = stdin.read(size);
    if (typeof chunk !== 'string') return chunk;
    const [first, ...rest] = splitKeyChunk(chunk);
    pending.push(...rest);
    return first;
  };
  return new Proxy(stdin, {
    get(target, prop) {
      if (prop === 'read') return read;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
