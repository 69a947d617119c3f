import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolContext } from '@lug/testing';
import { processTable } from '@lug/tools';
import { grepTool } from './index.js';

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'lug-grep-pattern-')));
writeFileSync(path.join(dir, 'a.txt'), 'hello\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const grep = (args: { pattern: string; glob?: string }) => grepTool.handler(args, toolContext(dir));

describe('a search ripgrep cannot be given, said so before anything runs', () => {
  it('refuses a NUL byte in the pattern, saying where it is and how to write it, not node’s message about its argument list', async () => {
    await expect(grep({ pattern: 'hel\0lo' })).rejects.toThrow(
      /^pattern holds a NUL byte \(at character 4\), which no program can receive in its command line; nothing was searched\. Write it as the escape \\x00/,
    );
    expect(processTable.running()).toBe(0);
  });

  it('refuses a pattern too long for the system (E2BIG) with its size, not a bare "spawn E2BIG"', async () => {
    await expect(grep({ pattern: `hello|${'a'.repeat(200_000)}` })).rejects.toThrow(
      /^the search is too long for the system to start ripgrep with it \(E2BIG: the pattern is 200,006 bytes; .*\); nothing was searched\. Use a shorter pattern or glob/,
    );
  });

  it('names a glob too long for the system, with the sizes of both', async () => {
    await expect(grep({ pattern: 'hello', glob: `${'a'.repeat(200_000)}*` })).rejects.toThrow(/\(E2BIG: the pattern is 5 bytes, the glob 200,001;/);
  });
});

describe('a pattern ripgrep refuses', () => {
  it('calls a pattern over ripgrep’s size limit an invalid pattern, saying why and what to do', async () => {
    await expect(grep({ pattern: '(\\w{1000}){1000}' })).rejects.toThrow(
      /^invalid pattern \/\(\\w\{1000\}\)\{1000\}\/: it is too large once compiled .*Use smaller repetition counts, or several simpler searches\. ripgrep says:\ncompiled regex exceeds size limit/,
    );
  });
});

describe('files ripgrep could not read, and no match', () => {
  // /proc/sys/vm/drop_caches and compact_memory are write-only (mode 0200): reading them is refused, to root too.
  it.runIf(existsSync('/proc/sys/vm/drop_caches'))('is no match, with the note of what was not searched, not "grep failed"', async () => {
    const out = await grepTool.handler({ pattern: 'zq_no_such_text_qz', path: '/proc/sys/vm' }, toolContext(dir));
    if (typeof out === 'string') throw new Error('grep returns details with its text');
    const [first, note] = out.content.split('\n');
    expect(first).toMatch(/^No matches for the pattern \/zq_no_such_text_qz\//);
    expect(note).toMatch(/^\[some files could not be searched; ripgrep says: \/proc\/sys\/vm\/\S+: Permission denied \(os error 13\)/);
    expect(out.details).toMatchObject({ matches: 0, files: 0 });
  });
});
