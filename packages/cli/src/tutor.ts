/**
 * `lug --tutor`: a guided tour that needs no key, like Vim's vimtutor. A
 * scripted model (named "tutor/scripted-tour", and saying it is a script)
 * works in a scratch copy of a small sample project: it reads a file, proposes
 * an edit (the dialog and its diff; y, n), runs three commands (A), makes one
 * call a Lua rule allows and one it denies, and has the user press Shift-Tab
 * for auto mode before a last write.
 *
 * The script is written in @lug/testing's scenario language and played by an
 * in-process provider, so the tour needs no network, no SDK and no key.
 */
import type { LugHost, Provider, ProviderEvent } from '@lug/core';
import { tempProject, text, toolCall, turn, type TempProject, type TurnStep } from '@lug/testing';
import type { RuleAnswer } from '@lug/approvals';
import type { TuiApprovals } from './contracts.js';
import type { TuiController } from './controller.js';

export { TUTOR_MODEL } from './tutor-entry.js';
import { TUTOR_MODEL } from './tutor-entry.js';

export const TUTOR_FILES: Record<string, string> = {
  'README.md': '# greet\n\nA tiny program for the lug tutor: `node greet.js` prints a greeting.\n',
  'greet.js': "function greet(name) {\n  return 'Hello ' + name;\n}\n\nconsole.log(greet('world'));\n",
  'package.json': '{ "name": "greet", "version": "1.0.0", "private": true }\n',
};

/** The Lua rule the tour installs: `cat` runs without asking, `rm` never runs. */
export const TUTOR_RULE_LUA = `lug.tool.rule("bash", function(args)
  if args.command:match("^rm ") then return "deny", "the tutor's Lua rule: no rm" end
  if args.command:match("^cat ") then return "allow", "the tutor's Lua rule: cat only reads" end
end)`;

/** A scratch copy of the sample project: the tour changes files there, never in yours. */
export function createTutorProject(): TempProject {
  return tempProject(TUTOR_FILES);
}

const lesson = (...parts: Parameters<typeof turn>) => turn(...parts);

export function tutorScript(): TurnStep[] {
  return [
    lesson(
      text(
        "Welcome to the lug tutor. I am **a scripted model**, not an AI: I play a fixed script, so the tour works without an API key. " +
          'I work in a scratch copy of a tiny project; nothing of yours is touched.\n\n' +
          '**Lesson 1: tools.** I act through tools. Reading asks nothing, so this `read` runs at once:',
      ),
      toolCall('read', { path: 'greet.js' }),
    ),
    lesson(
      text(
        '**Lesson 2: the dialog.** Changing a file asks first. The dialog shows the diff, computed from the file on disk: ' +
          'removed lines in red, added lines in green. Press **y** to allow the edit once, or **n** to refuse it ' +
          '(**m** refuses with a message to the model; **Esc** refuses this call and lets the turn go on).',
      ),
      toolCall('edit', { path: 'greet.js', old_string: "  return 'Hello ' + name;", new_string: '  return `Hello, ${name}!`;' }),
    ),
    lesson(
      text(
        '**Lesson 3: allowing a tool for the session.** Now three commands at once; they wait in the dialog one at a time. ' +
          'Press **A** on the first: bash becomes allowed for the rest of the session, and the two waiting calls run too. ' +
          '`:approvals` lists the tools allowed this way; `:approvals clear` revokes them.',
      ),
      toolCall('bash', { command: 'node greet.js' }),
      toolCall('bash', { command: 'ls' }),
      toolCall('bash', { command: 'wc -l greet.js' }),
    ),
    lesson(
      text(
        '**Lesson 4: rules in Lua.** Your `init.lua` can decide for you. The tutor added this rule:\n\n' +
          '```lua\n' +
          TUTOR_RULE_LUA +
          '\n```\n\n' +
          'So `cat` runs without asking, and `rm` is denied, even though bash is allowed for the session: a rule that denies always wins.',
      ),
      toolCall('bash', { command: 'cat README.md' }),
      toolCall('bash', { command: 'rm README.md' }),
    ),
    lesson(
      text(
        '**Lesson 5: auto mode.** Press **Shift-Tab** now: the status line shows a red **AUTO**, and calls run without asking ' +
          '(rules may still deny them). Then send any prompt, say `go on`, and I will write a file without a dialog.',
      ),
    ),
    lesson(text('Writing `NOTES.md`. In auto mode no dialog opens:'), toolCall('write', { path: 'NOTES.md', content: '# Notes\n\nWritten by the lug tutor in auto mode.\n' })),
    lesson(
      text(
        "**That's the tour.** Press **Shift-Tab** again to leave auto mode. More to read: `:help keys`, `:help approvals`, `:help lua-api`.\n\n" +
          'To work with a real model, quit (`:q`, or **Ctrl-C** twice) and set `ANTHROPIC_API_KEY`, `OPENAI_API_KEY`, ' +
          'or `OPENAI_BASE_URL` for a local OpenAI-compatible server, then run `lug` in your project.',
      ),
    ),
  ];
}

/** Plays turn steps as provider events, one step per model request; past the end it says the tour is over. */
export function scriptProvider(steps: TurnStep[]): Provider {
  const queue = [...steps];
  let calls = 0;
  return {
    name: 'tutor',
    async *stream(_request, signal) {
      const step = queue.shift() ?? turn(text('The tour is over. `:q` quits; `:help` shows the manual.'));
      for (const part of step.parts) {
        if (signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, 15));
        if (part.type === 'text') {
          for (const chunk of part.chunks) {
            yield { type: 'text_delta', text: chunk } satisfies ProviderEvent;
            await new Promise((resolve) => setTimeout(resolve, 15));
          }
        } else {
          yield { type: 'tool_call', id: part.id ?? `tutor-${++calls}`, name: part.name, argsText: part.fragments.join('') };
        }
      }
      const hasCall = step.parts.some((p) => p.type === 'tool_call');
      yield { type: 'usage', usage: step.usage ?? { inputTokens: 0, outputTokens: 0 } };
      yield { type: 'stop', reason: hasCall ? 'tool_use' : 'end_turn' };
    },
  };
}

export interface TutorOptions {
  /** Installs the Lua rule; without Lua the same rule is added in JavaScript. */
  rule?: TuiApprovals['rule'];
}

/** Point the session at the scripted model, add the lesson's rule, and greet the user. */
export async function installTutor(controller: TuiController, opts: TutorOptions = {}): Promise<void> {
  const host: LugHost = controller.host;
  host.providers.register({ name: 'tutor', create: () => scriptProvider(tutorScript()) });
  host.options.set('model', TUTOR_MODEL);
  const lua = controller.opts.lua;
  if (lua) await lua.run(TUTOR_RULE_LUA, 'tutor');
  else
    opts.rule?.('bash', (args): RuleAnswer => {
      const command = String(args.command ?? '');
      if (command.startsWith('rm ')) return { verdict: 'deny', reason: "the tutor's rule: no rm" };
      if (command.startsWith('cat ')) return { verdict: 'allow', reason: "the tutor's rule: cat only reads" };
      return undefined;
    });
  controller.transcript.notice(
    `**lug tutor**: a guided tour with a scripted model (no key needed) in a scratch copy of a sample project, \`${host.cwd}\`.\n\n` +
      'Type anything (`start`, say) and press **Enter** to begin. `:q` quits at any time.',
    'info',
    true,
  );
}
