import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PromptHistory } from './history.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('PromptHistory', () => {
  it('keeps the prompts in a file only its owner can read, as the sessions and the log', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-history-'));
    dirs.push(dir);
    const file = path.join(dir, 'state', 'history');
    new PromptHistory(file).add('my secret prompt');
    await until(() => fs.existsSync(file) && modeOf(file) === 0o600);
    expect(modeOf(file)).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('closes a history file an older lug left readable by others', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-history-'));
    dirs.push(dir);
    const file = path.join(dir, 'history');
    fs.writeFileSync(file, '"old"\n', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    new PromptHistory(file).add('new');
    await until(() => modeOf(file) === 0o600);
    expect(modeOf(file)).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe('"old"\n"new"\n');
  });

  it('prepare reads the history and makes its directory before the first prompt, which then only appends', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lug-history-'));
    dirs.push(dir);
    const file = path.join(dir, 'state', 'history');
    const history = new PromptHistory(file);
    history.prepare();
    await until(() => fs.existsSync(path.dirname(file)));
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(fs.existsSync(file)).toBe(false);
    // Read at prepare: a line another lug window writes after it is not read again (as after the first Up).
    fs.writeFileSync(file, '"from another window"\n');
    history.add('mine');
    await until(() => fs.readFileSync(file, 'utf8').includes('mine'));
    expect(history.list()).toEqual(['mine']);
    expect(fs.readFileSync(file, 'utf8')).toBe('"from another window"\n"mine"\n');
  });

  it('prepare with history kept in memory touches no file', () => {
    const history = new PromptHistory(undefined);
    history.prepare();
    history.add('a');
    expect(history.previous('')).toBe('a');
  });
});
