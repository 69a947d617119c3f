/**
 * The start-up interventions a build can leave out, by name, so that what
 * each one saves can be measured against the whole (measure.mjs, README.md).
 * A real build leaves none out; `LUG_STARTUP_OFF=a,b` (read by tsup.config.ts)
 * is for measuring only. The two yoga/ink patches are not here: the CommonJS
 * bundle cannot be built without them.
 */
export const REMOVABLE_INTERVENTIONS = [
  'stringWidthFastPath',
  'sliceAnsiLazySegmenter',
  'ansiTokenizeGraphemeFastPath',
  'ansiTokenizeSharedStyles',
  'signalExitWithoutAssert',
  'vendorBundles',
  'sharedBundles',
  'highlightLanguagesOnFirstUse',
  'cliHighlightWithoutParse5',
  'lightFetch',
  'codeCache',
  'fengariCodeCache',
] as const;

export type RemovableIntervention = (typeof REMOVABLE_INTERVENTIONS)[number];

/** The interventions `value` (comma-separated names) leaves out; an unknown name is an error listing the known ones. */
export function interventionsOff(value: string | undefined): ReadonlySet<RemovableIntervention> {
  const names = (value ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  for (const name of names) {
    if (!(REMOVABLE_INTERVENTIONS as readonly string[]).includes(name)) {
      throw new Error(`LUG_STARTUP_OFF: no start-up intervention "${name}" can be left out (known: ${REMOVABLE_INTERVENTIONS.join(', ')})`);
    }
  }
  return new Set(names as RemovableIntervention[]);
}
