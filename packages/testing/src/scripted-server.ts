/**
 * The scripted model server: a real HTTP server on 127.0.0.1 that answers each
 * model request with the next step of a scenario, in the wire format of the
 * path it was sent to, and records every request for assertions.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicWire } from './anthropic-wire.js';
import { openaiWire } from './openai-wire.js';
import { rawPieces, type RawStep } from './raw-replay.js';
import { responsesWire } from './responses-wire.js';
import { toStep, type RecordedRequest, type Scenario, type ScenarioEntry, type Step } from './scenario.js';
import type { AnswerContext, WireFormat } from './wire.js';

/** A route's JSON answer, or a function of the request giving it. */
export type RouteAnswer = ((request: RecordedRequest) => unknown) | Record<string, unknown> | unknown[] | string | number | boolean | null;

export interface ScriptedServerOptions {
  /** The model ids `GET /v1/models` lists. Default: ["scripted-model"]. */
  models?: string[];
  /**
   * More routes, answered with JSON and status 200 and using no step, keyed
   * "METHOD /path": what a local server says of itself, e.g.
   * `{ 'POST /api/show': { model_info: { 'qwen3.context_length': 40960 } } }`.
   * A route given here wins over the built-in `GET /v1/models`.
   */
  routes?: Record<string, RouteAnswer>;
}

export interface ScriptedServer {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** For ANTHROPIC_BASE_URL (the SDK adds /v1/messages). */
  readonly anthropicBaseUrl: string;
  /** For OPENAI_BASE_URL (the SDK adds /chat/completions, or /responses). */
  readonly openaiBaseUrl: string;
  /** Every request received, in order, model requests or not. */
  readonly requests: RecordedRequest[];
  /** The model requests only (the Anthropic, Chat Completions and Responses paths), in order. */
  modelRequests(): RecordedRequest[];
  /** How many connections the server has accepted so far (a client that keeps one alive, or opens one ahead, makes fewer than its requests). */
  connections(): number;
  /**
   * Resolve once `count` model requests have arrived (with those requests), or
   * reject after `timeoutMs` saying how many came: for driving a client that
   * runs on its own, such as a spawned lug.
   */
  waitForModelRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  /** Add steps at the end of the scenario. */
  push(...entries: ScenarioEntry[]): void;
  /** How many steps are left unanswered. */
  remaining(): number;
  /** Stop listening and drop every open connection. */
  close(): Promise<void>;
}

const WIRES: Record<Exclude<RecordedRequest['format'], 'other'>, WireFormat> = { anthropic: anthropicWire, openai: openaiWire, 'openai-responses': responsesWire };

function formatOf(path: string): RecordedRequest['format'] {
  if (path === '/v1/messages') return 'anthropic';
  if (path === '/v1/chat/completions' || path === '/chat/completions') return 'openai';
  if (path === '/v1/responses' || path === '/responses') return 'openai-responses';
  return 'other';
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function headersOf(req: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** Resolve after `ms`, or as soon as the client has gone. */
function wait(ms: number, res: http.ServerResponse): Promise<void> {
  if (ms <= 0 || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      res.off('close', done);
      resolve();
    }
    res.once('close', done);
  });
}

