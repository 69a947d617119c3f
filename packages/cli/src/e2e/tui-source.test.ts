/**
 * :source in the real binary, in tmux: an init.lua with a confirm rule, a
 * command and a tool_result hook, sourced twice, leaves one of each: the
 * rule asks once, the command runs once, the hook changes the result once.
 */
import { describe, expect, it } from 'vitest';
import { text, toolCall, turn } from '@lug/testing';
import { sandbox } from './run-lug.js';
import { hasTmux, lugsInTmux } from './tmux.js';

const lugs = lugsInTmux();

const INIT = `
lug.tool.rule("bash", function(args)
  if lug.ui.confirm("Run " .. args.command .. "?") then return "allow" end
  return "deny", "the user said no"
end)
lug.cmd.register("hello", function()
  hellos = (hellos or 0) + 1
  lug.ui.notify("hello number " .. hellos)
end, { desc = "say hello" })
lug.on("tool_result", function(e) return { content = e.content .. " [seen by the hook]" } end)
`;

/** How many times `needle` occurs in `haystack`. */
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe.skipIf(!hasTmux())(':source in a real terminal', () => {
  it('sourced twice, init.lua leaves one rule, one command and one hook', async () => {
    const box = sandbox(INIT);
    const { server, screen: s } = await lugs.start([turn(toolCall('bash', { command: 'echo sourced-ok' })), text('All done.')], box, { env: { CI: 'true', EDITOR: 'true' } });
    s.type(':source\r');
    await s.waitFor(/sourced .*init\.lua \(3 earlier registrations replaced\)/, 15_000);
    s.type(':source\r');
    await s.waitFor((screen) => count(screen, 'earlier registrations replaced') >= 2, 15_000);
    s.type(':hello\r');
    await s.waitFor(/hello number 1/, 15_000);
    expect(s.capture()).not.toMatch(/hello number 2/);

    s.type('run it\r');
    await s.waitFor(/Run echo sourced-ok\?/, 15_000);
    s.type('y');
    await s.waitFor(/All done\./, 20_000);
    // One confirm asked: no second dialog came after the first was answered.
    expect(s.capture()).not.toMatch(/Run echo sourced-ok\?[\s\S]*y yes · n no/);
    const requests = server.modelRequests();
    expect(requests).toHaveLength(2);
    const sent = JSON.stringify(requests[1]!.body);
    expect(count(sent, 'sourced-ok')).toBeGreaterThan(0);
    expect(count(sent, '[seen by the hook]')).toBe(1);
  });
});
