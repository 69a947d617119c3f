/**
 * What a session knows of the models it uses: what each model's provider
 * tells of it (asked once per model, within a deadline), the price of its
 * tokens (lug.opt.prices first), and the notice, once per model, that its
 * provider has announced its end of life.
 */
import type { LugHost } from './host.js';
import type { ModelPricing } from './pricing.js';
import type { ModelInfo, Provider } from './provider.js';

/** How long a provider may take to tell what it knows of a model (a local server's /props, /api/show) before the turn goes on without. */
export const MODEL_INFO_TIMEOUT_MS = 5_000;

/** Whether a date written as providers write it ("November 30th, 2026") is past; false when it cannot be read. */
export function endOfLifePassed(date: string, now = Date.now()): boolean {
  const time = Date.parse(date.replace(/(\d+)(st|nd|rd|th)\b/, '$1'));
  return Number.isFinite(time) && time + 24 * 3600_000 <= now;
}

export class ModelFacts {
  /** What each model's provider knows of it, asked once per model. */
  private infos = new Map<string, Promise<ModelInfo | undefined>>();
  /** Models whose deprecation was already announced. */
  private warnedDeprecated = new Set<string>();

  constructor(private readonly host: Pick<LugHost, 'options' | 'events'>) {}

  /**
   * What the model's provider knows of it, asked once per model. A provider
   * that fails (or takes more than MODEL_INFO_TIMEOUT_MS) is taken to know
   * nothing this turn, and asked again next turn.
   */
  info(modelName: string, provider: Provider, model: string, signal?: AbortSignal): Promise<ModelInfo | undefined> {
    let info = this.infos.get(modelName);
    if (!info) {
      const expiry = new AbortController();
      const timer = setTimeout(() => expiry.abort(new Error('the provider took too long to tell what it knows of the model')), MODEL_INFO_TIMEOUT_MS);
      timer.unref?.();
      const timeout = expiry.signal;
      const asked = Promise.resolve()
        .then(() => provider.modelInfo?.(model, signal ? AbortSignal.any([signal, timeout]) : timeout))
        .finally(() => clearTimeout(timer));
      // A provider that ignores the signal does not hold the turn either.
      const late = new Promise<never>((_, reject) => timeout.addEventListener('abort', () => reject(timeout.reason), { once: true }));
      info = Promise.race([asked, late]).catch(() => {
        this.infos.delete(modelName);
        return undefined;
      });
      this.infos.set(modelName, info);
    }
    return info;
  }

  /** The price of a model's tokens: lug.opt.prices first, then the provider's table. */
  pricing(modelName: string, info: ModelInfo | undefined): ModelPricing | undefined {
    const overrides = this.host.options.get<Record<string, ModelPricing> | null>('prices');
    return overrides?.[modelName] ?? info?.pricing;
  }

  /** Say once per model, in lug's words, that its provider has announced its end of life. */
  announceDeprecation(modelName: string, info: ModelInfo | undefined): void {
    const d = info?.deprecation;
    if (!d || this.warnedDeprecated.has(modelName)) return;
    this.warnedDeprecated.add(modelName);
    const instead = d.replacement ? `; switch to ${d.replacement} (--model, or lug.opt.model in init.lua)` : '; choose a newer model with --model or lug.opt.model';
    const when = endOfLifePassed(d.endOfLife) ? 'reached' : 'reaches';
    this.host.events.emit('notify', { message: `${modelName} is deprecated: it ${when} end of life on ${d.endOfLife}${instead}`, level: 'warn' });
  }
}
