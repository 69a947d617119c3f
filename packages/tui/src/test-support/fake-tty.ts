/**
 * A terminal for tests of `startTui`: streams that say they are a TTY of a
 * given size, record every byte ink writes, and feed keys to ink.
 */
import { EventEmitter } from 'node:events';

export class FakeTtyOut extends EventEmitter {
  isTTY = true;
  chunks: string[] = [];
  constructor(public columns = 80, public rows = 24) {
    super();
  }
  write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const cb = rest.find((r): r is () => void => typeof r === 'function');
    cb?.();
    return true;
  };
  get output(): string {
    return this.chunks.join('');
  }
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
  // Parts of the WriteStream interface ink or its helpers may touch.
  cursorTo(): boolean {
    return true;
  }
  moveCursor(): boolean {
    return true;
  }
  clearLine(): boolean {
    return true;
  }
  getColorDepth(): number {
    return 8;
  }
  hasColors(): boolean {
    return true;
  }
  end(): void {}
}

export class FakeTtyIn extends EventEmitter {
  isTTY = true;
  isRaw = false;
  private queue: string[] = [];
  write(data: string): void {
    this.queue.push(data);
    this.emit('readable');
    this.emit('data', data);
  }
  read(): string | null {
    return this.queue.shift() ?? null;
  }
  setRawMode(raw: boolean): this {
    this.isRaw = raw;
    return this;
  }
  setEncoding(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  unshift(chunk: Buffer | string): void {
    this.queue.unshift(chunk.toString());
  }
}
