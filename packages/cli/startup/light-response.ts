/**
 * The response light-fetch.ts gives: the Fetch standard's `Response`, the
 * part the model SDKs read (status, headers, a web stream body and the
 * methods that read it whole), without loading undici.
 */
import { LightHeaders } from './light-headers.js';

export interface LightResponseInit {
  status: number;
  statusText: string;
  headers: LightHeaders;
  url: string;
}

export class LightResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: LightHeaders;
  readonly url: string;
  readonly redirected = false;
  readonly type = 'basic';
  #body: ReadableStream<Uint8Array> | null;
  #used = false;

  constructor(body: ReadableStream<Uint8Array> | null, init: LightResponseInit) {
    this.#body = body;
    this.status = init.status;
    this.statusText = init.statusText;
    this.headers = init.headers;
    this.url = init.url;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.#body;
  }

  /** True once a method here read the body, or a reader holds it (the standard's "disturbed", as far as a stream shows it). */
  get bodyUsed(): boolean {
    return this.#used || (this.#body?.locked ?? false);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.bodyUsed) throw new TypeError('Response: the body has already been read');
    this.#used = true;
    if (!this.#body) return new ArrayBuffer(0);
    const chunks: Uint8Array[] = [];
    let length = 0;
    for await (const chunk of this.#body as unknown as AsyncIterable<Uint8Array>) {
      chunks.push(chunk);
      length += chunk.byteLength;
    }
    const whole = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.byteLength;
    }
    return whole.buffer;
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.arrayBuffer());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  /** A second response over the same bytes: the body is teed, and this one reads the first branch from now on, as the standard's clone does. */
  clone(): LightResponse {
    if (this.bodyUsed) throw new TypeError('Response: cannot clone a response whose body has been read');
    const init = { status: this.status, statusText: this.statusText, headers: new LightHeaders(this.headers), url: this.url };
    if (!this.#body) return new LightResponse(null, init);
    const [mine, theirs] = this.#body.tee();
    this.#body = mine;
    return new LightResponse(theirs, init);
  }
}
