import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeLanguagesOf } from './code-languages.js';

const COMMON = ['bash', 'json', 'diff', 'typescript', 'javascript', 'python'];

function project(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'lug-languages-'));
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '');
  }
  return dir;
}

describe('codeLanguagesOf', () => {
  it("gives the languages every answer uses, then the project's, by the files at its top and in src/", () => {
    expect(codeLanguagesOf(project(['Cargo.toml', 'build.rs', 'src/main.go', 'src/lib.RS', 'README.md', 'Makefile']))).toEqual([...COMMON, 'ini', 'markdown', 'rust', 'go']);
  });

  it('names each language once, by the name highlight.js knows (no guessing among all of them)', () => {
    expect(codeLanguagesOf(project(['a.ts', 'b.tsx', 'c.mjs', 'd.sh', 'e.yml', 'f.unknown']))).toEqual([...COMMON, 'yaml']);
  });

  it('gives the common languages for a directory it cannot read', () => {
    expect(codeLanguagesOf('/no/such/project')).toEqual(COMMON);
  });

  it('gives a dozen at most', () => {
    expect(codeLanguagesOf(project(['a.rs', 'b.go', 'c.rb', 'd.java', 'e.kt', 'f.swift', 'g.c', 'h.cpp']))).toHaveLength(12);
  });
});
