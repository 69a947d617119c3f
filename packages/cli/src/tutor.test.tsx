/**
 * The whole tour, start to finish, as a new user takes it: lug composed as
 * `lug --tutor` composes it (the stock tools, approvals, Lua) in the tour's
 * scratch project, the interface's App in ink-testing-library, and only the
 * keys the lessons name. (src/e2e/tui-terminal.test.ts takes it again with the
 * real binary in tmux.)
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { tempDirs } from '@lug/testing';
import { App, registerTuiCommands, TuiController } from '@lug/tui';
import { parseCliArgs } from './args.js';
import { composeLug } from './compose.js';
import { createTutorProject, installTutor, readTour, tourSteps, TUTOR_MODEL } from './tutor.js';

const KEY = { enter: '\r', shiftTab: '\x1b[Z' };
/** Let ink parse input and React commit. */
const settle = async (times = 2) => {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 5));
};
// eslint-disable-next-line no-control-regex
const plain = (frame: string | undefined) => (frame ?? '').replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\x1b\]8;[^\x07\x1b]*(\x07|\x1b\\)/g, '');

const dirs = tempDirs('lug-tutor-');
const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanup();
  for (const fn of cleanups.splice(0)) fn();
  dirs.removeAll();
});

async function startTour() {
  const project = createTutorProject();
  cleanups.push(() => project.remove());
  const home = dirs.make();
  const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, 'config'), XDG_STATE_HOME: path.join(home, 'state'), XDG_CACHE_HOME: path.join(home, 'cache'), PATH: process.env.PATH };
  const lug = await composeLug({ cwd: project.dir, env, args: parseCliArgs(['--tutor']), interactive: true });
  cleanups.push(() => lug.lua?.close());
  const controller = new TuiController({ host: lug.host, session: lug.session, approvals: lug.approvals, lua: lug.lua, version: 'test', frameMs: 0, probe: false });
  // Its keys (Shift-Tab) and :commands, as startTui registers them.
  cleanups.push(registerTuiCommands(controller));
  await installTutor(controller);
  controller.start();
  cleanups.push(() => controller.dispose());
  const ui = render(<App controller={controller} />);
  const frame = () => plain(ui.lastFrame());
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      ui.stdin.write(k);
      await settle(1);
    }
  };
  const waitFor = async (what: string, check: () => boolean, ms = 10_000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the screen:\n${frame()}`);
      await settle(2);
    }
  };
  return { project, lug, frame, press, waitFor };
}

describe('lug --tutor', () => {
  it('plays the tour from the welcome to the end, with y, A, the Lua rule and Shift-Tab', async () => {
    const t = await startTour();
    await t.waitFor('the welcome', () => t.frame().includes('lug tutor'));
    expect(t.frame()).toContain(TUTOR_MODEL);
    expect(t.frame()).toContain('scratch copy');

    await t.press('start', KEY.enter);
    // Lessons 1 and 2: a read runs at once, then the edit asks with its diff.
    await t.waitFor('the edit dialog', () => t.frame().includes('edit wants to change: greet.js'));
    expect(t.frame()).toMatch(/✓ read greet\.js/);
    expect(t.frame()).toContain("-  return 'Hello ' + name;");
    expect(t.frame()).toContain('+  return `Hello, ${name}!`;');
    await t.press('y');

    // Lesson 3: three bash calls; A on the first runs all three.
    await t.waitFor('three waiting commands', () => t.frame().includes('bash wants to run: node greet.js') && t.frame().includes('2 more waiting'));
    expect(t.project.read('greet.js')).toContain('`Hello, ${name}!`');
    await t.press('A');

    // Lesson 4: the Lua rule allows cat and denies rm, bash being allowed always or not.
    await t.waitFor('lesson 5', () => t.frame().includes('Lesson 5: auto mode') && !t.lug.session.running);
    const frame = t.frame();
    expect(frame).toMatch(/✓ bash node greet\.js/);
    expect(frame).toMatch(/✓ bash ls/);
    expect(frame).toMatch(/✓ bash wc -l greet\.js/);
    expect(frame).toMatch(/✓ bash cat README\.md/);
    expect(frame).toMatch(/⊘ bash rm README\.md\s+denied: the tutor's Lua rule: no rm/);
    expect(t.project.exists('README.md')).toBe(true);
    // A was pressed: the lesson says so.
    expect(frame).toContain('even though bash is allowed for the session');

    // Lesson 5: Shift-Tab, then a write runs without a dialog.
    await t.press(KEY.shiftTab);
    expect(t.frame()).toContain(' AUTO ');
    await t.press('go on', KEY.enter);
    await t.waitFor('the end of the tour', () => t.frame().includes("That's the tour.") && !t.lug.session.running);
    expect(t.project.read('NOTES.md')).toContain('Written by the lug tutor in auto mode.');
    expect(t.frame()).not.toContain('write wants to change');
    expect(t.lug.approvals.allowedAlways.list()).toEqual(['bash']);
  });
});

describe('lug --tutor, when the user does something else', () => {
  it('never says bash is allowed after y instead of A, nor that auto mode is on without Shift-Tab', async () => {
    const t = await startTour();
    await t.waitFor('the welcome', () => t.frame().includes('lug tutor'));
    await t.press('start', KEY.enter);
    await t.waitFor('the edit dialog', () => t.frame().includes('edit wants to change: greet.js'));
    await t.press('y');
    // y on each of the three commands, not A.
    for (const command of ['node greet.js', 'ls', 'wc -l greet.js']) {
      await t.waitFor(`the dialog for ${command}`, () => t.frame().includes(`bash wants to run: ${command}`));
      await t.press('y');
    }
    await t.waitFor('lesson 5', () => t.frame().includes('Lesson 5: auto mode') && !t.lug.session.running);
    expect(t.lug.approvals.allowedAlways.list()).toEqual([]);
    expect(t.frame()).not.toContain('allowed for the session:');
    expect(t.frame()).toContain('a rule that denies always wins, even over a tool allowed for the session with A');
    // No Shift-Tab: the write asks, and the tour says why.
    await t.press('go on', KEY.enter);
    await t.waitFor('the write dialog', () => t.frame().includes('write wants to change'));
    expect(t.frame()).toContain('Auto mode is off (Shift-Tab was not pressed)');
    expect(t.frame()).not.toContain('In auto mode no dialog opens');
    await t.press('y');
    await t.waitFor('the end of the tour', () => t.frame().includes("That's the tour.") && !t.lug.session.running);
    expect(t.frame()).not.toContain('leave auto mode');
    expect(t.project.read('NOTES.md')).toContain('Written by the lug tutor');
  });
});

describe('tutor parts', () => {
  it('copies the sample project of tutor/tour.md to a scratch directory', () => {
    const tour = readTour();
    const project = createTutorProject(tour);
    try {
      expect(project.list()).toEqual(['README.md', 'greet.js', 'package.json']);
      expect(project.read('greet.js')).toBe("function greet(name) {\n  return 'Hello ' + name;\n}\n\nconsole.log(greet('world'));\n");
      expect(project.dir.startsWith(fs.realpathSync(process.env.TMPDIR ?? '/tmp'))).toBe(true);
    } finally {
      project.remove();
    }
  });

  it('makes each lesson of tutor/tour.md one answer of the model: its text, then its calls', () => {
    const tour = readTour();
    const steps = tourSteps(tour);
    const summary = steps.map((step) => step.parts.map((p) => (p.type === 'text' ? 'text' : `${p.name} ${p.fragments.join('')}`)));
    expect(summary).toEqual([
      ['text', 'read {"path":"greet.js"}'],
      ['text', `edit ${JSON.stringify({ path: 'greet.js', old_string: "  return 'Hello ' + name;", new_string: '  return `Hello, ${name}!`;' })}`],
      ['text', 'bash {"command":"node greet.js"}', 'bash {"command":"ls"}', 'bash {"command":"wc -l greet.js"}'],
      ['text', 'bash {"command":"cat README.md"}', 'bash {"command":"rm README.md"}'],
      ['text'],
      ['text', 'write {"path":"NOTES.md","content":"# Notes\\n\\nWritten by the lug tutor in auto mode.\\n"}'],
      ['text'],
    ]);
    const textOf = (n: number) => steps[n]!.parts.flatMap((p) => (p.type === 'text' ? p.chunks : [])).join('');
    expect(textOf(0)).toMatch(/^Welcome to the lug tutor\. I am \*\*a scripted model\*\*.*\n\n\*\*Lesson 1: tools\.\*\* .* runs at once:$/s);
    // The lesson on rules shows the very rule the tour runs.
    expect(textOf(3)).toContain(`\`\`\`lua\n${tour.rule}\n\`\`\``);
  });
});
