/**
 * The dialog's queue in a real terminal: one turn that calls edit, write and
 * bash (whose previews take different times: a diff of a file, a new file, a
 * command) shows them in call order, oldest first.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { text, toolCall, turn } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

describe.skipIf(!hasTmux())('the dialog in a real terminal', () => {
  it('comes oldest first when one turn mixes edit, write and bash', async () => {
    const box = sandbox();
    writeFileSync(join(box.project, 'a.txt'), `${Array.from({ length: 2000 }, (_, i) => `line ${i}`).join('\n')}\n`);
    const { server, screen: s } = await lugs.start([
      turn(
        toolCall('edit', { path: 'a.txt', old_string: 'line 1999', new_string: 'last line' }, { id: 'e1' }),
        toolCall('write', { path: 'b.txt', content: 'new file\n' }, { id: 'w1' }),
        toolCall('bash', { command: 'echo hi' }, { id: 'b1' }),
      ),
      text('All three done.'),
    ], box, { env: { CI: 'true' }, width: 100, height: 40 });
    await s.submit('do the three things');
    const order: string[] = [];
    for (const [tool, pattern] of [
      ['edit', /edit wants to change/],
      ['write', /write wants to change/],
      ['bash', /bash wants to run/],
    ] as const) {
      const shown = await s.waitFor((screen) => /wants to (change|run)/.test(screen), 15_000);
      order.push(pattern.test(shown) ? tool : (/(edit|write|bash) wants to/.exec(shown)?.[1] ?? '?'));
      s.type('y');
      // Wait until this dialog has gone before reading the next one.
      await s.waitFor((screen) => !pattern.test(screen), 15_000);
    }
    expect(order).toEqual(['edit', 'write', 'bash']);
    await s.waitFor(/All three done\./, 15_000);
  });
});
