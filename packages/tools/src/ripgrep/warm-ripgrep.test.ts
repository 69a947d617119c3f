/** warmRipgrep: one real `rg --version` a process, through runProcess, leaving no process behind. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { processTable } from '../process/process-table.js';
import { warmRipgrep } from './warm-ripgrep.js';

describe('warmRipgrep', () => {
  it('starts ripgrep once a process, and it has ended when the warm-up resolves', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lug-warm-rg-'));
    const first = warmRipgrep(dir);
    expect(warmRipgrep(dir)).toBe(first);
    await first;
    expect(processTable.running()).toBe(0);
  });
});
