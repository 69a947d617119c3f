/**
 * Text from a server made valid Unicode before it goes to the model. A
 * server's JSON may hold a lone surrogate (`"\ud800"` parses to half a
 * pair); sent on in a request, it makes the request invalid JSON for the
 * provider (Anthropic answers 400 "no low surrogate in string"), and since a
 * tool's description and its results are in every later request of the
 * conversation (results in the session file too), every turn after it would
 * fail. Each lone surrogate becomes U+FFFD, the replacement character.
 */
export function wellFormed(text: string): string {
  // String.prototype.toWellFormed (Node 20): the same replacement, native.
  return text.toWellFormed();
}

/**
 * JSON.stringify writes a lone surrogate as a `\udXXX` escape and a whole
 * pair as itself, so in its output each such escape (not itself escaped: an
 * odd run of backslashes) is a lone surrogate.
 */
const LONE_SURROGATE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u[dD][89a-fA-F][0-9a-fA-F]{2}/g;

/** JSON text from JSON.stringify with each lone surrogate written as `\ufffd`. */
export function wellFormedJson(json: string): string {
  return json.replace(LONE_SURROGATE_ESCAPE, '$1\\ufffd');
}
