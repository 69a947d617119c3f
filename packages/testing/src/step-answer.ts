/**
 * How the scripted server writes one step of a scenario to an HTTP response:
 * a turn as one JSON body or as SSE frames in the request's wire format, an
 * HTTP error, a cut or hung-up connection, an error inside a stream, or a
 * recorded response replayed as it was written.
 */
import type http from 'node:http';
import { rawPieces, type RawStep } from './raw-replay.js';
import type { Step } from './scenario.js';
import type { AnswerContext, WireFormat } from './wire.js';

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

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
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
export async function answerStep(step: Step, wire: WireFormat, ctx: AnswerContext, res: http.ServerResponse): Promise<void> {
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
      await wait(step.holdMs ?? 0, res);
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