function write(res: http.ServerResponse, frame: string): Promise<void> {
  return new Promise((resolve) => res.write(frame, () => resolve()));
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function startEventStream(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
}

async function writeFrames(res: http.ServerResponse, frames: string[], eventDelayMs: number | undefined): Promise<void> {
  for (let i = 0; i < frames.length; i++) {
    if (i > 0 && eventDelayMs) await wait(eventDelayMs, res);
    if (res.destroyed) return;
    await write(res, frames[i]!);
  }
}

/** Send a raw response as it is written, one event at a time; or cut the socket after `cutAfterEvents`. */
async function answerRaw(step: RawStep, res: http.ServerResponse): Promise<void> {
  const { status, headers, body } = step.response;
  const streamed = /text\/event-stream/.test(headers['content-type'] ?? '');
  const pieces = streamed ? rawPieces(body) : [body];
  const sent = step.cutAfterEvents === undefined ? pieces : pieces.slice(0, step.cutAfterEvents);
  res.writeHead(status, streamed || step.cutAfterEvents !== undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  res.flushHeaders();
  await writeFrames(res, sent.length ? sent : [''], step.eventDelayMs);
  if (step.cutAfterEvents !== undefined) res.socket?.destroy();
  else res.end();
}

/** Send what a step says, in the given wire format. */
async function answer(step: Step, wire: WireFormat, ctx: AnswerContext, res: http.ServerResponse): Promise<void> {
  await wait(step.delayMs ?? 0, res);
  if (res.destroyed) return;
  const streaming = ctx.request.body?.stream === true;
  switch (step.kind) {
    case 'raw':
      return answerRaw(step, res);
    case 'hang_up':
      res.socket?.destroy();
      return;
    case 'http_error': {
      const headers: Record<string, string> = { ...(step.retryAfter !== undefined ? { 'retry-after': String(step.retryAfter) } : {}), ...step.headers };
      sendJson(res, step.status, step.body ?? wire.errorBody(step.status, step.message, step.errorType), headers);
      return;
    }
    case 'turn':
      if (!streaming) return sendJson(res, 200, wire.json(step, ctx));
      startEventStream(res);
      await writeFrames(res, wire.stream(step, ctx).frames, step.eventDelayMs);
      res.end();
      return;
    case 'cut': {
      if (!streaming) {
        res.writeHead(200, { 'content-type': 'application/json' });
        await write(res, JSON.stringify(wire.json({ kind: 'turn', parts: step.parts }, ctx)).slice(0, 20));
        res.socket?.destroy();
        return;
      }
      const plan = wire.stream({ kind: 'turn', parts: step.parts }, ctx);
      const frames = plan.frames.slice(0, step.afterEvents ?? plan.closingFrom);
      startEventStream(res);
      // An SSE comment (ignored by clients) makes sure the headers left before the cut.
      await writeFrames(res, frames.length ? frames : [': scripted cut\n\n'], step.eventDelayMs);
      res.socket?.destroy();
      return;
    }
    case 'stream_error': {
      if (!streaming) return sendJson(res, 500, wire.errorBody(500, step.message, step.errorType));
      const plan = wire.stream({ kind: 'turn', parts: step.parts }, ctx);
      startEventStream(res);
      await writeFrames(res, [...plan.frames.slice(0, plan.closingFrom), wire.streamError(step.errorType, step.message)], step.eventDelayMs);
      res.end();
      return;
    }
  }
}

function modelList(models: string[]) {
  // One body that reads as both an OpenAI and an Anthropic model list.
  const data = models.map((id) => ({ id, object: 'model', type: 'model', created: 1_700_000_000, created_at: '2023-11-14T22:13:20Z', owned_by: 'lug-testing', display_name: id }));
  return { object: 'list', data, has_more: false, first_id: models[0] ?? null, last_id: models[models.length - 1] ?? null };
}

/** Start a scripted server on 127.0.0.1 at a free port. */
export async function startScriptedServer(scenario: Scenario = [], options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  const steps: ScenarioEntry[] = [...scenario];
  const requests: RecordedRequest[] = [];
  const models = options.models ?? ['scripted-model'];
  let answered = 0;
  const waiters = new Set<() => void>();
  const modelRequests = () => requests.filter((r) => r.format !== 'other');

  function waitForModelRequests(count: number, timeoutMs = 10_000): Promise<RecordedRequest[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const got = modelRequests();
        if (got.length < count) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(got.slice(0, count));
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`scripted server: waited ${timeoutMs} ms for ${count} model request(s), got ${modelRequests().length}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  async function nextStep(request: RecordedRequest): Promise<Step | string> {
    const entry = steps.shift();
    if (entry === undefined) {
      return `scripted server: the scenario has no step left for request #${request.index + 1} (${request.method} ${request.path}); it had ${answered} step(s). Add a step, or find out why one more request was sent.`;
    }
    answered++;
    try {
      return toStep(typeof entry === 'function' ? await entry(request) : entry);
    } catch (err) {
      return `scripted server: the function step for request #${request.index + 1} threw: ${(err as Error).message}`;
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const request: RecordedRequest = {
      index: requests.length,
      method: req.method ?? 'GET',
      path,
      query,
      headers: headersOf(req),
      body: parseBody(raw),
      format: formatOf(path),
      disconnected: false,
      receivedAt: Date.now(),
    };
    requests.push(request);
    for (const check of [...waiters]) check();
    res.on('close', () => {
      if (!res.writableFinished) request.disconnected = true;
    });

    const route = options.routes?.[`${request.method} ${path}`];
    if (route !== undefined) return sendJson(res, 200, typeof route === 'function' ? await route(request) : route);
    if (request.method === 'GET' && (path === '/v1/models' || path === '/models')) return sendJson(res, 200, modelList(models));
    if (request.format === 'other' || request.method !== 'POST') {
      const extra = Object.keys(options.routes ?? {}).join(', ');
      const message = `scripted server: no route for ${request.method} ${path}; it answers POST /v1/messages (Anthropic), POST /v1/chat/completions and POST /v1/responses (OpenAI), GET /v1/models${extra ? `, ${extra}` : ''}`;
      return sendJson(res, 404, openaiWire.errorBody(404, message, undefined));
    }
    const wire = WIRES[request.format];
    const step = await nextStep(request);
    if (typeof step === 'string') return sendJson(res, 500, wire.errorBody(500, step, undefined));
    const model = typeof request.body?.model === 'string' ? request.body.model : 'scripted-model';
    await answer(step, wire, { request, model, serial: request.index + 1 }, res);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `scripted server failed: ${err.message}`, type: 'server_error' } });
      else res.destroy();
    });
  });
  let connections = 0;
  server.on('connection', () => void connections++);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    anthropicBaseUrl: url,
    openaiBaseUrl: `${url}/v1`,
    requests,
    modelRequests,
    connections: () => connections,
    waitForModelRequests,
    push: (...entries) => void steps.push(...entries),
    remaining: () => steps.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Scripted servers started one by one and closed together. */
