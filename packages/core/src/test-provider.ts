/** An in-process Provider for the core's own tests: answers each request with the next scripted list of events. */
import type { ModelInfo, ModelRequest, Provider, ProviderEvent } from './provider.js';

export type ScriptStep = ProviderEvent[] | ((req: ModelRequest, signal: AbortSignal) => AsyncIterable<ProviderEvent>);

/** `info`: what modelInfo answers for every model (none when not given). */
export function scriptedProvider(steps: ScriptStep[], info?: ModelInfo): Provider & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    name: 'scripted',
    requests,
    ...(info ? { modelInfo: async () => info } : {}),
    async *stream(req, signal) {
      requests.push(structuredClone(req));
      const step = steps.shift();
      if (!step) throw new Error('the script has no more steps');
      if (typeof step === 'function') {
        yield* step(req, signal);
        return;
      }
      for (const e of step) yield e;
    },
  };
}
