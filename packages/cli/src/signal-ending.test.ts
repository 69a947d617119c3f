// endTurnOnSignals in a real process (bundled by esbuild from the source), sent
// real signals: the turn is cancelled first, and the process then dies of the
// signal; a turn that does not end in time, or a second signal, no longer holds it.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
let script: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lug-signal-ending-'));
  // argv: the grace in ms, and how the cancelled turn ends: "ends" (50 ms after the cancel), "hangs" (never).
  const driver = `
    import { endTurnOnSignals } from ${JSON.stringify(fileURLToPath(new URL('./signal-ending.ts', import.meta.url)))};
    (async () => {
    const [graceMs, turn] = [Number(process.argv[2]), process.argv[3]];
    const say = (line) => process.stdout.write(line + '\\n');
    let endTurn;
    const turnEnded = new Promise((resolve) => (endTurn = resolve));
    const signals = endTurnOnSignals((signal) => {
      say('cancelled by ' + signal);
      if (turn === 'ends') setTimeout(endTurn, 50);
    }, graceMs);
    setInterval(() => undefined, 1000);
    say('ready');
    await turnEnded;
    say('saved');
    if (signals.received) await signals.endByIt();
    say('not reached');
    })();
  `;
  script = join(dir, 'driver.cjs');
  await build({ stdin: { contents: driver, resolveDir: dir, loader: 'ts' }, bundle: true, format: 'cjs', platform: 'node', target: 'node20', outfile: script, logLevel: 'silent' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Start the driver, send `signals` once it is ready (a pause between each), and what it said and how it ended. */
async function run(graceMs: number, turn: 'ends' | 'hangs', signals: NodeJS.Signals[]) {
  const child = spawn(process.execPath, [script, String(graceMs), turn], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      if (out.includes('ready')) resolve();
    }),
  );
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  await ready;
  const started = Date.now();
  for (const signal of signals) {
    child.kill(signal);
    await new Promise((r) => setTimeout(r, 20));
  }
  const end = await ended;
  return { ...end, said: out.trim().split('\n'), ms: Date.now() - started };
}

describe('endTurnOnSignals', () => {
  it.each(['SIGTERM', 'SIGHUP'] as const)('cancels the turn at %s, and once it is saved the process dies of the signal', async (signal) => {
    const r = await run(10_000, 'ends', [signal]);
    expect(r.said).toEqual(['ready', `cancelled by ${signal}`, 'saved']);
    expect({ code: r.code, signal: r.signal }).toEqual({ code: null, signal });
  });

  it('ends the process by the signal when the cancelled turn does not end within the grace', async () => {
    const r = await run(300, 'hangs', ['SIGTERM']);
    expect(r.said).toEqual(['ready', 'cancelled by SIGTERM']);
    expect(r.signal).toBe('SIGTERM');
    expect(r.ms).toBeGreaterThanOrEqual(250);
  });

  it('does not wait for the turn at a second signal', async () => {
    const r = await run(10_000, 'hangs', ['SIGTERM', 'SIGTERM']);
    expect(r.said).toEqual(['ready', 'cancelled by SIGTERM']);
    expect(r.signal).toBe('SIGTERM');
    expect(r.ms).toBeLessThan(5_000);
  });
});
