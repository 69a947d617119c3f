/** Counting as wc does, in characters rather than bytes. */
export interface Counts {
  lines: number;
  words: number;
  characters: number;
}

export function countText(text: string): Counts {
  const newlines = text.split('\n').length - 1;
  // A last line without a newline is still a line (wc -l would not count it).
  const lines = newlines + (text.length > 0 && !text.endsWith('\n') ? 1 : 0);
  const words = text.split(/\s+/u).filter(Boolean).length;
  const characters = [...text].length;
  return { lines, words, characters };
}
