import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HELP } from '../src/args.js';

const binDir = fileURLToPath(new URL('../bin/', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** bin/lug.js alone in a folder: no dist/ beside it, so an answer that loaded any of lug would fail. */
function lonelyBin(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lug-bin-'));
  copyFileSync(join(binDir, 'lug.js'), join(dir, 'lug.js'));
  copyFileSync(join(binDir, 'package.json'), join(dir, 'package.json'));
  return join(dir, 'lug.js');
}

const run = (bin: string, args: string[]) => execFileSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

describe('bin/lug.js answers --version and --help by itself', () => {
  it('prints the version of package.json for --version and -v', () => {
    const bin = lonelyBin();
    expect(run(bin, ['--version'])).toBe(`${version}\n`);
    expect(run(bin, ['-v'])).toBe(`${version}\n`);
  });

  it('prints the help of src/args.ts for --help and -h', () => {
    const bin = lonelyBin();
    expect(run(bin, ['--help'])).toBe(HELP);
    expect(run(bin, ['-h'])).toBe(HELP);
  });

  it('writes to the file descriptor, not through process.stdout (a socket stream to make, when it is a pipe)', () => {
    const bin = lonelyBin();
    const trap = join(mkdtempSync(join(tmpdir(), 'lug-bin-trap-')), 'trap.cjs');
    writeFileSync(trap, "Object.defineProperty(process, 'stdout', { configurable: true, get() { throw new Error('process.stdout was made'); } });\n");
    const withTrap = (args: string[]) => execFileSync(process.execPath, ['--require', trap, bin, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(withTrap(['--version'])).toBe(`${version}\n`);
    expect(withTrap(['--help'])).toBe(HELP);
  });

  it('ends quietly, with 0, when the reader has gone (lug --help | head -1)', async () => {
    const child = spawn(process.execPath, [lonelyBin(), '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // before node has started: its write meets a closed pipe
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('hands every other command line to dist/start.cjs', () => {
    expect(() => execFileSync(process.execPath, [lonelyBin(), '--version', '--help'], { encoding: 'utf8', stdio: 'pipe' })).toThrow(/dist\/start\.cjs/);
  });
});
