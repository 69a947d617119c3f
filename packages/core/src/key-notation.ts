/**
 * Vim's key notation as lug reads it: "gg", "<leader>x", "<C-g>", "<S-Tab>",
 * "<M-x>". A left-hand side is parsed into key tokens, each in one canonical
 * spelling, so "<c-G>" and "<C-g>" are the same binding and a key press (the
 * TUI's keyNotation) is compared with one string comparison.
 *
 * Only keys the terminal library lug reads keys with can report are allowed:
 * printable characters, Ctrl or Alt with a letter, and the named keys below.
 * Anything else (function keys, <Del>, <C-i>, which a terminal sends as Tab)
 * is an error naming what is allowed, since a binding of it would never fire.
 */

/** The named keys, by their lower-case name, in the spelling a binding is stored with. */
const NAMED: Record<string, string> = {
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  home: 'Home',
  end: 'End',
  cr: 'CR',
  enter: 'CR',
  return: 'CR',
  esc: 'Esc',
  tab: 'Tab',
  bs: 'BS',
  backspace: 'BS',
  space: 'Space',
};

/** Names that stand for one printable character. */
const CHARACTERS: Record<string, string> = { lt: '<', bslash: '\\', bar: '|' };

/** Names Vim has that lug cannot see, and why. */
const UNSEEN: Array<[RegExp, string]> = [
  [/^f\d+$/, 'function keys (F1…F12) are not reported by the terminal library lug reads keys with'],
  [/^(del|delete|insert|ins|help|undo|nul|nl)$/, 'the terminal library lug reads keys with does not report it apart from other keys'],
];

const MODIFIERS: Record<string, string> = { c: 'C', m: 'M', a: 'M', s: 'S' };

/** What a message says is allowed. */
export const KEY_NOTATION_HELP =
  'a printable character, <leader>, <lt> (for <), <Bslash>, <Bar>, <Space>, <CR>, <Esc>, <Tab>, <BS>, <Up>, <Down>, <Left>, <Right>, <Home>, <End>, <PageUp>, <PageDown>, with the modifiers C- (Ctrl, with a letter or a named key), M- (Alt) and S- (Shift, with a named key)';

/** Ctrl with these letters is another key to a terminal. */
const CTRL_TWINS: Record<string, string> = { h: '<BS>', i: '<Tab>', m: '<CR>', j: '<CR>', '[': '<Esc>' };

export class KeyNotationError extends Error {
  override name = 'KeyNotationError';
}

/** The canonical token of one printable character. */
export function characterToken(ch: string): string {
  if (ch === '<') return '<lt>';
  if (ch === ' ') return '<Space>';
  return ch;
}

function namedToken(inner: string, whole: string, leader: string): string[] {
  const lower = inner.toLowerCase();
  if (lower === 'leader') return parseKeys(leader, { leader: '\\', what: 'lug.g.mapleader' });
  const parts = inner.split('-');
  // "<C-->" is Ctrl with "-": the last part is the key, even when it is empty because the key is "-".
  let key = parts.pop()!;
  if (key === '' && parts.length > 0 && parts[parts.length - 1] === '') {
    parts.pop();
    key = '-';
  }
  const mods = new Set<string>();
  for (const m of parts) {
    const mod = MODIFIERS[m.toLowerCase()];
    if (!mod) throw new KeyNotationError(`unknown modifier "${m}-" in ${whole}; the modifiers are C- (Ctrl), M- or A- (Alt) and S- (Shift)`);
    mods.add(mod);
  }
  const keyLower = key.toLowerCase();
  let name: string;
  if ([...key].length === 1) name = key;
  else if (CHARACTERS[keyLower]) name = CHARACTERS[keyLower]!;
  else if (NAMED[keyLower]) name = NAMED[keyLower]!;
  else {
    const unseen = UNSEEN.find(([re]) => re.test(keyLower));
    if (unseen) throw new KeyNotationError(`${whole} cannot be bound: ${unseen[1]}; keys that can be: ${KEY_NOTATION_HELP}`);
    throw new KeyNotationError(`unknown key name ${whole}; the keys are: ${KEY_NOTATION_HELP}`);
  }
  if (name.length === 1) {
    if (mods.has('S')) throw new KeyNotationError(`${whole}: Shift with a character is written as the character itself (write "${name.toUpperCase()}")`);
    if (mods.has('C')) {
      const lowerName = name.toLowerCase();
      if (CTRL_TWINS[lowerName]) throw new KeyNotationError(`${whole} is the same key as ${CTRL_TWINS[lowerName]} to a terminal: bind ${CTRL_TWINS[lowerName]}`);
      if (lowerName === 'c') throw new KeyNotationError(`${whole} cannot be bound: Ctrl-C always interrupts (twice exits)`);
      if (!/^[a-z]$/.test(lowerName)) throw new KeyNotationError(`${whole}: Ctrl goes with a letter a-z or a named key`);
    }
    if (mods.size === 0) return [characterToken(name)];
    name = name.toLowerCase();
  }
  if (name === 'Space' && (mods.has('C') || mods.has('S'))) throw new KeyNotationError(`${whole} cannot be bound: a terminal sends Ctrl or Shift with Space as another key`);
  const shown = name === '<' ? 'lt' : name;
  return [`<${[...[...mods].sort(), shown].join('-')}>`];
}

/**
 * A left-hand side's key tokens: "gg" → ["g", "g"], "<leader>x" (leader "\") →
 * ["\\", "x"], "<c-G>" → ["<C-g>"]. Throws a KeyNotationError saying what is
 * wrong and what is allowed.
 */
export function parseKeys(lhs: string, opts: { leader?: string; what?: string } = {}): string[] {
  const what = opts.what ?? 'the key notation';
  if (lhs === '') throw new KeyNotationError(`${what} is empty: give at least one key, such as "<C-t>", "gg" or "<leader>x"`);
  const leader = opts.leader ?? '\\';
  const tokens: string[] = [];
  const chars = [...lhs];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch !== '<') {
      if (/[\u0000-\u001f\u007f]/.test(ch)) throw new KeyNotationError(`${what} holds a control character (code ${ch.charCodeAt(0)}): write it in notation, such as <C-g>, <Tab>, <CR> or <Esc>`);
      tokens.push(characterToken(ch));
      continue;
    }
    const close = chars.indexOf('>', i + 1);
    const open = chars.indexOf('<', i + 1);
    if (close === -1 || (open !== -1 && open < close)) {
      const rest = chars.slice(i).join('');
      throw new KeyNotationError(`"${lhs}": the < of "${rest}" opens a key name that is not closed with >; write the whole name, such as <C-x>, or <lt> for the character <`);
    }
    const inner = chars.slice(i + 1, close).join('');
    if (inner === '') throw new KeyNotationError(`"${lhs}": <> names no key; write <lt>> for the characters < and >`);
    tokens.push(...namedToken(inner, `<${inner}>`, leader));
    i = close;
  }
  return tokens;
}

/** Key tokens as one string, as bindings are listed and looked up: ["<C-g>"] → "<C-g>", ["g", "g"] → "gg". */
export function keysText(tokens: readonly string[]): string {
  return tokens.join('');
}
