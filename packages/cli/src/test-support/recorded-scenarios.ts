/**
 * The turns the interface's tests replay (packages/tui/src/test-support/recorded/),
 * each recorded from lug's real parts by record-turn.ts. Every step gives its
 * usage, and calls run one at a time, so a recording is the same on every run.
 */
import { text, toolCall, turn } from '@lug/testing';
import type { TurnScenario } from './record-turn.js';

const usage = { inputTokens: 100, outputTokens: 20 };
const say = (reply: string | string[]) => turn(text(reply), { usage });

export const SCENARIOS: TurnScenario[] = [
  {
    name: 'streamed-answer',
    about: 'An answer of two Markdown blocks, the second one streamed in two pieces.',
    prompt: 'hi',
    script: [say(['First block.\n\nSecond bl', 'ock.'])],
  },
  {
    name: 'bash-in-auto-mode',
    about: 'A bash call in auto mode (approval "off"): it waits, runs and prints two lines; then the answer.',
    prompt: 'go',
    mode: 'off',
    script: [turn(toolCall('bash', { command: "printf 'ok\\nall passed\\n'" }, { id: 'b1' }), { usage }), say('All passed.')],
  },
  {
    name: 'bash-asked-and-allowed',
    about: 'A bash call that asks (bash asks by default), is allowed in the dialog, reports progress and exits 1.',
    prompt: 'run the tests',
    answer: () => ({ kind: 'allow' }),
    script: [turn(toolCall('bash', { command: "printf 'PASS a\\nPASS b\\n'; exit 1" }, { id: 'c' }), { usage }), say('One suite failed.')],
  },
  {
    name: 'write-waits-read-runs',
    about: 'Two calls in one answer: a write whose rule takes its time, and a read that runs and finishes meanwhile; then the rule allows the write.',
    prompt: 'update the notes',
    files: { 'notes.txt': 'one\ntwo\n' },
    script: [
      turn(toolCall('write', { path: 'notes.txt', content: 'one\nTWO\n' }, { id: 'a' }), toolCall('read', { path: 'notes.txt' }, { id: 'b' }), { usage }),
      say('Updated.'),
    ],
    prepare({ approvals, host }) {
      let allow!: (verdict: 'allow') => void;
      approvals.rule('write', () => new Promise((resolve) => (allow = resolve)), { source: 'test rule' });
      host.events.on('tool_result', (e) => {
        if (e.call.id === 'b') allow('allow');
      });
    },
  },
  {
    name: 'read-fails-write-denied',
    about: 'A read of a file that does not exist (an error result), then a write a rule denies.',
    prompt: 'go',
    script: [
      turn(toolCall('read', { path: 'missing.txt' }, { id: 'r1' }), { usage }),
      turn(toolCall('write', { path: 'out.txt', content: 'x' }, { id: 'w1' }), { usage }),
      say('Neither worked.'),
    ],
    prepare({ approvals }) {
      approvals.rule('write', () => ({ verdict: 'deny', reason: 'no writes here' }), { source: 'init.lua:4' });
    },
  },
  {
    name: 'cancelled-while-running',
    about: 'A long bash call in auto mode, cancelled while it runs.',
    prompt: 'wait a while',
    mode: 'off',
    script: [turn(toolCall('bash', { command: 'sleep 100' }, { id: 'e' }), { usage })],
    prepare({ host, session }) {
      host.events.on('tool_start', () => setTimeout(() => session.cancel(), 50));
    },
  },
  {
    name: 'ls-then-answer',
    about: 'An ls of a directory, then the answer.',
    prompt: 'what is in src?',
    files: { 'src/a.ts': '', 'src/b.ts': '', 'src/sub/c.ts': '' },
    script: [turn(toolCall('ls', { path: 'src' }, { id: 'l1' }), { usage }), say('Two files and a folder.')],
  },
  {
    name: 'read-then-answer',
    about: 'Text, a read of a one-line file, and the answer: what a resumed session replays.',
    prompt: 'read a.txt',
    files: { 'a.txt': 'a\n' },
    script: [turn(text('Reading it.'), toolCall('read', { path: 'a.txt' }, { id: 't1' }), { usage }), say('It says a.')],
  },
  {
    name: 'forty-calls',
    about: 'Forty bash calls in one answer, all denied by a rule (the interface must keep them within the screen).',
    prompt: 'go',
    script: [turn(...Array.from({ length: 40 }, (_, i) => toolCall('bash', { command: `sleep ${i}` }, { id: `c${i}` })), { usage }), say('None ran.')],
    prepare({ approvals }) {
      approvals.rule('bash', 'deny', { source: 'test rule' });
    },
  },
];
