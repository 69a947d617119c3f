import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { testDirectly } from './ignore-rules.js';

describe("testDirectly (one file's rules, not its parents')", () => {
  it("answers by the path's own rules: a file below an ignored directory is not ignored by them", () => {
    const ig = ignore({ ignorecase: false }).add('a/b/\n!keep.log\n*.log\n');
    expect(testDirectly(ig, 'a/b/')).toMatchObject({ ignored: true, unignored: false });
    expect(testDirectly(ig, 'a/b/x.txt')).toMatchObject({ ignored: false, unignored: false });
    expect(testDirectly(ig, 'x.log')).toMatchObject({ ignored: true, unignored: false });
  });

  it("throws a clear error, naming what to update, when ignore's private rule manager is gone", () => {
    const ig = ignore().add('a/\n');
    delete (ig as unknown as { _rules?: unknown })._rules;
    expect(() => testDirectly(ig, 'a/')).toThrow(
      "the ignore package has no private _rules.test, which the walker's direct test reads (written for ignore@7.0.17): update testDirectly in packages/tools/src/walker/ignore-rules.ts for the installed ignore",
    );
    (ig as unknown as { _rules: unknown })._rules = {};
    expect(() => testDirectly(ig, 'a/')).toThrow(/no private _rules\.test/);
  });
});
