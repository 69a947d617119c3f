import { describe, expect, it } from 'vitest';
import { serveOneAtATime, type QuestionQueue } from './one-at-a-time.js';

/** A queue of questions as the approvals queue is: answered ones leave it, and so do withdrawn ones. */
function queue(ids: string[]): QuestionQueue<string, string> & { answers: Array<[string, string]>; remove(id: string): void } {
  let waiting = [...ids];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((fn) => fn());
  return {
    answers: [],
    current: () => waiting[0],
    idOf: (q) => q,
    isWaiting: (id) => waiting.includes(String(id)),
    answer(id, answer) {
      if (!waiting.includes(String(id))) return;
      this.answers.push([String(id), answer]);
      waiting = waiting.filter((w) => w !== id);
      changed();
    },
    onChange(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    remove(id) {
      waiting = waiting.filter((w) => w !== id);
      changed();
    },
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('serving questions one at a time', () => {
  it('asks the oldest first, and the next only once it is answered', async () => {
    const q = queue(['a', 'b']);
    const asked: string[] = [];
    const resolvers: Array<(answer: string) => void> = [];
    const ask = (question: string) => {
      asked.push(question);
      return new Promise<string>((r) => resolvers.push(r));
    };
    serveOneAtATime(q, ask, () => {});
    await until(() => asked.length === 1);
    expect(asked).toEqual(['a']);
    resolvers[0]!('yes');
    await until(() => asked.length === 2);
    expect(q.answers).toEqual([['a', 'yes']]);
    expect(asked).toEqual(['a', 'b']);
  });

  it('withdraws the question being asked when it stops waiting, and asks the next', async () => {
    const q = queue(['a', 'b']);
    const asked: string[] = [];
    let withdrawn = false;
    serveOneAtATime(
      q,
      (question, signal) =>
        new Promise<string | undefined>((resolve) => {
          asked.push(question);
          signal.addEventListener('abort', () => {
            withdrawn = true;
            resolve(undefined);
          });
        }),
      () => {},
    );
    await until(() => asked.length === 1);
    q.remove('a');
    await until(() => asked.length === 2);
    expect(withdrawn).toBe(true);
    expect(asked).toEqual(['a', 'b']);
    expect(q.answers).toEqual([]);
  });

  it('stops: the question being asked is withdrawn and no other is asked', async () => {
    const q = queue(['a', 'b']);
    const asked: string[] = [];
    let withdrawn = false;
    const ask = (question: string, signal: AbortSignal) =>
      new Promise<string>((resolve) => {
        asked.push(question);
        signal.addEventListener('abort', () => {
          withdrawn = true;
          resolve('late');
        });
      });
    const stop = serveOneAtATime(q, ask, () => {});
    await until(() => asked.length === 1);
    stop();
    await until(() => withdrawn);
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toEqual(['a']);
    expect(q.answers).toEqual([]);
  });
});
