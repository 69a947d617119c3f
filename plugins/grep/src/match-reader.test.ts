import { describe, expect, it } from 'vitest';
import { MatchReader, type Match } from './match-reader.js';

function read(chunks: string[]): Match[] {
  const out: Match[] = [];
  // The paths a match may also name are checked on their own (below).
  const reader = new MatchReader(({ alternatives: _alternatives, ...m }) => out.push(m));
  for (const c of chunks) reader.push(c);
  reader.end();
  return out;
}

describe('MatchReader', () => {
  it('reads path NUL line : text, across chunk boundaries', () => {
    expect(read(['src/a:b.rs\0', '12:let x = 1;\nsrc/c.rs\u00003:y:z\n'])).toEqual([
      { path: 'src/a:b.rs', line: 12, text: 'let x = 1;', droppedChars: 0 },
      { path: 'src/c.rs', line: 3, text: 'y:z', droppedChars: 0 },
    ]);
  });

  it('tells apart paths of the same length, and a path from one it begins', () => {
    expect(read(['src/ab\u00001:x\nsrc/ac\u00002:y\nsrc/a\u00003:z\nsrc/a\u00004:w\nsrc/ab\u00005:v\n']).map((m) => `${m.path}:${m.line}`)).toEqual([
      'src/ab:1',
      'src/ac:2',
      'src/a:3',
      'src/a:4',
      'src/ab:5',
    ]);
  });

  it('drops a line whose number is not digits', () => {
    expect(read(['f\u0000x1:a\nf\u00002:b\n'])).toEqual([{ path: 'f', line: 2, text: 'b', droppedChars: 0 }]);
  });

  it('reads a path that holds newlines whole, when the file it names exists, and never as the path of its last line', () => {
    const files = new Set(['./sub/evil\nREADME.md', './a\nb\nc.txt']);
    const out: Match[] = [];
    const reader = new MatchReader((m) => out.push(m), (p) => files.has(p));
    reader.push('./sub/evil\nREADME.md\u00001:secret\n./a\nb\nc.txt\u00002:x\n./plain\u00003:y\n');
    reader.end();
    expect(out.map((m) => `${m.path}|${m.line}|${m.text}`)).toEqual(['./sub/evil\nREADME.md|1|secret', './a\nb\nc.txt|2|x', './plain|3|y']);
  });

  it('tells a notice before a match from the first line of its path: the lines kept join the path only where they name a file', () => {
    const files = new Set(['./x\ny']);
    const out: Match[] = [];
    const reader = new MatchReader((m) => out.push(m), (p) => files.has(p));
    reader.push('./big.dat\u00001:a\n./big.dat: WARNING: stopped searching binary file after match (found "\\0" byte around offset 9)\n./x\ny\u00002:b\n');
    reader.push('./big.dat: WARNING: stopped searching binary file after match (found "\\0" byte around offset 9)\n./z\u00003:c\n');
    reader.end();
    expect(out.map((m) => `${m.path}|${m.line}`)).toEqual(['./big.dat|1', './x\ny|2', './z|3']);
  });

  it('keeps a line that is not a notice in the next path even when no file has that path: a name is never cut to its last line', () => {
    const out: Match[] = [];
    const reader = new MatchReader((m) => out.push(m), () => false);
    reader.push('./gone\nREADME.md\u00001:secret\n');
    reader.push('x: binary file matches (found "\\0" byte around offset 1)\n./evil\nREADME.md\u00002:s\n');
    reader.end();
    expect(out.map((m) => m.path)).toEqual(['./gone\nREADME.md', './evil\nREADME.md']);
  });

  it('asks about a path only as long as the lines kept before a match are notices', () => {
    const asked: string[] = [];
    const out: Match[] = [];
    const reader = new MatchReader((m) => out.push(m), (p) => (asked.push(p), false));
    const notice = (n: number) => `./b${n}.dat: binary file matches (found "\\0" byte around offset ${n})\n`;
    reader.push(`${notice(1)}${notice(2)}./a\u00001:x\n./c\u00002:y\n`);
    reader.end();
    expect(out.map((m) => m.path)).toEqual(['./a', './c']);
    expect(asked).toEqual([`${notice(1)}${notice(2)}./a`.replace(/\n$/, ''), `${notice(2)}./a`.replace(/\n$/, '')]);
  });

  it('keeps every line of a path with a thousand newlines, so lines shaped like notices in it cannot shorten it to its last', () => {
    const fake = 'x: binary file matches (found "\\0" byte around offset 1)';
    const name = ['./d', ...Array.from({ length: 70 }, () => fake), 'README.md'].join('\n');
    const many = `./e${'\n'.repeat(1000)}README.md`;
    const out: Match[] = [];
    const reader = new MatchReader((m) => out.push(m), () => false);
    reader.push(`${name}\u00001:a\n${many}\u00002:b\n`);
    reader.end();
    expect(out.map((m) => m.path)).toEqual([name, many]);
  });

  it('drops ripgrep’s notices, which carry no NUL', () => {
    expect(read(['late.dat: WARNING: stopped searching binary file after match (found "\\0" byte around offset 9000)\nok\u00001:x\n', 'bin.dat: binary file matches (found "\\0" byte around offset 6)\n'])).toEqual([
      { path: 'ok', line: 1, text: 'x', droppedChars: 0 },
    ]);
  });

  it('drops the CR of a CRLF line, and reads a last line without a newline', () => {
    expect(read(['f\u00001:a\r\nf\u00002:b'])).toEqual([
      { path: 'f', line: 1, text: 'a', droppedChars: 0 },
      { path: 'f', line: 2, text: 'b', droppedChars: 0 },
    ]);
  });

  it('holds at most a megabyte of one line, counting what it dropped', () => {
    const huge = 'x'.repeat(1 << 20);
    const [m] = read(['f\u00001:', huge, huge, '\n']);
    expect(m!.text.length + m!.droppedChars).toBe(2 * (1 << 20));
    expect(m!.text.length).toBeLessThanOrEqual(1 << 20);
  });
});

describe('MatchReader: the paths a match may name', () => {
  it('gives every run of the lines before it, and the last line alone, beside the path it chose', () => {
    const out: Match[] = [];
    const reader = new MatchReader((m) => out.push(m), (p) => p === 'n: binary file matches (found "\\0" byte around offset 6)\n./secrets/key');
    reader.push('n: binary file matches (found "\\0" byte around offset 6)\n./secrets/key\u00001:x\n./secrets/key\u00002:y\n');
    reader.end();
    expect(out.map((m) => [m.path, m.alternatives])).toEqual([
      ['n: binary file matches (found "\\0" byte around offset 6)\n./secrets/key', ['n: binary file matches (found "\\0" byte around offset 6)\n./secrets/key', './secrets/key']],
      ['./secrets/key', undefined],
    ]);
  });
});
