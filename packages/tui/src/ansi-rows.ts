/**
 * A row of styled text written to the terminal as ink would write it, without
 * ink's drawing: ink styles each row alone and ends its styles at its end, and
 * cuts the row's trailing whitespace where no style is on (a space with a
 * background or underline stays).
 */

// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[([\d;:]*)m/g;
/** The same, only where `lastIndex` points. */
// eslint-disable-next-line no-control-regex
const SGR_AT = /\x1b\[([\d;:]*)m/y;
// eslint-disable-next-line no-control-regex
const TRAILING = /(?:\s|\x1b\[[\d;:]*m)+$/;
const RESET = '\x1b[0m';

/** SGR parameters that turn an attribute on, by the group a code that ends it names. */
function groupOf(code: number): string | undefined {
  if (code === 1 || code === 2 || code === 22) return 'intensity';
  if ((code >= 3 && code <= 9) || (code >= 23 && code <= 29)) return `a${code % 20}`;
  if ((code >= 30 && code <= 39) || (code >= 90 && code <= 97)) return 'fg';
  if ((code >= 40 && code <= 49) || (code >= 100 && code <= 107)) return 'bg';
  if (code === 53 || code === 55) return 'overline';
  return undefined;
}

/** The attributes on after one SGR sequence's parameters. */
function applySgr(on: Set<string>, params: string): void {
  const codes = params === '' ? [0] : params.split(/[;:]/).map(Number);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code === 0) on.clear();
    else if (code === 38 || code === 48 || code === 58) {
      if (code !== 58) on.add(code === 38 ? 'fg' : 'bg');
      i += codes[i + 1] === 5 ? 2 : codes[i + 1] === 2 ? 4 : 0;
    } else {
      const group = groupOf(code);
      if (!group) continue;
      const ends = code === 22 || (code >= 23 && code <= 29) || code === 39 || code === 49 || code === 55;
      if (ends) on.delete(group);
      else on.add(group);
    }
  }
}

/** A row as ink writes it: trailing unstyled whitespace cut, and, when it holds styles, ended with a reset. */
export function endRow(row: string): string {
  if (!row.includes('\x1b')) return row.trimEnd();
  const tail = TRAILING.exec(row);
  if (!tail || !/\s/.test(tail[0])) return row + RESET;
  const on = new Set<string>();
  SGR.lastIndex = 0; // matchAll starts where the expression's lastIndex is
  for (const m of row.slice(0, tail.index).matchAll(SGR)) applySgr(on, m[1]!);
  // Cut after the last whitespace drawn with a style on (it shows); what follows it is unstyled space or codes.
  let cut = tail.index;
  for (let i = tail.index; i < row.length; ) {
    SGR_AT.lastIndex = i;
    const m = row[i] === '\x1b' ? SGR_AT.exec(row) : null;
    if (m) {
      applySgr(on, m[1]!);
      i += m[0].length;
    } else {
      i++;
      if (on.size > 0) cut = i;
    }
  }
  return row.slice(0, cut) + RESET;
}
