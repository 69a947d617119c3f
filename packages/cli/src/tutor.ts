/**
 * `lug --tutor`: a guided tour that needs no key, like Vim's vimtutor. A
 * scripted model (named "tutor/scripted-tour", and saying it is a script)
 * works in a scratch copy of a small sample project: it reads a file, proposes
 * an edit (the dialog and its diff; y, n), runs three commands (A), makes one
 * call a Lua rule allows and one it denies, and has the user press Shift-Tab
 * for auto mode before a last write.
 *
 * The tour is data (tutor/tour.md: the sample project, the rule, the
 * lessons); this file plays it through @lug/testing's in-process scripted
 * provider, so the tour needs no network, no SDK and no key. It lives in the
 * CLI, where the interface and the scripted provider are put together, so
 * the interface package does not depend on @lug/testing.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scriptedProvider, tempProject, text, toolCall, turn, type TempProject, type TurnStep } from '@lug/testing';
import type { TuiController } from '@lug/tui';
import { lessonText, parseTour, TOUR_START, type Tour, type TourLesson, type TourState } from './tour-script.js';

export const TUTOR_MODEL = 'tutor/scripted-tour';

/** tutor/tour.md of this package (beside src/ and dist/ alike). */
const TOUR_FILE = fileURLToPath(new URL('../tutor/tour.md', import.meta.url));

/** Between two streamed events, so a lesson reads as typed. */
const EVENT_DELAY_MS = 15;

const TOUR_OVER = 'The tour is over. `:q` quits; `:help` shows the manual.';

export function readTour(file = TOUR_FILE): Tour {
  return parseTour(readFileSync(file, 'utf8'), 'tutor/tour.md');
}

/** A lesson as one answer of the model, its text as `state` makes it: its text, then its calls. */
export function lessonStep(lesson: TourLesson, state: TourState): TurnStep {
  const words = lessonText(lesson.text, state);
  return turn(...(words ? [text(words)] : []), ...lesson.calls.map((call) => toolCall(call.tool, call.args)));
}

/** Each lesson as one answer of the model, all played in one state (the tour's start unless told). */
export function tourSteps(tour: Tour, state: TourState = TOUR_START): TurnStep[] {
  return tour.lessons.map((lesson) => lessonStep(lesson, state));
}

/** What the user has done so far, read when a lesson is played. */
function tourState(controller: TuiController): TourState {
  return { auto: controller.approvals.isAuto(), allowed: controller.approvals.allowedAlways.list() };
}

/** A scratch copy of the sample project: the tour changes files there, never in yours. Start lug there, then `remove()` it. */
export function createTutorProject(tour: Tour = readTour()): TempProject {
  return tempProject(tour.files);
}

/**
 * Point the session at the scripted model, run the tour's rule, and greet the
 * user: before the controller starts (startTui's `beforeStart`), so the
 * interface never says there is no model.
 */
export async function installTutor(controller: TuiController, tour: Tour = readTour()): Promise<void> {
  const { host } = controller;
  const lua = controller.opts.lua;
  if (!lua) throw new Error('lug --tutor needs Lua: its lesson on rules runs a Lua rule');
  // Each lesson is written when its request comes, so it tells what the user actually did (y or A, Shift-Tab or not).
  const steps = tour.lessons.map((lesson) => () => lessonStep(lesson, tourState(controller)));
  host.providers.register({ name: 'tutor', create: () => scriptedProvider(steps, { name: 'tutor', eventDelayMs: EVENT_DELAY_MS, afterScript: text(TOUR_OVER) }) });
  host.options.set('model', TUTOR_MODEL);
  await lua.run(tour.rule, '=tutor');
  controller.transcript.notice(
    `**lug tutor**: a guided tour with a scripted model (no key needed) in a scratch copy of a sample project, \`${host.cwd}\`.\n\n` +
      'Type anything (`start`, say) and press **Enter** to begin. `:q` quits at any time.',
    'info',
    true,
  );
}
