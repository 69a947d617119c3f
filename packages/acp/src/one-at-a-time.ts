/**
 * Serves a queue of questions to the editor the way lug's dialog does: one at
 * a time, oldest first. When the question being asked stops waiting (its
 * turn was cancelled, or "allow always" released it), the editor's request
 * is withdrawn (`$/cancel_request`) and the next question is asked.
 */
export interface QuestionQueue<Q, A> {
  /** The oldest question waiting. */
  current(): Q | undefined;
  idOf(question: Q): string | number;
  isWaiting(id: string | number): boolean;
  answer(id: string | number, answer: A): void;
  onChange(fn: () => void): () => void;
}

/** Ask the editor; resolves to the answer, or undefined when the question was withdrawn. It answers a failure itself (fail closed), never throws. */
export type Ask<Q, A> = (question: Q, signal: AbortSignal) => Promise<A | undefined>;

export function serveOneAtATime<Q, A>(queue: QuestionQueue<Q, A>, ask: Ask<Q, A>, log: (message: string) => void): () => void {
  let asking: { id: string | number; withdraw: AbortController } | undefined;
  let stopped = false;
  const pump = (): void => {
    if (stopped) return;
    if (asking) {
      if (!queue.isWaiting(asking.id)) asking.withdraw.abort();
      return;
    }
    const question = queue.current();
    if (question === undefined) return;
    const id = queue.idOf(question);
    const withdraw = new AbortController();
    asking = { id, withdraw };
    ask(question, withdraw.signal)
      .catch((err: Error) => {
        log(`asking the editor failed: ${err?.message ?? String(err)}`);
        return undefined;
      })
      .then((answer) => {
        asking = undefined;
        if (answer !== undefined && !withdraw.signal.aborted) queue.answer(id, answer);
        // An ask that gave no answer without being withdrawn is not retried at once (no busy loop); the queue's next change asks again.
        if (answer !== undefined || withdraw.signal.aborted) pump();
      });
  };
  const off = queue.onChange(pump);
  pump();
  return () => {
    stopped = true;
    off();
    asking?.withdraw.abort();
  };
}
