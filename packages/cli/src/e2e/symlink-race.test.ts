/**
 * The decision is bound to what runs, through the real binary: a write
 * approved on a path inside the project is refused when a symlink made after
 * the decision (here by the approver itself, the moment it allows the call)
 * would send it outside.
 */
import { existsSync, lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, text, toolCall, turn, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox, toolResultsIn } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the symlink race', () => {
  it('refuses a write whose path became a symlink out of the project after it was approved', async () => {
    const box = sandbox();
    const outside = join(box.home, 'outside');
    mkdirSync(outside);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(box.config, 'lug', 'init.lua'),
      `local project = ${JSON.stringify(box.project)}
lug.tool.rule("*", function(args, call)
  if call.abs_path and call.abs_path:sub(1, #project + 1) ~= project .. "/" then return "deny", "outside the project" end
end)
lug.session.approve(function(call, preview)
  if call.tool == "write" then lug.proc.run({ "ln", "-s", ${JSON.stringify(join(outside, 'target.txt'))}, "notes.txt" }) end
  return "allow"
end)
`,
    );
    server = await startScriptedServer([turn(toolCall('write', { path: 'notes.txt', content: 'pwned\n' }, { id: 'w1' })), text('done')]);
    const r = await runLug(['-p', 'go'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.code).toBe(0);
    const result = toolResultsIn(server.modelRequests()[1]!)[0]!;
    expect(result.content).toMatch(/notes\.txt led to .*project\/notes\.txt when this call was approved, and leads to .*outside\/target\.txt now \(a symlink changed in between\), so nothing was changed/);
    expect(existsSync(join(outside, 'target.txt'))).toBe(false);
    expect(lstatSync(join(box.project, 'notes.txt')).isSymbolicLink()).toBe(true);
  });
});
