#!/usr/bin/env node
/**
 * A scripted model for the screenshots in docs/screenshots (and for trying
 * the TUI without a key): serves the Anthropic wire format on 127.0.0.1 and
 * prints the base URL. Run lug against it with
 *   ANTHROPIC_BASE_URL=<url> ANTHROPIC_API_KEY=scripted lug
 * in a copy of the sample project this script writes to the directory given.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startScriptedServer, text, toolCall, turn } from '@lug/testing';

const project = process.argv[2];
if (!project) {
  console.error('usage: screenshot-server.mjs PROJECT_DIR [URL_FILE]');
  process.exit(2);
}
fs.mkdirSync(path.join(project, 'src'), { recursive: true });
fs.writeFileSync(path.join(project, 'src/greet.js'), "export function greet(name) {\n  return 'Hello ' + name;\n}\n\nconsole.log(greet('world'));\n");
fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "sample", "type": "module" }\n');

const overview = `# The sample project

A tiny module with **one function**, \`greet\`, and a line that calls it.

| file | what it does |
|---|---|
| \`src/greet.js\` | builds the greeting and prints it |
| \`package.json\` | marks the project as ES modules |

The greeting has no comma after *Hello*; a fix would be:

\`\`\`js
return \`Hello, \${name}!\`;
\`\`\`

Ask me to apply it.`;

const server = await startScriptedServer([
  turn(text(overview), { eventDelayMs: 40 }),
  turn(text('Let me look at the file first.'), toolCall('read', { path: 'src/greet.js' })),
  turn(
    text('I will use a template string with a comma.'),
    toolCall('edit', { path: 'src/greet.js', old_string: "  return 'Hello ' + name;", new_string: '  return `Hello, ${name}!`;' }),
  ),
  turn(toolCall('bash', { command: 'node src/greet.js' })),
  turn(text('Done: it now prints **Hello, world!**')),
  turn(toolCall('write', { path: 'NOTES.md', content: '# Notes\n\nThe greeting now has a comma.\n' })),
  turn(text('Wrote NOTES.md without asking, since auto mode is on.')),
]);
if (process.argv[3]) fs.writeFileSync(process.argv[3], server.anthropicBaseUrl);
console.log(server.anthropicBaseUrl);
setInterval(() => {}, 1 << 30);
