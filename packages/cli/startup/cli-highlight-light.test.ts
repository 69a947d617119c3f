// cli-highlight-light.ts against cli-highlight itself (its HTML read by parse5): the same colours for code of
// every language lug warms, embedded languages, automatic detection, and text with every character highlight.js
// escapes or parse5 treats apart (CR, NUL).
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';

type Highlight = (code: string, opts?: { language?: string; ignoreIllegals?: boolean }) => string;

const require = createRequire(import.meta.url);
let real: Highlight;
let light: ReturnType<typeof import('./cli-highlight-light.js').lightCliHighlight> & { colorize: typeof import('./cli-highlight-light.js').colorize };

beforeAll(async () => {
  process.env.FORCE_COLOR = '1'; // before chalk loads: colours, as in a terminal
  real = (require('cli-highlight') as { highlight: Highlight }).highlight;
  const module = await import('./cli-highlight-light.js');
  light = { ...module.lightCliHighlight(require('highlight.js') as import('./cli-highlight-light.js').HighlightJs), colorize: module.colorize };
});

const SAMPLES: Record<string, string> = {
  bash: 'for f in *.ts; do echo "$f" \'&\' > /dev/null; done # a comment\nexport X=1 && ls -la | grep -v "<none>"',
  json: '{ "a": [1, 2.5, true, null], "b": "x & <y>", "c": { "d": "\'q\'" } }',
  diff: '--- a/x.ts\n+++ b/x.ts\n@@ -1,2 +1,2 @@\n-const a = 1;\n+const a = 2;\n context',
  typescript: 'export async function f<T extends { a: string }>(x: T): Promise<T> {\n  const re = /a|b/g; // "quoted" & \'single\'\n  return `${x.a} <${1 + 2}>` as unknown as T;\n}',
  javascript: 'class A extends B { #p = 1; static m() { return this?.#p ?? "x"; } }\nconst el = <div className="a">{x && y}</div>;',
  python: 'def f(a: int = 1, *args, **kw) -> str:\n    """doc & <b>"""\n    return f"{a!r}" if a > 0 else \'x\'  # comment',
  rust: 'fn main() -> Result<(), Box<dyn Error>> {\n    let v: Vec<&str> = "a,b".split(\',\').collect();\n    println!("{:?} {}", v, 1_000u32);\n    Ok(())\n}',
  go: 'package main\nimport "fmt"\nfunc main() { ch := make(chan int, 2); go func() { ch <- 1 }(); fmt.Println(<-ch, `raw`) }',
  xml: '<!DOCTYPE html>\n<html><head><style>a > b { color: red; }</style><script>if (a < b && c) alert("x");</script></head>\n<body class="x">&amp; &lt;text&gt;</body></html>',
  markdown: '# Title\n\nSome *em* and `code` & <tags>.\n\n```js\nconst a = "b";\n```\n\n- item',
  php: '<?php echo "<b>" . $x->y["z"] . \'&\'; ?>\n<div><?= htmlspecialchars($a) ?></div>',
  css: '@media (max-width: 100px) { a[href^="http"]::after { content: "\\2192 &"; } }',
  sql: "SELECT a, COUNT(*) FROM t WHERE b <> 'x''y' AND c >= 2 GROUP BY a; -- note",
  yaml: 'key: "value & <more>"\nlist:\n  - a: 1\n  - b: \'two\'\n# comment',
  c: '#include <stdio.h>\nint main(void) { char *s = "a\\n"; if (1 < 2 && s) printf("%s", s); return 0; }',
  lua: 'local t = { a = 1, ["b"] = "c" } -- comment\nfor k, v in pairs(t) do print(k .. "=" .. tostring(v)) end',
};

describe("cli-highlight's colours without parse5", () => {
  it.each(Object.entries(SAMPLES))('%s: the same text in the same colours', (language, code) => {
    const expected = real(code, { language });
    expect(expected).toMatch(/\x1b\[/); // coloured at all
    expect(light.highlight(code, { language })).toBe(expected);
  });

  it('detects the language as cli-highlight does when none is named', () => {
    for (const code of Object.values(SAMPLES)) expect(light.highlight(code)).toBe(real(code));
  });

  it('reads CR, CRLF and NUL as parse5 does, and keeps tabs and any other character', () => {
    for (const language of ['typescript', 'python', 'xml', 'bash']) {
      for (const code of ['a = "x\r\ny"\r\nb = 1\rc = 2', 'x = "\0" + \'\0\'\0;', '\tif (a) {\n\t\treturn "ü € 😀 \\u0000";\n\t}']) {
        expect(light.highlight(code, { language })).toBe(real(code, { language }));
      }
    }
  });

  it('gives the same colours on random text made of what highlight.js escapes, brackets, quotes and keywords', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pieces = ['<', '>', '&', '"', "'", '`', '\n', '\r', ' ', '\t', '{', '}', '(', ')', '/*', '*/', '//', '#', '--', 'if', 'return', 'class', 'def', '1.5', 'x', '$y', '<b>', '</b>', '&amp;', '\\'];
    for (let round = 0; round < 200; round++) {
      const code = Array.from({ length: 1 + random(40) }, () => pieces[random(pieces.length)]).join('');
      const language = ['javascript', 'python', 'xml', 'bash', 'css', 'markdown'][round % 6]!;
      expect(light.highlight(code, { language }), JSON.stringify({ code, language })).toBe(real(code, { language }));
    }
  });

  it('uses a theme given in the options over the default, as cli-highlight does', () => {
    const theme = { keyword: (s: string) => `[${s}]`, default: (s: string) => s.toUpperCase() };
    const code = 'if (a) return b;';
    expect(light.highlight(code, { language: 'javascript', theme } as never)).toBe((real as (c: string, o: unknown) => string)(code, { language: 'javascript', theme }));
  });

  it('refuses markup highlight.js never writes, so that marked-terminal falls back to plain code', () => {
    expect(() => light.colorize('<b>x</b>')).toThrow(/does not read/);
    expect(() => light.colorize('x</span>')).toThrow(/never opened/);
  });

  it("says which languages there are as cli-highlight's highlight.js does", () => {
    const cli = require('cli-highlight') as { supportsLanguage(n: string): boolean; listLanguages(): string[] };
    expect(light.supportsLanguage('ts')).toBe(cli.supportsLanguage('ts'));
    expect(light.supportsLanguage('no-such-language')).toBe(false);
    expect(light.listLanguages()).toEqual(cli.listLanguages());
  });
});
