/**
 * The scripted model server: a real HTTP server on 127.0.0.1 that answers each
 * model request with the next step of a scenario, in the wire format of the
 * path it was sent to, and records every request for assertions.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicWire } from './anthropic-wire.js';
import { openaiWire } from './openai-wire.js';
import { requestLog } from './request-log.js';
import { responsesWire } from './responses-wire.js';
import { toStep, type RecordedRequest, type Scenario, type ScenarioEntry, type Step } from './scenario.js';
import { answerStep, sendJson } from './step-answer.js';
import type { WireFormat } from './wire.js';

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

function modelList(models: string[]) {
  // One body that reads as both an OpenAI and an Anthropic model list.
  const data = models.map((id) => ({ id, object: 'model', type: 'model', created: 1_700_000_000, created_at: '2023-11-14T22:13:20Z', owned_by: 'lug-testing', display_name: id }));
  return { object: 'list', data, has_more: false, first_id: models[0] ?? null, last_id: models[models.length - 1] ?? null };
}

/** The scenario's steps, taken one a model request, and added to as a test goes. */
interface StepQueue {
  /** The step answering `request`, or what went wrong (no step left, a function step that threw). */
  next(request: RecordedRequest): Promise<Step | string>;
  push(...entries: ScenarioEntry[]): void;
  remaining(): number;
}

function stepQueue(scenario: Scenario): StepQueue {
  const steps: ScenarioEntry[] = [...scenario];
  let answered = 0;
  return {
    async next(request) {
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
    },
    push: (...entries) => void steps.push(...entries),
    remaining: () => steps.length,
  };
}

/** What a server answers its requests from. */
interface Answering {
  steps: StepQueue;
  options: ScriptedServerOptions;
}

/** Answer a recorded request: a route of the options, the model list, else the next step in the request's wire format. */
async function answerRequest(request: RecordedRequest, res: http.ServerResponse, { steps, options }: Answering): Promise<void> {
  const { path } = request;
  const route = options.routes?.[`${request.method} ${path}`];
  if (route !== undefined) return sendJson(res, 200, typeof route === 'function' ? await route(request) : route);
  if (request.method === 'GET' && (path === '/v1/models' || path === '/models')) return sendJson(res, 200, modelList(options.models ?? ['scripted-model']));
  if (request.format === 'other' || request.method !== 'POST') {
    const extra = Object.keys(options.routes ?? {}).join(', ');
    const message = `scripted server: no route for ${request.method} ${path}; it answers POST /v1/messages (Anthropic), POST /v1/chat/completions and POST /v1/responses (OpenAI), GET /v1/models${extra ? `, ${extra}` : ''}`;
    return sendJson(res, 404, openaiWire.errorBody(404, message, undefined));
  }
  const wire = WIRES[request.format];
  const step = await steps.next(request);
  if (typeof step === 'string') return sendJson(res, 500, wire.errorBody(500, step, undefined));
  const model = typeof request.body?.model === 'string' ? request.body.model : 'scripted-model';
  await answerStep(step, wire, { request, model, serial: request.index + 1 }, res);
}

/** Start a scripted server on 127.0.0.1 at a free port. */
export async function startScriptedServer(scenario: Scenario = [], options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  const steps = stepQueue(scenario);
  const answering: Answering = { steps, options };
  const log = requestLog();
  const server = http.createServer((req, res) => {
    log
      .record(req, res)
      .then((request) => answerRequest(request, res, answering))
      .catch((err: Error) => {
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
    requests: log.requests,
    modelRequests: log.modelRequests,
    connections: () => connections,
    waitForModelRequests: log.waitForModelRequests,
    push: steps.push,
    remaining: steps.remaining,
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
