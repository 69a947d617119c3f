#!/usr/bin/env node
// Kept tiny, and CommonJS (bin/package.json): `lug --version` and `lug --help`
// cost what starting node costs. Their answers are written into this file at
// build time (scripts/write-bin.mjs), so they read no file and import nothing;
// everything else goes to dist/start.cjs (startup/start.ts).
'use strict';

const VERSION = "0.1.0";
const HELP = "lug — a terminal coding agent you shape in Lua\n\nUsage:\n  lug [flags]                 start the interface in this directory\n  lug -p PROMPT [flags]       run one task headless and exit\n  echo TEXT | lug -p PROMPT   a piped standard input is added to the prompt\n  lug mcp list                start the configured MCP servers, list each with its state and tools\n  lug rules check [TOOL] ARGS what the approval rules decide for a call, without running it\n  lug rewind --list | N       the project's file checkpoints; N puts the files (--files-only) and the conversation back\n  lug --acp [flags]           serve an editor over the Agent Client Protocol (stdin/stdout)\n\nFlags:\n  -p, --print PROMPT          run PROMPT headless: the answer on stdout, one line per tool call on stderr\n  -m, --model PROVIDER/MODEL  the model, e.g. anthropic/claude-sonnet-5-5, openai/gpt-5.6-sol, openai/qwen3-coder\n      --thinking LEVEL        how hard the model reasons: off | minimal | low | medium | high | max (default off)\n      --image FILE            attach a PNG, JPEG, GIF or WebP image to the prompt (headless; repeatable)\n      --show-reasoning        headless text mode: write the model's reasoning, dim, to stderr\n      --auto                  auto mode: approval off, nothing asks (rules may still deny)\n      --approval MODE         off | policy | all (default policy)\n      --sandbox MODE          off | workspace | read-only (default off): where commands and file tools may write\n      --output-format FORMAT  text | json | stream-json (headless only; default text)\n  -c, --continue              resume the newest session of this directory\n  -r, --resume ID             resume the session ID\n      --acp                   speak the Agent Client Protocol for Zed, codecompanion.nvim or avante.nvim\n      --tutor                 a guided tour on a scripted model; needs no key\n  -v, --version               print the version\n  -h, --help                  print this help\n\nEnvironment:\n  ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL   Anthropic\n  OPENAI_API_KEY, OPENAI_BASE_URL         OpenAI, or any OpenAI-compatible server (no key needed with a base URL)\n  XDG_CONFIG_HOME                         init.lua and plugins in $XDG_CONFIG_HOME/lug (default ~/.config/lug)\n  XDG_STATE_HOME                          sessions and approvals.log in $XDG_STATE_HOME/lug (default ~/.local/state/lug)\n  XDG_CACHE_HOME                          compiled Lua in $XDG_CACHE_HOME/lug (default ~/.cache/lug)\n\nExit status: 0 when the model finished; 1 on an error, or when the answer stopped short (the output\nlimit, a refusal, a content filter, a full context window, max_cost, max_turns); 2 on bad usage.\n";

const args = process.argv.slice(2);
const only = args.length === 1 ? args[0] : undefined;
/**
 * Write `text` to standard output with the file descriptor itself: making
 * `process.stdout` costs a start ~2 ms when it is a pipe (a socket stream), as
 * when a script reads `lug --version` (20.4 against 18.1 ms for `node -e 0`;
 * 18.6 with this). A pipe another program left non-blocking and full (EAGAIN)
 * gets the rest through process.stdout; a reader that has gone (EPIPE, as
 * `lug --help | head -1`) gets nothing more.
 */
function print(text) {
  const { writeSync } = require('node:fs');
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done);
  } catch (err) {
    if (err && err.code === 'EPIPE') return;
    process.stdout.write(bytes.subarray(done));
  }
}

if (only === '--version' || only === '-v') {
  print(`${VERSION}\n`);
} else if (only === '--help' || only === '-h') {
  print(HELP);
} else {
  Promise.resolve()
    .then(() => require('../dist/start.cjs').start(args))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (err) => {
        process.stderr.write(`lug: ${(err && err.stack) || err}\n`);
        process.exitCode = 1;
      },
    );
}
