/** The highlight groups in effect, for every component the app draws (set from `lug.opt.highlights`, i.e. `lug.hl.set`). */
import { createContext, useContext } from 'react';
import { resolveHighlights, textProps, type HighlightGroup, type Highlights } from './highlights.js';

export const HighlightContext = createContext<Highlights>(resolveHighlights(undefined));

/** ink <Text> props for a group. */
export function useHighlight(group: HighlightGroup): ReturnType<typeof textProps> {
  return textProps(useContext(HighlightContext)[group]);
}
