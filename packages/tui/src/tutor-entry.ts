/**
 * The tour's public entry, kept apart from tutor.ts so importing @lug/tui
 * does not load @lug/testing: only `lug --tutor` pays for it.
 */
import type { TempProject } from '@lug/testing';

export const TUTOR_MODEL = 'tutor/scripted-tour';

/** A scratch copy of the tour's sample project; start lug there with `tutor: true`, then `remove()` it. */
export async function createTutorProject(): Promise<TempProject> {
  const { createTutorProject: create } = await import('./tutor.js');
  return create();
}
