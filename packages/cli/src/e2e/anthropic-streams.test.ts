/**
 * The real binary against streams shaped as Anthropic's servers send them
 * (@lug/testing's fixtures), replayed over HTTP: thinking kept and sent back
 * across tool-use turns, every stop reason ending as the user needs it, the
 * server's words shown, no parser fault taken for a network fault, and every
 * request within the API's rules.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicFixture, startScriptedServer, text, type RecordedRequest, type ScriptedServer } from '@lug/testing';
import { lugEnv, runLug, sandbox } from './run-lug.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const THREE_TURNS = ['thinking-tool-1', 'thinking-tool-2', 'thinking-tool-3'];

async function project(fixtures: string[], initLua?: string) {
  const box = sandbox(initLua);
  writeFileSync(join(box.project, 'notes.txt'), 'alpha\nbeta\n');
  server = await startScriptedServer(fixtures.map((f) => anthropicFixture(f)));
  return { box, env: lugEnv(server, 'anthropic', box), server };
}

/** The API's rules every request must follow. */
function expectValidRequest(req: RecordedRequest): void {
  const body = req.body;
  const messages: any[] = body.messages;
  expect(messages[0].role).toBe('user');
  messages.forEach((m, i) => i > 0 && expect(m.role).not.toBe(messages[i - 1].role));
  expect(JSON.stringify(body).split('"cache_control"').length - 1).toBeLessThanOrEqual(4);
  messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    const blocks: any[] = m.content;
    const firstOther = blocks.findIndex((b) => b.type !== 'thinking' && b.type !== 'redacted_thinking');
    expect(blocks.slice(Math.max(firstOther, 0)).filter((b) => b.type === 'thinking' || b.type === 'redacted_thinking')).toEqual(firstOther === -1 ? blocks : []);
    for (const b of blocks) if (b.type === 'thinking') expect(b.signature).toMatch(/==$/);
    const ids = blocks.filter((b) => b.type === 'tool_use').map((b) => b.id);
    if (ids.length) expect(messages[i + 1].content.slice(0, ids.length).map((b: any) => b.tool_use_id)).toEqual(ids);
  });
  expect(typeof body.max_tokens).toBe('number');
  if (body.thinking?.type === 'enabled') expect(body.max_tokens).toBeGreaterThan(body.thinking.budget_tokens);
  expect(body).not.toHaveProperty('temperature');
}

describe('thinking on, two tool-use turns', () => {
  it('keeps each thinking block and sends it back with its signature first in its message, before tool_use', async () => {
    const { box, env } = await project(THREE_TURNS);
    const r = await runLug(['-p', 'find beta', '--auto', '--thinking', 'high'], { cwd: box.project, env });
    expect(r.stderr).not.toMatch(/error|deprecated|cannot read/i);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Reading the notes.\n\nbeta is on line 2 of notes.txt, the only file here.\n');
    const requests = server!.modelRequests();
    expect(requests).toHaveLength(3);
    requests.forEach(expectValidRequest);
    expect(requests[0]!.body).toMatchObject({ model: 'claude-sonnet-5-5', thinking: { type: 'adaptive', display: 'summarized' }, output_config: { effort: 'high' } });
    expect(requests[1]!.body.messages[1].content).toEqual([
      { type: 'thinking', thinking: 'I should look at the notes file before answering.', signature: 'ErUBCkYIBRABGAIiQFixtureSignatureTurnOneThinkingBlockBBBB==' },
      { type: 'text', text: 'Reading the notes.' },
      { type: 'tool_use', id: 'toolu_fixture_read_1', name: 'read', input: { path: 'notes.txt' } },
    ]);
    const third = requests[2]!.body.messages;
    expect(third.map((m: any) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(third[3].content[0]).toEqual({ type: 'thinking', thinking: 'The notes mention beta; let me list the directory too.', signature: 'ErUBCkYIBRABGAIiQFixtureSignatureTurnTwoThinkingBlockCCCC==' });
    expect(third[4].content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_fixture_ls_2' });
  });

  it('streams reasoning in stream-json as its own event type, never in the text', async () => {
    const { box, env } = await project(THREE_TURNS);
    const r = await runLug(['-p', 'find beta', '--auto', '--thinking', 'high', '--output-format', 'stream-json'], { cwd: box.project, env });
    expect(r.code).toBe(0);
    const events = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const reasoning = events.filter((e) => e.type === 'reasoning_delta').map((e) => e.text);
    expect(reasoning).toEqual(['I should look at the notes file before answering.', 'The notes mention beta; let me list the directory too.', 'I have both: beta is on line 2, and notes.txt is the only file.']);
    expect(events.filter((e) => e.type === 'text_delta').map((e) => e.text).join('')).toBe('Reading the notes.beta is on line 2 of notes.txt, the only file here.');
    const usage = events.filter((e) => e.type === 'usage');
    expect(usage[0]).toMatchObject({ usage: { input_tokens: 1850, cache_write_tokens: 1200, cache_read_tokens: 0 } });
    expect(usage.at(-1).cost).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'done' });
  });

  it('gives json the cache tokens apart, the reasoning apart, and the cost from the price table', async () => {
    const { box, env } = await project(THREE_TURNS);
    const r = await runLug(['-p', 'find beta', '--auto', '--thinking', 'high', '--output-format', 'json'], { cwd: box.project, env });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.usage).toEqual({ input_tokens: 1850 + 240 + 120, output_tokens: 96 + 61 + 88, cache_read_tokens: 1200 + 1510, cache_write_tokens: 1200 + 310 + 180, reasoning_tokens: 41 });
    // Sonnet 5.5: $2 in, $10 out, $0.10 cache reads, $2.50 cache writes per million tokens.
    const expected = (2210 * 2 + 245 * 10 + 2710 * 0.1 + 1690 * 2.5) / 1e6;
    expect(out.cost_usd).toBeCloseTo(expected, 12);
    expect(out.model).toBe('anthropic/claude-sonnet-5-5');
    expect(out.reasoning).toContain('I should look at the notes file before answering.');
    expect(out.text).not.toContain('look at the notes file');
  });

  it('shows the reasoning on stderr with --show-reasoning, and never on stdout', async () => {
    const { box, env } = await project(['thinking-text']);
    const plain = await runLug(['-p', 'gcd?'], { cwd: box.project, env });
    expect(plain.stdout).toBe('The greatest common divisor of 1071 and 462 is **21**.\n');
    expect(plain.stderr).toBe('');
    server!.push(anthropicFixture('thinking-text'));
    const shown = await runLug(['-p', 'gcd?', '--show-reasoning'], { cwd: box.project, env });
    expect(shown.stdout).toBe('The greatest common divisor of 1071 and 462 is **21**.\n');
    expect(shown.stderr).toBe('The user wants the GCD of 1071 and 462.\n\n1071 = 2 × 462 + 147\n462 = 3 × 147 + 21\n147 = 7 × 21 + 0\n\nSo it is 21.\n');
  });
});

