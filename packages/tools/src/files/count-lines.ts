/** How many lines a text has, as an editor counts them: a last line without a newline counts, an empty text has none. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.endsWith('\n') ? lines : lines + 1;
}

/** "1 line", "3 lines". */
export function linesPhrase(n: number): string {
  return `${n} line${n === 1 ? '' : 's'}`;
}
