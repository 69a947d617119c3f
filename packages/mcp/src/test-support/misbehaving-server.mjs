#!/usr/bin/env node
// An MCP server (the SDK's own server side, over stdio) whose tools misbehave on purpose, for lug's tests:
// it crashes mid-call, hangs, floods stderr, writes non-protocol lines to stdout, changes its tool list.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { writeFileSync } from 'node:fs';
import { z } from 'zod';

const server = new McpServer({ name: 'misbehaving', version: '1.0.0' });
if (process.env.MISBEHAVING_PID_FILE) writeFileSync(process.env.MISBEHAVING_PID_FILE, String(process.pid));
const text = (t) => ({ content: [{ type: 'text', text: t }] });

server.registerTool('echo', { description: 'Say the text back.', inputSchema: { text: z.string() } }, async ({ text: t }) => text(`echo: ${t}`));
server.registerTool('crash', { description: 'Exit while the call runs.', inputSchema: {} }, async () => {
  process.stderr.write('about to crash: exit 3\n');
  setTimeout(() => process.exit(3), 50);
  return new Promise(() => {});
});
let cancelled = 0;
server.registerTool('hang', { description: 'Never answer.', inputSchema: {} }, async (_args, extra) => {
  extra.signal.addEventListener('abort', () => {
    cancelled += 1;
  });
  return new Promise(() => {});
});
server.registerTool('cancelled-count', { description: 'How many calls the client cancelled.', inputSchema: {} }, async () => text(String(cancelled)));
server.registerTool('flood-stderr', { description: 'Write megabytes to stderr, then answer.', inputSchema: { mb: z.number() } }, async ({ mb }) => {
  const chunk = 'x'.repeat(1023) + '\n';
  for (let i = 0; i < mb * 1024; i++) process.stderr.write(chunk);
  process.stderr.write('flood done\n');
  return text('flooded');
});
server.registerTool('noise', { description: 'Write a line that is not JSON-RPC to stdout, then answer.', inputSchema: {} }, async () => {
  process.stdout.write('this is not a protocol message\n');
  return text('noisy');
});
server.registerTool('nullable', { description: 'Take a string or null.', inputSchema: { value: z.string().nullable(), count: z.number().int().min(1).optional() } }, async ({ value }) => text(`got ${JSON.stringify(value)}`));
server.registerTool('big', { description: 'Answer with a long text, an image and a resource.', inputSchema: { bytes: z.number() } }, async ({ bytes }) => ({
  content: [
    { type: 'text', text: 'a'.repeat(bytes) },
    { type: 'image', data: Buffer.alloc(300).toString('base64'), mimeType: 'image/png' },
    { type: 'resource', resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'the notes' } },
  ],
}));
let extra;
server.registerTool('add-tool', { description: 'Add a tool named later, and say the list changed.', inputSchema: {} }, async () => {
  extra ??= server.registerTool('later', { description: 'Added at run time.', inputSchema: {} }, async () => text('later'));
  return text('added');
});
server.registerPrompt('review', { description: 'Review a file.', argsSchema: { path: z.string() } }, ({ path }) => ({
  messages: [{ role: 'user', content: { type: 'text', text: `Please review ${path}.` } }],
}));

await server.connect(new StdioServerTransport());
