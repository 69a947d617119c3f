/**
 * One turn run through core's own turn code before the first real one
 * (issue 15: a first turn like every other). V8 compiles a function at its
 * first call, and a turn calls many of core's for the first time: the
 * session's submit and loop, the model's resolution, the request's assembly
 * (system prompt, tools, history), the agent loop reading a stream, the
 * events, the usage and the context's accounting. In profiles of typed first
 * turns in the interface, core took ~3 ms more than in later turns.
 *
 * The rehearsal runs on a host of its own, made here and dropped after:
 * no tools, no Lua, no hooks, no file (a session without a store writes
 * nothing), a guard that allows nothing, and a provider that answers from
 * memory (its answer has the shape a provider's stream has: text, usage, a
 * stop). So nothing of it reaches the user's host, screen, conversation,
 * session files or the network; the code it compiles is the same code, which
 * the real host's turn then finds compiled. It never rejects.
 */
import type { Authorizer } from './authorizer.js';
import { createHost } from './host.js';
import type { Provider, ProviderEvent } from './provider.js';
import { Session, type TurnResult } from './session.js';

const refuseAll: Authorizer = async () => ({ allow: false, by: 'rehearsal', reason: 'a rehearsal runs no tool' });

/** The answer the rehearsal's provider streams, as a provider's stream ends a short answer. */
const REHEARSAL_ANSWER: readonly ProviderEvent[] = Object.freeze([
  { type: 'text_delta', text: 'A rehearsal ' },
  { type: 'text_delta', text: 'answer.' },
  { type: 'usage', usage: { inputTokens: 12, outputTokens: 3 } },
  { type: 'stop', reason: 'end_turn' },
]);

const rehearsalProvider: Provider = {
  name: 'rehearsal',
  async *stream() {
    for (const event of REHEARSAL_ANSWER) yield event;
  },
};

/**
 * Run one prompt through a throwaway host and session, in `cwd` (whose
 * AGENTS.md the system prompt reads, as a real turn's does), to the end of
 * its answer: the turn's result, or undefined when it could not run (then
 * only the first real turn runs colder).
 */
export async function rehearseTurn(cwd: string): Promise<TurnResult | undefined> {
  try {
    const host = createHost({ cwd, env: {}, authorize: refuseAll });
    host.providers.register({ name: 'rehearsal', create: () => rehearsalProvider });
    host.options.set('model', 'rehearsal/turn');
    return await new Session(host).submit('A rehearsal prompt.');
  } catch {
    return undefined;
  }
}
