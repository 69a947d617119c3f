import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { allowAll, createHost, loadPlugin } from '@lug/core';
import { describeTool, processRunning, readToolsPage, runTool, toolContext, toolPageDifferences } from '@lug/testing';
import { killAllProcesses, processTable, type ToolOutput, type ToolProgress } from '@lug/tools';
import plugin, { bashTool } from './index.js';

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'lug-bash-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await killAllProcesses({ graceMs: 200 });
});

const text = (out: ToolOutput) => (typeof out === 'string' ? out : out.content);
async function bash(command: string, extra: { timeout_secs?: number } = {}, ctx = toolContext(dir)): Promise<string> {
  return text(await bashTool.handler({ command, ...extra }, ctx));
}

const page = readToolsPage(fileURLToPath(new URL('../../../docs/tools.md', import.meta.url)));

describe('the bash tool as the page defines it', () => {
  it('has the page’s description, arguments and ask-by-default exactly', () => {
    expect(toolPageDifferences(bashTool, page)).toEqual([]);
  });

  it('keeps the end of over-long output, and is a plugin by the public contract', async () => {
    expect(bashTool.keep).toBe('end');
    const host = createHost({ cwd: dir, authorize: allowAll });
    await loadPlugin(host, { default: plugin });
    // The plugin's bash is bashTool reading the host's sandbox options: the same definition.
    expect(host.tools.get('bash')).toMatchObject({ name: 'bash', description: bashTool.description, parameters: bashTool.parameters, keep: 'end', ask: true });
    expect(host.tools.source('bash')).toBe('bash');
  });

  it('previews the command and where it runs', async () => {
    expect(await bashTool.preview!({ command: 'rm -rf build' }, toolContext(dir))).toEqual({ kind: 'command', command: 'rm -rf build', cwd: dir });
  });
});

describe('running a command', () => {
  it('returns the exit status, then stdout, then stderr', async () => {
    expect(await bash('echo out; echo err >&2; exit 3')).toBe('exit status 3\nstdout:\nout\nstderr:\nerr');
  });

  it('says when there is no output', async () => {
    expect(await bash('true')).toBe('exit status 0\n(no output)');
  });

  it('runs bash, in the working directory, with empty standard input', async () => {
    expect(await bash('[[ -n $BASH_VERSION ]] && pwd; cat')).toBe(`exit status 0\nstdout:\n${dir}`);
  });

  it('runs the command in its own process group', async () => {
    expect(await bash('test "$(ps -o pgid= -p $$ | tr -d " ")" = "$$" && echo own-group')).toBe('exit status 0\nstdout:\nown-group');
  });

  it('reports the signal that killed the command', async () => {
    expect(await bash('kill -KILL $$')).toBe('killed by signal SIGKILL\n(no output)');
  });

  it('shows the interface the output as it comes', async () => {
    const progress: ToolProgress[] = [];
    await bash('echo hello; echo oops >&2', {}, toolContext(dir, { emit: (p) => progress.push(p) }));
    expect(progress.map((p) => p.text).join('')).toContain('hello');
    expect(progress.every((p) => p.kind === 'output')).toBe(true);
  });

  it('refuses an empty command and a timeout out of range', async () => {
    await expect(bash('  ')).rejects.toThrow(/command is empty/);
    await expect(bash('true', { timeout_secs: 0 })).rejects.toThrow('timeout_secs must be an integer from 1 to 600, got 0');
    await expect(bash('true', { timeout_secs: 601 })).rejects.toThrow(/from 1 to 600/);
  });

  it('names a timeout that is no number at all (NaN, Infinity: Lua can pass them) as it is, not as null', async () => {
    await expect(bash('true', { timeout_secs: Number.NaN })).rejects.toThrow('timeout_secs must be an integer from 1 to 600, got NaN');
    await expect(bash('true', { timeout_secs: Number.POSITIVE_INFINITY })).rejects.toThrow('got Infinity');
  });
});

