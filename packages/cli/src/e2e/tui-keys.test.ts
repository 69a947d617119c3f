/**
 * Control keys typed fast, in a real terminal: the real `lug` binary in tmux,
 * text and control keys sent in one send-keys (one write to the pty), and the
 * prompt the model receives holds what the keys made, no control character.
 */
import { describe, expect, it } from 'vitest';
import { text } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

/** The text of the last user message of an Anthropic request. */
function promptOf(body: { messages: Array<{ role: string; content: string | Array<{ type: string; text?: string }> }> }): string {
  const last = body.messages.filter((m) => m.role === 'user').at(-1)!;
  return typeof last.content === 'string' ? last.content : last.content.map((part) => part.text ?? '').join('');
}

describe.skipIf(!hasTmux())('control keys typed fast in a real terminal', () => {
  it('act where they arrive: Backspace, Ctrl-W, Ctrl-U, Ctrl-A and Enter in one write', async () => {
    const box = sandbox();
    const { server, screen: s } = await lugs.start([text('Done.')], box, { env: { CI: 'true' } });
    s.type('garbage\x15lsit\x7f\x7f\x7fist the fiels\x17files\x01please \r');
    await s.waitFor(/Done\./, 15_000);
    expect(server.modelRequests()).toHaveLength(1);
    expect(promptOf(server.modelRequests()[0]!.body)).toBe('please list the files');
  });
});
