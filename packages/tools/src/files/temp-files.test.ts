/**
 * Temporary files of atomic writes are not left behind: removed on every
 * signal lug can catch, and after a SIGKILL by the next start's sweep. Real
 * processes writing a 256 MiB file (one 4 MiB buffer 64 times, so the child
 * stays small) are stopped while the write is under way (the target still has
 * its old content). The child scripts load the built package.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempFilesOf, temporaryFileOwner, temporaryPathBeside } from './temp-files.js';

const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const root = mkdtempSync(path.join(os.tmpdir(), 'lug-temp-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

const tempFilesIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.lug-tmp'));

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 2));
  }
  return check();
}

/** A lug-like process that starts a big atomic write to `dir/target.txt`; resolves once its temporary file exists. */
async function startBigWrite(dir: string, notes: string): Promise<{ child: ChildProcess; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }> {
  const script = path.join(root, `writer-${++n}.mjs`);
  writeFileSync(
    script,
    `import { configureLeftovers, installExitCleanup, writeFileAtomic } from ${JSON.stringify(dist)};
configureLeftovers({ dir: ${JSON.stringify(notes)} });
installExitCleanup();
const block = Buffer.alloc(4 * 1024 * 1024, 'x');
await writeFileAtomic(${JSON.stringify(path.join(dir, 'target.txt'))}, Array.from({ length: 64 }, () => block));
console.log('written');
setInterval(() => {}, 1000);
`,
  );
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  expect(await until(() => tempFilesIn(dir).length === 1)).toBe(true);
  return { child, exited };
}

function project(): { dir: string; notes: string } {
  const dir = path.join(root, `project-${++n}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'target.txt'), 'old\n');
  return { dir, notes: path.join(root, `notes-${n}`) };
}

describe('temporary files of a write stopped part-way', () => {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`are removed when lug dies of ${signal}`, async () => {
      const { dir, notes } = project();
      const { child, exited } = await startBigWrite(dir, notes);
      child.kill(signal);
      expect(await exited).toEqual({ code: null, signal });
      expect(readFileSync(path.join(dir, 'target.txt'), 'utf8')).toBe('old\n');
      expect(tempFilesIn(dir)).toEqual([]);
      expect(readdirSync(notes)).toEqual([]);
    });
  }

  it('are removed by the next start after a SIGKILL, and the file keeps its old content', async () => {
    const { dir, notes } = project();
    const { child, exited } = await startBigWrite(dir, notes);
    child.kill('SIGKILL');
    await exited;
    expect(tempFilesIn(dir)).toHaveLength(1);
    const sweeper = path.join(root, `sweeper-${++n}.mjs`);
    writeFileSync(sweeper, `import { configureLeftovers, sweepLeftovers } from ${JSON.stringify(dist)};
configureLeftovers({ dir: ${JSON.stringify(notes)} });
console.log(JSON.stringify(await sweepLeftovers()));
`);
    const next = spawn(process.execPath, [sweeper], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    next.stdout.on('data', (d) => (out += d));
    await new Promise((resolve) => next.on('close', resolve));
    expect(JSON.parse(out)).toMatchObject({ deadOwners: 1, tempFiles: [expect.stringMatching(/\.target\.txt\.\d+\.[0-9a-f]{12}\.lug-tmp$/)] });
    expect(tempFilesIn(dir)).toEqual([]);
    expect(readFileSync(path.join(dir, 'target.txt'), 'utf8')).toBe('old\n');
    expect(readdirSync(notes)).toEqual([]);
  });
});

describe('the sweep of a dead lug’s temporary files', () => {
  it('removes only files with lug’s name pattern and the dead pid, never a user’s', () => {
    const dir = path.join(root, `sweep-${++n}`);
    mkdirSync(dir);
    const files = [
      '.a.txt.999999.0123456789ab.lug-tmp', // the dead lug's
      '.a.txt.888888.0123456789ab.lug-tmp', // another lug's
      'a.txt.999999.0123456789ab.lug-tmp', // no leading dot
      '.a.txt.999999.0123456789AB.lug-tmp', // not lug's hex
      '.a.txt.999999.0123.lug-tmp', // too short
      'notes.lug-tmp',
      'a.txt',
    ];
    for (const f of files) writeFileSync(path.join(dir, f), 'x');
    mkdirSync(path.join(dir, '.d.999999.0123456789ab.lug-tmp')); // a directory, not a file
    expect(removeTempFilesOf(dir, 999999, () => false)).toEqual([path.join(dir, files[0]!)]);
    expect(readdirSync(dir).sort()).toEqual([...files.slice(1), '.d.999999.0123456789ab.lug-tmp'].sort());
  });

  it('leaves them while a process has that pid (a new lug may have been given it)', () => {
    const dir = path.join(root, `sweep-${++n}`);
    mkdirSync(dir);
    writeFileSync(path.join(dir, '.a.999999.0123456789ab.lug-tmp'), 'x');
    expect(removeTempFilesOf(dir, 999999, () => true)).toEqual([]);
    expect(tempFilesIn(dir)).toHaveLength(1);
  });

  it('reads the owner from a temporary name', () => {
    const name = path.basename(temporaryPathBeside('/p/notes.md'));
    expect(name).toMatch(new RegExp(`^\\.notes\\.md\\.${process.pid}\\.[0-9a-f]{12}\\.lug-tmp$`));
    expect(temporaryFileOwner(name)).toBe(process.pid);
    expect(temporaryFileOwner('notes.md')).toBeUndefined();
  });
});
