// @ts-check
// A headless agent that answers questions about a repository, composed from
// lug's parts: no React, no ink, no Lua. Usage: node agent.mjs REPO "question"
import { resolve, sep } from 'node:path';
import { loadPlugin, Session } from '@lug/core';
import { createHostWithApprovals } from '@lug/approvals';
import read from '@lug/plugin-read';
import grep from '@lug/plugin-grep';
import { openaiProvider } from '@lug/provider-openai';

const [repoArg, ...words] = process.argv.slice(2);
const question = words.join(' ').trim();
if (!repoArg || !question) {
  process.stderr.write('usage: node agent.mjs REPO "a question about the repository"\n');
  process.exit(2);
}
const repo = resolve(repoArg);

// The host is guarded by approvals from the start: no tool call runs without their decision.
const { host, approvals } = createHostWithApprovals({ cwd: repo });
host.providers.register(openaiProvider); // OPENAI_API_KEY, or OPENAI_BASE_URL for a local server
host.options.set('model', process.env.AGENT_MODEL ?? 'openai/gpt-5');
host.options.set('max_turns', 20);
for (const plugin of [read, grep]) await loadPlugin(host, plugin);

// read and grep ask nothing by default; this rule keeps them inside the repository.
approvals.rule('*', (_args, call) =>
  call.abs_path && call.abs_path !== repo && !call.abs_path.startsWith(repo + sep)
    ? { verdict: 'deny', reason: `only files inside ${repo} may be read` }
    : undefined,
);

host.events.on('text_delta', (e) => process.stdout.write(e.text));
host.events.on('tool_result', (e) => process.stderr.write(`• ${e.call.tool} ${e.call.argsText} — ${e.outcome}\n`));
host.events.on('retry', (e) => process.stderr.write(`retrying: ${e.error}\n`));

const session = new Session(host, {
  systemPrompt: `You answer questions about the repository in ${repo}. Use grep to find things and read to look at them. Answer briefly, naming files.`,
});
const end = await session.submit(question);
process.stdout.write('\n');
if (end.reason !== 'done') process.stderr.write(`agent: stopped (${end.reason})${end.error ? `: ${end.error}` : ''}\n`);
process.exitCode = end.reason === 'done' ? 0 : 1;
