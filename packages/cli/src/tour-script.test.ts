import { describe, expect, it } from 'vitest';
import { lessonText, parseTour, TOUR_START } from './tour-script.js';

const RULE = '## rule\n\n```lua\nlug.x()\n```\n';
const tour = (...sections: string[]) => `# A tour\n\n<!-- notes -->\n\n${sections.join('\n')}`;

describe('parseTour (tutor/tour.md)', () => {
  it('reads the files, the rule, and each lesson as its text and its calls', () => {
    const t = parseTour(
      tour(
        '## file: a/b.txt\n\n````text\nline one\n```\nstill the file\n````\n',
        RULE,
        '## lesson: first\n\nHello **you**.\n\n```call read\n{ "path": "b.txt" }\n```\n\n```call grep\n{"pattern": "x"}\n```\n',
        '## lesson: second\n\nThe rule:\n\n```lua\n{{rule}}\n```\n\nThat is all.\n',
      ),
    );
    expect(t.files).toEqual({ 'a/b.txt': 'line one\n```\nstill the file\n' });
    expect(t.rule).toBe('lug.x()');
    expect(t.lessons).toEqual([
      { name: 'first', text: 'Hello **you**.', calls: [{ tool: 'read', args: { path: 'b.txt' } }, { tool: 'grep', args: { pattern: 'x' } }] },
      { name: 'second', text: 'The rule:\n\n```lua\nlug.x()\n```\n\nThat is all.', calls: [] },
    ]);
  });

  it('says where a call is not a JSON object', () => {
    expect(() => parseTour(tour(RULE, '## lesson: one\n\n```call read\n{ path: 1 }\n```\n'), 'tutor/tour.md')).toThrow(
      /^tutor\/tour\.md: section "## lesson: one": the arguments of the call of read are not JSON \(/,
    );
    expect(() => parseTour(tour(RULE, '## lesson: one\n\n```call read\n[1]\n```\n'))).toThrow('tour.md: section "## lesson: one": the arguments of the call of read must be a JSON object');
  });

  it('names the headings it knows when it meets another', () => {
    expect(() => parseTour(tour(RULE, '## lessons\n\ntext\n'))).toThrow('tour.md: section "## lessons": a heading is "## file: PATH", "## rule" or "## lesson: NAME"');
  });

  it('wants one block in a file section, a rule, and at least one lesson', () => {
    expect(() => parseTour(tour('## file: x\n\nno block\n', RULE, '## lesson: l\n\nhi\n'))).toThrow('a file section holds exactly one fenced block (its content), not 0');
    expect(() => parseTour(tour('## lesson: l\n\nhi\n'))).toThrow('tour.md: has no "## rule" section');
    expect(() => parseTour(tour(RULE))).toThrow('tour.md: has no "## lesson: NAME" section');
    expect(() => parseTour(tour(RULE, '## lesson: empty\n\n'))).toThrow('a lesson has text, calls, or both');
  });
});

describe('lessonText: a lesson that follows what the user did', () => {
  const text = 'Done{{if allowed bash}}, bash is allowed for the session.{{else}}, one call at a time.{{end}}\n\n{{if auto}}Auto mode is on.{{end}}\n\nBye.';

  it('keeps the first part of a block whose test holds as the lesson is played, else the second', () => {
    expect(lessonText(text, { auto: true, allowed: ['bash'] })).toBe('Done, bash is allowed for the session.\n\nAuto mode is on.\n\nBye.');
    expect(lessonText(text, TOUR_START)).toBe('Done, one call at a time.\n\nBye.');
  });

  it('says what is wrong with a block when tour.md is read', () => {
    expect(() => parseTour(tour(RULE, '## lesson: l\n\n{{if sunny}}hi{{end}}\n'))).toThrow('section "## lesson: l": "{{if sunny}}" tests something unknown: the tests are "auto" and "allowed TOOL"');
    expect(() => parseTour(tour(RULE, '## lesson: l\n\n{{if auto}}hi\n'))).toThrow('"{{if auto}}" has no matching {{if}} … {{end}}');
    expect(() => parseTour(tour(RULE, '## lesson: l\n\nhi{{end}}\n'))).toThrow('"{{end}}" has no matching {{if}} … {{end}}');
  });
});
