/** The stock prompts and skills workflows (lua/workflows/prompts.lua, skills.lua), loaded from their real files. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type Setup } from '../test-support.js';
import { callTool, STOCK_WORKFLOWS } from './workflow-test-support.js';

let s: Setup | undefined;
afterEach(() => s?.runtime.close());

function write(root: string, rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

async function loaded(configFiles: Record<string, string>, projectFiles: Record<string, string> = {}): Promise<Setup> {
  s = setup(configFiles, { workflowsDir: STOCK_WORKFLOWS });
  for (const [rel, text] of Object.entries(projectFiles)) write(s.lug.project, rel, text);
  const report = await s.runtime.loadStartup();
  expect(report.errors).toEqual([]);
  return s;
}

describe('the prompts workflow', () => {
  it('a prompt file is a :command that sends its text with $ARGUMENTS and $1 filled in', async () => {
    const { host } = await loaded({ 'prompts/review.md': '---\ndescription: Review a file\n---\nReview $1 for $ARGUMENTS.\n' });
    const sent: string[] = [];
    host.inbox.serve((p) => void sent.push(p));
    expect(host.commands.get('review')!.desc).toBe('Review a file');
    await host.commands.get('review')!.run('src/a.ts "careful reading"');
    expect(sent).toEqual(['Review src/a.ts for src/a.ts "careful reading".']);
  });

  it('the project\'s .lug/prompts/ wins over the user\'s file of the same name', async () => {
    const { host } = await loaded({ 'prompts/fix.md': 'mine' }, { '.lug/prompts/fix.md': 'the project\'s' });
    const sent: string[] = [];
    host.inbox.serve((p) => void sent.push(p));
    await host.commands.get('fix')!.run('');
    expect(sent).toEqual(["the project's"]);
  });

  it('a model in the front matter is used for that prompt', async () => {
    const { host } = await loaded({ 'prompts/deep.md': '---\nmodel: anthropic/big\n---\nThink hard.' });
    host.inbox.serve(() => {});
    await host.commands.get('deep')!.run('');
    expect(host.options.get('model')).toBe('anthropic/big');
  });
});

describe('the prompts workflow, while lug runs (no :reload)', () => {
  const names = (host: Setup['host']) => host.commands.list().map((c) => c.name).filter((n) => ['late', 'review'].includes(n));

  it('a file added after start is a command at its next use, and in the list completion and :help read', async () => {
    const { host, lug } = await loaded({});
    expect(host.commands.get('late')).toBeUndefined();
    write(lug.project, '.lug/prompts/late.md', '---\ndescription: Came later\n---\nLate $1.');
    expect(host.commands.complete('la')).toEqual(['late']);
    expect(host.commands.list().find((c) => c.name === 'late')?.desc).toBe('Came later');
    const sent: string[] = [];
    host.inbox.serve((p) => void sent.push(p));
    await host.commands.get('late')!.run('work');
    expect(sent).toEqual(['Late work.']);
  });

  it('a changed description is shown, and a removed file is no longer a command', async () => {
    const { host, lug } = await loaded({ 'prompts/review.md': '---\ndescription: Old\n---\nReview.' });
    expect(names(host)).toEqual(['review']);
    write(lug.configDir, 'prompts/review.md', '---\ndescription: New\n---\nReview.');
    expect(host.commands.get('review')!.desc).toBe('New');
    fs.rmSync(path.join(lug.configDir, 'prompts/review.md'));
    expect(host.commands.get('review')).toBeUndefined();
    expect(names(host)).toEqual([]);
  });

  it('registers nothing again while the files stay as they are', async () => {
    const { host } = await loaded({ 'prompts/review.md': 'Review.' });
    let changes = 0;
    host.commands.onChange(() => changes++);
    for (let i = 0; i < 3; i++) host.commands.list();
    expect(changes).toBe(0);
  });
});

describe('lug.cmd.refresh', () => {
  it('runs before each read of the commands; an error in it is a warning and the commands are read as they stand', async () => {
    const { host, ui, runtime } = await loaded({
      'init.lua': 'n = 0\nlug.cmd.refresh(function() n = n + 1; if n == 2 then error("no folder") end end)\nlug.cmd.register("x", function() end)\n',
    });
    const before = Number((await runtime.run('return n')).values[0]);
    expect(host.commands.get('x')).toBeDefined();
    expect(host.commands.get('x')).toBeDefined();
    expect(Number((await runtime.run('return n')).values[0])).toBe(before + 2);
    expect(ui.notes.map((n) => n.message)).toContainEqual(expect.stringMatching(/^the lug\.cmd\.refresh function made at .*init\.lua:2 failed: .*no folder/));
  });
});

describe('the skills workflow', () => {
  const SKILL = '---\nname: release\ndescription: How to cut a release of this project\n---\nStep 1: bump the version.\n';

  it('offers each skill\'s name and description in the system prompt, and its body only through the skill tool', async () => {
    const { host } = await loaded({}, { '.claude/skills/release/SKILL.md': SKILL, '.claude/skills/release/checklist.md': '- tag' });
    const section = host.prompt.render().find((p) => p.name === 'Skills')!;
    expect(section.text).toContain('- release: How to cut a release of this project');
    expect(section.text).not.toContain('bump the version');
    const result = await callTool(host, 'skill', { name: 'release' });
    expect(result.isError).toBe(false);
    expect(result.content).toContain('Step 1: bump the version.');
    expect(result.content).toContain(path.join(s!.lug.project, '.claude/skills/release/checklist.md'));
  });

  it('a SKILL.md without a description is left out with a notice', async () => {
    const { host, ui } = await loaded({ 'skills/bad/SKILL.md': '---\nname: bad\n---\nbody' });
    expect(host.tools.get('skill')).toBeUndefined();
    expect(ui.notes.map((n) => n.message)).toContainEqual(expect.stringMatching(/is left out: its front matter needs a name and a description/));
  });

  it('with no skills, nothing is added', async () => {
    const { host } = await loaded({});
    expect(host.prompt.names()).toEqual([]);
    expect(host.tools.get('skill')).toBeUndefined();
  });
});
