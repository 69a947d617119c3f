/**
 * A line on a server's stdout too long to read is dropped unread (so a
 * runaway server cannot grow lug's memory), but when it is the answer to one
 * of lug's requests, that request would wait for its timeout (two minutes by
 * default) and then say the server "did not answer". From the dropped line's
 * first and last few hundred characters this finds the id of the request it
 * answers, so the call can fail at once and say why.
 *
 * Only a top-level id is taken: in the TypeScript SDK's order
 * (`{"result":…,"jsonrpc":"2.0","id":7}`) the id is the line's last key, and
 * a key followed by the line's closing brace belongs to the outermost object;
 * in the Python SDK's order (`{"jsonrpc":"2.0","id":7,"result":…}`) it follows
 * the opening brace. A request or notification from the server is never
 * taken for an answer.
 */

/** Characters kept of each end of a dropped line. */
export const DROPPED_END_CHARS = 256;

const ID = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
const ANSWER_FIRST = /^\s*\{\s*"(?:result|error)"\s*:/;
const ID_LAST = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${ID}\s*\}\s*$`);
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*${ID}\s*,\s*"(?:result|error)"\s*:`);

/** The id of the request a dropped line answered (from its first and last characters), or undefined when it answered none. */
export function droppedAnswerId(head: string, tail: string): string | number | undefined {
  const text = ANSWER_FIRST.test(head) ? ID_LAST.exec(tail)?.[1] : ID_FIRST.exec(head)?.[1];
  if (text === undefined) return undefined;
  try {
    const id: unknown = JSON.parse(text);
    return typeof id === 'number' || typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
