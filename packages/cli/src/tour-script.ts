/**
 * The tour of `lug --tutor` as data: tutor/tour.md holds the sample project's
 * files, the Lua rule the tour runs, and the lessons, each one answer of the
 * scripted model (its text, then its tool calls). This reads that Markdown;
 * nothing here knows which tools the lessons call.
 *
 * A lesson's text follows what the user did: `{{if COND}}…{{else}}…{{end}}`
 * keeps the first part when COND holds as the lesson is played, else the
 * second (which may be left out). COND is `auto` (auto mode is on) or
 * `allowed TOOL` (TOOL was allowed for the session, with A).
 */

/** What a lesson's text may depend on: what the user did before it was played. */
export interface TourState {
  auto: boolean;
  /** The tools allowed for the session. */
  allowed: readonly string[];
}

/** The state at the start of the tour: nothing allowed, auto mode off. */
export const TOUR_START: TourState = { auto: false, allowed: [] };

const BLOCK = /\{\{if ([^}]*)\}\}([\s\S]*?)(?:\{\{else\}\}([\s\S]*?))?\{\{end\}\}/g;

function holds(condition: string, state: TourState): boolean {
  const allowed = /^allowed\s+(\S+)$/.exec(condition.trim());
  if (allowed) return state.allowed.includes(allowed[1]!);
  return state.auto;
}

/** A lesson's text as played in `state`: each `{{if}}` block resolved. */
export function lessonText(text: string, state: TourState): string {
  return text
    .replace(BLOCK, (_, condition: string, then: string, otherwise?: string) => (holds(condition, state) ? then : (otherwise ?? '')))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What is wrong with a lesson's `{{…}}` blocks, if anything. */
function blockProblem(text: string): string | undefined {
  for (const m of text.matchAll(BLOCK)) {
    if (!/^(auto|allowed\s+\S+)$/.test(m[1]!.trim())) return `"{{if ${m[1]}}}" tests something unknown: the tests are "auto" and "allowed TOOL"`;
    if (/\{\{if /.test(m[2]!) || /\{\{if /.test(m[3] ?? '')) return 'an {{if}} block cannot hold another';
  }
  const left = /\{\{(if [^}]*|else|end)\}\}/.exec(text.replace(BLOCK, ''));
  return left ? `"${left[0]}" has no matching {{if}} … {{end}}` : undefined;
}

export interface TourCall {
  tool: string;
  args: Record<string, unknown>;
}

export interface TourLesson {
  name: string;
  /** Streamed as the model's text; may be empty when the lesson only calls. */
  text: string;
  calls: TourCall[];
}

export interface Tour {
  /** The sample project: path → content. */
  files: Record<string, string>;
  /** Lua run before the tour starts (the lesson on rules shows it). */
  rule: string;
  lessons: TourLesson[];
}

interface Fence {
  info: string;
  body: string;
  /** Where the whole fence (its opening line to its closing line) starts and ends in the section. */
  start: number;
  end: number;
}

/** The fenced code blocks of `text`, outermost only: ``` or longer, closed by the same run of backticks. */
function fences(text: string): Fence[] {
  const out: Fence[] = [];
  const re = /^(`{3,})([^\n`]*)\n([\s\S]*?)\n?^\1[ \t]*$/gm;
  for (const m of text.matchAll(re)) out.push({ info: m[2]!.trim(), body: m[3]!, start: m.index!, end: m.index! + m[0].length });
  return out;
}

/** Read tour.md's text (`where` names it in errors). Every mistake in it is an error saying what and where. */
export function parseTour(markdown: string, where = 'tour.md'): Tour {
  const tour: Tour = { files: {}, rule: '', lessons: [] };
  const sections = markdown.split(/^## /m).slice(1);
  const fail = (heading: string, what: string): never => {
    throw new Error(`${where}: section "## ${heading}": ${what}`);
  };
  for (const section of sections) {
    const newline = section.indexOf('\n');
    const heading = (newline < 0 ? section : section.slice(0, newline)).trim();
    const body = newline < 0 ? '' : section.slice(newline + 1);
    const blocks = fences(body);
    const file = /^file:\s*(\S.*)$/.exec(heading);
    const lesson = /^lesson:\s*(\S.*)$/.exec(heading);
    if (file) {
      if (blocks.length !== 1) fail(heading, `a file section holds exactly one fenced block (its content), not ${blocks.length}`);
      tour.files[file[1]!.trim()] = `${blocks[0]!.body}\n`;
    } else if (heading === 'rule') {
      if (blocks.length !== 1 || blocks[0]!.info !== 'lua') fail(heading, 'the rule section holds exactly one ```lua block');
      tour.rule = blocks[0]!.body;
    } else if (lesson) {
      tour.lessons.push(parseLesson(lesson[1]!.trim(), body, blocks, (what) => fail(heading, what)));
    } else {
      fail(heading, 'a heading is "## file: PATH", "## rule" or "## lesson: NAME"');
    }
  }
  if (!tour.rule) throw new Error(`${where}: has no "## rule" section`);
  if (tour.lessons.length === 0) throw new Error(`${where}: has no "## lesson: NAME" section`);
  for (const l of tour.lessons) l.text = l.text.replaceAll('{{rule}}', tour.rule);
  return tour;
}

function parseLesson(name: string, body: string, blocks: Fence[], fail: (what: string) => never): TourLesson {
  const calls: TourCall[] = [];
  let text = '';
  let at = 0;
  for (const block of blocks) {
    const call = /^call\s+(\S+)$/.exec(block.info);
    if (!call) continue; // any other block is part of the text
    let args: unknown;
    try {
      args = JSON.parse(block.body);
    } catch (err) {
      fail(`the arguments of the call of ${call[1]} are not JSON (${(err as Error).message})`);
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) fail(`the arguments of the call of ${call[1]} must be a JSON object`);
    calls.push({ tool: call[1]!, args: args as Record<string, unknown> });
    text += body.slice(at, block.start);
    at = block.end;
  }
  text = (text + body.slice(at)).replace(/\n{3,}/g, '\n\n').trim();
  if (!text && calls.length === 0) fail('a lesson has text, calls, or both');
  const problem = blockProblem(text);
  if (problem) fail(problem);
  return { name, text, calls };
}
