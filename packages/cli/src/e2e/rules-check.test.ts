/** `lug rules check`: what the rules of init.lua decide for a call, printed, without running it; the exit status says the decision. */
import { describe, expect, it } from 'vitest';
import { runLug, sandbox } from './run-lug.js';

const RULES = `lug.tool.rule("bash", function(args)
  if args.command:match("^git status") then return "allow" end
end)
lug.tool.rule("bash", function(args)
  if args.program == "rm" then return "deny", "no rm" end
end)
lug.tool.rule("*", function(args, call)
  if call.abs_path and call.abs_path:match("^/etc/") then return "ask", "under /etc" end
end)
`;

function env(box: ReturnType<typeof sandbox>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: box.home, XDG_CONFIG_HOME: box.config, XDG_STATE_HOME: box.state, LANG: 'C.UTF-8' };
}

describe('lug rules check', () => {
  it('prints the decision, each rule that spoke with its source, and the parts; a deny exits 4', async () => {
    const box = sandbox(RULES);
    const r = await runLug(['rules', 'check', 'git status && sudo rm -rf x'], { cwd: box.project, env: env(box) });
    expect(r.code).toBe(4);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toMatch(/^decision: deny \(rule:.*init\.lua:4\): no rm/);
    expect(r.stdout).toMatch(/ {2}.*init\.lua:1: allow on "git status"/);
    expect(r.stdout).toMatch(/ {2}.*init\.lua:4: deny on "rm -rf x" \(no rm\)/);
    expect(r.stdout).toMatch(/parts the rules saw:\n {2}1\. git status .*\n {2}2\. sudo rm -rf x \(command, program sudo, .*\n {2}3\. rm -rf x \(command, program rm, argv \["rm","-rf","x"\]; through sudo\)/);
  });

  it('exits 0 for a call the rules allow, and 3 for one that asks', async () => {
    const box = sandbox(RULES);
    expect((await runLug(['rules', 'check', 'git', 'status'], { cwd: box.project, env: env(box) })).code).toBe(0);
    const asks = await runLug(['rules', 'check', 'write', '{"path": "/etc/hosts", "content": "x"}'], { cwd: box.project, env: env(box) });
    expect(asks.code).toBe(3);
    expect(asks.stdout).toMatch(/decision: ask \(rule:.*init\.lua:7\): under \/etc/);
  });

  it('exits 1 when the configuration failed to load, saying so, and 2 on bad usage', async () => {
    const box = sandbox('local x = = 1\n');
    const broken = await runLug(['rules', 'check', 'ls'], { cwd: box.project, env: env(box) });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/init\.lua:1: .*\n.*rules may be missing from this check/);
    const usage = await runLug(['rules', 'check'], { cwd: box.project, env: env(box) });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/usage: lug rules check \[TOOL\] ARGS/);
  });
});
