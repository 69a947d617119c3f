/** warmRipgrep: one real `rg --version` a process, through runProcess, leaving no process behind. */
import { describe, expect, it } from 'vitest';
import { processTable } from '../process/process-table.js';
import { warmRipgrep } from './warm-ripgrep.js';

describe('warmRipgrep', () => {
  it('starts ripgrep once a process, and it has ended when the warm-up resolves', async () => {
    const first = warmRipgrep();
    expect(warmRipgrep()).toBe(first);
    await first;
    expect(processTable.running()).toBe(0);
  });
});
