/**
 * The whole tour, start to finish, as a new user takes it: the real core and
 * approvals, tools like the stock ones, and only the keys the lessons name.
 */
import fs from 'node:fs';
import path from 'node:path';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { createHost, Session } from '@lug/core';
import { createApprovals } from '@lug/approvals';
import { App } from './app.js';
import { registerTuiCommands } from './commands.js';
import { interactiveUi } from './confirm.js';
import { TuiController } from './controller.js';
import { defineTuiOptions } from './options.js';
import { createTutorProject, installTutor, scriptProvider, tutorScript, TUTOR_FILES, TUTOR_MODEL } from './tutor.js';
import { KEY, plain, settle } from './test-support/ink.js';
import { TEST_TOOLS } from './test-support/tools.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanup();
  for (const fn of cleanups.splice(0)) fn();
});

async function startTour() {
  const project = createTutorProject();
  cleanups.push(() => project.remove());
  const host = createHost({ cwd: project.dir, env: { HOME: project.dir, PATH: process.env.PATH } });
  defineTuiOptions(host.options);
  for (const tool of TEST_TOOLS) host.tools.register(tool);
  const approvals = createApprovals(host, { logPath: path.join(project.dir, '.approvals.log') });
  const session = new Session(host);
  const controller = new TuiController({ host, session, approvals, version: 'test', frameMs: 0, probe: false });
  host.ui = interactiveUi(controller.confirms, host.events);
  registerTuiCommands(controller);
  controller.start();
  await installTutor(controller, { rule: approvals.rule });
  const ui = render(<App controller={controller} />);
  const frame = () => plain(ui.lastFrame());
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      ui.stdin.write(k);
      await settle(1);
    }
  };
  const waitFor = async (what: string, check: () => boolean, ms = 5000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the screen:\n${frame()}`);
      await settle(2);
    }
  };
  return { project, host, approvals, session, controller, frame, press, waitFor };
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

    // Lesson 4: the rule allows cat and denies rm, bash being allowed always or not.
    await t.waitFor('lesson 5', () => t.frame().includes('Lesson 5: auto mode') && !t.session.running);
    const frame = t.frame();
    expect(frame).toMatch(/✓ bash node greet\.js/);
    expect(frame).toMatch(/✓ bash ls/);
    expect(frame).toMatch(/✓ bash wc -l greet\.js/);
    expect(frame).toMatch(/✓ bash cat README\.md/);
    expect(frame).toMatch(/⊘ bash rm README\.md\s+denied: the tutor's rule: no rm/);
    expect(t.project.exists('README.md')).toBe(true);

    // Lesson 5: Shift-Tab, then a write runs without a dialog.
    await t.press(KEY.shiftTab);
    expect(t.frame()).toContain(' AUTO ');
    await t.press('go on', KEY.enter);
    await t.waitFor('the end of the tour', () => t.frame().includes("That's the tour.") && !t.session.running);
    expect(t.project.read('NOTES.md')).toContain('Written by the lug tutor in auto mode.');
    expect(t.frame()).not.toContain('write wants to change');
    expect(t.approvals.allowedAlways.list()).toEqual(['bash']);
  });
});

describe('tutor parts', () => {
  it('copies the sample project to a scratch directory', () => {
    const project = createTutorProject();
    try {
      expect(project.list()).toEqual(Object.keys(TUTOR_FILES).sort());
      expect(project.dir.startsWith(fs.realpathSync(process.env.TMPDIR ?? '/tmp'))).toBe(true);
    } finally {
      project.remove();
    }
  });

  it('plays each lesson as provider events and says the tour is over after the last', async () => {
    const provider = scriptProvider(tutorScript().slice(0, 1));
    const events = [];
    for await (const e of provider.stream({} as never, new AbortController().signal)) events.push(e);
    expect(events.filter((e) => e.type === 'tool_call')).toEqual([{ type: 'tool_call', id: 'tutor-1', name: 'read', argsText: '{"path":"greet.js"}' }]);
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'tool_use' });
    const after = [];
    for await (const e of provider.stream({} as never, new AbortController().signal)) after.push(e);
    expect(after.map((e) => (e.type === 'text_delta' ? e.text : '')).join('')).toContain('The tour is over.');
  });
});
