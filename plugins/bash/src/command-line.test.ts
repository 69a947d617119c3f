import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { toolContext } from '@lug/testing';
import { killAllProcesses, processTable } from '@lug/tools';
import { bashTool } from './index.js';

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'lug-bash-line-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await killAllProcesses({ graceMs: 200 });
});

const bash = (command: string) => bashTool.handler({ command }, toolContext(dir));

describe('a command line the system refuses, said so before anything runs', () => {
  it('refuses a NUL byte in the command, saying where it is and how to write the byte instead', async () => {
    const marker = path.join(dir, 'ran-nul');
    await expect(bash(`touch ${marker}\0; echo after`)).rejects.toThrow(
      new RegExp(`^command holds a NUL byte \\(at character ${marker.length + 7}\\), which no program can receive in its command line; nothing was run\\. .*printf '\\\\0'`),
    );
    expect(existsSync(marker)).toBe(false);
    expect(processTable.running()).toBe(0);
  });

  it('refuses a 2 MB command (E2BIG) with its size and what to do instead, not node’s bare "spawn E2BIG"', async () => {
    const marker = path.join(dir, 'ran-long');
    const command = `touch ${marker}; : ${'a'.repeat(2 * 1024 * 1024)}`;
    await expect(bash(command)).rejects.toThrow(
      /^command is 2,097,\d{3} bytes, too long for the system to start bash with it \(E2BIG; .*\); nothing was run\. Put long text or a long script in a file with the write tool/,
    );
    expect(existsSync(marker)).toBe(false);
  });
});
