/**
 * The one-line summaries of results, from real runs: the bash plugin's real
 * output and details fed to the interface's summary, and the headless printer
 * and the interface agreeing on every recorded turn.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bashTool } from '@lug/plugin-bash';
import { allowAll, createHost, type LugEvent } from '@lug/core';
import { runTool } from '@lug/testing';
import { summarize } from '@lug/tui';
import { afterAll, describe, expect, it } from 'vitest';
import { HeadlessPrinter } from '../headless-printer.js';
import { SCENARIOS } from '../test-support/recorded-scenarios.js';

const dir = mkdtempSync(join(tmpdir(), 'lug-summaries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bashSummary(command: string): Promise<string> {
  const r = await runTool(bashTool, { command }, { cwd: dir });
  return summarize(r.content, r.isError ? 'failed' : 'done', r.details);
}

describe('the interface\'s summary of a real bash run', () => {
  it('is the exit status and how many lines the command printed', async () => {
    expect(await bashSummary('echo "Hello, world!"')).toBe('exit 0 · 1 line');
    expect(await bashSummary('true')).toBe('exit 0');
    expect(await bashSummary('printf "a\\nb\\n"; echo oops >&2; exit 2')).toBe('exit 2 · 3 lines');
  });

  it('says a signal killed it, and quotes why a timed-out command failed', async () => {
    expect(await bashSummary('kill -TERM $$')).toBe('killed by SIGTERM');
    const r = await runTool(bashTool, { command: 'sleep 5', timeout_secs: 1 }, { cwd: dir });
    expect(summarize(r.content, 'failed', r.details)).toMatch(/^killed after 1\.\d s: the command did not finish within timeout_secs \(1 s\)/);
  });

  it('counts what the result shows when the output was cut', async () => {
    const r = await runTool(bashTool, { command: 'seq 1 100000' }, { cwd: dir });
    const shown = r.content.split('\n').filter((line) => /^\d+$/.test(line)).length;
    expect(summarize(r.content, 'done', r.details)).toBe(`exit 0 · ${shown} lines`);
  });
});

const recorded = (name: string): LugEvent[] =>
  (JSON.parse(readFileSync(new URL(`../../../tui/src/test-support/recorded/${name}.json`, import.meta.url), 'utf8')) as { events: LugEvent[] }).events;

function printed(events: LugEvent[]): string {
  const host = createHost({ cwd: '/project', authorize: allowAll });
  let stderr = '';
  new HeadlessPrinter(host, 'text', { stdout: () => undefined, stderr: (text) => void (stderr += text) });
  for (const { type, ...payload } of events) host.events.emit(type, payload as never);
  return stderr;
}

describe('the headless printer', () => {
  it('prints each call by its title, with the summary its details give', () => {
    expect(printed(recorded('bash-in-auto-mode'))).toBe("• bash printf 'ok\\nall passed\\n' — done · exit 0 · 2 lines\n");
    expect(printed(recorded('ls-then-answer'))).toBe('• ls src — done · 3 entries\n');
    expect(printed(recorded('write-waits-read-runs'))).toBe('• read notes.txt — done · 2 lines\n• write notes.txt — done · +1 −1\n');
    expect(printed(recorded('read-fails-write-denied'))).toBe(
      '• read missing.txt — failed: missing.txt (/project/missing.txt) does not exist; list its directory with ls to find the right name.\n' +
        '• write out.txt — denied: no writes here\n',
    );
  });

  it('shows the same summary as the interface for every recorded call that succeeded', () => {
    for (const { name } of SCENARIOS) {
      for (const e of recorded(name)) {
        if (e.type !== 'tool_result' || e.isError || !e.details) continue;
        expect(printed([e]), `${name} ${e.call.id}`).toContain(` — done · ${summarize(e.content, 'done', e.details)}\n`);
      }
    }
  });
});
