/**
 * Ctrl-G and `:edit`: the prompt in `$VISUAL` (else `$EDITOR`, else vi), the
 * way a shell's edit-command-line does. The text goes to a file of its own
 * (0600, in a fresh temporary directory, removed after), the editor runs on
 * the terminal while lug waits, and what was saved comes back as the prompt.
 * An editor that fails or exits non-zero changes nothing, and says so.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childProcess } from '@lug/core';

export type ExternalEdit = { text: string } | { error: string };

/** The editor command line: `$VISUAL`, else `$EDITOR`, else vi. It may carry arguments ("code --wait"). */
export function editorCommand(env: Record<string, string | undefined>): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/** Edit `text` in the user's editor; blocks until the editor exits. */
export function editExternally(text: string, env: Record<string, string | undefined>): ExternalEdit {
  const editor = editorCommand(env);
  const dir = mkdtempSync(join(tmpdir(), 'lug-prompt-'));
  const file = join(dir, 'prompt.md');
  try {
    writeFileSync(file, text.endsWith('\n') || text === '' ? text : `${text}\n`, { mode: 0o600 });
    // Through the shell, so an editor given with arguments works; the file is an argument, never part of the command text.
    const run = childProcess().spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'lug-editor', file], { stdio: 'inherit', env: env as NodeJS.ProcessEnv });
    if (run.error) return { error: `could not start the editor (${editor}): ${run.error.message}; the prompt is unchanged` };
    if (run.status !== 0) {
      const how = run.signal ? `was killed by ${run.signal}` : `exited with status ${run.status}`;
      return { error: `the editor (${editor}) ${how}; the prompt is unchanged (set $VISUAL or $EDITOR to choose another)` };
    }
    return { text: readFileSync(file, 'utf8').replace(/\r\n/g, '\n').replace(/\n+$/, '') };
  } catch (err) {
    return { error: `editing the prompt failed: ${(err as Error).message}; the prompt is unchanged` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
