/**
 * `lug --acp` over standard input and output: newline-delimited JSON-RPC.
 * Standard output belongs to the protocol alone: from the moment the agent
 * takes it, anything else that writes to `process.stdout` (a library's
 * console.log, a stray print) goes to standard error instead, so it can never
 * break the editor's stream.
 */
import * as acp from '@agentclientprotocol/sdk';
import { Readable } from 'node:stream';
import { createLugAgent } from './agent.js';
import type { AcpAgentOptions } from './types.js';

type WriteFn = typeof process.stdout.write;

/**
 * Take `stdout` for the protocol: returns the protocol's writer and sends
 * every other write on `stdout` to `stderr`. The function returned with it
 * gives `stdout` back.
 */
export function takeStdout(stdout: NodeJS.WriteStream, stderr: NodeJS.WriteStream): { output: WritableStream<Uint8Array>; release(): void } {
  const original = stdout.write;
  const write = original.bind(stdout) as (chunk: Uint8Array, cb: (err?: Error | null) => void) => boolean;
  stdout.write = ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((err?: Error | null) => void), cb?: (err?: Error | null) => void) =>
    typeof encoding === 'function' ? stderr.write(chunk, encoding) : stderr.write(chunk, encoding as BufferEncoding, cb)) as WriteFn;
  const output = new WritableStream<Uint8Array>({
    write: (chunk) => new Promise<void>((resolve, reject) => void write(chunk, (err) => (err ? reject(err) : resolve()))),
  });
  return { output, release: () => void (stdout.write = original) };
}

export interface StdioOptions extends AcpAgentOptions {
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
}

/** Serve ACP on standard input and output until the editor closes the connection; then every session is closed. */
export async function serveAcpOverStdio(opts: StdioOptions): Promise<void> {
  const stdin = opts.stdin ?? process.stdin;
  const taken = takeStdout(opts.stdout ?? process.stdout, opts.stderr ?? process.stderr);
  const agent = createLugAgent(opts);
  const stream = acp.ndJsonStream(taken.output, Readable.toWeb(stdin) as ReadableStream<Uint8Array>);
  const connection = agent.app.connect(stream);
  try {
    await connection.closed;
  } finally {
    await agent.closeAll();
  }
}