export interface ScriptedServers {
  start(...args: Parameters<typeof startScriptedServer>): Promise<ScriptedServer>;
  /** Close every server started so far; call it in afterEach. */
  closeAll(): Promise<void>;
}

/**
 * Scripted servers for a test file, one or more a test:
 *
 *     const servers = scriptedServers();
 *     afterEach(() => servers.closeAll());
 *     const server = await servers.start([text('hi')]);
 */
export function scriptedServers(): ScriptedServers {
  const open: ScriptedServer[] = [];
  return {
    async start(...args) {
      const server = await startScriptedServer(...args);
      open.push(server);
      return server;
    },
    async closeAll() {
      await Promise.all(open.splice(0).map((s) => s.close()));
    },
  };
}

/** The tools a model request carried, whatever its wire format: name, description, JSON Schema. */
export function toolsOf(request: RecordedRequest): Array<{ name: string; description: string; parameters: unknown }> {
  const tools: any[] = Array.isArray(request.body?.tools) ? request.body.tools : [];
  return tools.map((t) =>
    request.format === 'openai'
      ? { name: t.function?.name, description: t.function?.description, parameters: t.function?.parameters }
      : request.format === 'openai-responses'
        ? { name: t.name, description: t.description, parameters: t.parameters }
        : { name: t.name, description: t.description, parameters: t.input_schema },
  );
}

/** The system prompt a model request carried, whatever its wire format. */
export function systemPromptOf(request: RecordedRequest): string | undefined {
  const body = request.body;
  if (request.format === 'openai-responses') return typeof body?.instructions === 'string' ? body.instructions : undefined;
  if (request.format === 'openai') {
    const sys = (body?.messages ?? []).find((m: any) => m.role === 'system' || m.role === 'developer');
    return typeof sys?.content === 'string' ? sys.content : undefined;
  }
  if (typeof body?.system === 'string') return body.system;
  if (Array.isArray(body?.system)) return body.system.map((b: any) => b.text ?? '').join('');
  return undefined;
}

/**
 * The tool results a model request carried back to the model, whatever its
 * wire format, in order: the `role: "tool"` messages after the last assistant
 * message (Chat Completions), the `function_call_output` items after the
 * model's last items (Responses), or the `tool_result` blocks of the last
 * message (Anthropic).
 */
export function toolResultsOf(request: RecordedRequest): Array<{ id: string; content: string }> {
  const out: Array<{ id: string; content: string }> = [];
  if (request.format === 'openai-responses') {
    const items: any[] = Array.isArray(request.body?.input) ? request.body.input : [];
    const modelItem = (i: any) => i.role === 'assistant' || i.type === 'function_call' || i.type === 'reasoning';
    for (const i of items.slice(items.findLastIndex(modelItem) + 1)) {
      if (i.type === 'function_call_output') out.push({ id: i.call_id, content: typeof i.output === 'string' ? i.output : JSON.stringify(i.output) });
    }
    return out;
  }
  const messages: any[] = request.body?.messages ?? [];
  const last = request.format === 'openai' ? messages.slice(messages.findLastIndex((m) => m.role === 'assistant') + 1) : messages.slice(-1);
  for (const m of last) {
    if (request.format === 'openai' && m.role === 'tool') out.push({ id: m.tool_call_id, content: String(m.content) });
    if (request.format === 'anthropic' && Array.isArray(m.content)) {
      for (const b of m.content) {
        if (b.type !== 'tool_result') continue;
        const content = typeof b.content === 'string' ? b.content : (b.content ?? []).map((c: any) => c.text ?? '').join('');
        out.push({ id: b.tool_use_id, content });
      }
    }
  }
  return out;
}