describe('stop reasons', () => {
  it.each([
    ['max-tokens-text', 'max_tokens', /the answer was cut at the output limit of 16384 tokens; raise lug\.opt\.max_tokens/],
    ['refusal', 'refusal', /the model declined to go on with this request \(cyber: This request could enable malware development\.\); rephrase it/],
    ['context-window', 'context_window', /the conversation has filled the model's context window.*start a new conversation/],
  ])('%s ends the run with exit 1, the reason in json, and plain words in text', async (fixture, reason, words) => {
    const { box, env } = await project([fixture, fixture]);
    const t = await runLug(['-p', 'go'], { cwd: box.project, env });
    expect(t.code).toBe(1);
    expect(t.stderr).toMatch(new RegExp(`^lug: ${words.source}`));
    const j = await runLug(['-p', 'go', '--output-format', 'json'], { cwd: box.project, env });
    expect(j.code).toBe(1);
    const out = JSON.parse(j.stdout);
    expect(out.reason).toBe(reason);
    expect(out.message).toMatch(words);
  });

  it('does not run a call cut by the output limit, and tells the model to make smaller calls', async () => {
    const { box, env } = await project(['max-tokens-tool-call']);
    const r = await runLug(['-p', 'write a big file', '--auto', '--output-format', 'stream-json'], { cwd: box.project, env });
    expect(r.code).toBe(1);
    expect(existsSync(join(box.project, 'big.txt'))).toBe(false);
    const events = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(events.some((e) => e.type === 'tool_start')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'max_tokens' });
    const dir = join(box.state, 'lug', 'sessions');
    const session = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8');
    expect(session).toContain('not run: the answer was cut by the output limit (16384 tokens)');
    expect(session).toContain('make smaller calls');
  });

  it('continues a paused turn by sending the conversation again, the paused answer last', async () => {
    const { box, env } = await project(['pause-turn', 'pause-turn-continued']);
    const r = await runLug(['-p', 'go'], { cwd: box.project, env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Working through the list: first, then second. Done.\n');
    const [, second] = server!.modelRequests();
    expectValidRequest(second!);
    expect(second!.body.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Working through the list: first,', cache_control: { type: 'ephemeral' } }] });
  });
});

describe('faults', () => {
  it('reports a stream lug cannot read as such, once, without retrying', async () => {
    const { box, env } = await project(['not-json-event', 'thinking-text']);
    const r = await runLug(['-p', 'go'], { cwd: box.project, env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^lug: Anthropic sent a stream lug cannot read \(an event that is not JSON/);
    expect(r.stderr).not.toMatch(/retrying|connection/);
    expect(server!.modelRequests()).toHaveLength(1);
  });

  it("retries a 529 and shows a gateway's own words", async () => {
    const { box, env } = await project(['overloaded-529', 'gateway-502-html', 'thinking-text']);
    const r = await runLug(['-p', 'go'], { cwd: box.project, env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/lug: Anthropic API error \(529 overloaded_error\): Overloaded; Anthropic is overloaded; try again shortly; retrying/);
    expect(r.stderr).toMatch(/lug: Anthropic API error \(502\): 502 Bad Gateway; retrying/);
  });
});

describe('the model', () => {
  it('is the newest Sonnet by default, and a default run prints nothing of the SDK', async () => {
    const { box, env } = await project(['thinking-text']);
    const r = await runLug(['-p', 'gcd?'], { cwd: box.project, env });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(server!.modelRequests()[0]!.body.model).toBe('claude-sonnet-5-5');
  });

  it('is said once, in lug\'s words, to be deprecated, without the SDK\'s own warning', async () => {
    const { box, env } = await project(['thinking-tool-1', 'thinking-tool-2', 'thinking-tool-3']);
    const r = await runLug(['-p', 'find beta', '--auto', '--model', 'anthropic/claude-sonnet-4-5'], { cwd: box.project, env });
    expect(r.code).toBe(0);
    const notices = r.stderr.split('\n').filter((l) => /deprecat|end.of.life/i.test(l));
    expect(notices).toEqual(['lug: anthropic/claude-sonnet-4-5 is deprecated: it reached end of life on November 30th, 2026; switch to anthropic/claude-sonnet-5-5 (--model, or lug.opt.model in init.lua)']);
    expect(r.stderr).not.toMatch(/Please migrate|docs\.anthropic\.com/);
  });

  it('refuses a thinking level it does not know, exit 2', async () => {
    const box = sandbox();
    const r = await runLug(['-p', 'x', '--thinking', 'hard'], { cwd: box.project, env: { PATH: process.env.PATH, HOME: box.home } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('lug: --thinking must be one of off, minimal, low, medium, high, max, got "hard"\n');
  });
});

/** A real 2×2 greyscale PNG. */
function png(): Buffer {
  const crc = (b: Buffer) => {
    let c = ~0;
    for (const x of b) {
      c ^= x;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 0, 0, 0, 0]);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from([0, 1, 2, 0, 3, 4]))), chunk('IEND', Buffer.alloc(0))]);
}

describe('--image', () => {
  it('attaches an image before the prompt text, judged by its bytes', async () => {
    const { box, env } = await project(['thinking-text']);
    writeFileSync(join(box.project, 'screenshot'), png());
    const r = await runLug(['-p', 'what is this?', '--image', 'screenshot'], { cwd: box.project, env });
    expect(r.code).toBe(0);
    expect(server!.modelRequests()[0]!.body.messages[0].content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png().toString('base64') } },
      { type: 'text', text: 'what is this?', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('refuses a file that is not an image before sending anything, exit 2', async () => {
    const { box, env } = await project([]);
    writeFileSync(join(box.project, 'shot.png'), 'not an image');
    const r = await runLug(['-p', 'what is this?', '--image', 'shot.png'], { cwd: box.project, env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('lug: --image: shot.png is not a PNG, JPEG, GIF or WebP image (judged by its content, not its name)\n');
    expect(server!.modelRequests()).toHaveLength(0);
  });
});

describe('lug.opt.max_cost', () => {
  it('stops the loop once the session has cost more, exit 1, saying so', async () => {
    // Turn one costs $0.00766 and turn two $0.001985 (Sonnet 5.5's prices): the limit passes after the second request.
    const { box, env } = await project(THREE_TURNS, 'lug.opt.max_cost = 0.008\n');
    const r = await runLug(['-p', 'find beta', '--auto', '--output-format', 'json'], { cwd: box.project, env });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.reason).toBe('max_cost');
    expect(out.message).toBe('stopped: this session has cost $0.0096, more than lug.opt.max_cost ($0.008); raise lug.opt.max_cost to go on');
    expect(server!.modelRequests()).toHaveLength(2);
  });
});

describe('text streamed with the scripted turns', () => {
  it('still works as before beside the fixtures', async () => {
    const box = sandbox();
    server = await startScriptedServer([text('plain')]);
    const r = await runLug(['-p', 'hi'], { cwd: box.project, env: lugEnv(server, 'anthropic', box) });
    expect(r.stdout).toBe('plain\n');
  });
});
