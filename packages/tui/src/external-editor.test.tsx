/** Ctrl-G and :edit: the prompt through a real editor process (a shell script standing in for $EDITOR). */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { editorCommand } from './external-editor.js';
import { KEY } from './test-support/ink.js';
import { cleanupApps, mountApp, tempDir, waitFor } from './test-support/mount-app.js';

afterEach(() => cleanupApps());

/** An "editor" that runs `body` with the file as $1. */
function editorScript(body: string): string {
  const file = path.join(tempDir(), 'editor.sh');
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

describe('the prompt in $EDITOR', () => {
  it('opens the prompt with Ctrl-G and takes what the editor saved', async () => {
    const t = mountApp();
    t.host.env.EDITOR = editorScript(`printf 'rewritten: %s\\n' "$(cat "$1")" > "$1"`);
    await t.type('first draft');
    await t.type(KEY.ctrl('g'));
    await waitFor(() => t.controller.input.text === 'rewritten: first draft');
    expect(t.frame()).toContain('rewritten: first draft');
    expect(t.session.prompts).toEqual([]);
  });

  it('does the same with :edit, preferring $VISUAL to $EDITOR', async () => {
    const t = mountApp();
    t.host.env.EDITOR = editorScript(`echo from-editor > "$1"`);
    t.host.env.VISUAL = editorScript(`echo from-visual > "$1"`);
    await t.type(':edit', KEY.enter);
    await waitFor(() => t.controller.input.text === 'from-visual');
  });

  it('keeps the prompt and says why when the editor fails', async () => {
    const t = mountApp();
    t.host.env.EDITOR = editorScript('exit 3');
    await t.type('keep me');
    await t.type(KEY.ctrl('g'));
    await waitFor(() => t.frame().includes('exited with status 3; the prompt is unchanged'));
    expect(t.controller.input.text).toBe('keep me');
  });

  it('runs an editor given with arguments, and vi when neither variable is set', () => {
    expect(editorCommand({ EDITOR: 'code --wait' })).toBe('code --wait');
    expect(editorCommand({})).toBe('vi');
  });
});