describe('timeouts and cancelling', () => {
  it('kills the whole group on timeout, a grandchild that ignores TERM included, and says after how long', async () => {
    const pidFile = path.join(dir, 'grandchild.pid');
    const out = await bashTool.handler({ command: `(trap '' TERM; exec sleep 60) & echo $! > ${pidFile}; wait`, timeout_secs: 1 }, toolContext(dir));
    expect(typeof out === 'object' && out.isError).toBe(true);
    expect(text(out)).toMatch(
      /^killed after 1\.\d s: the command did not finish within timeout_secs \(1 s\), so its whole process group was killed \(SIGTERM, then SIGKILL\)\n\(no output\)$/,
    );
    expect(processRunning(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  }, 15_000);

  it('uses the default timeout from the limits when timeout_secs is not given', async () => {
    expect(await bash('sleep 10', {}, toolContext(dir, { limits: { timeoutSecs: 1 } }))).toMatch(/^killed after 1\.\d s: .*timeout_secs \(1 s\)/);
  }, 15_000);

  it('kills the group when the turn is cancelled', async () => {
    const controller = new AbortController();
    let shown = '';
    const ctx = toolContext(dir, { signal: controller.signal, emit: (p) => (shown += p.text) });
    const run = bash('echo started; sleep 60', {}, ctx);
    while (!shown.includes('started')) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await run).toMatch(/^killed after \d+\.\d s: cancelled by the user; its whole process group was killed\nstdout:\nstarted$/);
    expect(processTable.running()).toBe(0);
  });
});

describe('output limits', () => {
  it('cuts output to 30,000 bytes keeping the end, with a line saying how many bytes of each stream were cut', async () => {
    const out = await bash('seq 1 100000');
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(30_000);
    const lines = out.split('\n');
    expect(lines[0]).toBe('exit status 0');
    const cut = /^\[output cut: the first ([\d,]+) bytes of stdout and 0 bytes of stderr are not shown; each stream keeps its end\]$/.exec(lines[1]!);
    expect(cut).not.toBeNull();
    expect(lines.at(-1)).toBe('100000');
    const shownStdout = out.slice(out.indexOf('stdout:\n') + 'stdout:\n'.length);
    expect(Number(cut![1]!.replace(/,/g, '')) + Buffer.byteLength(shownStdout) + 1).toBe(588_895);
  });

  it('keeps the last lines of stderr when stdout floods', async () => {
    const out = await bash('seq 1 300000; echo the-real-error >&2');
    expect(out.endsWith('stderr:\nthe-real-error')).toBe(true);
    expect(out).toMatch(/\nstdout:\n[\s\S]*\n300000\nstderr:/);
  });

  it('shares the budget when both streams flood, each keeping its end', async () => {
    const out = await bash('seq 1 100000; seq 1 100000 | sed s/^/e/ >&2');
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(30_000);
    expect(out).toMatch(/\n100000\nstderr:\n/);
    expect(out.endsWith('\ne100000')).toBe(true);
    expect(out.split('\n')[1]).toMatch(/^\[output cut: the first [\d,]+ bytes of stdout and [\d,]+ bytes of stderr are not shown/);
  });

  it('keeps the result at 30,000 bytes and memory flat for yes | head -c 1000000000', async () => {
    const start = process.memoryUsage().rss;
    let peak = start;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const out = await bash('yes | head -c 1000000000');
    clearInterval(sampler);
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(30_000);
    expect(out).toMatch(/^exit status 0\n\[output cut: the first 999,9\d\d,\d\d\d bytes of stdout/);
    expect(peak - start).toBeLessThan(50 * 1024 * 1024);
  }, 30_000);
});

describe('background processes', () => {
  it('lets a redirected background process outlive the call, until lug kills every group', async () => {
    const out = await bash('sleep 60 > /dev/null 2>&1 & echo $!');
    const pid = Number(out.split('\n')[2]);
    expect(processRunning(pid)).toBe(true);
    expect(processTable.background()).toBe(1);
    await killAllProcesses({ graceMs: 200 });
    expect(processRunning(pid)).toBe(false);
  });

  it('does not hang past the shell’s exit when a background process keeps the pipe open', async () => {
    const started = Date.now();
    expect(await bash('sleep 60 & echo hi')).toBe('exit status 0\nstdout:\nhi');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('what bash says about a call, beside the text the model reads', () => {
  it('describes a call by its command line, for approvals to judge part by part', () => {
    expect(describeTool(bashTool, { command: 'git status && make' }, { cwd: dir })).toEqual({
      title: 'git status && make',
      command: 'git status && make',
      kind: 'execute',
      paths: [],
    });
  });

  it('gives the exit status and how many lines of each stream the result shows', async () => {
    const r = await runTool(bashTool, { command: 'printf "a\\nb\\n"; echo oops >&2; exit 3' }, { cwd: dir });
    expect(r.content).toBe('exit status 3\nstdout:\na\nb\nstderr:\noops');
    expect(r.details).toEqual({ kind: 'command', exitCode: 3, signal: null, timedOut: false, cancelled: false, stdoutLines: 2, stderrLines: 1 });
  });

  it('gives the signal that killed a command, and no exit status', async () => {
    const r = await runTool(bashTool, { command: 'kill -KILL $$' }, { cwd: dir });
    expect(r.details).toMatchObject({ kind: 'command', exitCode: null, signal: 'SIGKILL', stdoutLines: 0, stderrLines: 0 });
  });

  it('says a command ran past its timeout', async () => {
    const r = await runTool(bashTool, { command: 'sleep 5', timeout_secs: 1 }, { cwd: dir });
    expect(r.isError).toBe(true);
    expect(r.details).toMatchObject({ kind: 'command', timedOut: true, cancelled: false });
  });
});
