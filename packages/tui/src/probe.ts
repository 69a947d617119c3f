/**
 * Looks for a local OpenAI-compatible server on the usual ports (Ollama 11434,
 * llama.cpp 8080, LM Studio 1234) and the models it lists, all at once and
 * within one deadline (200 ms by default), so a person without an API key is
 * offered what they already run. Only loopback is ever asked.
 */
import type { get as HttpGet } from 'node:http';
import { connect, type Socket } from 'node:net';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from '@lug/core';

/** `claude-sonnet-5-5` of `anthropic/claude-sonnet-5-5`. */
function modelPart(name: string): string {
  return name.slice(name.indexOf('/') + 1);
}

export interface LocalServer {
  /** "Ollama", "llama.cpp", "LM Studio", or "OpenAI-compatible server" for a port given by the caller. */
  name: string;
  /** What OPENAI_BASE_URL should be to use it: http://127.0.0.1:PORT/v1. */
  baseUrl: string;
  models: string[];
}

export const LOCAL_SERVER_PORTS: ReadonlyArray<{ port: number; name: string }> = [
  { port: 11434, name: 'Ollama' },
  { port: 8080, name: 'llama.cpp' },
  { port: 1234, name: 'LM Studio' },
];

export interface ProbeOptions {
  ports?: ReadonlyArray<{ port: number; name: string }>;
  /** Total time allowed for every probe together. */
  timeoutMs?: number;
  host?: string;
}

/** The model ids of an OpenAI `GET /v1/models` answer (Ollama's `models` list too). */
export function parseModelList(body: string): string[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!json || typeof json !== 'object') return undefined;
  const list = (json as { data?: unknown; models?: unknown }).data ?? (json as { models?: unknown }).models;
  if (!Array.isArray(list)) return undefined;
  const ids = list
    .map((m) => (m && typeof m === 'object' ? ((m as { id?: unknown; name?: unknown }).id ?? (m as { name?: unknown }).name) : undefined))
    .filter((id): id is string => typeof id === 'string' && id.length > 0);
  return ids;
}

/**
 * A connection to `port`, or undefined when nothing listens (refused, or the
 * deadline). node:net is loaded already (the terminal's streams use it).
 */
function connectTo(host: string, port: number, signal: AbortSignal): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(undefined);
    const socket = connect({ host, port, signal });
    socket.once('connect', () => resolve(socket));
    socket.once('error', () => resolve(undefined));
  });
}

/** `GET /v1/models` on a connection already made, read as a model list (parseModelList). */
function getModels(get: typeof HttpGet, socket: Socket, host: string, port: number, signal: AbortSignal): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(undefined);
    const req = get({ host, port, path: '/v1/models', createConnection: () => socket, signal, headers: { accept: 'application/json' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return resolve(undefined);
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > 1_000_000) req.destroy();
      });
      res.on('end', () => resolve(parseModelList(body)));
      res.on('error', () => resolve(undefined));
    });
    req.on('error', () => resolve(undefined));
  });
}

/**
 * The models of the server on `port`, if one answers in time. node:http
 * loads only once a port takes the connection: on a machine where nothing
 * listens (most), the no-model screen stays as small as a keyed one (issue 15).
 */
async function probePort(host: string, port: number, signal: AbortSignal): Promise<string[] | undefined> {
  const socket = await connectTo(host, port, signal);
  if (!socket) return undefined;
  try {
    const { get } = await import('node:http');
    return await getModels(get, socket, host, port, signal);
  } finally {
    socket.destroy();
  }
}

/** Every local OpenAI-compatible server that answered in time, in port order. */
export async function probeLocalModels(opts: ProbeOptions = {}): Promise<LocalServer[]> {
  const host = opts.host ?? '127.0.0.1';
  const ports = opts.ports ?? LOCAL_SERVER_PORTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 200);
  try {
    const answers = await Promise.all(ports.map(({ port }) => probePort(host, port, controller.signal)));
    const found: LocalServer[] = [];
    answers.forEach((models, i) => {
      if (models) found.push({ name: ports[i]!.name, baseUrl: `http://${host}:${ports[i]!.port}/v1`, models });
    });
    return found;
  } finally {
    clearTimeout(timer);
  }
}

/** The one message a person without a model sees: how to set one up (what was found locally comes after: `foundMessage`). */
export function noModelMessage(): string {
  const lines = [
    '**No model is configured.** lug needs one of:',
    '',
    `- \`ANTHROPIC_API_KEY\` for Anthropic (${modelPart(DEFAULT_ANTHROPIC_MODEL)} by default)`,
    `- \`OPENAI_API_KEY\` for OpenAI (${modelPart(DEFAULT_OPENAI_MODEL)} by default)`,
    '- `OPENAI_BASE_URL` for a local OpenAI-compatible server (Ollama, llama.cpp, vLLM, LM Studio), e.g. `OPENAI_BASE_URL=http://127.0.0.1:11434/v1`',
    '',
    'Set it in your shell and start lug again, or pass `--model provider/model`.',
  ];
  lines.push('', '`:help` and `:lua` work without a model; `lug --tutor` is a tour that needs none.');
  return lines.join('\n');
}

/** The local servers a probe found, as `:model` commands to pick one; undefined when none answered. */
export function foundMessage(found: readonly LocalServer[]): string | undefined {
  const withModels = found.filter((s) => s.models.length > 0);
  if (withModels.length > 0) {
    const lines = ['Found on this machine; pick one now with `:model`:'];
    for (const server of withModels) {
      const shown = server.models.slice(0, 8).map((m) => `\`:model openai/${m}\``);
      const more = server.models.length > 8 ? ` and ${server.models.length - 8} more (Tab completes)` : '';
      lines.push(`- ${server.name} at ${server.baseUrl}: ${shown.join(', ')}${more}`);
    }
    return lines.join('\n');
  }
  if (found.length > 0) return `Found ${found.map((s) => `${s.name} at ${s.baseUrl}`).join(', ')}, but it lists no models yet.`;
  return undefined;
}
