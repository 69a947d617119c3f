import { closeSync, constants, mkdtempSync, openSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolContext } from '@lug/testing';
import { grepTool } from './index.js';

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'lug-grep-blocking-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// /proc/kmsg is a regular file whose read waits for the kernel to log: the one such file a test can open (as root, with
// CAP_SYSLOG). Reading it takes unread kernel messages from whoever else reads them, so it runs only where it can.
const kmsgReadable = (() => {
  try {
    // Opening takes nothing from it; only a read does.
    closeSync(openSync('/proc/kmsg', constants.O_RDONLY | constants.O_NONBLOCK));
    return true;
  } catch {
    return false;
  }
})();

describe('a file named as path whose read blocks', () => {
  it.skipIf(!kmsgReadable)('stops when the turn is cancelled, the binary sniff never stuck in node’s thread pool', async () => {
    const controller = new AbortController();
    const run = grepTool.handler({ pattern: 'x', path: '/proc/kmsg' }, toolContext(dir, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 300);
    // A generous bound, not a timing: before the fix the call never settled at all.
    const hung = new Promise((resolve) => setTimeout(() => resolve('still running 10 s after the cancel'), 10_000).unref());
    await expect(Promise.race([run, hung])).rejects.toThrow('grep was cancelled; the search was stopped.');
  }, 20_000);
});
