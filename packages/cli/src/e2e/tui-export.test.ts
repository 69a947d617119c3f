/** :export in a real terminal (the real `lug` in tmux): the conversation written as Markdown, and as JSON. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { text } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

describe.skipIf(!hasTmux())(':export in a real terminal', () => {
  it('writes the transcript as Markdown, and as JSON with --format json', async () => {
    const box = sandbox();
    const { screen: s } = await lugs.start([text('The answer is **42**.')], box, { width: 100, height: 30 });
    await s.submit('what is the answer?');
    await s.waitFor(/The answer is 42\./);
    await s.submit(':export chat.md');
    await s.waitFor(/wrote the conversation \(2 messages, Markdown\) to chat\.md/);
    const md = readFileSync(join(box.project, 'chat.md'), 'utf8');
    expect(md).toContain('## You\n\n> what is the answer?');
    expect(md).toContain('## lug\n\nThe answer is **42**.');
    await s.submit(':export --format json chat.json');
    await s.waitFor(/to chat\.json/);
    const json = JSON.parse(readFileSync(join(box.project, 'chat.json'), 'utf8'));
    expect(json.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    await s.submit(':export chat.md');
    await s.waitFor(/chat\.md exists already/);
    expect(existsSync(join(box.project, 'chat.md'))).toBe(true);
  });
});
