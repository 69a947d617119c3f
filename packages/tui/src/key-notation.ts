/**
 * Turns what ink reports for a key press into Vim key notation ("<C-g>",
 * "<S-Tab>", "<M-x>", "x"), the notation `lug.keymap.set` takes, so a Lua
 * binding is found with one registry lookup.
 */
import { characterToken, normalizeKeys } from '@lug/core';
import type { Key } from 'ink';

const NAMED: Array<[keyof Key, string]> = [
  ['upArrow', 'Up'],
  ['downArrow', 'Down'],
  ['leftArrow', 'Left'],
  ['rightArrow', 'Right'],
  ['pageUp', 'PageUp'],
  ['pageDown', 'PageDown'],
  ['home', 'Home'],
  ['end', 'End'],
  ['return', 'CR'],
  ['escape', 'Esc'],
  ['tab', 'Tab'],
  ['backspace', 'BS'],
  ['delete', 'BS'],
];

/** The key press in normalised Vim notation, or undefined for text (a paste) or an unknown key. */
export function keyNotation(input: string, key: Key): string | undefined {
  for (const [flag, name] of NAMED) {
    if (!key[flag]) continue;
    const mods = [key.ctrl ? 'C' : '', key.shift ? 'S' : '', key.meta && flag !== 'escape' ? 'M' : ''].filter(Boolean);
    return normalizeKeys(`<${[...mods, name].join('-')}>`);
  }
  if (input === ' ' && !key.ctrl && !key.meta) return '<Space>';
  if ([...input].length !== 1) return undefined;
  if (key.ctrl) return normalizeKeys(`<C-${input}>`);
  if (key.meta) return normalizeKeys(`<M-${input}>`);
  return characterToken(input);
}
