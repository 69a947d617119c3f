/**
 * Live output for the interface while a command runs, at most a few times a
 * second and a few KiB at a time: a command printing a gigabyte must not
 * flood the event stream (the result, not this, is what the model reads).
 */
import type { ToolContext } from '@lug/tools';

const FLUSH_MS = 100;
const MAX_PENDING_CHARS = 8192;

export function throttledOutput(ctx: Pick<ToolContext, 'emit'>) {
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    const text = pending;
    pending = '';
    ctx.emit({ kind: 'output', text });
  };
  return {
    write(text: string): void {
      pending += text;
      if (pending.length > MAX_PENDING_CHARS) pending = pending.slice(-MAX_PENDING_CHARS);
      timer ??= setTimeout(flush, FLUSH_MS);
    },
    close(): void {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}
