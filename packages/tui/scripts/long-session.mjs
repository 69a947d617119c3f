#!/usr/bin/env node
/**
 * A 500-turn scripted session through the real TUI (fake terminal, real ink
 * renderer), then: the time from a key press to the frame that echoes it, and
 * the memory in use. Each turn: a prompt, three Markdown blocks (one with code),
 * two tool calls with 2 kB results.
 *   node --expose-gc scripts/long-session.mjs [turns]
 */
import { EventEmitter } from 'node:events';
import { allowAll, createHost, emptyUsage } from '@lug/core';
import { startTui } from '@lug/tui';

const print = console.log.bind(console); // the TUI routes console.log to its transcript
const TURNS = Number(process.argv[2] ?? 500);
// The scripted session runs no tool: nothing to guard.
const host = createHost({ cwd: '/project', env: { HOME: '/home/u' }, authorize: allowAll, interactive: true });
let writes = [];
const stdout = Object.assign(new EventEmitter(), { isTTY: true, columns: 100, rows: 40, write(c) { writes.push(String(c)); return true; } });
const stdin = Object.assign(new EventEmitter(), {
  isTTY: true, queue: [], setRawMode() {}, setEncoding() {}, ref() {}, unref() {}, resume() {}, pause() {},
  read() { return this.queue.shift() ?? null; },
  type(s) { this.queue.push(s); this.emit('readable'); },
});
let finish;
const session = {
  id: 's', messages: [], usage: emptyUsage(), running: false,
  modelName: () => 'anthropic/claude-sonnet-4-5', cancel() {}, reset() {},
  submit(prompt) {
    this.running = true;
    host.events.emit('turn_start', { prompt });
    return new Promise((resolve) => (finish = resolve));
  },
};
const approvals = {
  queue: { current: () => undefined, pending: () => [], answer() {}, onChange: () => () => {} },
  allowedAlways: { list: () => [], clear() {}, add() {} },
  mode: () => 'policy', isAuto: () => false, toggleAuto() {},
};
const tick = () => new Promise((r) => setTimeout(r, 0));
void startTui({ host, session, approvals, version: 'bench', stdout, stdin, probe: false, processes: { running: () => 0, background: () => 0 } });
await new Promise((r) => setTimeout(r, 300));

const result = 'x'.repeat(60) + '\n';
const started = performance.now();
for (let turn = 0; turn < TURNS; turn++) {
  stdin.type(`prompt number ${turn}`);
  await tick();
  stdin.type('\r');
  await tick();
  const say = (t) => host.events.emit('text_delta', { text: t });
  say(`## Step ${turn}\n\nHere is **some** text for turn ${turn}, long enough to wrap a little on a narrow terminal window.\n\n`);
  say('```ts\nconst answer = 42;\nconsole.log(answer);\n```\n\nDone.');
  for (const id of ['a', 'b']) {
    const call = { id: `${turn}${id}`, tool: 'bash', args: { command: `echo ${turn}` }, argsText: '' };
    host.events.emit('tool_call', { call });
    host.events.emit('tool_start', { call });
    host.events.emit('tool_result', { call, content: result.repeat(33), isError: false, outcome: 'done', durationMs: 5 });
  }
  host.events.emit('usage', { usage: { inputTokens: 1000, outputTokens: 100 }, total: { inputTokens: 1000 * (turn + 1), outputTokens: 100 * (turn + 1) } });
  session.running = false;
  host.events.emit('turn_end', { reason: 'done', text: '' });
  finish({ text: '', reason: 'done' });
  writes = [];
  await tick();
}
const total = performance.now() - started;
await new Promise((r) => setTimeout(r, 300));
globalThis.gc?.();
const heap = process.memoryUsage();

// Key press to echo: type a letter, wait until a write shows the input line with it.
const echoes = [];
for (let i = 0; i < 20; i++) {
  await new Promise((r) => setTimeout(r, 40)); // past ink's 30 fps throttle window
  writes = [];
  const ch = String.fromCharCode(97 + i);
  const t0 = performance.now();
  stdin.type(ch);
  while (!writes.some((w) => w.includes(`› ${'abcdefghijklmnopqrstuvwxyz'.slice(0, i + 1)}`))) await new Promise((r) => setImmediate(r));
  echoes.push(performance.now() - t0);
}
echoes.sort((a, b) => a - b);
print(`${TURNS} turns in ${(total / 1000).toFixed(1)} s`);
print(`key press to echo: median ${echoes[10].toFixed(2)} ms, max ${echoes[19].toFixed(2)} ms`);
print(`memory: rss ${(heap.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(heap.heapUsed / 2 ** 20).toFixed(0)} MiB`);
process.exit(0);
